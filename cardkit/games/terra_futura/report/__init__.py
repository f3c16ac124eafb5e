"""Terra Futura's simulation statistics: score spreads, pollution, how often each level card is
picked and how its pickers fare, the scoring cards' win rates and the activations per game.

A shared first place counts as ``1/k`` of a win for each of the ``k`` tied players. A card's
win-rate delta is the difference of two proportions (pickers minus the others) with a 95 %
hybrid score interval (:func:`~cardkit.sim.stats.win_delta`); the scoring cards' rates carry Wilson intervals.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ....core.content import GameContent
from ....sim.runner import GameRow
from ....sim.stats import spread, wilson, win_delta

#: Picks a card needs before the text report lists its win-rate delta (fewer: mostly noise).
MIN_PICKS = 10




def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"n": n, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}




def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Terra Futura aggregates of a run.

    - ``scores``: the score spread per bot and over all seats;
    - ``pollution``: cubes placed per seat and per game, cards with pollution and inactive
      cards per seat, cubes that found no place;
    - ``cards``: per level I/II card, the share of player-games that picked it, the win rate of
      its pickers and of the others, and the win-rate delta with a 95 % interval;
    - ``scoring_cards``: per scoring card, the win rate of the players who held it and of those
      who chose its method (Wilson intervals), and how often its pattern was chosen;
    - ``activations``: card activations resolved per game.
    """
    by_bot: dict[str, list[float]] = defaultdict(list)
    every: list[float] = []
    cubes_seat: list[float] = []
    cubes_game: list[float] = []
    polluted: list[float] = []
    inactive: list[float] = []
    unplaced = 0
    activations: list[float] = []
    level_cards = [r.obj.id for r in content.of("cards") if r.obj.level in ("I", "II")]
    picked: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])  # win credit, player-games
    held: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    method: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    pattern: dict[str, int] = defaultdict(int)
    total_wins = 0.0
    player_games = 0
    for row in rows:
        seats = row.details.get("seats") if row.details else None
        if not seats:
            continue
        credit = [1.0 / len(row.winners) if s in row.winners else 0.0
                  for s in range(len(row.seats))]
        cubes_game.append(float(sum(d["pollution"] for d in seats)))
        activations.append(float(sum(d["activations"] for d in seats)))
        for s, d in enumerate(seats):
            by_bot[row.seats[s]].append(row.scores[s])
            every.append(row.scores[s])
            cubes_seat.append(float(d["pollution"]))
            polluted.append(float(d["polluted"]))
            inactive.append(float(d["inactive"]))
            unplaced += d["unplaced"]
            total_wins += credit[s]
            player_games += 1
            for card in set(d["taken"]):
                picked[card][0] += credit[s]
                picked[card][1] += 1
            for card in d["scoring"]:
                held[card][0] += credit[s]
                held[card][1] += 1
            if d["method"] is not None:
                method[d["method"]][0] += credit[s]
                method[d["method"]][1] += 1
            if d["pattern"] is not None:
                pattern[d["pattern"]] += 1
    cards = {}
    for card in level_cards:
        w, n = picked[card]
        n = int(n)
        cards[card] = {"picked": n, "pick_share": round(n / player_games, 4) if player_games
                       else 0.0,
                       "win_rate_picked": round(w / n, 4) if n else None,
                       "win_rate_not": round((total_wins - w) / (player_games - n), 4)
                       if player_games - n else None,
                       **win_delta(w, n, total_wins - w, player_games - n)}
    scoring = {}
    for rec in sorted(content.of("scoring"), key=lambda r: r.obj.number):
        sid = rec.obj.id
        scoring[sid] = {"held": _rate(held[sid][0], int(held[sid][1])),
                        "method": _rate(method[sid][0], int(method[sid][1])),
                        "pattern_chosen": pattern[sid]}
    return {
        "scores": {"all": spread(every), "by_bot": {b: spread(v) for b, v in
                                                     sorted(by_bot.items())}},
        "pollution": {"per_seat": spread(cubes_seat), "per_game": spread(cubes_game),
                      "polluted_cards": spread(polluted), "inactive_cards": spread(inactive),
                      "unplaced": unplaced},
        "cards": cards,
        "scoring_cards": scoring,
        "activations": spread(activations),
    }


def extras_text(extras: dict[str, Any]) -> list[str]:
    """The lines ``cardkit simulate`` prints for these statistics (the JSON has them all); the
    card deltas listed are of cards picked at least ``MIN_PICKS`` times."""
    lines = []
    for bot, s in extras.get("scores", {}).get("by_bot", {}).items():
        if s.get("n"):
            lines.append(f"score {bot}: mean {s['mean']:.1f}, stdev {s['stdev']:.1f}, "
                         f"{s['min']:g}-{s['max']:g}")
    p = extras.get("pollution", {})
    if p.get("per_seat", {}).get("n"):
        lines.append(f"pollution per seat: mean {p['per_seat']['mean']:.2f} cubes (per game "
                     f"{p['per_game']['mean']:.1f}); polluted cards {p['polluted_cards']['mean']:.2f}"
                     f", inactive {p['inactive_cards']['mean']:.2f}; unplaced {p['unplaced']}")
    rated = [(c, d) for c, d in extras.get("cards", {}).items()
             if d["delta"] is not None and d["picked"] >= MIN_PICKS]
    rated.sort(key=lambda cd: (-cd[1]["delta"], cd[0]))

    def card_line(card: str, d: dict[str, Any]) -> str:
        lo, hi = d["ci95"]
        return (f"  {card:<28}{d['delta']:>+7.3f} [{lo:+.3f}, {hi:+.3f}]  picked "
                f"{100 * d['pick_share']:.0f}%")

    if rated:
        lines.append("card win-rate delta (pickers - others), most positive:")
        lines.extend(card_line(c, d) for c, d in rated[:5])
        lines.append("most negative:")
        lines.extend(card_line(c, d) for c, d in rated[-5:][::-1])
    elif extras.get("cards"):
        lines.append(f"card win-rate delta: no card picked {MIN_PICKS} times yet")
    sc = [(d["held"]["win_rate"], c) for c, d in extras.get("scoring_cards", {}).items()
          if d["held"]["n"]]
    if sc:
        lo, hi = min(sc), max(sc)
        lines.append(f"scoring cards' win rate when held: {lo[0]:.3f} ({lo[1]}) to "
                     f"{hi[0]:.3f} ({hi[1]})")
    a = extras.get("activations", {})
    if a.get("n"):
        lines.append(f"card activations per game: mean {a['mean']:.1f}")
    return lines
