"""Terra's information sets: the answer half of the card being played and the cards to come are
hidden from every seat; the top half, the board and the scored cards are public."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra.engine import TerraEngine, TerraState, TerraWorld

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def world() -> TerraWorld:
    content, _ = load_game("terra", SHIPPED)
    return TerraWorld.from_content(content)


def _mid_game(world: TerraWorld, players: int = 3) -> TerraState:
    state = TerraEngine(world).new_game(players, random.Random(11))
    pick = random.Random(2)
    while state.card_index < 2 or state.placed_this_card[state.to_act] == 0:
        legal = list(state.legal_actions())
        state.apply(legal[pick.randrange(len(legal))])
    return state


def test_the_answer_half_and_the_box_are_hidden(world: TerraWorld) -> None:
    state = _mid_game(world)
    other = state.copy()  # the same top half, another answer; other cards in the box
    other.deck[state.card_index] = dataclasses.replace(
        state.card, answers=frozenset({"japan"}), near=frozenset(), values={})
    other.deck[state.card_index + 1:] = list(reversed(other.deck[state.card_index + 1:]))
    for p in range(state.players):
        assert other.observation(p) == state.observation(p)
        mine = state.determinize(p, random.Random(3))
        theirs = other.determinize(p, random.Random(3))
        assert mine.deck == theirs.deck and mine.rng.getstate() == theirs.rng.getstate()


def test_determinizations_redraw_the_answer_and_keep_the_public_record(world: TerraWorld) -> None:
    state = _mid_game(world)
    before, rng_state = state.observation(0), state.rng.getstate()
    dets = [state.determinize(0, random.Random(i)) for i in range(30)]
    assert state.observation(0) == before and state.rng.getstate() == rng_state
    assert len({d.card.answers for d in dets}) > 1 and len({d.deck[-1].id for d in dets}) > 1
    for d in dets:
        assert d.deck[:state.card_index] == state.deck[:state.card_index]  # scored: public
        assert (d.card.id, d.card.bars, d.card.asked) == \
            (state.card.id, state.card.bars, state.card.asked)
        assert len(d.card.answers) == state.card.asked
        assert {c.id for c in d.deck[state.card_index + 1:]}.isdisjoint(
            c.id for c in state.deck[:state.card_index + 1])
        d.check_invariants()


def test_scored_answers_are_observed(world: TerraWorld) -> None:
    state = _mid_game(world)
    other = state.copy()
    other.deck[0] = dataclasses.replace(state.deck[0], answers=frozenset({"japan"}))
    assert other.observation(1) != state.observation(1)
    with pytest.raises(ValueError):
        state.observation(state.players)
