"""Text flowed into a box around the shapes that cross it: per-line free space, shrink by steps.

:func:`flow_text` is the one fitting routine behind every printed string. A line's room is what
the box leaves between the shapes (badges, circles, icon strips) that cross that line's band, so a
name beside a coin badge gets the width the badge really leaves. The result records where every
line is drawn; :func:`cardkit.pdf.flow.draw_flowed` draws exactly that, so the fit check and
the PDF agree.
All lengths are points.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .fonts import register_fonts, string_width
from .runs import ICON_WIDTH, Run, TextStyle, runs

VAlign = Literal["top", "middle", "bottom"]
#: An obstacle as ``(x0, y0, x1, y1, kind)`` in points, already padded; ``kind`` is ``rect`` or
#: ``circle`` (the box is the circle's bounding square).
Obstacle = tuple[float, float, float, float, str]


@dataclass(frozen=True, slots=True)
class Line:
    """One drawn line: its runs, its width, and the free interval it was set in."""

    runs: tuple[Run, ...]
    width: float
    x0: float  # left end of the free interval
    x1: float  # right end
    baseline: float

    @property
    def left(self) -> float:
        """Where the line's ink starts (after alignment is applied by the caller)."""
        return self.x0


@dataclass(frozen=True, slots=True)
class Flowed:
    """Text laid out at one size."""

    size: float
    lines: tuple[Line, ...]
    align: str

    def line_x(self, line: Line) -> float:
        """Left x of a line's ink."""
        if self.align == "center":
            return line.x0 + (line.x1 - line.x0 - line.width) / 2
        if self.align == "right":
            return line.x1 - line.width
        return line.x0

    def ink_boxes(self) -> list[tuple[float, float, float, float]]:
        """``(x0, y0, x1, y1)`` of each line's ink (descent to ascent), in points."""
        out = []
        for line in self.lines:
            x = self.line_x(line)
            out.append((x, line.baseline - 0.24 * self.size, x + line.width,
                         line.baseline + 0.93 * self.size))
        return out


def blocked(ob: Obstacle, y0: float, y1: float) -> tuple[float, float] | None:
    """The x interval an obstacle blocks in the band ``y0..y1`` (``None``: it misses the band)."""
    bx0, by0, bx1, by1, kind = ob
    if y1 <= by0 or y0 >= by1:
        return None
    if kind == "circle":
        cx, cy, r = (bx0 + bx1) / 2, (by0 + by1) / 2, (bx1 - bx0) / 2
        dy = 0.0 if y0 <= cy <= y1 else min(abs(y0 - cy), abs(y1 - cy))
        if dy >= r:
            return None
        half = (r * r - dy * dy) ** 0.5
        return (cx - half, cx + half)
    return (bx0, bx1)


def free_interval(x0: float, x1: float, y0: float, y1: float,
                  obstacles: tuple[Obstacle, ...]) -> tuple[float, float]:
    """The widest interval of ``x0..x1`` that no obstacle blocks in the band ``y0..y1``."""
    spans = [(x0, x1)]
    for ob in obstacles:
        cut = blocked(ob, y0, y1)
        if cut is None:
            continue
        a, b = cut
        nxt = []
        for s0, s1 in spans:
            if b <= s0 or a >= s1:
                nxt.append((s0, s1))
                continue
            if a > s0:
                nxt.append((s0, a))
            if b < s1:
                nxt.append((b, s1))
        spans = nxt
    if not spans:
        return (x0, x0)
    return max(spans, key=lambda s: (s[1] - s[0], -s[0]))


def _words(runs_: list[Run]) -> list[list[Run]]:
    """Runs grouped into words: a glued run joins the word before it."""
    words: list[list[Run]] = []
    for run in runs_:
        if run.glued and words:
            words[-1].append(run)
        else:
            words.append([run])
    return words


def _width(run: Run, font: str, size: float) -> float:
    return ICON_WIDTH * size if run.icon else string_width(run.text, font, size)


def _wrap(paragraphs: list[list[Run]], bands: list[tuple[float, float]], font: str,
          size: float) -> list[tuple[int, tuple[Run, ...], float]] | None:
    """Greedy wrap into the bands' widths; a band too narrow for the next word stays empty.

    Returns ``(band index, runs, width)`` per line, or ``None`` when the text does not fit.
    """
    space = string_width(" ", font, size)
    out: list[tuple[int, tuple[Run, ...], float]] = []
    band = 0
    for runs_ in paragraphs:
        words = _words(runs_)  # glued runs wrap as one word
        line: list[Run] = []
        line_w = 0.0
        i = 0
        while i < len(words):
            if band >= len(bands):
                return None
            room = bands[band][1] - bands[band][0]
            w = sum(_width(r, font, size) for r in words[i])
            new_w = line_w + (space if line else 0.0) + w
            if new_w <= room + 1e-6:
                line.extend(words[i])
                line_w = new_w
                i += 1
                continue
            if line:
                out.append((band, tuple(line), line_w))
                line, line_w = [], 0.0
            band += 1  # the word goes to the next band (an empty band is skipped)
        if band >= len(bands):
            return None
        out.append((band, tuple(line), line_w))
        band += 1
    return out


@lru_cache(maxsize=32768)
def flow_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
              known_icons: frozenset[str] = frozenset(), obstacles: tuple[Obstacle, ...] = (),
              valign: VAlign = "middle", max_lines: int | None = None) -> Flowed | None:
    """The largest size (from ``style.max_size`` down by ``style.step`` to ``style.min_size``) at
    which ``text`` fits the box ``(x, y, w, h)`` (lower-left corner) around ``obstacles``.

    ``None`` when it does not fit even at the minimum size: callers report that, never shrink
    further. An empty text fits at the maximum size with no lines.
    """
    register_fonts()
    paragraphs = runs(text, known_icons)
    if not any(paragraphs):
        return Flowed(style.max_size, (), style.align)
    relevant = tuple(o for o in obstacles if o[2] > x and o[0] < x + w and o[3] > y and
                     o[1] < y + h)
    size = style.max_size
    while size >= style.min_size - 1e-9:
        found = _flow_at(paragraphs, x, y, w, h, style, size, relevant, valign, max_lines)
        if found is not None:
            return found
        size = round(size - style.step, 4)
    return None


def _flow_at(paragraphs: list[list[Run]], x: float, y: float, w: float, h: float,
             style: TextStyle, size: float, obstacles: tuple[Obstacle, ...], valign: VAlign,
             max_lines: int | None) -> Flowed | None:
    lh = size * style.leading
    n_max = int((h + 1e-6) // lh)
    if max_lines is not None:
        n_max = min(n_max, max_lines)
    need = sum(1 for p in paragraphs)  # at least one line per paragraph
    for n in range(max(1, need), n_max + 1):
        block = n * lh
        top = y + h - {"top": 0.0, "middle": (h - block) / 2, "bottom": h - block}[valign]
        bands = [free_interval(x, x + w, top - (i + 1) * lh, top - i * lh, obstacles)
                 for i in range(n)]
        wrapped = _wrap(paragraphs, bands, style.font, size)
        if wrapped is None:
            continue
        lines = []
        for band, words, width in wrapped:
            band_top = top - band * lh
            baseline = band_top - lh + size * (style.leading - 1.0) / 2 + size * 0.22
            lines.append(Line(words, width, bands[band][0], bands[band][1], baseline))
        return Flowed(size, tuple(lines), style.align)
    return None


def chunks(flowed: Flowed, style: TextStyle
           ) -> tuple[list[tuple[float, float, str]], list[tuple[str, float, float]]]:
    """Where flowed text is drawn: ``(x, baseline, words)`` per run of words and
    ``(icon, x, baseline)`` per inline icon, in points."""
    size = flowed.size
    space = string_width(" ", style.font, size)
    words_at: list[tuple[float, float, str]] = []
    icons: list[tuple[str, float, float]] = []
    for line in flowed.lines:
        cx = flowed.line_x(line)
        pending: list[str] = []
        start = cx
        for i, run in enumerate(line.runs):
            gap = bool(i) and not run.glued
            if run.icon:
                if pending:
                    words_at.append((start, line.baseline, " ".join(pending)))
                    pending = []
                if gap:
                    cx += space
                icons.append((run.text, cx + 0.025 * size, line.baseline))
                cx += ICON_WIDTH * size
            else:
                if gap:
                    cx += space
                elif pending:  # glued to an icon after text: its own chunk, no space
                    words_at.append((start, line.baseline, " ".join(pending)))
                    pending = []
                if not pending:
                    start = cx
                pending.append(run.text)
                cx += string_width(run.text, style.font, size)
        if pending:
            words_at.append((start, line.baseline, " ".join(pending)))
    return words_at, icons
