"""Cartographers' map sheets A and B as printable boards (one A4 or Letter page each).

A sheet (190 x 255 mm, within the 10 mm margins of both papers) has, from the top: the side
letter and the map's name, the name and title fields; the 11×11 grid with the map's mountains,
ruins and wastelands (colour *and* glyph, so it reads in greyscale); the coin rule and the coin
track (``coin_track`` spaces from ``sheet.yaml``); a legend of every terrain; and the four
season score boxes — each with a field per edict letter, a coin field, a monster field and the
season's result — plus the total. Every text is laid out by ``face.text`` from the content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.board import PrintBoard
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource
from ....text.runs import TextStyle
from . import theme
from ..engine.board import TERRAIN_OF
from ..model import MapSide, Season
from .theme import INK, KIND_RGB, LEGEND, PAPER, SEASON_RGB, WHITE

SHEET_W, SHEET_H = 190.0, 255.0
SIZE = 11
CELL = 13.5
GRID = Box((SHEET_W - SIZE * CELL) / 2, 84.0, SIZE * CELL, SIZE * CELL)
#: Map legend characters (``maps.yaml``) and the terrain each is printed as.
PRINTED = {"M": "mountain", "R": "ruins", "#": "wasteland"}
COIN_ROW = Box(30.0, 64.0, SHEET_W - 34.0, 11.0)
SEASON_W, SEASON_GAP = 36.5, 2.0
SEASONS_Y, SEASONS_H = 4.0, 48.0
FIELD = 9.5  # side of a score field (mm)


def cell_box(row: int, col: int) -> Box:
    """The space ``(row, col)`` (row 0 at the top) of the grid, in sheet mm."""
    return Box(GRID.x + col * CELL, GRID.top - (row + 1) * CELL, CELL, CELL)


def coin_boxes(n: int) -> list[Box]:
    """The ``n`` spaces of the coin track, left to right (sheet mm, squares around each)."""
    pitch = min(11.0, COIN_ROW.w / n)
    d = pitch * 0.86
    x0 = COIN_ROW.x + (COIN_ROW.w - pitch * n) / 2 + (pitch - d) / 2
    y = COIN_ROW.y + (COIN_ROW.h - d) / 2
    return [Box(x0 + i * pitch, y, d, d) for i in range(n)]


def season_box(i: int) -> Box:
    """The score box of the ``i``-th season (0 = the first), in sheet mm."""
    return Box(4.0 + i * (SEASON_W + SEASON_GAP), SEASONS_Y, SEASON_W, SEASONS_H)


def season_fields(i: int) -> tuple[Box, Box, Box, Box, Box]:
    """The writing fields of the ``i``-th season's box: the first and second edict's stars,
    the coins, the monsters (a minus is printed in it) and the season's result."""
    box = season_box(i)
    half = box.w / 2
    rows = (box.top - 20.0, box.top - 31.5)
    edict = [Box(box.x + k * half + half - FIELD - 1.5, rows[0], FIELD, FIELD) for k in range(2)]
    lower = [Box(box.x + k * half + half - FIELD - 1.5, rows[1], FIELD, FIELD) for k in range(2)]
    result = Box(box.x + box.w - FIELD - 1.5 - 3.0, box.y + 2.5, FIELD + 3.0, FIELD + 1.0)
    return edict[0], edict[1], lower[0], lower[1], result



TOTAL_BOX = Box(4.0 + 4 * (SEASON_W + SEASON_GAP), SEASONS_Y,
                SHEET_W - 4.0 - (4.0 + 4 * (SEASON_W + SEASON_GAP)), SEASONS_H)
#: The writing field of the game's total.
TOTAL_FIELD = Box(TOTAL_BOX.x + 3.0, TOTAL_BOX.y + 4.0, TOTAL_BOX.w - 6.0, 18.0)


@dataclass(frozen=True, slots=True)
class FinishedSheet:
    """A sheet at the end of a game, to print filled in: whose it is, the map as 11 legend rows
    (``.`` empty, ``R`` empty ruins, ``F V P W X M #`` terrains), the ruins spaces (a covered
    one keeps its glyph), the coin track spaces filled, and each season's four numbers (first
    edict's stars, second edict's stars, coins, monster penalty as a positive count), or None for
    a season not scored."""

    label: str
    rows: tuple[str, ...]
    ruins: tuple[tuple[int, int], ...] = ()
    coins: int = 0
    seasons: tuple[tuple[int, int, int, int] | None, ...] = ()

    @property
    def total(self) -> int:
        """The stars of the scored seasons."""
        return sum(a + b + c - m for a, b, c, m in (s for s in self.seasons if s is not None))


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def _field(c: Any, box: Box) -> None:
    """An empty writing field."""
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4 * mm)
    c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=1)


class SheetPrinter:
    """Builds the map sheet faces in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.sheet = content.of("sheets")[0]

    @property
    def ground(self) -> RGB:
        """The sheet's paper colour."""
        return WHITE if self.ink else PAPER

    def face(self, m: MapSide, filled: FinishedSheet | None = None) -> Face:
        """The whole sheet of map side ``m`` (sheet mm); ``filled`` writes a finished game in:
        the drawings, the coins, the season scores and the total."""
        face = Face(f"sheet-{m.side.lower()}", SHEET_W, SHEET_H)
        ground = self.ground

        def background(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*ground)
            c.rect(0, 0, ctx.w, ctx.h, stroke=0, fill=1)
        face.paint(background)
        self._header(face, m)
        self._grid(face, m)
        self._coins(face)
        self._legend(face)
        seasons = sorted(self.content.of("seasons"), key=lambda r: r.obj.order)
        for i, rec in enumerate(seasons[:4]):
            self._season(face, i, rec.obj)
        self._total(face)
        if filled is not None:
            self._fill(face, filled)
        return face

    # -- a finished game ---------------------------------------------------------------------
    def _fill(self, face: Face, filled: FinishedSheet) -> None:
        """Write a finished game onto the sheet, in the ink a player would use."""
        mm = MM_TO_PT
        ruins = set(filled.ruins)

        def drawings(c: Any, ctx: Ctx) -> None:
            s, line = CELL * mm, 0.3 * mm
            for r, row in enumerate(filled.rows[:SIZE]):
                for col, ch in enumerate(row[:SIZE]):
                    terrain = TERRAIN_OF.get(ch)
                    if terrain is None or terrain in ("mountain", "wasteland"):
                        continue  # empty, or printed on the map already
                    b = cell_box(r, col)
                    theme.space(c, terrain, b.x * mm, b.y * mm, s, line)
                    if (r, col) in ruins:
                        theme.glyph(c, "ruins", (b.x + CELL * 0.8) * mm, (b.y + CELL * 0.8) * mm,
                                    s * 0.35, INK)
        face.paint(drawings)
        for b in coin_boxes(self.sheet.obj.coin_track)[:filled.coins]:
            face.paint(lambda c, ctx, b=b: theme.coin(c, (b.x + b.w / 2) * mm,
                                                      (b.y + b.h / 2) * mm, b.w * 0.8 * mm))
        style = TextStyle(BOLD, 14, 7, align="center")
        for i, numbers in enumerate(filled.seasons[:4]):
            if numbers is None:
                continue
            a, b, coins, monsters = numbers
            boxes = season_fields(i)
            for k, value in enumerate((a, b, coins, monsters, a + b + coins - monsters)):
                box = boxes[k]
                left = 4.5 if k == 3 else 0.0  # the monster field prints a minus at its left
                face.text(self.loc.number(value),
                          Frame(f"season-{i}-value-{k}", box.x + 0.6 + left, box.y + 0.8,
                                box.w - 1.2 - left, box.h - 1.6, style, max_lines=1,
                                background=WHITE), None, colour=INK)
        face.text(self.loc.number(filled.total),
                  Frame("total-value", TOTAL_FIELD.x + 1.0, TOTAL_FIELD.y + 2.0,
                        TOTAL_FIELD.w - 2.0, TOTAL_FIELD.h - 4.0, TextStyle(BOLD, 22, 9,
                                                                            align="center"),
                        max_lines=1, background=WHITE), None, colour=INK)
        top = SHEET_H - 2.0
        face.text(filled.label, Frame("player-name", 126.0, top - 8.5, SHEET_W - 131.0, 7.0,
                                      TextStyle(ITALIC, 11, 6), max_lines=1,
                                      background=self.ground), None, colour=INK)

    # -- parts -------------------------------------------------------------------------------
    def _badge(self, face: Face, name: str, box: Box, string_id: str, rgb: RGB,
               style: TextStyle) -> None:
        """A round badge holding a letter: the string ``string_id`` in the locale (content
        without the string prints the letter the id ends with)."""
        mm = MM_TO_PT
        cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h) / 2

        def paint(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*rgb)
            c.circle(cx * mm, cy * mm, r * mm, stroke=0, fill=1)
        face.shape(Shape(name, box, "circle"), paint)
        inner = r * 1.3
        face.text(self.loc.string(string_id, default=string_id.rsplit("-", 1)[-1].upper()),
                  Frame(f"{name}-text", cx - inner / 2, cy - inner / 2, inner, inner, style,
                        max_lines=1, background=rgb), _s(string_id), colour=theme.on(rgb))

    def _header(self, face: Face, m: MapSide) -> None:
        top = SHEET_H - 2.0
        self._badge(face, "side", Box(4.0, top - 17.0, 16.0, 16.0),
                    f"map-side-{m.side.lower()}", INK, TextStyle(BOLD, 26, 12, align="center"))
        face.text(self.loc.text("maps", m.id, "name"),
                  Frame("map-name", 23.0, top - 10.5, 72.0, 10.0, TextStyle(BOLD, 20, 10),
                        max_lines=1, background=self.ground),
                  TextSource("maps", m.id, "name"), colour=INK)
        face.text(self.loc.text("sheets", self.sheet.id, "name"),
                  Frame("sheet-name", 23.0, top - 17.0, 72.0, 6.0, TextStyle(ITALIC, 10, 6),
                        max_lines=1, background=self.ground),
                  TextSource("sheets", self.sheet.id, "name"), colour=INK)
        mm = MM_TO_PT
        for i, sid in enumerate(("sheet-name", "sheet-title")):
            y = top - 8.5 - i * 9.0
            face.text(self.loc.string(sid), Frame(f"field-{sid}", 98.0, y, 25.0, 7.5,
                                                  TextStyle(BOLD, 10, 6, align="right"),
                                                  max_lines=1,
                                                  background=self.ground), _s(sid), colour=INK)

            def line(c: Any, ctx: Ctx, y: float = y) -> None:
                c.setStrokeColorRGB(*INK)
                c.setLineWidth(0.35 * mm)
                c.line(125.0 * mm, (y + 0.8) * mm, (SHEET_W - 4.0) * mm, (y + 0.8) * mm)
            face.paint(line)

    def _grid(self, face: Face, m: MapSide) -> None:
        mm = MM_TO_PT

        def paint(c: Any, ctx: Ctx) -> None:
            s, line = CELL * mm, 0.3 * mm
            for r, row in enumerate(m.grid[:SIZE]):
                for col, ch in enumerate(row[:SIZE]):
                    b = cell_box(r, col)
                    x, y = b.x * mm, b.y * mm
                    terrain = PRINTED.get(ch)
                    if terrain is None or terrain == "ruins":
                        c.setFillColorRGB(*WHITE)
                        c.setStrokeColorRGB(*theme.GRID)
                        c.setLineWidth(line)
                        c.rect(x, y, s, s, stroke=1, fill=1)
                        if terrain == "ruins":
                            theme.glyph(c, "ruins", x + s / 2, y + s / 2, s, INK)
                    else:
                        theme.space(c, terrain, x, y, s, line)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.9 * mm)
            c.rect(GRID.x * mm, GRID.y * mm, GRID.w * mm, GRID.h * mm, stroke=1, fill=0)
        face.shape(Shape("grid", GRID), paint)

    def _coins(self, face: Face) -> None:
        mm = MM_TO_PT
        boxes = coin_boxes(self.sheet.obj.coin_track)
        face.text(self.loc.string("sheet-coins"),
                  Frame("coins-label", 4.0, COIN_ROW.y + 1.0, COIN_ROW.x - 5.0, COIN_ROW.h - 2.0,
                        TextStyle(BOLD, 11, 6), max_lines=2, background=self.ground),
                  _s("sheet-coins"), colour=INK)
        for i, b in enumerate(boxes):
            face.shape(Shape(f"coin-{i}", b, "circle"),
                       lambda c, ctx, b=b: theme.coin_space(c, (b.x + b.w / 2) * mm,
                                                            (b.y + b.h / 2) * mm, b.w * mm,
                                                            0.45 * mm))
        face.text(self.loc.string("sheet-coin-rule"),
                  Frame("coin-rule", 4.0, COIN_ROW.top + 1.5, SHEET_W - 8.0, 6.0,
                        TextStyle(ITALIC, 9, 6, align="center"), max_lines=1,
                        background=self.ground), _s("sheet-coin-rule"), colour=INK)

    def _legend(self, face: Face) -> None:
        mm = MM_TO_PT
        slot = (SHEET_W - 8.0) / len(LEGEND)
        y = 55.0
        for i, t in enumerate(LEGEND):
            x = 4.0 + i * slot
            sw = Box(x, y, 6.0, 6.0)
            if t == "ruins":
                def paint(c: Any, ctx: Ctx, sw: Box = sw) -> None:
                    c.setFillColorRGB(*WHITE)
                    c.setStrokeColorRGB(*theme.GRID)
                    c.setLineWidth(0.3 * mm)
                    c.rect(sw.x * mm, sw.y * mm, sw.w * mm, sw.h * mm, stroke=1, fill=1)
                    theme.glyph(c, "ruins", (sw.x + 3) * mm, (sw.y + 3) * mm, 6 * mm, INK)
            else:
                def paint(c: Any, ctx: Ctx, sw: Box = sw, t: str = t) -> None:
                    theme.space(c, t, sw.x * mm, sw.y * mm, sw.w * mm, 0.3 * mm)
            face.shape(Shape(f"legend-{t}", sw), paint)
            sid = f"terrain-{t}"
            face.text(self.loc.string(sid), Frame(f"legend-{t}-name", x + 7.0, y, slot - 7.5,
                                                  6.0, TextStyle(REGULAR, 8.5, 5.0),
                                                  max_lines=1, background=self.ground),
                      _s(sid), colour=INK)

    def _season(self, face: Face, i: int, season: Season) -> None:
        mm = MM_TO_PT
        box = season_box(i)
        rgb = SEASON_RGB.get(season.id, KIND_RGB["season"])

        def frame(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*WHITE)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.8 * mm)
            c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 2.0 * mm, stroke=1,
                        fill=1)
            c.setFillColorRGB(*rgb)
            c.roundRect(box.x * mm, (box.top - 8.0) * mm, box.w * mm, 8.0 * mm, 2.0 * mm,
                        stroke=0, fill=1)
            c.rect(box.x * mm, (box.top - 8.0) * mm, box.w * mm, 3.0 * mm, stroke=0, fill=1)
        face.paint(frame)
        face.text(self.loc.text("seasons", season.id, "name"),
                  Frame(f"season-{i}", box.x + 1.0, box.top - 7.5, box.w - 2.0, 7.0,
                        TextStyle(BOLD, 10, 6, align="center"), max_lines=1, background=rgb),
                  TextSource("seasons", season.id, "name"), colour=theme.on(rgb))
        half = box.w / 2
        rows = (box.top - 20.0, box.top - 31.5)
        fields = season_fields(i)
        for k, letter in enumerate(season.edicts):
            fx = box.x + k * half
            self._badge(face, f"season-{i}-edict-{k}", Box(fx + 1.2, rows[0] + 2.0, 5.5, 5.5),
                        f"edict-letter-{letter.lower()}", KIND_RGB["edict"],
                        TextStyle(BOLD, 9, 5, align="center"))
            fb = fields[k]
            face.shape(Shape(f"season-{i}-field-{k}", fb), lambda c, ctx, fb=fb: _field(c, fb))
        coin = Box(box.x + 1.2, rows[1] + 2.0, 5.5, 5.5)
        face.shape(Shape(f"season-{i}-coin", coin),
                   lambda c, ctx: theme.coin(c, (coin.x + 2.75) * mm, (coin.y + 2.75) * mm,
                                             5.5 * mm))
        monster = Box(box.x + half + 1.2, rows[1] + 2.0, 5.5, 5.5)

        face.shape(Shape(f"season-{i}-monster", monster),
                   lambda c, ctx: theme.space(c, "monster", monster.x * mm, monster.y * mm,
                                              5.5 * mm, 0.25 * mm))
        for k in range(2):
            fb = fields[2 + k]

            def field(c: Any, ctx: Ctx, fb: Box = fb, lost: bool = k == 1) -> None:
                _field(c, fb)
                if lost:  # monsters cost stars: the field reads "minus ..."
                    theme.minus(c, (fb.x + 2.0) * mm, (fb.y + fb.h / 2) * mm, 3.0 * mm)
            face.shape(Shape(f"season-{i}-field-{2 + k}", fb), field)
        result = fields[4]
        eq = Box(result.x - 12.0, result.y + 1.0, 9.0, 9.0)

        def equals(c: Any, ctx: Ctx) -> None:
            theme.equals(c, (eq.x + 2.5) * mm, (eq.y + 4.5) * mm, 5.0 * mm)
            theme.star(c, (eq.x + 7.0) * mm, (eq.y + 4.5) * mm, 4.5 * mm, rgb)
        face.shape(Shape(f"season-{i}-equals", eq), equals)
        face.shape(Shape(f"season-{i}-result", result), lambda c, ctx: _field(c, result))

    def _total(self, face: Face) -> None:
        mm = MM_TO_PT
        box = TOTAL_BOX

        def frame(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*WHITE)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.8 * mm)
            c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 2.0 * mm, stroke=1,
                        fill=1)
            theme.star(c, (box.x + box.w / 2) * mm, (box.top - 15.0) * mm, 8.0 * mm, INK)
        face.paint(frame)
        face.text(self.loc.string("sheet-total"),
                  Frame("total", box.x + 1.0, box.top - 9.0, box.w - 2.0, 7.5,
                        TextStyle(BOLD, 11, 6, align="center"), max_lines=1,
                        background=WHITE), _s("sheet-total"), colour=INK)
        face.shape(Shape("total-field", TOTAL_FIELD), lambda c, ctx: _field(c, TOTAL_FIELD))


def print_boards(content: GameContent, loc: Localizer, *, ink_saver: bool = False
                 ) -> list[PrintBoard]:
    """One printable sheet per map side of ``maps.yaml`` (ids ``sheet-a``, ``sheet-b``); none
    while ``sheet.yaml`` (the coin track) fails its schema, which ``cardkit check`` reports."""
    if not content.of("sheets"):
        return []
    printer = SheetPrinter(content, loc, ink_saver)
    boards = []
    for rec in sorted(content.of("maps"), key=lambda r: r.obj.side):
        m: MapSide = rec.obj
        boards.append(PrintBoard(f"sheet-{m.side.lower()}", loc.text("maps", m.id, "name"),
                                 (SHEET_W, SHEET_H), lambda m=m: printer.face(m),
                                 strings=loc.string, locale=loc.code))
    return boards
