"""Trains' rules as an engine: base Trains and Trains: Rising Sun, 2-4 players, Tokyo or Osaka.

Rulings (from the Greek Rising Sun rulebook; ``game.py``, ``effects.py`` and ``cardhooks.py``
carry them out over the state of ``state.py``):

- Setup: the rules set's fixed piles plus 8 kingdom piles (a preset, or drawn from the set's
  randomizers); start decks (7 Normal Train, 2 Lay Rails, 1 Station Expansion) dealt, the Lay
  Rails and Station Expansion copies out of their piles; a map's own numbers (rails per player,
  station tokens, cards per pile) replace the rules' where it gives them. With route bonus cards
  (Rising Sun's rules set, or ``routes=on``): of the map's route bonus cards (5), one per player is
  dealt face up before the start rails. Start rails in turn order, not on sea, a remote location
  or another player's rail.
- A turn: play and buy in any order, each action finished before the next; money lasts the turn.
  An Action's effects are optional; used, they run top to bottom and all or nothing (gaining
  Waste from an empty pile never stops the rest). Every choice in them is the player's.
  "Rest of the turn" modifiers add up (two Ironworks: +4 per Rail card). Bought cards go to the
  gained area (Early Train: on the deck if the player wants). Passing the whole turn returns
  every Waste in hand. Trashed cards leave the game (the box), never to a supply pile.
- Rails: adjacent to one's own, one per hex per player; plain 0, river 1, mountain 2, city
  1 + stations, remote its number, sea never; +1 and a Waste per other player's rail there.
- Attacks hit each other player clockwise from the attacker's left; a Reaction in the target's
  hand may be revealed to ignore it (the only card played in another player's turn).
- Route bonus: the first player whose rails join all of a card's cities in one line takes it and
  its VP at once, and may use its ability once, at any time of their turn; then it leaves play.
- The end: after the turn in which 4 supply piles (not Waste) are empty, a player has laid all
  rails, or every station token is placed. Cities score 0/2/4/8 by stations for each player with
  a rail there, remote locations their number, plus VP cards, VP tokens and route bonus VP;
  equal points: most rails; still equal: a shared win.
- Information sets (``information.py``, the states' ``observation``/``determinize``): decks'
  orders, other players' hands (not their hand and deck's cards together, known by counting) and
  cards looked at privately are hidden; a choice asked is seen by all with its options.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....sim.options import on_off
from .cardhooks import HOOK_IMPLS
from .game import TrainsGame
from ..model import Choose, Hook, Optional_, TrainsCard
from .state import END, PLAY_TRAINS, Player, TrainsState
from .world import WASTE, TrainsWorld

__all__ = ["END", "PLAY_TRAINS", "WASTE", "Player", "TrainsEngine", "TrainsGame", "TrainsState",
           "TrainsWorld", "make_engine", "unplayable", "unplayable_steps"]


def unplayable_steps(steps: list[Any]) -> str | None:
    """Why the engine cannot carry out these steps (a hook it does not implement), or None."""
    for step in _all_steps(steps):
        if isinstance(step, Hook) and step.name not in HOOK_IMPLS:
            return f"the engine does not implement hook {step.name!r}"
    return None


def unplayable(card: TrainsCard) -> str | None:
    """Why the engine cannot play (or buy) this card, or ``None`` when it can (TRN018 refuses a
    supply that names such a card, before a simulation would fail on it)."""
    return unplayable_steps(card.effect) or unplayable_steps(card.on_buy)


def _all_steps(steps: list[Any]) -> list[Any]:
    out: list[Any] = []
    for step in steps:
        out.append(step)
        if isinstance(step, Optional_):
            out += _all_steps(step.steps)
        elif isinstance(step, Choose):
            for option in step.options:
                out += _all_steps(option)
    return out


@dataclass(frozen=True, slots=True)
class TrainsEngine:
    """Makes Trains games: rules set, map and kingdom fixed or drawn, start decks dealt."""

    world: TrainsWorld
    map_id: str | None = None
    kingdom: tuple[str, ...] | None = None
    include: tuple[str, ...] = ()  # kingdom cards every game must have (card-strength runs)
    setup_id: str = "base"
    routes: bool = False
    min_players: int = 2
    max_players: int = 4

    def new_game(self, players: int, rng: random.Random) -> TrainsGame:
        """Set up a game; the start rails are the first actions."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Trains is for 2-4 players")
        world = self.world
        setup = world.setups[self.setup_id]
        rules = setup.rules
        if self.map_id is not None:
            map_id = self.map_id
        else:
            fits = sorted(k for k, m in world.maps.items() if players in m.map.players)
            map_id = rng.choice(fits or sorted(world.maps))
        md = world.maps[map_id]
        pool = [c for c in setup.randomizers if c not in self.include]
        kingdom = self.kingdom or tuple(sorted(
            (*self.include, *rng.sample(pool, rules.kingdom_piles - len(self.include)))))
        supply = {cid: world.cards[cid].pile for cid in (*rules.fixed_piles, *kingdom)}
        state_players = []
        for _ in range(players):
            deck: list[str] = []
            for cid, n in rules.start_deck.items():
                deck += [cid] * n
                if cid in supply:
                    supply[cid] -= n  # start-deck copies come out of the supply piles
            rng.shuffle(deck)
            state_players.append(Player(deck=deck))
        cap = md.map.pile_size
        if cap is not None:  # the 2-player maps: at most this many cards per pile (not Waste)
            supply = {c: (n if c == world.waste else min(n, cap)) for c, n in supply.items()}
        stations = md.map.station_tokens or rules.station_tokens
        state = TrainsGame(world, map_id, state_players, rng, supply, kingdom, self.setup_id,
                           md.map.rails_per_player or rules.rails_per_player, stations,
                           stations_left=stations, setup_left=players,
                           player_turns=[0] * players, initial_supply=dict(supply))
        if self.routes and md.bonuses:
            cards = [b.id for b in md.bonuses][:rules.route_bonuses or 5]
            rng.shuffle(cards)
            state.routes_open = sorted(cards[:players])
        for seat in range(players):
            state.draw(seat, rules.hand_size)
        state.total_cards = state.card_count()
        return state


def make_engine(content: GameContent, map: str | None = None, preset: str | None = None,
                include: tuple[str, ...] = (), setup: str | None = None,
                routes: Any = None) -> TrainsEngine:
    """The engine for validated Trains content.

    ``setup``: the rules set (``base``, ``rising-sun``); by default the one whose presets hold
    ``preset``, else the set of the ``include`` cards, else the first. ``map``/``preset`` fix the
    map and kingdom (drawn per game otherwise; a preset that names a map plays on it unless
    ``map`` says otherwise); ``include`` forces kingdom cards into every
    game; ``routes`` (on/off) deals route bonus cards (default: when the rules set has them)."""
    world = TrainsWorld.from_content(content)
    if map is not None and map not in world.maps:
        raise ValueError(f"no map {map!r}")
    if isinstance(include, str):
        include = tuple(c.strip() for c in include.split(",") if c.strip())
    unknown = [c for c in include if world.cards.get(c) is None or world.cards[c].kind != "kingdom"]
    if unknown:
        raise ValueError(f"not kingdom cards: {', '.join(unknown)}")
    if setup is None:
        if preset is not None:
            setup = next((s.id for s in world.setups.values() if preset in s.presets), None)
        elif include and world.cards[include[0]].set in world.setups:
            setup = world.cards[include[0]].set
        setup = setup or world.default_setup
    if setup not in world.setups:
        raise ValueError(f"no rules set {setup!r} (there are: {', '.join(world.setups)})")
    rules_set = world.setups[setup]
    if preset is not None and preset not in rules_set.presets:
        raise ValueError(f"no preset {preset!r} in {setup}")
    kingdom = rules_set.presets.get(preset) if preset else None
    if map is None and preset is not None:  # a preset that names its map plays there
        map = rules_set.preset_maps.get(preset)
        if map is not None and map not in world.maps:
            raise ValueError(f"preset {preset!r} names no map of the content ({map!r})")
    if len(include) > rules_set.rules.kingdom_piles:
        raise ValueError(f"at most {rules_set.rules.kingdom_piles} kingdom cards")
    deal = on_off(routes, "routes")
    if deal is None:
        deal = rules_set.rules.route_bonuses is not None
    return TrainsEngine(world, map, kingdom, tuple(include), setup, deal)
