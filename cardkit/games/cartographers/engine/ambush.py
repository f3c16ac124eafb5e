"""The solo ambush: where the monster goes when nobody is there to place it.

The rulebook's corner walk: start at the corner shown on the ambush card and move along the
map edge in the direction of its arrow; draw the monster shape, **without rotating or
mirroring it**, at the first position where it fits. If it fits nowhere along the edge, move one
ring inward and walk again; if it never fits, the ambush is ignored.

cardkit's reading of "along the edge": the shape's bounding box is kept flush against the ring's
border. On ring ``k`` (the frame ``k`` spaces in from the map edge) the clockwise tour is: the
top side left to right, the right side top to bottom, the bottom side right to left, the left
side bottom to top; counterclockwise is the same tour reversed. A walk starts at the box position
in its corner (top-left corner: the box's top-left cell on the ring's top-left space; and so on)
and goes once around the ring.
"""

from __future__ import annotations

from .board import N, Board, mask_of
from .shapes import Shape, normalise

CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def ring_positions(h: int, w: int, ring: int) -> list[tuple[int, int]]:
    """Top-left positions ``(row, col)`` of an ``h``×``w`` box flush against ring ``ring``, in
    clockwise order starting at the top-left corner; empty when the box does not fit inside."""
    lo, hi_r, hi_c = ring, N - ring - h, N - ring - w
    if hi_r < lo or hi_c < lo:
        return []
    tour: list[tuple[int, int]] = []
    tour += [(lo, c) for c in range(lo, hi_c + 1)]            # top, left to right
    tour += [(r, hi_c) for r in range(lo, hi_r + 1)]          # right, top to bottom
    tour += [(hi_r, c) for c in range(hi_c, lo - 1, -1)]      # bottom, right to left
    tour += [(r, lo) for r in range(hi_r, lo - 1, -1)]        # left, bottom to top
    seen: set[tuple[int, int]] = set()
    return [p for p in tour if not (p in seen or seen.add(p))]  # type: ignore[func-returns-value]


def walk(h: int, w: int, ring: int, corner: str, clockwise: bool) -> list[tuple[int, int]]:
    """The positions of one ring in the order the walk visits them."""
    tour = ring_positions(h, w, ring)
    if not tour:
        return []
    lo, hi_r, hi_c = ring, N - ring - h, N - ring - w
    start = {"top-left": (lo, lo), "top-right": (lo, hi_c), "bottom-right": (hi_r, hi_c),
             "bottom-left": (hi_r, lo)}[corner]
    if not clockwise:
        tour = tour[::-1]
    i = tour.index(start)
    return tour[i:] + tour[:i]


def solo_placement(board: Board, shape: Shape, corner: str, clockwise: bool) -> int | None:
    """The mask where the solo ambush draws ``shape`` on ``board``, or ``None`` (ignored)."""
    cells = normalise(shape)
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    filled = board.filled
    for ring in range((N + 1) // 2):
        for r0, c0 in walk(h, w, ring, corner, clockwise):
            mask = mask_of((r + r0, c + c0) for r, c in cells)
            if not mask & filled:
                return mask
    return None
