"""The work stack a card's effect runs on, and the primitives every step and hook uses.

``state.work`` holds what is still to do, top (next) at the end. An entry is either a card step
waiting to run, ``(STEP, seat, frame, step, card)``, which :func:`.effects.run` carries out, or a
continuation ``(function, seat, frame, *arguments)``, called as ``function(state, op)``. A
choice is handed to a player with :func:`ask`: the work stops until the answer comes, then the
continuation runs with the answer appended. This module is below both the effect steps
(``effects.py``) and the card hooks (``cardhooks.py``): it imports neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import Op, TrainsState

#: ``op[0]`` of a card step waiting on the work stack (every other op starts with a function).
STEP = "step"


def push_steps(state: TrainsState, seat: int, frame: int, steps: Sequence[Any], cid: str) -> None:
    """Put steps on the work stack so that the first one runs next."""
    work = state.work
    for step in reversed(steps):
        work.append((STEP, seat, frame, step, cid))


def ask(state: TrainsState, seat: int, kind: str, options: Sequence[Any], cont: Op) -> None:
    """Hand a choice to a player; ``cont`` continues with the answer appended."""
    state.pending = (seat, kind, tuple(options), cont)


def abort(state: TrainsState, frame: int) -> None:
    """A step cannot be carried out: drop the rest of its card."""
    state.work[:] = [op for op in state.work if op[2] != frame]  # in place: run() holds it


def rest_of(state: TrainsState, frame: int) -> list[Any]:
    """The steps of a frame still to run, in order."""
    return [op[3] for op in reversed(state.work) if op[2] == frame and op[0] is STEP]


def discard_one(state: TrainsState, op: Op) -> None:
    """``(discard_one, seat, frame, type_or_None, must)``: the player discards one card of a
    type (any card for ``None``) of their choice; with none to discard, a ``must`` aborts the
    card, otherwise nothing happens (an attacked player shows a hand without one)."""
    seat, frame, kind, must = op[1], op[2], op[3], op[4]
    hand = state.players[seat].hand
    types = state.world.cards
    options = sorted({c for c in hand if kind is None or kind in types[c].types})
    if not options:
        if must:
            abort(state, frame)
        return
    ask(state, seat, "discard", options, (_op_discard_do, seat, frame))


def _op_discard_do(state: TrainsState, op: Op) -> None:
    p = state.players[op[1]]
    p.hand.remove(op[-1])
    p.discard.append(op[-1])
