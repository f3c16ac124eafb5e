"""Terra Futura simulations: the same JSON on every worker count and backend, the statistics
the issue asks for (scores, pollution, card pick rates and win-rate deltas, scoring cards,
activations), the CLI text, and a recorded playthrough against its golden transcript."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardkit.sim import report as rep
from cardkit.sim.api import simulate, transcript

from .conftest import SHIPPED, run

GOLDEN = Path(__file__).resolve().parent / "golden" / "terra-futura-seed1.txt"
GOLDEN_BOTS = ["greedy", "cautious", "random"]


def test_the_cli_json_is_the_same_with_one_and_two_workers() -> None:
    args = ("simulate", "terra-futura", "--games", "16", "--seed", "1", "--format", "json")
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    data = json.loads(one.output)
    assert len(data["rows"]) == 16 and data["bots"] == ["greedy", "greedy"]


def test_the_dask_backend_gives_the_serial_json() -> None:
    pytest.importorskip("distributed")

    def as_json(**kwargs) -> str:  # type: ignore[no-untyped-def]
        return rep.to_json(simulate("terra-futura", SHIPPED, games=4, seed=1,
                                    bots=["greedy", "random"], **kwargs))

    assert as_json(backend="dask", workers=2) == as_json(backend="serial")


def test_the_report_has_the_terra_futura_statistics() -> None:
    report = simulate("terra-futura", SHIPPED, games=10, seed=2, bots=["greedy", "random"],
                      backend="serial")
    extras, rows = report.extras, report.result.rows
    seats = [d for row in rows for d in row.details["seats"]]
    assert extras["scores"]["all"]["n"] == 20
    assert set(extras["scores"]["by_bot"]) == {"greedy", "random"}
    pollution = extras["pollution"]
    assert pollution["per_game"]["n"] == 10
    assert pollution["per_seat"]["mean"] == pytest.approx(
        sum(d["pollution"] for d in seats) / 20, abs=1e-3)
    cards = extras["cards"]
    assert len(cards) == 47  # every level I and II card, picked or not
    # every seat takes 8 cards (distinct ids: each card exists once)
    assert sum(c["picked"] for c in cards.values()) == 8 * 20
    for c in cards.values():
        if c["delta"] is not None:
            lo, hi = c["ci95"]
            assert lo <= c["delta"] <= hi
            assert c["delta"] == pytest.approx(c["win_rate_picked"] - c["win_rate_not"],
                                               abs=2e-4)
    scoring = extras["scoring_cards"]
    assert sum(s["held"]["n"] for s in scoring.values()) == 2 * 20
    assert sum(s["method"]["n"] for s in scoring.values()) == 20
    assert sum(s["pattern_chosen"] for s in scoring.values()) == 20
    # the win credit of all seats adds up to one win per game
    assert sum(s["method"]["win_rate"] * s["method"]["n"] for s in scoring.values()) == \
        pytest.approx(10, abs=0.01)
    assert extras["activations"]["mean"] == pytest.approx(
        sum(d["activations"] for d in seats) / 10, abs=1e-3)


def test_cli_text_report_prints_the_statistics() -> None:
    result = run("simulate", "terra-futura", "--games", "4", "--seed", "1", "--bots",
                 "greedy,cautious", "--backend", "serial")
    assert result.exit_code == 0, result.output
    for line in ("score greedy:", "pollution per seat:", "card win-rate delta",
                 "scoring cards' win rate", "card activations per game:"):
        assert line in result.output, result.output


def test_recorded_playthrough_matches_the_golden_transcript() -> None:
    got = transcript("terra-futura", SHIPPED, 1, GOLDEN_BOTS)
    if os.environ.get("CARDKIT_UPDATE_GOLDEN"):
        GOLDEN.write_text(got, "utf-8")
    assert got == GOLDEN.read_text("utf-8"), "see tests/golden/README.md"
