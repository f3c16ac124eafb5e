"""Terra PDFs: fonts embedded, text readable in en/el/pl, exact page sizes, same bytes twice,
duplex viewer preferences, single-card pages with TrimBox/BleedBox."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.export.printing import render_game
from cardkit.pdf.api import PdfJob
from cardkit.pdf.draw import PdfOptions
from cardkit.pdf.geometry import PAPERS, SheetOptions

from .conftest import SHIPPED

BASE14 = {"Courier", "Helvetica", "Times-Roman", "Symbol", "ZapfDingbats"}
MM = 72 / 25.4
# Known texts of the Angel Falls card (content/terra/cards/blue.yaml and its overlays).
KNOWN = {
    "en": ["Angel Falls", "Did you know?"],
    "el": ["Καταρράκτης Άνχελ", "Το ξέρατε;"],
    "pl": ["Salto Angel", "Czy wiesz?"],
}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    files = {}
    for locale in KNOWN:
        (written,) = render_game(PdfJob("terra", SHIPPED, locale, out=out / f"{locale}.pdf"))
        files[locale] = written.path
    return files


@pytest.fixture(scope="module")
def page_texts(pdfs: dict[str, Path]) -> Callable[[str], list[str]]:
    """The text of every page of a locale's PDF, read back once per module (pypdf's text
    extraction is the slow part of these tests)."""
    read: dict[str, list[str]] = {}

    def texts(locale: str) -> list[str]:
        if locale not in read:
            read[locale] = [page.extract_text() or "" for page in PdfReader(pdfs[locale]).pages]
        return read[locale]

    return texts


@pytest.mark.parametrize("locale", sorted(KNOWN))
def test_fonts_are_embedded_and_never_base14(pdfs: dict[str, Path], locale: str) -> None:
    reader = PdfReader(pdfs[locale])
    seen = set()
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            seen.add(name)
            assert name.lstrip("/") not in BASE14, name
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), f"{name} is not embedded"
    assert seen and all("DejaVu" in n or "CK" in n or "+" in n for n in seen)


@pytest.mark.parametrize("locale", sorted(KNOWN))
def test_text_reads_back_in_every_language(page_texts: Callable[[str], list[str]],
                                           locale: str) -> None:
    text = "\n".join(page_texts(locale))
    for phrase in KNOWN[locale]:
        assert phrase in text, phrase


@pytest.mark.parametrize("locale", sorted(KNOWN))
def test_page_size_is_exact(pdfs: dict[str, Path], locale: str) -> None:
    reader = PdfReader(pdfs[locale])
    w, h = (PAPERS["a4"][0] * MM, PAPERS["a4"][1] * MM)
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(w, abs=0.01)
        assert float(box.height) == pytest.approx(h, abs=0.01)


def test_same_inputs_give_the_same_bytes(tmp_path: Path) -> None:
    a = render_game(PdfJob("terra", SHIPPED, "pl", out=tmp_path / "a.pdf"))[0].path
    b = render_game(PdfJob("terra", SHIPPED, "pl", out=tmp_path / "b.pdf"))[0].path
    assert a.read_bytes() == b.read_bytes()


def test_viewer_preferences_ask_for_no_scaling_and_the_duplex_edge(pdfs: dict[str, Path],
                                                                  tmp_path: Path) -> None:
    prefs = PdfReader(pdfs["en"]).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    opts = PdfOptions(sheet=SheetOptions(duplex="short"))
    path = render_game(PdfJob("terra", SHIPPED, "en", options=opts, out=tmp_path / "s.pdf"))[0].path
    assert PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == \
        "/DuplexFlipShortEdge"


def test_single_layout_pages_carry_trim_and_bleed_boxes(tmp_path: Path) -> None:
    opts = PdfOptions(sheet=SheetOptions(bleed=3.0), layout="single")
    written = render_game(PdfJob("terra", SHIPPED, "en", options=opts, out=tmp_path / "1.pdf"))[0]
    reader = PdfReader(written.path)
    assert len(reader.pages) == 2 * written.cards  # a front and a back per card
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx((69.85 + 6) * MM, abs=0.01)
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([3 * MM, 3 * MM, (3 + 69.85) * MM, (3 + 120.65) * MM], abs=0.01)
    bleed = [float(v) for v in page.bleedbox]
    assert bleed == pytest.approx([0, 0, 75.85 * MM, 126.65 * MM], abs=0.01)


def test_sheet_pages_are_complete(pdfs: dict[str, Path],
                                  page_texts: Callable[[str], list[str]]) -> None:
    reader = PdfReader(pdfs["en"])
    text = page_texts("en")
    cards = 150
    sheets = (cards + 3) // 4  # tarot: 2 x 2 per A4 sheet
    # info + blank back, calibration front/back, sheets front/back, bar strip + blank,
    # region list + blank, and the index (96 entries a page: 150 cards need two pages)
    index_pages = 2
    assert len(reader.pages) == 2 + 2 + 2 * sheets + 2 + 2 + index_pages
    assert "100 mm x 100 mm" in text[2]
    assert all("Card index" in t for t in text[-index_pages:])
    assert "1. " in text[-2] and "150. " in text[-1] and "150. " not in text[-2]
    assert "sheet 1/38 \u00b7 front" in text[4] and "sheet 1/38 \u00b7 back" in text[5]
    assert "back of the previous page" in text[1]


# The generic pages in the deck's language (content/terra/i18n/*/strings.yaml, print-*).
GENERIC = {
    "en": ["How to print", "Calibration", "Card index", "page 3", "sheet 1/38"],
    "el": ["Πώς να το εκτυπώσετε", "Βαθμονόμηση", "Κατάλογος καρτών", "σελίδα 3", "φύλλο 1/38"],
    "pl": ["Jak drukować", "Kalibracja", "Spis kart", "strona 3", "arkusz 1/38"],
}


@pytest.mark.parametrize("locale", sorted(GENERIC))
def test_generic_pages_are_in_the_decks_language(page_texts: Callable[[str], list[str]],
                                                 locale: str) -> None:
    text = "\n".join(page_texts(locale))
    for phrase in GENERIC[locale]:
        assert phrase in text, phrase
    if locale != "en":
        for english in ("How to print", "Card index", "back of the previous page", "page 3"):
            assert english not in text, english


def test_pdf_version_header_matches_the_features(pdfs: dict[str, Path]) -> None:
    data = pdfs["en"].read_bytes()
    assert data.startswith(b"%PDF-1.7")  # ViewerPreferences /Duplex is a PDF 1.7 key
    assert PdfReader(pdfs["en"]).pdf_header == "%PDF-1.7"


TRAINS_KNOWN = {"en": ["Express Train", "Draw three cards."],
                "el": ["Σκουπίδια"], "pl": ["Odpady"]}


@pytest.mark.parametrize("locale", sorted(TRAINS_KNOWN))
def test_trains_decks_print_in_every_language(tmp_path: Path, locale: str) -> None:
    written = render_game(PdfJob("trains", SHIPPED, locale, deck="base",
                                 out=tmp_path / f"{locale}.pdf"))
    (f,) = written
    assert f.cards == 500  # every card of the base box, copies included
    reader = PdfReader(f.path)
    # Each phrase must be on one of the first 80 pages (none holds a line break, so none can
    # span two pages; 8 cards a sheet); pages are read back only until every phrase is seen.
    missing = list(TRAINS_KNOWN[locale])
    for page in reader.pages[:80]:
        text = page.extract_text() or ""
        missing = [phrase for phrase in missing if phrase not in text]
        if not missing:
            break
    assert not missing, missing
    randomizers = render_game(PdfJob("trains", SHIPPED, locale, deck="randomizers",
                                     out=tmp_path / f"r-{locale}.pdf"))[0]
    assert randomizers.cards == 30


@pytest.mark.parametrize("locale", ["el", "pl"])
def test_remembered_string_splits_write_the_same_bytes_as_reportlab(
        tmp_path: Path, locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardkit.pdf.flow`` writes a string's subset split as reportlab made it the first time
    (a tenth of a PDF's time saved); the shipped deck in Greek and in Polish must be byte for
    byte what reportlab's own ``textOut`` writes (switches between a font's subsets: the next
    test)."""
    import cardkit.pdf.flow as flow

    fast = render_game(PdfJob("terra", SHIPPED, locale, out=tmp_path / "fast.pdf"))[0].path
    monkeypatch.setattr(flow, "_splits", lambda text, font: None)  # reportlab's textOut
    plain = render_game(PdfJob("terra", SHIPPED, locale, out=tmp_path / "plain.pdf"))[0].path
    assert fast.read_bytes() == plain.read_bytes()


def test_remembered_splits_switch_subsets_as_reportlab_does() -> None:
    """Strings of more distinct characters than one 256-glyph subset holds, repeated, in two
    fonts: the remembered path writes the same bytes as reportlab's ``textOut``, font and
    subset switches included."""
    import io
    import re

    from reportlab.pdfgen.canvas import Canvas

    import cardkit.pdf.flow as flow
    from cardkit.text.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    alphabet = "".join(chr(c) for c in [*range(0x41, 0x5B), *range(0x61, 0x7B),
                                        *range(0xC0, 0x17F), *range(0x391, 0x3CA),
                                        *range(0x410, 0x450)])
    words = [alphabet[i:i + 7] for i in range(0, len(alphabet), 7)]
    strings = [" ".join(words[i:i + 3]) for i in range(len(words))] * 2

    def pdf(fast: bool) -> bytes:
        out = io.BytesIO()
        canvas = Canvas(out, invariant=1)
        text = canvas.beginText()
        for i, string in enumerate(strings):
            font = BOLD if i % 5 == 0 else REGULAR
            text.setFont(font, 9)
            text.setTextOrigin(20, 20 + i % 60 * 12)
            split = flow._splits(text, font) if fast else None
            if split is None:
                text.textOut(string)
            else:
                flow._text_out(text, string, split)
        canvas.drawText(text)
        canvas.save()
        return out.getvalue()

    plain = pdf(fast=False)
    assert re.search(rb"/F\d+\+1 ", plain)  # a second subset was needed
    assert pdf(fast=True) == plain
