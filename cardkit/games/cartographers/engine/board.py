"""The Cartographers map sheet as bitmasks.

An 11×11 board keeps one Python ``int`` per terrain (forest, village, farm, water, monster,
mountain, wasteland) plus a mask of ruins spaces (covered or not). Bit ``row * 11 + col`` stands
for the space at ``(row, col)``, row 0 at the top, col 0 at the left. Everything here is pure:
a :class:`Board` is frozen and drawing returns a new board.

Adjacency is orthogonal. Shifts never wrap across rows: a shift to the left first drops the
left column, a shift to the right drops the right column.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace

N = 11
"""Side of the map in spaces."""
CELLS = N * N
FULL = (1 << CELLS) - 1
"""Mask of every space on the map."""

TERRAINS: tuple[str, ...] = ("forest", "village", "farm", "water", "monster", "mountain", "wasteland")
"""Terrain kinds kept as masks, in a fixed order."""
DRAWABLE: tuple[str, ...] = ("forest", "village", "farm", "water", "monster")
#: The terrains of a 1×1 drawn when no shape option fits, or none can cover a ruins space: any
#: of the five a player draws ("dowolnego terenu", "z terenem według własnego wyboru"), monster
#: included as on the Rift Lands card; mountains and wastelands are printed, never drawn.
FALLBACK: tuple[str, ...] = DRAWABLE
"""Terrains a player (or an ambush) can draw."""

LETTER: dict[str, str] = {
    "forest": "F", "village": "V", "farm": "P", "water": "W",
    "monster": "X", "mountain": "M", "wasteland": "#",
}
"""Legend letter of each terrain; ``.`` is an empty space and ``R`` an empty ruins space."""
TERRAIN_OF: dict[str, str] = {v: k for k, v in LETTER.items()}


def bit(row: int, col: int) -> int:
    """The mask of the single space ``(row, col)``; raises ``ValueError`` off the map."""
    if not (0 <= row < N and 0 <= col < N):
        raise ValueError(f"space ({row}, {col}) is off the 11x11 map")
    return 1 << (row * N + col)


def mask_of(cells: Iterable[tuple[int, int]]) -> int:
    """The mask of a collection of ``(row, col)`` spaces."""
    m = 0
    for r, c in cells:
        m |= bit(r, c)
    return m


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The ``(row, col)`` spaces of a mask, in bit order (row by row, left to right)."""
    out = []
    m = mask & FULL
    while m:
        low = m & -m
        i = low.bit_length() - 1
        out.append(divmod(i, N))
        m ^= low
    return out


def count(mask: int) -> int:
    """Number of spaces in a mask."""
    return (mask & FULL).bit_count()


ROWS: tuple[int, ...] = tuple(mask_of((r, c) for c in range(N)) for r in range(N))
"""``ROWS[r]`` is the mask of row ``r``."""
COLS: tuple[int, ...] = tuple(mask_of((r, c) for r in range(N)) for c in range(N))
"""``COLS[c]`` is the mask of column ``c``."""
TOP, BOTTOM, LEFT, RIGHT = ROWS[0], ROWS[N - 1], COLS[0], COLS[N - 1]
EDGE = TOP | BOTTOM | LEFT | RIGHT
"""The 40 spaces on the map edge."""
INTERIOR = FULL & ~EDGE
DIAGONALS: tuple[int, ...] = tuple(
    mask_of((r, r - d) for r in range(N) if 0 <= r - d < N) for d in range(-(N - 1), N))
"""Down-right diagonals (``row - col`` constant), from the top-right corner to the bottom-left."""
ANTI_DIAGONALS: tuple[int, ...] = tuple(
    mask_of((r, s - r) for r in range(N) if 0 <= s - r < N) for s in range(2 * N - 1))
"""Down-left diagonals (``row + col`` constant), from the top-left corner to the bottom-right."""
LEFT_TO_BOTTOM: tuple[int, ...] = tuple(
    mask_of((d + k, k) for k in range(N - d)) for d in range(N))
"""The 11 down-right diagonals that start on the left edge and end on the bottom edge:
``LEFT_TO_BOTTOM[d]`` runs from ``(d, 0)`` to ``(10, 10 - d)``; ``d = 10`` is the corner alone."""


def shift_up(m: int) -> int:
    """Each space moved one row up (row 0 falls off)."""
    return (m & FULL) >> N


def shift_down(m: int) -> int:
    """Each space moved one row down (the bottom row falls off)."""
    return (m << N) & FULL


def shift_left(m: int) -> int:
    """Each space moved one column left (column 0 falls off, nothing wraps)."""
    return (m & FULL & ~LEFT) >> 1


def shift_right(m: int) -> int:
    """Each space moved one column right (column 10 falls off, nothing wraps)."""
    return ((m & FULL & ~RIGHT) << 1) & FULL


_NOT_LEFT = FULL & ~LEFT
_NOT_RIGHT = FULL & ~RIGHT


def adjacent(m: int) -> int:
    """Spaces orthogonally next to at least one space of ``m`` (may include spaces of ``m``).

    The four shifts inlined (this is the hot path of scoring and of the bots)."""
    m &= FULL
    return ((m >> N) | (m << N) | ((m & _NOT_LEFT) >> 1) | ((m & _NOT_RIGHT) << 1)) & FULL


def neighbours(m: int) -> int:
    """Spaces outside ``m`` orthogonally next to at least one space of ``m``."""
    return adjacent(m) & ~m & FULL


def clusters(m: int) -> list[int]:
    """The orthogonally connected groups of a mask, each as a mask, in order of lowest bit."""
    out: list[int] = []
    rest = m & FULL
    while rest:
        comp = rest & -rest
        while True:
            grown = (comp | (comp >> N) | (comp << N) | ((comp & _NOT_LEFT) >> 1)
                     | ((comp & _NOT_RIGHT) << 1)) & rest
            if grown == comp:
                break
            comp = grown
        out.append(comp)
        rest &= ~comp
    return out


@dataclass(frozen=True)
class Board:
    """One map sheet: a mask per terrain plus the ruins mask (ruins spaces, covered or not).

    Terrain masks never overlap. A ruins space is empty until a terrain is drawn on it; then it
    is in both that terrain's mask and ``ruins``.
    """

    forest: int = 0
    village: int = 0
    farm: int = 0
    water: int = 0
    monster: int = 0
    mountain: int = 0
    wasteland: int = 0
    ruins: int = 0

    def __post_init__(self) -> None:
        seen = 0
        for name in (*TERRAINS, "ruins"):
            m = getattr(self, name)
            if m < 0 or m & ~FULL:
                raise ValueError(f"{name} mask has bits off the map")
            if name != "ruins":
                if m & seen:
                    raise ValueError(f"{name} overlaps another terrain at {cells_of(m & seen)}")
                seen |= m

    def terrain(self, name: str) -> int:
        """The mask of one terrain by name (``ruins`` is accepted too)."""
        if name not in TERRAINS and name != "ruins":
            raise KeyError(name)
        return int(getattr(self, name))

    @property
    def filled(self) -> int:
        """Every filled space: any terrain, including mountains, monsters and wastelands."""
        return (self.forest | self.village | self.farm | self.water | self.monster
                | self.mountain | self.wasteland)

    @property
    def empty(self) -> int:
        """Every space with nothing drawn on it (empty ruins spaces included)."""
        return FULL & ~self.filled

    def at(self, row: int, col: int) -> str | None:
        """The terrain at ``(row, col)``, or ``None`` when the space is empty."""
        b = bit(row, col)
        for name in TERRAINS:
            if getattr(self, name) & b:
                return name
        return None

    def draw(self, terrain: str, mask: int) -> Board:
        """A new board with ``mask`` drawn in ``terrain``; raises ``ValueError`` on overlap."""
        if terrain not in TERRAINS:
            raise ValueError(f"unknown terrain {terrain!r}")
        if mask < 0 or mask & ~FULL:
            raise ValueError("shape leaves the map")
        if mask & self.filled:
            raise ValueError(f"shape overlaps filled spaces {cells_of(mask & self.filled)}")
        return replace(self, **{terrain: getattr(self, terrain) | mask})

    def drawn(self, terrain: str, mask: int) -> Board:
        """Like :meth:`draw` without the checks, for engines and bots that only draw legal
        placements (``mask`` on the map and on empty spaces): a copy with one mask changed."""
        board = object.__new__(Board)
        board.__dict__.update(self.__dict__)
        board.__dict__[terrain] |= mask
        return board

    @classmethod
    def from_rows(cls, rows: Sequence[str], ruins: Iterable[tuple[int, int]] = ()) -> Board:
        """Read 11 strings of 11 legend letters (top row first).

        Legend: ``.`` empty, ``R`` empty ruins, ``F`` forest, ``V`` village, ``P`` farm,
        ``W`` water, ``X`` monster, ``M`` mountain, ``#`` wasteland. ``ruins`` adds ruins
        spaces ``(row, col)``, e.g. a covered ruins space under a terrain letter.
        """
        if len(rows) != N:
            raise ValueError(f"expected {N} rows, got {len(rows)}")
        masks = {name: 0 for name in TERRAINS}
        ruin = mask_of(ruins)
        for r, line in enumerate(rows):
            if len(line) != N:
                raise ValueError(f"row {r}: expected {N} characters, got {len(line)}")
            for c, ch in enumerate(line):
                if ch == ".":
                    continue
                if ch == "R":
                    ruin |= bit(r, c)
                elif ch in TERRAIN_OF:
                    masks[TERRAIN_OF[ch]] |= bit(r, c)
                else:
                    raise ValueError(f"row {r}, col {c}: unknown legend letter {ch!r}")
        return cls(ruins=ruin, **masks)

    def to_rows(self) -> list[str]:
        """The board as 11 legend strings; a covered ruins space shows its terrain letter."""
        grid = [["."] * N for _ in range(N)]
        for r, c in cells_of(self.ruins):
            grid[r][c] = "R"
        for name in TERRAINS:
            for r, c in cells_of(getattr(self, name)):
                grid[r][c] = LETTER[name]
        return ["".join(line) for line in grid]

    def masks(self) -> Iterator[tuple[str, int]]:
        """``(name, mask)`` for each terrain and then ``ruins``."""
        for f in fields(self):
            yield f.name, getattr(self, f.name)
