"""Terra Futura's information sets, case by case (the generic checks are in
``test_sim_determinize.py``): a card in another seat's hand shows only its back, secret scoring
cards stay secret until the final choices show them, decks keep their size but not their order,
and determinizing never draws from the state's own generator."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra_futura.engine import TerraFuturaEngine, TerraFuturaState, make_engine

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def engine() -> TerraFuturaEngine:
    content, _ = load_game("terra-futura", SHIPPED)
    return make_engine(content)


def play_until(state: TerraFuturaState, done: Callable[[TerraFuturaState], bool],
               seed: int = 0) -> TerraFuturaState:
    """Random legal actions until ``done(state)``."""
    pick = random.Random(seed)
    while not done(state):
        legal = list(state.legal_actions())
        state.apply(legal[pick.randrange(len(legal))])
    return state


def test_a_card_taken_from_the_deck_shows_only_its_level_to_the_others(
        engine: TerraFuturaEngine) -> None:
    state = engine.new_game(3, random.Random(4))
    state.apply(("keep",))
    state.apply(("top", "II"))
    taker = state.current_player()
    other = (taker + 1) % 3
    assert state.observation(taker)[10] == state.hand
    assert state.observation(other)[10] == ("face-down", "II")
    assert state.hand not in repr(state.observation(other))
    hands = set()
    for i in range(30):
        det = state.determinize(other, random.Random(i))
        assert det.observation(other) == state.observation(other)
        assert det.players[taker].taken[-1] == det.hand
        assert det.world.cards[det.hand].level == "II"
        assert len(det.levels["II"].deck) == len(state.levels["II"].deck)
        det.check_invariants()
        hands.add(det.hand)
    assert len(hands) > 1
    assert {state.determinize(taker, random.Random(i)).hand for i in range(5)} == {state.hand}


def test_secret_scoring_cards_are_resampled_until_the_final_choices_show_them(
        engine: TerraFuturaEngine) -> None:
    state = engine.new_game(2, random.Random(9))
    seen = {state.determinize(0, random.Random(i)).players[1].scoring for i in range(20)}
    assert len(seen) > 1 and all(set(s).isdisjoint(state.players[0].scoring) for s in seen)
    assert {state.determinize(0, random.Random(i)).players[0].scoring
            for i in range(5)} == {state.players[0].scoring}
    first = state.order[0]
    play_until(state, lambda s: s.players[first].pattern is not None)
    k = state.players[first].pattern
    other = 1 - first
    for i in range(20):
        det = state.determinize(other, random.Random(i))
        assert det.players[first].scoring[k] == state.players[first].scoring[k]
        assert det.observation(other) == state.observation(other)


def test_determinizing_leaves_the_state_and_its_generator_alone(
        engine: TerraFuturaEngine) -> None:
    state = play_until(engine.new_game(4, random.Random(2)), lambda s: s.turns >= 10)
    rng_state = state.rng.getstate()
    decks = {lv: list(level.deck) for lv, level in state.levels.items()}
    scoring = [p.scoring for p in state.players]
    seen = [state.observation(p) for p in range(4)]
    for p in range(4):
        det = state.determinize(p, random.Random(p))
        assert det.rng is not state.rng and det.rng.getstate() != rng_state
        assert sorted(det.levels["I"].deck) == sorted(decks["I"])
    assert state.rng.getstate() == rng_state
    assert {lv: level.deck for lv, level in state.levels.items()} == decks
    assert [p.scoring for p in state.players] == scoring
    assert [state.observation(p) for p in range(4)] == seen


def test_the_observation_does_not_show_the_decks_order(engine: TerraFuturaEngine) -> None:
    state = play_until(engine.new_game(2, random.Random(5)), lambda s: s.turns >= 4)
    shuffled = state.copy()
    for level in shuffled.levels.values():
        random.Random(1).shuffle(level.deck)
    shuffled.players[1].scoring = tuple(reversed(shuffled.players[1].scoring))
    assert shuffled.observation(0) == state.observation(0)
    assert shuffled.observation(1) != state.observation(1)
