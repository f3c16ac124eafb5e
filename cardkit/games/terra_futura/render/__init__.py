"""Terra Futura's card templates: territory cards (start, level I, level II), scoring cards,
help cards and their five backs, built as :class:`~cardkit.pdf.layout.Face` display lists.

Every card is a 63.5 x 88.9 mm design (scaled to the deck's size) with a frame in its kind's
colour. A territory card shows, from the top: its level mark (a house on starting cards, the
numeral on level cards; the first player's star on the one ``first`` starting card), its
pollution slots as empty squares in the top right corner, its name, its options as rows of
icons ``pay → gain`` with the option's pollution as cubes on the output side (two options are
separated by a rule), and its storage limit ("max 3") in a small box. A scoring card shows its
activation pattern on a 3×3 grid (filled squares for the positions) and its scoring method:
the combination as icons, "= N" and "per set". Icons and count texts are layout shapes and
frames, so every text flows around them and the fit check (TF020) sees every printed string;
every text comes from the content through the :class:`~cardkit.i18n.lookup.Localizer`.

After the cards the deck prints two pages of its own (:func:`extra_pages`): the icon legend
(:mod:`.legend`) and the cubes-and-tokens sheet (:mod:`.tokens`), the box's pieces to cut out.
Option rows live in :mod:`.rows`, the marks shared with the legend in :mod:`.marks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.art import ArtKit
from ....pdf.deck import PageBuilder, PrintCard, PrintDeck
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import (RGB, Ctx, Face, Frame, Shape, TextSource, named_title, readable_on,
                           stamp, tint)
from ....text.runs import TextStyle
from . import icons, marks
from .icons import Palette
from .legend import legend_page
from .pages import PageContext
from .tokens import token_pages
from .rows import GAP_W, STEP_W, Token, amount_tokens, icon_size, option_rows
from ..model import HelpCard, ScoringCard, TerritoryCard
from .theme import (
    DESIGN_H,
    DESIGN_W,
    INK,
    KIND_RGB,
    KIND_STRING,
    LINE,
    MAX_ICON,
    PAPER,
    PATTERN_CELL,
    SLOT,
    WHITE,
)

PANEL = Box(3.0, 3.0, DESIGN_W - 6.0, DESIGN_H - 6.0)
#: The name banner of a territory card (below the row of marks) and of the other cards.
NAME_BAND = Box(3.0, 66.0, DESIGN_W - 6.0, 9.8)
TOP_BANNER = Box(3.0, 75.2, DESIGN_W - 6.0, 10.7)
LEVEL_BADGE = Box(4.6, 76.6, 9.2, 9.2)
STAR = Box(15.0, 77.6, 7.6, 7.6)
STORAGE = Box(41.5, 4.6, 16.5, 6.6)
OVERSIZE = Box(-30.0, -30.0, DESIGN_W + 60.0, DESIGN_H + 60.0)
X0, TW = 6.0, DESIGN_W - 12.0
#: A help card's art frame (design mm) at the foot of its text, and its credit line.
HELP_ART, HELP_CREDIT = Box(X0, 10.4, TW, 24.0), Box(X0, 7.0, TW, 3.0)
NAME_STYLE = TextStyle(BOLD, 11.5, 7.0, align="center")
HEAD_STYLE = TextStyle(ITALIC, 8.5, 5.0, align="center")
COUNT_STYLE = TextStyle(BOLD, 12.0, 5.0, align="right")
FOOT_STYLE = TextStyle(ITALIC, 7.5, 5.0, align="left")
NUMBER_STYLE = TextStyle(BOLD, 7.5, 5.0, align="right")
ROMAN = {"I": "I", "II": "II"}
FOOT_INK: RGB = (0.35, 0.33, 0.3)

def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


class TerraFuturaPrinter:
    """Builds Terra Futura's card faces in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.palette = Palette(content)
        self.title, self.title_src = named_title(content, loc, ("decks", "rules"))
        self.pages = PageContext(content, loc, self.palette, ink_saver, self.title,
                                 self.title_src)

    # -- pieces ------------------------------------------------------------------------------
    @property
    def body(self) -> RGB:
        """The colour of a card's writing surface."""
        return WHITE if self.ink else PAPER

    def _frame(self, face: Face, rgb: RGB) -> None:
        ink = self.ink

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            if ink:  # white card, the kind's colour as an outline
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
        face.paint(stamp(("terra-futura-frame", rgb, ink), paint, OVERSIZE))

    def _banner(self, face: Face, box: Box, name: str, source: TextSource, rgb: RGB) -> None:
        mm, ink = MM_TO_PT, self.ink
        bg = self.body if ink else rgb

        def paint(c: Any, ctx: Ctx) -> None:
            if ink:
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(0.6 * mm)
                c.line((box.x + 2) * mm, box.y * mm, (box.right - 2) * mm, box.y * mm)
                return
            c.setFillColorRGB(*rgb)
            c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 2.0 * mm, stroke=0,
                        fill=1)
        face.paint(paint)
        face.text(name, Frame("name", box.x + 1.5, box.y + 0.6, box.w - 3.0, box.h - 1.2,
                              NAME_STYLE, max_lines=2, background=bg), source, colour=readable_on(bg))

    def _foot(self, face: Face, kind: str, number: int | None = None) -> None:
        sid = KIND_STRING[kind]
        face.text(self.loc.string(sid), Frame("kind", X0, 4.0, TW * 0.55, 5.0, FOOT_STYLE,
                                              max_lines=1, background=self.body),
                  _s(sid), colour=FOOT_INK)
        if number is not None:
            face.text(f"{number:02d}", Frame("number", X0 + TW * 0.6, 4.0, TW * 0.4, 5.0,
                                             NUMBER_STYLE, max_lines=1, background=self.body),
                      None, colour=FOOT_INK)

    def _badge(self, face: Face, name: str, box: Box, rgb: RGB, text: str | None,
               mark: Callable[[Any, float, float, float], None] | None = None,
               size: float = 12.0) -> None:
        """A round badge in ``rgb`` with a numeral (a text it holds) or a drawn mark."""
        marks.badge(face, name, box, rgb, text, mark, size)

    def tokens(self, face: Face, prefix: str, row: list[Token], area: Box,
               bg: RGB | None = None, max_icon: float = MAX_ICON) -> list[Box]:
        """Lay out a row of tokens centred in ``area``: icons and the arrow as shapes, counts
        and labels as texts (fit-checked); returns the icons' boxes in order."""
        if not row:
            return []
        bg = self.body if bg is None else bg
        units = sum(w for _, _, w in row) + STEP_W * (len(row) - 1)
        s = icon_size(row, area, max_icon)
        x = area.x + (area.w - units * s) / 2
        y = area.y + (area.h - s) / 2
        mm = MM_TO_PT
        boxes = []
        for j, (kind, value, w) in enumerate(row):
            box = Box(x, y, w * s, s)
            cx, cy = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm
            if kind == "icon":
                icon = self.palette.icon(value)
                face.shape(Shape(f"{prefix}-{value}-{j}", box, pad=0.3),
                           lambda c, ctx, i=icon, cx=cx, cy=cy:
                           icons.draw_icon(c, i, cx, cy, s * mm))
                boxes.append(box)
            elif kind == "arrow":
                face.shape(Shape(f"{prefix}-arrow", box, pad=0.3),
                           lambda c, ctx, cx=cx, cy=cy: icons.arrow(c, cx, cy, s * mm))
            elif kind in ("count", "label"):
                style = COUNT_STYLE if kind == "count" else \
                    TextStyle(BOLD, 14.0, 6.0, align="left")
                face.text(value, Frame(f"{prefix}-{kind}-{j}", box.x, box.y, box.w, box.h,
                                       style, max_lines=1, background=bg), None, colour=INK)
            x += (w + STEP_W) * s
        return boxes

    # -- territory cards ---------------------------------------------------------------------
    def territory(self, card: TerritoryCard) -> Face:
        """A starting, level I or level II card."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB[card.level]
        self._frame(face, rgb)
        if card.level == "start":
            self._badge(face, "level", LEVEL_BADGE, rgb, None,
                        lambda c, x, y, s: icons.house(c, x, y, s, WHITE))
        else:
            self._badge(face, "level", LEVEL_BADGE, rgb, ROMAN[card.level], size=11.0)
        if card.first:
            mm = MM_TO_PT
            face.shape(Shape("first-player", STAR, "circle"),
                       lambda c, ctx: icons.star(c, (STAR.x + STAR.w / 2) * mm,
                                                 (STAR.y + STAR.h / 2) * mm, STAR.w * mm))
            face.text(self.loc.string("first-player"),
                      Frame("first-label", STAR.right + 0.8, 77.0, 17.0, 8.6,
                            TextStyle(ITALIC, 7.5, 4.5, align="left"), max_lines=2,
                            background=self.body), _s("first-player"), colour=INK)
        for k, box in enumerate(slot_boxes(card.slots)):
            face.shape(Shape(f"slot-{k}", box), lambda c, ctx, b=box: _slot(c, b))
        self._banner(face, NAME_BAND, self.loc.text("cards", card.id, "name"),
                     TextSource("cards", card.id, "name"), rgb)
        rows = option_rows(card, self.palette.pollution_id)
        size = min((icon_size(r, a) for r, a in rows), default=MAX_ICON)
        for i, (row, area) in enumerate(rows):
            self.tokens(face, f"option-{i}", row, area, max_icon=size)  # one size per card
            if i:
                face.paint(lambda c, ctx, y=area.top + 2.0: _rule(c, y))
        if card.storage is not None:
            self._storage(face, card.storage)
        self._foot(face, card.level)
        return face

    def _storage(self, face: Face, limit: int) -> None:
        marks.storage_box(face, "storage", STORAGE, self.loc.string("storage-max", limit),
                          _s("storage-max"))

    # -- scoring and help cards ----------------------------------------------------------------
    def scoring(self, card: ScoringCard) -> Face:
        """A scoring card: the activation pattern on a 3×3 grid and the scoring method."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["scoring"]
        self._frame(face, rgb)
        self._banner(face, TOP_BANNER, self.loc.text("scoring", card.id, "name"),
                     TextSource("scoring", card.id, "name"), rgb)
        self._heading(face, "pattern", 68.6)
        grid = pattern_box()
        face.shape(Shape("pattern", grid), lambda c, ctx: _grid(c, grid))
        for r, col in pattern_cells(card.pattern):
            cell = cell_box(grid, r, col)
            face.shape(Shape(f"pattern-x-{r}-{col}", cell, pad=0.0),
                       lambda c, ctx, b=cell: _filled(c, b, rgb))
        face.paint(lambda c, ctx: _rule(c, 38.6))
        self._heading(face, "method", 31.8)
        row = amount_tokens(card.combination) + \
            [("gap", "", GAP_W), ("label", f"= {card.points}", 2.0)]
        self.tokens(face, "method", row, Box(5.0, 20.5, DESIGN_W - 10.0, 10.0))
        face.text(self.loc.string("per-set"), Frame("per-set", X0, 12.5, TW, 6.5,
                                                    TextStyle(ITALIC, 10.0, 5.5,
                                                              align="center"),
                                                    max_lines=1, background=self.body),
                  _s("per-set"), colour=INK)
        self._foot(face, "scoring", card.number)
        return face

    def _heading(self, face: Face, sid: str, y: float) -> None:
        face.text(self.loc.string(sid), Frame(f"{sid}-heading", X0, y, TW, 5.5, HEAD_STYLE,
                                              max_lines=1, background=self.body),
                  _s(sid), colour=INK)

    def help(self, card: HelpCard) -> Face:
        """A help card: its title and text."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["help"]
        self._frame(face, rgb)
        if card.art is not None:  # the text flows above the art
            ArtKit.of(self.content, self.loc).place(face, HELP_ART, card.art, TextSource(
                "help", card.id, "art"), HELP_CREDIT, self.body)
        self._banner(face, TOP_BANNER, self.loc.text("help", card.id, "name"),
                     TextSource("help", card.id, "name"), rgb)
        face.text(self.loc.text("help", card.id, "text"),
                  Frame("text", X0, 7.0, TW, 66.0, TextStyle(REGULAR, 9.5, 5.5, align="left"),
                        valign="top", background=self.body),
                  TextSource("help", card.id, "text"), colour=INK)
        return face

    # -- backs -------------------------------------------------------------------------------
    def back(self, kind: str) -> Face:
        """The back of a kind (``start``, ``I``, ``II``, ``scoring``, ``help``): the game's
        name, the kind's mark in a medallion and the kind's name."""
        face = Face(f"back-{kind.lower()}", DESIGN_W, DESIGN_H)
        rgb = KIND_RGB[kind]
        bg = WHITE if self.ink else rgb
        accent = rgb if self.ink else tint(rgb, 0.55)

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            c.setFillColorRGB(*bg)
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            c.setStrokeColorRGB(*accent)
            c.setLineWidth(0.7 * mm)
            c.roundRect(5 * mm, 5 * mm, (DESIGN_W - 10) * mm, (DESIGN_H - 10) * mm, 3 * mm,
                        stroke=1, fill=0)
            for k in range(3):  # the 3×3 territory, faintly
                c.setLineWidth(0.3 * mm)
                c.circle(ctx.w / 2, 42 * mm, (14.5 + 2.5 * k) * mm, stroke=1, fill=0)
        face.paint(stamp(("terra-futura-back", kind, self.ink), paint, OVERSIZE))
        medal = Box(DESIGN_W / 2 - 12, 30.0, 24.0, 24.0)
        marks = {"start": icons.house, "scoring": icons.mini_grid, "help": icons.info}
        mark = marks.get(kind)
        self._badge(face, "back-mark", medal, rgb,
                    ROMAN[kind] if mark is None else None,
                    None if mark is None else (lambda c, x, y, s: mark(c, x, y, s, WHITE)),
                    size=26.0)
        face.text(self.title, Frame("back-title", 8, 64, DESIGN_W - 16, 16,
                                    TextStyle(BOLD, 20, 10, align="center"), max_lines=2,
                                    background=bg), self.title_src, colour=readable_on(bg))
        sid = KIND_STRING[kind]
        face.text(self.loc.string(sid), Frame("back-kind", 8, 12.0, DESIGN_W - 16, 9,
                                              TextStyle(BOLD, 13, 6, align="center"),
                                              max_lines=1, background=bg),
                  _s(sid), colour=readable_on(bg))
        return face


# -- geometry (design mm) ------------------------------------------------------------------------

def slot_boxes(n: int) -> list[Box]:
    """The ``n`` pollution slots, right to left from the top right corner."""
    return [Box(PANEL.right - 1.2 - (k + 1) * SLOT - k * 1.2, 79.0, SLOT, SLOT)
            for k in range(n)]


def pattern_box() -> Box:
    """The 3×3 grid of a scoring card."""
    side = 3 * PATTERN_CELL
    return Box((DESIGN_W - side) / 2, 41.5, side, side)


def cell_box(grid: Box, row: int, col: int) -> Box:
    """Cell ``(row, col)`` (row 0 at the top) of the pattern grid."""
    return Box(grid.x + col * PATTERN_CELL, grid.top - (row + 1) * PATTERN_CELL, PATTERN_CELL,
               PATTERN_CELL)


def pattern_cells(pattern: list[str]) -> list[tuple[int, int]]:
    """The activated ``(row, col)`` positions of a pattern inside the 3×3 grid (a pattern that
    is not 3 by 3 is an error of the checks; what lies outside the grid is not drawn)."""
    return [(r, c) for r, row in enumerate(pattern[:3]) for c, ch in enumerate(row[:3])
            if ch == "X"]


def _slot(c: Any, box: Box) -> None:
    marks.slot(c, box)


def _rule(c: Any, y: float) -> None:
    marks.rule(c, X0 + 2, X0 + TW - 2, y)


def _grid(c: Any, grid: Box) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*LINE)
    c.setLineWidth(0.35 * mm)
    for r in range(3):
        for col in range(3):
            b = cell_box(grid, r, col)
            c.rect(b.x * mm, b.y * mm, b.w * mm, b.h * mm, stroke=1, fill=1)


def _filled(c: Any, box: Box, rgb: RGB) -> None:
    mm = MM_TO_PT
    inner = box.grow(-0.9)
    c.setFillColorRGB(*rgb)
    c.rect(inner.x * mm, inner.y * mm, inner.w * mm, inner.h * mm, stroke=0, fill=1)


#: The pile each kind of card lies in on the table: starting cards, decks I and II, scoring
#: and help cards (pile ids are slugs).
PILE = {"start": "start", "I": "level-i", "II": "level-ii", "scoring": "scoring",
        "help": "help"}


def cards(printer: TerraFuturaPrinter) -> list[PrintCard]:
    """Every card in deck order: starting cards (the first player's first), level I, level II,
    scoring cards by number, help cards (``copies`` each); each with its kind's back."""
    content, loc = printer.content, printer.loc
    backs = {kind: (lambda k=kind: printer.back(k)) for kind in KIND_RGB}
    territory = sorted(content.of("cards"),
                       key=lambda r: (("start", "I", "II").index(r.obj.level), not r.obj.first))
    out = [PrintCard(rec.id, loc.text("cards", rec.id, "name"),
                     lambda c=rec.obj: printer.territory(c), backs[rec.obj.level],
                     pile=PILE[rec.obj.level])
           for rec in territory]
    out += [PrintCard(rec.id, loc.text("scoring", rec.id, "name"),
                      lambda c=rec.obj: printer.scoring(c), backs["scoring"], pile="scoring")
            for rec in sorted(content.of("scoring"), key=lambda r: r.obj.number)]
    out += [PrintCard(rec.id, loc.text("help", rec.id, "name"),
                      lambda c=rec.obj: printer.help(c), backs["help"], count=rec.obj.copies,
                      pile="help")
            for rec in content.of("help")]
    return out


def print_decks(content: GameContent, loc: Localizer, units: str = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """The decks of ``decks.yaml`` (without one, a ``base`` deck at the design size): every
    card of the game with the back of its kind (``ink_saver``: white cards and backs, coloured
    outlines). ``units`` is unused: no text on the cards depends on it."""
    printer = TerraFuturaPrinter(content, loc, ink_saver)
    declared = [(rec.id, loc.text("decks", rec.id, "name"), rec.obj.mm)
                for rec in content.of("decks")] or [("base", printer.title, (DESIGN_W, DESIGN_H))]
    names = {PILE.get(kind, kind): loc.string(sid) for kind, sid in KIND_STRING.items()}
    return [PrintDeck(deck_id, name, size, cards(printer), strings=loc.string, locale=loc.code,
                      extra_pages=extra_pages(printer), pile_names=names)
            for deck_id, name, size in declared]


def extra_pages(printer: TerraFuturaPrinter) -> list[tuple[str, PageBuilder]]:
    """The pages printed after the cards: the icon legend, then the cubes-and-tokens sheet."""
    return [legend_page(printer.pages), *token_pages(printer.pages)]
