"""Terra bots that play like people: every marker where it helps, the next wish when one is
taken, others' markers as evidence, knowledge that depends on the card. Each test is written
from the rule or the issue text it names."""

from __future__ import annotations

import random
import statistics

import pytest

from cardkit.games.terra.bots.beliefs import Knowledge, draw, sigma_for, spots
from cardkit.games.terra.bots import GuesserBot, make_bot
from cardkit.games.terra.engine import PASS, TerraEngine, TerraState, TerraWorld
from cardkit.sim.api import resolve_bots
from cardkit.sim.protocol import BotSpec

from .test_terra_engine_options import card, region, synthetic_world


def _state(world: TerraWorld, facts, players: int = 3) -> TerraState:  # type: ignore[no-untyped-def]
    state = TerraEngine(world, first="seat0").new_game(players, random.Random(0))
    state.deck[0] = facts
    return state


def _play_card(state: TerraState, bots: dict[int, object], rng: random.Random) -> None:
    """Play the current card to its scoring; seats without a bot place one far marker."""
    index = state.card_index
    while state.card_index == index and not state.is_terminal():
        seat = state.current_player()
        if seat in bots:
            action = bots[seat].choose(state, seat, rng)  # type: ignore[attr-defined]
        else:
            legal = state.legal_actions()
            action = PASS if PASS in legal else legal[-1]
        state.apply(action)


def test_a_guesser_answers_every_region_a_card_asks_for() -> None:
    """Issue: the guesser always places exactly one region, even on cards that ask for 2-4.
    Rule: Q1 asks "in which N regions"; each correct region scores 7."""
    facts = card("two", [region(2), region(9)], "yellow")
    world = synthetic_world([facts] * 6)
    state = _state(world, facts, players=2)
    bot, rng = GuesserBot(accuracy=1.0), random.Random(1)
    first_four = []
    while len(first_four) < 4:
        seat = state.current_player()
        action = bot.choose(state, 0, rng) if seat == 0 else state.legal_actions()[-1]
        if seat == 0:
            first_four.append(action)
        state.apply(action)
    # its first four markers answer the four questions: both regions, both bars
    assert sorted(a[1] for a in first_four if a[0] == "region") == [region(2), region(9)]
    assert sorted(a[1] for a in first_four if a[0] == "bar") == ["length", "year"]


def test_every_bot_answers_both_bars() -> None:
    """Issue: the hedger answers both bars on only 21.6 % of cards. Every bot spends its
    markers on all questions (a marker on each of the card's two bars)."""
    world = synthetic_world()
    for name in ("guesser", "hedger"):
        both = 0
        for s in range(60):
            state = TerraEngine(world, first="seat0").new_game(3, random.Random(s))
            bot, rng = make_bot(BotSpec.parse(f"{name}:0.5")), random.Random(s)
            mine: set[str] = set()
            while state.card_index == 0:
                seat = state.current_player()
                legal = state.legal_actions()
                action = bot.choose(state, 0, rng) if seat == 0 else \
                    PASS if PASS in legal else legal[-1]
                if seat == 0 and action[0] == "bar":
                    mine.add(action[1])
                state.apply(action)
            both += set(state.deck[0].bars) <= mine
        assert both >= 57, (name, both)


def test_a_taken_wish_moves_to_the_next_one_never_a_pass() -> None:
    """Issue: a bot whose wish and its neighbours are taken passes instead of moving to its
    next wish. Deliver: never a pass while a useful free spot remains and markers are left."""
    facts = card("one", [region(5)], "yellow")
    world = synthetic_world([facts] * 6)
    state = _state(world, facts, players=2)
    # seat 0 starts on a far region; seat 1 takes the answer; seat 0's wish and both its
    # neighbours go to seat 1 as well
    state.apply(("region", region(15)))
    state.apply(("region", region(5)))
    bot = GuesserBot(accuracy=1.0, spread=True)
    state.regions[region(4)] = 1
    state.regions[region(6)] = 1
    state.hand[1] -= 2
    action = bot.choose(state, 0, random.Random(0))
    assert action != PASS and action[0] == "bar"
    while state.current_player() == 0 and state.card_index == 0:
        action = bot.choose(state, 0, random.Random(0))
        if action == PASS:
            useful = [s for s in spots(bot.belief(state, random.Random(0)), state, 0,
                                       bot.follow, bot.block, bot.cost) if s.value > 0]
            assert not useful or state.hand[0] == 0
        state.apply(action)
        if state.current_player() == 1 and state.card_index == 0:
            state.apply(PASS)


def test_no_bot_passes_while_a_useful_spot_remains() -> None:
    world = synthetic_world()
    for spec in ("guesser:0.6", "hedger:0.6", "hedger:0.3:follow=1:block=1"):
        engine = TerraEngine(world)
        bots = [make_bot(BotSpec.parse(spec), engine) for _ in range(3)]
        state = engine.new_game(3, random.Random(3))
        rngs = [random.Random(i) for i in range(3)]
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state, seat, rngs[seat])
            if action == PASS and state.hand[seat] > 0:
                belief = bots[seat].belief(state, rngs[seat])
                assert all(s.value <= 0 for s in spots(belief, state, seat, bots[seat].follow,
                                                         bots[seat].block, bots[seat].cost))
            state.apply(action)


def test_bots_never_use_a_bar_the_card_does_not_ask() -> None:
    """Rules: a marker on the bar the card does not ask about is legal but scores nothing;
    bots never choose it."""
    world = synthetic_world()
    engine = TerraEngine(world)
    for spec in ("guesser:0.5", "hedger:0.2:block=2"):
        bots = [make_bot(BotSpec.parse(spec), engine) for _ in range(4)]
        for s in range(10):
            state = engine.new_game(4, random.Random(s))
            rngs = [random.Random(s * 7 + i) for i in range(4)]
            while not state.is_terminal():
                seat = state.current_player()
                action = bots[seat].choose(state, seat, rngs[seat])
                assert action[0] != "bar" or action[1] in state.card.bars
                state.apply(action)


def test_a_rivals_bar_marker_is_evidence() -> None:
    """Deliver: a bot can follow others' markers — a space another player chose is evidence.
    An ignorant bot (accuracy 0) moves its best space toward a rival's marker on the answer."""
    facts = card("far", [region(1)], "green", {"year": 1889.0, "length": 324.0})
    world = synthetic_world([facts] * 6)
    right = min(facts.correct["year"])
    moved = 0
    for s in range(40):
        state = _state(world, facts)
        state.spaces[("year", right)] = 1
        state.hand[1] -= 1
        alone = GuesserBot(accuracy=0.0, follow=0.0)
        follower = GuesserBot(accuracy=0.0, follow=4.0)
        best = {}
        for name, bot in (("alone", alone), ("follower", follower)):
            options = [o for o in bot.ranked(state, 0, random.Random(s)) if o.action[:2] ==
                       ("bar", "year")]
            best[name] = abs(options[0].action[2] - right)
        moved += best["follower"] <= best["alone"]
    assert moved >= 36


def test_a_rivals_region_is_evidence_for_its_neighbours() -> None:
    facts = card("one", [region(5)], "green")
    world = synthetic_world([facts] * 6)
    state = _state(world, facts)
    state.regions[region(12)] = 1
    state.hand[1] -= 1
    bot = GuesserBot(accuracy=0.9, follow=1.0, spread=True)
    values = {s.action: s.ev for s in bot.ranked(state, 0, random.Random(0))}
    assert values.get(("region", region(13)), 0) > 0
    blind = GuesserBot(accuracy=0.9, follow=0.0, spread=True)
    assert ("region", region(13)) not in {s.action for s in blind.ranked(state, 0,
                                                                        random.Random(0))}


def test_blocking_takes_the_space_next_to_a_rivals() -> None:
    """Deliver: blocking takes the space next to a rival's."""
    facts = card("far", [region(1)], "green", {"year": 1889.0, "length": 324.0})
    world = synthetic_world([facts] * 6)
    state = _state(world, facts)
    right = min(facts.correct["year"])
    state.spaces[("year", right)] = 1
    state.hand[1] -= 1
    blocker = GuesserBot(accuracy=1.0, block=3.0, spread=True, follow=0.0)
    ranked = [s for s in blocker.ranked(state, 0, random.Random(0)) if s.action[0] == "bar"]
    assert ranked[0].action[1] == "year" and abs(ranked[0].action[2] - right) == 1


def test_knowledge_depends_on_difficulty() -> None:
    """Deliver: accuracy per difficulty, yellow > green > blue > red by default, overridable
    in the bot spec."""
    k = Knowledge(0.7)
    levels = [k.level(d) for d in ("yellow", "green", "blue", "red")]
    assert levels == sorted(levels, reverse=True) and len(set(levels)) == 4
    assert Knowledge(1.0).level("red") == 1.0 and Knowledge(0.0).level("yellow") == 0.0
    bot = make_bot(BotSpec.parse("guesser:accuracy=0.5:red=0.9"))
    assert bot.accuracy == 0.5 and Knowledge(bot.accuracy, bot.levels).level("red") == 0.9
    # and it shows in play: an accuracy-0.7 bot finds the region of a yellow card more often
    hits = {}
    for d in ("yellow", "red"):
        facts = card(d, [region(3)], d)
        world = synthetic_world([facts] * 6)
        rng = random.Random(5)
        hits[d] = sum(region(3) in draw(facts, world, k, rng).guesses for _ in range(2000))
    assert hits["yellow"] > hits["red"] + 400


def test_a_narrow_bracket_is_hit_less_often_than_a_wide_one() -> None:
    """Deliver: noise in the answer's own units (relative for lengths), then mapped to the
    board side's spaces, so a narrow bracket is hit less often than a wide one. On the length
    bar 250-500 m is a narrow space (x2) and 1e7-4e7 m... the wide 5e5-1e6 (x2) vs 50-100."""
    def hit_rate(value: float) -> float:
        facts = card("x", [region(1)], "green", {"year": 1900.0, "length": value})
        world = synthetic_world([facts] * 6)
        rng = random.Random(11)
        state = _state(world, facts)
        hits = 0
        for _ in range(400):
            bot = GuesserBot(accuracy=0.6, follow=0.0)
            best = [s for s in bot.ranked(state, 0, rng) if s.action[:2] == ("bar", "length")]
            hits += best[0].action[2] in facts.correct["length"]
        return hits / 400
    narrow = hit_rate(350.0)   # 250-500: a factor 2
    wide = hit_rate(3.0)       # 1-10: a factor 10
    assert wide > narrow + 0.2


def test_year_noise_grows_with_distance_from_today() -> None:
    """Deliver: absolute error in years, growing with distance from today; relative
    (log-scale) error for lengths and numbers."""
    assert sigma_for("year", -2560, 0.5) > 10 * sigma_for("year", 1990, 0.5)
    assert sigma_for("length", 10.0, 0.5) == sigma_for("length", 1e6, 0.5)


def test_bot_specs_keep_their_names_and_take_parameters() -> None:
    """Keep the names random, guesser, hedger; params via BotSpec (guesser:accuracy=0.5)."""
    assert make_bot(BotSpec.parse("guesser:0.5")).accuracy == 0.5
    bot = make_bot(BotSpec.parse("hedger:accuracy=0.4:follow=1:block=0.5:cost=1"))
    assert (bot.accuracy, bot.follow, bot.block, bot.cost, bot.spread) == (0.4, 1.0, 0.5, 1.0,
                                                                          True)
    assert make_bot(BotSpec.parse("random")).name == "random"
    for bad in ("guesser:1.5", "guesser:speed=3", "hedger:0.5:0.3", "guesser:red=2",
                "guesser:follow=x"):
        with pytest.raises(ValueError):
            make_bot(BotSpec.parse(bad))


def test_a_bad_bot_parameter_is_a_usage_problem() -> None:
    from cardkit.core.errors import UsageProblem

    with pytest.raises(UsageProblem):
        resolve_bots("terra", ["guesser:speed=3"], None)


def test_equal_bots_win_equally_from_every_seat() -> None:
    """Rulebook first player (left of the most knowledgeable, ties by chance): with equal bots
    each seat wins about 1/k of the games (the suite's short run, a loose bound)."""
    world = synthetic_world()
    engine = TerraEngine(world)
    shares = [0.0] * 4
    games = 240
    for g in range(games):
        bots = [make_bot(BotSpec.parse("guesser:0.6"), engine) for _ in range(4)]
        state = engine.new_game(4, random.Random(g))
        rngs = [random.Random(g * 10 + i) for i in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(bots[seat].choose(state, seat, rngs[seat]))
        best = max(state.score)
        winners = [s for s, v in enumerate(state.score) if v == best]
        for w in winners:
            shares[w] += 1 / len(winners)
    assert all(abs(s / games - 0.25) < 0.09 for s in shares), shares
    assert statistics.fmean(shares) == pytest.approx(games / 4)
