"""Print the catch share of the translation checks on the planted-error corpus, per class and in
total (e.g. ``caught 44/46 (95.7 %)``): ``.venv/bin/python bench/bench_i18n_planted.py [seed]``.

The corpus is tests/planted_i18n.py's, the one tests/test_planted_translations.py asserts on.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.planted_i18n import build, findings, lines, missed, score  # noqa: E402


def main() -> None:
    """Build the corpus in a temporary folder, check it and print the table."""
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 33
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        content, corpus, baseline = build(Path(tmp), seed)
        found = findings(content)
        scores = score(corpus, found, baseline)
        print("\n".join(lines(scores)))
        for p in missed(corpus, found, baseline):
            print(f"  missed: {p.cls} at {p.file}:{p.line} ({', '.join(sorted(p.codes))})")
        print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
