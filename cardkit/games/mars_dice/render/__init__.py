"""Mars Dice's card templates: projects (green, red, blue), corporations, bonus cards,
milestones and awards, and their five backs, built as :class:`~cardkit.pdf.layout.Face`
display lists.

Every card is a 63.5 x 88.9 mm design (scaled to the deck's size) with a frame in its kind's
colour. A **project** shows its cost in the top left corner as die-face icons (one icon per
symbol; each die colour its own shape, each face its letter), its VP in a ribbon in the top
right corner (green: scored when played; red: at the end, also said in the footer) and its
name on a band in its colour; below, by colour: the production dice in a brown band (green),
the effects one per row with a short text (red), the actions with their timing mark and word,
``pay → effects`` (blue; an action that costs nothing starts with the *gain* mark, an arrow out
of an empty ring, so what it gives never reads as a cost), then lasting effects ("When you
place an ocean: …") and the extra dice kept ("Keep 1 more die", a plural string). A
**corporation** has its starting bonus in a red band and its production in a brown band; a
**bonus card** its effects, lasting effects and end scoring; a **milestone** what it
counts, "at least N" and its VP; an **award** its symbol and the VP of each place. Icons are
layout shapes and every number or letter a text they hold (see :mod:`.rows`; the shared
pieces are in :mod:`.sections`), so the fit check (MD020) sees every printed string; every
text comes through the :class:`~cardkit.i18n.lookup.Localizer`. The print-and-play kit (icon
legend, turn summaries, tiles, tokens, paper dice: :mod:`.kit`) prints as extra pages of the
projects deck.
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
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, readable_on, stamp, tint
from ....text.runs import TextStyle
from . import icons
from ..model import Award, BonusCard, Corporation, Effect, Milestone, Project
from .kit import kit_pages
from .rows import icon_size, symbols
from .sections import (COST, HEAD_H, HEAD_STYLE, NAME_BAND, OVERSIZE, RIBBON_BOX, ROW_H, TOP_BANNER,
                       TW, X0, CardPieces)
from .theme import (DESIGN_H, DESIGN_W, INK, KIND_RGB, KIND_STRING, MIN_ICON, PRODUCTION,
                    PROJECT_RGB, PROJECT_STRING, RIBBON, START, VP_RGB, WHITE)

LINE_INK: RGB = (0.45, 0.43, 0.40)
#: A project's or corporation's art frame: this high (mm) at the top of the card's body, the
#: text column wide; the credit line under it.
ART_H, ART_CREDIT_H = 22.0, 3.4


class MarsDicePrinter(CardPieces):
    """Builds Mars Dice's card faces in one locale."""

    def project(self, card: Project) -> Face:
        """A green, red or blue project card."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = PROJECT_RGB.get(card.colour, KIND_RGB["project"])
        self._frame(face, rgb)
        self._cost(face, card.cost)
        if card.vp:
            self._ribbon(face, card.vp, card.vp_timing)
        self._name(face, NAME_BAND, "projects", card.id, rgb)
        body = Box(X0, 10.0, TW, NAME_BAND.y - 11.5)
        pieces: list[tuple[float, Callable[[Box], None]]] = []
        self._art_piece(face, pieces, "projects", card)
        if card.production:
            pieces.append((24.0, lambda b: self._dice_band(face, "production", "production",
                                                           card.production, b, PRODUCTION)))
        if card.effects:
            pieces.append((ROW_H * len(card.effects),
                           lambda b: self.effect_rows(face, "effect", card.effects, b,
                                                      self.body)))
        for k, a in enumerate(card.actions):
            pieces.append((HEAD_H + ROW_H,
                           lambda b, k=k, a=a: self._action(face, k, a.timing, a.pay,
                                                            a.effects, b)))
        self._lasting(face, pieces, card.triggers, card.storage)
        self.stack(face, body, pieces)
        end = card.vp and card.vp_timing == "end"
        self._foot(face, PROJECT_STRING.get(card.colour, "kind-project"),
                   "end-of-game" if end else None)
        return face

    def _art_piece(self, face: Face, pieces: list[tuple[float, Callable[[Box], None]]],
                   kind: str, obj: Any) -> None:
        """The object's art as the first piece of the card's body: :data:`ART_H` mm high and
        the text column wide (less only when the card is full), its credit line under it."""
        if obj.art is None:
            return
        kit = ArtKit.of(self.content, self.loc)

        def place(b: Box) -> None:
            kit.place(face, Box(b.x, b.y + ART_CREDIT_H, b.w, b.h - ART_CREDIT_H), obj.art,
                      TextSource(kind, obj.id, "art"), Box(b.x, b.y, b.w, ART_CREDIT_H - 0.4),
                      self.body)
        pieces.append((ART_H + ART_CREDIT_H, place))

    def _cost(self, face: Face, cost: dict[str, int]) -> None:
        """The cost as die-face icons, one per symbol; in two lines when one is too small."""
        mm = MM_TO_PT
        row = symbols(cost)
        one = icon_size(row, COST)
        if one >= MIN_ICON or len(row) < 4:
            lines = [row]
        else:
            flat = [t for t in row if t[0] == "face"]
            half = (len(flat) + 1) // 2
            lines = [flat[:half], flat[half:]]
        bg = WHITE

        def paint(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*bg)
            c.setStrokeColorRGB(*LINE_INK)
            c.setLineWidth(0.3 * mm)
            c.roundRect(COST.x * mm, COST.y * mm, COST.w * mm, COST.h * mm, 1.8 * mm,
                        stroke=1, fill=1)
        face.paint(paint)
        inner = COST.grow(-0.8)
        h = inner.h / len(lines)
        size = min(icon_size(line, Box(0, 0, inner.w, h)) for line in lines)
        offset = 0
        for i, line in enumerate(lines):
            area = Box(inner.x, inner.top - (i + 1) * h, inner.w, h)
            self.rows.lay(face, "cost", line, area, bg, max_icon=size, align="left",
                          first=offset)
            offset += len(line)

    def _ribbon(self, face: Face, vp: int, timing: str) -> None:
        mm, box = MM_TO_PT, RIBBON_BOX
        rgb = RIBBON.get(timing, VP_RGB)
        face.shape(Shape(f"vp-ribbon-{timing}", box, pad=0.3),
                   lambda c, ctx: icons.ribbon(c, box.x * mm, box.y * mm, box.w * mm,
                                               box.h * mm, rgb))
        face.text(str(vp), Frame("vp-number", box.x + 0.8, box.top - 6.6, box.w - 1.6, 6.0,
                                 TextStyle(BOLD, 14, 7, align="center"), max_lines=1,
                                 background=rgb), None, colour=readable_on(rgb))
        self._text(face, "vp-label", "vp", Box(box.x + 0.8, box.top - 9.4, box.w - 1.6, 2.8),
                   TextStyle(BOLD, 6.5, 4.0, align="center"), rgb)

    # -- corporations, bonus cards, milestones, awards ------------------------------------------
    def corporation(self, corp: Corporation) -> Face:
        """A corporation: the starting bonus (red band), production (brown band), abilities."""
        face = Face(corp.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["corporation"]
        self._frame(face, rgb)
        self._name(face, TOP_BANNER, "corporations", corp.id, rgb)
        pieces: list[tuple[float, Callable[[Box], None]]] = []
        self._art_piece(face, pieces, "corporations", corp)
        pieces += [
            (HEAD_H + 2.0 + ROW_H * len(corp.start),
             lambda b: self._effect_band(face, corp.start, b)),
            (22.0, lambda b: self._dice_band(face, "production", "production", corp.production,
                                             b, PRODUCTION))]
        self._lasting(face, pieces, corp.triggers, corp.storage)
        self.stack(face, Box(X0, 10.0, TW, TOP_BANNER.y - 11.5), pieces, rules=False)
        self._foot(face, "kind-corporation")
        return face

    def _effect_band(self, face: Face, effects: list[Effect], box: Box) -> None:
        bg = self._band(face, box, START)
        head = Box(box.x + 1.5, box.top - HEAD_H - 0.4, box.w - 3.0, HEAD_H)
        self._text(face, "start-head", "starting-bonus", head, HEAD_STYLE, bg)
        self.effect_rows(face, "start", effects,
                         Box(box.x + 1.5, box.y + 0.8, box.w - 3.0, head.y - box.y - 1.0), bg)

    def bonus(self, card: BonusCard) -> Face:
        """A bonus card: its effects, lasting effects and end-of-game scoring."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["bonus"]
        self._frame(face, rgb)
        self._name(face, TOP_BANNER, "bonus", card.id, rgb)
        pieces: list[tuple[float, Callable[[Box], None]]] = []
        if card.effects:
            pieces.append((ROW_H * len(card.effects),
                           lambda b: self.effect_rows(face, "effect", card.effects, b,
                                                      self.body)))
        self._lasting(face, pieces, card.triggers, 0)
        if card.end is not None:
            pieces.append((HEAD_H + ROW_H + 9.0, lambda b: self._end_score(face, card, b)))
        self.stack(face, Box(X0, 10.0, TW, TOP_BANNER.y - 11.5), pieces)
        self._foot(face, "kind-bonus")
        return face

    def _end_score(self, face: Face, card: BonusCard, box: Box) -> None:
        end = card.end
        assert end is not None
        self._text(face, "end-head", "end-score", Box(box.x, box.top - HEAD_H, box.w, HEAD_H),
                   HEAD_STYLE, self.body)
        icon_row, label, src, of_text, of_src = self.rows.measure(end.per)
        row_box = Box(box.x, box.top - HEAD_H - ROW_H, box.w, ROW_H)
        s = min(ROW_H - 1.0, 7.0)
        per_w = 16.0
        x = box.x + (box.w - (s + 1.0 + per_w + 1.0 + s)) / 2
        y = row_box.y + (row_box.h - s) / 2
        self.rows.token(face, "end-vp-any-0", "vp", str(end.vp), Box(x, y, s, s), self.body)
        per, per_src = self.rows.string("per") if end.every == 1 else \
            self.rows.string("per-n", end.every)
        face.text(per, Frame("end-per", x + s + 1.0, y, per_w, s,
                             TextStyle(ITALIC, 9, 5.5, align="center"), max_lines=1,
                             background=self.body), per_src, colour=INK)
        kind, value, _ = icon_row[0]
        self.rows.token(face, f"end-{kind}-{value or 'any'}-0", kind, value,
                        Box(x + s + per_w + 2.0, y, s, s), self.body)
        what = label if of_text is None else f"{label}: {of_text}"
        face.text(what, Frame("end-measure", box.x, box.y, box.w, row_box.y - box.y,
                              TextStyle(REGULAR, 8, 5.5, align="center"), max_lines=2,
                              background=self.body), src if of_text is None else None,
                  colour=INK)

    def milestone(self, card: Milestone) -> Face:
        """A milestone: what it counts, the threshold, its VP."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["milestone"]
        self._frame(face, rgb)
        self._name(face, TOP_BANNER, "milestones", card.id, rgb)
        icon_row, label, src, of_text, of_src = self.rows.measure(card.measure)
        kind, value, _ = icon_row[0]
        self.rows.token(face, f"measure-{kind}-{value or 'any'}-0", kind, value,
                        Box(DESIGN_W / 2 - 7.0, 52.0, 14.0, 14.0), self.body)
        face.text(label, Frame("measure", X0, 44.0, TW, 6.5,
                               TextStyle(BOLD, 9.5, 6.0, align="center"), max_lines=2,
                               background=self.body), src, colour=INK)
        if of_text is not None:
            face.text(of_text, Frame("measure-of", X0, 38.5, TW, 5.0,
                                     TextStyle(REGULAR, 9, 6, align="center"), max_lines=1,
                                     background=self.body), of_src, colour=INK)
        self._text(face, "threshold", "at-least", Box(X0, 29.0, TW, 8.5),
                   TextStyle(BOLD, 15, 8, align="center"), self.body, n=card.at_least,
                   colour=INK)
        self._text(face, "claim", "milestone-claim", Box(X0, 21.5, TW, 7.0),
                   TextStyle(ITALIC, 8, 5.5, align="center"), self.body, lines=2, colour=INK)
        vp = self.rules.milestone_vp if self.rules is not None else 0
        self._vp_line(face, "reward", vp, Box(X0, 11.0, TW, 9.0))
        self._foot(face, "kind-milestone")
        return face

    def award(self, card: Award) -> Face:
        """An award: its symbol, what it counts and the VP of each place."""
        face = Face(card.id, DESIGN_W, DESIGN_H)
        rgb = KIND_RGB["award"]
        self._frame(face, rgb)
        self._name(face, TOP_BANNER, "awards", card.id, rgb)
        self.rows.token(face, f"symbol-face-{card.symbol}-0", "face", card.symbol,
                        Box(DESIGN_W / 2 - 8.0, 55.0, 16.0, 16.0), self.body)
        name, src = self.rows.name("resources", card.symbol)
        face.text(name, Frame("symbol-name", X0, 48.5, TW, 5.5,
                              TextStyle(BOLD, 9.5, 6, align="center"), max_lines=1,
                              background=self.body), src, colour=INK)
        self._text(face, "most", "award-most", Box(X0, 37.0, TW, 10.5),
                   TextStyle(ITALIC, 8.5, 5.5, align="center"), self.body, lines=3, colour=INK)
        places = list(self.rules.award_vp) if self.rules is not None else []
        h = min(9.0, 24.0 / max(1, len(places)))
        for i, vp in enumerate(places[:3]):
            self._vp_line(face, f"place-{i + 1}", vp, Box(X0, 34.0 - (i + 1) * h, TW, h),
                          lead=f"place-{i + 1}")
        self._foot(face, "kind-award")
        return face

    # -- backs -------------------------------------------------------------------------------
    def back(self, kind: str) -> Face:
        """The back of a kind: the game's name, the kind's mark in a medallion, its name."""
        face = Face(f"back-{kind}", DESIGN_W, DESIGN_H)
        rgb = KIND_RGB[kind]
        bg = WHITE if self.ink else rgb
        accent = rgb if self.ink else tint(rgb, 0.45)

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            c.setFillColorRGB(*bg)
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            c.setStrokeColorRGB(*accent)
            c.setLineWidth(0.7 * mm)
            c.roundRect(5 * mm, 5 * mm, (DESIGN_W - 10) * mm, (DESIGN_H - 10) * mm, 3 * mm,
                        stroke=1, fill=0)
            c.setLineWidth(0.3 * mm)
            for k in range(3):  # Mars, faintly
                c.circle(ctx.w / 2, 42 * mm, (14.5 + 2.5 * k) * mm, stroke=1, fill=0)
        face.paint(stamp(("mars-dice-back", kind, self.ink), paint, OVERSIZE))
        medal = Box(DESIGN_W / 2 - 12, 30.0, 24.0, 24.0)
        mm = MM_TO_PT
        cx, cy, s = (medal.x + 12) * mm, (medal.y + 12) * mm, 13.0 * mm
        marks: dict[str, Callable[[Any], None]] = {
            "project": lambda c: icons.card(c, cx, cy, s, (0.24, 0.55, 0.25)),
            "corporation": lambda c: icons.tile(c, "city", cx, cy, s),
            "bonus": lambda c: icons.wild(c, self.palette.colours, cx, cy, s),
            "milestone": lambda c: icons.timing(c, "triangle", cx, cy, s, KIND_RGB["milestone"]),
            "award": lambda c: icons.face_icon(c, icons.DieLook("", KIND_RGB["award"],
                                                                "hexagon"), cx, cy, s),
        }

        def medallion(c: Any, ctx: Ctx) -> None:
            c.setFillColorRGB(*WHITE)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.6 * mm)
            c.circle(cx, cy, 11.5 * mm, stroke=1, fill=1)
            marks[kind](c)
        face.shape(Shape("back-mark", medal, "circle"), medallion)
        face.text(self.title, Frame("back-title", 8, 62, DESIGN_W - 16, 18,
                                    TextStyle(BOLD, 16, 8, align="center"), max_lines=3,
                                    background=bg), self.title_src, colour=readable_on(bg))
        self._text(face, "back-kind", KIND_STRING[kind], Box(8, 12.0, DESIGN_W - 16, 9),
                   TextStyle(BOLD, 13, 6, align="center"), bg)
        return face


def cards(printer: MarsDicePrinter) -> dict[str, list[PrintCard]]:
    """Every card by deck kind, in content order, each with its kind's back."""
    content, rows = printer.content, printer.rows
    backs = {kind: (lambda k=kind: printer.back(k)) for kind in KIND_RGB}

    def made(kind: str, back: str, build: Callable[[Any], Face]) -> list[PrintCard]:
        return [PrintCard(rec.id, rows.name(kind, rec.id)[0], lambda o=rec.obj: build(o),
                          backs[back]) for rec in content.of(kind)]
    order = {"green": 0, "red": 1, "blue": 2}
    projects = sorted(content.of("projects"), key=lambda r: order.get(r.obj.colour, 3))
    return {
        "projects": [PrintCard(rec.id, rows.name("projects", rec.id)[0],
                               lambda o=rec.obj: printer.project(o), backs["project"])
                     for rec in projects],
        "corporations": made("corporations", "corporation", printer.corporation),
        "bonus": made("bonus", "bonus", printer.bonus),
        "milestones": made("milestones", "milestone", printer.milestone),
        "awards": made("awards", "award", printer.award),
    }


#: Which cards each deck of ``decks.yaml`` holds, by the deck's id.
DECK_CARDS = ("projects", "corporations", "bonus", "milestones", "awards")


#: The template string naming the cards of each deck (a deck ``decks.yaml`` lacks).
DECK_STRING = {"projects": "kind-project", "corporations": "kind-corporation",
               "bonus": "kind-bonus", "milestones": "kind-milestone", "awards": "kind-award"}


def print_decks(content: GameContent, loc: Localizer, units: str = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """The decks of ``decks.yaml`` (``projects``, ``corporations``, ``bonus``, ``milestones``,
    ``awards``; a deck with another id holds every card). Cards no declared deck holds (a
    ``decks.yaml`` that failed its schema, or lacks a deck) print in a deck of their own at the
    design size, so every card is laid out and fit-checked. ``ink_saver``: white cards and
    backs, coloured outlines. ``units`` is unused: no text on the cards depends on it."""
    printer = MarsDicePrinter(content, loc, ink_saver)
    by_kind = cards(printer)
    every = [c for kind in DECK_CARDS for c in by_kind[kind]]
    declared = [(rec.id, loc.text("decks", rec.id, "name"), rec.obj.mm)
                for rec in content.of("decks")]
    ids = {deck_id for deck_id, _, _ in declared}
    if not ids - set(DECK_CARDS):  # no deck of every card: each kind needs its own
        declared += [(kind, loc.string(DECK_STRING[kind]), (DESIGN_W, DESIGN_H))
                     for kind in DECK_CARDS if kind not in ids and by_kind[kind]]
    decks = [PrintDeck(deck_id, name, size, by_kind.get(deck_id, every), strings=loc.string,
                       locale=loc.code)
             for deck_id, name, size in declared if by_kind.get(deck_id, every)]
    if decks:  # the print-and-play kit follows the project cards (or the first deck)
        home = next((d for d in decks if d.id == "projects"), decks[0])
        home.extra_pages = kit_pages(content, loc, ink_saver)
    return decks
