"""A recorded Cartographers game played again, step by step, from its transcript lines.

The simulation runner records each decision as ``describe(action)`` (``orchard (ruins): forest
#0 at r3c4 r3c5…``, ``gnoll-raid: monster on sheet 1 at r0c0…``); every field of the action is
in that text. :func:`replay` parses the lines back into actions and plays them on a fresh game
dealt from the game's own chance stream, so what the engine does between decisions — revealing
cards, solo ambushes, season scoring — happens again exactly, and each step knows its season
and card. The readable transcript (:mod:`..report`) and the finished sheets
(:mod:`..render.finished`) are made from it; a replay whose scores differ from the recorded
ones is an error, never a silent difference.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from typing import Any

from ....sim.protocol import Action
from ....sim.seeding import rng
from . import SKIP, CartographersEngine, CartographersState, make_engine
from .board import mask_of

_LINE = re.compile(r"^\s*(\d+) seat (\d+) \(([^)]*)\): (.*)$")
_DRAW = re.compile(r"^(?:[a-z0-9-]+(?: \(ruins\))?: )?([a-z]+) (#(\d+)|1x1) at ((?:r\d+c\d+ ?)+)$")
_MONSTER = re.compile(r"^(?:[a-z0-9-]+: )?monster on sheet (\d+) at ((?:r\d+c\d+ ?)+)$")
_CELL = re.compile(r"r(\d+)c(\d+)")


class ReplayError(ValueError):
    """A transcript line that is not a Cartographers decision, or a replay that disagrees with
    the recorded game."""


def parse_action(text: str) -> Action:
    """The action ``describe`` wrote as ``text``."""
    if text.endswith("skip (no empty space)"):
        return SKIP
    m = _DRAW.match(text)
    if m:
        shape = -1 if m.group(2) == "1x1" else int(m.group(3))
        return ("draw", m.group(1), shape, _mask(m.group(4)))
    m = _MONSTER.match(text)
    if m:
        return ("monster", int(m.group(1)), _mask(m.group(2)))
    raise ReplayError(f"not a Cartographers decision: {text!r}")


def _mask(cells: str) -> int:
    return mask_of((int(r), int(c)) for r, c in _CELL.findall(cells))


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the game: the season (0-based) and card it was taken under, whether a
    ruins card came before the card, the seat and the action."""

    season: int
    card: str
    ruins: bool
    seat: int
    bot: str
    action: Action


@dataclass(slots=True)
class Replayed:
    """A game played again: every step, and the state at the end."""

    steps: list[Step] = field(default_factory=list)
    final: CartographersState | None = None


def replay(engine: CartographersEngine, players: int, chance: random.Random,
           lines: Sequence[str]) -> Replayed:
    """Play the decisions of ``lines`` (the runner's transcript lines, other lines ignored) on
    a new game dealt from ``chance``; raises :class:`ReplayError` when a decision is not legal
    in the replayed game (the lines are of another deal, map or variant)."""
    state = engine.new_game(players, chance)
    out = Replayed()
    for line in lines:
        m = _LINE.match(line)
        if not m:
            continue
        action = parse_action(m.group(4))
        card = state.card.id if state.card is not None else ""
        seat = int(m.group(2))
        if seat != state.current_player() or action not in state.legal_actions():
            raise ReplayError(f"turn {m.group(1)}: {m.group(4)!r} is not legal in the replay")
        out.steps.append(Step(state.season, card, state.ruins, seat, m.group(3), action))
        state.apply(action)
    out.final = state
    return out


def replay_played(played: Any) -> Replayed:
    """A game the simulation played (``cardkit.sim.api.PlayedGame``: its content, engine
    options, the seed of its chance stream and its lines) replayed on its own deal; the replay's
    scores must be the recorded ones (:class:`ReplayError` otherwise)."""
    engine = make_engine(played.content, **played.engine_options)
    again = replay(engine, len(played.row.seats), rng(played.game_seed, "chance"), played.lines)
    final = again.final
    assert final is not None
    if final.is_terminal() and final.scores() != list(played.row.scores):
        raise ReplayError(f"the replay scored {final.scores()}, the game "
                          f"{list(played.row.scores)}")
    return again
