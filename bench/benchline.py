"""One machine-readable line per measure, which ``make bench`` collects into one table.

Every benchmark prints its human-readable report and, for each measure it compares against a
baseline measured in the same run, one line::

    BENCH<TAB>measure<TAB>cardkit<TAB>baseline<TAB>ratio<TAB>goal

through :func:`line` (``cardkit`` and ``baseline`` as measured, with their unit; ``ratio`` the
figure the goal is about; ``goal`` as text such as ``<= 1.2x``). ``bench/table.py`` reads the
lines of a whole ``make bench`` run and prints the table.
"""

from __future__ import annotations

PREFIX = "BENCH"


def line(measure: str, cardkit: str, baseline: str, ratio: float | None, goal: str) -> str:
    """Print (and return) the collected line of one measure."""
    shown = "" if ratio is None else f"{ratio:.2f}x"
    text = "\t".join((PREFIX, measure, cardkit, baseline, shown, goal))
    print(text, flush=True)
    return text
