"""Statistics of a batch: win rates with Wilson intervals, ties, lengths, first-player edge."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from .runner import GameRow

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def spread(values: list[float]) -> dict[str, Any]:
    """Count, mean, population standard deviation, minimum, median and maximum (``{"n": 0}``
    for no values): the score spreads of the games' reports."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    return {"n": len(values), "mean": round(statistics.fmean(values), 3),
            "stdev": round(statistics.pstdev(values), 3), "min": ordered[0],
            "median": statistics.median(ordered), "max": ordered[-1]}


def win_delta(w1: float, n1: int, w2: float, n2: int) -> dict[str, Any]:
    """Win-rate difference of two groups (``w`` win credit of ``n`` player-games each) with its
    95 % interval; ``None`` when a group is empty. The card win-rate deltas of the games'
    reports.

    The interval is Newcombe's hybrid score interval (his method 10: the two Wilson intervals
    combined), not the normal approximation: with a few player-games in a group — a card
    picked 5 times in a small run, or by every winner — the normal interval collapses to a
    width near zero and calls noise significant; the hybrid one keeps its coverage near 95 %."""
    if not n1 or not n2:
        return {"delta": None, "ci95": None}
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return {"delta": round(d, 4), "ci95": [round(low, 4), round(high, 4)]}


def quantiles(values: list[float]) -> dict[str, float]:
    """Mean, minimum, 10th/50th/90th percentiles and maximum."""
    if not values:
        return {}
    ordered = sorted(values)

    def pct(q: float) -> float:
        k = (len(ordered) - 1) * q
        lo, hi = math.floor(k), math.ceil(k)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)

    return {"mean": round(statistics.fmean(ordered), 4), "min": ordered[0],
            "p10": round(pct(0.1), 4), "p50": round(pct(0.5), 4), "p90": round(pct(0.9), 4),
            "max": ordered[-1]}


@dataclass(slots=True)
class BotLine:
    """Aggregates for one bot (over every seat it sat in)."""

    bot: str
    games: int = 0
    wins: int = 0  # outright
    ties: int = 0  # shared first place
    share: float = 0.0  # wins + shared wins split between the tied players

    def to_dict(self, scores: list[float]) -> dict[str, Any]:
        """JSON-ready form with the win rate and its interval."""
        lo, hi = wilson(self.share, self.games)
        return {"bot": self.bot, "games": self.games, "wins": self.wins, "ties": self.ties,
                "win_rate": round(self.share / self.games, 4) if self.games else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)], "score": quantiles(scores)}


def summarise(rows: list[GameRow]) -> dict[str, Any]:
    """The aggregate block of a run's report."""
    lines: dict[str, BotLine] = {}
    scores: dict[str, list[float]] = defaultdict(list)
    first_share, counted = 0.0, 0
    for row in rows:
        n_win = len(row.winners)
        for seat, bot in enumerate(row.seats):
            line = lines.setdefault(bot, BotLine(bot))
            line.games += 1
            scores[bot].append(row.scores[seat])
            if seat in row.winners:
                line.share += 1.0 / n_win
                if n_win == 1:
                    line.wins += 1
                else:
                    line.ties += 1
        if not row.truncated:
            counted += 1
            # the seat that moved first: seat 0 unless the game says otherwise (details["first"],
            # e.g. Terra's rulebook rule: the player left of the most knowledgeable one)
            first = (row.details or {}).get("first", 0)
            if first in row.winners:
                first_share += 1.0 / n_win
    players = len(rows[0].seats) if rows else 0
    lo, hi = wilson(first_share, counted)
    reasons: dict[str, int] = defaultdict(int)
    for row in rows:
        reasons[row.end_reason] += 1
    return {
        "games": len(rows),
        "bots": [lines[b].to_dict(scores[b]) for b in sorted(lines)],
        "ties": sum(1 for r in rows if len(r.winners) > 1),
        "turn_cap_hits": sum(1 for r in rows if r.truncated),
        "length": quantiles([float(r.turns) for r in rows]),
        "end_reasons": dict(sorted(reasons.items())),
        "first_player": {"win_share": round(first_share / counted, 4) if counted else 0.0,
                         "expected": round(1 / players, 4) if players else 0.0,
                         "ci95": [round(lo, 4), round(hi, 4)]},
    }
