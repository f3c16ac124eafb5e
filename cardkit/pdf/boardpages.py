"""The pages around a printed board: the check page, each tile page's labels and check bar.

* The **check page** (first page of a board's PDF, unless ``calibration`` is off): the board's
  name, how many pages it is printed on, a 100 mm check square,
  what to do if it does not measure 100 mm, and — for a tiled board — how to assemble it with a
  map of its tiles ("A1", "A2"... where each page goes).
* Every **tile page** carries, in one band at its bottom, the tile's label ("A1 · Row 1 ·
  Column 1", when the board has several tiles) and a 100 mm check bar, so any printed page can
  be measured (on a paper too narrow for both, as A5 portrait, the bar is left to the check
  page's square).

Everything stays inside the printable area: the bands lie within the page margin given to
:func:`cardkit.pdf.board.plan_tiles`. Every string comes from the board's locale
(``board-*`` ids of the game's ``strings.yaml``; the English below is the default for a game
that lacks one, and ``test_board_strings_match_the_content`` keeps both the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..text.fonts import BOLD, REGULAR
from ..text.runs import TextStyle
from .geometry import MM_TO_PT, Box
from .layout import Ctx, Face, Frame, TextSource
from .pages import stack

if TYPE_CHECKING:
    from .board import PrintBoard, Tile, TilePlan

#: Height of a tile page's band (at its bottom: the tile's label and the check bar) (mm).
BAND = 6.5
#: Air between the printable margin and the lines drawn along it (a stroke's half width) (mm).
INSET = 0.5
#: The check square's and the check bar's length (mm).
CHECK = 100.0
GREY = (0.35, 0.35, 0.35)
INK = (0.0, 0.0, 0.0)
#: English of the board strings, the default where a game's content lacks one.
ENGLISH: dict[str, str] = {
    "board-row": "Row",
    "board-column": "Column",
    "board-check-bar": "100 mm at actual size",
    "board-check-square": "This square measures 100 mm x 100 mm when printed at actual size. "
                          "If it does not, print again at 100 % (no \u201cfit to page\u201d).",
    "board-pages": "Pages at actual size:",
    "board-assemble": "Trim each page on its solid line where it meets a neighbour, place it on "
                      "the neighbour's dashed line with the round marks together, and glue. The "
                      "diagram shows where each page goes.",
}


def _src(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def word(board: PrintBoard, string_id: str) -> str:
    """A board string in the board's locale (the English default where the content lacks it)."""
    english = ENGLISH[string_id]
    text = board.strings(string_id, default=english)
    if not isinstance(text, str) or not text or text == string_id:
        text = english
    return text


def _outline(x: float, y: float, w: float, h: float, width: float = 0.5) -> Any:
    def paint(canvas: Any, ctx: Ctx) -> None:
        mm = MM_TO_PT
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(width)
        canvas.rect(x * mm, y * mm, w * mm, h * mm, stroke=1, fill=0)
    return paint


#: Width of a tile page's label ("A1", row and column) at the left of its band (mm).
LABEL_W = 60.0
#: The least room for the check bar's caption (mm).
CAPTION_W = 25.0


def bar_x(plan: TilePlan) -> float | None:
    """Where a tile page's 100 mm check bar starts (page mm; its band is the page's bottom
    band), or None when the band has no room for it beside the tile label (narrow paper such as
    A5 portrait: the check page's square is there)."""
    m = plan.margin + INSET
    x = m + (LABEL_W + 2 if len(plan.tiles) > 1 else 0.0)
    return x if x + CHECK + 3 + CAPTION_W <= plan.paper[0] - m else None


def tile_page(board: PrintBoard, plan: TilePlan, tile: Tile) -> Face:
    """A tile page's own marks in one band at its bottom, inside the printable margin: the
    tile's label ("A1 · Row 1 · Column 1", several tiles only) and a 100 mm check bar with its
    caption (where the paper is wide enough)."""
    pw, ph = plan.paper
    m = plan.margin + INSET
    face = Face(f"{board.id}-{tile.label}", pw, ph)
    x = bar_x(plan)
    if x is not None:
        mid = m + BAND / 2

        def paint(canvas: Any, ctx: Ctx) -> None:
            mm = MM_TO_PT
            canvas.setStrokeColorRGB(*INK)
            canvas.setLineWidth(0.4)
            canvas.line(x * mm, mid * mm, (x + CHECK) * mm, mid * mm)
            for end in (x, x + CHECK):
                canvas.line(end * mm, (mid - 1.8) * mm, end * mm, (mid + 1.8) * mm)
        face.paint(paint)
        face.text(word(board, "board-check-bar"),
                  Frame("check-bar", x + CHECK + 3, m, pw - m - x - CHECK - 3, BAND,
                        TextStyle(REGULAR, 7, 4.5), max_lines=2), _src("board-check-bar"),
                  colour=GREY)
    if len(plan.tiles) == 1:
        return face
    face.text(tile.label, Frame("tile-label", m, m, 14, BAND, TextStyle(BOLD, 12, 7),
                                max_lines=1), None, colour=INK)
    place = (f"{word(board, 'board-row')} {tile.row + 1} \u00b7 "
             f"{word(board, 'board-column')} {tile.col + 1}")
    face.text(place, Frame("tile-place", m + 15, m, LABEL_W - 15, BAND,
                           TextStyle(REGULAR, 9, 5), max_lines=2), _src("board-row"),
              colour=GREY)
    return face


def check_page(board: PrintBoard, plan: TilePlan) -> Face:
    """The first page: the board's name and page count, the 100 mm check square with its
    caption, and (several tiles) the assembly text and a map of the tiles."""
    pw, ph = plan.paper
    m = plan.margin + INSET
    face = Face(f"{board.id}-check", pw, ph)
    w = pw - 2 * m
    top = ph - m
    face.text(board.name, Frame("check-title", m, top - 10, w, 10, TextStyle(BOLD, 16, 9),
                                max_lines=1), None, colour=INK)
    n = len(plan.tiles)
    face.text(f"{word(board, 'board-pages')} {n}", Frame("check-pages", m, top - 17, w, 6,
                                                  TextStyle(REGULAR, 10, 6), max_lines=1),
              _src("board-pages"), colour=GREY)
    sq_y = top - 20 - CHECK
    face.paint(_outline(m, sq_y, CHECK, CHECK, 0.6))
    text_style = TextStyle(REGULAR, 10, 6.5)
    items = [(word(board, "board-check-square"), _src("board-check-square"))]
    if n > 1:
        items.append((word(board, "board-assemble"), _src("board-assemble")))
    beside = w - CHECK - 6
    if beside >= 60:  # the texts beside the square
        stack(face, items, Frame("check-text", m + CHECK + 6, sq_y, beside, CHECK, text_style,
                                 valign="top"))
        below = sq_y - 6
    else:  # a narrow paper: under it
        stack(face, items, Frame("check-text", m, sq_y - 48, w, 44, text_style, valign="top"))
        below = sq_y - 54
    if n > 1:
        _tile_map(face, plan, Box(m, m, w, below - m))
    return face


def _tile_map(face: Face, plan: TilePlan, room: Box) -> None:
    """The board's outline with every tile's place and label, scaled into ``room``."""
    if room.h < 20:
        return
    bw = max(t.box.right for t in plan.tiles)
    bh = max(t.box.top for t in plan.tiles)
    k = min(room.w / bw, room.h / bh)
    x0 = room.x + (room.w - bw * k) / 2
    y0 = room.y + (room.h - bh * k) / 2
    face.paint(_outline(x0, y0, bw * k, bh * k, 1.0))
    for t in plan.tiles:
        b = Box(x0 + t.box.x * k, y0 + t.box.y * k, t.box.w * k, t.box.h * k)
        face.paint(_outline(b.x, b.y, b.w, b.h, 0.4))
        face.text(t.label, Frame(f"map-{t.label}", b.x + b.w * 0.2, b.y + b.h * 0.3,
                                 b.w * 0.6, b.h * 0.4, TextStyle(BOLD, 18, 5, align="center"),
                                 max_lines=1), None, colour=GREY)
