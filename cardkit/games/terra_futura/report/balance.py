"""Terra Futura's balance report: the card and scoring-card tables of a simulation, held against
the bounds the set is balanced to (``cardkit simulate terra-futura … --balance FILE.md``).

The bounds (issue 13, every player count since issue 35): in greedy mirrors, every level I and
II card's win-rate delta (the win rate of the players who picked it minus that of the players
who did not) lies within ±8 percentage points, and every scoring card's win rate when held lies
within ±10 percentage points of the fair share ``1/players`` (40–60 % at 2 players).

The report names the **rules fingerprint** of the content it was made from: a hash of what play
sees (:class:`~.world.World` — options, slots, storage, patterns, combinations, points, supplies),
not of names, notes or translations. ``tests/test_terra_futura_balance.py`` compares the shipped
report's fingerprint with the shipped content's, so a rules change without a new balance run
fails the suite.
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
from ..engine.world import World

DELTA_BOUND = 0.08
#: How far a scoring card's win rate when held may lie from the fair share ``1/players``.
SCORING_BOUND = 0.10


def win_rate_bounds(players: int = 2) -> tuple[float, float]:
    """The range every scoring card's win rate when held must lie in."""
    fair = 1.0 / max(1, players)
    return (round(fair - SCORING_BOUND, 4), round(fair + SCORING_BOUND, 4))


def fingerprint(content: GameContent) -> str:
    """A short hash of the rules content as play sees it."""
    return world_fingerprint(World.from_content(content))


def violations(extras: dict[str, Any], players: int = 2) -> list[str]:
    """Every card and scoring card outside the bounds, as readable lines (empty: balanced)."""
    out = delta_violations(extras.get("cards", {}), DELTA_BOUND, "picked")
    low, high = win_rate_bounds(players)
    for card, row in sorted(extras.get("scoring_cards", {}).items()):
        rate = row["held"].get("win_rate")
        if rate is None or row["held"].get("n") == 0:
            out.append(f"{card}: never held; {UNDECIDED}: no games to judge")
        elif not low - 1e-9 <= rate <= high + 1e-9:
            out.append(f"{card}: win rate when held {100 * rate:.1f} % is outside "
                       f"{100 * low:.0f}–{100 * high:.0f} %"
                       + undecided(row["held"].get("ci95"), low, high, "%",
                                   n=row["held"].get("n")))
    return out


def balance_report(report: dict[str, Any], content: GameContent, command: str) -> str:
    """The Markdown balance report of a simulation (``report``: the JSON document of
    ``cardkit simulate``, rows not needed) made by ``command``."""
    extras = report.get("extras", {})
    levels = {r.id: r.obj.level for r in content.of("cards")}
    names = {r.id: r.obj.name for r in (*content.of("cards"), *content.of("scoring"))}
    summary = report.get("summary", {})
    players = int(report.get("players", 2) or 2)
    bad = violations(extras, players)
    low, high = win_rate_bounds(players)
    lines = [BEGIN, "",
             f"Made by `{command}` on {made_from(fingerprint(content), engine())}: "
             f"{report.get('games_played', 0)} games, "
             f"{report.get('players', 0)} players ({', '.join(report.get('bots', []))}), "
             f"seed {report.get('seed')}.", ""]
    scores = extras.get("scores", {}).get("all", {})
    pollution = extras.get("pollution", {})
    if scores:
        lines.append(f"Scores: mean {scores['mean']:.1f}, stdev {scores['stdev']:.1f}, "
                     f"{scores['min']:g}–{scores['max']:g}. First player wins "
                     f"{100 * summary.get('first_player', {}).get('win_share', 0):.1f} %.")
    if pollution.get("per_seat"):
        lines.append(f"Pollution per player: {pollution['per_seat']['mean']:.2f} cubes, "
                     f"{pollution.get('polluted_cards', {}).get('mean', 0):.2f} polluted "
                     f"cards, {pollution.get('inactive_cards', {}).get('mean', 0):.2f} "
                     "inactive.")
    lines += ["", f"**Bounds**: card delta within ±{100 * DELTA_BOUND:.0f} pp, scoring card "
              f"win rate when held within {100 * low:.0f}–{100 * high:.0f} %. "
              + verdict_text(bad),
              "", "### Level I and II cards", "",
              "| card | level | picked | win rate (picked) | win rate (not) | delta (pp) | 95 % "
              "interval (pp) |", "|---|---|---:|---:|---:|---:|---:|"]
    cards = extras.get("cards", {})
    for card in sorted(cards, key=lambda c: (levels.get(c, ""), -(cards[c]["delta"] or 0), c)):
        row = cards[card]
        lo, hi = row.get("ci95") or (None, None)
        lines.append(f"| {names.get(card, card)} (`{card}`) | {levels.get(card, '?')} | "
                     f"{row['picked']} ({100 * row['pick_share']:.0f} %) | "
                     f"{_pct(row['win_rate_picked'])} | {_pct(row['win_rate_not'])} | "
                     f"{_pp(row['delta'])} | {_pp(lo)} to {_pp(hi)} |")
    lines += ["", "### Scoring cards", "",
              "| scoring card | held | win rate (held) | 95 % interval | method chosen | win rate "
              "(method) | pattern chosen |", "|---|---:|---:|---:|---:|---:|---:|"]
    scoring = extras.get("scoring_cards", {})
    for card in sorted(scoring, key=lambda c: (-(scoring[c]["held"].get("win_rate") or 0), c)):
        row = scoring[card]
        held, method = row["held"], row["method"]
        lo, hi = held.get("ci95") or (None, None)
        interval = "n/a" if lo is None else f"{100 * lo:.1f}–{100 * hi:.1f} %"
        lines.append(f"| {names.get(card, card)} (`{card}`) | {held['n']} | "
                     f"{_pct(held.get('win_rate'))} | {interval} | {method['n']} | "
                     f"{_pct(method.get('win_rate'))} | {row['pattern_chosen']} |")
    lines += ["", END, ""]
    return "\n".join(lines)


def engine() -> str:
    """The engine fingerprint of the game's play code (see
    :func:`~cardkit.sim.balance.engine_fingerprint`)."""
    return engine_fingerprint(Path(__file__).resolve().parents[1])


def violations_of(report: dict[str, Any]) -> list[str]:
    """The items of a run (``cardkit simulate``'s JSON document) outside the bounds."""
    return violations(report.get("extras", {}), int(report.get("players", 2) or 2))


def fingerprints(content: GameContent) -> tuple[str, str]:
    """The rules and engine fingerprints a balance verdict about ``content`` names."""
    return fingerprint(content), engine()


#: TF011: the game's balance report is current (:func:`~cardkit.sim.balance.stale_report`).
CHECK = stale_report_check("TF011", fingerprints)
