"""Worker processes die with their parent (``cardkit/core/workers.py``), by either mechanism:
Linux's parent-death signal, or the portable watchdog thread on its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT

# A parent that forks a worker (which calls die_with_parent) and then waits to be killed.
PARENT = """
import os, sys, time
import cardkit.core.workers as workers
if sys.argv[1] == "watchdog-only":
    workers._set_parent_death_signal = lambda: False
parent = os.getpid()
child = os.fork()
if child == 0:
    workers.die_with_parent(parent, interval=0.1)
    while True:
        time.sleep(1)
print(child, flush=True)
time.sleep(600)
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; init reaps it


@pytest.mark.skipif(not hasattr(os, "fork") or not Path("/proc/self/stat").exists(),
                    reason="fork and /proc")
@pytest.mark.parametrize("mode", ["prctl-and-watchdog", "watchdog-only"])
def test_a_worker_dies_when_its_parent_is_killed(mode: str) -> None:
    proc = subprocess.Popen([sys.executable, "-c", PARENT, mode], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    try:
        time.sleep(0.3)
        assert _running(child)  # alive while its parent is
        proc.kill()  # SIGKILL: the parent cannot clean anything up
        proc.wait(10)
        deadline = time.monotonic() + 5
        while _running(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(child), f"worker {child} outlived its parent ({mode})"
    finally:
        for pid in (proc.pid, child):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_a_worker_whose_parent_is_already_gone_exits_at_once() -> None:
    code = ("import os, cardkit.core.workers as w\n"
            "w.die_with_parent(os.getppid() + 1_000_000)\n"
            "print('still here')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 1 and "still here" not in done.stdout
