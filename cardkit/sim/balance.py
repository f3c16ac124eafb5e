"""What every game's balance report (``cardkit simulate GAME … --balance FILE.md``) shares: the
markers of the report block, the rules fingerprint, the card win-rate-delta bound and the
number formats of the tables."""

from __future__ import annotations

import hashlib
from typing import Any

#: The Markdown block a balance page pastes (its test finds it between these).
BEGIN = "<!-- balance-report: begin -->"
END = "<!-- balance-report: end -->"


def fingerprint(world: Any) -> str:
    """A short hash of the rules as play sees them: the ``repr`` of a game's compiled world
    (frozen dataclasses of numbers and ids; no names, notes or translations)."""
    return hashlib.sha256(repr(world).encode()).hexdigest()[:16]


def delta_violations(cards: dict[str, dict[str, Any]], bound: float, verb: str) -> list[str]:
    """Every card whose win-rate delta lies outside ``±bound`` (or has none: ``verb`` by every
    player or by none), as readable lines, sorted by id."""
    out = []
    for card, row in sorted(cards.items()):
        if row.get("delta") is None:
            out.append(f"{card}: no win-rate delta ({verb} by every player or by none)")
        elif abs(row["delta"]) > bound:
            out.append(f"{card}: win-rate delta {100 * row['delta']:+.1f} pp is outside "
                       f"±{100 * bound:.0f} pp")
    return out


def pp(x: float | None) -> str:
    """A difference of proportions in percentage points (``+3.2``)."""
    return "n/a" if x is None else f"{100 * x:+.1f}"


def pct(x: float | None) -> str:
    """A proportion in per cent (``24.3 %``)."""
    return "n/a" if x is None else f"{100 * x:.1f} %"
