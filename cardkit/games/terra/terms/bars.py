"""Bar arithmetic shared by the checks, the engine and the renderer.

A bar side has ascending line values ``l0 < l1 < ... < ln``; space ``i`` lies between ``l(i)`` and
``l(i+1)``. An answer strictly between two lines makes that one space correct. An answer equal
to a line makes the spaces on both sides of it correct (the rulebook's 1700 example); 1710 makes
only the space right of 1700 correct, and the one left of it adjacent.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Literal

from .units import UNITS

if TYPE_CHECKING:  # the model imports the terms (units); bars only annotate with it
    from ..model import Answer

Side = Literal["metric", "imperial"]


def side_value(answer: Answer, side: Side) -> float:
    """The answer in the base unit of a bar side (metres / feet for length, else as printed)."""
    unit = UNITS[answer.unit]
    if side == "metric":
        return unit.metric_base(answer.value)
    shown = answer.imperial if answer.imperial is not None else unit.imperial(answer.value)
    return shown * unit.imperial_base


def in_range(lines: list[float], value: float) -> bool:
    """Whether the value lies on the bar (between its first and last line, inclusive)."""
    return lines[0] <= value <= lines[-1]


def correct_spaces(lines: list[float], value: float) -> tuple[int, ...]:
    """Indices of the correct spaces for ``value`` (empty when it lies off the bar)."""
    if not in_range(lines, value):
        return ()
    n_spaces = len(lines) - 1
    i = bisect.bisect_left(lines, value)
    if i < len(lines) and lines[i] == value:
        return tuple(s for s in (i - 1, i) if 0 <= s < n_spaces)
    return (i - 1,)


def adjacent_spaces(lines: list[float], value: float) -> tuple[int, ...]:
    """Spaces next to the correct ones (scoring 3), never the correct ones themselves."""
    correct = correct_spaces(lines, value)
    if not correct:
        return ()
    n_spaces = len(lines) - 1
    return tuple(s for s in (min(correct) - 1, max(correct) + 1) if 0 <= s < n_spaces)


def on_line(lines: list[float], value: float) -> bool:
    """Whether the value equals a line exactly (two correct spaces)."""
    i = bisect.bisect_left(lines, value)
    return i < len(lines) and lines[i] == value
