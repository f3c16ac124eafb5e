"""Printable boards: one big face tiled over A4/Letter pages, or put on one large page.

A game hands a :class:`PrintBoard` (its size and a :data:`~cardkit.pdf.layout.FaceBuilder`).
:func:`plan_tiles` cuts the board into a grid of equal tiles that overlap their neighbours by
exactly ``overlap`` mm, in the paper orientation that needs fewer pages (one page when the board
fits the printable area). Every tile page draws the *same* face, clipped to the tile; alignment
marks sit in the middle of each overlap strip in board coordinates, so the two tiles that share a
strip show the same marks at the same place on the board. Each page is labelled "A1" (row letter,
column number, counted from the top left) with its row and column in the board's locale. Tile
labels are laid out by the same face mechanism as the board (fit-checked). Deterministic bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Any

from ..text.fonts import BOLD, REGULAR, register_fonts
from ..text.runs import TextStyle
from .deck import Strings, _english
from .fit import require_fit
from .geometry import MM_TO_PT, Box
from .layout import Face, FaceBuilder, Frame, TextSource

#: Paper margin on every side of a tile page (printers' unprintable edge and the tile labels).
MARGIN = 10.0
#: Width of the strip two neighbouring tiles share (mm).
OVERLAP = 10.0
#: Alignment mark radius (mm).
MARK_R = 2.5
GREY = (0.35, 0.35, 0.35)


@dataclass(frozen=True, slots=True)
class PrintBoard:
    """A board ready to print: ``face`` draws it at ``size_mm`` (width, height)."""

    id: str
    name: str
    size_mm: tuple[float, float]
    face: FaceBuilder
    #: Template strings in the board's locale (``board-row``, ``board-column``).
    strings: Strings = _english
    locale: str = "en"


@dataclass(frozen=True, slots=True)
class Tile:
    """One page of a tiled board: the part of the board it shows and where on the page."""

    row: int  # 0 = top row
    col: int  # 0 = left column
    box: Box  # the part of the board, board mm (origin lower left)
    page: Box  # where that part lands on the page, page mm

    @property
    def label(self) -> str:
        """``A1``: row letter (from the top), column number (from the left)."""
        return f"{_letters(self.row)}{self.col + 1}"


def _letters(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


@dataclass(frozen=True, slots=True)
class TilePlan:
    """How a board is cut: the paper (as used: portrait or landscape), the grid, the marks."""

    paper: tuple[float, float]
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]
    marks: tuple[tuple[float, float], ...] = field(default=())

    def marks_on(self, tile: Tile) -> list[tuple[float, float]]:
        """The alignment marks (board mm) a tile shows."""
        b = tile.box
        return [(x, y) for x, y in self.marks
                if b.x + MARK_R <= x <= b.right - MARK_R and b.y + MARK_R <= y <= b.top - MARK_R]


def _split(length: float, room: float, overlap: float) -> tuple[int, float]:
    """Tiles along one side and the tile length, so that consecutive tiles overlap exactly."""
    if length <= room + 1e-9:
        return 1, length
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    return n, (length + (n - 1) * overlap) / n


def _grid(size: tuple[float, float], paper: tuple[float, float], overlap: float,
          margin: float) -> tuple[int, float, int, float]:
    room_w, room_h = paper[0] - 2 * margin, paper[1] - 2 * margin
    if room_w <= overlap or room_h <= overlap:
        raise ValueError(f"paper {paper[0]:g} x {paper[1]:g} mm is too small to tile a board")
    cols, tw = _split(size[0], room_w, overlap)
    rows, th = _split(size[1], room_h, overlap)
    return cols, tw, rows, th


def plan_tiles(size: tuple[float, float], paper: tuple[float, float], *,
               overlap: float = OVERLAP, margin: float = MARGIN) -> TilePlan:
    """Cut a board of ``size`` (mm) over ``paper`` (either orientation, fewer pages wins)."""
    h = size[1]
    options = []
    for pw, ph in ((min(paper), max(paper)), (max(paper), min(paper))):
        cols, tw, rows, th = _grid(size, (pw, ph), overlap, margin)
        options.append((rows * cols, (pw, ph), cols, tw, rows, th))
    _, (pw, ph), cols, tw, rows, th = min(options, key=lambda o: o[0])
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x = c * (tw - overlap) if cols > 1 else 0.0
            top = h - r * (th - overlap) if rows > 1 else h
            box = Box(x, top - th, tw, th)
            tiles.append(Tile(r, c, box, Box((pw - tw) / 2, (ph - th) / 2, tw, th)))
    marks: list[tuple[float, float]] = []
    # vertical seams: marks in the middle of the shared strip, twice per tile row
    for c in range(1, cols):
        x = c * (tw - overlap) + overlap / 2
        for r in range(rows):
            top = h - r * (th - overlap)
            marks += [(x, top - th * 0.3), (x, top - th * 0.7)]
    for r in range(1, rows):
        y = h - r * (th - overlap) - overlap / 2
        for c in range(cols):
            x0 = c * (tw - overlap)
            marks += [(x0 + tw * 0.3, y), (x0 + tw * 0.7, y)]
    return TilePlan((pw, ph), rows, cols, overlap if rows * cols > 1 else 0.0, tuple(tiles),
                    tuple(marks))


def tile_page(board: PrintBoard, plan: TilePlan, tile: Tile) -> Face:
    """The labels around a tile (page mm): "A1 · Row 1 · Column 1", the board's name."""
    pw, ph = plan.paper
    face = Face(f"{board.id}-{tile.label}", pw, ph)
    if len(plan.tiles) == 1:
        return face
    t = board.strings
    style = TextStyle(BOLD, 9, 6)
    y, h = ph - MARGIN + 0.5, 5.0  # inside the margin, clear of a 4 mm unprintable edge
    face.text(tile.label, Frame("tile-label", MARGIN, y, 16, h, TextStyle(BOLD, 12, 8),
                                max_lines=1), None, colour=(0.0, 0.0, 0.0))
    face.text(f"{t('board-row')} {tile.row + 1}",
              Frame("tile-row", MARGIN + 17, y, 40, h, style, max_lines=1), _src("board-row"),
              colour=GREY)
    face.text(f"{t('board-column')} {tile.col + 1}",
              Frame("tile-column", MARGIN + 58, y, 40, h, style, max_lines=1),
              _src("board-column"), colour=GREY)
    face.text(board.name, Frame("tile-board", pw - MARGIN - 80, y, 80, h,
                                TextStyle(REGULAR, 9, 6, align="right"), max_lines=1),
              None, colour=GREY)
    return face


def _src(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def faces(board: PrintBoard, paper: tuple[float, float]) -> list[tuple[str, Face]]:
    """Every face a board prints on ``paper``: the board, and each tile page's labels."""
    plan = plan_tiles(board.size_mm, paper)
    out = [(f"{board.name} (board)", board.face())]
    out += [(f"{board.name} tile {t.label}", tile_page(board, plan, t)) for t in plan.tiles]
    return out


@dataclass(frozen=True, slots=True)
class BoardResult:
    """A printed board."""

    pages: int
    data: bytes
    plan: TilePlan


def render_board(board: PrintBoard, paper: tuple[float, float], *, creator: str = "cardkit"
                 ) -> BoardResult:
    """Draw the board's tiles into PDF bytes (nothing drawn when a text does not fit)."""
    from reportlab.pdfgen.canvas import Canvas

    plan = plan_tiles(board.size_mm, paper)
    face = board.face()
    pages = [(t, tile_page(board, plan, t)) for t in plan.tiles]
    require_fit([(f"{board.name} (board)", face)] +
                [(f"{board.name} tile {t.label}", p) for t, p in pages])
    register_fonts()
    pt = MM_TO_PT
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=8, pagesize=(plan.paper[0] * pt, plan.paper[1] * pt))
    canvas.setTitle(board.name)
    canvas.setAuthor("cardkit")
    canvas.setCreator(creator)
    canvas.setSubject(f"{board.name} ({board.locale})")
    canvas.setViewerPreference("PrintScaling", "None")
    bw, bh = board.size_mm
    for tile, page in pages:
        b, p = tile.box, tile.page
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(p.x * pt, p.y * pt, p.w * pt, p.h * pt)
        canvas.clipPath(clip, stroke=0, fill=0)
        face.draw(canvas, Box((p.x - b.x) * pt, (p.y - b.y) * pt, bw * pt, bh * pt))
        for mx, my in plan.marks_on(tile):
            _mark(canvas, (p.x + mx - b.x) * pt, (p.y + my - b.y) * pt)
        canvas.restoreState()
        if len(plan.tiles) > 1:
            _edges(canvas, plan, tile)
        page.draw(canvas, Box(0, 0, plan.paper[0] * pt, plan.paper[1] * pt))
        canvas.showPage()
    canvas.save()
    return BoardResult(len(pages), buffer.getvalue(), plan)


def _mark(canvas: Any, x: float, y: float) -> None:
    """An alignment mark: a ring and a cross, black on a white halo."""
    r = MARK_R * MM_TO_PT
    for colour, width in (((1, 1, 1), 1.6), ((0, 0, 0), 0.5)):
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(width)
        canvas.circle(x, y, r * 0.6, stroke=1, fill=0)
        canvas.line(x - r, y, x + r, y)
        canvas.line(x, y - r, x, y + r)


def _edges(canvas: Any, plan: TilePlan, tile: Tile) -> None:
    """The tile's outline (cut line) and, dashed, where each neighbour's edge will lie."""
    pt, p, o = MM_TO_PT, tile.page, plan.overlap
    canvas.saveState()
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.4)
    canvas.rect(p.x * pt, p.y * pt, p.w * pt, p.h * pt, stroke=1, fill=0)
    canvas.setDash(3, 2)
    if tile.col > 0:
        canvas.line((p.x + o) * pt, p.y * pt, (p.x + o) * pt, p.top * pt)
    if tile.col < plan.cols - 1:
        canvas.line((p.right - o) * pt, p.y * pt, (p.right - o) * pt, p.top * pt)
    if tile.row > 0:
        canvas.line(p.x * pt, (p.top - o) * pt, p.right * pt, (p.top - o) * pt)
    if tile.row < plan.rows - 1:
        canvas.line(p.x * pt, (p.y + o) * pt, p.right * pt, (p.y + o) * pt)
    canvas.restoreState()
