"""The batch runner: same seed, same JSON on every backend and worker count; statistics;
interruption keeps finished games; the CLI."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.sim import report as rep
from cardkit.sim.api import simulate
from cardkit.sim.runner import batches, seats_for
from cardkit.sim.seeding import derive
from cardkit.sim.stats import wilson

from .conftest import SHIPPED

N = 120


def _json(**kwargs) -> str:  # type: ignore[no-untyped-def]
    return rep.to_json(simulate("terra", SHIPPED, games=N, seed=7, **kwargs))


def test_same_seed_same_json_on_every_backend_and_worker_count() -> None:
    serial = _json(backend="serial")
    assert _json(backend="process", workers=1) == serial
    assert _json(backend="process", workers=2) == serial
    pytest.importorskip("distributed")
    assert _json(backend="dask", workers=2) == serial


def test_a_different_seed_gives_different_games() -> None:
    a = simulate("terra", SHIPPED, games=20, seed=1, backend="serial")
    b = simulate("terra", SHIPPED, games=20, seed=2, backend="serial")
    assert [r.scores for r in a.result.rows] != [r.scores for r in b.result.rows]


def test_seats_rotate_and_seeds_are_per_game() -> None:
    bots = ("a", "b", "c")
    assert [seats_for(bots, i) for i in range(4)] == [
        ["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]]
    assert derive(7, "game", 3) != derive(7, "game", 4) and derive(7, "game", 3) == \
        derive(7, "game", 3)
    assert list(batches(1000, 2)) == [(a, min(1000, a + 125)) for a in range(0, 1000, 125)]


def test_the_json_report_is_json_dumps_of_the_document_written_row_by_row() -> None:
    for games in (3, 1):
        report = simulate("terra", SHIPPED, games=games, seed=5, backend="serial")
        assert rep.to_json(report) == json.dumps(report.to_dict(), indent=1, sort_keys=True,
                                                 ensure_ascii=False) + "\n"
    report.result.rows.clear()  # an interrupted run before its first game
    assert json.loads(rep.to_json(report))["rows"] == []


def test_statistics() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    report = simulate("terra", SHIPPED, games=200, seed=11, bots=["guesser:0.9", "random"],
                      backend="serial")
    s = report.summary
    by_bot = {b["bot"]: b for b in s["bots"]}
    assert by_bot["guesser:0.9"]["win_rate"] > 0.9 > by_bot["random"]["win_rate"]
    assert sum(b["wins"] + b["ties"] / 2 for b in s["bots"]) == pytest.approx(200)
    assert s["first_player"]["expected"] == 0.5
    assert report.extras["points_per_card"]["guesser:0.9"] > \
        report.extras["points_per_card"]["random"]
    from cardkit.core.loading import load_game

    # two bar answers per card, whatever the size of the (growing) shipped deck
    assert report.extras["answers_on_a_line"]["of"] == 2 * len(
        load_game("terra", SHIPPED)[0].of("cards"))
    # per-card points for "difficulty from data": every card dealt, per marker and per player
    cards = report.extras["cards"]
    assert sum(c["dealt"] for c in cards.values()) == 200 * 6
    assert all({"per_marker", "per_player", "difficulty"} <= set(c) for c in cards.values())


def test_interrupt_keeps_finished_games() -> None:
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 20:
            raise KeyboardInterrupt

    report = simulate("terra", SHIPPED, games=100, seed=3, backend="serial", progress=progress)
    assert report.result.interrupted
    assert [r.index for r in report.result.rows] == list(range(len(report.result.rows)))
    assert 20 <= len(report.result.rows) < 100
    assert report.summary["games"] == len(report.result.rows)


def test_cli_text_csv_json_and_pdf(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out, pdf = tmp_path / "r.json", tmp_path / "r.pdf"
    result = runner.invoke(main, ["simulate", "terra", "--content", str(SHIPPED), "--games", "30",
                                  "--seed", "4", "--backend", "serial", "--out", str(out),
                                  "--report", str(pdf)])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "first player wins" in result.stdout
    data = json.loads(out.read_text())
    assert data["games_played"] == 30 and len(data["rows"]) == 30
    assert pdf.read_bytes().startswith(b"%PDF")
    result = runner.invoke(main, ["simulate", "terra", "--content", str(SHIPPED), "--games", "5",
                                  "--backend", "serial", "--format", "csv", "--players", "4",
                                  "--bots", "hedger:0.6"])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][:6] == ["game", "seed", "seat0", "seat1", "seat2", "seat3"] and len(rows) == 6


def test_cli_rejects_unknown_bots_and_bad_player_counts() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["simulate", "terra", "--content", str(SHIPPED), "--bots",
                                  "oracle", "--backend", "serial"])
    assert result.exit_code == 2 and "unknown bot 'oracle'" in result.stderr
    result = runner.invoke(main, ["simulate", "terra", "--content", str(SHIPPED), "--players",
                                  "7", "--bots", "random", "--backend", "serial"])
    assert result.exit_code == 2 and "2-6 players" in result.stderr
