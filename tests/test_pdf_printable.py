"""Printed card-sheet PDFs read back with pdfium: nothing inside the printable area's margin, and
a 100 mm check on the sheets that measures 100 mm — in the PDF's own path coordinates and as
ink on a page rasterised at 1,200 dpi.

Every game's every deck is printed (the cards of one sheet and one more, the deck's own extra
pages, the generic pages) in English, Greek and Polish, on A4 and Letter, with the defaults
(3 mm bleed, cards turned when that fits more) — and every text, path and image object's
visible bounds must keep the margin (:func:`tests.pdf_ink.outside`). Planted errors show the
test catches what it claims to.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardkit.core.registry import get_game
from cardkit.i18n.lookup import Localizer
from cardkit.pdf import calibration, pages, sheet as sheet_module
from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.pdf.draw import PdfOptions, plan, print_kwargs, render, sheet_layout
from cardkit.pdf.geometry import CARD_SIZES, PAPERS, SheetOptions
from cardkit.pdf.layout import Face
from cardkit.pdf.margins import CHECK_MM, Band

from .pdf_ink import ink_extent, outside, paths
from .pdf_readback import SHIPPED, _loaded

GAMES = ("terra", "trains", "cartographers", "terra-futura", "mars-dice")
MARGIN = 5.0


def localized(game: str, locale: str) -> list[PrintDeck]:
    """The decks ``cardkit pdf GAME --locale LOCALE`` prints, with the locale's print strings."""
    data = _loaded(game, SHIPPED)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    printer = get_game(game).print_decks
    decks = list(printer(data.content, loc, "metric", **print_kwargs(printer, False)))
    for deck in decks:
        deck.strings, deck.locale, deck.number = loc.string, locale, loc.number
        deck.language = loc.locale.native_name
    return decks


def one_sheet_and_more(deck: PrintDeck, opts: PdfOptions) -> PrintDeck:
    """The deck cut to one full sheet and one card more (a partial sheet), one copy each."""
    n = sheet_layout(deck, opts).per_sheet + 1
    return replace(deck, cards=[replace(c, count=1) for c in deck.cards[:n]])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("locale", ["en", "el", "pl"])
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_printed_in_the_margin(game: str, locale: str, paper: str) -> None:
    problems = []
    for deck in localized(game, locale):
        opts = PdfOptions(sheet=SheetOptions(paper=PAPERS[paper]), locale=locale)
        data = render(one_sheet_and_more(deck, opts), opts).data
        problems += [f"{deck.id}: {p}" for p in outside(data, MARGIN)]
    assert problems == []


@pytest.mark.parametrize("duplex", ["short", "none", "fold"])
def test_nothing_in_the_margin_in_every_duplex_mode_and_turned(duplex: str) -> None:
    for game in ("terra", "trains"):
        for rotate in ("always", "never"):
            deck = localized(game, "el")[0]
            sheet = SheetOptions(duplex=duplex, rotate=rotate,  # type: ignore[arg-type]
                                 back_offset=(3.0, -2.0))
            opts = PdfOptions(sheet=sheet, locale="el")
            try:
                data = render(one_sheet_and_more(deck, opts), opts).data
            except Exception as error:  # noqa: BLE001 - a turned tarot card may not fit a fold
                assert rotate == "always" and "does not fit" in str(error)
                continue
            assert outside(data, MARGIN) == [], (game, rotate)


def test_a_wider_margin_is_kept_too() -> None:
    deck = localized("trains", "en")[0]
    opts = PdfOptions(sheet=SheetOptions(margin=12.0, crop_mark_length=20.0), locale="en")
    data = render(one_sheet_and_more(deck, opts), opts).data
    assert outside(data, 12.0) == []
    assert outside(data, 13.0) != []  # the test is not vacuous: things come close to 12 mm


# --- planted violations -----------------------------------------------------------------------

def _edge_line(canvas: Any, ctx: Any) -> None:
    canvas.line(0, 0, 20, 0)  # a line along the very edge of whatever it is drawn on


def _plant_card_art(monkeypatch: pytest.MonkeyPatch) -> None:
    """Marks drawn to the printable area's edge (no room kept for their ink)."""
    monkeypatch.setattr(sheet_module, "MARK_INK", -0.3)


def _plant_footer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A footer band on the paper's edge."""
    real = pages.generic_band
    monkeypatch.setattr(pages, "generic_band",
                        lambda sheet: Band(replace(real(sheet).box, y=1.0)))


def _plant_info_band(monkeypatch: pytest.MonkeyPatch) -> None:
    """The information page's header band painted from edge to edge (yesterday's page)."""
    real = pages.info_face

    def info(*args: Any) -> Face:
        face = real(*args)
        face.paint(lambda canvas, ctx: canvas.rect(0, 0, 10, 10, stroke=0, fill=1))
        return face
    monkeypatch.setattr(pages, "info_face", info)


def _plant_vernier(monkeypatch: pytest.MonkeyPatch) -> None:
    """The calibration page's verniers drawn at yesterday's 9.5 mm pitch (back ticks on the
    margin of A4)."""
    monkeypatch.setattr(calibration, "PITCH", 9.5)
    monkeypatch.setattr(calibration, "_inside", lambda *args: True)


def _plant_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check bar drawn 2 mm from the edge."""
    real = sheet_module.place_check

    def place(*args: Any) -> Any:
        check = real(*args)
        return check and replace(check, band=Band(replace(check.band.box, y=2.0)))
    monkeypatch.setattr(sheet_module, "place_check", place)


PLANTS = [_plant_card_art, _plant_footer, _plant_info_band, _plant_vernier, _plant_check]


@pytest.mark.parametrize("plant", PLANTS, ids=[p.__name__ for p in PLANTS])
def test_the_margin_test_catches_planted_ink(monkeypatch: pytest.MonkeyPatch, plant: Any
                                             ) -> None:
    deck = localized("terra", "en")[0]
    opts = PdfOptions(sheet=SheetOptions(card=CARD_SIZES["tarot"], crop_mark_length=20.0),
                      locale="en")
    small = one_sheet_and_more(deck, opts)
    assert outside(render(small, opts).data, MARGIN) == []
    plant(monkeypatch)
    assert outside(render(small, opts).data, MARGIN) != []


# --- the 100 mm check -------------------------------------------------------------------------

def _square_deck() -> PrintDeck:
    def face() -> Face:
        return Face("big", 200.0, 300.0)
    return PrintDeck("big", "Big", (200.0, 300.0), [PrintCard("a", "A", face, face)])


def _check_pages(deck: PrintDeck, opts: PdfOptions) -> list[tuple[int, Any]]:
    """``(page number, check)`` of every page of the PDF that carries one."""
    sheet = sheet_layout(deck, opts)
    drawn = [p for p in plan(deck, opts, sheet) if p.face is not None or p.sheet_side]
    return [(n, p.check) for n, p in enumerate(drawn, 1) if p.check is not None]


@pytest.mark.parametrize("case", ["bar along A4", "bar up a Letter side", "square",
                                  "bar turned on a short-edge back"])
def test_the_check_measures_100_mm_in_the_pdf_and_in_ink(case: str) -> None:
    deck = localized("terra", "en")[0]
    sheet = {"bar along A4": SheetOptions(),
             "bar up a Letter side": SheetOptions(paper=PAPERS["letter"]),
             "square": SheetOptions(paper=(300.0, 600.0)),
             "bar turned on a short-edge back": SheetOptions(duplex="short",
                                                             back_offset=(2.0, 1.0))}[case]
    if case == "square":
        deck = _square_deck()
    opts = PdfOptions(sheet=sheet, locale="en")
    deck = one_sheet_and_more(deck, opts)
    data = render(deck, opts).data
    found = _check_pages(deck, opts)
    assert len(found) >= 2  # every sheet page has one (front and back)
    for page_no, check in found:
        box = check.band.box
        (x1, y1), (x2, y2) = check.ends
        # the PDF's own coordinates: a path with points on both ends, 100.0 mm apart
        near = [pts for pts in paths(data, page_no)
                if any(abs(px - x1) < 1e-3 and abs(py - y1) < 1e-3 for px, py in pts)
                and any(abs(px - x2) < 1e-3 and abs(py - y2) < 1e-3 for px, py in pts)]
        assert near, (case, page_no)
        xs = [p[0] for p in near[0]]
        ys = [p[1] for p in near[0]]
        assert max(max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(CHECK_MM, abs=1e-3)
        # the ink, rasterised at 1,200 dpi, spans 100 mm (the line's width included)
        inked = ink_extent(data, page_no, box.grow(1.0))
        along = inked.h if check.band.rotated else inked.w
        assert along == pytest.approx(CHECK_MM, abs=0.2), (case, page_no, inked)
        assert check.kind != "square" or inked.h == pytest.approx(CHECK_MM, abs=0.2)


def test_the_ink_measure_sees_a_wrong_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measures are honest: a check bar drawn 99 mm long (its face made 101 mm wide, so
    it is scaled into the 100 mm band) fails both."""
    opts = PdfOptions()
    deck = one_sheet_and_more(localized("terra", "en")[0], opts)
    real = pages.check_face

    def short(check: Any, words: Any) -> Face:
        face = real(check, words)
        face.w = 101.0
        return face

    monkeypatch.setattr(pages, "check_face", short)
    data = render(deck, opts).data
    page_no, check = _check_pages(deck, opts)[0]
    inked = ink_extent(data, page_no, check.band.box.grow(1.0))
    assert inked.w == pytest.approx(99.0, abs=0.2)
    spans = [max(p[0] for p in pts) - min(p[0] for p in pts) for pts in paths(data, page_no)]
    assert not any(abs(s - CHECK_MM) < 1e-3 for s in spans)
