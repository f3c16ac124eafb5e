"""Pebbles bots: ``random`` (any legal action) and ``cautious[:N[:RISK]]`` (banks a row of
``N`` cards, or sooner when the next draw would bust it with a chance above ``RISK``).

Bots choose with the generator the runner gives each seat, never with the game's own, so a bot
cannot change the deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardkit.sim.protocol import Action, BotSpec

from .engine import BANK, DRAW, PebblesState

#: ``cautious`` without parameters: bank at 3 cards, or when a draw busts more often than not.
CAUTIOUS_CARDS, CAUTIOUS_RISK = 3, 0.5


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


@dataclass(slots=True)
class CautiousBot:
    """Banks when the row holds ``cards`` cards or more, or when the chance that a draw busts
    the row is above ``risk``; draws otherwise."""

    cards: int = CAUTIOUS_CARDS
    risk: float = CAUTIOUS_RISK
    name: str = "cautious"

    def choose(self, state: PebblesState, seat: int, rng: random.Random) -> Action:
        """Bank or draw by the rule above (only legal actions)."""
        legal = state.legal_actions()
        if BANK in legal and (len(state.rows[seat]) >= self.cards
                              or state.bust_risk(seat) > self.risk or DRAW not in legal):
            return BANK
        return DRAW if DRAW in legal else legal[0]


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random`` or ``cautious[:N[:RISK]]`` (``N`` cards
    from 1 to 4, ``RISK`` from 0 to 1); an unknown name raises ``KeyError``, a bad parameter
    ``ValueError``."""
    if spec.name == "random":
        if spec.params:
            raise ValueError("random takes no parameters")
        return RandomBot()
    if spec.name == "cautious":
        if len(spec.params) > 2:
            raise ValueError("cautious takes at most two parameters: cautious:N:RISK")
        try:
            cards = int(spec.params[0]) if spec.params else CAUTIOUS_CARDS
            risk = float(spec.params[1]) if len(spec.params) > 1 else CAUTIOUS_RISK
        except ValueError:
            raise ValueError("cautious:N:RISK needs a whole number N and a number RISK") from None
        if not 1 <= cards <= 4 or not 0.0 <= risk <= 1.0:
            raise ValueError("cautious:N:RISK needs N between 1 and 4 and RISK between 0 and 1")
        return CautiousBot(cards, risk, name=str(spec))
    raise KeyError(spec.name)


BOTS = {
    "random": "any legal action, uniformly",
    "cautious": "cautious[:N[:RISK]] — banks a row of N cards (3), or sooner when a draw would "
                "bust it with a chance above RISK (0.5)",
}
DEFAULT_BOTS = ("cautious", "cautious:2")
