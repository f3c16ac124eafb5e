"""Information sets for Terra Futura: what a seat sees, and the games it cannot tell apart.

At a Terra Futura table almost everything is public: every territory lies face up (its cards,
the resources on them, the pollution cubes in their slots and centres), the two rows of face-up
cards, the discard piles (discarded face up from the rows), whose turn it
is and where the turn stands. What a seat does not see (rules digest,
``shared/spec/terra_futura.md``):

- the order of the level I and level II decks (which cards they hold is known: every level card
  not in a row, a discard pile or a territory);
- the other players' two secret scoring cards, until the final phase shows them: a seat's
  pattern card once it has chosen its activation pattern, its method card once it has chosen
  its scoring method (a card not chosen stays secret);
- the card another player has just taken and not yet placed: only its back (its level) is
  seen. The engine does not record whether it came from a row or from a deck's face-down top,
  so it is treated as face down in both cases (the taker places it at once, so nobody else
  acts while it is in hand);
- the game's future chance (the reshuffles of a discard pile into an empty deck).

A determinization resamples exactly those, from the public record alone: the unseen pools are
the complements of what the seat sees, sorted, then shuffled with the ``rng`` given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from . import Player, TerraFuturaState

T = TypeVar("T", str, int)


def observation(state: TerraFuturaState, player: int) -> Hashable:
    """Everything ``player`` sees, and nothing else.

    Public: the phase, the turn, the seat to act and the turn order, the actions taken so far,
    the cards pending activation and the cubes still to place; per level the deck's *size*, the
    face-up row in order and the discard pile; what the activation being paid still costs;
    every seat's territory (each card's position, id, resources, cubes in slot and centre, what
    lay on it when it turned inactive), its cards taken so far, its pattern and method choices
    and its counters (pollution placed, cubes unplaced, activations); the scores.

    Private: ``player``'s own scoring cards and the card in its hand. Another seat's scoring
    cards show as ``None`` except those its choices revealed; the card in another seat's hand
    shows only as its level. Never a deck's order.
    """
    world = state.world
    hidden_hand = _hidden_hand(state, player)
    hand: Hashable = state.hand
    if hidden_hand:
        hand = ("face-down", world.cards[state.hand].level)  # type: ignore[index]
    seats = tuple(_seat_view(state, seat, p, player, hidden_hand)
                  for seat, p in enumerate(state.players))
    return (
        "terra-futura", player, state.phase, state.turn, state.current_player(),
        tuple(state.order), state.stamp, state.turns, tuple(state.pending), state.cubes, hand,
        tuple((lv, len(level.deck), tuple(level.row), tuple(level.discard))
              for lv, level in sorted(state.levels.items())),
        None if state.due is None else tuple(state.due), state.paying, seats,
        tuple(state.scores()),
    )


def determinize(state: TerraFuturaState, player: int, rng: random.Random) -> TerraFuturaState:
    """A copy of ``state`` as ``player`` might believe it to be, its hidden parts resampled.

    Kept (public, or ``player``'s own): every territory, the rows, the discard piles, the
    payment under way, the turn and its phase, every counter, ``player``'s scoring cards and hand, the
    scoring cards the other seats revealed; so the copy has the same observation, the same seat
    to act and the same legal actions. Resampled with ``rng`` only, in this order:

    - each level's deck (level I, then II): the level's cards ``player`` cannot account for
      (all but those in its row, its discard pile, a territory or a hand ``player`` sees),
      sorted by id and shuffled; when another seat holds a card of that level, it gets one of
      them and the deck the rest (the deck keeps its size);
    - the other seats' unrevealed scoring cards: dealt, seat by seat, from the scoring cards
      ``player`` has not seen (sorted and shuffled; the ones left stay in the box);
    - the copy's own generator (future reshuffles of a discard pile), seeded from ``rng``.

    The hidden part of ``state`` is never read (only the sizes of the decks and the levels of
    face-down cards), so two states ``player`` cannot tell apart give the same copy for the
    same ``rng``. ``state`` and its generator are untouched: the copy is made first and its
    generator replaced.
    """
    world = state.world
    hidden_hand = _hidden_hand(state, player)
    hand_level = world.cards[state.hand].level if hidden_hand else None  # type: ignore[index]
    det = state.copy()
    placed = [c.facts.id for p in state.players for c in p.tableau.cards.values()]
    for lv, level in sorted(det.levels.items()):
        seen = [*level.row, *level.discard, *placed]
        if state.hand is not None and not hidden_hand:
            seen.append(state.hand)
        pool = _unseen((c.id for c in world.levels[lv]), seen)
        holds = lv == hand_level
        if len(pool) != len(level.deck) + holds:
            raise ValueError(f"seat {player}: deck {lv} ({len(level.deck)} cards) does not match "
                             f"the {len(pool)} level {lv} cards unseen")
        rng.shuffle(pool)
        if holds:
            det.hand = pool.pop()
            det.me.taken[-1] = det.hand
        level.deck = pool
    scoring = _unseen(range(len(world.scoring)),
                      [k for seat, p in enumerate(state.players)
                       for k in _scoring_view(p, seat == player) if k is not None])
    rng.shuffle(scoring)
    for seat, p in enumerate(det.players):
        if seat != player:
            p.scoring = tuple(scoring.pop() if k is None else k for k in _scoring_view(p, False))
    det.rng = random.Random(rng.getrandbits(64))
    det._legal = None
    return det


def _hidden_hand(state: TerraFuturaState, player: int) -> bool:
    """Whether a card is in hand and ``player`` is not the seat holding it."""
    return state.hand is not None and state.current_player() != player


def _scoring_view(p: Player, own: bool) -> tuple[int | None, ...]:
    """A seat's scoring cards as another seat sees them (``None`` for a secret one) or, with
    ``own``, all of them."""
    if own:
        return tuple(p.scoring)
    shown = {p.pattern, p.method}
    return tuple(k if i in shown else None for i, k in enumerate(p.scoring))


def _seat_view(state: TerraFuturaState, seat: int, p: Player, player: int,
               hidden_hand: bool) -> Hashable:
    """One seat's sheet as ``player`` sees it."""
    taken = p.taken
    if hidden_hand and seat == state.current_player():
        taken = taken[:-1]  # the last card taken is the one in hand, face down to ``player``
    cards = tuple((pos, c.facts.id, tuple(c.held), c.slot, c.centre, c.locked)
                  for pos, c in sorted(p.tableau.cards.items()))
    return (cards, tuple(taken), _scoring_view(p, seat == player), p.pattern, p.method,
            p.pollution, p.unplaced, p.activations)


def _unseen(cards: Iterable[T], seen: Iterable[T]) -> list[T]:
    """The multiset of ``cards`` minus one card per item of ``seen``, sorted."""
    left = Counter(seen)
    out = []
    for card in sorted(cards):
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out
