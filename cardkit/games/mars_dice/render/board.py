"""Mars Dice's printable board: the track panel and the hex map side by side (386 x 255 mm).

The **track panel** (190 x 255 mm) has
the game's name and "Global parameters" at the top, then each track of ``tracks.yaml`` in a
row of spaces: every value from ``start`` by ``step`` to ``maximum`` with the track's unit,
the spaces where a bonus lies showing the bonus's icons, the track's VP per step and past the
maximum beside its name; below, the VP track ("Score") from 0 to 79 (at least) in rows of ten,
the VP thresholds of ``rules.yaml`` (5 and 12) marked with a bonus-card icon. The **map**
panel draws the hex areas of ``board.yaml`` (axial ``q``, ``r``; ocean areas blue, their
placement bonuses as icons) with a legend, the award spaces (a dashed square per award die of
``rules.yaml``) and where the milestones go; :func:`map_geometry` gives its hexagon size, which
the kit's tiles are cut to. Every text is laid out by ``face.text`` from the
content (strings, track and tile names), so the boards print in every locale.
"""

from __future__ import annotations

import math
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.board import PrintBoard, side_by_side
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Face, Frame, Shape, TextSource, named_title, tint
from ....text.runs import TextStyle
from . import icons
from .icons import Palette
from ..model import Track
from .rows import RowPainter, effects_tokens, icon_size
from .theme import (BOARD_H, BOARD_W, INK, KIND_RGB, LAND, LINE, OCEAN_AREA, TILE_RGB, VP_RGB,
                    WHITE)

LEFT, RIGHT = 2.0, BOARD_W - 2.0
#: VP spaces printed: 0 to at least this (rounded up to full rows of ten).
VP_MIN_TOP = 70
VP_COLS = 10
#: Space between the track panel and the map panel of the board (mm).
PANEL_GAP = 6.0
#: Height of the map page's foot: its legend, the award spaces and the milestones (mm).
LEGEND_H = 46.0
TITLE_STYLE = TextStyle(BOLD, 20, 10, align="left")
HEAD_STYLE = TextStyle(BOLD, 13, 7, align="left")
HINT_STYLE = TextStyle(ITALIC, 9.5, 6, align="right")
VALUE_STYLE = TextStyle(BOLD, 11, 6, align="center")
MINUS = "\u2212"


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def value_text(track: Track, value: int, loc: Localizer) -> str:
    """A track value as printed: a true minus sign, "+" on positive values of a track that
    starts below zero, the unit after it ("−32 °C", "+8 °C", "14%")."""
    sign = MINUS if value < 0 else ("+" if value > 0 and track.start < 0 else "")
    unit = track.unit
    sep = "\u00a0" if unit[:1].isalpha() or unit.startswith("\u00b0") else ""
    return f"{sign}{loc.number(abs(value))}{sep}{unit}"


def track_values(track: Track) -> list[int]:
    """Every value of a track, from its start by its step up to its maximum."""
    if track.step <= 0 or track.maximum < track.start:
        return [track.start]
    return list(range(track.start, track.maximum + 1, track.step))


def vp_top(thresholds: list[int]) -> int:
    """The last VP space: at least :data:`VP_MIN_TOP` and past every threshold, in full
    rows of ten (0..79 by default)."""
    top = max([VP_MIN_TOP, *(t + 1 for t in thresholds)])
    return (top // VP_COLS + 1) * VP_COLS - 1


class BoardPrinter:
    """Builds the track board and the map in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.palette = Palette(content)
        self.rows = RowPainter(self.palette, loc)
        self.title, self.title_src = named_title(content, loc, ("rules", "decks"))
        rules = content.of("rules")
        self.thresholds = list(rules[0].obj.vp_thresholds) if rules else []

    def _page(self, name: str, sid: str) -> Face:
        face = Face(name, BOARD_W, BOARD_H)
        face.paint(lambda c, ctx: (c.setFillColorRGB(*WHITE),
                                   c.rect(0, 0, ctx.w, ctx.h, stroke=0, fill=1)))
        face.text(self.title, Frame("title", LEFT, 241.0, 115.0, 12.0, TITLE_STYLE,
                                    max_lines=1), self.title_src, colour=INK)
        text, src = self.rows.string(sid)
        face.text(text, Frame("subtitle", 120.0, 241.0, RIGHT - 120.0, 12.0,
                              TextStyle(BOLD, 16, 8, align="right"), max_lines=1), src,
                  colour=KIND_RGB["project"])
        return face

    def board_face(self) -> Face:
        """The whole board (board mm): the track panel, and the map panel to its right."""
        parts = [self.tracks_face()] + ([self.map_face()] if self.content.of("board") else [])
        return side_by_side("board", parts, PANEL_GAP)

    # -- the track board -------------------------------------------------------------------
    def tracks_face(self) -> Face:
        """The track board (board mm)."""
        face = self._page("tracks", "board-tracks")
        y = 236.0
        for track in (rec.obj for rec in self.content.of("tracks")):
            y = self._track(face, track, y) - 4.0
        text, src = self.rows.string("track-bonus")
        face.text(text, Frame("track-bonus", LEFT, y - 2.0, RIGHT - LEFT, 6.0,
                              TextStyle(ITALIC, 9.5, 6), max_lines=1), src, colour=INK)
        self._vp_track(face, y - 10.0)
        return face

    def _header(self, face: Face, key: str, icon: tuple[str, str] | None, name: str,
                src: TextSource | None, hints: list[tuple[str, TextSource]], y: float) -> float:
        """A track's heading (its icon, name and hints, right-aligned) under ``y``; returns its
        bottom."""
        h = 9.0
        x = LEFT
        if icon is not None:
            self.rows.token(face, f"{key}-icon-{icon[1] or 'any'}-0", icon[0], icon[1],
                            Box(x, y - h + 0.5, h - 1.0, h - 1.0), WHITE)
            x += h + 0.5
        face.text(name, Frame(f"{key}-name", x, y - h, 80.0, h, HEAD_STYLE, max_lines=1), src,
                  colour=INK)
        room = RIGHT - x - 82.0
        right = RIGHT
        for k, (hint, hint_src) in enumerate(reversed(hints)):
            w = room if len(hints) == 1 else room * (0.58 if k == 0 else 0.42)
            face.text(hint, Frame(f"{key}-hint-{k}", right - w, y - h, w, h, HINT_STYLE,
                                  max_lines=1), hint_src, colour=INK)
            right -= w
        return y - h

    def _track(self, face: Face, track: Track, top: float) -> float:
        """One global track under ``top``; returns its bottom."""
        loc = self.loc
        name, src = self.rows.name("tracks", track.id)
        hints = [self.rows.string("vp-per-step", track.vp_per_step),
                 self.rows.string("vp-past-max", track.vp_past_maximum)]
        y = self._header(face, f"track-{track.id}", ("track", track.id), name, src, hints, top)
        values = track_values(track)
        bonuses = {b.at: b.effects for b in track.bonuses}
        w = min(24.0, (RIGHT - LEFT) / len(values))
        h = 22.0
        x0 = LEFT + (RIGHT - LEFT - w * len(values)) / 2
        base = tint(self._track_rgb(track.id), 0.82 if not self.ink else 1.0)
        for i, v in enumerate(values):
            cell = Box(x0 + i * w, y - h - 1.0, w, h)
            last = i == len(values) - 1
            fill = tint(base, 0.45) if i == 0 else base
            face.paint(lambda c, ctx, b=cell, f=fill, last=last: _cell(c, b, f, last))
            face.text(value_text(track, v, loc),
                      Frame(f"track-{track.id}-value-{i}", cell.x + 0.8, cell.top - 7.5,
                            cell.w - 1.6, 6.5, VALUE_STYLE, max_lines=1, background=fill),
                      None, colour=INK)
            if v in bonuses:
                area = Box(cell.x + 1.0, cell.y + 1.0, cell.w - 2.0, cell.h - 9.5)
                row = effects_tokens(bonuses[v])
                if icon_size(row, area) < 4.0:
                    row = effects_tokens(bonuses[v], 1)
                self.rows.lay(face, f"track-{track.id}-bonus-{v}", row, area, fill,
                              max_icon=9.0)
        return y - h - 1.0

    @staticmethod
    def _track_rgb(track_id: str) -> RGB:
        return {"oxygen": (0.17, 0.40, 0.68), "temperature": (0.78, 0.25, 0.15),
                "oceans": TILE_RGB["ocean"]}.get(track_id, (0.5, 0.5, 0.5))

    def _vp_track(self, face: Face, top: float) -> None:
        """The VP track, 0 up, in rows of ten, the thresholds marked."""
        name, src = self.rows.string("score")
        legend, legend_src = self.rows.string("bonus-card-mark")
        y = self._header(face, "vp", ("vp", ""), name, src, [(legend, legend_src)], top)
        last = vp_top(self.thresholds)
        rows = (last + 1) // VP_COLS
        bottom = 6.0
        h = min(12.0, (y - 1.0 - bottom) / rows)
        w = (RIGHT - LEFT) / VP_COLS
        marked = set(self.thresholds)
        for v in range(last + 1):
            r, col = divmod(v, VP_COLS)
            cell = Box(LEFT + col * w, y - 1.0 - (r + 1) * h, w, h)
            fill = tint(VP_RGB, 0.55) if v in marked else (WHITE if v % 5 else
                                                           tint(VP_RGB, 0.88))
            face.paint(lambda c, ctx, b=cell, f=fill: _cell(c, b, f, False))
            tw = cell.w * (0.55 if v in marked else 1.0)
            face.text(str(v), Frame(f"vp-value-{v}", cell.x + 0.8, cell.y + 0.5, tw - 1.6,
                                    cell.h - 1.0, TextStyle(BOLD, 11, 6, align="center"),
                                    max_lines=1, background=fill), None, colour=INK)
            if v in marked:
                s = min(cell.h - 2.0, cell.w * 0.4)
                mark = Box(cell.right - s - 1.5, cell.y + (cell.h - s) / 2, s, s)
                mm = MM_TO_PT
                face.shape(Shape(f"vp-mark-{v}", mark, pad=0.3),
                           lambda c, ctx, b=mark: icons.card(
                               c, (b.x + b.w / 2) * mm, (b.y + b.h / 2) * mm, b.w * mm,
                               KIND_RGB["bonus"]))

    # -- the map ---------------------------------------------------------------------------
    def map_face(self) -> Face:
        """The hex map of ``board.yaml`` with its legend (board mm)."""
        face = self._page("map", "board-map")
        boards = self.content.of("board")
        if not boards:
            return face
        board = boards[0].obj
        name, src = self.rows.name("board", board.id)
        face.text(name, Frame("board-name", LEFT, 231.0, RIGHT - LEFT, 8.0,
                              TextStyle(BOLD, 13, 7, align="left"), max_lines=1), src,
                  colour=INK)
        size, ox, oy, pts = map_geometry(board)
        for a, (px, py) in zip(board.areas, pts):
            cx, cy = ox + px * size, oy + py * size
            fill = OCEAN_AREA if a.ocean else (tint(LAND, 0.6) if self.ink else LAND)
            face.paint(lambda c, ctx, cx=cx, cy=cy, f=fill: _hex(c, cx, cy, size, f))
            if a.bonus:
                inner = Box(cx - size * 0.72, cy - size * 0.36, size * 1.44, size * 0.72)
                row = effects_tokens(a.bonus)
                if icon_size(row, inner) < 4.0:
                    row = effects_tokens(a.bonus, 1)
                self.rows.lay(face, f"area-{a.id}", row, inner, fill, max_icon=size * 0.7)
        legend = Box(LEFT, 6.0, RIGHT - LEFT, LEGEND_H - 4.0)
        half = legend.w * 0.5
        self._legend(face, Box(legend.x, legend.y, half - 3.0, legend.h))
        self._spaces(face, Box(legend.x + half + 3.0, legend.y, legend.w - half - 3.0,
                               legend.h))
        return face

    def _legend(self, face: Face, box: Box) -> None:
        h = box.h / 3
        items = (("ocean-area", OCEAN_AREA), ("land-area", LAND), ("area-bonus", None))
        for i, (sid, fill) in enumerate(items):
            y = box.top - (i + 1) * h
            s = h - 1.5
            if fill is not None:
                cx, cy = box.x + s / 2 + 1.0, y + h / 2
                mark = Box(cx - s / 2, cy - s / 2, s, s)
                face.shape(Shape(f"legend-{sid}", mark, pad=0.3),
                           lambda c, ctx, cx=cx, cy=cy, f=fill: _hex(c, cx, cy, s * 0.55, f))
            text, src = self.rows.string(sid)
            face.text(text, Frame(f"legend-{sid}-text", box.x + s + 4.0, y, box.w - s - 4.0,
                                  h, TextStyle(REGULAR, 10.5, 6, leading=1.05), max_lines=2),
                      src, colour=INK)

    def _spaces(self, face: Face, box: Box) -> None:
        """The award spaces (one dashed square per award die) and where the milestones go."""
        rules = self.content.of("rules")
        dice = rules[0].obj.award_dice if rules else 3
        milestones = rules[0].obj.milestones_in_play if rules else 3
        style = TextStyle(REGULAR, 10, 6.5, leading=1.05)
        text, src = self.rows.string("map-awards", dice)
        face.text(text, Frame("map-awards", box.x, box.top - 10.5, box.w, 10.5, style,
                              max_lines=2, valign="top"), src, colour=INK)
        s = 12.0
        for k in range(dice):
            sq = Box(box.x + k * (s + 3.0), box.top - 11.5 - s, s, s)
            face.shape(Shape(f"award-space-{k}", sq, pad=0.3),
                       lambda c, ctx, b=sq: _space(c, b, KIND_RGB["award"]))
        mm = MM_TO_PT
        m = 10.0
        mark = Box(box.x + 1.0, box.y + 1.0, m, m)
        face.shape(Shape("milestone-space", mark, pad=0.3),
                   lambda c, ctx: icons.timing(c, "triangle", (mark.x + m / 2) * mm,
                                               (mark.y + m / 2) * mm, m * mm,
                                               KIND_RGB["milestone"]))
        text, src = self.rows.string("map-milestones", milestones)
        top = box.top - 13.0 - s
        face.text(text, Frame("map-milestones", mark.right + 2.5, box.y, box.right - mark.right
                              - 2.5, top - box.y, style, max_lines=3), src, colour=INK)


def map_geometry(board: Any) -> tuple[float, float, float, list[tuple[float, float]]]:
    """Where the map's hexes go on the map page: the hex size (centre to corner, board mm),
    the origin and each area's centre in hex units. The tiles sheet cuts its tiles to it."""
    area = Box(LEFT, 6.0 + LEGEND_H, RIGHT - LEFT, 226.0 - 6.0 - LEGEND_H)
    pts = [_axial(a.q, a.r, 1.0) for a in board.areas] or [(0.0, 0.0)]
    minx = min(x for x, _ in pts) - math.sqrt(3) / 2
    maxx = max(x for x, _ in pts) + math.sqrt(3) / 2
    miny, maxy = min(y for _, y in pts) - 1.0, max(y for _, y in pts) + 1.0
    size = min(area.w / (maxx - minx), area.h / (maxy - miny))
    ox = area.x + (area.w - (maxx - minx) * size) / 2 - minx * size
    oy = area.y + (area.h - (maxy - miny) * size) / 2 - miny * size
    return size, ox, oy, pts


def _space(c: Any, box: Box, rgb: RGB) -> None:
    """A dashed square where a die goes."""
    mm = MM_TO_PT
    c.setFillColorRGB(*tint(rgb, 0.85))
    c.setStrokeColorRGB(*rgb)
    c.setLineWidth(0.5 * mm)
    c.setDash(2.0 * mm / 1.5, 1.2 * mm / 1.5)
    c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 1.5 * mm, stroke=1, fill=1)
    c.setDash()


def _axial(q: int, r: int, size: float) -> tuple[float, float]:
    """The centre of a pointy-top hex (axial ``q``, ``r``; ``r`` grows downwards)."""
    return size * math.sqrt(3) * (q + r / 2), -size * 1.5 * r


def _hex(c: Any, cx: float, cy: float, size: float, fill: RGB) -> None:
    mm = MM_TO_PT
    p = c.beginPath()
    for k in range(6):
        a = math.pi / 3 * k + math.pi / 6
        x, y = (cx + size * math.cos(a)) * mm, (cy + size * math.sin(a)) * mm
        p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
    p.close()
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*WHITE)
    c.setLineWidth(0.8 * mm)
    c.drawPath(p, stroke=1, fill=1)


def _cell(c: Any, box: Box, fill: RGB, strong: bool) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*(INK if strong else LINE))
    c.setLineWidth((0.9 if strong else 0.35) * mm)
    c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=1)


def print_boards(content: GameContent, loc: Localizer, *, ink_saver: bool = False
                 ) -> list[PrintBoard]:
    """The game's one board (id ``board``), as the boxed game has one: the track panel and,
    when ``board.yaml`` loaded, the map panel beside it — 386 x 255 mm at true scale, tiled over
    two A4 or Letter pages or whole on A3 (``ink_saver``: pale fills)."""
    printer = BoardPrinter(content, loc, ink_saver)
    panels = 2 if content.of("board") else 1
    size = (panels * BOARD_W + (panels - 1) * PANEL_GAP, BOARD_H)
    return [PrintBoard("board", printer.title, size, printer.board_face, strings=loc.string,
                       locale=loc.code)]
