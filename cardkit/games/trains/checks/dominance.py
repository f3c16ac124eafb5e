"""TRN021: no buyable card is strictly dominated by another of the same kind, types and effect
(the shared relation of :mod:`cardkit.core.dominance`, over cost, coin value and VP)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.dominance import Profile, dominated_findings
from ....core.spec import Finding


def card_profile(card: Any) -> Profile | None:
    """A buyable card as numbers where more is better: cost (negated), coin value and VP, in
    the group of cards with the same kind, types, effect and on-buy steps. A Waste (no cost)
    is never bought: None."""
    if card.cost is None:
        return None
    steps = json.dumps([[s.model_dump(exclude_defaults=True) for s in card.effect],
                        [s.model_dump(exclude_defaults=True) for s in card.on_buy]],
                       sort_keys=True)
    return Profile(f"{card.kind} {sorted(card.types)} {steps}",
                   {"cost": -card.cost, "value": card.value, "vp": card.vp})


def not_dominated(content: GameContent) -> Iterator[Finding]:
    """No buyable card is strictly dominated in a supply it can be part of (a setup's fixed
    piles and randomizers): by another card of the same kind, the same types and the very
    same effect and on-buy steps that costs no more and has at least its coin value and VP,
    one of them better. A player who can buy the better card never buys the worse one.
    Steps are compared as a whole (more of a step is not always better: a Waste gained is a
    cost), so only cards that do the same thing are weighed by their numbers.

    Bad:
        - {id: express, kind: kingdom, types: [train], cost: 4, value: 2}
        - {id: rapid, kind: kingdom, types: [train], cost: 3, value: 2}

    Good:
        - {id: express, kind: kingdom, types: [train], cost: 4, value: 3}
        - {id: rapid, kind: kingdom, types: [train], cost: 3, value: 2}
    """
    cards = {rec.id: rec for rec in content.of("cards")}
    reported: set[str] = set()
    for setup in content.of("setups"):
        supply = [cards[c] for c in dict.fromkeys((*setup.obj.rules.fixed_piles,
                                                   *setup.obj.randomizers)) if c in cards]
        for finding in dominated_findings(content, supply, card_profile,
                                          lambda rec: rec.obj.name,
                                          f" in the {setup.id} supply"):
            if finding.record is not None and finding.record.id not in reported:
                reported.add(finding.record.id)
                yield finding
