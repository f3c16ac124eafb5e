"""A Terra Futura territory: at most 3×3 cards, placement and activation.

Positions are ``(row, col)`` relative to the starting card at ``(0, 0)``; rows grow downwards.
The rules (Polish rulebook, seed 001; facts §3.4):

- a new card goes on an empty position orthogonally next to a card already placed, and the
  territory must stay within 3×3 (the starting card need not end up in the centre);
- placing a card activates every card in its row and its column, the new card once: at most
  5 cards (2 others in the row, 2 in the column);
- at the end, a scoring card's activation pattern names positions of the finished 3×3 grid
  (``(0, 0)`` its top-left card), activated once more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SIZE = 3
Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Territory:
    """The positions of one player's cards (immutable; :meth:`place` returns a new one)."""

    cells: frozenset[Pos] = frozenset({(0, 0)})

    def bounds(self) -> tuple[int, int, int, int]:
        """``(top, left, bottom, right)`` of the cards placed, inclusive."""
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return min(rows), min(cols), max(rows), max(cols)

    @property
    def full(self) -> bool:
        """Whether all 9 positions are taken."""
        return len(self.cells) == SIZE * SIZE

    def legal_positions(self) -> list[Pos]:
        """Empty positions next to a card that keep the territory within 3×3, in reading order."""
        top, left, bottom, right = self.bounds()
        out = set()
        for r, c in self.cells:
            for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if p in self.cells:
                    continue
                if max(bottom, p[0]) - min(top, p[0]) < SIZE and \
                        max(right, p[1]) - min(left, p[1]) < SIZE:
                    out.add(p)
        return sorted(out)

    def place(self, pos: Pos) -> Territory:
        """The territory with a card at ``pos``; ``ValueError`` for a position the rules forbid."""
        if pos not in self.legal_positions():
            raise ValueError(f"a card cannot go at {pos}: it must be next to a card, on an empty "
                             "position, and keep the territory within 3x3")
        return Territory(self.cells | {pos})

    def activated(self, pos: Pos) -> list[Pos]:
        """The cards a card placed at ``pos`` activates: its row and its column, itself once, in
        reading order."""
        if pos not in self.cells:
            raise ValueError(f"no card at {pos}")
        r0, c0 = pos
        return sorted(p for p in self.cells if p[0] == r0 or p[1] == c0)

    def grid(self, pos: Pos) -> Pos:
        """Where ``pos`` lies on the finished 3×3 grid (``(0, 0)`` top-left)."""
        if not self.full:
            raise ValueError("the territory is not finished yet")
        top, left, _, _ = self.bounds()
        return pos[0] - top, pos[1] - left

    def pattern(self, cells: Iterable[Pos]) -> list[Pos]:
        """The positions of the finished territory that an activation pattern names."""
        if not self.full:
            raise ValueError("the territory is not finished yet")
        top, left, _, _ = self.bounds()
        out = []
        for r, c in cells:
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                raise ValueError(f"pattern position {(r, c)} is off the 3x3 grid")
            out.append((top + r, left + c))
        return sorted(out)
