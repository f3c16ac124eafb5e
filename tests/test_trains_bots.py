"""The Trains priority bots: kingdom buying by YAML rules, play order, answers to every decision,
the simulation report's turn counts and the card-strength run over both sets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardkit.games.trains.bots import PriorityListBot, card_plan, make_bot, strength_cards
from cardkit.games.trains.engine import make_engine
from cardkit.games.trains.model import BuyRule, PriorityBot
from cardkit.games.trains.report import extras, extras_text
from cardkit.games.trains.engine.state import PLAY_TRAINS
from cardkit.sim.api import card_strength, simulate
from cardkit.sim.protocol import BotSpec
from cardkit.sim.report import strength_text, to_text

from .conftest import SHIPPED
from .trains_helpers import content, deal, game

SETS = ("base", "rising-sun")


def kingdom_cards(card_set: str | None = None) -> list[str]:
    return [r.id for r in content().of("cards") if r.obj.kind == "kingdom"
            and (card_set is None or r.obj.set == card_set)]


def bot_for(state, rules: PriorityBot) -> PriorityListBot:
    return PriorityListBot(rules, card_plan(state.world, rules))


def play_out(engine, bots: list[str], seed: int, check_legal: bool = True) -> tuple[object, list]:
    """One game to the end; every bot action checked against ``legal_actions()``."""
    players = [make_bot(BotSpec.parse(b), engine) for b in bots]
    state = engine.new_game(len(bots), random.Random(seed))
    actions = []
    while not state.is_terminal():
        assert state.turns < 3000, "the game did not end"
        seat = state.current_player()
        action = players[seat].choose(state, seat, random.Random(0))
        if check_legal:
            assert action in state.legal_actions(), (action, state.pending)
        actions.append((seat, action))
        state.apply(action)
    state.check_invariants()
    return state, actions


# -- buy rules ---------------------------------------------------------------------------------

def test_every_kingdom_card_of_both_sets_has_a_baseline_buy_rule() -> None:
    rules = {r.card for r in make_engine(content()).world.bots["baseline"].buy}
    missing = [c for c in kingdom_cards() if c not in rules]
    assert not missing, f"no baseline buy rule for: {', '.join(missing)}"
    assert {c for c in kingdom_cards("rising-sun")} and {c for c in kingdom_cards("base")}


@pytest.mark.parametrize("vp", ["skyscraper", "tower", "apartment", "office-building",
                                "distribution-center", "stadium"])
def test_the_baseline_has_a_rule_for_the_vp_cards_of_either_supply(vp: str) -> None:
    assert vp in {r.card for r in make_engine(content()).world.bots["baseline"].buy}


def test_the_vp_rules_follow_the_cards_numbers() -> None:
    world = make_engine(content()).world
    rules = {r.card: r for r in world.bots["baseline"].buy}
    assert world.cost["skyscraper"] == 8 and world.vp["skyscraper"] == 4
    assert rules["skyscraper"].min_coins >= 8 and rules["tower"].min_coins >= 5
    assert rules["stadium"].min_coins >= world.cost["stadium"]


def test_late_in_the_game_the_baseline_buys_vp_with_every_coin() -> None:
    """Its first rules: from one round on, the VP cards of either supply, most VP first — with
    11 coins a Skyscraper and, with the 3 left, an Apartment (two buys); a round earlier the
    3 coins buy a rail card, as the rules below say."""
    engine = make_engine(content(), preset="beginner-tokyo")
    world = engine.world
    rules = world.bots["baseline"]
    late = rules.buy[:6]
    start = late[0].min_round
    assert start >= 15 and all(r.min_round == start for r in late)
    assert [r.card for r in late] == sorted((r.card for r in late),
                                            key=lambda c: -world.vp[c])  # most VP first
    assert all(r.min_coins == world.cost[r.card] and r.max_owned is None for r in late)
    assert rules.buys_per_turn >= 2
    state = deal(game(preset="beginner-tokyo"), hand=[], coins=11)
    state.rounds = start
    bot = make_bot(BotSpec.parse("baseline"), engine)
    bought = []
    while (action := bot.choose(state, 0, random.Random(0)))[0] == "buy":
        bought.append(action[1])
        state.apply(action)
    assert bought == ["skyscraper", "apartment"] and state.coins == 0
    state = deal(game(preset="beginner-tokyo"), hand=[], coins=3)
    state.rounds = start - 1
    rails = next(r for r in rules.buy if r.card == "lay-rails" and r.min_coins == 3)
    assert state.rounds >= rails.min_round
    assert make_bot(BotSpec.parse("baseline"), engine).choose(state, 0, random.Random(0)) == \
        ("buy", "lay-rails")


def test_the_baseline_spends_the_coins_left_on_a_cheap_kingdom_card() -> None:
    """5 coins after round 12: a Station Expansion (its 5-coin rule: few owned), then the
    2 coins left buy a Bullet Train (up to 8, all game) — a second buy in the turn."""
    engine = make_engine(content(), preset="beginner-osaka")  # Bullet Train, Tunnel
    rules = {r.card: r for r in engine.world.bots["baseline"].buy}
    assert rules["bullet-train"].max_owned >= 5 and rules["bullet-train"].max_round is None
    state = deal(game(preset="beginner-osaka"), hand=[], coins=5)
    state.rounds = 13
    state.supply["tunnel"] = 0  # its rule (5 coins, one copy) would come first
    state.total_cards = state.card_count()
    bot = make_bot(BotSpec.parse("baseline"), engine)
    first = bot.choose(state, 0, random.Random(0))
    assert first == ("buy", "station-expansion")
    state.apply(first)
    assert bot.choose(state, 0, random.Random(0)) == ("buy", "bullet-train")


def test_a_rule_fires_only_when_its_card_is_in_the_supply() -> None:
    rules = PriorityBot(id="t", name="t", buy=[BuyRule(card="control-room"),
                                              BuyRule(card="express-train")])
    state = deal(game(preset="beginner-tokyo"), hand=[], coins=7)  # no Control Room
    assert "control-room" not in state.supply
    assert bot_for(state, rules).choose(state, 0, random.Random(0)) == ("buy", "express-train")
    state = deal(game(preset="holiday-pass"), hand=[], coins=7)  # Control Room is a pile
    assert bot_for(state, rules).choose(state, 0, random.Random(0)) == ("buy", "control-room")


def test_rule_conditions_round_rails_stations_and_waste() -> None:
    rules = PriorityBot(id="t", name="t", buy=[
        BuyRule(card="landfill", min_waste=2),
        BuyRule(card="steel-bridge", min_rails_left=19),
        BuyRule(card="dump-site", max_round=1),
        BuyRule(card="express-train")])
    state = deal(game(preset="beginner-tokyo"), hand=[], coins=5)
    assert state.rails_left(0) == 19
    bot = bot_for(state, rules)
    assert bot.choose(state, 0, random.Random(0)) == ("buy", "steel-bridge")  # 19 rails left
    state = deal(game(preset="beginner-tokyo"), hand=[], discard=["waste", "waste"], coins=5)
    assert bot_for(state, rules).choose(state, 0, random.Random(0)) == ("buy", "landfill")
    state = deal(game(preset="beginner-tokyo"), hand=[], coins=5)
    state.players[0].rails.add(32)  # 18 rails left: no Steel Bridge
    state.rounds = 1  # round 1: no Dump Site (before round 1 only)
    assert bot_for(state, rules).choose(state, 0, random.Random(0)) == ("buy", "express-train")


@pytest.mark.parametrize("card_set", SETS)
def test_the_baseline_buys_kingdom_cards_of_the_supply_and_no_others(card_set: str) -> None:
    engine = make_engine(content(), setup=card_set)
    bought: Counter[str] = Counter()
    kingdom = set(kingdom_cards())
    for seed in range(12):
        state, actions = play_out(engine, ["baseline", "baseline"], seed, check_legal=False)
        for _, a in actions:
            if a[0] == "buy" and a[1] in kingdom:
                assert a[1] in state.kingdom, f"bought {a[1]}, not in the supply"
                bought[a[1]] += 1
    assert sum(bought.values()) >= 12 * 2, bought  # at least one per player and game
    assert len(bought) >= 8, bought


def test_the_test_bot_buys_its_card_first() -> None:
    engine = make_engine(content(), include=("signals",))
    state, _ = play_out(engine, ["baseline+signals", "baseline"], 3, check_legal=False)
    owned = state.details()["kingdom_owned"]
    assert owned[0].get("signals", 0) >= 2  # up to two, first
    rule = next(r for r in engine.world.bots["baseline"].buy if r.card == "signals")
    assert owned[1].get("signals", 0) <= rule.max_owned  # the baseline's own rule


# -- play order --------------------------------------------------------------------------------

def test_trains_are_played_before_amusement_park_and_rails_after_coins() -> None:
    state = deal(game(preset="beginner-tokyo"),
                 hand=["lay-rails", "amusement-park", "express-train", "normal-train"], coins=0)
    bot = make_bot(BotSpec.parse("baseline"), make_engine(content(), preset="beginner-tokyo"))
    first = bot.choose(state, 0, random.Random(0))
    assert first == PLAY_TRAINS
    state.apply(first)
    second = bot.choose(state, 0, random.Random(0))
    assert second == ("play", "amusement-park")
    state.apply(second)
    assert state.pending[1] == "train"
    assert bot.choose(state, 0, random.Random(0)) == ("train", "express-train")  # the best one
    state.apply(("train", "express-train"))
    assert state.coins == 2 + 1 + 1 + 2
    assert bot.choose(state, 0, random.Random(0)) == ("play", "lay-rails")


def test_bullet_train_after_the_normal_trains_and_draw_cards_first() -> None:
    engine = make_engine(content(), preset="beginner-osaka")  # Bullet Train, Garage
    bot = make_bot(BotSpec.parse("baseline"), engine)
    state = deal(game(preset="beginner-osaka"),
                 hand=["bullet-train", "normal-train", "garage"], coins=0)
    assert bot.choose(state, 0, random.Random(0)) == ("play", "garage")
    state.players[0].hand.remove("garage")
    state.total_cards = state.card_count()
    assert bot.choose(state, 0, random.Random(0)) == PLAY_TRAINS
    state.apply(PLAY_TRAINS)
    assert bot.choose(state, 0, random.Random(0)) == ("play", "bullet-train")
    state.apply(("play", "bullet-train"))
    assert state.coins == 1 + 1 + 1  # the Normal Train in play gave Bullet Train its coin


def test_a_held_route_bonus_ability_is_used() -> None:
    state = deal(game(preset="beginner-tokyo"), hand=["normal-train"], deck=["express-train"] * 4,
                 coins=0)
    state.players[0].bonuses.append("keihin-line")  # draw two cards
    bot = make_bot(BotSpec.parse("baseline"), make_engine(content(), preset="beginner-tokyo"))
    seen = []
    for _ in range(3):
        action = bot.choose(state, 0, random.Random(0))
        assert action in state.legal_actions()
        seen.append(action)
        state.apply(action)
    assert ("bonus", "keihin-line") in seen


def test_rails_go_toward_the_goal() -> None:
    state = deal(game(preset="beginner-tokyo"), hand=["lay-rails"], coins=5)
    bot = make_bot(BotSpec.parse("baseline"), make_engine(content(), preset="beginner-tokyo"))
    assert bot.choose(state, 0, random.Random(0)) == ("play", "lay-rails")
    state.apply(("play", "lay-rails"))
    goal = bot.planner.goal
    assert goal is not None
    md = state.mapdata
    before = min(md.distance[r][goal] for r in state.players[0].rails)
    kind, hex_id = bot.choose(state, 0, random.Random(0))
    assert kind == "rail"
    assert hex_id == goal or md.distance[hex_id][goal] < before


# -- answers always legal, every card of both sets ----------------------------------------------

@pytest.mark.parametrize("card_set", SETS)
def test_bot_answers_are_legal_over_many_games(card_set: str) -> None:
    engine = make_engine(content(), setup=card_set)
    kinds: Counter[str] = Counter()
    for seed in range(10):
        for bots in (["baseline", "rails-first"], ["baseline"] * 3):
            state, actions = play_out(engine, bots, seed)
            kinds.update(a[0] for _, a in actions)
    assert kinds["rail"] and kinds["station"] and kinds["buy"]


@pytest.mark.parametrize("card_set", SETS)
def test_no_crash_and_legal_answers_on_every_kingdom_card(card_set: str) -> None:
    for i, card in enumerate(kingdom_cards(card_set)):
        engine = make_engine(content(), include=(card,))
        state, _ = play_out(engine, [f"baseline+{card}", "baseline"], i)
        assert card in state.kingdom


# -- reports -----------------------------------------------------------------------------------

def test_the_text_report_shows_turns_per_player() -> None:
    report = simulate("trains", SHIPPED, games=8, seed=1, bots=["baseline", "baseline"],
                      backend="serial")
    text = to_text(report)
    assert "turns per player: mean" in text
    turns = report.extras["turns"]["per_player"]
    assert 10 <= turns["mean"] <= 40
    assert report.extras["kingdom"]["per_player"]["mean"] > 0
    assert sum(report.extras["end_reasons"].values()) == 8


def test_extras_count_turns_from_the_details() -> None:
    from cardkit.sim.runner import GameRow

    rows = [GameRow(0, 1, ["a", "b"], [3.0, 2.0], [0], 100, "rails", False,
                    {"turns": [20, 19], "rounds": 19, "rails": [20, 12], "stations": 9,
                     "routes": [["yamanote-loop"], []], "kingdom": ["landfill"],
                     "kingdom_owned": [{"landfill": 2}, {}],
                     "empty_piles": ["apartment", "landfill"], "supply_taken": 30,
                     "piles_end_needs": 40}),
            GameRow(1, 2, ["b", "a"], [1.0, 5.0], [1], 90, "stations", False,
                    {"turns": [25, 25], "rounds": 24, "rails": [8, 9], "stations": 30,
                     "routes": [[], []], "kingdom": ["garage"], "kingdom_owned": [{}, {}],
                     "empty_piles": ["landfill"], "supply_taken": 44, "piles_end_needs": 40})]
    out = extras(rows, content())
    assert out["turns"]["per_player"]["mean"] == (20 + 19 + 25 + 25) / 4
    assert out["turns"]["per_seat"]["1"]["mean"] == 22
    assert out["end_reasons"] == {"piles": 0, "rails": 1, "stations": 1}  # every way, 0 too
    assert out["routes"]["taken"] == {"yamanote-loop": 1}
    assert out["kingdom"]["cards"]["landfill"] == {"games": 1, "copies_per_game": 2.0}
    piles = out["piles"]
    assert piles["games_by_empty"] == {"1": 1, "2": 1}
    assert piles["emptied"] == {"landfill": 2, "apartment": 1}
    assert piles["taken_per_game"]["mean"] == 37 and piles["end_needs"] == 40
    text = extras_text(out)
    assert any(line.startswith("turns per player: mean 22.2") for line in text)
    assert "empty piles at the end (games): 1: 1, 2: 1; ran out most: landfill 2, apartment 1" \
        in text
    assert "end reasons: piles 0 (0%), rails 1 (50%), stations 1 (50%)" in text
    assert "cards taken from the supply piles per game: mean 37.0, most 44; ending by piles " \
        "takes at least 40 (the smallest piles emptied)" in text


@pytest.mark.parametrize("card_set", SETS)
def test_strength_covers_every_kingdom_card_of_each_set(card_set: str) -> None:
    rows = card_strength("trains", SHIPPED, games_per_card=2, seed=1, backend="serial",
                         card_set=card_set)
    assert not rows.interrupted
    assert sorted(r.card for r in rows) == sorted(strength_cards(content(), card_set))
    assert sorted(strength_cards(content(), card_set)) == sorted(kingdom_cards(card_set))
    text = strength_text("trains", rows)
    assert f"{'turns':>8}" in text.splitlines()[1]
    assert all(r.turns["mean"] > 0 for r in rows)
