"""Mars Dice's vector icons: die faces, dice, wild tokens, VP, cards, tiles, tracks, timing marks.

A **die-face icon** (a cost symbol, a die set to a face) is drawn in its die's colour from
``dice.yaml`` and in its die colour's *shape* (:data:`~.theme.DIE_SHAPE`: green a circle, blue
a drop, grey a square, red a diamond, yellow a hexagon), so colour-blind players tell the die
colours apart; the face's letter (``letter-<resource>`` in ``strings.yaml``) is a text the
template lays out on it. A **die** (rolled, showing no face yet) is a rounded square in its
colour with its colour's shape as a small mark. An id the content does not know (an error the
checks report) prints as an outlined square with a cross, never as a crash.

Every function draws centred on ``(cx, cy)`` in a square of side ``s`` (points) and prints no
text: numbers and letters are laid out by the templates (``face.text``). Language-neutral.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....pdf.geometry import star_points
from ....pdf.layout import RGB, hex_rgb, polygon, readable_on, tint
from .theme import (DIE_SHAPE, INK, PRODUCTION, SHAPES, TILE_FALLBACK, TILE_RGB, VP_RGB, WHITE,
                    shade)

GREY: RGB = (0.6, 0.6, 0.6)
#: Tracks drawn as the tile that raises them (the oceans track is the ocean tile).
TRACK_TILE = {"oceans": "ocean"}


@dataclass(frozen=True, slots=True)
class DieLook:
    """How a die colour is drawn: its colour and its shape."""

    id: str
    rgb: RGB
    shape: str


UNKNOWN = DieLook("", WHITE, "unknown")


class Palette:
    """The look of every die colour and face symbol of a game's content."""

    def __init__(self, content: GameContent) -> None:
        dice = [rec.obj for rec in content.of("dice")]
        used = {DIE_SHAPE[d.id] for d in dice if d.id in DIE_SHAPE}
        spare = [s for s in SHAPES if s not in used]
        self.dice: dict[str, DieLook] = {}
        self.faces: dict[str, DieLook] = {}
        for d in dice:
            shape = DIE_SHAPE.get(d.id) or (spare.pop(0) if spare else "octagon")
            look = DieLook(d.id, hex_rgb(d.colour), shape)
            self.dice.setdefault(d.id, look)
            for f in d.faces:
                self.faces.setdefault(f.resource, look)
        #: The die colours in content order (the wild token's segments).
        self.colours = [look.rgb for look in self.dice.values()] or [GREY]
        self.wild_ids = {rec.id for rec in content.of("resources") if rec.obj.kind == "wild"}

    def die(self, die_id: str) -> DieLook:
        """The look of a die colour (:data:`UNKNOWN` for an id the content lacks)."""
        return self.dice.get(die_id, UNKNOWN)

    def face(self, resource_id: str) -> DieLook:
        """The look of a face symbol: its die's (:data:`UNKNOWN` for a symbol on no die)."""
        return self.faces.get(resource_id, UNKNOWN)


def _outline(c: Any, shape: str, cx: float, cy: float, r: float, stroke: int, fill: int) -> None:
    """The path of a face shape of radius ``r``."""
    if shape == "circle":
        c.circle(cx, cy, r, stroke=stroke, fill=fill)
    elif shape == "square":
        k = r * 0.86
        c.rect(cx - k, cy - k, 2 * k, 2 * k, stroke=stroke, fill=fill)
    elif shape == "diamond":
        polygon(c, [(cx, cy + r * 1.1), (cx + r * 1.1, cy), (cx, cy - r * 1.1),
                    (cx - r * 1.1, cy)], stroke=stroke, fill=fill)
    elif shape in ("hexagon", "octagon"):
        n = 6 if shape == "hexagon" else 8
        polygon(c, [(cx + r * math.cos(a), cy + r * math.sin(a))
                    for a in (2 * math.pi / n * k + math.pi / n for k in range(n))],
                stroke=stroke, fill=fill)
    elif shape == "drop":  # a water drop: a point at the top, round below
        p = c.beginPath()
        p.moveTo(cx, cy + r * 1.05)
        p.curveTo(cx + r * 0.35, cy + r * 0.55, cx + r * 0.92, cy + r * 0.05, cx + r * 0.92,
                  cy - r * 0.3)
        p.curveTo(cx + r * 0.92, cy - r * 0.85, cx + r * 0.45, cy - r * 1.05, cx, cy - r * 1.05)
        p.curveTo(cx - r * 0.45, cy - r * 1.05, cx - r * 0.92, cy - r * 0.85, cx - r * 0.92,
                  cy - r * 0.3)
        p.curveTo(cx - r * 0.92, cy + r * 0.05, cx - r * 0.35, cy + r * 0.55, cx, cy + r * 1.05)
        p.close()
        c.drawPath(p, stroke=stroke, fill=fill)
    else:
        c.rect(cx - r, cy - r, 2 * r, 2 * r, stroke=stroke, fill=fill)


def face_icon(c: Any, look: DieLook, cx: float, cy: float, s: float) -> None:
    """A die-face symbol: its die colour's shape in its colour, a darker rim."""
    if look.shape == "unknown":
        unknown(c, cx, cy, s)
        return
    c.saveState()
    c.setLineJoin(1)
    c.setFillColorRGB(*look.rgb)
    c.setStrokeColorRGB(*shade(look.rgb, 0.5))
    c.setLineWidth(max(0.3, s * 0.06))
    _outline(c, look.shape, cx, cy, s * 0.45, 1, 1)
    c.restoreState()


def die(c: Any, look: DieLook, cx: float, cy: float, s: float) -> None:
    """A die (showing no face yet): a rounded square in its colour, its shape as a mark."""
    if look.shape == "unknown":
        unknown(c, cx, cy, s)
        return
    c.saveState()
    h = s * 0.45
    c.setFillColorRGB(*look.rgb)
    c.setStrokeColorRGB(*shade(look.rgb, 0.5))
    c.setLineWidth(max(0.3, s * 0.05))
    c.roundRect(cx - h, cy - h, 2 * h, 2 * h, s * 0.14, stroke=1, fill=1)
    mark = readable_on(look.rgb)
    c.setStrokeColorRGB(*mark)
    c.setLineWidth(max(0.3, s * 0.06))
    _outline(c, look.shape, cx, cy, s * 0.2, 1, 0)
    c.restoreState()


def production_die(c: Any, look: DieLook, cx: float, cy: float, s: float) -> None:
    """A die added to production: a smaller die on a brown tile (the production band)."""
    c.saveState()
    c.setFillColorRGB(*PRODUCTION)
    c.roundRect(cx - s * 0.5, cy - s * 0.5, s, s, s * 0.16, stroke=0, fill=1)
    c.restoreState()
    die(c, look, cx, cy, s * 0.74)


def wild(c: Any, colours: list[RGB], cx: float, cy: float, s: float) -> None:
    """A wild token: a disc split in the die colours, a white star on it."""
    c.saveState()
    r = s * 0.45
    n = len(colours)
    for k, rgb in enumerate(colours):
        c.setFillColorRGB(*rgb)
        p = c.beginPath()
        p.moveTo(cx, cy)
        p.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=90 + 360 * k / n, extent=360 / n)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.3, s * 0.05))
    c.circle(cx, cy, r, stroke=1, fill=0)
    c.setFillColorRGB(*WHITE)
    polygon(c, star_points(cx, cy, r * 0.62), stroke=1, fill=1)
    c.restoreState()


def vp_badge(c: Any, cx: float, cy: float, s: float, rgb: RGB = VP_RGB) -> None:
    """The VP badge (its number is a text on it): a disc with a light rim."""
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*tint(rgb, 0.6))
    c.setLineWidth(max(0.3, s * 0.06))
    c.circle(cx, cy, s * 0.46, stroke=1, fill=1)
    c.restoreState()


def card(c: Any, cx: float, cy: float, s: float, rgb: RGB = (0.62, 0.30, 0.16)) -> None:
    """A project card: a small upright card with its colour band."""
    c.saveState()
    w, h = s * 0.6, s * 0.86
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.3, s * 0.05))
    c.roundRect(cx - w / 2, cy - h / 2, w, h, s * 0.08, stroke=1, fill=1)
    c.setFillColorRGB(*rgb)
    c.rect(cx - w / 2 + s * 0.08, cy + h / 2 - s * 0.3, w - s * 0.16, s * 0.2, stroke=0, fill=1)
    c.restoreState()


def tile(c: Any, tile_id: str, cx: float, cy: float, s: float) -> None:
    """A tile: a hexagon in the tile's colour with its mark (waves, a tree, a building)."""
    rgb = TILE_RGB.get(tile_id, TILE_FALLBACK)
    c.saveState()
    r = s * 0.48
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*shade(rgb, 0.5))
    c.setLineWidth(max(0.3, s * 0.05))
    polygon(c, [(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))], stroke=1, fill=1)
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*WHITE)
    c.setLineWidth(max(0.3, s * 0.06))
    if tile_id == "ocean":
        for dy in (-0.12, 0.1):
            p = c.beginPath()
            p.moveTo(cx - s * 0.24, cy + dy * s)
            p.curveTo(cx - s * 0.12, cy + (dy + 0.08) * s, cx - s * 0.04, cy + (dy - 0.08) * s,
                      cx + s * 0.06, cy + dy * s)
            p.curveTo(cx + s * 0.14, cy + (dy + 0.08) * s, cx + s * 0.2, cy + dy * s,
                      cx + s * 0.24, cy + dy * s)
            c.drawPath(p, stroke=1, fill=0)
    elif tile_id == "greenery":
        polygon(c, [(cx, cy + s * 0.26), (cx + s * 0.18, cy - s * 0.1), (cx - s * 0.18,
                                                                         cy - s * 0.1)])
        c.rect(cx - s * 0.03, cy - s * 0.22, s * 0.06, s * 0.13, stroke=0, fill=1)
    elif tile_id == "city":
        c.rect(cx - s * 0.2, cy - s * 0.2, s * 0.16, s * 0.3, stroke=0, fill=1)
        c.rect(cx + s * 0.01, cy - s * 0.2, s * 0.19, s * 0.42, stroke=0, fill=1)
    c.restoreState()


def track(c: Any, track_id: str, cx: float, cy: float, s: float) -> None:
    """A global track: a thermometer (temperature), bubbles (oxygen), waves (oceans), else an
    arrow up in a ring."""
    c.saveState()
    c.setLineWidth(max(0.3, s * 0.06))
    if track_id == "temperature":
        red = (0.78, 0.16, 0.12)
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*INK)
        c.roundRect(cx - s * 0.1, cy - s * 0.2, s * 0.2, s * 0.62, s * 0.1, stroke=1, fill=1)
        c.setFillColorRGB(*red)
        c.circle(cx, cy - s * 0.26, s * 0.17, stroke=1, fill=1)
        c.rect(cx - s * 0.045, cy - s * 0.2, s * 0.09, s * 0.4, stroke=0, fill=1)
    elif track_id == "oxygen":
        c.setFillColorRGB(0.78, 0.90, 0.98)
        c.setStrokeColorRGB(0.17, 0.40, 0.68)
        for dx, dy, r in ((-0.12, -0.1, 0.24), (0.2, 0.16, 0.15), (0.18, -0.26, 0.1)):
            c.circle(cx + dx * s, cy + dy * s, r * s, stroke=1, fill=1)
    elif track_id in TRACK_TILE:
        tile(c, TRACK_TILE[track_id], cx, cy, s)
    else:
        c.setStrokeColorRGB(*INK)
        c.setFillColorRGB(*INK)
        c.circle(cx, cy, s * 0.42, stroke=1, fill=0)
        polygon(c, [(cx, cy + s * 0.28), (cx + s * 0.18, cy + s * 0.04),
                    (cx + s * 0.06, cy + s * 0.04), (cx + s * 0.06, cy - s * 0.26),
                    (cx - s * 0.06, cy - s * 0.26), (cx - s * 0.06, cy + s * 0.04),
                    (cx - s * 0.18, cy + s * 0.04)])
    c.restoreState()


def turn(c: Any, cx: float, cy: float, s: float) -> None:
    """Turning a die: a white die outline under a curved arrow."""
    c.saveState()
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.3, s * 0.05))
    h = s * 0.22
    c.roundRect(cx - h, cy - h, 2 * h, 2 * h, s * 0.06, stroke=1, fill=1)
    c.setLineWidth(max(0.3, s * 0.07))
    p = c.beginPath()
    p.arc(cx - s * 0.4, cy - s * 0.4, cx + s * 0.4, cy + s * 0.4, startAng=20, extent=250)
    c.drawPath(p, stroke=1, fill=0)
    a = math.radians(20)
    tx, ty = cx + s * 0.4 * math.cos(a), cy + s * 0.4 * math.sin(a)
    c.setFillColorRGB(*INK)
    polygon(c, [(tx - s * 0.13, ty + s * 0.02), (tx + s * 0.12, ty + s * 0.02),
                (tx, ty - s * 0.14)])
    c.restoreState()


def timing(c: Any, shape: str, cx: float, cy: float, s: float, rgb: RGB) -> None:
    """An action's timing mark: a disc (support), a square (main), a triangle (free)."""
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*shade(rgb, 0.5))
    c.setLineWidth(max(0.3, s * 0.06))
    r = s * 0.42
    if shape == "circle":
        c.circle(cx, cy, r, stroke=1, fill=1)
    elif shape == "square":
        c.rect(cx - r * 0.9, cy - r * 0.9, 1.8 * r, 1.8 * r, stroke=1, fill=1)
    else:
        polygon(c, [(cx, cy + r), (cx + r * 1.05, cy - r * 0.8), (cx - r * 1.05, cy - r * 0.8)],
                stroke=1, fill=1)
    c.restoreState()


def ribbon(c: Any, x: float, y: float, w: float, h: float, rgb: RGB) -> None:
    """A VP ribbon hanging from the card's top edge: a band with a notch at the bottom."""
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*shade(rgb, 0.6))
    c.setLineWidth(0.6)
    polygon(c, [(x, y + h), (x + w, y + h), (x + w, y), (x + w / 2, y + h * 0.16), (x, y)],
            stroke=1, fill=1)
    c.restoreState()


def arrow(c: Any, cx: float, cy: float, s: float, colour: RGB = INK) -> None:
    """The arrow between what an action costs and what it gives."""
    c.saveState()
    c.setFillColorRGB(*colour)
    polygon(c, [(cx - 0.42 * s, cy - 0.08 * s), (cx + 0.08 * s, cy - 0.08 * s),
                (cx + 0.08 * s, cy - 0.24 * s), (cx + 0.44 * s, cy),
                (cx + 0.08 * s, cy + 0.24 * s), (cx + 0.08 * s, cy + 0.08 * s),
                (cx - 0.42 * s, cy + 0.08 * s)])
    c.restoreState()


def gain(c: Any, x: float, cy: float, w: float, s: float, colour: RGB = INK) -> None:
    """What an action that costs nothing shows before what it gives: an empty dashed ring
    (nothing to pay) and the arrow out of it, in a box ``w`` wide from ``x``, ``s`` high."""
    c.saveState()
    r = s * 0.27
    rx = x + r + s * 0.06
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(max(0.3, s * 0.07))
    c.setDash(max(0.6, s * 0.12), max(0.5, s * 0.09))
    c.circle(rx, cy, r, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*colour)
    x0, x1 = rx + r + s * 0.06, x + w - s * 0.02
    polygon(c, [(x0, cy - 0.08 * s), (x1 - 0.36 * s, cy - 0.08 * s),
                (x1 - 0.36 * s, cy - 0.24 * s), (x1, cy), (x1 - 0.36 * s, cy + 0.24 * s),
                (x1 - 0.36 * s, cy + 0.08 * s), (x0, cy + 0.08 * s)])
    c.restoreState()


def pips(c: Any, n: int, cx: float, cy: float, s: float, rgb: RGB = WHITE) -> None:
    """An ordinary six-sided die showing ``n`` pips (1 to 6): the d6 stand-in for a face."""
    c.saveState()
    h = s * 0.45
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.25, s * 0.05))
    c.roundRect(cx - h, cy - h, 2 * h, 2 * h, s * 0.12, stroke=1, fill=1)
    c.setFillColorRGB(*readable_on(rgb))
    d = s * 0.24
    spots = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
             4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
             5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
             6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}.get(n, [])
    for dx, dy in spots:
        c.circle(cx + dx * d, cy + dy * d, s * 0.075, stroke=0, fill=1)
    c.restoreState()


def hourglass(c: Any, cx: float, cy: float, s: float, rgb: RGB = INK) -> None:
    """The solo turn marker's mark: an hourglass."""
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)
    c.setLineWidth(max(0.3, s * 0.06))
    w, h = s * 0.3, s * 0.4
    polygon(c, [(cx - w, cy + h), (cx + w, cy + h), (cx, cy)], stroke=1, fill=1)
    polygon(c, [(cx - w, cy - h), (cx + w, cy - h), (cx, cy)], stroke=1, fill=0)
    c.line(cx - w * 1.25, cy + h, cx + w * 1.25, cy + h)
    c.line(cx - w * 1.25, cy - h, cx + w * 1.25, cy - h)
    c.restoreState()


def unknown(c: Any, cx: float, cy: float, s: float) -> None:
    """An id the content does not define: an outlined square with a cross."""
    c.saveState()
    h = 0.4 * s
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(max(0.3, s * 0.04))
    c.rect(cx - h, cy - h, 2 * h, 2 * h, stroke=1, fill=1)
    c.line(cx - h, cy - h, cx + h, cy + h)
    c.line(cx - h, cy + h, cx + h, cy - h)
    c.restoreState()
