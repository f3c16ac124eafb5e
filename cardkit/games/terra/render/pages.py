"""Terra's extra pages: the printable bar strip and the region reference sheet.

Both are :class:`~cardkit.pdf.layout.Face` pages in millimetres of the paper they are printed
on (A4, Letter, ...), every string placed with ``face.text``. Content stays inside a 15 mm
margin and above the footer band.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ....core.content import GameContent
from ....text.fonts import BOLD, REGULAR
from ....pdf.geometry import Box
from ....pdf.layout import WHITE, Ctx, Face, Frame, Shape, TextSource
from ....text.runs import TextStyle
from .icons import ICONS, bar_badge, draw_icon, kind_badge, quadrant_glyph
from .theme import BAR_DARK, BAR_RGB, INK, MUTED, Theme, tint
from ..terms.units import round_sig

if TYPE_CHECKING:
    from . import LocTexts

MARGIN = 15.0
FOOTER = 18.0  # kept free at the foot of the page for the page footer
ROW_TINT = (0.94, 0.95, 0.96)
#: The deck's printed name and where it comes from (``None``: cardkit's default deck).
DeckName = tuple[str, "TextSource | None"]
BAR_ORDER = ("year", "length", "number")


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def _header(face: Face, t: LocTexts, deck: DeckName, title_id: str, side: str | None) -> float:
    """Deck name and page title at the top; returns the y below the header."""
    w, h = face.w, face.h
    face.text(deck[0], Frame("deck-name", MARGIN, h - MARGIN - 5, w - 2 * MARGIN, 5,
                             TextStyle(REGULAR, 9, 6, colour=MUTED), max_lines=1), deck[1])
    title_w = w - 2 * MARGIN - (45 if side else 0)
    face.text(t.string(title_id), Frame("title", MARGIN, h - MARGIN - 16, title_w, 10,
                                        TextStyle(BOLD, 18, 10, colour=INK), max_lines=1),
              _s(title_id))
    if side:
        face.text(t.string(side), Frame("side", w - MARGIN - 43, h - MARGIN - 16, 43, 10,
                                        TextStyle(BOLD, 12, 7, align="right", colour=INK),
                                        max_lines=1), _s(side))

    def rule(c: Any, ctx: Ctx) -> None:
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(ctx.mm(0.4))
        c.line(ctx.mm(MARGIN), ctx.mm(h - MARGIN - 18), ctx.mm(w - MARGIN),
               ctx.mm(h - MARGIN - 18))
    face.paint(rule)
    return h - MARGIN - 22


def line_label(t: LocTexts, bar_id: str, value: float) -> tuple[str, TextSource | None]:
    """A bar line's value as printed on the strip, and the template string it uses."""
    if bar_id == "year":
        return t.year(value), (_s("year-bc") if value < 0 else None)
    if bar_id == "number":
        return t.loc.number(value), None
    steps = ((0.01, "unit-cm"), (1.0, "unit-m"), (1000.0, "unit-km")) if t.units == \
        "metric" else ((1 / 12, "unit-in"), (1.0, "unit-ft"), (5280.0, "unit-mi"))
    # the largest unit that gives a round number (16,000 ft, not 3.0303 mi)
    factor, string_id = steps[1] if value == 0 else steps[0]
    for f, sid in steps:
        if value >= f and round_sig(value / f, 3) == round(value / f, 9):
            factor, string_id = f, sid
    shown = round_sig(value / factor, 3) if value else 0.0
    return t.quantity(string_id, shown), _s(string_id)


def bar_strip(content: GameContent, t: LocTexts, theme: Theme, deck: DeckName, w: float,
              h: float) -> Face:
    """The three bars of the board side being printed, with their line values."""
    face = Face("bar strip", w, h)
    y = _header(face, t, deck, "bar-strip", t.units)
    bars = {r.id: r.obj for r in content.of("bars")}
    block = min(80.0, (y - FOOTER) / 3)
    for bar_id in BAR_ORDER:
        bar = bars.get(bar_id)
        if bar is None:
            continue
        top = y
        badge = Box(MARGIN, top - 9.5, 9, 9)
        face.shape(Shape("bar-badge", badge, "circle"), bar_badge(bar_id, badge, theme))
        face.text(t.bar_label(bar_id), Frame("bar-label", MARGIN + 11, top - 9.5, w - 2 * MARGIN
                                             - 11, 9, TextStyle(BOLD, 14, 8,
                                                                colour=BAR_DARK[bar_id]),
                                             max_lines=1), TextSource("bars", bar_id, "label"))
        lines = getattr(bar, t.units).lines
        cell = (w - 2 * MARGIN) / (len(lines) - 1)
        strip_h = max(12.0, min(26.0, block - 42.0))
        strip = Box(MARGIN, top - 22 - strip_h, w - 2 * MARGIN, strip_h)
        face.paint(_strip_painter(bar_id, strip, len(lines), theme))
        for i, value in enumerate(lines):
            text, source = line_label(t, bar_id, value)
            x = MARGIN + i * cell
            lw = 2 * cell - 0.8
            fx = min(max(x - lw / 2, 4.0), w - 4.0 - lw)
            above = i % 2 == 0
            fy = strip.top + 1.6 if above else strip.y - 9.4
            face.text(text, Frame(f"line-{i}", fx, fy, lw, 7.8,
                                  TextStyle(REGULAR, 8, 4.5, align="center", colour=INK,
                                            leading=1.05),
                                  valign="bottom" if above else "top", max_lines=2), source)
        y -= block
    return face


def _strip_painter(bar_id: str, strip: Box, n_lines: int, theme: Theme) -> Any:
    rgb = BAR_RGB[bar_id]

    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        cell = strip.w / (n_lines - 1)
        for i in range(n_lines - 1):
            x = strip.x + i * cell
            if theme.ink_saver:
                c.setFillColorRGB(*(WHITE if i % 2 else tint(rgb, 0.85)))
            else:
                c.setFillColorRGB(*tint(rgb, 0.72 if i % 2 else 0.45))
            c.rect(mm(x), mm(strip.y), mm(cell), mm(strip.h), stroke=0, fill=1)
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(mm(0.5))
        c.rect(mm(strip.x), mm(strip.y), mm(strip.w), mm(strip.h), stroke=1, fill=0)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(mm(0.35))
        for i in range(n_lines):
            x = mm(strip.x + i * cell)
            up = i % 2 == 0
            c.line(x, mm(strip.y - (0 if up else 1.4)), x, mm(strip.top + (1.4 if up else 0)))
    return paint


def region_list(content: GameContent, t: LocTexts, theme: Theme, deck: DeckName, w: float,
                h: float) -> Face:
    """Every region of the map in the locale's alphabetical order, with kind and quadrants."""
    face = Face("region list", w, h)
    y_top = _header(face, t, deck, "region-list", None) + 2
    order = t.order()
    rows = sorted(((t.region(r.id), r.id, r.obj) for r in content.of("regions")),
                  key=lambda row: (order(row[0]), row[1]))
    legend_h = 10.0
    cols = 3
    per_col = max(1, math.ceil(len(rows) / cols))
    row_h = min(7.0, (y_top - FOOTER - legend_h) / per_col)
    col_w = (w - 2 * MARGIN) / cols
    for i, (name, rid, region) in enumerate(rows):
        col, line = divmod(i, per_col)
        x = MARGIN + col * col_w
        y = y_top - (line + 1) * row_h
        striped = line % 2 == 1 and not theme.ink_saver
        if striped:
            face.paint(_row_painter(Box(x, y, col_w - 1.5, row_h)))
        icon = Box(x + 0.8, y + (row_h - 3.6) / 2, 3.6, 3.6)
        face.shape(Shape("kind", icon), kind_badge(region.kind, icon))
        quad = Box(x + col_w - 6.5, y + (row_h - 4.2) / 2, 4.2, 4.2)
        face.shape(Shape("quadrants", quad, "circle"), quadrant_glyph(region.quadrants, quad))
        face.text(name, Frame("region-name", x + 5.6, y, col_w - 14.4, row_h,
                              TextStyle(BOLD if region.kind == "sea" else REGULAR, 9, 6,
                                        colour=INK), max_lines=1,
                              background=ROW_TINT if striped else WHITE),
                  TextSource("regions", rid, "name"))
    ly = y_top - per_col * row_h - legend_h + 1
    third = (w - 2 * MARGIN) / 3
    for k, sid in enumerate(("land", "sea")):
        text = t.string(sid)
        face.text(f"[{sid}] {text}" if text else "",
                  Frame(f"legend-{sid}", MARGIN + k * third, ly, third - 2, 7,
                        TextStyle(BOLD if sid == "sea" else REGULAR, 9, 6, colour=INK),
                        max_lines=1), _s(sid), icons=ICONS, draw_icon=draw_icon)
    quad = Box(MARGIN + 2 * third, ly + 1.4, 4.2, 4.2)
    face.shape(Shape("legend-quadrants", quad, "circle"), quadrant_glyph(["NE"], quad))
    face.text(t.string("compass"),
              Frame("legend-compass", MARGIN + 2 * third + 5.8, ly, third - 5.8, 7,
                    TextStyle(REGULAR, 9, 6, colour=INK), max_lines=1), _s("compass"))
    return face


def _row_painter(box: Box) -> Any:
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        c.setFillColorRGB(*ROW_TINT)
        c.rect(mm(box.x), mm(box.y), mm(box.w), mm(box.h), stroke=0, fill=1)
    return paint
