"""Drawing decks with reportlab: the page plan (which page shows what), sheets of fronts and
backs in every duplex mode, crop marks, cut lines, fold lines, footers and bookmarks — or one
card per page with TrimBox/BleedBox.

:func:`render` builds every face it will draw (cards, backs, the game's extra pages, the generic
pages of :mod:`.pages` and :mod:`.calibration`, every footer), refuses the lot through
:func:`~cardkit.pdf.fit.require_fit` if any text does not fit, and only then draws. The
output is deterministic: reportlab runs in invariant mode (no dates, fixed ids).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from . import calibration, pages
from ..core.collector import few_collections
from ..core.spec import signature_of
from ..core.version import __version__
from ..text.fonts import REGULAR, register_fonts
from .deck import PrintCard, PrintDeck
from .fit import require_fit
from .geometry import MM_TO_PT, Box, SheetOptions
from .layout import Face, FaceBuilder, TextSource
from .sheet import Band, Check, Sheet, layout, single_page
from .words import Words

Layout = Literal["sheets", "single"]
DUPLEX_PREF = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex",
               "fold": "Simplex"}
#: ViewerPreferences /Duplex is PDF 1.7 (PrintScaling 1.6): the header says so.
PDF_VERSION = (1, 7)


def pt(mm: float) -> float:
    """Millimetres to points."""
    return mm * MM_TO_PT


def box_pt(box: Box) -> Box:
    """A box in points."""
    return Box(pt(box.x), pt(box.y), pt(box.w), pt(box.h))


@dataclass(frozen=True, slots=True)
class PdfOptions:
    """How to print a deck."""

    sheet: SheetOptions = field(default_factory=SheetOptions)
    layout: Layout = "sheets"
    calibration: bool = True
    info_page: bool = True
    index: bool = True
    title: str = ""
    locale: str = "en"
    details: tuple[tuple[str, str], ...] = ()  # extra lines for the info page
    ink_saver: bool = False  # generic pages without large filled areas


@dataclass(slots=True)
class PdfResult:
    """What was written, and what the user should know (warnings, not errors)."""

    pages: int
    sheets: int
    cards: int
    data: bytes
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # choices worth knowing (the bleed costs cards per sheet)


@dataclass(slots=True)
class Page:
    """One page of the plan: a full-page face and/or a card sheet, its footer and bookmark."""

    label: str
    face: Face | None = None
    sheet_side: tuple[int, str] | None = None  # (sheet index, "front" | "back" | "fold")
    footer: Face | None = None
    band: Band | None = None
    bookmark: tuple[int, str] | None = None  # (outline level, title)
    check: Check | None = None  # the 100 mm check of a card sheet page
    check_face: Face | None = None


def sheet_layout(deck: PrintDeck, opts: PdfOptions) -> Sheet:
    """The sheet geometry of a deck with these options (the deck's card size)."""
    return layout(replace(opts.sheet, card=deck.size_mm))


def plan(deck: PrintDeck, opts: PdfOptions, sheet: Sheet,
         extra: list[tuple[str, Face]] | None = None) -> list[Page]:
    """Every page of a sheets PDF in order, generic faces and footers built."""
    words = Words(deck)
    w = words.text
    cards = [card for card in deck.cards for _ in range(card.count)]
    n = len(cards)
    chunks = max(1, -(-n // sheet.per_sheet)) if n else 0
    mode = sheet.duplex
    duplex = mode in ("long", "short")
    has_backs = any(c.back is not None for c in deck.cards) or deck.shared_back is not None
    gb = pages.generic_band(sheet)
    out: list[Page] = []

    def blank_back() -> None:
        if duplex:
            out.append(Page(w("print-back-of-previous"), pages.blank_face(sheet), band=gb))

    if opts.info_page:
        info = pages.info_face(deck, sheet, opts, words,
                               pages.InfoRows(chunks, opts.details, __version__))
        out.append(Page(w("print-information"), info, band=gb,
                        bookmark=(0, w("print-information"))))
        blank_back()
    cal_title = w("print-calibration")
    cal_back: Page | None = None
    if opts.calibration:
        front = calibration.front_face(sheet, words, opts.ink_saver)
        label = cal_title if mode == "fold" else f"{cal_title} \u00b7 {w('print-front')}"
        out.append(Page(label, front, band=gb, bookmark=(0, cal_title)))
        if mode != "fold":
            cal_back = Page(f"{cal_title} \u00b7 {w('print-back')}",
                            calibration.back_face(sheet, words, opts.ink_saver), band=gb)
            if duplex:
                out.append(cal_back)

    check_faces = [pages.check_face(c, words) if c else None  # one face for every sheet
                   for c in (sheet.check, sheet.back_check)]

    def sheet_page(i: int, side: str) -> Page:
        first, last = i * sheet.per_sheet + 1, min(n, (i + 1) * sheet.per_sheet)
        side_word = "" if side == "fold" else f" \u00b7 {w('print-' + side)}"
        label = f"{w('print-sheet')} {i + 1}/{chunks}{side_word}"
        band = sheet.back_footer if side == "back" else sheet.footer
        check = sheet.back_check if side == "back" else sheet.check
        return Page(label, sheet_side=(i, side), band=band,
                    bookmark=(1, f"{label} ({first}\u2013{last})"), check=check,
                    check_face=check_faces[side == "back"])

    sheets_title = f"{w('print-sheet')} 1\u2013{chunks}"
    first_sheet = len(out)
    for i in range(chunks):
        if mode == "fold":
            out.append(sheet_page(i, "fold"))
            continue
        out.append(sheet_page(i, "front"))
        if duplex:
            if has_backs:
                out.append(sheet_page(i, "back"))
            else:
                blank_back()
    if mode == "none" and has_backs:
        if cal_back is not None:
            out.append(cal_back)
        out += [sheet_page(i, "back") for i in range(chunks)]
    if chunks:
        out.insert(first_sheet, Page("", bookmark=(0, sheets_title)))  # outline only
    for name, face in extra or []:
        out.append(Page(name, face, band=gb, bookmark=(0, name)))
        blank_back()
    if opts.index:
        title = w("print-card-index")
        for k, face in enumerate(pages.index_faces(deck, cards, sheet, words)):
            out.append(Page(title, face, band=gb, bookmark=(0, title) if k == 0 else None))
    number = 0
    for page in out:
        if page.face is None and page.sheet_side is None:
            continue
        number += 1
        if page.band is not None:
            page.footer = pages.footer_face(pages.footer_text(deck, words, page.label, number),
                                            page.band, TextSource("strings", "print-page",
                                                                  "text"))
    return out


def generic_inputs(deck: PrintDeck) -> list[object]:
    """What :func:`generic_faces` reads of a deck besides the options, the locale (its strings
    and numbers) and the extra pages' faces: the deck's names, size and hash, and each card's
    label, count, pile and whether it has a back — never a card's faces (the fit check's memo
    keys a deck's generic pages on this, :mod:`.fitmemo`)."""
    return [deck.id, deck.name, list(deck.size_mm), deck.locale, deck.language,
            deck.content_hash, deck.shared_back is not None, sorted(deck.pile_names.items()),
            [name for name, _ in deck.extra_pages],
            [[c.id, c.label, c.count, c.pile, c.back is not None] for c in deck.cards]]


def generic_faces(deck: PrintDeck, opts: PdfOptions) -> list[tuple[str, Face]]:
    """Every generic face with text that a sheets PDF of ``deck`` prints (information,
    calibration, index, and every page's footer — blank backs included), labelled — for the
    fit checks."""
    deck = _localised(deck, opts)
    sheet = sheet_layout(deck, opts)
    found: list[tuple[str, Face]] = []
    for page in plan(deck, opts, sheet):
        if page.face is not None and page.face.placed:  # a blank page has nothing to fit
            found.append((page.label, page.face))
        if page.footer is not None:
            found.append((f"{page.label} (footer)", page.footer))
        if page.check_face is not None:
            found.append((f"{page.label} (100 mm check)", page.check_face))
    return found


def _localised(deck: PrintDeck, opts: PdfOptions) -> PrintDeck:
    """The deck labelled with the options' locale when they name one (the deck is not changed)."""
    if opts.locale != "en" and deck.locale != opts.locale:
        return replace(deck, locale=opts.locale)
    return deck


def print_kwargs(printer: Callable[..., Any], ink_saver: bool) -> dict[str, Any]:
    """``{"ink_saver": ...}`` if the game's ``print_decks`` takes it, else nothing."""
    try:
        params = signature_of(printer).parameters
    except (TypeError, ValueError):
        return {}
    takes = "ink_saver" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    return {"ink_saver": ink_saver} if takes else {}


class _Faces:
    """Each card's faces built once (the same objects are checked and drawn)."""

    def __init__(self, deck: PrintDeck) -> None:
        self.shared = deck.shared_back() if deck.shared_back is not None else None
        self.front: dict[int, Face] = {}
        self.back: dict[int, Face | None] = {}
        for card in deck.cards:
            self.front[id(card)] = card.front()
            self.back[id(card)] = card.back() if card.back is not None else self.shared

    def labelled(self, deck: PrintDeck) -> list[tuple[str, Face]]:
        out = []
        for card in deck.cards:
            out.append((f"{card.label} (front)", self.front[id(card)]))
            if card.back is not None:
                out.append((f"{card.label} (back)", self.back[id(card)]))  # type: ignore[arg-type]
        if self.shared is not None:
            out.append(("card back", self.shared))
        return out


def render(deck: PrintDeck, opts: PdfOptions) -> PdfResult:
    """Check every face, then draw the deck into PDF bytes.

    Raises :class:`~cardkit.pdf.fit.FitError` (nothing drawn) when a text of any face does
    not fit, and :class:`~cardkit.pdf.geometry.GeometryError` for impossible options. The
    garbage collector is held back meanwhile (:func:`~cardkit.core.collector.few_collections`:
    faces and drawing operators are made and dropped by the hundred thousand; a quarter of the
    time went to the collector's passes over the loaded content).
    """
    with few_collections():
        return _render(deck, opts)


def _render(deck: PrintDeck, opts: PdfOptions) -> PdfResult:
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    deck = _localised(deck, opts)
    faces = _Faces(deck)
    cards = [card for card in deck.cards for _ in range(card.count)]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=8, pdfVersion=PDF_VERSION)
    canvas.setTitle(opts.title or deck.name)
    canvas.setAuthor("cardkit")
    canvas.setCreator("cardkit")
    canvas.setSubject(f"{deck.name} ({opts.locale})")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREF[opts.sheet.duplex])
    if opts.layout == "single":
        require_fit(faces.labelled(deck))
        n_pages, sheets = _single(canvas, deck, cards, opts, faces), len(cards)
        warnings: tuple[str, ...] = ()
        notes: tuple[str, ...] = ()
    else:
        sheet = sheet_layout(deck, opts)
        extra = [(name, build(sheet.paper_w, sheet.paper_h)) for name, build in deck.extra_pages]
        page_plan = plan(deck, opts, sheet, extra)
        generic = [(p.label, f) for p in page_plan for f in (p.face, p.footer, p.check_face)
                   if f is not None]
        require_fit([*faces.labelled(deck), *generic])
        n_pages = _draw_plan(canvas, deck, cards, sheet, page_plan, faces,
                             opts.sheet.cut_lines)
        sheets, warnings = -(-len(cards) // sheet.per_sheet), sheet.warnings
        notes = sheet.notes
        if not opts.calibration and not (sheet.check or sheet.back_check):
            notes += ("no room for the 100 mm check on these sheets and no calibration page: "
                      "nothing on the paper measures the scale",)
    canvas.showOutline()
    canvas.save()
    return PdfResult(n_pages, sheets, len(cards), buffer.getvalue(), warnings, notes)


def _draw_plan(canvas: Any, deck: PrintDeck, cards: list[PrintCard], sheet: Sheet,
               page_plan: list[Page], faces: _Faces, cut_lines: bool) -> int:
    size = (pt(sheet.paper_w), pt(sheet.paper_h))
    canvas.setPageSize(size)
    n = 0
    pending: list[tuple[int, str]] = []
    for page in page_plan:
        if page.face is None and page.sheet_side is None:
            if page.bookmark is not None:
                pending.append(page.bookmark)
            continue
        for j, (level, title) in enumerate([*pending, *([page.bookmark] if page.bookmark
                                                           else [])]):
            key = f"p{n + 1}.{j}"  # one destination per entry: reportlab keys titles by it
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(title, key, level=level)
        pending = []
        if page.face is not None:
            page.face.draw(canvas, Box(0, 0, *size))
        if page.sheet_side is not None:
            index, side = page.sheet_side
            chunk = cards[index * sheet.per_sheet:(index + 1) * sheet.per_sheet]
            _draw_sheet(canvas, sheet, chunk, side, faces, cut_lines)
        if page.footer is not None and page.band is not None:
            pages.draw_footer(canvas, page.footer, page.band)
        if page.check_face is not None and page.check is not None:
            pages.draw_footer(canvas, page.check_face, page.check.band)
        canvas.showPage()
        n += 1
    return n


def _draw_sheet(canvas: Any, sheet: Sheet, chunk: list[PrintCard], side: str,
                faces: _Faces, cut_lines: bool) -> None:
    bleed = pt(sheet.bleed)
    for slot, card in zip(sheet.slots, chunk, strict=False):
        if side in ("front", "fold"):
            draw_turned(canvas, faces.front[id(card)], slot.trim, slot.turn, bleed)
        if side in ("back", "fold"):
            back = faces.back[id(card)]
            if back is not None:
                draw_turned(canvas, back, slot.back_trim, slot.back_turn, bleed)
    used = sheet.slots[:len(chunk)]
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    lines = {"front": sheet.crop_marks, "back": sheet.back_crop_marks,
             "fold": sheet.crop_marks + sheet.back_crop_marks}[side]
    for x1, y1, x2, y2 in lines:
        canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    if sheet.fold_line is not None:
        x1, y1, x2, y2 = sheet.fold_line
        canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
        canvas.setLineWidth(0.3)
        canvas.setDash(3, 2)
        canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
        canvas.setDash()
    if cut_lines:
        canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        canvas.setLineWidth(0.2)
        canvas.setDash(2, 2)
        for slot in used:
            boxes = {"front": [slot.trim], "back": [slot.back_trim],
                     "fold": [slot.trim, slot.back_trim]}[side]
            for b in map(box_pt, boxes):
                canvas.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
        canvas.setDash()


def draw_turned(canvas: Any, face: Face, trim: Box, turn: int, bleed: float) -> None:
    """Draw a face into ``trim`` (mm), turned by ``turn`` (0, 90, 180 or 270) degrees
    counter-clockwise in place, as :func:`~cardkit.pdf.sheet.turned_map` maps its points (a
    face turned by 90 or 270 lies on its side: ``trim`` is as wide as the card is high)."""
    b = box_pt(trim)
    if turn == 0:
        face.draw(canvas, b, bleed)
        return
    origin = {90: (b.right, b.y), 180: (b.right, b.top), 270: (b.x, b.top)}[turn]
    size = (b.w, b.h) if turn == 180 else (b.h, b.w)
    canvas.saveState()
    canvas.translate(*origin)
    canvas.rotate(turn)
    face.draw(canvas, Box(0, 0, *size), bleed)
    canvas.restoreState()


def _single(canvas: Any, deck: PrintDeck, cards: list[PrintCard], opts: PdfOptions,
            faces: _Faces) -> int:
    bleed = opts.sheet.bleed if opts.sheet.bleed is not None else 3.0
    page, trim, bleed_box = single_page(deck.size_mm, bleed)
    canvas.setPageSize((pt(page[0]), pt(page[1])))
    n = 0
    for k, card in enumerate(cards):
        for side, face in enumerate((faces.front[id(card)], faces.back[id(card)])):
            if face is None:
                continue
            if side == 0 and (k == 0 or card is not cards[k - 1]):
                key = f"p{n + 1}"
                canvas.bookmarkPage(key)
                canvas.addOutlineEntry(card.label, key, level=0)
            canvas.setTrimBox(_pdf_box(trim))
            canvas.setBleedBox(_pdf_box(bleed_box))
            face.draw(canvas, box_pt(trim), pt(bleed))
            canvas.showPage()
            n += 1
    return n


def _pdf_box(box: Box) -> tuple[float, float, float, float]:
    return (pt(box.x), pt(box.y), pt(box.right), pt(box.top))


__all__ = [
    "FaceBuilder",
    "Page",
    "PdfOptions",
    "PdfResult",
    "draw_turned",
    "generic_faces",
    "plan",
    "print_kwargs",
    "render",
    "sheet_layout",
]
