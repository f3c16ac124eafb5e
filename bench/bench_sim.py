"""Benchmark: Terra games per second on 1 worker and on 2 workers (goal: ratio >= 1.7 on a
2-core machine), and a Dask local cluster against the process pool on the same run.

Every run plays the same seeded games; the benchmark also checks that all of them produced the
same rows.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from cardkit.sim.api import simulate

ROOT = Path(__file__).resolve().parent.parent


def timed(**kwargs):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    report = simulate("terra", ROOT / "content", **kwargs)
    return time.perf_counter() - t0, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8000)
    args = parser.parse_args()
    common = {"games": args.games, "seed": 7}
    t1, r1 = timed(backend="process", workers=1, **common)
    t2, r2 = timed(backend="process", workers=2, **common)
    td, rd = timed(backend="dask", workers=2, **common)
    same = [r.to_dict() for r in (r1, r2, rd)]
    assert same[0] == same[1] == same[2], "backends disagree"
    print(f"Terra, {args.games:,} games, 3 players (default bots), {os.cpu_count()} cores")
    print(f"1 worker:                   {t1:6.2f} s  {args.games / t1:8.0f} games/s")
    print(f"2 workers (process pool):   {t2:6.2f} s  {args.games / t2:8.0f} games/s")
    print(f"speed-up 2 vs 1 workers:    {t1 / t2:6.2f}x  (goal >= 1.7x)")
    print(f"Dask local cluster, 2 workers: {td:6.2f} s  ({td / t2:.2f}x the process pool's time, "
          f"cluster start-up included)")
    print("identical results on all three runs: yes")


if __name__ == "__main__":
    main()
