"""Sequential sampling (``cardkit simulate --until-width PP``): rounds of 100 games in index
order, stopping at the first round after which every bot's 95 % interval of its win rate is at
most PP wide; ``--games`` is the cap. The stop depends on the rows only: the same seed stops at
the same game on any backend and worker count."""

from __future__ import annotations

import pytest

from cardkit.core.errors import UsageProblem
from cardkit.sim.api import intervals_narrow, seat_labels, simulate
from cardkit.sim.runner import SEQUENTIAL_STEP
from cardkit.sim.stats import summarise

from .conftest import SHIPPED, run


def widths(rows: list) -> list[float]:
    return [b["ci95"][1] - b["ci95"][0] for b in summarise(seat_labels(rows))["bots"]]


def test_the_run_stops_at_the_first_round_narrow_enough() -> None:
    report = simulate("trains", SHIPPED, games=1000, seed=2, bots=["baseline", "baseline"],
                      backend="serial", cache_dir=None, until_width=0.14)
    rows = report.result.rows
    assert SEQUENTIAL_STEP < len(rows) < 1000 and len(rows) % SEQUENTIAL_STEP == 0
    assert [r.index for r in rows] == list(range(len(rows)))  # whole rounds, in order
    assert max(widths(rows)) <= 0.14
    assert max(widths(rows[:-SEQUENTIAL_STEP])) > 0.14  # one round fewer was not enough
    assert not report.result.interrupted and report.result.requested == 1000


def test_the_same_seed_stops_at_the_same_game_on_every_backend() -> None:
    runs = [simulate("trains", SHIPPED, games=600, seed=4, bots=["baseline", "random"],
                     backend=backend, workers=2, cache_dir=None, until_width=0.2)
            for backend in ("serial", "process")]
    assert [(r.index, r.scores) for r in runs[0].result.rows] == \
        [(r.index, r.scores) for r in runs[1].result.rows]


def test_the_cap_holds_when_the_width_is_never_reached() -> None:
    report = simulate("trains", SHIPPED, games=150, seed=1, bots=["baseline", "baseline"],
                      backend="serial", cache_dir=None, until_width=0.01)
    assert len(report.result.rows) == 150


def test_the_rule_reads_every_bot() -> None:
    report = simulate("trains", SHIPPED, games=20, seed=1, bots=["baseline", "random"],
                      backend="serial", cache_dir=None)
    assert not intervals_narrow(0.05)(report.result.rows)
    assert intervals_narrow(1.0)(report.result.rows)


@pytest.mark.parametrize("width", [0.0, -1, 2, float("nan")])
def test_a_bad_width_is_a_usage_problem(width: float) -> None:
    with pytest.raises(UsageProblem, match="until-width"):
        simulate("trains", SHIPPED, games=10, seed=1, backend="serial", cache_dir=None,
                 until_width=width)


def test_the_cli_says_the_run_stopped_early() -> None:
    result = run("simulate", "trains", "--games", "1000", "--seed", "2", "--until-width", "20",
                 "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "100 of at most 1000 games (sequential" in result.output
    bad = run("simulate", "trains", "--games", "10", "--until-width", "0")
    assert bad.exit_code == 2


def test_a_balance_run_waits_for_every_card_interval() -> None:
    """Terra Futura's statistics hold a win-rate delta interval per card: the run stops only
    when those are narrow too, not when the two bots' win rates are."""
    from cardkit.core.loading import load_game
    from cardkit.core.registry import get_game

    content, _ = load_game("terra-futura", SHIPPED)
    extras = get_game("terra-futura").sim.extras
    report = simulate("terra-futura", SHIPPED, games=300, seed=1, backend="serial",
                      cache_dir=None, until_width=0.5)
    rows = report.result.rows
    assert intervals_narrow(0.5)(rows[:SEQUENTIAL_STEP])  # the bots alone: narrow at once
    assert not intervals_narrow(0.5, lambda r: extras(r, content))(rows[:SEQUENTIAL_STEP])
    assert len(rows) > SEQUENTIAL_STEP
