"""Print geometry's primitives and the options of a sheet: millimetres (and PDF points), boxes,
paper and card sizes, and the sheet options as the user gives them, parsed and checked (a
:class:`GeometryError` for options no sheet can be made of); the star every game draws.

All lengths are millimetres, origin at the bottom-left corner of the page (as in PDF). Where the
cards, marks, backs and footers of a sheet go is :mod:`cardkit.pdf.sheet`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from ..core.errors import UsageProblem

MM_TO_PT = 72 / 25.4
Duplex = Literal["long", "short", "none", "fold"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "none", "fold")

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "a5": (148.0, 210.0),
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
#: The printable area's margin (mm kept free at the paper edge: most printers cannot print
#: there): no glyph, line or mark of a card sheet or a generic page comes closer to the edge.
MIN_MARGIN = 5.0
MAX_MARGIN = 50.0
#: The bleed a sheet gets unless asked otherwise (``None`` asks for the automatic one).
DEFAULT_BLEED = 3.0
MAX_BLEED = 10.0
MAX_GAP = 30.0
#: Crop marks: the longest a mark is drawn by default (shorter where the margin is narrow), the
#: gap between the bleed edge of the outer cards and a mark, and their limits.
CROP_MARK_LENGTH = 5.0
CROP_MARK_OFFSET = 1.0
MIN_MARK = 1.0
MAX_MARK = 20.0
MAX_MARK_OFFSET = 10.0
Rotate = Literal["auto", "never", "always"]
ROTATE_MODES: tuple[str, ...] = ("auto", "never", "always")
#: PDF's page size limit (ISO 32000: 14 400 units of 1/72 in = 200 in).
MAX_PAPER = 5080.0
#: A printer's front/back misregistration is a few millimetres; more than this would move the
#: backs onto the neighbouring card (a poker card's bleed plus gap is far less) or off the page.
MAX_BACK_OFFSET = 10.0


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
    """What the user asked for (lengths in mm).

    ``bleed`` ``None`` is the automatic bleed (the largest of ``sheet.AUTO_BLEEDS`` that keeps
    the most cards per sheet); ``gap`` is the gutter between cards; ``crop_mark_length``
    ``None`` draws marks up to :data:`CROP_MARK_LENGTH`, shorter where the margin is narrow
    (an explicit length is shortened the same way, with a warning); ``crop_mark_offset`` is
    the gap between the outer cards' bleed and the marks; ``margin`` the printable area's;
    ``rotate`` turns the cards 90° on the sheet: ``auto`` when that fits more per sheet.
    """

    paper: tuple[float, float] = PAPERS["a4"]
    card: tuple[float, float] = CARD_SIZES["poker"]
    bleed: float | None = DEFAULT_BLEED
    gap: float = 0.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    cut_lines: bool = False
    margin: float = MIN_MARGIN
    crop_mark_length: float | None = None
    crop_mark_offset: float = CROP_MARK_OFFSET
    rotate: Rotate = "auto"


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
    if opts.rotate not in ROTATE_MODES:
        raise GeometryError(f"unknown rotation {opts.rotate!r}: use {', '.join(ROTATE_MODES)}")
    if opts.bleed is not None:
        finite(opts.bleed, "bleed", 0.0, MAX_BLEED)
    finite(opts.gap, "gutter", 0.0, MAX_GAP)
    finite(opts.margin, "margin", 0.0, MAX_MARGIN)
    if opts.crop_mark_length is not None:
        finite(opts.crop_mark_length, "crop mark length", MIN_MARK, MAX_MARK)
    finite(opts.crop_mark_offset, "crop mark offset", 0.0, MAX_MARK_OFFSET)
    check_offset(opts.back_offset)
    if min(opts.paper) <= 2 * opts.margin:
        raise GeometryError(f"margin {opts.margin:g} mm leaves no printable area on "
                            f"{opts.paper[0]:g}x{opts.paper[1]:g} mm paper")


def parse_mm(text: str, what: str, low: float, high: float, example: str = "2") -> float:
    """A length typed by the user (``2``, ``2.5mm``), checked: finite, within ``low..high``."""
    try:
        value = float(text.strip().removesuffix("mm"))
    except ValueError:
        raise GeometryError(f"{what} {text!r}: give millimetres, e.g. {example}") from None
    return finite(value, what, low, high)


def star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star centred on ``(cx, cy)`` with outer radius ``r``
    (the VP, coin and star glyphs of every game)."""
    out = []
    for k in range(10):
        rr = r * (1.0 if k % 2 == 0 else inner)
        a = math.pi / 2 + k * math.pi / 5
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out
