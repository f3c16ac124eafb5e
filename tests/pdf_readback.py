"""Read printed PDFs back: every character's box, and the faces it was drawn from.

Used by the overlap tests (``tests/test_pdf_overlap.py``) and the file tests: a deck is rendered
with ``layout="single"`` (one card face per page, trim box at a known place), each page is read
back with pdfium (a different PDF engine than the one that wrote it), and every character's tight
box is compared with the :class:`~cardkit.pdf.layout.Shape` boxes of the face drawn on that page,
mapped from design millimetres to page millimetres by the same transform as
:meth:`~cardkit.pdf.layout.Face.draw`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.pdf.geometry import MM_TO_PT, Box
from cardkit.pdf.layout import Face, Shape
from cardkit.pdf.sheet import single_page

SHIPPED = Path(__file__).resolve().parent.parent / "content"
#: Tolerances (mm): a glyph may touch the trim within ``TRIM_TOL``; shapes are shrunk by
#: ``SHAPE_TOL`` before testing (anti-aliasing, rounding of glyph boxes).
TRIM_TOL = 0.1
SHAPE_TOL = 0.2
#: Bleed of the read-back pages: text in the bleed is outside the trim and gets caught.
BLEED = 3.0
#: The id :func:`unique` gives the deck's shared back, printed once as a card of its own.
SHARED_BACK = "__shared-back__"


@dataclass(frozen=True, slots=True)
class Char:
    """One printed character: its text and tight box in page millimetres."""

    text: str
    box: Box


@dataclass(slots=True)
class Page:
    """One read-back page and what was drawn on it."""

    label: str  # "deck/card front"
    face: Face
    trim: Box  # page mm
    chars: list[Char] = field(default_factory=list)
    card: str | None = None  # the card's label (its name) on a front; None on a back

    @property
    def text(self) -> str:
        """Every character on the page, in reading order (pdfium's)."""
        return "".join(c.text for c in self.chars)

    def shapes(self) -> list[tuple[Shape, Box]]:
        """The face's shapes with their boxes in page millimetres."""
        return [(s, design_to_page(self.face, self.trim, s.box)) for s in self.face.shapes]

    def texts(self) -> list[Drawn]:
        """Every fitted text of the face: its lines' ink boxes in page mm, and the shapes that
        hold it — a shape whose box holds the text's whole frame *and* that the layout did not
        flow the text around (a badge's own number; read from the obstacles it was given)."""
        out = []
        for p in self.face.placed:
            if p.flowed is None:
                continue
            given = set(p.obstacles)
            frame = p.frame.box
            holders = frozenset(i for i, s in enumerate(self.face.shapes)
                                if s.obstacle() not in given and _holds(s.box, frame))
            boxes = tuple(design_to_page(self.face, self.trim,
                                         Box(x0 / MM_TO_PT, y0 / MM_TO_PT, (x1 - x0) / MM_TO_PT,
                                             (y1 - y0) / MM_TO_PT))
                          for x0, y0, x1, y1 in p.flowed.ink_boxes())
            out.append(Drawn(p.text, boxes, holders))
        return out


@dataclass(frozen=True, slots=True)
class Drawn:
    """A text as the layout placed it: line ink boxes (page mm) and the shapes that hold it."""

    text: str
    lines: tuple[Box, ...]
    holders: frozenset[int]  # indices into ``face.shapes``

    def owns(self, c: Char, tol: float = 0.5) -> bool:
        """Whether a printed character's centre lies on one of this text's lines."""
        cx, cy = c.box.x + c.box.w / 2, c.box.y + c.box.h / 2
        return any(b.x - tol <= cx <= b.right + tol and b.y - tol <= cy <= b.top + tol
                   for b in self.lines)


def design_to_page(face: Face, trim: Box, box: Box) -> Box:
    """A box in the face's design mm mapped onto the page (mm), as :meth:`Face.draw` does."""
    k = face.scale_for(Box(trim.x * MM_TO_PT, trim.y * MM_TO_PT, trim.w * MM_TO_PT,
                           trim.h * MM_TO_PT))
    return Box(trim.x + k * box.x, trim.y + k * box.y, k * box.w, k * box.h)


def unique(deck: PrintDeck) -> PrintDeck:
    """The deck with one copy of each card, and its shared back printed once (as a card)."""
    cards = [replace(c, count=1) for c in deck.cards]
    if deck.shared_back is not None:
        cards.append(PrintCard(SHARED_BACK, "card back", deck.shared_back))
    return replace(deck, cards=cards, shared_back=None)


def faces_in_order(deck: PrintDeck) -> list[tuple[str, Face, str | None]]:
    """The faces ``layout="single"`` prints, one per page, in page order: ``(page label, face,
    card label on a front of a real card)``."""
    out = []
    for card in deck.cards:
        real = card.id != SHARED_BACK
        for _ in range(card.count):
            for side, build in (("front", card.front), ("back", card.back or deck.shared_back)):
                if build is not None:
                    out.append((f"{deck.id}/{card.id} {side}", build(),
                                card.label if side == "front" and real else None))
    return out


def render_single(deck: PrintDeck, bleed: float = BLEED, locale: str = "en") -> bytes:
    """The deck printed one face per page with a known bleed."""
    from cardkit.pdf.draw import PdfOptions, render
    from cardkit.pdf.geometry import SheetOptions

    opts = PdfOptions(sheet=SheetOptions(bleed=bleed), layout="single", locale=locale)
    return render(deck, opts).data


def read_chars(data: bytes) -> list[list[Char]]:
    """Every non-generated character of every page, with its tight box in mm."""
    import pypdfium2 as pdfium
    from pypdfium2 import raw

    pages: list[list[Char]] = []
    pdf = pdfium.PdfDocument(data)
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            chars = []
            for i in range(textpage.count_chars()):
                if raw.FPDFText_IsGenerated(textpage.raw, i) == 1:
                    continue  # a space or line break pdfium made up, not drawn
                code = raw.FPDFText_GetUnicode(textpage.raw, i)
                x0, y0, x1, y1 = textpage.get_charbox(i)
                k = 1 / MM_TO_PT
                chars.append(Char(chr(code) if code else "",
                                  Box(x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k)))
            textpage.close()
            page.close()
            pages.append(chars)
    finally:
        pdf.close()
    return pages


def read_back(deck: PrintDeck, bleed: float = BLEED, locale: str = "en") -> list[Page]:
    """Print ``deck`` one face per page and read every page back (copies are not repeated)."""
    deck = unique(deck)
    data = render_single(deck, bleed, locale)
    _, trim, _ = single_page(deck.size_mm, bleed)
    faces = faces_in_order(deck)
    chars = read_chars(data)
    if len(chars) != len(faces):
        raise AssertionError(f"{deck.id}: {len(chars)} pages printed for {len(faces)} faces")
    return [Page(label, face, trim, page, card)
            for (label, face, card), page in zip(faces, chars)]


# --- geometry --------------------------------------------------------------------------------


def inked(c: Char) -> bool:
    """Whether a character leaves ink (not a space, not an empty box)."""
    return bool(c.text.strip()) and c.box.w > 0 and c.box.h > 0


def outside_trim(c: Char, trim: Box, tol: float = TRIM_TOL) -> bool:
    """Whether a character's box reaches past the trim by more than ``tol``."""
    b = c.box
    return (b.x < trim.x - tol or b.y < trim.y - tol or b.right > trim.right + tol
            or b.top > trim.top + tol)


def crosses(c: Char, shape: Shape, box: Box, tol: float = SHAPE_TOL) -> bool:
    """Whether a character's box intersects a shape (in page mm) shrunk by ``tol``."""
    b = c.box
    if shape.kind == "circle":
        r = min(box.w, box.h) / 2 - tol
        if r <= 0:
            return False
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        nx, ny = min(max(cx, b.x), b.right), min(max(cy, b.y), b.top)
        return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r
    s = Box(box.x + tol, box.y + tol, box.w - 2 * tol, box.h - 2 * tol)
    if s.w <= 0 or s.h <= 0:
        return False
    return b.x < s.right and b.right > s.x and b.y < s.top and b.top > s.y


def overlaps(page: Page) -> list[str]:
    """Every character of a page that leaves the trim, crosses a shape, or was not placed by
    ``face.text`` at all, as readable lines.

    A character may cross only the shapes that hold the text it belongs to (the number inside
    its badge); it belongs to a text when its centre lies on one of that text's fitted lines.
    """
    found = []
    shapes = page.shapes()
    texts = page.texts()
    for c in page.chars:
        if not inked(c):
            continue
        if outside_trim(c, page.trim):
            found.append(f"{page.label}: {c.text!r} at {_fmt(c.box)} leaves the trim "
                         f"{_fmt(page.trim)}")
        owners = [t for t in texts if t.owns(c)]
        if not owners:
            found.append(f"{page.label}: {c.text!r} at {_fmt(c.box)} is not on any line the "
                         "layout placed (drawn outside face.text?)")
        held: frozenset[int] = frozenset().union(*(t.holders for t in owners))
        for i, (shape, box) in enumerate(shapes):
            if i not in held and crosses(c, shape, box):
                found.append(f"{page.label}: {c.text!r} at {_fmt(c.box)} crosses the "
                             f"{shape.kind} {shape.name!r} at {_fmt(box)}")
    return found


def missing_words(page: Page) -> list[str]:
    """Words the face placed (every fitted line of every text) that the page does not show."""
    shown = "".join(page.text.split())
    out = []
    for placed in page.face.placed:
        if placed.flowed is None:
            out.append(f"{page.label}: {placed.text[:40]!r} does not fit (not drawn)")
            continue
        for line in placed.flowed.lines:
            for run in line.runs:
                if run.icon:
                    continue
                for word in run.text.split():
                    if word not in shown:
                        out.append(f"{page.label}: {word!r} of {placed.text[:40]!r} not found")
    return out


def _holds(outer: Box, inner: Box, e: float = 1e-6) -> bool:
    return (outer.x - e <= inner.x and outer.y - e <= inner.y and inner.right <= outer.right + e
            and inner.top <= outer.top + e)


def _fmt(b: Box) -> str:
    return f"({b.x:.2f}, {b.y:.2f}, {b.w:.2f} x {b.h:.2f} mm)"


# --- shipped games ---------------------------------------------------------------------------


@cache
def _loaded(game: str, content_dir: Path) -> Any:
    from cardkit.i18n.api import load

    return load(game, content_dir)


def game_decks(game: str, locale: str, units: str = "metric", ink_saver: bool = False,
               content_dir: Path = SHIPPED) -> list[PrintDeck]:
    """The decks ``cardkit pdf GAME --locale LOCALE`` prints (built as ``render_game`` does)."""
    from cardkit.core.registry import get_game
    from cardkit.i18n.lookup import Localizer
    from cardkit.pdf.draw import print_kwargs

    data = _loaded(game, content_dir)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    printer = get_game(game).print_decks
    decks = list(printer(data.content, loc, units, **print_kwargs(printer, ink_saver)))
    for deck in decks:
        deck.locale = locale
    return decks


def pages_of(game: str, locale: str, ink_saver: bool = False) -> Iterator[Page]:
    """Every unique face of every deck of a shipped game in a locale, read back."""
    for deck in game_decks(game, locale, ink_saver=ink_saver):
        yield from read_back(deck, locale=locale)


# --- fonts -----------------------------------------------------------------------------------

#: The standard 14 fonts a viewer substitutes instead of reading them from the file.
BASE14 = frozenset({
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
    "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
    "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"})


@dataclass(frozen=True, slots=True)
class FontInfo:
    """One font a PDF uses: its /BaseFont, the descriptor's /FontName and how it is embedded."""

    base_font: str
    subtype: str
    font_name: str | None  # the descriptor's /FontName (None: no descriptor)
    files: tuple[str, ...]  # /FontFile, /FontFile2, /FontFile3 present in the descriptor

    @property
    def embedded(self) -> bool:
        """Whether the glyphs are in the file (a Type 3 font's glyphs always are)."""
        return bool(self.files) or self.subtype == "/Type3"

    @property
    def base14(self) -> bool:
        """Whether it is one of the standard 14 fonts (by name, subset tag removed)."""
        return self.base_font.lstrip("/").split("+", 1)[-1] in BASE14


def fonts(data: bytes) -> list[FontInfo]:
    """Every distinct font object used by any page (and form XObject) of a PDF."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    seen: dict[Any, FontInfo] = {}

    def visit_resources(res: Any, depth: int = 0) -> None:
        if res is None or depth > 8:
            return
        res = res.get_object()
        for ref in (res.get("/Font") or {}).values():
            key = getattr(ref, "idnum", None) or id(ref)
            if key not in seen:
                seen[key] = _font_info(ref.get_object())
        for xref in (res.get("/XObject") or {}).values():
            xobj = xref.get_object()
            if xobj.get("/Subtype") == "/Form":
                visit_resources(xobj.get("/Resources"), depth + 1)

    for page in reader.pages:
        visit_resources(page.get("/Resources"))
    return list(seen.values())


def _font_info(font: Any) -> FontInfo:
    subtype = str(font.get("/Subtype"))
    descriptor = font.get("/FontDescriptor")
    if subtype == "/Type0":
        descendant = font["/DescendantFonts"][0].get_object()
        descriptor = descendant.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else None
    files = tuple(k for k in ("/FontFile", "/FontFile2", "/FontFile3")
                  if descriptor is not None and k in descriptor)
    name = str(descriptor["/FontName"]) if descriptor is not None else None
    return FontInfo(str(font.get("/BaseFont")), subtype, name, files)
