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
backs right, ``+Y`` moves them up; the grid keeps that much room on both sides of each axis, so
the moved backs stay inside the printable area.

Cards may lie on their side (``rotate``): each front is drawn turned 90° counter-clockwise in its
slot, and each back turned by the mode's turn *less* 90° (a mirror reverses the sense of a turn):
270° for ``long`` and ``none``, 90° for ``short`` — so a back still lands behind its front and
reads upright when the card is turned like a book page. Crop marks, footers and the 100 mm check
(:mod:`.margins`) stay inside the printable area, ``margin`` mm from the paper's edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from .geometry import (
    CROP_MARK_LENGTH,
    MIN_MARGIN,
    MIN_MARK,
    Box,
    Duplex,
    GeometryError,
    SheetOptions,
    check_options,
)
from .margins import FOOTER_CLEAR, FOOTER_H, Band, Check, footer_band, page_footer, place_check

FoldAxis = Literal["vertical", "horizontal"]
#: Automatic bleeds, tried largest first (see :func:`layout`).
AUTO_BLEEDS = (3.0, 2.0, 1.5, 1.0, 0.5, 0.0)
#: Under this automatic bleed ``cardkit pdf`` warns (a slightly skewed cut shows white).
LOW_BLEED = 1.0
#: Free space kept on each side of a fold line (crop marks stop before it).
FOLD_CLEAR = 1.5
#: Crop marks stop this far short of the printable area's edge: their stroke's ink stays inside.
MARK_INK = 0.2

Line = tuple[float, float, float, float]

__all__ = ["AUTO_BLEEDS", "FOOTER_CLEAR", "FOOTER_H", "Band", "Check", "Sheet", "Slot",
           "back_transform", "footer_band", "front_transform", "layout", "page_footer",
           "single_page"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position: its trim and bleed boxes, its back's, and how each face is turned.

    ``turn`` (0 or 90) and ``back_turn`` (0, 90, 180 or 270) are the degrees, counter-clockwise,
    each face is drawn turned by in its trim box: a card turned on the sheet (``--rotate``) lies
    on its side, and short-edge duplex and horizontal folds turn the sheet upside down.
    """

    row: int
    col: int
    trim: Box
    bleed: Box
    back_trim: Box
    back_bleed: Box
    back_turn: int = 0
    turn: int = 0


@dataclass(frozen=True, slots=True)
class Sheet:
    """The layout shared by every sheet of a deck.

    ``warnings`` are for things that may spoil the print (a bleed too small to cut, crop marks
    shorter than asked); ``notes`` for choices worth knowing (the bleed costs cards per sheet).
    """

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
    rotated: bool = False  # the cards lie on their side (turned 90°)
    crop_mark_length: float = 0.0  # as drawn (0 without marks)
    check: Check | None = None  # the 100 mm check on front (and fold) sheets
    back_check: Check | None = None  # on back sheets
    notes: tuple[str, ...] = ()

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


@dataclass(frozen=True, slots=True)
class _Plan:
    """One candidate arrangement: paper size, the region the front grid goes in, fold, and
    whether the cards lie on their side."""

    paper: tuple[float, float]
    region: Box
    fold: FoldAxis | None
    rotated: bool = False

    def card(self, opts: SheetOptions) -> tuple[float, float]:
        """The card's width and height as it lies on the sheet."""
        w, h = opts.card
        return (h, w) if self.rotated else (w, h)

    def counts(self, opts: SheetOptions, bleed: float) -> tuple[int, int]:
        """Columns and rows of cards with this bleed (room kept for the shortest marks)."""
        avail_w, avail_h = self.region.w, self.region.h
        if opts.crop_marks:  # marks sit outside the grid: keep room for the shortest one
            avail_w -= 2 * (opts.crop_mark_offset + MIN_MARK + MARK_INK)
            avail_h -= 2 * (opts.crop_mark_offset + MIN_MARK + MARK_INK)
        cw, ch = self.card(opts)
        return (_fit(avail_w, cw + 2 * bleed, opts.gap), _fit(avail_h, ch + 2 * bleed, opts.gap))

    def n(self, opts: SheetOptions, bleed: float) -> int:
        """Cards per sheet with this bleed."""
        cols, rows = self.counts(opts, bleed)
        return cols * rows


def _plans(opts: SheetOptions) -> list[_Plan]:
    pw, ph = opts.paper
    m = opts.margin
    if opts.duplex != "fold":
        base = [_Plan((pw, ph), Box(m, m, pw - 2 * m, ph - 2 * m), None)]
    else:
        base = []
        for w, h in ((pw, ph), (ph, pw)):  # the paper as given, then turned
            base.append(_Plan((w, h), Box(m, m, w / 2 - m - FOLD_CLEAR, h - 2 * m), "vertical"))
            base.append(_Plan((w, h), Box(m, h / 2 + FOLD_CLEAR, w - 2 * m,
                                          h / 2 - m - FOLD_CLEAR), "horizontal"))
    base = [replace(p, region=_back_safe(p, opts)) for p in base]
    turns = {"never": (False,), "always": (True,), "auto": (False, True)}[opts.rotate]
    return [replace(p, rotated=r) for r in turns for p in base]


def _back_safe(plan: _Plan, opts: SheetOptions) -> Box:
    """The plan's region less the back offset on both sides of each axis: the backs, moved by
    it, stay inside the printable area (and off the fold) as the fronts do, and the fronts stay
    where they are without an offset (the region keeps its centre)."""
    dx, dy = (abs(v) for v in opts.back_offset)
    r = plan.region
    return Box(r.x + dx, r.y + dy, max(0.0, r.w - 2 * dx), max(0.0, r.h - 2 * dy))


def layout(opts: SheetOptions) -> Sheet:
    """Compute the sheet: slots (front and back positions), crop marks, fold line, footers and
    the 100 mm checks.

    The arrangement with the most cards per sheet wins; among equals the first (the paper as
    given before turned, cards upright before on their side — ``rotate="auto"`` turns them
    only when that fits more). With an automatic bleed the largest of :data:`AUTO_BLEEDS` that
    keeps the card count *and* leaves room for the footers is used (else the largest that keeps
    the cards). A given bleed that fits fewer cards than a smaller one (or than turning the
    cards) adds a note saying so.
    """
    check_options(opts)
    sheet, plans = _choose(opts)
    notes: list[str] = []
    warnings = list(sheet.warnings)
    if opts.bleed is None and sheet.bleed < LOW_BLEED:
        plan = next(p for p in plans if p.paper == (sheet.paper_w, sheet.paper_h)
                    and p.fold == sheet.fold and p.rotated == sheet.rotated)
        with_one = plan.n(opts, LOW_BLEED)
        instead = (f"fits {with_one} card(s) per sheet instead of {sheet.per_sheet}"
                   if with_one < sheet.per_sheet else
                   "fits as many cards but leaves no room for the page footers")
        warnings.append(
            f"automatic bleed is only {sheet.bleed:g} mm on {sheet.paper_w:g}x"
            f"{sheet.paper_h:g} mm paper: cut exactly on the crop marks, or a slightly skewed "
            f"cut shows white; --bleed {LOW_BLEED:g} {instead}")
    if opts.bleed is not None and opts.bleed > 0:
        better = []
        auto = _choose(replace(opts, bleed=None))[0]
        if auto.per_sheet > sheet.per_sheet:
            better.append(f"--bleed auto fits {auto.per_sheet} (at {auto.bleed:g} mm bleed)")
        if opts.rotate == "never":
            turned = _choose(replace(opts, rotate="auto"))[0]
            if turned.per_sheet > sheet.per_sheet:
                better.append(f"--rotate auto fits {turned.per_sheet}")
        if better:
            notes.append(f"a {opts.bleed:g} mm bleed fits {sheet.per_sheet} card(s) per sheet; "
                         + "; ".join(better))
    return replace(sheet, warnings=tuple(warnings), notes=tuple(notes))


def _choose(opts: SheetOptions) -> tuple[Sheet, list[_Plan]]:
    """The sheet with the most cards per sheet over every plan (see :func:`layout`)."""
    plans = _plans(opts)
    bleeds = (opts.bleed,) if opts.bleed is not None else AUTO_BLEEDS
    best: tuple[int, Sheet] | None = None
    for plan in plans:
        n0 = plan.n(opts, 0.0 if opts.bleed is None else opts.bleed)
        if n0 == 0 or (best is not None and n0 <= best[0]):
            continue
        fitting = [b for b in bleeds if plan.n(opts, b) == n0]
        sheets = [_sheet(plan, opts, b) for b in fitting]
        chosen = max(sheets, key=_furnished)  # the first of the best furnished
        best = (n0, chosen)
    if best is None:
        bleed = 0.0 if opts.bleed is None else opts.bleed
        raise GeometryError(
            f"a {opts.card[0]:g}x{opts.card[1]:g} mm card with {bleed:g} mm bleed does not fit "
            f"on {opts.paper[0]:g}x{opts.paper[1]:g} mm paper with a {opts.margin:g} mm margin")
    return best[1], plans


def _furnished(sheet: Sheet) -> tuple[bool, bool, bool]:
    """What an automatic bleed gives way for, most wanted first: footers on every side; then
    a bleed of at least :data:`LOW_BLEED`; then the 100 mm check on every side."""
    sides = (sheet.footer,) if sheet.fold else (sheet.footer, sheet.back_footer)
    checks = (sheet.check,) if sheet.fold else (sheet.check, sheet.back_check)
    return (all(sides), sheet.bleed >= LOW_BLEED, all(checks))


def _sheet(plan: _Plan, opts: SheetOptions, bleed: float) -> Sheet:
    pw, ph = plan.paper
    region = plan.region
    cols, rows = plan.counts(opts, bleed)
    cw, ch = plan.card(opts)
    sw, sh = cw + 2 * bleed, ch + 2 * bleed
    grid_w, grid_h = cols * sw + (cols - 1) * opts.gap, rows * sh + (rows - 1) * opts.gap
    x0 = region.x + (region.w - grid_w) / 2
    y0 = region.y + (region.h - grid_h) / 2
    grid = Box(x0, y0, grid_w, grid_h)
    dx, dy = opts.back_offset
    axis = mirror_axis(opts.duplex, plan.fold)
    centre = (pw / 2, ph / 2)
    turn = 90 if plan.rotated else 0
    back_turn = ((180 if axis == "y" else 0) - turn) % 360  # a mirror reverses the turn

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
                              back_turn, turn))
    warnings: list[str] = []
    a = opts.crop_mark_offset
    length = 0.0
    if opts.crop_marks:  # as long as asked, shorter where the margin is narrow
        room = min(x0 - region.x, y0 - region.y) - a - MARK_INK  # >= MIN_MARK (the counts)
        wanted = CROP_MARK_LENGTH if opts.crop_mark_length is None else opts.crop_mark_length
        length = max(MIN_MARK, min(wanted, room))
        if opts.crop_mark_length is not None and length < wanted - 1e-9:
            warnings.append(f"crop marks shortened to {length:.1f} mm (asked {wanted:g} mm): "
                            "the margin around the cards has no room for more")
    outer = a + length
    marks = tuple(_crop_marks(slots, grid, a, outer)) if opts.crop_marks else ()

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
        check = place_check(pw, ph, m, [used, back_used], footer)
        back_footer, back_check = None, None
    else:
        footer = footer_band(pw, ph, m, [used])
        check = place_check(pw, ph, m, [used], footer)
        back_footer = footer_band(pw, ph, m, [back_used])
        back_check = place_check(pw, ph, m, [back_used], back_footer)
    return Sheet(pw, ph, rows, cols, bleed, opts.gap, tuple(slots), marks, back_marks,
                 opts.duplex, (dx, dy), plan.fold, fold_line, footer, back_footer, m,
                 tuple(warnings), plan.rotated, length, check, back_check)


def _crop_marks(slots: list[Slot], grid: Box, inner: float, outer: float) -> list[Line]:
    """Short lines in the margins, on the extension of every trim edge, outside the grid.

    A mark runs from ``inner`` to ``outer`` mm outside the grid's bleed edge: never over a
    card's bleed, never into the printable area's margin or the fold clearance.
    """
    xs = sorted({round(s.trim.x, 4) for s in slots} | {round(s.trim.right, 4) for s in slots})
    ys = sorted({round(s.trim.y, 4) for s in slots} | {round(s.trim.top, 4) for s in slots})
    a, b = inner, outer
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


#: ``(design x, y) -> page (x, y)`` for a card face (see :func:`turned_map`).
PointMap = Callable[[float, float], tuple[float, float]]


def turned_map(t: Box, turn: int) -> PointMap:
    """Where a point of a face's design (mm from the lower-left of the upright card) is on the
    page when the face is drawn in trim box ``t`` turned ``turn`` degrees counter-clockwise."""
    if turn == 90:
        return lambda u, v: (t.right - v, t.y + u)
    if turn == 180:
        return lambda u, v: (t.right - u, t.top - v)
    if turn == 270:
        return lambda u, v: (t.x + v, t.top - u)
    return lambda u, v: (t.x + u, t.y + v)


def front_transform(slot: Slot) -> PointMap:
    """Where a point of the front's design is on the front page."""
    return turned_map(slot.trim, slot.turn)


def back_transform(slot: Slot) -> PointMap:
    """Where a point of the back's design is on the back page: the back face drawn in
    ``back_trim``, turned by ``back_turn``."""
    return turned_map(slot.back_trim, slot.back_turn)
