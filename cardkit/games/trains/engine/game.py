"""The moves of a Trains game: the actions on offer, carrying one out, the end of a turn and of
the game — functions over the state (``state.py``), and :class:`TrainsGame`, the state with
these two moves as the simulation protocol's methods.

Actions (what :func:`legal_actions` offers):

- ``("start", hex)``: a start rail, in turn order, before the first turn;
- ``("play", card)``: play a card and use its effects (offered only when every step of them can
  be carried out); ``("play", card, "coins")``: play it for its coins only (an Action's effects
  are optional; any card whose effects cannot be carried out may still be played for coins);
  ``("play_trains",)``: every Train card in hand that has no effect, at once;
- ``("buy", card)``, and ``("buy", card, "deck")`` while a "may put bought cards on the deck"
  effect runs; ``("bonus", id)``: use a held route bonus card's ability; ``("end",)``;
- while a card waits on a choice, only that choice: ``(kind, value)`` for each option, asked of the
  player who makes it (an attacked player answers in the attacker's turn).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ....sim.protocol import Action, IllegalAction
from . import effects, information
from .state import END, PLAY_TRAINS, TrainsState


def legal_actions(state: TrainsState) -> Sequence[Action]:
    """Every action the player to act may take now, in a stable order."""
    if state.end_cause:
        return []
    if state.pending is not None:
        kind = state.pending[1]
        return [(kind, o) for o in state.pending[2]]
    if state.setup_left:
        taken = {h for p in state.players for h in p.rails}
        return [("start", h) for h in state.md.start_hexes
                if h not in taken]
    w = state.world
    hand = state.me.hand
    actions: list[Action] = []
    if any(c in w.plain for c in hand):
        actions.append(PLAY_TRAINS)
    for cid in sorted(set(hand)):
        actions.extend(effects.play_actions(state, cid))
    on_deck = bool(state.mods.get("buys_on_deck"))
    for cid in sorted(state.supply):
        cost = w.cost[cid]
        if state.supply[cid] > 0 and cost is not None and cost <= state.coins:
            actions.append(("buy", cid))
            if on_deck:
                actions.append(("buy", cid, "deck"))
    for bid in sorted(set(state.me.bonuses)):
        if effects.bonus_usable(state, bid):
            actions.append(("bonus", bid))
    actions.append(END)
    return actions


def apply(state: TrainsState, action: Action) -> None:
    """Carry out one action (``IllegalAction`` for one that is not legal now)."""
    if state.end_cause:
        raise IllegalAction("the game is over")
    if not isinstance(action, tuple) or not action:
        raise IllegalAction(f"unknown action {action!r}")
    if state.pending is not None:
        effects.answer(state, action)
    elif state.setup_left:
        if action[0] != "start" or len(action) != 2:
            raise IllegalAction(f"place a start rail first, not {action!r}")
        start_rail(state, action[1])
    else:
        move = _MOVES.get(action[0])
        if move is None:
            raise IllegalAction(f"unknown action {action!r}")
        move(state, action)
    state.actions_taken += 1


def _play_trains(state: TrainsState, action: tuple[Any, ...]) -> None:
    if len(action) != 1:
        raise IllegalAction(f"unknown action {action!r}")
    effects.play_trains(state)


def _end(state: TrainsState, action: tuple[Any, ...]) -> None:
    if len(action) != 1:
        raise IllegalAction(f"unknown action {action!r}")
    end_turn(state)


#: The moves of a turn by the action's first item (a start rail and a choice's answer aside).
_MOVES: dict[Any, Any] = {"play": effects.play, "play_trains": _play_trains, "buy": effects.buy,
                          "bonus": effects.use_bonus, "end": _end}


def start_rail(state: TrainsState, hex_id: Any) -> None:
    """The player in turn places their start rail; the next player is to act."""
    md = state.md
    if hex_id not in md.start_hexes or any(hex_id in p.rails for p in state.players):
        raise IllegalAction(f"cannot start on {hex_id!r}")
    state.add_rail(state.to_act, hex_id)
    state.setup_left -= 1
    state.to_act = (state.to_act + 1) % len(state.players)


def end_turn(state: TrainsState) -> None:
    """Clean-up (a turn passed whole returns the Waste in hand), a new hand, then the game's end
    or the next player."""
    seat = state.to_act
    p = state.players[seat]
    hand = p.hand
    if not state.acted and state.waste in hand:  # passing the whole turn returns the Waste
        state.return_waste(seat, hand.count(state.waste))
    discard = p.discard
    discard += hand
    discard += p.play
    discard += p.gained
    p.hand, p.play, p.gained = [], [], []
    state.draw(seat, state.hand_size)
    state.coins, state.acted, state.mods = 0, False, {}
    state.player_turns[seat] += 1
    reason = end_reason(state)
    if reason:
        state.end_cause = reason
        return
    seat += 1
    if seat == len(state.players):
        seat = 0
        state.rounds += 1
    state.to_act = seat


def end_reason(state: TrainsState) -> str:
    """Which end condition holds now: ``piles`` (enough supply piles empty, Waste not counted),
    ``rails`` (a player laid all rails), ``stations`` (every token placed), or ``""``."""
    supply = state.supply
    empty = list(supply.values()).count(0) - (supply.get(state.waste) == 0)
    if empty >= state.piles_to_end:
        return "piles"
    most = state.rails_max
    for p in state.players:
        if len(p.rails) >= most:
            return "rails"
    if state.stations_left <= 0:
        return "stations"
    return ""


@dataclass(slots=True)
class TrainsGame(TrainsState):
    """A game of Trains as the simulation plays it: the state with the protocol's moves
    (:func:`legal_actions`, :func:`apply`); ``copy()`` keeps the class."""

    def legal_actions(self) -> Sequence[Action]:
        """Every action the player to act may take now, in a stable order."""
        return legal_actions(self)

    def apply(self, action: Action) -> None:
        """Carry out one action (``IllegalAction`` for one that is not legal now)."""
        apply(self, action)

    def observation(self, player: int) -> Hashable:
        """Everything ``player`` sees now: the board, supply, trash, turn and every public pile,
        their own hand and the cards of their deck (not its order), the size of each other
        hand and deck and the cards of the two together, the choice asked
        (:func:`.information.observation`)."""
        return information.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> TrainsGame:
        """A copy in which what ``player`` cannot see is resampled with ``rng``: deck orders,
        the other hands (dealt again from each player's hand and deck), cards another player
        looks at privately, and the copy's own generator (:func:`.information.determinize`);
        this state is untouched."""
        return information.determinize(self, player, rng)  # type: ignore[return-value]
