"""Hex-map geometry of the Trains boards: adjacency from the row layout, minus barriers."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import TrainsMap


def slug(name: str) -> str:
    """A city's id from its printed name ("Shinjuku Shibuya" -> ``shinjuku-shibuya``)."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def rule_pairs(m: TrainsMap) -> Iterator[tuple[int, int]]:
    """Neighbouring hex pairs by the layout rule (before barriers).

    Same row: j and j+1. Row i to row i+1: same j; from an even row also j-1, from an odd row
    also j+1 (odd rows are shifted half a hex to the right).
    """
    at = {(h.row, h.col): h.id for h in m.hexes}
    for h in m.hexes:
        below = [(h.row + 1, h.col), (h.row + 1, h.col - 1 if h.row % 2 == 0 else h.col + 1)]
        for other in [(h.row, h.col + 1), *below]:
            if other in at:
                a, b = h.id, at[other]
                yield (min(a, b), max(a, b))


def adjacency(m: TrainsMap) -> dict[int, set[int]]:
    """Hex id -> neighbouring hex ids, barriers removed."""
    blocked = {tuple(sorted(pair)) for pair in m.barriers if len(pair) == 2}
    out: dict[int, set[int]] = {h.id: set() for h in m.hexes}
    for a, b in rule_pairs(m):
        if (a, b) not in blocked:
            out[a].add(b)
            out[b].add(a)
    return out
