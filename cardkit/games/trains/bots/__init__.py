"""Trains bots: random-legal, and priority-list bots written in YAML (``content/trains/bots``).

A priority bot's turn, decided from the state (never by listing every legal action):

1. with a hand clogged by Waste and little money, it passes the whole turn to return the Waste;
2. it plays its cards in the order of its YAML: ``play_first`` (draw cards), then the other
   Action cards, then Trains (the effect-less ones at once), then ``play_last`` (cards that count
   Trains in play: Amusement Park, Switchback, Bullet Train), then its held route bonus abilities
   when useful, then Rail and station cards — a Rail card only when its best rail is worth it,
   a station card only on a city where it gains against the others (:mod:`.bot_rails`);
3. it buys by its rules, the first matching rule first, up to ``buys_per_turn`` cards (on the
   deck while Early Train's modifier runs, VP cards excepted); then it plays its
   ``play_after_buy`` cards and may buy again.

It answers the choices cards ask for itself for rails and stations, and with
:func:`policy.default_answer` for the rest. ``baseline+CARD`` is the baseline with "buy CARD, up
to two copies" put first — the card-strength report pits it against the plain baseline.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ....sim.protocol import Action, BotSpec
from .rails import RailPlanner, start_hex
from ..engine.effects import bonus_usable, can_use
from ..engine.game import TrainsGame
from ..model import BuyRule, PriorityBot
from .plan import MAX_COINS, CardPlan, card_plan
from .policy import default_answer
from ..engine.state import END, PLAY_TRAINS, TrainsState
from ..engine.world import TrainsWorld

__all__ = ["BOTS", "DEFAULT_BOTS", "MAX_COINS", "CardPlan", "PriorityListBot", "RandomBot",
           "card_plan", "make_bot", "strength_cards", "strength_setup"]


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly (ending the turn is one option among the others)."""

    name: str = "random"

    def choose(self, state: TrainsGame, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


@dataclass(slots=True)
class PriorityListBot:
    """A bot from a :class:`PriorityBot` rule list."""

    rules: PriorityBot
    plan: CardPlan
    name: str = "priority"
    planner: RailPlanner = field(default_factory=RailPlanner)
    _turn: tuple[int, int] = (-1, -1)
    _bought: int = 0
    _owned: Counter[str] | None = None
    # this turn: rail card -> the coins it was not worth at; station card -> the rails then
    _skip: dict[str, int] = field(default_factory=dict)
    #: ``(supply, its buy table)``: the supply itself is held and compared by identity (an id
    #: could be a freed supply's, of another game with other piles).
    _game_rules: tuple[Any, tuple[tuple[tuple[Any, ...], ...], ...]] = (None, ())
    _planned: tuple[int, int, int | None] = (-1, -1, None)  # (action count, rails, hex)
    _planned_station: tuple[int, int | None] = (-1, None)  # (action count, city)
    _empty: int | None = None  # empty supply piles (Waste excepted), counted once per buy
    # the board and hand when _pick_play last found nothing to play, and the coins then: with
    # the same hand and board and no more coins there is still nothing (fewer coins never make
    # a rail or an effect affordable), so the buys and the end of a turn skip the search
    _no_play: tuple[Any, ...] = ()
    _no_play_coins: int = -1

    def __post_init__(self) -> None:
        self.planner.coin_vp, self.planner.waste_vp = self.rules.coin_vp, self.rules.waste_vp

    def choose(self, state: TrainsState, seat: int, rng: random.Random) -> Action:
        """The next action of this bot's turn (or its answer to a pending choice)."""
        if state.pending is not None:
            return self._answer(state, seat)
        if state.setup_left:
            return ("start", start_hex(state))
        turn = self._turn
        if turn[0] != state.rounds or turn[1] != seat:
            turn = self._turn = (state.rounds, seat)
            self._bought, self._owned, self._empty = 0, None, None
            self._skip.clear()
        me = state.players[seat]
        hand = me.hand
        if not state.acted and hand.count(state.world.waste) >= self.rules.pass_with_waste:
            value = state.world.value
            if sum(value[c] for c in hand) < 3:
                return END
        coins = state.coins
        key = None
        if coins > self._no_play_coins or self._no_play != (
                key := (turn, tuple(hand), len(me.rails), state.stations_left,
                        tuple(state.mods.items()), len(me.bonuses))):
            action = self._pick_play(state, seat)
            if action is not None:
                return action
            if key is None:
                key = (turn, tuple(hand), len(me.rails), state.stations_left,
                       tuple(state.mods.items()), len(me.bonuses))
            self._no_play, self._no_play_coins = key, coins
        if self._bought < self.rules.buys_per_turn:
            action = self._pick_buy(state, seat)
            if action is not None:
                self._bought += 1
                self._bought_one(state, action[1])
                return action
        after = self.plan.after_buy
        if after and not after.isdisjoint(hand):
            for cid in sorted(after.intersection(hand)):
                action = self._play_one(state, seat, cid)
                if action is not None:
                    return action
        return END

    def _bought_one(self, state: TrainsState, cid: str) -> None:
        """Keep the owned counts and empty piles up to date with a card about to be bought
        (counted again from the state when buying it may do more: a card with an on-buy
        effect, or Waste)."""
        w = state.world
        owned = self._owned
        if owned is None or cid == w.waste or w.cards[cid].on_buy:
            self._owned = self._empty = None
            return
        owned[cid] += 1
        if cid in w.trains:
            owned[" trains"] += 1
        if cid in w.actions:
            owned[" actions"] += 1
        if self._empty is not None and state.supply[cid] == 1:
            self._empty += 1

    # -- playing ------------------------------------------------------------------------------
    def _pick_play(self, state: TrainsState, seat: int) -> Action | None:
        me = state.players[seat]
        cards = self.plan.play_order(me.hand)
        bonuses_tried = not me.bonuses  # none held: nothing to try
        for late, cid in cards:
            if late and not bonuses_tried:
                bonuses_tried = True
                action = self._pick_bonus(state, seat)
                if action is not None:
                    return action
            action = self._play_one(state, seat, cid)
            if action is not None:
                return action
        if not bonuses_tried:
            return self._pick_bonus(state, seat)
        return None

    def _play_one(self, state: TrainsState, seat: int, cid: str) -> Action | None:
        w = state.world
        if cid in w.plain:
            return PLAY_TRAINS
        plan = self.plan
        rail = plan.rails.get(cid)
        if rail is not None:
            if self._skip.get(cid, -1) >= state.coins:
                return None
            coins_before, mods, tail_sure = rail
            bonus = w.value[cid]
            if cid in w.rail_cards:
                bonus += state.mods.get("coins_per_rail_card", 0)
            score = self._rail_worth(state, seat, state.coins + bonus + coins_before, mods,
                                     remember=True)
            rush = state.rounds >= self.rules.rush_round
            if score is None or (score < self.rules.min_rail_value and not rush) or not (
                    tail_sure or can_use(state, cid)):
                self._skip[cid] = state.coins
                return None
            return ("play", cid)
        if cid in plan.stations:
            laid = len(state.players[seat].rails)
            if self._skip.get(cid) == laid:  # not worth it this turn, no rail laid since
                return None
            best, score = self.planner.best_station(state, seat, None) \
                if state.stations_left > 0 else (None, -99.0)
            if best is None or (score < self.rules.min_station_value
                                and state.rounds < self.rules.rush_round):
                self._skip[cid] = laid
                return None
            if cid in plan.sure or can_use(state, cid):
                self._planned_station = (state.turns + 1, best)
                return ("play", cid)
            return None
        if cid in plan.sure:
            return ("play", cid)
        if can_use(state, cid):
            return ("play", cid)
        if w.value[cid] > 0 and (cid in w.actions or cid in w.trains):
            return ("play", cid, "coins")
        return None

    def _rail_worth(self, state: TrainsState, seat: int, budget: int,
                    mods: tuple[tuple[str, int], ...], remember: bool = False) -> float | None:
        """The best rail's score with ``budget`` coins and these modifiers, or None; with
        ``remember``, the rail it found answers the card's rail choice (the next action)."""
        if state.rails_max <= len(state.players[seat].rails):
            return None
        with_mods = None
        if mods:
            with_mods = dict(state.mods)
            for name, n in mods:
                with_mods[name] = with_mods.get(name, 0) + n
            saved = state.mods
            state.mods = with_mods
            try:
                costs = state.rail_costs(seat, budget)
            finally:
                state.mods = saved
        else:
            costs = state.rail_costs(seat, budget)
        if not costs:
            return None
        best, score = self.planner.best_rail(state, seat, costs, with_mods)
        if remember:
            self._planned = (state.turns + 1, len(state.players[seat].rails), best)
        return score

    def _pick_bonus(self, state: TrainsState, seat: int) -> Action | None:
        """A held route bonus ability worth using now: Waste returns with Waste in hand, a
        station on a city that gains, a rail worth 1 VP or more, draws and coins at once."""
        me = state.players[seat]
        for bid in me.bonuses:
            kind = self.plan.bonus_kind.get(bid, "plain")
            if kind == "waste" and state.world.waste not in me.hand:
                continue
            if kind == "station":
                options = state.station_options()
                if not options or self.planner.best_station(state, seat, options)[1] <= 0:
                    continue
            if kind == "rail":
                score = self._rail_worth(state, seat, state.coins, self.plan.bonus_mods[bid])
                if score is None or score < 1.0:
                    continue
            if bonus_usable(state, bid):
                return ("bonus", bid)
        return None

    # -- buying -------------------------------------------------------------------------------
    def _pick_buy(self, state: TrainsState, seat: int) -> tuple[Any, ...] | None:
        supply = state.supply
        if self._game_rules[0] is not supply:
            self._game_rules = (supply, self.plan.buy_table(supply))
        coins = state.coins
        w = state.world
        if self._empty is None:
            empty = 0
            for n in supply.values():
                if n <= 0:
                    empty += 1
            self._empty = empty - (supply.get(w.waste, 1) <= 0)
        if self._empty + 1 >= state.piles_to_end:
            closing = self._closing_buy(state, seat)
            if closing is not None:
                return closing
        owned = self._owned
        rounds = state.rounds
        for c, need, first, last, most, waste, trains, actions, rails, stations in \
                self._game_rules[1][min(coins, MAX_COINS)]:
            if supply[c] <= 0 or rounds < first or rounds >= last:
                continue
            if owned is None:
                owned = self._owned = self._count(state, seat)
            if owned[c] >= most or owned[" waste"] < waste or owned[" trains"] < trains or \
                    owned[" actions"] < actions or state.rails_left(seat) < rails or \
                    state.stations_left < stations:
                continue
            if state.mods.get("buys_on_deck") and c not in self.plan.victory:
                return ("buy", c, "deck")
            return ("buy", c)
        return None

    @staticmethod
    def _closing_buy(state: TrainsState, seat: int) -> tuple[Any, ...] | None:
        """With one pile short of the end and the lead, buy the last card of a pile (the
        game ends after this turn)."""
        w = state.world
        need = w.setups[state.setup_id].rules.empty_piles_to_end
        last, empty = None, 0
        for c, n in state.supply.items():
            if c == w.waste:
                continue
            if n <= 0:
                empty += 1
            elif n == 1 and (w.cost[c] or 99) <= state.coins and \
                    (last is None or w.vp[c] > w.vp[last]):
                last = c
        if last is None or empty + 1 < need:
            return None
        scores = state.scores()
        mine = scores[seat] + w.vp[last]
        if all(mine > s for i, s in enumerate(scores) if i != seat):
            return ("buy", last)
        return None

    @staticmethod
    def _count(state: TrainsState, seat: int) -> Counter[str]:
        """Cards owned by kind, plus " waste", " trains" and " actions" totals."""
        w = state.world
        owned = Counter(state.players[seat].all_cards())
        trains = actions = 0
        is_train, is_action = w.trains, w.actions
        for c, n in owned.items():
            if c in is_train:
                trains += n
            if c in is_action:
                actions += n
        owned[" waste"] = owned[w.waste]
        owned[" trains"], owned[" actions"] = trains, actions
        return owned

    # -- answering ----------------------------------------------------------------------------
    def _answer(self, state: TrainsState, seat: int) -> Action:
        kind, options = state.pending[1], state.pending[2]  # type: ignore[index]
        if kind == "rail":
            turn, laid, planned = self._planned
            if turn == state.turns and laid == len(state.players[seat].rails) and \
                    planned in options:
                return (kind, planned)
            allowed = set(options)
            costs = [hc for hc in state.rail_costs(seat, state.coins) if hc[0] in allowed]
            best = self.planner.best_rail(state, seat, costs)[0]
            return (kind, best if best is not None else options[0])
        if kind == "station":
            turn, planned = self._planned_station
            if turn == state.turns and planned in options:
                return (kind, planned)
            best = self.planner.best_station(state, seat, options)[0]
            return (kind, best if best is not None else options[0])
        return default_answer(state, seat)


_BOT_PLANS: dict[tuple[int, str], tuple[TrainsWorld, PriorityBot, CardPlan]] = {}


def make_bot(spec: BotSpec, engine: Any) -> Any:
    """``random``, a priority bot of the content by id (``baseline``), or ``baseline+CARD``."""
    if spec.name == "random":
        return RandomBot()
    world: TrainsWorld = engine.world
    key = (id(world), spec.name)
    hit = _BOT_PLANS.get(key)
    if hit is None or hit[0] is not world:
        base_name, _, extra = spec.name.partition("+")
        if base_name not in world.bots:
            raise KeyError(spec.name)
        rules = world.bots[base_name]
        if extra:
            if world.cards.get(extra) is None:
                raise ValueError(f"no card {extra!r}")
            first = BuyRule.model_validate({"card": extra, "max_owned": 2})
            rules = rules.model_copy(update={"buy": [first, *rules.buy]})
        if len(_BOT_PLANS) > 256:
            _BOT_PLANS.clear()
        hit = _BOT_PLANS[key] = (world, rules, card_plan(world, rules))
    return PriorityListBot(hit[1], hit[2], name=str(spec))


BOTS = {
    "random": "any legal action",
    "baseline": "money, VP, kingdom cards and rails toward valuable places "
                "(content/trains/bots/baseline.yaml)",
    "baseline+CARD": "the baseline buying up to two CARD first",
    "rails-first": "a rail-heavy priority list (content/trains/bots)",
}
DEFAULT_BOTS = ("baseline", "baseline")


def strength_cards(content: Any, card_set: str | None = None) -> list[str]:
    """The cards the strength report covers: every kingdom card of a set (default: base)."""
    card_set = card_set or "base"
    sets = {r.obj.set for r in content.of("cards")}
    if card_set not in sets:
        raise ValueError(f"no card set {card_set!r} (there are: {', '.join(sorted(sets))})")
    return [r.id for r in content.of("cards") if r.obj.set == card_set and r.obj.kind == "kingdom"]


def strength_setup(card: str, content: Any = None) -> tuple[list[str], tuple[tuple[str, Any], ...]]:
    """``baseline+CARD`` against ``baseline`` in games whose kingdom includes the card (in the
    rules set of the card's own set: a Rising Sun card plays with the Rising Sun supply)."""
    if content is not None:
        found = content.index("cards").get(card)
        if found is None or found.obj.kind != "kingdom":
            raise ValueError(f"{card!r} is not a kingdom card")
    return [f"baseline+{card}", "baseline"], (("include", (card,)),)
