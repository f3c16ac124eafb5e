"""A game of Trains in progress: cards, rails, stations, route bonus cards, the turn, and the
decision a card is waiting on — the data, its queries (scores, invariants, details) and the
primitive card moves every rule uses (draw, reveal, gain and return Waste, trash).

This module holds no rules of play: the actions on offer and carrying them out are in
``game.py`` (:class:`.game.TrainsGame`, the simulation's state), the card effects in
``effects.py``; both build on this module, which imports neither.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ....sim.protocol import Action, InvariantError
from ..model import TrainsCard
from .player import Player
from .rails import RailsMixin
from .world import MapData, TrainsWorld

END: tuple[str] = ("end",)
PLAY_TRAINS: tuple[str] = ("play_trains",)
COINS_ONLY = "coins"
Op = tuple[Any, ...]  # (function, seat, frame, *arguments): one piece of pending work
Pending = tuple[int, str, tuple[Any, ...], Op]  # (seat, kind, options, continuation)


@dataclass(slots=True)
class TrainsState(RailsMixin):
    """A game of Trains in progress (see the module docstring for its actions)."""

    world: TrainsWorld
    map_id: str
    players: list[Player]
    rng: random.Random
    supply: dict[str, int]
    kingdom: tuple[str, ...]
    setup_id: str = "base"
    rails_max: int = 20
    station_total: int = 30
    stations: dict[int, int] = field(default_factory=dict)
    stations_left: int = 30
    to_act: int = 0
    setup_left: int = 0
    coins: int = 0
    acted: bool = False
    mods: dict[str, int] = field(default_factory=dict)  # rest-of-turn modifiers, stacking
    work: list[Op] = field(default_factory=list)
    pending: Pending | None = None
    frames: int = 0
    trash: list[str] = field(default_factory=list)  # trashed cards: out of the game (the box)
    revealed: list[str] = field(default_factory=list)  # set aside while an effect resolves
    routes_open: list[str] = field(default_factory=list)
    player_turns: list[int] = field(default_factory=list)
    initial_supply: dict[str, int] = field(default_factory=dict)
    #: frontier cache per seat: (rail count, frontier, the rail added since or -1)
    fronts: dict[int, tuple[int, list[int], int]] = field(default_factory=dict)
    memo: tuple[Any, bool] = ((), False)  # the last feasibility answer (effects.can_use)
    rail_memo: Any = ((), [])  # the last rail_costs answer: (key, [(hex, coins)])
    actions_taken: int = 0  # actions applied so far (the protocol's ``turns``)
    rounds: int = 0
    end_cause: str = ""  # why the game ended (the protocol's ``end_reason``), "" while running
    total_cards: int = 0
    # per game, derived from the fields above in __post_init__ (the hot paths read these)
    md: MapData = field(init=False, repr=False, compare=False)  # the map in play, prepared
    hand_size: int = field(init=False, repr=False, compare=False)
    piles_to_end: int = field(init=False, repr=False, compare=False)
    waste: str = field(init=False, repr=False, compare=False)  # the Waste card's id

    def __post_init__(self) -> None:
        self.md = self.world.maps[self.map_id]
        self.waste = self.world.waste
        rules = self.world.setups[self.setup_id].rules
        self.hand_size, self.piles_to_end = rules.hand_size, rules.empty_piles_to_end

    # -- lookups -------------------------------------------------------------------------------
    @property
    def me(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.to_act]

    @property
    def mapdata(self) -> MapData:
        """The map in play, prepared."""
        return self.md

    @property
    def hexes(self) -> dict[int, Any]:
        """Hex id -> hex of the map in play."""
        return self.md.hexes

    def card(self, cid: str) -> TrainsCard:
        """A card kind."""
        return self.world.cards[cid]

    def rails_left(self, seat: int) -> int:
        """Rails a player has not laid yet."""
        return self.rails_max - len(self.players[seat].rails)

    # -- cards moving --------------------------------------------------------------------------
    def draw(self, seat: int, n: int) -> int:
        """Draw up to ``n`` cards (shuffling the discard pile when the deck runs out)."""
        p = self.players[seat]
        deck, hand = p.deck, p.hand
        if len(deck) >= n:  # the usual case: no shuffle
            if n:
                hand += deck[-n:][::-1]
                del deck[-n:]
            return n
        drawn = 0
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck, p.discard = p.discard, []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def reveal(self, seat: int) -> str | None:
        """Take the top card of a deck (shuffling the discard pile in when needed), or None."""
        p = self.players[seat]
        if not p.deck:
            if not p.discard:
                return None
            p.deck, p.discard = p.discard, []
            self.rng.shuffle(p.deck)
        return p.deck.pop()

    def gain_waste(self, seat: int, n: int = 1) -> None:
        """Gain Waste into the player's gained area (rulebook, "Waste": "place it in your
        gained-cards area") — a player attacked in another's turn too: the Waste goes to their
        discard pile at their own clean-up, so no shuffle before then takes it in. An empty
        Waste pile gives none; "no Waste" modifiers are the active player's."""
        if seat == self.to_act and self.mods.get("no_waste_gain"):
            return
        take = min(n, self.supply.get(self.waste, 0))
        if take <= 0:
            return
        self.supply[self.waste] -= take
        self.players[seat].gained.extend([self.waste] * take)

    def can_gain_waste(self, seat: int, n: int = 1, mods: dict[str, int] | None = None) -> bool:
        """Whether the player would gain all ``n`` Waste now (``mods``: the modifiers a card
        has set so far, else the state's)."""
        mods = self.mods if mods is None else mods
        if seat == self.to_act and mods.get("no_waste_gain"):
            return False
        return self.supply.get(self.waste, 0) >= n

    def return_waste(self, seat: int, n: int) -> int:
        """Return ``n`` Waste from a hand to the Waste pile."""
        p = self.players[seat]
        for _ in range(n):
            p.hand.remove(self.waste)
        self.supply[self.waste] = self.supply.get(self.waste, 0) + n
        return n

    def trash_card(self, cid: str) -> None:
        """A trashed card leaves the game: it goes back to the box, never to a supply pile."""
        self.trash.append(cid)

    # -- protocol (queries; the moves are ``game.TrainsGame``'s) --------------------------------
    def current_player(self) -> int:
        """The seat to act: whoever the pending choice is asked of, else the player in turn."""
        return self.pending[0] if self.pending is not None else self.to_act

    def is_terminal(self) -> bool:
        """Whether an end condition was met at the end of a turn."""
        return bool(self.end_cause)

    def score_of(self, seat: int) -> int:
        """Victory points: cities by stations, remote locations, VP cards, tokens, routes."""
        p = self.players[seat]
        md = self.md
        city_vp = self.world.setups[self.setup_id].rules.city_vp
        vp = self.world.vp
        points = p.vp_tokens + p.route_vp + sum(vp[c] for c in p.all_cards())
        for hex_id in p.rails:
            terrain = md.terrain[hex_id]
            if terrain == "city":
                points += city_vp[min(self.stations.get(hex_id, 0), 3)]
            elif terrain == "remote":
                points += md.remote_vp[hex_id]
        return points

    def scores(self) -> list[float]:
        """Victory points per seat."""
        return [float(self.score_of(s)) for s in range(len(self.players))]

    def tiebreak(self) -> list[float]:
        """Equal points: most rails on the board wins (still equal: a shared win)."""
        return [float(len(p.rails)) for p in self.players]

    def copy(self) -> TrainsState:
        """An independent copy (pending work and choices included)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return type(self)(
            self.world, self.map_id, [p.clone() for p in self.players], clone, dict(self.supply),
            self.kingdom, self.setup_id, self.rails_max, self.station_total, dict(self.stations),
            self.stations_left, self.to_act, self.setup_left, self.coins, self.acted,
            dict(self.mods), list(self.work), self.pending, self.frames, list(self.trash),
            list(self.revealed), list(self.routes_open), list(self.player_turns),
            self.initial_supply, dict(self.fronts), self.memo, self.rail_memo, self.actions_taken, self.rounds,
            self.end_cause, self.total_cards)

    @property
    def turns(self) -> int:
        """Actions taken so far (the runner's cap counts these; see ``player_turns``)."""
        return self.actions_taken

    @property
    def end_reason(self) -> str:
        """``piles``, ``rails`` or ``stations``."""
        return self.end_cause

    def card_count(self) -> int:
        """Cards in the supply, with the players, set aside and in the trash (conserved)."""
        total = sum(self.supply.values()) + len(self.trash) + len(self.revealed)
        for p in self.players:
            total += (len(p.deck) + len(p.hand) + len(p.discard) + len(p.play)
                      + len(p.gained))
        return total

    def check_invariants(self) -> None:
        """Cards conserved (the trash counted), no pile above its start (trashed cards never
        return), rails within each player's supply, stations within the tokens, money >= 0."""
        count = self.card_count()
        if count != self.total_cards:
            raise InvariantError(f"{count} cards, expected {self.total_cards}")
        initial = self.initial_supply
        supply = self.supply
        if supply.keys() != initial.keys() or min(supply.values(), default=0) < 0 or \
                not all(map(int.__le__, supply.values(), initial.values())):
            for cid, n in supply.items():  # name the pile
                if n < 0 or n > initial.get(cid, 0):
                    raise InvariantError(f"pile {cid} holds {n} (started with "
                                         f"{initial.get(cid, 0)})")
        for seat, p in enumerate(self.players):
            if len(p.rails) > self.rails_max:
                raise InvariantError(f"seat {seat} has {len(p.rails)} rails")
        stations = self.stations
        placed = sum(stations.values())
        if placed + self.stations_left != self.station_total or self.coins < 0:
            raise InvariantError(f"stations {placed}+{self.stations_left} or coins {self.coins}")
        if stations:
            slots = self.md.city_slots
            for h, n in stations.items():
                if n > slots.get(h, 0):
                    raise InvariantError(f"{n} stations on hex {h}")

    def describe(self, action: Action) -> str:
        """Readable action."""
        if isinstance(action, tuple):
            return " ".join(str(a) for a in action if a is not None) or "done"
        return str(action)

    def details(self) -> dict[str, Any]:
        """Map, rules set, kingdom, rounds, turns per seat, rails, routes, owned kingdom cards, the
        supply piles (not Waste) empty at the end, the cards taken from those piles in the game
        (bought or gained), and the fewest cards that empty enough piles to end a game (the
        smallest piles at the start, added up)."""
        owned = [dict(sorted(Counter(c for c in p.all_cards() if c in self.kingdom).items()))
                 for p in self.players]
        waste, initial = self.waste, self.initial_supply
        taken = sum(n - self.supply.get(c, 0) for c, n in initial.items() if c != waste)
        need = self.world.setups[self.setup_id].rules.empty_piles_to_end
        smallest = sorted(n for c, n in initial.items() if c != waste)[:need]
        return {"map": self.map_id, "setup": self.setup_id, "kingdom": list(self.kingdom),
                "rounds": self.rounds, "turns": list(self.player_turns),
                "rails": [len(p.rails) for p in self.players],
                "stations": self.station_total - self.stations_left,
                "routes": [list(p.routes) for p in self.players],
                "trashed": len(self.trash), "kingdom_owned": owned,
                "empty_piles": sorted(c for c, n in self.supply.items()
                                      if n == 0 and c != self.waste),
                "supply_taken": taken, "piles_end_needs": sum(smallest)}

