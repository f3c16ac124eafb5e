"""Cartographers' print templates, read back from the PDFs they make.

Cards: every card of the game prints (13 explore, 4 ambush, 4 seasons, 4 edicts, 16 scoring, as
the rules count them) with the right back; the shape grids are read back as pixels and compared
with the grids written in the content files (read here with a plain YAML reader, not the
model); coins appear beside exactly the shapes the content marks. Map sheets: the spaces of
sides A and B are classified from the printed page and compared with ``maps.yaml``; the coin
track has ``coin_track`` spaces (also for another length). Text: nothing crosses a badge or
leaves the card, Greek and Polish print with embedded fonts, the fit check (CAR020) is clean
and catches a name that is too long.
"""

from __future__ import annotations

import shutil
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, ClassVar

import pytest
from ruamel.yaml import YAML

from cardkit.games.cartographers.render import mapsheet, theme
from cardkit.games.cartographers import render
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.board import render_board
from cardkit.pdf.geometry import PAPERS, Box
from cardkit.pdf.layout import Face, contrast, grey
from cardkit.pdf.sheet import single_page

from . import pdf_readback as rb
from .conftest import SHIPPED, check_dir, point_modelines

GAME = SHIPPED / "cartographers"
DPI = 150.0
PAPER_RGB = theme.PAPER


def _yaml(rel: str) -> Any:
    return YAML(typ="safe").load((GAME / rel).read_text("utf-8"))


@cache
def _data(content: Path = SHIPPED) -> Any:
    from cardkit.i18n.api import load
    return load("cartographers", content)


def _loc(code: str = "en", content: Path = SHIPPED) -> Localizer:
    data = _data(content)
    return Localizer(data.content, data.locales[code], None)


def _deck(loc: Localizer | None = None) -> Any:
    (deck,) = render.print_decks(_data().content, loc or _loc())
    return deck


# --- raster helpers ---------------------------------------------------------------------------

def _pages(data: bytes, dpi: float = DPI) -> list[Any]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        return [pdf[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(pdf))]
    finally:
        pdf.close()


def _px(image: Any, page_h: float, x: float, y: float) -> tuple[float, float, float]:
    """The colour (0..1) of the page point ``(x, y)`` (mm from the lower left)."""
    r, g, b = image.getpixel((int(x / 25.4 * DPI), int((page_h - y) / 25.4 * DPI)))
    return (r / 255, g / 255, b / 255)


def _near(a: tuple[float, float, float], b: tuple[float, float, float], tol: float = 0.05) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def _count(image: Any, page_h: float, box: Box, rgb: tuple[float, float, float],
           tol: float = 0.06) -> int:
    """Pixels of colour ``rgb`` (each channel within ``tol``) inside the page box (mm)."""
    from PIL import ImageChops

    k = DPI / 25.4
    x0, x1 = max(0, int(box.x * k)), min(image.width, int(box.right * k))
    y0, y1 = max(0, int((page_h - box.top) * k)), min(image.height, int((page_h - box.y) * k))
    if x1 <= x0 or y1 <= y0:
        return 0
    masks = [band.point(lambda v, t=int(c * 255): 255 if abs(v - t) <= tol * 255 else 0)
             for band, c in zip(image.crop((x0, y0, x1, y1)).split(), rgb)]
    both = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    return both.histogram()[255]


@cache
def _fronts() -> dict[str, tuple[Face, Any, Box, float]]:
    """Every card front printed one per page: ``card id -> (face, image, trim, page height)``."""
    deck = rb.unique(_deck())
    data = rb.render_single(deck)
    (_, ph), trim, _ = single_page(deck.size_mm, rb.BLEED)
    images = _pages(data)
    out = {}
    for (label, face, card), image in zip(rb.faces_in_order(deck), images, strict=True):
        if label.endswith(" front"):
            out[label.split("/", 1)[1].removesuffix(" front")] = (face, image, trim, ph)
    return out


# --- the deck -----------------------------------------------------------------------------------

def test_every_card_prints_once_with_the_back_of_its_kind() -> None:
    deck = _deck()
    ids = [c.id for c in deck.cards]
    explore = [e["id"] for e in _yaml("cards/explore.yaml")["explore"]]
    ambush = [a["id"] for a in _yaml("cards/ambush.yaml")["ambush"]]
    seasons = [s["id"] for s in _yaml("seasons.yaml")["seasons"]]
    edicts = [e["id"] for e in _yaml("edicts.yaml")["edicts"]]
    scoring = {s["id"]: s["stack"] for s in _yaml("cards/scoring.yaml")["scoring"]}
    # the rulebook's component list: 13 explore (2 of them ruins), 4 ambush, 4 seasons,
    # 4 edicts, 16 scoring cards in 4 stacks; and the kit's setup card first (the setup steps
    # and the first-game variant)
    assert (len(explore), len(ambush), len(seasons), len(edicts), len(scoring)) == \
        (13, 4, 4, 4, 16)
    assert ids[0] == "setup"
    assert sorted(ids) == sorted(["setup"] + explore + ambush + seasons + edicts + list(scoring))
    assert deck.total == 42 and all(c.count == 1 for c in deck.cards)
    assert deck.shared_back is None and all(c.back is not None for c in deck.cards)
    backs = {c.id: c.back().name for c in deck.cards}  # type: ignore[misc]
    # ambush cards are shuffled into the explore deck: the same back as explore cards
    assert {backs[i] for i in explore + ambush} == {"back-explore"}
    assert {backs[i] for i in seasons} == {"back-season"}
    assert {backs[i] for i in edicts} == {"back-edict"}
    for card_id, stack in scoring.items():
        assert backs[card_id] == f"back-{stack}"
    assert backs["setup"] == "back-setup"
    assert len(set(backs.values())) == 8


def test_every_face_fits_and_every_text_reads_on_its_background() -> None:
    for ink in (False, True):
        (deck,) = render.print_decks(_data().content, _loc(), ink_saver=ink)
        faces = list(deck.faces())
        assert len(faces) == 84
        for label, face in faces:
            assert not face.problems(), (label, [p.message() for p in face.problems()])
            assert face.placed, label
            for p in face.placed:
                ratio = contrast(p.colour, p.frame.background)
                assert ratio >= 4.5, (label, p.frame.name, p.text, round(ratio, 2))


def test_drawable_terrains_differ_in_greyscale_and_glyph() -> None:
    greys = {t: grey(theme.TERRAIN_RGB[t]) for t in theme.DRAWABLE}
    for a, b in combinations(theme.DRAWABLE, 2):
        assert abs(greys[a] - greys[b]) >= 0.12, (a, b, greys)
    assert set(theme.LEGEND) <= set(theme.GLYPHS)
    assert len({theme.GLYPHS[t] for t in theme.LEGEND}) == len(theme.LEGEND)
    # the coin's colour is no other colour of the cards (the coin test below tells them apart)
    others = [*theme.TERRAIN_RGB.values(), *theme.KIND_RGB.values(), *theme.STACK_RGB.values(),
              *theme.SEASON_RGB.values(), theme.PAPER, theme.INK]
    assert all(not _near(theme.GOLD, rgb, 0.12) for rgb in others)


@pytest.mark.parametrize("code", ["en", "el", "pl"])
def test_no_printed_character_crosses_a_shape_or_the_trim(code: str) -> None:
    for ink in (False, True):
        pages = list(rb.pages_of("cartographers", code, ink))
        assert len(pages) == 84  # 42 cards, front and back (the setup card first)
        problems = [p for page in pages for p in rb.overlaps(page)]
        assert not problems, "\n".join(problems[:20])
        missing = [m for page in pages for m in rb.missing_words(page)]
        assert not missing, "\n".join(missing[:20])
        for page in pages:
            if page.card is not None:
                assert "".join(page.card.split()) in "".join(page.text.split()), page.label


# --- shapes and coins, read back ----------------------------------------------------------------

def _options() -> dict[str, tuple[list[str], list[tuple[list[str], bool]]]]:
    """``card id -> (terrains, [(grid, coin)])`` from the content files, ambushes as monsters."""
    out = {}
    for e in _yaml("cards/explore.yaml")["explore"]:
        if e.get("kind", "terrain") == "terrain":
            out[e["id"]] = (e["terrains"], [(s["grid"], s.get("coin", False))
                                            for s in e["shapes"]])
    for a in _yaml("cards/ambush.yaml")["ambush"]:
        out[a["id"]] = (["monster"], [(a["grid"], False)])
    return out


def _shape_box(face: Face, name: str) -> Box:
    (shape,) = [s for s in face.shapes if s.name == name]
    return shape.box


def test_printed_shape_grids_are_the_contents_grids() -> None:
    fronts = _fronts()
    options = _options()
    assert len(options) == 11 + 4
    filled_total = 0
    for card_id, (terrains, shapes) in options.items():
        face, image, trim, ph = fronts[card_id]
        for i, (grid, _coin) in enumerate(shapes):
            box = rb.design_to_page(face, trim, _shape_box(face, f"shape-{i}"))
            rows, cols = len(grid), max(len(r) for r in grid)
            cell = box.w / cols
            assert abs(box.h - rows * cell) < 1e-6, (card_id, "spaces are square")
            for r in range(rows):
                for c in range(cols):
                    # a point near the lower-left corner of the space: the first terrain's
                    # band, clear of the glyph in the middle
                    x = box.x + (c + 0.18) * cell
                    y = box.top - (r + 0.82) * cell
                    got = _px(image, ph, x, y)
                    filled = c < len(grid[r]) and grid[r][c] == "X"
                    want = theme.TERRAIN_RGB[terrains[0]] if filled else PAPER_RGB
                    assert _near(got, want), (card_id, i, r, c, got, want)
                    filled_total += filled
    # the facts' cell lists: 4 one-terrain cards (small + large shape), 6 two-terrain cards,
    # Rift Lands, 4 monsters
    assert filled_total == (3 + 5) + (2 + 5) + (3 + 5) + (2 + 4) + (5 + 4 + 4 + 5 + 5 + 4) \
        + 1 + (3 + 4 + 4 + 5)


def test_a_shape_for_several_terrains_shows_each_of_them() -> None:
    fronts = _fronts()
    for card_id, (terrains, shapes) in _options().items():
        if len(terrains) < 2:
            continue
        face, image, trim, ph = fronts[card_id]
        box = rb.design_to_page(face, trim, _shape_box(face, "shape-0"))
        grid = shapes[0][0]
        r, c = next((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X")
        cell = box.w / max(len(row) for row in grid)
        band = cell / len(terrains)
        for k, t in enumerate(terrains):
            x = box.x + c * cell + (k + 0.5) * band
            y = box.top - (r + 0.85) * cell
            assert _near(_px(image, ph, x, y), theme.TERRAIN_RGB[t]), (card_id, t)


def test_the_coin_mark_is_beside_exactly_the_coin_shapes() -> None:
    fronts = _fronts()
    coins = 0
    for card_id, (face, image, trim, ph) in fronts.items():
        shapes = _options().get(card_id, ([], []))[1]
        page = Box(trim.x, trim.y, trim.w, trim.h)
        gold = _count(image, ph, page, theme.GOLD)
        if not any(coin for _, coin in shapes):
            assert gold == 0, f"{card_id}: a coin where the content has none"
            continue
        for i, (_grid, coin) in enumerate(shapes):
            box = rb.design_to_page(face, trim, _shape_box(face, f"shape-{i}"))
            beside = Box(box.right, box.top - 7.0, 7.5, 7.0)
            found = _count(image, ph, beside, theme.GOLD)
            assert (found > 50) == coin, (card_id, i, found)
            coins += coin
            gold -= found
        assert gold == 0, f"{card_id}: gold printed away from the coin shapes"
    assert coins == 4  # Great River, Farmland, Hamlet, Forgotten Forest


# --- map sheets -------------------------------------------------------------------------------

def _classify(image: Any, ph: float, origin: tuple[float, float], row: int, col: int) -> str:
    b = mapsheet.cell_box(row, col)
    x, y = origin[0] + b.x, origin[1] + b.y
    corner = _px(image, ph, x + 0.15 * b.w, y + 0.15 * b.h)
    for t in ("mountain", "wasteland"):
        if _near(corner, theme.TERRAIN_RGB[t]):
            return t
    assert _near(corner, (1.0, 1.0, 1.0)), (row, col, corner)
    middle = Box(x + 0.2 * b.w, y + 0.2 * b.h, 0.6 * b.w, 0.6 * b.h)
    ink = _count(image, ph, middle, theme.INK, 0.1)
    return "ruins" if ink > 100 else "empty"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_map_sheets_print_the_contents_maps_on_one_page(paper: str) -> None:
    boards = mapsheet.print_boards(_data().content, _loc())
    assert [b.id for b in boards] == ["sheet-a", "sheet-b"]
    legend = {".": "empty", "M": "mountain", "R": "ruins", "#": "wasteland"}
    maps = {m["side"]: m["grid"] for m in _yaml("maps.yaml")["maps"]}
    for board in boards:
        printed = render_board(board, PAPERS[paper], check=False)  # the sheet alone
        assert printed.pages == 1
        (tile,) = printed.plan.tiles
        origin = (tile.page.x - tile.box.x, tile.page.y - tile.box.y)
        (image,) = _pages(printed.data)
        ph = printed.plan.paper[1]
        side = board.id[-1].upper()
        got = [[_classify(image, ph, origin, r, c) for c in range(11)] for r in range(11)]
        want = [[legend[ch] for ch in row] for row in maps[side]]
        assert got == want, side
        counts = {t: sum(row.count(t) for row in got) for t in ("mountain", "ruins", "wasteland")}
        # the rulebook's sheets: A has 5 mountains and 6 ruins; B adds 7 wasteland spaces
        assert counts == ({"mountain": 5, "ruins": 6, "wasteland": 0} if side == "A" else
                          {"mountain": 5, "ruins": 6, "wasteland": 7})


def _coin_track(board: Any) -> int:
    """Coin spaces printed on a sheet: rings crossed by a line through the track (two edges
    each)."""
    printed = render_board(board, PAPERS["a4"], check=False)
    (tile,) = printed.plan.tiles
    (image,) = _pages(printed.data)
    ph = printed.plan.paper[1]
    y = tile.page.y - tile.box.y + mapsheet.COIN_ROW.y + mapsheet.COIN_ROW.h / 2
    x0 = tile.page.x - tile.box.x
    runs, inside = 0, False
    steps = int(mapsheet.SHEET_W * 10)
    for i in range(steps):
        ring = _near(_px(image, ph, x0 + i / 10, y), theme.GOLD_DARK, 0.12)
        runs += ring and not inside
        inside = ring
    assert runs % 2 == 0
    return runs // 2


def test_the_coin_track_has_the_sheets_coin_spaces(tmp_path: Path) -> None:
    (sheet,) = _yaml("sheet.yaml")["sheets"]
    boards = mapsheet.print_boards(_data().content, _loc())
    assert _coin_track(boards[0]) == sheet["coin_track"]
    # another length in the content gives another track
    dest = tmp_path / "content"
    shutil.copytree(SHIPPED, dest)
    point_modelines(dest, SHIPPED)
    path = dest / "cartographers" / "sheet.yaml"
    text = path.read_text("utf-8")
    assert text.count(f"coin_track: {sheet['coin_track']}") == 1
    path.write_text(text.replace(f"coin_track: {sheet['coin_track']}", "coin_track: 9"), "utf-8")
    other = mapsheet.print_boards(_data(dest).content, _loc("en", dest))
    assert _coin_track(other[1]) == 9


def test_sheet_texts_fit_and_stay_clear_of_every_drawn_part() -> None:
    from cardkit.pdf.board import faces as board_faces
    from cardkit.pdf.geometry import MM_TO_PT

    for board in mapsheet.print_boards(_data().content, _loc()):
        for label, face in board_faces(board, PAPERS["letter"]):
            assert not face.problems(), label
        face = board.face()
        names = {p.frame.name for p in face.placed}
        assert {"map-name", "field-sheet-name", "field-sheet-title", "coins-label", "total",
                "season-0", "season-3"} <= names
        for p in face.placed:
            holders = [s for s in face.shapes if s.box.holds(p.frame.box)]
            for x0, y0, x1, y1 in p.flowed.ink_boxes():  # type: ignore[union-attr]
                ink = Box(x0 / MM_TO_PT, y0 / MM_TO_PT, (x1 - x0) / MM_TO_PT,
                          (y1 - y0) / MM_TO_PT)
                for s in face.shapes:
                    if s not in holders:
                        assert not ink.overlaps(s.box), (board.id, p.text, s.name)


# --- languages, fonts, the fit check ----------------------------------------------------------

GREEK = {("explore", "great-river", "name"): "Μεγάλος Ποταμός",
         ("strings", "terrain-water", "text"): "Νερό",
         ("maps", "wilderness", "name"): "Άγρια Γη",
         ("seasons", "spring", "name"): "Άνοιξη"}
POLISH = {("explore", "great-river", "name"): "Wielka Rzeka",
          ("strings", "terrain-water", "text"): "Woda",
          ("maps", "wilderness", "name"): "Dzicz źródeł",
          ("seasons", "spring", "name"): "Wiosna żółta"}


class _Translated(Localizer):
    """A localizer with a few translations (the real overlays are written by translators)."""

    table: ClassVar[dict[tuple[str, str, str], str]] = {}

    def field(self, kind: str, obj_id: str, key: str, english: Any) -> Any:
        return self.table.get((kind, obj_id, key), english)


@pytest.mark.parametrize(("code", "table"), [("el", GREEK), ("pl", POLISH)])
def test_greek_and_polish_print_with_embedded_fonts(code: str, table: dict) -> None:  # type: ignore[type-arg]
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as render_deck

    data = _data()
    loc = type("Loc", (_Translated,), {"table": table})(data.content, data.locales[code])
    (deck,) = render.print_decks(data.content, loc)
    pdf = render_deck(deck, PdfOptions(locale=code)).data
    board = mapsheet.print_boards(data.content, loc)[0]
    sheet = render_board(board, PAPERS["a4"]).data
    deck_text = "".join(c.text for page in rb.read_chars(pdf) for c in page)
    sheet_text = "".join(c.text for page in rb.read_chars(sheet) for c in page)
    squeeze = "".join
    for (kind, _, _), word in table.items():
        where = sheet_text if kind in ("maps", "seasons", "strings") else deck_text
        assert squeeze(word.split()) in squeeze(where.split()), (code, word)
    for blob in (pdf, sheet):
        used = rb.fonts(blob)
        assert used and all(f.embedded and not f.base14 for f in used), used


def test_the_fit_check_is_clean_and_catches_a_long_name(tmp_path: Path) -> None:
    report = check_dir(SHIPPED, "cartographers")  # English and every translation
    assert not [d for d in report.diagnostics if d.code in ("CAR020", "I18N018")]
    dest = tmp_path / "content"
    shutil.copytree(SHIPPED, dest)
    point_modelines(dest, SHIPPED)
    path = dest / "cartographers" / "cards" / "scoring.yaml"
    text = path.read_text("utf-8")
    assert text.count("name: Greenbough\n") == 1
    path.write_text(text.replace("name: Greenbough\n",
                                 "name: Greenboughgreenboughgreenboughgreenbough\n"), "utf-8")
    found = [d for d in check_dir(dest, "cartographers").diagnostics if d.code == "CAR020"]
    assert found and {d.object_id for d in found} == {"greenbough"}
    assert found[0].file.endswith("cards/scoring.yaml") and found[0].line > 0


def test_cardkit_pdf_writes_the_deck_and_both_sheets(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.export.printing import render_game
    from cardkit.pdf.api import PdfJob

    from cardkit.core.outdir import default_build_dir

    monkeypatch.chdir(tmp_path)
    # the shipped content is not ./content of this working folder: its default outputs go to
    # build/<tag>/ (issue 31: two content folders never share a default name)
    build = default_build_dir(SHIPPED).as_posix()
    assert build.startswith("build/") and build != "build"
    for code in ("en", "el", "pl"):  # el and pl fall back to English until translated
        files = render_game(PdfJob("cartographers", SHIPPED, code, cache_dir=None))
        assert sorted((f.path.as_posix(), f.board) for f in files) == [
            (f"{build}/cartographers-base-{code}.pdf", False),
            (f"{build}/cartographers-sheet-a-{code}.pdf", True),
            (f"{build}/cartographers-sheet-b-{code}.pdf", True)]
        assert [f.cards for f in files if not f.board] == [42]
        assert all(f.pages == 2 for f in files if f.board)  # the check page, the sheet


@pytest.mark.parametrize(("rel", "old", "new"), [
    # sheet.yaml fails its schema: no sheet record, so no coin track (found by the fuzzer:
    # the map sheet printer indexed the missing record)
    ("sheet.yaml", "coin_track: 14", "coin_track: many"),
    # no deck and no sheet record: the backs' title falls back to the game's name
    ("decks.yaml", "    size: poker", "    size: huge"),
    # a terrain card without terrains is CAR004, and still fits (no swatch, outlined cells)
    ("cards/explore.yaml", "    terrains: [water]", "    terrains: []"),
])
def test_content_that_fails_check_is_reported_not_crashed_on(shipped: Path, rel: str, old: str,
                                                              new: str) -> None:
    path = shipped / "cartographers" / rel
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    if rel == "decks.yaml":  # both records gone at once
        sheet = shipped / "cartographers" / "sheet.yaml"
        sheet.write_text(sheet.read_text("utf-8").replace("coin_track: 14", "coin_track: x"))
    report = check_dir(shipped, "cartographers")
    assert report.summary.errors >= 1
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)
