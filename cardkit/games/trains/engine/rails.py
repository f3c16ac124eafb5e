"""Rails and stations on the board: what a rail costs, where a player can lay one (with the
frontier of their network kept up to date), stations' free slots, and whether a route is joined.
A mixin of :class:`.state.TrainsState`, whose fields these methods use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import trait

from .player import Player
from .world import MapData, TrainsWorld


@trait
class RailsMixin:
    """The board half of a Trains state. A mypyc trait (``mypy_extensions.trait``, a plain class
    when the module runs as Python): the compiled engine (:mod:`cardkit.core.compiled`) needs
    a mixin's fields declared with the state's own types."""

    players: list[Player]
    world: TrainsWorld
    map_id: str
    md: MapData
    mods: dict[str, int]
    stations: dict[int, int]
    stations_left: int
    fronts: dict[int, tuple[int, list[int], int]]
    rail_memo: Any  # (key, [(hex, coins)]): see rail_costs
    rails_max: int

    def rail_cost(self, seat: int, hex_id: int, connected: bool = False) -> tuple[int, int] | None:
        """(coins, extra Waste) to lay a rail on a hex now, or ``None`` when not allowed.

        ``connected=True`` skips the adjacency test (the caller knows the hex is next to one of
        the player's rails)."""
        md = self.md
        rails = self.players[seat].rails
        if hex_id in rails:
            return None
        base = md.static_cost.get(hex_id)
        if base is None:
            return None
        if not connected and rails and not any(n in rails for n in md.neighbours[hex_id]):
            return None
        return self._surcharge(seat, hex_id, base, md.terrain[hex_id])

    def _surcharge(self, seat: int, hex_id: int, base: int, terrain: str) -> tuple[int, int]:
        mods = self.mods
        if terrain == "city":
            coins = 0 if mods.get("no_city_surcharge") else base + self.stations.get(hex_id, 0)
        elif terrain == "remote":
            coins = max(0, base - mods.get("remote_discount", 0))
        elif (terrain == "river" and mods.get("no_river_surcharge")) or \
                (terrain == "mountain" and mods.get("no_mountain_surcharge")):
            coins = 0
        else:
            coins = base
        others = 0  # the hex is never one of the player's own (callers make sure)
        for o in self.players:
            if hex_id in o.rails:
                others += 1
        waste = 0
        if others and not mods.get("no_opponent_surcharge"):
            coins += others
            waste = 1
        if mods.get("no_rail_coin_surcharge"):
            coins = 0
        return coins, waste

    def frontier(self, seat: int, extra: tuple[int, ...] = ()) -> list[int]:
        """Land hexes next to the player's rails (and ``extra`` ones) without their rail."""
        md = self.md
        rails = self.players[seat].rails
        if not extra:  # rails are only ever added: their count keys the cache
            hit = self.fronts.get(seat)
            if hit is not None and hit[0] == len(rails):
                return hit[1]
        if extra:
            base = set(self.frontier(seat))
            for r in extra:
                base.update(md.land_neighbours[r])
            return sorted(base.difference(rails, extra))
        if hit is not None and hit[0] == len(rails) - 1 and hit[2] in rails:
            # one rail more than the cached frontier (the usual case): grow it
            grown = set(hit[1])
            grown.update(md.land_neighbours[hit[2]])
            found = sorted(grown - rails)
        else:
            out: set[int] = set()
            for r in rails:
                out.update(md.land_neighbours[r])
            found = sorted(out - rails)
        self.fronts[seat] = (len(rails), found, -1)
        return found

    def add_rail(self, seat: int, hex_id: int) -> None:
        """Put a rail on the board (the frontier cache follows)."""
        rails = self.players[seat].rails
        hit = self.fronts.get(seat)
        rails.add(hex_id)
        if hit is not None and hit[0] == len(rails) - 1:
            self.fronts[seat] = (hit[0], hit[1], hex_id)

    def can_lay(self, seat: int, budget: int, extra: tuple[int, ...] = ()) -> bool:
        """Whether the player can lay a rail within ``budget`` coins (the full list is worked
        out and remembered: the rail step asks for it next)."""
        return bool(self.rail_costs(seat, budget, extra))

    def rail_options(self, seat: int, budget: int, extra: tuple[int, ...] = ()) -> list[int]:
        """Hexes where the player can lay a rail within ``budget`` coins."""
        return [h for h, _ in self.rail_costs(seat, budget, extra)]

    def rail_costs(self, seat: int, budget: int, extra: tuple[int, ...] = (),
                   first: bool = False) -> list[tuple[int, int]]:
        """(hex, coins) for every hex where the player can lay a rail within ``budget`` coins
        (with ``first``: stop at the first one). The same surcharges as :meth:`rail_cost`,
        with the modifiers read once."""
        players = self.players
        laid = len(players[seat].rails)
        if self.rails_max - laid - len(extra) <= 0:  # no rail left to lay
            return []
        total = 0
        for p in players:
            total += len(p.rails)
        # rails and stations are only ever added: their counts say whether the board changed
        key = (seat, budget, laid, total, extra, tuple(self.mods.items()),
               sum(self.stations.values()))
        if not first and self.rail_memo[0] == key:
            return self.rail_memo[1]
        out = self._rail_costs(seat, budget, extra, first)
        if not first:
            self.rail_memo = (key, out)
        return out

    def _rail_costs(self, seat: int, budget: int, extra: tuple[int, ...],
                    first: bool) -> list[tuple[int, int]]:
        md = self.md
        static, terrain = md.static_cost, md.terrain
        mods = self.mods
        free = bool(mods.get("no_rail_coin_surcharge"))
        no_city = bool(mods.get("no_city_surcharge"))
        no_river = bool(mods.get("no_river_surcharge"))
        no_mountain = bool(mods.get("no_mountain_surcharge"))
        no_others = bool(mods.get("no_opponent_surcharge"))
        discount = mods.get("remote_discount", 0)
        stations = self.stations
        others = [p.rails for i, p in enumerate(self.players) if i != seat]
        out: list[tuple[int, int]] = []
        coins: int  # a frontier hex is land: its static cost is never None (sea's)
        if not mods:  # the usual case: no modifier in force
            cities = md.city_slots
            for h in self.frontier(seat, extra):
                coins = static[h]  # type: ignore[assignment]
                if h in cities:
                    coins += stations.get(h, 0)
                for r in others:
                    if h in r:
                        coins += 1
                if coins <= budget:
                    out.append((h, coins))
                    if first:
                        break
            return out
        for h in self.frontier(seat, extra):
            if free:
                coins = 0
            else:
                t = terrain[h]
                coins = static[h]  # type: ignore[assignment]
                if t == "city":
                    coins = 0 if no_city else coins + stations.get(h, 0)
                elif t == "remote":
                    coins = max(0, coins - discount)
                elif (no_river and t == "river") or (no_mountain and t == "mountain"):
                    coins = 0
                if not no_others:
                    for r in others:
                        if h in r:
                            coins += 1
            if coins <= budget:
                out.append((h, coins))
                if first:
                    break
        return out

    def free_slots(self) -> int:
        """How many more stations can still be placed (free slots, within the tokens left)."""
        slots = self.md.total_slots
        return max(0, min(self.stations_left, slots - sum(self.stations.values())))

    def station_options(self) -> list[int]:
        """Cities with a free station slot (none once every token is placed)."""
        if self.stations_left <= 0:
            return []
        slots = self.md.city_slots
        full = {h for h, n in self.stations.items() if n >= slots.get(h, 0)}
        return [h for h in slots if h not in full] if full else list(slots)

    def route_done(self, seat: int, cities: Sequence[int]) -> bool:
        """Whether the player's rails join all these city hexes in one connected line."""
        rails = self.players[seat].rails
        if any(c not in rails for c in cities):
            return False
        md = self.md
        seen = {cities[0]}
        todo = [cities[0]]
        while todo:
            here = todo.pop()
            for n in md.neighbours[here]:
                if n in rails and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return all(c in seen for c in cities)
