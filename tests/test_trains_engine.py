"""Trains' rules: the seed rulebook's examples and the end and scoring rules, on the real maps."""

from __future__ import annotations

import random

import pytest

from cardkit.core.checking import load_game
from cardkit.games.trains.engine import END, WASTE, TrainsEngine, TrainsState, TrainsWorld
from cardkit.sim import report as rep
from cardkit.sim.api import card_strength, simulate
from cardkit.sim.protocol import IllegalAction

from .conftest import SHIPPED

SHINJUKU, TACHIKAWA = 34, 21


@pytest.fixture(scope="module")
def world() -> TrainsWorld:
    content, _ = load_game("trains", SHIPPED)
    return TrainsWorld.from_content(content)


def _game(world: TrainsWorld, players: int = 2) -> TrainsState:
    engine = TrainsEngine(world, "tokyo", world.presets["beginner-tokyo"])
    state = engine.new_game(players, random.Random(0))
    state.players[0].rails = {33}   # start rails, placed by hand
    state.players[1].rails = {50}
    state.setup_left = 0
    return state


def test_rail_cost_worked_example(world: TrainsWorld) -> None:
    """Seed rulebook: a city (+1) with two stations (+2) and one opponent rail (+1 and a Waste)
    costs 4 coins and one extra Waste."""
    state = _game(world)
    assert state.hexes[SHINJUKU].terrain == "city"
    state.stations[SHINJUKU] = 2
    state.players[1].rails.add(SHINJUKU)
    assert state.rail_cost(0, SHINJUKU) == (4, 1)


def test_barriers_block_and_sea_is_never_allowed(world: TrainsWorld) -> None:
    state = _game(world)
    state.players[0].rails = {25}  # Ikebukuro Ueno: barriers to 34 and 35
    assert state.rail_cost(0, 34) is None and state.rail_cost(0, 35) is None
    state.players[0].rails = {45}
    assert state.hexes[46].terrain == "sea" and state.rail_cost(0, 46) is None


def test_steel_bridge_removes_the_river_surcharge_but_not_the_waste(world: TrainsWorld) -> None:
    state = _game(world)
    river = 41
    assert state.hexes[river].terrain == "river" and 32 in world.adjacency["tokyo"][river]
    state.players[0].rails = {32}
    state.players[1].rails.add(river)
    assert state.rail_cost(0, river) == (2, 1)  # river 1 + opponent 1, and a Waste
    p = state.players[0]
    p.hand = ["steel-bridge"]
    state.coins = 1
    state.supply["steel-bridge"] = state.supply.get("steel-bridge", 0)
    before = state.supply[WASTE]
    state.apply(("play", "steel-bridge", river))
    assert state.coins == 0  # only the opponent surcharge was paid
    assert river in p.rails
    assert p.gained.count(WASTE) == 2 and state.supply[WASTE] == before - 2


def test_effects_are_all_or_nothing(world: TrainsWorld) -> None:
    state = _game(world)
    p = state.players[0]
    p.hand = ["lay-rails"]
    p.rails = set(range(76)) - {h for h, x in state.hexes.items() if x.terrain == "sea"}
    p.rails -= {0}  # only a remote location (4 coins) is left to reach
    assert ("play", "lay-rails", None) in state.legal_actions()
    waste = state.supply[WASTE]
    state.apply(("play", "lay-rails", None))  # cannot lay the rail: no Waste either
    assert state.supply[WASTE] == waste and 0 not in p.rails


def test_empty_waste_pile_does_not_stop_the_rail(world: TrainsWorld) -> None:
    state = _game(world)
    state.supply[WASTE] = 0
    p = state.players[0]
    p.hand = ["lay-rails"]
    state.apply(("play", "lay-rails", 32))
    assert 32 in p.rails and WASTE not in p.gained


def test_passing_a_whole_turn_returns_the_waste(world: TrainsWorld) -> None:
    state = _game(world)
    p = state.players[0]
    p.hand = [WASTE, WASTE, "normal-train"]
    state.supply[WASTE] -= 2  # these two came from the pile
    state.total_cards = state.card_count()
    before = state.supply[WASTE]
    state.apply(END)
    assert state.supply[WASTE] == before + 2
    assert WASTE not in p.all_cards()
    state.check_invariants()


def test_acting_then_ending_keeps_the_waste(world: TrainsWorld) -> None:
    state = _game(world)
    p = state.players[0]
    p.hand = [WASTE, "normal-train"]
    state.apply(("play", "normal-train", None))
    before = state.supply[WASTE]
    state.apply(END)
    assert state.supply[WASTE] == before and WASTE in p.all_cards()


@pytest.mark.parametrize("reason", ["piles", "rails", "stations"])
def test_each_end_condition(world: TrainsWorld, reason: str) -> None:
    state = _game(world)
    if reason == "piles":
        for cid in ["apartment", "skyscraper", "tower", "limited-express-train"]:
            state.supply[cid] = 0
    elif reason == "rails":
        state.players[1].rails = set(range(20))
    else:
        state.stations_left = 0
    assert not state.is_terminal()
    state.apply(END)
    assert state.is_terminal() and state.end_reason == reason
    with pytest.raises(IllegalAction):
        state.apply(END)


def test_three_empty_piles_do_not_end(world: TrainsWorld) -> None:
    state = _game(world)
    for cid in ["apartment", "skyscraper", "tower"]:
        state.supply[cid] = 0
    state.supply[WASTE] = 0  # the Waste pile does not count
    state.apply(END)
    assert not state.is_terminal()


def test_city_scoring_0_2_4_8_and_remote_locations(world: TrainsWorld) -> None:
    state = _game(world)
    cities = [h for h, x in state.hexes.items() if x.terrain == "city"][:4]
    for stations, city in zip((0, 1, 2, 3), cities, strict=True):
        state.stations[city] = stations
    remote = next(h for h, x in state.hexes.items() if x.terrain == "remote")
    state.players[0].rails = set(cities) | {remote}
    start_vp = sum(world.cards[c].vp for c in state.players[0].all_cards())
    assert state.score_of(0) == 0 + 2 + 4 + 8 + state.hexes[remote].vp + start_vp


def test_ties_go_to_most_rails() -> None:
    report = simulate("trains", SHIPPED, games=40, seed=5, backend="serial")
    for row in report.result.rows:
        assert len(row.winners) >= 1
        top = max(row.scores)
        if len([s for s in row.scores if s == top]) > 1 and len(row.winners) == 1:
            rails = row.details["rails"]
            assert rails[row.winners[0]] == max(rails[s] for s, v in enumerate(row.scores)
                                                if v == top)


def test_reproducible_across_workers_and_backends() -> None:
    kwargs = {"games": 24, "seed": 1, "bots": ["baseline", "baseline"]}
    serial = rep.to_json(simulate("trains", SHIPPED, backend="serial", **kwargs))
    assert rep.to_json(simulate("trains", SHIPPED, backend="process", workers=2, **kwargs)) \
        == serial
    pytest.importorskip("distributed")
    assert rep.to_json(simulate("trains", SHIPPED, backend="dask", workers=2, **kwargs)) == serial


def test_card_strength_covers_every_base_kingdom_card() -> None:
    content, _ = load_game("trains", SHIPPED)
    from cardkit.games.trains.bots import strength_cards

    assert len(strength_cards(content)) == 30
    rows = card_strength("trains", SHIPPED, games_per_card=2, seed=2, backend="serial")
    assert sorted(r.card for r in rows) == sorted(strength_cards(content))
    for r in rows:
        assert r.games == 2 and 0 <= r.ci95[0] <= r.win_rate <= r.ci95[1] <= 1
    assert sum(r.bought for r in rows) > 0  # the test bots really buy their cards
