"""Terra Futura's printable score sheet: one A4 or Letter page with a column per player.

The sheet (190 x 255 mm, within the 10 mm margins of both papers) has the game's name and
"Score sheet" at the top, then a table: a row for the players' names, one for the raw materials,
one per product (its token and name from ``resources.yaml``), the scoring method (sets × points,
two small fields and the result), the polluted cards (their penalty from ``rules.yaml``) and the
total; each row's label says what a unit is worth ("× 5 each") when the content says it. A
reminder of what counts closes the page. Every text is laid out by ``face.text`` from the
content (strings, resource names), so the sheet prints in every locale.
"""

from __future__ import annotations

from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.board import PrintBoard
from ....text.fonts import BOLD, ITALIC
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Ctx, Face, Frame, Shape, TextSource
from ....text.runs import TextStyle
from . import icons
from .icons import Palette
from ....pdf.layout import tint
from .theme import INK, KIND_RGB, LINE, PLAYERS, SHEET_H, SHEET_W, WHITE

LEFT, RIGHT = 4.0, SHEET_W - 4.0
LABEL_W = 60.0
TABLE_TOP = 228.0
ROW_H = 24.0
COL_W = (RIGHT - LEFT - LABEL_W) / PLAYERS
LABEL_STYLE = TextStyle(BOLD, 12.0, 6.0, align="left")
HINT_STYLE = TextStyle(ITALIC, 9.5, 5.5, align="left")
ICON = 7.0  # mm


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def row_box(i: int) -> Box:
    """Row ``i`` of the table (0 = the players' names), the whole width."""
    return Box(LEFT, TABLE_TOP - (i + 1) * ROW_H, RIGHT - LEFT, ROW_H)


def cell_box(i: int, player: int) -> Box:
    """The field of ``player`` (0-based) in row ``i``."""
    r = row_box(i)
    return Box(LEFT + LABEL_W + player * COL_W + 1.0, r.y + 1.5, COL_W - 2.0, ROW_H - 3.0)


def _field(c: Any, box: Box) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4 * mm)
    c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=1)


def _times(c: Any, cx: float, cy: float, s: float) -> None:
    """A multiplication cross (between the sets and the points fields)."""
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(s * 0.12)
    h = s * 0.3
    c.line(cx - h, cy - h, cx + h, cy + h)
    c.line(cx - h, cy + h, cx + h, cy - h)


class SheetPrinter:
    """Builds the score sheet face in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.palette = Palette(content)
        self.resources = {rec.id: rec.obj for rec in content.of("resources")}
        rules = content.of("rules")
        self.rules = rules[0] if rules else None

    def face(self) -> Face:
        """The whole sheet (sheet mm)."""
        face = Face("score-sheet", SHEET_W, SHEET_H)
        face.paint(lambda c, ctx: (c.setFillColorRGB(*WHITE),
                                   c.rect(0, 0, ctx.w, ctx.h, stroke=0, fill=1)))
        self._header(face)
        rows = self.rows()
        for i, (sid, source, label, icon_ids, points) in enumerate(rows):
            self._row(face, i, sid, source, label, icon_ids, points)
        bottom = row_box(len(rows) - 1).y
        face.text(self.loc.string("sheet-rule"),
                  Frame("rule", LEFT, bottom - 16.0, RIGHT - LEFT, 12.0,
                        TextStyle(ITALIC, 10.0, 6.0, align="left"), max_lines=3),
                  _s("sheet-rule"), colour=INK)
        return face

    def rows(self) -> list[tuple[str, TextSource | None, str, list[str], float | None]]:
        """The table's rows: ``(name, label source, label, icon ids, points per unit)``."""
        loc, res = self.loc, self.resources
        out: list[tuple[str, TextSource | None, str, list[str], float | None]] = [
            ("player", _s("sheet-player"), loc.string("sheet-player"), [], None)]
        raw_points = {res[r].points for r in self.palette.raw}
        out.append(("raw", _s("sheet-raw"), loc.string("sheet-raw"), list(self.palette.raw),
                    raw_points.pop() if len(raw_points) == 1 else None))
        for pid in self.palette.products:
            out.append((f"product-{pid}", TextSource("resources", pid, "name"),
                        loc.text("resources", pid, "name"), [pid], res[pid].points))
        out.append(("sets", _s("sheet-sets"), loc.string("sheet-sets"), [], None))
        penalty = self.rules.obj.polluted_card_penalty if self.rules is not None else None
        out.append(("polluted", _s("sheet-polluted"), loc.string("sheet-polluted"),
                    [self.palette.pollution_id], -penalty if penalty else None))
        out.append(("total", _s("sheet-total"), loc.string("sheet-total"), [], None))
        return out

    def _header(self, face: Face) -> None:
        title = self.loc.text("rules", self.rules.id, "name") if self.rules else \
            self.content.game.title
        src = TextSource("rules", self.rules.id, "name") if self.rules else None
        face.text(title, Frame("title", LEFT, 238.0, 100.0, 13.0, TextStyle(BOLD, 24, 12),
                               max_lines=1), src, colour=INK)
        face.text(self.loc.string("sheet-title"),
                  Frame("sheet-title", 106.0, 238.0, RIGHT - 106.0, 13.0,
                        TextStyle(BOLD, 18, 9, align="right"), max_lines=1),
                  _s("sheet-title"), colour=KIND_RGB["I"])

    def _row(self, face: Face, i: int, name: str, source: TextSource | None, label: str,
             icon_ids: list[str], points: float | None) -> None:
        mm = MM_TO_PT
        box = row_box(i)
        shaded = tint(KIND_RGB["I"], 0.85) if i % 2 and not self.ink else WHITE
        total = name == "total"

        def band(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*shaded)
            c.setStrokeColorRGB(*LINE)
            c.setLineWidth((0.8 if total else 0.3) * mm)
            c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=1)
        face.paint(band)
        x = box.x + 2.0
        for k, rid in enumerate(icon_ids):
            ib = Box(x, box.top - 2.0 - ICON, ICON, ICON)
            icon = self.palette.icon(rid)
            face.shape(Shape(f"{name}-icon-{k}", ib, pad=0.5),
                       lambda c, ctx, b=ib, icon=icon:
                       icons.draw_icon(c, icon, (b.x + b.w / 2) * mm, (b.y + b.h / 2) * mm,
                                       b.w * mm))
            x += ICON + 0.8
        style = TextStyle(BOLD, 14.0, 7.0) if total else LABEL_STYLE
        face.text(label, Frame(f"row-{name}", box.x + 2.0, box.top - 11.0, LABEL_W - 4.0, 9.5,
                               style, max_lines=2, background=shaded), source, colour=INK)
        if points is not None:
            face.text(self.loc.string("sheet-points", points),
                      Frame(f"row-{name}-points", box.x + 2.0, box.y + 1.5, LABEL_W - 4.0, 7.0,
                            HINT_STYLE, max_lines=1, background=shaded),
                      _s("sheet-points"), colour=INK)
        for p in range(PLAYERS):
            cell = cell_box(i, p)
            if name == "sets":
                self._sets_cell(face, p, cell)
            else:
                face.shape(Shape(f"{name}-field-{p}", cell), lambda c, ctx, b=cell: _field(c, b))

    def _sets_cell(self, face: Face, p: int, cell: Box) -> None:
        """Sets × points: two small fields over the row's result."""
        mm = MM_TO_PT
        small = (cell.w - 4.0) / 2
        top = Box(cell.x, cell.top - 8.0, cell.w, 8.0)
        sets = Box(top.x, top.y, small, top.h)
        pts = Box(top.right - small, top.y, small, top.h)
        result = Box(cell.x, cell.y, cell.w, cell.h - 9.0)
        for k, b in enumerate((sets, pts, result)):
            face.shape(Shape(f"sets-field-{p}-{k}", b), lambda c, ctx, b=b: _field(c, b))
        cx, cy = (sets.right + 2.0) * mm, (top.y + top.h / 2) * mm
        face.paint(lambda c, ctx: _times(c, cx, cy, 3.0 * mm))


def print_boards(content: GameContent, loc: Localizer, *, ink_saver: bool = False
                 ) -> list[PrintBoard]:
    """The score sheet (id ``score-sheet``), one page of A4 or Letter (``ink_saver``: no
    shaded rows)."""
    printer = SheetPrinter(content, loc, ink_saver)
    return [PrintBoard("score-sheet", loc.string("sheet-title"), (SHEET_W, SHEET_H),
                       printer.face, strings=loc.string, locale=loc.code)]
