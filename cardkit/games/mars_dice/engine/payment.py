"""Exact payment with wild tokens.

A cost is a tuple of ``(symbol index, count)`` (:data:`.world.Cost`). The player pays each symbol
with dice showing it first and wild tokens for the rest: keeping a wild is never worse than
keeping a die, so this is the only payment the engine offers (no choice to make). A symbol index
of -1 (not a die face) can only be paid with wilds.
"""

from __future__ import annotations

from .world import Cost


def wilds_needed(cost: Cost, dice: list[int]) -> int:
    """Wild tokens needed to pay ``cost`` after the matching dice."""
    need = 0
    for sym, n in cost:
        have = dice[sym] if sym >= 0 else 0
        if have < n:
            need += n - have
    return need


def affordable(cost: Cost, dice: list[int], wilds: int) -> bool:
    """Whether ``cost`` can be paid exactly from ``dice`` and ``wilds``."""
    return wilds_needed(cost, dice) <= wilds


def split(cost: Cost, dice: list[int]) -> tuple[list[tuple[int, int]], int]:
    """How ``cost`` is paid: ``(symbol index, dice)`` used, and the wild tokens."""
    used = []
    wild = 0
    for sym, n in cost:
        have = dice[sym] if sym >= 0 else 0
        take = min(have, n)
        if take:
            used.append((sym, take))
        wild += n - take
    return used, wild
