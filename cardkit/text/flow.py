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

from .fonts import _unit_width, register_fonts, string_width
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


#: A word measured once: its runs and each run's width at 1 000 pt (``None``: an icon, which is
#: :data:`ICON_WIDTH` font sizes wide at every size).
Word = tuple[tuple[Run, ...], tuple[float | None, ...]]


@lru_cache(maxsize=65536)
def _measured(text: str, known_icons: frozenset[str], font: str) -> tuple[tuple[Word, ...], ...]:
    """The paragraphs of ``text`` as measured words: the advance widths are read once per text
    and font, and every size, line count and box reuses them."""
    out = []
    for paragraph in runs(text, known_icons):
        words: list[Word] = []
        for word in _words(paragraph):
            if len(word) == 1 and not word[0].icon:
                words.append(((word[0],), (_unit_width(word[0].text, font),)))
            else:
                words.append((tuple(word), tuple(None if r.icon else _unit_width(r.text, font)
                                                 for r in word)))
        out.append(tuple(words))
    return tuple(out)


def _at_size(paragraphs: tuple[tuple[Word, ...], ...], size: float
             ) -> list[list[tuple[tuple[Run, ...], float]]]:
    """Every word with its width at ``size`` (the sum of its runs', in order, as drawn)."""
    icon = ICON_WIDTH * size
    return [[(word, sum([icon if u is None else u * size / 1000.0 for u in units]))
             for word, units in paragraph] for paragraph in paragraphs]


Broken = list[tuple[int, tuple[Run, ...], float]]


def _wrap(paragraphs: list[list[tuple[tuple[Run, ...], float]]], rooms: list[float] | None,
          room: float, space: float) -> Broken | None:
    """Greedy line breaking on widths alone: each word goes on the current line if it still
    fits the band's room, else on the next band; a band too narrow for the next word stays
    empty.

    ``rooms``: the width of each band (``None``: as many bands as needed, each ``room`` wide —
    a box no shape crosses). Returns ``(band index, runs, width)`` per line, or ``None`` when
    the text does not fit.
    """
    out: Broken = []
    n_bands = len(rooms) if rooms is not None else -1
    band = 0
    for words in paragraphs:
        line: list[Run] = []
        line_w = 0.0
        i = 0
        while i < len(words):
            if band == n_bands:
                return None
            if rooms is not None:
                room = rooms[band]
            word, w = words[i]
            new_w = line_w + (space if line else 0.0) + w
            if new_w <= room + 1e-6:
                line.extend(word)
                line_w = new_w
                i += 1
                continue
            if line:
                out.append((band, tuple(line), line_w))
                line, line_w = [], 0.0
            elif rooms is None:
                return None  # the word is wider than every band
            band += 1  # the word goes to the next band (an empty band is skipped)
        if band == n_bands:
            return None
        out.append((band, tuple(line), line_w))
        band += 1
    return out


@lru_cache(maxsize=131072)
def flow_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
              known_icons: frozenset[str] = frozenset(), obstacles: tuple[Obstacle, ...] = (),
              valign: VAlign = "middle", max_lines: int | None = None) -> Flowed | None:
    """The largest size (from ``style.max_size`` down by ``style.step`` to ``style.min_size``) at
    which ``text`` fits the box ``(x, y, w, h)`` (lower-left corner) around ``obstacles``.

    ``None`` when it does not fit even at the minimum size: callers report that, never shrink
    further. An empty text fits at the maximum size with no lines.

    A box that no obstacle crosses has the same room on every line, so its lines are broken
    once per size (:func:`_free_fit`, memoized by text, font, sizes, room and height — the same
    box at another place, in another locale or on another board side reuses it); a box around
    shapes gets the full layout (:func:`flow_full`). Both give the same lines.
    """
    register_fonts()
    relevant = tuple(o for o in obstacles if o[2] > x and o[0] < x + w and o[3] > y and
                     o[1] < y + h)
    if relevant:
        return flow_full(text, x, y, w, h, style, known_icons, relevant, valign, max_lines)
    fitted = _free_fit(text, known_icons, style, (x + w) - x, h, max_lines)
    if fitted is None:
        return None
    size, n, broken = fitted
    if not broken:
        return Flowed(style.max_size, (), style.align)
    lh = size * style.leading
    block = n * lh
    top = y + h - {"top": 0.0, "middle": (h - block) / 2, "bottom": h - block}[valign]
    x1 = x + w
    return Flowed(size, tuple(Line(words, width, x, x1, _baseline(top, band, lh, size, style))
                              for band, words, width in broken), style.align)


def _baseline(top: float, band: int, lh: float, size: float, style: TextStyle) -> float:
    band_top = top - band * lh
    return band_top - lh + size * (style.leading - 1.0) / 2 + size * 0.22


@lru_cache(maxsize=1024)
def _sizes(style: TextStyle) -> tuple[float, ...]:
    """The sizes tried, largest first."""
    out, size = [], style.max_size
    while size >= style.min_size - 1e-9:
        out.append(size)
        size = round(size - style.step, 4)
    return tuple(out)


def _max_lines(h: float, lh: float, max_lines: int | None) -> int:
    n_max = int((h + 1e-6) // lh)
    return n_max if max_lines is None else min(n_max, max_lines)


@lru_cache(maxsize=131072)
def _free_fit(text: str, known_icons: frozenset[str], style: TextStyle, room: float, h: float,
              max_lines: int | None) -> tuple[float, int, Broken] | None:
    """Where no shape crosses the box: the size, line count and lines of the fitted text
    (``None``: it does not fit). Every band is ``room`` wide, so the greedy break does not
    depend on the line count: a size fits when its lines are no more than the box holds.

    A size is passed over without breaking lines when the words alone are wider than all the
    lines the box holds (:data:`SLACK` keeps that test on the safe side of rounding): only a
    text near the limit of a size is broken into lines at it.
    """
    paragraphs = _measured(text, known_icons, style.font)
    if not any(paragraphs):
        return (style.max_size, 0, [])
    unit_space = _unit_width(" ", style.font)
    units, icons = _ink(paragraphs)
    for size in _sizes(style):
        n_max = _max_lines(h, size * style.leading, max_lines)
        if n_max < len(paragraphs):
            continue
        if (units * size / 1000.0 + icons * ICON_WIDTH * size) * (1.0 - SLACK) > \
                n_max * (room + 1e-6):
            continue  # the words alone overfill every line: no break can fit them
        broken = _wrap(_at_size(paragraphs, size), None, room, unit_space * size / 1000.0)
        if broken is not None and len(broken) <= n_max:
            return (size, max(1, len(broken)), broken)
    return None


#: The relative margin by which the words' total width must exceed the room of every line for
#: a size to be passed over unbroken (far above the rounding of a sum of a few hundred widths).
SLACK = 1e-9


def _ink(paragraphs: tuple[tuple[Word, ...], ...]) -> tuple[float, int]:
    """The words' text width at 1 000 pt and their number of icons."""
    units, icons = 0.0, 0
    for paragraph in paragraphs:
        for _, widths in paragraph:
            for u in widths:
                if u is None:
                    icons += 1
                else:
                    units += u
    return units, icons


def flow_full(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
              known_icons: frozenset[str] = frozenset(), obstacles: tuple[Obstacle, ...] = (),
              valign: VAlign = "middle", max_lines: int | None = None) -> Flowed | None:
    """The full layout (what :func:`flow_text` does around shapes): at each size, each line
    count in turn, the free interval of every band and a greedy break into them. The reference
    the shortcut of :func:`flow_text` is tested against (``tests/test_fit_fast.py``)."""
    register_fonts()
    paragraphs = _measured(text, known_icons, style.font)
    if not any(paragraphs):
        return Flowed(style.max_size, (), style.align)
    relevant = tuple(o for o in obstacles if o[2] > x and o[0] < x + w and o[3] > y and
                     o[1] < y + h)
    unit_space = _unit_width(" ", style.font)
    for size in _sizes(style):
        found = _flow_at(_at_size(paragraphs, size), len(paragraphs), x, y, w, h, style, size,
                         relevant, valign, max_lines, unit_space * size / 1000.0)
        if found is not None:
            return found
    return None


def _flow_at(paragraphs: list[list[tuple[tuple[Run, ...], float]]], need: int, x: float,
             y: float, w: float, h: float, style: TextStyle, size: float,
             obstacles: tuple[Obstacle, ...], valign: VAlign, max_lines: int | None,
             space: float) -> Flowed | None:
    lh = size * style.leading
    n_max = _max_lines(h, lh, max_lines)
    for n in range(max(1, need), n_max + 1):
        block = n * lh
        top = y + h - {"top": 0.0, "middle": (h - block) / 2, "bottom": h - block}[valign]
        bands = [free_interval(x, x + w, top - (i + 1) * lh, top - i * lh, obstacles)
                 for i in range(n)]
        wrapped = _wrap(paragraphs, [b1 - b0 for b0, b1 in bands], 0.0, space)
        if wrapped is None:
            continue
        return Flowed(size, tuple(Line(words, width, bands[band][0], bands[band][1],
                                       _baseline(top, band, lh, size, style))
                                  for band, words, width in wrapped), style.align)
    return None


def fits(text: str, x: float, w: float, h: float, style: TextStyle,
         max_lines: int | None = None, known_icons: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` fits the box at ``x`` (``w`` x ``h`` points) that no shape crosses —
    the verdict of :func:`flow_text`, without laying the text out or remembering it (a search
    for the longest beginning that fits asks this of many strings used once)."""
    register_fonts()
    return _free_fit.__wrapped__(text, known_icons, style, (x + w) - x, h,
                                 max_lines) is not None


Chunks = tuple[tuple[tuple[float, float, str], ...], tuple[tuple[str, float, float], ...]]
#: :func:`chunks` of the flowed texts met lately, by the identity of the (immutable) layout:
#: :func:`flow_text` gives the same object for the same text in the same box, so a text drawn
#: again (a deck's repeated questions, a card in several outputs) is not measured again.
_CHUNKS: dict[tuple[int, str], tuple[Flowed, Chunks]] = {}
_MAX_CHUNKS = 50_000


def chunks(flowed: Flowed, style: TextStyle) -> Chunks:
    """Where flowed text is drawn: ``(x, baseline, words)`` per run of words and
    ``(icon, x, baseline)`` per inline icon, in points."""
    key = (id(flowed), style.font)
    known = _CHUNKS.get(key)
    if known is not None and known[0] is flowed:
        return known[1]
    if len(_CHUNKS) >= _MAX_CHUNKS:
        _CHUNKS.clear()
    found = _chunks(flowed, style.font)
    _CHUNKS[key] = (flowed, found)  # the layout is kept with it: its id is not reused meanwhile
    return found


def _chunks(flowed: Flowed, font: str) -> Chunks:
    size = flowed.size
    space = string_width(" ", font, size)
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
                cx += string_width(run.text, font, size)
        if pending:
            words_at.append((start, line.baseline, " ".join(pending)))
    return tuple(words_at), tuple(icons)
