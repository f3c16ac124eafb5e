"""Printable boards at true scale on any paper: one page when the board fits, else tiles.

A game hands a :class:`PrintBoard` (its size and a :data:`~cardkit.pdf.layout.FaceBuilder`).
:func:`plan_tiles` cuts the board into a grid of equal tiles that overlap their neighbours by
exactly ``overlap`` mm, in the paper orientation that needs fewer pages (one page when the board
fits the printable area). Everything printed stays inside the printable area: ``margin`` mm
from every page edge (the edge most home printers cannot print), with a band at the bottom for
the tile's label and a 100 mm check bar (:mod:`.boardpages`). Every tile page draws the *same* face,
clipped to the tile, and only the words and icons that show on the tile (no invisible glyph
beyond the page). Alignment marks sit in the middle of each overlap strip in board coordinates,
so the two tiles that share a strip show the same marks at the same place on the board. A
check page (the 100 mm square, the assembly text and a map of the tiles) comes first. The
labels are laid out by the same face mechanism as the board (fit-checked). Deterministic bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Any

from ..text.fonts import REGULAR, register_fonts
from .boardpages import BAND, INSET, check_page, tile_page
from .deck import Strings, _english
from .fit import require_fit
from .geometry import MM_TO_PT, Box
from .layout import Ctx, Face, FaceBuilder, Placed, Shape

#: The printable area's margin on every side of a page (mm): nothing is printed nearer the edge.
MARGIN = 5.0
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
    margin: float = MARGIN

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
    room_w, room_h = paper[0] - 2 * (margin + INSET), paper[1] - 2 * (margin + INSET) - BAND
    if room_w <= overlap or room_h <= overlap:
        raise ValueError(f"paper {paper[0]:g} x {paper[1]:g} mm is too small to tile a board")
    cols, tw = _split(size[0], room_w, overlap)
    rows, th = _split(size[1], room_h, overlap)
    return cols, tw, rows, th


def plan_tiles(size: tuple[float, float], paper: tuple[float, float], *,
               overlap: float = OVERLAP, margin: float = MARGIN) -> TilePlan:
    """Cut a board of ``size`` (mm) over ``paper`` (either orientation, fewer pages wins; on a
    tie, portrait). Tiles lie inside ``margin`` and clear of the label band."""
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
            y = margin + INSET + BAND + (ph - 2 * (margin + INSET) - BAND - th) / 2
            tiles.append(Tile(r, c, box, Box((pw - tw) / 2, y, tw, th)))
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
                    tuple(marks), margin)


def faces(board: PrintBoard, paper: tuple[float, float], *, margin: float = MARGIN,
          check: bool = True) -> list[tuple[str, Face]]:
    """Every face a board prints on ``paper``: the board, the check page (``check``) and each
    tile page's labels."""
    plan = plan_tiles(board.size_mm, paper, margin=margin)
    out = [(f"{board.name} (board)", board.face())]
    if check:
        out.append((f"{board.name} check page", check_page(board, plan)))
    out += [(f"{board.name} tile {t.label}", tile_page(board, plan, t)) for t in plan.tiles]
    return out


@dataclass(frozen=True, slots=True)
class BoardResult:
    """A printed board."""

    pages: int
    data: bytes
    plan: TilePlan


#: ViewerPreferences /PrintScaling is PDF 1.6: the header says so (as the decks' PDFs do).
PDF_VERSION = (1, 7)


def render_board(board: PrintBoard, paper: tuple[float, float], *, margin: float = MARGIN,
                 check: bool = True, creator: str = "cardkit") -> BoardResult:
    """Draw the board into PDF bytes: the check page (``check``), then its tiles at true scale
    (nothing drawn when a text does not fit)."""
    from reportlab.pdfgen.canvas import Canvas

    plan = plan_tiles(board.size_mm, paper, margin=margin)
    named = faces(board, paper, margin=margin, check=check)
    require_fit(named)
    face = named[0][1]
    first = [named[1][1]] if check else []
    pages = list(zip(plan.tiles, [f for _, f in named[1 + len(first):]], strict=True))
    register_fonts()
    pt = MM_TO_PT
    full = Box(0, 0, plan.paper[0] * pt, plan.paper[1] * pt)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=8, pagesize=(full.w, full.h), pdfVersion=PDF_VERSION)
    canvas.setTitle(board.name)
    canvas.setAuthor("cardkit")
    canvas.setCreator(creator)
    canvas.setSubject(f"{board.name} ({board.locale})")
    canvas.setViewerPreference("PrintScaling", "None")
    for page in first:
        page.draw(canvas, full)
        canvas.showPage()
    bw, bh = board.size_mm
    for tile, page in pages:
        b, p = tile.box, tile.page
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(p.x * pt, p.y * pt, p.w * pt, p.h * pt)
        canvas.clipPath(clip, stroke=0, fill=0)
        face.draw(canvas, Box((p.x - b.x) * pt, (p.y - b.y) * pt, bw * pt, bh * pt),
                  visible=b)
        for mx, my in plan.marks_on(tile):
            _mark(canvas, (p.x + mx - b.x) * pt, (p.y + my - b.y) * pt)
        canvas.restoreState()
        if len(plan.tiles) > 1:
            _edges(canvas, plan, tile)
        page.draw(canvas, full)
        canvas.showPage()
    canvas.save()
    return BoardResult(len(first) + len(pages), buffer.getvalue(), plan)


def side_by_side(name: str, parts: list[Face], gap: float) -> Face:
    """One face of several faces placed left to right, ``gap`` mm apart, tops aligned: a board
    made of panels (each drawn and fitted exactly as on its own)."""
    w = sum(f.w for f in parts) + gap * (len(parts) - 1)
    h = max(f.h for f in parts)
    out = Face(name, w, h)
    dx = 0.0
    for part in parts:
        dy = h - part.h
        for kind, payload in part.items:
            if kind == "paint":
                out.paint(_moved(payload, part, dx, dy))
            elif kind == "shape":
                shape, painter = payload
                out.shape(Shape(shape.name, shape.box.moved(dx, dy), shape.kind, shape.pad),
                          _moved(painter, part, dx, dy))
            else:
                p: Placed = payload
                f = p.frame
                out.text(p.text, f.at(x=f.x + dx, y=f.y + dy), p.source, colour=p.colour,
                         icons=p.icons, draw_icon=p.draw_icon)
        dx += part.w + gap
    return out


def _moved(painter: Any, part: Face, dx: float, dy: float) -> Any:
    """A paint step of ``part`` drawn shifted by ``(dx, dy)`` mm, with ``part``'s own context."""
    def paint(canvas: Any, ctx: Ctx) -> None:
        canvas.translate(dx * MM_TO_PT, dy * MM_TO_PT)
        painter(canvas, Ctx(part.w * MM_TO_PT, part.h * MM_TO_PT, ctx.bleed))
    return paint


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
