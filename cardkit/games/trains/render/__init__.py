"""Trains' card templates: every card of a set (as many copies as its pile), randomizer cards and
a shared card back, built as :class:`~cardkit.pdf.layout.Face` display lists.

A front has a frame in its type colour and type pattern, a name banner with the coin value badge
(the name flows around it), a type band (one glyph and label per type), an illustration window
(a large picture for basic cards; for kingdom cards the effect as an icon strip, or the type's
picture when the effect has no icon), the rules text filling the rest, and the cost and VP badges
at the bottom. Everything is in millimetres of a 63.5 x 88.9 mm design, scaled to the deck size.
``ink_saver`` keeps the card white: coloured outlines and bands only, a light back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.art import ArtKit
from ....pdf.deck import PrintCard, PrintDeck
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, contrast, stamp
from ....text.runs import TextStyle
from . import icons
from ..model import (
    Choose,
    Coins,
    DiscardFor,
    Draw,
    DrawDiscard,
    GainWaste,
    PayWaste,
    Hook,
    LayRail,
    Modify,
    Optional_,
    PlaceStation,
    ReturnWaste,
    RevealUntil,
    TrainsCard,
    TrashSelf,
    VpToken,
)

DESIGN_W, DESIGN_H = 63.5, 88.9
#: Type colours: their greys (``layout.grey``) differ by >= 0.12 between the types of one deck
#: (base: waste .13, train .27, action .41, rail .54, station .70, victory .84; Rising Sun swaps
#: waste and station for attack .12 and reaction .69).
TYPE_RGB: dict[str, RGB] = {
    "waste": (0.13, 0.13, 0.13), "attack": (0.28, 0.05, 0.07), "train": (0.12, 0.27, 0.64),
    "action": (0.86, 0.22, 0.18), "rail": (0.36, 0.68, 0.30), "station": (0.76, 0.62, 0.92),
    "reaction": (0.45, 0.78, 0.82), "victory": (1.0, 0.86, 0.35),
}
#: Frame patterns per type, so the type reads without colour too.
TYPE_PATTERN = {"train": "speed", "rail": "ties", "station": "dots", "action": "diagonal",
                "victory": "stars", "waste": "cross", "attack": "zigzag", "reaction": "waves"}
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)
PAPER: RGB = (0.99, 0.97, 0.92)
NAVY: RGB = (0.1, 0.16, 0.3)
CREAM: RGB = (0.98, 0.9, 0.62)
ICONS = icons.TEXT_ICONS
PANEL = Box(3.0, 3.0, DESIGN_W - 6.0, DESIGN_H - 6.0)
BANNER = Box(3.0, 75.2, DESIGN_W - 6.0, 10.7)
BAND = Box(3.0, 68.4, DESIGN_W - 6.0, 6.2)
ART = Box(6.0, 40.0, DESIGN_W - 12.0, 27.2)
#: Bounds of what a card's background may paint: the card and any bleed (forms clip to it).
OVERSIZE = Box(-30.0, -30.0, DESIGN_W + 60.0, DESIGN_H + 60.0)
ART_TALL = Box(6.0, 17.0, DESIGN_W - 12.0, 50.2)
#: A card's own art prints in the illustration window (ART, or ART_TALL on a basic train card
#: without text), its credit line just under it; full-bleed art covers the card behind it all.
ART_CREDIT = Box(6.0, 36.8, DESIGN_W - 12.0, 2.9)
NAME_STYLE = TextStyle(BOLD, 11.5, 8.0, align="center")
TEXT_STYLE = TextStyle(REGULAR, 9.0, 5.5, align="center")
LABEL_STYLE = TextStyle(BOLD, 7.5, 5.0, align="left")
NUMBER_STYLE = TextStyle(BOLD, 14.0, 7.0, align="center")


def on(bg: RGB) -> RGB:
    """Black or white, whichever reads better on ``bg``."""
    return WHITE if contrast(WHITE, bg) >= contrast(BLACK, bg) else BLACK


def tint(rgb: RGB, k: float) -> RGB:
    """``rgb`` mixed with white (``k`` = share of white)."""
    return (rgb[0] + (1 - rgb[0]) * k, rgb[1] + (1 - rgb[1]) * k, rgb[2] + (1 - rgb[2]) * k)


def pattern(canvas: Any, kind: str, box: tuple[float, float, float, float], rgb: RGB) -> None:
    """A type pattern over ``box`` (points): lines in a shade of the type colour."""
    x0, y0, x1, y1 = box
    clip = canvas.beginPath()
    clip.rect(x0, y0, x1 - x0, y1 - y0)
    canvas.clipPath(clip, stroke=0, fill=0)
    # 35 % of black or white over the type colour, mixed here: an opaque colour prints the
    # same everywhere, needs no transparency group and can live in a reusable form
    mark = tuple(0.35 * a + 0.65 * b for a, b in zip(on(rgb), rgb))
    canvas.setStrokeColorRGB(*mark)
    canvas.setFillColorRGB(*mark)
    canvas.setLineWidth(1.0)
    step = 6.0
    if kind == "speed":
        y = y0
        while y < y1:
            canvas.line(x0, y, x1, y)
            y += step * 0.7
    elif kind == "ties":
        x = x0
        while x < x1:
            canvas.setLineWidth(2.2)
            canvas.line(x, y0, x, y1)
            x += step
    elif kind in ("dots", "stars"):
        y, row = y0, 0
        while y < y1:
            x = x0 + (step / 2 if row % 2 else 0)
            while x < x1:
                if kind == "dots":
                    canvas.circle(x, y, 1.1, stroke=0, fill=1)
                else:
                    icons._poly(canvas, icons.star_points(x, y, 2.0))
                x += step
            y += step
            row += 1
    elif kind in ("diagonal", "cross"):
        d = -(y1 - y0)
        while d < x1 - x0:
            canvas.line(x0 + d, y0, x0 + d + (y1 - y0), y1)
            if kind == "cross":
                canvas.line(x0 + d, y1, x0 + d + (y1 - y0), y0)
            d += step
    elif kind in ("zigzag", "waves"):
        y = y0
        while y < y1:
            p = canvas.beginPath()
            p.moveTo(x0, y)
            x, up = x0, True
            while x < x1:
                if kind == "zigzag":
                    p.lineTo(x + step / 2, y + (2 if up else 0))
                else:
                    p.curveTo(x + step / 4, y + 2.2, x + step / 4, y + 2.2, x + step / 2, y)
                x += step / 2
                up = not up
            canvas.drawPath(p, stroke=1, fill=0)
            y += step * 0.8


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of an effect's icon strip: an icon and the number printed beside it."""

    icon: str
    n: int = 1


def effect_icons(card: TrainsCard) -> list[Item]:
    """The card's effect as a language-neutral icon strip."""
    out: list[Item] = []

    def walk(steps: list[Any]) -> None:
        for step in steps:
            if isinstance(step, LayRail):
                out.append(Item("rail"))
            elif isinstance(step, PlaceStation):
                out.append(Item("station"))
            elif isinstance(step, (GainWaste, PayWaste)):
                out.append(Item("waste", step.n))
            elif isinstance(step, Coins):
                out.append(Item("coin", step.n))
            elif isinstance(step, Draw):
                out.append(Item("card", step.n))
            elif isinstance(step, VpToken):
                out.append(Item("vp", step.n))
            elif isinstance(step, ReturnWaste):
                out.append(Item("return-waste", step.n))
                if step.coins_each:
                    out.append(Item("coin", step.coins_each))
            elif isinstance(step, DiscardFor):
                out.append(Item("discard", 0))
                if step.coins_each:
                    out.append(Item("coin", step.coins_each))
                if step.draw_each:
                    out.append(Item("card", step.draw_each))
            elif isinstance(step, DrawDiscard):
                out.extend([Item("card", step.draw), Item("discard", step.discard)])
            elif isinstance(step, RevealUntil):
                out.extend([Item("reveal"), Item(step.type, step.n)])
            elif isinstance(step, TrashSelf):
                out.append(Item("trash"))
            elif isinstance(step, Modify):
                if not out or out[0].icon != "clock":
                    out.insert(0, Item("clock"))
            elif isinstance(step, Optional_):
                walk(step.steps)
            elif isinstance(step, Choose):
                for i, option in enumerate(step.options):
                    if i:
                        out.append(Item("or"))
                    walk(option)
    walk(card.effect)
    if "attack" in card.types and any(isinstance(s, Hook) for s in card.effect):
        out.append(Item("attack"))  # the attack part the vocabulary leaves to a hook
    return out


def _round(canvas: Any, box: Box, r: float, fill: RGB | None, stroke: RGB | None = None,
           width: float = 0.0) -> None:
    mm = MM_TO_PT
    if fill is not None:
        canvas.setFillColorRGB(*fill)
    if stroke is not None:
        canvas.setStrokeColorRGB(*stroke)
        canvas.setLineWidth(width * mm)
    canvas.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, r * mm,
                     stroke=1 if stroke else 0, fill=1 if fill else 0)


class TrainsPrinter:
    """Builds Trains' card faces in one locale."""

    def __init__(self, content: GameContent, loc: Localizer, ink_saver: bool = False) -> None:
        self.content, self.loc, self.ink = content, loc, ink_saver
        self.art = ArtKit.of(content, loc)

    # -- pieces ------------------------------------------------------------------------------
    def _frame(self, face: Face, rgb: RGB, kind: str) -> None:
        ink = self.ink

        def paint(c: Any, ctx: Ctx) -> None:
            b = ctx.bleed
            if not ink:
                c.setFillColorRGB(*rgb)
                c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
                pattern(c, kind, (-b, -b, ctx.w + b, ctx.h + b), rgb)
                _round(c, PANEL, 2.5, PAPER)
            else:
                _round(c, PANEL.grow(-0.4), 2.5, None, rgb, 1.2)
        face.paint(stamp(("trains-frame", rgb, kind, ink), paint, OVERSIZE))

    def _banner(self, face: Face, card: TrainsCard, rgb: RGB) -> None:
        bg = WHITE if self.ink else rgb

        def paint(c: Any, ctx: Ctx) -> None:
            if self.ink:
                _round(c, BANNER.grow(-0.5), 2.0, None, rgb, 1.0)
            else:
                _round(c, BANNER, 2.5, rgb)
        face.paint(paint)
        if card.value:
            self._badge(face, "value", Box(4.0, 75.6, 10.0, 10.0), "coin", card.value)
        face.text(self.loc.text("cards", card.id, "name"),
                  Frame("name", BANNER.x + 1.0, BANNER.y + 0.6, BANNER.w - 2.0, BANNER.h - 1.2,
                        NAME_STYLE, max_lines=1, background=bg),
                  TextSource("cards", card.id, "name"), colour=on(bg))

    def _badge(self, face: Face, name: str, box: Box, icon: str, n: int) -> None:
        """A round badge (coin, cost, VP star) with its number."""
        mm = MM_TO_PT
        cx, cy, s = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm, box.w * mm
        if icon == "coin":
            face.shape(Shape(name, box, "circle"),
                       lambda c, ctx: icons.coin(c, cx, cy, s * 1.08, hole=False))
            bg: RGB = icons.GOLD
        elif icon == "vp":
            face.shape(Shape(name, box, "circle"), lambda c, ctx: icons.vp(c, cx, cy, s * 1.1))
            bg = icons.GOLD
        else:  # cost: a dark red disc with a white ring (white and a red outline in ink saver)
            bg = WHITE if self.ink else (0.62, 0.08, 0.08)

            def paint(c: Any, ctx: Ctx, bg: RGB = bg) -> None:
                c.setFillColorRGB(*bg)
                c.setStrokeColorRGB(*((0.62, 0.08, 0.08) if self.ink else WHITE))
                c.setLineWidth(0.8 * mm)
                c.circle(cx, cy, s * 0.45, stroke=1, fill=1)
            face.shape(Shape(name, box, "circle"), paint)
        inner = box.w * 0.56
        face.text(str(n), Frame(f"{name}-number", box.x + (box.w - inner) / 2,
                                box.y + (box.h - inner) / 2, inner, inner, NUMBER_STYLE,
                                max_lines=1, background=bg), None, colour=on(bg))

    def _band(self, face: Face, types: list[str], rgb: RGB) -> None:
        band_bg = WHITE if self.ink else tint(rgb, 0.72)

        def paint(c: Any, ctx: Ctx) -> None:
            mm = MM_TO_PT
            c.setFillColorRGB(*band_bg)
            c.rect(BAND.x * mm, BAND.y * mm, BAND.w * mm, BAND.h * mm, stroke=0, fill=1)
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(0.5 * mm)
            c.line(BAND.x * mm, BAND.y * mm, BAND.right * mm, BAND.y * mm)
            c.line(BAND.x * mm, BAND.top * mm, BAND.right * mm, BAND.top * mm)
        face.paint(paint)
        seg, g, mm = BAND.w / len(types), 4.6, MM_TO_PT
        for i, t in enumerate(types):
            x = BAND.x + i * seg
            gb = Box(x + 1.2, BAND.y + (BAND.h - g) / 2, g, g)
            face.shape(Shape(f"type-{t}", gb),
                       lambda c, ctx, gb=gb, t=t: icons.draw(c, t, (gb.x + gb.w / 2) * mm,
                                                            (gb.y + gb.h / 2) * mm, gb.w * mm))
            face.text(self.loc.string(f"type-{t}"),
                      Frame(f"type-{i}", x + 0.8, BAND.y + 0.4, seg - 1.6, BAND.h - 0.8,
                            LABEL_STYLE if len(types) == 1 else
                            TextStyle(BOLD, 6.5, 4.5, align="left"),
                            max_lines=1, background=band_bg),
                      TextSource("strings", f"type-{t}", "text"), colour=BLACK)

    def _art(self, face: Face, card: TrainsCard, rgb: RGB, box: Box, strip: bool) -> None:
        """The illustration window: a picture of the card's kind, or its effect icon strip."""
        mm = MM_TO_PT
        bg = WHITE if self.ink else tint(rgb, 0.82)
        items = effect_icons(card) if strip else []
        t = card.types[0]

        def window(c: Any, ctx: Ctx) -> None:
            _round(c, box, 2.0, bg, rgb, 0.5)
            cx, cy = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm
            w, h = box.w * mm, box.h * mm
            if items:
                return
            if t == "train":
                icons.locomotive(c, cx, cy + h * 0.12, min(w * 0.92, h * 1.9),
                                 body=rgb if not self.ink else tint(rgb, 0.6))
            elif t == "rail":
                icons.track_scene(c, cx, cy, w * 0.8, h * 0.86)
            elif t == "station":
                icons.station(c, cx, cy, min(w, h) * 0.85, colour=(0.45, 0.22, 0.6))
            elif t == "victory":
                icons.buildings(c, cx, cy, w * 0.86, h * 0.8, card.vp + 1)
            elif t == "waste":
                icons.waste(c, cx, cy, min(w, h) * 0.8)
            else:
                icons.draw(c, t, cx, cy, min(w, h) * 0.75)
        face.shape(Shape("art", box), window)
        if items:
            self._strip(face, items, box, bg)
        if t == "train" and not strip and card.value:
            big = Box(box.x + box.w / 2 - 8, box.y + 3.0, 16, 16)
            self._badge(face, "art-value", big, "coin", card.value)

    def _strip(self, face: Face, items: list[Item], box: Box, bg: RGB) -> None:
        mm = MM_TO_PT
        units = [(0.55 if it.icon == "or" else 1.0) + (0.6 if it.n > 1 else 0.0) + 0.25
                 for it in items]
        size = min(15.0, (box.w - 4) / sum(units), box.h * 0.62)
        x = box.x + (box.w - size * sum(units)) / 2 + size * 0.125
        y = box.y + (box.h - size) / 2
        for it, u in zip(items, units):
            ib = Box(x, y, size, size) if it.icon != "or" else Box(x, y, size * 0.55, size)
            face.shape(Shape(f"icon-{it.icon}", ib),
                       lambda c, ctx, ib=ib, name=it.icon: icons.draw(
                           c, name, (ib.x + ib.w / 2) * mm, (ib.y + ib.h / 2) * mm, ib.h * mm))
            if it.n > 1:
                face.text(f"{it.n}", Frame(f"icon-{it.icon}-n", x + size + 0.2, y, size * 0.6,
                                           size, TextStyle(BOLD, 13, 7, align="left"),
                                           max_lines=1, background=bg), None, colour=BLACK)
            x += size * u

    # -- faces -------------------------------------------------------------------------------
    def front(self, card: TrainsCard, randomizer: bool = False) -> Face:
        """The front of a card (or its randomizer)."""
        face = Face(f"{card.id}{'-randomizer' if randomizer else ''}", DESIGN_W, DESIGN_H)
        rgb = TYPE_RGB[card.types[0]]
        self._frame(face, rgb, TYPE_PATTERN[card.types[0]])
        text = self.loc.text("cards", card.id, "text") if card.text else ""
        tall = card.kind == "basic" and card.types[0] == "train" and not text
        window = ART_TALL if tall else ART
        art = self.art.place(face, window, card.art, TextSource("cards", card.id, "art"),
                             ART_CREDIT, WHITE if self.ink else PAPER) \
            if card.art is not None and not randomizer else None
        self._banner(face, card, rgb)
        self._band(face, card.types, rgb)
        if art is None:  # the card's art replaces the drawn illustration (and the icon strip)
            self._art(face, card, rgb, window, strip=card.kind == "kingdom")
        elif card.types[0] == "train" and card.value:
            self._badge(face, "art-value", Box(window.x + window.w / 2 - 8, window.y + 3.0, 16,
                                               16), "coin", card.value)
        if card.cost is not None:
            self._badge(face, "cost", Box(DESIGN_W - 14.5, 4.0, 10.5, 10.5), "cost", card.cost)
        if card.vp:
            self._badge(face, "vp", Box(4.0, 4.0, 11.0, 11.0), "vp", card.vp)
        body = Frame("text", 6.0, 5.0, DESIGN_W - 12.0, 33.5, TEXT_STYLE,
                     background=WHITE if self.ink else PAPER)
        if randomizer:
            face.text(self.loc.string("randomizer"),
                      Frame("randomizer", 6.0, 18.0, DESIGN_W - 12, 14.0,
                            TextStyle(ITALIC, 12, 7, align="center"), max_lines=2,
                            background=body.background),
                      TextSource("strings", "randomizer", "text"), colour=(0.3, 0.3, 0.3))
        elif text:
            face.text(text, body, TextSource("cards", card.id, "text"), icons=ICONS,
                      draw_icon=icons.inline)
        return face

    def back(self, title: str, source: TextSource | None, label: tuple[str, TextSource] | None
             = None) -> Face:
        """The shared back: a track running to the horizon under the game's name."""
        face = Face("back" + ("-randomizer" if label else ""), DESIGN_W, DESIGN_H)
        ink = self.ink
        bg = WHITE if ink else NAVY
        accent = NAVY if ink else CREAM

        def paint(c: Any, ctx: Ctx) -> None:
            b, mm = ctx.bleed, MM_TO_PT
            if not ink:
                c.setFillColorRGB(*NAVY)
                c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
                _hex_grid(c, ctx, (0.17, 0.25, 0.42))
            _round(c, Box(5, 5, DESIGN_W - 10, DESIGN_H - 10), 3, None, accent, 0.7)
            _round(c, Box(6.5, 6.5, DESIGN_W - 13, DESIGN_H - 13), 2, None, accent, 0.3)
            icons.track_scene(c, ctx.w / 2, (36 if label else 32) * mm, 46 * mm,
                              (36 if label else 44) * mm,
                              rails=(0.85, 0.85, 0.88) if not ink else (0.55, 0.55, 0.6))
            c.setFillColorRGB(*(CREAM if not ink else (0.85, 0.85, 0.85)))
            c.circle(ctx.w / 2, 55 * mm, 1.4 * mm, stroke=0, fill=1)
        face.paint(stamp(("trains-back", ink, bool(label)), paint, OVERSIZE))
        face.text(title, Frame("back-title", 8, 63, DESIGN_W - 16, 16,
                               TextStyle(BOLD, 22, 10, align="center"), max_lines=2,
                               background=bg), source, colour=accent)
        if label:
            face.text(label[0], Frame("back-label", 8, 8.5, DESIGN_W - 16, 7,
                                      TextStyle(ITALIC, 10, 6, align="center"), max_lines=1,
                                      background=bg), label[1], colour=accent)
        return face


def _hex_grid(c: Any, ctx: Ctx, rgb: RGB, r: float = 4.0) -> None:
    """A faint grid of pointy-top hexes (the map) over the whole card and its bleed."""
    import math

    mm, b = MM_TO_PT, ctx.bleed
    w = math.sqrt(3) * r
    clip = c.beginPath()
    clip.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColorRGB(*rgb)
    c.setLineWidth(0.25 * mm)
    row = 0
    y = -b / mm
    while y < ctx.h / mm + b / mm + r:
        x = -b / mm + (w / 2 if row % 2 else 0.0)
        while x < ctx.w / mm + b / mm + w:
            p = c.beginPath()
            for k in range(6):
                a = math.radians(90 + 60 * k)
                px, py = (x + r * math.cos(a)) * mm, (y + r * math.sin(a)) * mm
                (p.moveTo if k == 0 else p.lineTo)(px, py)
            p.close()
            c.drawPath(p, stroke=1, fill=0)
            x += w
        y += 1.5 * r
        row += 1


def print_decks(content: GameContent, loc: Localizer, units: str = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """Decks of ``decks.yaml``: ``base`` and ``rising-sun`` (every card, as many as its pile,
    each kind its own pile on the table), and ``randomizers`` (one card per base kingdom card,
    one pile)."""
    printer = TrainsPrinter(content, loc, ink_saver)
    setups = content.of("setups")
    title, title_src = ("Trains", None)
    if setups:
        title, title_src = (loc.text("setups", setups[0].id, "name"),
                            TextSource("setups", setups[0].id, "name"))
    decks = []
    declared = [(rec.obj.id, loc.text("decks", rec.obj.id, "name"), rec.obj.mm)
                for rec in content.of("decks")]
    if not declared:  # decks.yaml is optional: a deck per card set at the designed size
        sets = dict.fromkeys(c.obj.set for c in content.of("cards"))
        declared = [(s, s, (DESIGN_W, DESIGN_H)) for s in sets]
    for deck_id, name, size in declared:
        if deck_id == "randomizers":
            cards = [PrintCard(c.id, loc.text("cards", c.id, "name"),
                               lambda c=c.obj: printer.front(c, randomizer=True))
                     for c in content.of("cards") if c.obj.set == "base" and c.obj.kind == "kingdom"]
            label = (loc.string("randomizer"), TextSource("strings", "randomizer", "text"))
            back = (lambda label=label: printer.back(title, title_src, label))
        else:
            cards = [PrintCard(c.id, loc.text("cards", c.id, "name"),
                               lambda c=c.obj: printer.front(c), count=c.obj.pile,
                               pile=c.id)  # each kind its own supply pile
                     for c in content.of("cards") if c.obj.set == deck_id]
            back = (lambda: printer.back(title, title_src))
        decks.append(PrintDeck(deck_id, name, size, cards, shared_back=back,
                               strings=loc.string, locale=loc.code))
    return decks
