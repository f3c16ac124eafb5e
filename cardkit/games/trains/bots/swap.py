"""The swap measure of ``cardkit strength trains --measure swap``: a kingdom card made neutral
(no effect, coins or VP; the same id, types and cost), put into every game's kingdom and into
every bot's buying plan (``baseline+CARD`` at every seat), and the seats that owned it."""

from __future__ import annotations

from typing import Any

from ....core.content import GameContent
from ....sim.protocol import SwapSpec
from . import strength_cards, strength_setup


def neutral(card: Any) -> Any:
    """The same card doing nothing."""
    return card.model_copy(update={"effect": [], "on_buy": [], "value": 0, "vp": 0})


def holders(details: dict[str, Any], card: str) -> list[int]:
    """The seats that owned ``card`` at the end."""
    return [seat for seat, owned in enumerate(details.get("kingdom_owned", []))
            if owned.get(card, 0)]


def setup(card: str, content: GameContent) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """``baseline+CARD`` at every seat, the card in every kingdom."""
    bots, options = strength_setup(card, content)
    return bots[0], options


def cards(content: GameContent) -> list[str]:
    """Every kingdom card of the base set."""
    return strength_cards(content)


def spec() -> SwapSpec:
    """Trains' swap measure."""
    return SwapSpec("cards", neutral, holders, cards, setup)
