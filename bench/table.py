"""Collect the ``BENCH`` lines of a ``make bench`` run (stdin) into one table (stdout).

Each benchmark prints its measures with :func:`bench.benchline.line`; ``make bench`` pipes the
whole run's output through this script, which echoes it and prints the table at the end::

    measure | cardkit | baseline | ratio | goal
"""

from __future__ import annotations

import sys

from benchline import PREFIX


def main() -> int:
    """Echo stdin, then print a Markdown table of its ``BENCH`` lines."""
    rows = []
    for raw in sys.stdin:
        sys.stdout.write(raw)
        sys.stdout.flush()
        parts = raw.rstrip("\n").split("\t")
        if parts[0] == PREFIX and len(parts) == 6:
            rows.append(parts[1:])
    if rows:
        head = ("measure", "cardkit", "baseline", "ratio", "goal")
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
        print()
        for r in [head, tuple("-" * w for w in widths), *rows]:
            print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
