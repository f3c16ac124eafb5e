"""The swap measure of ``cardkit strength terra``: a question card made neutral is the same card
(topic, answers, bars, place in the deck) that nobody knows anything about — every bot
guesses blind (:data:`~.beliefs.UNKNOWABLE`). What a card's presence changes is then what
knowing it is worth: a card on which knowledge earns nothing is a luck card, dead for a quiz.
Every seat answers every card in play, so every seat holds it."""

from __future__ import annotations

from typing import Any

from ....sim.protocol import SwapSpec
from .beliefs import UNKNOWABLE


def neutral(card: Any) -> Any:
    """The same card, unknowable."""
    return card.model_copy(update={"difficulty": UNKNOWABLE})


def holders(details: dict[str, Any], card: str) -> list[int]:
    """Every seat, when ``card`` was played."""
    points = details.get("card_points") or []  # one row per card scored, in deck order
    cards = list(details.get("cards", ()))
    if card not in cards or cards.index(card) >= len(points):
        return []
    return list(range(len(points[0])))


def spec() -> SwapSpec:
    """Terra's swap measure (every card)."""
    return SwapSpec("cards", neutral, holders, chosen=False)
