"""Terra Futura bots: the greedy choices on hand-made positions, determinism, and how the bots
fare against each other over seeded games of the shipped set."""

from __future__ import annotations

import random

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra_futura.bots import GreedyBot, RandomBot, make_bot
from cardkit.games.terra_futura.engine import DONE, KEEP, make_engine
from cardkit.sim.api import simulate
from cardkit.sim.protocol import BotSpec

from .conftest import SHIPPED
from .test_terra_futura_engine import activate_first, card, filler_turn, gainer, new, opt, \
    place, put, world


def test_make_bot_knows_its_names_and_parameters() -> None:
    assert isinstance(make_bot(BotSpec.parse("random")), RandomBot)
    greedy = make_bot(BotSpec.parse("greedy:0.5"))
    assert isinstance(greedy, GreedyBot) and greedy.weight == 0.5 and not greedy.cautious
    assert make_bot(BotSpec.parse("cautious")).cautious
    with pytest.raises(KeyError):
        make_bot(BotSpec.parse("sneaky"))
    with pytest.raises(ValueError):
        make_bot(BotSpec.parse("greedy:9"))


def test_greedy_takes_the_card_worth_most_and_plays_its_plan_out() -> None:
    # goods (6 points) beats a green (1 point); the plan places it and activates it
    w = world(gainer("green", green=1), gainer("goods", goods=1), card("idle"))
    s = new(w)
    put(s, "green")
    put(s, "goods")
    bot = GreedyBot()
    r = random.Random(1)
    assert bot.choose(s, 0, r) == KEEP
    s.apply(KEEP)
    take = bot.choose(s, 0, r)
    assert take == ("take", "I", 0) and s.levels["I"].row[0] == "goods"
    s.apply(take)
    s.apply(bot.choose(s, 0, r))  # the place
    (new_pos,) = s.players[0].tableau.territory.cells - {(0, 0)}
    assert bot.plan == [("activate", new_pos, 0, (), ())]
    s.apply(bot.choose(s, 0, r))
    assert s.breakdown(0).total == 6 and s.current_player() == 1


def test_greedy_puts_a_cube_into_a_free_slot_first() -> None:
    w = world(card("slot", opt(gain={"green": 1}), slots=1),
              card("dirty", opt(gain={"goods": 1}, pollution=1)))
    s = new(w)
    place(s, "slot", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "dirty", (0, 2))
    activate_first(s, (0, 2))
    assert s.phase == "pollute"
    assert GreedyBot().choose(s, 0, random.Random(2)) == ("pollute", (0, 1))


def test_greedy_skips_an_option_that_only_loses_value() -> None:
    # trading a goods (6 points) for a green (1) is never worth it
    w = world(gainer("goods", goods=1), card("bad", opt(pay={"goods": 1}, gain={"green": 1})))
    s = new(w)
    place(s, "goods", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "bad", (0, 2))  # row 0: the goods card could activate again, "bad" too
    action = GreedyBot().choose(s, 0, random.Random(3))
    assert action in (("activate", (0, 1), 0, (), ()), DONE)
    assert not (action[0] == "activate" and action[1] == (0, 2))


def test_greedy_plans_stay_legal_to_the_end_of_each_activation() -> None:
    # a plan is made when the card is taken; every later decision of it must still be legal
    content, _ = load_game("terra-futura", SHIPPED)
    engine = make_engine(content)
    for game in range(3):
        s = engine.new_game(3, random.Random(game))
        bots = [make_bot(BotSpec.parse(n)) for n in ("greedy", "cautious", "greedy:0.5")]
        rngs = [random.Random(10 + k) for k in range(3)]
        followed = 0
        while not s.is_terminal():
            seat = s.current_player()
            bot = bots[seat]
            if bot.plan and bot.stamp == s.stamp:
                assert bot.plan[0] in s.legal_actions()
                followed += 1
            s.apply(bot.choose(s, seat, rngs[seat]))
        assert followed > 24  # at least the placements of all 24 turns came from plans


def test_bots_are_deterministic_given_their_generators() -> None:
    def game() -> list[float]:
        report = simulate("terra-futura", SHIPPED, games=2, seed=9,
                          bots=["greedy", "cautious", "random"], backend="serial")
        return [s for row in report.result.rows for s in row.scores]

    assert game() == game()


def test_greedy_beats_random_clearly_and_cautious_pollutes_less_than_greedy() -> None:
    report = simulate("terra-futura", SHIPPED, games=30, seed=4, bots=["greedy", "random"],
                      backend="serial")
    bots = {b["bot"]: b for b in report.summary["bots"]}
    assert bots["greedy"]["win_rate"] >= 0.9
    assert bots["greedy"]["score"]["mean"] > bots["random"]["score"]["mean"] + 15
    report = simulate("terra-futura", SHIPPED, games=20, seed=5, bots=["cautious", "greedy"],
                      backend="serial")
    cubes: dict[str, list[int]] = {"cautious": [], "greedy": []}
    for row in report.result.rows:
        for seat, bot in enumerate(row.seats):
            cubes[bot].append(row.details["seats"][seat]["pollution"])
    assert sum(cubes["cautious"]) < sum(cubes["greedy"])


def test_greedy_activates_again_a_card_a_payment_made_room_on() -> None:
    # "full" (storage 1) holds its money; the mill pays that money, and only then does "full"
    # have room for its free green: the greedy takes it (a one-pass plan skipped the free point)
    w = world(card("full", opt(gain={"money": 1}), opt(gain={"green": 1}), storage=1),
              card("mill", opt(pay={"money": 1}, gain={"food": 1})))
    s = new(w)
    place(s, "full", (0, 1))
    activate_first(s, (0, 1), option=0)  # full: 1 money, no room left
    if s.phase == "activate":
        s.apply(DONE)
    filler_turn(s)
    place(s, "mill", (0, 2))  # row 0: start, full, mill
    bot, r = GreedyBot(), random.Random(2)
    while s.current_player() == 0 and s.phase in ("activate", "pay", "pollute"):
        s.apply(bot.choose(s, 0, r))
    held = {p: c.held for p, c in s.players[0].tableau.cards.items()}
    assert held[(0, 2)][3] == 1  # the mill made its food from full's money
    assert held[(0, 1)][0] == 1  # then full gained its green


def test_greedy_uses_the_optional_discard_and_chooses_who_pays() -> None:
    content, _ = load_game("terra-futura", SHIPPED)
    engine = make_engine(content)
    bot = GreedyBot()
    kinds: dict[str, int] = {}
    for seed in range(4):
        r = random.Random(seed)
        s = engine.new_game(3, r)
        while not s.is_terminal():
            phase = s.phase
            action = bot.choose(s, s.current_player(), r)
            if phase in ("discard", "pay"):
                kinds[action[0]] = kinds.get(action[0], 0) + 1
            s.apply(action)
    assert kinds.get("discard", 0) > 0 and kinds.get("keep", 0) > kinds["discard"]
    assert kinds.get("pay", 0) > 0
