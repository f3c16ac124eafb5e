"""The unique faces of a deck as images: drawn by the PDF layer, rasterised with pypdfium2.

Every face is drawn exactly as ``cardkit pdf --layout single`` draws it (the same
:func:`cardkit.pdf.draw.render`, one card per page, trim plus bleed), but each card only once and
a shared back only once. Each page is then rasterised into a bitmap of exactly
``round(mm / 25.4 * dpi)`` pixels per axis (:func:`pixels`): pdfium stretches the page onto the
bitmap, so no crop or resampling step is needed and the size never depends on how the page size
was rounded inside the PDF.

Why pypdfium2: it is PDFium (the PDF engine of Chromium) with maintained binary wheels for every
platform, needs no system library (unlike poppler or cairo), renders the embedded TrueType fonts
and vector art of our PDFs faithfully, and is deterministic: the same PDF gives the same pixels.
"""

from __future__ import annotations

import io
import math
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..pdf.deck import PrintCard, PrintDeck

if TYPE_CHECKING:
    from PIL.Image import Image

Side = Literal["front", "back", "shared-back"]
T = TypeVar("T")
SHARED_BACK_ID = "\0shared-back"  # never a content id (ids are slugs)


def pixels(mm: float, dpi: float) -> int:
    """Pixels for a length in mm at ``dpi`` (rounded half up)."""
    return math.floor(mm / 25.4 * dpi + 0.5)


def face_size_px(size_mm: tuple[float, float], bleed_mm: float, dpi: float) -> tuple[int, int]:
    """Pixel width and height of a face: trim plus the bleed on both sides."""
    w, h = size_mm
    return pixels(w + 2 * bleed_mm, dpi), pixels(h + 2 * bleed_mm, dpi)


@dataclass(frozen=True, slots=True)
class FaceRef:
    """Which face an image is: a card's front or back, or the deck's shared back."""

    card_id: str | None  # None for the shared back
    side: Side
    label: str


@dataclass(frozen=True, slots=True)
class UniqueDeck:
    """A deck reduced to its unique faces, in page order of its single-layout PDF."""

    deck: PrintDeck
    faces: tuple[FaceRef, ...]


def unique_deck(deck: PrintDeck) -> UniqueDeck:
    """The deck with every card once (``count`` 1) and the shared back as one extra page.

    The single layout draws each card's front then its own back (or the shared back); here the
    shared back is taken off the cards and printed once, as the front of a last pseudo-card.
    """
    cards: list[PrintCard] = []
    faces: list[FaceRef] = []
    for card in deck.cards:
        cards.append(replace(card, count=1))
        faces.append(FaceRef(card.id, "front", card.label))
        if card.back is not None:
            faces.append(FaceRef(card.id, "back", card.label))
    if deck.shared_back is not None and any(c.back is None for c in deck.cards):
        cards.append(PrintCard(SHARED_BACK_ID, "card back", deck.shared_back))
        faces.append(FaceRef(None, "shared-back", "card back"))
    reduced = replace(deck, cards=cards, shared_back=None, extra_pages=[])
    return UniqueDeck(reduced, tuple(faces))


def single_pdf(deck: PrintDeck, bleed_mm: float) -> bytes:
    """The deck drawn one face per page by the PDF layer (no info, calibration or index)."""
    from ..pdf.draw import PdfOptions, render
    from ..pdf.geometry import SheetOptions

    opts = PdfOptions(layout="single", sheet=SheetOptions(bleed=bleed_mm), calibration=False,
                      info_page=False, index=False, locale=deck.locale)
    return render(deck, opts).data


def rasterise(data: bytes, size_px: tuple[int, int]) -> Iterator[Image]:
    """Every page of a PDF as an RGB image of exactly ``size_px`` (width, height) pixels.

    The page is mapped onto the whole bitmap (pdfium scales each axis to fit), white behind it,
    with the same flags ``PdfPage.render`` uses by default — so where ``page size x dpi / 72`` is
    a whole number the pixels are those of ``page.render(scale=dpi / 72)``.
    """
    import pypdfium2.raw as pdfium_c

    w, h = size_px
    yield from _pages(data, size_px, lambda bitmap, page: pdfium_c.FPDF_RenderPageBitmap(
        bitmap, page, 0, 0, w, h, 0, pdfium_c.FPDF_ANNOT))


def _pages(data: bytes, size_px: tuple[int, int], draw: Callable[[Any, Any], None]
           ) -> Iterator[Image]:
    """Every page of a PDF as an RGB image of ``size_px``: ``draw(bitmap, page)`` renders a
    page onto a white bitmap of that size."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    w, h = size_px
    pdf = pdfium.PdfDocument(data)
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium_c.FPDFBitmap_BGR)
            try:
                bitmap.fill_rect((255, 255, 255, 255), 0, 0, w, h)
                draw(bitmap, page)
                image = bitmap.to_pil().convert("RGB")  # a copy: the bitmap may go
            finally:
                bitmap.close()
                page.close()
            yield image
    finally:
        pdf.close()


def rasterise_window(data: bytes, page_bleed_mm: float, trim_mm: tuple[float, float],
                     size_px: tuple[int, int], bleed_px: tuple[float, float], dpi: float
                     ) -> Iterator[Image]:
    """Every page of a PDF drawn with ``page_bleed_mm`` of bleed as an RGB image of exactly
    ``size_px`` at ``dpi``, the trim's corner at ``bleed_px`` (a print service's template).

    The page is rendered at ``dpi`` without stretching, shifted so its trim lands on the
    template's cut line; ``page_bleed_mm`` must cover the larger bleed so no white shows.
    pdfium's matrix maps the page (points, top-left origin) onto the bitmap; with the page's
    bleed equal to ``bleed_px`` the pixels are those of :func:`rasterise`.
    """
    import pypdfium2.raw as pdfium_c

    w, h = size_px
    scale = dpi / 72.0
    page_bleed_px = page_bleed_mm / 25.4 * dpi
    if min(bleed_px) < 0 or max(bleed_px) > page_bleed_px + 1e-6:
        raise ValueError(f"a bleed of {bleed_px} px needs the page drawn with more bleed")
    matrix = pdfium_c.FS_MATRIX(scale, 0, 0, scale, bleed_px[0] - page_bleed_px,
                                bleed_px[1] - page_bleed_px)
    clip = pdfium_c.FS_RECTF(0, 0, w, h)
    yield from _pages(data, size_px, lambda bitmap, page: pdfium_c.FPDF_RenderPageBitmapWithMatrix(
        bitmap, page, matrix, clip, pdfium_c.FPDF_ANNOT))


@dataclass(frozen=True, slots=True)
class Window:
    """A print-service template: the face's pixel size and where its trim sits (bleed px)."""

    size_px: tuple[int, int]
    bleed_px: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Drawn:
    """A deck's unique faces drawn into a single-layout PDF, not yet rasterised."""

    deck: PrintDeck
    faces: tuple[FaceRef, ...]
    pdf: bytes
    bleed_mm: float


def draw_unique(deck: PrintDeck, bleed_mm: float,
                keep: Callable[[FaceRef], bool] | None = None) -> Drawn:
    """Draw the deck's unique faces (with ``keep``: only the cards, and the shared back, with a
    face it keeps; both sides of such a card). The PDF layer fit-checks every face drawn first
    and raises :class:`~cardkit.pdf.fit.FitError` (nothing drawn) when a text does not fit."""
    unique = unique_deck(deck)
    faces, reduced = unique.faces, unique.deck
    if keep is not None:
        wanted = {SHARED_BACK_ID if f.card_id is None else f.card_id for f in faces if keep(f)}
        faces = tuple(f for f in faces
                      if (SHARED_BACK_ID if f.card_id is None else f.card_id) in wanted)
        reduced = replace(reduced, cards=[c for c in reduced.cards if c.id in wanted])
    return Drawn(deck, faces, single_pdf(reduced, bleed_mm) if faces else b"", bleed_mm)


def raster_faces(drawn: Drawn, dpi: float, window: Window | None = None
                 ) -> Iterator[tuple[FaceRef, Image]]:
    """Each unique face of a drawn deck with its image, in deck order: trim plus the drawn
    bleed, or a print service's template (``window``, the deck drawn with at least its bleed)."""
    if window is None:
        pages = rasterise(drawn.pdf, face_size_px(drawn.deck.size_mm, drawn.bleed_mm, dpi))
    else:
        pages = rasterise_window(drawn.pdf, drawn.bleed_mm, drawn.deck.size_mm, window.size_px,
                                 window.bleed_px, dpi)
    if not drawn.faces:
        return
    n = 0
    for ref, image in zip(drawn.faces, pages, strict=False):
        n += 1
        yield ref, image
    if n != len(drawn.faces):  # the single layout changed shape under us
        raise RuntimeError(f"the single-layout PDF of {drawn.deck.id!r} has {n} pages for "
                           f"{len(drawn.faces)} unique faces")


def render_faces(deck: PrintDeck, dpi: float, bleed_mm: float
                 ) -> Iterator[tuple[FaceRef, Image]]:
    """Each unique face of ``deck`` with its image, in deck order."""
    yield from raster_faces(draw_unique(deck, bleed_mm), dpi)


def encode_pngs(images: Iterable[tuple[T, Image]], dpi: float, workers: int | None = None
                ) -> Iterator[tuple[T, bytes]]:
    """PNG bytes of each image, in order (:func:`encode_all` with :func:`png_bytes`)."""
    yield from encode_all(images, lambda image: png_bytes(image, dpi), workers)


def encode_all(images: Iterable[tuple[T, Image]], encode: Callable[[Image], bytes],
               workers: int | None = None) -> Iterator[tuple[T, bytes]]:
    """``encode(image)`` of each image, in order; compression runs in a few threads (Pillow
    releases the GIL while it compresses), at most ``2 x workers`` images in flight. The bytes
    do not depend on the number of threads."""
    from concurrent.futures import Future, ThreadPoolExecutor

    n = workers or max(1, min(4, os.cpu_count() or 1))
    pending: deque[tuple[T, Future[bytes]]] = deque()
    with ThreadPoolExecutor(max_workers=n, thread_name_prefix="cardkit-png") as pool:
        for key, image in images:
            pending.append((key, pool.submit(encode, image)))
            if len(pending) >= 2 * n:
                key0, done = pending.popleft()
                yield key0, done.result()
        while pending:
            key0, done = pending.popleft()
            yield key0, done.result()


def png_bytes(image: Image, dpi: float) -> bytes:
    """PNG bytes of an image: deterministic (no time, no text chunks), with its resolution.

    The only metadata is ``pHYs`` (pixels per metre), so a print service reads the intended size
    instead of assuming 72 dpi; it depends on ``dpi`` only, never on when or where.
    """
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return buffer.getvalue()
