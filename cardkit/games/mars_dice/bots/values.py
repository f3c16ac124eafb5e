"""What the Mars Dice bots value, in victory points, worked out once per decision (no state copy).

A :class:`Valuer` is made for one seat at one decision. It holds:

- the **time left**: the seat's turns still to come, estimated from the global tracks (the two
  furthest tracks' progress against the turns the seat has taken; 1 in the last round), and the
  production turns among them (:data:`PRODUCTION_SHARE` of the turns after this one);
- a value per die **symbol** (:data:`CONVERTIBLE` when a standard conversion takes it, else
  :data:`PLAIN`, plus :data:`DEMAND` when a hand card's cost names it), a wild token's (the best
  symbol's plus :data:`WILD_EXTRA`), and a die colour's expected value over its faces;
- per track the value of its next step (its VP, plus the bonus at the level it reaches) and per
  tile kind the best placement (tile VP, the area bonus, the track step; a parameter at its
  maximum: the smaller VP).

From these: an effect's value, a project's **gain** (its VP; green: its dice per production
times the production turns left; red: its effects; blue: its best action per use times the uses
left, its triggers, its storage; the award symbols of its cost — the place it would move the
seat to now, plus :data:`AWARD_SYMBOL` each — and a milestone it completes), a conversion's and a
blue action's gain, and what a payment spends (the dice paid, then wilds). ``future`` weights
everything that pays later (``greedy:W``); ``growth`` multiplies the production terms (the
builder's early bonus).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import hexmap
from ..engine.payment import split, wilds_needed
from ..engine.scoring import globals_target, measure, places, symbols

if TYPE_CHECKING:
    from ..engine import MarsDiceState
    from ..engine.world import Cost, ProjectFacts

CONVERTIBLE = 0.42
PLAIN = 0.3
DEMAND = 0.08
WILD_EXTRA = 0.15
#: A card drawn (before knowing it), and a bonus card taken at a VP threshold.
CARD_DRAW = 0.45
BONUS_CARD = 1.5
#: A die turned by a ``turn`` effect.
TURN_DIE = 0.2
#: Each award symbol beyond the place it buys now; the share of a milestone's VP per unit of
#: progress toward it (as a fraction of its goal).
AWARD_SYMBOL = 0.25
MILESTONE_PROGRESS = 0.3
#: Share of the turns after this one that are production turns; storage per die and turn left.
PRODUCTION_SHARE = 0.35
STORAGE_DIE = 0.12
#: Turns a seat plays when nothing is known yet (no global step done).
DEFAULT_TURNS = 26
#: Solo: what a step of a track the win needs is worth beyond its VP (on the track that lacks
#: the most steps; the others down to ``SOLO_FLOOR`` of it, in proportion to what they lack).
SOLO_STEP = 10.0
SOLO_FLOOR = 0.4
#: Potential of a target still short of dice: its gain times this per missing symbol.
SHORT = 0.45


class Valuer:
    """The values of one decision of one seat (see the module docstring)."""

    __slots__ = ("_areas", "_awards", "_gains", "_measures", "card_v", "colour_ev", "future",
                 "growth", "left", "p", "productions", "progress", "seat", "solo", "state",
                 "step_v", "sv", "tile_v", "wild_v", "world")

    def __init__(self, state: MarsDiceState, seat: int, future: float = 1.0,
                 builder: float = 0.0, areas: dict[Any, int] | None = None,
                 memo: list[Any] | None = None) -> None:
        w = state.world
        self.state, self.world, self.seat = state, w, seat
        p = self.p = state.players[seat]
        fractions = sorted((lv / t.levels for t, lv in zip(w.tracks, state.tracks)),
                           reverse=True)
        need = max(1, globals_target(w, len(state.players)))
        progress = sum(fractions[:need]) / need if fractions else 1.0
        self.progress = progress
        if state.last_round is not None:
            left = 1.0
        elif progress < 0.15:
            left = max(5.0, DEFAULT_TURNS - p.turns)
        else:
            left = min(40.0, max(1.0, p.turns / progress - p.turns))
        if len(state.players) == 1:
            left = min(left, float(max(1, w.rules.solo_turns - p.turns)))
        self.left = left
        self.productions = max(0.0, left - 1.0) * PRODUCTION_SHARE
        self.future = future
        self.growth = 1.0 + builder * max(0.0, 1.0 - progress / 0.5)
        #: A card drawn (weighted like every later gain).
        self.card_v = CARD_DRAW * future
        conv = {s for c in w.conversions.values() for s, _ in c.pay if s >= 0}
        sv = [CONVERTIBLE if s in conv else PLAIN for s in range(len(w.symbols))]
        for cid in p.hand:
            for s, _ in w.projects[cid].cost:
                if s >= 0:
                    sv[s] += DEMAND
        self.sv = sv
        self.wild_v = max(sv, default=0.0) + WILD_EXTRA
        self.colour_ev = [sum(sv[s] for s in c.table) / len(c.table) if c.table else 0.0
                          for c in w.colours]
        #: Solo: the tracks the win needs (all of them), each step worth more — the more, the
        #: more steps its track still lacks against the others (the win waits for the last).
        self.solo: dict[int, float] = {}
        if len(state.players) == 1:
            ranked = sorted(range(len(w.tracks)), key=lambda i: (
                -state.tracks[i] / w.tracks[i].levels, i))
            lacking = {i: w.tracks[i].levels - state.tracks[i] for i in ranked[:need]
                       if state.tracks[i] < w.tracks[i].levels}
            most = max(lacking.values(), default=1)
            self.solo = {i: SOLO_STEP * (SOLO_FLOOR + (1 - SOLO_FLOOR) * n / most)
                         for i, n in lacking.items()}
        self.step_v = [self._step(i) for i in range(len(w.tracks))]
        self.tile_v: list[float | None] = [None] * len(w.tiles)  # worked out when asked
        self._awards: dict[str, Any] | None = None
        self._measures: dict[Any, int] = {}
        #: ``(tile, board) -> best area`` (-1: none), shared by the decisions of one bot.
        self._areas = {} if areas is None else areas
        self._gains: dict[Any, float] = self._memo(memo)

    def _memo(self, memo: list[Any] | None) -> dict[Any, float]:
        """The gains of projects and conversions already worked out for this seat while
        nothing they depend on has changed (``memo``: ``[state, key, gains]``, kept by the bot
        across the decisions of a turn; the state itself, not its id, so a new game never
        matches)."""
        if memo is None:
            return {}
        s, p = self.state, self.p
        key = (self.seat, p.turns, tuple(p.hand), tuple(s.tracks), s.last_round,
               tuple(n > 0 for n in s.pool), tuple(s.tiles_left), tuple(s.board),
               len(p.triggers), tuple(len(q.played) for q in s.players), len(s.claimed),
               tuple(p.tiles), tuple(p.production), p.vp, p.reached, len(s.bonus_stack),
               self.future, self.growth)
        if memo and memo[0] is s and memo[1] == key:
            return memo[2]
        memo[:] = [s, key, {}]
        return memo[2]

    # -- building blocks ------------------------------------------------------------------------
    def _step(self, track: int) -> float:
        t = self.world.tracks[track]
        level = self.state.tracks[track]
        if level >= t.levels:
            return float(t.vp_past_maximum)
        bonus = t.bonuses.get(level + 1, ())
        return t.vp_per_step + sum(self._simple(e) for e in bonus) + self.solo.get(track, 0.0)

    def tile(self, tile: int) -> float:
        """The best placement of a tile kind now (0: none; a completed parameter: its VP)."""
        got = self.tile_v[tile]
        if got is None:
            got = self.tile_v[tile] = self._tile(tile)
        return got

    def _tile(self, tile: int) -> float:
        w, s = self.world, self.state
        facts = w.tiles[tile]
        if facts.track >= 0 and s.tracks[facts.track] >= w.tracks[facts.track].levels:
            return float(w.tracks[facts.track].vp_past_maximum)
        if s.tiles_left[tile] <= 0:
            return 0.0
        key = (tile, tuple(s.board))
        area = self._areas.get(key)
        if area is None:
            if len(self._areas) > 20000:
                self._areas.clear()
            area = self._areas[key] = self.best_area(tile)
        if area < 0:
            return 0.0
        best = self.area_value(tile, area)
        step = self._step(facts.track) if facts.track >= 0 else 0.0
        triggers = sum(self.effects(t.effects, simple=True) for t, _ in self.p.triggers
                       if t.on == facts.id)
        return best + step + triggers

    def best_area(self, tile: int) -> int:
        """The legal area where ``tile`` scores most now (the first of equals; -1: none)."""
        best, top = -1, -1e9
        for a in hexmap.legal_areas(self.world, self.state.board, tile):
            x = self.area_value(tile, a)
            if x > top + 1e-9:
                best, top = a, x
        return best

    def area_value(self, tile: int, area: int) -> float:
        """What placing ``tile`` on ``area`` scores now: the tile VP and the area's bonus (a
        little more for room left around a city or a greenery, where later tiles score)."""
        w, s = self.world, self.state
        facts = w.tiles[tile]
        v = hexmap.placement_vp(w, s.board, area, facts) + sum(
            self._simple(e) for e in w.areas[area].bonus)
        if not facts.ocean:
            v += 0.05 * sum(1 for n in w.areas[area].neighbours
                            if s.board[n] == hexmap.EMPTY and not w.areas[n].ocean)
        return v

    def _simple(self, e: Any) -> float:
        """An effect's value without tiles and tracks (bonuses of bonuses)."""
        do = e.do
        if do == "vp":
            return float(e.count)
        if do == "dice":
            return e.count * self._die(e)
        if do == "wild":
            return e.count * self.wild_v
        if do == "draw":
            return e.count * self.card_v
        if do == "turn":
            return e.count * TURN_DIE
        if do in ("raise", "tile"):
            return 2.0
        if do == "produce":
            return self.produce(e.dice)
        return 0.0

    def _die(self, e: Any) -> float:
        w = self.world
        ci = w.colour_ids.get(e.colour, -1)
        if ci < 0 or self.state.pool[ci] <= 0:
            return 0.0
        if e.face:
            s = w.symbol_index.get(e.face, -1)
            return self.sv[s] if s >= 0 else 0.0
        return self.colour_ev[ci]

    def produce(self, dice: dict[str, int]) -> float:
        """Production dice ``{colour: count}`` for the rest of the game."""
        w = self.world
        return sum(n * self.colour_ev[w.colour_ids[c]] for c, n in dice.items()
                   if c in w.colour_ids) * self.productions * self.future * self.growth

    def production(self, per_colour: tuple[int, ...] | list[int]) -> float:
        """Production dice per colour index for the rest of the game."""
        return sum(n * ev for n, ev in zip(per_colour, self.colour_ev)) * self.productions \
            * self.future * self.growth

    def effects(self, effects: Any, simple: bool = False) -> float:
        """The value of resolving ``effects`` now."""
        total = 0.0
        w = self.world
        for e in effects:
            do = e.do
            if simple or do not in ("raise", "tile"):
                total += self._simple(e)
            elif do == "raise":
                ti = w.track_ids.get(e.track, -1)
                if ti >= 0:
                    total += self.step_v[ti] + (e.steps - 1) * w.tracks[ti].vp_per_step
            else:
                ti = w.tile_ids.get(e.tile, -1)
                if ti >= 0:
                    total += self.tile(ti)
        return total

    # -- payments -------------------------------------------------------------------------------
    def spent(self, cost: Cost, dice: list[int]) -> float:
        """What paying ``cost`` from ``dice`` (then wilds) gives up."""
        used, wild = split(cost, dice)
        sv = self.sv
        return sum(sv[s] * n for s, n in used) + wild * self.wild_v

    def plain_cost(self, cost: Cost) -> float:
        """A cost's value when the dice are not known (each symbol at its value)."""
        sv = self.sv
        return sum((sv[s] if s >= 0 else self.wild_v) * n for s, n in cost)

    @staticmethod
    def missing(cost: Cost, dice: list[int], wilds: int) -> int:
        """Symbols the seat is short of for ``cost`` after its wilds (0: affordable)."""
        need = wilds_needed(cost, dice) - wilds
        return max(0, need)

    # -- milestones, awards, thresholds ---------------------------------------------------------
    def _measure(self, m: Any) -> int:
        key = (m.count, m.of)
        got = self._measures.get(key)
        if got is None:
            got = self._measures[key] = measure(self.world, self.p, m)
        return got

    def milestones(self, changes: dict[tuple[str, str | None], int]) -> float:
        """Milestones an action completes (their VP) or moves toward (a share), from the
        changes it makes to the seat's measures ``{(count, of): increase}``."""
        s = self.state
        if len(s.claimed) >= len(s.milestones):
            return 0.0
        vp = self.world.rules.milestone_vp
        total = 0.0
        for mid in s.milestones:
            if mid in s.claimed:
                continue
            m = self.world.milestones[mid]
            inc = changes.get((m.measure.count, m.measure.of), 0)
            if not inc:
                continue
            now = self._measure(m.measure)
            if now < m.at_least <= now + inc:
                total += vp
            elif now + inc < m.at_least:
                total += vp * MILESTONE_PROGRESS * inc / m.at_least * self.future
        return total

    def award_symbols(self, cost_ids: tuple[tuple[str, int], ...]) -> float:
        """What a project's cost symbols are worth for the awards in play: the award VP the
        seat's place would change by now, plus ``AWARD_SYMBOL`` per symbol."""
        s, w = self.state, self.world
        if not s.awards:
            return 0.0
        if self._awards is None:
            self._awards = {w.awards[aid].symbol: None for aid in s.awards}
        total = 0.0
        for sym, k in cost_ids:
            if sym not in self._awards:
                continue
            got = self._awards[sym]
            if got is None:
                vp = list(w.rules.award_vp)
                counts = [symbols(w, q, sym) for q in s.players]
                got = self._awards[sym] = (counts, places(counts, vp)[0][self.seat], vp)
            counts, before, vp = got
            after = list(counts)
            after[self.seat] += k
            total += places(after, vp)[0][self.seat] - before + AWARD_SYMBOL * k
        return total

    def threshold(self, vp: float) -> float:
        """A bonus card when ``vp`` more track VP pass the seat's next threshold."""
        rules = self.world.rules
        p = self.p
        if p.reached < len(rules.vp_thresholds) and self.state.bonus_stack and \
                p.vp < rules.vp_thresholds[p.reached] <= p.vp + vp:
            return BONUS_CARD
        return 0.0

    # -- what the targets gain ------------------------------------------------------------------
    def blue_use(self, card: ProjectFacts) -> float:
        """A blue card's best action, once (its effects less a plain payment)."""
        return max((self.effects(a.effects) - self.plain_cost(a.pay) for a in card.actions),
                   default=0.0)

    def uses_left(self) -> float:
        """Times a blue card played now can still be used."""
        return max(0.0, min(self.productions + 1.0, self.left - 1.0))

    def project(self, card: ProjectFacts) -> float:
        """What playing ``card`` gains (before its cost: see :meth:`spent`)."""
        got = self._gains.get(card.id)
        if got is None:
            got = self._gains[card.id] = self._project(card)
        return got

    def _project(self, card: ProjectFacts) -> float:
        w = self.world
        gain = float(card.vp)
        changes: dict[tuple[str, str | None], int] = {("cards", None): 1,
                                                      ("cards", card.colour): 1}
        total_cost = 0
        for sym, n in card.cost_ids:
            changes[("symbols", sym)] = n
            total_cost += n
        changes[("symbols", None)] = total_cost
        if card.colour == "green":
            gain += self.production(card.production)
            dice = sum(card.production)
            changes[("production", None)] = dice
            for ci, n in enumerate(card.production):
                if n:
                    changes[("production", w.colours[ci].id)] = n
        elif card.colour == "red":
            gain += self.effects(card.effects)
        if card.actions:
            gain += max(0.0, self.blue_use(card)) * self.uses_left() * self.future
        if card.triggers:
            gain += sum(self.effects(t.effects, simple=True) for t in card.triggers) \
                * self.left * 0.15 * self.future
        if card.storage:
            gain += card.storage * STORAGE_DIE * self.productions * self.future
        own = [t for t, _ in self.p.triggers if t.on == "play-" + card.colour]
        if own:
            gain += sum(self.effects(t.effects) for t in own)
        now = card.vp if not card.vp_end else 0
        if now:
            changes[("vp", None)] = now
            gain += self.threshold(now)
        gain += self.award_symbols(card.cost_ids) + self.milestones(changes)
        return gain

    def conversion(self, effects: Any) -> float:
        """What a conversion (or an action with these effects) gains, milestones included."""
        key = id(effects)  # the world's own tuples: alive as long as the engine
        got = self._gains.get(key)
        if got is None:
            got = self._gains[key] = self._conversion(effects)
        return got

    def _conversion(self, effects: Any) -> float:
        w = self.world
        gain = self.effects(effects)
        changes: dict[tuple[str, str | None], int] = {}
        vp = 0.0
        for e in effects:
            if e.do == "tile":
                ti = w.tile_ids.get(e.tile, -1)
                if ti >= 0 and self.tile(ti) > 1.5:
                    changes[("tiles", None)] = changes.get(("tiles", None), 0) + 1
                    changes[("tiles", e.tile)] = changes.get(("tiles", e.tile), 0) + 1
                    vp += self.tile(ti)
            elif e.do in ("raise", "vp"):
                vp += 2.0 if e.do == "raise" else e.count
        if vp:
            changes[("vp", None)] = int(vp)
            gain += self.threshold(vp)
        return gain + (self.milestones(changes) if changes else 0.0)

    def corporation(self, corp: Any) -> float:
        """A corporation's worth: its start, its production, its storage and abilities."""
        gain = self.effects(corp.start) + self.production(corp.production)
        gain += corp.storage * STORAGE_DIE * self.productions * self.future
        gain += sum(self.effects(t.effects, simple=True) for t in corp.triggers) \
            * self.left * 0.15 * self.future
        return gain
