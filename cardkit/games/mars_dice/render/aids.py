"""The turn summary: one card per player, four to a page in a 2 x 2 grid, cut apart on the
solid lines (the kit prints as extra pages of the projects deck: see :mod:`.kit`).

Each card holds the whole turn of the rulebook, in two columns. Left: the production turn (keep
up to ``keep_dice`` dice — wild tokens do not count —, discard, draw up to ``hand``, roll the
production, refresh the blue cards; a short pool gives ``short_pool_wilds`` wild token), the
free actions, the VP of a global step and the game's end (``rules`` ``globals_to_end``, the
tie-break). Right: the action turn (a support action, then a main action: the support actions,
playing a card, a second support action, the standard conversions of ``conversions.yaml`` as
icons ``pay → get``, a blue card's action). The numbers come from the content and every counted
noun is a plural string (``{n}``), so "Keep up to 3 dice" and «Zachowaj do 3 kości» agree with
their numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Face, Frame, Shape, readable_on, tint
from ....text.fonts import BOLD, REGULAR
from ....text.runs import TextStyle
from . import icons
from .page import FOOT, MARGIN, Kit, cut_rect
from .rows import Token, action_tokens
from .theme import INK, KIND_RGB, PRODUCTION, TIMING_MARK, TIMING_RGB, WHITE

PER_PAGE = 4
TEXT_PT, MIN_PT, LEADING = 7.6, 5.5, 1.1
PT_MM = 1 / MM_TO_PT
Piece = tuple[float, Callable[[Box], None]]


def _need(text: str, width: float, size: float = TEXT_PT) -> float:
    """About the height (mm) ``text`` takes in ``width`` at ``size`` (the fit does the rest)."""
    per_line = max(1.0, width / (size * PT_MM * 0.53))
    lines = math.ceil(len(text) * 1.08 / per_line)
    return lines * size * LEADING * PT_MM + 0.8


def aid_pages(kit: Kit) -> int:
    """Pages of turn summaries: one card per player."""
    return -(-kit.players // PER_PAGE)


def aids_page(kit: Kit, w: float, h: float, k: int = 0) -> Face:
    """Page ``k`` of the turn summaries: up to four cards in a 2 x 2 grid, each in its cutting
    line (neighbours share one)."""
    face, top = kit.page(f"kit-aids-{k}", w, h, kit.rows.string("kit-aids"),
                         guides=("kit-cut",))
    n = min(PER_PAGE, kit.players - k * PER_PAGE)
    cw, ch = (w - 2 * MARGIN) / 2, (top - FOOT) / 2
    for i in range(n):
        r, c = divmod(i, 2)
        cell = Box(MARGIN + c * cw, top - (r + 1) * ch, cw, ch)
        face.paint(lambda cv, ctx, b=cell: cut_rect(cv, b))
        aid(kit, face, f"aid-{i}", cell.grow(-3.0))
    return face


def aid(kit: Kit, face: Face, key: str, box: Box) -> None:
    """One turn summary inside ``box``: its title, then two columns."""
    mm = MM_TO_PT
    band = Box(box.x, box.top - 7.0, box.w, 7.0)
    rgb = KIND_RGB["project"]
    bg = WHITE if kit.ink else rgb
    face.paint(lambda c, ctx: (c.setFillColorRGB(*bg), c.setStrokeColorRGB(*rgb),
                               c.setLineWidth(0.5 * mm), c.roundRect(
                                   band.x * mm, band.y * mm, band.w * mm, band.h * mm, 1.5 * mm,
                                   stroke=int(kit.ink), fill=1)))
    kit._text(face, f"{key}-title", "aid-title", band.grow(-0.8),
              TextStyle(BOLD, 11, 7, align="center"), bg)
    gap = 3.0
    col_w = (box.w - gap) / 2
    body_top = band.y - 1.5
    left = Box(box.x, box.y, col_w, body_top - box.y)
    right = Box(box.x + col_w + gap, box.y, col_w, body_top - box.y)
    face.paint(lambda c, ctx: (c.setStrokeColorRGB(0.75, 0.72, 0.68),
                               c.setLineWidth(0.25 * mm),
                               c.line((left.right + gap / 2) * mm, (box.y + 1) * mm,
                                      (left.right + gap / 2) * mm, (body_top - 1) * mm)))
    _stack(_production(kit, face, key, col_w), left)
    _stack(_actions(kit, face, key, col_w), right)


def _stack(pieces: list[Piece], area: Box) -> None:
    """Lay ``pieces`` top down in ``area``, their heights scaled down together if too tall."""
    total = sum(hh for hh, _ in pieces)
    k = min(1.0, area.h / total) if total else 1.0
    y = area.top
    for hh, draw in pieces:
        draw(Box(area.x, y - hh * k, area.w, hh * k))
        y -= hh * k


def _text_piece(kit: Kit, face: Face, name: str, sid: str, width: float, n: float | None = None,
                indent: float = 0.0, bold: bool = False, number: str | None = None) -> Piece:
    """A text (a step with its number, or a bullet) as a stack piece."""
    text, src = kit.rows.string(sid, n)
    lead = 3.4 if number is not None or indent else 0.0
    h = _need(text, width - lead)

    def draw(b: Box) -> None:
        if number is not None:
            face.text(number, Frame(f"{name}-no", b.x, b.top - 3.6, 3.2, 3.4,
                                    TextStyle(BOLD, TEXT_PT, MIN_PT), max_lines=1), None,
                      colour=INK)
        elif indent:
            dot = Box(b.x + 0.6, b.top - 2.4, 1.3, 1.3)
            face.shape(Shape(f"{name}-bullet", dot, "circle", pad=0.1),
                       lambda c, ctx: (c.setFillColorRGB(*INK), c.circle(
                           (dot.x + 0.65) * MM_TO_PT, (dot.y + 0.65) * MM_TO_PT,
                           0.6 * MM_TO_PT, stroke=0, fill=1)))
        face.text(text, Frame(name, b.x + lead, b.y, b.w - lead, b.h,
                              TextStyle(BOLD if bold else REGULAR, TEXT_PT, MIN_PT,
                                        leading=LEADING),
                              valign="top"), src, colour=INK)
    return h, draw


def _heading(kit: Kit, face: Face, name: str, sid: str, rgb: RGB) -> Piece:
    """A section heading on a tinted band."""
    def draw(b: Box) -> None:
        mm = MM_TO_PT
        bg = tint(rgb, 0.8)
        inner = Box(b.x, b.y + 0.6, b.w, b.h - 0.8)
        face.paint(lambda c, ctx: (c.setFillColorRGB(*bg), c.roundRect(
            inner.x * mm, inner.y * mm, inner.w * mm, inner.h * mm, 1.0 * mm, stroke=0,
            fill=1)))
        kit._text(face, name, sid, Box(inner.x + 0.8, inner.y, inner.w - 1.6, inner.h),
                  TextStyle(BOLD, 9, 6), bg, colour=readable_on(bg))
    return 6.0, draw


def _timing(kit: Kit, face: Face, name: str, timing: str) -> Piece:
    """A timing mark and its word ("Support action")."""
    def draw(b: Box) -> None:
        mm = MM_TO_PT
        s = min(b.h - 0.6, 3.8)
        mark = Box(b.x, b.y + (b.h - s) / 2, s, s)
        face.shape(Shape(f"{name}-mark-{timing}", mark, pad=0.3),
                   lambda c, ctx: icons.timing(c, TIMING_MARK[timing], (mark.x + s / 2) * mm,
                                               (mark.y + s / 2) * mm, s * mm,
                                               TIMING_RGB[timing]))
        kit._text(face, name, f"timing-{timing}", Box(mark.right + 1.2, b.y, b.w - s - 1.2, b.h),
                  TextStyle(BOLD, 8.4, 6), WHITE, colour=INK)
    return 5.0, draw


def _production(kit: Kit, face: Face, key: str, w: float) -> list[Piece]:
    """The left column: the production turn, the free actions, the steps' VP, the end."""
    rules = kit.rules
    keep = rules.keep_dice if rules else 3
    hand = rules.hand if rules else 5
    short = rules.short_pool_wilds if rules else 1
    ends = rules.globals_to_end if rules else 2
    steps = [("aid-prod-keep", keep), ("aid-prod-discard", None), ("aid-prod-draw", hand),
             ("aid-prod-roll", short), ("aid-prod-refresh", None)]
    out = [_heading(kit, face, f"{key}-production", "aid-production", PRODUCTION)]
    for i, (sid, n) in enumerate(steps):
        out.append(_text_piece(kit, face, f"{key}-step-{i + 1}", sid, w, n, number=str(i + 1)))
    out.append((1.5, lambda b: None))
    out.append(_timing(kit, face, f"{key}-free", "free"))
    out.append(_text_piece(kit, face, f"{key}-free-text", "aid-free", w))
    out.append(_text_piece(kit, face, f"{key}-used", "aid-blue-used", w))
    out.append((1.5, lambda b: None))
    tracks = kit.content.of("tracks")
    if tracks:
        out.append(_text_piece(kit, face, f"{key}-steps", "aid-steps", w, tracks[0].obj.vp_per_step,
                               bold=True))
    out.append(_text_piece(kit, face, f"{key}-end", "aid-end", w, ends))
    return out


def _actions(kit: Kit, face: Face, key: str, w: float) -> list[Piece]:
    """The right column: the action turn."""
    draw_n = kit.rules.draw_cards if kit.rules else 2
    out = [_heading(kit, face, f"{key}-action", "aid-action", TIMING_RGB["main"]),
           _text_piece(kit, face, f"{key}-order", "aid-action-order", w, bold=True),
           _timing(kit, face, f"{key}-support", "support")]
    for k, (sid, n) in enumerate((("aid-support-die", None), ("aid-support-turn", None),
                                  ("aid-support-draw", draw_n), ("aid-support-blue", None))):
        out.append(_text_piece(kit, face, f"{key}-support-{k}", sid, w, n, indent=True))
    out.append((1.5, lambda b: None))
    out.append(_timing(kit, face, f"{key}-main", "main"))
    out.append(_text_piece(kit, face, f"{key}-main-0", "aid-main-play", w, indent=True))
    out.append(_text_piece(kit, face, f"{key}-main-1", "aid-main-second", w, indent=True))
    out.append(_text_piece(kit, face, f"{key}-main-2", "aid-main-convert", w, indent=True))
    for r, rec in enumerate(kit.content.of("conversions")):
        out.append((5.6, lambda b, rid=rec.id, conv=rec.obj, r=r: _conversion(
            kit, face, f"{key}-conv-{r}", rid, conv, b)))
    out.append(_text_piece(kit, face, f"{key}-main-3", "aid-main-blue", w, indent=True))
    return out


def conversion_tokens(kit: Kit, conv: Any) -> list[Token]:
    """A conversion as icons, ``3× heat → temperature``; a tile that raises a track shows the
    track too (a greenery: the oxygen), unless the track is drawn as that tile (the oceans)."""
    tokens = action_tokens(conv.pay, conv.effects, 1)
    tiles = {rec.id: rec.obj for rec in kit.content.of("tiles")}
    for e in conv.effects:
        tile = tiles.get(e.tile) if e.do == "tile" else None
        if tile is not None and tile.track and icons.TRACK_TILE.get(tile.track) != e.tile:
            tokens.append(("track", tile.track, 1.0))
    return tokens


def _conversion(kit: Kit, face: Face, name: str, conv_id: str, conv: Any, box: Box) -> None:
    """One conversion as icons, indented like the bullets (the icons page names them)."""
    cell = Box(box.x + 4.2, box.y + 0.3, box.w - 4.2, box.h - 0.6)
    kit.rows.lay(face, name, conversion_tokens(kit, conv), cell, WHITE, max_icon=5.0,
                 align="left")
