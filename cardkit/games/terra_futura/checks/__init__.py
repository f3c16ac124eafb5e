"""Terra Futura consistency checks (``TF…``). One function per code; each docstring gives a bad
and a good example (``cardkit codes TF001``).

Counts over a whole kind (cards per level, scoring cards, help copies, resources per kind) are
only checked when every file of that kind validated, and checks that read resource kinds wait
for a valid ``resources.yaml``, so that one broken record does not also report a short deck or
a flood of unknown symbols. The reachability search of TF006 lives in ``reach.py``.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.diagnostics import CodeInfo, Severity
from ....core.spec import Check, Finding, Record, where
from ....core.spec import duplicate_ids as unique_ids
from ....core.suggest import did_you_mean
from .dominance import not_dominated
from .reach import (
    ANY_RAW,
    TERRITORY,
    Recipe,
    content_recipes,
    search,
    smallest_territory,
)

# Component counts of the facts, §3.2 (/work/shared/spec/facts/cartographers_mars_terra_futura.md).
STARTING, LEVEL_I, LEVEL_II, SCORING, HELP = 5, 23, 24, 16, 5
LEVELS = (("start", "starting card", STARTING), ("I", "level I card", LEVEL_I),
          ("II", "level II card", LEVEL_II))
# Resource kinds of the facts, §3.3: 3 raw materials, 3 products, money, the wildcard, pollution.
RESOURCE_KINDS = {"raw": 3, "product": 3, "money": 1, "wild": 1, "pollution": 1}
KIND_NAMES = {"raw": "raw material", "product": "product", "money": "money resource",
              "wild": "wildcard", "pollution": "pollution resource"}
CARD_KINDS = {"cards": "territory card", "scoring": "scoring card", "help": "help card"}
#: A pattern is 3 rows of 3 positions: the 3×3 territory (facts §3.4).
SIDE = 3
Amounts = dict[str, int]


# -- helpers ------------------------------------------------------------------------------------

def _whole(content: GameContent, kind: str) -> bool:
    """Whether every file of ``kind`` validated (so counts over the kind are meaningful)."""
    files = [s for s in content.files if (k := content.game.kind_for(s.relpath)) is not None
             and k.name == kind]
    return bool(files) and all(s.relpath in content.models for s in files)


def _kinds(content: GameContent) -> dict[str, str]:
    """Resource id -> kind."""
    return {r.obj.id: r.obj.kind for r in content.of("resources")}


def _amounts(content: GameContent
             ) -> Iterator[tuple[Record[Any], tuple[Any, ...], Amounts, str]]:
    """Every amount map: ``(record, path, amounts, label)``, options' pay and gain, then the
    scoring combinations."""
    for rec in content.of("cards"):
        for i, option in enumerate(rec.obj.options):
            for field, verb in (("pay", "pays"), ("gain", "gains")):
                yield (rec, ("options", i, field), getattr(option, field),
                       f"option {i + 1} of {rec.obj.name} {verb}")
    for rec in content.of("scoring"):
        yield (rec, ("combination",), rec.obj.combination,
               f"the combination of {rec.obj.name} counts")


def _count(recs: list[Record[Any]], want: int, what: str, path: tuple[Any, ...],
           empty: Finding | None = None) -> Iterator[Finding]:
    """Findings for a group that must hold ``want`` records: every extra one, or the last one
    of a short group, or ``empty`` when there is none."""
    if not recs and empty is not None:
        yield empty
    for i, rec in enumerate(recs[want:], want + 1):
        yield Finding(f"{what} {i} of {len(recs)}; the game has {want}", rec, path)
    if 0 < len(recs) < want:
        yield Finding(f"{len(recs)} {what}s, not {want}", recs[-1], path)


def _show(amounts: Amounts) -> str:
    """``{green: 2, money: 1}`` as ``2 green, 1 money``."""
    return ", ".join(f"{n} {rid}" for rid, n in amounts.items())


# -- counts -------------------------------------------------------------------------------------

def counts_per_level(content: GameContent) -> Iterator[Finding]:
    """The set has the counts of the box (facts §3.2): 5 starting cards, exactly one of them
    marked ``first: true`` (the first player's symbol), 23 level I cards, 24 level II cards,
    16 scoring cards and 5 help cards (the sum of their ``copies``). Only a starting card may
    be ``first``.

    Bad:
        - {id: solar-farm, level: I, name: Solar Farm, first: true, options: [{gain: {money: 1}}]}

    Good:
        - {id: solar-farm, level: I, name: Solar Farm, options: [{gain: {money: 1}}]}
    """
    cards = content.of("cards")
    for rec in cards:
        if rec.obj.first and rec.obj.level != "start":
            yield Finding(f"{rec.obj.name} is a level {rec.obj.level} card; only a starting card "
                          "carries the first player's symbol (`first: true`)", rec, ("first",))
    starts = [r for r in cards if r.obj.level == "start"]
    firsts = [r for r in starts if r.obj.first]
    for rec in firsts[1:]:
        yield Finding(f"{rec.obj.name} is a second starting card with `first: true` (the first "
                      f"is {firsts[0].obj.name}, at {where(content, firsts[0], ('first',))}); "
                      "exactly one starting card carries the first player's symbol",
                      rec, ("first",))
    if cards and _whole(content, "cards"):
        if starts and not firsts:
            yield Finding("no starting card has `first: true`; exactly one carries the first "
                          "player's symbol", starts[0], ("first",))
        for level, what, want in LEVELS:
            recs = [r for r in cards if r.obj.level == level]
            yield from _count(recs, want, what, ("level",),
                              Finding(f"no {what}s; the game has {want}", file=cards[0].file,
                                      path=("cards",)))
    scoring = content.of("scoring")
    if scoring and _whole(content, "scoring"):
        yield from _count(scoring, SCORING, "scoring card", ("id",))
    helps = content.of("help")
    if helps and _whole(content, "help"):
        total = sum(r.obj.copies for r in helps)
        if total != HELP:
            yield Finding(f"the help cards are printed {total} times in all (the sum of "
                          f"`copies`), not {HELP}: one per player", helps[-1], ("copies",))


def resources_file(content: GameContent) -> Iterator[Finding]:
    """``resources.yaml`` holds the resources of the box (facts §3.3): 3 raw materials, 3
    products, 1 money, 1 "any raw material" wildcard and pollution. Every kind but the wildcard
    has pieces in the box, so it has a ``supply``; the wildcard is only a symbol and has none.

    Bad:
        - {id: any-raw, kind: wild, name: Any raw material, colour: "#ffffff", supply: 10}

    Good:
        - {id: any-raw, kind: wild, name: Any raw material, colour: "#ffffff"}
    """
    recs = content.of("resources")
    for rec in recs:
        res = rec.obj
        if res.kind == "wild" and res.supply is not None:
            yield Finding(f"{res.name} is a symbol printed on cards, not a piece in the box: "
                          "remove its `supply`", rec, ("supply",))
        elif res.kind != "wild" and res.supply is None:
            yield Finding(f"{res.name} needs a `supply`: how many of its pieces the box holds",
                          rec, ("supply",))
    if not recs or not _whole(content, "resources"):
        return
    for kind, want in RESOURCE_KINDS.items():
        group = [r for r in recs if r.obj.kind == kind]
        what = KIND_NAMES[kind]
        yield from _count(group, want, what, ("kind",),
                          Finding(f"no {what} in resources.yaml; the game has {want}",
                                  file=recs[0].file, path=("resources",)))


# -- symbols and options ------------------------------------------------------------------------

def known_symbols(content: GameContent) -> Iterator[Finding]:
    """Every resource an option pays or gains and every resource of a scoring combination is an
    id of ``resources.yaml`` (a near miss gets a "did you mean"). Pollution is not a resource:
    an option adds cubes with its ``pollution`` count, never through ``pay`` or ``gain``, and
    no combination counts it. The "any raw material" wildcard is allowed everywhere.

    Bad:
        - {gain: {food: 1, pollution: 1}, pay: {gren: 2}}

    Good:
        - {gain: {food: 1}, pay: {green: 2}, pollution: 1}
    """
    if not _whole(content, "resources"):
        return
    kinds = _kinds(content)
    known = [rid for rid, kind in kinds.items() if kind != "pollution"]
    for rec, path, amounts, label in _amounts(content):
        for rid in amounts:
            kind = kinds.get(rid)
            if kind is None:
                yield Finding(f"{label} {rid!r}, which is not in resources.yaml"
                              f"{did_you_mean(rid, known)}", rec, path + (rid,), at="key")
            elif kind == "pollution":
                fix = ("no scoring combination counts it" if path == ("combination",) else
                       "write the cubes as the option's `pollution: N`")
                yield Finding(f"{label} {rid!r}: pollution is not a resource; {fix}",
                              rec, path + (rid,), at="key")


def options_well_formed(content: GameContent) -> Iterator[Finding]:
    """A card has one or two options; every option does something (pays, gains or pollutes);
    every count is at least 1; ``pollution`` is 0 or more; no option pays exactly what it
    gains. A scoring combination is not empty and its counts are at least 1 too.

    Bad:
        options:
          - {pay: {green: 0}, gain: {food: 1}, pollution: -1}
          - {}

    Good:
        options:
          - {pay: {green: 1}, gain: {food: 1}, pollution: 1}
          - {pay: {green: 2}, gain: {food: 1}}
    """
    for rec in content.of("cards"):
        card = rec.obj
        if len(card.options) > 2:
            yield Finding(f"{card.name} has {len(card.options)} options; a card has one or two",
                          rec, ("options", 2))
        for i, option in enumerate(card.options):
            at = ("options", i)
            if not option.pay and not option.gain and not option.pollution:
                yield Finding(f"option {i + 1} of {card.name} does nothing: it pays, gains and "
                              "pollutes nothing", rec, at)
                continue
            for field, verb in (("pay", "pays"), ("gain", "gains")):
                for rid, n in getattr(option, field).items():
                    if n < 1:
                        yield Finding(f"option {i + 1} of {card.name} {verb} {n} {rid}; a count "
                                      "is at least 1 (leave the resource out instead)",
                                      rec, at + (field, rid))
            if option.pollution < 0:
                yield Finding(f"option {i + 1} of {card.name} has pollution {option.pollution}; "
                              "it adds 0 or more cubes", rec, at + ("pollution",))
            if option.pay and option.pay == option.gain:
                yield Finding(f"option {i + 1} of {card.name} pays and gains the same "
                              f"({_show(option.pay)}); it changes nothing", rec, at + ("gain",))
    for rec in content.of("scoring"):
        combination = rec.obj.combination
        if not combination:
            yield Finding(f"the combination of {rec.obj.name} is empty; a set holds at least "
                          "one resource", rec, ("combination",))
        for rid, n in combination.items():
            if n < 1:
                yield Finding(f"the combination of {rec.obj.name} counts {n} {rid}; a count is "
                              "at least 1", rec, ("combination", rid))


def level_two_costs(content: GameContent) -> Iterator[Finding]:
    """Every option of a level II card pays something: level II cards turn raw materials into
    products (facts §3.4). Starting and level I cards may have free options.

    Bad:
        - {id: bio-lab, level: II, name: Bio Lab, options: [{gain: {food: 1}}]}

    Good:
        - {id: bio-lab, level: II, name: Bio Lab, options: [{pay: {green: 2}, gain: {food: 1}}]}
    """
    for rec in content.of("cards"):
        card = rec.obj
        if card.level != "II":
            continue
        for i, option in enumerate(card.options):
            if not option.pay and (option.gain or option.pollution):  # an empty one is TF003
                yield Finding(f"option {i + 1} of {card.name} pays nothing; every level II "
                              "option pays something (level II turns raw materials into "
                              "products)", rec, ("options", i))


def storage_holds_a_gain(content: GameContent) -> Iterator[Finding]:
    """A card with a ``storage`` limit can keep what one activation of each option gains: an
    option gaining more than ``storage`` (all its counts added, the wildcard included) loses
    the surplus even on an empty card, every time. A warning: such a card may be meant as a
    cap, but usually the storage or the gain is a slip.

    Bad:
        - {id: silo, level: I, name: Silo, storage: 2, options: [{gain: {green: 3}}]}

    Good:
        - {id: silo, level: I, name: Silo, storage: 3, options: [{gain: {green: 3}}]}
    """
    for rec in content.of("cards"):
        card = rec.obj
        if card.storage is None:
            continue
        for i, option in enumerate(card.options):
            total = sum(n for n in option.gain.values() if n > 0)
            if total > card.storage:
                yield Finding(f"option {i + 1} of {card.name} gains {total}, but the card stores "
                              f"at most {card.storage}: each activation loses "
                              f"{total - card.storage}; raise `storage` to {total} or gain less",
                              rec, ("options", i, "gain"))


# -- scoring cards ------------------------------------------------------------------------------

def patterns_valid(content: GameContent) -> Iterator[Finding]:
    """An activation pattern is 3 rows of 3 positions (the 3×3 territory, top row first; ``X``
    activated again at the end, ``.`` not) with at least one ``X``; no two scoring cards have
    the same pattern and the same combination.

    Bad:
        pattern: ["X.X", "..", "X.X"]

    Good:
        pattern: ["X.X", "...", "X.X"]
    """
    first: dict[tuple[Any, ...], Record[Any]] = {}
    for rec in content.of("scoring"):
        card = rec.obj
        pattern = card.pattern
        if len(pattern) != SIDE:
            yield Finding(f"the pattern of {card.name} has {len(pattern)} rows; a pattern is "
                          f"{SIDE} rows of {SIDE} positions", rec, ("pattern",))
        for r, row in enumerate(pattern):
            if len(row) != SIDE:
                yield Finding(f"row {r + 1} of the pattern of {card.name} has {len(row)} "
                              f"positions, not {SIDE}", rec, ("pattern", r))
        if "X" not in "".join(pattern):
            yield Finding(f"the pattern of {card.name} activates nothing; mark at least one "
                          "position X", rec, ("pattern",))
        key = (tuple(pattern), tuple(sorted(card.combination.items())))
        if key in first:
            other = first[key]
            yield Finding(f"{card.name} has the pattern and the combination of {other.obj.name} "
                          f"(at {where(content, other, ('pattern',))}); change one of them",
                          rec, ("pattern",))
        first.setdefault(key, rec)


def _unmade(need: str, best: dict[str, Any], raw: tuple[str, ...]) -> bool:
    """Whether ``need`` (a resource id or the wildcard) cannot be made."""
    return not any(r in best for r in raw) if need == ANY_RAW else need not in best


def _why(need: str, best: dict[str, Any], recipes: list[Recipe], raw: tuple[str, ...],
         names: dict[str, str]) -> str:
    """Why ``need`` (a resource id or the wildcard) cannot be made: who gains it, and what they
    pay that cannot be made either."""

    def makers(what: str) -> list[Recipe]:
        wanted = set(raw) if what == ANY_RAW else {what}
        return [r for r in recipes if r.makes & wanted]

    gainers = makers(need)
    if not gainers:
        return "no option gains it"
    missing: list[str] = []
    for recipe in gainers:
        missing += [n for n in sorted(recipe.needs) if _unmade(n, best, raw) and n not in missing]
    reasons = [f"{_label(n)}, which {'cannot be made either' if makers(n) else 'nothing gains'}"
               for n in missing]
    places = ", ".join(f"{names.get(r.card, r.card)} option {r.option + 1}" for r in gainers)
    who = (f"the only option gaining it ({places}) pays" if len(gainers) == 1 else
           f"the {len(gainers)} options gaining it ({places}) pay")
    return f"{who} {' and '.join(reasons)}"


def _label(need: str) -> str:
    """A resource id, or "any raw material" for the wildcard."""
    return "any raw material" if need == ANY_RAW else need


def combinations_reachable(content: GameContent) -> Iterator[Finding]:
    """Every scoring combination can be made in one territory: each of its resources is gained
    by some option whose payment can itself be made, card after card, starting from free
    options (a wildcard needs some raw material; money counts like any resource), and the
    cheapest such chains together need at most 8 cards besides one starting card (a territory
    is 3×3). The message names what cannot be made and why, or how many cards a set needs.

    Bad:
        # goods is gained only by an option that pays material, and nothing gains material
        - {id: assembly-line, level: II, name: Assembly Line,
           options: [{pay: {material: 1}, gain: {goods: 1}}]}

    Good:
        - {id: assembly-line, level: II, name: Assembly Line,
           options: [{pay: {red: 2}, gain: {goods: 1}}]}
    """
    if not _whole(content, "cards") or not _whole(content, "resources"):
        return
    kinds = _kinds(content)
    recipes, raw = content_recipes(content)
    names = {r.obj.id: r.obj.name for r in content.of("cards")}
    starts = {r.card for r in recipes if r.start}
    best = search(recipes, raw, starts)
    for rec in content.of("scoring"):
        needs = {rid: ANY_RAW if kinds.get(rid) == "wild" else rid
                 for rid, n in rec.obj.combination.items()
                 if n >= 1 and kinds.get(rid) in ("raw", "product", "money", "wild")}
        if not needs:
            continue  # TF002 / TF003
        unmade = [rid for rid, need in needs.items() if _unmade(need, best, raw)]
        for rid in unmade:
            yield Finding(f"the combination of {rec.obj.name} needs {_label(needs[rid])}, which "
                          f"cannot be made: {_why(needs[rid], best, recipes, raw, names)}", rec,
                          ("combination", rid), at="key")
        if unmade:
            continue
        found = smallest_territory(recipes, raw, needs.values())
        if found is None:
            yield Finding(f"the combination of {rec.obj.name} ({_show(rec.obj.combination)}) "
                          "needs two starting cards: with each one, something in it cannot "
                          "be made, and a territory has one", rec, ("combination",))
            continue
        size, start, chain = found
        if size > TERRITORY - 1:
            cards = ", ".join(sorted(c for c in chain if c != start))
            yield Finding(f"one set of {rec.obj.name} ({_show(rec.obj.combination)}) needs "
                          f"{size} cards besides the starting card ({cards}); a territory "
                          f"holds {TERRITORY - 1}", rec, ("combination",))


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within each kind, and a territory card, a scoring card and a help card
    never share one (all three are cards; the score calculator and translations name them by
    id); scoring-card numbers are unique. The message names the place of the first use.

    Bad:
        - {id: harbour, number: 4, name: Harbour}
        - {id: harbour, number: 4, name: Old Harbour}

    Good:
        - {id: harbour, number: 4, name: Harbour}
        - {id: old-harbour, number: 5, name: Old Harbour}
    """
    yield from unique_ids(content)
    seen: dict[str, Record[Any]] = {}
    for kind in CARD_KINDS:
        recs = content.of(kind)
        for rec in recs:
            other = seen.get(rec.id)
            if other is not None:
                yield Finding(f"id {rec.id!r} is also the id of a {CARD_KINDS[other.kind]} (at "
                              f"{where(content, other, ('id',))}); every card has its own id",
                              rec, ("id",))
        for rec in recs:
            seen.setdefault(rec.id, rec)
    numbers: dict[int, Record[Any]] = {}
    for rec in content.of("scoring"):
        n = rec.obj.number
        if n in numbers:
            yield Finding(f"scoring card number {n} is taken by {numbers[n].obj.name} (at "
                          f"{where(content, numbers[n], ('number',))})", rec, ("number",))
        numbers.setdefault(n, rec)


#: TF020 is the fit check of the Terra Futura templates, run by the print layer over every face
#: it prints (``cardkit.pdf.fitcheck``); it is documented here with the game's other codes.
FIT_CODE = CodeInfo("TF020", Severity.ERROR, "every printed string fits its frame on the card",
                    inspect.cleandoc("""
    Every string the templates print (card names, help texts, the score sheet's labels) fits its
    frame at the frame's minimum font size: nothing is shrunk further, nothing runs out of its
    box.

    Bad:
        name: Thegreatunbreakablerefinery

    Good:
        name: Great Refinery
    """))

CHECKS: tuple[Check, ...] = (
    Check("TF001", "the set has the box's counts per level", counts_per_level),
    Check("TF002", "every resource symbol is a known resource", known_symbols),
    Check("TF003", "options and combinations are well formed", options_well_formed),
    Check("TF004", "every level II option pays something", level_two_costs),
    Check("TF005", "activation patterns are 3 x 3 and distinct", patterns_valid),
    Check("TF006", "every scoring combination can be made in one territory",
          combinations_reachable),
    Check("TF007", "ids and scoring-card numbers are unique", duplicate_ids),
    Check("TF008", "resources.yaml holds the box's resources", resources_file),
    Check("TF009", "a card's storage holds what one activation gains", storage_holds_a_gain,
          Severity.WARNING),
    Check("TF010", "no card is strictly dominated by another of its level", not_dominated),
)
