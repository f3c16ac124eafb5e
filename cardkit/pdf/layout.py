"""The one layout mechanism for everything cardkit prints: a face is a display list.

A template builds a :class:`Face` — a card side, or a whole page — in *design millimetres*
(origin at the lower-left corner of the trim). It adds, in painting order:

* **paint** steps: backgrounds, patterns, frames — drawn, taking no room from text;
* **shapes** (:class:`Shape`): badges, circles, icon strips, banners — drawn *and* taking room:
  every text frame they cross flows around them;
* **texts**: a string in a named :class:`Frame`, with where it comes from (:class:`TextSource`);
* **art** (:meth:`Face.art`): an image in the template's art frame — a shape text flows
  around, or, full bleed, paint behind what follows — recorded as an :class:`ArtSlot` so the
  art checks learn each image's printed frame from the templates themselves (:mod:`.art`).

Nothing is fitted until the face is complete, so a shape added after a text still pushes it.
:meth:`Face.problems` lists every text that does not fit at its frame's minimum size; the fit
checks (``check``) and ``cardkit pdf`` (which refuses to print them) both read it, and
:meth:`Face.draw` draws exactly the lines that were fitted. Nothing else on a card draws text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Literal

from ..text.flow import Flowed, Obstacle, VAlign, flow_text
from ..text.fonts import missing_glyphs
from ..text.runs import IconDrawer, TextStyle
from .flow import draw_texts
from .geometry import MM_TO_PT, Box

RGB = tuple[float, float, float]
WHITE: RGB = (1.0, 1.0, 1.0)
#: Air kept between a shape and the text that flows around it (mm).
SHAPE_PAD = 0.8


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a paint step gets besides the canvas: lengths in points of the design space."""

    w: float  # design width, points
    h: float  # design height, points
    bleed: float  # bleed around the design box, points of the design space

    @staticmethod
    def mm(v: float) -> float:
        """Design millimetres to points."""
        return v * MM_TO_PT


Painter = Callable[[Any, Ctx], None]


@dataclass(frozen=True, slots=True)
class Shape:
    """A drawn element that takes room: text never runs under it.

    ``kind`` ``circle`` uses the largest circle inside ``box``; ``rect`` the whole box.
    """

    name: str
    box: Box  # design mm
    kind: Literal["rect", "circle"] = "rect"
    pad: float = SHAPE_PAD

    def obstacle(self) -> Obstacle:
        """The shape as a padded obstacle in points."""
        return _obstacle(self)


@lru_cache(maxsize=65536)
def _obstacle(shape: Shape) -> Obstacle:
    b = shape.box.grow(shape.pad) if shape.kind == "rect" else _circle_box(shape.box, shape.pad)
    return (b.x * MM_TO_PT, b.y * MM_TO_PT, b.right * MM_TO_PT, b.top * MM_TO_PT, shape.kind)


def _circle_box(box: Box, pad: float) -> Box:
    r = min(box.w, box.h) / 2 + pad
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return Box(cx - r, cy - r, 2 * r, 2 * r)


@dataclass(frozen=True, slots=True)
class Frame:
    """A named text box of a template (design mm, lower-left corner).

    ``background`` is what the text is printed on (the contrast test reads it); ``max_lines``
    caps the lines (1 for labels and names that must not wrap).
    """

    name: str
    x: float
    y: float
    w: float
    h: float
    style: TextStyle
    valign: VAlign = "middle"
    max_lines: int | None = None
    background: RGB = WHITE

    @property
    def box(self) -> Box:
        """The frame as a box."""
        return Box(self.x, self.y, self.w, self.h)

    def at(self, x: float | None = None, y: float | None = None, w: float | None = None,
           h: float | None = None) -> Frame:
        """The same frame moved or resized (a band repeated down a card)."""
        return Frame(self.name, self.x if x is None else x, self.y if y is None else y,
                     self.w if w is None else w, self.h if h is None else h, self.style,
                     self.valign, self.max_lines, self.background)


@dataclass(frozen=True, slots=True)
class TextSource:
    """Where a printed string comes from, for a located diagnostic.

    A content field (``kind``, object ``id``, dotted ``key``: ``cards``, ``eiffel-tower``,
    ``bars.0.question``) — template strings are ``strings``/``<id>``/``text``. ``None`` on a
    text made by cardkit itself (numbers, page counters).
    """

    kind: str
    id: str
    key: str

    def __str__(self) -> str:
        return f"{self.kind}/{self.id}/{self.key}"


@dataclass(slots=True)
class Placed:
    """A text placed in a frame of a face; ``flowed`` is ``None`` when it does not fit."""

    text: str
    frame: Frame
    source: TextSource | None
    colour: RGB
    icons: frozenset[str]
    draw_icon: IconDrawer | None
    obstacles: tuple[Obstacle, ...] = ()
    flowed: Flowed | None = None

    @property
    def fits(self) -> bool:
        """Whether the text fits its frame (at or above the minimum size) and its font has a
        glyph for every character (else a box would be printed in its place)."""
        return self.flowed is not None and not self.missing

    @property
    def missing(self) -> str:
        """The characters the frame's font cannot print (none: ``""``)."""
        return missing_glyphs(self.text, self.frame.style.font)

    def message(self) -> str:
        """Why it does not fit, in a translator's words."""
        f = self.frame
        if self.missing:
            shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in self.missing[:5])
            more = " …" if len(self.missing) > 5 else ""
            return (f"cannot be printed in the {f.name} box: the font has no glyph for "
                    f"{shown}{more}")
        return (f"does not fit the {f.name} box ({f.w:g} x {f.h:g} mm"
                + (f", {f.max_lines} line{'s' if f.max_lines != 1 else ''}" if f.max_lines else "")
                + f") even at {f.style.min_size:g} pt")


@dataclass(frozen=True, slots=True)
class ArtSlot:
    """An image placed on a face: its path (relative to the game's content folder), how it is
    fitted, the frame it prints in (design mm; full bleed: the card grown by the bleed it is
    laid out for) and the content field that names it (``cards/<id>/art``)."""

    path: str
    fit: str
    frame: Box
    bleed: bool
    source: TextSource | None = None


@dataclass
class Face:
    """One laid-out side of a card, or a page, in design millimetres."""

    name: str
    w: float
    h: float
    items: list[tuple[str, Any]] = field(default_factory=list)

    # -- building ------------------------------------------------------------------------------
    def paint(self, painter: Painter) -> None:
        """A drawing step that takes no room (backgrounds, patterns, rules)."""
        self.items.append(("paint", painter))
        self.__dict__.pop("placed", None)

    def shape(self, shape: Shape, painter: Painter) -> Shape:
        """A drawn shape that text flows around."""
        self.items.append(("shape", (shape, painter)))
        self.__dict__.pop("placed", None)
        return shape

    def text(self, text: str, frame: Frame, source: TextSource | None = None, *,
             colour: RGB | None = None, icons: frozenset[str] = frozenset(),
             draw_icon: IconDrawer | None = None) -> None:
        """A string in a frame."""
        self.items.append(("text", Placed(text, frame, source, colour or frame.style.colour,
                                          icons, draw_icon)))
        self.__dict__.pop("placed", None)

    def art(self, slot: ArtSlot, painter: Painter) -> None:
        """An image in its frame: a shape text flows around (drawn by ``painter``), or, full
        bleed, a paint step (behind what is added after it, reaching into the bleed)."""
        if slot.bleed:
            self.items.append(("paint", painter))
        else:
            self.items.append(("shape", (Shape("art", slot.frame, "rect"), painter)))
        self.items.append(("art", slot))
        self.__dict__.pop("placed", None)

    # -- reading -------------------------------------------------------------------------------
    @property
    def shapes(self) -> list[Shape]:
        """Every shape on the face."""
        return [payload[0] for kind, payload in self.items if kind == "shape"]

    @property
    def arts(self) -> list[ArtSlot]:
        """Every image on the face."""
        return [payload for kind, payload in self.items if kind == "art"]

    @cached_property
    def placed(self) -> list[Placed]:
        """Every text, fitted around every shape that crosses its frame.

        A shape whose box holds the text's whole frame is that text's own container (the
        number in a badge, a label on a banner): it does not push the text; every other shape
        does.
        """
        shapes = [(s, s.obstacle()) for s in self.shapes]
        mm = MM_TO_PT
        out = []
        for kind, payload in self.items:
            if kind != "text":
                continue
            p: Placed = payload
            f = p.frame
            box = f.box
            x0, y0, x1, y1 = f.x * mm, f.y * mm, (f.x + f.w) * mm, (f.y + f.h) * mm
            p.obstacles = tuple(ob for s, ob in shapes
                                if ob[2] > x0 and ob[0] < x1 and ob[3] > y0 and ob[1] < y1
                                and not s.box.holds(box))
            p.flowed = flow_text(p.text, f.x * mm, f.y * mm, f.w * mm, f.h * mm, f.style,
                                 p.icons, p.obstacles, f.valign, f.max_lines)
            out.append(p)
        return out

    def problems(self) -> list[Placed]:
        """The texts that do not fit."""
        return [p for p in self.placed if not p.fits]

    # -- drawing -------------------------------------------------------------------------------
    def scale_for(self, trim: Box) -> float:
        """The uniform scale from design points to a trim box in page points."""
        return min(trim.w / (self.w * MM_TO_PT), trim.h / (self.h * MM_TO_PT))

    def draw(self, canvas: Any, trim: Box, bleed: float = 0.0, visible: Box | None = None
             ) -> None:
        """Draw the face scaled into ``trim`` (page points); paint may reach ``bleed`` beyond.
        ``visible`` (design mm): only the words and icons that show in it are written — a
        board tile is the board clipped to a part, and text outside the part must not sit,
        invisible, beyond the page edge.

        Paint steps and shapes are drawn in the order they were added; then every text, in one
        PDF text object (texts never lie under a shape, except the shape that holds them — a
        badge's number — so drawing them last keeps them on top), then the inline icons. A text
        that does not fit is never drawn shrunk below its minimum: ``cardkit pdf`` refuses such
        faces before drawing (see :func:`cardkit.pdf.draw.render`).
        """
        placed = self.placed
        k = self.scale_for(trim)
        ctx = Ctx(self.w * MM_TO_PT, self.h * MM_TO_PT, bleed / k)
        canvas.saveState()
        canvas.translate(trim.x, trim.y)
        canvas.scale(k, k)
        for kind, payload in self.items:
            if kind == "paint":
                canvas.saveState()
                payload(canvas, ctx)
                canvas.restoreState()
            elif kind == "shape":
                canvas.saveState()
                payload[1](canvas, ctx)
                canvas.restoreState()
        texts = [p for p in placed if p.flowed is not None and p.flowed.lines
                 and (visible is None or visible.overlaps(p.frame.box))]
        if texts:
            canvas.saveState()
            window = None if visible is None else (
                visible.x * MM_TO_PT, visible.y * MM_TO_PT, visible.right * MM_TO_PT,
                visible.top * MM_TO_PT)
            draw_texts(canvas, [(p.flowed, p.frame.style, p.draw_icon, p.colour)  # type: ignore[misc]
                                for p in texts], window)
            canvas.restoreState()
        canvas.restoreState()


FaceBuilder = Callable[[], Face]


_ALPHA = ("setFillAlpha", "setStrokeAlpha")


def _no_transparency(canvas: Any) -> None:
    """reportlab keeps transparency states in the page's resources, not a form's: a form that
    sets one refers to a state its page may not have (poppler: "ExtGState … is unknown").
    Stamps therefore refuse transparency; mix the colour instead."""
    def refuse(*_: Any) -> None:
        raise TypeError("a stamped drawing cannot use transparency: mix the colour instead")
    for attr in _ALPHA:
        canvas.__dict__[attr] = refuse


@lru_cache(maxsize=8192)
def _form_name(key: Hashable, box: Box, ctx: Ctx) -> str:
    """The form XObject's name of a stamp: a digest of what its drawing depends on (the same
    on every run; remembered, as a stamp is painted on every card that shows it)."""
    return "ck" + hashlib.sha1(repr((key, box, ctx)).encode()).hexdigest()[:16]


def stamp(key: Hashable, painter: Painter, box: Box) -> Painter:
    """``painter`` drawn once per PDF as a form XObject, then reused wherever it recurs.

    For a graphic that repeats on many cards at the same place (a difficulty badge, a bar icon,
    a type illustration): the PDF holds its drawing once, each card refers to it. ``key`` must
    name everything the drawing depends on besides the design-space context (which is added);
    ``box`` (design mm) bounds what it draws. A canvas without forms gets a plain drawing.
    The drawing may not use transparency (see :func:`_no_transparency`).
    """
    def paint(canvas: Any, ctx: Ctx) -> None:
        if not hasattr(canvas, "beginForm"):
            painter(canvas, ctx)
            return
        done: set[str] = canvas.__dict__.setdefault("_cardkit_stamps", set())
        name = _form_name(key, box, ctx)
        if name not in done:
            done.add(name)
            mm = MM_TO_PT
            canvas.beginForm(name, box.x * mm - 2, box.y * mm - 2, box.right * mm + 2,
                             box.top * mm + 2)
            canvas.saveState()
            _no_transparency(canvas)
            try:
                painter(canvas, ctx)
            finally:
                for attr in _ALPHA:
                    canvas.__dict__.pop(attr, None)
            canvas.restoreState()
            canvas.endForm()
        canvas.doForm(name)
    return paint


# ---------------------------------------------------------------------------------------------
# colour

def polygon(canvas: Any, pts: list[tuple[float, float]], stroke: int = 0, fill: int = 1) -> None:
    """A closed polygon through ``pts`` (points), filled and/or stroked with the canvas's
    current colours (the glyphs of every game)."""
    p = canvas.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    p.close()
    canvas.drawPath(p, stroke=stroke, fill=fill)


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (components 0..1)."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def named_title(content: Any, loc: Any, kinds: tuple[str, ...]) -> tuple[str, TextSource | None]:
    """The title a game prints on its backs: the ``name`` of the first object of the first of
    ``kinds`` that has one (``("decks", "rules")``), translated; content that failed its schema
    may have none, and the title is then the game's own, untranslated (no text source)."""
    for kind in kinds:
        for rec in content.of(kind):
            return loc.text(kind, rec.id, "name"), TextSource(kind, rec.id, "name")
    return content.game.title, None


def readable_on(bg: RGB) -> RGB:
    """Black or white, whichever reads better on ``bg`` (the higher WCAG contrast)."""
    white, black = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
    return white if contrast(white, bg) >= contrast(black, bg) else black


def tint(rgb: RGB, k: float) -> RGB:
    """``rgb`` mixed with white (``k`` = share of white: 0 the colour, 1 white)."""
    return (rgb[0] + (1 - rgb[0]) * k, rgb[1] + (1 - rgb[1]) * k, rgb[2] + (1 - rgb[2]) * k)


def hex_rgb(colour: str) -> RGB:
    """``#rrggbb`` as an RGB triple (components 0..1)."""
    v = colour.lstrip("#")
    return (int(v[0:2], 16) / 255, int(v[2:4], 16) / 255, int(v[4:6], 16) / 255)


def grey(rgb: RGB) -> float:
    """The grey a colour prints as on a greyscale printer (luma, 0 black .. 1 white)."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b
