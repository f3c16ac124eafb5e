"""Information sets for Trains: what a seat sees, and the games it cannot tell apart.

At a Trains table the board (rails, stations), the supply, the trash, the route bonus cards,
every play area, gained area and discard pile, the coins and modifiers of the turn and the card
being resolved are public. Every card a player gains or loses is seen, so each player's cards in
hand and deck *together* are known to everyone by counting. What a seat does not see is

- the order of every deck, its own included (it knows its deck's cards, not their order);
- which of another player's cards (hand and deck together) are in their hand: only how many;
- the cards another player is looking at (Information Central's four, Signals' top card: set
  aside in ``state.revealed`` while they choose) and the order they named so far;
- the game's future chance (the reshuffles of discard piles).

Modelling choices (a seat's observation is a snapshot, not a memory):

- A card put back on a deck in a known place (Early Train, Switchback, Signals, Information
  Central, Command Central, Roundhouse) is not remembered there: a determinization shuffles the
  whole deck.
- A choice asked of a player is seen by everyone with its options (who chooses, what kind of
  choice, the options), as the engine asks it; only a choice among cards the chooser is looking
  at privately (above) hides its options from the other seats. So when another player is to
  discard, trash, copy, reveal or return cards *from their hand*, the options show they hold
  those cards: a determinization deals them into that hand first (one of each card offered,
  as many Waste as can be returned, one Reaction card when a player is asked whether to react).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from .state import Player, TrainsState

#: Choices among cards of the chooser's own hand: (kind of the choice) -> what the options show.
#: ``cards``: one of each option (``None``, "no more", aside) is in the hand; ``waste``: the
#: largest option is a number of Waste in the hand; ``reaction``: a Reaction card is in the hand.
HAND_CHOICES = {"discard": "cards", "trash": "cards", "reveal": "cards", "copy": "cards",
                "return": "waste", "react": "reaction"}
#: Choices among the cards a player looks at privately (``state.revealed``).
LOOKED_AT = ("take", "order", "top")


def private_looker(state: TrainsState) -> int | None:
    """The seat looking at the cards set aside in ``state.revealed`` (Information Central,
    Signals), or ``None`` when no card is set aside that way."""
    pending = state.pending
    if state.revealed and pending is not None and pending[1] in LOOKED_AT:
        return pending[0]
    return None


def _token(x: Any) -> Hashable:
    """A hashable stand-in for a piece of pending work, equal for equal work: plain values and
    functions as they are, tuples item by item, a card step as itself when it hashes (frozen
    content models compare by value) or else by its text (a step holding lists of steps)."""
    if x is None or isinstance(x, (str, int, float)) or callable(x):
        return x
    if isinstance(x, tuple):
        return tuple(_token(i) for i in x)
    try:
        hash(x)
    except TypeError:
        return (type(x).__name__, repr(x))
    return x


def observation(state: TrainsState, player: int) -> Hashable:
    """Everything ``player`` sees now.

    Public: the map, rules set and kingdom; the turn (seat in turn, seat to act, start rails
    still to place, round, actions, turns per seat, end); the turn's coins, whether the player in
    turn has acted, the modifiers; the supply, stations, trash, open route bonus cards; the card
    effect being resolved (the work stack) and the choice asked, with its options (see the
    module docstring); per seat: rails, VP tokens, route VP, route bonus cards, play area,
    gained area, discard pile (as a multiset), the size of hand and deck, and the multiset of
    their hand and deck together. Own: ``player``'s hand and the multiset of their deck, the
    cards they are looking at and the order they named. Never a deck's order, another player's
    hand or the cards another player is looking at (only how many).
    """
    looker = private_looker(state)
    hidden = looker is not None and looker != player
    pending = state.pending
    if pending is None:
        asked: Hashable = None
    elif hidden:
        cont = pending[3]
        named = len(cont[3]) if pending[1] == "order" else None
        asked = (pending[0], pending[1], named, _token(cont[:3]))
    else:
        asked = (pending[0], pending[1], pending[2], _token(pending[3]))
    seats = []
    for seat, p in enumerate(state.players):
        if seat == player:
            cards: Hashable = ("own", tuple(sorted(p.hand)), tuple(sorted(p.deck)))
        else:
            unseen = p.hand + p.deck + (state.revealed if seat == looker and hidden else [])
            cards = ("other", len(p.hand), len(p.deck), tuple(sorted(unseen)))
        seats.append((tuple(sorted(p.rails)), p.vp_tokens, p.route_vp, tuple(p.bonuses),
                      tuple(p.routes), tuple(p.play), tuple(p.gained), tuple(sorted(p.discard)),
                      cards))
    return (
        "trains", player, state.map_id, state.setup_id, state.kingdom,
        state.to_act, state.current_player(), state.setup_left, state.rounds,
        state.actions_taken, tuple(state.player_turns), state.end_cause,
        state.coins, state.acted, tuple(sorted(state.mods.items())),
        tuple(sorted(state.supply.items())), tuple(sorted(state.stations.items())),
        state.stations_left, tuple(sorted(state.trash)), tuple(state.routes_open),
        state.frames, tuple(_token(op) for op in state.work), asked,
        len(state.revealed) if hidden else tuple(sorted(state.revealed)),
        tuple(seats),
    )


def determinize(state: TrainsState, player: int, rng: random.Random) -> TrainsState:
    """A copy of ``state`` as ``player`` might believe it to be, what they cannot see resampled.

    Kept (public, or ``player``'s own): everything :func:`observation` shows, so the copy has
    the same observation, the same seat to act and the same legal actions when ``player`` acts.
    Resampled with ``rng`` only, from the observation alone (each multiset sorted first):

    - ``player``'s deck: its cards shuffled;
    - every other player's hand and deck: their cards (hand and deck together) dealt again,
      the hand as large as it was, with the cards a choice asked of them shows they hold dealt
      into it first (module docstring);
    - while another player looks at cards privately: those cards too (the same number, dealt
      from that player's hand, deck and looked-at cards together), the order they named so far
      and the options of their choice (the kinds of cards they look at), as the engine would
      have asked it;
    - the copy's own generator (the reshuffles to come), seeded from ``rng``.

    Discard piles are put in a canonical (sorted) order, the rails' sets rebuilt in sorted
    order and the engine's answer caches cleared, so nothing of the order of the original's
    hidden cards carries over. ``state`` itself and its generator are left untouched (the copy
    is made first and gets a generator of its own).
    """
    det = state.copy()
    det.rng = random.Random(rng.getrandbits(64))
    det.memo = ((), False)
    det.rail_memo = ((), [])
    looker = private_looker(det)
    pending = det.pending
    for seat, p in enumerate(det.players):
        p.discard.sort()
        p.rails = set(sorted(p.rails))
        if seat == player:
            p.hand.sort()
            deck = sorted(p.deck)
            rng.shuffle(deck)
            p.deck = deck
        elif seat == looker:
            _redeal_looked_at(det, p, rng)
        else:
            pins = _pinned(det, seat, p, rng) if pending is not None and pending[0] == seat \
                else []
            _redeal(p, pins, rng)
    return det


def _redeal(p: Player, pins: list[str], rng: random.Random) -> None:
    """Deal a player's hand and deck again from their cards, ``pins`` into the hand first."""
    left = Counter(p.hand + p.deck)
    left.subtract(pins)
    if min(left.values(), default=0) < 0:
        raise ValueError(f"the choice asked shows cards the player does not have: {pins}")
    pool = sorted(left.elements())
    rng.shuffle(pool)
    free = len(p.hand) - len(pins)
    p.hand = sorted(pins + pool[:free])
    p.deck = pool[free:]


def _pinned(state: TrainsState, seat: int, p: Player, rng: random.Random) -> list[str]:
    """The cards the choice asked of ``seat`` shows in their hand (:data:`HAND_CHOICES`)."""
    _, kind, options, _ = state.pending  # type: ignore[misc]
    shows = HAND_CHOICES.get(kind)
    if shows == "cards":
        return sorted(o for o in options if o is not None)
    if shows == "waste":
        return [state.waste] * max(options, default=0)
    if shows == "reaction":
        reactions = sorted({c for c in p.hand + p.deck if c in state.world.reactions})
        return [rng.choice(reactions)] if reactions else []
    return []


def _redeal_looked_at(state: TrainsState, p: Player, rng: random.Random) -> None:
    """Another player looks at cards privately: deal the looked-at cards, their hand and deck
    again from all of them together, and ask their choice again over the new cards."""
    seat, kind, _, cont = state.pending  # type: ignore[misc]
    revealed = state.revealed
    pool = sorted(p.hand + p.deck + revealed)
    rng.shuffle(pool)
    n_seen, n_hand = len(revealed), len(p.hand)
    seen = pool[:n_seen]
    p.hand = sorted(pool[n_seen:n_seen + n_hand])
    p.deck = pool[n_seen + n_hand:]
    revealed[:] = seen
    if kind == "take":  # Information Central: one of them into the hand, or none
        options: tuple[Any, ...] = (*sorted(set(seen)), None)
    elif kind == "order":  # Information Central: the cards named so far stay set aside
        chosen = tuple(seen[:len(cont[3])])
        cont = (*cont[:3], chosen)
        options = tuple(sorted(set(seen[len(chosen):])))
    else:  # Signals: discard the top card or keep it; the options do not name it
        options = state.pending[2]  # type: ignore[index]
    state.pending = (seat, kind, options, cont)
