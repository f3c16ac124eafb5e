"""Trains bots: random-legal, and priority-list bots written in YAML (``content/trains/bots``).

A priority bot plays its ``play_first`` cards, then every other action and train card, then its
rail and station cards (rails go toward the most valuable places it can reach), then buys by
its rules; it passes a whole turn to return Waste when its hand is clogged. ``baseline+CARD``
is the baseline with "buy CARD, up to two copies" put first — the card-strength report pits it
against the plain baseline.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ...sim.protocol import Action, BotSpec
from .engine import END, PLAY_TRAINS, TrainsState
from .model import BuyRule, PriorityBot


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly (ending the turn is one option among the others)."""

    name: str = "random"

    def choose(self, state: TrainsState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


def place_value(state: TrainsState, hex_id: int) -> float:
    """How much a hex is worth to reach: cities by their slots (and stations), remote locations
    by their VP."""
    h = state.hexes[hex_id]
    if h.terrain == "city":
        return 2.0 + 1.5 * (h.station_slots or 0) + state.stations.get(hex_id, 0)
    if h.terrain == "remote":
        return float(h.vp or 0)
    return 0.0


@dataclass(slots=True)
class PriorityListBot:
    """A bot from a :class:`PriorityBot` rule list."""

    rules: PriorityBot
    name: str = "priority"
    _bought: int = 0
    _turn: tuple[int, int] = (-1, -1)
    _owned_cache: dict[str, int] = field(default_factory=dict)

    def choose(self, state: TrainsState, seat: int, rng: random.Random) -> Action:
        """The next action of this bot's turn."""
        if state.setup_left:
            legal = list(state.legal_actions())
            return max(legal, key=lambda a: (self._start_value(state, a[1]), -a[1]))
        turn = (state.rounds, seat)
        if turn != self._turn:
            self._turn, self._bought = turn, 0
        me = state.players[seat]
        if not state.acted and me.hand.count(state.waste) >= self.rules.pass_with_waste and \
                self._money_in_hand(state) < 3:
            return END
        play = self._pick_play(state)
        if play is not None:
            return play
        if self._bought < self.rules.buys_per_turn:
            buy = self._pick_buy(state, seat)
            if buy is not None:  # _matches checked pile, cost and coins
                self._bought += 1
                return buy
        return END

    def _money_in_hand(self, state: TrainsState) -> int:
        return sum(state.card(c).value for c in state.me.hand)

    def _start_value(self, state: TrainsState, hex_id: int) -> float:
        adj = state.world.adjacency[state.map_id]
        near = sum(place_value(state, n) for n in adj[hex_id])
        return place_value(state, hex_id) * 2 + near

    def _pick_play(self, state: TrainsState) -> Action | None:
        order = {cid: i for i, cid in enumerate(self.rules.play_first)}

        def group(cid: str) -> tuple[int, int, str]:
            card = state.card(cid)
            if cid in order:
                return (0, order[cid], cid)
            if "action" in card.types and "train" not in card.types:
                return (1, 0, cid)
            if "train" in card.types:
                return (2, 0, cid)
            return (3, 0, cid)  # rails and stations last: they spend the money

        for cid in sorted(state.playable(), key=group):
            if group(cid)[0] == 2 and state._plain_train(cid):
                return PLAY_TRAINS  # all plain trains at once
            choice = self._choose_play(state, cid)
            if choice is not None:
                return choice
        return None

    def _choose_play(self, state: TrainsState, cid: str) -> Action | None:
        candidates = state.play_options(cid)
        if not candidates:
            return None
        card = state.card(cid)
        if "rail" in card.types:
            usable = [a for a in candidates if a[2] is not None]
            if not usable:
                return None
            return max(usable, key=lambda a: (self._rail_value(state, a[2]), -a[2]))
        if "station" in card.types:
            usable = [a for a in candidates if a[2] is not None]
            if not usable:
                return None
            mine = state.me.rails
            return max(usable, key=lambda a: (a[2] in mine, place_value(state, a[2]), -a[2]))
        if len(candidates) > 1 and isinstance(candidates[0][2], bool):
            return next(a for a in candidates if a[2] is True)
        return candidates[0]

    def _rail_value(self, state: TrainsState, hex_id: int) -> float:
        cost = state.rail_cost(state.to_act, hex_id, connected=True)
        coins = cost[0] if cost else 9
        adj = state.world.adjacency[state.map_id]
        reach = max((place_value(state, n) for n in adj[hex_id]
                     if n not in state.me.rails), default=0.0)
        return 2.0 * place_value(state, hex_id) + 0.5 * reach - 0.8 * coins - \
            (1.5 if cost and cost[1] else 0.0)

    def _pick_buy(self, state: TrainsState, seat: int) -> Action | None:
        owned = _owned(state, seat)
        for rule in self.rules.buy:
            if self._matches(rule, state, owned):
                return ("buy", rule.card)
        return None

    @staticmethod
    def _matches(rule: BuyRule, state: TrainsState, owned: dict[str, int]) -> bool:
        card = state.world.cards.get(rule.card)
        return (card is not None and card.cost is not None and state.coins >= max(
            rule.min_coins, card.cost) and state.supply.get(rule.card, 0) > 0
            and (rule.max_owned is None or owned.get(rule.card, 0) < rule.max_owned)
            and state.rounds >= rule.min_round)


def _owned(state: TrainsState, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in state.players[seat].all_cards():
        out[c] = out.get(c, 0) + 1
    return out


def make_bot(spec: BotSpec, engine: Any) -> Any:
    """``random``, a priority bot of the content by id (``baseline``), or ``baseline+CARD``."""
    if spec.name == "random":
        return RandomBot()
    base_name, _, extra = spec.name.partition("+")
    bots: dict[str, PriorityBot] = engine.world.bots
    if base_name not in bots:
        raise KeyError(spec.name)
    rules = bots[base_name]
    if extra:
        if engine.world.cards.get(extra) is None:
            raise ValueError(f"no card {extra!r}")
        rules = rules.model_copy(update={"buy": [BuyRule(card=extra, max_owned=2), *rules.buy]})
    return PriorityListBot(rules, name=str(spec))


BOTS = {
    "random": "any legal action",
    "baseline": "money, VP and rails toward valuable cities (content/trains/bots/baseline.yaml)",
    "baseline+CARD": "the baseline buying up to two CARD first",
    "rails-first": "a rail-heavy priority list (content/trains/bots)",
}
DEFAULT_BOTS = ("baseline", "baseline")


def strength_cards(content: Any) -> list[str]:
    """The cards the strength report covers: every base-game kingdom card."""
    return [r.id for r in content.of("cards") if r.obj.set == "base" and r.obj.kind == "kingdom"]


def strength_setup(card: str) -> tuple[list[str], tuple[tuple[str, Any], ...]]:
    """``baseline+CARD`` against ``baseline`` in games whose kingdom includes the card."""
    return [f"baseline+{card}", "baseline"], (("include", (card,)),)
