"""Whether a card's effect can be carried out, before anything of it is applied (all or
nothing): a walk over its steps that follows the card's own coins and modifiers, searches
several rails together, and asks each hook's condition.

The hooks are passed in (``hooks``: name -> an object with ``can``, ``pays`` and ``discards``,
as ``cardhooks.HOOK_IMPLS``): this module is below the hooks, some of which ask it in turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..model import (Choose, Coins, Draw, DrawDiscard, GainWaste, Hook, LayRail, Modify, Optional_,
                    PayWaste, PlaceStation, ReturnWaste, VpToken)
from .state import TrainsState

#: The steps that can fail (or contain steps that can).
FAILABLE = (LayRail, PlaceStation, Hook, DrawDiscard, Choose, Optional_, ReturnWaste, PayWaste)
Hooks = Mapping[str, Any]  # hook name -> its implementation (``cardhooks.HookImpl``)


def feasible(state: TrainsState, seat: int, steps: Sequence[Any], coins_first: int = 0,
             in_hand: int = 0, *, hooks: Hooks) -> bool:
    """Whether every step can be carried out, top to bottom, from the state now (plus
    ``coins_first`` coins the play gives before the effect): rails affordable and connected
    (several rails searched together), a free station slot, a hook's condition, cards to
    discard; the card's own coins and modifiers count for its later steps. ``in_hand``: cards
    still in hand that will have left it (the card about to be played); ``hooks``: the hook
    implementations a ``hook`` step is looked up in (an unknown hook cannot be carried out)."""
    shape = step_shape(steps)
    if shape is None:
        return True
    if shape[0] == "rail":
        return state.can_lay(seat, state.coins + coins_first + shape[1])
    if shape[0] == "station":
        return state.free_slots() > 0
    p = state.players[seat]
    return _walk(state, hooks, seat, list(steps), state.coins + coins_first, (), 0,
                 len(p.hand) - in_hand, len(p.deck) + len(p.discard), None)


_SHAPES: dict[int, tuple[Any, tuple[Any, ...] | None]] = {}
_QUIET = (Coins, Draw, GainWaste, VpToken)  # steps that never fail nor change a rail's price


def step_shape(steps: Sequence[Any]) -> tuple[Any, ...] | None:
    """What a step list needs to be feasible, worked out once per list: ``None`` (nothing can
    fail), ``("rail", coins)`` (one rail, after steps that only add ``coins``), ``("station",)``
    (one station), or ``("walk",)`` (the full walk)."""
    hit = _SHAPES.get(id(steps))
    if hit is not None and hit[0] is steps:
        return hit[1]
    failing = [i for i, st in enumerate(steps) if isinstance(st, FAILABLE)]
    shape: tuple[Any, ...] | None
    if not failing:
        shape = None
    elif len(failing) == 1 and all(isinstance(st, _QUIET) for i, st in enumerate(steps)
                                   if i != failing[0]):
        first = steps[failing[0]]
        if isinstance(first, LayRail):
            shape = ("rail", sum(st.n for st in steps[:failing[0]] if isinstance(st, Coins)))
        elif isinstance(first, PlaceStation):
            shape = ("station",)
        else:
            shape = ("walk",)
    else:
        shape = ("walk",)
    _SHAPES[id(steps)] = (steps, shape)  # the list is kept, so its id is never reused
    return shape


def _walk(state: TrainsState, hooks: Hooks, seat: int, steps: list[Any], coins: int,
          extra: tuple[int, ...], stations: int, hand: int, drawable: int,
          mods: dict[str, int] | None) -> bool:
    for i, step in enumerate(steps):
        kind = type(step)
        if kind is Coins:
            coins += step.n
        elif kind is Draw:
            got = min(step.n, drawable)
            hand, drawable = hand + got, drawable - got
        elif kind is Modify:
            mods = dict(state.mods if mods is None else mods)
            mods[step.name] = mods.get(step.name, 0) + (step.n or 1)
        elif kind is LayRail:
            rest = steps[i + 1:]
            saved = state.mods
            if mods is not None:
                state.mods = mods
            try:
                if not any(isinstance(s, FAILABLE) for s in rest):
                    return state.can_lay(seat, coins, extra)
                options = state.rail_costs(seat, coins, extra)
            finally:
                state.mods = saved
            return any(_walk(state, hooks, seat, rest, coins - c, extra + (h,), stations, hand,
                             drawable, mods) for h, c in options)
        elif kind is ReturnWaste:
            # "return one Waste" cannot be carried out without one; "all"/"any number" can
            if step.n and not step.any and state.waste not in state.players[seat].hand:
                return False
        elif kind is PayWaste:  # Waste gained earlier in the card is not tracked: one per card
            if not state.can_gain_waste(seat, step.n, mods):
                return False
        elif kind is PlaceStation:
            if state.free_slots() <= stations:
                return False
            stations += 1
        elif kind is DrawDiscard:
            got = min(step.draw, drawable)
            hand, drawable = hand + got, drawable - got
            if hand < step.discard:
                return False
            hand -= step.discard
        elif kind is Hook:
            impl = hooks.get(step.name)
            if impl is None or not impl.can(state, seat, coins, hand):
                return False
            coins -= impl.pays
            hand -= impl.discards
        elif kind is Choose:
            rest = steps[i + 1:]
            return any(_walk(state, hooks, seat, list(opt) + rest, coins, extra, stations, hand,
                             drawable, mods) for opt in step.options)
        elif kind is Optional_:
            rest = steps[i + 1:]
            return _walk(state, hooks, seat, list(step.steps) + rest, coins, extra, stations,
                         hand, drawable, mods) or _walk(state, hooks, seat, rest, coins, extra,
                                                        stations, hand, drawable, mods)
    return True


def rail_then(state: TrainsState, seat: int, hex_id: int, rest: list[Any], *,
              hooks: Hooks) -> bool:
    """Whether the rest of a card can be carried out after a rail on ``hex_id`` (``hooks``: as
    for :func:`feasible`)."""
    coins = state.rail_cost(seat, hex_id, connected=True)[0]  # type: ignore[index]
    p = state.players[seat]
    return _walk(state, hooks, seat, rest, state.coins - coins, (hex_id,), 0, len(p.hand),
                 len(p.deck) + len(p.discard), None)
