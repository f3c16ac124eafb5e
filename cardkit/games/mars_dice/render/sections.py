"""The pieces Mars Dice's card templates are built from (see :mod:`.render`): the frame, name
bands, section bands with their heading, effect rows (icons and a short text), the production
dice, lasting effects ("When you place an ocean: …"), the extra dice kept, blue actions with
their timing mark and word (``pay → gain``, see :func:`~.rows.action_tokens`), and
:meth:`CardPieces.stack`, which lays a card's sections top down and scales them together when
they are too tall. Every icon is a layout shape and every text a fit-checked frame (see
:mod:`.rows`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, named_title, readable_on
from ....pdf.layout import stamp
from ....text.runs import TextStyle
from . import icons
from .icons import Palette
from ..model import Effect, Trigger
from .rows import RowPainter, Token, action_tokens, effect_tokens, effects_tokens, icon_size
from .rows import dice as dice_tokens
from .theme import (DESIGN_H, DESIGN_W, FOOT_INK, INK, MIN_ICON, PAPER, RULE,
                    TIMING_MARK, TIMING_RGB, WHITE)

PANEL = Box(3.0, 3.0, DESIGN_W - 6.0, DESIGN_H - 6.0)
OVERSIZE = Box(-30.0, -30.0, DESIGN_W + 60.0, DESIGN_H + 60.0)
#: A project's cost (top left), VP ribbon (top right) and name band.
COST = Box(4.6, 75.2, 42.0, 9.6)
RIBBON_BOX = Box(49.0, 74.4, 10.5, 11.5)
NAME_BAND = Box(3.0, 64.2, DESIGN_W - 6.0, 9.6)
#: The other cards' name banner, at the top.
TOP_BANNER = Box(3.0, 74.6, DESIGN_W - 6.0, 11.3)
X0, TW = 5.0, DESIGN_W - 10.0
NAME_STYLE = TextStyle(BOLD, 11.5, 7.0, align="center")
HEAD_STYLE = TextStyle(BOLD, 8.0, 5.5, align="center")
LEFT_HEAD = TextStyle(BOLD, 8.0, 5.5, align="left")
CAPTION = TextStyle(REGULAR, 8.0, 5.5, align="left", leading=1.1)
FOOT_STYLE = TextStyle(ITALIC, 7.0, 5.0, align="left")
FOOT_RIGHT = TextStyle(ITALIC, 7.0, 5.0, align="right")
#: Heights of the pieces of a card's body (mm), before they are scaled to fit.
HEAD_H, ROW_H, STORAGE_H, GAP_H = 5.0, 8.5, 6.0, 1.6


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def fitted(row: list[Token], make: Callable[[int], list[Token]], area: Box) -> list[Token]:
    """``row``, or ``make(1)`` (repeated icons as "N×" counts) when its icons would print
    smaller than :data:`MIN_ICON`."""
    return row if icon_size(row, area) >= MIN_ICON else make(1)


class CardPieces:
    """The shared pieces of the card templates, in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.palette = Palette(content)
        self.rows = RowPainter(self.palette, loc)
        self.title, self.title_src = named_title(content, loc, ("rules", "decks"))
        rules = content.of("rules")
        self.rules = rules[0].obj if rules else None

    @property
    def body(self) -> RGB:
        """The colour of a card's writing surface."""
        return WHITE if self.ink else PAPER

    # -- pieces ------------------------------------------------------------------------------
    def _frame(self, face: Face, rgb: RGB) -> None:
        ink = self.ink

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            c.setFillColorRGB(*(WHITE if ink else rgb))
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            c.setFillColorRGB(*(WHITE if ink else PAPER))
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(1.0 * mm if ink else 0)
            c.roundRect(PANEL.x * mm, PANEL.y * mm, PANEL.w * mm, PANEL.h * mm, 2.5 * mm,
                        stroke=int(ink), fill=1)
        face.paint(stamp(("mars-dice-frame", rgb, ink), paint, OVERSIZE))

    def _band(self, face: Face, box: Box, rgb: RGB) -> RGB:
        """A coloured band (white with a coloured outline in ink-saver mode); its colour. A
        band at the top of the panel runs on into the frame (no seam above it)."""
        mm, ink = MM_TO_PT, self.ink
        bg = WHITE if ink else rgb
        top = box.top >= PANEL.top - 1e-6

        def paint(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*bg)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.6 * mm)
            c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 1.8 * mm,
                        stroke=int(ink), fill=1)
            if top and not ink:
                c.rect(box.x * mm, (box.y + box.h / 2) * mm, box.w * mm,
                       (DESIGN_H - box.y - box.h / 2) * mm + ctx.bleed, stroke=0, fill=1)
        face.paint(paint)
        return bg

    def _name(self, face: Face, box: Box, kind: str, obj_id: str, rgb: RGB) -> None:
        bg = self._band(face, box, rgb)
        text, src = self.rows.name(kind, obj_id)
        face.text(text, Frame("name", box.x + 1.5, box.y + 0.5, box.w - 3.0, box.h - 1.0,
                              NAME_STYLE, max_lines=2, background=bg), src,
                  colour=readable_on(bg))

    def _text(self, face: Face, name: str, sid: str, box: Box, style: TextStyle,
              bg: RGB, n: float | None = None, lines: int | None = 1,
              colour: RGB | None = None) -> None:
        text, src = self.rows.string(sid, n)
        face.text(text, Frame(name, box.x, box.y, box.w, box.h, style, max_lines=lines,
                              background=bg), src, colour=colour or readable_on(bg))

    def _foot(self, face: Face, sid: str, right: str | None = None) -> None:
        half = Box(X0, 4.0, TW * 0.55, 4.8)
        self._text(face, "kind", sid, half, FOOT_STYLE, self.body, colour=FOOT_INK)
        if right is not None:
            self._text(face, "foot-right", right, Box(X0 + TW * 0.55, 4.0, TW * 0.45, 4.8),
                       FOOT_RIGHT, self.body, colour=FOOT_INK)

    def _rule(self, face: Face, y: float) -> None:
        mm = MM_TO_PT

        def paint(c: Any, ctx: Ctx) -> None:
            c.setStrokeColorRGB(*RULE)
            c.setLineWidth(0.3 * mm)
            c.line((X0 + 3) * mm, y * mm, (X0 + TW - 3) * mm, y * mm)
        face.paint(paint)

    # -- body pieces: each returns nothing, laid in the box it is given -----------------------
    def effect_rows(self, face: Face, prefix: str, effects: list[Effect], area: Box,
                    bg: RGB) -> None:
        """One row per effect: its icons on the left, its short text on the right."""
        n = max(1, len(effects))
        h = min(ROW_H, area.h / n)
        top = area.top - (area.h - h * n) / 2
        icon_w = area.w * 0.48
        for i, e in enumerate(effects):
            row_box = Box(area.x, top - (i + 1) * h + 0.4, icon_w, h - 0.8)
            row = fitted(effect_tokens(e), lambda most, e=e: effect_tokens(e, most), row_box)
            self.rows.lay(face, f"{prefix}-{i}", row, row_box, bg, align="right")
            text, src = self.rows.caption(e)
            face.text(text, Frame(f"{prefix}-{i}-text", area.x + icon_w + 1.5, row_box.y,
                                  area.w - icon_w - 1.5, row_box.h, CAPTION, max_lines=2,
                                  background=bg), src, colour=readable_on(bg))

    def _dice_band(self, face: Face, prefix: str, sid: str, counts: dict[str, int], box: Box,
                   rgb: RGB) -> None:
        """A band in ``rgb``: its heading, then the dice."""
        bg = self._band(face, box, rgb)
        head = Box(box.x + 1.5, box.top - HEAD_H - 0.4, box.w - 3.0, HEAD_H)
        self._text(face, f"{prefix}-head", sid, head, HEAD_STYLE, bg)
        area = Box(box.x + 2.0, box.y + 1.0, box.w - 4.0, head.y - box.y - 1.4)
        row = fitted(dice_tokens(counts), lambda most: dice_tokens(counts, most), area)
        self.rows.lay(face, prefix, row, area, bg, max_icon=8.0)

    def _trigger(self, face: Face, k: int, trigger: Trigger, box: Box) -> None:
        head = Box(box.x, box.top - HEAD_H, box.w, HEAD_H)
        self._text(face, f"trigger-{k}-head", f"on-{trigger.on}", head, LEFT_HEAD, self.body,
                   colour=INK)
        area = Box(box.x, box.y, box.w, head.y - box.y)
        row = fitted(effects_tokens(trigger.effects),
                     lambda most: effects_tokens(trigger.effects, most), area)
        self.rows.lay(face, f"trigger-{k}", row, area, self.body)

    def _storage(self, face: Face, n: int, box: Box) -> None:
        mm = MM_TO_PT
        inner = Box(box.x + box.w * 0.06, box.y + 0.3, box.w * 0.88, box.h - 0.6)

        def paint(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*WHITE)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.35 * mm)
            c.roundRect(inner.x * mm, inner.y * mm, inner.w * mm, inner.h * mm, 1.2 * mm,
                        stroke=1, fill=1)
        face.shape(Shape("storage", inner), paint)
        self._text(face, "storage-text", "storage", inner.grow(-0.7), TextStyle(BOLD, 8, 5,
                                                                                align="center"),
                   WHITE, n=n)

    def _action(self, face: Face, k: int, timing: str, pay: dict[str, int],
                effects: list[Effect], box: Box) -> None:
        mm = MM_TO_PT
        mark = Box(box.x, box.top - HEAD_H + 0.6, HEAD_H - 1.2, HEAD_H - 1.2)
        rgb = TIMING_RGB[timing]
        face.shape(Shape(f"action-{k}-timing-{timing}", mark, pad=0.4),
                   lambda c, ctx: icons.timing(c, TIMING_MARK[timing],
                                               (mark.x + mark.w / 2) * mm,
                                               (mark.y + mark.h / 2) * mm, mark.w * mm, rgb))
        self._text(face, f"action-{k}-head", f"timing-{timing}",
                   Box(mark.right + 1.0, box.top - HEAD_H, box.w - mark.w - 1.0, HEAD_H),
                   LEFT_HEAD, self.body, colour=INK)
        area = Box(box.x, box.y, box.w, box.h - HEAD_H)

        self.rows.lay(face, f"action-{k}",
                      fitted(action_tokens(pay, effects), lambda most: action_tokens(
                          pay, effects, most), area), area, self.body)

    def stack(self, face: Face, area: Box, pieces: list[tuple[float, Callable[[Box], None]]],
              rules: bool = True) -> None:
        """Lay ``pieces`` ``(height, draw(box))`` top down in ``area``, scaled down together
        when they are too tall, a rule between two."""
        if not pieces:
            return
        total = sum(h for h, _ in pieces) + GAP_H * (len(pieces) - 1)
        k = min(1.0, area.h / total)
        used = total * k
        y = area.top - (area.h - used) / 2
        for i, (h, draw) in enumerate(pieces):
            if i and rules:
                self._rule(face, y + GAP_H * k / 2)
            draw(Box(area.x, y - h * k, area.w, h * k))
            y -= (h + GAP_H) * k

    # -- project cards -----------------------------------------------------------------------
    def _lasting(self, face: Face, pieces: list[tuple[float, Callable[[Box], None]]],
                 triggers: list[Trigger], storage: int) -> None:
        for k, t in enumerate(triggers):
            pieces.append((HEAD_H + ROW_H, lambda b, k=k, t=t: self._trigger(face, k, t, b)))
        if storage:
            pieces.append((STORAGE_H, lambda b: self._storage(face, storage, b)))

    def _vp_line(self, face: Face, name: str, vp: int, box: Box, lead: str | None = None
                 ) -> None:
        """"[lead] (badge) N VP" centred in ``box``."""
        s = min(box.h, 8.0)
        lead_w = 12.0 if lead else 0.0
        text_w = 10.0
        x = box.x + (box.w - (lead_w + s + 1.0 + text_w)) / 2
        y = box.y + (box.h - s) / 2
        if lead:
            self._text(face, f"{name}-place", lead, Box(x, y, lead_w - 1.0, s),
                       TextStyle(BOLD, 10, 6, align="right"), self.body, colour=INK)
        self.rows.token(face, f"{name}-vp-any-0", "vp", str(vp), Box(x + lead_w, y, s, s),
                        self.body)
        self._text(face, f"{name}-vp-text", "vp", Box(x + lead_w + s + 1.0, y, text_w, s),
                   TextStyle(BOLD, 10, 6, align="left"), self.body, colour=INK)
