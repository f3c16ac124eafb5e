"""The marks a Terra Futura card prints besides resource icons, each drawn the same way on the
cards and on the icon legend: the round level badge, the storage box ("max 3"), an empty
pollution slot, the rule between two options and the activation pattern's grid.

Badges and boxes are face shapes (text flows around them) and their words are face texts from
the locale (fit-checked); the rest are plain drawing functions in points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, readable_on
from ....text.fonts import BOLD
from ....text.runs import TextStyle
from .theme import INK, LINE, RULE, WHITE

Mark = Callable[[Any, float, float, float], None]


def badge(face: Face, name: str, box: Box, rgb: RGB, text: str | None,
          mark: Mark | None = None, size: float = 12.0, text_name: str | None = None) -> None:
    """A round badge in ``rgb`` with a numeral (a text it holds, in the frame ``text_name``,
    by default ``<name>-text``) or a drawn ``mark``."""
    mm = MM_TO_PT
    cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h) / 2

    def paint(c: Any, ctx: Ctx) -> None:
        c.setFillColorRGB(*rgb)
        c.setStrokeColorRGB(*WHITE)
        c.setLineWidth(0.5 * mm)
        c.circle(cx * mm, cy * mm, (r - 0.3) * mm, stroke=1, fill=1)
        if mark is not None:
            mark(c, cx * mm, cy * mm, 2 * r * 0.75 * mm)
    face.shape(Shape(name, box, "circle"), paint)
    if text is not None:
        inner = r * 1.25
        face.text(text, Frame(text_name or f"{name}-text", cx - inner / 2, cy - inner / 2,
                              inner, inner,
                              TextStyle(BOLD, size, 5.0, align="center"), max_lines=1,
                              background=rgb), None, colour=readable_on(rgb))


def storage_box(face: Face, name: str, box: Box, text: str, source: TextSource | None,
                text_name: str | None = None) -> None:
    """The storage limit: ``text`` ("max 3") in a white rounded box with a dark outline (its
    frame ``text_name``, by default ``<name>-text``)."""
    mm = MM_TO_PT

    def paint(c: Any, ctx: Ctx) -> None:
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.35 * mm)
        c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 1.2 * mm, stroke=1, fill=1)
    face.shape(Shape(name, box), paint)
    inner = box.grow(-0.8)
    face.text(text, Frame(text_name or f"{name}-text", inner.x, inner.y, inner.w, inner.h,
                          TextStyle(BOLD, 9.0, 5.0, align="center"), max_lines=1,
                          background=WHITE), source, colour=INK)


def slot(c: Any, box: Box) -> None:
    """An empty pollution slot: a white square with a dark outline (``box`` in mm)."""
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*LINE)
    c.setLineWidth(0.4 * mm)
    c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=1)


def rule(c: Any, x0: float, x1: float, y: float) -> None:
    """The grey line between two options (the rulebook's "rozdzielone linią"), in mm."""
    mm = MM_TO_PT
    c.setStrokeColorRGB(*RULE)
    c.setLineWidth(0.4 * mm)
    c.line(x0 * mm, y * mm, x1 * mm, y * mm)


def grid(c: Any, box: Box, filled: set[tuple[int, int]], rgb: RGB) -> None:
    """A 3×3 activation pattern in ``box`` (mm): white cells, ``filled`` ``(row, col)`` cells
    (row 0 at the top) in ``rgb``."""
    mm = MM_TO_PT
    cell = min(box.w, box.h) / 3
    c.setStrokeColorRGB(*LINE)
    c.setLineWidth(min(0.35, cell * 0.05) * mm)
    for r in range(3):
        for k in range(3):
            x, y = box.x + k * cell, box.top - (r + 1) * cell
            c.setFillColorRGB(*WHITE)
            c.rect(x * mm, y * mm, cell * mm, cell * mm, stroke=1, fill=1)
            if (r, k) in filled:
                inset = cell * 0.1
                c.setFillColorRGB(*rgb)
                c.rect((x + inset) * mm, (y + inset) * mm, (cell - 2 * inset) * mm,
                       (cell - 2 * inset) * mm, stroke=0, fill=1)
