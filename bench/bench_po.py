"""Benchmark: ``cardkit i18n import``'s reading of a PO file (10k / 50k / 200k generated entries)
vs. ``polib.pofile`` parsing the same file, in the same run.

cardkit's side is the whole import plan without the write: the bounded read, the line-level
syntax check, polib's parse, the header checks, duplicate detection, the per-entry validation
against the game's texts and every translation check on every incoming text (what
``incoming_errors`` runs, without the print fit, which needs real cards). The baseline is polib
alone. Each measurement runs in a fresh process, so the peak resident memory (``ru_maxrss``) is
that run's own; an idle process (the same imports, no file) is reported for reference.

The texts are generated from a real Terra card topic: entry ``i`` translates "Card number i".
The same entries as XLIFF 2.0 units are planned too (``XLIFF plan s``: lxml parse, inline
codes, states, the same import plan).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchline import line

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEADER = ('msgid ""\nmsgstr ""\n"Project-Id-Version: cardkit terra\\n"\n"Language: pl\\n"\n'
          '"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || '
          'n%100>=20) ? 1 : 2);\\n"\n\n')


def generate(path: Path, n: int) -> None:
    """A PO file of ``n`` translated entries, each with a reference comment (200,000 entries:
    about 17 MB, under the 32 MiB limit)."""
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER)
        for i in range(n):
            out.write(f"#: terra/cards/generated.yaml:{i + 1}\n"
                      f'msgctxt "cards/c{i}/topic"\nmsgid "Card number {i}"\n'
                      f'msgstr "Karta numer {i}"\n\n')


def generate_xliff(path: Path, n: int) -> None:
    """The same entries as an XLIFF 2.0 file, one unit per line (200,000 units: about 30 MB)."""
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:'
                  'xliff:document:2.0" version="2.0" srcLang="en" trgLang="pl">\n'
                  '<file id="terra">\n')
        for i in range(n):
            out.write(f'<unit id="cards/c{i}/topic"><segment state="translated"><source>Card '
                      f'number {i}</source><target>Karta numer {i}</target></segment></unit>\n')
        out.write("</file>\n</xliff>\n")


def _rss() -> float:
    """This process's peak resident memory in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cardkit(path: Path, n: int) -> int:
    from dataclasses import replace

    from cardkit.i18n.api import load
    from cardkit.i18n.checks import PAIR_CHECKS, Pair, TranslationEnv, pair_diagnostics
    from cardkit.i18n.exchange import plan_po
    from cardkit.i18n.overlay import Entry, LocaleOverlay, Translation
    from cardkit.i18n.xliff import plan_xliff

    data = load("terra", ROOT / "content")
    template = next(s for s in data.sources() if s.kind == "cards" and s.key == "topic")
    sources = {}
    for i in range(n):
        src = replace(template, object_id=f"c{i}", text=f"Card number {i}")
        sources[src.context] = src
    locale = data.locales["pl"]
    start = time.perf_counter()
    planner = plan_xliff if path.suffix == ".xlf" else plan_po
    plan = planner(path, locale, sources, LocaleOverlay("pl"), "terra")
    assert not plan.errors, plan.errors[:3]
    planned = time.perf_counter() - start
    env = TranslationEnv(locale, frozenset(), data.translations.glossaries.get("pl", []),
                         source_locale=data.locales["en"], locales=data.locales)
    found = 0
    by_ref = {(s.kind, s.object_id, s.key): s for s in sources.values()}
    for ref, update in plan.updates.items():
        entry = Entry(Translation(text=update.text, src=update.src), "pl.po", ("entries",) + ref[1:])
        found += sum(1 for _ in pair_diagnostics(Pair(by_ref[ref], entry, env), PAIR_CHECKS))
    elapsed = time.perf_counter() - start
    assert len(plan.updates) == n, len(plan.updates)
    print(json.dumps({"seconds": elapsed, "plan": planned, "findings": found, "rss": _rss()}))
    return 0


def _polib(path: Path, n: int) -> int:
    import polib

    start = time.perf_counter()
    po = polib.pofile(str(path), wrapwidth=0)
    elapsed = time.perf_counter() - start
    assert len(po) == n
    print(json.dumps({"seconds": elapsed, "rss": _rss()}))
    return 0


def _idle(path: Path, n: int) -> int:
    import polib  # noqa: F401

    import cardkit.i18n.api  # noqa: F401

    print(json.dumps({"seconds": 0.0, "rss": _rss()}))
    return 0


def _refused(path: Path, n: int) -> int:
    """The real command's path: the generated file imported into the shipped Terra (whose
    texts it does not name) — refused, after reading the whole file once."""
    from cardkit.export.exchange import import_file

    start = time.perf_counter()
    result = import_file("terra", path, ROOT / "content", ROOT / "schemas", "pl", dry_run=True)
    elapsed = time.perf_counter() - start
    assert result.plan.errors and result.written is None
    print(json.dumps({"seconds": elapsed, "rss": _rss(), "error": result.plan.errors[-1].message}))
    return 0


def measure(which: str, path: Path, n: int) -> dict[str, float]:
    """One measurement in a fresh process: its seconds and peak RSS (MiB), and more."""
    proc = subprocess.run([sys.executable, __file__, "--one", which, str(path), str(n)],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,50000,200000")
    parser.add_argument("--one", nargs=3, metavar=("WHICH", "FILE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        which, file, n = args.one
        runs = {"cardkit": _cardkit, "polib": _polib, "idle": _idle, "refused": _refused}
        sys.exit(runs[which](Path(file), int(n)))
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        idle = measure("idle", Path(tmp) / "none.po", 0)
        print(f"idle process (imports only): peak {idle['rss']:.0f} MiB")
        print("polib: polib.pofile(file) | plan: cardkit's read + validation + import plan | "
              "checks: + every translation check on every text | refused: `i18n import terra` "
              "of the same file (not Terra's texts)")
        print(f"{'entries':>8} {'MB':>5} {'polib s':>8} {'plan s':>7} {'ratio':>6} "
              f"{'+checks s':>10} {'refused s':>10} {'polib MiB':>10} {'cardkit MiB':>12} "
              f"{'XLIFF MB':>9} {'XLIFF plan s':>13} {'plan us/entry':>14}")
        for n in sizes:
            path = Path(tmp) / f"{n}.po"
            generate(path, n)
            p = measure("polib", path, n)
            c = measure("cardkit", path, n)
            r = measure("refused", path, n)
            xlf = Path(tmp) / f"{n}.xlf"
            generate_xliff(xlf, n)
            x = measure("cardkit", xlf, n)
            print(f"{n:>8} {os.path.getsize(path) / 1e6:>5.1f} {p['seconds']:>8.2f} "
                  f"{c['plan']:>7.2f} {c['plan'] / p['seconds']:>6.2f} {c['seconds']:>10.2f} "
                  f"{r['seconds']:>10.2f} {p['rss']:>10.0f} {c['rss']:>12.0f} "
                  f"{os.path.getsize(xlf) / 1e6:>9.1f} {x['plan']:>13.2f} "
                  f"{c['plan'] / n * 1e6:>14.1f}")
            line(f"PO import plan, {n:,} entries", f"{c['plan']:.2f} s", f"{p['seconds']:.2f} s polib",
                 c["plan"] / p["seconds"], "report (linear in entries)")
        print("linear: plan us/entry stays about the same from the smallest size to the largest "
              "(a quadratic parse grows it with the size: 20x from 10k to 200k)")

if __name__ == "__main__":
    main()
