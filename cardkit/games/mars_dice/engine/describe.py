"""Readable forms of Mars Dice actions, for transcripts: ``play Aquifer Pumping (steel, wild)``,
``take red → heat`` (the face the die will show: the roll is read from a copy of the state's
generator, so describing never changes the game)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .payment import split
from .world import Cost

if TYPE_CHECKING:
    from . import MarsDiceState


def paid(state: MarsDiceState, cost: Cost, wild_for: tuple[str, ...] = ()) -> str:
    """What paying ``cost`` takes: the dice symbols, then ``wild`` per wild token (a wild
    instead of a die for each symbol of ``wild_for``)."""
    w = state.world
    used, wild = split(cost, state.me.dice, tuple(w.symbol_index[x] for x in wild_for))
    parts = [w.symbols[s] for s, n in used for _ in range(n)] + [w.wild] * wild
    return ", ".join(parts) if parts else "free"


def describe(state: MarsDiceState, action: Any) -> str:
    """A short readable form of ``action`` for the seat to act."""
    w = state.world
    kind = action[0]
    if kind == "corporation":
        return f"keep corporation {w.corporations[action[1]].name} (face down)"
    if kind == "give":
        return f"give {action[1]} to seat {len(state.players) - 1}"
    if kind in ("production", "actions"):
        return f"{kind} turn"
    if kind == "return":
        return f"return a {action[1]} die"
    if kind == "keep":
        return "keep the dice"
    if kind == "discard":
        return f"discard {w.projects[action[1]].name}"
    if kind == "draw":
        return "draw up and produce"
    if kind == "take":
        colour = w.colour_ids[action[1]]
        clone = random.Random()
        clone.setstate(state.rng.getstate())
        table = w.colours[colour].table
        return f"take {action[1]} → {w.symbols[table[clone.randrange(len(table))]]}"
    if kind == "turn":
        return f"pay {action[1]}: turn {action[2]} → {action[3]}"
    if kind == "draw2":
        return f"pay {action[1]}: draw {w.rules.draw_cards} cards"
    if kind in ("use", "free"):
        card = w.projects[action[1]]
        act = card.actions[action[2]]
        return f"{kind} {card.name} #{action[2]} ({paid(state, act.pay, _wilds(action, 3))})"
    if kind == "play":
        card = w.projects[action[1]]
        return f"play {card.name} ({paid(state, card.cost, _wilds(action, 2))})"
    if kind == "convert":
        conv = w.conversions[action[1]]
        return f"{conv.name} ({paid(state, conv.pay, _wilds(action, 2))})"
    if kind == "place":
        return f"place {action[1]} on {action[2]}"
    if kind == "set":
        return f"set a die {action[1]} → {action[2]}"
    if kind == "stop":
        return "stop turning dice"
    if kind == "end":
        return "end the turn"
    return "pass"


def _wilds(action: Any, at: int) -> tuple[str, ...]:
    """The symbols a payment choice pays with wild tokens (none: dice first)."""
    return tuple(action[at]) if len(action) > at else ()
