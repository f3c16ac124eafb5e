"""A plain Cartographers implementation over sets of ``(row, col)`` cells.

Written the obvious way — a dict from cell to terrain, clusters by flood fill, placements by
trying every orientation at every offset — and kept deliberately independent of the bitmask
code in :mod:`.board`, :mod:`.shapes` and :mod:`.scoring`. It is the oracle of the property
tests (both must agree on random boards) and the baseline of ``bench/bench_cartographers.py``
(the bitmask path must be at least 10× faster). Not used by the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

N = 11
ALL: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(N) for c in range(N))
Cell = tuple[int, int]
LEGEND = {"F": "forest", "V": "village", "P": "farm", "W": "water", "X": "monster",
          "M": "mountain", "#": "wasteland"}
TYPES = frozenset({"forest", "village", "farm", "water", "monster", "mountain"})


def nb(p: Cell) -> list[Cell]:
    """The orthogonal neighbours of a cell that are on the map."""
    r, c = p
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < N and 0 <= c + dc < N]


def on_edge(p: Cell) -> bool:
    """Whether a cell is on the map edge."""
    return p[0] in (0, N - 1) or p[1] in (0, N - 1)


class Ref:
    """A board as a dict cell -> terrain name (``None`` = empty) plus a set of ruins cells."""

    def __init__(self, rows: Sequence[str], ruins: Iterable[Cell] = ()) -> None:
        self.t: dict[Cell, str | None] = {}
        self.ruins = set(ruins)
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                self.t[(r, c)] = LEGEND.get(ch)
                if ch == "R":
                    self.ruins.add((r, c))

    def of(self, kind: str) -> set[Cell]:
        """The cells of one terrain."""
        return {p for p in ALL if self.t[p] == kind}

    def empty(self, p: Cell) -> bool:
        """Whether nothing is drawn on a cell."""
        return self.t[p] is None

    def clusters(self, kind: str) -> list[set[Cell]]:
        """The orthogonally connected groups of one terrain (flood fill)."""
        left = self.of(kind)
        out = []
        while left:
            start = left.pop()
            comp = {start}
            todo = [start]
            while todo:
                for q in nb(todo.pop()):
                    if q in left:
                        left.remove(q)
                        comp.add(q)
                        todo.append(q)
            out.append(comp)
        return out

    def touches(self, cells: Iterable[Cell], kind: str) -> bool:
        """Whether any cell has a neighbour of ``kind``."""
        return any(self.t[q] == kind for p in cells for q in nb(p))

    def closed(self, p: Cell) -> bool:
        """All four sides filled, the map edge counting as filled."""
        return all(not self.empty(q) for q in nb(p))

    def full(self, cells: Iterable[Cell]) -> bool:
        """Whether every cell is filled."""
        return all(not self.empty(p) for p in cells)

    def draw(self, terrain: str, cells: Iterable[Cell]) -> Ref:
        """A copy with ``cells`` drawn in ``terrain``."""
        out = Ref((), self.ruins)
        out.t = dict(self.t)
        for p in cells:
            out.t[p] = terrain
        return out


def _stoneside(ref: Ref) -> int:
    linked: set[Cell] = set()
    for cl in ref.clusters("forest"):
        ms = {q for p in cl for q in nb(p) if ref.t[q] == "mountain"}
        if len(ms) >= 2:
            linked |= ms
    return 3 * len(linked)


def _shoreside(ref: Ref) -> int:
    shore = 0
    for kind, other in (("farm", "water"), ("water", "farm")):
        for cl in ref.clusters(kind):
            if not any(on_edge(p) for p in cl) and not ref.touches(cl, other):
                shore += 3
    return shore


def _great_city(ref: Ref) -> int:
    free = [len(cl) for cl in ref.clusters("village") if not ref.touches(cl, "mountain")]
    return max(free) if free else 0


def _greengold(ref: Ref) -> int:
    gg = 0
    for cl in ref.clusters("village"):
        kinds = {ref.t[q] for p in cl for q in nb(p) if q not in cl} & TYPES
        if len(kinds) >= 3:
            gg += 3
    return gg


def _shieldgate(ref: Ref) -> int:
    sizes = sorted((len(cl) for cl in ref.clusters("village")), reverse=True)
    return 2 * sizes[1] if len(sizes) > 1 else 0


LINES = [[(r, c) for c in range(N)] for r in range(N)] + [[(r, c) for r in range(N)] for c in range(N)]


def _lost_barony(ref: Ref) -> int:
    best = 0
    for k in range(1, N + 1):
        if any(ref.full([(r + i, c + j) for i in range(k) for j in range(k)])
               for r in range(N - k + 1) for c in range(N - k + 1)):
            best = k
    return 3 * best


REF_RULES: dict[str, Callable[[Ref], int]] = {
    "sentinel-wood": lambda ref: sum(1 for p in ref.of("forest") if on_edge(p)),
    "greenbough": lambda ref: len({r for r, _ in ref.of("forest")})
    + len({c for _, c in ref.of("forest")}),
    "treetower": lambda ref: sum(1 for p in ref.of("forest") if ref.closed(p)),
    "stoneside-forest": _stoneside,
    "canal-lake": lambda ref: (sum(1 for p in ref.of("water") if ref.touches([p], "farm"))
                               + sum(1 for p in ref.of("farm") if ref.touches([p], "water"))),
    "mages-valley": lambda ref: (
        2 * sum(1 for p in ref.of("water") if ref.touches([p], "mountain"))
        + sum(1 for p in ref.of("farm") if ref.touches([p], "mountain"))),
    "the-golden-granary": lambda ref: (
        sum(1 for p in ref.of("water") if any(q in ref.ruins for q in nb(p)))
        + 3 * sum(1 for p in ref.of("farm") if p in ref.ruins)),
    "shoreside-expanse": _shoreside,
    "wildholds": lambda ref: 8 * sum(1 for cl in ref.clusters("village") if len(cl) >= 6),
    "great-city": _great_city,
    "greengold-plains": _greengold,
    "shieldgate": _shieldgate,
    "borderlands": lambda ref: 6 * sum(1 for ln in LINES if ref.full(ln)),
    "lost-barony": _lost_barony,
    "the-broken-road": lambda ref: 3 * sum(
        1 for d in range(N) if ref.full([(d + k, k) for k in range(N - d)])),
    "the-cauldrons": lambda ref: sum(1 for p in ALL if ref.empty(p) and ref.closed(p)),
}
"""Each scoring card's rule, written plainly."""


def ref_rules(ref: Ref, ids: Iterable[str] | None = None) -> dict[str, int]:
    """The stars of the scoring cards ``ids`` (all 16 by default), by card id."""
    return {i: REF_RULES[i](ref) for i in (REF_RULES if ids is None else ids)}


def ref_penalty(ref: Ref) -> int:
    """Empty cells next to at least one monster, each once."""
    return sum(1 for p in ALL if ref.empty(p) and ref.touches([p], "monster"))


def ref_coins(ref: Ref) -> int:
    """Mountains off the edge with all four neighbours filled."""
    return sum(1 for p in ref.of("mountain")
               if len(nb(p)) == 4 and all(not ref.empty(q) for q in nb(p)))


def ref_orientations(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The distinct rotations and mirror images of a shape, each moved to (0, 0)."""
    def norm(s: Iterable[Cell]) -> frozenset[Cell]:
        s = list(s)
        r0, c0 = min(r for r, _ in s), min(c for _, c in s)
        return frozenset((r - r0, c - c0) for r, c in s)

    out: list[frozenset[Cell]] = []
    shape = list(cells)
    for _ in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            o = norm(shape)
            if o not in out:
                out.append(o)
        shape = [(r, -c) for r, c in shape]
    return out


def ref_placements(ref: Ref, cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Every placement of a shape on empty cells: each orientation at each offset."""
    found = []
    for o in ref_orientations(cells):
        for dr in range(N):
            for dc in range(N):
                moved = frozenset((r + dr, c + dc) for r, c in o)
                if all(p in ref.t and ref.empty(p) for p in moved) and moved not in found:
                    found.append(moved)
    return found
