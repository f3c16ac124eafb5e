"""Drawing decks with reportlab: sheets, crop marks, cut lines, duplex backs, calibration, info,
card index, page numbers — or one card per page with TrimBox/BleedBox.

The output is deterministic: reportlab runs in invariant mode (no dates, fixed ids), so the same
inputs give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from .deck import PrintCard, PrintDeck
from .fonts import BOLD, REGULAR, register_fonts
from .geometry import MM_TO_PT, Box, Sheet, SheetOptions, layout, single_page

Layout = Literal["sheets", "single"]
DUPLEX_PREF = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}
GREY = (0.45, 0.45, 0.45)


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


@dataclass(slots=True)
class PdfResult:
    """What was written."""

    pages: int
    sheets: int
    cards: int
    data: bytes


def render(deck: PrintDeck, opts: PdfOptions) -> PdfResult:
    """Draw the deck into PDF bytes."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=8)
    canvas.setTitle(opts.title or deck.name)
    canvas.setAuthor("cardkit")
    canvas.setCreator("cardkit")
    canvas.setSubject(f"{deck.name} ({opts.locale})")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREF[opts.sheet.duplex])
    cards = [card for card in deck.cards for _ in range(card.count)]
    if opts.layout == "single":
        pages, sheets = _single(canvas, deck, cards, opts), len(cards)
    else:
        pages, sheets = _sheets(canvas, deck, cards, opts)
    canvas.save()
    return PdfResult(pages, sheets, len(cards), buffer.getvalue())


class _Pager:
    """Counts pages and stamps the footer on each."""

    def __init__(self, canvas: Any, deck: PrintDeck, opts: PdfOptions) -> None:
        self.canvas, self.deck, self.opts, self.n = canvas, deck, opts, 0

    def finish(self, label: str, footer: bool = True) -> None:
        self.n += 1
        if footer:
            w = self.canvas._pagesize[0]
            self.canvas.setFont(REGULAR, 6)
            self.canvas.setFillColorRGB(*GREY)
            self.canvas.drawCentredString(w / 2, pt(1.6),
                                          f"{self.deck.name} · {self.opts.locale} · {label} · "
                                          f"page {self.n}")
        self.canvas.showPage()


def _sheets(canvas: Any, deck: PrintDeck, cards: list[PrintCard],
            opts: PdfOptions) -> tuple[int, int]:
    sheet_opts = SheetOptions(**{**_fields(opts.sheet), "card": deck.size_mm})
    sheet = layout(sheet_opts)
    size = (pt(sheet.paper_w), pt(sheet.paper_h))
    canvas.setPageSize(size)
    duplex = sheet_opts.duplex != "none"
    has_backs = any(c.back is not None for c in cards) or deck.shared_back is not None
    chunks = [cards[i:i + sheet.per_sheet] for i in range(0, len(cards), sheet.per_sheet)]
    pager = _Pager(canvas, deck, opts)

    def blank_back() -> None:
        if duplex:
            pager.finish("back of the previous page")

    if opts.info_page:
        _info_page(canvas, deck, opts, sheet, len(chunks), size)
        pager.finish("information")
        blank_back()
    if opts.calibration:
        _calibration(canvas, sheet, size, back=False)
        pager.finish("calibration, front")
        if duplex:
            _calibration(canvas, sheet, size, back=True, offset=sheet_opts.back_offset,
                         duplex=sheet_opts.duplex)
            pager.finish("calibration, back")
    order = [(i, "front") for i in range(len(chunks))]
    if has_backs:
        if duplex:
            order = [(i, side) for i in range(len(chunks)) for side in ("front", "back")]
        else:
            order += [(i, "back") for i in range(len(chunks))]
    for index, side in order:
        chunk = chunks[index]
        for slot, card in zip(sheet.slots, chunk, strict=False):
            if side == "front":
                card.front(canvas, box_pt(slot.trim), pt(sheet.bleed))
            else:
                back = card.back or deck.shared_back
                if back is not None:
                    back(canvas, box_pt(slot.back_trim), pt(sheet.bleed))
        _marks(canvas, sheet, chunk, side == "back", sheet_opts.cut_lines)
        pager.finish(f"sheet {index + 1} of {len(chunks)}, {side}")
    for name, draw in deck.extra_pages:
        draw(canvas, *size)
        pager.finish(name)
        blank_back()
    if opts.index:
        for _ in _index_pages(canvas, deck, cards, sheet, size):
            pager.finish("card index")
    return pager.n, len(chunks)


def _fields(opts: SheetOptions) -> dict[str, Any]:
    return {name: getattr(opts, name) for name in SheetOptions.__dataclass_fields__}


def _marks(canvas: Any, sheet: Sheet, chunk: list[PrintCard], back: bool, cut_lines: bool) -> None:
    used = sheet.slots[:len(chunk)]
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    for x1, y1, x2, y2 in (sheet.back_crop_marks if back else sheet.crop_marks):
        canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    if cut_lines:
        canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        canvas.setLineWidth(0.2)
        canvas.setDash(2, 2)
        for slot in used:
            b = box_pt(slot.back_trim if back else slot.trim)
            canvas.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
        canvas.setDash()


def _single(canvas: Any, deck: PrintDeck, cards: list[PrintCard], opts: PdfOptions) -> int:
    bleed = opts.sheet.bleed if opts.sheet.bleed is not None else 3.0
    page, trim, bleed_box = single_page(deck.size_mm, bleed)
    canvas.setPageSize((pt(page[0]), pt(page[1])))
    pages = 0
    for card in cards:
        for face in (card.front, card.back or deck.shared_back):
            if face is None:
                continue
            canvas.setTrimBox(_pdf_box(trim))
            canvas.setBleedBox(_pdf_box(bleed_box))
            face(canvas, box_pt(trim), pt(bleed))
            canvas.showPage()
            pages += 1
    return pages


def _pdf_box(box: Box) -> tuple[float, float, float, float]:
    return (pt(box.x), pt(box.y), pt(box.right), pt(box.top))


def _info_page(canvas: Any, deck: PrintDeck, opts: PdfOptions, sheet: Sheet, n_sheets: int,
               size: tuple[float, float]) -> None:
    from .. import __version__

    x, y = pt(20), size[1] - pt(25)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(BOLD, 18)
    canvas.drawString(x, y, opts.title or deck.name)
    so = opts.sheet
    rows = [
        ("Deck", f"{deck.name} ({deck.id})"),
        ("Locale", opts.locale),
        ("Cards", f"{len(deck.cards)} different, {deck.total} to print"),
        ("Sheets", f"{n_sheets} ({sheet.cols} x {sheet.rows} cards per sheet)"),
        ("Paper", f"{sheet.paper_w:g} x {sheet.paper_h:g} mm"),
        ("Card", f"{deck.size_mm[0]:g} x {deck.size_mm[1]:g} mm"),
        ("Bleed / gap", f"{sheet.bleed:g} mm / {sheet.gap:g} mm"),
        ("Duplex", {"long": "long edge (flip like a book)", "short": "short edge (flip like a "
                    "calendar)", "none": "none: print fronts and backs separately"}[so.duplex]),
        ("Back offset", f"{so.back_offset[0]:g}, {so.back_offset[1]:g} mm"),
        ("Crop marks / cut lines", f"{'yes' if so.crop_marks else 'no'} / "
                                   f"{'yes' if so.cut_lines else 'no'}"),
        *opts.details,
        ("Content hash", deck.content_hash or "-"),
        ("Made by", f"cardkit {__version__}"),
    ]
    y -= pt(12)
    for key, value in rows:
        canvas.setFont(BOLD, 10)
        canvas.drawString(x, y, key)
        canvas.setFont(REGULAR, 10)
        canvas.drawString(x + pt(45), y, value)
        y -= pt(6)
    y -= pt(6)
    canvas.setFont(REGULAR, 9)
    for line in ("Print at 100% (actual size): the PDF asks viewers not to scale it.",
                 "Measure the 100 mm square on the calibration page to check.",
                 "Hold the calibration sheet up to the light: the crosshairs of both sides "
                 "should meet.",
                 "If they do not, print again with --back-offset X,Y (mm) to shift the backs."):
        canvas.drawString(x, y, line)
        y -= pt(5)


def calibration_points(sheet: Sheet) -> list[tuple[float, float]]:
    """Where the duplex crosshairs go on the front (mm): near the four corners of the grid."""
    xs = [s.trim.x for s in sheet.slots] + [s.trim.right for s in sheet.slots]
    ys = [s.trim.y for s in sheet.slots] + [s.trim.top for s in sheet.slots]
    left, right, bottom, top = min(xs) + 10, max(xs) - 10, min(ys) + 10, max(ys) - 10
    return [(left, top), (right, top), (left, bottom), (right, bottom)]


def _calibration(canvas: Any, sheet: Sheet, size: tuple[float, float], back: bool,
                 offset: tuple[float, float] = (0.0, 0.0), duplex: str = "long") -> None:
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    for x, y in calibration_points(sheet):
        if back:
            if duplex == "long":
                x = sheet.paper_w - x
            elif duplex == "short":
                y = sheet.paper_h - y
            x, y = x + offset[0], y + offset[1]
        canvas.setLineWidth(0.3)
        canvas.line(pt(x - 6), pt(y), pt(x + 6), pt(y))
        canvas.line(pt(x), pt(y - 6), pt(x), pt(y + 6))
        canvas.circle(pt(x), pt(y), pt(3), stroke=1, fill=0)
    if back:
        return
    side = 100.0
    x0, y0 = (sheet.paper_w - side) / 2, (sheet.paper_h - side) / 2
    canvas.setLineWidth(0.4)
    canvas.rect(pt(x0), pt(y0), pt(side), pt(side), stroke=1, fill=0)
    canvas.setLineWidth(0.2)
    for i in range(0, 101):
        length = 5.0 if i % 10 == 0 else (3.0 if i % 5 == 0 else 1.5)
        canvas.line(pt(x0 + i), pt(y0), pt(x0 + i), pt(y0 + length))
        canvas.line(pt(x0), pt(y0 + i), pt(x0 + length), pt(y0 + i))
    canvas.setFont(REGULAR, 6)
    for i in range(0, 101, 10):
        canvas.drawCentredString(pt(x0 + i), pt(y0 - 3.5), str(i))
    canvas.setFont(REGULAR, 9)
    canvas.drawCentredString(pt(sheet.paper_w / 2), pt(y0 + side + 6),
                             "This square measures 100 mm x 100 mm when printed at actual size.")


def _index_pages(canvas: Any, deck: PrintDeck, cards: list[PrintCard], sheet: Sheet,
                 size: tuple[float, float]) -> Iterator[None]:
    rows = [(i + 1, c.label, i // sheet.per_sheet + 1, i % sheet.per_sheet + 1)
            for i, c in enumerate(cards)]
    per_column, columns = 48, 2
    col_w = (size[0] - pt(30)) / columns
    for start in range(0, len(rows), per_column * columns):
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(BOLD, 12)
        canvas.drawString(pt(15), size[1] - pt(18), f"{deck.name}: card index")
        canvas.setFont(REGULAR, 7.5)
        for k, (n, label, s, slot) in enumerate(rows[start:start + per_column * columns]):
            col, line = divmod(k, per_column)
            x = pt(15) + col * col_w
            y = size[1] - pt(28) - line * pt(5)
            text = f"{n:>3}. {label}"
            while canvas.stringWidth(text, REGULAR, 7.5) > col_w - pt(25) and len(text) > 8:
                text = text[:-2] + "…"
            canvas.drawString(x, y, text)
            canvas.drawRightString(x + col_w - pt(4), y, f"sheet {s}, slot {slot}")
        yield None
