"""Trains checks of a map's numbers (station slots and tokens, rails, pile size) and of the
route bonus cards. One function per code; docstrings give a bad and a good example. The codes are
registered with the others in ``checks.CHECKS``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.content import GameContent
from ....core.spec import Finding
from ....core.suggest import did_you_mean
from ..engine.maps import slug


def station_slots(content: GameContent) -> Iterator[Finding]:
    """A map has at least as many station slots as every setup has station tokens, so that the
    "all stations placed" end can happen. A map with its own ``station_tokens`` (the 2-player
    maps) is checked against that number instead (TRN020).

    Bad:
        # setup.yaml: station_tokens: 30; the map's cities have 24 station_slots in all
        - {id: 4, row: 0, col: 4, terrain: city, name: Kawagoe, station_slots: 1}

    Good:
        # the map's cities have 39 station_slots in all
        - {id: 4, row: 0, col: 4, terrain: city, name: Kawagoe, station_slots: 3}
    """
    setups = content.of("setups")
    if not setups:
        return
    most = max(setups, key=lambda rec: rec.obj.rules.station_tokens)
    tokens = most.obj.rules.station_tokens
    for rec in content.of("maps"):
        m = rec.obj
        if m.station_tokens is not None:
            continue
        slots = sum(h.station_slots or 0 for h in m.hexes)
        if slots < tokens:
            yield Finding(f"map {m.id!r} has {slots} station slots for the {tokens} tokens of "
                          f"setup {most.id!r}", rec, ("hexes",))


def route_cities(content: GameContent) -> Iterator[Finding]:
    """A route bonus card names a map that exists and cities on that map; a near miss gets a
    "did you mean".

    Bad:
        - {id: kanto-line, map: tokyo, cities: [kyoto, yokohama]}

    Good:
        - {id: kanto-line, map: tokyo, cities: [shinjuku-shibuya, yokohama]}
    """
    maps = content.index("maps")
    for rec in content.of("bonuses"):
        bonus = rec.obj
        m = maps.get(bonus.map)
        if m is None:
            yield Finding(f"unknown map {bonus.map!r}{did_you_mean(bonus.map, maps)}", rec,
                          ("map",))
            continue
        cities = {slug(h.name) for h in m.obj.hexes if h.terrain == "city" and h.name}
        for i, city in enumerate(bonus.cities):
            if city not in cities:
                yield Finding(f"no city {city!r} on {bonus.map}{did_you_mean(city, cities)}",
                              rec, ("cities", i))


def route_bonus_count(content: GameContent) -> Iterator[Finding]:
    """A setup that deals route bonus cards (``route_bonuses: N``, Rising Sun: 5) finds exactly
    N of them for every map that has any: the rulebook takes "the 5 route bonus cards of the
    chosen map" and deals one per player. A map with none is fine (no route bonus cards there);
    a setup without ``route_bonuses`` (the base game) deals none.

    Bad:
        # setup.yaml: route_bonuses: 5; route-bonus.yaml has 4 cards with map: tokyo
        route_bonuses: 5

    Good:
        # route-bonus.yaml has 5 cards with map: tokyo (and 5 or none for every other map)
        route_bonuses: 5
    """
    maps = content.index("maps")
    per_map = Counter(rec.obj.map for rec in content.of("bonuses") if rec.obj.map in maps)
    for rec in content.of("setups"):
        want = rec.obj.rules.route_bonuses
        if want is None:
            continue
        for map_id in sorted(per_map):
            if per_map[map_id] != want:
                yield Finding(f"map {map_id!r} has {per_map[map_id]} route bonus cards; setup "
                              f"{rec.id!r} takes {want} per map", rec, ("rules", "route_bonuses"))


def map_numbers(content: GameContent) -> Iterator[Finding]:
    """A map's own numbers (the 2-player maps': fewer station tokens, 16 rails each, 7 cards a
    pile) fit the box and the rules of every setup: ``station_tokens`` is at most the map's
    station slots and the setup's station tokens; ``rails_per_player`` at most the setup's rails
    of a colour; ``pile_size`` holds the start-deck copies that come out of a fixed pile
    (Lay Rails, Station Expansion) for the most players the map is for.

    Bad:
        # 4 players take 2 Lay Rails each from the Lay Rails pile: 8 cards
        players: [2, 3, 4]
        pile_size: 7

    Good:
        players: [2]
        pile_size: 7
    """
    rules = [(setup.id, setup.obj.rules) for setup in content.of("setups")]
    for rec in content.of("maps"):
        m = rec.obj
        slots = sum(h.station_slots or 0 for h in m.hexes)
        if m.station_tokens is not None and m.station_tokens > slots:
            yield Finding(f"map {m.id!r} uses {m.station_tokens} station tokens but has "
                          f"{slots} station slots", rec, ("station_tokens",))
        if m.station_tokens is not None and rules:
            sid, r = min(rules, key=lambda sr: sr[1].station_tokens)
            if m.station_tokens > r.station_tokens:
                yield Finding(f"map {m.id!r} uses {m.station_tokens} station tokens; setup "
                              f"{sid!r} has {r.station_tokens}", rec, ("station_tokens",))
        if m.rails_per_player is not None and rules:
            sid, r = min(rules, key=lambda sr: sr[1].rails_per_player)
            if m.rails_per_player > r.rails_per_player:
                yield Finding(f"map {m.id!r} gives each player {m.rails_per_player} rails; "
                              f"setup {sid!r} has {r.rails_per_player} of a colour", rec,
                              ("rails_per_player",))
        if m.pile_size is None:
            continue
        players = max(m.players)
        taken = [(copies * players, cid, sid) for sid, r in rules
                 for cid, copies in r.start_deck.items() if cid in r.fixed_piles]
        if taken and max(taken)[0] > m.pile_size:
            need, cid, sid = max(taken)
            yield Finding(f"map {m.id!r} has piles of {m.pile_size} cards, but {players} start "
                          f"decks (setup {sid!r}) take {need} {cid!r} from its pile", rec,
                          ("pile_size",))
