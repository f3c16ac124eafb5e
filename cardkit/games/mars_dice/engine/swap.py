"""The swap measure of ``cardkit strength mars-dice``: a project made neutral (no production,
event, action, trigger, storage or VP; the same id, colour and cost), and the seats that played
a project in a finished game."""

from __future__ import annotations

from typing import Any

from ....sim.protocol import SwapSpec


def neutral(card: Any) -> Any:
    """The same project doing nothing."""
    return card.model_copy(update={"production": {}, "effects": [], "actions": [],
                                   "triggers": [], "storage": 0, "vp": 0})


def holders(details: dict[str, Any], card: str) -> list[int]:
    """The seats that played ``card``."""
    return [seat for seat, played in enumerate(details.get("played", [])) if card in played]


def spec() -> SwapSpec:
    """Mars Dice's swap measure (every project card)."""
    return SwapSpec("projects", neutral, holders)
