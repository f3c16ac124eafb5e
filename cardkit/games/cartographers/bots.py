"""Cartographers bots: random-legal and greedy (with an ambush placement that hurts).

The greedy bot values a sheet as the stars it would score if nothing more were drawn: for the
current season and, weighted by ``lookahead``, every later one — the two edicts of the season,
plus the coins, minus the monster penalty. It draws the option (terrain, shape, cells) with the
best value; ties go to the bot's own generator. Placing a monster on a neighbour's sheet it
follows the rulebook's advice — as many of the victim's empty spaces next to monsters as
possible — and among those it picks the placement that leaves the victim the lowest value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...sim.protocol import Action, BotSpec
from .engine.board import Board
from .engine import SKIP, CartographersState
from .engine.scoring import coins_from_mountains, monster_penalty


@dataclass(slots=True)
class RandomBot:
    """Any legal action, uniformly."""

    name: str = "random"

    def choose(self, state: CartographersState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(list(state.legal_actions()))


def weights(state: CartographersState, lookahead: float) -> tuple[dict[str, float], float]:
    """How much each edict letter and each coin/monster star is worth from now on: the current
    season counts 1, every later season ``lookahead``."""
    letters: dict[str, float] = {}
    total = 0.0
    for k in range(state.season, len(state.world.seasons)):
        w = 1.0 if k == state.season else lookahead
        total += w
        for letter in state.world.seasons[k].edicts:
            letters[letter] = letters.get(letter, 0.0) + w
    return letters, total


def sheet_value(state: CartographersState, board: Board, shape_coins: int,
                letters: dict[str, float], per_season: float,
                known: tuple[str, dict[str, int]] | None = None) -> float:
    """The weighted stars of ``board`` (see :func:`weights`).

    ``known`` is ``(terrain, stars by letter)`` of the board before ``terrain`` was drawn on
    it: rules that terrain cannot change (``scoring.AFFECTED_BY``) are not scored again.
    """
    value = 0.0
    for letter, w in letters.items():
        card = state.edicts[letter]
        if known is not None and known[0] not in card.affected_by:
            value += w * known[1][letter]
        else:
            value += w * card.rule(board)
    coins = min(state.world.coin_track, shape_coins + coins_from_mountains(board))
    return value + per_season * (coins - monster_penalty(board))


@dataclass(slots=True)
class GreedyBot:
    """Best immediate value on the current and coming edicts, coins and monster exposure."""

    lookahead: float = 0.5
    name: str = "greedy"

    def choose(self, state: CartographersState, seat: int, rng: random.Random) -> Action:
        """The legal action with the best value (a drawing) or the most hurtful (a monster)."""
        actions = list(state.legal_actions())
        if actions == [SKIP]:
            return SKIP
        letters, per_season = weights(state, self.lookahead)
        sheet = state.sheets[state.sheet_index]
        board = sheet.board
        coin_flags = state.card.coins if state.card is not None else ()
        before = {letter: state.edicts[letter].rule(board) for letter in letters}
        best: list[Action] = []
        best_key: tuple[float, ...] | None = None
        for action in actions:
            if action[0] == "draw":
                _, terrain, shape, mask = action
                coins = sheet.shape_coins + (1 if shape >= 0 and coin_flags[shape] else 0)
                key: tuple[float, ...] = (sheet_value(state, board.drawn(terrain, mask), coins,
                                                      letters, per_season, (terrain, before)),)
            else:
                after = board.drawn("monster", action[2])
                key = (monster_penalty(after),
                       -sheet_value(state, after, sheet.shape_coins, letters, per_season,
                                    ("monster", before)))
            if best_key is None or key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)


def make_bot(spec: BotSpec, engine: Any = None) -> Any:
    """A bot from its command-line spec: ``random`` or ``greedy[:LOOKAHEAD]``."""
    if spec.name == "random":
        return RandomBot()
    if spec.name == "greedy":
        lookahead = float(spec.params[0]) if spec.params else 0.5
        if not 0.0 <= lookahead <= 1.0:
            raise ValueError("lookahead must be between 0 and 1")
        return GreedyBot(lookahead, name=str(spec))
    raise KeyError(spec.name)


BOTS = {
    "random": "any legal drawing (and monster placement), uniformly",
    "greedy": "greedy[:LOOKAHEAD] — best value on this season's edicts, coins and monsters, "
              "later seasons weighted by LOOKAHEAD (default 0.5); hurtful monster placement",
}
DEFAULT_BOTS = ("greedy", "greedy:0", "random")
