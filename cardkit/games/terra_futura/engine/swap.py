"""The swap measure of ``cardkit strength terra-futura``: a level I or II card made neutral
(one free option that gains nothing and pollutes nothing, no pollution slot; the same id,
level and storage), and the seats that took a card in a finished game."""

from __future__ import annotations

from typing import Any

from ....core.content import GameContent
from ....sim.protocol import SwapSpec


def neutral(card: Any) -> Any:
    """The same card doing nothing: an empty option, no pollution slots."""
    option = card.options[0].model_copy(update={"pay": {}, "gain": {}, "pollution": 0})
    return card.model_copy(update={"options": [option], "slots": 0})


def holders(details: dict[str, Any], card: str) -> list[int]:
    """The seats that took ``card`` into their territory."""
    return [seat for seat, data in enumerate(details.get("seats", []))
            if card in data.get("taken", ())]


def cards(content: GameContent) -> list[str]:
    """Every level I and II card (starting cards are dealt, never taken)."""
    return [r.id for r in content.of("cards") if r.obj.level in ("I", "II")]


def spec() -> SwapSpec:
    """Terra Futura's swap measure."""
    return SwapSpec("cards", neutral, holders, cards)
