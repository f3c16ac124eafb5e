"""Exact payment with wild tokens.

A cost is a tuple of ``(symbol index, count)`` (:data:`.world.Cost`). Each symbol is paid with a
die showing it or a wild token. The default payment spends dice first and wild tokens for the
rest; the player may instead pay a symbol it holds a die of with a spare wild token (keeping the
die for something else): :func:`alternatives` lists those choices, :func:`split` carries one
out. A symbol index of -1 (not a die face) can only be paid with wilds.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

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


def split(cost: Cost, dice: list[int],
          wild_for: tuple[int, ...] = ()) -> tuple[list[tuple[int, int]], int]:
    """How ``cost`` is paid: ``(symbol index, dice)`` used, and the wild tokens — dice first,
    except one die fewer (and one wild more) per symbol index in ``wild_for``."""
    used = []
    wild = 0
    for sym, n in cost:
        have = dice[sym] if sym >= 0 else 0
        take = max(0, min(have, n) - wild_for.count(sym))
        if take:
            used.append((sym, take))
        wild += n - take
    return used, wild


def alternatives(cost: Cost, dice: list[int], wilds: int) -> list[tuple[int, ...]]:
    """The other ways to pay an affordable ``cost``: every multiset of symbol indices (sorted,
    at least one) whose dice the player keeps, paying a spare wild token for each instead."""
    spare = wilds - wilds_needed(cost, dice)
    if spare <= 0:
        return []
    dice_paid = [(sym, min(dice[sym], n)) for sym, n in cost if sym >= 0 and dice[sym]]
    pool = [sym for sym, k in dice_paid for _ in range(k)]
    out: set[tuple[int, ...]] = set()
    for size in range(1, min(spare, len(pool)) + 1):
        out.update(combinations_with_replacement(sorted(set(pool)), size))
    limit = dict(dice_paid)
    return sorted(c for c in out if all(c.count(sym) <= limit[sym] for sym in set(c)))
