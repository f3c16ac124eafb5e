"""The turn flow of a Mars Dice game, as functions over :class:`.engine.MarsDiceState`: what a
legal decision does (see :mod:`.engine` for the vocabulary and the rulings), the setup order
(corporations chosen face down seat by seat, revealed in turn order, then the first player's
penalty), and the end of a turn and of the
game. The state holds the data and resolves effects (:mod:`.effects`); this module only moves
the game from one decision to the next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import MarsDiceState, Player


def play(state: MarsDiceState, a: Any) -> None:
    """Carry out ``a``, a legal decision of the seat to act."""
    w, p, kind = state.world, state.me, a[0]
    if kind == "place":
        state._place(p, state.choice, next(i for i, ar in enumerate(w.areas) if ar.id == a[2]))
        state._check_milestones()
        state._drain()
    elif kind == "set":
        p.dice[w.symbol_index[a[1]]] -= 1
        p.dice[w.symbol_index[a[2]]] += 1
        state.choice -= 1
        state._check_milestones()
        if state.choice <= 0:
            state._drain()
    elif kind == "stop":
        state._drain()
    elif kind == "corporation":
        p.kept = a[1]  # face down until every seat has chosen
        next_setup(state)
    elif kind == "give":
        state._pay_one(p, a[1])
        last = state.players[-1]
        if a[1] == w.wild:
            state.wild_supply -= 1
            last.wilds += 1
        else:
            sym = w.symbol_index[a[1]]
            state.pool[w.colour_of[sym]] -= 1
            last.dice[sym] += 1
        state.give_left -= 1
        if state.give_left <= 0 or not state._payers(p):
            state.phase = "choose"
    elif kind == "production":
        state.phase = "return"
    elif kind == "actions":
        state.phase = "support"
    elif kind == "return":
        sym = w.symbol_index[a[1]]
        p.dice[sym] -= 1
        state.pool[w.colour_of[sym]] += 1
    elif kind == "keep":
        state.phase = "discard"
    elif kind == "discard":
        p.hand.remove(a[1])
        state.discard.append(a[1])
    elif kind == "draw":
        state._draw(p, w.rules.hand - len(p.hand))
        state._produce(p)
        state._check_milestones()
        state._fire(p, "production")
        p.used.clear()
        _start(state, (), "", "end")
    elif kind == "pass":
        if state.phase == "support":
            state.phase = "main"
        else:
            _finish(state)
    elif kind == "end":  # the turn's last free actions are done
        end_turn(state)
    elif kind == "free":
        state.back = state.phase
        _use(state, p, a[1], a[2], "back", a[3] if len(a) > 3 else ())
    else:
        _act(state, p, a)


def _act(state: MarsDiceState, p: Player, a: Any) -> None:
    """A support or main action of an action turn."""
    w, kind = state.world, a[0]
    after = "main" if state.phase == "support" else "end"
    if kind == "take":
        state._gain_dice(p, w.colour_ids[a[1]], 1)
        _start(state, (), "", after)
    elif kind == "turn":
        state._pay_one(p, a[1])
        p.dice[w.symbol_index[a[2]]] -= 1
        p.dice[w.symbol_index[a[3]]] += 1
        _start(state, (), "", after)
    elif kind == "draw2":
        state._pay_one(p, a[1])
        state._draw(p, w.rules.draw_cards)
        _start(state, (), "", after)
    elif kind == "use":
        _use(state, p, a[1], a[2], after, a[3] if len(a) > 3 else ())
    elif kind == "convert":
        conv = w.conversions[a[1]]
        state._pay(p, conv.pay, a[2] if len(a) > 2 else ())
        _start(state, conv.effects, "conversions", after)
    elif kind == "play":
        card = w.projects[a[1]]
        state._pay(p, card.cost, a[2] if len(a) > 2 else ())
        p.hand.remove(card.id)
        p.played.append(card.id)
        state._fire(p, "play-" + card.colour)
        if card.colour == "green":
            p.production = [x + y for x, y in zip(p.production, card.production)]
        elif card.colour == "red":
            state._push(card.effects, "cards_now")
        p.storage += card.storage
        p.triggers.extend((t, "cards_now") for t in card.triggers)
        if card.vp and not card.vp_end:
            state._add_vp(p, card.vp, "cards_now")
        _start(state, (), "", after)


def _use(state: MarsDiceState, p: Player, cid: str, k: int, after: str,
         wilds: tuple[str, ...] = ()) -> None:
    action = state.world.projects[cid].actions[k]
    state._pay(p, action.pay, wilds)
    p.used.add(cid)
    p.spent.add(cid)
    _start(state, action.effects, "cards_now", after)


def _start(state: MarsDiceState, effects: Any, source: str, after: str) -> None:
    """Queue ``effects`` (after what is already queued), then run the queue; ``after`` is
    what follows when it is empty."""
    state.queue.extend((e, source) for e in effects)
    state.resume = after
    state._check_milestones()
    state._drain()


def _finish(state: MarsDiceState) -> None:
    """The main action (or the production) is resolved: the turn ends, unless a free
    action is open — the rulebook allows them "after the main action, and even at the end
    of a production turn" — then the player takes those or ends the turn (``done``)."""
    state.phase = "done"
    if not state._free(state.me):
        end_turn(state)


def resume(state: MarsDiceState) -> None:
    """The effect queue is empty: what was waiting for it (``state.resume``) follows."""
    after, state.resume = state.resume, ""
    if after == "main":
        state.phase = "main"
    elif after == "back":
        state.phase = state.back
    elif after == "end":
        _finish(state)
    elif after == "corporation":
        state._produce(state.me)
        state._check_milestones()
        _reveal(state, state.seat + 1)


# -- setup and the turn loop --------------------------------------------------------------------
def next_setup(state: MarsDiceState) -> None:
    """After a corporation is chosen: the next seat chooses, face down; once every seat has
    chosen, the corporations are revealed in turn order (:func:`_reveal`)."""
    for seat in range(state.seat + 1, len(state.players)):
        if state.players[seat].dealt:
            state.seat, state.phase = seat, "corporation"
            return
        state.seat = seat
    _reveal(state, 0)


def _reveal(state: MarsDiceState, start: int) -> None:
    """Reveal the corporations from seat ``start`` on, in turn order: each takes its starting
    bonus (whose choices are pending decisions of that seat), then rolls its production; after
    the last, the first player's penalty."""
    w = state.world
    for seat in range(start, len(state.players)):
        p = state.players[seat]
        if p.kept is None:
            continue
        state.seat, corp, p.kept = seat, w.corporations[p.kept], None
        p.corporation = corp.id
        p.production = [x + y for x, y in zip(p.production, corp.production)]
        p.storage += corp.storage
        p.triggers.extend((t, "cards_now") for t in corp.triggers)
        _start(state, corp.start, "cards_now", "corporation")
        return
    state.seat, state.phase = 0, "choose"
    penalty = state.world.rules.first_player_penalty
    if len(state.players) > 1 and penalty and state._payers(state.players[0]):
        state.phase, state.give_left = "give", penalty


def end_turn(state: MarsDiceState) -> None:
    """The seat to act ends its turn: the last round, the solo limit and the safety limit
    may end the game; otherwise the next seat chooses its turn."""
    p = state.me
    p.turns += 1
    p.spent.clear()
    n = len(state.players)
    rules = state.world.rules
    if state.last_round is not None:
        if state.seat == state.last_round:
            _over(state, "globals")
            return
    elif state.globals_done() >= state.globals_to_end():
        state.last_round = state.seat
    if n == 1 and p.turns >= rules.solo_turns:
        _over(state, "solo-turns")
        return
    if sum(q.turns for q in state.players) >= state.turn_limit:
        _over(state, "turn-limit")
        return
    state.seat = (state.seat + 1) % n
    state.phase = "choose"


def _over(state: MarsDiceState, reason: str) -> None:
    state.reason, state.phase = reason, "over"
