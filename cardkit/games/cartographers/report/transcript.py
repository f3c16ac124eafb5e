"""A simulated Cartographers game as a transcript a player reads (``simulate --transcript``).

The game is played again from the runner's lines (:mod:`..engine.replay`), so every step knows
its season and card: the transcript has a heading per season with its edicts, each card with
its time, each seat's drawing in words with the spaces named as on a chessboard (columns A–K
from the left, rows 1–11 from the top), the ambushes, the season's score boxes per seat, the
result, and every final sheet as a letter grid.
"""

from __future__ import annotations

from typing import Any

from ....core.content import GameContent
from ..engine import CartographersState
from ..engine.board import cells_of
from ..engine.replay import Step, replay_played

COLUMNS = "ABCDEFGHIJK"
LEGEND = ("legend: . empty, R ruins, F forest, V village, P farm, W water, X monster, "
          "M mountain, # wasteland")


def space(row: int, col: int) -> str:
    """A space's name: ``A1`` is the top-left corner, ``K11`` the bottom-right."""
    return f"{COLUMNS[col]}{row + 1}"


def narrate(played: Any) -> str:
    """``Game.narrate``: the readable transcript of a played game."""
    content: GameContent = played.content
    again = replay_played(played)
    final = again.final
    assert final is not None
    seats = [f"{i + 1} {bot}" for i, bot in enumerate(played.row.seats)]
    names = _names(content)
    side = final.side
    map_name = next((r.obj.name for r in content.of("maps") if r.obj.side == side), side)
    options = "".join(f" --option {k}={v}" for k, v in sorted(played.engine_options.items()))
    out = [f"Cartographers: map {side} ({map_name}), {len(seats)} player"
           f"{'s' * (len(seats) != 1)}; game {played.index} of seed {played.seed}{options}",
           f"seats: {' · '.join(seats)}",
           "edicts: " + " · ".join(f"{letter} {names.get(card.id, card.id)}"
                                   for letter, card in sorted(final.edicts.items())),
           "spaces: columns A-K from the left, rows 1-11 from the top", ""]
    season = -1
    card_key: tuple[int, str] | None = None
    for step in again.steps:
        if step.season != season:
            if season >= 0:
                out += _season_scores(final, season, seats)
            season = step.season
            facts = final.world.seasons[season]
            out += ["", f"== {names.get(facts.id, facts.id)} "
                        f"({' + '.join(facts.edicts)}), ends at {facts.time} time =="]
            card_key = None
        if card_key != (season, step.card) or step.seat == 0 and _first_of_card(step):
            card_key = (season, step.card)
            out.append(_card_line(final, step, names))
        out.append(f"  {seats[step.seat]}: {_action(step)}")
    if season >= 0:
        out += _season_scores(final, season, seats)
    out += ["", "result: " + " · ".join(
        f"{seats[i]} {score:g} stars{' (winner)' if i in played.row.winners else ''}"
        for i, score in enumerate(played.row.scores)), "", f"final sheets ({LEGEND}):"]
    for i, sheet in enumerate(final.sheets):
        out += ["", f"{seats[i]}:", "     " + " ".join(COLUMNS)]
        out += [f"  {r + 1:2d} " + " ".join(row) for r, row in enumerate(sheet.board.to_rows())]
    return "\n".join(out) + "\n"


def _names(content: GameContent) -> dict[str, str]:
    out: dict[str, str] = {}
    for kind in ("explore", "ambush", "scoring", "seasons"):
        for rec in content.of(kind):
            out[rec.obj.id] = rec.obj.name
    return out


def _first_of_card(step: Step) -> bool:
    return step.action[0] == "draw"


def _card_line(state: CartographersState, step: Step, names: dict[str, str]) -> str:
    facts = next((c for c in (*state.world.explore, *state.world.ambush) if c.id == step.card),
                 None)
    name = names.get(step.card, step.card)
    if facts is not None and facts.kind == "ambush":
        return f"{name} (ambush): every map is passed, the neighbour draws the monster"
    ruins = ", after a ruins card: cover a ruins space" if step.ruins else ""
    time = f"time {facts.time}" if facts is not None else ""
    return f"{name} ({time}{ruins})"


def _action(step: Step) -> str:
    action = step.action
    if action[0] == "skip":
        return "no empty space left"
    cells = ", ".join(space(r, c) for r, c in cells_of(action[-1]))
    if action[0] == "monster":
        return f"monster on the map of seat {action[1] + 1} at {cells}"
    _, terrain, shape, _ = action
    what = "a 1x1 (no shape fits)" if shape < 0 else f"shape {shape + 1}"
    return f"{terrain}, {what}, at {cells}"


def _season_scores(state: CartographersState, season: int, seats: list[str]) -> list[str]:
    facts = state.world.seasons[season]
    first, second = facts.edicts
    lines = []
    for i, sheet in enumerate(state.sheets):
        if season >= len(sheet.seasons):
            continue
        a, b, coins, monsters = sheet.seasons[season]
        lines.append(f"  {seats[i]}: {first} {a} + {second} {b} + coins {coins} - monsters "
                     f"{monsters} = {a + b + coins - monsters}")
    return ["season scores:", *lines] if lines else []


__all__ = ["narrate", "space"]
