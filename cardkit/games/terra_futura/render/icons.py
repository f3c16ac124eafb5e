"""Terra Futura's vector icons: resources drawn from ``resources.yaml``, and the card marks.

Each resource is drawn by its *kind* and *colour* from the content, not by its id: a raw
material is a cube in its colour, each product a token of its own shape (the first product in
``resources.yaml`` a disc, the second a hexagon, the third a diamond), money a light coin with
a dark rim, an inner ring and the generic currency sign ¤ (never a star: the star is the first
player's symbol, and the two must not be confused, in colour or in greyscale),
the "any raw material" wildcard a cube whose three faces are the three raw colours, pollution a
cube in the pollution colour (black). An id the content does not know (an error the checks
report) prints as an outlined square with a cross, never as a crash.

Every function draws centred on ``(cx, cy)`` in a square of side ``s`` (points) and prints no
text: counts and labels are laid out by the templates (``face.text``). Language-neutral.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....pdf.geometry import star_points
from ....pdf.layout import RGB, polygon
from ....pdf.layout import hex_rgb, tint
from .theme import GOLD, INK, WHITE, shade

#: Token shapes of the products, in the order ``resources.yaml`` lists them.
PRODUCT_SHAPES = ("disc", "hexagon", "diamond")
#: What the raw materials look like when the content has none (schema errors): greys.
FALLBACK_RAW: tuple[RGB, ...] = ((0.35, 0.35, 0.35), (0.6, 0.6, 0.6), (0.85, 0.85, 0.85))


@dataclass(frozen=True, slots=True)
class Icon:
    """How one resource id is drawn: a shape and its colours."""

    shape: str  # cube, split, disc, hexagon, diamond, coin, unknown
    rgb: RGB
    parts: tuple[RGB, ...] = ()  # the three face colours of a split cube


UNKNOWN = Icon("unknown", WHITE)


class Palette:
    """The icon of every resource of a game's content."""

    def __init__(self, content: GameContent) -> None:
        recs = [rec.obj for rec in content.of("resources")]
        raws = tuple(hex_rgb(r.colour) for r in recs if r.kind == "raw")[:3] or FALLBACK_RAW
        self.icons: dict[str, Icon] = {}
        products = 0
        for r in recs:
            rgb = hex_rgb(r.colour)
            if r.kind == "raw" or r.kind == "pollution":
                icon = Icon("cube", rgb)
            elif r.kind == "product":
                icon = Icon(PRODUCT_SHAPES[products % len(PRODUCT_SHAPES)], rgb)
                products += 1
            elif r.kind == "money":
                icon = Icon("coin", rgb)
            else:  # the wildcard: any raw material
                icon = Icon("split", rgb, raws)
            self.icons[r.id] = icon
        self.pollution_id = next((r.id for r in recs if r.kind == "pollution"), "pollution")
        self.icons.setdefault(self.pollution_id, Icon("cube", (0.13, 0.13, 0.13)))
        #: The ids of the raw materials and of the products, in content order.
        self.raw = [r.id for r in recs if r.kind == "raw"]
        self.products = [r.id for r in recs if r.kind == "product"]

    def icon(self, resource_id: str) -> Icon:
        """The icon of a resource id (:data:`UNKNOWN` for an id the content lacks)."""
        return self.icons.get(resource_id, UNKNOWN)

    def draw(self, c: Any, resource_id: str, cx: float, cy: float, s: float) -> None:
        """Draw the resource's icon."""
        draw_icon(c, self.icon(resource_id), cx, cy, s)


def draw_icon(c: Any, icon: Icon, cx: float, cy: float, s: float) -> None:
    """One resource icon centred on ``(cx, cy)`` in a square of side ``s`` (points)."""
    c.saveState()
    c.setLineJoin(1)
    c.setLineWidth(max(0.3, s * 0.04))
    if icon.shape == "cube":
        cube(c, cx, cy, s, (tint(icon.rgb, 0.35), icon.rgb, shade(icon.rgb, 0.7)))
    elif icon.shape == "split":
        cube(c, cx, cy, s, icon.parts)
    elif icon.shape == "coin":
        coin(c, cx, cy, s, icon.rgb)
    elif icon.shape in PRODUCT_SHAPES:
        token(c, icon.shape, cx, cy, s, icon.rgb)
    else:
        unknown(c, cx, cy, s)
    c.restoreState()


def cube(c: Any, cx: float, cy: float, s: float, faces: tuple[RGB, ...]) -> None:
    """An isometric cube: top, left and right faces in ``faces`` (in that order)."""
    r = 0.48 * s
    k = r * math.cos(math.pi / 6)
    top, bottom = (cx, cy + r), (cx, cy - r)
    ul, ur = (cx - k, cy + r / 2), (cx + k, cy + r / 2)
    ll, lr = (cx - k, cy - r / 2), (cx + k, cy - r / 2)
    mid = (cx, cy)
    c.setStrokeColorRGB(*INK)
    for pts, rgb in (([top, ur, mid, ul], faces[0]), ([ul, mid, bottom, ll], faces[1]),
                     ([mid, ur, lr, bottom], faces[2 % len(faces)])):
        c.setFillColorRGB(*rgb)
        polygon(c, pts, stroke=1, fill=1)


def token(c: Any, shape: str, cx: float, cy: float, s: float, rgb: RGB) -> None:
    """A product token: a disc, a hexagon or a diamond in ``rgb`` with a darker rim and a light
    centre mark."""
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*shade(rgb, 0.55))
    c.setLineWidth(s * 0.07)
    r = 0.44 * s
    if shape == "disc":
        c.circle(cx, cy, r, stroke=1, fill=1)
    elif shape == "hexagon":
        polygon(c, [(cx + r * math.cos(a), cy + r * math.sin(a))
                    for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))], stroke=1)
    else:
        polygon(c, [(cx, cy + r * 1.08), (cx + r * 0.85, cy), (cx, cy - r * 1.08),
                    (cx - r * 0.85, cy)], stroke=1)
    c.setFillColorRGB(*tint(rgb, 0.6))
    c.circle(cx, cy, r * 0.28, stroke=0, fill=1)


def coin(c: Any, cx: float, cy: float, s: float, rgb: RGB) -> None:
    """Money: a coin seen face on — a light disc with a heavy dark rim, a thin inner ring and
    the currency sign ¤ (a small ring with four short diagonal spokes) in the middle. Round
    and light where the first player's star (:func:`star`) is pointed and dark-edged gold."""
    dark = shade(rgb, 0.4)
    r = 0.45 * s
    c.setFillColorRGB(*tint(rgb, 0.62))
    c.setStrokeColorRGB(*dark)
    c.setLineWidth(s * 0.08)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setLineWidth(s * 0.025)
    c.circle(cx, cy, r * 0.8, stroke=1, fill=0)
    c.setLineCap(1)
    c.setLineWidth(s * 0.07)
    ring = 0.115 * s
    c.circle(cx, cy, ring, stroke=1, fill=0)
    for k in range(4):  # the spokes, on the diagonals
        a = math.pi / 4 + k * math.pi / 2
        c.line(cx + ring * 1.3 * math.cos(a), cy + ring * 1.3 * math.sin(a),
               cx + ring * 2.05 * math.cos(a), cy + ring * 2.05 * math.sin(a))


def unknown(c: Any, cx: float, cy: float, s: float) -> None:
    """A resource the content does not define: an outlined square with a cross."""
    h = 0.4 * s
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.rect(cx - h, cy - h, 2 * h, 2 * h, stroke=1, fill=1)
    c.line(cx - h, cy - h, cx + h, cy + h)
    c.line(cx - h, cy + h, cx + h, cy - h)


def arrow(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """The arrow between what an option costs and what it makes."""
    c.saveState()
    c.setFillColorRGB(*colour)
    polygon(c, [(cx - 0.42 * s, cy - 0.08 * s), (cx + 0.08 * s, cy - 0.08 * s),
                (cx + 0.08 * s, cy - 0.24 * s), (cx + 0.44 * s, cy),
                (cx + 0.08 * s, cy + 0.24 * s), (cx + 0.08 * s, cy + 0.08 * s),
                (cx - 0.42 * s, cy + 0.08 * s)])
    c.restoreState()


def star(c: Any, cx: float, cy: float, s: float) -> None:
    """The first player's symbol: a gold star with a dark outline."""
    c.saveState()
    c.setFillColorRGB(*GOLD)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.05)
    polygon(c, star_points(cx, cy, 0.48 * s), stroke=1, fill=1)
    c.restoreState()


def house(c: Any, cx: float, cy: float, s: float, colour: RGB) -> None:
    """The starting cards' mark: a house with a door."""
    c.saveState()
    c.setFillColorRGB(*colour)
    polygon(c, [(cx - 0.3 * s, cy - 0.32 * s), (cx - 0.3 * s, cy + 0.04 * s), (cx, cy + 0.34 * s),
                (cx + 0.3 * s, cy + 0.04 * s), (cx + 0.3 * s, cy - 0.32 * s),
                (cx + 0.08 * s, cy - 0.32 * s), (cx + 0.08 * s, cy - 0.08 * s),
                (cx - 0.08 * s, cy - 0.08 * s), (cx - 0.08 * s, cy - 0.32 * s)])
    c.restoreState()


def mini_grid(c: Any, cx: float, cy: float, s: float, colour: RGB) -> None:
    """The scoring cards' mark: a 3×3 grid with its diagonal filled."""
    c.saveState()
    cell = s * 0.27
    x0, y0 = cx - 1.5 * cell, cy - 1.5 * cell
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(s * 0.03)
    for r in range(3):
        for k in range(3):
            c.rect(x0 + k * cell, y0 + (2 - r) * cell, cell, cell, stroke=1, fill=int(r == k))
    c.restoreState()


def info(c: Any, cx: float, cy: float, s: float, colour: RGB) -> None:
    """The help cards' mark: an "i" in a ring (drawn, not typeset)."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(s * 0.06)
    c.circle(cx, cy, 0.42 * s, stroke=1, fill=0)
    c.circle(cx, cy + 0.2 * s, 0.06 * s, stroke=0, fill=1)
    c.rect(cx - 0.05 * s, cy - 0.24 * s, 0.1 * s, 0.32 * s, stroke=0, fill=1)
    c.restoreState()
