"""Benchmark: Trains 2-player baseline-mirror games per second on one core, against pyminion's
Big Money mirror (a Python Dominion simulator from PyPI), measured in the same run.

pyminion is installed into a throw-away virtualenv under build/ (benchmark only: it is not a
dependency of cardkit). Goal: ratio >= 1.0.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PM_VENV = ROOT / "build" / "bench-pyminion"
PM_SCRIPT = """
import logging, sys, time
from pyminion.bots.examples import BigMoney
from pyminion.expansions.base import base_set
from pyminion.game import Game
from pyminion.simulator import Simulator
logging.disable(logging.CRITICAL)
n = int(sys.argv[1])
game = Game(players=[BigMoney(player_id="a"), BigMoney(player_id="b")], expansions=[base_set],
            log_stdout=False)
t = time.perf_counter()
Simulator(game, iterations=n).run()
print(n / (time.perf_counter() - t))
"""


def pyminion_rate(games: int) -> tuple[float, str]:
    """Games per second of pyminion's Big Money mirror (one process)."""
    python = PM_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PM_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "pyminion"], check=True)
    version = subprocess.run([str(python), "-c", "import importlib.metadata as m;"
                              "print(m.version('pyminion'))"], capture_output=True, text=True,
                             check=True).stdout.strip()
    out = subprocess.run([str(python), "-c", PM_SCRIPT, str(games)], capture_output=True,
                         text=True, check=True).stdout
    return float(out.strip()), version


def main() -> None:
    from cardkit.sim.api import simulate

    games = 600
    simulate("trains", ROOT / "content", games=20, seed=99, backend="serial")  # warm-up
    t = time.perf_counter()
    simulate("trains", ROOT / "content", games=games, seed=1, bots=["baseline", "baseline"],
             backend="serial")
    ours = games / (time.perf_counter() - t)
    theirs, version = pyminion_rate(1000)
    print(f"Trains baseline mirror, 2 players, 1 core: {ours:8.1f} games/s "
          "(invariants checked at the end of every turn)")
    print(f"pyminion {version} Big Money mirror, 1 core: {theirs:8.1f} games/s")
    print(f"ratio cardkit / pyminion:                 {ours / theirs:8.2f}  (goal >= 1.0)")


if __name__ == "__main__":
    main()
