"""Terra's print templates: the question side (front) and the answer side (back) of each card.

Each side is a :class:`~cardkit.pdf.layout.Face` in design millimetres for a 69.85 x 120.65 mm
card, scaled uniformly to the deck's size (so whether a text fits does not depend on the size).
Every string goes through ``face.text`` with its :class:`TextSource`; the difficulty medallion,
the bar badges and the compass are shapes the texts flow around. The bar strip and the region
list are in :mod:`.pages`. The fit checks (TER018, I18N018) read ``face.problems()``.

Front: topic banner with the difficulty medallion, Q1, two question bands in the bars' colours,
the compass hint and the difficulty's name. Back: the topic again, the answer regions (each name
one unbreakable unit, sorted by the locale's collation), the two answers, the info box filling
the rest of the card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ....core.content import GameContent
from ....i18n.collate import sort_key
from ....i18n.lookup import Localizer
from ....pdf.art import ArtKit
from ....pdf.deck import PrintCard, PrintDeck
from ....text.fonts import BOLD, ITALIC, REGULAR, string_width
from ....pdf.geometry import Box
from ....pdf.layout import Ctx, Face, Frame, Shape, TextSource, stamp
from ....text.runs import TextStyle
from ..terms.bars import side_value
from .icons import ICONS, bar_badge, compass_rose, draw_icon, pips_badge
from ..model import Card
from .theme import (
    BAR_DARK,
    BAR_RGB,
    BORDER,
    DIFFICULTY_RGB,
    INK,
    MUTED,
    Theme,
    paint_card,
)
from ..terms.units import UNITS

__all__ = ["BAR_RGB", "DESIGN_H", "DESIGN_W", "DIFFICULTY_RGB", "ICONS", "TerraPrinter",
           "draw_icon", "print_decks", "region_line"]

Units = Literal["metric", "imperial"]
DESIGN_W, DESIGN_H = 69.85, 120.65
X0, TW = 6.5, 56.85  # text column: left edge and width (mm)
BAND_X, BAND_W = 5.6, 58.65  # coloured bands
NAME_SEP = "\u00a0·"  # region names: "Alaska · Yukon" wraps only after a dot


@lru_cache(maxsize=256)
@lru_cache(maxsize=256)
def _style(font: str, max_size: float, min_size: float, colour: tuple[float, float, float],
           align: Literal["left", "center", "right"] = "left",
           leading: float = 1.18) -> TextStyle:
    return TextStyle(font, max_size, min_size, align=align, colour=colour, leading=leading)


def region_line(names: list[str]) -> str:
    """Region names as one text that wraps only between names (a name is one unbreakable unit)."""
    units = [" ".join(name.split()).replace(" ", "\u00a0") for name in names]
    return " ".join(u + NAME_SEP for u in units[:-1]) + (" " + units[-1] if len(units) > 1
                                                         else "".join(units))


class Texts:
    """The strings a card side prints (the printer's localizer; the fit shim overrides one)."""

    def card(self, card: Card, key: str) -> str:  # pragma: no cover - interface
        """A card field."""
        raise NotImplementedError

    def string(self, string_id: str, n: float | None = None) -> str:  # pragma: no cover
        """A template string."""
        raise NotImplementedError

    def region(self, region_id: str) -> str:  # pragma: no cover
        """A region's name."""
        raise NotImplementedError

    def bar_label(self, bar: str) -> str:  # pragma: no cover
        """A bar's label."""
        raise NotImplementedError

    def answer(self, card: Card, index: int) -> str:  # pragma: no cover
        """A bar answer as printed (value and unit)."""
        raise NotImplementedError

    #: Places an object's art (None: no art is printed).
    art: ArtKit | None = None

    def order(self) -> Callable[[str], tuple]:  # pragma: no cover
        """The collation key of the locale."""
        raise NotImplementedError

    def question_unit(self, card: Card, index: int) -> str:  # pragma: no cover
        """The unit printed beside a bar question on this board side ("in m" / "in ft"), or
        "" when the answer has none (years, counts)."""
        raise NotImplementedError

    def question_unit_source(self, card: Card, index: int) -> TextSource | None:
        """The unit string a question's unit label names (for the fit check's sources)."""
        q = card.bars[index]
        unit = UNITS[q.answer.unit]
        imperial = getattr(self, "units", "metric") == "imperial"
        string_id = unit.imperial_label_string if imperial else unit.label_string
        return _s(string_id) if string_id else None

    def answer_source(self, card: Card, index: int) -> TextSource | None:
        """The template string an answer is printed with (its unit, ``BC``); ``None`` for a
        bare number."""
        q = card.bars[index]
        if q.bar == "year":
            return _s("year-bc") if q.answer.value < 0 else None
        unit = UNITS[q.answer.unit]
        string_id = unit.imperial_string if getattr(self, "units", "metric") == "imperial" \
            else unit.string
        return _s(string_id) if string_id else None


def _src(kind: str, obj: str, key: str) -> TextSource:
    return TextSource(kind, obj, key)


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def _banner(face: Face, theme: Theme, card: Card, bottom: float, badge: float) -> Box:
    """The topic banner from ``bottom`` to the top of the card's body, with the medallion."""
    top = DESIGN_H - BORDER
    rgb = DIFFICULTY_RGB[card.difficulty]

    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        x, w = mm(BORDER), mm(DESIGN_W - 2 * BORDER)
        if theme.ink_saver:
            c.setStrokeColorRGB(*rgb)
            c.setLineWidth(mm(0.6))
            c.line(x + mm(1.5), mm(bottom), x + w - mm(1.5), mm(bottom))
            return
        c.setFillColorRGB(*theme.banner)
        c.roundRect(x, mm(bottom), w, mm(top - bottom), mm(2.5), stroke=0, fill=1)
        c.rect(x, mm(bottom), w, mm(3), stroke=0, fill=1)
        c.setFillColorRGB(*rgb)
        c.rect(x, mm(bottom) - mm(0.8), w, mm(0.8), stroke=0, fill=1)

    face.paint(stamp(("banner", card.difficulty, bottom, theme.ink_saver), paint,
                     Box(0, bottom - 2, DESIGN_W, DESIGN_H - bottom + 2)))
    box = Box(DESIGN_W - BORDER - 1.6 - badge, (bottom + top) / 2 - badge / 2 + 0.4, badge, badge)
    face.shape(Shape("difficulty", box, "circle"), pips_badge(card.difficulty, box, theme))
    return Box(X0, bottom + 0.8, TW, top - bottom - 1.6)


def _band(face: Face, theme: Theme, bar: str, box: Box, radius: float = 2.0) -> None:
    def paint(c: Any, ctx: Ctx) -> None:
        mm = ctx.mm
        rgb = BAR_RGB[bar]
        c.setFillColorRGB(*theme.band(bar))
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(mm(0.4))
        c.roundRect(mm(box.x), mm(box.y), mm(box.w), mm(box.h), mm(radius),
                    stroke=1 if theme.ink_saver else 0, fill=1)
        c.setFillColorRGB(*rgb)
        c.roundRect(mm(box.x), mm(box.y), mm(1.8), mm(box.h), mm(0.9), stroke=0, fill=1)
    face.paint(stamp(("band", bar, box, radius, theme.ink_saver), paint, box))


def front_face(card: Card, t: Texts, theme: Theme) -> Face:
    """The question side of a card."""
    face = Face(f"{card.id} (front)", DESIGN_W, DESIGN_H)
    face.paint(paint_card(theme, card.difficulty))
    topic = _banner(face, theme, card, 97.5, 11.0)
    face.text(t.card(card, "topic"), Frame("topic", topic.x, topic.y, topic.w, topic.h,
                                           _style(BOLD, 13, 7, theme.banner_text, leading=1.12),
                                           max_lines=3, background=theme.banner),
              _src("cards", card.id, "topic"))
    q1 = t.string("q1", card.regions.count)
    face.text(f"[land] {q1}" if q1 else "",
              Frame("q1", X0, 88.4, TW, 7.6, _style(REGULAR, 10, 6, INK, "center"),
                    max_lines=1, background=theme.body),
              _s("q1"), icons=ICONS, draw_icon=draw_icon)
    bottom = 23.5 if card.compass else 11.0
    gap = 2.4
    band_h = (87.0 - bottom - gap) / 2
    for i, q in enumerate(card.bars):
        by = bottom + (1 - i) * (band_h + gap)
        box = Box(BAND_X, by, BAND_W, band_h)
        _band(face, theme, q.bar, box)
        top = by + band_h
        badge = Box(BAND_X + 3.0, top - 7.7, 6.6, 6.6)
        face.shape(Shape("bar-badge", badge, "circle"), bar_badge(q.bar, badge, theme))
        bg = theme.band(q.bar)
        unit = t.question_unit(card, i)
        unit_w = 17.0 if unit else 0.0
        face.text(t.bar_label(q.bar), Frame("bar-label", BAND_X + 11.4, top - 7.2,
                                            BAND_W - 13 - unit_w, 5.6,
                                            _style(BOLD, 8, 5.5, BAR_DARK[q.bar]),
                                            max_lines=1, background=bg),
                  _src("bars", q.bar, "label"))
        if unit:  # the board side's unit beside the question: the question itself names none
            face.text(unit, Frame("question-unit", BAND_X + BAND_W - 2.0 - unit_w, top - 7.2,
                                  unit_w, 5.6, _style(BOLD, 8, 5.5, BAR_DARK[q.bar], "right"),
                                  max_lines=1, background=bg),
                      t.question_unit_source(card, i) or _s("question-unit"))
        face.text(t.card(card, f"bars.{i}.question"),
                  Frame("question", BAND_X + 3.0, by + 1.4, BAND_W - 5.4, band_h - 10.2,
                        _style(REGULAR, 10.5, 6, INK), background=bg),
                  _src("cards", card.id, f"bars.{i}.question"))
    if card.compass:
        rose = Box(7.2, 6.0, 14.0, 14.0)
        face.shape(Shape("compass", rose, "circle"), compass_rose(card.compass, rose, theme))
        face.text(t.string("compass"), Frame("compass", 23.5, 15.2, 39.5, 5.2,
                                             _style(BOLD, 8, 5.5, INK), max_lines=1,
                                             background=theme.body), _s("compass"))
        sid = f"quadrant-{card.compass.lower()}"
        face.text(t.string(sid), Frame("quadrant", 23.5, 10.2, 39.5, 5.2,
                                       _style(REGULAR, 8, 5.5, INK), max_lines=1,
                                       background=theme.body), _s(sid))
    sid = f"difficulty-{card.difficulty}"
    face.text(t.string(sid), Frame("difficulty", 30.0, 4.6, 33.5, 4.8,
                                   _style(ITALIC, 6.5, 5, MUTED, "right"), max_lines=1,
                                   background=theme.body), _s(sid))
    return face


#: The art frame of the answer side (design mm), at the foot of the info box, which flows
#: above it; the credit line under it. Full-bleed art covers the card behind everything.
ART_FRAME = Box(X0, 8.6, TW, 19.0)
ART_CREDIT = Box(X0, 4.6, TW, 3.2)


def back_face(card: Card, t: Texts, theme: Theme) -> Face:
    """The answer side of a card."""
    face = Face(f"{card.id} (back)", DESIGN_W, DESIGN_H)
    face.paint(paint_card(theme, card.difficulty))
    if card.art is not None and t.art is not None:
        t.art.place(face, ART_FRAME, card.art, _src("cards", card.id, "art"), ART_CREDIT,
                    theme.body)
    topic = _banner(face, theme, card, 104.6, 9.0)
    face.text(t.card(card, "topic"), Frame("topic", topic.x, topic.y, topic.w, topic.h,
                                           _style(BOLD, 10, 6, theme.banner_text, leading=1.1),
                                           max_lines=2, background=theme.banner),
              _src("cards", card.id, "topic"))
    heading = t.string("answer-regions", card.regions.count)
    face.text(f"[land] {heading}" if heading else "",
              Frame("regions-heading", X0, 96.6, TW, 5.6, _style(BOLD, 8, 5.5, MUTED, "center"),
                    max_lines=1, background=theme.body),
              _s("answer-regions"), icons=ICONS, draw_icon=draw_icon)
    names = sorted((t.region(r) for r in card.regions.answers), key=t.order())
    style = _style(BOLD, 11.5, 6.5, INK, "center")
    # the names share one frame and wrap only between names; the text is located at the widest
    # name (the one to shorten when they do not fit)
    widest = max(card.regions.answers, key=lambda r: (string_width(t.region(r), BOLD, 10), r))
    face.text(region_line([n for n in names if n]),
              Frame("regions", X0, 80.2, TW, 16.0, style, max_lines=3, background=theme.body),
              _src("regions", widest, "name"))
    for i, q in enumerate(card.bars):
        by = 66.4 - i * 12.6
        box = Box(BAND_X, by, BAND_W, 11.0)
        _band(face, theme, q.bar, box, 2.0)
        badge = Box(BAND_X + 2.6, by + 1.7, 7.6, 7.6)
        face.shape(Shape("bar-badge", badge, "circle"), bar_badge(q.bar, badge, theme))
        face.text(t.answer(card, i), Frame("answer", BAND_X + 2.0, by + 0.8, BAND_W - 4.0, 9.4,
                                           _style(BOLD, 15, 7, INK, "center"), max_lines=1,
                                           background=theme.band(q.bar)),
                  t.answer_source(card, i))

    def rule(c: Any, ctx: Ctx) -> None:
        c.setStrokeColorRGB(*DIFFICULTY_RGB[card.difficulty])
        c.setLineWidth(ctx.mm(0.5))
        c.line(ctx.mm(X0), ctx.mm(45.3), ctx.mm(X0 + TW), ctx.mm(45.3))
    face.paint(rule)
    face.text(t.string("info"), Frame("info-heading", X0, 45.9, TW, 5.4,
                                      _style(BOLD, 8.5, 6, INK), max_lines=1,
                                      background=theme.body), _s("info"))
    face.text(t.card(card, "info"), Frame("info", X0, 5.2, TW, 39.4,
                                          _style(REGULAR, 8.5, 5.5, INK), valign="top",
                                          background=theme.body),
              _src("cards", card.id, "info"))
    return face


@dataclass
class LocTexts(Texts):
    """The printed strings of one locale and unit system."""

    content: GameContent
    loc: Localizer
    units: Units = "metric"

    def __post_init__(self) -> None:
        self.art = ArtKit.of(self.content, self.loc)

    def card(self, card: Card, key: str) -> str:
        return self.loc.text("cards", card.id, key)

    def string(self, string_id: str, n: float | None = None) -> str:
        return self.loc.string(string_id, n)

    def region(self, region_id: str) -> str:
        if region_id not in self.content.index("regions"):
            return ""
        return self.loc.text("regions", region_id, "name")

    def bar_label(self, bar: str) -> str:
        if bar not in self.content.index("bars"):
            return ""
        return self.loc.text("bars", bar, "label")

    def order(self) -> Callable[[str], tuple]:
        return sort_key(self.loc.code)

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
        return self.quantity(string_id, value)

    def quantity(self, string_id: str, value: float) -> str:
        """``value`` with its unit as printed: the unit's plural message (``{n} short tons``,
        each locale's form for the number), or the number and a symbol (``700\u00a0km``)."""
        if not string_id:
            return self.loc.number(value)
        name = self.loc.string(string_id, value)
        return name if "{n}" in self._raw(string_id) else f"{self.loc.number(value)}\u00a0{name}"

    def question_unit(self, card: Card, index: int) -> str:
        q = card.bars[index]
        unit = UNITS[q.answer.unit]
        string_id = unit.imperial_label_string if self.units == "imperial" else unit.label_string
        if q.bar == "year" or not string_id:
            return ""
        return self.loc.string("question-unit").replace("{unit}", self.loc.string(string_id))

    def year(self, value: float) -> str:
        """A calendar year as printed (never grouped; ``2560 BC`` for negative years)."""
        year = int(value)
        return self.loc.string("year-bc").replace("{n}", str(-year)) if year < 0 else str(year)

    def _raw(self, string_id: str) -> str:
        rec = self.content.index("strings").get(string_id)
        text = rec.obj.text if rec else ""
        return " ".join(text.values()) if isinstance(text, dict) else text


class TerraPrinter:
    """Builds Terra's print decks for one locale and unit system."""

    def __init__(self, content: GameContent, loc: Localizer, units: Units = "metric",
                 ink_saver: bool = False) -> None:
        self.content, self.loc, self.units = content, loc, units
        self.texts = LocTexts(content, loc, units)
        self.theme = Theme(ink_saver)

    def deck(self, deck_id: str, name: str, size_mm: tuple[float, float],
             source: TextSource | None = None) -> PrintDeck:
        """One deck: every card with both sides, the bar strip and the region list."""
        from .pages import bar_strip, region_list

        t, theme = self.texts, self.theme
        label = (name, source)

        def side(build: Callable[[Card, Texts, Theme], Face], card: Card) -> Callable[[], Face]:
            return lambda: build(card, t, theme)

        cards = [PrintCard(rec.id, t.card(rec.obj, "topic"), side(front_face, rec.obj),
                           side(back_face, rec.obj)) for rec in self.content.of("cards")]
        # the pages' names head their footers and bookmarks: the pages' titles, from the locale
        pages = [(t.string("bar-strip"),
                  lambda w, h: bar_strip(self.content, t, theme, label, w, h)),
                 (t.string("region-list"),
                  lambda w, h: region_list(self.content, t, theme, label, w, h))]
        return PrintDeck(deck_id, name, size_mm, cards, extra_pages=pages,
                         strings=self.loc.string, locale=self.loc.code)


def print_decks(content: GameContent, loc: Localizer, units: Units = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """Every deck declared in ``decks.yaml`` (without one, a deck of every card at the design
    size), ready to lay out (``ink_saver``: white cards with coloured rules, no full-colour
    backgrounds)."""
    printer = TerraPrinter(content, loc, units, ink_saver)
    decks = content.of("decks")
    if not decks:  # decks.yaml is optional: every card at the size the layout is designed for
        return [printer.deck("cards", "Terra", (DESIGN_W, DESIGN_H))]
    return [printer.deck(rec.id, loc.text("decks", rec.id, "name"), rec.obj.mm,
                         TextSource("decks", rec.id, "name")) for rec in decks]
