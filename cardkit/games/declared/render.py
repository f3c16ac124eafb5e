"""The card faces of a declared game, from its templates: named boxes on the layout mechanism.

A template paints its background (to the bleed) and border, then each box in order: a box with
a ``fill`` (or a ``shape``) is a layout :class:`~cardkit.pdf.layout.Shape` that other texts
flow around and that holds its own text; its text is a field of the object — a reference prints
the label of the object it names, a list its values joined by commas — or a string of
``strings.yaml``, with an optional ``prefix`` string. Every text goes through the
:class:`~cardkit.i18n.lookup.Localizer` and carries its :class:`~cardkit.pdf.layout.TextSource`,
so the fit check (GAM006) locates a text that does not fit in English and in every locale.
Icons of the token registry (``[coin]``) are drawn inline as a disc of their colour with
their letter, or from their ``image`` file. A template's ``art`` frame prints the object's
``art`` (:mod:`cardkit.pdf.art`), full-bleed art right over the background.
"""

from __future__ import annotations

from typing import Any

from ...core.content import GameContent
from ...core.spec import Record
from ...i18n.lookup import Localizer
from ...pdf.art import ArtKit
from ...pdf.deck import PrintCard, PrintDeck
from ...text.fonts import BOLD, BOLD_ITALIC, ITALIC, REGULAR
from ...pdf.geometry import MM_TO_PT, Box
from ...pdf.layout import RGB, Ctx, Face, Frame, Shape, TextSource, hex_rgb, readable_on
from ...text.runs import TextStyle
from ...pdf.words import ENGLISH as ENGLISH_WORDS
from .checks import declaration, deck_size
from .model import MAX_COPIES, BoxDecl, ColourBy, GameDecl, TemplateDecl

GREY: RGB = (0.47, 0.47, 0.47)
FONTS = {(False, False): REGULAR, (True, False): BOLD, (False, True): ITALIC,
         (True, True): BOLD_ITALIC}


class DeclaredPrinter:
    """Builds the faces of one declared game in one locale."""

    def __init__(self, content: GameContent, decl: GameDecl, loc: Localizer,
                 ink_saver: bool = False) -> None:
        self.content, self.decl, self.loc, self.ink = content, decl, loc, ink_saver
        self.icons = {t.token: t for t in decl.tokens if not t.token.startswith("{")}
        self.fields = {k.id: {f.id: f for f in k.fields} for k in decl.kinds}
        self.labels = {k.id: k.label for k in decl.kinds}
        self.art = ArtKit.of(content, loc)

    # -- values ---------------------------------------------------------------------------
    def _value(self, rec: Record[Any] | None, path: str) -> Any:
        """A field's value (``guild.colour`` follows the reference), or ``None``."""
        if rec is None:
            return None
        head, _, tail = path.partition(".")
        value = getattr(rec.obj, head, None)
        if not tail or value is None or not isinstance(value, str):
            return value
        f = self.fields.get(rec.kind, {}).get(head)
        target = self.content.index(f.kind).get(value) if f is not None and f.kind else None
        return getattr(target.obj, tail, None) if target is not None else None

    def colour(self, colour: Any, rec: Record[Any] | None, fallback: RGB = GREY) -> RGB:
        """A declared colour: a hex value, or the colour its field's value is mapped to."""
        if colour is None:
            return fallback
        if isinstance(colour, ColourBy):
            value = self._value(rec, colour.field)
            hex_value = colour.colours.get(str(value).lower() if isinstance(value, bool)
                                           else str(value), colour.default)
            return hex_rgb(hex_value) if hex_value else fallback
        return hex_rgb(colour)

    def _label(self, kind: str, obj_id: str, seen: frozenset[tuple[str, str]] = frozenset()
               ) -> tuple[str, TextSource | None]:
        label = self.labels.get(kind)
        rec = self.content.index(kind).get(obj_id)
        if rec is None or label is None or (kind, obj_id) in seen:  # a label leading back
            return obj_id, None  # to itself (GAM004 reports it) prints the id
        return self._field_text(rec, label, seen | {(kind, obj_id)})

    def _field_text(self, rec: Record[Any], name: str,
                    seen: frozenset[tuple[str, str]] = frozenset()
                    ) -> tuple[str, TextSource | None]:
        f = self.fields.get(rec.kind, {}).get(name)
        value = getattr(rec.obj, name, None)
        if value is None:
            return "", None
        if f is not None and f.item_type == "ref" and f.kind:
            refs = value if isinstance(value, (list, tuple)) else [value]
            here = seen | {(rec.kind, rec.id)}
            return ", ".join(self._label(f.kind, r, here)[0] for r in refs), \
                (self._label(f.kind, refs[0], here)[1] if len(refs) == 1 else None)
        if f is not None and f.type == "text" and f.translatable:
            return self.loc.text(rec.kind, rec.id, name), TextSource(rec.kind, rec.id, name)
        if isinstance(value, bool):
            sid = "print-yes" if value else "print-no"
            if sid not in self.content.index("strings"):  # the generic pages' English
                return ENGLISH_WORDS[sid], None
            return self.loc.string(sid), TextSource("strings", sid, "text")
        if isinstance(value, (list, tuple)):
            if f is not None and f.item_type == "icon":
                return " ".join(f"[{v}]" for v in value), None
            return ", ".join(self.loc.number(v) if isinstance(v, int) else str(v)
                             for v in value), None
        if f is not None and f.type == "icon":
            return f"[{value}]", None
        if isinstance(value, int):
            return self.loc.number(value), None
        return str(value), TextSource(rec.kind, rec.id, name)

    def _box_text(self, box: BoxDecl, rec: Record[Any] | None) -> tuple[str, TextSource | None]:
        text, source = "", None
        if box.string is not None:
            text, source = self.loc.string(box.string), TextSource("strings", box.string, "text")
        elif box.field is not None and rec is not None:
            text, source = self._field_text(rec, box.field)
        if box.prefix is not None and text:
            text = f"{self.loc.string(box.prefix)} {text}"
            source = source or TextSource("strings", box.prefix, "text")
        return text, source

    # -- drawing --------------------------------------------------------------------------
    def draw_icon(self, c: Any, name: str, x: float, baseline: float, size: float) -> None:
        """An icon: a disc of its colour with its letter, one text line high."""
        token = self.icons.get(name)
        if token is not None and token.image is not None:
            self.art.draw_icon(c, token.image, x, baseline, size)
            return
        rgb = hex_rgb(token.colour) if token is not None and token.colour else GREY
        r = size * 0.42
        cx, cy = x + r, baseline + size * 0.33
        c.setFillColorRGB(*rgb)
        c.circle(cx, cy, r, stroke=0, fill=1)
        letter = token.letter if token is not None and token.letter else name[:1].upper()
        c.setFillColorRGB(*readable_on(rgb))
        c.setFont(BOLD, size * 0.62)
        c.drawCentredString(cx, cy - size * 0.22, letter)

    def face(self, template: TemplateDecl, rec: Record[Any] | None, size: tuple[float, float],
             name: str) -> Face:
        """One side of a card: ``rec`` is the object (``None`` for a shared back)."""
        w, h = size
        face = Face(name, w, h)
        white: RGB = (1.0, 1.0, 1.0)
        bg = self.colour(template.background, rec, white)
        border = self.colour(template.border, rec) if template.border is not None else None
        ink = self.ink
        if ink:  # ink saver: white card, the border (or background colour) as an outline
            border, bg = border or (bg if bg != white else None), white

        def paint(c: Any, ctx: Ctx) -> None:
            mm, b = MM_TO_PT, ctx.bleed
            c.setFillColorRGB(*(bg if ink else border or bg))
            c.rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, stroke=0, fill=1)
            if border is not None:
                c.setFillColorRGB(*bg)
                c.setStrokeColorRGB(*border)
                c.setLineWidth(0.8 * mm)
                c.roundRect(2.5 * mm, 2.5 * mm, ctx.w - 5 * mm, ctx.h - 5 * mm, 2.5 * mm,
                            stroke=int(ink), fill=1)
        face.paint(paint)
        if template.art is not None and rec is not None and getattr(rec.obj, "art", None):
            a, cr = template.art, template.art.credit
            self.art.place(face, Box(a.x, a.y, a.w, a.h), rec.obj.art,
                           TextSource(rec.kind, rec.id, "art"),
                           Box(cr.x, cr.y, cr.w, cr.h) if cr is not None else None, bg)
        icons = frozenset(self.icons)
        for box in template.boxes:
            fill = self.colour(box.fill, rec) if box.fill is not None else None
            outline = None
            if ink and fill is not None:
                fill, outline = white, fill
            behind = fill or bg
            if fill is not None or box.shape is not None:
                self._shape(face, box, fill or bg, outline)
            text, source = self._box_text(box, rec)
            if not text:
                continue
            colour = self.colour(box.colour, rec, readable_on(behind))
            if ink:
                colour = readable_on(behind)
            style = TextStyle(FONTS[(box.bold, box.italic)], box.size, box.min_size,
                              align=box.align, colour=colour)
            inner = Box(box.x, box.y, box.w, box.h)
            if box.shape == "circle":  # text inside the disc's inscribed square
                r = min(box.w, box.h) / 2
                side = r * 1.41421356
                inner = Box(box.x + box.w / 2 - side / 2, box.y + box.h / 2 - side / 2, side,
                            side)
            elif fill is not None:
                inner = inner.grow(-0.8)
            frame = Frame(box.id, inner.x, inner.y, inner.w, inner.h, style, box.valign,
                          box.lines, behind)
            face.text(text, frame, source, colour=colour, icons=icons, draw_icon=self.draw_icon)
        return face

    def _shape(self, face: Face, box: BoxDecl, rgb: RGB, outline: RGB | None = None) -> None:
        kind = "circle" if box.shape == "circle" else "rect"
        area = Box(box.x, box.y, box.w, box.h)
        stroke = int(outline is not None)

        def paint(c: Any, ctx: Ctx) -> None:
            mm = MM_TO_PT
            c.setFillColorRGB(*rgb)
            if outline is not None:
                c.setStrokeColorRGB(*outline)
                c.setLineWidth(0.5 * mm)
            if kind == "circle":
                c.circle((area.x + area.w / 2) * mm, (area.y + area.h / 2) * mm,
                         min(area.w, area.h) / 2 * mm, stroke=stroke, fill=1)
            else:
                c.roundRect(area.x * mm, area.y * mm, area.w * mm, area.h * mm, 1.2 * mm,
                            stroke=stroke, fill=1)
        face.shape(Shape(f"box-{box.id}", area, kind, pad=0.4), paint)


def print_decks(content: GameContent, loc: Localizer, units: str = "metric", *,
                ink_saver: bool = False) -> list[PrintDeck]:
    """The decks of ``game.yaml``: every object of a deck's kind, front and back from its
    templates, ``copies`` of each. A deck whose kind or front template does not exist (GAM004)
    is left out. ``units`` is unused (declared templates print no measures). A deck's name is
    the ``deck-<id>`` string of strings.yaml when there is one (so it is translated), else its
    ``name``. ``ink_saver``: white cards, the colours as outlines."""
    decl, _ = declaration(content)
    if decl is None:
        return []
    printer = DeclaredPrinter(content, decl, loc, ink_saver)
    templates = {t.id: t for t in decl.templates}
    strings = content.index("strings")
    known = {k.name for k in content.game.kinds}
    decks: list[PrintDeck] = []
    for deck in decl.decks:
        front = templates.get(deck.front)
        if front is None or deck.kind not in known:
            continue
        size = deck_size(deck)
        back = templates.get(deck.back) if deck.back else None
        label = printer.labels.get(deck.kind)
        cards = []
        for rec in content.of(deck.kind):
            copies = getattr(rec.obj, deck.copies, 1) if deck.copies else 1
            if isinstance(copies, int) and copies <= 0:
                continue  # copies 0: not printed
            name = printer._field_text(rec, label)[0] if label else rec.id
            cards.append(PrintCard(
                rec.id, name or rec.id,
                front=lambda rec=rec, t=front, size=size: printer.face(t, rec, size,
                                                                      f"{rec.id}-front"),
                count=min(copies, MAX_COPIES) if isinstance(copies, int) else 1))
        shared = (lambda t=back, size=size, name=f"{deck.id}-back": printer.face(
            t, None, size, name)) if back is not None else None
        title = loc.string(f"deck-{deck.id}") if f"deck-{deck.id}" in strings else deck.name
        if cards:
            decks.append(PrintDeck(deck.id, title, size, cards, shared_back=shared,
                                   strings=loc.string, locale=loc.code))
    return decks
