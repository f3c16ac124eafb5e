"""Cartographers' print palette and vector glyphs: terrains, mountain, ruins, wasteland, coin,
time, pass arrows, the solo corner and the card kinds' colours.

Every terrain is told apart three ways, so a sheet reads on a greyscale printer and for
colour-blind players: its colour (the greys of the five drawable terrains differ by at least
0.12: monster .22, forest .37, village .51, water .64, farm .85), a glyph drawn in the middle
of each of its spaces (tree, house, furrows, waves, fangs) and its name in the legend. Glyphs
stay inside the middle 64 % of a space, so a space's corners show its plain colour.

Every function draws centred on ``(cx, cy)`` in a square of side ``s`` (points) and prints no
text: labels are laid out by the templates (``face.text``). Language-neutral.
"""

from __future__ import annotations

import math
from typing import Any

from ....pdf.geometry import star_points
from ....pdf.layout import RGB, readable_on, tint
from ....pdf.layout import polygon as _poly

INK: RGB = (0.16, 0.12, 0.09)
PAPER: RGB = (0.98, 0.95, 0.87)
WHITE: RGB = (1.0, 1.0, 1.0)
BLACK: RGB = (0.0, 0.0, 0.0)
GRID: RGB = (0.62, 0.55, 0.45)
#: The coin: a dark gold no terrain uses (the farm is a light straw yellow).
GOLD: RGB = (0.80, 0.56, 0.10)
GOLD_DARK: RGB = (0.45, 0.28, 0.02)

#: Terrain fills; the five drawable terrains first (see the module docstring for their greys).
TERRAIN_RGB: dict[str, RGB] = {
    "monster": (0.36, 0.12, 0.40),
    "forest": (0.16, 0.50, 0.22),
    "village": (0.88, 0.36, 0.28),
    "water": (0.42, 0.70, 0.94),
    "farm": (0.96, 0.86, 0.48),
    "mountain": (0.56, 0.47, 0.38),
    "wasteland": (0.30, 0.30, 0.28),
    "ruins": PAPER,
}
DRAWABLE = ("forest", "village", "farm", "water", "monster")
#: What the map sheet's legend lists, in order.
LEGEND = ("forest", "village", "farm", "water", "monster", "mountain", "ruins", "wasteland")

#: Frame colours of the card kinds and of the four scoring stacks (their card backs).
KIND_RGB: dict[str, RGB] = {
    "explore": (0.42, 0.30, 0.17),
    "ambush": TERRAIN_RGB["monster"],
    "season": (0.20, 0.36, 0.52),
    "edict": (0.55, 0.14, 0.16),
    "setup": (0.30, 0.26, 0.22),
}
STACK_RGB: dict[str, RGB] = {
    "forest": TERRAIN_RGB["forest"],
    "village": (0.70, 0.22, 0.16),
    "farm-water": (0.18, 0.45, 0.70),
    "spatial": (0.35, 0.33, 0.30),
}
#: The glyph that stands for a scoring stack.
STACK_GLYPH = {"forest": "forest", "village": "village", "farm-water": "water",
               "spatial": "spatial"}
SEASON_RGB: dict[str, RGB] = {
    "spring": (0.30, 0.58, 0.28), "summer": (0.96, 0.74, 0.30),
    "autumn": (0.68, 0.30, 0.12), "winter": (0.30, 0.45, 0.65),
}


#: Black or white, whichever reads better on a background (the shared rule).
on = readable_on


def mark_on(bg: RGB) -> RGB:
    """The colour of a glyph drawn on ``bg``: 55 % of black or white over it (opaque)."""
    ink = on(bg)
    return (0.55 * ink[0] + 0.45 * bg[0], 0.55 * ink[1] + 0.45 * bg[1],
            0.55 * ink[2] + 0.45 * bg[2])


# ---------------------------------------------------------------------------------------------
# terrain glyphs (inside the middle 64 % of a space)

def glyph(c: Any, name: str, cx: float, cy: float, s: float, colour: RGB) -> None:
    """The glyph of a terrain (or ``spatial``) in ``colour``."""
    c.saveState()
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*colour)
    c.setLineCap(1)
    c.setLineJoin(1)
    GLYPHS[name](c, cx, cy, s)
    c.restoreState()


def _forest(c: Any, cx: float, cy: float, s: float) -> None:
    """A fir tree: two stacked triangles on a trunk."""
    _poly(c, [(cx - 0.26 * s, cy - 0.12 * s), (cx, cy + 0.30 * s), (cx + 0.26 * s, cy - 0.12 * s)])
    _poly(c, [(cx - 0.20 * s, cy + 0.06 * s), (cx, cy + 0.31 * s), (cx + 0.20 * s, cy + 0.06 * s)])
    c.rect(cx - 0.05 * s, cy - 0.30 * s, 0.10 * s, 0.2 * s, stroke=0, fill=1)


def _village(c: Any, cx: float, cy: float, s: float) -> None:
    """A house: a gabled outline with a door."""
    _poly(c, [(cx - 0.24 * s, cy - 0.28 * s), (cx - 0.24 * s, cy + 0.04 * s), (cx, cy + 0.30 * s),
              (cx + 0.24 * s, cy + 0.04 * s), (cx + 0.24 * s, cy - 0.28 * s),
              (cx + 0.07 * s, cy - 0.28 * s), (cx + 0.07 * s, cy - 0.06 * s),
              (cx - 0.07 * s, cy - 0.06 * s), (cx - 0.07 * s, cy - 0.28 * s)])


def _farm(c: Any, cx: float, cy: float, s: float) -> None:
    """Furrows: three ears of grain on stalks."""
    c.setLineWidth(0.05 * s)
    for dx in (-0.18, 0.0, 0.18):
        x = cx + dx * s
        c.line(x, cy - 0.30 * s, x, cy + 0.12 * s)
        c.ellipse(x - 0.06 * s, cy + 0.04 * s, x + 0.06 * s, cy + 0.30 * s, stroke=0, fill=1)


def _water(c: Any, cx: float, cy: float, s: float) -> None:
    """Two waves."""
    c.setLineWidth(0.07 * s)
    for dy in (-0.12, 0.12):
        p = c.beginPath()
        y = cy + dy * s
        p.moveTo(cx - 0.30 * s, y)
        p.curveTo(cx - 0.20 * s, y + 0.14 * s, cx - 0.10 * s, y + 0.14 * s, cx, y)
        p.curveTo(cx + 0.10 * s, y - 0.14 * s, cx + 0.20 * s, y - 0.14 * s, cx + 0.30 * s, y)
        c.drawPath(p, stroke=1, fill=0)


def _monster(c: Any, cx: float, cy: float, s: float) -> None:
    """A monster's face: two slanted eyes over a row of fangs."""
    _poly(c, [(cx - 0.28 * s, cy + 0.22 * s), (cx - 0.06 * s, cy + 0.08 * s),
              (cx - 0.24 * s, cy + 0.04 * s)])
    _poly(c, [(cx + 0.28 * s, cy + 0.22 * s), (cx + 0.06 * s, cy + 0.08 * s),
              (cx + 0.24 * s, cy + 0.04 * s)])
    pts = [(cx - 0.30 * s, cy - 0.10 * s)]
    for k in range(4):
        x0 = cx - 0.30 * s + k * 0.15 * s
        pts += [(x0 + 0.075 * s, cy - 0.32 * s), (x0 + 0.15 * s, cy - 0.10 * s)]
    _poly(c, pts)


def _mountain(c: Any, cx: float, cy: float, s: float) -> None:
    """A peak with a snow cap in the colour of the paper."""
    _poly(c, [(cx - 0.32 * s, cy - 0.26 * s), (cx - 0.02 * s, cy + 0.30 * s),
              (cx + 0.32 * s, cy - 0.26 * s)])
    c.setFillColorRGB(*PAPER)
    _poly(c, [(cx - 0.12 * s, cy + 0.11 * s), (cx - 0.02 * s, cy + 0.30 * s),
              (cx + 0.09 * s, cy + 0.10 * s), (cx - 0.02 * s, cy + 0.16 * s)])


def _ruins(c: Any, cx: float, cy: float, s: float) -> None:
    """A broken arch: two pillars on a step, the arch standing on the left one only."""
    c.rect(cx - 0.32 * s, cy - 0.32 * s, 0.64 * s, 0.07 * s, stroke=0, fill=1)
    c.rect(cx - 0.25 * s, cy - 0.25 * s, 0.11 * s, 0.36 * s, stroke=0, fill=1)
    c.rect(cx + 0.14 * s, cy - 0.25 * s, 0.11 * s, 0.22 * s, stroke=0, fill=1)
    c.setLineWidth(0.10 * s)
    c.setLineCap(0)
    c.arc(cx - 0.195 * s, cy - 0.08 * s, cx + 0.195 * s, cy + 0.31 * s, 180, -110)
    _poly(c, [(cx + 0.12 * s, cy + 0.02 * s), (cx + 0.27 * s, cy + 0.05 * s),
              (cx + 0.25 * s, cy - 0.01 * s)])


def _wasteland(c: Any, cx: float, cy: float, s: float) -> None:
    """Cracked ground: a cross-hatch of short strokes."""
    c.setLineWidth(0.05 * s)
    for d in (-0.2, 0.0, 0.2):
        c.line(cx - 0.3 * s, cy + d * s - 0.1 * s, cx - 0.3 * s + 0.6 * s, cy + d * s + 0.1 * s)
    for d in (-0.15, 0.15):
        c.line(cx + d * s, cy - 0.3 * s, cx + d * s - 0.05 * s, cy + 0.3 * s)


def _spatial(c: Any, cx: float, cy: float, s: float) -> None:
    """A filled square of four spaces (the spatial stack)."""
    c.setLineWidth(0.05 * s)
    h = 0.14 * s
    for dx in (-1, 1):
        for dy in (-1, 1):
            c.rect(cx + (dx - 1) * h + (0.02 * s if dx > 0 else -0.02 * s),
                   cy + (dy - 1) * h + (0.02 * s if dy > 0 else -0.02 * s),
                   2 * h, 2 * h, stroke=0, fill=1)


GLYPHS = {"forest": _forest, "village": _village, "farm": _farm, "water": _water,
          "monster": _monster, "mountain": _mountain, "ruins": _ruins, "wasteland": _wasteland,
          "spatial": _spatial}


def space(c: Any, terrain: str, x: float, y: float, s: float, line: float,
          with_glyph: bool = True) -> None:
    """One map space of ``terrain`` with lower-left corner ``(x, y)`` and side ``s`` (points):
    its fill, its glyph and a dark outline of width ``line``."""
    rgb = TERRAIN_RGB[terrain]
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(line)
    c.rect(x, y, s, s, stroke=1, fill=1)
    if with_glyph:
        glyph(c, terrain, x + s / 2, y + s / 2, s, mark_on(rgb) if terrain != "ruins" else INK)


def split_space(c: Any, terrains: list[str], x: float, y: float, s: float, line: float) -> None:
    """A space of a shape that may be drawn in any of ``terrains``: one vertical band per
    terrain, in the order listed, and a dark outline (only the outline when a card lists no
    terrain, an error CAR004 reports)."""
    w = s / max(1, len(terrains))
    for i, t in enumerate(terrains):
        c.setFillColorRGB(*TERRAIN_RGB[t])
        c.rect(x + i * w, y, w, s, stroke=0, fill=1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(line)
    c.rect(x, y, s, s, stroke=1, fill=0)


# ---------------------------------------------------------------------------------------------
# other glyphs

def coin(c: Any, cx: float, cy: float, s: float) -> None:
    """A coin: a gold disc with a dark rim and a struck inner ring (no star: a star is
    reputation, a coin is money)."""
    c.saveState()
    c.setFillColorRGB(*GOLD)
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(s * 0.07)
    c.circle(cx, cy, s * 0.44, stroke=1, fill=1)
    c.setLineWidth(s * 0.05)
    c.circle(cx, cy, s * 0.27, stroke=1, fill=0)
    c.restoreState()


def coin_space(c: Any, cx: float, cy: float, s: float, line: float) -> None:
    """An empty coin space of the coin track: a coin's outline, a ring with a faint inner
    ring, to be crossed off (no star, which would read as reputation)."""
    c.saveState()
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*GOLD_DARK)
    c.setLineWidth(line)
    c.circle(cx, cy, s * 0.44, stroke=1, fill=1)
    c.setStrokeColorRGB(*tint(GOLD, 0.55))
    c.setLineWidth(line * 0.8)
    c.circle(cx, cy, s * 0.27, stroke=1, fill=0)
    c.restoreState()


def star(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """A reputation star."""
    c.saveState()
    c.setFillColorRGB(*colour)
    _poly(c, star_points(cx, cy, s * 0.46))
    c.restoreState()


def hourglass(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """Time: an hourglass."""
    c.saveState()
    c.setFillColorRGB(*colour)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(s * 0.07)
    c.line(cx - 0.28 * s, cy + 0.40 * s, cx + 0.28 * s, cy + 0.40 * s)
    c.line(cx - 0.28 * s, cy - 0.40 * s, cx + 0.28 * s, cy - 0.40 * s)
    _poly(c, [(cx - 0.22 * s, cy + 0.36 * s), (cx + 0.22 * s, cy + 0.36 * s),
              (cx + 0.04 * s, cy), (cx + 0.22 * s, cy - 0.36 * s),
              (cx - 0.22 * s, cy - 0.36 * s), (cx - 0.04 * s, cy)], stroke=1, fill=0)
    _poly(c, [(cx - 0.14 * s, cy - 0.33 * s), (cx + 0.14 * s, cy - 0.33 * s), (cx, cy - 0.12 * s)])
    c.restoreState()


def pass_arrow(c: Any, clockwise: bool, cx: float, cy: float, s: float, colour: RGB) -> None:
    """The way map sheets are passed: a three-quarter circle with an arrowhead."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(s * 0.09)
    r = s * 0.32
    start, extent = (120.0, -290.0) if clockwise else (60.0, 290.0)
    c.arc(cx - r, cy - r, cx + r, cy + r, start, extent)
    end = math.radians(start + extent)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    # the tangent at the end, in the direction of travel
    sign = -1.0 if clockwise else 1.0
    tx, ty = -math.sin(end) * sign, math.cos(end) * sign
    nx, ny = -ty, tx
    h = s * 0.2
    _poly(c, [(ex + tx * h, ey + ty * h), (ex + nx * h * 0.8, ey + ny * h * 0.8),
              (ex - nx * h * 0.8, ey - ny * h * 0.8)])
    c.restoreState()


#: Which corner a solo ambush starts at, as (right, top).
CORNERS = {"top-left": (False, True), "top-right": (True, True),
           "bottom-right": (True, False), "bottom-left": (False, False)}


def solo_corner(c: Any, corner: str, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A small map with the solo start corner filled in ``colour``."""
    right, top = CORNERS[corner]
    c.saveState()
    h = s * 0.42
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.05)
    c.rect(cx - h, cy - h, 2 * h, 2 * h, stroke=1, fill=1)
    q = h * 0.8
    c.setFillColorRGB(*colour)
    c.rect(cx + (h - q if right else -h), cy + (h - q if top else -h), q, q, stroke=1, fill=1)
    c.restoreState()


def minus(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """A minus sign (stars lost)."""
    c.saveState()
    c.setFillColorRGB(*colour)
    c.rect(cx - 0.3 * s, cy - 0.06 * s, 0.6 * s, 0.12 * s, stroke=0, fill=1)
    c.restoreState()


def equals(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """An equals sign (a season's result)."""
    c.saveState()
    c.setFillColorRGB(*colour)
    for dy in (-0.14, 0.06):
        c.rect(cx - 0.3 * s, cy + dy * s, 0.6 * s, 0.08 * s, stroke=0, fill=1)
    c.restoreState()


def compass(c: Any, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A compass rose (the card backs): a circle and an eight-pointed star."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(s * 0.012)
    c.circle(cx, cy, s * 0.42, stroke=1, fill=0)
    c.circle(cx, cy, s * 0.36, stroke=1, fill=0)
    for k in range(8):
        a = math.pi / 2 + k * math.pi / 4
        r = s * (0.46 if k % 2 == 0 else 0.30)
        b1, b2 = a - math.pi / 4, a + math.pi / 4
        w = s * 0.07
        _poly(c, [(cx + r * math.cos(a), cy + r * math.sin(a)),
                  (cx + w * math.cos(b1), cy + w * math.sin(b1)),
                  (cx, cy), (cx + w * math.cos(b2), cy + w * math.sin(b2))])
    c.restoreState()
