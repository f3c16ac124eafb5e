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
from typing import Any

from ....sim.protocol import Action, BotSpec
from ..engine import DONE, KEEP, LEVELS, TerraFuturaState
from ..engine.activation import Card, Tableau, pattern_positions
from ..engine.scoring import final_score
from ..engine.territory import Pos, Territory
from ..engine.world import CardFacts, ScoringFacts, World
from .planning import Sim, Valuer, cube_target, method_specs, payer, pays

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
