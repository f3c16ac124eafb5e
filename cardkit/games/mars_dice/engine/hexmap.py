"""The board of Mars: hex areas (axial ``q``, ``r``), what may go where, and a tile's VP.

A tile goes on an empty area of its kind (ocean tiles on ocean areas, the others on land) not
next to a tile its ``not_adjacent`` names (a city not next to a city). When placed it scores
``vp`` + ``vp_per_adjacent`` × the adjacent tiles of each named kind, whoever owns them.
"""

from __future__ import annotations

from .world import TileFacts, World

EMPTY = -1


def legal_areas(world: World, board: list[int], tile: int) -> list[int]:
    """Area indices where tile kind ``tile`` may be placed, in board order."""
    facts = world.tiles[tile]
    out = []
    for i, area in enumerate(world.areas):
        if board[i] != EMPTY or area.ocean != facts.ocean:
            continue
        if facts.not_adjacent and any(board[n] in facts.not_adjacent for n in area.neighbours):
            continue
        out.append(i)
    return out


def adjacent(world: World, board: list[int], area: int, tile: int) -> int:
    """Tiles of kind ``tile`` next to ``area``."""
    return sum(1 for n in world.areas[area].neighbours if board[n] == tile)


def placement_vp(world: World, board: list[int], area: int, facts: TileFacts) -> int:
    """VP a tile of kind ``facts`` scores when placed on ``area`` (before it is placed)."""
    return facts.vp + sum(vp * adjacent(world, board, area, kind)
                          for kind, vp in facts.vp_per_adjacent)
