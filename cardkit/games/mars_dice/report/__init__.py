"""Mars Dice's simulation statistics: game length in turns, VP by source, how often each project
is played and how its players fare, the corporations' win rates and how often each is kept,
milestones and awards taken, end reasons and the solo win rate.

Everything comes from the rows' ``details()`` (see :mod:`.engine`): ``player_turns`` (per seat),
``rounds``, ``vp_by_source`` (per seat), ``corporation`` (per seat), ``played`` (per seat),
``milestones`` (id -> seat), ``awards`` (id -> seats), ``end_reason`` and, in solo,
``solo_won``. Optional keys are used when present: ``dealt`` (the corporations dealt per seat),
``milestones_in_play`` and ``awards_in_play``.

A shared first place counts as ``1/k`` of a win for each of the ``k`` tied players; a solo game is
won when the globals were done in time (``solo_won``), whatever the score. A project's
win-rate delta is the difference of two proportions (players who played it minus those who did
not) with a 95 % hybrid score interval (:func:`~cardkit.sim.stats.win_delta`); win rates of
corporations carry Wilson intervals.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ....core.content import GameContent
from ....sim.runner import GameRow
from ....sim.stats import spread, wilson, win_delta

#: Plays a project needs before the text report lists its win-rate delta (fewer: mostly noise).
MIN_PLAYS = 10
#: The VP sources of ``details()["vp_by_source"]``, in report order.
SOURCES = ("steps", "tiles", "cards_now", "cards_end", "conversions", "bonus", "milestones",
           "awards")




def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"n": n, "win_rate": round(wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)]}




def winners(row: GameRow) -> list[int]:
    """The seats that won: the best scores, or in solo the player when the globals were done in
    time (``details()["solo_won"]``, the engine's own ``winners()``)."""
    if len(row.seats) == 1 and row.details and "solo_won" in row.details:
        return [0] if row.details["solo_won"] else []
    return list(row.winners)


def credits(row: GameRow) -> list[float]:
    """Each seat's share of the win: ``1/k`` for each of ``k`` tied winners, else 0."""
    won = winners(row)
    return [1.0 / len(won) if s in won else 0.0 for s in range(len(row.seats))]


def _ids(content: GameContent, kind: str) -> list[str]:
    return [r.obj.id for r in content.of(kind)]


def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Mars Dice aggregates of a run.

    - ``turns``: player turns per game and per seat (by seat index), rounds, actions;
    - ``scores``: the score spread per bot and over all seats;
    - ``vp_by_source``: mean VP per seat from each source, and its share of all VP;
    - ``projects``: per project, its colour, the share of player-games that played it, the win
      rates of its players and of the others, and the delta with a 95 % interval;
    - ``corporations``: per corporation, how often it was kept (and dealt, when known) and its
      players' win rate (Wilson interval);
    - ``milestones`` / ``awards``: games in which each was taken, and how often by a winner;
    - ``end_reasons``: games per end reason; ``solo``: the solo win rate in 1-player runs.
    """
    projects = {r.obj.id: r.obj.colour for r in content.of("projects")}
    corps = _ids(content, "corporations")
    milestone_ids = _ids(content, "milestones")
    award_ids = _ids(content, "awards")
    game_turns: list[float] = []
    seat_turns: dict[int, list[float]] = defaultdict(list)
    rounds: list[float] = []
    actions: list[float] = []
    by_bot: dict[str, list[float]] = defaultdict(list)
    every: list[float] = []
    vp: dict[str, float] = defaultdict(float)
    played: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])  # win credit, player-games
    kept: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    dealt: dict[str, int] = defaultdict(int)
    knows_dealt = False
    milestones: dict[str, dict[str, int]] = {m: defaultdict(int) for m in milestone_ids}
    awards: dict[str, dict[str, int]] = {a: defaultdict(int) for a in award_ids}
    reasons: dict[str, int] = defaultdict(int)
    solo_games, solo_won = 0, 0
    won_vp: list[float] = []  # solo: the VP of the games won (a lost game has no score)
    total_wins, player_games, games = 0.0, 0, 0
    for row in rows:
        d = row.details or {}
        reasons[row.end_reason] += 1
        if "played" not in d:
            continue
        games += 1
        credit = credits(row)
        won = set(winners(row))
        turns = d.get("player_turns", [])
        game_turns.append(float(sum(turns)))
        for s, t in enumerate(turns):
            seat_turns[s].append(float(t))
        rounds.append(float(d.get("rounds", 0)))
        actions.append(float(row.turns))
        for s, bot in enumerate(row.seats):
            by_bot[bot].append(row.scores[s])
            every.append(row.scores[s])
            total_wins += credit[s]
            player_games += 1
            for source, n in (d.get("vp_by_source") or [{}] * len(row.seats))[s].items():
                vp[source] += n
            for card in set(d["played"][s]):
                played[card][0] += credit[s]
                played[card][1] += 1
            corp = (d.get("corporation") or [None] * len(row.seats))[s]
            if corp is not None:
                kept[corp][0] += credit[s]
                kept[corp][1] += 1
            if "dealt" in d:
                knows_dealt = True
                for c in d["dealt"][s]:
                    dealt[c] += 1
        if len(row.seats) == 1 and "solo_won" in d:
            solo_games += 1
            solo_won += bool(d["solo_won"])
            if d["solo_won"]:
                won_vp.append(row.scores[0])
        for kind, taken, in_play_key in (("milestones", milestones, "milestones_in_play"),
                                         ("awards", awards, "awards_in_play")):
            got = d.get(kind) or {}
            for item in d.get(in_play_key, got):
                taken.setdefault(item, defaultdict(int))["in_play"] += 1
            for item, who in got.items():
                seats = who if isinstance(who, list) else [who]
                if not seats or seats == [None]:
                    continue
                rec = taken.setdefault(item, defaultdict(int))
                rec["taken"] += 1
                rec["by_winner"] += any(s in won for s in seats)
    out_projects = {}
    for card, colour in projects.items():
        w, n = played[card]
        n = int(n)
        rest = player_games - n
        out_projects[card] = {
            "colour": colour, "played": n,
            "play_share": round(n / player_games, 4) if player_games else 0.0,
            "win_rate_played": round(w / n, 4) if n else None,
            "win_rate_not": round((total_wins - w) / rest, 4) if rest else None,
            **win_delta(w, n, total_wins - w, rest)}
    out_corps = {}
    for corp in corps:
        w, n = kept[corp]
        rec: dict[str, Any] = {"kept": int(n),
                               "kept_share": round(n / player_games, 4) if player_games else 0.0,
                               **_rate(w, int(n))}
        if knows_dealt:
            rec["dealt"] = dealt[corp]
            rec["keep_rate"] = round(n / dealt[corp], 4) if dealt[corp] else None
        out_corps[corp] = rec

    def taken_table(table: dict[str, dict[str, int]]) -> dict[str, Any]:
        out = {}
        for item, rec in table.items():
            n = rec.get("taken", 0)
            out[item] = {"in_play": rec.get("in_play", 0), "taken": n,
                         "taken_share": round(n / games, 4) if games else 0.0,
                         "by_winner": rec.get("by_winner", 0),
                         "by_winner_share": round(rec.get("by_winner", 0) / n, 4) if n else None}
        return out

    total_vp = sum(vp.values())
    sources = [s for s in SOURCES if s in vp] + sorted(set(vp) - set(SOURCES))
    out: dict[str, Any] = {
        "turns": {"per_game": spread(game_turns),
                  "per_seat": {str(s): spread(v) for s, v in sorted(seat_turns.items())},
                  "rounds": spread(rounds), "actions": spread(actions)},
        "scores": {"all": spread(every),
                   "by_bot": {b: spread(v) for b, v in sorted(by_bot.items())}},
        "vp_by_source": {s: {"mean": round(vp[s] / player_games, 3) if player_games else 0.0,
                             "share": round(vp[s] / total_vp, 4) if total_vp else 0.0}
                         for s in sources},
        "projects": out_projects,
        "corporations": out_corps,
        "milestones": taken_table(milestones),
        "awards": taken_table(awards),
        "end_reasons": dict(sorted(reasons.items())),
    }
    if solo_games:
        out["solo"] = {"games": solo_games, "won": solo_won, **_rate(solo_won, solo_games),
                       "won_vp": spread(won_vp)}
    return out


def extras_text(extras: dict[str, Any]) -> list[str]:
    """The lines ``cardkit simulate`` prints for these statistics (the JSON has them all); the
    project deltas listed are of projects played at least ``MIN_PLAYS`` times."""
    lines = []
    t = extras.get("turns", {})
    if t.get("per_game", {}).get("n"):
        seats = ", ".join(f"seat {s} {v['mean']:.1f}" for s, v in t.get("per_seat", {}).items()
                          if v.get("n"))
        lines.append(f"player turns per game: mean {t['per_game']['mean']:.1f} "
                     f"({t['per_game']['min']:g}-{t['per_game']['max']:g}); rounds mean "
                     f"{t['rounds']['mean']:.1f}; per seat: {seats}")
    solo = extras.get("solo")
    for bot, s in extras.get("scores", {}).get("by_bot", {}).items():
        if s.get("n") and not solo:  # solo: a lost game has no score (below)
            lines.append(f"score {bot}: mean {s['mean']:.1f}, stdev {s['stdev']:.1f}, "
                         f"{s['min']:g}-{s['max']:g}")
    vp = extras.get("vp_by_source", {})
    if vp:
        lines.append("VP per seat by source: " + ", ".join(
            f"{s} {v['mean']:.1f}" for s, v in vp.items()))
    rated = [(c, d) for c, d in extras.get("projects", {}).items()
             if d["delta"] is not None and d["played"] >= MIN_PLAYS]
    rated.sort(key=lambda cd: (-cd[1]["delta"], cd[0]))

    def card_line(card: str, d: dict[str, Any]) -> str:
        lo, hi = d["ci95"]
        return (f"  {card:<28}{d['delta']:>+7.3f} [{lo:+.3f}, {hi:+.3f}]  played "
                f"{100 * d['play_share']:.0f}%")

    if rated:
        lines.append("project win-rate delta (players - others), most positive:")
        lines.extend(card_line(c, d) for c, d in rated[:5])
        lines.append("most negative:")
        lines.extend(card_line(c, d) for c, d in rated[-5:][::-1])
    elif extras.get("projects"):
        lines.append(f"project win-rate delta: no project played {MIN_PLAYS} times yet")
    corps = [(d["win_rate"], c) for c, d in extras.get("corporations", {}).items()
             if d.get("win_rate") is not None]
    if corps:
        lo, hi = min(corps), max(corps)
        lines.append(f"corporations' win rate when kept: {lo[0]:.3f} ({lo[1]}) to "
                     f"{hi[0]:.3f} ({hi[1]})")
    for kind in ("milestones", "awards"):  # taken in how many of the games it was in play
        table = extras.get(kind, {})
        shown = [(c, d) for c, d in table.items() if d["in_play"]]
        if table:
            lines.append(f"{kind} taken (of games in play): " + (", ".join(
                f"{c} {d['taken']}/{d['in_play']}" for c, d in shown) or "none in play"))
            by_winner = sum(d["by_winner"] for _, d in shown)
            taken = sum(d["taken"] for _, d in shown)
            if taken:
                lines.append(f"  taken by a game's winner: {100 * by_winner / taken:.0f}%")
    ends = extras.get("end_reasons", {})
    if ends:
        lines.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in ends.items()))
    if solo:
        lo, hi = solo["ci95"]
        lines.append(f"solo win rate: {100 * solo['win_rate']:.1f}% ({solo['won']} of "
                     f"{solo['games']}; 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        vp = solo.get("won_vp", {})
        lines.append(f"solo games lost: {solo['games'] - solo['won']} (a lost game has no score)"
                     + (f"; VP of the games won: mean {vp['mean']:.1f}, {vp['min']:g}-"
                        f"{vp['max']:g}" if vp.get("n") else ""))
    return lines
