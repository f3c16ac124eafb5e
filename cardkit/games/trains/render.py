"""Trains' print templates: every card of a set (as many copies as its pile), randomizer cards,
and a shared card back.

The card shows its type colour, name, coin value (top left), cost (bottom right), VP (bottom
left), a row of vector icons drawn from the structured effect (rail, station, Waste, coins, cards,
VP tokens — language-neutral), and the translated rules text fitted into its box. Layout is in
millimetres for a 63.5 x 88.9 mm card, scaled to the deck's size.
"""

from __future__ import annotations

from typing import Any

from ...core.content import GameContent
from ...i18n.lookup import Localizer
from ...pdf.deck import PrintCard, PrintDeck
from ...pdf.fonts import BOLD, ITALIC, REGULAR
from ...pdf.geometry import MM_TO_PT, Box
from ...pdf.text import TextStyle, draw_fitted, fit_text
from .model import (Choose, Coins, Draw, GainWaste, LayRail, Modify, Optional_, PlaceStation,
                    ReturnWaste, TrainsCard, VpToken)

DESIGN_W, DESIGN_H = 63.5, 88.9
TYPE_RGB = {"train": (0.16, 0.38, 0.75), "rail": (0.18, 0.55, 0.25),
            "station": (0.5, 0.25, 0.6), "action": (0.78, 0.16, 0.16),
            "victory": (0.85, 0.65, 0.1), "waste": (0.25, 0.25, 0.25),
            "attack": (0.6, 0.1, 0.1), "reaction": (0.3, 0.5, 0.6)}
ICONS = frozenset({"coin", "vp", "waste", "rail", "station", "card"})
NAME_BOX = (8.0, 76.0, 47.5, 8.5, TextStyle(BOLD, 11, 6.5, align="center"))
TEXT_BOX = (6.0, 14.0, 51.5, 34.0, TextStyle(REGULAR, 8.5, 5.5, align="center"))


def fits(key: str, text: str) -> bool | None:
    """Whether a card field fits its box at the minimum size (``None``: not printed)."""
    box = {"name": NAME_BOX, "text": TEXT_BOX}.get(key)
    if box is None:
        return None
    x, y, w, h, style = box
    return fit_text(text, w * MM_TO_PT, h * MM_TO_PT, style, ICONS) is not None


def draw_icon(canvas: Any, name: str, x: float, baseline: float, size: float) -> None:
    """Vector icons: coin, VP star, Waste, rail, station, card."""
    s = size
    cx, cy = x + s / 2, baseline + s * 0.32
    canvas.saveState()
    canvas.setLineWidth(s * 0.07)
    if name == "coin":
        canvas.setFillColorRGB(0.95, 0.78, 0.2)
        canvas.setStrokeColorRGB(0.55, 0.4, 0.05)
        canvas.circle(cx, cy, s * 0.42, stroke=1, fill=1)
    elif name == "vp":
        canvas.setFillColorRGB(0.85, 0.65, 0.1)
        p = canvas.beginPath()
        import math
        for k in range(10):
            r = s * (0.48 if k % 2 == 0 else 0.2)
            a = math.pi / 2 + k * math.pi / 5
            (p.moveTo if k == 0 else p.lineTo)(cx + r * math.cos(a), cy + r * math.sin(a))
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
    elif name == "waste":
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.rect(cx - s * 0.3, cy - s * 0.4, s * 0.6, s * 0.7, stroke=0, fill=1)
        canvas.rect(cx - s * 0.38, cy + s * 0.33, s * 0.76, s * 0.1, stroke=0, fill=1)
    elif name == "rail":
        canvas.setStrokeColorRGB(0.18, 0.55, 0.25)
        canvas.line(cx - s * 0.2, cy - s * 0.45, cx - s * 0.2, cy + s * 0.45)
        canvas.line(cx + s * 0.2, cy - s * 0.45, cx + s * 0.2, cy + s * 0.45)
        for k in (-0.3, 0.0, 0.3):
            canvas.line(cx - s * 0.35, cy + s * k, cx + s * 0.35, cy + s * k)
    elif name == "station":
        canvas.setFillColorRGB(0.5, 0.25, 0.6)
        p = canvas.beginPath()
        p.moveTo(cx - s * 0.4, cy - s * 0.4)
        p.lineTo(cx - s * 0.4, cy + s * 0.1)
        p.lineTo(cx, cy + s * 0.45)
        p.lineTo(cx + s * 0.4, cy + s * 0.1)
        p.lineTo(cx + s * 0.4, cy - s * 0.4)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
    elif name == "card":
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        canvas.roundRect(cx - s * 0.28, cy - s * 0.42, s * 0.56, s * 0.84, s * 0.08, stroke=1,
                         fill=1)
    canvas.restoreState()


def effect_icons(card: TrainsCard) -> list[tuple[str, int]]:
    """Icons (with counts) summarising the card's effect: its language-neutral strip."""
    out: list[tuple[str, int]] = []

    def walk(steps: list[Any]) -> None:
        for step in steps:
            if isinstance(step, LayRail):
                out.append(("rail", 1))
            elif isinstance(step, PlaceStation):
                out.append(("station", 1))
            elif isinstance(step, GainWaste):
                out.append(("waste", step.n))
            elif isinstance(step, Coins):
                out.append(("coin", step.n))
            elif isinstance(step, Draw):
                out.append(("card", step.n))
            elif isinstance(step, VpToken):
                out.append(("vp", step.n))
            elif isinstance(step, ReturnWaste):
                out.append(("waste", -1))
            elif isinstance(step, Optional_):
                walk(step.steps)
            elif isinstance(step, (Choose, Modify)):
                continue
    walk(card.effect + card.on_buy)
    return out


class TrainsPrinter:
    """Builds Trains' print decks in one locale."""

    def __init__(self, content: GameContent, loc: Localizer) -> None:
        self.content, self.loc = content, loc

    def _scale(self, canvas: Any, trim: Box) -> float:
        k = min(trim.w / (DESIGN_W * MM_TO_PT), trim.h / (DESIGN_H * MM_TO_PT))
        canvas.translate(trim.x, trim.y)
        canvas.scale(k, k)
        return k

    def face(self, card: TrainsCard, randomizer: bool = False) -> Any:
        def draw(canvas: Any, trim: Box, bleed: float) -> None:
            mm = MM_TO_PT
            canvas.saveState()
            k = self._scale(canvas, trim)
            b = bleed / k
            rgb = TYPE_RGB[card.types[0]]
            canvas.setFillColorRGB(*rgb)
            canvas.rect(-b, -b, DESIGN_W * mm + 2 * b, DESIGN_H * mm + 2 * b, stroke=0, fill=1)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.roundRect(3 * mm, 3 * mm, (DESIGN_W - 6) * mm, (DESIGN_H - 6) * mm, 2 * mm,
                             stroke=0, fill=1)
            x, y, w, h, style = NAME_BOX
            name = self.loc.text("cards", card.id, "name")
            fitted = fit_text(name, w * mm, h * mm, style, ICONS) or \
                fit_text(name, w * mm, 1e6, style, ICONS)
            if fitted:
                draw_fitted(canvas, fitted, x * mm, (y + h) * mm, w * mm, h * mm, style,
                            draw_icon, "middle")
            types = " · ".join(self.loc.string(f"type-{t}") for t in card.types)
            canvas.setFont(ITALIC, 6.5)
            canvas.setFillColorRGB(*rgb)
            canvas.drawCentredString(DESIGN_W / 2 * mm, 72 * mm, types)
            if randomizer:
                canvas.setFont(BOLD, 9)
                canvas.setFillColorRGB(0.3, 0.3, 0.3)
                canvas.drawCentredString(DESIGN_W / 2 * mm, 40 * mm, self.loc.string("randomizer"))
            else:
                icons = effect_icons(card)
                size = 18.0
                total = sum(size * (1.15 if n in (1, -1) else 1.9) for _, n in icons)
                cx = (DESIGN_W * mm - total) / 2
                for icon, n in icons:
                    draw_icon(canvas, icon, cx, 55 * mm, size)
                    if n not in (1, -1):
                        canvas.setFont(BOLD, 8)
                        canvas.setFillColorRGB(0.1, 0.1, 0.1)
                        canvas.drawString(cx + size, 55 * mm + 1, f"{n}")
                        cx += size * 0.75
                    if n == -1:
                        canvas.setStrokeColorRGB(0.8, 0.1, 0.1)
                        canvas.line(cx, 55 * mm - 2, cx + size, 55 * mm + size)
                    cx += size * 1.15
                x, y, w, h, style = TEXT_BOX
                text = self.loc.text("cards", card.id, "text") if card.text else ""
                if text:
                    fitted = fit_text(text, w * mm, h * mm, style, ICONS)
                    if fitted:
                        draw_fitted(canvas, fitted, x * mm, (y + h) * mm, w * mm, h * mm, style,
                                    draw_icon, "middle")
            if card.value:
                canvas.setFillColorRGB(1, 1, 1)
                canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
                canvas.circle(10 * mm, 79 * mm, 4.2 * mm, stroke=1, fill=1)
                canvas.setFillColorRGB(0.1, 0.1, 0.1)
                canvas.setFont(BOLD, 12)
                canvas.drawCentredString(10 * mm, 77.3 * mm, str(card.value))
            if card.cost is not None:
                canvas.setFillColorRGB(0.8, 0.15, 0.15)
                canvas.circle((DESIGN_W - 10) * mm, 9.5 * mm, 4.2 * mm, stroke=0, fill=1)
                canvas.setFillColorRGB(1, 1, 1)
                canvas.setFont(BOLD, 12)
                canvas.drawCentredString((DESIGN_W - 10) * mm, 7.8 * mm, str(card.cost))
            if card.vp:
                draw_icon(canvas, "vp", 5.5 * mm, 6.5 * mm, 24)
                canvas.setFillColorRGB(0.1, 0.1, 0.1)
                canvas.setFont(BOLD, 9)
                canvas.drawCentredString(5.5 * mm + 12, 6.5 * mm + 5, str(card.vp))
            canvas.restoreState()
        return draw

    def back(self, label: str) -> Any:
        def draw(canvas: Any, trim: Box, bleed: float) -> None:
            mm = MM_TO_PT
            canvas.saveState()
            k = self._scale(canvas, trim)
            b = bleed / k
            canvas.setFillColorRGB(0.12, 0.2, 0.35)
            canvas.rect(-b, -b, DESIGN_W * mm + 2 * b, DESIGN_H * mm + 2 * b, stroke=0, fill=1)
            canvas.setStrokeColorRGB(0.9, 0.8, 0.4)
            canvas.setLineWidth(2)
            canvas.roundRect(5 * mm, 5 * mm, (DESIGN_W - 10) * mm, (DESIGN_H - 10) * mm, 3 * mm)
            for dx in (-4, 4):
                canvas.line((DESIGN_W / 2 + dx) * mm, 20 * mm, (DESIGN_W / 2 + dx) * mm,
                            70 * mm)
            for yy in range(22, 70, 6):
                canvas.line((DESIGN_W / 2 - 7) * mm, yy * mm, (DESIGN_W / 2 + 7) * mm, yy * mm)
            canvas.setFillColorRGB(0.95, 0.9, 0.7)
            canvas.setFont(BOLD, 14)
            canvas.drawCentredString(DESIGN_W / 2 * mm, 76 * mm, label)
            canvas.restoreState()
        return draw


def print_decks(content: GameContent, loc: Localizer, units: str = "metric") -> list[PrintDeck]:
    """Decks of ``decks.yaml``: ``base`` and ``rising-sun`` (every card, as many as its pile),
    and ``randomizers`` (one card per base kingdom card)."""
    printer = TrainsPrinter(content, loc)
    setups = content.of("setups")
    title = loc.text("setups", setups[0].id, "name") if setups else "Trains"
    decks = []
    for rec in content.of("decks"):
        deck = rec.obj
        name = loc.text("decks", deck.id, "name")
        if deck.id == "randomizers":
            cards = [PrintCard(c.id, loc.text("cards", c.id, "name"),
                               printer.face(c.obj, randomizer=True))
                     for c in content.of("cards") if c.obj.set == "base" and c.obj.kind == "kingdom"]
            back = printer.back(loc.string("randomizer"))
        else:
            cards = [PrintCard(c.id, loc.text("cards", c.id, "name"), printer.face(c.obj),
                               count=c.obj.pile)
                     for c in content.of("cards") if c.obj.set == deck.id]
            back = printer.back(title)
        decks.append(PrintDeck(deck.id, name, deck.mm, cards, shared_back=back))
    return decks
