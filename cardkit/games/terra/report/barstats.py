"""How the deck's answers fall on each bar, and what guessing blind earns there.

Designing the bars from data: for each bar and board side, count the answers per space (an
answer on a line counts in both spaces beside it), and score the **know-nothing strategies**
— "always put the marker on space s" — over the cards that ask about that bar: 7 points when s
is a correct space, 3 when it is next to one (the rules' scoring). A bar is well designed when
no blind strategy earns much (the spec's target: at most about 1.5 points per marker) and no
space stays empty (every space is the answer of some card).

``cardkit simulate terra`` prints this report beside its own figures (``extras["bars"]``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ..terms.bars import adjacent_spaces, correct_spaces, side_value
from ..engine import EXACT, NEAR
from ..terms.spread import LOG_BARS, MAX_SHARE, MAX_SPAN, fair_share, spaces
from ..terms.units import format_number

#: The spec's target for the best blind strategy, in points per marker.
BLIND_TARGET = 1.5


@dataclass(frozen=True, slots=True)
class BarSideStats:
    """One bar on one board side."""

    bar: str
    side: str
    lines: tuple[float, ...]
    answers: int  # cards asking about this bar
    per_space: tuple[int, ...]  # correct answers per space
    blind: tuple[float, ...]  # points per marker of "always space s"

    @property
    def empty(self) -> tuple[int, ...]:
        """Spaces that are no card's answer."""
        return tuple(i for i, n in enumerate(self.per_space) if n == 0)

    @property
    def best_blind(self) -> tuple[int, float]:
        """The best know-nothing space and its points per marker."""
        if not self.blind:
            return (0, 0.0)
        best = max(range(len(self.blind)), key=lambda i: (self.blind[i], -i))
        return best, self.blind[best]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        space, points = self.best_blind
        return {"bar": self.bar, "side": self.side, "answers": self.answers,
                "lines": list(self.lines), "per_space": list(self.per_space),
                "blind_points": [round(x, 3) for x in self.blind],
                "best_blind_space": space, "best_blind_points": round(points, 3),
                "empty_spaces": list(self.empty)}


def bar_stats(content: GameContent) -> list[BarSideStats]:
    """Every bar on both sides, in bars.yaml order (metric first)."""
    out: list[BarSideStats] = []
    cards = [r.obj for r in content.of("cards")]
    for rec in content.of("bars"):
        for side in ("metric", "imperial"):
            lines = list(getattr(rec.obj, side).lines)
            n = len(lines) - 1
            per_space = [0] * n
            points = [0.0] * n
            asked = 0
            for card in cards:
                for q in card.bars:
                    if q.bar != rec.id:
                        continue
                    asked += 1
                    value = side_value(q.answer, side)  # type: ignore[arg-type]
                    correct = correct_spaces(lines, value)
                    for s in correct:
                        per_space[s] += 1
                        points[s] += EXACT
                    for s in adjacent_spaces(lines, value):
                        points[s] += NEAR
            blind = tuple(p / asked for p in points) if asked else tuple(0.0 for _ in points)
            out.append(BarSideStats(rec.id, side, tuple(lines), asked, tuple(per_space), blind))
    return out


def bar_report(content: GameContent) -> dict[str, Any]:
    """``extras["bars"]``: the per-bar statistics and whether every bar meets the targets; a bar
    side that misses them gets ``suggested_lines`` (:func:`suggest_lines`, same space count)."""
    stats = bar_stats(content)
    from ..checks.wording import side_range

    answers: dict[tuple[str, str], list[float]] = {}
    ranges: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for rec in content.of("cards"):
        for q in rec.obj.bars:
            for side in ("metric", "imperial"):
                answers.setdefault((q.bar, side), []).append(
                    side_value(q.answer, side))  # type: ignore[arg-type]
                span = side_range(q.answer, side)
                if span is not None:
                    ranges.setdefault((q.bar, side), []).append(span)
    out = []
    for st in stats:
        row = st.to_dict()
        values = answers.get((st.bar, st.side), [])
        fair = fair_share(values, list(st.lines))
        measured = spaces(st.bar, list(st.lines), values)
        row["fair_share"] = round(fair, 2)
        row["spans"] = [None if sp.span is None else round(sp.span, 1) for sp in measured]
        row["crowded_spaces"] = [sp.index for sp in measured if sp.over_share(fair)]
        row["wide_spaces"] = [sp.index for sp in measured if sp.too_wide]
        row["ok"] = (st.best_blind[1] <= BLIND_TARGET and not st.empty
                     and not row["crowded_spaces"] and not row["wide_spaces"])
        if not row["ok"] and len(set(values)) >= len(st.lines) - 1:  # enough to fill the bar
            avoid, spans = frozenset(values), tuple(ranges.get((st.bar, st.side), ()))
            row["suggested_lines"] = (design_lines(values, len(st.lines) - 1, st.bar, avoid, spans)
                                      or suggest_lines(values, len(st.lines) - 1, st.bar, avoid,
                                                       spans))
        out.append(row)
    return {"target_blind_points": BLIND_TARGET, "bars": out,
            "ok": all(r["ok"] for r in out)}


def bar_report_text(report: dict[str, Any]) -> list[str]:
    """The report as text lines (one block per bar and side)."""
    lines = [f"bars: answers per space, and the best know-nothing space "
             f"(target: at most {report['target_blind_points']} points per marker, no empty space, "
             f"no space over {MAX_SHARE:g}x its fair share or {MAX_SPAN:g}x wide: TER031)"]
    for b in report["bars"]:
        empty = ", ".join(str(i) for i in b["empty_spaces"]) or "none"
        lines.append(f"  {b['bar']:<6} {b['side']:<8} {b['answers']:3d} answers; per space "
                     f"{' '.join(str(n) for n in b['per_space'])}; best blind: space "
                     f"{b['best_blind_space']} {b['best_blind_points']:.2f} pts/marker; "
                     f"empty: {empty}")
        spans = [x for x in b.get("spans", []) if x is not None]
        widest = f"{max(spans):.1f}x" if spans else "n/a (linear bar)"
        lines.append(f"         fair share {b.get('fair_share', 0):.1f}, most in a space "
                     f"{max(b['per_space'], default=0)} (limit {MAX_SHARE:g}x fair); widest "
                     f"space {widest} (limit {MAX_SPAN:g}x); crowded: "
                     f"{', '.join(map(str, b.get('crowded_spaces', []))) or 'none'}; too wide: "
                     f"{', '.join(map(str, b.get('wide_spaces', []))) or 'none'}")
        if "suggested_lines" in b:
            shown = (str(int(x)) if b["bar"] == "year" else format_number(x)
                     for x in b["suggested_lines"])
            lines.append("         suggested lines: " + ", ".join(shown))
    return lines


_NICE = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.5, 8.0)


def _nice_candidates(value: float, bar: str) -> list[float]:
    """Round values near ``value`` a board would print, nearest first."""
    if bar == "year":
        age = 2025 - value
        step = 5 if age <= 100 else 10 if age <= 250 else 25 if age <= 600 else \
            50 if age <= 1200 else 100 if age <= 3000 else 500
        base = round(value / step) * step
        out = [base + k * step for k in (0, -1, 1, -2, 2, -3, 3)]
        return sorted(out, key=lambda x: (abs(x - value), x))
    if value == 0:
        return [0.0]
    sign = 1.0 if value > 0 else -1.0
    mag = 10 ** math.floor(math.log10(abs(value)))
    out = {sign * n * m for m in (mag / 10, mag, mag * 10) for n in _NICE}
    out.add(0.0)
    return sorted(out, key=lambda x: (abs(math.log(abs(x) / abs(value))) if x and x * value > 0
                                      else 99.0, x))


def suggest_lines(values: list[float], spaces: int, bar: str,
                  avoid: frozenset[float] = frozenset(),
                  ranges: tuple[tuple[float, float], ...] = ()) -> list[float]:
    """Line values for a bar with ``spaces`` spaces so that the answers spread evenly.

    The ``i``-th inner line goes between the two answers around the ``i/spaces`` quantile (so
    every space holds at least one answer), at a round value a board would print, the one
    nearest the middle of the gap (on a log scale for lengths and numbers); never one of the
    answers in ``avoid`` (no answer on a line by accident) and never inside a disputed range of
    ``ranges`` (TER025). The outer lines lie just beyond the smallest and largest answer."""
    xs = sorted(values)
    n = len(xs)
    if n < 2 or spaces < 2:
        raise ValueError("need at least two answers and two spaces")
    distinct = sorted(set(xs))
    if len(distinct) < spaces:
        raise ValueError(f"{len(distinct)} distinct answers cannot fill {spaces} spaces")

    def allowed(c: float, lo: float, hi: float) -> bool:
        return lo < c < hi and c not in avoid and not any(a <= c <= b for a, b in ranges)

    def middle(lo: float, hi: float) -> float:
        if bar != "year" and lo > 0 and hi > 0:
            return math.sqrt(lo * hi)
        return (lo + hi) / 2

    def nice_in(lo: float, hi: float) -> float | None:
        mid = middle(lo, hi)
        return next((c for c in _nice_candidates(mid, bar) if allowed(c, lo, hi)), None)

    def short_in(lo: float, hi: float) -> float | None:
        # the part of the gap outside every disputed range, then its middle
        free_lo = max([lo] + [b for a, b in ranges if lo < b < hi])
        free_hi = min([hi] + [a for a, b in ranges if free_lo < a < hi])
        mid = middle(free_lo, free_hi)
        for digits in range(2, 8):  # no round value in the gap: the fewest digits that fit
            c = float(f"{mid:.{digits}g}")
            if allowed(c, lo, hi) and (bar != "year" or c.is_integer()):
                return c
        return None

    lines: list[float] = []
    first = xs[0] - (abs(xs[0]) * 0.05 or 1.0)
    lines.append(next((c for c in _nice_candidates(first, bar)
                       if c < xs[0] and c not in avoid), first))
    used = 0  # answers below the last line placed
    window = max(1, n // (spaces * 3))
    for i in range(1, spaces):
        target = i * n / spaces
        lo_k, hi_k = used + 1, n - (spaces - i)  # at least one answer per space left

        def gaps(width: int) -> list[int]:
            return sorted((k for k in range(max(lo_k, round(target) - width),
                                            min(hi_k, round(target) + width) + 1)
                           if xs[k - 1] < xs[k]), key=lambda k: (abs(k - target), k))

        placed = None
        # a round value near the quantile; else a short one; then farther out; then anything
        for finder, width in ((nice_in, window), (short_in, window), (nice_in, 3 * window),
                              (short_in, 3 * window), (short_in, n)):
            for k in gaps(width):
                c = finder(max(xs[k - 1], lines[-1]), xs[k])
                if c is not None:
                    placed = (k, c)
                    break
            if placed:
                break
        if placed is None:  # every gap is inside a disputed range: the middle of the nearest
            ks = gaps(n) or [k for k in range(lo_k, n) if xs[k - 1] < xs[k]][:1]
            if not ks:
                break
            placed = (ks[0], middle(max(xs[ks[0] - 1], lines[-1]), xs[ks[0]]))
        used = placed[0]
        lines.append(placed[1])
    top = xs[-1] + 1 if bar == "year" else (xs[-1] * 1.05 if xs[-1] > 0 else xs[-1] + 1)
    last = next((c for c in sorted(_nice_candidates(top, bar))
                 if c > xs[-1] and c not in avoid and (bar != "year" or c >= top)), top)
    lines.append(last)
    return [float(f"{x:.12g}") for x in lines]


def design_lines(values: list[float], spaces: int, bar: str,
                 avoid: frozenset[float] = frozenset(),
                 ranges: tuple[tuple[float, float], ...] = ()) -> list[float] | None:
    """Line values for ``spaces`` spaces that meet TER031 — every space holds at least one
    answer and at most twice its fair share, and on a logarithmic bar spans at most 20× — with
    the answers spread as evenly as those rules allow (least squares from the fair share).

    Each inner line sits in a gap between two neighbouring answers, at the round value a board
    would print nearest the gap's middle (as :func:`suggest_lines` places them: never an answer,
    never inside a disputed range); a dynamic programme picks which gaps. None when no choice of
    gaps meets the rules."""
    xs = sorted(values)
    n = len(xs)
    if n < spaces or spaces < 2:
        return None
    fair = n / spaces
    cap = max(MAX_SHARE * fair, 2)
    # the candidate lines: the outer ones, and one per gap between distinct answers
    edges = suggest_lines(xs, 2, bar, avoid, ranges) if len(set(xs)) >= 2 else None
    if edges is None:
        return None
    first, last = edges[0], edges[-1]
    line_at: dict[int, float] = {0: first, n: last}
    for k in range(1, n):
        if xs[k - 1] < xs[k]:
            c = _gap_line(xs[k - 1], xs[k], bar, avoid, ranges)
            if c is not None:
                line_at[k] = c
    cuts = sorted(line_at)

    def ok(a: int, b: int) -> bool:
        count = b - a
        if count < 1 or count > cap:
            return False
        lo, hi = line_at[a], line_at[b]
        return not (bar in LOG_BARS and lo > 0 and hi / lo > MAX_SPAN)

    inf = float("inf")
    cost: list[dict[int, float]] = [{0: 0.0}]
    back: list[dict[int, int]] = [{}]
    for j in range(1, spaces + 1):
        row: dict[int, float] = {}
        came: dict[int, int] = {}
        targets = [n] if j == spaces else [k for k in cuts if 0 < k < n]
        for b in targets:
            best, arg = inf, -1
            for a, c in cost[j - 1].items():
                if a < b and ok(a, b):
                    total = c + (b - a - fair) ** 2
                    if total < best:
                        best, arg = total, a
            if arg >= 0:
                row[b], came[b] = best, arg
        cost.append(row)
        back.append(came)
    if n not in cost[spaces]:
        return None
    chosen = [n]
    for j in range(spaces, 0, -1):
        chosen.append(back[j][chosen[-1]])
    return [float(f"{line_at[k]:.12g}") for k in reversed(chosen)]


def _gap_line(lo: float, hi: float, bar: str, avoid: frozenset[float],
              ranges: tuple[tuple[float, float], ...]) -> float | None:
    """The round value a board would print in the gap ``(lo, hi)``, or None."""
    inner = suggest_lines([lo, hi], 2, bar, avoid, ranges)[1]
    if bar == "year" and not inner.is_integer():  # a year line is a year
        inner = float(math.ceil(inner)) if math.ceil(inner) < hi else float(math.floor(inner))
    if lo < inner < hi and inner not in avoid and not any(a <= inner <= b for a, b in ranges):
        return inner
    return None
