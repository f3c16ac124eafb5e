"""Trains checks of the map boards: the hex layout, barriers, the adjacency count, cities
reachable over land, and each hex's fields. One function per code; docstrings give a bad and a
good example. The codes are registered with the others in ``checks.CHECKS``."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.spec import Finding, Record
from ..engine.maps import adjacency, rule_pairs
from ..model import TrainsMap

MAP_HEXES = 76


def _maps(content: GameContent) -> Iterator[tuple[Record[Any], TrainsMap]]:
    for rec in content.of("maps"):
        yield rec, rec.obj


def map_layout(content: GameContent) -> Iterator[Finding]:
    """A base map has 76 hexes, ids 0-75 in reading order over 8 rows of 10 and 9 hexes.

    Bad:
        # odd rows have 9 hexes: columns 0-8
        - {id: 17, row: 1, col: 9, terrain: plain}

    Good:
        - {id: 17, row: 1, col: 7, terrain: plain}
    """
    for rec, m in _maps(content):
        if len(m.hexes) != MAP_HEXES:
            yield Finding(f"map {m.id!r} has {len(m.hexes)} hexes, not {MAP_HEXES}", rec,
                          ("hexes",))
        expected = [(r, c) for r in range(8) for c in range(10 if r % 2 == 0 else 9)]
        for i, h in enumerate(m.hexes):
            if i < len(expected) and (h.id, h.row, h.col) != (i, *expected[i]):
                yield Finding(f"hex {h.id} at row {h.row}, column {h.col}: expected hex {i} at "
                              f"row {expected[i][0]}, column {expected[i][1]}", rec,
                              ("hexes", i))
                break


def barriers_between_neighbours(content: GameContent) -> Iterator[Finding]:
    """A barrier separates two neighbouring hexes.

    Bad:
        barriers: [[0, 75]]

    Good:
        barriers: [[12, 21]]
    """
    for rec, m in _maps(content):
        pairs = set(rule_pairs(m))
        for i, pair in enumerate(m.barriers):
            if len(pair) != 2 or tuple(sorted(pair)) not in pairs:
                yield Finding(f"barrier {pair} is not between two neighbouring hexes", rec,
                              ("barriers", i))


def adjacency_count(content: GameContent) -> Iterator[Finding]:
    """The map's adjacency (layout minus barriers) has the declared number of pairs (Tokyo 187,
    Osaka 183): a cross-check of the transcription.

    Bad:
        # a barrier was left out: the layout has 188 adjacent pairs
        adjacent_pairs: 187

    Good:
        # with every barrier transcribed
        adjacent_pairs: 187
    """
    for rec, m in _maps(content):
        adj = adjacency(m)
        pairs = sum(len(v) for v in adj.values()) // 2
        if pairs != m.adjacent_pairs:
            yield Finding(f"map {m.id!r} has {pairs} adjacent pairs, declared "
                          f"{m.adjacent_pairs}", rec, ("adjacent_pairs",))


def cities_reachable(content: GameContent) -> Iterator[Finding]:
    """Every city can be reached from every other over land (no sea, no barrier).

    Bad:
        # Kisarazu's only land neighbour is behind a barrier; the rest is sea
        barriers: [[66, 67]]

    Good:
        barriers: []
    """
    for rec, m in _maps(content):
        adj = adjacency(m)
        land = {h.id for h in m.hexes if h.terrain != "sea"}
        cities = [h for h in m.hexes if h.terrain == "city"]
        component: dict[int, int] = {}
        for start in sorted(land):
            if start in component:
                continue
            component[start], queue = start, deque([start])
            while queue:
                for n in adj[queue.popleft()]:
                    if n in land and n not in component:
                        component[n] = start
                        queue.append(n)
        if not cities:
            continue
        sizes: dict[int, int] = {}
        for h in cities:
            sizes[component[h.id]] = sizes.get(component[h.id], 0) + 1
        main = max(sizes, key=lambda c: (sizes[c], -c))  # the area holding most cities
        for h in cities:
            if component[h.id] != main:
                index = next(i for i, x in enumerate(m.hexes) if x.id == h.id)
                yield Finding(f"city {h.name or h.id} cannot be reached over land", rec,
                              ("hexes", index))


def hex_fields(content: GameContent) -> Iterator[Finding]:
    """Cities have station slots, remote locations have VP, other hexes have neither.

    Bad:
        - {id: 30, row: 3, col: 1, terrain: city, name: Kyoto}

    Good:
        - {id: 30, row: 3, col: 1, terrain: city, name: Kyoto, station_slots: 3}
    """
    for rec, m in _maps(content):
        for i, h in enumerate(m.hexes):
            if (h.terrain == "city") != (h.station_slots is not None):
                yield Finding("a city needs station_slots; other hexes have none", rec,
                              ("hexes", i))
            if (h.terrain == "remote") != (h.vp is not None):
                yield Finding("a remote location needs vp; other hexes have none", rec,
                              ("hexes", i))
