"""Trains: Rising Sun from its Greek rulebook and card texts: Interchange and Trail-Blazer, the
attacks (each other player clockwise, the attacker never hit) and Legal Counsel's reaction, the
route bonus cards, and the Rising Sun supply (fixed piles, randomizers, presets)."""

from __future__ import annotations

import random

import pytest

from cardkit.games.trains.engine import END, make_engine
from cardkit.sim.protocol import IllegalAction

from .trains_helpers import (FAR_START, MIZONOKUCHI, PLAIN_A, PLAIN_B, SHINJUKU, act, answer,
                             content, deal, game, pending, plays)

WASTE = "waste"
IKEBUKURO, KAWAGOE = 25, 4  # the Tobu Tojo Line's cities (Tokyo)


# -- rail cards ----------------------------------------------------------------------------------

def test_interchange_station_on_a_city_chosen_apart_from_the_rail_hex() -> None:
    state = game()
    deal(state, hand=["interchange"], coins=0)
    act(state, ("play", "interchange"))
    answer(state, "rail", PLAIN_B)
    _, kind, options = pending(state)
    assert kind == "station"
    terrain = state.mapdata.terrain
    assert PLAIN_B not in options and all(terrain[h] == "city" for h in options)
    assert SHINJUKU in options  # not where the rail went
    answer(state, "station", SHINJUKU)
    p = state.players[0]
    assert state.stations == {SHINJUKU: 1} and PLAIN_B in p.rails and p.gained == [WASTE]


def test_interchange_is_not_offered_without_a_free_station_slot() -> None:
    state = game()
    for h, slots in state.mapdata.city_slots.items():
        state.stations[h] = slots
    state.stations_left = state.station_total - sum(state.stations.values())
    deal(state, hand=["interchange"], coins=0)
    assert plays(state, "interchange") == [("play", "interchange", "coins")]


def test_trail_blazer_lays_two_rails_the_second_next_to_the_first() -> None:
    state = game()
    deal(state, hand=["trail-blazer"], coins=0)
    act(state, ("play", "trail-blazer"))
    answer(state, "rail", PLAIN_B)
    _, kind, options = pending(state)
    assert kind == "rail" and 22 in options  # next to 32 only, not to the start rail 33
    answer(state, "rail", 22)
    p = state.players[0]
    assert p.rails == {PLAIN_A, PLAIN_B, 22} and p.gained == [WASTE]


def test_trail_blazer_needs_both_rails_payable() -> None:
    state = game(starts=(19, MIZONOKUCHI))  # Hachioji: every neighbour costs at least 1
    deal(state, hand=["trail-blazer"], coins=1)
    assert plays(state, "trail-blazer") == [("play", "trail-blazer", "coins")]
    deal(state, coins=2)
    assert plays(state, "trail-blazer") == [("play", "trail-blazer")]


# -- attacks -------------------------------------------------------------------------------------

def _to_seat(state, seat: int) -> None:  # type: ignore[no-untyped-def]
    while state.to_act != seat:
        deal(state, seat=state.to_act, hand=["normal-train"])
        act(state, ("play_trains",))
        act(state, END)


def _victims(state) -> list[int]:  # type: ignore[no-untyped-def]
    """Answer every pending attack choice with its first option; the seats asked, in order."""
    seats = []
    while state.pending is not None:
        seat, kind, options = pending(state)
        seats.append(seat)
        answer(state, kind, options[0])
    return seats


@pytest.mark.parametrize(("players", "attacker", "order"),
                         [(3, 0, [1, 2]), (4, 0, [1, 2, 3]), (4, 2, [3, 0, 1]), (3, 2, [0, 1])])
def test_attack_hits_each_other_player_clockwise_from_the_left(players: int, attacker: int,
                                                               order: list[int]) -> None:
    state = game(players=players)
    _to_seat(state, attacker)
    for seat in range(players):
        deal(state, seat=seat, hand=["normal-train", "express-train"])
    deal(state, seat=attacker, hand=["politician", "normal-train"])
    act(state, ("play", "politician"))
    assert _victims(state) == order
    assert state.current_player() == attacker
    assert state.players[attacker].hand == ["normal-train"]  # the attacker is not hit
    assert state.players[attacker].vp_tokens == 1
    for seat in order:
        assert len(state.players[seat].hand) == 1


def test_politician_victims_choose_their_discard() -> None:
    state = game(players=3)
    deal(state, seat=1, hand=["normal-train", "limited-express-train", WASTE])
    deal(state, seat=2, hand=["lay-rails", "express-train"])
    deal(state, hand=["politician"])
    act(state, ("play", "politician"))
    seat, kind, options = pending(state)
    assert (seat, kind) == (1, "discard")
    assert set(options) == {"normal-train", "limited-express-train", WASTE}
    answer(state, "discard", WASTE)
    seat, _, options = pending(state)
    assert seat == 2 and set(options) == {"lay-rails", "express-train"}
    answer(state, "discard", "express-train")
    assert state.players[1].discard == [WASTE] and state.players[2].hand == ["lay-rails"]
    assert state.players[2].discard == ["express-train"]


def test_protesters_waste_to_each_victims_gained_area() -> None:
    """Rulebook, "Waste": a gained Waste is placed in the player's gained-cards area — an
    attacked player's too; it reaches their discard pile at their own clean-up."""
    state = game(players=3)
    deal(state, hand=["protesters"])
    waste = state.supply[WASTE]
    act(state, ("play", "protesters"))
    assert state.coins == 1 and state.pending is None
    assert state.players[0].gained == [] and WASTE not in state.players[0].all_cards()
    for seat in (1, 2):
        p = state.players[seat]
        assert p.gained == [WASTE] and WASTE not in p.discard
    assert state.supply[WASTE] == waste - 2
    state.check_invariants()


def test_an_attacked_players_waste_is_not_shuffled_in_before_their_clean_up() -> None:
    """Gained cards "are not in your discard pile yet; they go there once you finish your
    turn": a shuffle of the victim's discard pile before then leaves the Waste out."""
    state = game()
    deal(state, seat=1, hand=["commuter-train"], deck=[], discard=["express-train"])
    deal(state, hand=["protesters"])
    act(state, ("play", "protesters"))
    act(state, END)
    victim = state.players[1]
    assert victim.gained == [WASTE] and victim.deck == [] and victim.discard == ["express-train"]
    act(state, ("play", "commuter-train"))  # draws a card: the discard pile is shuffled in
    assert victim.hand == ["express-train"] and victim.gained == [WASTE]
    act(state, END)  # the victim's clean-up: now the Waste goes to the discard pile
    assert victim.gained == [] and WASTE in victim.discard + victim.deck + victim.hand


def test_regulations_a_hand_without_a_rail_card_is_shown() -> None:
    state = game(players=3)
    deal(state, seat=1, hand=["station-expansion", "normal-train"])  # no Rail card
    deal(state, seat=2, hand=["lay-rails", "steel-bridge", "normal-train"])
    deal(state, hand=["regulations"], deck=["express-train"])
    act(state, ("play", "regulations"))
    assert state.players[0].hand == ["express-train"]
    seat, kind, options = pending(state)
    assert (seat, kind) == (2, "discard") and options == ("lay-rails", "steel-bridge")
    answer(state, "discard", "steel-bridge")
    assert sorted(state.players[1].hand) == ["normal-train", "station-expansion"]
    assert state.players[2].discard == ["steel-bridge"]


def test_unhappy_passengers_the_victim_picks_a_train() -> None:
    state = game(players=3)
    deal(state, seat=1, hand=["lay-rails", WASTE])  # no Train card
    deal(state, seat=2, hand=["normal-train", "express-train", "lay-rails"])
    deal(state, hand=["unhappy-passengers"])
    act(state, ("play", "unhappy-passengers"))
    assert state.coins == 1
    seat, kind, options = pending(state)
    assert (seat, kind) == (2, "discard") and options == ("express-train", "normal-train")
    answer(state, "discard", "express-train")
    assert state.players[1].discard == [] and state.players[2].discard == ["express-train"]


def test_roundhouse_discards_a_top_train_only() -> None:
    state = game(players=3)
    deal(state, seat=1, deck=[WASTE, "express-train"])  # top: a Train
    deal(state, seat=2, deck=["normal-train", "lay-rails"])  # top: a Rail card
    deal(state, hand=["roundhouse"], deck=["normal-train"])
    d1 = list(state.players[1].discard)
    act(state, ("play", "roundhouse"))
    assert state.players[0].hand == ["normal-train"]
    assert state.players[1].deck == [WASTE] and state.players[1].discard == d1 + ["express-train"]
    assert state.players[2].deck == ["normal-train", "lay-rails"]


# -- reactions -----------------------------------------------------------------------------------

def test_legal_counsel_revealed_ignores_the_attack_and_stays_in_hand() -> None:
    state = game(players=3)
    deal(state, seat=1, hand=["legal-counsel", "normal-train"])
    deal(state, seat=2, hand=["normal-train"])
    deal(state, hand=["protesters"])
    act(state, ("play", "protesters"))
    seat, kind, options = pending(state)
    assert (seat, kind) == (1, "react") and set(options) == {True, False}
    # the Reaction is the only thing the victim may do now
    with pytest.raises(IllegalAction):
        state.apply(("play", "legal-counsel"))
    answer(state, "react", True)
    assert WASTE not in state.players[1].all_cards()
    assert sorted(state.players[1].hand) == ["legal-counsel", "normal-train"]
    assert state.players[2].gained.count(WASTE) == 1  # the others are still hit
    assert state.current_player() == 0


def test_legal_counsel_not_revealed_the_attack_hits() -> None:
    state = game(players=2)
    deal(state, seat=1, hand=["legal-counsel", "normal-train"])
    deal(state, hand=["politician"])
    act(state, ("play", "politician"))
    answer(state, "react", False)
    seat, kind, options = pending(state)
    assert (seat, kind) == (1, "discard") and set(options) == {"legal-counsel", "normal-train"}
    answer(state, "discard", "normal-train")
    assert state.players[1].hand == ["legal-counsel"]


def test_legal_counsel_is_never_played_in_another_players_turn_otherwise() -> None:
    state = game(players=2)
    deal(state, seat=1, hand=["legal-counsel"])
    deal(state, hand=["passing-station", "legal-counsel"], deck=["normal-train"])
    act(state, ("play", "passing-station"))  # not an attack: nobody is asked
    assert state.pending is None and state.current_player() == 0
    assert all(a[0] != "react" for a in state.legal_actions())
    deal(state, hand=["politician", "legal-counsel"], coins=0)
    act(state, ("play", "politician"))
    # the attacker's own Legal Counsel is not asked: only the other player
    assert pending(state)[0] == 1


# -- route bonus cards ---------------------------------------------------------------------------

def test_rising_sun_deals_one_route_card_per_player_from_the_maps_five() -> None:
    ids = {b.id for b in make_engine(content(), map="tokyo").world.maps["tokyo"].bonuses}
    assert len(ids) == 5
    for players in (2, 3, 4):
        state = game(players=players, preset="rising-sun-first-game")
        assert len(state.routes_open) == players and set(state.routes_open) <= ids
    assert game(preset="beginner-tokyo").routes_open == []
    assert len(game(preset="beginner-tokyo", routes="on").routes_open) == 2
    assert game(preset="rising-sun-first-game", routes="off").routes_open == []


def _route_game():  # type: ignore[no-untyped-def]
    state = game(preset="rising-sun-first-game", starts=(IKEBUKURO, FAR_START))
    state.routes_open = ["tobu-tojo-line"]
    return state


def test_first_player_to_join_the_route_takes_it_and_its_vp_at_once() -> None:
    state = _route_game()
    p = state.players[0]
    p.rails |= {24, 14}  # Ikebukuro Ueno - 24 - 14, then Kawagoe (city: 1 coin)
    deal(state, hand=["lay-rails"], coins=1)
    before = state.score_of(0)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", KAWAGOE)
    assert p.routes == ["tobu-tojo-line"] and p.bonuses == ["tobu-tojo-line"]
    assert state.routes_open == []
    assert state.score_of(0) == before + 2  # Kawagoe has no station: the 2 VP are the route's


def test_a_second_player_completing_the_route_later_gets_nothing() -> None:
    state = _route_game()
    state.players[0].rails |= {24, 14}
    deal(state, hand=["lay-rails"], coins=1)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", KAWAGOE)
    act(state, END)
    q = state.players[1]
    q.rails = {KAWAGOE, 14, 24}
    deal(state, seat=1, hand=["lay-rails"], coins=2)  # city 1 + the other player's rail 1
    before = state.score_of(1)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", IKEBUKURO)
    assert q.routes == [] and q.route_vp == 0 and q.bonuses == []
    assert state.score_of(1) == before


def test_the_route_ability_is_used_once_in_the_holders_turn_then_gone() -> None:
    state = _route_game()
    p = state.players[0]
    p.rails |= {24, 14}
    deal(state, hand=["lay-rails", WASTE, WASTE, WASTE], coins=1)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", KAWAGOE)
    assert ("bonus", "tobu-tojo-line") in state.legal_actions()
    act(state, ("bonus", "tobu-tojo-line"))
    _, kind, options = pending(state)  # "return up to two Waste"
    assert kind == "return" and options == (0, 1, 2)
    answer(state, "return", 2)
    assert p.hand == [WASTE] and p.bonuses == [] and p.routes == ["tobu-tojo-line"]
    assert ("bonus", "tobu-tojo-line") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(("bonus", "tobu-tojo-line"))
    assert p.route_vp == 2  # the VP stay


def test_the_route_ability_waits_for_a_later_turn_of_the_holder() -> None:
    state = _route_game()
    p = state.players[0]
    p.rails |= {24, 14}
    deal(state, hand=["lay-rails"], coins=1)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", KAWAGOE)
    act(state, END)
    assert all(a[0] != "bonus" for a in state.legal_actions())  # the other player's turn
    deal(state, seat=1, hand=[])
    act(state, END)
    assert ("bonus", "tobu-tojo-line") in state.legal_actions()


def test_rails_joining_the_cities_in_two_separate_groups_do_not_count() -> None:
    state = _route_game()
    p = state.players[0]
    p.rails |= {24, 3}  # {Ikebukuro Ueno, 24} and {3}: Kawagoe joins 3, not 24
    deal(state, hand=["lay-rails", "lay-rails"], coins=3)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", KAWAGOE)
    assert p.routes == [] and state.routes_open == ["tobu-tojo-line"]
    act(state, ("play", "lay-rails"))
    answer(state, "rail", 14)  # 14 joins the two groups
    assert p.routes == ["tobu-tojo-line"]


# -- the Rising Sun supply -----------------------------------------------------------------------

RS_FIXED = {"express-train", "limited-express-train", "lay-rails", "station-expansion",
            "office-building", "distribution-center", "stadium", WASTE}
RS_PRESETS = {
    "rising-sun-first-game": {"biofuel-train", "outdated-train", "distant-partners", "engineer",
                              "junkyard", "limited-partnership", "strategy-meeting", "upgrade"},
    "rising-sun-for-trains-players": {"experimental-train", "outdated-train",
                                      "government-subsidy", "legal-counsel", "recycling-center",
                                      "regulations", "roundhouse", "yardmaster"},
}


@pytest.mark.parametrize("preset", sorted(RS_PRESETS))
def test_rising_sun_presets_from_the_rulebook(preset: str) -> None:
    state = game(preset=preset)
    assert state.setup_id == "rising-sun"
    assert set(state.kingdom) == RS_PRESETS[preset]
    assert set(state.supply) == RS_FIXED | RS_PRESETS[preset]


def test_rising_sun_fixed_piles_and_randomizers() -> None:
    engine = make_engine(content(), setup="rising-sun")
    randomizers = set(engine.world.setups["rising-sun"].randomizers)
    rs_kingdom = {c for c, k in engine.world.cards.items()
                  if k.set == "rising-sun" and k.kind == "kingdom"}
    assert randomizers == rs_kingdom
    for seed in range(6):
        state = engine.new_game(3, random.Random(seed))
        assert len(set(state.kingdom)) == 8 and set(state.kingdom) <= randomizers
        assert set(state.supply) == RS_FIXED | set(state.kingdom)
        assert not {"apartment", "tower", "skyscraper"} & set(state.supply)
        assert len(state.routes_open) == 3


def test_a_rising_sun_card_brings_the_rising_sun_rules_set() -> None:
    engine = make_engine(content(), include=("politician",))
    state = engine.new_game(2, random.Random(3))
    assert engine.setup_id == "rising-sun" and "politician" in state.kingdom
    assert RS_FIXED <= set(state.supply)


# -- Rising Sun card texts -----------------------------------------------------------------------

def test_experimental_train_may_gain_a_waste_for_2_more_coins() -> None:
    state = game()
    deal(state, hand=["experimental-train", "experimental-train"])
    act(state, ("play", "experimental-train"))
    answer(state, "use", True)
    assert state.coins == 4 and state.players[0].gained == [WASTE]
    act(state, ("play", "experimental-train"))
    answer(state, "use", False)
    assert state.coins == 6 and state.players[0].gained == [WASTE]


@pytest.mark.parametrize("why", ["dump-site", "empty Waste pile"])
def test_experimental_train_no_waste_gained_no_2_coins(why: str) -> None:
    """"You may gain a Waste. If you do, gain 2 more coins": where no Waste can be gained (Dump
    Site's "gain no Waste for the rest of this turn", or an empty Waste pile) the 2 coins are
    not offered; the card still gives its value."""
    state = game()
    deal(state, hand=["dump-site", "experimental-train"] if why == "dump-site"
         else ["experimental-train"])
    if why == "dump-site":
        act(state, ("play", "dump-site"))
    else:
        state.supply[WASTE] = 0
        state.total_cards = state.card_count()
    before = state.coins
    assert ("play", "experimental-train") in state.legal_actions()
    act(state, ("play", "experimental-train"))
    assert state.pending is None  # the "use" choice is not asked: it cannot be carried out
    assert state.coins == before + 2 and WASTE not in state.players[0].gained


def test_biofuel_train_returns_up_to_two_waste_a_coin_each() -> None:
    state = game()
    deal(state, hand=["biofuel-train", WASTE, WASTE, WASTE])
    act(state, ("play", "biofuel-train"))
    _, kind, options = pending(state)
    assert kind == "return" and options == (0, 1, 2)
    answer(state, "return", 2)
    assert state.coins == 2 + 2 and state.players[0].hand == [WASTE]


def test_recycling_center_two_coins_per_returned_waste() -> None:
    state = game()
    deal(state, hand=["recycling-center", WASTE, WASTE])
    act(state, ("play", "recycling-center"))
    answer(state, "return", 2)
    assert state.coins == 4 and state.players[0].hand == []


def test_junkyard_returns_any_waste_then_no_waste_gain() -> None:
    state = game()
    deal(state, hand=["junkyard", WASTE, "lay-rails"])
    act(state, ("play", "junkyard"))
    answer(state, "return", 1)
    assert state.coins == 1
    act(state, ("play", "lay-rails"))
    answer(state, "rail", PLAIN_B)
    assert state.players[0].gained == []


def test_engineer_rivers_and_mountains_cost_no_extra() -> None:
    state = game(starts=(13, MIZONOKUCHI))
    deal(state, hand=["engineer", "lay-rails"], coins=0)
    act(state, ("play", "engineer"))
    act(state, ("play", "lay-rails"))
    assert 3 in pending(state)[2]  # a mountain at no extra
    answer(state, "rail", 3)
    assert state.rail_cost(0, 2) == (0, 0)


def test_yardmaster_choose_draw_two_or_two_coins() -> None:
    state = game()
    deal(state, hand=["yardmaster", "yardmaster"], deck=["lay-rails", "express-train"])
    act(state, ("play", "yardmaster"))
    _, kind, options = pending(state)
    assert kind == "option" and options == (0, 1)
    answer(state, "option", 0)
    assert sorted(state.players[0].hand) == ["express-train", "lay-rails", "yardmaster"]
    act(state, ("play", "yardmaster"))
    answer(state, "option", 1)
    assert state.coins == 2


def test_outdated_train_when_bought_gain_a_waste() -> None:
    state = game(preset="rising-sun-first-game")
    deal(state, hand=[], coins=2)
    act(state, ("buy", "outdated-train"))
    assert state.players[0].gained == ["outdated-train", WASTE]


def test_surveyor_reveals_until_a_rail_card() -> None:
    state = game()
    deal(state, hand=["surveyor"], deck=["steel-bridge", "normal-train", WASTE], discard=[])
    act(state, ("play", "surveyor"))
    p = state.players[0]
    assert p.hand == ["steel-bridge"] and sorted(p.discard) == ["normal-train", WASTE]


def _bonus_ids() -> list[tuple[str, str]]:
    return [(r.obj.map, r.id) for r in content().of("bonuses")]


@pytest.mark.parametrize(("map_id", "bid"), _bonus_ids())
def test_every_route_bonus_ability_is_used_once_then_gone(map_id: str, bid: str) -> None:
    engine = make_engine(content(), map=map_id, setup="rising-sun")
    state = engine.new_game(2, random.Random(1))
    while state.setup_left:
        state.apply(next(a for a in state.legal_actions()
                         if state.mapdata.terrain[a[1]] == "plain"))
    p = state.players[0]
    p.bonuses, p.routes = [bid], [bid]
    deal(state, hand=[WASTE, WASTE, "normal-train"], deck=["express-train"] * 4, coins=3)
    assert ("bonus", bid) in state.legal_actions()
    act(state, ("bonus", bid))
    while state.pending is not None:
        _, kind, options = pending(state)
        answer(state, kind, max(o for o in options if o is not None))
    assert p.bonuses == [] and ("bonus", bid) not in state.legal_actions()
    assert p.routes == [bid]
