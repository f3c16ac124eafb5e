"""Terra engine v2: the rulebook's setup rules as engine options (first player, score start,
first game without red cards, the imperial board side, markers on any bar) — each test written
from the rule text. Synthetic worlds and the fixture content keep them independent of the
shipped deck."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra.terms.bars import adjacent_spaces, correct_spaces, on_line, side_value
from cardkit.games.terra.engine import PASS, CardFacts, TerraEngine, TerraWorld, make_engine
from cardkit.sim.protocol import IllegalAction

from .conftest import TERRA_BASE

LINES = {
    "year": (-10000.0, -3000.0, -1000.0, 0.0, 500.0, 1000.0, 1300.0, 1500.0, 1600.0, 1700.0,
             1800.0, 1850.0, 1900.0, 1925.0, 1950.0, 1975.0, 2000.0, 2025.0),
    "length": (0.0, 0.1, 1.0, 10.0, 50.0, 100.0, 250.0, 500.0, 1000.0, 2500.0, 5000.0, 1e4,
               5e4, 1e5, 5e5, 1e6, 5e6, 1e7, 4e7, 1e9),
    "number": (-100.0, -50.0, -20.0, 0.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0,
               2000.0, 5000.0, 1e4, 1e5, 1e6, 1e7, 1e8, 1e10),
}
RING = 24


def region(i: int) -> str:
    return f"r{i % RING:02d}"


def card(cid: str, answers: list[str], difficulty: str = "green",
         values: dict[str, float] | None = None, world_lines: dict | None = None) -> CardFacts:
    """Card facts computed from answer values with the engine's own bar arithmetic."""
    lines = world_lines or LINES
    values = values or {"year": 1889.0, "length": 300.0}
    answer_set = frozenset(answers)
    near = frozenset(n for a in answers for n in _neighbours()[a]) - answer_set
    return CardFacts(cid, tuple(values), answer_set, near,
                     {b: frozenset(correct_spaces(list(lines[b]), v)) for b, v in values.items()},
                     {b: frozenset(adjacent_spaces(list(lines[b]), v)) for b, v in values.items()},
                     tuple(on_line(list(lines[b]), v) for b, v in values.items()), difficulty,
                     len(answers), dict(values))


def _neighbours() -> dict[str, frozenset[str]]:
    return {region(i): frozenset({region(i - 1), region(i + 1)}) for i in range(RING)}


def synthetic_world(cards: list[CardFacts] | None = None) -> TerraWorld:
    """24 regions on a ring, the shipped bar lines, 12 cards (3 of each difficulty)."""
    if cards is None:
        cards = []
        for i, d in enumerate(["yellow", "green", "blue", "red"] * 3):
            answers = [region(3 * i + k * 5) for k in range(1 + i % 3)]
            values = [{"year": 1889.0, "length": 324.0}, {"year": -2560.0, "number": 3.0},
                      {"length": 8848.0, "number": 1.4e6}][i % 3]
            cards.append(card(f"c{i:02d}", answers, d, values))
    return TerraWorld(tuple(region(i) for i in range(RING)), _neighbours(),
                      {b: len(v) - 1 for b, v in LINES.items()}, tuple(cards), dict(LINES))


@pytest.fixture(scope="module")
def world() -> TerraWorld:
    return synthetic_world()


def test_first_player_is_left_of_the_most_knowledgeable(world: TerraWorld) -> None:
    """Rulebook: the player to the LEFT of the most knowledgeable player starts (left = the
    next seat clockwise); in a simulation, the seat whose bot declares the highest knowledge."""
    engine = TerraEngine(world)
    state = engine.new_game(3, random.Random(0), knowledge=[0.5, 0.9, 0.3])
    assert state.current_player() == 2 and state.details()["first"] == 2
    # without knowledge every seat is as knowledgeable as the next: the chance rng picks
    assert engine.new_game(4, random.Random(0)).current_player() in range(4)
    assert TerraEngine(world, first="seat0").new_game(
        3, random.Random(0), knowledge=[0.5, 0.9, 0.3]).current_player() == 0


def test_the_runner_hands_the_bots_knowledge_to_the_engine() -> None:
    """Through a real run: the most knowledgeable bot (hedger:0.95) sits in seat 2 of game 0
    and, seats rotating, in seat 1 of game 1: the player to its left starts."""
    from cardkit.sim.runner import Setup, play

    from .conftest import SHIPPED

    root = SHIPPED / "terra"
    files = tuple(sorted((str(p.relative_to(root)), p.read_bytes())
                         for p in root.rglob("*.yaml") if "i18n" not in p.parts))
    setup = Setup("terra", files, ("guesser:0.4", "guesser:0.6", "hedger:0.95", "random"), 1)
    assert play(setup, 0).details["first"] == 3
    assert play(setup, 1).details["first"] == 2


def test_first_player_ties_are_broken_by_the_seeded_chance(world: TerraWorld) -> None:
    """Equally knowledgeable players: any may be the most knowledgeable, drawn from the game's
    own seeded chance, so every seat starts about equally often and a seed repeats its draw."""
    engine = TerraEngine(world)
    firsts = Counter(engine.new_game(5, random.Random(s), knowledge=[0.7] * 5).current_player()
                     for s in range(1000))
    assert set(firsts) == set(range(5)) and min(firsts.values()) > 150
    again = {engine.new_game(5, random.Random(7), knowledge=[0.7] * 5).current_player()
             for _ in range(5)}
    assert len(again) == 1


def test_the_first_player_still_passes_clockwise(world: TerraWorld) -> None:
    """Rulebook: after each card the card box (the first-player role) passes clockwise."""
    state = TerraEngine(world).new_game(3, random.Random(0), knowledge=[0.1, 0.1, 0.9])
    starts = []
    while not state.is_terminal():
        if state.placed_this_card == [0, 0, 0]:
            starts.append(state.current_player())
        actions = state.legal_actions()
        state.apply(PASS if PASS in actions else actions[0])
    assert starts == [0, 1, 2, 0, 1, 2]


def test_score_markers_start_on_space_1(world: TerraWorld) -> None:
    """Rulebook: the score marker starts on space 1 of the score track."""
    state = TerraEngine(world).new_game(3, random.Random(0))
    assert state.scores() == [1.0, 1.0, 1.0]
    state.check_invariants()
    zero = TerraEngine(world, score_start=0).new_game(3, random.Random(0))
    assert zero.scores() == [0.0, 0.0, 0.0]
    assert make_engine(load_game("terra", TERRA_BASE)[0]).score_start == 1
    assert make_engine(load_game("terra", TERRA_BASE)[0], score_start="0").score_start == 0


def test_a_first_game_leaves_the_red_cards_out() -> None:
    """Rulebook: leave the red-framed (hardest) cards out of a first game (option
    first_game=on; default off deals every card)."""
    content, _ = load_game("terra", TERRA_BASE)
    full = TerraWorld.from_content(content)
    big = synthetic_world()
    assert sum(c.difficulty == "red" for c in big.cards) == 3
    first = big.without_red()
    assert len(first.cards) == 9 and all(c.difficulty != "red" for c in first.cards)
    dealt = set()
    for s in range(200):
        dealt |= {c.difficulty for c in TerraEngine(first).new_game(3, random.Random(s)).deck}
    assert "red" not in dealt
    assert any(c.difficulty == "red" for s in range(50)
               for c in TerraEngine(big).new_game(3, random.Random(s)).deck)
    assert {c.difficulty for c in full.cards} == {"yellow", "green"}
    assert len(make_engine(content, first_game="off").world.cards) == len(full.cards)
    with pytest.raises(ValueError):
        make_engine(content, first_game="maybe")


def test_the_imperial_side_uses_imperial_lines_and_values() -> None:
    """Rulebook: the board is double-sided, imperial units on one side; side=imperial builds
    the world from the imperial lines and the imperial answer values."""
    content, _ = load_game("terra", TERRA_BASE)
    metric = make_engine(content).world
    imperial = make_engine(content, side="imperial").world
    bars = {b.id: b for b in (r.obj for r in content.of("bars"))}
    assert imperial.lines["length"] == tuple(bars["length"].imperial.lines)
    assert metric.lines["length"] == tuple(bars["length"].metric.lines)
    gg = next(c for c in content.of("cards") if c.id == "golden-gate-bridge").obj
    span = next(q for q in gg.bars if q.bar == "length").answer
    facts = next(c for c in imperial.cards if c.id == "golden-gate-bridge")
    assert facts.values["length"] == side_value(span, "imperial") != span.value
    assert facts.correct["length"] == frozenset(correct_spaces(
        list(bars["length"].imperial.lines), side_value(span, "imperial")))
    with pytest.raises(ValueError):
        make_engine(content, side="nautical")


def test_a_marker_may_go_on_any_bar_and_scores_nothing_off_the_card(world: TerraWorld) -> None:
    """Rules: each player places a marker on an unoccupied region or an EMPTY bar space — any
    bar, also the one the card does not ask about (legal, it scores nothing)."""
    state = TerraEngine(world, first="seat0").new_game(2, random.Random(0))
    state.deck[0] = world.cards[0]  # year and length
    assert state.card.bars == ("year", "length")
    assert ("bar", "number", 4) in state.legal_actions()
    state.apply(("bar", "number", 4))
    state.apply(("bar", "year", min(state.card.correct["year"])))
    state.apply(PASS)
    state.apply(PASS)
    assert state.card_points[0] == [0, 7]
    assert state.pool[0] == 0 and state.hand[0] == 5  # lost to the pool, taken back
    off = TerraEngine(world, first="seat0", any_bar=False).new_game(2, random.Random(0))
    off.deck[0] = world.cards[0]
    assert ("bar", "number", 4) not in off.legal_actions()
    with pytest.raises(IllegalAction):
        off.apply(("bar", "number", 4))
    with pytest.raises(IllegalAction):
        state.apply(("bar", "year", "3"))


def test_bad_options_are_refused() -> None:
    content, _ = load_game("terra", TERRA_BASE)
    for bad in ({"first": "youngest"}, {"score_start": "x"}, {"any_bar": "sometimes"}):
        with pytest.raises(ValueError):
            make_engine(content, **bad)
    assert make_engine(content, any_bar="off").any_bar is False


def test_card_points_and_the_report_extras() -> None:
    """Reports: points per card (per difficulty), their distribution, first-player and seat win
    rates, and card_points: each card's mean points per marker and per player over the games
    it was dealt in."""
    from cardkit.games.terra.report import card_points, extras, extras_text
    from cardkit.sim.runner import GameRow

    def row(i: int, first: int, winners: list[int]) -> GameRow:
        return GameRow(i, i, ["a", "b"], [10.0, 5.0], winners, 10, "cards", False,
                       {"cards": ["golden-gate-bridge", "pyramids-of-giza"],
                        "card_points": [[7, 3], [0, 0]], "card_markers": [[1, 2], [2, 2]],
                        "first": first})
    rows = [row(0, 0, [0]), row(1, 1, [0]), row(2, 1, [0, 1])]
    table = card_points(rows)
    assert table["golden-gate-bridge"] == {"dealt": 3, "per_player": 5.0, "per_marker": 3.333}
    assert table["pyramids-of-giza"] == {"dealt": 3, "per_player": 0.0, "per_marker": 0.0}
    content, _ = load_game("terra", TERRA_BASE)
    out = extras(rows, content)
    assert out["cards"]["pyramids-of-giza"]["difficulty"] == "green"
    assert out["points_per_card_by_difficulty"]["yellow"]["mean"] == 5.0
    assert out["points_per_card_by_difficulty"]["green"]["mean"] == 0.0
    assert out["card_points_distribution"]["hardest"][0] == "pyramids-of-giza"
    assert out["first_player"]["win_share"] == pytest.approx(round((1 + 0 + 0.5) / 3, 4))
    assert out["seat_win_rates"] == [round(2.5 / 3, 4), round(0.5 / 3, 4)]
    assert any(line.startswith("points per card by difficulty") for line in extras_text(out))
    # the report carries the difficulties' order (its JSON sorts keys); the generic site uses
    # it and imports no game
    assert out["difficulty_order"] == ["yellow", "green"]  # the rulebook's, easiest first
    from cardkit.site.messages import Messages
    from cardkit.site.reports import _extras

    html = _extras("terra", json.loads(json.dumps(out, sort_keys=True)), Messages("en"))
    assert html.index(">yellow<") < html.index(">green<")  # not the sorted keys' order
    assert 'id="extra-difficulty-order"' not in html
