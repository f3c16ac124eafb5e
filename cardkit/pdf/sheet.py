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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from .geometry import MIN_MARGIN, Box, Duplex, GeometryError, SheetOptions, bounding, check_options

FoldAxis = Literal["vertical", "horizontal"]
#: Automatic bleeds, tried largest first (see :func:`layout`).
AUTO_BLEEDS = (3.0, 2.0, 1.5, 1.0, 0.5, 0.0)
#: Under this automatic bleed ``cardkit pdf`` warns (a slightly skewed cut shows white).
LOW_BLEED = 1.0
CROP_MARK_LENGTH = 4.0  # at most; shorter where the margin is narrow (never under MIN_MARK)
CROP_MARK_OFFSET = 0.75  # gap between the grid and a mark
MIN_MARK = 1.0
#: Height of a footer band (one line of 6 pt text) and its clearance from cards and marks.
FOOTER_H = 3.0
FOOTER_CLEAR = 0.5
#: Free space kept on each side of a fold line (crop marks stop before it).
FOLD_CLEAR = 1.5

Line = tuple[float, float, float, float]


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
