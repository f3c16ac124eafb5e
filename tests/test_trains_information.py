"""Trains' information sets (``observation``/``determinize``, ``engine/information.py``) where
the generic checks of ``test_sim_determinize.py`` rarely go: cards looked at privately
(Information Central, Signals), choices asked of a player other than the one in turn (the
Rising Sun attacks), with 3 and 4 players."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardkit.games.trains.engine import make_engine

from .trains_helpers import act, content, deal, game, pending

WASTE = "waste"
LOOKERS = ("information-central", "signals", "command-central", "switchback", "conductors-station",
           "wagon-factory", "maintenance-factory", "stationmaster-office")
ATTACKS = ("politician", "protesters", "regulations", "roundhouse", "unhappy-passengers",
           "legal-counsel", "upgrade")


def _all_obs(state: Any) -> tuple[Any, ...]:
    return tuple(state.observation(q) for q in range(len(state.players)))


def _playout(state: Any, steps: int, seed: int) -> tuple[Any, ...]:
    """What every seat observes over ``steps`` random actions (on a copy), invariants kept."""
    state = state.copy()
    pick = random.Random(seed)
    seen = [_all_obs(state)]
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        state.apply(legal[pick.randrange(len(legal))])
        state.check_invariants()
        seen.append(_all_obs(state))
    return tuple(seen)


def _states(include: tuple[str, ...], players: int, seed: int, want: int) -> list[Any]:
    """States of a random game that buys the ``include`` cards and plays cards with their
    effects often: mostly states waiting on a card's choice (not a rail's or a station's)."""
    engine = make_engine(content(), include=include, routes="on")
    state = engine.new_game(players, random.Random(seed))
    pick = random.Random(seed)
    out: list[Any] = []
    while not state.is_terminal() and len(out) < want:
        legal = list(state.legal_actions())
        effects = [a for a in legal if a[0] == "play" and len(a) == 2]
        buys = [a for a in legal if a[0] == "buy" and a[1] in include]
        if effects and pick.random() < 0.8:
            action = effects[pick.randrange(len(effects))]
        elif buys and pick.random() < 0.8:
            action = buys[pick.randrange(len(buys))]
        else:
            action = legal[pick.randrange(len(legal))]
        state.apply(action)
        asked = state.pending[1] if state.pending is not None else None
        if asked not in (None, "rail", "station") or pick.random() < 0.05:
            out.append(state.copy())
    return out


def _check(state: Any) -> None:
    players = len(state.players)
    before, chance = _all_obs(state), state.rng.getstate()
    for p in range(players):
        twin = state.determinize(p, random.Random(99))
        for i in range(2):
            det = state.determinize(p, random.Random(i))
            assert det.observation(p) == state.observation(p)
            assert det.current_player() == state.current_player()
            if state.current_player() == p:
                assert list(det.legal_actions()) == list(state.legal_actions())
            det.check_invariants()
            assert _playout(det, 12, i) == \
                _playout(twin.determinize(p, random.Random(i)), 12, i)
    assert _all_obs(state) == before and state.rng.getstate() == chance


@pytest.mark.parametrize(("include", "players", "seed"),
                         [(LOOKERS, 3, 1), (LOOKERS, 2, 2), (ATTACKS, 4, 3), (ATTACKS, 3, 4)])
def test_determinizations_of_states_with_choices_pending(include: tuple[str, ...], players: int,
                                                         seed: int) -> None:
    states = _states(include, players, seed, 25)
    assert sum(s.pending is not None for s in states) >= 10
    for state in states:
        _check(state)


def _looking(seat_cards: list[str]) -> Any:
    state = game(players=3)
    deal(state, hand=["information-central"], deck=seat_cards)
    deal(state, seat=1, hand=["normal-train", "lay-rails", WASTE])
    act(state, ("play", "information-central"))
    return state


def test_cards_looked_at_are_hidden_from_the_other_seats() -> None:
    deck = ["normal-train", "express-train", "limited-express-train", "lay-rails",
            "station-expansion"]
    state = _looking(deck)
    other = _looking([deck[-1], *deck[:-1]])  # another card on the bottom: other cards seen
    assert state.revealed != other.revealed
    assert state.observation(1) == other.observation(1)
    assert state.observation(0) != other.observation(0)
    for i in range(3):  # seat 1 cannot tell them apart: the same determinizations
        a, b = state.determinize(1, random.Random(i)), other.determinize(1, random.Random(i))
        assert _playout(a, 10, i) == _playout(b, 10, i)
    seen = set()
    for i in range(12):
        det = state.determinize(1, random.Random(i))
        seat, kind, options = pending(det)  # the choice over the cards dealt to look at
        assert (seat, kind) == (0, "take")
        assert options == (*sorted(set(det.revealed)), None)
        seen.add(tuple(sorted(det.revealed)))
        own = state.determinize(0, random.Random(i))  # the looker keeps what they see
        assert own.revealed == state.revealed and own.pending == state.pending
    assert len(seen) > 1


def test_the_order_named_so_far_is_dealt_again() -> None:
    state = _looking(["normal-train", "express-train", "limited-express-train", "lay-rails",
                      "station-expansion"])
    act(state, ("take", None))
    _, kind, options = pending(state)
    act(state, ("order", options[0]))
    assert state.pending is not None and state.pending[1] == "order"
    for i in range(8):
        det = state.determinize(2, random.Random(i))
        named = det.pending[3][3]
        assert len(named) == 1
        rest = list(det.revealed)
        rest.remove(named[0])
        assert det.pending[2] == tuple(sorted(set(rest)))
        _playout(det, 10, i)


def test_an_attacked_players_options_are_dealt_into_their_hand() -> None:
    state = game(players=3)
    deal(state, seat=1, hand=["normal-train", "limited-express-train", WASTE],
         deck=["lay-rails"] * 3 + ["express-train"] * 3)
    deal(state, hand=["politician"])
    act(state, ("play", "politician"))
    seat, kind, options = pending(state)
    assert (seat, kind) == (1, "discard")
    hands = set()
    for i in range(10):
        det = state.determinize(0, random.Random(i))
        hand = det.players[1].hand
        assert len(hand) == 3 and set(options) <= set(hand)
        det.check_invariants()
        hands.add(tuple(hand))
        # seat 1 is asked: its own determinization keeps its hand and the options
        own = state.determinize(1, random.Random(i))
        assert own.players[1].hand == sorted(state.players[1].hand)
        assert list(own.legal_actions()) == list(state.legal_actions())


def test_the_other_hands_are_dealt_again_the_own_deck_shuffled() -> None:
    state = game(players=2)
    before = (list(state.players[0].hand), list(state.players[1].hand))
    hands, decks = set(), set()
    for i in range(10):
        det = state.determinize(0, random.Random(i))
        assert sorted(det.players[0].hand) == sorted(before[0])
        assert sorted(det.players[0].deck) == sorted(state.players[0].deck)
        assert sorted(det.players[1].hand + det.players[1].deck) == \
            sorted(state.players[1].hand + state.players[1].deck)
        hands.add(tuple(det.players[1].hand))
        decks.add(tuple(det.players[0].deck))
    assert len(hands) > 1 and len(decks) > 1
    assert (state.players[0].hand, state.players[1].hand) == before
