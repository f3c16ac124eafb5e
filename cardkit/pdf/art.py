"""Art on faces: an object's image in its template's art frame, through the one layout mechanism.

A template names its art frame (a :class:`~cardkit.pdf.geometry.Box` in design mm) and, if it
has one, its credit line, and calls :meth:`ArtKit.place` with the object's ``art`` field
(:class:`cardkit.core.models.Art`, or a bare path). The kit adds it to the face with
:meth:`Face.art <cardkit.pdf.layout.Face.art>`:

* framed art is a shape (text flows around it, as around any badge), drawn clipped to its
  frame in its fit mode (``fit``, ``fill`` or ``crop``, see :func:`.artfile.placement`);
* full-bleed art (``bleed: true``) is paint laid out on the whole card grown by
  :data:`.artfile.BLEED_MM`, clipped to the bleed the PDF is printed with; the template adds
  it right after its background, so everything else is drawn over it;
* the credit (``credit: Ada``) prints as the locale's ``print-art-credit`` and the name in the
  template's credit line;
* an image that cannot be printed (missing, outside the content folder, unreadable) prints a
  hatched, outlined placeholder with the locale's ``print-art-missing`` and the path — never
  a crash; the art checks (:mod:`.artcheck`) say why.

Every image is embedded once per PDF however many cards show it: a raster image through
reportlab's image cache (one decoded reader per file and canvas, named by its pixels, so the
bytes do not depend on where the content folder is); an SVG as one form XObject (drawn
directly on each card instead only when it uses transparency, which a form cannot carry).

:meth:`ArtKit.draw_icon` draws an image as an inline icon, for games whose icons are images.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.spec import content_folder
from ..text.flow import flow_text
from ..text.fonts import ITALIC
from ..text.runs import TextStyle
from .artfile import BLEED_MM, Probe, placement, probe, svg_drawing
from .geometry import MM_TO_PT, Box
from .layout import RGB, WHITE, ArtSlot, Ctx, Face, Frame, Shape, TextSource
from .words import ENGLISH

#: How a credit line and a placeholder's label print.
CREDIT_STYLE = TextStyle(ITALIC, 6.0, 4.0, align="right", colour=(0.25, 0.25, 0.25))
LABEL_STYLE = TextStyle(ITALIC, 7.0, 4.0, align="center", colour=(0.25, 0.25, 0.25))
PLACEHOLDER_FILL: RGB = (0.93, 0.93, 0.93)
PLACEHOLDER_INK: RGB = (0.45, 0.45, 0.45)


@dataclass(frozen=True, slots=True)
class ArtSpec:
    """An ``art`` field with its defaults filled in."""

    path: str
    fit: str = "fill"
    focus: tuple[float, float] = (0.5, 0.5)
    bleed: bool = False
    credit: str | None = None


def art_spec(ref: Any) -> ArtSpec | None:
    """The :class:`ArtSpec` of an ``art`` field (a path or an ``Art`` object; None: none)."""
    if ref is None:
        return None
    if isinstance(ref, str):
        return ArtSpec(ref)
    focus = tuple(ref.focus)
    return ArtSpec(ref.path, ref.fit, (float(focus[0]), float(focus[1])), ref.bleed, ref.credit)


class ArtKit:
    """Places art of one game's content on faces, with the strings of one locale.

    ``root``: the game's content folder (None for content built in memory: every image is
    then a placeholder); ``string(id, default=...)``: the locale's template strings.
    """

    def __init__(self, root: Path | None, string: Callable[..., str]) -> None:
        self.root, self._string = root, string

    @classmethod
    def of(cls, content: Any, loc: Any) -> ArtKit:
        """The kit of a game's content printed in the locale of ``loc`` (a Localizer)."""
        return cls(content_folder(content), loc.string)

    def word(self, string_id: str) -> str:
        """A ``print-art-*`` string in the locale (the English of :mod:`.words` if missing)."""
        english = ENGLISH[string_id]
        text = self._string(string_id, default=english)
        return text if isinstance(text, str) and text and text != string_id else english

    def place(self, face: Face, frame: Box, ref: Any, source: TextSource | None = None,
              credit: Box | None = None, credit_on: RGB = WHITE) -> ArtSpec | None:
        """Put the art ``ref`` (an object's ``art`` field) on ``face`` in the template's art
        ``frame``; its credit, if any, in the ``credit`` box (printed on ``credit_on``).
        Nothing happens without art, so a face without art is exactly what it was."""
        spec = art_spec(ref)
        if spec is None:
            return None
        found = probe(self.root, spec.path)
        bleed = spec.bleed and found.usable
        box = Box(0, 0, face.w, face.h).grow(BLEED_MM) if bleed else frame
        slot = ArtSlot(spec.path, spec.fit, box, bleed, source)
        if not found.usable:
            face.art(slot, placeholder_painter(frame))
            self._label(face, frame, spec.path)
        else:
            face.art(slot, image_painter(found, spec, box))
        if spec.credit and credit is not None:
            style = CREDIT_STYLE
            face.shape(Shape("art-credit", credit, pad=0.3), _nothing)  # texts flow around it
            face.text(f"{self.word('print-art-credit')} {spec.credit}",
                      Frame("art-credit", credit.x, credit.y, credit.w, credit.h, style,
                            max_lines=1, background=credit_on),
                      TextSource(source.kind, source.id, "art.credit") if source else None)
        return spec

    def _label(self, face: Face, frame: Box, path: str) -> None:
        """The placeholder's words: "art missing: art/x.png", or less when that does not fit
        (the label never stops a card from printing)."""
        inner = frame.grow(-1.0)
        if inner.w <= 2 or inner.h <= 2:
            return
        label = self.word("print-art-missing")
        mm = MM_TO_PT
        for text in (f"{label}\n{path}", label):
            if flow_text(text, inner.x * mm, inner.y * mm, inner.w * mm, inner.h * mm,
                         LABEL_STYLE, frozenset(), (), "middle", 3) is not None:
                face.text(text, Frame("art-missing", inner.x, inner.y, inner.w, inner.h,
                                      LABEL_STYLE, max_lines=3, background=PLACEHOLDER_FILL))
                return

    def draw_icon(self, c: Any, path: str, x: float, baseline: float, size: float) -> None:
        """An image as an inline icon of a text of ``size`` points whose baseline is at
        ``baseline`` (points of the face): fitted in a square one size high, sitting where a
        glyph icon sits; a missing image draws a small placeholder."""
        found = probe(self.root, path)
        side = size * 0.92
        box = Box(x / MM_TO_PT, (baseline - size * 0.16) / MM_TO_PT, side / MM_TO_PT,
                  side / MM_TO_PT)
        c.saveState()
        if found.usable:
            image_painter(found, ArtSpec(path, "fit"), box)(c, None)
        else:
            placeholder_painter(box)(c, None)
        c.restoreState()


# ---------------------------------------------------------------------------------------------
# painters

def _nothing(c: Any, ctx: Ctx | None) -> None:
    """The credit line's room draws nothing (its text is drawn with the others)."""


def _clip(c: Any, box: Box) -> None:
    mm = MM_TO_PT
    p = c.beginPath()
    p.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm)
    c.clipPath(p, stroke=0, fill=0)


def image_painter(found: Probe, spec: ArtSpec, frame: Box) -> Callable[[Any, Ctx | None], None]:
    """Draws a usable image in ``frame`` (mm) in the spec's fit mode, clipped to the frame —
    or, full bleed, to the card and the bleed the PDF is printed with."""
    at = placement(spec.fit, spec.focus, (found.width, found.height), frame, found.dpi)

    def paint(c: Any, ctx: Ctx | None) -> None:
        if spec.bleed and ctx is not None:
            b = ctx.bleed / MM_TO_PT
            _clip(c, Box(-b, -b, ctx.w / MM_TO_PT + 2 * b, ctx.h / MM_TO_PT + 2 * b))
        else:
            _clip(c, frame)
        mm = MM_TO_PT
        if found.kind == "svg":
            _draw_svg(c, found, at)
        else:
            c.drawImage(_reader(c, found), at.x * mm, at.y * mm, at.w * mm, at.h * mm,
                        mask="auto")
    return paint


def _reader(c: Any, found: Probe) -> Any:
    """One image reader per file and canvas: the file is decoded once per PDF."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    cache: dict[str, Any] = c.__dict__.setdefault("_cardkit_art", {})
    key = str(found.path)
    if key not in cache:
        with Image.open(key) as im:
            im.load()
            alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
            cache[key] = ImageReader(im.convert("RGBA" if alpha else "RGB"))
    return cache[key]


def _draw_svg(c: Any, found: Probe, at: Box) -> None:
    from reportlab.graphics import renderPDF

    path = found.path
    if path is None:  # a usable probe always has its path
        return
    st = path.stat()
    drawing = svg_drawing(str(path), st.st_mtime_ns, st.st_size)
    mm = MM_TO_PT
    c.translate(at.x * mm, at.y * mm)
    c.scale(at.w * mm / found.width, at.h * mm / found.height)
    if _transparent(drawing) or not hasattr(c, "beginForm"):
        renderPDF.draw(drawing, c, 0, 0)
        return
    done: set[str] = c.__dict__.setdefault("_cardkit_stamps", set())
    name = "ckart" + hashlib.sha1(path.read_bytes()).hexdigest()[:16]
    if name not in done:
        done.add(name)
        c.beginForm(name, 0, 0, found.width, found.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()
    c.doForm(name)


def _transparent(node: Any) -> bool:
    """Whether a reportlab drawing uses opacity anywhere (a form XObject cannot carry it)."""
    for attr in ("fillOpacity", "strokeOpacity"):
        value = getattr(node, attr, None)
        if value is not None and value < 1:
            return True
    return any(_transparent(child) for child in getattr(node, "contents", ()) or ())


def placeholder_painter(frame: Box) -> Callable[[Any, Ctx | None], None]:
    """A light, hatched, outlined box: where an image that cannot be printed would be."""
    def paint(c: Any, ctx: Ctx | None) -> None:
        mm = MM_TO_PT
        x, y, w, h = frame.x * mm, frame.y * mm, frame.w * mm, frame.h * mm
        c.setFillColorRGB(*PLACEHOLDER_FILL)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.saveState()
        _clip(c, frame)
        c.setStrokeColorRGB(*PLACEHOLDER_INK)
        c.setLineWidth(0.15 * mm)
        step = 2.5 * mm
        k = -h
        while k < w:
            c.line(x + k, y, x + k + h, y + h)
            k += step
        c.restoreState()
        c.setStrokeColorRGB(*PLACEHOLDER_INK)
        c.setLineWidth(0.35 * mm)
        c.rect(x, y, w, h, stroke=1, fill=0)
    return paint
