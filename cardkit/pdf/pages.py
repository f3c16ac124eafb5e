"""The generic pages — information, card index, footers, blank backs — built as faces.

Every string goes through :meth:`Face.text` (so the fit check sees it) and comes from the deck's
``print-*`` strings in its locale (:class:`~cardkit.pdf.words.Words`). All lengths are page
millimetres; a page face is drawn at scale 1 on its page.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..text.flow import fits as text_fits
from ..text.flow import flow_text
from ..text.fonts import BOLD, REGULAR
from ..text.runs import TextStyle
from .deck import PrintCard, PrintDeck
from .geometry import MM_TO_PT
from .layout import Ctx, Face, Frame, TextSource
from .margins import BAR_LINE, FOOTER_H, Band, Check, page_footer
from .sheet import Sheet
from .words import Words

INK = (0.0, 0.0, 0.0)
#: Footer grey: 5.7:1 on white.
FOOTER_GREY = (0.4, 0.4, 0.4)
FOOTER_STYLE = TextStyle(REGULAR, 6.0, 4.5, align="center", colour=FOOTER_GREY)
INDEX_ROWS = 48  # per column
INDEX_COLUMNS = 2


@dataclass(frozen=True, slots=True)
class InfoRows:
    """The numbers the information page shows (made by cardkit, not translated)."""

    n_sheets: int
    details: tuple[tuple[str, str], ...] = ()
    version: str = ""


def stack(face: Face, items: list[tuple[str, TextSource | None]], frame: Frame,
          gap: float = 2.5) -> None:
    """Paragraphs one under another from the top of ``frame``, each in a frame as tall as it
    needs (flowed around the face's shapes, as :meth:`Face.placed` will); the last one gets
    what is left, so a text that does not fit is still reported by the fit check."""
    k = MM_TO_PT
    obstacles = tuple(shape.obstacle() for shape in face.shapes)
    top = frame.y + frame.h
    for n, (text, src) in enumerate(items):
        room = top - frame.y
        flowed = flow_text(text, frame.x * k, frame.y * k, frame.w * k, room * k, frame.style,
                           frozenset(), obstacles, "top", frame.max_lines) if room > 0 else None
        if flowed is None or n == len(items) - 1:
            h = max(room, 0.1)
        else:
            h = min(room, len(flowed.lines) * flowed.size * frame.style.leading / k + 0.3)
        face.text(text, frame.at(y=top - h, h=h), src)
        top -= h + gap


def footer_face(text: str, band: Band, source: TextSource | None) -> Face:
    """A one-line footer in its band (a rotated band's face is laid out along the band)."""
    w, h = (band.box.h, band.box.w) if band.rotated else (band.box.w, band.box.h)
    face = Face("footer", w, h)
    face.text(text, Frame("footer", 0, 0, w, h, FOOTER_STYLE, max_lines=1), source)
    return face


def draw_footer(canvas: Any, face: Face, band: Band) -> None:
    """Draw a footer face in its band (running up the band when it is rotated)."""
    from .geometry import Box

    b = band.box
    k = MM_TO_PT
    if not band.rotated:
        face.draw(canvas, Box(b.x * k, b.y * k, b.w * k, b.h * k))
        return
    canvas.saveState()
    canvas.translate(b.right * k, b.y * k)
    canvas.rotate(90)
    face.draw(canvas, Box(0, 0, b.h * k, b.w * k))
    canvas.restoreState()


#: The check's lines: thin enough that their ink adds under 0.2 mm to the 100 mm.
CHECK_LINE = 0.3  # pt


def check_face(check: Check, words: Words) -> Face:
    """The 100 mm check of a card sheet page, laid out along its band: a square outlined on its
    box with its caption inside, or a bar — a line along the bottom of the band between two end
    ticks exactly 100 mm apart, its caption above the line."""
    face = Face("100 mm check", 100.0, 100.0 if check.kind == "square" else FOOTER_H)
    k = MM_TO_PT

    def lines(canvas: Any, ctx: Ctx) -> None:
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(CHECK_LINE)
        if check.kind == "square":
            canvas.rect(0, 0, 100 * k, 100 * k, stroke=1, fill=0)
            return
        y = BAR_LINE * k
        path = canvas.beginPath()
        path.moveTo(0, FOOTER_H * k)
        path.lineTo(0, 0)
        path.moveTo(0, y)
        path.lineTo(100 * k, y)
        path.moveTo(100 * k, FOOTER_H * k)
        path.lineTo(100 * k, 0)
        canvas.drawPath(path, stroke=1, fill=0)

    face.paint(lines)
    if check.kind == "square":
        text, src = words("print-square")
        face.text(text, Frame("check caption", 15, 40, 70, 20,
                              TextStyle(REGULAR, 8.5, 6, align="center", colour=INK),
                              max_lines=3), src)
    else:
        text, src = words("print-check-bar")
        face.text(text, Frame("check caption", 3, 0.6, 94, FOOTER_H - 0.6, FOOTER_STYLE,
                              max_lines=1), src)
    return face


def footer_text(deck: PrintDeck, words: Words, label: str, page: int) -> str:
    """``Deck · English · sheet 2/7 · front · page 5`` (the language as its readers name it)."""
    return (f"{deck.name} \u00b7 {deck.language or deck.locale} \u00b7 {label} \u00b7 "
            f"{words.text('print-page')} {page}")


def info_face(deck: PrintDeck, sheet: Sheet, opts: Any, words: Words, rows: InfoRows) -> Face:
    """The information page: what is printed, with which options, and how to print it."""
    w, h, m = sheet.paper_w, sheet.paper_h, sheet.margin
    face = Face("information", w, h)
    so = opts.sheet
    if not opts.ink_saver:
        def band(canvas: Any, ctx: Ctx) -> None:  # inside the printable area, like all ink
            canvas.setFillColorRGB(0.93, 0.93, 0.93)
            canvas.rect(m * MM_TO_PT, (h - m - 26) * MM_TO_PT, (w - 2 * m) * MM_TO_PT,
                        26 * MM_TO_PT, stroke=0, fill=1)
        face.paint(band)
    else:
        def rule(canvas: Any, ctx: Ctx) -> None:
            canvas.setLineWidth(0.5)
            canvas.line(20 * MM_TO_PT, (h - m - 26) * MM_TO_PT, (w - 20) * MM_TO_PT,
                        (h - m - 26) * MM_TO_PT)
        face.paint(rule)
    face.text(opts.title or deck.name,
              Frame("title", 20, h - m - 22, w - 40, 16, TextStyle(BOLD, 18, 10, colour=INK),
                    max_lines=2, background=(1, 1, 1) if opts.ink_saver else (0.93, 0.93, 0.93)),
              TextSource("decks", deck.id, "name"))
    yes, no = words.text("print-yes"), words.text("print-no")

    def num(v: float) -> str:
        return deck.number(round(v, 2))

    def signed(v: float) -> str:
        return ("+" if v > 0 else "-" if v < 0 else "") + num(abs(v))
    mm, mm_src = words("print-mm")  # the millimetre's symbol, as the locale writes it
    table: list[tuple[str, str, TextSource | None]] = [
        ("print-deck", deck.name, TextSource("decks", deck.id, "name")),
        ("print-language", deck.language or deck.locale, None),
        ("print-cards", f"{len(deck.cards)} / {deck.total}", None),
        ("print-sheets", f"{rows.n_sheets} ({sheet.cols} x {sheet.rows}"
                         f"{', 90°' if sheet.rotated else ''})", None),
        ("print-paper", f"{num(sheet.paper_w)} x {num(sheet.paper_h)} {mm}", mm_src),
        ("print-card-size", f"{num(deck.size_mm[0])} x {num(deck.size_mm[1])} {mm}", mm_src),
        ("print-bleed-gap", f"{num(sheet.bleed)} {mm} / {num(sheet.gap)} {mm}", mm_src),
        ("print-duplex", *words(f"print-duplex-{so.duplex}")),
        ("print-back-offset",
         f"{signed(so.back_offset[0])}, {signed(so.back_offset[1])} {mm}", mm_src),
        ("print-marks", (f"{yes} ({num(sheet.crop_mark_length)} {mm})" if so.crop_marks
                         else no) + f" / {yes if so.cut_lines else no}", mm_src),
        ("print-margin", f"{num(sheet.margin)} {mm}", mm_src),
    ]
    for key, value in rows.details:
        if key == "Units":  # the unit system's name in the locale, not the option's value
            table.append(("print-units", *words(f"print-units-{value}")))
    table += [("print-content-hash", deck.content_hash or "-", None),
              ("print-made-by", f"cardkit {rows.version}".strip(), None)]
    y = h - m - 36
    key_style = TextStyle(BOLD, 9.5, 6.5, colour=INK)
    value_style = TextStyle(REGULAR, 9.5, 6.5, colour=INK)
    for key, value, src in table:
        text, key_src = words(key)
        face.text(text, Frame("info label", 20, y, 60, 6, key_style, max_lines=1), key_src)
        face.text(value, Frame("info value", 82, y, w - 82 - 20, 6, value_style, max_lines=1),
                  src)
        y -= 6.5
    y -= 4
    heading, src = words("print-how")
    face.text(heading, Frame("how heading", 20, y, w - 40, 8, TextStyle(BOLD, 12, 8, colour=INK),
                             max_lines=1), src)
    y -= 2
    body = TextStyle(REGULAR, 9.5, 6.5, colour=INK)
    bottom = m + FOOTER_H + 4
    ids = ["print-how-scale", f"print-how-{so.duplex}", "print-how-offset",
           "print-cal-direction"]
    if so.duplex == "none":
        ids.insert(2, "print-how-glue")
    stack(face, [words(i) for i in ids], Frame("how", 20, bottom, w - 40, y - bottom, body,
                                               valign="top"))
    return face


def index_faces(deck: PrintDeck, cards: list[PrintCard], sheet: Sheet, words: Words
                ) -> list[Face]:
    """The card index: every printed card with its sheet and slot, two columns a page."""
    w, h = sheet.paper_w, sheet.paper_h
    rows = [(i + 1, c.label, i // sheet.per_sheet + 1, i % sheet.per_sheet + 1)
            for i, c in enumerate(cards)]
    per_page = INDEX_ROWS * INDEX_COLUMNS
    col_w = (w - 30) / INDEX_COLUMNS
    line_h = min(5.0, (h - 30 - sheet.margin - FOOTER_H - 4) / INDEX_ROWS)
    title, title_src = words("print-card-index")
    sheet_word, slot_word = words.text("print-sheet"), words.text("print-slot")
    label_style = TextStyle(REGULAR, 7.5, 5.0, colour=INK)
    where_style = TextStyle(REGULAR, 7.5, 5.0, align="right", colour=INK)
    faces = []
    for start in range(0, max(1, len(rows)), per_page):
        face = Face("card index", w, h)
        face.text(f"{deck.name}: {title}", Frame("index title", 15, h - 22, w - 30, 8,
                                                 TextStyle(BOLD, 12, 8, colour=INK),
                                                 max_lines=1), title_src)
        for k, (n, label, s, slot) in enumerate(rows[start:start + per_page]):
            col, line = divmod(k, INDEX_ROWS)
            x = 15 + col * col_w
            y = h - 30 - (line + 1) * line_h
            frame = Frame("index card", x, y, col_w - 31, line_h, label_style, max_lines=1)
            face.text(one_line(f"{n:>3}. {label}", frame), frame)
            face.text(f"{sheet_word} {s}, {slot_word} {slot}",
                      Frame("index place", x + col_w - 28, y, 24, line_h, where_style,
                            max_lines=1))
        faces.append(face)
    return faces


@lru_cache(maxsize=65536)
def one_line(text: str, frame: Frame) -> str:
    """``text``, or its longest beginning with an ellipsis that fits ``frame`` on one line (an
    index line lists what the cards say; the card itself is where a text must fit whole)."""
    k = MM_TO_PT

    def fits(t: str) -> bool:
        return text_fits(t, frame.x * k, frame.w * k, frame.h * k, frame.style, 1)

    text = " ".join(text.split())  # a line break in a name is a space in the index
    if fits(text):
        return text
    lo, hi = 0, len(text)  # the longest beginning that fits with "…" (binary search)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid].rstrip() + "\u2026"):
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


def blank_face(sheet: Sheet) -> Face:
    """An empty page (the back of a one-sided page in duplex): only its footer is drawn."""
    return Face("blank", sheet.paper_w, sheet.paper_h)


def generic_band(sheet: Sheet) -> Band:
    """The footer band of a generic page."""
    return page_footer(sheet.paper_w, sheet.paper_h, sheet.margin)
