"""Terra's print templates: the question side (front) and the answer side (back) of each card,
a printable bar strip and a region reference sheet.

Layout is designed in millimetres for a 69.85 x 120.65 mm card and scaled uniformly to the deck's
size, so whether a text fits does not depend on the size chosen. :data:`TEXT_BOXES` names the
boxes that translatable card texts are fitted into; the fit checks (TER018, I18N018) use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...core.content import GameContent
from ...i18n.lookup import Localizer
from ...pdf.deck import PrintCard, PrintDeck
from ...pdf.fonts import BOLD, ITALIC, REGULAR
from ...pdf.geometry import MM_TO_PT, Box
from ...pdf.text import TextStyle, draw_fitted, fit_text
from .bars import side_value
from .model import Card
from .units import UNITS

Units = Literal["metric", "imperial"]
DESIGN_W, DESIGN_H = 69.85, 120.65
DIFFICULTY_RGB = {"yellow": (0.95, 0.78, 0.13), "green": (0.29, 0.62, 0.30),
                  "blue": (0.20, 0.45, 0.80), "red": (0.80, 0.18, 0.18)}
BAR_RGB = {"year": (0.25, 0.58, 0.30), "length": (0.18, 0.42, 0.78), "number": (0.93, 0.53, 0.10)}
ICONS = frozenset({"year", "length", "number", "land", "sea", "compass"})
BORDER = 3.5  # mm of difficulty colour inside the trim


@dataclass(frozen=True, slots=True)
class TextBox:
    """A text area of the card template, in design millimetres."""

    x: float
    y: float  # bottom
    w: float
    h: float
    style: TextStyle


TEXT_BOXES: dict[str, TextBox] = {
    "topic": TextBox(6.5, 99.0, 56.85, 14.5, TextStyle(BOLD, 13, 7, align="center")),
    "question": TextBox(8.0, 0.0, 53.85, 20.5, TextStyle(REGULAR, 10, 6)),  # y set per band
    "info": TextBox(7.0, 8.0, 55.85, 37.0, TextStyle(REGULAR, 8.5, 5.5)),
    "regions": TextBox(7.0, 84.0, 55.85, 18.0, TextStyle(BOLD, 11, 6, align="center")),
}
QUESTION_BANDS = (58.0, 31.0)  # bottom y of the Q2 and Q3 bands (height 25 mm)
ANSWER_BANDS = (70.0, 55.0)  # bottom y of the Q2 and Q3 answer bands (height 12 mm)


def box_for_key(key: str) -> TextBox | None:
    """The template box a card field is printed in (``bars.0.question`` -> the question box)."""
    if key == "topic":
        return TEXT_BOXES["topic"]
    if key == "info":
        return TEXT_BOXES["info"]
    if key.startswith("bars.") and key.endswith(".question"):
        return TEXT_BOXES["question"]
    return None


def printed_text(key: str, text: str, card: Card | None) -> str:
    """The text as the template prints it (questions get their bar icon in front)."""
    if card is not None and key.startswith("bars.") and key.endswith(".question"):
        index = int(key.split(".")[1])
        if index < len(card.bars):
            return f"[{card.bars[index].bar}] {text}"
    return text


def fits(key: str, text: str, card: Card | None) -> bool | None:
    """Whether a card field's text fits its box at the minimum size (``None``: not printed)."""
    box = box_for_key(key)
    if box is None:
        return None
    mm = MM_TO_PT
    return fit_text(printed_text(key, text, card), box.w * mm, box.h * mm, box.style,
                    ICONS) is not None


# ---------------------------------------------------------------------------------------------
# drawing

def draw_icon(canvas: Any, name: str, x: float, baseline: float, size: float) -> None:
    """Vector icons for the inline tokens, one font size wide, sitting on the baseline."""
    s = size * 0.82
    y = baseline - size * 0.05
    canvas.saveState()
    if name in BAR_RGB:
        canvas.setFillColorRGB(*BAR_RGB[name])
        canvas.setStrokeColorRGB(*BAR_RGB[name])
        canvas.roundRect(x, y, s, s, s * 0.18, stroke=0, fill=1)
        canvas.setStrokeColorRGB(1, 1, 1)
        canvas.setLineWidth(s * 0.09)
        if name == "year":  # an hourglass
            p = canvas.beginPath()
            p.moveTo(x + s * .25, y + s * .8)
            p.lineTo(x + s * .75, y + s * .8)
            p.lineTo(x + s * .25, y + s * .2)
            p.lineTo(x + s * .75, y + s * .2)
            p.close()
            canvas.drawPath(p, stroke=1, fill=0)
        elif name == "length":  # a ruler
            canvas.line(x + s * .15, y + s * .35, x + s * .85, y + s * .35)
            for i in range(5):
                tx = x + s * (.18 + i * .16)
                canvas.line(tx, y + s * .35, tx, y + s * (.6 if i % 2 == 0 else .5))
        else:  # number: a hash sign
            for t in (.38, .62):
                canvas.line(x + s * t, y + s * .18, x + s * t, y + s * .82)
                canvas.line(x + s * .18, y + s * t, x + s * .82, y + s * t)
    elif name == "compass":
        canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
        canvas.setLineWidth(s * 0.07)
        canvas.circle(x + s / 2, y + s / 2, s * 0.45, stroke=1, fill=0)
        p = canvas.beginPath()
        p.moveTo(x + s / 2, y + s * .9)
        p.lineTo(x + s * .38, y + s / 2)
        p.lineTo(x + s * .62, y + s / 2)
        p.close()
        canvas.setFillColorRGB(0.8, 0.15, 0.15)
        canvas.drawPath(p, stroke=0, fill=1)
    elif name == "land":
        p = canvas.beginPath()
        p.moveTo(x, y)
        p.lineTo(x + s * .4, y + s * .8)
        p.lineTo(x + s * .6, y + s * .45)
        p.lineTo(x + s * .75, y + s * .65)
        p.lineTo(x + s, y)
        p.close()
        canvas.setFillColorRGB(0.45, 0.35, 0.2)
        canvas.drawPath(p, stroke=0, fill=1)
    elif name == "sea":
        canvas.setStrokeColorRGB(0.15, 0.4, 0.75)
        canvas.setLineWidth(s * 0.1)
        for k in (0.25, 0.55):
            p = canvas.beginPath()
            p.moveTo(x, y + s * k)
            p.curveTo(x + s * .25, y + s * (k + .2), x + s * .5, y + s * (k - .2), x + s,
                      y + s * k)
            canvas.drawPath(p, stroke=1, fill=0)
    canvas.restoreState()


class _Card:
    """Draws one card in a trim box, in design millimetres scaled to the box."""

    def __init__(self, canvas: Any, trim: Box, bleed: float) -> None:
        self.c, self.trim, self.bleed = canvas, trim, bleed
        self.k = min(trim.w / (DESIGN_W * MM_TO_PT), trim.h / (DESIGN_H * MM_TO_PT))

    def __enter__(self) -> _Card:
        self.c.saveState()
        self.c.translate(self.trim.x, self.trim.y)
        self.c.scale(self.k, self.k)
        return self

    def __exit__(self, *exc: object) -> None:
        self.c.restoreState()

    @staticmethod
    def mm(v: float) -> float:
        return v * MM_TO_PT

    def frame(self, rgb: tuple[float, float, float]) -> None:
        c, mm, b = self.c, self.mm, self.bleed / self.k
        c.setFillColorRGB(*rgb)
        c.rect(-b, -b, mm(DESIGN_W) + 2 * b, mm(DESIGN_H) + 2 * b, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(mm(BORDER), mm(BORDER), mm(DESIGN_W - 2 * BORDER), mm(DESIGN_H - 2 * BORDER),
                    mm(2.5), stroke=0, fill=1)

    def text(self, text: str, box: TextBox, y: float | None = None,
             valign: Literal["top", "middle"] = "middle") -> None:
        mm = self.mm
        bottom = box.y if y is None else y
        fitted = fit_text(text, mm(box.w), mm(box.h), box.style, ICONS)
        if fitted is None:  # `cardkit check` reports this before printing; never shrink further
            fitted = fit_text(text, mm(box.w), 1e6, box.style, ICONS)
        if fitted is not None:
            draw_fitted(self.c, fitted, mm(box.x), mm(bottom + box.h), mm(box.w), mm(box.h),
                        box.style, draw_icon, valign)

    def label(self, text: str, x: float, y: float, size: float, font: str = REGULAR,
              rgb: tuple[float, float, float] = (0.1, 0.1, 0.1), center: bool = False) -> None:
        self.c.setFillColorRGB(*rgb)
        self.c.setFont(font, size)
        if center:
            self.c.drawCentredString(self.mm(x), self.mm(y), text)
        else:
            self.c.drawString(self.mm(x), self.mm(y), text)


class TerraPrinter:
    """Builds Terra's print deck for one locale and unit system."""

    def __init__(self, content: GameContent, loc: Localizer, units: Units = "metric") -> None:
        self.content, self.loc, self.units = content, loc, units
        self.bars = {r.id: r.obj for r in content.of("bars")}
        self.regions = content.index("regions")

    # -- texts -------------------------------------------------------------------------------
    def card_text(self, card: Card, key: str) -> str:
        return self.loc.text("cards", card.id, key)

    def answer(self, card: Card, index: int) -> str:
        q = card.bars[index]
        unit = UNITS[q.answer.unit]
        if q.bar == "year":
            return self.year(q.answer.value)
        if self.units == "imperial":
            value = side_value(q.answer, "imperial") / unit.imperial_base
            string_id = unit.imperial_string
        else:
            value, string_id = q.answer.value, unit.string
        if not string_id:
            return self.loc.number(value)
        name = self.loc.string(string_id, value)
        return name if "{n}" in self._raw(string_id) else f"{self.loc.number(value)}\u00a0{name}"

    def year(self, value: float) -> str:
        """A calendar year as printed (never grouped; ``2560 BC`` for negative years)."""
        year = int(value)
        return self.loc.string("year-bc").replace("{n}", str(-year)) if year < 0 else str(year)

    def _raw(self, string_id: str) -> str:
        rec = self.content.index("strings").get(string_id)
        text = rec.obj.text if rec else ""
        return " ".join(text.values()) if isinstance(text, dict) else text

    # -- faces -------------------------------------------------------------------------------
    def front(self, card: Card) -> Any:
        def draw(canvas: Any, trim: Box, bleed: float) -> None:
            with _Card(canvas, trim, bleed) as d:
                d.frame(DIFFICULTY_RGB[card.difficulty])
                d.text(self.card_text(card, "topic"), TEXT_BOXES["topic"])
                n = card.regions.count
                q1 = self.loc.string("q1", n)
                d.text(f"[land] {q1}", TextBox(7, 88.0, 55.85, 8.0, TextStyle(REGULAR, 10, 6,
                                                                               align="center")))
                for i, bottom in enumerate(QUESTION_BANDS):
                    q = card.bars[i]
                    canvas.setFillColorRGB(*_tint(BAR_RGB[q.bar], 0.82))
                    canvas.roundRect(d.mm(6), d.mm(bottom), d.mm(57.85), d.mm(25), d.mm(2),
                                     stroke=0, fill=1)
                    canvas.setFillColorRGB(*BAR_RGB[q.bar])
                    canvas.rect(d.mm(6), d.mm(bottom), d.mm(1.6), d.mm(25), stroke=0, fill=1)
                    d.label(self.loc.text("bars", q.bar, "label"), 9.0, bottom + 21.3, 6.5, BOLD,
                            BAR_RGB[q.bar])
                    d.text(printed_text(f"bars.{i}.question",
                                        self.card_text(card, f"bars.{i}.question"), card),
                           TEXT_BOXES["question"], y=bottom + 0.5)
                if card.compass:
                    self._compass(canvas, d, card.compass)
                canvas.setFont(ITALIC, 5.5)
                canvas.setFillColorRGB(0.4, 0.4, 0.4)
                canvas.drawRightString(d.mm(DESIGN_W - 6), d.mm(6.0),
                                       self.loc.string(f"difficulty-{card.difficulty}"))
        return draw

    def _compass(self, canvas: Any, d: _Card, quadrant: str) -> None:
        cx, cy, r = 14.0, 17.0, 8.0
        mm = d.mm
        canvas.setStrokeColorRGB(0.25, 0.25, 0.25)
        canvas.setLineWidth(0.6)
        canvas.circle(mm(cx), mm(cy), mm(r), stroke=1, fill=0)
        angles = {"NE": 0, "NW": 90, "SW": 180, "SE": 270}
        canvas.setFillColorRGB(0.85, 0.2, 0.2)
        canvas.wedge(mm(cx - r), mm(cy - r), mm(cx + r), mm(cy + r), angles[quadrant], 90,
                     stroke=0, fill=1)
        canvas.line(mm(cx - r), mm(cy), mm(cx + r), mm(cy))
        canvas.line(mm(cx), mm(cy - r), mm(cx), mm(cy + r))
        d.label(self.loc.string("compass"), cx + r + 2.0, cy + 1.0, 7, BOLD)
        d.label(self.loc.string(f"quadrant-{quadrant.lower()}"), cx + r + 2.0, cy - 2.5, 7)

    def back(self, card: Card) -> Any:
        def draw(canvas: Any, trim: Box, bleed: float) -> None:
            with _Card(canvas, trim, bleed) as d:
                d.frame(DIFFICULTY_RGB[card.difficulty])
                d.label(self.card_text(card, "topic")[:60], DESIGN_W / 2, 110.5, 7, ITALIC,
                        (0.35, 0.35, 0.35), center=True)
                d.label(self.loc.string("answer-regions", card.regions.count), DESIGN_W / 2,
                        104.0, 8, BOLD, center=True)
                names = " · ".join(self.loc.text("regions", r, "name")
                                   for r in card.regions.answers if r in self.regions)
                d.text(names, TEXT_BOXES["regions"])
                for i, bottom in enumerate(ANSWER_BANDS):
                    q = card.bars[i]
                    canvas.setFillColorRGB(*BAR_RGB[q.bar])
                    canvas.roundRect(d.mm(6), d.mm(bottom), d.mm(57.85), d.mm(12), d.mm(2),
                                     stroke=0, fill=1)
                    draw_icon(canvas, q.bar, d.mm(8), d.mm(bottom + 3.6), 14)
                    canvas.setFillColorRGB(1, 1, 1)
                    d.text(self.answer(card, i), TextBox(14.0, bottom + 1.0, 48.0, 10.0,
                                                         TextStyle(BOLD, 14, 7, align="center",
                                                                   colour=(1, 1, 1))))
                d.label(self.loc.string("info"), 7.0, 48.0, 8, BOLD)
                d.text(self.card_text(card, "info"), TEXT_BOXES["info"], valign="top")
        return draw

    # -- extra pages ---------------------------------------------------------------------------
    def bar_strip(self, canvas: Any, width: float, height: float) -> None:
        mm = MM_TO_PT
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(BOLD, 14)
        side = self.loc.string(self.units)
        canvas.drawString(15 * mm, height - 20 * mm, f"{self.loc.string('bar-strip')} ({side})")
        y = height - 40 * mm
        for bar_id in ("year", "length", "number"):
            bar = self.bars.get(bar_id)
            if bar is None:
                continue
            lines = getattr(bar, self.units).lines
            canvas.setFont(BOLD, 10)
            canvas.setFillColorRGB(*BAR_RGB[bar_id])
            canvas.drawString(15 * mm, y + 2 * mm, self.loc.text("bars", bar_id, "label"))
            cell = (width - 30 * mm) / (len(lines) - 1)
            for i in range(len(lines) - 1):
                canvas.setFillColorRGB(*_tint(BAR_RGB[bar_id], 0.75 if i % 2 else 0.6))
                canvas.rect(15 * mm + i * cell, y - 12 * mm, cell, 10 * mm, stroke=0, fill=1)
            canvas.setFont(REGULAR, 5.5)
            canvas.setFillColorRGB(0, 0, 0)
            for i, value in enumerate(lines):
                x = 15 * mm + i * cell
                canvas.line(x, y - 14 * mm, x, y - 1 * mm)
                label = self.line_label(bar_id, value)
                canvas.saveState()
                canvas.translate(x + 1.5, y - 19 * mm)
                canvas.rotate(-60)
                canvas.drawString(0, 0, label)
                canvas.restoreState()
            y -= 55 * mm

    def line_label(self, bar_id: str, value: float) -> str:
        """A bar line's value as printed on the strip."""
        if bar_id == "year":
            return self.year(value)
        if bar_id == "number":
            return self.loc.number(value)
        steps = ((0.01, "unit-cm"), (1.0, "unit-m"), (1000.0, "unit-km")) if self.units == \
            "metric" else ((1 / 12, "unit-in"), (1.0, "unit-ft"), (5280.0, "unit-mi"))
        factor, string_id = steps[0]
        for f, sid in steps:
            if value >= f or value == 0:
                factor, string_id = f, sid
        if value == 0:
            factor, string_id = steps[1]
        return f"{self.loc.number(round(value / factor, 4))}\u00a0{self.loc.string(string_id)}"

    def region_list(self, canvas: Any, width: float, height: float) -> None:
        mm = MM_TO_PT
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(BOLD, 14)
        canvas.drawString(15 * mm, height - 20 * mm, self.loc.string("region-list"))
        rows = sorted(((self.loc.text("regions", r.id, "name"), r.obj)
                       for r in self.content.of("regions")), key=lambda t: t[0].casefold())
        per_col = (len(rows) + 2) // 3
        col_w = (width - 30 * mm) / 3
        for i, (name, region) in enumerate(rows):
            col, line = divmod(i, per_col)
            x = 15 * mm + col * col_w
            y = height - 32 * mm - line * 8.2
            draw_icon(canvas, region.kind, x, y, 7)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.setFont(BOLD if region.kind == "sea" else REGULAR, 7)
            canvas.drawString(x + 10, y, name)
            canvas.setFont(REGULAR, 5.5)
            canvas.setFillColorRGB(0.4, 0.4, 0.4)
            canvas.drawRightString(x + col_w - 4 * mm, y, " ".join(region.quadrants))

    # -- deck ----------------------------------------------------------------------------------
    def deck(self, deck_id: str, name: str, size_mm: tuple[float, float]) -> PrintDeck:
        cards = [PrintCard(rec.id, self.card_text(rec.obj, "topic"), self.front(rec.obj),
                           self.back(rec.obj)) for rec in self.content.of("cards")]
        return PrintDeck(deck_id, name, size_mm, cards, extra_pages=[
            ("bar strip", self.bar_strip), ("region list", self.region_list)])


def _tint(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    r, g, b = rgb
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def print_decks(content: GameContent, loc: Localizer, units: Units = "metric"
                ) -> list[PrintDeck]:
    """Every deck declared in ``decks.yaml``, ready to lay out."""
    printer = TerraPrinter(content, loc, units)
    return [printer.deck(rec.id, loc.text("decks", rec.id, "name"), rec.obj.mm)
            for rec in content.of("decks")]
