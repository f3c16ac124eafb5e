"""Terra's simulation statistics: points per card (per bot, per difficulty, per card, and their
distribution, so the hard cards show), answers on a bar line, score spread, the first player's
and each seat's win share.

:func:`card_points` is the per-card table for "difficulty from data": for each card id, the
games it was dealt in, the mean points per player and per marker placed on it.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from .barstats import bar_report, bar_report_text
from ....core.content import GameContent
from ....sim.runner import GameRow
from ....sim.stats import quantiles
from ..engine import DIFFICULTIES, TerraWorld


def card_points(rows: list[GameRow]) -> dict[str, dict[str, float]]:
    """Each card id -> ``dealt`` (games it was played in), ``per_player`` (mean points a player
    scored on it) and ``per_marker`` (points per marker placed on it, all players together)."""
    points: dict[str, list[int]] = defaultdict(list)
    markers: dict[str, int] = defaultdict(int)
    dealt: dict[str, int] = defaultdict(int)
    for row in rows:
        cards = row.details.get("cards", [])
        placed = row.details.get("card_markers", [])
        for i, (card_id, pts) in enumerate(zip(cards, row.details.get("card_points", []),
                                               strict=False)):
            dealt[card_id] += 1
            points[card_id] += list(pts)
            markers[card_id] += sum(placed[i]) if i < len(placed) else 0
    return {card: {"dealt": dealt[card],
                   "per_player": round(statistics.fmean(points[card]), 3),
                   "per_marker": round(sum(points[card]) / markers[card], 3)
                   if markers[card] else 0.0}
            for card in sorted(points)}


def _seat_shares(rows: list[GameRow]) -> tuple[list[float], float, int]:
    """Win share per seat index, the first player's win share, games counted."""
    seats = len(rows[0].seats) if rows else 0
    shares = [0.0] * seats
    first, counted = 0.0, 0
    for row in rows:
        if row.truncated or not row.winners:
            continue
        counted += 1
        for w in row.winners:
            shares[w] += 1.0 / len(row.winners)
        if row.details.get("first", 0) in row.winners:
            first += 1.0 / len(row.winners)
    return shares, first, counted


def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Terra-specific aggregates of a run."""
    world = TerraWorld.from_content(content)
    difficulty = {c.id: c.difficulty for c in world.cards}
    per_bot: dict[str, list[int]] = defaultdict(list)
    per_card: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    per_difficulty: dict[str, list[int]] = defaultdict(list)
    per_difficulty_bot: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    margins, spreads = [], []
    for row in rows:
        cards = row.details.get("cards", [])
        for card_id, points in zip(cards, row.details.get("card_points", []), strict=False):
            d = difficulty.get(card_id, "unknown")
            for seat, p in enumerate(points):
                per_bot[row.seats[seat]].append(p)
                per_card[card_id][row.seats[seat]].append(p)
                per_difficulty[d].append(p)
                per_difficulty_bot[d][row.seats[seat]].append(p)
        ordered = sorted(row.scores, reverse=True)
        if len(ordered) > 1:
            margins.append(ordered[0] - ordered[1])
            spreads.append(statistics.pstdev(row.scores))
    answers = [hit for c in world.cards for hit in c.on_line]
    cards = card_points(rows)
    order = sorted(per_difficulty, key=lambda d: (DIFFICULTIES.index(d)
                                                  if d in DIFFICULTIES else 9, d))
    ranked = sorted(cards, key=lambda c: (cards[c]["per_player"], c))
    shares, first, counted = _seat_shares(rows)
    return {
        "points_per_card": {bot: round(statistics.fmean(v), 3) for bot, v in sorted(per_bot.items())},
        "points_per_card_by_difficulty": {
            d: {"mean": round(statistics.fmean(per_difficulty[d]), 3),
                "bots": {bot: round(statistics.fmean(v), 3)
                         for bot, v in sorted(per_difficulty_bot[d].items())}}
            for d in order},
        "card_points_distribution": {
            "per_player": quantiles([cards[c]["per_player"] for c in cards]) if cards else {},
            "per_marker": quantiles([cards[c]["per_marker"] for c in cards]) if cards else {},
            "hardest": ranked[:5], "easiest": ranked[::-1][:5]},
        "points_per_card_by_card": {
            card: {bot: round(statistics.fmean(v), 2) for bot, v in sorted(bots.items())}
            for card, bots in sorted(per_card.items())},
        "cards": {c: {**v, "difficulty": difficulty.get(c, "unknown")} for c, v in cards.items()},
        "answers_on_a_line": {"share": round(sum(answers) / len(answers), 4) if answers else 0.0,
                              "count": sum(answers), "of": len(answers)},
        "score_spread": {"mean_stdev": round(statistics.fmean(spreads), 3) if spreads else 0.0,
                         "mean_winning_margin": round(statistics.fmean(margins), 3)
                         if margins else 0.0},
        "first_player": {"win_share": round(first / counted, 4) if counted else 0.0,
                         "expected": round(1 / len(shares), 4) if shares else 0.0,
                         "games": counted},
        "seat_win_rates": [round(s / counted, 4) if counted else 0.0 for s in shares],
        "bars": bar_report(content),
        # for consumers (the site): this run's difficulties easiest first (the JSON sorts keys)
        "difficulty_order": order,
    }


def extras_text(extras: dict[str, Any]) -> list[str]:
    """Lines for the text report: points by difficulty, the card distribution, seats."""
    lines = []
    by_d = extras.get("points_per_card_by_difficulty", {})
    if by_d:
        lines.append("points per card by difficulty: " + ", ".join(
            f"{d} {v['mean']:.2f}" for d, v in by_d.items()))
    dist = extras.get("card_points_distribution", {})
    if dist.get("per_player"):
        q = dist["per_player"]
        lines.append("cards, mean points per player: " + ", ".join(
            f"{k} {v:.2f}" for k, v in q.items()))
        lines.append("hardest cards: " + ", ".join(dist.get("hardest", [])))
    if "first_player" in extras:
        fp = extras["first_player"]
        lines.append(f"first player (card 1) win share: {fp['win_share']:.3f} "
                     f"(expected {fp['expected']:.3f})")
    if extras.get("seat_win_rates"):
        lines.append("seat win shares: " + ", ".join(
            f"{i} {v:.3f}" for i, v in enumerate(extras["seat_win_rates"])))
    if extras.get("bars"):
        lines += bar_report_text(extras["bars"])
    return lines
