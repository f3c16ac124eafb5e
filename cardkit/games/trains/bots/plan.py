"""What a priority bot makes of a world's cards, worked out once per world and bot: the play
order of each card kind, which cards lay a rail or put a station (and what comes before), which
effects cannot fail, the buy rules as tuples (:class:`CardPlan`, built by :func:`card_plan`), and
the caches the bots fill as they play (play orders per set of card kinds, buy tables per set of
supply piles)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.feasibility import FAILABLE
from ..engine.world import TrainsWorld
from ..model import BuyRule, Coins, LayRail, Modify, PlaceStation, PriorityBot, ReturnWaste

#: Buy rules are indexed by the coins they need up to this many (more coins: every rule).
MAX_COINS = 20


@dataclass(frozen=True, slots=True)
class CardPlan:
    """How a bot treats each card kind of a world (built once per world and bot)."""

    order: dict[str, tuple[int, int]]  # play order key (lower first); absent: never played
    rails: dict[str, tuple[int, tuple[tuple[str, int], ...], bool]]  # lays a rail: (coins
    # before it, modifiers before it, the rest after the rail cannot fail)
    stations: frozenset[str]  # puts a station (and lays no rail)
    sure: frozenset[str]  # effect that cannot fail (or no effect)
    after_buy: frozenset[str]
    victory: frozenset[str]
    bonus_kind: dict[str, str]  # route bonus id -> "rail", "station", "waste" or "plain"
    bonus_mods: dict[str, tuple[tuple[str, int], ...]]
    buy: tuple[BuyRule, ...]
    #: the buy rules as tuples: (card, coins needed, first round, last round + 1, most owned,
    #: least Waste, Trains, Actions owned, rails left, stations left)
    buy_rows: tuple[tuple[Any, ...], ...]
    #: the card kinds of a hand -> the ones to try, in play order (the ``after_buy`` ones left
    #: out), each with whether it is a rail or station card (group 4: route bonus abilities first)
    orders: dict[frozenset[str], tuple[tuple[bool, str], ...]] = field(default_factory=dict)
    #: the supply's piles -> :meth:`buy_table`
    tables: dict[tuple[str, ...], tuple[tuple[tuple[Any, ...], ...], ...]] = field(
        default_factory=dict)

    def buy_table(self, supply: dict[str, int]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
        """The buy rules of the cards in a supply as tuples, by the coins they need:
        ``[coins]`` -> the rules affordable with that many (worked out once per set of piles)."""
        key = tuple(supply)
        hit = self.tables.get(key)
        if hit is None:
            rules = [r for r in self.buy_rows if r[0] in supply]
            if len(self.tables) > 10_000:
                self.tables.clear()
            hit = self.tables[key] = tuple(tuple(r for r in rules if r[1] <= coins)
                                           for coins in range(MAX_COINS + 1))
        return hit

    def play_order(self, hand: list[str]) -> tuple[tuple[bool, str], ...]:
        """The cards of a hand to try, in play order (worked out once per set of card kinds)."""
        key = frozenset(hand)
        hit = self.orders.get(key)
        if hit is None:
            order, after = self.order, self.after_buy
            ranked = sorted((order[c], c) for c in key if c in order and c not in after)
            if len(self.orders) > 100_000:
                self.orders.clear()
            hit = self.orders[key] = tuple((rank[0] == 4, c) for rank, c in ranked)
        return hit


def _rail_prefix(steps: list[Any]) -> tuple[int, tuple[tuple[str, int], ...], bool] | None:
    """For steps that lay a rail: (coins before it, modifiers before it, whether a rail within
    reach is all the steps need); None for steps that lay no rail first."""
    coins = 0
    mods: list[tuple[str, int]] = []
    for i, step in enumerate(steps):
        if isinstance(step, LayRail):
            sure = not any(isinstance(s, FAILABLE) for s in steps[i + 1:])
            return coins, tuple(mods), sure
        if isinstance(step, Coins):
            coins += step.n
        elif isinstance(step, Modify):
            mods.append((step.name, step.n or 1))
        elif isinstance(step, FAILABLE):
            return None
    return None


def card_plan(world: TrainsWorld, rules: PriorityBot) -> CardPlan:
    """The per-card tables of a bot for a world."""
    first = {c: i for i, c in enumerate(rules.play_first)}
    last = {c: i for i, c in enumerate(rules.play_last)}
    order: dict[str, tuple[int, int]] = {}
    rails, stations, sure = {}, set(), set()
    for cid, card in world.cards.items():
        if cid in world.unplayable:
            continue
        steps = card.effect
        prefix = _rail_prefix(steps)
        if prefix is not None:
            rails[cid] = prefix
        elif any(isinstance(s, PlaceStation) for s in steps):
            stations.add(cid)
        if not any(isinstance(s, FAILABLE) for s in steps):
            sure.add(cid)
        if cid in first:
            order[cid] = (0, first[cid])
        elif prefix is not None or cid in stations or cid in world.rail_cards:
            order[cid] = (4, last.get(cid, 0))
        elif cid in last:
            order[cid] = (3, last[cid])
        elif cid in world.actions and cid not in world.trains:
            order[cid] = (1, 0)
        else:
            order[cid] = (2, 0 if cid in world.plain else 1)
    bonus_kind, bonus_mods = {}, {}
    for md in world.maps.values():
        for b in md.bonuses:
            prefix = _rail_prefix(b.effect)
            kinds = {type(s) for s in b.effect}
            bonus_kind[b.id] = ("rail" if LayRail in kinds else "station" if PlaceStation in kinds
                                else "waste" if kinds == {ReturnWaste} else "plain")
            bonus_mods[b.id] = prefix[1] if prefix else ()
    victory = frozenset(c for c, k in world.cards.items() if "victory" in k.types)
    buy = tuple(r for r in rules.buy if world.cost.get(r.card) is not None)
    cost = world.cost
    rows = tuple((r.card, max(r.min_coins, cost[r.card] or 0), r.min_round,
                  100 if r.max_round is None else r.max_round,
                  99 if r.max_owned is None else r.max_owned, r.min_waste, r.min_trains,
                  r.min_actions, r.min_rails_left, r.min_stations_left) for r in buy)
    return CardPlan(order, rails, frozenset(stations), frozenset(sure),
                    frozenset(rules.play_after_buy), victory, bonus_kind, bonus_mods, buy, rows)
