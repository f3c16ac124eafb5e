"""Information sets for Cartographers: what a seat sees, and the games it cannot tell apart.

Everything at a Cartographers table is public except the cards still face down: every map sheet
is in plain view, the four edicts lie face up under A–D, the season card and this season's
revealed explore cards are stacked with their time values showing, and the ambushes already
resolved are known. What nobody sees is

- the order of the explore deck (the explore cards not yet revealed this season: which they are
  is known, their order is not);
- which of the unrevealed ambush cards were shuffled into the deck (their *number* is known: one
  goes in each season, and the deck's size shows it) and which still wait in the ambush pile,
  and in what order the pile gives them out;
- the game's future chance (the next seasons' shuffles).

So the observation is the same for every seat, and a determinization resamples exactly those
three things, from the public record alone (:func:`determinize` never looks at the deck or the
ambush pile of the state it copies, only at their sizes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from .world import CardFacts

if TYPE_CHECKING:
    from . import CartographersState


def observation(state: CartographersState, player: int) -> Hashable:
    """Everything ``player`` sees: all of it is public, so only the seat itself differs.

    The map side and the four edicts; the season, its time so far and this season's revealed
    cards in order (ruins and ambushes included), the card shown and whether a ruins card
    demands a ruins space; the phase and who still has to act on which sheet; the ambushes
    resolved and the solo ambushes ignored; every sheet (its terrains, coins, season scores and
    fallback counts); the number of decisions and drawings; and the sizes of the explore deck
    and of the ambush pile. Never the order of the deck or which ambushes it holds.
    """
    return (
        "cartographers", player, state.players, state.side,
        tuple(sorted((letter, card.id) for letter, card in state.edicts.items())),
        state.season, state.time, None if state.card is None else state.card.id, state.ruins,
        state.phase, tuple(state.queue), tuple(state.revealed), tuple(state.ambushes),
        state.ignored, state.draws, state.turns, state.is_terminal(),
        tuple((tuple(mask for _, mask in sheet.board.masks()), sheet.shape_coins,
               tuple(sheet.seasons), sheet.no_fit, sheet.ruins_fallback)
              for sheet in state.sheets),
        len(state.deck), len(state.ambush_deck),
    )


def determinize(state: CartographersState, player: int,
                rng: random.Random) -> CartographersState:
    """A copy of ``state`` as ``player`` might believe it to be, its hidden cards resampled.

    Kept (public): every sheet, the edicts, the season and its time, the revealed cards, the
    card shown, the phase and the queue, the counters; so the copy has the same observation,
    the same seat to act and the same legal actions. Resampled with ``rng`` only:

    - which of the unrevealed ambushes (all ambushes but the resolved ones, sorted by id) are
      in the deck, as many as the deck holds beyond the unrevealed explore cards, and the order
      of the rest in the ambush pile;
    - the order of the deck: the explore cards not yet revealed this season (all explore cards
      but the revealed ones, sorted by id) and those ambushes, shuffled;
    - the copy's own generator (the next seasons' shuffles), seeded from ``rng``.

    The hidden part of ``state`` is never read (only the sizes of its deck and pile), so two
    states ``player`` cannot tell apart give the same copy for the same ``rng``; ``state``
    itself and its generator are left untouched.
    """
    world = state.world
    explore = _unseen(world.explore, state.revealed)
    # the first-game variant sets every ambush aside: none is unseen
    ambushes = _unseen(world.ambush, state.ambushes) if state.ambush_total else []
    in_deck = len(state.deck) - len(explore)
    if not 0 <= in_deck <= len(ambushes) or len(ambushes) - in_deck != len(state.ambush_deck):
        raise ValueError(f"seat {player}: the deck ({len(state.deck)} cards) and the ambush pile "
                         f"({len(state.ambush_deck)}) do not match the cards still unseen")
    copy = state.copy()
    rng.shuffle(ambushes)
    deck = explore + ambushes[:in_deck]
    rng.shuffle(deck)
    copy.deck = deck
    copy.ambush_deck = ambushes[in_deck:]
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def _unseen(cards: Iterable[CardFacts], seen: Iterable[str]) -> list[CardFacts]:
    """The multiset of ``cards`` minus one card per id in ``seen``, in a canonical order (by id,
    then the world's order)."""
    left = Counter(seen)
    out = []
    for card in sorted(cards, key=lambda c: c.id):
        if left[card.id]:
            left[card.id] -= 1
        else:
            out.append(card)
    return out
