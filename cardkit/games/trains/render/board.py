"""Trains' map boards (Tokyo, Osaka) as printable hex boards.

Pointy-top hexes in rows (odd rows shifted half a hex right, as :mod:`.maps` counts
neighbours); each terrain has a colour *and* a pattern (grass, waves, peaks, sea swell) so the
board reads in greyscale; cities show their name and one white circle per station slot, remote
locations their name and VP star; barriers are thick lines on the shared hex edge. The map name
and a terrain legend sit in the margins. Every string goes through ``face.text``.
"""

from __future__ import annotations

import math
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.board import PrintBoard
from ....text.fonts import BOLD
from ....pdf.geometry import MM_TO_PT
from ....pdf.layout import RGB, Ctx, Face, Frame, TextSource
from ....text.runs import TextStyle
from . import icons
from ..model import Hex, TrainsMap

HEX_W = 30.0  # flat-to-flat width of a hex, mm
R = HEX_W / math.sqrt(3)  # corner radius
EDGE = 8.0  # outer margin, mm
TITLE_H = 14.0
LEGEND_H = 12.0
TERRAIN_RGB: dict[str, RGB] = {
    "plain": (0.84, 0.92, 0.68), "river": (0.70, 0.85, 0.97), "mountain": (0.78, 0.66, 0.50),
    "city": (0.99, 0.95, 0.88), "remote": (0.99, 0.87, 0.55), "sea": (0.40, 0.60, 0.85),
}
INK_RGB: dict[str, RGB] = {k: (1 - (1 - r) * 0.4, 1 - (1 - g) * 0.4, 1 - (1 - b) * 0.4)
                           for k, (r, g, b) in TERRAIN_RGB.items()}
LEGEND = ("plain", "river", "mountain", "city", "remote", "sea")
SURCHARGE = {"river": 1, "mountain": 2, "city": 1}
BLACK: RGB = (0.0, 0.0, 0.0)


def board_size(m: TrainsMap) -> tuple[float, float]:
    """Width and height of the printed board (mm)."""
    cols = max(h.col + (0.5 if h.row % 2 else 0.0) for h in m.hexes) + 1
    rows = max(h.row for h in m.hexes) + 1
    return (2 * EDGE + cols * HEX_W, 2 * EDGE + TITLE_H + LEGEND_H + 2 * R + (rows - 1) * 1.5 * R)


def centre(m: TrainsMap, h: Hex) -> tuple[float, float]:
    """Centre of a hex (board mm, origin lower left)."""
    _, height = board_size(m)
    x = EDGE + HEX_W / 2 + h.col * HEX_W + (HEX_W / 2 if h.row % 2 else 0.0)
    y = height - EDGE - TITLE_H - R - h.row * 1.5 * R
    return x, y


def corners(cx: float, cy: float, r: float = R) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (mm)."""
    return [(cx + r * math.cos(math.radians(90 + 60 * k)),
             cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def _hex_path(c: Any, cx: float, cy: float, r: float = R) -> Any:
    mm = MM_TO_PT
    p = c.beginPath()
    pts = corners(cx, cy, r)
    p.moveTo(pts[0][0] * mm, pts[0][1] * mm)
    for x, y in pts[1:]:
        p.lineTo(x * mm, y * mm)
    p.close()
    return p


def terrain_pattern(c: Any, terrain: str, cx: float, cy: float, s: float,
                    light: bool = False) -> None:
    """The terrain's pattern centred on ``(cx, cy)`` (mm), ``s`` the hex width (mm); ``light``
    for the ink saver."""
    mm = MM_TO_PT
    c.setLineCap(1)
    if terrain == "plain":
        c.setStrokeColorRGB(0.35, 0.6, 0.25)
        c.setLineWidth(0.3 * mm)
        for dx, dy in ((-0.22, 0.2), (0.18, 0.28), (0.0, -0.05), (-0.25, -0.25), (0.22, -0.2)):
            x, y = (cx + dx * s) * mm, (cy + dy * s) * mm
            for a in (-0.6, 0.0, 0.6):
                c.line(x, y, x + a * 0.04 * s * mm, y + 0.06 * s * mm)
    elif terrain in ("river", "sea"):
        c.setStrokeColorRGB(*((0.15, 0.4, 0.8) if terrain == "river" else (0.9, 0.95, 1.0)))
        c.setLineWidth((0.6 if terrain == "river" else 0.35) * mm)
        for dy in ((-0.1, 0.1) if terrain == "river" else (-0.28, -0.1, 0.08, 0.26)):
            p = c.beginPath()
            x0, y = (cx - 0.38 * s) * mm, (cy + dy * s) * mm
            p.moveTo(x0, y)
            for k in range(4):
                xa = x0 + (k + 0.5) * 0.19 * s * mm
                p.curveTo(xa - 0.05 * s * mm, y + 0.06 * s * mm, xa + 0.05 * s * mm,
                          y - 0.06 * s * mm, x0 + (k + 1) * 0.19 * s * mm, y)
            c.drawPath(p, stroke=1, fill=0)
    elif terrain == "mountain":
        for dx, dy, k in ((-0.18, -0.12, 0.34), (0.16, -0.08, 0.42), (0.0, 0.16, 0.28)):
            x, y, w = (cx + dx * s) * mm, (cy + dy * s) * mm, k * s * mm
            c.setFillColorRGB(*((0.8, 0.72, 0.62) if light else (0.5, 0.38, 0.25)))
            c.setStrokeColorRGB(0.3, 0.2, 0.1)
            c.setLineWidth(0.25 * mm)
            icons._poly(c, [(x - w / 2, y), (x, y + w * 0.8), (x + w / 2, y)], stroke=1)
            c.setFillColorRGB(1, 1, 1)
            icons._poly(c, [(x - w * 0.14, y + w * 0.58), (x, y + w * 0.8),
                            (x + w * 0.14, y + w * 0.58)])


class BoardPrinter:
    """Builds one map's board face in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver

    def colour(self, terrain: str) -> RGB:
        """The terrain's fill (lighter in ink-saver mode)."""
        return (INK_RGB if self.ink else TERRAIN_RGB)[terrain]

    def face(self, m: TrainsMap) -> Face:
        """The whole board of ``m`` (board mm)."""
        w, h = board_size(m)
        face = Face(f"board-{m.id}", w, h)
        mm = MM_TO_PT

        def hexes(c: Any, ctx: Ctx) -> None:
            for hx in m.hexes:
                cx, cy = centre(m, hx)
                c.setFillColorRGB(*self.colour(hx.terrain))
                c.setStrokeColorRGB(0.45, 0.4, 0.35)
                c.setLineWidth(0.35 * mm)
                c.drawPath(_hex_path(c, cx, cy), stroke=1, fill=1)
                c.saveState()
                c.clipPath(_hex_path(c, cx, cy), stroke=0, fill=0)
                if hx.terrain not in ("city", "remote"):
                    terrain_pattern(c, hx.terrain, cx, cy, HEX_W, self.ink)
                c.restoreState()
                if hx.terrain == "city":
                    c.setStrokeColorRGB(0.7, 0.15, 0.15)
                    c.setLineWidth((0.5 if self.ink else 0.9) * mm)
                    c.drawPath(_hex_path(c, cx, cy, R * 0.86), stroke=1, fill=0)
                    n = hx.station_slots or 0
                    for k in range(n):
                        x = cx + (k - (n - 1) / 2) * 6.2
                        c.setFillColorRGB(1, 1, 1)
                        c.setStrokeColorRGB(0.15, 0.15, 0.15)
                        c.setLineWidth(0.45 * mm)
                        c.circle(x * mm, (cy - 0.42 * R) * mm, 2.5 * mm, stroke=1, fill=1)
                        icons.station(c, x * mm, (cy - 0.42 * R) * mm, 3.2 * mm,
                                      colour=(0.82, 0.82, 0.85))
                elif hx.terrain == "remote":
                    icons.vp(c, cx * mm, (cy - 0.4 * R) * mm, 9.5 * mm)
            self._barriers(c, m)

        face.paint(self._background)
        face.paint(hexes)
        for i, hx in enumerate(m.hexes):
            if not hx.name:
                continue
            cx, cy = centre(m, hx)
            bg = self.colour(hx.terrain)
            face.text(self.loc.text("maps", m.id, f"hexes.{i}.name"),
                      Frame("place", cx - 0.4 * HEX_W, cy - 0.05 * R, 0.8 * HEX_W, 0.52 * R,
                            TextStyle(BOLD, 8.0, 4.5, align="center"), max_lines=2,
                            background=bg), TextSource("maps", m.id, f"hexes.{i}.name"),
                      colour=BLACK)
            if hx.terrain == "remote" and hx.vp:
                face.text(str(hx.vp), Frame("remote-vp", cx - 2.2, cy - 0.4 * R - 2.4, 4.4, 4.4,
                                            TextStyle(BOLD, 10, 6, align="center"),
                                            max_lines=1, background=icons.GOLD),
                          None, colour=BLACK)
        face.text(self.loc.text("maps", m.id, "name"),
                  Frame("map-name", EDGE, h - EDGE - TITLE_H + 2, w / 2, TITLE_H - 3,
                        TextStyle(BOLD, 24, 12), max_lines=1, background=(1.0, 1.0, 1.0)),
                  TextSource("maps", m.id, "name"), colour=BLACK)
        self._legend(face, w)
        return face

    def _background(self, c: Any, ctx: Ctx) -> None:
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, ctx.w, ctx.h, stroke=0, fill=1)

    def _barriers(self, c: Any, m: TrainsMap) -> None:
        mm = MM_TO_PT
        by_id = {h.id: h for h in m.hexes}
        for pair in m.barriers:
            if len(pair) != 2 or pair[0] not in by_id or pair[1] not in by_id:
                continue
            (ax, ay), (bx, by) = centre(m, by_id[pair[0]]), centre(m, by_id[pair[1]])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            d = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = -(by - ay) / d * R / 2, (bx - ax) / d * R / 2
            for colour, width in (((1, 1, 1), 2.6), ((0.1, 0.05, 0.05), 1.6)):
                c.setStrokeColorRGB(*colour)
                c.setLineWidth(width * mm)
                c.setLineCap(1)
                c.line((mx - ux) * mm, (my - uy) * mm, (mx + ux) * mm, (my + uy) * mm)

    def _legend(self, face: Face, w: float) -> None:
        mm = MM_TO_PT
        slot = (w - 2 * EDGE) / len(LEGEND)
        y = EDGE + 1.0
        for i, t in enumerate(LEGEND):
            x = EDGE + i * slot

            def swatch(c: Any, ctx: Ctx, x: float = x, t: str = t) -> None:
                cx, cy = x + 5.0, y + 4.5
                c.setFillColorRGB(*self.colour(t))
                c.setStrokeColorRGB(0.45, 0.4, 0.35)
                c.setLineWidth(0.3 * mm)
                c.drawPath(_hex_path(c, cx, cy, 4.6), stroke=1, fill=1)
                c.saveState()
                c.clipPath(_hex_path(c, cx, cy, 4.6), stroke=0, fill=0)
                terrain_pattern(c, t, cx, cy, 8.0, self.ink)
                c.restoreState()
            face.paint(swatch)
            cost_w = 7.0 if t in SURCHARGE else 0.0
            if t in SURCHARGE:
                face.text(f"+{SURCHARGE[t]}", Frame(f"legend-{t}-cost", x + 11.0, y, cost_w, 9.0,
                                                    TextStyle(BOLD, 10, 6), max_lines=1),
                          None, colour=(0.62, 0.08, 0.08))
            face.text(self.loc.string(f"terrain-{t}"),
                      Frame(f"legend-{t}", x + 11.0 + cost_w, y, slot - 12.0 - cost_w, 9.0,
                            TextStyle(BOLD, 9, 5.5), max_lines=2),
                      TextSource("strings", f"terrain-{t}", "text"), colour=BLACK)


def print_boards(content: GameContent, loc: Localizer, *, ink_saver: bool = False
                 ) -> list[PrintBoard]:
    """One printable board per map of ``maps/*.yaml`` (id ``board-<map>``)."""
    printer = BoardPrinter(content, loc, ink_saver)
    boards = []
    for rec in content.of("maps"):
        m: TrainsMap = rec.obj
        boards.append(PrintBoard(f"board-{m.id}", loc.text("maps", m.id, "name"), board_size(m),
                                 lambda m=m: printer.face(m), strings=loc.string,
                                 locale=loc.code))
    return boards
