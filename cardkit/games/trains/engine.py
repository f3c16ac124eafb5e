"""Trains' rules as an engine (base game, 2-4 players, Tokyo or Osaka).

Setup: supply of the fixed piles and 8 kingdom piles (a preset or drawn), start decks taken from
the piles, start rails in turn order. A turn: play cards and buy cards in any order (each action
finished before the next), then end the turn; ending a turn in which nothing was played or
bought returns every Waste in hand. Effects run top to bottom and all or nothing, except that
gaining Waste from an empty pile does not stop the rest. Rails pay the terrain, city, remote and
opponent surcharges (plus a Waste where an opponent already is); barriers and sea block.
The game ends after a turn in which 4 supply piles (not Waste) are empty, a player has laid all
rails, or every station token is placed. Cities score 0/2/4/8 by stations for each player with a
rail there, remote locations their number, plus VP cards and tokens; ties go to most rails.

Choices inside effects (which hex, which option, whether to use an optional effect) are part of
the play action; hooks and discard choices follow fixed, documented greedy policies.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.content import GameContent
from ...sim.protocol import Action, IllegalAction, InvariantError
from .maps import adjacency
from .model import (Choose, Coins, DiscardFor, Draw, DrawDiscard, GainWaste, Hook, LayRail, Modify,
                    Optional_, PlaceStation, ReturnWaste, RevealUntil, Rules, TrainsCard,
                    TrainsMap, TrashSelf, VpToken)

WASTE = "waste"
END: tuple[str] = ("end",)
PLAY_TRAINS: tuple[str] = ("play_trains",)  # play every plain Train card in hand at once
TERRAIN_COST = {"plain": 0, "river": 1, "mountain": 2}


@dataclass(frozen=True, slots=True)
class TrainsWorld:
    """Content prepared once: cards, rules, maps with adjacency."""

    cards: dict[str, TrainsCard]
    rules: Rules
    randomizers: tuple[str, ...]
    presets: dict[str, tuple[str, ...]]
    maps: dict[str, TrainsMap]
    adjacency: dict[str, dict[int, frozenset[int]]]
    bots: dict[str, Any] = field(default_factory=dict)
    hex_index: dict[str, dict[int, Any]] = field(default_factory=dict)
    waste: str = WASTE  # the Waste card's id: the fixed pile whose card has type waste

    @classmethod
    def from_content(cls, content: GameContent) -> TrainsWorld:
        """Build from validated Trains content: the rules set of ``setup.yaml`` (the first one,
        whatever its id; the model requires one)."""
        setup = content.of("setups")[0].obj
        maps = {r.id: r.obj for r in content.of("maps")}
        return cls({r.id: r.obj for r in content.of("cards")}, setup.rules,
                   tuple(setup.randomizers), {p.id: tuple(p.cards) for p in setup.presets},
                   maps, {k: {h: frozenset(v) for h, v in adjacency(m).items()}
                          for k, m in maps.items()},
                   {r.id: r.obj for r in content.of("bots")},
                   {k: {h.id: h for h in m.hexes} for k, m in maps.items()},
                   waste_pile(content, setup.rules) or WASTE)


def waste_pile(content: GameContent, rules: Rules) -> str | None:
    """The fixed pile of the Waste card (the card whose types include ``waste``), if any."""
    cards = content.index("cards")
    return next((cid for cid in rules.fixed_piles
                 if cid in cards and "waste" in cards[cid].obj.types), None)


@dataclass(slots=True)
class Player:
    """One player's cards and rails."""

    deck: list[str] = field(default_factory=list)  # top = end of the list
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    gained: list[str] = field(default_factory=list)
    rails: set[int] = field(default_factory=set)
    vp_tokens: int = 0

    def all_cards(self) -> list[str]:
        """Every card the player owns."""
        return self.deck + self.hand + self.discard + self.play + self.gained


@dataclass(slots=True)
class TrainsState:
    """A game of Trains in progress."""

    world: TrainsWorld
    map_id: str
    players: list[Player]
    rng: random.Random
    supply: dict[str, int]
    kingdom: tuple[str, ...]
    stations: dict[int, int] = field(default_factory=dict)
    stations_left: int = 30
    to_act: int = 0
    setup_left: int = 0  # start rails still to place
    coins: int = 0
    acted: bool = False
    modifiers: dict[str, int] = field(default_factory=dict)
    _turns: int = 0
    rounds: int = 0
    _end: str = ""
    total_cards: int = 0
    log: list[str] = field(default_factory=list)

    # -- helpers -------------------------------------------------------------------------------
    @property
    def me(self) -> Player:
        """The player to act."""
        return self.players[self.to_act]

    def card(self, cid: str) -> TrainsCard:
        """A card kind."""
        return self.world.cards[cid]

    @property
    def waste(self) -> str:
        """The id of the Waste card (its pile is among the fixed piles; TRN017)."""
        return self.world.waste

    @property
    def hexes(self) -> dict[int, Any]:
        """Hex id -> hex of the map in play."""
        return self.world.hex_index[self.map_id]

    def _draw(self, p: Player, n: int) -> int:
        drawn = 0
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def _reveal(self, p: Player) -> str | None:
        if not p.deck and p.discard:
            p.deck, p.discard = p.discard, []
            self.rng.shuffle(p.deck)
        return p.deck.pop() if p.deck else None

    def rail_cost(self, seat: int, hex_id: int, connected: bool = False) -> tuple[int, int] | None:
        """(coins, extra Waste) to lay a rail on a hex, or ``None`` when not allowed.

        ``connected=True`` skips the adjacency test (the caller knows the hex is next to one of
        the player's rails).
        """
        h = self.hexes[hex_id]
        p = self.players[seat]
        if h.terrain == "sea" or hex_id in p.rails:
            return None
        if not connected and p.rails and \
                not any(n in p.rails for n in self.world.adjacency[self.map_id][hex_id]):
            return None
        mods = self.modifiers
        if h.terrain == "city":
            coins = 0 if "no_city_surcharge" in mods else 1 + self.stations.get(hex_id, 0)
        elif h.terrain == "remote":
            coins = h.vp or 0
        else:
            coins = TERRAIN_COST[h.terrain]
            if (h.terrain == "river" and "no_river_surcharge" in mods) or \
                    (h.terrain == "mountain" and "no_mountain_surcharge" in mods):
                coins = 0
        others = sum(1 for i, o in enumerate(self.players) if i != seat and hex_id in o.rails)
        waste = 0
        if others and "no_opponent_surcharge" not in mods:
            coins += others
            waste = 1
        if "no_rail_coin_surcharge" in mods:
            coins = 0
        return coins, waste

    def rail_options(self, seat: int, budget: int) -> list[int]:
        """Hexes where the player can lay a rail within ``budget`` coins."""
        out = []
        rails = self.players[seat].rails
        adj = self.world.adjacency[self.map_id]
        frontier = sorted({n for r in rails for n in adj[r]} - rails) if rails else list(self.hexes)
        for hex_id in frontier:
            cost = self.rail_cost(seat, hex_id, connected=True)
            if cost is not None and cost[0] <= budget:
                out.append(hex_id)
        return out

    def station_options(self) -> list[int]:
        """Cities with a free station slot."""
        if self.stations_left <= 0:
            return []
        return [h.id for h in self.hexes.values()
                if h.terrain == "city" and self.stations.get(h.id, 0) < (h.station_slots or 0)]

    # -- protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.to_act

    def legal_actions(self) -> Sequence[Action]:
        """Start rails in setup; then plays (with their choices), buys and end."""
        if self._end:
            return []
        if self.setup_left:
            taken = {h for p in self.players for h in p.rails}
            return [("start", h.id) for h in self.hexes.values()
                    if h.terrain not in ("sea", "remote") and h.id not in taken]
        actions: list[Action] = []
        if any(self._plain_train(c) for c in self.me.hand):
            actions.append(PLAY_TRAINS)
        for cid in sorted(set(self.me.hand)):
            actions.extend(self._play_options(cid))
        for cid in sorted(self.supply):
            card = self.card(cid)
            if self.supply[cid] > 0 and card.cost is not None and card.cost <= self.coins:
                actions.append(("buy", cid))
        actions.append(END)
        return actions

    def _plain_train(self, cid: str) -> bool:
        card = self.card(cid)
        return card.types == ["train"] and not card.effect

    def playable(self) -> list[str]:
        """Cards in hand that can be played (not Waste, not Victory cards), sorted."""
        return sorted({c for c in self.me.hand
                       if c != self.waste and "victory" not in self.card(c).types})

    def play_options(self, cid: str) -> list[Action]:
        """The play actions of one card in hand (with their choices)."""
        return self._play_options(cid) if cid in self.me.hand else []

    def _play_options(self, cid: str) -> list[Action]:
        card = self.card(cid)
        if cid == self.waste or "victory" in card.types:
            return []
        steps = card.effect
        budget = self.coins + card.value
        if any(isinstance(s, LayRail) for s in steps):
            own = {s.name: s.n or 1 for s in steps if isinstance(s, Modify)}
            saved = self.modifiers
            self.modifiers = {**saved, **own}  # the card's own modifiers apply to its rail
            try:
                hexes = self.rail_options(self.to_act, budget) if self.world_rails_left() else []
            finally:
                self.modifiers = saved
            return [("play", cid, h) for h in hexes] or [("play", cid, None)]
        if any(isinstance(s, PlaceStation) for s in steps):
            return [("play", cid, h) for h in self.station_options()] or [("play", cid, None)]
        if steps and isinstance(steps[0], Choose):
            return [("play", cid, i) for i in range(len(steps[0].options))]
        if steps and isinstance(steps[0], Optional_):
            return [("play", cid, True), ("play", cid, False)]
        return [("play", cid, None)]

    def world_rails_left(self) -> int:
        """Rails the player to act has not laid yet."""
        return self.world.rules.rails_per_player - len(self.me.rails)

    def apply(self, action: Action) -> None:
        """Carry out one action."""
        if self._end:
            raise IllegalAction("the game is over")
        if not isinstance(action, tuple) or not action:
            raise IllegalAction(f"unknown action {action!r}")
        kind = action[0]
        if kind == "start":
            self._start(action)
        elif kind == "play":
            self._play(action)
        elif kind == "play_trains":
            plain = [c for c in self.me.hand if self._plain_train(c)]
            if not plain:
                raise IllegalAction("no plain Train card in hand")
            for cid in plain:
                self._play(("play", cid, None))
        elif kind == "buy":
            self._buy(action)
        elif kind == "end":
            self._end_turn()
        else:
            raise IllegalAction(f"unknown action {action!r}")
        self._turns += 1

    def _start(self, action: tuple[Any, ...]) -> None:
        if not self.setup_left or action not in self.legal_actions():
            raise IllegalAction(f"cannot start on {action[1:]}")
        self.me.rails.add(action[1])
        self.setup_left -= 1
        self.to_act = (self.to_act + 1) % len(self.players)

    def _play_legal(self, cid: str, choice: Any) -> bool:
        card = self.card(cid)
        steps = card.effect
        if cid == self.waste or "victory" in card.types:
            return False
        if any(isinstance(s, LayRail) for s in steps) and choice is not None:
            if choice not in self.hexes or not self.world_rails_left():
                return False
            own = {s.name: s.n or 1 for s in steps if isinstance(s, Modify)}
            saved = self.modifiers
            self.modifiers = {**saved, **own}
            try:
                cost = self.rail_cost(self.to_act, choice)
            finally:
                self.modifiers = saved
            return cost is not None and cost[0] <= self.coins + card.value
        if any(isinstance(s, PlaceStation) for s in steps) and choice is not None:
            return choice in self.station_options()
        return (cid, choice) in {(a[1], a[2]) for a in self._play_options(cid)}

    def _play(self, action: tuple[Any, ...]) -> None:
        if len(action) != 3 or action[1] not in self.me.hand or \
                not self._play_legal(action[1], action[2]):
            raise IllegalAction(f"cannot play {action[1:]}")
        _, cid, choice = action
        p = self.me
        p.hand.remove(cid)
        p.play.append(cid)
        card = self.card(cid)
        self.coins += card.value
        self.acted = True
        if "rail" in card.types and "coins_per_rail_card" in self.modifiers:
            self.coins += self.modifiers["coins_per_rail_card"]
        if choice is None and any(isinstance(s, (LayRail, PlaceStation)) for s in card.effect):
            return  # the rail or station cannot be placed: the effect does not happen at all
        self._run(card.effect, cid, choice)

    def _run(self, steps: list[Any], cid: str, choice: Any) -> None:
        p = self.me
        for step in steps:
            if isinstance(step, Draw):
                self._draw(p, step.n)
            elif isinstance(step, Coins):
                self.coins += step.n
            elif isinstance(step, GainWaste):
                self._gain_waste(step.n)
            elif isinstance(step, ReturnWaste):
                held = p.hand.count(self.waste)
                n = held if step.n == 0 else min(step.n, held)
                for _ in range(n):
                    p.hand.remove(self.waste)
                    self.supply[self.waste] += 1
                self.coins += n * step.coins_each
            elif isinstance(step, LayRail):
                coins, waste = self.rail_cost(self.to_act, choice)  # type: ignore[misc]
                self.coins -= coins
                p.rails.add(choice)
                self._gain_waste(waste)
            elif isinstance(step, PlaceStation):
                self.stations[choice] = self.stations.get(choice, 0) + 1
                self.stations_left -= 1
            elif isinstance(step, Modify):
                self.modifiers[step.name] = step.n or 1
            elif isinstance(step, DiscardFor):
                junk = [c for c in p.hand if c == self.waste or "victory" in self.card(c).types]
                for c in junk:
                    p.hand.remove(c)
                    p.discard.append(c)
                self.coins += len(junk) * step.coins_each
                self._draw(p, len(junk) * step.draw_each)
            elif isinstance(step, DrawDiscard):
                self._draw(p, step.draw)
                for _ in range(min(step.discard, len(p.hand))):
                    worst = min(p.hand, key=self._keep_value)
                    p.hand.remove(worst)
                    p.discard.append(worst)
            elif isinstance(step, RevealUntil):
                found, revealed = 0, []
                while found < step.n:
                    c = self._reveal(p)
                    if c is None:
                        break
                    if step.type in self.card(c).types:
                        p.hand.append(c)
                        found += 1
                    else:
                        revealed.append(c)
                p.discard.extend(revealed)
            elif isinstance(step, VpToken):
                p.vp_tokens += step.n
            elif isinstance(step, TrashSelf):
                if cid in p.play:
                    p.play.remove(cid)
                    self.supply[cid] = self.supply.get(cid, 0) + 1
            elif isinstance(step, Optional_):
                if choice:
                    self._run(step.steps, cid, None)
            elif isinstance(step, Choose):
                self._run(step.options[int(choice)], cid, None)
            elif isinstance(step, Hook):
                HOOK_IMPLS[step.name](self, cid)

    def _keep_value(self, cid: str) -> tuple[int, int]:
        card = self.card(cid)
        if cid == self.waste or "victory" in card.types:
            return (-1, 0)
        return (card.value + (2 if "action" in card.types else 0), card.cost or 0)

    def _gain_waste(self, n: int) -> None:
        if "no_waste_gain" in self.modifiers:
            return
        for _ in range(n):
            if self.supply.get(self.waste, 0) <= 0:
                return  # an empty Waste pile does not stop the rest of the effect
            self.supply[self.waste] -= 1
            self.me.gained.append(self.waste)

    def _buy(self, action: tuple[Any, ...]) -> None:
        cid = action[1] if len(action) == 2 else None
        if cid not in self.supply or self.supply[cid] <= 0:
            raise IllegalAction(f"cannot buy {cid!r}")
        card = self.card(cid)
        if card.cost is None or card.cost > self.coins:
            raise IllegalAction(f"cannot afford {cid!r}")
        self.coins -= card.cost
        self.supply[cid] -= 1
        self.acted = True
        if "buys_on_deck" in self.modifiers:
            self.me.deck.append(cid)
        else:
            self.me.gained.append(cid)
        self._run(card.on_buy, cid, None)

    def _end_turn(self) -> None:
        p = self.me
        if not self.acted:  # passing the whole turn returns every Waste in hand
            n = p.hand.count(self.waste)
            for _ in range(n):
                p.hand.remove(self.waste)
            self.supply[self.waste] += n
        p.discard.extend(p.hand + p.play + p.gained)
        p.hand, p.play, p.gained = [], [], []
        self._draw(p, self.world.rules.hand_size)
        self.coins, self.acted, self.modifiers = 0, False, {}
        reason = self._end_reason()
        if reason:
            self._end = reason
            return
        self.to_act = (self.to_act + 1) % len(self.players)
        if self.to_act == 0:
            self.rounds += 1

    def _end_reason(self) -> str:
        empty = sum(1 for cid, n in self.supply.items() if cid != self.waste and n <= 0)
        if empty >= self.world.rules.empty_piles_to_end:
            return "piles"
        if any(len(p.rails) >= self.world.rules.rails_per_player for p in self.players):
            return "rails"
        if self.stations_left <= 0:
            return "stations"
        return ""

    def is_terminal(self) -> bool:
        """Whether an end condition was met at the end of a turn."""
        return bool(self._end)

    def score_of(self, seat: int) -> int:
        """Victory points: cities by stations, remote locations, VP cards, VP tokens."""
        p = self.players[seat]
        city_vp = self.world.rules.city_vp
        points = p.vp_tokens + sum(self.card(c).vp for c in p.all_cards())
        for hex_id in p.rails:
            h = self.hexes[hex_id]
            if h.terrain == "city":
                points += city_vp[min(self.stations.get(hex_id, 0), 3)]
            elif h.terrain == "remote":
                points += h.vp or 0
        return points

    def scores(self) -> list[float]:
        """Victory points per seat."""
        return [float(self.score_of(s)) for s in range(len(self.players))]

    def tiebreak(self) -> list[float]:
        """Equal points: most rails on the board wins (still equal: a shared win)."""
        return [float(len(p.rails)) for p in self.players]

    def copy(self) -> TrainsState:
        """An independent copy."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        players = [Player(list(p.deck), list(p.hand), list(p.discard), list(p.play),
                          list(p.gained), set(p.rails), p.vp_tokens) for p in self.players]
        return TrainsState(self.world, self.map_id, players, clone, dict(self.supply),
                           self.kingdom, dict(self.stations), self.stations_left, self.to_act,
                           self.setup_left, self.coins, self.acted, dict(self.modifiers),
                           self._turns, self.rounds, self._end, self.total_cards)

    @property
    def turns(self) -> int:
        """Actions taken so far."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``piles``, ``rails`` or ``stations``."""
        return self._end

    def card_count(self) -> int:
        """Cards in the supply and with the players (conserved)."""
        return sum(self.supply.values()) + sum(len(p.all_cards()) for p in self.players)

    def check_invariants(self) -> None:
        """Cards conserved, rails within the player's supply, stations within the tokens."""
        if self.card_count() != self.total_cards:
            raise InvariantError(f"{self.card_count()} cards, expected {self.total_cards}")
        for seat, p in enumerate(self.players):
            if len(p.rails) > self.world.rules.rails_per_player:
                raise InvariantError(f"seat {seat} has {len(p.rails)} rails")
        placed = sum(self.stations.values())
        if placed + self.stations_left != self.world.rules.station_tokens or self.coins < 0:
            raise InvariantError(f"stations {placed}+{self.stations_left} or coins {self.coins}")

    def describe(self, action: Action) -> str:
        """Readable action."""
        return " ".join(str(a) for a in action if a is not None) if isinstance(action, tuple) \
            else str(action)

    def details(self) -> dict[str, Any]:
        """Kingdom, map, rounds and per-seat rails and owned kingdom cards."""
        owned = [dict(sorted(Counter(c for c in p.all_cards() if c in self.kingdom).items()))
                 for p in self.players]
        return {"map": self.map_id, "kingdom": list(self.kingdom), "rounds": self.rounds,
                "rails": [len(p.rails) for p in self.players], "kingdom_owned": owned}


# -- hooks (fixed greedy policies for the choices inside them) ---------------------------------

def _trains_in(state: TrainsState, cards: list[str]) -> list[str]:
    return [c for c in cards if "train" in state.card(c).types]


def _amusement_park(state: TrainsState, cid: str) -> None:
    trains = _trains_in(state, state.me.play)
    state.coins += max((state.card(c).value for c in trains), default=0)


def _bullet_train(state: TrainsState, cid: str) -> None:
    if "normal-train" in state.me.play:
        state.coins += 1


def _command_central(state: TrainsState, cid: str) -> None:
    p = state.me
    named = Counter(p.deck + p.discard).most_common(1)
    top = state._reveal(p)
    if top is None:
        return
    if named and top == named[0][0]:
        p.hand.append(top)
    else:
        p.deck.append(top)


def _switchback(state: TrainsState, cid: str) -> None:
    trains = _trains_in(state, state.me.play)
    if trains:
        best = max(trains, key=lambda c: (state.card(c).value, c))
        state.me.play.remove(best)
        state.me.deck.append(best)


def _information_central(state: TrainsState, cid: str) -> None:
    p = state.me
    seen = [c for c in (state._reveal(p) for _ in range(4)) if c is not None]
    if not seen:
        return
    best = max(seen, key=state._keep_value)
    seen.remove(best)
    p.hand.append(best)
    p.deck.extend(reversed(seen))


def _maintenance_factory(state: TrainsState, cid: str) -> None:
    trains = [c for c in _trains_in(state, state.me.hand) if state.supply.get(c, 0) > 0]
    if trains:
        best = max(trains, key=lambda c: (state.card(c).cost or 0, c))
        state.supply[best] -= 1
        state.me.gained.append(best)


def _pulling(state: TrainsState, cid: str) -> None:
    trains = _trains_in(state, state.me.discard)
    if trains:
        best = max(trains, key=lambda c: (state.card(c).value, c))
        state.me.discard.remove(best)
        state.me.hand.append(best)


def _signals(state: TrainsState, cid: str) -> None:
    p = state.me
    top = state._reveal(p)
    if top is None:
        return
    if state._keep_value(top)[0] < 0:
        p.discard.append(top)
    else:
        p.deck.append(top)


def _stationmaster_office(state: TrainsState, cid: str) -> None:
    actions = sorted({c for c in state.me.hand if "action" in state.card(c).types
                      and c != "stationmaster-office"})
    for other in actions:
        steps = state.card(other).effect
        if not any(isinstance(s, (LayRail, PlaceStation, Choose, Optional_)) for s in steps):
            state._run(steps, other, None)
            return


def _wagon_factory(state: TrainsState, cid: str) -> None:
    p = state.me
    trains = _trains_in(state, p.hand)
    if not trains:
        return
    worst = min(trains, key=lambda c: (state.card(c).cost or 0, c))
    limit = (state.card(worst).cost or 0) + 3
    options = [c for c, n in state.supply.items() if n > 0 and "train" in state.card(c).types
               and (state.card(c).cost or 99) <= limit]
    if not options:
        return
    p.hand.remove(worst)
    state.supply[worst] = state.supply.get(worst, 0) + 1
    best = max(options, key=lambda c: (state.card(c).cost or 0, c))
    state.supply[best] -= 1
    p.hand.append(best)


HOOK_IMPLS = {
    "amusement-park": _amusement_park, "bullet-train": _bullet_train,
    "command-central": _command_central, "switchback": _switchback,
    "information-central": _information_central, "maintenance-factory": _maintenance_factory,
    "pulling": _pulling, "signals": _signals, "stationmaster-office": _stationmaster_office,
    "wagon-factory": _wagon_factory,
}


CHOICE_STEPS = (LayRail, PlaceStation, Choose, Optional_)


def unplayable(card: TrainsCard) -> str | None:
    """Why the engine cannot play (or buy) this card, or ``None`` when it can.

    The engine asks a card's one choice when it is played: the hex of its one ``lay_rail`` or
    ``place_station`` step, or the option of a ``choose``/``optional`` first step. So choice
    steps stand at the top of the effect, one per card; ``on_buy`` asks for none; and every
    hook is one the engine implements (``HOOK_IMPLS``). TRN018 refuses a supply that names a
    card breaking this, before a simulation would fail on it.
    """
    for field_name in ("effect", "on_buy"):
        for step in _all_steps(getattr(card, field_name)):
            if isinstance(step, Hook) and step.name not in HOOK_IMPLS:
                return f"the engine does not implement hook {step.name!r} yet"
    if any(isinstance(s, CHOICE_STEPS) for s in _all_steps(card.on_buy)):
        return "on_buy steps cannot ask for a choice (lay_rail, place_station, choose, optional)"
    top = [s for s in card.effect if isinstance(s, CHOICE_STEPS)]
    nested = [s for s in _all_steps(card.effect) if isinstance(s, CHOICE_STEPS)]
    if len(nested) > len(top):
        return "a lay_rail, place_station, choose or optional step inside optional or choose"
    if len(top) > 1:
        return (f"{len(top)} steps that ask for a choice ({', '.join(s.do for s in top)}); the "
                "engine asks one per card")
    if top and isinstance(top[0], (Choose, Optional_)) and card.effect[0] is not top[0]:
        return f"a {top[0].do} step that is not the first step"
    return None


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
    """Makes base Trains games: map and kingdom drawn (or fixed), start decks dealt."""

    world: TrainsWorld
    map_id: str | None = None
    kingdom: tuple[str, ...] | None = None
    include: tuple[str, ...] = ()  # kingdom cards every game must have (card-strength runs)
    min_players: int = 2
    max_players: int = 4

    def new_game(self, players: int, rng: random.Random) -> TrainsState:
        """Set up a game; the start rails are the first actions."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Trains is for 2-4 players")
        world, rules = self.world, self.world.rules
        map_id = self.map_id or rng.choice(sorted(world.maps))
        pool = [c for c in world.randomizers if world.cards[c].set == "base"
                and c not in self.include]
        kingdom = self.kingdom or tuple(sorted(
            (*self.include, *rng.sample(pool, rules.kingdom_piles - len(self.include)))))
        supply = {cid: world.cards[cid].pile for cid in (*rules.fixed_piles, *kingdom)}
        state_players = []
        for _ in range(players):
            deck: list[str] = []
            for cid, n in rules.start_deck.items():
                deck += [cid] * n
                if cid in supply:
                    supply[cid] -= n  # start-deck copies come from the supply piles
            rng.shuffle(deck)
            state_players.append(Player(deck=deck))
        state = TrainsState(world, map_id, state_players, rng, supply, kingdom,
                            stations_left=rules.station_tokens, setup_left=players)
        for p in state_players:
            state._draw(p, rules.hand_size)
        state.total_cards = state.card_count()
        return state


def make_engine(content: GameContent, map: str | None = None,
                preset: str | None = None, include: tuple[str, ...] = ()) -> TrainsEngine:
    """The engine for validated Trains content: the map and kingdom are drawn per game unless
    ``map``/``preset`` fix them; ``include`` forces cards into every kingdom."""
    world = TrainsWorld.from_content(content)
    if map is not None and map not in world.maps:
        raise ValueError(f"no map {map!r}")
    if preset is not None and preset not in world.presets:
        raise ValueError(f"no preset {preset!r}")
    unknown = [c for c in include if world.cards.get(c) is None or world.cards[c].kind != "kingdom"]
    if unknown:
        raise ValueError(f"not kingdom cards: {', '.join(unknown)}")
    return TrainsEngine(world, map, world.presets.get(preset) if preset else None, tuple(include))
