"""Backs in the PDF and the calibration sheet: the F mark that shows a wrong flip edge, the
vernier scales that read a misregistration, backs drawn where (and turned how) the geometry says,
and the generic pages' strings from the content in every locale.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.pdf import calibration
from cardkit.pdf.calibration import CalibrationMarks, marks, read_vernier
from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.pdf.draw import PdfOptions, generic_faces, render
from cardkit.pdf.geometry import CARD_SIZES, PAPERS, Box, SheetOptions
from cardkit.pdf.layout import Face, Frame
from cardkit.pdf.sheet import Sheet, back_transform, front_transform, layout
from cardkit.text.runs import TextStyle
from cardkit.pdf.words import ENGLISH

from .conftest import SHIPPED
from .test_pdf_geometry import fold_flip, long_flip, short_flip

MM = 72 / 25.4
MODES = ["long", "short", "none", "fold"]
RIGHT_FLIP = {"long": long_flip, "short": short_flip, "none": long_flip, "fold": fold_flip}


def wrong_flip(sheet: Sheet):  # type: ignore[no-untyped-def]
    """The other edge: what a printer set the wrong way round does."""
    if sheet.duplex == "fold":
        x1, _y1, x2, _y2 = sheet.fold_line  # type: ignore[misc]
        if x1 == x2:
            return lambda s, x, y: (x, sheet.paper_h - y)
        return lambda s, x, y: (sheet.paper_w - x, y)
    return short_flip if RIGHT_FLIP[sheet.duplex] is long_flip else long_flip


def _bbox(points: tuple[tuple[float, float], ...]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _apart(a: tuple[tuple[float, float], ...], b: list[tuple[float, float]]) -> float:
    return max(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_f_mark_meets_only_under_the_right_flip(mode: str, paper: str) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], duplex=mode))  # type: ignore[arg-type]
    cal = marks(sheet)
    right = [RIGHT_FLIP[mode](sheet, *p) for p in cal.f_back]
    assert _apart(cal.f_front, right) < 0.05
    wrong = [wrong_flip(sheet)(sheet, *p) for p in cal.f_back]
    # under the other edge the back F lands elsewhere on the page, clear of the outline
    assert not _bbox(cal.f_front).overlaps(_bbox(tuple(wrong)))


def test_a_symmetric_mark_would_fail_this_test() -> None:
    """The test above is honest: a mark centred on the page (yesterday's crosshairs) meets under
    both flips, so the same assertion on it fails."""
    sheet = layout(SheetOptions(duplex="long"))
    centre = ((sheet.paper_w / 2, sheet.paper_h / 2),)
    assert _apart(centre, [short_flip(sheet, *sheet.flip(*centre[0]))]) < 0.05


def _simulate(cal: CalibrationMarks, sheet: Sheet, error: tuple[float, float]
              ) -> tuple[float, float]:
    """The values a user reads when the printer puts the back `error` mm off (front coords)."""
    flip = RIGHT_FLIP[sheet.duplex]

    def land(tick):  # type: ignore[no-untyped-def]
        return [tuple(v + e for v, e in zip(flip(sheet, *p), error, strict=True))
                for p in tick.back]

    x = read_vernier(cal.x_ticks, [tuple(land(t)) for t in cal.x_ticks], 0)  # type: ignore[misc]
    y = read_vernier(cal.y_ticks, [tuple(land(t)) for t in cal.y_ticks], 1)  # type: ignore[misc]
    return x, y


@pytest.mark.parametrize("mode", ["long", "short", "none"])
@pytest.mark.parametrize("error", [(0.0, 0.0), (1.0, -0.5), (-2.5, 1.5), (0.25, 3.0),
                                   (-4.0, -4.5), (4.5, 0.75)])
def test_the_vernier_reading_passed_as_back_offset_cancels_the_error(
        mode: str, error: tuple[float, float]) -> None:
    sheet = layout(SheetOptions(duplex=mode))  # type: ignore[arg-type]
    cal = marks(sheet)
    read = _simulate(cal, sheet, error)
    fixed = layout(SheetOptions(duplex=mode, back_offset=read))  # type: ignore[arg-type]
    flip = RIGHT_FLIP[mode]
    for slot in fixed.slots:  # every card back, printed with the reading, misregistered again
        corner_x = slot.back_trim.right if flip is long_flip else slot.back_trim.x
        corner_y = slot.back_trim.y if flip is long_flip else slot.back_trim.top
        x, y = flip(fixed, corner_x, corner_y)
        assert abs(x + error[0] - slot.trim.x) <= 0.25 + 1e-9
        assert abs(y + error[1] - slot.trim.y) <= 0.25 + 1e-9
    # and a second calibration print with that offset reads (about) zero
    again = marks(fixed)
    assert _simulate(again, fixed, error) == pytest.approx((0.0, 0.0), abs=0.5)


def test_vernier_numbers_are_the_offset_in_half_millimetres() -> None:
    cal = marks(layout(SheetOptions(duplex="long")))
    assert sorted(t.value for t in cal.x_ticks) == [i / 2 for i in range(-10, 11)]
    sheet = layout(SheetOptions(paper=PAPERS["letter"], duplex="short"))
    for tick in (*marks(sheet).x_ticks, *marks(sheet).y_ticks):  # all on the paper
        for x, y in (*tick.front, *tick.back):
            assert 4.0 - 1e-9 <= x <= sheet.paper_w - 4 + 1e-9
            assert 4.0 - 1e-9 <= y <= sheet.paper_h - 4 + 1e-9


# --- the drawn PDF: backs where the geometry says, turned as it says --------------------------

def _marked(label: str, w: float, h: float):  # type: ignore[no-untyped-def]
    """A face with a black 8 mm square at its design's top-left corner, white elsewhere."""
    def build() -> Face:
        face = Face(label, w, h)

        def paint(canvas, ctx) -> None:  # type: ignore[no-untyped-def]
            canvas.setFillColorRGB(0, 0, 0)
            canvas.rect(0, ctx.h - ctx.mm(8), ctx.mm(8), ctx.mm(8), stroke=0, fill=1)
        face.paint(paint)
        face.text(label, Frame("name", 12, 10, w - 24, 8, TextStyle(max_size=8, min_size=6)))
        return face
    return build


def _deck(n: int = 9) -> PrintDeck:
    w, h = CARD_SIZES["poker"]
    cards = [PrintCard(f"c{i}", f"Card {i}", _marked(f"F{i}", w, h), _marked(f"B{i}", w, h))
             for i in range(n)]
    return PrintDeck("test", "Test deck", (w, h), cards)


def _pages(data: bytes, dpi: float = 25.4):  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    out = [pdf[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(pdf))]
    pdf.close()
    return out


def _dark(image, x_mm: float, y_mm: float, page_h: float) -> bool:  # type: ignore[no-untyped-def]
    return image.getpixel((int(x_mm), int(page_h - y_mm))) < 80  # 1 px per mm


@pytest.mark.parametrize("rotate", ["never", "always"])
@pytest.mark.parametrize("mode", MODES)
def test_drawn_backs_sit_and_turn_as_the_geometry_says(mode: str, rotate: str) -> None:
    options = SheetOptions(duplex=mode, rotate=rotate)  # type: ignore[arg-type]
    opts = PdfOptions(sheet=options, info_page=False, calibration=False, index=False)
    deck = _deck()
    data = render(deck, opts).data
    images = _pages(data)
    sheet = layout(replace(options, card=deck.size_mm))
    assert sheet.rotated == (rotate == "always")
    w, h = deck.size_mm
    front = images[0]
    chunks = -(-len(deck.cards) // sheet.per_sheet)  # `none`: the backs after every front
    back = images[{"fold": 0, "none": chunks}.get(mode, 1)]
    for slot in sheet.slots:
        # each face's square at its design's top-left, wherever the slot's turn puts it
        on_front, on_back = front_transform(slot), back_transform(slot)
        assert _dark(front, *on_front(4, h - 4), sheet.paper_h), (mode, rotate, slot)
        assert not _dark(front, *on_front(w - 4, h - 4), sheet.paper_h)
        assert not _dark(front, *on_front(4, 4), sheet.paper_h)
        assert _dark(back, *on_back(4, h - 4), sheet.paper_h), (mode, rotate, slot)
        assert not _dark(back, *on_back(w - 4, h - 4), sheet.paper_h)
        assert not _dark(back, *on_back(4, 4), sheet.paper_h)
        # turned over as the mode says, the back's square is behind the front's top-RIGHT: a
        # card turned like a book page shows its back upright
        x, y = RIGHT_FLIP[mode](sheet, *on_back(4, h - 4))
        assert (x, y) == pytest.approx(on_front(w - 4, h - 4), abs=0.05)


def test_none_prints_the_backs_after_all_fronts() -> None:
    import io

    from pypdf import PdfReader

    opts = PdfOptions(sheet=SheetOptions(duplex="none", bleed=None), index=False)
    data = render(_deck(20), opts).data  # 3 sheets (the automatic bleed leaves footer room)
    text = [p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages]
    sides = [("front" if "\u00b7 front" in t else "back" if "\u00b7 back" in t else "-")
             for t in text]
    # information, calibration front, 3 fronts, then calibration back and 3 backs
    assert sides == ["-", "front", "front", "front", "front", "back", "back", "back", "back"]


# --- the generic pages' strings ---------------------------------------------------------------

#: Generic strings that are symbols, which a locale may write as English does.
SYMBOLS = {"print-mm"}


@pytest.mark.parametrize("game", ["terra", "trains"])
def test_print_strings_match_the_content(game: str) -> None:
    """The built-in English (for games without them) is the content's English, and el/pl
    translate every one."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    strings = yaml.load((SHIPPED / game / "strings.yaml").read_text("utf-8"))["strings"]
    english = {s["id"]: s["text"] for s in strings if s["id"].startswith("print-")}
    assert english == ENGLISH
    for locale in ("el", "pl"):
        overlay = yaml.load((SHIPPED / game / "i18n" / locale / "strings.yaml")
                            .read_text("utf-8"))["entries"]
        for string_id in ENGLISH:
            translated = overlay[string_id]["text"]["text"]
            assert translated, (locale, string_id)
            # a symbol (the millimetre's) may be written as in English; every word is translated
            assert translated != ENGLISH[string_id] or string_id in SYMBOLS, (locale, string_id)


@pytest.mark.parametrize("locale", ["en", "el", "pl"])
@pytest.mark.parametrize("mode", MODES)
def test_generic_faces_fit_and_are_translated(locale: str, mode: str) -> None:
    from cardkit.games.terra import render as terra_render
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer

    data = load("terra", SHIPPED)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    deck = terra_render.print_decks(data.content, loc, "metric")[0]
    deck.strings, deck.locale = loc.string, locale
    for paper in ("a4", "letter"):
        opts = PdfOptions(sheet=SheetOptions(paper=PAPERS[paper], duplex=mode),  # type: ignore[arg-type]
                          locale=locale)
        faces = generic_faces(deck, opts)
        labels = {label.split(" \u00b7 ")[0] for label, _ in faces}
        assert {loc.string("print-information"), loc.string("print-calibration"),
                loc.string("print-card-index")} <= labels
        texts = [p.text for _, f in faces for p in f.placed]
        assert not [t for t in texts if t.startswith("print-")]  # no raw ids
        for _, face in faces:
            assert not face.problems(), [p.text for p in face.problems()]
        if locale != "en":
            assert ENGLISH["print-how"] not in texts and ENGLISH["print-page"] not in " ".join(
                t for t in texts if "\u00b7" in t).split()


def test_a_generic_text_that_does_not_fit_blocks_the_pdf() -> None:
    from cardkit.pdf.fitcheck import FitError

    deck = _deck(2)
    deck.strings = lambda string_id, n=None, default=None: (
        "W" * 400 if string_id == "print-how" else ENGLISH.get(string_id, string_id))
    with pytest.raises(FitError, match="how heading"):
        render(deck, PdfOptions())


def test_ink_saver_leaves_out_the_filled_header(tmp_path: Path) -> None:
    deck = _deck(2)
    plain = _pages(render(deck, PdfOptions(index=False)).data)[0]
    saver = _pages(render(deck, PdfOptions(index=False, ink_saver=True)).data)[0]
    assert plain.getpixel((5, 10)) < 250  # the grey band behind the title, 10 mm from the top
    assert saver.getpixel((5, 10)) > 250
    def ink(image) -> int:  # type: ignore[no-untyped-def]
        return sum((255 - level) * n for level, n in enumerate(image.histogram()))
    assert ink(saver) < 0.9 * ink(plain)


def test_calibration_module_constants() -> None:
    assert calibration.STEP == 0.5 and len(calibration.TICKS) == 21
    assert Box(0, 0, 1, 1).overlaps(Box(0.5, 0.5, 1, 1))
