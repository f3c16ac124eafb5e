"""Terra's simulation statistics: expected points per card for each bot, answers on a bar line,
score spread."""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from ...core.content import GameContent
from ...sim.runner import GameRow
from .engine import TerraWorld


def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Terra-specific aggregates of a run."""
    world = TerraWorld.from_content(content)
    per_bot: dict[str, list[int]] = defaultdict(list)
    per_card: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    margins, spreads = [], []
    for row in rows:
        cards = row.details.get("cards", [])
        for card_id, points in zip(cards, row.details.get("card_points", []), strict=False):
            for seat, p in enumerate(points):
                per_bot[row.seats[seat]].append(p)
                per_card[card_id][row.seats[seat]].append(p)
        ordered = sorted(row.scores, reverse=True)
        if len(ordered) > 1:
            margins.append(ordered[0] - ordered[1])
            spreads.append(statistics.pstdev(row.scores))
    answers = [hit for c in world.cards for hit in c.on_line]
    return {
        "points_per_card": {bot: round(statistics.fmean(v), 3) for bot, v in sorted(per_bot.items())},
        "points_per_card_by_card": {
            card: {bot: round(statistics.fmean(v), 2) for bot, v in sorted(bots.items())}
            for card, bots in sorted(per_card.items())},
        "answers_on_a_line": {"share": round(sum(answers) / len(answers), 4) if answers else 0.0,
                              "count": sum(answers), "of": len(answers)},
        "score_spread": {"mean_stdev": round(statistics.fmean(spreads), 3) if spreads else 0.0,
                         "mean_winning_margin": round(statistics.fmean(margins), 3)
                         if margins else 0.0},
    }
