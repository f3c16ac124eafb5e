"""Boards read back as a printer and a ruler would see them (issue 37).

Each shipped board is printed by ``cardkit pdf``'s own path, rasterised by pdfium (another PDF
engine than the one that wrote it), and measured:

* the 100 mm check square of the check page, and the 100 mm check bar of every tile page,
  measure 100 mm ± 0.2 mm — Mars Dice's board tiled onto A4 and onto Letter and printed whole
  on A3 (true scale: the board is 386 mm wide, A4 and Letter tile it, A3 holds it);
* nothing is inked within the printable margin (5 mm by default, and a wider one when asked)
  of any page of any board, in en, el and pl, on A4, Letter, A3 and A5;
* no glyph lies outside the part of the board its tile shows: text clipped away is not written
  (the ~300 invisible glyphs per Trains page, some beyond the page edge, of the old tiling).

Each check is proved on a planted fault: a board drawn without the visible window, a page that
inks its edge, a square drawn 1 mm short.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardkit.core.registry import get_game
from cardkit.pdf import board as board_mod
from cardkit.pdf import boardpages
from cardkit.pdf.board import MARGIN, PrintBoard, render_board
from cardkit.pdf.geometry import MM_TO_PT, PAPERS, Box

SHIPPED = Path(__file__).resolve().parent.parent / "content"
GAMES = ("trains", "mars-dice", "terra-futura", "cartographers")
DPI = 600
TOL = 0.2  # mm


@cache
def boards(game: str, locale: str) -> tuple[PrintBoard, ...]:
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer

    data = load(game, SHIPPED)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    return tuple(get_game(game).print_boards(data.content, loc))


def _image(data: bytes, index: int, dpi: float) -> Any:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        return pdf[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        pdf.close()


def _runs(values: bytes, dark: int = 128) -> list[tuple[int, int]]:
    """Runs of dark pixels along a line: ``(first, last)`` indices."""
    out, start = [], None
    for i, v in enumerate(values):
        if v < dark and start is None:
            start = i
        elif v >= dark and start is not None:
            out.append((start, i - 1))
            start = None
    if start is not None:
        out.append((start, len(values) - 1))
    return out


def _centres(image: Any, box_mm: Box, along: str, dpi: float) -> list[float]:
    """Centres (mm from the page's left or bottom) of the dark runs crossing a thin line
    through the middle of ``box_mm`` (page mm), horizontally (``x``) or vertically (``y``)."""
    px = dpi / 25.4
    w, h = image.size
    if along == "x":
        row = round(h - (box_mm.y + box_mm.h / 2) * px)
        x0, x1 = round(box_mm.x * px), round(box_mm.right * px)
        line = image.crop((x0, row, x1, row + 1)).tobytes()
        return [(x0 + (a + b) / 2 + 0.5) / px for a, b in _runs(line)]
    col = round((box_mm.x + box_mm.w / 2) * px)
    y0, y1 = round(h - box_mm.top * px), round(h - box_mm.y * px)
    line = image.crop((col, y0, col + 1, y1)).tobytes()
    return [(h - (y0 + (a + b) / 2 + 0.5)) / px for a, b in _runs(line)]


def square_sides(data: bytes, paper: tuple[float, float]) -> tuple[float, float]:
    """The check square's width and height as printed: the distance between the centres of
    its outline's opposite sides, read off page 1 at 600 dpi."""
    image = _image(data, 0, DPI)
    m = MARGIN + boardpages.INSET
    top = paper[1] - m - 20  # where check_page puts its top
    region = Box(m - 2, top - boardpages.CHECK - 2, boardpages.CHECK + 4, boardpages.CHECK + 4)
    xs = _centres(image, Box(region.x, region.y + 30, region.w, 1), "x", DPI)
    ys = _centres(image, Box(region.x + 30, region.y, 1, region.h), "y", DPI)
    assert len(xs) == 2 and len(ys) == 2, (xs, ys)
    return abs(xs[1] - xs[0]), abs(ys[1] - ys[0])


def bar_length(data: bytes, page: int, plan: Any) -> float:
    """The check bar's length on a tile page: between the centres of its two end ticks."""
    image = _image(data, page, DPI)
    m = MARGIN + boardpages.INSET
    x = boardpages.bar_x(plan)
    assert x is not None
    band = Box(x - 1, m + boardpages.BAND / 2 + 1.0, boardpages.CHECK + 2, 0.2)
    ticks = _centres(image, band, "x", DPI)
    assert len(ticks) == 2, ticks
    return ticks[1] - ticks[0]


@pytest.mark.parametrize(("paper", "tiles"), [("a4", 2), ("letter", 2), ("a3", 1)])
def test_mars_dice_board_check_square_and_bars_read_back_100_mm(paper: str, tiles: int) -> None:
    (board,) = boards("mars-dice", "en")
    assert board.size_mm == (386.0, 255.0)
    printed = render_board(board, PAPERS[paper])
    assert len(printed.plan.tiles) == tiles  # tiled onto A4 and Letter; whole on A3
    assert printed.pages == tiles + 1
    w, h = square_sides(printed.data, printed.plan.paper)
    assert abs(w - 100) <= TOL and abs(h - 100) <= TOL, (w, h)
    for page in range(1, printed.pages):
        length = bar_length(printed.data, page, printed.plan)
        assert abs(length - 100) <= TOL, (page, length)


def test_the_square_reading_catches_a_square_drawn_short(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    (board,) = boards("mars-dice", "en")
    monkeypatch.setattr(boardpages, "CHECK", 99.0)  # a square 1 mm short
    printed = render_board(board, PAPERS["a4"])
    w, h = square_sides(printed.data, printed.plan.paper)
    assert abs(w - 99) <= TOL and abs(h - 99) <= TOL
    assert abs(w - 100) > TOL


def inked_in_margin(data: bytes, margin: float, dpi: float = 60) -> list[tuple[int, str]]:
    """Pages (and which edge) with any ink within ``margin`` mm of the page edge; a pixel on the
    border of the margin counts as inside (anti-aliasing of a line just inside)."""
    import pypdfium2 as pdfium

    found = []
    pdf = pdfium.PdfDocument(data)
    try:
        for index in range(len(pdf)):
            image = pdf[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            w, h = image.size
            k = max(1, int(margin * dpi / 25.4) - 1)
            strips = {"left": (0, 0, k, h), "right": (w - k, 0, w, h), "top": (0, 0, w, k),
                      "bottom": (0, h - k, w, h)}
            for edge, box in strips.items():
                dark = image.crop(box).point(lambda v: 255 if v < 235 else 0)
                if dark.getbbox() is not None:
                    found.append((index, edge))
    finally:
        pdf.close()
    return found


@pytest.mark.parametrize("locale", ["en", "el", "pl"])
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_printed_within_the_margin_of_any_board_page(game: str, locale: str) -> None:
    papers = ("a4", "letter", "a3", "a5") if locale == "en" else ("a4", "letter")
    for board in boards(game, locale):
        for paper in papers:
            printed = render_board(board, PAPERS[paper])
            assert inked_in_margin(printed.data, MARGIN) == [], (board.id, paper)


def test_a_wider_margin_is_kept_too() -> None:
    board = boards("trains", "en")[0]
    printed = render_board(board, PAPERS["a4"], margin=12.0)
    assert inked_in_margin(printed.data, 12.0) == []
    assert len(printed.plan.tiles) == 2


def test_the_margin_reading_catches_ink_at_the_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    board = boards("cartographers", "en")[0]
    plain = boardpages.tile_page

    def inking(b: PrintBoard, plan: Any, tile: Any) -> Any:
        face = plain(b, plan, tile)
        face.paint(lambda c, ctx: c.rect(2 * MM_TO_PT, 100, 20, 20, stroke=0, fill=1))
        return face
    monkeypatch.setattr(board_mod, "tile_page", inking)
    printed = render_board(board, PAPERS["a4"])
    assert (1, "left") in inked_in_margin(printed.data, MARGIN)


def glyphs_off_their_tile(data: bytes, printed: Any, check: bool = True) -> int:
    """Characters of the tile pages that neither overlap the tile's visible part nor lie in
    the page's own band (label and check bar): text written where it cannot show."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    mm = MM_TO_PT
    pw, ph = printed.plan.paper
    edge = MARGIN + boardpages.INSET + boardpages.BAND
    bands = (Box(0, 0, pw, edge),)
    n = 0
    try:
        for tile_index, tile in enumerate(printed.plan.tiles):
            page = pdf[tile_index + (1 if check else 0)]
            text = page.get_textpage()
            for k in range(text.count_chars()):
                left, bottom, right, top = (v / mm for v in text.get_charbox(k))
                if right <= left:  # a space or a line break: no ink
                    continue
                glyph = Box(left, bottom, right - left, top - bottom)
                # 0.3 mm: a glyph's ink is narrower than its advance, which decides whether
                # a glyph at the tile's edge is written
                if not tile.page.grow(0.3).overlaps(glyph) \
                        and not any(b.holds(glyph) for b in bands):
                    n += 1
    finally:
        pdf.close()
    return n


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_no_glyph_is_written_outside_the_part_of_the_board_a_tile_shows(locale: str) -> None:
    for board in boards("trains", locale) + boards("mars-dice", locale):
        printed = render_board(board, PAPERS["a4"])
        assert len(printed.plan.tiles) > 1
        assert glyphs_off_their_tile(printed.data, printed) == 0, board.id


def test_the_glyph_reading_catches_a_board_drawn_whole_on_every_tile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.pdf.layout import Face

    plain = Face.draw

    def whole(self: Face, canvas: Any, trim: Box, bleed: float = 0.0,
              visible: Box | None = None) -> None:
        plain(self, canvas, trim, bleed)  # the old way: every word on every tile
    monkeypatch.setattr(Face, "draw", whole)
    board = boards("trains", "en")[0]
    printed = render_board(board, PAPERS["a4"])
    assert glyphs_off_their_tile(printed.data, printed) > 100


def test_board_pdfs_declare_the_version_of_the_features_they_use() -> None:
    import io
    import logging

    from pypdf import PdfReader

    board = boards("mars-dice", "en")[0]
    data = render_board(board, PAPERS["a4"]).data
    assert data.startswith(b"%PDF-1.7")  # ViewerPreferences /PrintScaling is PDF 1.6
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    try:
        reader = PdfReader(io.BytesIO(data), strict=True)
        assert reader.pdf_header == "%PDF-1.7"
        for page in reader.pages:
            page.extract_text()
    finally:
        logger.removeHandler(handler)
    assert [r.getMessage() for r in records if r.levelno >= logging.WARNING] == []


@pytest.mark.parametrize("game", GAMES)
def test_board_strings_match_the_content(game: str) -> None:
    """The built-in English of the board pages is each board game's English, and el and pl
    translate every string (no English left on a Greek or Polish board)."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    strings = yaml.load((SHIPPED / game / "strings.yaml").read_text("utf-8"))["strings"]
    english = {s["id"]: s["text"] for s in strings if s["id"] in boardpages.ENGLISH}
    assert english == boardpages.ENGLISH
    for locale in ("el", "pl"):
        overlay = yaml.load((SHIPPED / game / "i18n" / locale / "strings.yaml")
                            .read_text("utf-8"))["entries"]
        for string_id, text in boardpages.ENGLISH.items():
            translated = overlay[string_id]["text"]["text"]
            assert translated and translated != text, (locale, string_id)
