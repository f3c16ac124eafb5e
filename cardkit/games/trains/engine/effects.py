"""How Trains cards act: playing, buying, route bonus abilities, and the effect steps, with every
choice a card asks for handed to the player as a decision.

A card's effect runs as work on a stack (``state.work``, see ``work.py``): one op per step, top
to bottom, carried out by :func:`run`. A step
that needs a choice sets ``state.pending`` (who chooses, what kind, the options, and the op that
continues with the answer) and the work stops until the answer comes as an action. All or
nothing: an effect is offered only when every step of it can be carried out (:func:`feasible`,
which follows the card's own coins and modifiers, so Government Subsidy's +2 pays its rail);
each choice offers only options after which the rest can still be carried out; a step that finds
it cannot be carried out after all aborts the rest of its card (:func:`abort`). Gaining Waste
from an empty pile is never a failure (the rulebook's one exception).

This module is the top of the card machinery: it builds on the work stack (``work.py``), the
feasibility walk (``feasibility.py``) and the card hooks (``cardhooks.py``), none of which
imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ....sim.protocol import IllegalAction
from .cardhooks import HOOK_IMPLS
from .feasibility import FAILABLE, rail_then, step_shape
from .feasibility import feasible as feasible_with
from ..model import (Choose, Coins, DiscardFor, Draw, DrawDiscard, GainWaste, Hook, LayRail, Modify,
                    Optional_, PayWaste, PlaceStation, ReturnWaste, RevealUntil, TrashSelf,
                    VpToken)
from .state import COINS_ONLY, Op, TrainsState
from .work import STEP, abort, ask, discard_one, push_steps, rest_of


def feasible(state: TrainsState, seat: int, steps: Sequence[Any], coins_first: int = 0,
             in_hand: int = 0) -> bool:
    """:func:`.feasibility.feasible` with the engine's hooks (``cardhooks.HOOK_IMPLS``)."""
    return feasible_with(state, seat, steps, coins_first, in_hand, hooks=HOOK_IMPLS)


# -- starting actions --------------------------------------------------------------------------

def play_actions(state: TrainsState, cid: str) -> list[tuple[Any, ...]]:
    """The play actions of one card in the active player's hand."""
    w = state.world
    if cid in w.unplayable or cid not in state.me.hand:
        return []
    steps = w.cards[cid].effect
    if not steps:
        return [("play", cid)]
    out: list[tuple[Any, ...]] = []
    ok = can_use(state, cid)
    if ok:
        out.append(("play", cid))
    if not ok or cid in w.actions:
        out.append(("play", cid, COINS_ONLY))
    return out


def can_use(state: TrainsState, cid: str) -> bool:
    """Whether the active player can play a card in hand using its effects (remembered for
    the state as it is: asking again before the next action costs nothing)."""
    steps = state.world.cards[cid].effect
    if not steps:
        return True
    shape = step_shape(steps)  # the cheap shapes as :func:`.feasibility.feasible` asks them
    if shape is None:
        return True
    if shape[0] == "rail":
        return state.can_lay(state.to_act, state.coins + _bonus_coins(state, cid) + shape[1])
    if shape[0] == "station":
        return state.free_slots() > 0
    p = state.players[state.to_act]
    key = (state.actions_taken, cid, state.coins, len(p.hand), len(p.discard), len(p.rails),
           state.stations_left, tuple(state.mods.items()))
    if state.memo[0] == key:
        return state.memo[1]
    ok = feasible(state, state.to_act, steps, _bonus_coins(state, cid), 1)
    state.memo = (key, ok)
    return ok


def _bonus_coins(state: TrainsState, cid: str) -> int:
    """Coins playing the card gives before its effect: its value and rail-card bonuses."""
    extra = state.world.value[cid]
    if cid in state.world.rail_cards:
        extra += state.mods.get("coins_per_rail_card", 0)
    return extra


def _ready(state: TrainsState) -> None:
    if state.work or state.pending is not None:
        raise IllegalAction("a card is still resolving")


def play(state: TrainsState, action: tuple[Any, ...]) -> None:
    """``("play", card)`` with its effects, ``("play", card, "coins")`` without."""
    if state.work or state.pending is not None:
        raise IllegalAction("a card is still resolving")
    use = len(action) == 2
    if not use and (len(action) != 3 or action[2] != COINS_ONLY):
        raise IllegalAction(f"unknown action {action!r}")
    cid = action[1]
    w = state.world
    p = state.players[state.to_act]
    if cid not in p.hand or cid in w.unplayable:
        raise IllegalAction(f"cannot play {cid!r}")
    steps = w.cards[cid].effect
    if use and steps and not can_use(state, cid):
        raise IllegalAction(f"the effects of {cid} cannot be carried out now")
    if not use and (not steps or (cid not in w.actions and can_use(state, cid))):
        raise IllegalAction(f"{cid} is played with its effects")
    p.hand.remove(cid)
    p.play.append(cid)
    state.coins += _bonus_coins(state, cid)
    state.acted = True
    if use and steps:
        start(state, state.to_act, steps, cid)


def play_trains(state: TrainsState) -> None:
    """Play every Train card in hand that has no effect."""
    _ready(state)
    p = state.players[state.to_act]
    w = state.world
    plain, value = w.plain, w.value
    kept, trains, coins = [], [], 0
    for c in p.hand:
        if c in plain:
            trains.append(c)
            coins += value[c]
        else:
            kept.append(c)
    if not trains:
        raise IllegalAction("no plain Train card in hand")
    p.hand = kept
    p.play.extend(trains)
    state.coins += coins
    state.acted = True


def buy(state: TrainsState, action: tuple[Any, ...]) -> None:
    """``("buy", card)``; ``("buy", card, "deck")`` puts it on the deck (Early Train)."""
    _ready(state)
    cid = action[1] if len(action) in (2, 3) else None
    on_deck = len(action) == 3
    if on_deck and (action[2] != "deck" or not state.mods.get("buys_on_deck")):
        raise IllegalAction(f"cannot buy {action!r}")
    cost = state.world.cost.get(cid) if isinstance(cid, str) else None
    if cost is None or state.supply.get(cid, 0) <= 0:  # type: ignore[arg-type]
        raise IllegalAction(f"cannot buy {cid!r}")
    if cost > state.coins:
        raise IllegalAction(f"cannot afford {cid!r}")
    state.coins -= cost
    state.supply[cid] -= 1  # type: ignore[index]
    state.acted = True
    p = state.me
    (p.deck if on_deck else p.gained).append(cid)  # type: ignore[arg-type]
    steps = state.world.cards[cid].on_buy  # type: ignore[index]
    if steps:
        start(state, state.to_act, steps, cid)  # type: ignore[arg-type]


def bonus_usable(state: TrainsState, bid: str) -> bool:
    """Whether the active player may use this held route bonus card's ability now."""
    card = _bonus(state, bid)
    return card is not None and feasible(state, state.to_act, card.effect, 0)


def _bonus(state: TrainsState, bid: str) -> Any:
    return next((b for b in state.md.bonuses if b.id == bid), None)


def use_bonus(state: TrainsState, action: tuple[Any, ...]) -> None:
    """``("bonus", id)``: the ability of a held route bonus card, once; then it leaves play."""
    _ready(state)
    bid = action[1] if len(action) == 2 else None
    if bid not in state.me.bonuses or not bonus_usable(state, bid):  # type: ignore[arg-type]
        raise IllegalAction(f"cannot use route bonus {bid!r}")
    state.me.bonuses.remove(bid)  # type: ignore[arg-type]
    state.acted = True
    start(state, state.to_act, _bonus(state, bid).effect, "")  # type: ignore[arg-type]


def answer(state: TrainsState, action: tuple[Any, ...]) -> None:
    """The answer to the pending choice: ``(kind, option)``."""
    seat, kind, options, cont = state.pending  # type: ignore[misc]
    if len(action) != 2 or action[0] != kind or action[1] not in options:
        raise IllegalAction(f"{action!r} does not answer the pending {kind!r} choice "
                            f"(options: {', '.join(map(str, options))})")
    state.pending = None
    state.work.append(cont + (action[1],))
    run(state)


# -- running the work stack --------------------------------------------------------------------

def start(state: TrainsState, seat: int, steps: Sequence[Any], cid: str) -> None:
    """Run a card's steps as a new frame (to the end, or to the first choice)."""
    state.frames += 1
    push_steps(state, seat, state.frames, steps, cid)
    run(state)


def run(state: TrainsState) -> None:
    """Do the pending work until it is all done or a choice is asked: a card step by its kind
    (:data:`STEPS`), any other op by calling it."""
    work = state.work
    while work and state.pending is None:
        op = work.pop()
        if op[0] is STEP:
            STEPS[type(op[3])](state, op[1], op[2], op[3], op[4])
        else:
            op[0](state, op)


# -- the steps ---------------------------------------------------------------------------------

def _draw(state: TrainsState, seat: int, frame: int, step: Draw, cid: str) -> None:
    state.draw(seat, step.n)


def _coins(state: TrainsState, seat: int, frame: int, step: Coins, cid: str) -> None:
    state.coins += step.n


def _gain_waste(state: TrainsState, seat: int, frame: int, step: GainWaste, cid: str) -> None:
    state.gain_waste(seat, step.n)


def _pay_waste(state: TrainsState, seat: int, frame: int, step: PayWaste, cid: str) -> None:
    if not state.can_gain_waste(seat, step.n):
        abort(state, frame)  # "if you do": without the Waste the rest of the card does not happen
        return
    state.gain_waste(seat, step.n)


def _return_waste(state: TrainsState, seat: int, frame: int, step: ReturnWaste, cid: str) -> None:
    held = state.players[seat].hand.count(state.waste)
    most = held if step.n == 0 else min(step.n, held)
    if step.any and most:
        ask(state, seat, "return", range(most + 1), (_op_return, seat, frame, step))
    elif most:
        _op_return(state, (_op_return, seat, frame, step, most))


def _op_return(state: TrainsState, op: Op) -> None:
    n = op[-1]
    state.return_waste(op[1], n)
    state.coins += n * op[3].coins_each


def _lay_rail(state: TrainsState, seat: int, frame: int, step: LayRail, cid: str) -> None:
    options = state.rail_options(seat, state.coins)
    rest = rest_of(state, frame)
    if options and rest:
        for s in rest:
            if isinstance(s, FAILABLE):  # the rest of the card can fail: keep the rails after
                options = [h for h in options if rail_then(state, seat, h, rest,  # which it works
                                                           hooks=HOOK_IMPLS)]
                break
    if not options:
        abort(state, frame)
        return
    ask(state, seat, "rail", options, (_op_rail, seat, frame))


def _op_rail(state: TrainsState, op: Op) -> None:
    seat, hex_id = op[1], op[-1]
    coins, waste = state.rail_cost(seat, hex_id, connected=True)  # type: ignore[misc]
    state.coins -= coins
    state.add_rail(seat, hex_id)
    if waste:
        state.gain_waste(seat, waste)
    _check_routes(state, seat)


def _check_routes(state: TrainsState, seat: int) -> None:
    """The first player whose rails join all of a route's cities takes the card and its VP."""
    if not state.routes_open:
        return
    md = state.md
    for bonus in md.bonuses:
        if bonus.id in state.routes_open and \
                state.route_done(seat, [md.cities[c] for c in bonus.cities]):
            state.routes_open.remove(bonus.id)
            p = state.players[seat]
            p.route_vp += bonus.vp
            p.routes.append(bonus.id)
            p.bonuses.append(bonus.id)


def _place_station(state: TrainsState, seat: int, frame: int, step: PlaceStation,
                   cid: str) -> None:
    options = state.station_options()
    if not options:
        abort(state, frame)
        return
    ask(state, seat, "station", options, (_op_station, seat, frame))


def _op_station(state: TrainsState, op: Op) -> None:
    hex_id = op[-1]
    state.stations[hex_id] = state.stations.get(hex_id, 0) + 1
    state.stations_left -= 1


def _modify(state: TrainsState, seat: int, frame: int, step: Modify, cid: str) -> None:
    state.mods[step.name] = state.mods.get(step.name, 0) + (step.n or 1)


def _discard_any(state: TrainsState, seat: int, frame: int, step: DiscardFor, cid: str) -> None:
    _ask_discard_any(state, seat, frame, step, 0)


def _ask_discard_any(state: TrainsState, seat: int, frame: int, step: DiscardFor,
                     count: int) -> None:
    hand = state.players[seat].hand
    if hand:
        ask(state, seat, "discard", (*sorted(set(hand)), None),
            (_op_discard_any, seat, frame, step, count))
    else:
        _discard_reward(state, seat, step, count)


def _op_discard_any(state: TrainsState, op: Op) -> None:
    """One card discarded (or ``None``: done, and the reward for the cards discarded)."""
    seat, frame, step, count, choice = op[1], op[2], op[3], op[4], op[-1]
    if choice is None:
        _discard_reward(state, seat, step, count)
        return
    p = state.players[seat]
    p.hand.remove(choice)
    p.discard.append(choice)
    _ask_discard_any(state, seat, frame, step, count + 1)


def _discard_reward(state: TrainsState, seat: int, step: DiscardFor, count: int) -> None:
    state.coins += count * step.coins_each
    if step.draw_each and count:
        state.draw(seat, count * step.draw_each)


def _draw_discard(state: TrainsState, seat: int, frame: int, step: DrawDiscard, cid: str) -> None:
    state.draw(seat, step.draw)
    for _ in range(step.discard):
        state.work.append((discard_one, seat, frame, None, True))


def _reveal_until(state: TrainsState, seat: int, frame: int, step: RevealUntil, cid: str) -> None:
    p = state.players[seat]
    found, aside = 0, state.revealed
    cards = state.world.cards
    while found < step.n:
        c = state.reveal(seat)
        if c is None:
            break
        if step.type in cards[c].types:
            if step.to == "supply" and c in state.supply:
                state.supply[c] += 1  # back to its pile (Incinerator's Waste)
            else:
                p.hand.append(c)
            found += 1
        else:
            aside.append(c)
    p.discard.extend(aside)
    aside.clear()


def _vp_token(state: TrainsState, seat: int, frame: int, step: VpToken, cid: str) -> None:
    state.players[seat].vp_tokens += step.n


def _trash_self(state: TrainsState, seat: int, frame: int, step: TrashSelf, cid: str) -> None:
    p = state.players[seat]
    if cid in p.play:
        p.play.remove(cid)
        state.trash_card(cid)


def _hook(state: TrainsState, seat: int, frame: int, step: Hook, cid: str) -> None:
    impl = HOOK_IMPLS[step.name]
    if not impl.can(state, seat, state.coins, len(state.players[seat].hand)):
        abort(state, frame)  # a hook that cannot be carried out stops the rest of its card
        return
    impl.run(state, seat, frame, cid)


def _optional(state: TrainsState, seat: int, frame: int, step: Optional_, cid: str) -> None:
    rest = rest_of(state, frame)
    if feasible_here(state, seat, list(step.steps) + rest):
        ask(state, seat, "use", (True, False), (_op_optional, seat, frame, step, cid))


def _op_optional(state: TrainsState, op: Op) -> None:
    if op[-1]:
        push_steps(state, op[1], op[2], op[3].steps, op[4])


def _choose(state: TrainsState, seat: int, frame: int, step: Choose, cid: str) -> None:
    rest = rest_of(state, frame)
    options = [i for i, opt in enumerate(step.options)
               if feasible_here(state, seat, list(opt) + rest)]
    if not options:
        abort(state, frame)
        return
    ask(state, seat, "option", options, (_op_choose, seat, frame, step, cid))


def _op_choose(state: TrainsState, op: Op) -> None:
    push_steps(state, op[1], op[2], op[3].options[op[-1]], op[4])


def feasible_here(state: TrainsState, seat: int, steps: list[Any]) -> bool:
    """:func:`feasible` with the coins in hand now."""
    return feasible(state, seat, steps, 0)


STEPS: dict[type, Callable[..., None]] = {
    Draw: _draw, Coins: _coins, GainWaste: _gain_waste, PayWaste: _pay_waste, ReturnWaste: _return_waste,
    LayRail: _lay_rail, PlaceStation: _place_station, Modify: _modify, DiscardFor: _discard_any,
    DrawDiscard: _draw_discard, RevealUntil: _reveal_until, VpToken: _vp_token,
    TrashSelf: _trash_self, Hook: _hook, Optional_: _optional, Choose: _choose,
}

__all__ = ["FAILABLE", "feasible", "play_actions", "can_use", "play", "play_trains", "buy",
           "bonus_usable", "use_bonus", "answer", "start", "push_steps", "run", "ask", "abort",
           "rest_of", "discard_one", "feasible_here"]
