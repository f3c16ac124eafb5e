"""Terra bots: random-legal, a guesser and a hedger, both with card-dependent knowledge.

Both form one :class:`~.beliefs.Belief` per card (see ``beliefs.py`` for the knowledge model:
accuracy per difficulty, noise in the answer's units mapped to the board side's spaces) and
rank every free spot by its expected points per marker (less the cost of a marker lost to the
pool while cards remain). They look again before every marker, so a spot someone took is
replaced by the next best one, and they never pass while a spot worth placing remains and they
have markers.

- ``guesser``: answers every question first: one marker on each region it believes is an answer
  (as many as the card asks for), one on its best space of each bar — the most valuable first
  when it has fewer markers than questions — then spends spare markers where they are worth
  most (mostly beside its bar guesses).
- ``hedger``: places wherever the next marker is worth most: its regions and their neighbours,
  the spaces around its estimates — keeping a marker for each question it has not answered yet,
  and answering any it left open before it passes.

Parameters (``BotSpec`` syntax, ``guesser:accuracy=0.5:follow=1``; a bare first number is the
accuracy, ``guesser:0.5``): ``accuracy`` (default 0.7), ``yellow``/``green``/``blue``/``red``
(the level on cards of that difficulty, default ``accuracy ** power``), ``follow`` (weight of
others' markers as evidence, default 0.5), ``block`` (bonus for the spot next to a rival's
marker, default 0), ``cost`` (points a marker lost to the pool costs, default 2). Bots never
choose a bar the card does not ask about.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ....sim.protocol import Action, BotSpec
from .beliefs import Belief, Knowledge, Spot, draw, spots
from ..engine import DIFFICULTIES, PASS, TerraState


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"
    knowledge: float = 0.0

    def choose(self, state: TerraState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


@dataclass(slots=True)
class GuesserBot:
    """Expected-points placement on a card-dependent belief (``spread``: the hedger)."""

    accuracy: float = 0.7
    spread: bool = False
    name: str = "guesser"
    levels: dict[str, float] = field(default_factory=dict)
    follow: float = 0.5
    block: float = 0.0
    cost: float = 2.0
    _belief: dict[tuple[int, str], Belief] = field(default_factory=dict)

    @property
    def knowledge(self) -> float:
        """The knowledge the bot declares (who starts: the rulebook's most knowledgeable)."""
        return self.accuracy

    def belief(self, state: TerraState, rng: random.Random) -> Belief:
        """The belief about the current card (formed once per card)."""
        key = (state.card_index, state.card.id)
        if key not in self._belief:
            self._belief = {key: draw(state.card, state.world,
                                      Knowledge(self.accuracy, self.levels), rng)}
        return self._belief[key]

    def core(self, state: TerraState, seat: int, options: list[Spot]) -> list[Spot]:
        """The best free spot of each question still unanswered by this bot: a region while
        it has fewer region markers than the card asks for, and each bar without its marker."""
        mine_regions = sum(1 for o in state.regions.values() if o == seat)
        mine_bars = {b for (b, _), o in state.spaces.items() if o == seat}
        core: list[Spot] = []
        if mine_regions < state.card.asked:
            core += [s for s in options if s.action[0] == "region"][:1]
        for bar in state.card.bars:
            if bar not in mine_bars:
                core += [s for s in options if s.action[:2] == ("bar", bar)][:1]
        return sorted(core, key=lambda s: (-s.value, s.action))

    @staticmethod
    def open_answers(state: TerraState, seat: int) -> int:
        """Markers this bot still needs to answer every question: the regions asked that it
        has not placed, and each bar without its marker."""
        mine_regions = sum(1 for o in state.regions.values() if o == seat)
        mine_bars = {b for (b, _), o in state.spaces.items() if o == seat}
        return max(0, state.card.asked - mine_regions) + \
            sum(1 for b in state.card.bars if b not in mine_bars)

    def ranked(self, state: TerraState, seat: int, rng: random.Random) -> list[Spot]:
        """The free spots this bot would place on, in its order of preference: the guesser
        its unanswered questions first, then the rest by value; the hedger all by value."""
        options = spots(self.belief(state, rng), state, seat, self.follow, self.block,
                        self.cost)
        if self.spread:
            return options
        core = self.core(state, seat, options)
        return core + [s for s in options if s not in core]

    def choose(self, state: TerraState, seat: int, rng: random.Random) -> Action:
        """The guesser: a marker for each unanswered question, then the most valuable spot;
        the hedger: the most valuable spot while it has markers to spare for the questions it
        has not answered, else those questions. Both pass only when every question has its
        marker and no free spot is worth one (never before a first marker)."""
        if state.hand[seat] == 0:
            return PASS
        # spots are free regions and free spaces of the card's bars: all legal with markers
        options = spots(self.belief(state, rng), state, seat, self.follow, self.block,
                        self.cost)
        core = self.core(state, seat, options)
        if core and (not self.spread or state.hand[seat] <= self.open_answers(state, seat)):
            return core[0].action  # the hedger keeps a marker for each open question
        if options and options[0].value > 0:
            return options[0].action
        if core:
            return core[0].action
        if state.placed_this_card[seat] == 0:
            if options:
                return options[0].action
            return min((a for a in state.legal_actions() if a != PASS and (
                a[0] == "region" or a[1] in state.card.bars)), key=str)
        return PASS


KEYS = ("accuracy", "follow", "block", "cost", *DIFFICULTIES)


def parse_params(params: tuple[str, ...]) -> dict[str, float]:
    """``("0.5",)`` or ``("accuracy=0.5", "follow=1")`` -> values by name (checked)."""
    out: dict[str, float] = {}
    for i, text in enumerate(params):
        key, sep, value = text.partition("=")
        if not sep:
            if i:
                raise ValueError(f"parameter {text!r}: give NAME=VALUE (names: {', '.join(KEYS)})")
            key, value = "accuracy", text
        key = key.strip()
        if key not in KEYS:
            raise ValueError(f"no parameter {key!r} (names: {', '.join(KEYS)})")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"parameter {key} is a number, not {value!r}") from None
        if key in ("accuracy", *DIFFICULTIES) and not 0.0 <= number <= 1.0:
            raise ValueError(f"{key} must be between 0 and 1" if key != "accuracy"
                             else "accuracy must be between 0 and 1")
        if number < 0:
            raise ValueError(f"{key} must not be negative")
        out[key] = number
    return out


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random``, ``guesser[:acc][:k=v...]``,
    ``hedger[...]``. Its ``knowledge`` reaches the engine through the runner (the rulebook's
    first player: left of the most knowledgeable)."""
    if spec.name == "random":
        bot: Any = RandomBot()
    elif spec.name in ("guesser", "hedger"):
        p = parse_params(spec.params)
        bot = GuesserBot(p.get("accuracy", 0.7), spread=spec.name == "hedger", name=str(spec),
                         levels={d: p[d] for d in DIFFICULTIES if d in p},
                         follow=p.get("follow", 0.5), block=p.get("block", 0.0),
                         cost=p.get("cost", 2.0))
    else:
        raise KeyError(spec.name)
    return bot


BOTS = {
    "random": "any legal action, uniformly",
    "guesser": "guesser[:ACCURACY][:follow=F:block=B:cost=C:red=R...] — a marker on every "
               "answer it believes (all regions asked, each bar), spares beside its bar guesses",
    "hedger": "hedger[:ACCURACY][:...] — places wherever the next marker is worth most "
              "(regions, neighbours, spaces around its estimates)",
}
DEFAULT_BOTS = ("guesser:0.8", "guesser:0.5", "hedger:0.5")
