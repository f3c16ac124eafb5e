"""What a page carries around its cards, inside the printable area: the footer band and the
100 mm check that lets any printed sheet be measured for scale.

Pure geometry in page millimetres (origin bottom-left, as in PDF). Both are placed in the free
strips between the printable area's margin and what the page already holds (cards, their
crop marks, the fold line's halves); the footer first, then the check clear of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .geometry import Box, bounding

#: Height of a footer band (one line of 6 pt text) and its clearance from cards and marks.
FOOTER_H = 3.0
FOOTER_CLEAR = 0.5
#: The check: a 100 mm square where the free area holds one, else a 100 mm bar as high as a
#: footer (a dimension line with end ticks and its caption).
CHECK_MM = 100.0
BAR_H = FOOTER_H
#: Height of the bar's measured line above the bottom of its band (its caption sits above it).
BAR_LINE = 0.3
#: The check's lines are centred on its box's edges: half a line (and a little) is kept free
#: around the box so that their ink, too, stays inside the printable area.
CHECK_INK = 0.2
CheckKind = Literal["square", "bar"]


@dataclass(frozen=True, slots=True)
class Band:
    """A strip of the page that a small face is drawn in (a footer, a check bar): a box inside
    the printable margin; ``rotated``: the face runs up the band (a side margin), not along it."""

    box: Box
    rotated: bool = False


@dataclass(frozen=True, slots=True)
class Check:
    """Where a page's 100 mm check goes: a ``square`` (``band.box`` is the square itself) or a
    ``bar`` (``band.box`` is 100 mm along the band by :data:`BAR_H` across)."""

    kind: CheckKind
    band: Band

    @property
    def ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends of the measured 100 mm (a side of the square, the bar's line)."""
        b = self.band.box
        if self.kind == "square":
            return (b.x, b.y), (b.right, b.y)
        if self.band.rotated:  # the band's face runs up the page: its bottom is on the right
            return (b.right - BAR_LINE, b.y), (b.right - BAR_LINE, b.top)
        return (b.x, b.y + BAR_LINE), (b.right, b.y + BAR_LINE)


def printable(paper_w: float, paper_h: float, margin: float) -> Box:
    """The printable area: the page less its margin on every side."""
    return Box(margin, margin, paper_w - 2 * margin, paper_h - 2 * margin)


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


def page_footer(paper_w: float, paper_h: float, margin: float) -> Band:
    """The footer band of a generic page (information, calibration, index): along the bottom."""
    return Band(Box(margin, margin, paper_w - 2 * margin, FOOTER_H))


def place_check(paper_w: float, paper_h: float, margin: float, occupied: list[Box],
                footer: Band | None) -> Check | None:
    """The page's 100 mm check, clear of ``occupied`` (grown by :data:`FOOTER_CLEAR`) and of
    the footer, inside the printable area: a square if a free strip holds one (below, above,
    left, right of what the page holds), else a bar along the bottom or top strip, else up a
    side strip; ``None`` when no strip has room.

    Candidates are centred along their strip and tried next to the margin, next to the footer
    and next to the occupied area, in that order; the first that is clear wins.
    """
    area = printable(paper_w, paper_h, margin)
    used = bounding(occupied)
    blocked = [b.grow(FOOTER_CLEAR) for b in occupied]
    if footer is not None:
        blocked.append(footer.box.grow(FOOTER_CLEAR))
    # candidates are the check's footprint: its box and the half stroke around it
    side, bar = CHECK_MM + 2 * CHECK_INK, BAR_H + 2 * CHECK_INK
    ys_low = [area.y] + ([footer.box.top + FOOTER_CLEAR] if footer else [])
    xs_low = [area.x] + ([footer.box.right + FOOTER_CLEAR] if footer else [])

    def below(h: float) -> list[float]:
        return ys_low + [used.y - FOOTER_CLEAR - h]

    def above(h: float) -> list[float]:
        tops = [area.top] + ([footer.box.y - FOOTER_CLEAR] if footer else [])
        return [t - h for t in tops] + [used.top + FOOTER_CLEAR]

    def left(w: float) -> list[float]:
        return xs_low + [used.x - FOOTER_CLEAR - w]

    def right(w: float) -> list[float]:
        rights = [area.right] + ([footer.box.x - FOOTER_CLEAR] if footer else [])
        return [r - w for r in rights] + [used.right + FOOTER_CLEAR]

    cx, cy = paper_w / 2 - side / 2, paper_h / 2 - side / 2
    candidates: list[tuple[CheckKind, Box, bool]] = []
    candidates += [("square", Box(cx, y, side, side), False) for y in below(side) + above(side)]
    candidates += [("square", Box(x, cy, side, side), False) for x in left(side) + right(side)]
    candidates += [("bar", Box(cx, y, side, bar), False) for y in below(bar) + above(bar)]
    candidates += [("bar", Box(x, cy, bar, side), True) for x in left(bar) + right(bar)]
    for kind, footprint, rotated in candidates:
        if area.holds(footprint) and not any(footprint.overlaps(b) for b in blocked):
            return Check(kind, Band(footprint.grow(-CHECK_INK), rotated))
    return None
