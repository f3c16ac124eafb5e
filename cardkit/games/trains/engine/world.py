"""What a Trains game is played with, prepared once per run: cards and their numbers as flat
tables, the rules sets (base, Rising Sun), the maps with adjacency, static rail surcharges,
city ids and all-pairs distances, the route bonus cards per map, the content's bots."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ....core.content import GameContent
from .maps import adjacency, slug
from ..model import PriorityBot, RouteBonus, Rules, TrainsCard, TrainsMap

WASTE = "waste"
TERRAIN_COST = {"plain": 0, "river": 1, "mountain": 2, "city": 1}
FAR = 99  # "no land path" in a distance table


@dataclass(frozen=True, slots=True)
class SetupRules:
    """One rules set of ``setup.yaml``: its numbers, randomizers and presets."""

    id: str
    rules: Rules
    randomizers: tuple[str, ...]
    presets: dict[str, tuple[str, ...]]
    preset_maps: dict[str, str] = field(default_factory=dict)  # preset -> the map it names


@dataclass(frozen=True, slots=True)
class MapData:
    """A map prepared for play: neighbours, static surcharges, cities by id, distances."""

    map: TrainsMap
    hexes: dict[int, Any]
    neighbours: dict[int, tuple[int, ...]]
    land_neighbours: dict[int, tuple[int, ...]]  # neighbours that are not sea
    static_cost: dict[int, int | None]  # None: sea; cities without the station part
    terrain: dict[int, str]
    remote_vp: dict[int, int]
    city_slots: dict[int, int]
    total_slots: int
    cities: dict[str, int]  # city id (slug of its name) -> hex id
    start_hexes: tuple[int, ...]  # hexes a start rail may go on (not sea, not remote)
    distance: dict[int, dict[int, int]]  # land steps between hexes (sea is never entered)
    bonuses: tuple[RouteBonus, ...]


@dataclass(frozen=True, slots=True)
class TrainsWorld:
    """Content prepared once: cards, rules sets, maps, route bonus cards, bots."""

    cards: dict[str, TrainsCard]
    setups: dict[str, SetupRules]
    maps: dict[str, MapData]
    bots: dict[str, PriorityBot] = field(default_factory=dict)
    waste: str = WASTE
    # flat per-card tables (hot paths read these, not the pydantic models)
    value: dict[str, int] = field(default_factory=dict)
    cost: dict[str, int | None] = field(default_factory=dict)
    vp: dict[str, int] = field(default_factory=dict)
    trains: frozenset[str] = frozenset()
    actions: frozenset[str] = frozenset()
    rail_cards: frozenset[str] = frozenset()
    reactions: frozenset[str] = frozenset()
    plain: frozenset[str] = frozenset()  # Train cards with no play effect (played in one go)
    unplayable: frozenset[str] = frozenset()  # Waste and Victory cards

    @property
    def default_setup(self) -> str:
        """The first rules set of ``setup.yaml`` (the base game)."""
        return next(iter(self.setups))

    @classmethod
    def from_content(cls, content: GameContent) -> TrainsWorld:
        """Build from validated Trains content."""
        cards = {r.id: r.obj for r in content.of("cards")}
        setups = {}
        for record in content.of("setups"):
            entry = record.obj
            setups[entry.id] = SetupRules(entry.id, entry.rules, tuple(entry.randomizers),
                                          {p.id: tuple(p.cards) for p in entry.presets},
                                          {p.id: p.map for p in entry.presets if p.map})
        bonuses = [r.obj for r in content.of("bonuses")]
        maps = {r.id: prepare_map(r.obj, bonuses) for r in content.of("maps")}
        waste = next((c for s in setups.values() for c in s.rules.fixed_piles
                      if c in cards and "waste" in cards[c].types), WASTE)

        def having(kind: str) -> frozenset[str]:
            return frozenset(c for c, card in cards.items() if kind in card.types)

        return cls(cards, setups, maps, {r.id: r.obj for r in content.of("bots")}, waste,
                   {c: k.value for c, k in cards.items()}, {c: k.cost for c, k in cards.items()},
                   {c: k.vp for c, k in cards.items()}, having("train"), having("action"),
                   having("rail"), having("reaction"),
                   frozenset(c for c, k in cards.items() if k.types == ["train"] and not k.effect),
                   frozenset(c for c, k in cards.items()
                             if "waste" in k.types or "victory" in k.types))


def prepare_map(m: TrainsMap, bonuses: list[RouteBonus]) -> MapData:
    """Neighbours, surcharges, cities and distances of one map."""
    hexes = {h.id: h for h in m.hexes}
    adj = adjacency(m)
    neighbours = {h: tuple(sorted(n)) for h, n in adj.items()}
    static: dict[int, int | None] = {}
    for h in m.hexes:
        if h.terrain == "sea":
            static[h.id] = None
        elif h.terrain == "remote":
            static[h.id] = h.vp or 0
        else:
            static[h.id] = TERRAIN_COST[h.terrain]
    land = {h for h, c in static.items() if c is not None}
    distance = {}
    for start in sorted(land):
        dist = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for n in neighbours[here]:
                if n in land and n not in dist:
                    dist[n] = dist[here] + 1
                    todo.append(n)
        distance[start] = dist
    return MapData(
        m, hexes, neighbours, {h: tuple(n for n in ns if static[n] is not None)
                               for h, ns in neighbours.items()},
        static, {h.id: h.terrain for h in m.hexes},
        {h.id: h.vp or 0 for h in m.hexes if h.terrain == "remote"},
        {h.id: h.station_slots or 0 for h in m.hexes if h.terrain == "city"},
        sum(h.station_slots or 0 for h in m.hexes if h.terrain == "city"),
        {slug(h.name): h.id for h in m.hexes if h.terrain == "city" and h.name},
        tuple(h.id for h in m.hexes if h.terrain not in ("sea", "remote")), distance,
        tuple(b for b in bonuses if b.map == m.id))
