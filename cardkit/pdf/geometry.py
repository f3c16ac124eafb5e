"""Pure sheet geometry for print-and-play: where every card, mark and back goes. No drawing.

All lengths are millimetres, origin at the bottom-left corner of the page (as in PDF). A sheet
holds a grid of *slots*; each slot is a card's bleed box (trim box grown by the bleed on every
side). The grid is centred on the paper, so the back of a slot is found by mirroring:

* long-edge duplex (turn the sheet like a book page): ``x' = W - x - w``;
* short-edge duplex (turn it like a calendar): ``y' = H - y - h``;

then shifted by the back offset, which compensates a printer's front/back misregistration.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Literal

MM_TO_PT = 72 / 25.4
Duplex = Literal["long", "short", "none"]

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
CROP_MARK_LENGTH = 4.0  # at most; shorter where the margin is narrow (never under MIN_MARK)
CROP_MARK_OFFSET = 0.75  # gap between the grid and a mark
MIN_MARK = 1.0


class GeometryError(ValueError):
    """Options that cannot produce a sheet (the card does not fit the paper...)."""


def parse_size(text: str, table: dict[str, tuple[float, float]], what: str) -> tuple[float, float]:
    """A named size, or ``WxHmm`` / ``WxH`` in millimetres."""
    key = text.strip().lower()
    if key in table:
        return table[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?", key)
    if not match:
        raise GeometryError(f"unknown {what} {text!r}: use {', '.join(table)} or WxHmm")
    w, h = float(match.group(1)), float(match.group(2))
    if w <= 0 or h <= 0:
        raise GeometryError(f"{what} must have a positive size")
    return w, h


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

    def moved(self, dx: float, dy: float) -> Box:
        """The box shifted."""
        return Box(self.x + dx, self.y + dy, self.w, self.h)


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


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position on a sheet: its trim box, bleed box, and its back's trim box."""

    row: int
    col: int
    trim: Box
    bleed: Box
    back_trim: Box
    back_bleed: Box


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
    crop_marks: tuple[tuple[float, float, float, float], ...] = field(default=())
    back_crop_marks: tuple[tuple[float, float, float, float], ...] = field(default=())

    @property
    def per_sheet(self) -> int:
        """Cards per sheet."""
        return self.rows * self.cols


def _fit(avail: float, size: float, gap: float) -> int:
    return max(0, math.floor((avail + gap + 1e-9) / (size + gap)))


def grid_counts(opts: SheetOptions, bleed: float) -> tuple[int, int]:
    """Columns and rows of slots that fit inside the printable area."""
    pw, ph = opts.paper
    cw, ch = opts.card
    avail_w, avail_h = pw - 2 * opts.margin, ph - 2 * opts.margin
    if opts.crop_marks:  # marks sit outside the grid: keep room for the shortest one
        avail_w -= 2 * (CROP_MARK_OFFSET + MIN_MARK)
        avail_h -= 2 * (CROP_MARK_OFFSET + MIN_MARK)
    return _fit(avail_w, cw + 2 * bleed, opts.gap), _fit(avail_h, ch + 2 * bleed, opts.gap)


def choose_bleed(opts: SheetOptions) -> float:
    """The bleed to use: as asked, or the largest automatic one that keeps the most cards."""
    if opts.bleed is not None:
        if opts.bleed < 0:
            raise GeometryError("bleed cannot be negative")
        return opts.bleed
    best = grid_counts(opts, 0.0)
    best_n = best[0] * best[1]
    for bleed in AUTO_BLEEDS:
        cols, rows = grid_counts(opts, bleed)
        if cols * rows == best_n:
            return bleed
    return 0.0


def layout(opts: SheetOptions) -> Sheet:
    """Compute the sheet: slots (front and back positions) and crop marks."""
    if opts.gap < 0:
        raise GeometryError("gap cannot be negative")
    bleed = choose_bleed(opts)
    cols, rows = grid_counts(opts, bleed)
    if cols == 0 or rows == 0:
        raise GeometryError(
            f"a {opts.card[0]:g}x{opts.card[1]:g} mm card with {bleed:g} mm bleed does not fit "
            f"on {opts.paper[0]:g}x{opts.paper[1]:g} mm paper")
    pw, ph = opts.paper
    cw, ch = opts.card
    sw, sh = cw + 2 * bleed, ch + 2 * bleed
    grid_w, grid_h = cols * sw + (cols - 1) * opts.gap, rows * sh + (rows - 1) * opts.gap
    x0, y0 = (pw - grid_w) / 2, (ph - grid_h) / 2
    dx, dy = opts.back_offset
    slots = []
    for r in range(rows):  # row 0 at the top, as a reader counts
        for c in range(cols):
            bx = x0 + c * (sw + opts.gap)
            by = y0 + grid_h - (r + 1) * sh - r * opts.gap
            bleed_box = Box(bx, by, sw, sh)
            trim = bleed_box.grow(-bleed)
            back_bleed = mirror(bleed_box, pw, ph, opts.duplex).moved(dx, dy)
            back_trim = mirror(trim, pw, ph, opts.duplex).moved(dx, dy)
            slots.append(Slot(r, c, trim, bleed_box, back_trim, back_bleed))
    marks = tuple(_crop_marks(slots, x0, y0, grid_w, grid_h, opts.margin)) \
        if opts.crop_marks else ()
    back_marks = tuple(_mirror_line(m, pw, ph, opts.duplex, dx, dy) for m in marks)
    return Sheet(pw, ph, rows, cols, bleed, opts.gap, tuple(slots), marks, back_marks)


def mirror(box: Box, paper_w: float, paper_h: float, duplex: Duplex) -> Box:
    """Where a box's back lands on the back page."""
    if duplex == "long":
        return Box(paper_w - box.x - box.w, box.y, box.w, box.h)
    if duplex == "short":
        return Box(box.x, paper_h - box.y - box.h, box.w, box.h)
    return box


def _mirror_line(line: tuple[float, float, float, float], pw: float, ph: float, duplex: Duplex,
                 dx: float, dy: float) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = line
    if duplex == "long":
        x1, x2 = pw - x1, pw - x2
    elif duplex == "short":
        y1, y2 = ph - y1, ph - y2
    return (x1 + dx, y1 + dy, x2 + dx, y2 + dy)


def _crop_marks(slots: list[Slot], x0: float, y0: float, grid_w: float, grid_h: float,
                margin: float) -> list[tuple[float, float, float, float]]:
    """Short lines in the margins, on the extension of every trim edge, outside the grid.

    A mark starts ``CROP_MARK_OFFSET`` outside the grid and stops at ``CROP_MARK_LENGTH`` or at
    the printable area's edge, whichever comes first.
    """
    xs = sorted({round(s.trim.x, 4) for s in slots} | {round(s.trim.right, 4) for s in slots})
    ys = sorted({round(s.trim.y, 4) for s in slots} | {round(s.trim.top, 4) for s in slots})
    room = min(x0, y0) - margin  # grid is centred: the same room on opposite sides
    a = CROP_MARK_OFFSET
    b = a + max(MIN_MARK, min(CROP_MARK_LENGTH, room - a))
    lines = []
    for x in xs:
        lines.append((x, y0 - b, x, y0 - a))
        lines.append((x, y0 + grid_h + a, x, y0 + grid_h + b))
    for y in ys:
        lines.append((x0 - b, y, x0 - a, y))
        lines.append((x0 + grid_w + a, y, x0 + grid_w + b, y))
    return lines


def single_page(card: tuple[float, float], bleed: float) -> tuple[tuple[float, float], Box, Box]:
    """``--layout single``: page size, trim box and bleed box of a one-card page."""
    w, h = card
    page = (w + 2 * bleed, h + 2 * bleed)
    return page, Box(bleed, bleed, w, h), Box(0.0, 0.0, page[0], page[1])
