"""Mars Dice simulations: the same JSON on every worker count and backend, the statistics the
issue asks for (turns, VP by source, project play rates and win-rate deltas, corporations,
milestones, awards, end reasons, the solo win rate), the CLI text, the balance report's bounds,
and a recorded playthrough against its golden transcript.

The full-size check of the first test is ``cardkit simulate mars-dice --games 500 --seed 1
--format json`` with ``--workers 1``, ``--workers 2`` and ``--backend dask``: three identical
documents."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardkit.core.loading import load_game
from cardkit.games.mars_dice.report.balance import (
    BEGIN,
    END,
    balance_report,
    corporation_bounds,
    fingerprint,
    violations,
)
from cardkit.games.mars_dice.report import extras_text
from cardkit.sim.balance import is_undecided
from cardkit.sim.api import SimReport, simulate, transcript

from .conftest import SHIPPED, run

GOLDEN = Path(__file__).resolve().parent / "golden" / "mars-dice-seed1.txt"
GOLDEN_BOTS = ["greedy", "builder"]
MIXED = ["greedy", "builder", "random", "greedy:0.5"]


@pytest.fixture(scope="module")
def mixed() -> SimReport:
    """12 four-player games of four different bots."""
    return simulate("mars-dice", SHIPPED, games=12, seed=2, bots=MIXED, backend="serial")


def test_the_cli_json_is_the_same_on_one_and_two_workers_and_on_dask() -> None:
    args = ("simulate", "mars-dice", "--games", "24", "--seed", "1", "--format", "json")
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    data = json.loads(one.output)
    assert len(data["rows"]) == 24 and data["bots"] == ["greedy", "greedy"]
    assert data["extras"]["end_reasons"] == {"globals": 24}
    pytest.importorskip("distributed")
    dask = run(*args, "--backend", "dask", "--workers", "2")
    assert dask.exit_code == 0, dask.output
    assert dask.output == one.output


def test_the_report_numbers_are_consistent(mixed: SimReport) -> None:
    extras, rows = mixed.extras, mixed.result.rows
    games, seats = len(rows), 4 * len(rows)
    turns = extras["turns"]
    assert turns["per_game"]["n"] == games
    assert turns["per_game"]["mean"] == pytest.approx(
        sum(sum(r.details["player_turns"]) for r in rows) / games, abs=1e-3)
    assert sum(s["mean"] for s in turns["per_seat"].values()) == pytest.approx(
        turns["per_game"]["mean"], abs=0.01)
    assert turns["rounds"]["mean"] <= turns["per_game"]["mean"] / 4 + 1
    # the VP by source add up to the mean score
    assert sum(v["mean"] for v in extras["vp_by_source"].values()) == pytest.approx(
        extras["scores"]["all"]["mean"], abs=0.01)
    assert sum(v["share"] for v in extras["vp_by_source"].values()) == pytest.approx(1, abs=1e-3)
    projects = extras["projects"]
    content, _ = load_game("mars-dice", SHIPPED)
    assert set(projects) == {r.obj.id for r in content.of("projects")}
    assert sum(p["played"] for p in projects.values()) == sum(
        len(set(played)) for r in rows for played in r.details["played"])
    for p in projects.values():
        assert 0 <= p["play_share"] <= 1 and p["played"] <= seats
        if p["delta"] is not None:
            lo, hi = p["ci95"]
            assert lo <= p["delta"] <= hi
            assert p["delta"] == pytest.approx(p["win_rate_played"] - p["win_rate_not"],
                                               abs=2e-4)
    corps = extras["corporations"]
    assert sum(c["kept"] for c in corps.values()) == seats
    if any("dealt" in c for c in corps.values()):  # when the engine reports the deal
        assert sum(c["dealt"] for c in corps.values()) == 2 * seats
    # one win per game, shared first places split
    finished = sum(1 for r in rows if not r.truncated)
    assert sum(c["win_rate"] * c["n"] for c in corps.values() if c["n"]) == pytest.approx(
        finished, abs=0.01)
    for c in corps.values():
        if c["n"]:
            assert c["ci95"][0] <= c["win_rate"] <= c["ci95"][1]
    for kind, most in (("milestones", 3), ("awards", 3)):
        table = extras[kind]
        assert sum(m["in_play"] for m in table.values()) <= most * games
        for m in table.values():
            assert m["taken"] <= m["in_play"] and m["by_winner"] <= m["taken"]
    assert sum(m["in_play"] for m in extras["milestones"].values()) == 3 * games
    assert sum(extras["end_reasons"].values()) == games
    assert "solo" not in extras


def test_a_solo_run_reports_the_solo_win_rate() -> None:
    report = simulate("mars-dice", SHIPPED, games=6, seed=3, bots=["greedy"], backend="serial")
    solo = report.extras["solo"]
    won = sum(bool(r.details["solo_won"]) for r in report.result.rows)
    assert solo["games"] == 6 and solo["won"] == won
    assert solo["win_rate"] == pytest.approx(won / 6, abs=1e-4)
    assert solo["ci95"][0] <= solo["win_rate"] <= solo["ci95"][1]
    # a solo game is won by the globals done in time, not by the (always best) score
    corps = report.extras["corporations"].values()
    assert sum(c["win_rate"] * c["n"] for c in corps if c["n"]) == pytest.approx(won, abs=0.01)
    assert set(report.extras["end_reasons"]) <= {"globals", "solo-turns"}
    assert any(line.startswith("solo win rate: ") for line in extras_text(report.extras))


def test_cli_text_report_prints_the_statistics() -> None:
    result = run("simulate", "mars-dice", "--games", "4", "--seed", "1", "--bots",
                 "greedy,builder,random", "--backend", "serial")
    assert result.exit_code == 0, result.output
    for line in ("player turns per game: mean", "rounds mean", "per seat: seat 0",
                 "score builder:", "VP per seat by source: steps", "project win-rate delta",
                 "corporations' win rate when kept:", "milestones taken (of games in play):",
                 "awards taken (of games in play):", "taken by a game's winner:",
                 "end reasons: globals"):
        assert line in result.output, result.output


def test_violations_name_each_project_and_corporation_outside_the_bounds() -> None:
    assert corporation_bounds(4) == (0.19, 0.31)
    extras = {"projects": {"a": {"delta": 0.081}, "b": {"delta": -0.08}, "c": {"delta": None},
                           "d": {"delta": -0.2}},
              "corporations": {"x": {"win_rate": 0.189}, "y": {"win_rate": 0.31},
                               "z": {"win_rate": None}, "w": {"win_rate": 0.32}}}
    assert [line.split(":")[0] for line in violations(extras)] == ["a", "c", "d", "w", "x", "z"]
    assert [line.split(":")[0] for line in violations(extras, players=2)] == \
        ["a", "c", "d", "w", "x", "y", "z"]  # 2 players: 44-56 %


def test_the_balance_report_names_its_rules_and_its_bounds(mixed: SimReport) -> None:
    content, _ = load_game("mars-dice", SHIPPED)
    text = balance_report(mixed.to_dict(rows=False), content,
                          "cardkit simulate mars-dice --games 12 --seed 2")
    assert text.startswith(BEGIN) and text.rstrip().endswith(END)
    assert f"rules fingerprint `{fingerprint(content)}`, engine fingerprint `" in text
    assert "`: 12 games, 4 players" in text
    bad = violations(mixed.extras, 4)
    sure = [line for line in bad if not is_undecided(line)]
    assert (f"**{len(sure)} outside**" if sure else "undecided**" if bad else "**All hold.**") \
        in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "(`" in line]
    assert len(rows) >= len(mixed.extras["projects"]) + len(mixed.extras["corporations"])
    fake = {"extras": {"projects": {}, "corporations": {}}, "players": 4, "bots": ["g"]}
    assert "**All hold.**" in balance_report(fake, content, "x")


def test_recorded_playthrough_matches_the_golden_transcript() -> None:
    got = transcript("mars-dice", SHIPPED, 1, GOLDEN_BOTS)
    if os.environ.get("CARDKIT_UPDATE_GOLDEN"):
        GOLDEN.write_text(got, "utf-8")
    assert got == GOLDEN.read_text("utf-8"), "see tests/golden/README.md"
