"""Pebbles consistency checks (``PEB…``). One function per code; each docstring explains the
rule and gives a bad and a good example (``cardkit codes PEB001``).

A count over the whole deck only runs when every ``pebbles`` file validated: a broken card is
reported once by the schema, not a second time as a short deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardkit.core.content import GameContent
from cardkit.core.spec import Check, Finding, duplicate_ids

#: Cards the deck needs at least (copies counted): enough for a few rounds of four players.
MIN_DECK = 12


def _whole(content: GameContent, kind: str) -> list[str]:
    """Display names of the files of ``kind`` when every one of them validated, else ``[]``."""
    files = [s for s in content.files
             if (k := content.game.kind_for(s.relpath)) is not None and k.name == kind]
    if not files or not all(s.relpath in content.models for s in files):
        return []
    return [s.display for s in files]


def unique_ids(content: GameContent) -> Iterator[Finding]:
    """Every pebble card kind has its own id; the message names the place of the first use.

    Bad:
        pebbles:
          - {id: flint, name: Flint, colour: grey, value: 1, copies: 3}
          - {id: flint, name: Red Flint, colour: red, value: 2, copies: 3}

    Good:
        pebbles:
          - {id: flint, name: Flint, colour: grey, value: 1, copies: 3}
          - {id: red-flint, name: Red Flint, colour: red, value: 2, copies: 3}
    """
    yield from duplicate_ids(content, ("pebbles",), noun=lambda kind: "pebble")


def deck_size(content: GameContent) -> Iterator[Finding]:
    """The deck holds at least 12 cards in all (the ``copies`` of every pebble added up), so
    that a game of up to four players lasts a few rounds.

    Bad:
        pebbles:
          - {id: flint, name: Flint, colour: grey, value: 1, copies: 6}
          - {id: ember, name: Ember, colour: red, value: 2, copies: 5}

    Good:
        pebbles:
          - {id: flint, name: Flint, colour: grey, value: 1, copies: 6}
          - {id: ember, name: Ember, colour: red, value: 2, copies: 6}
    """
    files = _whole(content, "pebbles")
    if not files:
        return
    total = sum(rec.obj.copies for rec in content.of("pebbles"))
    if total < MIN_DECK:
        yield Finding(f"the deck holds {total} card{'s' if total != 1 else ''}; Pebbles needs "
                      f"at least {MIN_DECK} (raise some `copies` or add pebbles)",
                      file=files[0], path=("pebbles",))


CHECKS: tuple[Check, ...] = (
    Check("PEB001", "pebble ids are unique", unique_ids),
    Check("PEB002", "the deck has at least 12 cards", deck_size),
)
