"""The named hooks of Trains and Rising Sun cards (see ``hooks.py`` for what each must do).

Each hook says when it can be carried out (``can``: checked before the card's effect is offered,
and again when the hook runs; ``False`` then aborts the rest of the card) and what it does
(``run``). Every choice inside a hook is the player's: it is asked with
:func:`.work.ask`, never decided here. Attacks go to each other player clockwise from the
attacker's left; a player holding a Reaction card is first asked whether to reveal it (then the
attack does not affect them) — the only card play in another player's turn.

The hooks build on the work stack (``work.py``) and the feasibility walk (``feasibility.py``,
which Stationmaster Office asks with this module's own :data:`HOOK_IMPLS`); the effect steps
(``effects.py``) build on them, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .feasibility import feasible
from ..model import Draw
from .state import Op, TrainsState
from .work import ask, discard_one, push_steps

Can = Callable[[TrainsState, int, int, int], bool]  # (state, seat, coins, hand size) -> bool


@dataclass(frozen=True, slots=True)
class HookImpl:
    """A hook: its condition, its action, and what it takes (for the feasibility walk)."""

    can: Can
    run: Callable[[TrainsState, int, int, str], None]
    pays: int = 0  # coins it spends
    discards: int = 0  # cards it takes from hand


def _always(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return True


def _trains(state: TrainsState, cards: list[str]) -> list[str]:
    trains = state.world.trains
    return sorted({c for c in cards if c in trains})


# -- base game -----------------------------------------------------------------------------------

def _train_in_play(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return bool(_trains(state, state.players[seat].play))


def _amusement_park(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "train", _trains(state, state.players[seat].play), (_op_coins_of, seat, frame))


def _op_coins_of(state: TrainsState, op: Op) -> None:
    state.coins += state.world.value[op[-1]]


def _bullet_train(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    if "normal-train" in state.players[seat].play:
        state.coins += 1


def _command_central(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    # naming a card the player does not own can never hit: the kinds they own are the options
    ask(state, seat, "name", sorted(set(state.players[seat].all_cards())),
        (_op_named, seat, frame))


def _op_named(state: TrainsState, op: Op) -> None:
    seat, named = op[1], op[-1]
    top = state.reveal(seat)
    if top is None:
        return
    p = state.players[seat]
    (p.hand if top == named else p.deck).append(top)


def _switchback(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "train", _trains(state, state.players[seat].play), (_op_to_deck, seat, frame))


def _op_to_deck(state: TrainsState, op: Op) -> None:
    p = state.players[op[1]]
    p.play.remove(op[-1])
    p.deck.append(op[-1])


def _information_central(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    seen = [c for c in (state.reveal(seat) for _ in range(4)) if c is not None]
    if not seen:
        return
    state.revealed.extend(seen)
    ask(state, seat, "take", (*sorted(set(seen)), None), (_op_take_revealed, seat, frame))


def _op_take_revealed(state: TrainsState, op: Op) -> None:
    p = state.players[op[1]]
    if op[-1] is not None:
        state.revealed.remove(op[-1])
        p.hand.append(op[-1])
    _ask_order(state, op[1], op[2], ())


def _ask_order(state: TrainsState, seat: int, frame: int, chosen: tuple[str, ...]) -> None:
    """The rest go back on top "in any order": the player names the top card, then the next;
    the chosen cards stay set aside (``state.revealed``) until all are placed."""
    rest = list(state.revealed)
    for c in chosen:
        rest.remove(c)
    if len(set(rest)) > 1:
        ask(state, seat, "order", sorted(set(rest)), (_op_order, seat, frame, chosen))
        return
    order = [*chosen, *rest]  # top card first
    state.players[seat].deck.extend(reversed(order))
    state.revealed.clear()


def _op_order(state: TrainsState, op: Op) -> None:
    _ask_order(state, op[1], op[2], op[3] + (op[-1],))


def _train_in_hand(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return bool(_trains(state, state.players[seat].hand))


def _maintenance_factory(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "reveal", _trains(state, state.players[seat].hand), (_op_copy_of, seat, frame))


def _op_copy_of(state: TrainsState, op: Op) -> None:
    cid = op[-1]
    if state.supply.get(cid, 0) > 0:  # "if its pile is not empty"
        state.supply[cid] -= 1
        p = state.players[op[1]]
        (p.gained if op[1] == state.to_act else p.discard).append(cid)


def _train_in_discard(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return bool(_trains(state, state.players[seat].discard))


def _pulling(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "take", _trains(state, state.players[seat].discard),
        (_op_from_discard, seat, frame))


def _op_from_discard(state: TrainsState, op: Op) -> None:
    p = state.players[op[1]]
    p.discard.remove(op[-1])
    p.hand.append(op[-1])


def _signals(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    top = state.reveal(seat)
    if top is None:
        return
    state.revealed.append(top)
    ask(state, seat, "top", ("discard", "keep"), (_op_top, seat, frame))


def _op_top(state: TrainsState, op: Op) -> None:
    p = state.players[op[1]]
    top = state.revealed.pop()
    (p.discard if op[-1] == "discard" else p.deck).append(top)


def _copyable(state: TrainsState, seat: int, coins: int | None = None,
              hand: int | None = None) -> list[str]:
    """Action cards in hand the Office can copy now (or with ``coins`` and ``hand`` cards, as
    the feasibility walk has them: the Office itself no longer in hand)."""
    w = state.world
    cards = state.players[seat].hand
    extra = 0 if coins is None else coins - state.coins
    gone = 0 if hand is None else len(cards) - hand
    return [c for c in sorted(set(cards))
            if c in w.actions and c != "stationmaster-office" and w.cards[c].effect
            and feasible(state, seat, w.cards[c].effect, extra, gone, hooks=HOOK_IMPLS)]


def _can_copy(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return bool(_copyable(state, seat, coins, hand))


def _stationmaster_office(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "copy", _copyable(state, seat), (_op_copy, seat, frame, cid))


def _op_copy(state: TrainsState, op: Op) -> None:
    # the chosen card stays in hand; "this card" in its text is the Stationmaster Office
    push_steps(state, op[1], op[2], state.world.cards[op[-1]].effect, op[3])


def _upgrades(state: TrainsState, seat: int) -> dict[str, list[str]]:
    """Train in hand -> the Trains of the supply it can become (cost up to 3 more)."""
    w = state.world
    out = {}
    for t in _trains(state, state.players[seat].hand):
        limit = (w.cost[t] or 0) + 3
        targets = sorted(c for c, n in state.supply.items()
                         if n > 0 and c in w.trains and (w.cost[c] or 99) <= limit)
        if targets:
            out[t] = targets
    return out


def _can_wagon(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return bool(_upgrades(state, seat))


def _wagon_factory(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    ask(state, seat, "trash", sorted(_upgrades(state, seat)), (_op_wagon_trash, seat, frame))


def _op_wagon_trash(state: TrainsState, op: Op) -> None:
    seat, frame, train = op[1], op[2], op[-1]
    targets = _upgrades(state, seat).get(train, [])
    state.players[seat].hand.remove(train)
    state.trash_card(train)
    ask(state, seat, "gain", targets, (_op_gain_to_hand, seat, frame))


def _op_gain_to_hand(state: TrainsState, op: Op) -> None:
    state.supply[op[-1]] -= 1
    state.players[op[1]].hand.append(op[-1])


# -- Rising Sun ----------------------------------------------------------------------------------

def _pay(n: int) -> HookImpl:
    def can(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
        return coins >= n

    def run(state: TrainsState, seat: int, frame: int, cid: str) -> None:
        state.coins -= n

    return HookImpl(can, run, pays=n)


def _two_in_hand(state: TrainsState, seat: int, coins: int, hand: int) -> bool:
    return hand >= 2


def _upgrade(state: TrainsState, seat: int, frame: int, cid: str) -> None:
    # discard exactly two cards (the player's choice), then draw three
    push_steps(state, seat, frame, [Draw(do="draw", n=3)], cid)
    state.work.append((discard_one, seat, frame, None, True))
    state.work.append((discard_one, seat, frame, None, True))


def attack(hit: Callable[[TrainsState, int, int], None]) -> HookImpl:
    """An Attack on each other player, clockwise from the attacker's left."""
    def run(state: TrainsState, seat: int, frame: int, cid: str) -> None:
        n = len(state.players)
        for target in reversed([(seat + k) % n for k in range(1, n)]):
            state.work.append((_op_attacked, target, frame, hit))

    return HookImpl(_always, run)


def _op_attacked(state: TrainsState, op: Op) -> None:
    target, frame, hit = op[1], op[2], op[3]
    if any(c in state.world.reactions for c in state.players[target].hand):
        ask(state, target, "react", (True, False), (_op_react, target, frame, hit))
    else:
        hit(state, target, frame)


def _op_react(state: TrainsState, op: Op) -> None:
    if not op[-1]:  # revealing the Reaction card: this attack does not affect the player
        op[3](state, op[1], op[2])


def _discard_card(kind: str | None) -> Callable[[TrainsState, int, int], None]:
    """The victim discards a card (of a type) of their choice, or shows a hand without one."""
    def hit(state: TrainsState, target: int, frame: int) -> None:
        discard_one(state, (discard_one, target, frame, kind, False))

    return hit


def _gain_waste(state: TrainsState, target: int, frame: int) -> None:
    state.gain_waste(target, 1)


def _roundhouse(state: TrainsState, target: int, frame: int) -> None:
    top = state.reveal(target)
    if top is None:
        return
    p = state.players[target]
    (p.discard if top in state.world.trains else p.deck).append(top)


HOOK_IMPLS: dict[str, HookImpl] = {
    "amusement-park": HookImpl(_train_in_play, _amusement_park),
    "bullet-train": HookImpl(_always, _bullet_train),
    "command-central": HookImpl(_always, _command_central),
    "switchback": HookImpl(_train_in_play, _switchback),
    "information-central": HookImpl(_always, _information_central),
    "maintenance-factory": HookImpl(_train_in_hand, _maintenance_factory),
    "pulling": HookImpl(_train_in_discard, _pulling),
    "signals": HookImpl(_always, _signals),
    "stationmaster-office": HookImpl(_can_copy, _stationmaster_office),
    "wagon-factory": HookImpl(_can_wagon, _wagon_factory),
    "charitable-support": _pay(4),
    "legal-counsel": _pay(1),
    "upgrade": HookImpl(_two_in_hand, _upgrade, discards=2),
    "politician": attack(_discard_card(None)),
    "protesters": attack(_gain_waste),
    "regulations": attack(_discard_card("rail")),
    "roundhouse": attack(_roundhouse),
    "unhappy-passengers": attack(_discard_card("train")),
}
