"""Mars Dice's information sets (:mod:`cardkit.games.mars_dice.engine.information`): what a seat
sees and what a determinization deals again, on the shipped content. The contract shared by every
game is checked in ``test_sim_determinize.py``; these are Mars Dice's hidden parts one by one."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardkit.core.loading import load_game
from cardkit.core.registry import get_game

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def engine() -> Any:
    content, _ = load_game("mars-dice", SHIPPED)
    return get_game("mars-dice").sim.make_engine(content)


def played(engine: Any, players: int, actions: int, seed: int = 1) -> Any:
    state = engine.new_game(players, random.Random(seed))
    pick = random.Random(seed)
    for _ in range(actions):
        legal = list(state.legal_actions())
        state.apply(legal[pick.randrange(len(legal))])
    return state


def test_the_observation_hides_other_hands_and_the_deck_order(engine: Any) -> None:
    state = played(engine, 3, 40)
    other = state.copy()
    other.players[1].hand[0], other.deck[0] = other.deck[0], other.players[1].hand[0]
    other.deck.reverse()
    other.bonus_stack.reverse()
    assert other.observation(0) == state.observation(0)
    assert other.observation(2) == state.observation(2)
    assert other.observation(1) != state.observation(1)  # its own hand changed
    hash(state.observation(0))


def test_a_determinization_deals_the_unseen_cards_again(engine: Any) -> None:
    state = played(engine, 3, 60)
    hidden = Counter(state.deck + state.players[1].hand + state.players[2].hand)
    rng_state = state.rng.getstate()
    hands = set()
    for i in range(6):
        det = state.determinize(0, random.Random(i))
        assert det.players[0].hand == state.players[0].hand
        assert det.discard == state.discard
        assert [len(p.hand) for p in det.players] == [len(p.hand) for p in state.players]
        assert Counter(det.deck + det.players[1].hand + det.players[2].hand) == hidden
        taken = {b for p in det.players for b in p.bonus}
        assert len(det.bonus_stack) == len(state.bonus_stack)
        assert not taken & set(det.bonus_stack)
        hands.add(tuple(det.players[1].hand))
    assert len(hands) > 1
    assert state.rng.getstate() == rng_state  # never drawn from


def test_unrevealed_corporations_are_dealt_again(engine: Any) -> None:
    state = engine.new_game(3, random.Random(4))
    assert state.phase == "corporation" and state.seat == 0
    mine = state.players[1].dealt
    seen = set()
    for i in range(8):
        det = state.determinize(1, random.Random(i))
        assert det.players[1].dealt == mine
        assert not set(mine) & {c for s in (0, 2) for c in det.players[s].dealt}
        assert [len(p.dealt) for p in det.players] == [len(p.dealt) for p in state.players]
        assert list(det.legal_actions()) != [] and det.observation(1) == state.observation(1)
        seen.add(det.players[0].dealt)
    assert len(seen) > 1
    state.apply(state.legal_actions()[0])  # seat 0 keeps one, face down
    assert state.players[0].corporation is None and state.players[0].kept is not None
    kept = set()
    for i in range(8):
        det = state.determinize(1, random.Random(i))
        p = det.players[0]
        assert p.corporation is None and p.kept in p.dealt and not set(mine) & set(p.dealt)
        assert det.observation(1) == state.observation(1)
        det.check_invariants()
        kept.add(p.kept)
    assert len(kept) > 1  # seat 1 cannot know which: the choice is resampled too
