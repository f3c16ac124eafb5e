"""Information sets: every built-in game's ``observation(player)`` and ``determinize(player, rng)``
(the contract is in :mod:`cardkit.sim.protocol`), checked the same way for each game.

States are sampled from random games (2 players and the game's most; solo too where the game has
it), every few actions. For each state and each seat ``p``:

* a determinization agrees on everything ``p`` sees: the same ``observation(p)``, the same player
  to act, the same legal actions when ``p`` is to act, and it keeps the game's invariants;
* the state it was made from is untouched (every seat's observation and its future are the same);
* it varies what ``p`` cannot see: over the sample, determinizations of one state play out
  differently (the hidden cards, or the chance, differ);
* it does not read the hidden part of the state: two states ``p`` cannot tell apart (the state and
  one of its own determinizations) give the same determinization for the same ``rng``.

The *future* of a state is what every seat observes over the next actions chosen by a fixed
random sequence: two states with the same future are the same game for every practical purpose.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from cardkit.core.loading import load_game
from cardkit.core.registry import builtin_ids, get_game

from .conftest import SHIPPED

GAMES = [g for g in builtin_ids() if getattr(get_game(g), "sim", None) is not None]
SAMPLE_EVERY = 7  # actions between two sampled states
SAMPLES = 8  # states per game and player count
FUTURE = 25  # actions in a state's future
DETERMINIZATIONS = 5


def _engine(game: str) -> Any:
    content, _ = load_game(game, SHIPPED)
    return get_game(game).sim.make_engine(content)


def _counts(engine: Any) -> list[int]:
    low, high = engine.min_players, engine.max_players
    return sorted({max(low, 2) if high >= 2 else low, high, *([1] if low == 1 else [])})


def sampled_states(game: str) -> list[tuple[int, Any]]:
    """``(players, state)`` pairs from random games, every :data:`SAMPLE_EVERY` actions."""
    engine = _engine(game)
    out = []
    for players in _counts(engine):
        state = engine.new_game(players, random.Random(f"{game}-{players}"))
        pick = random.Random(players)
        taken = 0
        while not state.is_terminal() and taken < SAMPLES:
            for _ in range(SAMPLE_EVERY):
                if state.is_terminal():
                    break
                legal = list(state.legal_actions())
                state.apply(legal[pick.randrange(len(legal))])
            if not state.is_terminal():
                out.append((players, state.copy()))
                taken += 1
    return out


def observations(state: Any, players: int) -> tuple[Hashable, ...]:
    return tuple(state.observation(q) for q in range(players))


def future(state: Any, players: int) -> tuple[Any, ...]:
    """What every seat observes over the next :data:`FUTURE` actions of a fixed random choice
    (on a copy: ``state`` is not changed), and the scores at the end of it."""
    state = state.copy()
    pick = random.Random(0)
    seen: list[Any] = [observations(state, players)]
    for _ in range(FUTURE):
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        state.apply(legal[pick.randrange(len(legal))])
        seen.append((state.current_player() if not state.is_terminal() else -1,
                     observations(state, players)))
    return (*seen, tuple(state.scores()))


@pytest.fixture(scope="module", params=GAMES)
def game_states(request: pytest.FixtureRequest) -> tuple[str, list[tuple[int, Any]]]:
    states = sampled_states(request.param)
    assert len(states) >= SAMPLES, f"{request.param}: too few states sampled"
    return request.param, states


def test_a_determinization_agrees_on_what_the_player_sees(
        game_states: tuple[str, list[tuple[int, Any]]]) -> None:
    game, states = game_states
    for players, state in states:
        before = observations(state, players)
        for p in range(players):
            for i in range(DETERMINIZATIONS):
                det = state.determinize(p, random.Random(i))
                assert det is not state
                assert det.observation(p) == state.observation(p), (game, players, p)
                assert det.current_player() == state.current_player()
                assert det.is_terminal() == state.is_terminal()
                if state.current_player() == p:
                    assert list(det.legal_actions()) == list(state.legal_actions())
                det.check_invariants()
        assert observations(state, players) == before, f"{game}: determinize changed the state"


def test_the_state_determinized_is_untouched(
        game_states: tuple[str, list[tuple[int, Any]]]) -> None:
    game, states = game_states
    for players, state in states[:3]:
        expected = future(state, players)
        for p in range(players):
            state.determinize(p, random.Random(5))
        assert future(state, players) == expected, f"{game}: the original's future changed"


def test_determinizations_vary_what_the_player_cannot_see(
        game_states: tuple[str, list[tuple[int, Any]]]) -> None:
    game, states = game_states
    varied = 0
    for players, state in states:
        for p in range(players):
            futures = {future(state.determinize(p, random.Random(i)), players)
                       for i in range(DETERMINIZATIONS)}
            varied += len(futures) > 1
    assert varied, f"{game}: no determinization ever differed from the others"


def test_a_determinization_does_not_read_the_hidden_state(
        game_states: tuple[str, list[tuple[int, Any]]]) -> None:
    """The state and one of its determinizations look the same to ``p``: determinizing either
    with the same ``rng`` must give the same game, or the bot would learn the hidden part."""
    game, states = game_states
    for players, state in states:
        for p in range(players):
            twin = state.determinize(p, random.Random(1234))
            for i in range(2):
                assert future(state.determinize(p, random.Random(i)), players) == \
                    future(twin.determinize(p, random.Random(i)), players), \
                    f"{game}: seat {p}'s determinization depends on what it cannot see"
