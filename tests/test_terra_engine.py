"""Terra's rules: the seed rulebook's worked examples, the pool and refill, seat order."""

from __future__ import annotations

import random

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra.terms.bars import adjacent_spaces, correct_spaces
from cardkit.games.terra.engine import PASS, CardFacts, TerraEngine, TerraWorld
from cardkit.sim.protocol import IllegalAction

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def world() -> TerraWorld:
    content, _ = load_game("terra", SHIPPED)
    return TerraWorld.from_content(content)


def _game(world: TerraWorld, first_card: str, players: int = 3):  # type: ignore[no-untyped-def]
    state = TerraEngine(world, first="seat0").new_game(players, random.Random(0))
    card = next(c for c in world.cards if c.id == first_card)
    state.deck[0] = card
    return state


def test_pyramids_of_giza_scores_7_6_0(world: TerraWorld) -> None:
    """Seed rulebook: one correct region, Eastern Sahara. White on it scores 7, blue on two of
    its neighbours scores 6, yellow on Anatolia (not a neighbour) scores 0."""
    assert "anatolia" not in world.neighbours["eastern-sahara"]
    assert {"levant", "sahel"} <= world.neighbours["eastern-sahara"]
    state = _game(world, "great-pyramid-of-giza")
    assert state.card.answers == {"eastern-sahara"}
    white, blue, yellow = 0, 1, 2
    for seat, action in [(white, ("region", "eastern-sahara")), (blue, ("region", "levant")),
                         (yellow, ("region", "anatolia")), (white, PASS),
                         (blue, ("region", "sahel")), (yellow, PASS), (blue, PASS)]:
        assert state.current_player() == seat
        state.apply(action)
        state.check_invariants()
    assert state.card_points[0] == [7, 6, 0]
    # scoring markers came back; yellow's marker on Anatolia went to the pool and, at the
    # change of first player, yellow takes one own marker back from it
    assert state.hand == [5, 5, 5] and state.pool == [0, 0, 0]
    assert state.current_player() == 1  # the card box passed clockwise


def test_bar_line_rule_1700_and_1710() -> None:
    """Seed rulebook: an answer of 1700 makes the spaces on both sides of the 1700 line correct;
    1710 makes only the right one correct, and the left one is adjacent."""
    lines = [1500.0, 1600.0, 1700.0, 1800.0, 1900.0]  # spaces 0..3; the 1700 line is between 1, 2
    assert correct_spaces(lines, 1700) == (1, 2)
    assert adjacent_spaces(lines, 1700) == (0, 3)
    assert correct_spaces(lines, 1710) == (2,)
    assert adjacent_spaces(lines, 1710) == (1, 3)
    assert correct_spaces(lines, 1500) == (0,)  # the first line has only one side
    assert correct_spaces(lines, 2000) == ()


def test_bar_scoring_in_play(world: TerraWorld) -> None:
    state = _game(world, "eiffel-tower")  # year 1889 on the shipped year bar
    year_correct = sorted(state.card.correct["year"])
    (right,) = year_correct
    state.apply(("bar", "year", right))      # seat 0: exact -> 7
    state.apply(("bar", "year", right - 1))  # seat 1: adjacent -> 3
    state.apply(("bar", "year", 0))          # seat 2: far off -> 0
    for _ in range(3):
        state.apply(PASS)
    assert state.card_points[0] == [7, 3, 0]


def test_pool_and_refill_to_three(world: TerraWorld) -> None:
    state = _game(world, "great-pyramid-of-giza", players=2)
    far = [r for r in world.regions
           if r not in state.card.answers and r not in state.card.near][:6]
    # seat 0 spends all five markers where nothing scores; seat 1 places one and passes
    state.apply(("region", far[0]))
    state.apply(("region", "eastern-sahara"))
    for r in far[1:5]:
        state.apply(("region", r))
        if state.card_index == 0 and state.current_player() == 1:
            state.apply(PASS)
    assert state.card_index == 1
    # seat 0 lost 5 markers to the pool, took one back, then refilled to 3
    assert state.hand[0] == 3 and state.pool[0] == 2
    assert state.hand[1] == 5 and state.pool[1] == 0
    state.check_invariants()


def test_first_marker_is_compulsory_and_occupied_spaces_are_refused(world: TerraWorld) -> None:
    state = _game(world, "great-pyramid-of-giza")
    with pytest.raises(IllegalAction):
        state.apply(PASS)
    state.apply(("region", "japan"))
    with pytest.raises(IllegalAction):
        state.apply(("region", "japan"))
    with pytest.raises(IllegalAction):
        state.apply(("bar", "number", 0) if "number" not in state.card.bars
                    else ("bar", "nonexistent", 0))


def test_six_cards_then_the_game_ends(world: TerraWorld) -> None:
    state = TerraEngine(world).new_game(4, random.Random(1))
    assert len({c.id for c in state.deck}) == 6
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[0] if actions[0] != PASS or len(actions) == 1 else actions[1])
    assert len(state.card_points) == 6 and state.end_reason == "cards"
    assert state.legal_actions() == []


def test_card_facts_are_typed(world: TerraWorld) -> None:
    assert all(isinstance(c, CardFacts) and len(c.bars) == 2 for c in world.cards)
