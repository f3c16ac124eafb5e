"""``cardkit simulate --no-invariants``: the same games without the check of every invariant at
the end of every turn (issue 38: the check stays the default, in tests and fuzzing). Off, a
planted broken invariant goes unseen and the report is the checked run's; on, it stops the run
naming the game and turn."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardkit.cli import main  # the group with every command (cli.app holds it bare)
from cardkit.games.trains.engine.state import TrainsState
from cardkit.sim.api import simulate
from cardkit.sim.protocol import InvariantError
from cardkit.sim.runner import SimulationError

from .conftest import SHIPPED


def _run(check: bool) -> dict:  # type: ignore[type-arg]
    report = simulate("trains", SHIPPED, 4, 7, None, 2, "serial", 1, cache_dir=None,
                      check_invariants=check)
    return report.to_dict()


def test_off_plays_the_same_games() -> None:
    assert _run(False) == _run(True)


def test_a_broken_invariant_stops_a_checked_run_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: TrainsState) -> None:
        raise InvariantError("planted: a card was lost")

    monkeypatch.setattr(TrainsState, "check_invariants", broken)
    with pytest.raises(SimulationError, match=r"game 0 \(seed \d+\), turn \d+: planted"):
        _run(True)
    assert len(_run(False)["rows"]) == 4


def test_the_cli_option(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: TrainsState) -> None:
        raise InvariantError("planted: a card was lost")

    monkeypatch.setattr(TrainsState, "check_invariants", broken)
    args = ["simulate", "trains", "--content", str(SHIPPED), "--games", "2", "--players", "2",
            "--backend", "serial", "--no-progress"]
    off = CliRunner().invoke(main, [*args, "--no-invariants"])
    assert off.exit_code == 0, off.output
    on = CliRunner().invoke(main, args)
    assert on.exit_code != 0 and "planted: a card was lost" in on.output
