"""Terra bots: random-legal, a guesser with an accuracy, and a hedger.

A guesser forms one belief per card: with probability ``accuracy`` it knows an answer region,
otherwise it lands on a neighbour of one (or, rarely, anywhere); its bar guess is the correct
space moved by Gaussian noise whose width shrinks with accuracy. It places one marker on each
of its three guesses (the nearest free spot when taken) and passes. A hedger has the same
belief but spreads its markers: the guessed region and a neighbour, and on each bar the guessed
space with the one next to it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ...sim.protocol import Action, BotSpec
from .engine import PASS, CardFacts, TerraState

NOISE_SPACES = 4.0  # bar noise (in spaces) of an accuracy-0 guesser


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"

    def choose(self, state: TerraState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


@dataclass(slots=True)
class GuesserBot:
    """Places markers on its belief: one region, one space per bar; then passes."""

    accuracy: float = 0.7
    spread: bool = False
    name: str = "guesser"
    _belief: dict[tuple[int, str], list[Action]] = field(default_factory=dict)

    def plan(self, state: TerraState, seat: int, rng: random.Random) -> list[Action]:
        """The ordered wish list for the current card (formed once per card)."""
        key = (state.card_index, state.card.id)
        if key not in self._belief:
            self._belief = {key: self._wishes(state, state.card, rng)}
        return self._belief[key]

    def _wishes(self, state: TerraState, card: CardFacts, rng: random.Random) -> list[Action]:
        world = state.world
        answers = sorted(card.answers)
        if rng.random() < self.accuracy:
            region = rng.choice(answers)
        elif rng.random() < 0.7 and card.near:
            region = rng.choice(sorted(card.near))
        else:
            region = rng.choice(world.regions)
        wishes: list[Action] = [("region", region)]
        if self.spread:
            wishes += [("region", n) for n in sorted(world.neighbours.get(region, ()))[:1]]
        sigma = max(0.05, (1.0 - self.accuracy) * NOISE_SPACES)
        for bar in card.bars:
            target = min(card.correct[bar])
            guess = round(target + rng.gauss(0.0, sigma))
            guess = min(max(guess, 0), world.spaces[bar] - 1)
            wishes.append(("bar", bar, guess))
            if self.spread:
                side = 1 if rng.random() < 0.5 else -1
                if 0 <= guess + side < world.spaces[bar]:
                    wishes.append(("bar", bar, guess + side))
        return wishes

    def choose(self, state: TerraState, seat: int, rng: random.Random) -> Action:
        """The next wish still to place (or its nearest free alternative), else pass."""
        legal = set(state.legal_actions())
        wishes = self.plan(state, seat, rng)
        placed = state.placed_this_card[seat]
        if placed >= len(wishes):
            return PASS if PASS in legal else next(iter(sorted(legal, key=str)))
        wish = wishes[placed]
        if wish in legal:
            return wish
        alternative = _nearest_free(state, wish, legal)
        if alternative is not None:
            return alternative
        return PASS if PASS in legal else sorted(legal, key=str)[0]


def _nearest_free(state: TerraState, wish: Any, legal: set[Action]) -> Action | None:
    if wish[0] == "region":
        for n in sorted(state.world.neighbours.get(wish[1], ())):
            if ("region", n) in legal:
                return ("region", n)
        return None
    _, bar, space = wish
    for d in range(1, state.world.spaces[bar]):
        for s in (space - d, space + d):
            if ("bar", bar, s) in legal:
                return ("bar", bar, s)
    return None


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random``, ``guesser[:acc]``, ``hedger[:acc]``."""
    if spec.name == "random":
        return RandomBot()
    if spec.name in ("guesser", "hedger"):
        accuracy = float(spec.params[0]) if spec.params else 0.7
        if not 0.0 <= accuracy <= 1.0:
            raise ValueError("accuracy must be between 0 and 1")
        return GuesserBot(accuracy, spread=spec.name == "hedger", name=str(spec))
    raise KeyError(spec.name)


BOTS = {
    "random": "any legal action, uniformly",
    "guesser": "guesser[:ACCURACY] — one marker on each of its three guesses (default 0.7)",
    "hedger": "hedger[:ACCURACY] — spreads five markers around its guesses (default 0.7)",
}
DEFAULT_BOTS = ("guesser:0.8", "guesser:0.5", "hedger:0.5")
