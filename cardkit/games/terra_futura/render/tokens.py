"""Terra Futura's cubes-and-tokens sheet: the box's pieces as square counters to cut out.

Every resource with a ``supply`` in ``resources.yaml`` (the three raw materials, the three
products, money, pollution: the rulebook's 25 cubes of each raw material, 20 tokens of each
product, 30 money tokens, 25 pollution cubes) gets a block of that many counters, each drawn
with the icon the cards use (:mod:`.icons`) on a square tinted with the resource's colour. A
block is headed by the resource's name and its count ("25 cubes", "20 tokens": CLDR plurals
through the localizer); the counters share their edges, so the thin grey lines between them
are the cutting guide. Above the blocks, two lines from the locale: the supply is unlimited
(the box count is no limit: a missing piece is replaced by anything else), and how to cut.

The blocks are packed in columns with the largest counter that fits the page; when they do
not fit on one page at :data:`MIN_CELL` on the smallest usual paper (Letter), they go on
several pages (decided once, so every paper size prints the same pages).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, tint
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....text.runs import TextStyle
from . import icons
from .pages import FOOTER, HEADER, MARGIN, PageContext, header, strings
from .theme import INK, WHITE

#: Largest and smallest side of a counter (mm).
MAX_CELL, MIN_CELL = 14.0, 9.0
#: Height of a block's heading, the space between two blocks and between two columns (mm).
LABEL_H, BLOCK_GAP, GUTTER = 6.0, 3.0, 8.0
#: The notes (unlimited supply, how to cut) under the header (mm).
NOTES_H = 19.0
#: The page the pagination is decided on: Letter, the smaller of the two usual papers.
DESIGN_PAGE = (215.9, 279.4)
#: Grey of the cutting lines.
CUT = (0.5, 0.5, 0.5)
#: Share of the counter's side the icon takes.
ICON_SHARE = 0.72


@dataclass(frozen=True, slots=True)
class Block:
    """The counters of one resource."""

    resource: str
    count: int
    kind: str  # the resource's kind: raw, product, money, pollution


@dataclass(frozen=True, slots=True)
class Placed:
    """A block laid out: its heading's box and its counters' boxes (mm, page coordinates)."""

    block: Block
    label: Box
    cells: tuple[Box, ...]


def blocks(ctx: PageContext) -> list[Block]:
    """A block for every resource with a supply, in ``resources.yaml`` order."""
    return [Block(rec.id, rec.obj.supply, rec.obj.kind) for rec in ctx.content.of("resources")
            if rec.obj.supply]


def _area(w: float, h: float) -> Box:
    """Where the blocks go on a page of ``w`` x ``h`` mm."""
    top = h - MARGIN - HEADER - NOTES_H
    return Box(MARGIN, FOOTER, w - 2 * MARGIN, top - FOOTER)


def _heights(items: list[Block], per_row: int, cell: float) -> list[float]:
    return [LABEL_H + math.ceil(b.count / per_row) * cell for b in items]


def _columns(heights: list[float], room: float, n: int) -> list[list[int]] | None:
    """Blocks (by index, in order) filled into at most ``n`` columns of height ``room``."""
    cols: list[list[int]] = [[]]
    used = 0.0
    for i, bh in enumerate(heights):
        need = bh + (BLOCK_GAP if cols[-1] else 0.0)
        if cols[-1] and used + need > room + 1e-9:
            cols.append([])
            used, need = 0.0, bh
        if need > room + 1e-9:
            return None
        cols[-1].append(i)
        used += need
    return cols if len(cols) <= n else None


def pack(items: list[Block], area: Box, min_cell: float = MIN_CELL
         ) -> tuple[float, int, list[list[int]]] | None:
    """The largest counter side (mm, in 0.25 mm steps) at which ``items`` fit ``area``, with the
    number of columns and the blocks of each column; ``None`` when they do not fit at
    ``min_cell``. Fewer columns win at the same side."""
    best: tuple[float, int, list[list[int]]] | None = None
    for n in range(1, 5):
        col_w = (area.w - (n - 1) * GUTTER) / n
        steps = int((MAX_CELL - min_cell) / 0.25 + 1e-9)
        for k in range(steps + 1):
            cell = MAX_CELL - 0.25 * k
            per_row = int(col_w // cell)
            if per_row < 1:
                continue
            cols = _columns(_heights(items, per_row, cell), area.h, n)
            if cols is not None:
                if best is None or cell > best[0] + 1e-9:
                    best = (cell, n, cols)
                break
    return best


def paginate(items: list[Block]) -> list[list[Block]]:
    """The blocks of each page: as many as fit :data:`DESIGN_PAGE` at :data:`MIN_CELL`."""
    area = _area(*DESIGN_PAGE)
    pages: list[list[Block]] = []
    current: list[Block] = []
    for b in items:
        if current and pack([*current, b], area) is None:
            pages.append(current)
            current = []
        current.append(b)
    if current:
        pages.append(current)
    return pages


def layout(items: list[Block], w: float, h: float) -> tuple[float, list[Placed]]:
    """The counter side and every block's place on a page of ``w`` x ``h`` mm (counters shrink
    below :data:`MIN_CELL` only on paper smaller than the design page)."""
    area = _area(w, h)
    packed = pack(items, area) or pack(items, area, 3.0)
    if packed is None:  # a page too small for anything: one column, the smallest counters
        packed = (3.0, 1, [list(range(len(items)))])
    cell, n, cols = packed
    col_w = (area.w - (n - 1) * GUTTER) / n
    per_row = max(1, int(col_w // cell))
    out = []
    for c, members in enumerate(cols):
        x0 = area.x + c * (col_w + GUTTER)
        y = area.top
        for i in members:
            b = items[i]
            label = Box(x0, y - LABEL_H, per_row * cell, LABEL_H)
            cells = []
            for k in range(b.count):
                r, q = divmod(k, per_row)
                cells.append(Box(x0 + q * cell, label.y - (r + 1) * cell, cell, cell))
            out.append(Placed(b, label, tuple(cells)))
            y = label.y - math.ceil(b.count / per_row) * cell - BLOCK_GAP
    return cell, out


def _count_string(kind: str) -> str:
    """The plural string that counts a block: cubes for raw materials and pollution, tokens for
    products and money (the rulebook's «kostki» and «żetony»)."""
    return "tokens-cubes" if kind in ("raw", "pollution") else "tokens-tokens"


def token_face(ctx: PageContext, items: list[Block], w: float, h: float, part: str = ""
               ) -> Face:
    """One page of counters (``part``: "1/2" when there are several pages)."""
    face = Face("tokens", w, h)
    y = header(face, ctx, "tokens-title", part)
    half = NOTES_H / 2
    face.text(ctx.loc.string("tokens-supply"),
              Frame("supply", MARGIN, y - half, w - 2 * MARGIN, half - 0.5,
                    TextStyle(BOLD, 10.0, 7.0, colour=INK), max_lines=2, valign="top"),
              strings("tokens-supply"))
    face.text(ctx.loc.string("tokens-cut"),
              Frame("cut", MARGIN, y - NOTES_H + 0.5, w - 2 * MARGIN, half - 1.0,
                    TextStyle(ITALIC, 10.0, 7.0, colour=INK), max_lines=2, valign="top"),
              strings("tokens-cut"))
    cell, placed = layout(items, w, h)
    for p in placed:
        _block(face, ctx, p, cell)
    return face


def _block(face: Face, ctx: PageContext, p: Placed, cell: float) -> None:
    rid = p.block.resource
    lab = p.label
    face.text(ctx.loc.text("resources", rid, "name"),
              Frame(f"{rid}-name", lab.x, lab.y + 0.6, lab.w * 0.62, lab.h - 0.8,
                    TextStyle(BOLD, 10.0, 6.5, colour=INK), max_lines=1),
              TextSource("resources", rid, "name"))
    sid = _count_string(p.block.kind)
    face.text(ctx.loc.string(sid, p.block.count),
              Frame(f"{rid}-count", lab.x + lab.w * 0.62, lab.y + 0.6, lab.w * 0.38,
                    lab.h - 0.8, TextStyle(REGULAR, 10.0, 6.5, align="right", colour=INK),
                    max_lines=1), strings(sid))
    icon = ctx.palette.icon(rid)
    fill = WHITE if ctx.ink_saver else tint(icon.rgb if icon.shape != "split" else WHITE, 0.82)
    for k, box in enumerate(p.cells):
        face.shape(Shape(f"piece-{rid}-{k}", box, pad=0.0), _counter(icon, box, fill))
    face.paint(_cut_lines(list(p.cells)))


def _counter(icon: icons.Icon, box: Box, fill: RGB) -> Callable[[Any, Ctx], None]:
    def paint(c: Any, ctx: Ctx) -> None:
        mm = MM_TO_PT
        c.setFillColorRGB(*fill)
        c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=0, fill=1)
        icons.draw_icon(c, icon, (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm,
                        box.w * ICON_SHARE * mm)
    return paint


def _cut_lines(cells: list[Box]) -> Callable[[Any, Ctx], None]:
    """The cutting guide: every counter's outline (neighbours' edges coincide)."""
    def paint(c: Any, ctx: Ctx) -> None:
        mm = MM_TO_PT
        c.setStrokeColorRGB(*CUT)
        c.setLineWidth(0.25 * mm)
        for b in cells:
            c.rect(b.x * mm, b.y * mm, b.w * mm, b.h * mm, stroke=1, fill=0)
    return paint


def token_pages(ctx: PageContext) -> list[tuple[str, Callable[[float, float], Face]]]:
    """The sheet's pages as the deck's extra pages: ``(title, page builder)``."""
    pages = paginate(blocks(ctx))
    title = ctx.loc.string("tokens-title")
    out: list[tuple[str, Callable[[float, float], Face]]] = []
    for k, items in enumerate(pages):
        part = f"{k + 1}/{len(pages)}" if len(pages) > 1 else ""
        out.append((f"{title} {part}".strip(),
                    lambda w, h, items=items, part=part: token_face(ctx, items, w, h, part)))
    return out
