"""One test (or more) per Trains hook (``cardhooks.HOOK_IMPLS``): what the card's printed text
says happens, with the player's choice asked (options listed, answered via ``apply``).
The attacks are in ``test_trains_rising_sun.py``."""

from __future__ import annotations

from cardkit.games.trains.engine.cardhooks import HOOK_IMPLS

from .trains_helpers import MIZONOKUCHI, act, answer, deal, game, pending, plays

WASTE = "waste"
# the hooks this file tests; the attacks are tested in test_trains_rising_sun.py
HERE = {"amusement-park", "bullet-train", "command-central", "switchback", "information-central",
        "maintenance-factory", "pulling", "signals", "stationmaster-office", "wagon-factory",
        "charitable-support", "legal-counsel", "upgrade"}
# Distant Partners was a hook; it is a `remote_discount` modifier step now (after its rail, as
# the rulebook's example 2 orders it), still tested here
ATTACKS = {"politician", "protesters", "regulations", "roundhouse", "unhappy-passengers"}


def test_every_hook_has_a_test() -> None:
    assert set(HOOK_IMPLS) == HERE | ATTACKS


def test_amusement_park_the_player_picks_a_train_in_play() -> None:
    state = game()
    deal(state, hand=["amusement-park", "normal-train", "express-train"])
    # no Train in play yet: the effect cannot be carried out
    assert plays(state, "amusement-park") == [("play", "amusement-park", "coins")]
    act(state, ("play_trains",))
    assert state.coins == 3
    act(state, ("play", "amusement-park"))
    _, kind, options = pending(state)
    assert kind == "train" and options == ("express-train", "normal-train")
    answer(state, "train", "express-train")
    assert state.coins == 3 + 1 + 2


def test_bullet_train_one_more_coin_with_a_normal_train_in_play() -> None:
    state = game()
    deal(state, hand=["bullet-train", "normal-train"])
    act(state, ("play_trains",))
    act(state, ("play", "bullet-train"))
    assert state.coins == 1 + 1 + 1
    state = game()
    deal(state, hand=["bullet-train", "express-train"])
    act(state, ("play_trains",))
    act(state, ("play", "bullet-train"))
    assert state.coins == 2 + 1


def test_command_central_named_card_on_top_goes_to_hand() -> None:
    state = game()
    deal(state, hand=["command-central"], deck=["lay-rails", "express-train", "normal-train"])
    act(state, ("play", "command-central"))
    p = state.players[0]
    assert p.hand == ["normal-train"]  # "Draw a card" first
    _, kind, options = pending(state)
    assert kind == "name" and "express-train" in options and "lay-rails" in options
    answer(state, "name", "express-train")
    assert p.hand == ["normal-train", "express-train"] and p.deck == ["lay-rails"]


def test_command_central_other_card_stays_on_top() -> None:
    state = game()
    deal(state, hand=["command-central"], deck=["lay-rails", "express-train", "normal-train"])
    act(state, ("play", "command-central"))
    answer(state, "name", "lay-rails")
    p = state.players[0]
    assert p.hand == ["normal-train"] and p.deck == ["lay-rails", "express-train"]


def test_switchback_puts_a_train_in_play_on_top_of_the_deck() -> None:
    state = game()
    deal(state, hand=["switchback", "express-train"], deck=["lay-rails"])
    assert plays(state, "switchback") == [("play", "switchback", "coins")]
    act(state, ("play_trains",))
    act(state, ("play", "switchback"))
    _, kind, options = pending(state)
    assert kind == "train" and options == ("express-train",)  # "Put": no way to decline
    answer(state, "train", "express-train")
    p = state.players[0]
    assert p.deck == ["lay-rails", "express-train"] and p.play == ["switchback"]
    assert state.coins == 2 + 1  # the coins of the Train stay


def test_information_central_take_one_the_rest_back_on_top() -> None:
    state = game()
    deck = ["normal-train", "express-train", "limited-express-train", "lay-rails",
            "station-expansion"]
    deal(state, hand=["information-central"], deck=deck)
    act(state, ("play", "information-central"))
    _, kind, options = pending(state)
    # the top four: everything but the bottom Normal Train, or none
    assert kind == "take" and set(options) == {"express-train", "limited-express-train",
                                               "lay-rails", "station-expansion", None}
    answer(state, "take", "limited-express-train")
    p = state.players[0]
    assert p.hand == ["limited-express-train"]
    # "put the rest back on top in any order": the player names the top card, then the next
    _, kind, options = pending(state)
    assert kind == "order" and options == ("express-train", "lay-rails", "station-expansion")
    answer(state, "order", "lay-rails")
    _, kind, options = pending(state)
    assert kind == "order" and options == ("express-train", "station-expansion")
    answer(state, "order", "station-expansion")
    assert state.pending is None and not state.revealed
    assert p.deck == ["normal-train", "express-train", "station-expansion", "lay-rails"]


def test_information_central_take_none() -> None:
    state = game()
    deck = ["normal-train", "express-train", "lay-rails"]
    deal(state, hand=["information-central"], deck=deck)
    act(state, ("play", "information-central"))
    answer(state, "take", None)
    for top in ("lay-rails", "express-train"):  # then the order, top card first
        answer(state, "order", top)
    p = state.players[0]
    assert p.hand == [] and p.deck == ["normal-train", "express-train", "lay-rails"]
    assert not state.revealed


def test_maintenance_factory_gains_a_copy_of_the_revealed_train() -> None:
    state = game()
    deal(state, hand=["maintenance-factory", "express-train", "normal-train"])
    before = state.supply["express-train"]
    act(state, ("play", "maintenance-factory"))
    _, kind, options = pending(state)
    assert kind == "reveal" and options == ("express-train", "normal-train")
    answer(state, "reveal", "express-train")
    p = state.players[0]
    assert p.gained == ["express-train"] and state.supply["express-train"] == before - 1
    assert sorted(p.hand) == ["express-train", "normal-train"]  # the revealed card stays


def test_maintenance_factory_empty_pile_gains_nothing() -> None:
    state = game()
    state.supply["express-train"] = 0
    deal(state, hand=["maintenance-factory", "express-train"])
    act(state, ("play", "maintenance-factory"))
    answer(state, "reveal", "express-train")
    assert state.players[0].gained == [] and state.supply["express-train"] == 0
    state = game()
    deal(state, hand=["maintenance-factory", WASTE])
    assert plays(state, "maintenance-factory") == [("play", "maintenance-factory", "coins")]


def test_pulling_takes_a_train_of_the_players_choice_from_the_discard_pile() -> None:
    state = game()
    deal(state, hand=["pulling"], discard=["express-train", WASTE, "normal-train"])
    act(state, ("play", "pulling"))
    _, kind, options = pending(state)
    assert kind == "take" and options == ("express-train", "normal-train")
    answer(state, "take", "express-train")
    p = state.players[0]
    assert p.hand == ["express-train"] and sorted(p.discard) == ["normal-train", WASTE]
    state = game()
    deal(state, hand=["pulling"], discard=[WASTE])
    assert plays(state, "pulling") == [("play", "pulling", "coins")]


def test_signals_discard_the_top_card() -> None:
    state = game()
    deal(state, hand=["signals"], deck=["lay-rails", WASTE, "express-train"], discard=[])
    act(state, ("play", "signals"))
    p = state.players[0]
    assert p.hand == ["express-train"]
    _, kind, options = pending(state)
    assert kind == "top" and set(options) == {"discard", "keep"} and state.revealed == [WASTE]
    answer(state, "top", "discard")
    assert p.discard == [WASTE] and p.deck == ["lay-rails"] and not state.revealed


def test_signals_leave_the_top_card() -> None:
    state = game()
    deal(state, hand=["signals"], deck=["lay-rails", "express-train", "normal-train"])
    act(state, ("play", "signals"))
    answer(state, "top", "keep")
    p = state.players[0]
    assert p.deck == ["lay-rails", "express-train"] and p.discard == []


def test_stationmaster_office_does_what_the_chosen_card_does_and_it_stays_in_hand() -> None:
    state = game()
    deal(state, hand=["stationmaster-office", "passing-station", "normal-train"],
         deck=["express-train"])
    act(state, ("play", "stationmaster-office"))
    _, kind, options = pending(state)
    assert kind == "copy" and options == ("passing-station",)  # Action cards only
    answer(state, "copy", "passing-station")
    p = state.players[0]
    assert sorted(p.hand) == ["express-train", "normal-train", "passing-station"]
    assert p.play == ["stationmaster-office"]
    state = game()
    deal(state, hand=["stationmaster-office", "normal-train"])
    assert plays(state, "stationmaster-office") == [("play", "stationmaster-office", "coins")]


def test_wagon_factory_trash_a_train_gain_one_costing_up_to_3_more_into_hand() -> None:
    state = game()
    deal(state, hand=["wagon-factory", "express-train", "normal-train"])
    act(state, ("play", "wagon-factory"))
    _, kind, options = pending(state)
    assert kind == "trash" and set(options) == {"express-train", "normal-train"}
    answer(state, "trash", "express-train")
    _, kind, options = pending(state)
    assert kind == "gain" and set(options) == {"express-train", "limited-express-train"}
    before = state.supply["limited-express-train"]
    answer(state, "gain", "limited-express-train")
    p = state.players[0]
    assert state.trash == ["express-train"]
    assert sorted(p.hand) == ["limited-express-train", "normal-train"] and not p.gained
    assert state.supply["limited-express-train"] == before - 1


def test_wagon_factory_offers_only_trains_whose_pile_has_cards() -> None:
    state = game()
    state.supply["limited-express-train"] = 0
    deal(state, hand=["wagon-factory", "express-train"])
    act(state, ("play", "wagon-factory"))
    answer(state, "trash", "express-train")
    _, _, options = pending(state)
    assert options == ("express-train",)
    state = game()
    deal(state, hand=["wagon-factory", WASTE])
    assert plays(state, "wagon-factory") == [("play", "wagon-factory", "coins")]


def test_charitable_support_pays_4_coins_for_a_vp_token() -> None:
    state = game()
    deal(state, hand=["charitable-support"], coins=5)
    act(state, ("play", "charitable-support"))
    assert state.coins == 2 and state.players[0].vp_tokens == 1


def test_legal_counsel_pays_1_coin_to_draw_two() -> None:
    state = game()
    deal(state, hand=["legal-counsel"], deck=["lay-rails", "express-train", "normal-train"],
         coins=0)
    assert plays(state, "legal-counsel") == [("play", "legal-counsel", "coins")]
    deal(state, coins=1)
    act(state, ("play", "legal-counsel"))
    p = state.players[0]
    assert state.coins == 0 and sorted(p.hand) == ["express-train", "normal-train"]


def test_distant_partners_lays_its_rail_first_then_remote_locations_cost_1_less() -> None:
    """Rulebook, example 2: "first you lay a rail, then you take a Waste; finally you gain the
    effect that the extra cost of remote locations is 1 less" (for the rest of the turn)."""
    chichibu = 0  # remote location, 4 VP / 4 coins, next to the mountain hexes 1 and 10
    state = game(starts=(1, MIZONOKUCHI))
    deal(state, hand=["distant-partners", "lay-rails"], coins=3)
    act(state, ("play", "distant-partners"))
    _, kind, options = pending(state)
    assert kind == "rail" and chichibu not in options, (
        "Distant Partners' own rail got the remote discount: the rulebook (example 2) resolves "
        "lay rail, Waste, then the rest-of-turn discount; content/trains/cards/rising-sun.yaml "
        "puts the distant-partners hook before lay_rail")
    answer(state, "rail", 10)  # a mountain: 2
    p = state.players[0]
    assert state.coins == 1 and p.gained == [WASTE]
    assert state.rail_cost(0, chichibu) == (3, 0)  # for the rest of the turn: 1 less
    deal(state, coins=3)
    act(state, ("play", "lay-rails"))
    answer(state, "rail", chichibu)
    assert state.coins == 0 and chichibu in p.rails


def test_two_distant_partners_discounts_add_up() -> None:
    state = game(starts=(10, MIZONOKUCHI))
    deal(state, hand=["distant-partners", "distant-partners"], coins=9)
    for mountain in (1, 11):
        act(state, ("play", "distant-partners"))
        answer(state, "rail", mountain)
    assert state.coins == 5 and state.rail_cost(0, 0) == (2, 0)  # Chichibu: 4 - 1 - 1


def test_upgrade_discard_two_of_the_players_choice_then_draw_three() -> None:
    state = game()
    deal(state, hand=["upgrade", WASTE, "normal-train", "express-train"],
         deck=["lay-rails", "station-expansion", "limited-express-train"])
    act(state, ("play", "upgrade"))
    _, kind, options = pending(state)
    assert kind == "discard" and set(options) == {WASTE, "normal-train", "express-train"}
    answer(state, "discard", WASTE)
    answer(state, "discard", "normal-train")
    p = state.players[0]
    assert sorted(p.hand) == sorted(["express-train", "lay-rails", "station-expansion",
                                     "limited-express-train"])
    assert sorted(p.discard) == ["normal-train", WASTE]


def test_upgrade_with_one_card_in_hand_cannot_be_used() -> None:
    # rulebook example 3: with one card in hand Upgrade's effect cannot be used to draw
    state = game()
    deal(state, hand=["upgrade", "normal-train"])
    assert plays(state, "upgrade") == [("play", "upgrade", "coins")]


def test_stationmaster_office_is_not_offered_when_the_copy_cannot_be_carried_out() -> None:
    # with the Office played, Upgrade is the only card in hand: "discard two" cannot be done
    state = game()
    deal(state, hand=["stationmaster-office", "upgrade"])
    assert plays(state, "stationmaster-office") == [
        ("play", "stationmaster-office", "coins")], (
        "Stationmaster Office is offered with its effects although, once it is played, Upgrade "
        "(discard two cards) cannot be carried out: the copy check counts the Office itself as "
        "a card in hand; playing it then silently does nothing")
