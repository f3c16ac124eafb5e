"""Trains' engine: the rulebook's rail rules and worked example, the end and scoring rules, the
per-map numbers (rails, station tokens, pile size), and conformance: one game per kingdom card
of both sets with every invariant checked after every action, Rising Sun games with route bonus
cards, copies taken while a choice is pending, illegal answers refused, reproducible runs."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardkit.games.trains.bots import make_bot, strength_cards
from cardkit.games.trains.engine import END, TrainsEngine, TrainsState, make_engine
from cardkit.games.trains.engine.world import prepare_map
from cardkit.sim import report as rep
from cardkit.sim.api import card_strength, simulate
from cardkit.sim.protocol import BotSpec, IllegalAction

from .conftest import SHIPPED
from .trains_helpers import (MIZONOKUCHI, PLAIN_A, PLAIN_B, RIVER, SHINJUKU, act, answer,
                             content, deal, game, pending, plays)

WASTE = "waste"


# -- rails -------------------------------------------------------------------------------------

def test_rail_cost_worked_example() -> None:
    """Rulebook: a city (+1) with two stations (+2) and one other player's rail (+1 and a Waste)
    costs 1+2+1 = 4 coins, and the Waste is on top of the Lay Rails' own."""
    state = game()
    assert state.mapdata.terrain[SHINJUKU] == "city"
    state.stations[SHINJUKU] = 2
    state.stations_left -= 2
    state.players[1].rails.add(SHINJUKU)
    assert state.rail_cost(0, SHINJUKU) == (4, 1)
    assert SHINJUKU not in state.rail_options(0, 3) and SHINJUKU in state.rail_options(0, 4)
    deal(state, hand=["lay-rails"], coins=4)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", SHINJUKU)
    assert state.coins == 0 and state.players[0].gained == [WASTE, WASTE]


def test_barriers_block_and_sea_is_never_allowed() -> None:
    state = game(starts=(25, MIZONOKUCHI))  # Ikebukuro Ueno: barriers towards 34 and 35
    assert state.rail_cost(0, 34) is None and state.rail_cost(0, 35) is None
    assert 34 not in state.rail_options(0, 99) and 35 not in state.rail_options(0, 99)
    state = game(starts=(45, MIZONOKUCHI))
    assert state.mapdata.terrain[46] == "sea" and state.rail_cost(0, 46) is None
    assert 46 not in state.rail_options(0, 99)


def test_start_rails_not_on_sea_remote_or_another_players_rail() -> None:
    state = make_engine(content(), map="tokyo", preset="beginner-tokyo").new_game(
        2, random.Random(1))
    starts = {a[1] for a in state.legal_actions()}
    terrain = state.mapdata.terrain
    assert starts and all(terrain[h] not in ("sea", "remote") for h in starts)
    state.apply(("start", PLAIN_A))
    assert ("start", PLAIN_A) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(("start", PLAIN_A))
    with pytest.raises(IllegalAction):
        state.apply(("start", 0))  # Chichibu, a remote location


def test_steel_bridge_removes_the_river_surcharge_but_not_the_waste() -> None:
    state = game(starts=(PLAIN_B, MIZONOKUCHI))
    state.players[1].rails.add(RIVER)
    assert state.rail_cost(0, RIVER) == (2, 1)  # river 1 + other player 1, and a Waste
    deal(state, hand=["steel-bridge"], coins=1)
    before = state.supply[WASTE]
    act(state, ("play", "steel-bridge"))
    answer(state, "rail", RIVER)
    p = state.players[0]
    assert state.coins == 0  # only the other player's surcharge was paid
    assert RIVER in p.rails and p.gained == [WASTE, WASTE]
    assert state.supply[WASTE] == before - 2


def test_empty_waste_pile_does_not_stop_the_rail() -> None:
    state = game()
    state.supply[WASTE] = 0
    deal(state, hand=["lay-rails"])
    act(state, ("play", "lay-rails"))
    answer(state, "rail", PLAIN_B)
    p = state.players[0]
    assert PLAIN_B in p.rails and WASTE not in p.gained


def test_passing_a_whole_turn_returns_all_the_waste() -> None:
    state = game()
    deal(state, hand=[WASTE, WASTE, "normal-train"], deck=[], discard=[])
    before = state.supply[WASTE]
    act(state, END)
    assert state.supply[WASTE] == before + 2
    assert WASTE not in state.players[0].all_cards()


def test_acting_then_ending_keeps_the_waste() -> None:
    state = game()
    deal(state, hand=[WASTE, "normal-train"])
    act(state, ("play_trains",))
    before = state.supply[WASTE]
    act(state, END)
    assert state.supply[WASTE] == before and WASTE in state.players[0].all_cards()


# -- the end and scoring ---------------------------------------------------------------------

def _fill_stations(state: TrainsState) -> None:
    for h, slots in sorted(state.mapdata.city_slots.items()):
        while state.stations_left and state.stations.get(h, 0) < slots:
            state.stations[h] = state.stations.get(h, 0) + 1
            state.stations_left -= 1


@pytest.mark.parametrize("reason", ["piles", "rails", "stations"])
def test_each_end_condition(reason: str) -> None:
    state = game()
    if reason == "piles":
        for cid in ["apartment", "skyscraper", "tower", "dump-site"]:
            state.supply[cid] = 0
    elif reason == "rails":
        state.players[1].rails = set(state.mapdata.start_hexes[:state.rails_max])
    else:
        _fill_stations(state)
    deal(state)
    assert not state.is_terminal()
    act(state, END)
    assert state.is_terminal() and state.end_reason == reason
    with pytest.raises(IllegalAction):
        state.apply(END)


def test_the_game_ends_after_the_turn_not_when_the_fourth_pile_empties() -> None:
    state = game()
    for cid in ["apartment", "skyscraper", "tower"]:
        state.supply[cid] = 0
    state.supply["dump-site"] = 1
    deal(state, hand=[], coins=5)
    act(state, ("buy", "dump-site"))
    assert not state.is_terminal() and state.legal_actions()  # the turn goes on
    act(state, END)
    assert state.is_terminal() and state.end_reason == "piles"


def test_end_of_turn_draws_a_new_hand_of_five() -> None:
    state = game()
    deal(state, hand=["normal-train", "lay-rails"], deck=["express-train"] * 6, discard=[])
    act(state, ("play_trains",))
    act(state, END)
    p = state.players[0]
    assert p.hand == ["express-train"] * 5 and p.play == [] and p.gained == []
    assert sorted(p.discard) == ["lay-rails", "normal-train"]
    assert state.current_player() == 1 and state.player_turns == [1, 0]


def test_three_empty_piles_and_the_waste_pile_do_not_end() -> None:
    state = game()
    for cid in ["apartment", "skyscraper", "tower", WASTE]:
        state.supply[cid] = 0
    deal(state)
    act(state, END)
    assert not state.is_terminal()


def test_a_preset_plays_on_the_map_it_names_unless_a_map_is_given() -> None:
    """setup.yaml's beginner presets name their map (Beginner (Osaka): ``map: osaka``)."""
    for preset, named in (("beginner-tokyo", "tokyo"), ("beginner-osaka", "osaka")):
        engine = make_engine(content(), preset=preset)
        assert {engine.new_game(2, random.Random(g)).map_id for g in range(12)} == {named}
    engine = make_engine(content(), preset="beginner-osaka", map="tokyo")
    assert engine.new_game(2, random.Random(1)).map_id == "tokyo"


def test_details_count_the_cards_taken_from_the_piles_and_what_a_pile_ending_needs() -> None:
    """Bought and gained cards leave the piles (Waste aside); ending by piles takes at least the
    4 smallest piles of the setup (base, 2 players: ten-card piles, so 40)."""
    state = game()
    assert state.details()["supply_taken"] == 0
    smallest = sorted(n for c, n in state.initial_supply.items() if c != WASTE)[:4]
    assert state.details()["piles_end_needs"] == sum(smallest) == 40
    deal(state, hand=["lay-rails"], coins=6)
    act(state, ("buy", "express-train"))
    act(state, ("buy", "apartment"))
    assert state.details()["supply_taken"] == 2
    act(state, ("play", "lay-rails"))
    answer(state, "rail", state.rail_options(0, state.coins)[0])
    assert state.details()["supply_taken"] == 2  # Waste gained: not a pile that ends games


def test_19_rails_and_one_free_station_do_not_end() -> None:
    state = game()
    state.players[1].rails = set(state.mapdata.start_hexes[:state.rails_max - 1])
    _fill_stations(state)
    state.stations[SHINJUKU] -= 1
    state.stations_left += 1
    deal(state)
    act(state, END)
    assert not state.is_terminal()


def test_city_scoring_0_2_4_8_and_remote_locations() -> None:
    state = game()
    # Yokohama 3 stations, Hachioji none, Shinjuku Shibuya 1, Kawagoe 2; Chichibu (remote 4)
    placed = {68: 3, 19: 0, SHINJUKU: 1, 4: 2}
    state.stations.update(placed)
    state.stations_left -= sum(placed.values())
    p = state.players[0]
    p.rails = set(placed) | {0}
    deal(state, hand=["apartment", "skyscraper"], deck=[], discard=[])
    p.vp_tokens = 2
    assert state.score_of(0) == 8 + 0 + 2 + 4 + 4 + (1 + 4) + 2
    assert state.score_of(1) == 0  # Mizonokuchi without a station
    state.players[1].rails.add(68)
    assert state.score_of(1) == 8  # every player with a rail in the city scores it


def test_ties_go_to_most_rails() -> None:
    state = game()
    state.players[0].rails |= {PLAIN_B}
    assert state.scores()[0] == state.scores()[1]
    assert state.tiebreak() == [2.0, 1.0]
    report = simulate("trains", SHIPPED, games=30, seed=5, backend="serial")
    for row in report.result.rows:
        top = max(row.scores)
        tied = [s for s, v in enumerate(row.scores) if v == top]
        rails = row.details["rails"]
        most = max(rails[s] for s in tied)
        assert sorted(row.winners) == [s for s in tied if rails[s] == most]


# -- per-map numbers ----------------------------------------------------------------------------

def _small_map_engine(players: int = 2) -> TrainsEngine:
    base = make_engine(content(), map="tokyo", preset="beginner-tokyo")
    world = base.world
    md = world.maps["tokyo"]
    small = md.map.model_copy(update={"rails_per_player": 16, "station_tokens": 16,
                                      "pile_size": 7})
    maps = {**world.maps, "tokyo": prepare_map(small, list(md.bonuses))}
    return dataclasses.replace(base, world=dataclasses.replace(world, maps=maps))


def test_a_maps_numbers_replace_the_rules() -> None:
    state = _small_map_engine().new_game(2, random.Random(1))
    assert state.rails_max == 16 and state.station_total == 16 and state.stations_left == 16
    assert state.supply[WASTE] == 70  # Waste is not capped
    assert all(n <= 7 for c, n in state.supply.items() if c != WASTE)
    assert state.supply["express-train"] == 7 and state.supply["lay-rails"] == 7
    state.check_invariants()


def test_16_rails_end_the_game_on_a_16_rail_map() -> None:
    state = _small_map_engine().new_game(2, random.Random(1))
    state.apply(("start", PLAIN_A))
    state.apply(("start", MIZONOKUCHI))
    state.players[1].rails = set(state.mapdata.start_hexes[:15])
    deal(state)
    act(state, END)
    assert not state.is_terminal()
    state.players[1].rails = set(state.mapdata.start_hexes[:16])
    deal(state)
    assert state.rails_left(1) == 0
    act(state, END)
    assert state.is_terminal() and state.end_reason == "rails"


def test_16_stations_end_the_game_on_a_16_station_map() -> None:
    state = _small_map_engine().new_game(2, random.Random(1))
    state.apply(("start", PLAIN_A))
    state.apply(("start", MIZONOKUCHI))
    _fill_stations(state)
    assert sum(state.stations.values()) == 16
    deal(state, hand=["station-expansion"])
    assert plays(state, "station-expansion") == [("play", "station-expansion", "coins")]
    act(state, END)
    assert state.is_terminal() and state.end_reason == "stations"


# -- conformance ---------------------------------------------------------------------------------

def _play_out(engine: TrainsEngine, players: int, seed: int, bots: list[str],
              played: set[tuple[str, ...]] | None = None, cap: int = 30000) -> TrainsState:
    """A whole game with every invariant checked after every action (``played`` collects the
    play actions taken)."""
    state = engine.new_game(players, random.Random(seed))
    made = [make_bot(BotSpec.parse(b), engine) for b in bots]
    rng = random.Random(seed + 1000)
    state.check_invariants()
    for _ in range(cap):
        if state.is_terminal():
            return state
        seat = state.current_player()
        action = made[seat % len(made)].choose(state, seat, rng)
        assert action in state.legal_actions(), f"bot chose {action!r}, not offered"
        if played is not None and action[0] == "play":
            played.add(action)
        state.apply(action)
        state.check_invariants()
    raise AssertionError(f"no end after {cap} actions (seed {seed}, bots {bots})")


def _kingdom_cards() -> list[str]:
    return [r.id for r in content().of("cards") if r.obj.kind == "kingdom"]


def test_both_sets_are_covered() -> None:
    cards = _kingdom_cards()
    assert len(strength_cards(content(), "base")) == 30
    assert len(strength_cards(content(), "rising-sun")) == 29
    assert len(cards) == 59


@pytest.mark.parametrize("card", _kingdom_cards())
def test_one_game_per_kingdom_card(card: str) -> None:
    engine = make_engine(content(), include=(card,))
    assert engine.setup_id == content().index("cards")[card].obj.set
    played: set[tuple[str, ...]] = set()
    for seed in range(8):  # until the card has been played (the baseline buys it)
        state = _play_out(engine, 2, seed, ["random", f"baseline+{card}"], played)
        assert card in state.kingdom
        if any(a[1] == card for a in played):
            break
    assert any(a[1] == card for a in played), f"{card} was never played in 8 games"


@pytest.mark.parametrize("players", [3, 4])
def test_random_rising_sun_games_with_routes(players: int) -> None:
    engine = make_engine(content(), setup="rising-sun")
    assert engine.routes
    for seed in range(4):
        state = _play_out(engine, players, seed, ["random"])
        assert state.setup_id == "rising-sun"
        held = sum(len(p.routes) for p in state.players)
        assert held + len(state.routes_open) == players


def test_copy_taken_while_a_choice_is_pending_is_independent() -> None:
    state = game()
    deal(state, hand=["conductors-station", WASTE, "normal-train"],
         deck=["express-train", "lay-rails"])
    act(state, ("play", "conductors-station"))
    options = pending(state)[2]
    clone = state.copy()
    answer(clone, "discard", WASTE)
    answer(clone, "discard", None)
    assert clone.pending is None and sorted(clone.players[0].hand) == ["lay-rails",
                                                                       "normal-train"]
    assert pending(state)[2] == options  # the original still waits on the same choice
    assert sorted(state.players[0].hand) == ["normal-train", WASTE]
    assert state.players[0].deck == ["express-train", "lay-rails"]
    answer(state, "discard", None)
    assert sorted(state.players[0].hand) == ["normal-train", WASTE]


def test_illegal_answers_to_a_pending_choice_are_refused() -> None:
    state = game()
    deal(state, hand=["garage", "normal-train"], deck=["express-train", "lay-rails"])
    act(state, ("play", "garage"))
    seat, kind, options = pending(state)
    for bad in [("discard", "limited-express-train"), ("discard", None), ("use", True), END,
                ("play", "normal-train"), ("buy", "express-train"), ("discard",),
                ("rail", PLAIN_B)]:
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert pending(state) == (seat, kind, options)
    state.check_invariants()


def test_reproducible_across_workers_and_backends() -> None:
    kwargs = {"games": 12, "seed": 1, "bots": ["baseline", "baseline"]}
    serial = rep.to_json(simulate("trains", SHIPPED, backend="serial", **kwargs))
    assert rep.to_json(simulate("trains", SHIPPED, backend="process", workers=2, **kwargs)) \
        == serial
    pytest.importorskip("distributed")
    assert rep.to_json(simulate("trains", SHIPPED, backend="dask", workers=2, **kwargs)) == serial


@pytest.mark.parametrize(("card_set", "n"), [("base", 30), ("rising-sun", 29)])
def test_card_strength_covers_every_kingdom_card_of_a_set(card_set: str, n: int) -> None:
    report = card_strength("trains", SHIPPED, games_per_card=2, seed=2, backend="serial",
                           card_set=card_set)
    rows = report.rows
    assert sorted(r.card for r in rows) == sorted(strength_cards(content(), card_set))
    assert len(rows) == n
    for r in rows:
        assert r.games == 2 and 0 <= r.ci95[0] <= r.win_rate <= r.ci95[1] <= 1
    assert sum(r.bought for r in rows) > 0  # the test bots really buy their cards
