"""Polyomino shapes and their placements on the map.

A shape is a ``frozenset`` of ``(row, col)`` cells normalised so the smallest row and the
smallest column are 0. Cards write shapes as small ASCII grids (``X`` filled, ``.`` empty).
Shapes count as connected through edges *or* corners, because two printed shapes (Forgotten
Forest, Goblin Attack) are diagonal. Players may rotate and mirror a shape, so a shape has at
most 8 distinct orientations; every translation of every orientation is precomputed once per
shape as a board mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from .board import Board, N, mask_of

Shape = frozenset[tuple[int, int]]


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    """The cells moved so the smallest row and column are 0; raises ``ValueError`` when empty."""
    cells = list(cells)
    if not cells:
        raise ValueError("a shape needs at least one cell")
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def parse(grid: str | Sequence[str]) -> Shape:
    """Read a shape from an ASCII grid (``X`` filled, ``.`` empty; a string or its lines).

    Blank lines and surrounding whitespace are ignored; any other character is an error.
    """
    lines = grid.splitlines() if isinstance(grid, str) else list(grid)
    lines = [ln.strip() for ln in lines if ln.strip()]
    cells = []
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in "Xx":
                cells.append((r, c))
            elif ch != ".":
                raise ValueError(f"shape row {r}, col {c}: unexpected {ch!r} (use X and .)")
    return normalise(cells)


def to_grid(shape: Shape) -> list[str]:
    """The shape as ASCII rows (``X`` and ``.``), the inverse of :func:`parse`."""
    h = max(r for r, _ in shape) + 1
    w = max(c for _, c in shape) + 1
    return ["".join("X" if (r, c) in shape else "." for c in range(w)) for r in range(h)]


def is_connected(shape: Iterable[tuple[int, int]], diagonal: bool = True) -> bool:
    """Whether the cells form one group, through edges and (by default) corners too."""
    cells = set(shape)
    if not cells:
        return False
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr, dc) != (0, 0) and (diagonal or dr == 0 or dc == 0)]
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in steps:
            p = (r + dr, c + dc)
            if p in cells and p not in seen:
                seen.add(p)
                todo.append(p)
    return seen == cells


def is_normalised(shape: Iterable[tuple[int, int]]) -> bool:
    """Whether the smallest row and the smallest column of the cells are both 0."""
    cells = list(shape)
    return bool(cells) and min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0


def rotate(shape: Shape) -> Shape:
    """The shape turned a quarter clockwise, normalised."""
    return normalise((c, -r) for r, c in shape)


def mirror(shape: Shape) -> Shape:
    """The shape flipped left to right, normalised."""
    return normalise((r, -c) for r, c in shape)


def _key(shape: Shape) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(shape))


@cache
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and mirror images of a shape (1 to 8), in a stable order."""
    out: set[Shape] = set()
    s = normalise(shape)
    for flipped in (s, mirror(s)):
        cur = flipped
        for _ in range(4):
            out.add(cur)
            cur = rotate(cur)
    return tuple(sorted(out, key=_key))


def canonical(shape: Shape) -> Shape:
    """One fixed representative of the shape's orientations (equal for congruent shapes)."""
    return orientations(normalise(shape))[0]


def equal_up_to_symmetry(a: Iterable[tuple[int, int]], b: Iterable[tuple[int, int]]) -> bool:
    """Whether ``b`` is ``a`` moved, rotated and/or mirrored."""
    return canonical(normalise(a)) == canonical(normalise(b))


@cache
def placements(shape: Shape) -> tuple[int, ...]:
    """Every board mask of the shape: each orientation at each translation that stays on the map.

    Computed once per shape (cached); distinct masks, sorted.
    """
    masks: set[int] = set()
    for o in orientations(normalise(shape)):
        h = max(r for r, _ in o) + 1
        w = max(c for _, c in o) + 1
        for dr in range(N - h + 1):
            for dc in range(N - w + 1):
                masks.add(mask_of((r + dr, c + dc) for r, c in o))
    return tuple(sorted(masks))


def legal_placements(board: Board, shape: Shape) -> list[int]:
    """The placement masks of ``shape`` that overlap no filled space of ``board``."""
    filled = board.filled
    return [m for m in placements(normalise(shape)) if not m & filled]


def covers_ruins(board: Board, mask: int) -> bool:
    """Whether a placement mask covers at least one ruins space of ``board``."""
    return bool(mask & board.ruins)


def ruins_placements(board: Board, shape: Shape) -> list[int]:
    """Legal placements of ``shape`` that cover at least one (necessarily empty) ruins space."""
    return [m for m in legal_placements(board, shape) if covers_ruins(board, m)]
