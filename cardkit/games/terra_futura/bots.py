"""Terra Futura bots: random-legal, greedy and cautious.

The greedy bot values its own tableau as: the points it would score now (resources on active
cards, the better of its two scoring methods, minus the polluted cards), plus — weighted by the
share of its placements still to come and by ``W`` (``greedy:W``, default 1) — the progress
toward the next set of each scoring method (a partial set counts in proportion), a small worth
for raw materials and money one of its active cards can still convert, and a small loss for
every inactive card (the production it will not give again).

Taking and placing: it tries every face-up card (never the unknown top card, unless no card is
face up) at every legal position (positions that activate the same cards are worked out once),
on a copy of its tableau, resolves the activation greedily — in passes, the cards with only
free options first, then the others, each card with the option and wildcard choice that raises
the value most, or not at all when none does, until a pass activates nothing (a payment can
free room on a card passed over); a cube goes into a free slot first, else onto the card whose
loss costs least — and keeps the best. It remembers that plan and plays it out over the next
decisions (deciding afresh if the game ever differs). Wildcards in planning: it pays with its
most plentiful raw materials and gains all of one kind. Where a price can be paid from several
cards it pays from the card with resources most at risk first (:func:`payer`: cards without a
free pollution slot, then the fullest card, then reading order). Before taking, it discards a
row's far card when a look at what would replace it is worth it (:meth:`GreedyBot._discard`).
Final phase: the pattern whose activation plus the best method scores most (the exact score, no
future terms), then the best method. Ties go to the bot's own generator.

The cautious bot is the greedy one that also counts every inactive card as a heavy loss and
every polluted card as more than its point while placements remain, so it prefers clean
options and free slots.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from ...sim.protocol import Action, BotSpec
from .engine.activation import (Card, Payment, Tableau, affordable, bill, fits, gain_size,
                                 pattern_positions)
from .engine import DONE, KEEP, LEVELS, TerraFuturaState
from .engine.scoring import final_score
from .engine.territory import Pos, Territory
from .engine.world import CardFacts, OptionFacts, ScoringFacts, World

#: Worth of a raw material or money an active card can still convert (times the weight).
CONVERT = 0.4
#: Loss per inactive card for the greedy bot (times the weight) and for the cautious one.
IDLE = 1.5
HEAVY = 8.0
#: Extra loss per polluted card for the cautious bot.
EXTRA = 1.5
#: Cards the bot looks at to judge a discard, and the mean gain (points) that makes it worth it.
LOOK = 3
WORTH_A_LOOK = 0.5


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"

    def choose(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


def method_specs(world: World, methods: tuple[ScoringFacts, ...]) -> tuple[Any, ...]:
    """Per scoring method, what :meth:`Valuer.of` needs: the fixed amounts, the raw amounts,
    the raw materials a set uses, the wildcards, the points and the set's size."""
    raw = world.raw
    specs = []
    for s in methods:
        need = tuple((i, n) for i, n in enumerate(s.combination) if n)
        size = s.combination_any + sum(n for _, n in need)
        if size:
            specs.append((need, tuple((i, s.combination[i]) for i in raw),
                          sum(s.combination[i] for i in raw) + s.combination_any,
                          s.combination_any, s.points, size))
    return tuple(specs)


def pays(world: World, facts: CardFacts) -> frozenset[int]:
    """The resources a card's options pay with (every raw material for a wildcard)."""
    out: set[int] = set()
    for o in facts.options:
        out.update(i for i, n in enumerate(o.pay) if n)
        if o.pay_any:
            out.update(world.raw)
    return frozenset(out)


@dataclass(slots=True)
class Valuer:
    """The value of one seat's tableau (see the module docstring), from its totals."""

    world: World
    specs: tuple[Any, ...]  # the seat's scoring methods, from :func:`method_specs`
    weight: float  # W times the share of placements still to come; 0 in the final phase
    cautious: bool
    payable: frozenset[int] = frozenset()  # resources some active card converts

    def of(self, total: list[int], polluted: int, inactive: int) -> float:
        """The value of a tableau holding ``total`` on its active cards."""
        w = self.world
        v = float(sum(map(mul, total, w.points)))
        have_raw = total[0] + total[1] + total[2] if w.raw == (0, 1, 2) else \
            sum(total[i] for i in w.raw)
        best = 0.0
        weight = self.weight
        for need, raw_combo, per_set_raw, wild, points, size in self.specs:
            # complete sets, as ScoringFacts.sets: the spare raw materials fall linearly
            k = have_raw // per_set_raw if wild else 10 ** 6
            for i, n in need:
                q = total[i] // n
                if q < k:
                    k = q
            score = float(k * points)
            if weight:
                have = 0
                for i, n in need:
                    x = total[i] - k * n
                    have += x if x < n else n
                if wild:
                    spare = 0
                    for i, n in raw_combo:
                        x = total[i] - (k + 1) * n
                        if x > 0:
                            spare += x
                    have += spare if spare < wild else wild
                score += weight * points * have / size
            if score > best:
                best = score
        v += best - w.penalty * polluted
        if weight:
            v += weight * (CONVERT * sum(total[i] for i in self.payable) - IDLE * inactive)
            if self.cautious:
                v -= HEAVY * inactive + EXTRA * polluted
        return v

    def value(self, tab: Tableau) -> float:
        """The value of ``tab``."""
        return self.of(tab.totals(), tab.polluted(), tab.inactive())

    def cube_cost(self, slot_free: bool, clean: bool, held: list[int]) -> tuple[int, float]:
        """What one more cube costs on a card, free slots first: a free slot costs the penalty
        if the card was clean; its centre also loses what lies on the card and the card."""
        w = self.world
        first = w.penalty + (EXTRA if self.cautious and self.weight else 0.0) if clean else 0.0
        if slot_free:
            return (0, first)
        lost = sum(n * p for n, p in zip(held, w.points))
        idle = self.weight * (IDLE + (HEAVY if self.cautious else 0.0))
        return (1, first + lost + idle)


def cube_target(tab: Tableau, options: list[Pos], valuer: Valuer,
                rng: random.Random | None) -> Pos:
    """The active card where a cube costs least — a free slot first (ties: the first in
    reading order, or the bot's generator)."""
    scored = []
    for pos in options:
        c = tab.cards[pos]
        scored.append((valuer.cube_cost(c.slot < c.facts.slots, not c.polluted, c.held), pos))
    low = min(v for v, _ in scored)
    best = [p for v, p in scored if v == low]
    return best[0] if rng is None or len(best) == 1 else rng.choice(best)


def variants(card: Card, option: OptionFacts, total: list[int],
             raw: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The wildcard choices the planner tries: pay from the most plentiful raw material (one
    at a time); gain all of one raw material. Empty when the option is not offered (it cannot
    be paid for, or its gain would not fit ``card`` once paid)."""
    if not affordable(total, option, raw):
        return []
    left = [total[i] - option.pay[i] for i in range(len(total))]
    pay: list[int] = []
    for _ in range(option.pay_any):
        i = max(raw, key=lambda j: (left[j], -j))
        left[i] -= 1
        pay.append(i)
    pay_any = tuple(sorted(pay))
    if not fits(card, option, bill(option, pay_any)):
        return []
    if not option.gain_any:
        return [(pay_any, ())]
    return [(pay_any, (i,) * option.gain_any) for i in raw]


def payer(tab: Tableau, step: Payment) -> Pos:
    """The card the bots pay one unit from: resources most at risk first — a card with no
    free pollution slot (a cube in its centre would lose them), then the fullest card (paying
    frees room under a storage limit), then reading order."""
    def risk(pos: Pos) -> tuple[bool, int, Pos]:
        c = tab.cards[pos]
        return (c.slot < c.facts.slots, c.room(), pos)
    return min(step.sources, key=risk)


@dataclass(slots=True)
class Sim:
    """One player's tableau, to try activations on. The tableau is shared with the game (read
    only) until the first activation is applied: then it is copied (``owned``)."""

    world: World
    tab: Tableau
    owned: bool = False

    def activate(self, pending: list[Pos], valuer: Valuer,
                 start: tuple[list[int], int, int] | None = None) -> tuple[list[Action], float]:
        """Resolve the activation of ``pending`` as the engine will — in passes, cards with only
        free options first, each card's best choice if it raises the value, until a pass
        activates nothing (a payment may free room on a card passed over) — and return the
        decisions (activations, payments, pollution, ``done`` if cards could still activate)
        and the value reached. ``start``: the tableau's totals, polluted and inactive cards, if
        known."""
        w = self.world
        tab = self.tab
        left = sorted(pending, key=lambda p: (not all(o.free for o in tab.cards[p].facts.options),
                                              p))
        total, polluted, inactive = start or (tab.totals(), tab.polluted(), tab.inactive())
        current = valuer.of(total, polluted, inactive)
        plan: list[Action] = []
        progressed = True
        while progressed and left:
            progressed = False
            for pos in list(left):
                card = tab.cards[pos]
                if not card.active:
                    continue
                best = None
                for k, option in enumerate(card.facts.options):
                    for pay_any, gain_any in variants(card, option, total, w.raw):
                        v, after = self._try(valuer, total, polluted, inactive, pos, option,
                                             pay_any, gain_any)
                        if v > current + 1e-9 and (best is None or v > best[0]):
                            best = (v, ("activate", pos, k, pay_any, gain_any), after)
                if best is None:
                    continue
                cubes = self.resolve(best[1], valuer)
                plan.append(best[1])
                plan.extend(cubes)
                tab = self.tab  # now a copy of its own
                left.remove(pos)
                progressed = True
                if any(a[0] == "pollute" for a in cubes):  # where cubes went changes the count
                    total, polluted, inactive = tab.totals(), tab.polluted(), tab.inactive()
                    current = valuer.of(total, polluted, inactive)
                else:  # without pollution the estimate is exact
                    current, total = best[0], best[2]
        if left and tab.can_activate(w, left):
            plan.append(DONE)
        return plan, current

    def _try(self, valuer: Valuer, total: list[int], polluted: int, inactive: int, pos: Pos,
             option: OptionFacts, pay_any: tuple[int, ...],
             gain_any: tuple[int, ...]) -> tuple[float, list[int]]:
        """The value and the totals after one activation, worked out from the totals
        (nothing changes; exact without pollution, an estimate with it)."""
        card = self.tab.cards[pos]
        need = bill(option, pay_any)
        new = [t - n for t, n in zip(total, need)]
        room = card.room()
        if gain_size(option) > room:  # the card pays what makes room for the gain first
            room += sum(min(n, h) for n, h in zip(need, card.held))
        for i, n in enumerate(option.gain):
            if n:
                take = min(n, room)
                new[i] += take
                room -= take
        for i in gain_any:
            if room:
                new[i] += 1
                room -= 1
        cubes = option.pollution
        if cubes:
            cards = [[c.slot < c.facts.slots, not c.polluted, c.held, c.facts.slots - c.slot]
                     for c in self.tab.cards.values() if c.active]
            costs = [valuer.cube_cost(*c[:3]) for c in cards]
            for _ in range(cubes):
                if not cards:
                    break
                j = costs.index(min(costs))
                slot_free, clean, held, free = cards[j]
                polluted += clean
                if slot_free:
                    cards[j] = [free > 1, False, held, free - 1]
                    costs[j] = valuer.cube_cost(free > 1, False, held)
                else:
                    inactive += 1
                    new = [a - b for a, b in zip(new, held)]
                    cards.pop(j)
                    costs.pop(j)
        return valuer.of(new, polluted, inactive), new

    def resolve(self, action: Action, valuer: Valuer) -> list[Action]:
        """Apply one activation and place its pollution where it costs least."""
        _, pos, k, pay_any, gain_any = action  # type: ignore[misc]
        if not self.owned:
            self.tab, self.owned = self.tab.copy(), True
        option = self.tab.cards[pos].facts.options[k]
        tab = self.tab
        out: list[Action] = tab.resolve(pos, option, pay_any, gain_any,
                                        lambda step: payer(tab, step))
        for _ in range(option.pollution):
            active = tab.active_cards()
            if not active:
                break
            target = cube_target(tab, [p for p, _ in active], valuer, None)
            tab.pollute(target)
            out.append(("pollute", target))
        return out


@dataclass(slots=True)
class GreedyBot:
    """Best tableau value after the card's activation (see the module docstring)."""

    weight: float = 1.0
    cautious: bool = False
    name: str = "greedy"
    plan: list[Action] = field(default_factory=list)
    stamp: int = -1  # the state's action count the plan's next decision expects
    owner: tuple[Any, int] | None = None  # (state, seat) the plan is for
    specs: dict[tuple[ScoringFacts, ...], tuple[Any, ...]] = field(default_factory=dict)
    paying: dict[CardFacts, frozenset[int]] = field(default_factory=dict)
    valued: tuple[Any, dict[str, Any]] = (None, {})  # this turn's card values (``_options``)

    def choose(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        """Follow the plan while it fits, else decide afresh (one bot may serve several seats
        and games: a plan is kept for the state and seat it was made for)."""
        legal = state.legal_actions()
        owner = self.owner
        if self.plan and owner is not None and owner[0] is state and owner[1] == seat and \
                state.stamp == self.stamp and self.plan[0] in legal:
            self.stamp += 1
            return self.plan.pop(0)
        self.plan = []
        self.owner = (state, seat)
        phase = state.phase
        if phase == "discard":
            return self._discard(state, seat, rng)
        if phase == "pay":  # a payment the plan did not foresee: the bots' rule
            step = state.payment_step()
            assert step is not None
            return ("pay", step.resource, payer(state.players[seat].tableau, step))
        if phase == "take":
            return self._take(state, seat, rng, legal)
        if phase == "place":  # a turn begun elsewhere (a search's copy): place the card in hand
            return self._place(state, seat, rng)
        if phase in ("activate", "pollute"):
            return self._activation(state, seat, rng, legal)
        if phase == "pattern":
            return self._pattern(state, seat, rng)
        return self._method(state, seat, rng)

    def valuer(self, state: TerraFuturaState, seat: int, placed: int,
               extra: CardFacts | None = None) -> Valuer:
        """The valuer after ``placed`` of the seat's placements (``extra``: a card about to
        join the tableau)."""
        w = state.world
        me = state.players[seat]
        share = 0.0 if state.final else max(0, w.placements - placed) / w.placements
        payable: frozenset[int] = frozenset()
        for c in me.tableau.cards.values():
            if c.active:
                payable |= self._pays(w, c.facts)
        if extra is not None:
            payable |= self._pays(w, extra)
        methods = tuple(w.scoring[k] for k in me.scoring)
        if methods not in self.specs:
            self.specs[methods] = method_specs(w, methods)
        return Valuer(w, self.specs[methods], self.weight * share, self.cautious, payable)

    def _pays(self, world: World, facts: CardFacts) -> frozenset[int]:
        if facts not in self.paying:
            self.paying[facts] = pays(world, facts)
        return self.paying[facts]

    def _sim(self, state: TerraFuturaState, seat: int, tab: Tableau | None = None) -> Sim:
        return Sim(state.world, tab or state.players[seat].tableau)

    def _options(self, state: TerraFuturaState, seat: int,
                 facts: CardFacts) -> tuple[float, list[tuple[Pos, list[Action]]]]:
        """The best value of taking ``facts`` now, and every placement (with the plan of its
        activation) that reaches it (remembered for the turn: the discard step and the take
        step of one turn value the same tableau)."""
        key = self.valued[0]
        if key is None or key[0] is not state or key[1:] != (seat, state.turn):
            self.valued = ((state, seat, state.turn), {})
        known = self.valued[1].get(facts.id)
        if known is not None:
            return known
        me = state.players[seat]
        cells = me.tableau.territory.cells
        width = len(state.world.stored)
        start = (me.tableau.totals(), me.tableau.polluted(), me.tableau.inactive())
        valuer = self.valuer(state, seat, len(me.tableau.cards), facts)
        best: list[tuple[Pos, list[Action]]] = []
        top = None
        # positions that activate the same cards give the same result: try one of them
        tried: dict[frozenset[Pos], tuple[float, list[Action], Pos]] = {}
        for pos in me.tableau.territory.legal_positions():
            # the position is legal: build the grid without checking it again
            territory = Territory(cells | {pos})
            activated = territory.activated(pos)
            key = frozenset(activated) - {pos}
            if key in tried:
                v, plan, was = tried[key]
                plan = [_moved(a, was, pos) for a in plan]
            else:
                tab = Tableau(territory, {**me.tableau.cards, pos: Card(facts, [0] * width)})
                plan, v = self._sim(state, seat, tab).activate(activated, valuer, start)
                tried[key] = (v, plan, pos)
            if top is None or v > top + 1e-9:
                top, best = v, []
            if v >= top - 1e-9:
                best.append((pos, plan))
        out = (top if top is not None else float("-inf")), best
        self.valued[1][facts.id] = out
        return out

    def _take(self, state: TerraFuturaState, seat: int, rng: random.Random,
              legal: Any) -> Action:
        best: list[tuple[Action, list[Action]]] = []
        top = None
        seen = set()
        for action in legal:
            if action[0] != "take":
                continue
            card = state.levels[action[1]].row[action[2]]
            if card in seen:
                continue
            seen.add(card)
            v, placements = self._options(state, seat, state.world.cards[card])
            if top is None or v > top + 1e-9:
                top, best = v, []
            if v >= top - 1e-9:
                best.extend((action, [("place", *pos), *plan]) for pos, plan in placements)
        if not best:
            return rng.choice([a for a in legal if a[0] == "top"])
        action, plan = best[0] if len(best) == 1 else rng.choice(best)
        self.plan, self.stamp = plan, state.stamp + 1
        return action

    def _discard(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        """Discard a row's far card (an optional step of the turn) when the card that would
        replace it is worth a look: the far card is not among the best takes, and over
        :data:`LOOK` cards drawn (with the bot's generator) from those of its level the seat has
        not seen, the mean gain over the best take exceeds :data:`WORTH_A_LOOK` points."""
        world = state.world
        values = {c: self._options(state, seat, world.cards[c])[0]
                  for lv in LEVELS for c in state.levels[lv].row}
        if not values:
            return KEEP
        top = max(values.values())
        placed = Counter(c.facts.id for p in state.players for c in p.tableau.cards.values())
        for lv in LEVELS:
            row = state.levels[lv].row
            if not row or values[row[-1]] >= top - 1e-9:
                continue
            seen = placed + Counter(row) + Counter(state.levels[lv].discard)
            pool = sorted((Counter(c.id for c in world.levels[lv]) - seen).elements())
            if not pool:
                continue
            look = rng.sample(pool, min(LOOK, len(pool)))
            gain = sum(max(0.0, self._options(state, seat, world.cards[c])[0] - top)
                       for c in look) / len(look)
            if gain > WORTH_A_LOOK:
                return ("discard", lv)
        return KEEP

    def _place(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        """Where to place the card in hand: the position whose activation is worth most, as
        :meth:`_take` values it (the bot plans the placement when it takes the card; this is for
        a state whose take it did not plan, such as a search bot's determinization)."""
        me = state.players[seat]
        assert state.hand is not None
        facts = state.world.cards[state.hand]
        valuer = self.valuer(state, seat, len(me.tableau.cards), facts)
        width = len(state.world.stored)
        start = (me.tableau.totals(), me.tableau.polluted(), me.tableau.inactive())
        best: list[tuple[Pos, list[Action]]] = []
        top = None
        for pos in me.tableau.territory.legal_positions():
            territory = Territory(me.tableau.territory.cells | {pos})
            tab = Tableau(territory, {**me.tableau.cards, pos: Card(facts, [0] * width)})
            plan, v = self._sim(state, seat, tab).activate(territory.activated(pos), valuer,
                                                           start)
            if top is None or v > top + 1e-9:
                top, best = v, []
            if v >= top - 1e-9:
                best.append((pos, plan))
        pos, plan = best[0] if len(best) == 1 else rng.choice(best)
        self.plan, self.stamp = plan, state.stamp + 1
        return ("place", *pos)

    def _activation(self, state: TerraFuturaState, seat: int, rng: random.Random,
                    legal: Any) -> Action:
        valuer = self.valuer(state, seat, len(state.players[seat].tableau.cards))
        tab = state.players[seat].tableau
        if state.phase == "pollute":
            return ("pollute", cube_target(tab, [a[1] for a in legal], valuer, rng))
        sim = self._sim(state, seat)
        plan, _ = sim.activate(state.pending, valuer)
        self.plan, self.stamp = plan[1:], state.stamp + 1
        return plan[0] if plan else DONE

    def _pattern(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        me = state.players[seat]
        valuer = self.valuer(state, seat, len(me.tableau.cards))
        scored = []
        for k, card in enumerate(me.scoring):
            sim = self._sim(state, seat)
            cells = pattern_positions(sim.tab.territory, state.world.scoring[card].pattern)
            plan, _ = sim.activate(cells, valuer)
            scored.append((_best_final(state, seat, sim.tab), k, plan))
        top = max(s for s, _, _ in scored)
        best = [(k, plan) for s, k, plan in scored if s == top]
        k, plan = best[0] if len(best) == 1 else rng.choice(best)
        self.plan, self.stamp = plan, state.stamp + 1
        return ("pattern", k)

    def _method(self, state: TerraFuturaState, seat: int, rng: random.Random) -> Action:
        totals = [state.breakdown(seat, k).total for k in range(len(state.players[seat].scoring))]
        best = [k for k, t in enumerate(totals) if t == max(totals)]
        return ("method", best[0] if len(best) == 1 else rng.choice(best))


def _moved(action: Action, was: Pos, pos: Pos) -> Action:
    """``action`` of a plan made for the new card at ``was``, for the new card at ``pos``."""
    if action[0] in ("activate", "pollute") and action[1] == was:  # type: ignore[index]
        return (action[0], pos, *action[2:])  # type: ignore[index]
    if action[0] == "pay" and action[2] == was:  # type: ignore[index]
        return ("pay", action[1], pos)  # type: ignore[index]
    return action


def _best_final(state: TerraFuturaState, seat: int, tab: Tableau) -> int:
    """The seat's final score with ``tab`` and the better of its scoring methods."""
    w = state.world
    held = [c.held for c in tab.cards.values() if c.active]
    return max(final_score(w, held, tab.polluted(), w.scoring[k]).total
               for k in state.players[seat].scoring)


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random``, ``greedy[:W]`` or ``cautious[:W]``."""
    if spec.name == "random":
        return RandomBot()
    if spec.name in ("greedy", "cautious"):
        weight = float(spec.params[0]) if spec.params else 1.0
        if not 0.0 <= weight <= 5.0:
            raise ValueError("the future weight W must be between 0 and 5")
        return GreedyBot(weight, spec.name == "cautious", name=str(spec))
    raise KeyError(spec.name)
