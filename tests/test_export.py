"""``cardkit export``: PNG per unique face, the print-shop CSV, Tabletop Simulator sheets.

Sizes are computed here from ``decks.yaml`` (not taken from the code under test); pixels are
compared with pypdfium2 rendering the ``cardkit pdf --layout single`` page directly; errors go
through the real command line.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageStat

from cardkit.cli import main
from cardkit.core.errors import UsageProblem
from cardkit.export import tts
from cardkit.export.api import ExportJob, export_game
from cardkit.export.csvfile import CsvRow, cards_csv
from cardkit.export.raster import (
    png_bytes,
    rasterise,
    render_faces,
    single_pdf,
    unique_deck,
)
from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.pdf.geometry import CARD_SIZES
from cardkit.pdf.layout import Face, Frame, TextSource
from cardkit.text.runs import TextStyle

from .conftest import SHIPPED


def px(mm: float, dpi: float) -> int:
    """The expected pixel count, computed independently of the code under test."""
    return int(mm * dpi / 25.4 + 0.5)


def deck_mm(game: str, deck: str) -> tuple[float, float]:
    """A deck's card size read from the shipped ``decks.yaml``."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load((SHIPPED / game / "decks.yaml").read_text("utf-8"))
    size = next(d["size"] for d in data["decks"] if d["id"] == deck)
    return CARD_SIZES[size] if isinstance(size, str) else (size["width"], size["height"])


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.name.startswith(".")}


def game_decks(game: str, locale: str = "en") -> list[PrintDeck]:
    from cardkit.core.registry import get_game
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer

    data = load(game, SHIPPED)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    return get_game(game).print_decks(data.content, loc, "metric")


def terra_cards() -> int:
    from cardkit.i18n.api import load

    return len(load("terra", SHIPPED).content.of("cards"))


LOW_DPI = 60.0  # fast; 300 dpi is tested on a few cards


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def terra_png(tmp_path_factory: pytest.TempPathFactory, cache: Path) -> Path:
    out = tmp_path_factory.mktemp("terra") / "png"
    export_game(ExportJob("terra", "png", SHIPPED, dpi=LOW_DPI, out=out, cache_dir=cache))
    return out


@pytest.fixture(scope="module")
def trains_png(tmp_path_factory: pytest.TempPathFactory, cache: Path) -> Path:
    out = tmp_path_factory.mktemp("trains") / "png"
    export_game(ExportJob("trains", "png", SHIPPED, dpi=LOW_DPI, out=out, cache_dir=cache))
    return out


@pytest.fixture(scope="module")
def trains_tts(tmp_path_factory: pytest.TempPathFactory, cache: Path) -> Path:
    out = tmp_path_factory.mktemp("trains") / "tts"
    export_game(ExportJob("trains", "tts", SHIPPED, dpi=LOW_DPI, out=out, cache_dir=cache,
                          base_url="https://cardkit.test/t"))
    return out


# --- PNG per face ------------------------------------------------------------------------------

def test_terra_png_has_one_front_and_one_back_per_card_at_the_exact_size(terra_png: Path) -> None:
    w, h = deck_mm("terra", "cards")
    fronts = sorted((terra_png / "cards").glob("*-front.png"))
    backs = sorted((terra_png / "cards").glob("*-back.png"))
    assert terra_cards() == 150
    assert len(fronts) == 150 and len(backs) == 150
    assert {p.name.removesuffix("-front.png") for p in fronts} == \
        {p.name.removesuffix("-back.png") for p in backs}
    assert not (terra_png / "cards" / "back.png").exists()  # Terra has no shared back
    for path in fronts + backs:
        with Image.open(path) as im:
            assert im.size == (px(w, LOW_DPI), px(h, LOW_DPI)), path.name
            assert im.mode == "RGB"


def test_bleed_adds_exactly_the_bleed_in_pixels(tmp_path: Path, cache: Path) -> None:
    w, h = deck_mm("trains", "randomizers")
    dpi = 97.0  # page size x dpi / 72 is not whole: the size must still be exact
    for bleed in (0.0, 3.0):
        out = tmp_path / f"b{bleed:g}"
        export_game(ExportJob("trains", "png", SHIPPED, deck="randomizers", dpi=dpi, bleed=bleed,
                              out=out, cache_dir=cache))
        sizes = set()
        for path in (out / "randomizers").glob("*.png"):
            with Image.open(path) as im:
                sizes.add(im.size)
        assert sizes == {(px(w + 2 * bleed, dpi), px(h + 2 * bleed, dpi))}, bleed
    assert px(w + 6, dpi) - px(w, dpi) in (px(6, dpi) - 1, px(6, dpi), px(6, dpi) + 1)


def test_faces_are_not_blank_and_differ(terra_png: Path, trains_png: Path) -> None:
    for path in [*sorted((terra_png / "cards").glob("*.png"))[:6],
                 *sorted((trains_png / "base").glob("*.png"))[:6]]:
        with Image.open(path) as im:
            colours = im.getcolors(maxcolors=1 << 20) or []
            assert len(colours) > 20, path.name
            assert max(ImageStat.Stat(im.convert("L")).stddev) > 10, path.name
    first = sorted((terra_png / "cards").glob("*-front.png"))[:2]
    assert first[0].read_bytes() != first[1].read_bytes()


def test_300_dpi_pixels_are_those_of_the_single_layout_pdf(tmp_path: Path, cache: Path) -> None:
    """Three Terra cards at 300 dpi: the exact size, and the very pixels pypdfium2 gives for the
    pages of ``cardkit pdf --layout single --bleed 0``."""
    import pypdfium2 as pdfium

    from cardkit.export.printing import render_game
    from cardkit.pdf.api import PdfJob
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.geometry import SheetOptions

    deck = game_decks("terra")[0]
    few = PrintDeck(deck.id, deck.name, deck.size_mm, deck.cards[:3])
    faces = list(render_faces(few, 300, 0.0))
    w, h = deck_mm("terra", "cards")
    assert [(r.card_id, r.side) for r, _ in faces] == \
        [(c.id, s) for c in deck.cards[:3] for s in ("front", "back")]
    assert all(im.size == (px(w, 300), px(h, 300)) == (825, 1425) for _, im in faces)

    pdf_path = tmp_path / "single.pdf"
    render_game(PdfJob("terra", SHIPPED, options=PdfOptions(layout="single",
                                                            sheet=SheetOptions(bleed=0.0)),
                       out=pdf_path, cache_dir=cache))
    doc = pdfium.PdfDocument(pdf_path.read_bytes())
    try:
        for index in range(6):  # page i of the single PDF is face i (front, back, front…)
            page = doc[index]
            # pypdfium2 sizes a render as ceil(page size x scale); the PDF stores the page size
            # rounded, so scale=300/72 gives 826 px for 825: ask for the exact size instead
            scale = min(825 / page.get_width(), 1425 / page.get_height()) * (1 - 1e-9)
            direct = page.render(scale=scale).to_pil().convert("RGB")
            assert direct.size == faces[index][1].size
            assert direct.tobytes() == faces[index][1].tobytes(), index
    finally:
        doc.close()


def test_export_bytes_are_deterministic(terra_png: Path, tmp_path: Path, cache: Path) -> None:
    again = tmp_path / "again"
    export_game(ExportJob("terra", "png", SHIPPED, dpi=LOW_DPI, out=again, cache_dir=cache))
    first, second = digests(terra_png), digests(again)
    assert len(first) == 150 * 2 + 1
    assert first == second


def test_png_has_its_resolution_and_no_time_or_text() -> None:
    image = Image.new("RGB", (20, 30), (200, 10, 10))
    data = png_bytes(image, 300)
    assert data == png_bytes(image, 300)
    chunks, pos = [], 8
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        chunks.append(data[pos + 4:pos + 8])
        pos += 12 + length
    assert b"tIME" not in chunks and b"tEXt" not in chunks and b"iTXt" not in chunks
    assert b"pHYs" in chunks
    with Image.open(io.BytesIO(data)) as im:
        assert round(im.info["dpi"][0]) == 300


# --- cards.csv ---------------------------------------------------------------------------------

def read_csv(path: Path) -> list[dict[str, str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, for spreadsheets
    assert b"\r\n" in raw
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_trains_csv_quantities_are_the_pile_sizes(trains_png: Path) -> None:
    from cardkit.i18n.api import load

    content = load("trains", SHIPPED).content
    rows = read_csv(trains_png / "cards.csv")
    piles = {(c.obj.set, c.id): c.obj.pile for c in content.of("cards")}
    base = {r["card_id"]: r for r in rows if r["deck"] == "base"}
    assert base and {cid: int(r["quantity"]) for cid, r in base.items()} == \
        {cid: n for (s, cid), n in piles.items() if s == "base"}
    rising = {r["card_id"]: int(r["quantity"]) for r in rows if r["deck"] == "rising-sun"}
    assert rising == {cid: n for (s, cid), n in piles.items() if s == "rising-sun"}
    randomizers = [r for r in rows if r["deck"] == "randomizers"]
    assert randomizers and all(r["quantity"] == "1" for r in randomizers)
    assert sum(int(r["quantity"]) for r in base.values()) > len(base)  # copies counted
    for r in rows:  # every file named exists, and the shared back is the back
        assert (trains_png / r["front"]).is_file()
        assert r["back"] == f"{r['deck']}/back.png" or r["deck"] == "rising-sun"
        assert (trains_png / r["back"]).is_file()
    # Rising Sun's back is base's, pixel for pixel: written once, both decks point at it
    assert {r["back"] for r in rows if r["deck"] != "randomizers"} == {"base/back.png"}
    assert not (trains_png / "rising-sun" / "back.png").exists()
    assert base["normal-train"]["name"] == "Normal Train"


def test_csv_names_are_in_the_locale(tmp_path: Path, cache: Path) -> None:
    # Polish: the Greek edition keeps Trains' card names in English (as its rulebook does)
    out = tmp_path / "pl"
    export_game(ExportJob("trains", "png", SHIPPED, locale="pl", deck="randomizers", dpi=50,
                          out=out, cache_dir=cache))
    rows = read_csv(out / "cards.csv")
    deck = next(d for d in game_decks("trains", "pl") if d.id == "randomizers")
    assert [r["name"] for r in rows] == [c.label for c in deck.cards]
    english = {c.label for c in next(d for d in game_decks("trains", "en")
                                     if d.id == "randomizers").cards}
    assert sum(r["name"] not in english for r in rows) > len(rows) // 2


def test_csv_quotes_what_needs_quoting() -> None:
    data = cards_csv([CsvRow("d", "a", 'Say "hi", then go', 2, "d/a-front.png", "")])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[1] == ["d", "a", 'Say "hi", then go', "2", "d/a-front.png", ""]


# --- Tabletop Simulator (the structural test of every game: tests/test_export_tts.py) ------------

def test_tts_sheet_slots_hold_the_png_faces(trains_tts: Path, trains_png: Path) -> None:
    """Slot i of the randomizers' sheet is the i-th card's front image, pixel for pixel."""
    save = json.loads((trains_tts / "trains.json").read_text("utf-8"))
    (deck,) = [o for o in save["ObjectStates"] if o["GMNotes"] == "randomizers/randomizers"]
    (entry,) = deck["CustomDeck"].values()
    sheet_file = trains_tts / entry["FaceURL"].removeprefix("https://cardkit.test/t/")
    with Image.open(sheet_file) as sheet:
        sheet.load()
    with Image.open(trains_png / "randomizers" / "back.png") as back:
        cw, ch = back.size
    cols = entry["NumWidth"]
    assert sheet.size == (cols * cw, entry["NumHeight"] * ch)
    for obj in deck["ContainedObjects"][:8]:
        slot = obj["CardID"] % 100
        crop = sheet.crop(((slot % cols) * cw, (slot // cols) * ch,
                           (slot % cols + 1) * cw, (slot // cols + 1) * ch))
        with Image.open(trains_png / "randomizers" / f"{obj['GMNotes']}-front.png") as face:
            assert crop.tobytes() == face.convert("RGB").tobytes(), obj["GMNotes"]


def test_tts_bytes_are_deterministic(trains_tts: Path, tmp_path: Path, cache: Path) -> None:
    again = tmp_path / "again"
    export_game(ExportJob("trains", "tts", SHIPPED, dpi=LOW_DPI, out=again, cache_dir=cache,
                          base_url="https://cardkit.test/t"))
    assert digests(again) == digests(trains_tts)


def test_tts_default_dpi_is_150_and_png_300() -> None:
    from cardkit.export.api import check_options

    assert check_options(ExportJob("terra", "tts")) == 150
    assert check_options(ExportJob("terra", "png")) == 300


def test_tts_grids_fit_ten_by_seven_and_4096_px() -> None:
    assert tts.grid_limits((375, 525)) == (10, 7)  # poker at 150 dpi: 3750 x 3675
    assert tts.grid_limits((413, 713)) == (9, 5)  # tarot at 150 dpi: 10 x 413 > 4096
    assert tts.grid_limits((2000, 3000)) == (2, 1)
    assert tts.grids(1, (10, 7)) == [(1, 1, 1)]
    assert tts.grids(13, (10, 7)) == [(10, 2, 13)]
    assert tts.grids(70, (10, 7)) == [(10, 7, 70)]  # no hidden-card slot: BackIsHidden
    assert tts.grids(150, (9, 5)) == [(9, 5, 45)] * 3 + [(9, 2, 15)]
    for n in range(1, 200):
        sheets = tts.grids(n, (9, 5))
        assert sum(k for _, _, k in sheets) == n
        assert all(c <= 9 and r <= 5 and k <= c * r for c, r, k in sheets)


def test_tts_card_larger_than_a_sheet_is_refused() -> None:
    size = CARD_SIZES["tarot"]
    best = max(d for d in range(50, 1201) if px(size[1], d) <= 4096)
    assert tts.max_dpi(size, 0.0) == best == 862  # 120.65 mm at 862 dpi: 4095 px
    tts.check_card("d", size, 0.0, best)
    with pytest.raises(UsageProblem, match="over the 4096 px"):
        tts.check_card("d", size, 0.0, best + 1)


# --- synthetic decks (independent of the game templates) ---------------------------------------

def _face(colour: tuple[float, float, float], text: str):  # type: ignore[no-untyped-def]
    def build() -> Face:
        face = Face(text, 63.5, 88.9)

        def paint(canvas, ctx) -> None:  # type: ignore[no-untyped-def]
            canvas.setFillColorRGB(*colour)
            canvas.rect(-ctx.bleed, -ctx.bleed, ctx.w + 2 * ctx.bleed, ctx.h + 2 * ctx.bleed,
                        stroke=0, fill=1)
        face.paint(paint)
        face.text(text, Frame("name", 5, 70, 53.5, 12, TextStyle(max_size=14, min_size=8),
                              max_lines=1), TextSource("cards", text, "name"))
        return face
    return build


def test_shared_back_is_one_page_and_bleed_is_painted() -> None:
    cards = [PrintCard(f"c{i}", f"C{i}", _face((0.9, 0.1 * i, 0.1), f"C{i}"), count=3)
             for i in range(3)]
    deck = PrintDeck("d", "D", (63.5, 88.9), cards, shared_back=_face((0.1, 0.1, 0.5), "B"))
    unique = unique_deck(deck)
    assert [(f.card_id, f.side) for f in unique.faces] == \
        [("c0", "front"), ("c1", "front"), ("c2", "front"), (None, "shared-back")]
    assert all(c.count == 1 for c in unique.deck.cards)
    images = list(rasterise(single_pdf(unique.deck, 3.0), (80, 110)))
    assert len(images) == 4 and all(im.size == (80, 110) for im in images)
    # the background reaches the corner pixel (bleed painted), not white paper
    assert images[0].getpixel((0, 0))[0] > 200 and images[0].getpixel((0, 0))[2] < 60
    assert images[3].getpixel((0, 0))[2] > 100


def test_compose_sheet_places_left_to_right_top_to_bottom() -> None:
    faces = [Image.new("RGB", (4, 6), (i, 0, 0)) for i in range(69)]
    sheet = tts.compose_sheet(faces, (4, 6), 10, 7)
    assert sheet.size == (40, 42)
    assert sheet.getpixel((4 * 3 + 1, 6 * 2 + 1)) == (23, 0, 0)
    assert sheet.getpixel((39, 41)) == (255, 255, 255)  # no card: white
    with pytest.raises(ValueError):
        tts.compose_sheet(faces + faces[:2], (4, 6), 10, 7)


# --- errors and overwriting --------------------------------------------------------------------

def plain_error(code: int, err: str, expected: int = 2) -> None:
    assert code == expected, err
    assert "internal error" not in err and "Traceback" not in err
    assert err.startswith(("cardkit:", "Usage:")), err


@pytest.mark.parametrize("args", [
    ["nosuchgame"],
    ["terra", "--format", "pdf"],
    ["trains", "--deck", "nosuchdeck"],
    ["terra", "--locale", "xx"],
    ["terra", "--dpi", "0"],
    ["terra", "--dpi", "-300"],
    ["terra", "--dpi", "nan"],
    ["terra", "--dpi", "inf"],
    ["terra", "--dpi", "49"],
    ["terra", "--dpi", "1201"],
    ["terra", "--dpi", "lots"],
    ["terra", "--bleed", "nan"],
    ["terra", "--bleed", "-1"],
    ["terra", "--bleed", "11"],
    ["terra", "--format", "tts", "--dpi", "900"],
    ["terra", "--preset", "makeplayingcards", "--dpi", "300"],
    ["trains", "--preset", "makeplayingcards", "--bleed", "3"],
    ["trains", "--preset", "makeplayingcards", "--format", "tts"],
    ["trains", "--preset", "nosuchservice"],
    ["terra", "--preset", "printerstudio"],
    ["trains", "--format", "tts", "--base-url", "ftp://x"],
    ["trains", "--base-url", "https://example.org"],
])
def test_bad_options_are_usage_errors(args: list[str], tmp_path: Path) -> None:
    code, _out, err = cli("export", *args, "--content", str(SHIPPED), "--out", str(tmp_path / "x"))
    plain_error(code, err)
    assert not (tmp_path / "x").exists()
    if args[1:] not in (["--format", "pdf"], ["--dpi", "lots"]):  # click's own parse errors
        assert err.startswith("cardkit:") and len(err.strip().splitlines()) == 1, err


def test_nan_and_out_of_range_name_the_range() -> None:
    for args, words in ((["--dpi", "nan"], "--dpi must be a number from 50 to 1200, not nan"),
                        (["--dpi", "1e9"], "not 1e+09"),
                        (["--bleed", "inf"], "--bleed must be from 0 to 10 mm, not inf")):
        code, _, err = cli("export", "terra", *args, "--content", str(SHIPPED))
        plain_error(code, err)
        assert words in err, err


def test_tts_dpi_error_names_the_largest_dpi(tmp_path: Path) -> None:
    code, _, err = cli("export", "terra", "--format", "tts", "--dpi", "900", "--content",
                       str(SHIPPED), "--out", str(tmp_path / "x"))
    plain_error(code, err)
    assert f"--dpi {tts.max_dpi(CARD_SIZES['tarot'], 0.0)} or less" in err
    assert len(err.strip().splitlines()) == 1


def test_unwritable_output_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, _, err = cli("export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
                       str(SHIPPED), "--out", str(blocker / "sub"))
    plain_error(code, err)
    assert "not a folder" in err


def test_out_folder_is_made_with_its_parents(tmp_path: Path) -> None:
    code, _, err = cli("export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
                       str(SHIPPED), "--out", str(tmp_path / "new" / "export"))
    assert code == 0, err
    assert (tmp_path / "new" / "export" / "randomizers" / "back.png").is_file()


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc")
def test_output_where_nothing_can_be_created_is_a_usage_error() -> None:
    code, _, err = cli("export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
                       str(SHIPPED), "--out", "/proc/cardkit-export")
    plain_error(code, err)
    assert "cannot write" in err and len(err.strip().splitlines()) == 1


def test_output_inside_the_content_folder_is_refused(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    code, _, err = cli("export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
                       str(content), "--out", str(content / "trains" / "png"), "--force")
    plain_error(code, err)
    assert not (content / "trains" / "png").exists()


def test_content_with_errors_is_blocked(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    decks = content / "trains" / "decks.yaml"
    decks.write_text(decks.read_text("utf-8").replace("size: poker", "size: huge", 1), "utf-8")
    code, _, err = cli("export", "trains", "--dpi", "50", "--content", str(content), "--out",
                       str(tmp_path / "out"))
    assert code == 1, err
    assert "Traceback" not in err and "nothing was written" in err
    assert not (tmp_path / "out").exists()


def test_user_files_are_never_replaced_and_edited_outputs_only_with_force(
        tmp_path: Path) -> None:
    """A user's file in the export folder stops the export, ``--force`` or not (issue 31:
    ``--force`` used to replace it); cardkit's own, edited output needs ``--force``."""
    out = tmp_path / "out"
    args = ["export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
            str(SHIPPED), "--out", str(out)]
    (out / "randomizers").mkdir(parents=True)
    mine = out / "randomizers" / "back.png"
    mine.write_bytes(b"my own picture")
    for force in ((), ("--force",)):
        code, _, err = cli(*args, *force)
        plain_error(code, err)
        assert "randomizers/back.png" in err and "never removes" in err
        assert mine.read_bytes() == b"my own picture"
        assert sorted(p.name for p in (out / "randomizers").iterdir()) == ["back.png"]
    shutil.rmtree(out)

    code, stdout, err = cli(*args)
    assert code == 0, err
    assert "wrote 32 files" in stdout

    code, _, err = cli(*args)  # cardkit's own outputs are replaced without --force
    assert code == 0, err

    (out / "cards.csv").write_bytes(b"edited by hand")  # changed since: refused again
    code, _, err = cli(*args)
    plain_error(code, err)
    assert (out / "cards.csv").read_bytes() == b"edited by hand" and "--force" in err
    code, _, err = cli(*args, "--force")
    assert code == 0, err
    assert (out / "cards.csv").read_bytes() != b"edited by hand"


def test_cli_summary(tmp_path: Path) -> None:
    code, stdout, err = cli("export", "trains", "--format", "tts", "--deck", "base", "--dpi",
                            "50", "--content", str(SHIPPED), "--out", str(tmp_path / "t"))
    assert code == 0, err
    w, h = deck_mm("trains", "base")
    piles = sum(1 for d in game_decks("trains") if d.id == "base" for _ in d.piles())
    assert f"{piles} pile(s), {piles} sheet(s) of {px(w, 50)} x {px(h, 50)} px per card" in stdout
    # one sheet per pile (one kind of card each), the shared back once, the save
    assert f"wrote {piles + 2} files" in stdout
    assert math.isfinite(float(stdout.split("files to ")[1].split("(")[1].split()[0]))


def test_png_bytes_do_not_depend_on_the_threads() -> None:
    from cardkit.export.raster import encode_pngs

    images = [(i, Image.effect_noise((64, 48), 20 + i).convert("RGB")) for i in range(9)]
    one = list(encode_pngs(images, 150, workers=1))
    three = list(encode_pngs(images, 150, workers=3))
    assert [k for k, _ in one] == list(range(9))
    assert one == three and len({b for _, b in one}) == 9


def test_ink_saver_exports_lighter_cards(trains_png: Path, tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "ink"
    export_game(ExportJob("trains", "png", SHIPPED, deck="randomizers", dpi=LOW_DPI, out=out,
                          cache_dir=cache, ink_saver=True))
    for name in ("randomizers/back.png", "randomizers/ironworks-front.png"):
        full = ImageStat.Stat(Image.open(trains_png / name).convert("L")).mean[0]
        light = ImageStat.Stat(Image.open(out / name).convert("L")).mean[0]
        assert light > full + 20, (name, full, light)  # much less ink on the page
