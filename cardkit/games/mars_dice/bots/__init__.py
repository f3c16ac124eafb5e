"""Mars Dice bots: random-legal, greedy and builder.

The **greedy** bot values every legal action in victory points with a :class:`.bot_values.Valuer`
built for the decision (VP now, a global step and its bonus, the dice an action gains, the
production and blue-card uses a card gives over the turns left, award symbols, milestones within
reach, a bonus card at a VP threshold), never copying the state and never looking further than
one support action ahead:

- **targets** are the main actions that spend dice: the hand cards, the conversions, the unused
  blue cards' main actions. With the seat's dice, a target is *affordable* (its net value: gain
  less the dice and wilds it spends) or *short* by some symbols (its potential: gain less a plain
  cost, times :data:`.bot_values.SHORT` per missing symbol);
- an **action turn** is scored as its best support action (its own value: a die's expected
  value, a turn's face change less the payment, a paid draw, a blue support action) plus what the
  main action can then do with the dice it leaves (the best affordable target, or a second
  support action and the progress toward the nearest target); a die still to be rolled counts
  over its faces;
- a **main action** is the best affordable target, unless a second support action (its own
  value and the progress it makes) is worth more;
- a **production turn** is scored as the production dice, the cards drawn back up to the hand
  size and the blue cards refreshed, less the dice it must give back above the keep limit; the
  bot takes the better of the two (in the last round: the action turn);
- returning dice keeps the dice that leave the nearest targets closest; the hand cards whose gain
  does not cover a plain cost are discarded; the corporation kept is the one worth most; the
  first player's penalty gives the least useful die; a tile goes where it scores most now; a
  ``turn`` effect turns the die that brings a target closest; a free action is taken when it
  gains more than it spends.

In solo play the steps of the two tracks nearest their maximum are worth
:data:`.bot_values.SOLO_STEP` more (the solo game is won by finishing the globals in time).

Ties go to the first action in the engine's stable order (so the bot is deterministic given the
state; it never draws on its generator). ``greedy:W`` weights everything that pays later by
``W`` (default 1). For speed the bot remembers, for the state it plays, the decisions it has
already made for the next steps (the support action of the action turn it chose, the dice to
return, the cards to discard) and the gains of its targets while nothing they depend on changes.

The **builder** is the greedy bot that values production — green cards and ``produce`` effects —
up to ``1 + B`` times as much while the game is young (no global progress), falling to the greedy
value at half-way (``builder:B``, default 1.5; ``builder:B:W`` also sets ``W``); meanwhile it
also discards the other colours' hand cards whose gain does not cover a plain cost by
``DISCARD_BELOW + DIG ×`` its current bonus (it digs for green cards).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ....sim.protocol import Action, BotSpec
from .plan import PROGRESS, Plan, after_support, pruned, support_actions
from .values import SHORT, Valuer
from ..engine.moves import ACTIONS, DRAW, END_TURN, KEEP, PASS, PRODUCTION, STOP

#: A free action is taken when it gains at least this much more than it spends.
FREE_MIN = 0.15
#: A hand card is discarded on a production turn when its gain less a plain cost is below this.
DISCARD_BELOW = 0.3
#: Builder: how much more a non-green hand card must gain to be kept, per unit of bonus.
DIG = 2.0
#: Builder's default production bonus.
BUILDER = 1.5


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


@dataclass(slots=True)
class GreedyBot:
    """The most VP soon (see the module docstring); ``builder`` > 0: the builder."""

    future: float = 1.0
    builder: float = 0.0
    name: str = "greedy"
    #: Decisions already made for the next few steps (the support action an action turn was
    #: chosen for, the dice to return, the cards to discard), good while ``expect`` — ``(state,
    #: stamp, seat)`` of the next decision — holds.
    planned: list[Action] = field(default_factory=list)
    expect: tuple[Any, int, int] = (None, -1, -1)
    areas: dict[Any, int] = field(default_factory=dict)
    memo: list[Any] = field(default_factory=list)

    def choose(self, state: Any, seat: int, rng: random.Random) -> Action:
        """The legal action worth most (the first of equals)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "return" and KEEP in legal:
            return KEEP
        if self.planned:
            was, stamp, who = self.expect
            if was is state and stamp == state.stamp and who == seat and \
                    self.planned[0] in legal:
                self.expect = (state, stamp + 1, seat)
                return self.planned.pop(0)
            self.planned = []
        v = Valuer(state, seat, self.future, self.builder, self.areas, self.memo)
        if phase in ("choose", "return", "discard", "support", "main", "done"):
            free = self._free(v, legal)
            if free is not None:
                return free
        if phase == "done":
            return END_TURN
        if phase == "choose":
            return self._turn(v, legal)
        if phase == "support":
            return self._support(v, legal)[0]
        if phase == "main":
            return self._main(v, legal)
        if phase == "return":
            return self._return(v, legal)
        if phase == "discard":
            return self._discard(v, legal)
        if phase == "corporation":
            return _best(legal, lambda a: v.corporation(v.world.corporations[a[1]]))
        if phase == "give":
            return _best(legal, lambda a: -(v.wild_v if a[1] == v.world.wild
                                            else v.sv[v.world.symbol_index[a[1]]]))
        if phase == "place":
            tile = v.world.tile_ids[legal[0][1]]
            area = {a.id: i for i, a in enumerate(v.world.areas)}
            return _best(legal, lambda a: v.area_value(tile, area[a[2]]))
        if phase == "set":
            return self._set(v, legal)
        return legal[0]

    # -- decisions ------------------------------------------------------------------------------
    def _free(self, v: Valuer, legal: Any) -> Action | None:
        best, top = None, FREE_MIN
        for a in legal:
            if a[0] == "free":
                act = v.world.projects[a[1]].actions[a[2]]
                value = v.conversion(act.effects) - v.spent(act.pay, v.p.dice)
                if value > top:
                    best, top = a, value
        return best

    def _support(self, v: Valuer, legal: Any, plan: Plan | None = None
                 ) -> tuple[Action, float]:
        """The support action with the best own value plus what the main action can then do."""
        plan = plan or Plan(v)
        keep = pruned(v, plan, legal)
        faces: dict[int, float] = {}  # a die taken: what the main action can do, per face
        best, top = None, -1e9
        for a in legal:
            if a not in keep:
                continue
            if a[0] == "take":
                score = 0.0
                colour = v.world.colours[v.world.colour_ids[a[1]]]
                for face, sides in zip(colour.faces, colour.weights):
                    got = faces.get(face)
                    if got is None:
                        dice = list(v.p.dice)
                        dice[face] += 1
                        got = faces[face] = v.sv[face] + plan.main_value(
                            dice, v.p.wilds, {face})
                    score += sides * got
                score /= len(colour.table)
                if score > top + 1e-9:
                    best, top = a, score
                continue
            outcomes = after_support(v, a)
            if not outcomes:
                continue
            score = sum(q * (own + plan.main_value(dice, wilds))
                        for q, dice, wilds, own in outcomes)
            if score > top + 1e-9:
                best, top = a, score
        if best is None:
            return (legal[0], 0.0)
        return best, top

    def _main(self, v: Valuer, legal: Any) -> Action:
        """The best main action (its gain less what it spends), or a second support action
        (its own value and the progress it makes toward the targets)."""
        plan = Plan(v)
        p = v.p
        gains = {act: (cost, gain) for act, cost, gain, _ in plan.targets}
        best, top = None, -1e9
        for a in legal:
            if a in gains:
                cost, gain = gains[a]
                score = gain - v.spent(cost, p.dice)
                if score > top + 1e-9:
                    best, top = a, score
        base = plan.progress(p.dice, p.wilds, set())
        # no die, turn or draw can do better than its best own value and the best potential
        # a target one symbol short could have: skip them when a main action beats that
        reach = max((t[2] - t[3] for t in plan.useful), default=0.0)
        bound = max(max(v.sv, default=0.0), v.world.rules.draw_cards * v.card_v) \
            + PROGRESS * SHORT * max(0.0, reach) - base
        dice_too = top <= bound + 1e-9
        keep = pruned(v, plan, legal)
        faces: dict[int, float] = {}
        for a in legal:
            kind = a[0]
            if a in gains or kind == "pass" or (kind in ("take", "turn", "draw2")
                                                and not dice_too):
                continue
            if kind == "take":
                score = 0.0
                colour = v.world.colours[v.world.colour_ids[a[1]]]
                for face, sides in zip(colour.faces, colour.weights):
                    got = faces.get(face)
                    if got is None:
                        dice = list(p.dice)
                        dice[face] += 1
                        got = faces[face] = v.sv[face] + plan.progress(dice, p.wilds, {face}) \
                            - base
                    score += sides * got
                score /= len(colour.table)
            elif a in keep:
                outcomes = after_support(v, a)
                if not outcomes:
                    continue
                score = sum(q * (own + plan.progress(dice, wilds) - base)
                            for q, dice, wilds, own in outcomes)
            else:
                continue
            if score > top + 1e-9:
                best, top = a, score
        return best if best is not None else (PASS if PASS in legal else legal[0])

    def _turn(self, v: Valuer, legal: Any) -> Action:
        """A production turn or an action turn, whichever is worth more."""
        s, w, p = v.state, v.world, v.p
        if s.last_round is not None:  # the seat's last turn: production would score nothing
            return ACTIONS if ACTIONS in legal else legal[0]
        plan = Plan(v)
        support = support_actions(v)
        first, action_value = self._support(v, support, plan) if support else (
            None, plan.main_value(p.dice, p.wilds))
        production = sum(min(n, pool) * ev for n, pool, ev in
                         zip(p.production, s.pool, v.colour_ev))
        production += max(0, w.rules.hand - len(p.hand)) * v.card_v
        # in play order: ``used`` is a set of strings, whose order changes with the hash seed,
        # and a float sum in another order can tip a close choice (same seed, same game)
        production += sum(max(0.0, v.blue_use(w.projects[c])) for c in p.played if c in p.used)
        held = sorted(v.sv[i] for i, n in enumerate(p.dice) for _ in range(n))
        excess = len(held) - s.keep_limit(v.seat)
        if excess > 0:
            production -= sum(held[:excess])
        choice = PRODUCTION if production > action_value else ACTIONS
        if choice == ACTIONS and first is not None:
            self.planned, self.expect = [first], (s, s.stamp + 1, v.seat)
        return choice if choice in legal else legal[0]

    def _return(self, v: Valuer, legal: Any) -> Action:
        """Give back, one by one, the dice whose loss leaves the targets closest, down to the
        keep limit (planned at once; wild tokens are never returned)."""
        plan = Plan(v)
        p, w, s = v.p, v.world, v.state
        dice = list(p.dice)
        out: list[Action] = []
        for _ in range(sum(dice) - s.keep_limit(v.seat)):
            best, top = -1, -1e18
            for sym, n in enumerate(dice):
                if n:
                    dice[sym] -= 1
                    x = plan.progress(dice, p.wilds) - v.sv[sym]
                    dice[sym] += 1
                    if x > top + 1e-9:
                        best, top = sym, x
            dice[best] -= 1
            out.append(("return", w.symbols[best]))
        out.append(KEEP)
        self.planned, self.expect = out[1:], (s, s.stamp + 1, v.seat)
        return out[0]

    def _discard(self, v: Valuer, legal: Any) -> Action:
        """Discard every hand card whose gain does not cover a plain cost, then draw (the
        builder, while the game is young, also the other colours' cards that gain less than
        a green card would: it digs for production)."""
        w, s = v.world, v.state
        dig = DISCARD_BELOW + DIG * (v.growth - 1.0)
        out: list[Action] = []
        for a in legal:
            if a[0] == "discard":
                card = w.projects[a[1]]
                worth = v.project(card) - v.plain_cost(card.cost)
                if worth < (DISCARD_BELOW if card.colour == "green" else dig):
                    out.append(a)
        out.append(DRAW)
        self.planned, self.expect = out[1:], (s, s.stamp + 1, v.seat)
        return out[0]

    def _set(self, v: Valuer, legal: Any) -> Action:
        """The die turn that brings a target closest, or stop when none helps."""
        plan = Plan(v)
        p, w = v.p, v.world
        current = plan.main_value(p.dice, p.wilds)
        best, top = STOP, current + 1e-6
        for a in legal:
            if a[0] != "set":
                continue
            dice = list(p.dice)
            x, y = w.symbol_index[a[1]], w.symbol_index[a[2]]
            dice[x] -= 1
            dice[y] += 1
            score = plan.main_value(dice, p.wilds) + v.sv[y] - v.sv[x]
            if score > top:
                best, top = a, score
        return best


def _best(actions: Any, value: Any) -> Action:
    """The first action of the highest value."""
    best, top = None, -1e18
    for a in actions:
        x = value(a)
        if x > top + 1e-9:
            best, top = a, x
    return best


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random``, ``greedy[:W]`` or ``builder[:B[:W]]``."""
    if spec.name == "random":
        return RandomBot()
    if spec.name == "greedy":
        future = float(spec.params[0]) if spec.params else 1.0
        if not 0.0 <= future <= 5.0:
            raise ValueError("the future weight W must be between 0 and 5")
        return GreedyBot(future, 0.0, name=str(spec))
    if spec.name == "builder":
        bonus = float(spec.params[0]) if spec.params else BUILDER
        future = float(spec.params[1]) if len(spec.params) > 1 else 1.0
        if not 0.0 <= bonus <= 10.0 or not 0.0 <= future <= 5.0:
            raise ValueError("builder:B:W needs B between 0 and 10 and W between 0 and 5")
        return GreedyBot(future, bonus, name=str(spec))
    raise KeyError(spec.name)
