"""Trains' vector art: effect icons (coin, VP, Waste, rail, station, draw a card...), type glyphs
and the large card illustrations (a locomotive, a track in perspective, a station, buildings).

Every function draws centred on ``(cx, cy)`` in a square of side ``s`` (points), with no text:
numbers beside an icon are laid out by the card template (``face.text``). Language-neutral.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ....pdf.geometry import star_points
from ....pdf.layout import polygon as _poly

RGB = tuple[float, float, float]
INK: RGB = (0.12, 0.12, 0.14)
GOLD: RGB = (0.96, 0.78, 0.22)
GOLD_DARK: RGB = (0.55, 0.38, 0.02)


def coin(canvas: Any, cx: float, cy: float, s: float, hole: bool = True) -> None:
    """A gold coin: rim, inner ring and a square hole (a Japanese mon; none under a number)."""
    canvas.setFillColorRGB(*GOLD)
    canvas.setStrokeColorRGB(*GOLD_DARK)
    canvas.setLineWidth(s * 0.06)
    canvas.circle(cx, cy, s * 0.45, stroke=1, fill=1)
    canvas.setLineWidth(s * 0.035)
    canvas.circle(cx, cy, s * 0.34, stroke=1, fill=0)
    if not hole:
        return
    canvas.setFillColorRGB(*GOLD_DARK)
    h = s * 0.09
    canvas.rect(cx - h, cy - h, 2 * h, 2 * h, stroke=0, fill=1)


def vp(canvas: Any, cx: float, cy: float, s: float) -> None:
    """A victory point: a gold star with a dark outline."""
    canvas.setFillColorRGB(*GOLD)
    canvas.setStrokeColorRGB(*GOLD_DARK)
    canvas.setLineWidth(s * 0.05)
    canvas.setLineJoin(1)
    _poly(canvas, star_points(cx, cy - s * 0.03, s * 0.5), stroke=1)


def waste(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Waste: a dark bin with a lid and ribs."""
    canvas.setFillColorRGB(0.32, 0.32, 0.34)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(s * 0.04)
    _poly(canvas, [(cx - s * 0.3, cy + s * 0.25), (cx + s * 0.3, cy + s * 0.25),
                   (cx + s * 0.24, cy - s * 0.45), (cx - s * 0.24, cy - s * 0.45)], stroke=1)
    canvas.roundRect(cx - s * 0.38, cy + s * 0.27, s * 0.76, s * 0.1, s * 0.03, stroke=1, fill=1)
    canvas.rect(cx - s * 0.09, cy + s * 0.37, s * 0.18, s * 0.07, stroke=1, fill=1)
    canvas.setStrokeColorRGB(0.75, 0.75, 0.75)
    canvas.setLineWidth(s * 0.05)
    for dx in (-0.12, 0.0, 0.12):
        canvas.line(cx + s * dx, cy + s * 0.15, cx + s * dx * 0.85, cy - s * 0.35)


def return_waste(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Return Waste: the bin with a green arrow leaving it."""
    waste(canvas, cx - s * 0.08, cy, s * 0.9)
    canvas.setFillColorRGB(0.1, 0.55, 0.2)
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setLineWidth(s * 0.03)
    x, y = cx + s * 0.3, cy + s * 0.1
    _poly(canvas, [(x - s * 0.07, y - s * 0.3), (x + s * 0.07, y - s * 0.3),
                   (x + s * 0.07, y + s * 0.05), (x + s * 0.17, y + s * 0.05),
                   (x, y + s * 0.28), (x - s * 0.17, y + s * 0.05),
                   (x - s * 0.07, y + s * 0.05)], stroke=1)


def rail(canvas: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """A track piece in perspective: two rails converging, sleepers shrinking with distance."""
    bottom, top = cy - s * 0.46, cy + s * 0.46
    canvas.setFillColorRGB(0.55, 0.36, 0.18)
    for i in range(5):
        t = i / 4.6
        y = bottom + (top - bottom) * t
        half = s * (0.46 - 0.22 * t)
        th = s * (0.09 - 0.04 * t)
        canvas.rect(cx - half, y, 2 * half, th, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*colour)
    canvas.setLineWidth(s * 0.075)
    canvas.setLineCap(1)
    for side in (-1, 1):
        canvas.line(cx + side * s * 0.3, bottom, cx + side * s * 0.13, top)


def station(canvas: Any, cx: float, cy: float, s: float, colour: RGB = (0.45, 0.22, 0.6)) -> None:
    """A station building: gabled roof, clock, door, platform."""
    canvas.setFillColorRGB(*colour)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(s * 0.04)
    canvas.setLineJoin(1)
    _poly(canvas, [(cx - s * 0.36, cy - s * 0.34), (cx - s * 0.36, cy + s * 0.08),
                   (cx, cy + s * 0.42), (cx + s * 0.36, cy + s * 0.08),
                   (cx + s * 0.36, cy - s * 0.34)], stroke=1)
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    canvas.rect(cx - s * 0.48, cy - s * 0.46, s * 0.96, s * 0.12, stroke=1, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.circle(cx, cy + s * 0.12, s * 0.1, stroke=1, fill=1)
    canvas.line(cx, cy + s * 0.12, cx, cy + s * 0.19)
    canvas.line(cx, cy + s * 0.12, cx + s * 0.05, cy + s * 0.12)
    canvas.roundRect(cx - s * 0.09, cy - s * 0.34, s * 0.18, s * 0.26, s * 0.04, stroke=1, fill=1)


def card(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Draw a card: two stacked cards, the top one with a green plus."""
    canvas.setStrokeColorRGB(0.15, 0.15, 0.2)
    canvas.setLineWidth(s * 0.05)
    canvas.setFillColorRGB(0.72, 0.78, 0.9)
    canvas.roundRect(cx - s * 0.22, cy - s * 0.36, s * 0.5, s * 0.74, s * 0.07, stroke=1, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(cx - s * 0.34, cy - s * 0.44, s * 0.5, s * 0.74, s * 0.07, stroke=1, fill=1)
    canvas.setFillColorRGB(0.1, 0.55, 0.2)
    w, l = s * 0.08, s * 0.2
    x, y = cx - s * 0.09, cy - s * 0.07
    canvas.rect(x - l, y - w / 2, 2 * l, w, stroke=0, fill=1)
    canvas.rect(x - w / 2, y - l, w, 2 * l, stroke=0, fill=1)


def discard(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Discard a card: a card with a red minus, tilted onto a pile."""
    canvas.setStrokeColorRGB(0.15, 0.15, 0.2)
    canvas.setLineWidth(s * 0.05)
    canvas.setFillColorRGB(0.85, 0.85, 0.85)
    canvas.roundRect(cx - s * 0.4, cy - s * 0.45, s * 0.8, s * 0.22, s * 0.05, stroke=1, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.roundRect(cx - s * 0.22, cy - s * 0.2, s * 0.44, s * 0.62, s * 0.07, stroke=1, fill=1)
    canvas.setFillColorRGB(0.8, 0.1, 0.1)
    canvas.rect(cx - s * 0.14, cy + s * 0.07, s * 0.28, s * 0.08, stroke=0, fill=1)


def clock(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Until the end of this turn: a clock face."""
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setStrokeColorRGB(0.15, 0.15, 0.2)
    canvas.setLineWidth(s * 0.07)
    canvas.circle(cx, cy, s * 0.42, stroke=1, fill=1)
    canvas.setLineCap(1)
    canvas.line(cx, cy, cx, cy + s * 0.3)
    canvas.line(cx, cy, cx + s * 0.22, cy - s * 0.08)
    for k in range(12):
        a = k * math.pi / 6
        canvas.setLineWidth(s * 0.03)
        canvas.line(cx + s * 0.34 * math.cos(a), cy + s * 0.34 * math.sin(a),
                    cx + s * 0.4 * math.cos(a), cy + s * 0.4 * math.sin(a))


def trash(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Trash this card: a card crossed out."""
    canvas.setStrokeColorRGB(0.15, 0.15, 0.2)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setLineWidth(s * 0.05)
    canvas.roundRect(cx - s * 0.25, cy - s * 0.4, s * 0.5, s * 0.8, s * 0.07, stroke=1, fill=1)
    canvas.setStrokeColorRGB(0.8, 0.1, 0.1)
    canvas.setLineWidth(s * 0.1)
    canvas.setLineCap(1)
    canvas.line(cx - s * 0.35, cy - s * 0.35, cx + s * 0.35, cy + s * 0.35)
    canvas.line(cx - s * 0.35, cy + s * 0.35, cx + s * 0.35, cy - s * 0.35)


def reveal(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Reveal cards: an eye."""
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setStrokeColorRGB(0.15, 0.15, 0.2)
    canvas.setLineWidth(s * 0.06)
    p = canvas.beginPath()
    p.moveTo(cx - s * 0.45, cy)
    p.curveTo(cx - s * 0.2, cy + s * 0.32, cx + s * 0.2, cy + s * 0.32, cx + s * 0.45, cy)
    p.curveTo(cx + s * 0.2, cy - s * 0.32, cx - s * 0.2, cy - s * 0.32, cx - s * 0.45, cy)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)
    canvas.setFillColorRGB(0.15, 0.3, 0.55)
    canvas.circle(cx, cy, s * 0.15, stroke=0, fill=1)
    canvas.setFillColorRGB(0.05, 0.05, 0.05)
    canvas.circle(cx, cy, s * 0.06, stroke=0, fill=1)


def slash(canvas: Any, cx: float, cy: float, s: float) -> None:
    """"Or" between the options of a choice: a slanted bar."""
    canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
    canvas.setLineWidth(s * 0.08)
    canvas.setLineCap(1)
    canvas.line(cx - s * 0.15, cy - s * 0.35, cx + s * 0.15, cy + s * 0.35)


def locomotive(canvas: Any, cx: float, cy: float, s: float, body: RGB = (0.12, 0.27, 0.64),
               trim: RGB = (0.95, 0.95, 0.95)) -> None:
    """A side view of a modern train: streamlined nose, windows, stripe, wheels on a rail."""
    w, h = s * 0.95, s * 0.34
    x0, y0 = cx - w / 2, cy - h * 0.35
    canvas.setStrokeColorRGB(0.08, 0.08, 0.1)
    canvas.setLineWidth(s * 0.012)
    canvas.setFillColorRGB(*body)
    p = canvas.beginPath()
    p.moveTo(x0, y0)
    p.lineTo(x0 + w * 0.72, y0)
    p.curveTo(x0 + w * 0.95, y0, x0 + w, y0 + h * 0.25, x0 + w, y0 + h * 0.42)
    p.curveTo(x0 + w * 0.97, y0 + h * 0.7, x0 + w * 0.85, y0 + h, x0 + w * 0.62, y0 + h)
    p.lineTo(x0, y0 + h)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)
    canvas.setFillColorRGB(*trim)
    canvas.rect(x0, y0 + h * 0.22, w * 0.9, h * 0.1, stroke=0, fill=1)
    canvas.setFillColorRGB(0.78, 0.9, 0.98)
    for i in range(5):
        canvas.roundRect(x0 + w * (0.04 + i * 0.115), y0 + h * 0.5, w * 0.08, h * 0.3,
                         h * 0.05, stroke=1, fill=1)
    p = canvas.beginPath()
    p.moveTo(x0 + w * 0.66, y0 + h * 0.5)
    p.lineTo(x0 + w * 0.9, y0 + h * 0.5)
    p.curveTo(x0 + w * 0.88, y0 + h * 0.72, x0 + w * 0.8, y0 + h * 0.82, x0 + w * 0.66,
              y0 + h * 0.82)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)
    canvas.setFillColorRGB(0.2, 0.2, 0.22)
    for fx in (0.12, 0.26, 0.55, 0.69):
        canvas.circle(x0 + w * fx, y0 - h * 0.02, h * 0.12, stroke=1, fill=1)
    canvas.setStrokeColorRGB(0.35, 0.35, 0.38)
    canvas.setLineWidth(s * 0.02)
    canvas.line(cx - s * 0.5, y0 - h * 0.16, cx + s * 0.5, y0 - h * 0.16)


def track_scene(canvas: Any, cx: float, cy: float, w: float, h: float, rails: RGB = INK) -> None:
    """A track running to the horizon (``w`` x ``h`` points), for Rail cards and the back."""
    bottom, top = cy - h / 2, cy + h / 2
    canvas.setFillColorRGB(0.55, 0.36, 0.18)
    n = 9
    for i in range(n):
        t = 1 - (1 - i / n) ** 1.6
        y = bottom + (top - bottom) * t
        half = w * (0.45 - 0.38 * t)
        th = h * 0.045 * (1 - 0.75 * t)
        canvas.rect(cx - half, y, 2 * half, th, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*rails)
    canvas.setLineCap(1)
    for side in (-1, 1):
        canvas.setLineWidth(h * 0.03)
        canvas.line(cx + side * w * 0.3, bottom, cx + side * w * 0.04, top)


def buildings(canvas: Any, cx: float, cy: float, w: float, h: float, floors: int,
              colour: RGB = (0.55, 0.42, 0.1)) -> None:
    """A skyline: more (and taller) buildings for more VP."""
    n = max(1, min(floors, 5))
    bw = w / (n + 1.2)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(h * 0.012)
    for i in range(n):
        bh = h * (0.45 + 0.5 * ((i * 37) % 5) / 4 * (n / 5) + 0.05 * n) * 0.85
        bh = min(bh, h * 0.95)
        x = cx - w / 2 + bw * 0.6 + i * bw
        canvas.setFillColorRGB(*colour)
        canvas.rect(x, cy - h / 2, bw * 0.88, bh, stroke=1, fill=1)
        canvas.setFillColorRGB(1.0, 0.93, 0.6)
        rows = int(bh / (h * 0.09))
        for r in range(1, rows):
            for c in (0.2, 0.55):
                canvas.rect(x + bw * c, cy - h / 2 + r * h * 0.09, bw * 0.18, h * 0.04,
                            stroke=0, fill=1)


def bolt(canvas: Any, cx: float, cy: float, s: float, colour: RGB = (0.86, 0.22, 0.18)) -> None:
    """Action: a lightning bolt."""
    canvas.setFillColorRGB(*colour)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(s * 0.04)
    canvas.setLineJoin(1)
    _poly(canvas, [(cx + s * 0.12, cy + s * 0.48), (cx - s * 0.3, cy - s * 0.04),
                   (cx - s * 0.02, cy - s * 0.04), (cx - s * 0.14, cy - s * 0.48),
                   (cx + s * 0.3, cy + s * 0.08), (cx + s * 0.02, cy + s * 0.08)], stroke=1)


def burst(canvas: Any, cx: float, cy: float, s: float, colour: RGB = (0.6, 0.08, 0.1)) -> None:
    """Attack: a spiky burst."""
    canvas.setFillColorRGB(*colour)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(s * 0.04)
    pts = []
    for k in range(16):
        r = s * (0.48 if k % 2 == 0 else 0.24)
        a = k * math.pi / 8
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    _poly(canvas, pts, stroke=1)


def shield(canvas: Any, cx: float, cy: float, s: float, colour: RGB = (0.3, 0.6, 0.65)) -> None:
    """Reaction: a shield."""
    canvas.setFillColorRGB(*colour)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setLineWidth(s * 0.05)
    p = canvas.beginPath()
    p.moveTo(cx, cy + s * 0.45)
    p.lineTo(cx + s * 0.38, cy + s * 0.32)
    p.curveTo(cx + s * 0.38, cy - s * 0.1, cx + s * 0.2, cy - s * 0.35, cx, cy - s * 0.47)
    p.curveTo(cx - s * 0.2, cy - s * 0.35, cx - s * 0.38, cy - s * 0.1, cx - s * 0.38,
              cy + s * 0.32)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)


def train_glyph(canvas: Any, cx: float, cy: float, s: float) -> None:
    """Train type glyph: a locomotive seen from the front."""
    canvas.setFillColorRGB(0.12, 0.27, 0.64)
    canvas.setStrokeColorRGB(0.05, 0.05, 0.1)
    canvas.setLineWidth(s * 0.05)
    canvas.roundRect(cx - s * 0.32, cy - s * 0.32, s * 0.64, s * 0.78, s * 0.16, stroke=1, fill=1)
    canvas.setFillColorRGB(0.8, 0.92, 1.0)
    canvas.roundRect(cx - s * 0.22, cy + s * 0.08, s * 0.44, s * 0.24, s * 0.05, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 0.9, 0.4)
    canvas.circle(cx - s * 0.15, cy - s * 0.14, s * 0.06, stroke=0, fill=1)
    canvas.circle(cx + s * 0.15, cy - s * 0.14, s * 0.06, stroke=0, fill=1)
    canvas.setStrokeColorRGB(0.05, 0.05, 0.1)
    canvas.line(cx - s * 0.25, cy - s * 0.32, cx - s * 0.38, cy - s * 0.48)
    canvas.line(cx + s * 0.25, cy - s * 0.32, cx + s * 0.38, cy - s * 0.48)


Icon = Callable[[Any, float, float, float], None]
ICONS: dict[str, Icon] = {
    "coin": coin, "vp": vp, "waste": waste, "return-waste": return_waste, "rail": rail,
    "station": station, "card": card, "discard": discard, "clock": clock, "trash": trash,
    "reveal": reveal, "or": slash,
}
#: One glyph per card type, shown in the type band beside the type's name.
TYPE_GLYPHS: dict[str, Icon] = {
    "train": train_glyph, "rail": rail, "station": station, "action": bolt, "victory": vp,
    "waste": waste, "attack": burst, "reaction": shield,
}
#: Icons a rules text may name inline: ``[coin]``, ``[vp]``...
TEXT_ICONS = frozenset({"coin", "vp", "waste", "rail", "station", "card"})


def draw(canvas: Any, name: str, cx: float, cy: float, s: float) -> None:
    """Draw the icon or type glyph ``name`` centred on ``(cx, cy)`` in a square of side ``s``."""
    fn = ICONS.get(name) or TYPE_GLYPHS.get(name)
    if fn is not None:
        canvas.saveState()
        fn(canvas, cx, cy, s)
        canvas.restoreState()


def inline(canvas: Any, name: str, x: float, baseline: float, size: float) -> None:
    """An icon inside a line of text (the text layer's icon drawer)."""
    draw(canvas, name, x + size * 0.5, baseline + size * 0.33, size * 1.05)
