"""The swap measure of ``cardkit strength cartographers``: a scoring card made neutral (it
scores no stars; the same id, stack and solo value), and the seats it scored for: every seat,
in a game where it was one of the four edicts."""

from __future__ import annotations

from typing import Any

from ....sim.protocol import SwapSpec
from .scoring import NEUTRAL


def neutral(card: Any) -> Any:
    """The same scoring card scoring nothing."""
    return card.model_copy(update={"rule": NEUTRAL})


def holders(details: dict[str, Any], card: str) -> list[int]:
    """Every seat when ``card`` was an edict of the game (edicts score for everyone)."""
    if card not in details.get("edicts", {}).values():
        return []
    return list(range(len(details.get("no_fit", []))))


def spec() -> SwapSpec:
    """Cartographers' swap measure (every scoring card)."""
    return SwapSpec("scoring", neutral, holders, chosen=False)
