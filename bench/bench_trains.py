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
result = Simulator(game, iterations=n).run()
elapsed = time.perf_counter() - t
turns = sum(s.turns for g in result.game_results for s in g.player_summaries)
print(n / elapsed, turns / elapsed, turns / n / 2)
"""


def pyminion_rate(games: int) -> tuple[float, float, float, str]:
    """Games and player turns per second of pyminion's Big Money mirror (one process), and its
    turns per player."""
    python = PM_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PM_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "pyminion"], check=True)
    version = subprocess.run([str(python), "-c", "import importlib.metadata as m;"
                              "print(m.version('pyminion'))"], capture_output=True, text=True,
                             check=True).stdout.strip()
    out = subprocess.run([str(python), "-c", PM_SCRIPT, str(games)], capture_output=True,
                         text=True, check=True).stdout
    rate, turns_rate, per_player = (float(x) for x in out.split())
    return rate, turns_rate, per_player, version


def main() -> None:
    from cardkit.sim.api import simulate

    games = 1000
    simulate("trains", ROOT / "content", games=20, seed=99, backend="serial")  # warm-up
    t = time.perf_counter()
    report = simulate("trains", ROOT / "content", games=games, seed=1,
                      bots=["baseline", "baseline"], backend="serial")
    elapsed = time.perf_counter() - t
    ours = games / elapsed
    rows = report.result.rows
    turns = sum(sum(r.details["turns"]) for r in rows)
    bought = sum(sum(sum(o.values()) for o in r.details["kingdom_owned"]) for r in rows)
    ends = ", ".join(f"{k} {v}" for k, v in sorted(report.summary["end_reasons"].items()))
    theirs, their_turns, their_length, version = pyminion_rate(1000)
    print(f"Trains baseline mirror, 2 players, 1 core: {ours:8.1f} games/s, "
          f"{turns / elapsed:8.0f} turns/s (invariants checked at the end of every turn)")
    print(f"  {turns / games / 2:.1f} turns per player, {bought / games / 2:.1f} kingdom cards "
          f"bought per player; end: {ends}")
    print(f"pyminion {version} Big Money mirror, 1 core: {theirs:8.1f} games/s, "
          f"{their_turns:8.0f} turns/s ({their_length:.1f} turns per player)")
    print(f"ratio cardkit / pyminion:                 {ours / theirs:8.2f}  games/s (goal >= 1.0), "
          f"{turns / elapsed / their_turns:.2f} turns/s")


if __name__ == "__main__":
    main()
