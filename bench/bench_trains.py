"""Benchmark: Trains 2-player baseline-mirror player turns per second on one core, against
pyminion's Big Money mirror (a Python Dominion simulator from PyPI), measured in the same run;
games per second beside it (games differ in length: Trains games last about 30 turns per
player, pyminion's about 17, so the goal is per player turn).

pyminion is installed into a throw-away virtualenv under build/ (benchmark only: it is not a
dependency of cardkit). Goal: turns ratio >= 1.0.

The Trains side plays as ``cardkit simulate`` does: with the compiled engine and bots where
``make`` built them (mypyc, :mod:`cardkit.core.compiled`), and the same games once more in pure
Python (``CARDKIT_COMPILED=0``), each round in a fresh process; every round of both must give
the same results (one digest), and both figures are reported.

The runner checks every invariant at the end of every turn by default (tests, fuzzing and
``cardkit simulate`` keep doing so); pyminion checks none, so the compared run plays without
the checks (``--invariants on`` plays it with them), and the benchmark plays the same games once
more the other way, checks that the results are the same, and reports what the checks cost.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchline import line

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


def trains_runs(games: int) -> Any:
    """A function that plays ``games`` seeded baseline-mirror games (root seed 1) in this
    process, with or without the invariant checks, and returns (seconds, player turns, rows)."""
    from cardkit.core.content import is_translation_file
    from cardkit.core.discovery import discover
    from cardkit.core.loading import MAX_FILE_BYTES
    from cardkit.sim.runner import Setup, run

    files = tuple((s.relpath, s.raw) for s in discover(ROOT / "content", "trains", MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    setup = Setup("trains", files, ("baseline", "baseline"), 1)
    run(replace(setup, root_seed=99), 20, "serial", 1)  # warm-up: content, caches

    def play(invariants: bool) -> tuple[float, int, list[Any]]:
        t = time.perf_counter()
        rows = run(replace(setup, check_invariants=invariants), games, "serial", 1).rows
        elapsed = time.perf_counter() - t
        return elapsed, sum(sum(r.details["turns"]) for r in rows), rows

    return play


def one_round(games: int, checked: bool) -> dict[str, Any]:
    """One round in this process (``--child``): the games with and without the invariant checks
    (same results required), the engine that played them and a digest of the results."""
    from cardkit.core import compiled

    play = trains_runs(games)
    out: dict[str, Any] = {}
    digest = None
    for invariants in (checked, not checked):
        elapsed, turns, rows = play(invariants)
        got = hashlib.sha256(json.dumps([r.to_dict() for r in rows], sort_keys=True,
                                        default=str).encode()).hexdigest()
        if digest is not None and got != digest:
            raise SystemExit("the invariant checks changed a result")
        digest = got
        out["on" if invariants else "off"] = elapsed
        out["turns"] = turns
        out["bought"] = sum(sum(sum(o.values()) for o in r.details["kingdom_owned"])
                            for r in rows)
        out["ends"] = dict(Counter(r.end_reason for r in rows))
    status = compiled.status("cardkit.games.trains")
    out["digest"] = digest
    out["compiled"] = bool(status and status.used)
    out["reason"] = status.reason if status else "not asked"
    return out


def child_round(games: int, checked: bool, python_only: bool) -> dict[str, Any]:
    """:func:`one_round` in a fresh process: as built (the compiled engine where ``make`` built
    it, as ``cardkit simulate`` runs) or with ``CARDKIT_COMPILED=0`` (pure Python)."""
    env = dict(os.environ, **({"CARDKIT_COMPILED": "0"} if python_only else {}))
    cmd = [sys.executable, __file__, "--child", "--games", str(games),
           "--invariants", "on" if checked else "off"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per round (each side)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds, each playing every side in turn; the best round of each "
                             "side counts (the machine may be shared)")
    parser.add_argument("--invariants", choices=("off", "on"), default="off",
                        help="check every invariant at the end of every turn in the compared "
                             "run (default off: pyminion checks none)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games, checked = args.games, args.invariants == "on"
    if args.child:
        print(json.dumps(one_round(games, checked)))
        return
    best: dict[str, dict[str, Any]] = {}
    pm: tuple[float, float, float, str] | None = None
    digests = set()
    for _ in range(args.rounds):
        for side in ("built", "python"):
            got = child_round(games, checked, side == "python")
            digests.add(got["digest"])
            key = "on" if checked else "off"
            if side not in best or got[key] < best[side][key]:
                best[side] = got
        theirs = pyminion_rate(games)
        if pm is None or theirs[1] > pm[1]:
            pm = theirs
    if len(digests) != 1:
        raise SystemExit("the compiled and the Python engine gave different results")
    assert pm is not None
    their_games, their_turns, their_length, version = pm
    key = args.invariants
    built, python = best["built"], best["python"]
    engine = "compiled (mypyc)" if built["compiled"] else f"Python ({built['reason']})"
    rates = {}
    for side, got in best.items():
        rates[side] = (games / got[key], got["turns"] / got[key])
    ours, our_turns = rates["built"]
    turns, bought = built["turns"], built["bought"]
    ends = ", ".join(f"{k} {v}" for k, v in sorted(built["ends"].items()))
    print(f"Trains baseline mirror, 2 players, 1 core, engine {engine}: {ours:8.1f} games/s, "
          f"{our_turns:8.0f} player turns/s (invariant checks {args.invariants}; best of "
          f"{args.rounds} rounds of {games} games)")
    print(f"  the same games in pure Python (CARDKIT_COMPILED=0): {rates['python'][0]:8.1f} "
          f"games/s, {rates['python'][1]:8.0f} player turns/s; the same results "
          f"(one digest over every round and engine)")
    print(f"  {turns / games / 2:.1f} turns per player, {bought / games / 2:.1f} kingdom cards "
          f"bought per player; end: {ends}")
    print(f"pyminion {version} Big Money mirror, 1 core: {their_games:8.1f} games/s, "
          f"{their_turns:8.0f} player turns/s ({their_length:.1f} turns per player)")
    print(f"ratio cardkit / pyminion: {our_turns / their_turns:.2f} in player turns/s "
          f"(goal >= 1.0), {ours / their_games:.2f} in games/s; pure Python "
          f"{rates['python'][1] / their_turns:.2f}")
    on, off = built["on"], built["off"]
    print(f"the same {games} games with every invariant checked at the end of every turn: "
          f"{on:.2f} s, without: {off:.2f} s ({(on / off - 1) * 100:+.0f} %; same results)")
    line("Trains mirror, player turns/s, 1 core",
         f"{our_turns:.0f}/s ({'compiled' if built['compiled'] else 'Python'})",
         f"{their_turns:.0f}/s (pyminion {version})",
         our_turns / their_turns, ">= 1.0x")
    line("Trains mirror, player turns/s, 1 core, pure Python", f"{rates['python'][1]:.0f}/s",
         f"{their_turns:.0f}/s (pyminion {version})", rates["python"][1] / their_turns,
         "reported")
    line("Trains mirror, games/s, 1 core", f"{ours:.1f}/s", f"{their_games:.1f}/s (pyminion)",
         ours / their_games, "reported")
    line("Trains invariant checks every turn: time", f"{on:.2f} s", f"{off:.2f} s unchecked",
         on / off, "reported")


if __name__ == "__main__":
    main()
