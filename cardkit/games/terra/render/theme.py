"""Terra's print palette and the difficulty patterns.

Difficulty is shown three ways so it reads in greyscale and for colour-blind players: the border
colour (four colours whose greys differ by at least 0.12), a border pattern (plain, dots,
stripes, cross-hatch) and 1–4 pips in the corner badge. Every text colour is chosen against the
background its frame declares (contrast ≥ 4.5:1, tested).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....pdf.layout import RGB, WHITE, Ctx, tint

DIFFICULTY_RGB: dict[str, RGB] = {"yellow": (0.97, 0.80, 0.16), "green": (0.38, 0.69, 0.32),
                                  "blue": (0.18, 0.45, 0.84), "red": (0.62, 0.07, 0.10)}
DIFFICULTY_PIPS = {"yellow": 1, "green": 2, "blue": 3, "red": 4}
DIFFICULTY_PATTERN = {"yellow": "plain", "green": "dots", "blue": "stripes", "red": "hatch"}
#: The bars' colour codes (fixed by the board: green year, blue length, orange number).
BAR_RGB: dict[str, RGB] = {"year": (0.25, 0.58, 0.30), "length": (0.18, 0.42, 0.78),
                           "number": (0.93, 0.53, 0.10)}
#: Dark shades of the bar colours, for labels printed on a bar's tint.
BAR_DARK: dict[str, RGB] = {"year": (0.10, 0.36, 0.15), "length": (0.08, 0.27, 0.56),
                            "number": (0.60, 0.27, 0.0)}
INK: RGB = (0.11, 0.12, 0.16)
MUTED: RGB = (0.33, 0.34, 0.38)
PAPER: RGB = (1.0, 0.99, 0.96)
BORDER = 3.5  # mm of difficulty colour inside the trim


def shade(rgb: RGB, amount: float) -> RGB:
    """``rgb`` mixed with black."""
    r, g, b = rgb
    return (r * (1 - amount), g * (1 - amount), b * (1 - amount))


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours a face is printed in; ``ink_saver`` prints a white card with coloured rules."""

    ink_saver: bool = False

    @property
    def body(self) -> RGB:
        """The card's writing surface."""
        return WHITE if self.ink_saver else PAPER

    @property
    def banner(self) -> RGB:
        """The topic banner."""
        return WHITE if self.ink_saver else INK

    @property
    def banner_text(self) -> RGB:
        """Text on the topic banner."""
        return INK if self.ink_saver else WHITE

    def band(self, bar: str) -> RGB:
        """A question or answer band of a bar."""
        return WHITE if self.ink_saver else tint(BAR_RGB[bar], 0.82)


def paint_pattern(c: Any, kind: str, rgb: RGB, x0: float, y0: float, x1: float, y1: float,
                  step: float, hole: tuple[float, float, float, float] | None = None,
                  weight: float = 0.22) -> None:
    """Fill the rectangle (points) with the difficulty's pattern in ``rgb`` (clip first); no
    dot is drawn inside ``hole`` ``(x0, y0, x1, y1)`` (what the card body will cover)."""
    if kind == "plain":
        return
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)
    if kind == "dots":
        r = step * weight
        c.setLineCap(1)  # a dot is a zero-length round-capped stroke: small in the PDF
        c.setLineWidth(2 * r)
        path = c.beginPath()
        row = 0
        y = y0
        while y <= y1 + step:
            x = x0 + (step / 2 if row % 2 else 0.0)
            while x <= x1 + step:
                if hole is None or not (hole[0] + r < x < hole[2] - r and
                                        hole[1] + r < y < hole[3] - r):
                    path.moveTo(round(x, 2), round(y, 2))
                    path.lineTo(round(x, 2), round(y, 2))
                x += step
            y += step * 0.866
            row += 1
        c.drawPath(path, stroke=1, fill=0)
        return
    c.setLineWidth(step * weight)
    span = (x1 - x0) + (y1 - y0)
    d = -(y1 - y0)
    while d <= span:
        c.line(x0 + d, y0, x0 + d + (y1 - y0), y1)
        if kind == "hatch":
            c.line(x0 + d, y1, x0 + d + (y1 - y0), y0)
        d += step


def paint_card(theme: Theme, difficulty: str) -> Any:
    """The painter of a card's ground: difficulty border with its pattern, and the body.

    The ground is the same on every card of a difficulty, so it is drawn once per PDF as a form
    XObject and reused (the dot pattern alone would otherwise add megabytes).
    """
    def paint(c: Any, ctx: Ctx) -> None:
        if not hasattr(c, "beginForm"):
            _ground(c, ctx, theme, difficulty)
            return
        name = (f"terra-{difficulty}-{'ink' if theme.ink_saver else 'full'}-"
                f"{ctx.w:.2f}x{ctx.h:.2f}-{ctx.bleed:.3f}").replace(".", "_")
        if not c.hasForm(name):
            b = ctx.bleed
            c.beginForm(name, -b - 1, -b - 1, ctx.w + b + 1, ctx.h + b + 1)
            _ground(c, ctx, theme, difficulty)
            c.endForm()
        c.doForm(name)

    return paint


def _ground(c: Any, ctx: Ctx, theme: Theme, difficulty: str) -> None:
    rgb = DIFFICULTY_RGB[difficulty]
    pattern = DIFFICULTY_PATTERN[difficulty]
    mm, b = ctx.mm, ctx.bleed
    inner = (mm(BORDER), mm(BORDER), ctx.w - 2 * mm(BORDER), ctx.h - 2 * mm(BORDER))
    hole = (mm(BORDER + 1), mm(BORDER + 1), ctx.w - mm(BORDER + 1), ctx.h - mm(BORDER + 1))
    if theme.ink_saver:
        c.setFillColorRGB(*WHITE)
        c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
        c.saveState()
        p = c.beginPath()
        p.rect(mm(0.8), mm(0.8), ctx.w - mm(1.6), ctx.h - mm(1.6))
        c.clipPath(p, stroke=0, fill=0)
        paint_pattern(c, pattern, rgb, 0, 0, ctx.w, ctx.h, mm(2.4), hole, 0.1)
        c.restoreState()
        c.setFillColorRGB(*WHITE)  # the body covers the pattern: it stays in the border ring
        c.roundRect(*inner, mm(2.5), stroke=0, fill=1)
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(mm(0.5))
        c.roundRect(*inner, mm(2.5), stroke=1, fill=0)
        c.rect(mm(0.8), mm(0.8), ctx.w - mm(1.6), ctx.h - mm(1.6), stroke=1, fill=0)
        return
    c.setFillColorRGB(*rgb)
    c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
    c.saveState()
    p = c.beginPath()
    p.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b)
    c.clipPath(p, stroke=0, fill=0)
    paint_pattern(c, pattern, shade(rgb, 0.28) if difficulty != "red" else tint(rgb, 0.35),
                  -b, -b, ctx.w + b, ctx.h + b, mm(1.6), hole)
    c.restoreState()
    c.setFillColorRGB(*PAPER)
    c.roundRect(*inner, mm(2.5), stroke=0, fill=1)
