"""Cartographers' information sets (``observation`` and ``determinize``), beyond the checks every
game shares in ``test_sim_determinize.py``: whole games (every season, ambushes being placed,
solo, the end), what exactly is resampled, and that nothing hidden is read."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardkit.core.loading import load_game
from cardkit.games.cartographers.engine import CartographersState, make_engine

from .conftest import SHIPPED


@pytest.fixture(scope="module")
def engine():  # type: ignore[no-untyped-def]
    content, _ = load_game("cartographers", SHIPPED)
    return make_engine(content)


def whole_game(engine, players: int, seed: int) -> list[CartographersState]:  # type: ignore[no-untyped-def]
    """Copies of every third state of a random game, and its end."""
    state = engine.new_game(players, random.Random(seed))
    pick = random.Random(seed + 100)
    out = []
    while not state.is_terminal():
        if state.turns % 3 == 0:
            out.append(state.copy())
        legal = state.legal_actions()
        state.apply(legal[pick.randrange(len(legal))])
    return [*out, state]


def hidden(state: CartographersState) -> tuple[object, ...]:
    return ([c.id for c in state.deck], [c.id for c in state.ambush_deck], state.rng.getstate())


@pytest.mark.parametrize("players", [1, 2, 4])
def test_determinize_over_whole_games(engine, players: int) -> None:  # type: ignore[no-untyped-def]
    states = whole_game(engine, players, seed=players)
    assert any(s.phase == "monster" for s in states) or players == 1
    assert max(s.season for s in states) == 4
    unrevealed_seen = 0
    for state in states:
        before = (state.observation(0), hidden(state))
        explore = Counter(c.id for c in state.world.explore) - Counter(state.revealed)
        unseen = Counter(c.id for c in state.world.ambush) - Counter(state.ambushes)
        for p in range(players):
            det = state.determinize(p, random.Random(p))
            assert det.observation(p) == state.observation(p)
            det.check_invariants()
            # the deck: the unrevealed explore cards and as many unseen ambushes as before
            deck = Counter(c.id for c in det.deck)
            assert deck - unseen == explore
            assert Counter(c.kind for c in det.deck)["ambush"] == \
                sum(1 for c in state.deck if c.kind == "ambush")
            assert deck - explore + Counter(c.id for c in det.ambush_deck) == unseen
            unrevealed_seen += len(det.ambush_deck) > 0
        assert (state.observation(0), hidden(state)) == before
    assert unrevealed_seen


def test_every_unseen_ambush_may_be_the_one_in_the_deck(engine) -> None:  # type: ignore[no-untyped-def]
    state = engine.new_game(2, random.Random(3))
    in_deck = Counter()
    for i in range(200):
        det = state.determinize(0, random.Random(i))
        in_deck.update(c.id for c in det.deck if c.kind == "ambush")
    assert set(in_deck) == {c.id for c in state.world.ambush}
    assert sum(in_deck.values()) == 200


def test_two_states_alike_to_the_seat_give_the_same_copy(engine) -> None:  # type: ignore[no-untyped-def]
    state = engine.new_game(3, random.Random(7))
    twin = state.copy()
    # another deck order, another ambush in the deck, another pile and chance: the seat sees
    # none of it
    ambushes = sorted([*twin.ambush_deck, *(c for c in twin.deck if c.kind == "ambush")],
                      key=lambda c: c.id, reverse=True)
    k = len(twin.deck) - sum(1 for c in twin.deck if c.kind != "ambush")
    twin.deck = sorted([c for c in twin.deck if c.kind != "ambush"] + ambushes[:k],
                       key=lambda c: c.id)
    twin.ambush_deck = ambushes[k:]
    twin.rng = random.Random(99)
    assert twin.observation(1) == state.observation(1)
    assert hidden(twin) != hidden(state)
    a, b = state.determinize(1, random.Random(5)), twin.determinize(1, random.Random(5))
    assert hidden(a) == hidden(b)


def test_a_determinization_plays_on_to_the_end(engine) -> None:  # type: ignore[no-untyped-def]
    state = whole_game(engine, 2, seed=11)[5]
    det = state.determinize(0, random.Random(1))
    pick = random.Random(0)
    while not det.is_terminal():
        legal = det.legal_actions()
        det.apply(legal[pick.randrange(len(legal))])
        det.check_invariants()
    assert det.end_reason == "winter"


def test_everything_on_the_table_is_public(engine) -> None:  # type: ignore[no-untyped-def]
    state = whole_game(engine, 3, seed=2)[10]
    obs = state.observation(2)
    hash(obs)
    assert obs[1] == 2  # the seat; the rest is the same for every seat
    assert obs[2:] == state.observation(0)[2:]
    assert obs[-2:] == (len(state.deck), len(state.ambush_deck))  # sizes only, never the cards
    assert tuple(state.revealed) in obs
