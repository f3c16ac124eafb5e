"""Benchmark: Terra games per second on 1 worker and on 2 workers (goal: ratio >= 1.7 on a
2-core machine), and a Dask local cluster against the process pool on the same run; then the
shipped deck (150 topics) against a 64-topic deck (the 16 oldest of each colour, as the deck
had before it grew), 1 worker each, to show what the larger deck costs per game. The 64-topic
deck is played through the runner directly, without the content gate (its bars were designed for
the whole deck: the trimmed deck breaks TER031's fair share), and so is the shipped deck beside it.

Every run plays the same seeded games; the benchmark also checks that all of them produced the
same rows.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from benchline import line
from ruamel.yaml import YAML

from cardkit.core.content import is_translation_file
from cardkit.core.discovery import discover
from cardkit.core.loading import MAX_FILE_BYTES
from cardkit.games.terra.bots import DEFAULT_BOTS
from cardkit.sim.api import simulate
from cardkit.sim.runner import Setup, run

ROOT = Path(__file__).resolve().parent.parent


def timed(content: Path = ROOT / "content", **kwargs):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    report = simulate("terra", content, **kwargs)
    return time.perf_counter() - t0, report


def played(content: Path, games: int, seed: int) -> float:
    """Seconds to play ``games`` Terra games (default bots, 3 players) on one worker through the
    runner itself: no content gate."""
    files = tuple((s.relpath, s.raw) for s in discover(content, "terra", MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    setup = Setup("terra", files, DEFAULT_BOTS, seed)
    t0 = time.perf_counter()
    run(setup, games, "serial", 1)
    return time.perf_counter() - t0


def small_deck(dest: Path, per_colour: int = 16) -> Path:
    """A copy of the Terra content with the first ``per_colour`` topics of each colour file —
    the 64-topic deck the game had before it grew (the older cards come first) — and no
    translations."""
    src = ROOT / "content" / "terra"
    terra = dest / "terra"
    shutil.copytree(src, terra, ignore=shutil.ignore_patterns("i18n", "glossary"))
    yaml = YAML()
    for path in sorted((terra / "cards").glob("*.yaml")):
        data = yaml.load(path)
        data["cards"] = data["cards"][:per_colour]
        yaml.dump(data, path)
    return dest


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
    line(f"Terra sim, {args.games:,} games, 2 vs 1 workers", f"{t2:.2f} s", f"{t1:.2f} s 1 worker",
         t1 / t2, ">= 1.7x (speed-up)")
    work = Path(tempfile.mkdtemp(prefix="cardkit-bench-"))
    try:
        small = small_deck(work / "content")
        n = args.games // 2
        t_big = played(ROOT / "content", n, 7)
        t_small = played(small, n, 7)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    topics = sum(p.read_text("utf-8").count("\n  - id: ")
                 for p in (ROOT / "content" / "terra" / "cards").glob("*.yaml"))
    print(f"deck size, 1 worker, {n:,} games: shipped deck ({topics} topics) "
          f"{n / t_big:8.0f} games/s; 64 topics {n / t_small:8.0f} games/s "
          f"(time ratio 64/{topics}: {t_small / t_big:.2f})")


if __name__ == "__main__":
    main()
