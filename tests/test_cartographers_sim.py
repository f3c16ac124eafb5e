"""Cartographers simulations: the same JSON on every backend and worker count, the statistics the
issue asks for (scores per edict set, card spread, "no shape fits", monster penalty, solo titles)
and the bots' behaviour against each other."""

from __future__ import annotations

import json

import pytest

from cardkit.sim import report as rep
from cardkit.sim.api import simulate

from .conftest import SHIPPED, run


def _json(**kwargs) -> str:  # type: ignore[no-untyped-def]
    return rep.to_json(simulate("cartographers", SHIPPED, games=8, seed=1,
                                bots=["greedy", "random", "random"], **kwargs))


def test_same_seed_same_json_on_every_backend_and_worker_count() -> None:
    serial = _json(backend="serial")
    assert _json(backend="process", workers=1) == serial
    assert _json(backend="process", workers=2) == serial
    pytest.importorskip("distributed")
    assert _json(backend="dask", workers=2) == serial


def test_the_report_has_the_cartographers_statistics() -> None:
    report = simulate("cartographers", SHIPPED, games=12, seed=2, bots=["greedy", "random"],
                      backend="serial")
    extras = report.extras
    rows = report.result.rows
    # every seat of every game is in the edict-set spreads, once
    assert sum(v["n"] for v in extras["scores_by_edicts"].values()) == 2 * len(rows)
    # every game deals one card per stack: 4 cards, each scored in 2 seasons, for 2 seats
    assert sum(v["all"]["n"] for v in extras["scoring_cards"].values()) == 12 * 4 * 2 * 2
    nf = extras["no_shape_fits"]
    assert nf["draws"] == sum(r.details["draws"] for r in rows) > 0
    assert 0.0 <= nf["no_fit_share"] <= 1.0
    assert extras["monster_penalty"]["n"] == 2 * len(rows)
    assert "solo" not in extras
    # the greedy bot beats the random one by a wide margin
    bots = {b["bot"]: b for b in report.summary["bots"]}
    assert bots["greedy"]["score"]["mean"] > bots["random"]["score"]["mean"] + 30


def test_solo_runs_report_ratings_and_titles() -> None:
    report = simulate("cartographers", SHIPPED, games=6, seed=3, bots=["greedy"],
                      backend="serial")
    solo = report.extras["solo"]
    assert solo["rating"]["n"] == 6 and sum(solo["titles"].values()) == 6
    for row in report.result.rows:
        d = row.details
        corner = d["solo"]["rating"] - row.scores[0]
        assert corner < 0  # the four corner values are taken off


def test_cli_text_report_prints_the_statistics() -> None:
    result = run("simulate", "cartographers", "--games", "4", "--seed", "1", "--bots", "greedy",
                 "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "cartographers: 4 games, seed 1, 1 player (greedy)" in result.output
    assert "no shape fits:" in result.output and "solo rating:" in result.output
    data = json.loads(run("simulate", "cartographers", "--games", "2", "--seed", "1",
                          "--backend", "serial", "--format", "json").output)
    assert data["bots"] == ["greedy", "greedy:0", "random"]
    assert len(data["rows"]) == 2 and data["rows"][0]["details"]["map"] == "A"


def test_map_b_through_an_engine_option_and_bad_options_are_usage_errors() -> None:
    data = json.loads(run("simulate", "cartographers", "--games", "2", "--bots", "random",
                          "--backend", "serial", "--option", "map=B", "--format", "json").output)
    assert data["options"] == {"map": "B"}
    assert {row["details"]["map"] for row in data["rows"]} == {"B"}
    for bad, message in ((["--option", "side=B"],
                          "has no engine option 'side' (its options: map, variant)"),
                         (["--option", "map=C"], "no map side 'C'"),
                         (["--option", "mapB"], "is not KEY=VALUE")):
        result = run("simulate", "cartographers", "--games", "2", "--bots", "random",
                     "--backend", "serial", *bad)
        assert result.exit_code == 2 and message in result.output, result.output
