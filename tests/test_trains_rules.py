"""Trains rules from the Greek Rising Sun rulebook and the card texts, on hand-made positions:
the trash (back to the box), rest-of-turn modifiers adding up, a card's own coins paying its rail,
Early Train's "may", declining an Action's effects, Stationmaster Office copying cards with
choices, a step that fails aborting the rest, and every choice inside an effect asked of the
player (issue 15 §1-2)."""

from __future__ import annotations

import pytest

from cardkit.games.trains.engine import effects
from cardkit.games.trains.engine import END
from cardkit.sim.protocol import IllegalAction

from .trains_helpers import (KICHIJOJI, MIZONOKUCHI, MOUNTAIN, MOUNTAIN_NEXT, PLAIN_B, RIVER,
                             SHINJUKU, act, answer, deal, game, pending, plays)

WASTE = "waste"


# -- the trash ---------------------------------------------------------------------------------

def test_holiday_timetable_trashed_goes_to_the_box_and_an_empty_pile_stays_empty() -> None:
    state = game()
    state.supply["holiday-timetable"] = 0
    deal(state, hand=["holiday-timetable", "normal-train"])
    act(state, ("play", "holiday-timetable"))
    answer(state, "use", True)
    assert state.trash == ["holiday-timetable"]
    assert state.coins == 3
    assert "holiday-timetable" not in state.players[0].all_cards()
    assert state.supply["holiday-timetable"] == 0, "a trashed card refilled its supply pile"
    act(state, END)
    assert state.supply["holiday-timetable"] == 0


def test_a_trashed_card_does_not_refill_a_pile_that_still_has_cards() -> None:
    state = game()
    before = state.supply["holiday-timetable"]
    deal(state, hand=["holiday-timetable"])
    act(state, ("play", "holiday-timetable"))
    answer(state, "use", True)
    assert state.supply["holiday-timetable"] == before
    assert state.trash == ["holiday-timetable"]


def test_the_pile_emptied_before_a_trash_still_counts_toward_the_end() -> None:
    state = game()
    for cid in ("apartment", "tower", "skyscraper", "holiday-timetable"):
        state.supply[cid] = 0
    deal(state, hand=["holiday-timetable"])
    act(state, ("play", "holiday-timetable"))
    answer(state, "use", True)
    act(state, END)
    assert state.is_terminal() and state.end_reason == "piles"


def test_wagon_factory_trashing_a_normal_train_creates_no_normal_train_pile() -> None:
    state = game()
    assert "normal-train" not in state.supply
    deal(state, hand=["wagon-factory", "normal-train"])
    act(state, ("play", "wagon-factory"))
    answer(state, "trash", "normal-train")
    _, kind, options = pending(state)
    # "Gain a Train card costing up to 3 more": Normal Train costs 1, so up to 4
    assert kind == "gain" and "express-train" in options
    assert "limited-express-train" not in options
    answer(state, "gain", "express-train")
    assert state.trash == ["normal-train"]
    assert "normal-train" not in state.supply, "the trashed Normal Train made a supply pile"
    assert state.players[0].hand == ["express-train"]
    for cid in ("apartment", "tower", "skyscraper"):
        state.supply[cid] = 0
    deal(state)
    act(state, END)
    assert not state.is_terminal(), "3 empty piles (and a trashed Normal Train) ended the game"


# -- rest-of-turn modifiers add up ---------------------------------------------------------------

def test_two_ironworks_give_4_coins_per_rail_card() -> None:
    state = game(preset="beginner-osaka")
    deal(state, hand=["ironworks", "ironworks", "lay-rails"])
    act(state, ("play", "ironworks"))
    act(state, ("play", "ironworks"))
    assert state.coins == 2  # each Ironworks is worth 1
    act(state, ("play", "lay-rails"))
    assert state.coins == 2 + 4, "two Ironworks did not add up to +4 per Rail card"
    answer(state, "rail", PLAIN_B)
    assert state.coins == 6


def test_ironworks_and_extra_laborers_add_up() -> None:
    state = game(preset="beginner-osaka")
    deal(state, hand=["ironworks", "extra-laborers", "lay-rails"], deck=["normal-train"])
    act(state, ("play", "ironworks"))
    act(state, ("play", "extra-laborers"))
    before = state.coins
    act(state, ("play", "lay-rails"))
    assert state.coins == before + 3


def test_two_different_rest_of_turn_cards_hold_together() -> None:
    state = game()
    deal(state, hand=["viaduct", "steel-bridge"], coins=0)
    act(state, ("play", "viaduct"))
    _, _, options = pending(state)
    assert SHINJUKU in options  # a city at no extra with Viaduct
    answer(state, "rail", PLAIN_B)
    act(state, ("play", "steel-bridge"))
    _, _, options = pending(state)
    assert RIVER in options, "Steel Bridge: rivers cost no extra"
    assert KICHIJOJI in options, "Viaduct's rest-of-turn modifier was lost"
    answer(state, "rail", KICHIJOJI)
    assert state.coins == 0


# -- a card's own coins pay its rail ----------------------------------------------------------

def test_government_subsidy_pays_a_mountain_with_its_own_2_coins() -> None:
    state = game(starts=(MOUNTAIN_NEXT, MIZONOKUCHI))
    deal(state, hand=["government-subsidy"], coins=0)
    assert ("play", "government-subsidy") in plays(state, "government-subsidy")
    act(state, ("play", "government-subsidy"))
    _, kind, options = pending(state)
    assert kind == "rail" and MOUNTAIN in options
    answer(state, "rail", MOUNTAIN)
    p = state.players[0]
    assert MOUNTAIN in p.rails and state.coins == 0 and p.gained == [WASTE]


def test_ironworks_bonus_pays_the_rail_of_the_rail_card() -> None:
    state = game(preset="beginner-osaka", starts=(MOUNTAIN_NEXT, MIZONOKUCHI))
    deal(state, hand=["ironworks", "lay-rails"], coins=0)
    act(state, ("play", "ironworks"))
    act(state, ("play", "lay-rails"))
    _, _, options = pending(state)
    assert MOUNTAIN in options  # 1 (Ironworks) + 2 (its bonus) pays the mountain's 2
    answer(state, "rail", MOUNTAIN)
    assert state.coins == 1


def test_without_the_ironworks_effect_the_mountain_is_out_of_reach() -> None:
    state = game(preset="beginner-osaka", starts=(MOUNTAIN_NEXT, MIZONOKUCHI))
    deal(state, hand=["ironworks", "lay-rails"], coins=0)
    act(state, ("play", "ironworks", "coins"))
    act(state, ("play", "lay-rails"))
    _, _, options = pending(state)
    assert MOUNTAIN not in options and state.coins == 1


def test_a_rail_card_whose_surcharge_cannot_be_paid_is_offered_for_coins_only() -> None:
    state = game(starts=(19, MIZONOKUCHI))  # Hachioji: a mountain, a river and a city around
    deal(state, hand=["lay-rails"], coins=0)
    assert plays(state, "lay-rails") == [("play", "lay-rails", "coins")]
    with pytest.raises(IllegalAction):
        state.apply(("play", "lay-rails"))
    waste = state.supply[WASTE]
    act(state, ("play", "lay-rails", "coins"))
    p = state.players[0]
    assert p.rails == {19} and p.play == ["lay-rails"] and not p.gained
    assert state.supply[WASTE] == waste and state.pending is None
    deal(state, hand=["lay-rails"], coins=1)
    assert plays(state, "lay-rails") == [("play", "lay-rails")]


# -- Early Train: "may" --------------------------------------------------------------------------

def test_early_train_offers_the_deck_or_the_gained_area() -> None:
    state = game(preset="reforming-and-tunneling")
    deal(state, hand=["early-train"], coins=5)
    assert ("buy", "express-train", "deck") not in state.legal_actions()
    act(state, ("play", "early-train"))
    assert state.coins == 7
    legal = state.legal_actions()
    assert ("buy", "express-train") in legal and ("buy", "express-train", "deck") in legal
    act(state, ("buy", "express-train", "deck"))
    p = state.players[0]
    assert p.deck[-1] == "express-train"
    act(state, ("buy", "pulling"))
    assert p.gained == ["pulling"] and p.deck[-1] == "express-train"


# -- declining an Action's effects -------------------------------------------------------------

def test_playing_an_action_for_its_coins_runs_nothing() -> None:
    state = game()
    deal(state, hand=["passing-station", "holiday-timetable", "tourist-train"],
         deck=["express-train"])
    for cid in ("passing-station", "holiday-timetable", "tourist-train"):
        assert ("play", cid) in plays(state, cid) and ("play", cid, "coins") in plays(state, cid)
    act(state, ("play", "passing-station", "coins"))
    act(state, ("play", "holiday-timetable", "coins"))
    act(state, ("play", "tourist-train", "coins"))
    p = state.players[0]
    assert state.pending is None and state.coins == 1 + 0 + 1
    assert p.hand == [] and p.deck == ["express-train"]
    assert state.trash == [] and p.vp_tokens == 0
    assert sorted(p.play) == ["holiday-timetable", "passing-station", "tourist-train"]


# -- Stationmaster Office copies cards with choices --------------------------------------------

def test_stationmaster_office_copies_station_crew_and_the_choice_is_asked() -> None:
    state = game()
    deal(state, hand=["stationmaster-office", "station-crew"], deck=["express-train"])
    act(state, ("play", "stationmaster-office"))
    answer(state, "copy", "station-crew")
    _, kind, options = pending(state)
    assert kind == "option" and {0, 1} <= set(options)
    answer(state, "option", 1)  # gain 1 coin
    p = state.players[0]
    assert state.coins == 1 and p.hand == ["station-crew"] and p.play == ["stationmaster-office"]
    assert p.deck == ["express-train"]


def test_stationmaster_office_copies_garage_and_the_player_picks_the_discards() -> None:
    state = game()
    deal(state, hand=["stationmaster-office", "garage", WASTE],
         deck=["normal-train", "express-train"])
    act(state, ("play", "stationmaster-office"))
    answer(state, "copy", "garage")
    _, kind, options = pending(state)
    assert kind == "discard" and set(options) == {"express-train", "garage", "normal-train", WASTE}
    answer(state, "discard", WASTE)
    answer(state, "discard", "normal-train")
    p = state.players[0]
    assert sorted(p.hand) == ["express-train", "garage"]
    assert sorted(p.discard) == ["normal-train", WASTE] and state.pending is None


def test_stationmaster_office_copies_holiday_timetable_optional() -> None:
    state = game()
    deal(state, hand=["stationmaster-office", "holiday-timetable"])
    act(state, ("play", "stationmaster-office"))
    answer(state, "copy", "holiday-timetable")
    answer(state, "use", True)
    p = state.players[0]
    # "this card" is the Stationmaster Office doing what Holiday Timetable does
    assert state.trash == ["stationmaster-office"] and state.coins == 3
    assert p.hand == ["holiday-timetable"]


def test_stationmaster_office_copy_declined_optional_keeps_everything() -> None:
    state = game()
    deal(state, hand=["stationmaster-office", "holiday-timetable"])
    act(state, ("play", "stationmaster-office"))
    answer(state, "copy", "holiday-timetable")
    answer(state, "use", False)
    assert state.trash == [] and state.coins == 0 and state.pending is None


# -- a failing step aborts the rest of its card -------------------------------------------------

def test_charitable_support_without_4_coins_gives_no_vp_and_is_not_offered() -> None:
    state = game()
    deal(state, hand=["charitable-support"], coins=2)
    assert plays(state, "charitable-support") == [("play", "charitable-support", "coins")]
    with pytest.raises(IllegalAction):
        state.apply(("play", "charitable-support"))
    act(state, ("play", "charitable-support", "coins"))
    assert state.coins == 3 and state.players[0].vp_tokens == 0


def test_charitable_support_with_4_coins_pays_them_for_a_vp_token() -> None:
    state = game()
    deal(state, hand=["charitable-support"], coins=3)
    act(state, ("play", "charitable-support"))
    assert state.coins == 0 and state.players[0].vp_tokens == 1


def test_a_hook_that_fails_when_it_runs_drops_the_steps_after_it() -> None:
    state = game()
    deal(state, hand=[], coins=0)
    steps = state.world.cards["charitable-support"].effect
    effects.start(state, 0, steps, "charitable-support")
    assert state.players[0].vp_tokens == 0, (
        "Charitable Support's hook failed (0 coins) but the VP token after it was still given: "
        "effects.abort rebinds state.work while effects.run keeps popping the old list")
    assert state.coins == 0 and not state.work


def test_a_rail_that_cannot_be_laid_mid_card_drops_the_station_and_the_waste() -> None:
    state = game(starts=(19, MIZONOKUCHI))
    deal(state, hand=[], coins=0)
    waste = state.supply[WASTE]
    effects.start(state, 0, state.world.cards["interchange"].effect, "interchange")
    p = state.players[0]
    assert state.pending is None, ("Interchange's station was asked although its rail could not "
                                   "be laid (abort did not stop effects.run)")
    assert p.rails == {19} and not state.stations and not p.gained
    assert state.supply[WASTE] == waste


# -- the choices are the player's ---------------------------------------------------------------

def test_conductors_station_discard_some_then_done_draws_as_many() -> None:
    state = game()
    deal(state, hand=["conductors-station", WASTE, WASTE, "normal-train"],
         deck=["express-train", "lay-rails", "station-expansion"])
    act(state, ("play", "conductors-station"))
    _, kind, options = pending(state)
    assert kind == "discard" and options == ("normal-train", WASTE, None)
    answer(state, "discard", WASTE)
    answer(state, "discard", WASTE)
    _, _, options = pending(state)
    assert options == ("normal-train", None)
    answer(state, "discard", None)
    p = state.players[0]
    assert sorted(p.hand) == sorted(["normal-train", "station-expansion", "lay-rails"])
    assert p.discard == [WASTE, WASTE] and p.deck == ["express-train"]


def test_mail_train_discard_some_then_done_gives_a_coin_each() -> None:
    state = game()
    deal(state, hand=["mail-train", WASTE, "normal-train", "express-train"])
    act(state, ("play", "mail-train"))
    answer(state, "discard", WASTE)
    answer(state, "discard", "normal-train")
    answer(state, "discard", None)
    p = state.players[0]
    assert state.coins == 1 + 2 and p.hand == ["express-train"]
    assert sorted(p.discard) == ["normal-train", WASTE]


def test_garage_the_player_picks_which_two_to_discard() -> None:
    state = game()
    deal(state, hand=["garage", "express-train"], deck=[WASTE, "normal-train"])
    act(state, ("play", "garage"))
    assert state.coins == 1
    _, kind, options = pending(state)
    assert kind == "discard" and set(options) == {"express-train", "normal-train", WASTE}
    answer(state, "discard", "normal-train")
    answer(state, "discard", WASTE)
    p = state.players[0]
    assert p.hand == ["express-train"] and sorted(p.discard) == ["normal-train", WASTE]


def test_freight_train_the_player_says_how_many_waste_to_return() -> None:
    state = game()
    deal(state, hand=["freight-train", WASTE, WASTE, WASTE])
    before = state.supply[WASTE]
    act(state, ("play", "freight-train"))
    _, kind, options = pending(state)
    assert kind == "return" and options == (0, 1, 2, 3)
    answer(state, "return", 2)
    assert state.coins == 1 + 2 and state.players[0].hand == [WASTE]
    assert state.supply[WASTE] == before + 2


def test_station_crew_the_player_chooses_draw() -> None:
    state = game()
    deal(state, hand=["station-crew", WASTE], deck=["express-train"])
    act(state, ("play", "station-crew"))
    _, kind, options = pending(state)
    assert kind == "option" and options == (0, 1, 2)
    answer(state, "option", 0)
    assert sorted(state.players[0].hand) == ["express-train", WASTE] and state.coins == 0


def test_station_crew_the_player_chooses_to_return_a_waste() -> None:
    state = game()
    deal(state, hand=["station-crew", WASTE, WASTE])
    before = state.supply[WASTE]
    act(state, ("play", "station-crew"))
    answer(state, "option", 2)
    assert state.players[0].hand == [WASTE] and state.supply[WASTE] == before + 1


def test_returning_one_waste_without_a_waste_cannot_be_carried_out() -> None:
    # "Return one Waste from your hand" with none in hand cannot be applied: Station Crew does
    # not offer that option, Mining Train (rising-sun) is offered for its coins only
    state = game()
    deal(state, hand=["station-crew", "express-train"])
    act(state, ("play", "station-crew"))
    _, kind, options = pending(state)
    assert kind == "option" and options == (0, 1)
    state = game(preset=None, setup="rising-sun", include=("mining-train",))
    deal(state, hand=["mining-train"])
    assert plays(state, "mining-train") == [("play", "mining-train", "coins")]
    deal(state, hand=["mining-train", WASTE])
    assert ("play", "mining-train") in plays(state, "mining-train")


def test_holiday_timetable_optional_declined() -> None:
    state = game()
    deal(state, hand=["holiday-timetable"])
    act(state, ("play", "holiday-timetable"))
    _, kind, options = pending(state)
    assert kind == "use" and set(options) == {True, False}
    answer(state, "use", False)
    p = state.players[0]
    assert state.trash == [] and state.coins == 0 and p.play == ["holiday-timetable"]


def test_incinerator_returns_only_the_revealed_waste() -> None:
    # "Reveal cards from your deck until two Waste show. Discard the other revealed cards and
    # return those Waste to the Waste pile." A Waste already in hand is not one of "those".
    state = game()
    deal(state, hand=["incinerator", WASTE], deck=["normal-train", WASTE, "express-train"],
         discard=[])
    before = state.supply[WASTE]
    act(state, ("play", "incinerator"))
    p = state.players[0]
    assert sorted(p.discard) == ["express-train", "normal-train"]
    assert p.hand == [WASTE] and state.supply[WASTE] == before + 1, (
        "Incinerator found one Waste but returned two: the Waste already in hand went back too")


# -- more card texts ---------------------------------------------------------------------------

def test_dump_site_no_waste_for_the_rest_of_the_turn_earlier_waste_stays() -> None:
    state = game()
    state.players[1].rails.add(PLAIN_B)
    deal(state, hand=["lay-rails", "dump-site", "lay-rails"], coins=4)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", 24)
    assert state.players[0].gained == [WASTE]
    act(state, ("play", "dump-site"))
    act(state, ("play", "lay-rails"))
    answer(state, "rail", PLAIN_B)  # another player's rail: no extra Waste either
    act(state, ("buy", "apartment"))  # "when you buy this card, gain a Waste": none
    assert state.players[0].gained == [WASTE, "apartment"]


def test_subway_excavation_no_extra_coins_but_the_waste_for_other_rails() -> None:
    state = game()
    state.players[1].rails.add(SHINJUKU)
    deal(state, hand=["subway-excavation"], coins=0)
    act(state, ("play", "subway-excavation"))
    assert SHINJUKU in pending(state)[2]  # city 1 + other player 1: no coins now
    answer(state, "rail", SHINJUKU)
    assert state.coins == 0 and state.players[0].gained == [WASTE, WASTE]


def test_collaboration_other_players_rails_cost_no_extra_and_give_no_waste() -> None:
    state = game()
    state.players[1].rails.add(PLAIN_B)
    deal(state, hand=["collaboration"], coins=0)
    act(state, ("play", "collaboration"))
    answer(state, "rail", PLAIN_B)
    assert state.coins == 0 and state.players[0].gained == [WASTE]


def test_temporary_timetable_two_trains_to_hand_the_rest_discarded() -> None:
    state = game()
    deal(state, hand=["temporary-timetable"],
         deck=["lay-rails", "express-train", WASTE, "station-expansion", "normal-train"],
         discard=[])
    act(state, ("play", "temporary-timetable"))
    p = state.players[0]
    assert sorted(p.hand) == ["express-train", "normal-train"]
    assert sorted(p.discard) == ["station-expansion", WASTE] and p.deck == ["lay-rails"]
    assert not state.revealed


def test_landfill_returns_every_waste_in_hand() -> None:
    state = game()
    deal(state, hand=["landfill", WASTE, WASTE, "normal-train"])
    before = state.supply[WASTE]
    act(state, ("play", "landfill"))
    assert state.pending is None and state.players[0].hand == ["normal-train"]
    assert state.supply[WASTE] == before + 2


def test_revealed_cards_are_set_aside_not_shuffled_back_in() -> None:
    # rulebook, Reveal: revealed cards are set aside until the effect is resolved; a reshuffle
    # of the discard pile in the meantime does not take them
    state = game()
    deal(state, hand=["temporary-timetable"], deck=[WASTE], discard=["normal-train"])
    act(state, ("play", "temporary-timetable"))
    p = state.players[0]
    assert p.hand == ["normal-train"] and p.discard == [WASTE] and p.deck == []
