"""Hand-made Trains positions for the rule tests: the shipped content, a game after its start
rails, cards dealt by hand, and answers that must be among the offered options."""

from __future__ import annotations

import functools
import random
from typing import Any

from cardkit.core.loading import load_game
from cardkit.core.content import GameContent
from cardkit.games.trains.engine import TrainsState, make_engine

from .conftest import SHIPPED

# Tokyo hexes used by the tests (content/trains/maps/tokyo.yaml)
PLAIN_A, PLAIN_B = 33, 32  # plain hexes next to each other, near Shinjuku
SHINJUKU = 34  # city, 2 slots, next to 33
KICHIJOJI = 23  # city, 1 slot, next to 33 and 32
RIVER = 41  # river next to 32
MOUNTAIN, MOUNTAIN_NEXT = 3, 13  # a mountain and the plain hex next to it
MIZONOKUCHI = 50  # city, player 1's start rail in most tests
FAR_START = 68  # Yokohama, far from everything the tests lay


@functools.lru_cache(maxsize=1)
def content() -> GameContent:
    """The shipped Trains content (loaded once)."""
    loaded, _ = load_game("trains", SHIPPED)
    return loaded


def game(players: int = 2, preset: str | None = "beginner-tokyo", map: str = "tokyo",
         starts: tuple[int, ...] = (PLAIN_A, MIZONOKUCHI, FAR_START, 72), seed: int = 1,
         **engine: Any) -> TrainsState:
    """A game after the start rails (placed with ``("start", hex)`` actions), player 0 to act."""
    state = make_engine(content(), map=map, preset=preset, **engine).new_game(
        players, random.Random(seed))
    for h in starts[:players]:
        state.apply(("start", h))
    assert state.current_player() == 0 and not state.setup_left
    return state


def deal(state: TrainsState, seat: int = 0, hand: list[str] | None = None,
         deck: list[str] | None = None, discard: list[str] | None = None,
         coins: int | None = None) -> TrainsState:
    """Set a player's cards by hand (deck top = end of the list; Waste dealt come out of the
    Waste pile) and count the cards again so that ``check_invariants`` holds from here on."""
    p = state.players[seat]
    waste = state.waste
    held = p.all_cards().count(waste)
    if hand is not None:
        p.hand = list(hand)
    if deck is not None:
        p.deck = list(deck)
    if discard is not None:
        p.discard = list(discard)
    if coins is not None:
        state.coins = coins
    state.supply[waste] -= p.all_cards().count(waste) - held  # dealt Waste come from its pile
    state.total_cards = state.card_count()
    state.check_invariants()
    return state


def pending(state: TrainsState) -> tuple[int, str, tuple[Any, ...]]:
    """(seat, kind, options) of the choice the game waits on (fails when there is none)."""
    assert state.pending is not None, "expected a pending choice, the card resolved without one"
    seat, kind, options, _ = state.pending
    assert state.current_player() == seat
    assert list(state.legal_actions()) == [(kind, o) for o in options]
    return seat, kind, tuple(options)


def answer(state: TrainsState, kind: str, value: Any) -> None:
    """Answer the pending choice; the answer must be one of the offered options."""
    seat, asked, options = pending(state)
    assert asked == kind, f"expected a {kind!r} choice, the game asks {asked!r} {options}"
    assert value in options, f"{value!r} is not offered for {kind!r}: {options}"
    state.apply((kind, value))
    state.check_invariants()


def act(state: TrainsState, action: tuple[Any, ...]) -> None:
    """Apply an action that must be legal now, then check the invariants."""
    legal = list(state.legal_actions())
    assert action in legal, f"{action!r} not offered: {legal}"
    state.apply(action)
    state.check_invariants()


def plays(state: TrainsState, cid: str) -> list[tuple[Any, ...]]:
    """The play actions offered for one card."""
    return [a for a in state.legal_actions() if a[0] == "play" and a[1] == cid]
