"""Terra Futura's final scoring, shared by the engine and the score calculator.

From the Polish rulebook (seed 001) and the facts (§3.5): each resource and product a player
still holds on an **active** card scores its points (resources on an inactive card are lost for
the final scoring); the chosen scoring method scores its points once per complete combination of
those resources (the resources in a set still score their own points); every card with any
pollution on it — in its slot or in its centre — costs ``penalty`` points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .world import ScoringFacts, World


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's final score and where it came from."""

    resources: int  # points of the resources held on active cards
    sets: int  # complete combinations of the scoring method
    set_points: int  # sets × the method's points
    polluted: int  # cards with any pollution
    penalty: int  # polluted × the penalty per card
    total: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


def held_total(world: World, held_active: Iterable[Sequence[int]]) -> list[int]:
    """The resources on the given (active) cards, summed per stored resource."""
    total = [0] * len(world.stored)
    for held in held_active:
        for i, n in enumerate(held):
            total[i] += n
    return total


def final_score(world: World, held_active: Iterable[Sequence[int]], polluted: int,
                method: ScoringFacts | None) -> Breakdown:
    """The score of a finished territory: ``held_active`` are the resource counts (in
    ``world.stored`` order) on each active card, ``polluted`` the number of cards with any
    pollution, ``method`` the chosen scoring method (``None``: none chosen)."""
    total = held_total(world, held_active)
    points = sum(n * p for n, p in zip(total, world.points))
    sets = method.sets(total, world.raw) if method is not None else 0
    set_points = sets * method.points if method is not None else 0
    penalty = polluted * world.penalty
    return Breakdown(points, sets, set_points, polluted, penalty, points + set_points - penalty)
