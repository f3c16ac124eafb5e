"""How evenly a bar's spaces share the deck's answers, and how wide each space is.

A bar is fair when placing a marker takes knowledge: no space holds much more than its fair
share of the answers (answers ÷ spaces), and on the two logarithmic bars (length, number) no
space spans more than :data:`MAX_SPAN` times its lower line — a space from 0.2 m to 25 m (125×)
is won by the order of magnitude alone. The year bar is linear (a space is so many years), and a
space reaching zero or below has no ratio: for those only the share counts.

Used by the check (TER031) and by the bar report of ``cardkit simulate terra``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bars import correct_spaces

#: A space may hold at most this many times its fair share of the answers ...
MAX_SHARE = 2.0
#: ... and span at most this ratio between its lines on a logarithmic bar.
MAX_SPAN = 20.0
#: The bars whose lines grow by ratios (the year bar grows by years).
LOG_BARS = frozenset({"length", "number"})


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a bar side: its lines, answers, and width."""

    index: int
    low: float
    high: float
    answers: int
    #: ``high / low`` on a logarithmic bar where ``low > 0``; None where no ratio applies.
    span: float | None

    def over_share(self, fair: float) -> bool:
        """Whether the space holds more than :data:`MAX_SHARE` times ``fair`` (and more than
        two answers: a bar with few answers has no meaningful share)."""
        return self.answers > max(MAX_SHARE * fair, 2)

    @property
    def too_wide(self) -> bool:
        """Whether the space spans more than :data:`MAX_SPAN`."""
        return self.span is not None and self.span > MAX_SPAN


def spaces(bar: str, lines: list[float], values: list[float]) -> list[Space]:
    """The spaces of a bar side with the answers ``values`` (in the side's base unit)."""
    counts = [0] * (len(lines) - 1)
    for v in values:
        for s in correct_spaces(lines, v):
            counts[s] += 1
    out = []
    for i, n in enumerate(counts):
        lo, hi = lines[i], lines[i + 1]
        span = hi / lo if bar in LOG_BARS and lo > 0 else None
        out.append(Space(i, lo, hi, n, span))
    return out


def fair_share(values: list[float], lines: list[float]) -> float:
    """Answers per space if they were spread evenly."""
    return len(values) / max(1, len(lines) - 1)
