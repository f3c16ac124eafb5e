"""The greedy default answers to the choices Trains cards ask for.

The engine never decides for a player: every choice is a pending decision (see ``effects.py``).
Bots that have no opinion of their own on a kind of choice answer it with
:func:`default_answer`; each rule here is a plain, documented greedy policy.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..model import Coins, Draw, ReturnWaste
from ..engine.state import TrainsState


def keep_value(state: TrainsState, cid: str) -> tuple[int, int]:
    """How much a card is worth holding in hand: Waste and Victory cards least, Actions a bit
    more than their coins, then by cost."""
    w = state.world
    if cid in w.unplayable:
        return (-1, 0)
    return (w.value[cid] + (2 if cid in w.actions else 0), w.cost[cid] or 0)


def option_value(state: TrainsState, seat: int, steps: list[Any]) -> float:
    """A rough worth of a list of steps (for ``choose`` options)."""
    total = 0.0
    waste = state.players[seat].hand.count(state.waste)
    for step in steps:
        if isinstance(step, Draw):
            total += 1.2 * step.n
        elif isinstance(step, Coins):
            total += step.n
        elif isinstance(step, ReturnWaste):
            total += 1.5 * (waste if step.n == 0 else min(step.n, waste)) + step.coins_each * waste
        else:
            total += 0.5
    return total


def station_value(state: TrainsState, seat: int, hex_id: int) -> tuple[bool, int, int]:
    """Stations where the player has a rail first, then cities with more slots."""
    slots = state.md.city_slots.get(hex_id, 0)
    return (hex_id in state.players[seat].rails, slots, -hex_id)


def default_answer(state: TrainsState, seat: int) -> tuple[str, Any]:
    """The greedy answer to the pending choice."""
    _, kind, options, cont = state.pending  # type: ignore[misc]
    p = state.players[seat]
    w = state.world
    if kind == "discard":
        if None in options:  # "any number": junk only, then done
            junk = [c for c in options if c is not None and c in w.unplayable]
            return (kind, junk[0] if junk else None)
        return (kind, min(options, key=lambda c: (keep_value(state, c), c)))
    if kind in ("train", "take", "reveal", "gain", "copy"):
        real = [o for o in options if o is not None]
        if kind == "take" and real and all(o in w.unplayable for o in real):
            return (kind, None) if None in options else (kind, real[0])
        if not real:
            return (kind, None)
        return (kind, max(real, key=lambda c: (keep_value(state, c), c)))
    if kind == "order":  # the best card back on top first
        return (kind, max(options, key=lambda c: (keep_value(state, c), c)))
    if kind == "trash":
        return (kind, min(options, key=lambda c: (w.cost[c] or 0, c)))
    if kind == "name":
        counts = Counter(p.deck)
        return (kind, max(options, key=lambda c: (counts[c], c)))
    if kind == "top":
        return (kind, "discard" if state.revealed and state.revealed[-1] in w.unplayable
                else "keep")
    if kind == "return":
        return (kind, max(options))
    if kind in ("use", "react"):
        return (kind, True)
    if kind == "option":
        step = cont[3]
        return (kind, max(options, key=lambda i: (option_value(state, seat, step.options[i]), -i)))
    if kind == "station":
        return (kind, max(options, key=lambda h: station_value(state, seat, h)))
    if kind == "rail":
        return (kind, min(options, key=lambda h: (state.rail_cost(seat, h, connected=True)
                                                  or (99, 0), h)))
    return (kind, options[0])
