"""The CLI under Ctrl-C and bad run options: exit 130 with the finished work reported and no
traceback; too many workers, bad Dask schedulers, a missing Dask and bad bot lists are plain
messages with exit code 2, never "internal error".

The signal tests run real ``cardkit`` processes in their own session and send SIGINT to the
whole process group, as a terminal's Ctrl-C does (so worker processes get it too). They wait
for a sign that the run has started (the progress bar, or a marker printed by a patched step)
before interrupting, so they do not depend on timing.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.sim import runner
from cardkit.sim.runner import available_cpus

from .conftest import ROOT, SHIPPED

WORKERS = str(min(2, available_cpus()))
pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX process groups")


def cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def plain_usage_error(code: int, err: str) -> None:
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err


# --- Ctrl-C in real processes -------------------------------------------------------------

def _default_sigint() -> None:
    """Give the child the default Ctrl-C handling, as a terminal does.

    A shell without job control starts background commands with SIGINT ignored, and an ignored
    signal stays ignored across exec (Python then installs no KeyboardInterrupt handler), so a
    test run launched from such a shell (a CI script run with `&`) would otherwise send a
    Ctrl-C that the child never sees.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Running:
    """A cardkit process in its own session, its stderr collected as it arrives."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True,
                                     preexec_fn=_default_sigint)
        self.err = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        while chunk := self.proc.stderr.read1(4096):  # type: ignore[attr-defined]
            self.err += chunk

    def wait_for(self, pattern: str, count: int = 1, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while len(re.findall(pattern, self.err.decode(errors="replace"))) < count:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()
                pytest.fail(f"no {pattern!r} on stderr: {self.err.decode(errors='replace')}")
            time.sleep(0.05)

    def interrupt(self, timeout: float = 90) -> tuple[int, str, str]:
        """Ctrl-C: SIGINT to the whole process group; wait for the exit."""
        os.killpg(self.proc.pid, signal.SIGINT)
        assert self.proc.stdout is not None
        try:
            out = self.proc.stdout.read()
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            pytest.fail("the process did not stop after Ctrl-C")
        self._reader.join(5)
        return code, out.decode(), self.err.decode(errors="replace")

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def cardkit(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardkit", *args]


def patched_cardkit(patch: str, *args: str) -> list[str]:
    """``cardkit ARGS`` with ``patch`` (Python source) run first."""
    code = f"import sys\n{patch}\nfrom cardkit.cli import main\nsys.argv = ['cardkit', *{list(args)!r}]\nmain()\n"
    return [sys.executable, "-c", code]


def test_ctrl_c_in_simulate_reports_the_finished_games() -> None:
    run = Running(cardkit("simulate", "terra", "--content", str(SHIPPED), "--games", "100000",
                          "--workers", WORKERS, "--progress"))
    run.wait_for(r"\] [1-9][0-9]*/100000")  # at least one batch finished
    code, out, err = run.interrupt()
    assert code == 130, err
    assert "Traceback" not in err
    played = int(re.search(r"interrupted after (\d+) of 100000 games", err)[1])  # type: ignore[index]
    assert 0 < played < 100000
    assert out.startswith(f"terra: {played} of 100000 games (interrupted")
    assert "win rate" in out


def test_ctrl_c_in_strength_drops_the_interrupted_card(tmp_path: Path) -> None:
    # The second card's run pauses after its first batch of games (of 8), so Ctrl-C always lands
    # in the middle of a card, whatever the machine's speed.
    marker = ("import time\nimport cardkit.sim.api as api\n_run = api.run\ncalls = []\n"
              "def run(setup, games, backend, workers, scheduler, progress, **more):\n"
              "    calls.append(1)\n"
              "    pausing = len(calls) == 2\n"
              "    def paused(done, total):\n"
              "        if progress: progress(done, total)\n"
              "        if len(calls) == 2:\n"
              "            calls.append(1)  # pause once\n"
              "            print('MID-CARD', file=sys.stderr, flush=True)\n"
              "            time.sleep(120)\n"
              "    return _run(setup, games, backend, workers, scheduler,\n"
              "                paused if pausing else progress, **more)\n"
              "api.run = run")
    out_json = tmp_path / "strength.json"
    games = 200
    run = Running(patched_cardkit(marker, "strength", "trains", "--content", str(SHIPPED),
                                  "--games", str(games), "--workers", WORKERS,
                                  "-o", str(out_json)))
    run.wait_for("MID-CARD")  # the first card is complete, the second one has started
    code, out, err = run.interrupt()
    assert code == 130, err
    assert "Traceback" not in err and "StopIteration" not in err
    assert re.search(r"interrupted after [1-9]\d* of 30 cards", err)
    table = [line for line in out.splitlines()[2:] if not line.startswith(("interrupted", " "))]
    assert table and all(line.split()[1] == str(games) for line in table)  # complete cards only
    assert re.search(rf"\n  [a-z-]+: incomplete, stopped after \d+ of {games} games "
                     r"\(not reported\)", out)
    data = json.loads(out_json.read_text())
    assert data["interrupted"] and all(c["games"] == games for c in data["cards"])
    cut = data["incomplete"][0]
    assert cut["card"] not in {c["card"] for c in data["cards"]} and cut["games"] < games


def test_ctrl_c_in_check_exits_130_not_1() -> None:
    slow = ("import time, cardkit.checking.run as c\n"
            "def slow(content):\n    print('SLOW-STEP', file=sys.stderr, flush=True)\n"
            "    time.sleep(60)\n    return []\nc.run_game_checks = slow")
    run = Running(patched_cardkit(slow, "check", "terra", "--content", str(SHIPPED),
                                  "--no-cache"))
    run.wait_for("SLOW-STEP")
    code, out, err = run.interrupt(timeout=20)
    assert code == 130, err
    assert "Traceback" not in err and "Aborted" not in err
    assert "cardkit: interrupted" in err


def test_ctrl_c_with_a_local_dask_cluster_prints_no_worker_tracebacks() -> None:
    pytest.importorskip("distributed")
    run = Running(cardkit("simulate", "terra", "--content", str(SHIPPED), "--games", "100000",
                          "--workers", WORKERS, "--backend", "dask", "--progress"))
    run.wait_for(r"\] [1-9][0-9]*/100000", timeout=180)
    code, out, err = run.interrupt()
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert re.search(r"interrupted after [1-9]\d* of 100000 games", err)


def test_ctrl_c_before_the_first_strength_game_is_not_an_internal_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play", interrupted)
    code, out, err = cli("strength", "trains", "--content", str(SHIPPED), "--games", "2",
                         "--backend", "serial", "--cards", "tunnel,viaduct")
    assert code == 130, err
    assert "internal error" not in err and "StopIteration" not in err
    assert "tunnel: incomplete, stopped after 0 of 2 games (not reported)" in out
    assert "not run: viaduct" in out


def test_a_card_cut_short_is_never_reported_as_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    real, calls = runner.play, []

    def play(setup, index, transcript=None):  # type: ignore[no-untyped-def]
        calls.append(index)
        if len(calls) == 6:  # card one has 4 games; stop in the middle of card two
            raise KeyboardInterrupt
        return real(setup, index, transcript)

    monkeypatch.setattr(runner, "play", play)
    code, out, err = cli("strength", "trains", "--content", str(SHIPPED), "--games", "4",
                         "--backend", "serial", "--cards", "tunnel,viaduct,garage")
    assert code == 130, err
    lines = out.splitlines()
    assert any(line.startswith("tunnel ") and line.split()[1] == "4" for line in lines)
    assert not any(line.startswith("viaduct ") for line in lines)
    assert "viaduct: incomplete, stopped after 1 of 4 games (not reported)" in out
    assert "not run: garage" in out


def test_ctrl_c_in_any_command_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardkit.cli as cli_module

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_module.content_cmds, "run_check", interrupted)
    code, _, err = cli("check", "--content", str(SHIPPED))
    assert code == 130 and "cardkit: interrupted" in err and "Aborted" not in err


# --- workers and backends -----------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["simulate", "terra", "--games", "5"],
    ["simulate", "terra", "--games", "5", "--backend", "dask"],
    ["strength", "trains", "--games", "2", "--cards", "tunnel"],
])
def test_more_workers_than_cpus_is_refused_with_the_reason(command: list[str]) -> None:
    too_many = str(available_cpus() + 1)
    start = time.monotonic()
    code, _, err = cli(*command, "--content", str(SHIPPED), "--workers", too_many)
    plain_usage_error(code, err)
    assert f"--workers {too_many} is more than the {available_cpus()} CPU(s)" in err
    assert time.monotonic() - start < 10  # refused before any process starts


def test_bad_scheduler_addresses_are_usage_errors() -> None:
    for address in ("notaurl", "tcp://", "http://127.0.0.1:8786", "127.0.0.1:99999"):
        code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--scheduler",
                           address)
        plain_usage_error(code, err)
        assert "is not a Dask scheduler address; give tcp://HOST:PORT" in err


def test_scheduler_with_another_backend_is_a_usage_error() -> None:
    code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--backend", "serial",
                       "--scheduler", "tcp://127.0.0.1:8786")
    plain_usage_error(code, err)
    assert "--scheduler needs --backend dask" in err


def test_a_closed_scheduler_port_fails_fast_in_a_real_process() -> None:
    pytest.importorskip("distributed")
    start = time.monotonic()
    proc = subprocess.run(cardkit("simulate", "terra", "--content", str(SHIPPED), "--scheduler",
                                  "tcp://127.0.0.1:1"),  # no --backend: the scheduler implies it
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - start < 15
    plain_usage_error(proc.returncode, proc.stderr)
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1: connection refused" in \
        proc.stderr


class FakeServer:
    """A local TCP port that accepts connections and then answers ``reply`` (or nothing)."""

    def __init__(self, reply: bytes) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.reply = reply
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            if self.reply:
                conn.sendall(self.reply)

    def close(self) -> None:
        for conn in self.conns:
            conn.close()
        self.sock.close()


@pytest.mark.parametrize("reply, timeout, bound", [
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", None, 15.0),
    (b"", 2.0, 8.0),  # accepts and stays silent: the probe's own timeout ends the wait
])
def test_a_port_that_is_no_scheduler_fails_in_bounded_time(
        monkeypatch: pytest.MonkeyPatch, reply: bytes, timeout: float | None,
        bound: float) -> None:
    pytest.importorskip("distributed")
    assert runner.DASK_CONNECT_TIMEOUT <= 10
    if timeout is not None:
        monkeypatch.setattr(runner, "DASK_CONNECT_TIMEOUT", timeout)
    server = FakeServer(reply)
    try:
        start = time.monotonic()
        code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--backend", "dask",
                           "--scheduler", f"127.0.0.1:{server.port}")
        elapsed = time.monotonic() - start
    finally:
        server.close()
    plain_usage_error(code, err)
    assert f"tcp://127.0.0.1:{server.port}" in err and "scheduler's port" in err
    assert elapsed < bound


def test_a_missing_dask_is_an_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("dask", "dask.distributed", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails as when not installed
    for extra in ([], ["--scheduler", "tcp://127.0.0.1:8786"]):
        code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--games", "5",
                           "--backend", "dask", "--workers", "1", *extra)
        plain_usage_error(code, err)
        assert "pip install 'cardkit[dask]'" in err


# --- bots ---------------------------------------------------------------------------------

def test_bot_lists_are_stripped() -> None:
    code, out, err = cli("simulate", "terra", "--content", str(SHIPPED), "--games", "4",
                         "--backend", "serial", "--bots", "guesser:0.9, random")
    assert code == 0, err
    assert out.startswith("terra: 4 games, seed 1, 2 players (guesser:0.9, random)")


def test_an_unknown_bot_lists_the_names_and_the_closest_one() -> None:
    code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--backend", "serial",
                       "--bots", "gueser:0.8,random")
    plain_usage_error(code, err)
    assert "unknown bot 'gueser' (did you mean 'guesser'?); terra bots: random, guesser, " \
        "hedger" in err
    assert "uniformly" not in err  # names, not descriptions
    code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--backend", "serial",
                       "--bots", "random,,random")
    plain_usage_error(code, err)
    assert "--bots has an empty entry" in err


def test_players_without_bots_repeat_the_games_own_set_round_the_table() -> None:
    # Terra's own set is three bots; --players 5 seats them round the table (5 players is the
    # most Terra takes), --players 2 takes the first two; an explicit mismatch stays an error
    for players, bots in ((5, ["guesser:0.8", "guesser:0.5", "hedger:0.5", "guesser:0.8",
                               "guesser:0.5"]), (2, ["guesser:0.8", "guesser:0.5"])):
        code, out, err = cli("simulate", "terra", "--content", str(SHIPPED), "--games", "2",
                             "--backend", "serial", "--players", str(players), "--format",
                             "json")
        assert code == 0, err
        assert json.loads(out)["bots"] == bots
    code, _, err = cli("simulate", "terra", "--content", str(SHIPPED), "--games", "2",
                       "--backend", "serial", "--players", "3", "--bots", "random,random")
    plain_usage_error(code, err)
    assert "2 bots for 3 players" in err


def test_the_same_bot_twice_is_two_players_not_double_games() -> None:
    code, out, err = cli("simulate", "trains", "--content", str(SHIPPED), "--games", "4",
                         "--backend", "serial", "--bots", "baseline,baseline", "--format",
                         "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games_played"] == 4 and data["bots"] == ["baseline", "baseline"]
    lines = {b["bot"]: b for b in data["summary"]["bots"]}
    assert set(lines) == {"baseline#1", "baseline#2"}
    assert all(b["games"] == 4 for b in lines.values())
    assert sum(b["wins"] + b["ties"] / 2 for b in lines.values()) == pytest.approx(4)
    code, out, _ = cli("simulate", "trains", "--content", str(SHIPPED), "--games", "4",
                       "--backend", "serial", "--bots", "baseline,baseline")
    assert out.startswith("trains: 4 games") and "2000" not in out and " 8 " not in out


# --- --debug and the environment ----------------------------------------------------------

def test_debug_is_accepted_after_the_sub_command_and_shows_the_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cardkit.cli as cli_module

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_module.content_cmds, "run_check", broken)
    code, _, err = cli("check", "--content", str(SHIPPED))
    assert code == 3 and "internal error: RuntimeError: boom" in err and "Traceback" not in err
    for args, env in ((["check", "--content", str(SHIPPED), "--debug"], None),
                      (["--debug", "check", "--content", str(SHIPPED)], None),
                      (["check", "--content", str(SHIPPED)], {"CARDKIT_DEBUG": "1"})):
        code, _, err = cli(*args, env=env)
        assert code == 3 and "Traceback" in err and "RuntimeError: boom" in err, (args, err)


def test_help_shows_debug_and_the_environment_variables() -> None:
    _, out, _ = cli("--help")
    assert "--debug" in out and "CARDKIT_DEBUG" in out and "CARDKIT_CONTENT" in out
    _, out, _ = cli("check", "--help")
    assert "env var: CARDKIT_CONTENT" in " ".join(out.split())
    _, out, _ = cli("simulate", "--help")
    assert "implies --backend dask" in " ".join(out.split())
