"""The codes of Terra Futura tableaus (``cardkit score terra-futura``): ``TF101``–``TF112``.

File and YAML problems of a tableau keep the loader's codes (``YML…``) and wrong types or
unknown fields the schema codes (``SCH…``), exactly as for content files; these codes say what
is impossible about a tableau as a finished territory. Rows and columns are counted from 1 in
the messages, top row and left card first. ``TF112`` is no error: it is a note printed with the
score.
"""

from __future__ import annotations

from inspect import cleandoc

from ....core.diagnostics import CodeInfo, Severity

E = Severity.ERROR

SHEET_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("TF101", E, "territory not 3 rows of 3 cards", cleandoc("""
        A finished territory is 9 cards: `territory` is 3 rows, top row first, each a list
        of 3 cards, left to right.

        Bad:
            territory:
              - - {card: founders-homestead}
                - {card: compost-yard}

        Good:
            territory:
              - - {card: founders-homestead}
                - {card: compost-yard}
                - {card: wind-farm}
              # ... 2 more rows of 3
        """)),
    CodeInfo("TF102", E, "unknown territory card", cleandoc("""
        Every `card:` is the id of a starting, level I or level II card in the content
        (`cards/territory/*.yaml`); a scoring card cannot lie in the territory. The message
        suggests the closest id.

        Bad:
            - {card: compost-yrd}

        Good:
            - {card: compost-yard}
        """)),
    CodeInfo("TF103", E, "pattern or method not a scoring card", cleandoc("""
        `pattern:` and `method:` are ids of scoring cards (`cards/scoring.yaml`): the
        activation pattern and the scoring method chosen from your two scoring cards (they
        may come from the same card or from both).

        Bad:
            pattern: founders-homestead

        Good:
            pattern: four-corners
        """)),
    CodeInfo("TF104", E, "a card twice in the territory", cleandoc("""
        The box has one copy of each territory card, so no id appears twice.

        Bad:
            - - {card: compost-yard}
              - {card: compost-yard}

        Good:
            - - {card: compost-yard}
              - {card: wind-farm}
        """)),
    CodeInfo("TF105", E, "not exactly one starting card", cleandoc("""
        Every territory grows from the one starting card its player was dealt: exactly one
        of the 9 cards is a starting card (`level: start`).

        Bad:
            - - {card: founders-homestead}
              - {card: riverside-commune}

        Good:
            - - {card: founders-homestead}
              - {card: compost-yard}
        """)),
    CodeInfo("TF106", E, "not a resource a card holds", cleandoc("""
        `resources:` lists pieces lying on the card: raw materials, products and money by
        their ids in `resources.yaml`. Pollution is written as `pollution: N`; the "any raw
        material" symbol is no piece (write the raw material it became).

        Bad:
            - {card: compost-yard, resources: {pollution: 1}}

        Good:
            - {card: compost-yard, pollution: 1}
        """)),
    CodeInfo("TF107", E, "resource the card can never hold", cleandoc("""
        Resources lie on the card that made them, so a card holds only what one of its
        options gains; an option gaining "any raw material" allows every raw material.
        (Here compost-yard's options gain food only.)

        Bad:
            - {card: compost-yard, resources: {goods: 1}}

        Good:
            - {card: compost-yard, resources: {food: 1}}
        """)),
    CodeInfo("TF108", E, "more resources on a card than it stores", cleandoc("""
        A card with a `storage` holds at most that many resources in all. (Here compost-yard
        stores 2.)

        Bad:
            - {card: compost-yard, resources: {food: 3}}

        Good:
            - {card: compost-yard, resources: {food: 2}}
        """)),
    CodeInfo("TF109", E, "more pollution on a card than slots + 1", cleandoc("""
        A cube fills a free pollution slot first; otherwise it goes in the centre and the card
        is inactive. Cubes go only onto active cards, so a card holds at most its slots plus
        one. (Here compost-yard has 1 slot.)

        Bad:
            - {card: compost-yard, pollution: 3}

        Good:
            - {card: compost-yard, pollution: 2}
        """)),
    CodeInfo("TF110", E, "negative count", cleandoc("""
        Counts are pieces on the card: 0 or more (a resource with none is left out).

        Bad:
            - {card: compost-yard, resources: {food: -1}}

        Good:
            - {card: compost-yard}
        """)),
    CodeInfo("TF112", Severity.INFO, "resources on an inactive card score nothing", cleandoc("""
        A note printed with the score, not an error: a card with more pollution than slots is
        inactive, and what lies on it is lost for the final scoring. Check that the cubes
        and the resources were typed in on the right cards.

        Bad:
            - {card: compost-yard, resources: {food: 2}, pollution: 2}   # 1 slot: noted

        Good:
            - {card: compost-yard, resources: {food: 2}, pollution: 1}   # scores
        """)),
)
"""Documentation of every tableau code, listed by ``cardkit codes``."""
