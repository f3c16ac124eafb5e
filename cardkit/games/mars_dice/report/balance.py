"""Mars Dice's balance report: the project and corporation tables of a simulation, held against
the bounds the set is balanced to (``cardkit simulate mars-dice --players 4 …
--balance FILE.md``).

The bounds (issue 14): in 4-player greedy mirrors, every corporation's win rate when kept lies
within 25 % ± 6 percentage points (the fair share of a 4-player game; ``1/players`` ± 6 in
general), and every project's win-rate delta (the win rate of the players who played it minus
that of the players who did not; a shared first place counts 1/k of a win) lies within ±8
percentage points.

The report names the **rules fingerprint** of the content it was made from: a hash of what play
sees (:class:`~.world.World` — dice, tracks, tiles, board, conversions, projects, corporations,
bonus cards, milestones, awards, the rules' numbers), not of names, notes or translations. A
test compares the shipped report's fingerprint with the shipped content's, so a rules change
without a new balance run fails the suite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....core.content import GameContent
from ....sim.balance import (BEGIN, END, delta_violations, engine_fingerprint,
                              UNDECIDED, made_from, stale_report_check, undecided,
                              verdict_text)
from ....sim.balance import fingerprint as world_fingerprint
from ....sim.balance import pct as _pct
from ....sim.balance import pp as _pp

DELTA_BOUND = 0.08
#: Solo: the share of games a bot we ship must win (a winnable race, not a walkover); the design
#: target for a strong player is 20–35 % (docs/rulings.md).
SOLO_BOUNDS = (0.10, 0.40)
#: How far a corporation's win rate when kept may lie from the fair share ``1/players``.
CORPORATION_BOUND = 0.06


def fingerprint(content: GameContent) -> str:
    """A short hash of the rules content as play sees it."""
    from ..engine.world import World

    return world_fingerprint(World.from_content(content))


def corporation_bounds(players: int = 4, fair: float | None = None) -> tuple[float, float]:
    """The win-rate range every corporation (when kept) must lie in: around ``fair``, the
    average seat's win rate (``1/players`` unless given: solo, the run's own win rate)."""
    fair = 1.0 / max(1, players) if fair is None else fair
    return (round(fair - CORPORATION_BOUND, 4), round(fair + CORPORATION_BOUND, 4))


def violations(extras: dict[str, Any], players: int = 4, fair: float | None = None
               ) -> list[str]:
    """Every project and corporation outside the bounds, as readable lines (empty: balanced)."""
    out = delta_violations(extras.get("projects", {}), DELTA_BOUND, "played")
    low, high = corporation_bounds(players, fair)
    for corp, row in sorted(extras.get("corporations", {}).items()):
        rate = row.get("win_rate")
        if rate is None:
            out.append(f"{corp}: never kept; {UNDECIDED}: no games to judge")
        elif not low - 1e-9 <= rate <= high + 1e-9:
            out.append(f"{corp}: win rate when kept {100 * rate:.1f} % is outside "
                       f"{100 * low:.0f}–{100 * high:.0f} %"
                       + undecided(row.get("ci95"), low, high, "%", n=row.get("kept")))
    return out


def balance_report(report: dict[str, Any], content: GameContent, command: str) -> str:
    """The Markdown balance report of a simulation (``report``: the JSON document of
    ``cardkit simulate``, rows not needed) made by ``command``."""
    extras = report.get("extras", {})
    players = int(report.get("players", 4) or 4)
    names = {r.id: r.obj.name for r in (*content.of("projects"), *content.of("corporations"),
                                        *content.of("milestones"), *content.of("awards"))}
    summary = report.get("summary", {})
    fair = fair_share(report)
    bad = violations_of(report)
    low, high = corporation_bounds(players, fair)
    lines = [BEGIN, "",
             (f"Made by `{command}` on {made_from(fingerprint(content), engine())}: "
              f"{report.get('games_played', 0)} games, "
              f"{players} players ({', '.join(report.get('bots', []))}), "
              f"seed {report.get('seed')}."), ""]
    scores = extras.get("scores", {}).get("all", {})
    turns = extras.get("turns", {})
    if scores.get("n"):
        lines.append(f"Scores: mean {scores['mean']:.1f}, stdev {scores['stdev']:.1f}, "
                     f"{scores['min']:g}–{scores['max']:g}. First player wins "
                     f"{100 * summary.get('first_player', {}).get('win_share', 0):.1f} %.")
    if turns.get("per_game", {}).get("n"):
        lines.append(f"Length: {turns['per_game']['mean']:.1f} player turns per game "
                     f"({turns['rounds']['mean']:.1f} rounds). End: "
                     + ", ".join(f"{k} {v}" for k, v in extras.get("end_reasons", {}).items())
                     + ".")
    vp = extras.get("vp_by_source", {})
    if vp:
        lines.append("VP per player by source: "
                     + ", ".join(f"{s.replace('_', ' ')} {v['mean']:.1f}" for s, v in vp.items())
                     + ".")
    if players == 1:
        solo = extras.get("solo") or {}
        bound = (f"**Bounds** (solo): the solo win rate within {100 * SOLO_BOUNDS[0]:.0f}–"
                 f"{100 * SOLO_BOUNDS[1]:.0f} % — here {solo.get('won', 0)} of "
                 f"{solo.get('games', 0)} games, {_pct(solo.get('win_rate'))}; the cards' "
                 "deltas below are against the solo win rate, reported, not judged. ")
    else:
        bound = (f"**Bounds**: project delta within ±{100 * DELTA_BOUND:.0f} pp, corporation "
                 f"win rate when kept within {100 * low:.0f}–{100 * high:.0f} %. ")
    lines += ["", bound + verdict_text(bad),
              "", "### Projects", "",
              ("| project | colour | played | win rate (played) | win rate (not) | delta (pp) | "
               "95 % interval (pp) |"), "|---|---|---:|---:|---:|---:|---:|"]
    projects = extras.get("projects", {})
    order = {"green": 0, "red": 1, "blue": 2}
    for card in sorted(projects, key=lambda c: (order.get(projects[c].get("colour", ""), 3),
                                                -(projects[c]["delta"] or 0), c)):
        row = projects[card]
        lo, hi = row.get("ci95") or (None, None)
        lines.append(f"| {names.get(card, card)} (`{card}`) | {row.get('colour', '?')} | "
                     f"{row['played']} ({100 * row['play_share']:.0f} %) | "
                     f"{_pct(row['win_rate_played'])} | {_pct(row['win_rate_not'])} | "
                     f"{_pp(row['delta'])} | {_pp(lo)} to {_pp(hi)} |")
    lines += ["", "### Corporations", "",
              "| corporation | kept | keep rate | win rate (kept) | 95 % interval |",
              "|---|---:|---:|---:|---:|"]
    corps = extras.get("corporations", {})
    for corp in sorted(corps, key=lambda c: (-(corps[c].get("win_rate") or 0), c)):
        row = corps[corp]
        lo, hi = row.get("ci95") or (None, None)
        interval = "n/a" if lo is None or not row["kept"] else f"{100 * lo:.1f}–{100 * hi:.1f} %"
        lines.append(f"| {names.get(corp, corp)} (`{corp}`) | {row['kept']} | "
                     f"{_pct(row.get('keep_rate'))} | {_pct(row.get('win_rate'))} | "
                     f"{interval} |")
    for kind, title in (("milestones", "Milestones"), ("awards", "Awards")):
        table = extras.get(kind, {})
        if not table:
            continue
        lines += ["", f"### {title}", "", "| | in play | taken | taken by a winner |",
                  "|---|---:|---:|---:|"]
        for item in sorted(table):
            row = table[item]
            lines.append(f"| {names.get(item, item)} (`{item}`) | {row['in_play']} | "
                         f"{row['taken']} ({100 * row['taken_share']:.0f} %) | "
                         f"{_pct(row['by_winner_share'])} |")
    lines += ["", END, ""]
    return "\n".join(lines)


def engine() -> str:
    """The engine fingerprint of the game's play code (see
    :func:`~cardkit.sim.balance.engine_fingerprint`)."""
    return engine_fingerprint(Path(__file__).resolve().parents[1])


def fair_share(report: dict[str, Any]) -> float:
    """The average seat's win rate: ``1/players`` at a table, the run's win rate solo (where a
    game is won against the rules' threshold, not against another player)."""
    players = int(report.get("players", 4) or 4)
    solo = report.get("extras", {}).get("solo")
    if players == 1 and solo:
        return float(solo["win_rate"])
    return 1.0 / max(1, players)


def violations_of(report: dict[str, Any]) -> list[str]:
    """The items of a run (``cardkit simulate``'s JSON document) outside the bounds; solo, the
    solo win share (:func:`solo_violations`)."""
    players = int(report.get("players", 4) or 4)
    if players == 1:
        return solo_violations(report.get("extras", {}))
    return violations(report.get("extras", {}), players, fair_share(report))


def solo_violations(extras: dict[str, Any]) -> list[str]:
    """Solo is a race against the rules, not against players: what must hold is that the game
    is winnable and not won for nothing — the solo win share within :data:`SOLO_BOUNDS`. The
    cards' deltas against the solo win rate are reported, not judged (a card that raises a
    track helps every solo game; that is the solo goal, not an imbalance)."""
    solo = extras.get("solo")
    low, high = SOLO_BOUNDS
    if not solo or not solo.get("games"):
        return [f"solo: no game played; {UNDECIDED}: nothing to judge"]
    rate = solo["win_rate"]
    if low - 1e-9 <= rate <= high + 1e-9:
        return []
    return [f"solo win rate {100 * rate:.1f} % is outside {100 * low:.0f}–{100 * high:.0f} %"
            + undecided(solo.get("ci95"), low, high, "%", n=solo["games"])]


def fingerprints(content: GameContent) -> tuple[str, str]:
    """The rules and engine fingerprints a balance verdict about ``content`` names."""
    return fingerprint(content), engine()


#: MD013: the game's balance report is current (:func:`~cardkit.sim.balance.stale_report`).
CHECK = stale_report_check("MD013", fingerprints)
