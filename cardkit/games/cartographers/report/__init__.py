"""Cartographers' simulation statistics: scores per edict set, the spread of each scoring card,
how often no shape fits, the monster penalty per game and the solo titles."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any

from ....core.content import GameContent
from ....sim.runner import GameRow
from ....sim.stats import spread


def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Cartographers-specific aggregates of a run.

    - ``scores_by_edicts``: the score spread of every seat, per set of four edicts (A / B / C / D);
    - ``scores_with_card``: the score spread of the games each scoring card was in play;
    - ``scoring_cards``: the stars each scoring card gave per scoring (a card scores in two
      seasons), per bot and over all;
    - ``no_shape_fits``: drawings where no option fitted (the 1×1 fallback) and where a ruins
      card's requirement could not be met, as counts and shares of all drawings;
    - ``monster_penalty``: stars lost to monsters per seat and game;
    - ``solo``: rating spread and how often each title was earned (solo runs only).
    """
    by_edicts: dict[str, list[float]] = defaultdict(list)
    per_card: dict[str, list[float]] = defaultdict(list)
    per_card_bot: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    with_card: dict[str, list[float]] = defaultdict(list)
    monsters: list[float] = []
    draws = no_fit = ruins = 0
    ratings: list[float] = []
    titles: Counter[str] = Counter()
    season_letters = [tuple(r.obj.edicts) for r in
                      sorted(content.of("seasons"), key=lambda r: r.obj.order)]
    for row in rows:
        d = row.details
        if not d:
            continue
        edicts = d["edicts"]
        by_edicts[" / ".join(edicts[k] for k in sorted(edicts))].extend(row.scores)
        for card in set(edicts.values()):
            with_card[card].extend(row.scores)
        for k, season in enumerate(d["seasons"]):
            first, second = season_letters[k]
            for seat, (a, b, _coins, _m) in enumerate(season):
                for letter, stars in ((first, a), (second, b)):
                    per_card[edicts[letter]].append(stars)
                    per_card_bot[edicts[letter]][row.seats[seat]].append(stars)
        for seat in range(len(row.seats)):
            monsters.append(sum(season[seat][3] for season in d["seasons"]))
        draws += d["draws"]
        no_fit += sum(d["no_fit"])
        ruins += sum(d["ruins_fallback"])
        if "solo" in d:
            ratings.append(d["solo"]["rating"])
            titles[d["solo"]["title"]] += 1
    out: dict[str, Any] = {
        "scores_by_edicts": {k: spread(v) for k, v in sorted(by_edicts.items())},
        "scores_with_card": {k: spread(v) for k, v in sorted(with_card.items())},
        "scoring_cards": {card: {"all": spread(v),
                                 "by_bot": {bot: round(statistics.fmean(s), 3)
                                            for bot, s in sorted(per_card_bot[card].items())}}
                          for card, v in sorted(per_card.items())},
        "no_shape_fits": {"draws": draws, "no_fit": no_fit, "ruins_unmet": ruins,
                          "no_fit_share": round(no_fit / draws, 5) if draws else 0.0,
                          "ruins_unmet_share": round(ruins / draws, 5) if draws else 0.0},
        "monster_penalty": spread(monsters) if monsters else {},
    }
    if ratings:
        order = [r.id for r in content.of("titles")]
        out["solo"] = {"rating": spread(ratings),
                       "titles": {t: titles[t] for t in order if titles[t]}}
    return out


def extras_text(extras: dict[str, Any]) -> list[str]:
    """The lines ``cardkit simulate`` prints for these statistics (the JSON has them all)."""
    lines = []
    nf = extras.get("no_shape_fits", {})
    if nf:
        lines.append(f"no shape fits: {nf['no_fit']} of {nf['draws']} drawings "
                     f"({100 * nf['no_fit_share']:.2f}%); ruins not coverable "
                     f"{nf['ruins_unmet']} ({100 * nf['ruins_unmet_share']:.2f}%)")
    mp = extras.get("monster_penalty", {})
    if mp:
        lines.append(f"monster penalty per game: mean {mp['mean']:.1f}, median "
                     f"{mp['median']:g}, max {mp['max']:g}")
    cards = extras.get("scoring_cards", {})
    if cards:
        lines.append("stars per scoring (mean, stdev, max):")
        for card, data in sorted(cards.items(), key=lambda kv: -kv[1]["all"]["mean"]):
            a = data["all"]
            lines.append(f"  {card:<22}{a['mean']:>7.1f}{a['stdev']:>7.1f}{a['max']:>6g}")
    solo = extras.get("solo")
    if solo:
        r = solo["rating"]
        lines.append(f"solo rating: mean {r['mean']:.1f}, median {r['median']:g}; titles: "
                     + ", ".join(f"{t} {n}" for t, n in solo["titles"].items()))
    return lines
