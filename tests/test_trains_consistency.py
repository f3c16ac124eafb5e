"""Cross-checks inside the Trains engine: the fast paths agree with the plain rules functions
at every decision of random games of both rules sets."""

from __future__ import annotations

import random

import pytest

from cardkit.core.loading import load_game
from cardkit.games.trains.engine.effects import feasible, play_actions
from cardkit.games.trains.engine import make_engine
from cardkit.sim.protocol import IllegalAction

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return load_game("trains", SHIPPED)[0]


@pytest.mark.parametrize("setup", ["base", "rising-sun"])
def test_rail_options_agree_with_rail_cost_and_feasibility(content, setup) -> None:  # type: ignore[no-untyped-def]
    # rail_costs reads the modifiers once and counts opponents inline; rail_cost is the rule
    # as written. Every offered hex must cost what rail_cost says, every hex rail_cost allows
    # within the budget must be offered; and a card offered with its effects must be feasible.
    engine = make_engine(content, setup=setup)
    checked = 0
    for game in range(12):
        state = engine.new_game(2 + game % 3, random.Random(game))
        rng = random.Random(100 + game)
        while not state.is_terminal():
            seat = state.to_act
            if not state.setup_left and state.pending is None:
                for budget in (0, 2, 5):
                    offered = dict(state.rail_costs(seat, budget))
                    allowed = {}
                    for h in state.hexes:
                        cost = state.rail_cost(seat, h)
                        if cost is not None and cost[0] <= budget and state.rails_left(seat) > 0:
                            allowed[h] = cost[0]
                    if state.players[seat].rails:
                        assert offered == allowed, (budget, offered, allowed)
                        checked += 1
                for cid in set(state.me.hand):
                    for action in play_actions(state, cid):
                        if len(action) == 2 and state.card(cid).effect:
                            assert feasible(state, seat, state.card(cid).effect,
                                            state.world.value[cid] + (
                                                state.mods.get("coins_per_rail_card", 0)
                                                if cid in state.world.rail_cards else 0), 1)
            state.apply(rng.choice(list(state.legal_actions())))
    assert checked > 200


JUNK = [None, 1, "x", "", [1], {}, (), ("x",), 1.5, ("rail",), ("play",), ("play", None),
        ("play", ["a"]), ("play", "lay-rails", "nope"), ("play", "lay-rails", "coins", 1),
        ("buy",), ("buy", None), ("buy", ["a"]), ("buy", "waste"), ("buy", "express-train", "top"),
        ("bonus",), ("bonus", ["a"]), ("bonus", "chuo-line"), ("end", 1), ("play_trains", "x"),
        ("start",), ("start", [1]), ("start", 999), ("rail", 999), ("rail", [3]),
        ("discard", None), ("react", 1), ("option", 99), ("copy", "no-such-card")]


def _fingerprint(state):  # type: ignore[no-untyped-def]
    return (repr([(p.deck, p.hand, p.discard, p.play, p.gained, sorted(p.rails), p.vp_tokens,
                   p.bonuses) for p in state.players]), repr(sorted(state.supply.items())),
            state.coins, state.pending, len(state.work), state.turns, state.to_act,
            repr(sorted(state.stations.items())), repr(state.mods))


@pytest.mark.parametrize("setup", ["base", "rising-sun"])
def test_hostile_actions_are_refused_and_change_nothing(content, setup) -> None:  # type: ignore[no-untyped-def]
    # at every point of random games (choices pending included), a malformed or illegal action
    # raises IllegalAction (never TypeError, KeyError...) and leaves the state as it was
    engine = make_engine(content, setup=setup)
    refused = 0
    for game in range(6):
        state = engine.new_game(2 + game % 3, random.Random(game))
        rng = random.Random(7 + game)
        while not state.is_terminal():
            legal = list(state.legal_actions())
            junk = rng.choice(JUNK)
            if junk not in legal:
                before = _fingerprint(state)
                with pytest.raises(IllegalAction):
                    state.apply(junk)
                assert _fingerprint(state) == before, junk
                refused += 1
            state.apply(rng.choice(legal))
    assert refused > 500
