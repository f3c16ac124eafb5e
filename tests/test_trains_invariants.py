"""Trains' invariants, checked by the runner at the end of every turn (tests and fuzzing keep the
checks on; the benchmark measures what they cost and compares without them): what they catch on
a real game, and what a run with the checks off lets through."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cardkit.core.content import is_translation_file
from cardkit.core.discovery import discover
from cardkit.core.loading import MAX_FILE_BYTES
from cardkit.games.trains.engine import TrainsState, make_engine
from cardkit.games.trains.engine import PLAY_TRAINS
from cardkit.games.trains.engine.game import TrainsGame
from cardkit.games.trains.bots import make_bot
from cardkit.sim.protocol import BotSpec, InvariantError
from cardkit.sim.runner import Setup, SimulationError, play

from .conftest import SHIPPED
from .trains_helpers import content


def mid_game(actions: int = 120) -> TrainsState:
    """A baseline mirror after ``actions`` actions (rails laid, stations placed, cards bought)."""
    engine = make_engine(content())
    state = engine.new_game(2, random.Random(4))
    bots = [make_bot(BotSpec.parse("baseline"), engine) for _ in range(2)]
    r = random.Random(5)
    for _ in range(actions):
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat, r))
    assert state.stations and all(p.rails for p in state.players) and not state.is_terminal()
    return state


def _lose_a_card(s: TrainsState) -> None:
    p = s.players[0]
    next(pile for pile in (p.deck, p.discard, p.hand) if pile).pop()


def _pile_over(s: TrainsState) -> None:  # the cards counted again: only the pile is wrong
    pile = next(c for c in s.initial_supply if c != s.waste)
    s.total_cards += s.initial_supply[pile] + 1 - s.supply[pile]
    s.supply[pile] = s.initial_supply[pile] + 1


def _station_over(s: TrainsState) -> None:
    city = next(iter(s.stations))
    s.stations[city] = s.md.city_slots[city] + 1
    s.stations_left = s.station_total - sum(s.stations.values())


def _token_lost(s: TrainsState) -> None:
    s.stations_left -= 1


def _coins_below(s: TrainsState) -> None:
    s.coins = -1


def _rails_over(s: TrainsState) -> None:
    s.players[1].rails |= set(range(1000, 1000 + s.rails_max))


PLANTED: dict[str, Callable[[TrainsState], None]] = {
    "a card lost": _lose_a_card, "a pile above its start": _pile_over,
    "more stations than slots": _station_over, "a station token lost": _token_lost,
    "coins below 0": _coins_below, "more rails than a player has": _rails_over,
}


def test_a_real_game_keeps_the_invariants() -> None:
    mid_game().check_invariants()  # the passing fixture


@pytest.mark.parametrize("fault", sorted(PLANTED))
def test_every_planted_fault_is_caught(fault: str) -> None:
    state = mid_game()
    PLANTED[fault](state)
    with pytest.raises(InvariantError):
        state.check_invariants()


def _setup(checks: bool) -> Setup:
    files = tuple((s.relpath, s.raw) for s in discover(SHIPPED, "trains", MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    return Setup("trains", files, ("baseline", "baseline"), 3, check_invariants=checks)


def test_the_checks_change_no_result() -> None:
    on = [play(_setup(True), i).to_dict() for i in range(5)]
    assert on == [play(_setup(False), i).to_dict() for i in range(5)]


def test_a_run_with_the_checks_names_a_broken_engine_and_one_without_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = TrainsGame.apply

    def leaky(state: Any, action: Any) -> None:  # an engine bug: playing Trains loses a card
        real(state, action)
        hand = state.players[state.to_act].hand
        if action == PLAY_TRAINS and hand:
            hand.pop()

    # planted on the method the runner calls: inside the engine, the compiled modules call
    # each other directly (a patched module function would be bypassed)
    monkeypatch.setattr(TrainsGame, "apply", leaky)
    with pytest.raises(SimulationError, match=r"game 0 \(seed \d+\), turn \d+: \d+ cards"):
        play(_setup(True), 0)
    play(_setup(False), 0)  # unchecked, the same bug goes by unnoticed
