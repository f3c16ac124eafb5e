"""TF010: no level I or II card is strictly dominated by another of its level (the shared
relation of :mod:`cardkit.core.dominance`, over Terra Futura's slots, storage and options)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.dominance import Profile, dominated_findings
from ....core.spec import Finding

#: Storage of a card with no limit, as a number to compare.
UNLIMITED = 99


def card_profile(card: Any) -> Profile | None:
    """A level I or II card as numbers where more is better: pollution slots and storage
    (no limit: 99); per option, every resource paid (negated), gained, and the pollution it
    makes (negated). Starting cards are dealt, never chosen: None."""
    if card.level == "start":
        return None
    options = tuple({**{f"pay {r}": -n for r, n in o.pay.items()},
                     **{f"gain {r}": n for r, n in o.gain.items()}, "pollution": -o.pollution}
                    for o in card.options)
    return Profile(card.level, {"slots": card.slots,
                                "storage": UNLIMITED if card.storage is None else card.storage},
                   options)


def not_dominated(content: GameContent) -> Iterator[Finding]:
    """No level I or II card is strictly dominated by another card of its level: one that has
    at least as many pollution slots and as much storage, and, for each of its options, an
    option that pays no more of any resource, gains at least as much of each and pollutes no
    more. A player who can take the better card never takes the worse one, so the worse one
    is a dead card in the deck. Resources are compared one by one (a wildcard is not weighed
    against a named resource): the check reports only what holds without a judgement of value.

    Bad:
        - {id: reed-bed, level: I, slots: 1, options: [{pay: {wood: 1}, gain: {water: 1}}]}
        - {id: wetland, level: I, slots: 1, options: [{gain: {water: 1}}]}

    Good:
        - {id: reed-bed, level: I, slots: 2, options: [{pay: {wood: 1}, gain: {water: 1}}]}
        - {id: wetland, level: I, slots: 1, options: [{gain: {water: 1}}]}
    """
    for level in ("I", "II"):
        yield from dominated_findings(
            content, [r for r in content.of("cards") if r.obj.level == level], card_profile,
            lambda rec: f"level {rec.obj.level} card {rec.obj.name}")
