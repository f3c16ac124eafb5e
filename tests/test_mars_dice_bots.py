"""Mars Dice bots: the greedy choices on hand-made positions, legality and determinism over
seeded games, how the builder differs from the greedy bot, and how the bots fare against each
other on the shipped set."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardkit.core.loading import load_game
from cardkit.games.mars_dice.bots import GreedyBot, RandomBot, make_bot
from cardkit.games.mars_dice.engine import (
    ACTIONS,
    PRODUCTION,
    MarsDiceEngine,
    make_engine,
)
from cardkit.sim.protocol import BotSpec

from .conftest import SHIPPED
from .test_mars_dice_engine import give, new, project, to_hand, world


def shipped_engine():  # type: ignore[no-untyped-def]
    content, _ = load_game("mars-dice", SHIPPED)
    return make_engine(content)


def turn_of(s, bot: GreedyBot, seat: int = 0) -> list[tuple]:  # type: ignore[no-untyped-def]
    """Let ``bot`` play ``seat``'s whole turn; the actions it took."""
    taken = []
    r = random.Random(0)
    while s.current_player() == seat and not s.is_terminal():
        action = bot.choose(s, seat, r)
        assert action in s.legal_actions()
        taken.append(action)
        s.apply(action)
    return taken


def test_make_bot_knows_its_names_and_parameters() -> None:
    assert isinstance(make_bot(BotSpec.parse("random")), RandomBot)
    greedy = make_bot(BotSpec.parse("greedy:0.5"))
    assert isinstance(greedy, GreedyBot) and greedy.future == 0.5 and greedy.builder == 0
    builder = make_bot(BotSpec.parse("builder"))
    assert builder.builder > 0 and builder.future == 1.0
    assert make_bot(BotSpec.parse("builder:3:0.5")).builder == 3.0
    with pytest.raises(KeyError):
        make_bot(BotSpec.parse("sneaky"))
    for bad in ("greedy:9", "builder:-1", "builder:1:8"):
        with pytest.raises(ValueError):
            make_bot(BotSpec.parse(bad))


#: Corporations producing three dice each (the test world's default produces one).
CORPS = [{"id": f"corp-{k}", "name": f"Corp {k}", "start": [{"do": "wild"}],
          "production": {"green": 1, "grey": 1, "red": 1}} for k in range(8)]


def test_greedy_takes_production_with_no_dice_and_an_unpayable_hand() -> None:
    s = new(world(corporations=CORPS))  # the hand: fillers costing 9 data; no dice held
    assert not any(s.players[0].dice) and s.phase == "choose"
    assert GreedyBot().choose(s, 0, random.Random(1)) == PRODUCTION


def test_greedy_takes_an_action_turn_and_plays_the_card_it_can_pay() -> None:
    s = new(world([project("mine", "green", {"steel": 1}, production={"grey": 2})]))
    to_hand(s, 0, "mine")
    give(s, 0, steel=1)
    taken = turn_of(s, GreedyBot())
    assert taken[0] == ACTIONS and ("play", "mine") in taken
    assert s.players[0].played == ["mine"]


def test_greedy_converts_credits_when_no_card_can_be_paid() -> None:
    s = new(world())
    give(s, 0, credit=3)
    taken = turn_of(s, GreedyBot())
    assert taken[0] == ACTIONS and taken[-1] == ("convert", "credits")
    assert s.players[0].vp == 2


def test_greedy_returns_the_dice_its_hand_does_not_need() -> None:
    s = new(world([project("want", "red", {"heat": 2, "water": 1}, vp=3)]))
    p = s.players[0]
    s.deck.extend(p.hand)
    p.hand.clear()
    to_hand(s, 0, "want")
    give(s, 0, heat=2, water=1, microbe=2, animal=1)
    bot = GreedyBot()
    s.apply(PRODUCTION)
    returned = []
    while s.phase == "return":
        action = bot.choose(s, 0, random.Random(2))
        returned.append(action)
        s.apply(action)
    assert sorted(a[1] for a in returned if a[0] == "return") == ["animal", "microbe", "microbe"]
    assert s.held(0) == {"heat": 2, "water": 1}


def test_greedy_keeps_the_corporation_worth_more() -> None:
    corps = [{"id": "poor", "name": "Poor", "start": [{"do": "wild"}],
              "production": {"yellow": 1}},
             {"id": "rich", "name": "Rich", "start": [{"do": "wild", "count": 2}],
              "production": {"yellow": 2, "red": 1}}]
    w = world(corporations=corps)
    s = MarsDiceEngine(w).new_game(1, random.Random(3), corporations=[["poor", "rich"]])
    assert GreedyBot().choose(s, 0, random.Random(3)) == ("corporation", "rich")


def test_bots_play_legal_actions_and_finish_by_the_globals() -> None:
    engine = shipped_engine()
    lineups = [("greedy", "builder", "random"), ("greedy",) * 4, ("builder", "greedy:0.5"),
               ("greedy",), ("random", "random")]
    for game, names in enumerate(lineups):
        bots = [make_bot(BotSpec.parse(n), engine) for n in names]
        rngs = [random.Random(50 + k) for k in range(len(names))]
        s = engine.new_game(len(names), random.Random(game))
        while not s.is_terminal():
            seat = s.current_player()
            action = bots[seat].choose(s, seat, rngs[seat])
            assert action in s.legal_actions(), (names, action)
            s.apply(action)
        s.check_invariants()
        if "random" not in names[:1] and len(names) > 1:
            assert s.end_reason == "globals", names
            assert max(s.details()["player_turns"]) < engine.turn_limit // (2 * len(names))


def test_bots_are_deterministic_given_their_generators() -> None:
    engine = shipped_engine()

    def game(seed: int) -> list:  # type: ignore[type-arg]
        bots = [make_bot(BotSpec.parse(n), engine) for n in ("greedy", "builder", "random")]
        rngs = [random.Random(seed * 10 + k) for k in range(3)]
        s = engine.new_game(3, random.Random(seed))
        actions = []
        while not s.is_terminal():
            seat = s.current_player()
            actions.append(bots[seat].choose(s, seat, rngs[seat]))
            s.apply(actions[-1])
        return [actions, s.scores()]

    assert game(4) == game(4)
    assert game(4) != game(5)


def test_the_builder_plays_more_green_cards_early_than_greedy() -> None:
    # 40 seeded 2-player games, builder against greedy, seats swapped every other game: green
    # cards played in each player's first 15 turns (of about 50); measured on the shipped set
    # at about 1.3 times as many
    engine = shipped_engine()
    early: Counter[str] = Counter()
    for game in range(40):
        names = ("builder", "greedy") if game % 2 == 0 else ("greedy", "builder")
        bots = [make_bot(BotSpec.parse(n), engine) for n in names]
        rngs = [random.Random(7 + k) for k in range(2)]
        s = engine.new_game(2, random.Random(1000 + game))
        while not s.is_terminal():
            seat = s.current_player()
            action = bots[seat].choose(s, seat, rngs[seat])
            if action[0] == "play" and s.world.projects[action[1]].colour == "green" and \
                    s.players[seat].turns < 15:
                early[names[seat]] += 1
            s.apply(action)
    assert early["builder"] > 1.1 * early["greedy"], early


def test_greedy_beats_random_clearly() -> None:
    engine = shipped_engine()
    wins: Counter[str] = Counter()
    for game in range(10):
        names = ("greedy", "random") if game % 2 == 0 else ("random", "greedy")
        bots = [make_bot(BotSpec.parse(n), engine) for n in names]
        rngs = [random.Random(3 + k) for k in range(2)]
        s = engine.new_game(2, random.Random(game))
        while not s.is_terminal():
            seat = s.current_player()
            s.apply(bots[seat].choose(s, seat, rngs[seat]))
        scores = s.scores()
        wins[names[scores.index(max(scores))]] += 1
        assert scores[names.index("greedy")] > scores[names.index("random")] + 10
    assert wins["greedy"] == 10
