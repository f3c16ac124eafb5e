"""Information sets of a Mars Dice state: what one seat can see (:func:`observation`) and a copy
in which everything else is dealt again (:func:`determinize`), for search bots (the contract is
the "Information sets" comment of :mod:`cardkit.sim.protocol`).

Hidden from a seat (rules digest: project deck, hands, face-down bonus cards, corporations dealt
and not revealed, future rolls):

- the order of the project deck, and the cards in the other seats' hands (their sizes are seen);
- the face-down bonus stack (its size is seen; the bonus cards players took are public);
- the corporations dealt to the other seats, except the one each kept once revealed (until all
  have chosen, a seat sees only that another has chosen, not what);
- the future: every die rolled later, every reshuffle of the discard pile (the state's rng).

Everything else is public: dice held (a die shows its face on the table), wild tokens, the dice
pool and wild supply, production, played cards (blue cards used or not), VP and their sources,
tiles, tracks, the board, milestones and awards in play (and their dice), claimed milestones,
the bonus cards taken, the discard pile, the decision pending (phase, effect queue, choice).

A determinization does not read what it resamples: every hidden pile is rebuilt from a pool
computed from the observation alone, put in a canonical (sorted) order before ``rng`` shuffles
it, so states a seat cannot tell apart give the same copy for the same ``rng``. The pool is the
cards the seat cannot account for; it does not track what the seat could infer from the history
(say, that the deck is exactly a pile reshuffled earlier): the usual information-set MCTS
approximation.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from . import MarsDiceState, Player


def _public(p: Player) -> tuple[Any, ...]:
    """What every seat sees of player ``p``."""
    return (tuple(p.dice), tuple(p.production), tuple(p.tiles), p.wilds, p.corporation,
            tuple(p.played), tuple(sorted(p.used)), p.storage,
            tuple((t.on, source) for t, source in p.triggers), p.vp,
            tuple(sorted(p.sources.items())), p.reached, tuple(p.bonus), tuple(p.milestones),
            p.turns)


def observation(state: MarsDiceState, player: int) -> Hashable:
    """What seat ``player`` sees now: the public state (see the module docstring), its own hand
    (in order) and the corporations dealt to it; of every other seat the hand's size and how
    many corporations it was dealt; the sizes of the deck and of the bonus stack."""
    seats = []
    for s, p in enumerate(state.players):
        hidden: tuple[Any, ...] = ((tuple(p.hand), p.dealt, p.kept) if s == player
                                   else (len(p.hand), len(p.dealt), p.kept is not None))
        seats.append((_public(p), hidden))
    return (
        player, state.seat, state.phase, state._turns, state.stamp, tuple(seats),
        tuple(state.pool), state.wild_supply, len(state.deck), tuple(state.discard),
        len(state.bonus_stack), state.milestones, state.awards, tuple(state.award_dice),
        state.award_faces, tuple(state.claimed.items()), tuple(state.tracks),
        tuple(state.tiles_left), tuple(state.board), tuple(state.owner),
        tuple((repr(e), source) for e, source in state.queue), state.choice,
        state.choice_source, state.resume, state.back, state.give_left, state.last_round,
        state.reason, state.turn_limit)


def determinize(state: MarsDiceState, player: int, rng: random.Random) -> MarsDiceState:
    """A copy of ``state`` that seat ``player`` cannot tell from it, everything hidden from
    ``player`` dealt again with ``rng``:

    - the project cards ``player`` cannot account for (not in its hand, the discard pile or
      played) are sorted, shuffled, dealt to the other seats' hands (same sizes, seat order)
      and the rest is the deck (same size);
    - the bonus cards nobody took are sorted, shuffled, and the stack is the first of them
      (same size);
    - the corporations neither dealt to ``player`` nor revealed by anyone are sorted, shuffled
      and dealt to the other seats (same numbers; a seat whose corporation is revealed keeps
      it); a seat that has chosen one face down gets the first of its new ones as its choice;
    - the copy's own generator is ``random.Random(rng.getrandbits(64))``.

    The original is not changed (its generator is copied, never drawn from), and only ``rng``
    is drawn from; ``player``'s hand, its dealt corporations and all public data are kept."""
    w = state.world
    det = state.copy()
    players = det.players
    me = players[player]
    known = set(me.hand).union(det.discard, *(p.played for p in players))
    cards = sorted(c for c in w.projects if c not in known)
    rng.shuffle(cards)
    for s, p in enumerate(players):
        if s != player:
            p.hand = [cards.pop() for _ in range(len(p.hand))]
    det.deck = cards

    taken = {b for p in players for b in p.bonus}
    bonus = sorted(b for b in w.bonus if b not in taken)
    rng.shuffle(bonus)
    det.bonus_stack = bonus[:len(det.bonus_stack)]

    kept = {p.corporation for p in players if p.corporation is not None}
    corps = sorted(c for c in w.corporations if c not in kept and c not in me.dealt)
    rng.shuffle(corps)
    for s, p in enumerate(players):
        if s != player and p.dealt:
            mine = (p.corporation,) if p.corporation is not None else ()
            need = min(len(p.dealt) - len(mine), len(corps))
            p.dealt = (*mine, *(corps.pop() for _ in range(need)))
            if p.kept is not None:
                p.kept = p.dealt[0]

    det.rng = random.Random(rng.getrandbits(64))
    return det


class InformationMixin:
    """Information sets for :class:`.engine.MarsDiceState` (thin methods over the functions
    of this module)."""

    __slots__ = ()

    def observation(self, player: int) -> Hashable:
        """Everything seat ``player`` can see now and nothing else: the public board, tracks,
        dice, played cards, VP, the discard pile, the pending decision, its own hand and dealt
        corporations; of the hidden piles and hands only their sizes (:func:`observation`)."""
        return observation(cast("MarsDiceState", self), player)

    def determinize(self, player: int, rng: random.Random) -> MarsDiceState:
        """An independent copy with the same :meth:`observation` for ``player``, in which the
        deck order, the other seats' hands, the face-down bonus stack, the other seats' unrevealed
        corporations and the future rolls are resampled from ``rng`` (:func:`determinize`)."""
        return determinize(cast("MarsDiceState", self), player, rng)
