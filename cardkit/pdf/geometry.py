"""Pure sheet geometry for print-and-play: where every card, mark, back and footer goes.

All lengths are millimetres, origin at the bottom-left corner of the page (as in PDF). A sheet
holds a grid of *slots*; each slot is a card's bleed box (trim box grown by the bleed on every
side). Every back is placed so that, after the sheet is turned over the way the mode says, it
lies exactly behind its own front and reads upright when the *card* is turned like a book page:

* ``long`` (duplex, turn the sheet like a book page): mirrored in x, ``x' = W - x - w``;
* ``short`` (duplex, turn it like a calendar: the sheet comes round upside down): mirrored in y,
  ``y' = H - y - h``, and each back turned 180° in its slot;
* ``none`` (backs on their own sheets, after the fronts, for re-feeding the printed stack or for
  gluing): laid out like ``long`` — turn the printed fronts over like a book page;
* ``fold`` (one-sided printers): fronts and backs side by side on one sheet, each back the mirror
  image of its front about the fold line (a horizontal fold also turns the backs 180°).

The back offset then shifts every back, measured on the back page as it is read: ``+X`` moves the
backs right, ``+Y`` moves them up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..core.errors import UsageProblem

MM_TO_PT = 72 / 25.4
Duplex = Literal["long", "short", "none", "fold"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "none", "fold")
FoldAxis = Literal["vertical", "horizontal"]

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "legal": (215.9, 355.6),
}
#: Card sizes in mm (width, height), portrait. Poker, bridge, mini and tarot are inch sizes.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (69.85, 120.65),
    "square": (70.0, 70.0),
}
MIN_MARGIN = 4.0  # mm kept free at the paper edge: most printers cannot print there
AUTO_BLEEDS = (3.0, 2.0, 1.5, 1.0, 0.5, 0.0)
#: Under this automatic bleed ``cardkit pdf`` warns (a slightly skewed cut shows white).
LOW_BLEED = 1.0
MAX_BLEED = 10.0
MAX_GAP = 30.0
#: PDF's page size limit (ISO 32000: 14 400 units of 1/72 in = 200 in).
MAX_PAPER = 5080.0
#: A printer's front/back misregistration is a few millimetres; more than this would move the
#: backs onto the neighbouring card (a poker card's bleed plus gap is far less) or off the page.
MAX_BACK_OFFSET = 10.0
CROP_MARK_LENGTH = 4.0  # at most; shorter where the margin is narrow (never under MIN_MARK)
CROP_MARK_OFFSET = 0.75  # gap between the grid and a mark
MIN_MARK = 1.0
#: Height of a footer band (one line of 6 pt text) and its clearance from cards and marks.
FOOTER_H = 3.0
FOOTER_CLEAR = 0.5
#: Free space kept on each side of a fold line (crop marks stop before it).
FOLD_CLEAR = 1.5

Line = tuple[float, float, float, float]


class GeometryError(UsageProblem, ValueError):
    """Options that cannot produce a sheet (the card does not fit the paper, NaN, out of range)."""


def finite(value: float, what: str, low: float | None = None, high: float | None = None) -> float:
    """``value`` if it is a finite number within ``low..high`` (inclusive), else GeometryError."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise GeometryError(f"{what} must be a finite number of millimetres, not {value!r}")
    if low is not None and value < low:
        raise GeometryError(f"{what} must be at least {low:g} mm (got {value:g})")
    if high is not None and value > high:
        raise GeometryError(f"{what} must be at most {high:g} mm (got {value:g})")
    return float(value)


def parse_size(text: str, table: dict[str, tuple[float, float]], what: str) -> tuple[float, float]:
    """A named size, or ``WxHmm`` / ``WxH`` in millimetres (positive, at most PDF's 5080 mm)."""
    key = text.strip().lower()
    if key in table:
        return table[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?", key)
    if not match:
        raise GeometryError(f"unknown {what} {text!r}: use {', '.join(table)} or WxHmm")
    w, h = float(match.group(1)), float(match.group(2))
    if w <= 0 or h <= 0:
        raise GeometryError(f"{what} must have a positive size")
    if w > MAX_PAPER or h > MAX_PAPER:
        raise GeometryError(f"{what} {w:g}x{h:g} mm is larger than a PDF page can be "
                            f"({MAX_PAPER:g} mm = 200 in a side)")
    return w, h


def parse_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres, each finite and within ±:data:`MAX_BACK_OFFSET`."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p.strip().removesuffix("mm")) for p in parts)
    except ValueError:
        raise GeometryError(f"back offset {text!r}: give X,Y in millimetres, e.g. 0.5,-1") \
            from None
    return check_offset((x, y))


def check_offset(offset: tuple[float, float]) -> tuple[float, float]:
    """The back offset, checked: finite, each within ±:data:`MAX_BACK_OFFSET` mm."""
    x, y = offset
    for value, axis in ((x, "X"), (y, "Y")):
        finite(value, f"back offset {axis}")
        if abs(value) > MAX_BACK_OFFSET:
            raise GeometryError(
                f"back offset {axis} {value:g} mm is beyond ±{MAX_BACK_OFFSET:g} mm: a printer's "
                "misregistration is a few mm, and more would put the backs on the next card")
    return (float(x), float(y))


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: lower-left corner and size, in mm."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """y of the top edge."""
        return self.y + self.h

    def grow(self, d: float) -> Box:
        """The box grown by ``d`` on every side."""
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def holds(self, inner: Box, eps: float = 1e-6) -> bool:
        """Whether ``inner`` lies wholly inside this box."""
        return (self.x - eps <= inner.x and self.y - eps <= inner.y
                and inner.right <= self.right + eps and inner.top <= self.top + eps)

    def moved(self, dx: float, dy: float) -> Box:
        """The box shifted."""
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share any area."""
        return (self.x < other.right and other.x < self.right and self.y < other.top
                and other.y < self.top)


def bounding(boxes: list[Box]) -> Box:
    """The smallest box around ``boxes``."""
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.top for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """What the user asked for."""

    paper: tuple[float, float] = PAPERS["a4"]
    card: tuple[float, float] = CARD_SIZES["poker"]
    bleed: float | None = None  # None: the largest of AUTO_BLEEDS that keeps the card count
    gap: float = 0.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    margin: float = MIN_MARGIN


def check_options(opts: SheetOptions) -> None:
    """Refuse options no sheet can be made of: NaN/inf, negative or out-of-range values."""
    if opts.duplex not in DUPLEX_MODES:
        raise GeometryError(f"unknown duplex mode {opts.duplex!r}: use {', '.join(DUPLEX_MODES)}")
    for value, what in ((opts.paper[0], "paper width"), (opts.paper[1], "paper height")):
        finite(value, what, high=MAX_PAPER)
        if value <= 0:
            raise GeometryError(f"{what} must be positive")
    for value, what in ((opts.card[0], "card width"), (opts.card[1], "card height")):
        finite(value, what)
        if value <= 0:
            raise GeometryError(f"{what} must be positive")
    if opts.bleed is not None:
        finite(opts.bleed, "bleed", 0.0, MAX_BLEED)
    finite(opts.gap, "gap", 0.0, MAX_GAP)
    finite(opts.margin, "margin", 0.0, 50.0)
    check_offset(opts.back_offset)


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position: its trim and bleed boxes, its back's, and how the back is turned.

    ``back_turn`` is 0 or 180: the back's face is drawn turned by that many degrees in
    ``back_trim`` (short-edge duplex and horizontal folds turn the sheet upside down).
    """

    row: int
    col: int
    trim: Box
    bleed: Box
    back_trim: Box
    back_bleed: Box
    back_turn: int = 0


@dataclass(frozen=True, slots=True)
class Band:
    """Where a page's footer goes: a box inside the printable margin, clear of cards and marks;
    ``rotated``: the text runs up the band (a side margin), not along it."""

    box: Box
    rotated: bool = False


@dataclass(frozen=True, slots=True)
class Sheet:
    """The layout shared by every sheet of a deck."""

    paper_w: float
    paper_h: float
    rows: int
    cols: int
    bleed: float
    gap: float
    slots: tuple[Slot, ...]
    crop_marks: tuple[Line, ...] = field(default=())
    back_crop_marks: tuple[Line, ...] = field(default=())
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: FoldAxis | None = None
    fold_line: Line | None = None
    footer: Band | None = None  # on front sheets (and fold sheets)
    back_footer: Band | None = None  # on back sheets
    margin: float = MIN_MARGIN
    warnings: tuple[str, ...] = ()

    @property
    def per_sheet(self) -> int:
        """Cards per sheet."""
        return self.rows * self.cols

    @property
    def back_axes(self) -> tuple[int, int]:
        """``(sx, sy)``: a move of +1 along the back page's x (y) lands, seen from the front
        after the flip, at ``sx`` (``sy``) along the front page's x (y)."""
        return (1, -1) if mirror_axis(self.duplex, self.fold) == "y" else (-1, 1)

    def flip(self, x: float, y: float) -> tuple[float, float]:
        """Where a point of the back page lands, in front-page coordinates, once the sheet is
        turned over as the mode says (folded, for ``fold``)."""
        if mirror_axis(self.duplex, self.fold) == "y":
            return (x, 2 * self._centre()[1] - y)
        return (2 * self._centre()[0] - x, y)

    def _centre(self) -> tuple[float, float]:
        if self.fold_line is not None:
            x1, y1, x2, y2 = self.fold_line
            return ((x1 + x2) / 2, (y1 + y2) / 2)
        return (self.paper_w / 2, self.paper_h / 2)


def mirror_axis(duplex: Duplex, fold: FoldAxis | None = None) -> Literal["x", "y"]:
    """Which coordinate the backs are mirrored in."""
    if duplex == "short" or (duplex == "fold" and fold == "horizontal"):
        return "y"
    return "x"


def _fit(avail: float, size: float, gap: float) -> int:
    return max(0, math.floor((avail + gap + 1e-9) / (size + gap)))


def _counts(region: Box, card: tuple[float, float], bleed: float, gap: float,
            marks: bool) -> tuple[int, int]:
    avail_w, avail_h = region.w, region.h
    if marks:  # marks sit outside the grid: keep room for the shortest one
        avail_w -= 2 * (CROP_MARK_OFFSET + MIN_MARK)
        avail_h -= 2 * (CROP_MARK_OFFSET + MIN_MARK)
    return (_fit(avail_w, card[0] + 2 * bleed, gap), _fit(avail_h, card[1] + 2 * bleed, gap))


@dataclass(frozen=True, slots=True)
class _Plan:
    """One candidate arrangement: paper size, the region the front grid goes in, fold."""

    paper: tuple[float, float]
    region: Box
    fold: FoldAxis | None


def _plans(opts: SheetOptions) -> list[_Plan]:
    pw, ph = opts.paper
    m = opts.margin
    if opts.duplex != "fold":
        return [_Plan((pw, ph), Box(m, m, pw - 2 * m, ph - 2 * m), None)]
    out = []
    for w, h in ((pw, ph), (ph, pw)):  # the paper as given, then turned
        out.append(_Plan((w, h), Box(m, m, w / 2 - m - FOLD_CLEAR, h - 2 * m), "vertical"))
        out.append(_Plan((w, h), Box(m, h / 2 + FOLD_CLEAR, w - 2 * m, h / 2 - m - FOLD_CLEAR),
                         "horizontal"))
    return out


def layout(opts: SheetOptions) -> Sheet:
    """Compute the sheet: slots (front and back positions), crop marks, fold line and footers.

    With an automatic bleed the largest of :data:`AUTO_BLEEDS` that keeps the most cards per
    sheet *and* leaves room for the footers is used (else the largest that keeps the cards).
    ``fold`` tries the paper both ways round and both fold directions, and keeps the first that
    holds the most cards.
    """
    check_options(opts)
    plans = _plans(opts)
    bleeds = (opts.bleed,) if opts.bleed is not None else AUTO_BLEEDS
    best: tuple[int, Sheet] | None = None
    for plan in plans:
        n0 = _n(plan, opts, 0.0 if opts.bleed is None else opts.bleed)
        if n0 == 0 or (best is not None and n0 <= best[0]):
            continue
        fitting = [b for b in bleeds if _n(plan, opts, b) == n0]
        sheets = [_sheet(plan, opts, b) for b in fitting]
        chosen = next((s for s in sheets if s.footer and (s.back_footer or s.fold)), sheets[0])
        best = (n0, chosen)
    if best is None:
        bleed = 0.0 if opts.bleed is None else opts.bleed
        raise GeometryError(
            f"a {opts.card[0]:g}x{opts.card[1]:g} mm card with {bleed:g} mm bleed does not fit "
            f"on {opts.paper[0]:g}x{opts.paper[1]:g} mm paper")
    sheet = best[1]
    if opts.bleed is None and sheet.bleed < LOW_BLEED:
        plan = next(p for p in plans if p.paper == (sheet.paper_w, sheet.paper_h)
                    and p.fold == sheet.fold)
        with_one = _n(plan, opts, LOW_BLEED)
        note = (f"automatic bleed is only {sheet.bleed:g} mm on {sheet.paper_w:g}x"
                f"{sheet.paper_h:g} mm paper: cut exactly on the crop marks, or a slightly "
                f"skewed cut shows white; --bleed {LOW_BLEED:g} fits {with_one} card(s) per "
                f"sheet instead of {sheet.per_sheet}")
        sheet = _replace(sheet, warnings=(note,))
    return sheet


def _replace(sheet: Sheet, **changes: object) -> Sheet:
    values = {name: getattr(sheet, name) for name in Sheet.__dataclass_fields__}
    values.update(changes)
    return Sheet(**values)  # type: ignore[arg-type]


def _n(plan: _Plan, opts: SheetOptions, bleed: float) -> int:
    cols, rows = _counts(plan.region, opts.card, bleed, opts.gap, opts.crop_marks)
    return cols * rows


def _sheet(plan: _Plan, opts: SheetOptions, bleed: float) -> Sheet:
    pw, ph = plan.paper
    region = plan.region
    cols, rows = _counts(region, opts.card, bleed, opts.gap, opts.crop_marks)
    cw, ch = opts.card
    sw, sh = cw + 2 * bleed, ch + 2 * bleed
    grid_w, grid_h = cols * sw + (cols - 1) * opts.gap, rows * sh + (rows - 1) * opts.gap
    x0 = region.x + (region.w - grid_w) / 2
    y0 = region.y + (region.h - grid_h) / 2
    grid = Box(x0, y0, grid_w, grid_h)
    dx, dy = opts.back_offset
    axis = mirror_axis(opts.duplex, plan.fold)
    centre = (pw / 2, ph / 2)
    turn = 180 if axis == "y" else 0

    def mirror_box(b: Box) -> Box:
        if axis == "x":
            return Box(2 * centre[0] - b.x - b.w, b.y, b.w, b.h).moved(dx, dy)
        return Box(b.x, 2 * centre[1] - b.y - b.h, b.w, b.h).moved(dx, dy)

    slots = []
    for r in range(rows):  # row 0 at the top, as a reader counts
        for c in range(cols):
            bx = x0 + c * (sw + opts.gap)
            by = y0 + grid_h - (r + 1) * sh - r * opts.gap
            bleed_box = Box(bx, by, sw, sh)
            trim = bleed_box.grow(-bleed)
            slots.append(Slot(r, c, trim, bleed_box, mirror_box(trim), mirror_box(bleed_box),
                              turn))
    room = min(x0 - region.x, y0 - region.y)
    outer = CROP_MARK_OFFSET + max(MIN_MARK, min(CROP_MARK_LENGTH, room - CROP_MARK_OFFSET))
    marks = tuple(_crop_marks(slots, grid, outer)) if opts.crop_marks else ()

    def mirror_line(line: Line) -> Line:
        x1, y1, x2, y2 = line
        if axis == "x":
            x1, x2 = 2 * centre[0] - x1, 2 * centre[0] - x2
        else:
            y1, y2 = 2 * centre[1] - y1, 2 * centre[1] - y2
        return (x1 + dx, y1 + dy, x2 + dx, y2 + dy)

    back_marks = tuple(mirror_line(m) for m in marks)
    used = grid.grow(outer if opts.crop_marks else 0.0)
    back_used = mirror_box(used)
    fold_line: Line | None = None
    if plan.fold == "vertical":
        fold_line = (pw / 2, used.y, pw / 2, used.top)
    elif plan.fold == "horizontal":
        fold_line = (used.x, ph / 2, used.right, ph / 2)
    m = opts.margin
    if plan.fold is not None:
        footer = footer_band(pw, ph, m, [used, back_used])
        back_footer = None
    else:
        footer = footer_band(pw, ph, m, [used])
        back_footer = footer_band(pw, ph, m, [back_used])
    return Sheet(pw, ph, rows, cols, bleed, opts.gap, tuple(slots), marks, back_marks,
                 opts.duplex, (dx, dy), plan.fold, fold_line, footer, back_footer, m)


def footer_band(paper_w: float, paper_h: float, margin: float, occupied: list[Box]
                ) -> Band | None:
    """A :data:`FOOTER_H` band inside the printable margin and clear of ``occupied``: along the
    bottom, else the top, else up the left or right side; ``None`` when there is no room."""
    used = bounding(occupied).grow(FOOTER_CLEAR)
    full_w, full_h = paper_w - 2 * margin, paper_h - 2 * margin
    candidates: list[Band] = [
        Band(Box(margin, margin, full_w, FOOTER_H)),
        Band(Box(margin, paper_h - margin - FOOTER_H, full_w, FOOTER_H)),
        Band(Box(margin, margin, FOOTER_H, full_h), True),
        Band(Box(paper_w - margin - FOOTER_H, margin, FOOTER_H, full_h), True),
    ]
    for band in candidates:
        if band.box.w > 0 and band.box.h > 0 and not band.box.overlaps(used):
            return band
    return None


def page_footer(paper_w: float, paper_h: float, margin: float = MIN_MARGIN) -> Band:
    """The footer band of a generic page (information, calibration, index): along the bottom."""
    return Band(Box(margin, margin, paper_w - 2 * margin, FOOTER_H))


def _crop_marks(slots: list[Slot], grid: Box, outer: float) -> list[Line]:
    """Short lines in the margins, on the extension of every trim edge, outside the grid.

    A mark starts ``CROP_MARK_OFFSET`` outside the grid and ends ``outer`` from it (at most
    ``CROP_MARK_LENGTH`` long, never past the printable area or the fold clearance).
    """
    xs = sorted({round(s.trim.x, 4) for s in slots} | {round(s.trim.right, 4) for s in slots})
    ys = sorted({round(s.trim.y, 4) for s in slots} | {round(s.trim.top, 4) for s in slots})
    a, b = CROP_MARK_OFFSET, outer
    lines = []
    for x in xs:
        lines.append((x, grid.y - b, x, grid.y - a))
        lines.append((x, grid.top + a, x, grid.top + b))
    for y in ys:
        lines.append((grid.x - b, y, grid.x - a, y))
        lines.append((grid.right + a, y, grid.right + b, y))
    return lines


def single_page(card: tuple[float, float], bleed: float) -> tuple[tuple[float, float], Box, Box]:
    """``--layout single``: page size, trim box and bleed box of a one-card page."""
    w, h = card
    page = (w + 2 * bleed, h + 2 * bleed)
    return page, Box(bleed, bleed, w, h), Box(0.0, 0.0, page[0], page[1])


#: ``(back design x, y) -> back page (x, y)`` for a card back (see :func:`back_transform`).
PointMap = Callable[[float, float], tuple[float, float]]


def back_transform(slot: Slot) -> PointMap:
    """Where a point of the back's design (mm from the lower-left of its trim) is on the back
    page: the back face drawn in ``back_trim``, turned by ``back_turn``."""
    t = slot.back_trim
    if slot.back_turn == 180:
        return lambda u, v: (t.right - u, t.top - v)
    return lambda u, v: (t.x + u, t.y + v)


def star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star centred on ``(cx, cy)`` with outer radius ``r``
    (the VP, coin and star glyphs of every game)."""
    out = []
    for k in range(10):
        rr = r * (1.0 if k % 2 == 0 else inner)
        a = math.pi / 2 + k * math.pi / 5
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out
