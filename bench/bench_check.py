"""Benchmark: ``cardkit check`` on a synthetic 10,000-card Terra set vs. a bare C-loader parse.

Reports, in one run:
  (a) cold ``cardkit check`` (a fresh process, empty cache), best of N;
  (b) parsing the same files with ruamel's C-accelerated safe loader, in-process, best of N;
  (c) the ratio a/b (goal <= 1.2, issue 38; it was 1.5);
  (d) warm ``cardkit check`` (a fresh process, nothing changed since the previous run), best of N,
      beside a bare ``python -c pass`` start measured in the same run (goal <= 3x that start):
      the recorded check replayed (``cardkit/cli/replay.py``); and the same with every file
      touched, where the check compares the files' hashes and answers from the result cache;
  (e) peak memory (maximum resident set size) of the cold ``cardkit check`` child;
  (f) cold ``cardkit check terra`` of the real shipped deck (150 topics, el and pl translations,
      the print fit check of every face in 3 locales x 2 board sides) beside the synthetic set.
The synthetic set is derived deterministically from the shipped cards (ids and topics numbered).
The cold and warm ratios are also printed as collected lines (``bench/benchline.py``).
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchline import line
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "content" / "terra"
CARDKIT = [sys.executable, "-m", "cardkit"]


#: A card's ``art`` field, on one line or as a block.
ART_FIELD = re.compile(r"\n    art:(?: [^\n]*|(?:\n      [^\n]*)+)")


def make_content(dest: Path, n_cards: int, per_file: int = 100) -> list[Path]:
    """Write a Terra content folder with ``n_cards`` cards; return the card files."""
    terra = dest / "terra"
    (terra / "cards").mkdir(parents=True)
    shutil.copy(SHIPPED / "regions.yaml", terra / "regions.yaml")
    shutil.copy(SHIPPED / "bars.yaml", terra / "bars.yaml")
    shutil.copy(SHIPPED / "strings.yaml", terra / "strings.yaml")
    templates = []
    for path in sorted((SHIPPED / "cards").glob("*.yaml")):
        text = path.read_text("utf-8")
        header, body = text.split("\n", 1)
        blocks = body.split("\n  - id: ")[1:]
        # cards without art: the benchmark measures the text path (and the art files would
        # not be in the synthetic content folder)
        templates += [ART_FIELD.sub("", b.rstrip("\n")) for b in blocks]
    assert templates
    files = []
    for f in range(0, n_cards, per_file):
        out = [header, "cards:"]
        for i in range(f, min(n_cards, f + per_file)):
            block = templates[i % len(templates)]
            first, rest = block.split("\n", 1)
            rest = rest.replace("    topic: ", f"    topic: No. {i} ", 1)
            out.append(f"  - id: {first}-{i}\n{rest}")
        path = terra / "cards" / f"set-{f // per_file:03d}.yaml"
        path.write_text("\n".join(out) + "\n", "utf-8")
        files.append(path)
    return files


def best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from cardkit.core.loader import uses_c_parser

    work = Path(tempfile.mkdtemp(prefix="cardkit-bench-"))
    try:
        content = work / "content"
        make_content(content, args.cards)
        all_files = sorted((content / "terra").rglob("*.yaml"))
        size = sum(p.stat().st_size for p in all_files)

        yaml = YAML(typ="safe", pure=False)

        def parse_only() -> None:
            for p in all_files:
                yaml.load(p.read_text("utf-8"))

        t_parse = best(parse_only, args.repeat)

        from cardkit.core.loader import parse_text

        def cardkit_parse() -> None:
            for p in all_files:
                parse_text(p.read_text("utf-8"), p.name)

        t_own_parse = best(cardkit_parse, args.repeat)

        def cold() -> None:
            cache = work / f"cache-{time.perf_counter_ns()}"
            result = subprocess.run([*CARDKIT, "check", "--content", str(content), "--cache-dir",
                                     str(cache)], capture_output=True, text=True, check=False)
            if result.returncode != 0:
                sys.exit(f"check failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")

        t_cold = best(cold, args.repeat)
        # the cold checks are this process's first children: their largest resident set so far
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        warm_cache = work / "warm-cache"
        subprocess.run([*CARDKIT, "check", "--content", str(content), "--cache-dir",
                        str(warm_cache)], capture_output=True, check=True)

        def warm() -> None:
            out = subprocess.run([*CARDKIT, "check", "--content", str(content), "--cache-dir",
                                  str(warm_cache)], capture_output=True, text=True, check=True)
            assert "(cached)" in out.stdout, out.stdout

        t_warm = best(warm, max(args.repeat, 5))
        for p in all_files:  # every file touched, none changed: the replay's signatures differ,
            p.touch()  # the check compares hashes and answers from the result cache
        t_touched = best(warm, max(args.repeat, 5))

        def cold_real() -> None:
            cache = work / f"cache-real-{time.perf_counter_ns()}"
            result = subprocess.run([*CARDKIT, "check", "terra", "--content", str(ROOT / "content"),
                                     "--cache-dir", str(cache)], capture_output=True, text=True,
                                    check=False)
            if result.returncode != 0:
                sys.exit(f"check of the shipped deck failed:\n{result.stdout[-2000:]}")

        t_real = best(cold_real, args.repeat)
        real_cards = sum(p.read_text("utf-8").count("\n  - id: ")
                         for p in (SHIPPED / "cards").glob("*.yaml"))

        def startup() -> None:
            subprocess.run([sys.executable, "-c", "pass"], check=True)

        t_python = best(startup, 5)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"synthetic Terra set: {args.cards:,} cards in {len(all_files)} files, "
          f"{size / 1e6:.1f} MB; C parser in use: {uses_c_parser()}")
    print(f"(a) cold `cardkit check` (new process, empty cache): {t_cold:8.3f} s")
    print(f"(b) parse only, ruamel C safe loader (in-process):   {t_parse:8.3f} s")
    print(f"(c) ratio a/b:                                       {t_cold / t_parse:8.2f}   "
          f"(goal <= 1.2)")
    print(f"    cardkit's own loader, parse only (in-process):   {t_own_parse:8.3f} s  "
          f"({t_parse / t_own_parse:.2f}x faster than (b): data built from the event stream)")
    print(f"(d) warm `cardkit check` (new process, no change):   {t_warm:8.3f} s  "
          f"({t_warm / t_python:.2f}x a bare start; goal <= 3x)")
    print(f"    baseline: a bare `python -c pass` start:         {t_python:8.3f} s")
    print(f"    warm, every file touched (hashes compared):      {t_touched:8.3f} s")
    print(f"(e) peak memory of cold `cardkit check` (max RSS):   {peak_kib / 1024:8.1f} MiB")
    print(f"(f) cold `cardkit check terra`, shipped deck ({real_cards} topics, el+pl, fit check "
          f"of every face): {t_real:6.3f} s")
    line(f"check cold, {args.cards:,} cards (fit check on)", f"{t_cold:.2f} s",
         f"{t_parse:.2f} s bare C parse", t_cold / t_parse, "<= 1.2x")
    line("check warm (nothing changed)", f"{t_warm:.3f} s", f"{t_python:.3f} s python start",
         t_warm / t_python, "<= 3x")


if __name__ == "__main__":
    main()
