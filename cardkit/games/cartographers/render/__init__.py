"""Cartographers' card templates: explore, ruins, ambush, season, edict and scoring cards and
their backs, built as :class:`~cardkit.pdf.layout.Face` display lists.

Every card is a 63.5 x 88.9 mm design (scaled to the deck's size) with a frame in its kind's
colour and a name banner. Shapes are drawn as grids of spaces in their terrain's colour and
glyph (a shape offered in several terrains shows one band per terrain); a coin beside a shape
means choosing it gains a coin. Shapes, badges and glyphs are layout shapes, so every text flows
around them; every printed text comes from the content through the
:class:`~cardkit.i18n.lookup.Localizer` (names, rule texts, template strings). Backs: explore
and ambush cards share one (they are shuffled together); seasons, edicts and each scoring stack
have their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.art import ArtKit
from ....pdf.deck import PrintCard, PrintDeck
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, named_title, stamp
from ....text.runs import TextStyle
from . import theme
from .setup import setup_face
from ..model import AmbushCard, Edict, ExploreCard, ScoringCard, Season
from .theme import INK, KIND_RGB, PAPER, SEASON_RGB, STACK_GLYPH, STACK_RGB, WHITE, on

DESIGN_W, DESIGN_H = 63.5, 88.9
PANEL = Box(3.0, 3.0, DESIGN_W - 6.0, DESIGN_H - 6.0)
BANNER = Box(3.0, 75.2, DESIGN_W - 6.0, 10.7)
BAND = Box(3.0, 68.4, DESIGN_W - 6.0, 6.2)
#: Bounds of what a card's background may paint: the card and any bleed (forms clip to it).
OVERSIZE = Box(-30.0, -30.0, DESIGN_W + 60.0, DESIGN_H + 60.0)
X0, TW = 6.0, DESIGN_W - 12.0  # text column
#: A scoring card's art frame (design mm) and credit line, above its rule text.
ART, ART_CREDIT = Box(X0, 40.0, TW, 26.0), Box(X0, 36.8, TW, 2.9)
NAME_STYLE = TextStyle(BOLD, 11.5, 7.0, align="center")
TEXT_STYLE = TextStyle(REGULAR, 9.5, 6.0, align="center")
LABEL_STYLE = TextStyle(BOLD, 7.0, 4.5, align="center")
FOOT_STYLE = TextStyle(ITALIC, 7.0, 5.0, align="left")
NUMBER_STYLE = TextStyle(BOLD, 7.0, 5.0, align="right")
BADGE_STYLE = TextStyle(BOLD, 12.0, 7.0, align="center")
#: Largest space of a shape drawn on a card (mm).
MAX_CELL = 9.0
GRID_LINE = 0.3  # mm


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def grid_cells(grid: list[str]) -> list[tuple[int, int]]:
    """The filled ``(row, col)`` spaces of a shape grid (top row first)."""
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X"]


def fit_grid(grid: list[str], area: Box, max_cell: float = MAX_CELL) -> Box:
    """The box a shape grid is drawn in: square spaces, as large as ``area`` allows (at most
    ``max_cell``), centred in it."""
    rows, cols = len(grid), max(len(r) for r in grid)
    cell = min(max_cell, area.w / cols, area.h / rows)
    w, h = cols * cell, rows * cell
    return Box(area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h)


def grid_painter(grid: list[str], terrains: list[str], box: Box) -> Callable[[Any, Ctx], None]:
    """Draw a shape grid into ``box`` (design mm): each filled space in its terrain (with the
    terrain's glyph), or split in bands when the shape may be drawn in several terrains."""
    cols = max(len(r) for r in grid)
    cell = box.w / cols

    def paint(c: Any, ctx: Ctx) -> None:
        mm = MM_TO_PT
        s = cell * mm
        for r, col in grid_cells(grid):
            x = (box.x + col * cell) * mm
            y = (box.top - (r + 1) * cell) * mm
            if len(terrains) == 1:
                theme.space(c, terrains[0], x, y, s, GRID_LINE * mm)
            else:
                theme.split_space(c, terrains, x, y, s, GRID_LINE * mm)
    return paint


class CartographersPrinter:
    """Builds Cartographers' card faces in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        # the title on the backs: the deck's name, else the sheet's (content that failed its
        # schema may have neither; the title is then the game's own, untranslated)
        self.title, self.title_src = named_title(content, loc, ("decks", "sheets"))

    # -- pieces ------------------------------------------------------------------------------
    @property
    def body(self) -> RGB:
        """The colour of a card's writing surface."""
        return WHITE if self.ink else PAPER

    def _frame(self, face: Face, rgb: RGB) -> None:
        ink = self.ink

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            if ink:
                c.setFillColorRGB(*WHITE)
                c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(1.0 * mm)
                c.roundRect(PANEL.x * mm, PANEL.y * mm, PANEL.w * mm, PANEL.h * mm, 2.5 * mm,
                            stroke=1, fill=0)
                return
            c.setFillColorRGB(*rgb)
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            c.setFillColorRGB(*PAPER)
            c.roundRect(PANEL.x * mm, PANEL.y * mm, PANEL.w * mm, PANEL.h * mm, 2.5 * mm,
                        stroke=0, fill=1)
        face.paint(stamp(("cartographers-frame", rgb, ink), paint, OVERSIZE))

    def _banner(self, face: Face, name: str, source: TextSource, rgb: RGB) -> None:
        bg = WHITE if self.ink else rgb
        mm = MM_TO_PT

        def paint(c: Any, ctx: Ctx) -> None:
            if self.ink:
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(0.6 * mm)
                c.line((BANNER.x + 2) * mm, BANNER.y * mm, (BANNER.right - 2) * mm,
                       BANNER.y * mm)
                return
            c.setFillColorRGB(*rgb)
            c.roundRect(BANNER.x * mm, BANNER.y * mm, BANNER.w * mm, BANNER.h * mm, 2.5 * mm,
                        stroke=0, fill=1)
        face.paint(paint)
        face.text(name, Frame("name", BANNER.x + 1.0, BANNER.y + 0.6, BANNER.w - 2.0,
                              BANNER.h - 1.2, NAME_STYLE, max_lines=1, background=bg),
                  source, colour=on(bg))

    def _badge(self, face: Face, name: str, box: Box, text: str, rgb: RGB,
               painter: Callable[[Any, float, float, float], None] | None = None,
               style: TextStyle = BADGE_STYLE, source: TextSource | None = None) -> None:
        """A round badge with a number or letter; ``painter`` adds a glyph in its upper part
        (the number then sits in the lower part)."""
        mm = MM_TO_PT
        cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h) / 2

        def paint(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*WHITE)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.8 * mm)
            c.circle(cx * mm, cy * mm, (r - 0.4) * mm, stroke=1, fill=1)
            if painter is not None:
                painter(c, cx * mm, (cy + r * 0.45) * mm, r * 0.7 * mm)
        face.shape(Shape(name, box, "circle"), paint)
        inner = r * 1.2
        if painter is None:
            frame = Box(cx - inner / 2, cy - inner / 2, inner, inner)
        else:
            frame = Box(cx - inner / 2, cy - r * 0.72, inner, r * 0.92)
        face.text(text, Frame(f"{name}-text", frame.x, frame.y, frame.w, frame.h, style,
                              max_lines=1, background=WHITE), source, colour=INK)

    def _foot(self, face: Face, kind: str, number: int | None) -> None:
        """The bottom line: the card's kind (left) and its number (right)."""
        sid = f"kind-{kind}"
        face.text(self.loc.string(sid), Frame("kind", X0, 3.8, TW * 0.7, 5.0, FOOT_STYLE,
                                              max_lines=1, background=self.body),
                  _s(sid), colour=(0.35, 0.3, 0.25))
        if number is not None:
            face.text(f"{number:02d}", Frame("number", X0 + TW * 0.7, 3.8, TW * 0.3, 5.0,
                                             NUMBER_STYLE, max_lines=1, background=self.body),
                      None, colour=(0.35, 0.3, 0.25))

    def _shape(self, face: Face, i: int, grid: list[str], terrains: list[str], area: Box,
               coin: bool) -> Box:
        """Shape option ``i`` in ``area``; a coin beside it (in its top right corner)."""
        coin_w = 6.5
        box = fit_grid(grid, Box(area.x, area.y, area.w - (coin_w if coin else 0), area.h))
        face.shape(Shape(f"shape-{i}", box), stamp(("grid", tuple(grid), tuple(terrains), box),
                                                   grid_painter(grid, terrains, box), box))
        if coin:
            cb = Box(box.right + 0.6, box.top - 5.8, 5.8, 5.8)
            mm = MM_TO_PT
            face.shape(Shape(f"coin-{i}", cb, "circle"),
                       lambda c, ctx, cb=cb: theme.coin(c, (cb.x + cb.w / 2) * mm,
                                                        (cb.y + cb.h / 2) * mm, cb.w * mm))
        return box

    def _or(self, face: Face, box: Box, name: str = "or") -> None:
        face.text(self.loc.string("or"), Frame(name, box.x, box.y, box.w, box.h,
                                               TextStyle(ITALIC, 8.5, 5.0, align="center"),
                                               max_lines=1, background=self.body),
                  _s("or"), colour=INK)

    def _terrains(self, face: Face, terrains: list[str], y: float) -> None:
        """The terrain options: a swatch (colour and glyph) and its name each, "or" between
        two options. A card without terrains (an error CAR004 reports) shows none."""
        n = len(terrains)
        if n == 0:
            return
        gap = 9.0 if n == 2 else 0.0
        slot = (TW - gap * (n - 1)) / n if n <= 2 else TW / n
        if n == 1:
            slot = 24.0
        x = X0 + (TW - (slot * n + gap * (n - 1))) / 2
        sw = min(8.0, slot - 2.0)
        mm = MM_TO_PT
        for i, t in enumerate(terrains):
            bx = Box(x + (slot - sw) / 2, y + 5.0, sw, sw)
            face.shape(Shape(f"terrain-{i}", bx),
                       lambda c, ctx, bx=bx, t=t: theme.space(c, t, bx.x * mm, bx.y * mm,
                                                              bx.w * mm, GRID_LINE * mm))
            sid = f"terrain-{t}"
            face.text(self.loc.string(sid), Frame(f"terrain-{i}-name", x, y, slot, 4.6,
                                                  LABEL_STYLE, max_lines=1,
                                                  background=self.body), _s(sid), colour=INK)
            if n == 2 and i == 0:
                self._or(face, Box(x + slot, y + 5.0, gap, sw), "terrain-or")
            x += slot + gap

    # -- fronts ------------------------------------------------------------------------------
    def explore(self, card: ExploreCard) -> Face:
        """An explore card: a terrain card or a ruins card."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["explore"]
        self._frame(face, rgb)
        src = TextSource("explore", card.id, "name")
        name = self.loc.text("explore", card.id, "name")
        if card.kind == "ruins":
            self._banner(face, name, src, rgb)
            mm = MM_TO_PT
            big = Box(DESIGN_W / 2 - 13, 40.0, 26.0, 26.0)
            face.shape(Shape("ruins", big),
                       lambda c, ctx: theme.glyph(c, "ruins", (big.x + big.w / 2) * mm,
                                                  (big.y + big.h / 2) * mm, big.w * mm * 1.3,
                                                  INK))
            face.text(self.loc.string("ruins-text"),
                      Frame("text", X0, 11.0, TW, 27.0, TEXT_STYLE, background=self.body),
                      _s("ruins-text"), colour=INK)
            self._foot(face, "ruins", card.number)
            return face
        self._banner(face, name, src, rgb)
        self._badge(face, "time", Box(4.0, 75.6, 10.0, 10.0), str(card.time), rgb,
                    painter=lambda c, x, y, s: theme.hourglass(c, x, y, s, rgb),
                    style=TextStyle(BOLD, 10.0, 6.0, align="center"))
        self._terrains(face, list(card.terrains), 61.5)
        rift = len(card.shapes) == 1 and len(card.terrains) > 2
        bottom = 30.0 if rift else 12.0
        area = Box(X0, bottom, TW, 58.0 - bottom)
        if len(card.shapes) == 1:
            opt = card.shapes[0]
            self._shape(face, 0, opt.grid, list(card.terrains), area, opt.coin)
        else:
            gap = 8.0
            w = (area.w - gap) / 2
            for i, opt in enumerate(card.shapes):
                sub = Box(area.x + i * (w + gap), area.y, w, area.h)
                self._shape(face, i, opt.grid, list(card.terrains), sub, opt.coin)
            self._or(face, Box(area.x + w, area.y + area.h / 2 - 3.0, gap, 6.0))
        if rift:
            face.text(self.loc.string("rift-text"),
                      Frame("text", X0, 11.0, TW, 18.0, TEXT_STYLE, background=self.body),
                      _s("rift-text"), colour=INK)
        self._foot(face, "explore", card.number)
        return face

    def ambush(self, card: AmbushCard) -> Face:
        """An ambush card: the monster's shape, the way sheets are passed, the solo corner."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["ambush"]
        self._frame(face, rgb)
        self._banner(face, self.loc.text("ambush", card.id, "name"),
                     TextSource("ambush", card.id, "name"), rgb)
        self._shape(face, 0, card.grid, ["monster"], Box(X0, 47.0, TW, 26.0), False)
        mm = MM_TO_PT
        arrow = Box(X0, 35.0, 10.0, 10.0)
        clockwise = card.passes == "clockwise"
        face.shape(Shape("pass", arrow),
                   lambda c, ctx: theme.pass_arrow(c, clockwise, (arrow.x + 5) * mm,
                                                   (arrow.y + 5) * mm, 10 * mm, INK))
        sid = f"pass-{card.passes}"
        # the direction beside its arrow, read as one line from the arrow on (centred in what
        # the arrow leaves, a short text stood apart from it and a long one crowded the text)
        face.text(self.loc.string(sid), Frame("pass-text", X0 + 12.0, 35.0, TW - 12.0, 10.0,
                                              TextStyle(BOLD, 10.0, 6.0, align="left"),
                                              max_lines=2, background=self.body),
                  _s(sid), colour=INK)
        face.text(self.loc.string("ambush-text"),
                  Frame("text", X0, 17.0, TW, 16.0, TEXT_STYLE, background=self.body),
                  _s("ambush-text"), colour=INK)
        corner = Box(X0, 10.0, 6.0, 6.0)
        face.shape(Shape("solo-corner", corner),
                   lambda c, ctx: theme.solo_corner(c, card.corner, (corner.x + 3) * mm,
                                                    (corner.y + 3) * mm, 6 * mm, rgb))
        face.text(self.loc.string("solo-corner"),
                  Frame("solo-corner-text", X0, 10.0, TW, 6.0,
                        TextStyle(REGULAR, 7.5, 5.0, align="left"), max_lines=1,
                        background=self.body), _s("solo-corner"), colour=INK)
        self._foot(face, "ambush", card.number)
        return face

    def season(self, season: Season) -> Face:
        """A season card: its time threshold and the two edicts it scores."""
        face = Face(season.id, DESIGN_W, DESIGN_H)
        rgb = SEASON_RGB.get(season.id, KIND_RGB["season"])
        self._frame(face, rgb)
        self._banner(face, self.loc.text("seasons", season.id, "name"),
                     TextSource("seasons", season.id, "name"), rgb)
        mm = MM_TO_PT
        glass = Box(13.0, 50.0, 14.0, 18.0)
        face.shape(Shape("hourglass", glass),
                   lambda c, ctx: theme.hourglass(c, (glass.x + 7) * mm, (glass.y + 9) * mm,
                                                  18 * mm, rgb))
        face.text(str(season.time), Frame("time", 29.0, 49.0, 22.0, 20.0,
                                          TextStyle(BOLD, 34.0, 16.0, align="center"),
                                          max_lines=1, background=self.body), None, colour=INK)
        for i, letter in enumerate(season.edicts):
            box = Box(14.0 + i * 23.5, 32.0, 12.0, 12.0)
            sid = f"edict-letter-{letter.lower()}"  # each locale's letters (Greek Α Β Γ Δ)
            self._badge(face, f"edict-{i}", box, self.loc.string(sid, default=letter),
                        KIND_RGB["edict"],
                        source=_s(sid))
            if i == 0:
                plus = Box(27.5, 35.5, 8.5, 5.0)
                face.paint(lambda c, ctx, p=plus: _plus(c, p))
        face.text(self.loc.string("season-text", season.time),
                  Frame("text", X0, 11.0, TW, 19.0, TEXT_STYLE, background=self.body),
                  _s("season-text"), colour=INK)
        self._foot(face, "season", None)
        return face

    def edict(self, edict: Edict) -> Face:
        """An edict card: its letter and the seasons that score it."""
        face = Face(edict.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["edict"]
        self._frame(face, rgb)
        self._banner(face, self.loc.text("edicts", edict.id, "name"),
                     TextSource("edicts", edict.id, "name"), rgb)
        sid = f"edict-letter-{edict.letter.lower()}"
        self._badge(face, "letter", Box(DESIGN_W / 2 - 13, 41.0, 26.0, 26.0),
                    self.loc.string(sid, default=edict.letter),
                    rgb, style=TextStyle(BOLD, 40.0, 20.0, align="center"), source=_s(sid))
        face.text(self.loc.string("edict-text"),
                  Frame("text", X0, 27.0, TW, 12.0, TEXT_STYLE, background=self.body),
                  _s("edict-text"), colour=INK)
        face.text(self.loc.string("edict-seasons"),
                  Frame("seasons-label", X0, 20.0, TW, 5.5,
                        TextStyle(ITALIC, 8.0, 5.0, align="center"), max_lines=1,
                        background=self.body), _s("edict-seasons"), colour=INK)
        seasons = [rec for rec in self.content.of("seasons") if edict.letter in rec.obj.edicts]
        seasons.sort(key=lambda rec: rec.obj.order)
        n = max(1, len(seasons))
        w = TW / n
        for i, rec in enumerate(seasons):
            face.text(self.loc.text("seasons", rec.id, "name"),
                      Frame(f"season-{i}", X0 + i * w, 12.0, w, 7.0,
                            TextStyle(BOLD, 10.0, 6.0, align="center"), max_lines=1,
                            background=self.body),
                      TextSource("seasons", rec.id, "name"), colour=INK)
        self._foot(face, "edict", None)
        return face

    def scoring(self, card: ScoringCard) -> Face:
        """A scoring card: its stack, name, rule text and solo value."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = STACK_RGB[card.stack]
        self._frame(face, rgb)
        if card.art is not None:  # the rule text flows under the art
            ArtKit.of(self.content, self.loc).place(face, ART, card.art, TextSource(
                "scoring", card.id, "art"), ART_CREDIT, self.body)
        self._banner(face, self.loc.text("scoring", card.id, "name"),
                     TextSource("scoring", card.id, "name"), rgb)
        mm = MM_TO_PT
        band_bg = WHITE if self.ink else theme.tint(rgb, 0.78)

        def band(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*band_bg)
            c.rect(BAND.x * mm, BAND.y * mm, BAND.w * mm, BAND.h * mm, stroke=0, fill=1)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.4 * mm)
            c.line(BAND.x * mm, BAND.y * mm, BAND.right * mm, BAND.y * mm)
        face.paint(band)
        g = Box(BAND.x + 2.0, BAND.y + 0.6, 5.0, 5.0)
        glyph = STACK_GLYPH[card.stack]
        face.shape(Shape("stack-glyph", g),
                   lambda c, ctx: theme.glyph(c, glyph, (g.x + 2.5) * mm, (g.y + 2.5) * mm,
                                              5.0 * mm * 1.4, rgb))
        sid = f"stack-{card.stack}"
        face.text(self.loc.string(sid), Frame("stack", BAND.x + 8.0, BAND.y + 0.5, 28.0, 5.2,
                                              TextStyle(BOLD, 7.5, 5.0, align="left"),
                                              max_lines=1, background=band_bg),
                  _s(sid), colour=INK)
        face.text(self.loc.string("kind-scoring"),
                  Frame("kind", BAND.x + 37.0, BAND.y + 0.5, BAND.w - 39.0, 5.2,
                        TextStyle(ITALIC, 7.0, 5.0, align="right"), max_lines=1,
                        background=band_bg), _s("kind-scoring"), colour=INK)
        face.text(self.loc.text("scoring", card.id, "text"),
                  Frame("text", X0, 18.0, TW, 48.0, TextStyle(REGULAR, 12.0, 6.0,
                                                              align="center"),
                        background=self.body),
                  TextSource("scoring", card.id, "text"), colour=INK)
        self._badge(face, "solo", Box(4.5, 4.5, 11.0, 11.0), str(card.solo), rgb,
                    style=TextStyle(BOLD, 11.0, 6.0, align="center"))
        face.text(self.loc.string("solo-value"),
                  Frame("solo-label", 17.0, 6.0, 25.0, 8.0,
                        TextStyle(ITALIC, 8.0, 5.0, align="left"), max_lines=1,
                        background=self.body), _s("solo-value"), colour=INK)
        face.text(f"{card.number:02d}", Frame("number", 42.0, 3.8, DESIGN_W - 48.0, 5.0,
                                             NUMBER_STYLE, max_lines=1, background=self.body),
                  None, colour=(0.35, 0.3, 0.25))
        return face

    # -- backs -------------------------------------------------------------------------------
    def back(self, kind: str, rgb: RGB, stack: str | None = None) -> Face:
        """A card back: a compass rose under the game's name, the kind (and scoring stack)."""
        face = Face(f"back-{stack or kind}", DESIGN_W, DESIGN_H)
        ink = self.ink
        bg = WHITE if ink else rgb
        accent = rgb if ink else theme.tint(rgb, 0.75)

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            c.setFillColorRGB(*bg)
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            c.setStrokeColorRGB(*accent)
            c.setLineWidth(0.7 * mm)
            c.roundRect(5 * mm, 5 * mm, (DESIGN_W - 10) * mm, (DESIGN_H - 10) * mm, 3 * mm,
                        stroke=1, fill=0)
            c.setLineWidth(0.3 * mm)
            c.roundRect(6.5 * mm, 6.5 * mm, (DESIGN_W - 13) * mm, (DESIGN_H - 13) * mm,
                        2 * mm, stroke=1, fill=0)
            theme.compass(c, ctx.w / 2, 40 * mm, 40 * mm, accent)
        face.paint(stamp(("cartographers-back", rgb, ink), paint, OVERSIZE))
        face.text(self.title, Frame("back-title", 8, 64, DESIGN_W - 16, 15,
                                    TextStyle(BOLD, 20, 10, align="center"), max_lines=2,
                                    background=bg), self.title_src, colour=on(bg))
        if stack is not None:
            mm = MM_TO_PT
            disc = Box(DESIGN_W / 2 - 8, 32.0, 16.0, 16.0)
            glyph = STACK_GLYPH[stack]

            def medal(c: Any, ctx: Ctx) -> None:
                c.setFillColorRGB(*WHITE)
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(0.6 * mm)
                c.circle((disc.x + 8) * mm, (disc.y + 8) * mm, 7.6 * mm, stroke=1, fill=1)
                theme.glyph(c, glyph, (disc.x + 8) * mm, (disc.y + 8) * mm, 16 * mm, rgb)
            face.shape(Shape("stack-glyph", disc, "circle"), medal)
            sid = f"stack-{stack}"
            face.text(self.loc.string(sid), Frame("back-stack", 8, 16.5, DESIGN_W - 16, 7,
                                                  TextStyle(BOLD, 11, 6, align="center"),
                                                  max_lines=1, background=bg),
                      _s(sid), colour=on(bg))
        sid = f"kind-{kind}"
        face.text(self.loc.string(sid), Frame("back-kind", 8, 9.0, DESIGN_W - 16, 7,
                                              TextStyle(ITALIC, 10, 6, align="center"),
                                              max_lines=1, background=bg),
                  _s(sid), colour=on(bg))
        return face


def _plus(c: Any, box: Box) -> None:
    mm = MM_TO_PT
    cx, cy, s = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm, min(box.w, box.h) * mm
    c.setFillColorRGB(*INK)
    c.rect(cx - 0.4 * s, cy - 0.08 * s, 0.8 * s, 0.16 * s, stroke=0, fill=1)
    c.rect(cx - 0.08 * s, cy - 0.4 * s, 0.16 * s, 0.8 * s, stroke=0, fill=1)


def cards(printer: CartographersPrinter) -> list[PrintCard]:
    """Every card of the game, one copy each, in deck order: explore (ruins included), ambush,
    seasons, edicts, scoring; each with its back and its pile (:func:`pile_names`)."""
    content, loc = printer.content, printer.loc
    explore_back = (lambda: printer.back("explore", KIND_RGB["explore"]))
    out = [PrintCard("setup", loc.string("kind-setup"),
                     lambda: setup_face(printer, (DESIGN_W, DESIGN_H), X0, TW, BANNER.y),
                     lambda: printer.back("setup", KIND_RGB["setup"]), pile="setup")]
    for rec in sorted(content.of("explore"), key=lambda r: r.obj.number):
        out.append(PrintCard(rec.id, loc.text("explore", rec.id, "name"),
                             lambda c=rec.obj: printer.explore(c), explore_back, pile="explore"))
    for rec in sorted(content.of("ambush"), key=lambda r: r.obj.number):
        out.append(PrintCard(rec.id, loc.text("ambush", rec.id, "name"),
                             lambda c=rec.obj: printer.ambush(c), explore_back, pile="ambush"))
    season_back = (lambda: printer.back("season", KIND_RGB["season"]))
    for rec in sorted(content.of("seasons"), key=lambda r: r.obj.order):
        out.append(PrintCard(rec.id, loc.text("seasons", rec.id, "name"),
                             lambda s=rec.obj: printer.season(s), season_back, pile="season"))
    edict_back = (lambda: printer.back("edict", KIND_RGB["edict"]))
    for rec in sorted(content.of("edicts"), key=lambda r: r.obj.letter):
        out.append(PrintCard(rec.id, loc.text("edicts", rec.id, "name"),
                             lambda e=rec.obj: printer.edict(e), edict_back, pile="edict"))
    for rec in sorted(content.of("scoring"), key=lambda r: r.obj.number):
        stack = rec.obj.stack
        out.append(PrintCard(rec.id, loc.text("scoring", rec.id, "name"),
                             lambda c=rec.obj: printer.scoring(c),
                             lambda s=stack: printer.back("scoring", STACK_RGB[s], s),
                             pile=f"scoring-{stack}"))
    return out


def print_decks(content: GameContent, loc: Localizer, units: str = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """The decks of ``decks.yaml`` (without one, a ``base`` deck at the design size): every
    card of the game with its own back (``ink_saver``: white cards, coloured rules)."""
    printer = CartographersPrinter(content, loc, ink_saver)
    declared = [(rec.id, loc.text("decks", rec.id, "name"), rec.obj.mm)
                for rec in content.of("decks")] or [("base", printer.title, (DESIGN_W, DESIGN_H))]
    return [PrintDeck(deck_id, name, size, cards(printer), strings=loc.string, locale=loc.code,
                      pile_names=pile_names(content, loc))
            for deck_id, name, size in declared]


def pile_names(content: GameContent, loc: Localizer) -> dict[str, str]:
    """The piles' names in the locale: the kinds' names, the scoring stacks' names."""
    stacks = {f"scoring-{r.obj.stack}": f"stack-{r.obj.stack}" for r in content.of("scoring")}
    kinds = {k: f"kind-{k}" for k in ("setup", "explore", "ambush", "season", "edict")}
    return {pile: loc.string(sid) for pile, sid in (kinds | stacks).items()}
