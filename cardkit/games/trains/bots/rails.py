"""Where a Trains bot lays its rails and puts its stations.

Per map, prepared once per world (:func:`map_plan`, cached by world and map id): the places worth
reaching (cities and remote locations), the start hexes ranked, the route bonus cards' city hexes.
During a game a :class:`RailPlanner` (one per bot) keeps, for every place, its distance from the
bot's network (updated as rails are added, from the map's precomputed ``MapData.distance``, never
by a search per call) and a goal: the place with the best value for the distance. A rail is worth
what it reaches at once (a city by the stations it can expect, a remote location by its VP, a
route bonus city by its share of the bonus) plus a step toward the goal, minus its coins and Waste
at the bot's exchange rates (``coin_vp``, ``waste_vp``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.state import TrainsState
from ..engine.world import FAR, MapData, TrainsWorld


@dataclass(frozen=True, slots=True)
class MapPlan:
    """One map's static tables for the bots."""

    places: tuple[int, ...]  # cities and remote locations
    dist: dict[int, dict[int, int]]  # place -> hex -> land steps
    index: dict[int, int]  # place -> its position in ``places``
    rows: dict[int, tuple[int, ...]]  # hex -> steps to each place (FAR: none), as ``places``
    start_order: tuple[int, ...]  # start hexes, best first (no stations are placed yet)
    routes: dict[str, tuple[int, ...]]  # route bonus id -> its city hexes
    city_slots: dict[int, int]
    remote_vp: dict[int, int]
    entry: dict[int, int]  # place -> its static surcharge (what a rail onto it costs at least)


_PLANS: dict[tuple[int, str], tuple[TrainsWorld, MapPlan]] = {}


def map_plan(world: TrainsWorld, map_id: str) -> MapPlan:
    """The bots' tables for a map of a world (built once, then cached)."""
    key = (id(world), map_id)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is world:
        return hit[1]
    md = world.maps[map_id]
    plan = _build(world, md)
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[key] = (world, plan)  # the world is kept so that its id is not reused
    return plan


def _build(world: TrainsWorld, md: MapData) -> MapPlan:
    places = tuple(sorted((*md.city_slots, *md.remote_vp)))
    dist = {p: md.distance.get(p, {}) for p in places}
    first = next(iter(world.setups.values())).rules.city_vp

    def static(h: int) -> float:
        slots = md.city_slots.get(h)
        value = float(first[min(slots, 3)]) / 2 if slots else 0.0
        for n in md.neighbours[h]:
            s = md.city_slots.get(n)
            if s:
                value += first[min(s, 3)] / 4
            elif n in md.remote_vp:
                value += md.remote_vp[n] / 4
        return value

    start = tuple(sorted(md.start_hexes, key=lambda h: (-static(h), h)))
    routes = {b.id: tuple(md.cities[c] for c in b.cities if c in md.cities) for b in md.bonuses}
    rows = {h: tuple(dist[p].get(h, FAR) for p in places) for h in md.hexes}
    return MapPlan(places, dist, {p: i for i, p in enumerate(places)}, rows, start, routes,
                   dict(md.city_slots), dict(md.remote_vp),
                   {p: md.static_cost.get(p) or 0 for p in places})


def start_hex(state: TrainsState) -> int:
    """The best free start hex (cities with many slots and rich neighbours first)."""
    plan = map_plan(state.world, state.map_id)
    taken = {h for p in state.players for h in p.rails}
    return next(h for h in plan.start_order if h not in taken)


@dataclass(slots=True)
class RailPlanner:
    """One bot's view of its network: distances to places, and its current goal."""

    coin_vp: float = 0.4
    waste_vp: float = 0.5
    goal: int | None = None
    #: The player this view was built for, held and compared by identity (an id could be a
    #: freed player's, of another game).
    _game: Any = None
    _seat: int = -1
    _known: set[int] = field(default_factory=set)
    _near: list[int] = field(default_factory=list)  # steps from the network, as ``places``
    _goal_value: float = 0.0
    _city_vp: tuple[int, ...] = (0, 2, 4, 8)  # the rules set's, set by :meth:`sync`
    _plan: MapPlan | None = None  # this game's map, set by :meth:`sync`

    def sync(self, state: TrainsState, seat: int) -> MapPlan:
        """Bring the distances up to date with the seat's rails (new game: start over)."""
        me = state.players[seat]
        rails = me.rails
        plan = self._plan
        if self._game is not me or self._seat != seat or plan is None or \
                len(rails) < len(self._known):  # rails are only ever added
            plan = self._plan = map_plan(state.world, state.map_id)
            self._game, self._seat, self.goal = me, seat, None
            self._known = set()
            self._near = [FAR] * len(plan.places)
            self._city_vp = tuple(state.world.setups[state.setup_id].rules.city_vp)
        if len(rails) != len(self._known):
            near = self._near
            rows = plan.rows
            for r in rails - self._known:
                near = [a if a <= b else b for a, b in zip(near, rows[r])]  # min, pairwise
            self._near = near
            self._known = set(rails)
        return plan

    def place_value(self, state: TrainsState, seat: int, hex_id: int, plan: MapPlan) -> float:
        """What reaching a place is worth to the seat in VP (0 for other hexes)."""
        slots = plan.city_slots.get(hex_id)
        if slots:
            s = state.stations.get(hex_id, 0)
            value = float(self._city_vp[min(s + 1, slots, 3)])
        else:
            value = float(plan.remote_vp.get(hex_id, 0))
        if state.routes_open:
            rails = state.players[seat].rails
            for bid in state.routes_open:
                cities = plan.routes.get(bid, ())
                if hex_id in cities:
                    missing = sum(1 for c in cities if c not in rails)
                    value += _route_vp(state, bid) / max(1, missing)
        return value

    def choose_goal(self, state: TrainsState, seat: int, plan: MapPlan) -> int | None:
        """The place worth most for its distance from the network (kept until reached)."""
        rails = state.players[seat].rails
        goal = self.goal
        if goal is not None and goal not in rails:
            return goal
        best, best_score = None, -99.0
        near = self._near
        # place_value and the rail's entry cost (static surcharge, stations, others' rails),
        # inlined: the same arithmetic in the same order
        routes = bool(state.routes_open)
        stations = state.stations
        others = [p.rails for i, p in enumerate(state.players) if i != seat]
        slots_of, remote, entry = plan.city_slots, plan.remote_vp, plan.entry
        city_vp, coin_vp = self._city_vp, self.coin_vp
        for i, p in enumerate(plan.places):
            if p in rails:
                continue
            d = near[i]
            if d >= FAR:
                continue
            s = stations.get(p, 0)
            if routes:
                value = self.place_value(state, seat, p, plan)
            else:
                slots = slots_of.get(p)
                value = float(city_vp[min(s + 1, slots, 3)]) if slots else \
                    float(remote.get(p, 0))
            cost = entry[p] + s
            for r in others:
                if p in r:
                    cost += 1
            value = value - coin_vp * cost
            score = value / (1.0 + d)
            if score > best_score:
                best, best_score = p, score
        self.goal = best
        return best

    def rail_score(self, state: TrainsState, seat: int, hex_id: int, coins: int, waste: int,
                   plan: MapPlan) -> float:
        """A rail on ``hex_id`` costing ``coins`` and ``waste`` extra Waste, in VP."""
        score = -self.coin_vp * coins - self.waste_vp * waste
        if hex_id in plan.city_slots or hex_id in plan.remote_vp:
            score += self.place_value(state, seat, hex_id, plan)
        goal = self.goal
        if goal is not None and goal != hex_id:
            now = self._near[plan.index[goal]]
            d = plan.dist[goal].get(hex_id, FAR)
            if d < now:
                score += 0.5 * self._goal_value / max(1, now)
            elif d > now:
                score -= 0.1
        return score

    def best_rail(self, state: TrainsState, seat: int, costs: Any,
                  mods: dict[str, int] | None = None) -> tuple[int | None, float]:
        """The best rail of ``costs`` ((hex, coins) pairs, ``mods`` in force), and its score."""
        plan = self.sync(state, seat)
        goal = self.choose_goal(state, seat, plan)
        self._goal_value = self.place_value(state, seat, goal, plan) if goal is not None else 0.0
        no_others = bool((state.mods if mods is None else mods).get("no_opponent_surcharge"))
        players = state.players
        others: set[int] = set() if no_others else players[1 - seat].rails \
            if len(players) == 2 else set().union(*(p.rails for i, p in enumerate(players)
                                                    if i != seat))
        best, best_score = None, -99.0
        # rail_score, inlined (the bots' hottest loop): the same arithmetic in the same order
        coin_vp, waste_vp = self.coin_vp, self.waste_vp
        slots, remote = plan.city_slots, plan.remote_vp
        routes = bool(state.routes_open)
        stations, city_vp = state.stations, self._city_vp
        if goal is not None:
            now = self._near[plan.index[goal]]
            to_goal = plan.dist[goal]
            step = 0.5 * self._goal_value / max(1, now)
        for h, coins in costs:
            score = -coin_vp * coins - waste_vp * (1 if h in others else 0)
            if h in slots:  # place_value, inlined
                score += self.place_value(state, seat, h, plan) if routes else \
                    float(city_vp[min(stations.get(h, 0) + 1, slots[h], 3)]) if slots[h] else 0.0
            elif h in remote:
                score += self.place_value(state, seat, h, plan) if routes else \
                    float(remote[h])
            if goal is not None and goal != h:
                d = to_goal.get(h, FAR)
                if d < now:
                    score += step
                elif d > now:
                    score -= 0.1
            if score > best_score or (score == best_score and best is not None and h < best):
                best, best_score = h, score
        return best, best_score

    def station_score(self, state: TrainsState, seat: int, hex_id: int) -> float:
        """What one more station on a city is worth to the seat against the others (VP)."""
        city_vp = state.world.setups[state.setup_id].rules.city_vp
        s = state.stations.get(hex_id, 0)
        gain = city_vp[min(s + 1, 3)] - city_vp[min(s, 3)]
        score = 0.0
        for i, p in enumerate(state.players):
            if hex_id in p.rails:
                score += gain if i == seat else -gain
        if score == 0.0 and hex_id == self.goal:
            score = 0.3 * gain  # a city the bot is heading for
        return score

    def best_station(self, state: TrainsState, seat: int,
                     options: Any = None) -> tuple[int | None, float]:
        """The best city of ``options`` (cities with a free slot; None: the state's
        ``station_options()``, asked only when needed) for a station, and its score. Only
        cities someone has a rail on, and the goal, can score; the others score 0."""
        slots = map_plan(state.world, state.map_id).city_slots
        stations = state.stations
        seen: set[int] = set()
        best, best_score = None, -99.0
        goal = self.goal
        for p in state.players:
            for h in p.rails:
                if h in seen or h not in slots or stations.get(h, 0) >= slots[h]:
                    continue
                seen.add(h)
                score = self.station_score(state, seat, h)
                if score > best_score or (score == best_score and h < best):  # type: ignore[operator]
                    best, best_score = h, score
        if goal is not None and goal not in seen and goal in slots and \
                stations.get(goal, 0) < slots[goal]:
            score = self.station_score(state, seat, goal)
            if score > best_score:
                best, best_score = goal, score
        if best is not None and best_score >= 0.0:
            return best, best_score
        if options is None:
            options = state.station_options()
        # every city someone reached scores below 0: an untouched city scores 0
        for h in options:
            if h not in seen:
                return h, 0.0
        return best, best_score


def _route_vp(state: TrainsState, bid: str) -> int:
    for b in state.md.bonuses:
        if b.id == bid:
            return b.vp
    return 0
