"""Terra's vector icons: inline tokens (``[year]``, ``[land]``, ...), badges and the compass.

Inline icons are drawn by :func:`draw_icon` one font size wide on the text's baseline; the
badge painters draw in a box given in design millimetres (``ctx.mm`` turns them into points).
"""

from __future__ import annotations

from typing import Any

from ....pdf.geometry import Box
from ....pdf.layout import RGB, WHITE, Ctx, Painter, stamp
from .theme import BAR_RGB, DIFFICULTY_PIPS, DIFFICULTY_RGB, INK, Theme

ICONS = frozenset({"year", "length", "number", "land", "sea", "compass"})
QUADRANT_ANGLE = {"NE": 0, "NW": 90, "SW": 180, "SE": 270}
COMPASS_RED: RGB = (0.78, 0.12, 0.12)


def glyph(c: Any, name: str, x: float, y: float, s: float, rgb: RGB) -> None:
    """A bar glyph (hourglass, ruler, hash) in the square ``(x, y, s)`` points, stroked ``rgb``."""
    c.setStrokeColorRGB(*rgb)
    c.setFillColorRGB(*rgb)
    c.setLineWidth(s * 0.09)
    c.setLineCap(1)
    c.setLineJoin(1)
    if name == "year":  # an hourglass with sand
        p = c.beginPath()
        p.moveTo(x + s * .25, y + s * .82)
        p.lineTo(x + s * .75, y + s * .82)
        p.lineTo(x + s * .25, y + s * .18)
        p.lineTo(x + s * .75, y + s * .18)
        p.close()
        c.drawPath(p, stroke=1, fill=0)
        q = c.beginPath()
        q.moveTo(x + s * .36, y + s * .24)
        q.lineTo(x + s * .64, y + s * .24)
        q.lineTo(x + s * .5, y + s * .42)
        q.close()
        c.drawPath(q, stroke=0, fill=1)
    elif name == "length":  # a ruler with ticks
        c.rect(x + s * .1, y + s * .3, s * .8, s * .4, stroke=1, fill=0)
        for i in range(5):
            tx = x + s * (.22 + i * .14)
            c.line(tx, y + s * .7, tx, y + s * (.5 if i % 2 == 0 else .58))
    else:  # number: a hash sign
        for t in (.38, .62):
            c.line(x + s * (t + .05), y + s * .18, x + s * (t - .05), y + s * .82)
            c.line(x + s * .18, y + s * t, x + s * .82, y + s * t)


def draw_icon(canvas: Any, name: str, x: float, baseline: float, size: float) -> None:
    """Vector icons for the inline tokens, one font size wide, sitting on the baseline."""
    s = size * 0.82
    y = baseline - size * 0.05
    c = canvas
    if name in BAR_RGB:
        c.setFillColorRGB(*BAR_RGB[name])
        c.roundRect(x, y, s, s, s * 0.18, stroke=0, fill=1)
        glyph(c, name, x, y, s, WHITE)
    elif name == "compass":
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(s * 0.07)
        c.circle(x + s / 2, y + s / 2, s * 0.45, stroke=1, fill=0)
        p = c.beginPath()
        p.moveTo(x + s / 2, y + s * .9)
        p.lineTo(x + s * .38, y + s / 2)
        p.lineTo(x + s * .62, y + s / 2)
        p.close()
        c.setFillColorRGB(*COMPASS_RED)
        c.drawPath(p, stroke=0, fill=1)
    elif name == "land":  # mountains
        p = c.beginPath()
        p.moveTo(x, y)
        p.lineTo(x + s * .4, y + s * .8)
        p.lineTo(x + s * .6, y + s * .45)
        p.lineTo(x + s * .75, y + s * .65)
        p.lineTo(x + s, y)
        p.close()
        c.setFillColorRGB(0.45, 0.33, 0.18)
        c.drawPath(p, stroke=0, fill=1)
    elif name == "sea":  # two waves
        c.setStrokeColorRGB(0.12, 0.36, 0.70)
        c.setLineWidth(s * 0.11)
        for k in (0.25, 0.6):
            p = c.beginPath()
            p.moveTo(x, y + s * k)
            p.curveTo(x + s * .25, y + s * (k + .2), x + s * .5, y + s * (k - .2), x + s,
                      y + s * k)
            c.drawPath(p, stroke=1, fill=0)


def bar_badge(bar: str, box: Box, theme: Theme) -> Painter:
    """A round badge with the bar's glyph: filled in the bar colour (outlined in ink saver)."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        r = mm(min(box.w, box.h) / 2)
        cx, cy = mm(box.x) + mm(box.w) / 2, mm(box.y) + mm(box.h) / 2
        rgb = BAR_RGB[bar]
        c.setFillColorRGB(*(WHITE if theme.ink_saver else rgb))
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(mm(0.45))
        c.circle(cx, cy, r, stroke=1 if theme.ink_saver else 0, fill=1)
        s = r * 1.25
        glyph(c, bar, cx - s / 2, cy - s / 2, s, rgb if theme.ink_saver else WHITE)
    return stamp(("bar-badge", bar, theme.ink_saver), paint, box)


PIP_SPOTS = {1: ((0, 0),), 2: ((-1, 1), (1, -1)), 3: ((-1, 1), (0, 0), (1, -1)),
             4: ((-1, 1), (1, 1), (-1, -1), (1, -1))}


def pips_badge(difficulty: str, box: Box, theme: Theme) -> Painter:
    """The difficulty medallion: a ring in the difficulty colour around 1–4 pips (dice spots)."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        r = mm(min(box.w, box.h) / 2)
        cx, cy = mm(box.x) + mm(box.w) / 2, mm(box.y) + mm(box.h) / 2
        rgb = DIFFICULTY_RGB[difficulty]
        c.setFillColorRGB(*rgb)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(mm(0.35))
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setFillColorRGB(*WHITE)
        c.circle(cx, cy, r * 0.72, stroke=0, fill=1)
        c.setFillColorRGB(*INK)
        d = r * 0.3
        for sx, sy in PIP_SPOTS[DIFFICULTY_PIPS[difficulty]]:
            c.circle(cx + sx * d, cy + sy * d, r * 0.13, stroke=0, fill=1)
    return stamp(("pips", difficulty, theme.ink_saver), paint, box)


def compass_rose(quadrant: str, box: Box, theme: Theme) -> Painter:
    """The compass hint: a circle split by the equator and prime meridian, one quadrant red."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        r = mm(min(box.w, box.h) / 2) * 0.92
        cx, cy = mm(box.x) + mm(box.w) / 2, mm(box.y) + mm(box.h) / 2
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(mm(0.35))
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setFillColorRGB(*COMPASS_RED)
        c.wedge(cx - r, cy - r, cx + r, cy + r, QUADRANT_ANGLE[quadrant], 90, stroke=0, fill=1)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(mm(0.35))
        c.circle(cx, cy, r, stroke=1, fill=0)
        c.line(cx - r, cy, cx + r, cy)
        c.line(cx, cy - r, cx, cy + r)
        p = c.beginPath()  # north arrow
        p.moveTo(cx, cy + r + mm(1.4))
        p.lineTo(cx - mm(0.9), cy + r - mm(0.2))
        p.lineTo(cx + mm(0.9), cy + r - mm(0.2))
        p.close()
        c.setFillColorRGB(*INK)
        c.drawPath(p, stroke=0, fill=1)
    return stamp(("compass", quadrant, theme.ink_saver), paint, box)


def quadrant_glyph(quadrants: list[str], box: Box) -> Painter:
    """A small compass with the quadrants a region lies in filled (the region list)."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        r = mm(min(box.w, box.h) / 2) * 0.9
        cx, cy = mm(box.x) + mm(box.w) / 2, mm(box.y) + mm(box.h) / 2
        c.setFillColorRGB(*INK)
        for q in quadrants:
            c.wedge(cx - r, cy - r, cx + r, cy + r, QUADRANT_ANGLE[q], 90, stroke=0, fill=1)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(mm(0.2))
        c.circle(cx, cy, r, stroke=1, fill=0)
        c.line(cx - r, cy, cx + r, cy)
        c.line(cx, cy - r, cx, cy + r)
    return paint


def kind_badge(kind: str, box: Box) -> Painter:
    """The land (mountains) or sea (waves) sign of a region, in a box."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        s = mm(min(box.w, box.h))
        draw_icon(c, kind, mm(box.x), mm(box.y) + s * 0.06, s / 0.82)
    return paint
