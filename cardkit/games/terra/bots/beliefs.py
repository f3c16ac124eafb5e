"""What a Terra bot knows about a card: knowledge that depends on the card, noise in the
answer's own units, and the expected points of every spot it could take.

Knowledge. A bot has a base ``accuracy`` (0-1). Its level on a card depends on the card's
difficulty: ``accuracy ** DIFFICULTY_POWER[difficulty]`` (yellow 0.5, green 1, blue 1.5,
red 2.2 — so 0.7 is 0.84 / 0.70 / 0.59 / 0.46 and yellow > green > blue > red for any accuracy
strictly between 0 and 1); a level per difficulty can be given instead (``red=0.3``).

Regions. For each answer region the bot knows it with probability ``level``; otherwise it
guesses a neighbour of it (60 %) or any region.

Bars. The bot's estimate of an answer is the true value with noise in the answer's units, then
mapped to the board side's spaces (so a narrow bracket is hit less often than a wide one):

- lengths and numbers: a relative (log-scale) error of ``LOG_NOISE * (1 - level) + 0.01``
  decades (``LOG_NOISE`` = 1: a factor 2 at level 0.7) (on ``asinh(x / 2k) / ln 10``, which is ``log10`` for values well above the bar's
  smallest positive line ``10 k`` and stays defined at 0 and below, e.g. for °C);
- years: an absolute error of ``(1 - level) * (YEAR_NOISE + YEAR_GROWTH * age) + 0.1`` years,
  ``age`` being how many years before ``TODAY`` (2025) the answer lies (old dates are less
  sure; 10 and 0.4: about ±19 years for 1889 and ±550 for 2560 BC at level 0.7).

Expected points. The bot is calibrated: its subjective probabilities use its own level and
noise. A region scores 7 when it is an answer and 3 when next to one; a bar space scores 7 when
the answer falls in it and 3 when in a space next to it. A marker that scores nothing goes to
the pool, so a spot's value is ``EV - cost * P(scores nothing)`` while cards remain after this
one (``cost`` points per lost marker), plain ``EV`` on the last card.

Others' markers (``follow``): a region another player took is evidence that its neighbours are
answers or next to one; a space another player took on a bar pulls the bot's estimate toward it
(a Gaussian update, the rival's space weighted by ``follow``). ``block``: a free spot next to a
rival's marker is worth ``block * EV`` more (taking it denies the rival that hedge).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..engine import CardFacts, TerraState, TerraWorld

DIFFICULTY_POWER = {"yellow": 0.5, "green": 1.0, "blue": 1.5, "red": 2.2}
LOG_NOISE = 1.0  # decades of relative error of an accuracy-0 bot (lengths, numbers)
YEAR_NOISE, YEAR_GROWTH, TODAY = 10.0, 0.4, 2025
NEIGHBOUR_MISS = 0.6  # a wrong region guess is a neighbour of the answer this often
RIVAL_TRUST = 0.5  # how often a rival's region is assumed right (scaled by ``follow``)
BAR_WINDOW = 4  # spaces either side of the estimate a bot considers


#: The difficulty of a card made neutral by the swap measure of ``cardkit strength``: nobody
#: knows anything of it, every answer is a blind guess. Not a content difficulty (the model's
#: ``Difficulty`` does not allow it).
UNKNOWABLE = "unknowable"


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A bot's knowledge: base accuracy, optional level per difficulty."""

    accuracy: float = 0.7
    levels: dict[str, float] = field(default_factory=dict)

    def level(self, difficulty: str) -> float:
        """The chance to know an answer region on a card of this difficulty (none on a card
        made :data:`UNKNOWABLE` by the swap measure)."""
        if difficulty == UNKNOWABLE:
            return 0.0
        if difficulty in self.levels:
            return self.levels[difficulty]
        return self.accuracy ** DIFFICULTY_POWER.get(difficulty, 1.0)


@lru_cache(maxsize=64)
def _scale(lines: tuple[float, ...]) -> float:
    positive = [abs(v) for v in lines if v != 0]
    return (min(positive) / 10.0) if positive else 1.0


def to_t(bar: str, value: float, lines: tuple[float, ...]) -> float:
    """A bar value on the scale its noise is measured on (years; ~log10 otherwise)."""
    if bar == "year":
        return value
    return math.asinh(value / (2.0 * _scale(lines))) / math.log(10.0)


def sigma_for(bar: str, value: float, level: float) -> float:
    """The noise of an estimate (years, or decades) at a knowledge level."""
    if bar == "year":
        return (1.0 - level) * (YEAR_NOISE + YEAR_GROWTH * max(0.0, TODAY - value)) + 0.1
    return LOG_NOISE * (1.0 - level) + 0.01


@lru_cache(maxsize=64)
def t_lines(bar: str, lines: tuple[float, ...]) -> tuple[float, ...]:
    """A bar's lines on the t scale."""
    return tuple(to_t(bar, v, lines) for v in lines)


def _cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass(slots=True)
class Belief:
    """One bot's view of one card."""

    level: float
    guesses: tuple[str, ...]  # the regions it believes are answers (one per answer)
    p_answer: dict[str, float]  # region -> P(an answer)
    p_near: dict[str, float]  # region -> P(next to an answer | not one)
    estimate: dict[str, tuple[float, float]]  # bar -> (mean, sigma) on the t scale
    #: (bar, rivals' spaces) -> P(answer in space) per space, computed once
    space_p: dict[tuple[str, tuple[int, ...]], list[float]] = field(default_factory=dict)
    #: candidate spots (occupied ones included) by what they depend on, computed once
    spot_cache: dict[tuple[Any, ...], list[Spot]] = field(default_factory=dict)


def draw(card: CardFacts, world: TerraWorld, knowledge: Knowledge,
         rng: random.Random) -> Belief:
    """Form a belief about a card (uses the bot's generator only)."""
    level = max(0.0, min(1.0, knowledge.level(card.difficulty)))
    guesses: list[str] = []
    for answer in sorted(card.answers):
        if rng.random() < level:
            guess = answer
        elif rng.random() < NEIGHBOUR_MISS and world.neighbours.get(answer):
            guess = rng.choice(sorted(world.neighbours[answer]))
        else:
            guess = rng.choice(world.regions)
        if guess not in guesses:
            guesses.append(guess)
    p_answer: dict[str, float] = {}
    p_near: dict[str, float] = {}
    for g in guesses:
        p_answer[g] = max(p_answer.get(g, 0.0), level)
        p_near[g] = 1.0 - (1.0 - p_near.get(g, 0.0)) * (1.0 - NEIGHBOUR_MISS)
        nbrs = sorted(world.neighbours.get(g, ()))
        for n in nbrs:
            if n not in guesses:
                p_answer[n] = p_answer.get(n, 0.0) + (1.0 - level) * NEIGHBOUR_MISS / len(nbrs)
            p_near[n] = 1.0 - (1.0 - p_near.get(n, 0.0)) * (1.0 - level)
    estimate = {}
    for bar in card.bars:
        lines = world.lines[bar]
        value = card.values.get(bar)
        if value is None:  # synthetic facts without values: the middle of a correct space
            s = min(card.correct[bar]) if card.correct[bar] else 0
            value = (lines[s] + lines[s + 1]) / 2.0
        sigma = sigma_for(bar, value, level)
        mean = to_t(bar, value, lines) + rng.gauss(0.0, sigma)
        if bar == "year":
            sigma = sigma_for(bar, mean, level)  # the bot judges by the age it believes
        estimate[bar] = (mean, sigma)
    return Belief(level, tuple(guesses), p_answer, p_near, estimate)


@dataclass(slots=True)
class Spot:
    """A place for a marker and what it is worth to the bot."""

    action: tuple[Any, ...]
    ev: float  # expected points
    p_score: float  # chance it scores at all
    value: float  # what the bot ranks by (EV less the cost of a lost marker, plus blocking)


def spots(belief: Belief, state: TerraState, seat: int, follow: float, block: float,
          cost: float) -> list[Spot]:
    """Every free spot worth considering (regions near the belief or a rival's marker, spaces
    around the estimate on the card's two bars), best first; ties in a stable order."""
    last_card = state.card_index >= len(state.deck) - 1
    lost = 0.0 if last_card else cost
    rivals = tuple(sorted(r for r, o in state.regions.items() if o != seat)) \
        if follow > 0 or block > 0 else ()
    key = ("regions", rivals, lost)
    regions = belief.spot_cache.get(key)
    if regions is None:
        regions = belief.spot_cache[key] = _region_spots(belief, state.world, rivals, follow,
                                                         block, lost)
    out = [s for s in regions if s.action[1] not in state.regions]
    for bar in state.card.bars:
        out += _bar_spots(belief, state, seat, bar, follow, block, lost)
    out.sort(key=lambda s: (-s.value, s.action))
    return out


def _region_spots(belief: Belief, world: TerraWorld, rivals: tuple[str, ...], follow: float,
                  block: float, lost: float) -> list[Spot]:
    p_answer, p_near = dict(belief.p_answer), dict(belief.p_near)
    if follow > 0:
        q = min(1.0, RIVAL_TRUST * follow)
        for o in rivals:
            nbrs = sorted(world.neighbours.get(o, ()))
            for n in nbrs:
                p_near[n] = 1.0 - (1.0 - p_near.get(n, 0.0)) * (1.0 - q)
                p_answer[n] = p_answer.get(n, 0.0) + (1.0 - q) * NEIGHBOUR_MISS * follow / len(nbrs)
    blocked: set[str] = set()
    if block > 0:
        for o in rivals:
            blocked |= world.neighbours.get(o, frozenset())
    out: list[Spot] = []
    for region in sorted(p_answer.keys() | p_near.keys()):
        if region in rivals:
            continue
        pa = min(1.0, p_answer.get(region, 0.0))
        pn = min(1.0, p_near.get(region, 0.0))
        p_score = pa + (1.0 - pa) * pn
        ev = 7.0 * pa + 3.0 * (1.0 - pa) * pn
        bonus = block * ev if region in blocked else 0.0
        out.append(Spot(("region", region), ev, p_score, ev - lost * (1.0 - p_score) + bonus))
    return out


def _bar_spots(belief: Belief, state: TerraState, seat: int, bar: str, follow: float,
               block: float, lost: float) -> list[Spot]:
    rivals = sorted(s for (b, s), o in state.spaces.items() if b == bar and o != seat)
    full_key = ("bar", bar, tuple(rivals) if follow > 0 or block > 0 else (), lost)
    cached = belief.spot_cache.get(full_key)
    if cached is None:
        cached = belief.spot_cache[full_key] = _bar_candidates(belief, state, bar, rivals,
                                                               follow, block, lost)
    return [s for s in cached if (bar, s.action[2]) not in state.spaces]


def _bar_candidates(belief: Belief, state: TerraState, bar: str, rivals: list[int],
                    follow: float, block: float, lost: float) -> list[Spot]:
    lines = state.world.lines[bar]
    n = len(lines) - 1
    key = (bar, tuple(rivals) if follow > 0 else ())
    p = belief.space_p.get(key)
    if p is None:
        ts = t_lines(bar, lines)
        mean, sigma = belief.estimate[bar]
        if follow > 0 and rivals:
            precision, weighted = 1.0 / sigma ** 2, mean / sigma ** 2
            for s in rivals:
                mid, half = (ts[s] + ts[s + 1]) / 2.0, (ts[s + 1] - ts[s]) / 2.0
                w = follow / (sigma ** 2 + half ** 2)
                precision += w
                weighted += w * mid
            mean, sigma = weighted / precision, 1.0 / math.sqrt(precision)
        cdf = [_cdf((t - mean) / sigma) for t in ts]
        p = belief.space_p[key] = [max(0.0, cdf[i + 1] - cdf[i]) for i in range(n)]
    centre = p.index(max(p))
    rival_next = {s + d for s in rivals for d in (-1, 1)} if block > 0 else set()
    out = []
    for s in range(max(0, centre - BAR_WINDOW), min(n, centre + BAR_WINDOW + 1)):
        if s in rivals:
            continue
        near = (p[s - 1] if s > 0 else 0.0) + (p[s + 1] if s + 1 < n else 0.0)
        ev, p_score = 7.0 * p[s] + 3.0 * near, p[s] + near
        bonus = block * ev if s in rival_next else 0.0
        out.append(Spot(("bar", bar, s), ev, p_score, ev - lost * (1.0 - p_score) + bonus))
    return out
