"""Print-service presets and one file per distinct image.

The templates' pixel sizes are written here as the services publish them (not computed by the
code under test); each preset's images must have exactly that size, its file type and colour
mode; the trim must sit on the template's cut line (compared with the plain export drawn with
the same bleed); a card size the service does not sell is refused in one line; and an image
several cards share is written once.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from cardkit.core.errors import UsageProblem
from cardkit.export import presets
from cardkit.export.api import ExportJob, export_game
from cardkit.export.raster import FaceRef
from cardkit.export.unique import Registry, place
from cardkit.pdf.deck import PrintCard, PrintDeck

from .conftest import SHIPPED
from .test_export import _face, cli, plain_error

#: (preset, card size) -> template px at 300 dpi, as published (poker) or by the service's rule.
TEMPLATES = {
    ("makeplayingcards", "poker"): (822, 1122), ("makeplayingcards", "bridge"): (747, 1122),
    ("makeplayingcards", "mini"): (597, 822), ("makeplayingcards", "tarot"): (897, 1497),
    ("printerstudio", "poker"): (822, 1122),
    ("drivethrucards", "poker"): (825, 1125), ("drivethrucards", "bridge"): (750, 1125),
    ("drivethrucards", "mini"): (600, 825), ("drivethrucards", "tarot"): (900, 1500),
}
FORMAT = {"makeplayingcards": ("PNG", "RGB"), "printerstudio": ("PNG", "RGB"),
          "drivethrucards": ("TIFF", "CMYK")}


def test_the_preset_table_is_the_services_templates() -> None:
    assert {(p, s): px for p, pre in presets.PRESETS.items() for s, px in pre.sizes.items()} \
        == TEMPLATES


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, cache: Path) -> dict[str, Path]:
    out = {}
    for preset in presets.PRESETS:
        folder = tmp_path_factory.mktemp(preset) / "x"
        export_game(ExportJob("trains", "png", SHIPPED, deck="randomizers", out=folder,
                              cache_dir=cache, preset=preset))
        out[preset] = folder
    return out


def read_csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text("utf-8-sig"), newline="")))


@pytest.mark.parametrize("preset", list(presets.PRESETS))
def test_every_image_has_the_services_exact_size(exported: dict[str, Path], preset: str) -> None:
    out = exported[preset]
    rows = read_csv(out / "cards.csv")
    files = {r["front"] for r in rows} | {r["back"] for r in rows}
    assert len(rows) == 30 and len(files) == 31  # 30 fronts, one shared back
    fmt, mode = FORMAT[preset]
    for name in files:
        with Image.open(out / name) as im:
            assert im.size == TEMPLATES[(preset, "poker")], name
            assert (im.format, im.mode) == (fmt, mode), name
            assert round(im.info["dpi"][0]) == 300
    assert {p.name for p in out.glob("randomizers/*")} == {Path(f).name for f in files}


def test_the_trim_sits_on_the_cut_line(exported: dict[str, Path], tmp_path: Path,
                                       cache: Path) -> None:
    """MPC's 36 px and DTC's 37.5 px a side: the plain export drawn with exactly that bleed at
    300 dpi has the same pixels (MPC) and, converted, the same CMYK pixels (DTC)."""
    for preset, bleed_px in (("makeplayingcards", 36), ("drivethrucards", 37.5)):
        plain = tmp_path / preset
        export_game(ExportJob("trains", "png", SHIPPED, deck="randomizers", dpi=300,
                              bleed=bleed_px / 300 * 25.4, out=plain, cache_dir=cache))
        suffix = presets.PRESETS[preset].suffix
        for name in ("back", "ironworks-front"):
            with Image.open(plain / "randomizers" / f"{name}.png") as ref, \
                    Image.open(exported[preset] / "randomizers" / f"{name}{suffix}") as got:
                assert ref.size == got.size == TEMPLATES[(preset, "poker")]
                want = presets.to_cmyk(ref) if got.mode == "CMYK" else ref.convert("RGB")
                assert ImageChops.difference(want, got).getbbox() is None, (preset, name)


def test_dtc_cmyk_stays_under_the_ink_limit(exported: dict[str, Path]) -> None:
    with Image.open(exported["drivethrucards"] / "randomizers" / "back.tif") as im:
        data = im.tobytes()  # C, M, Y, K bytes per pixel
    coverage = max(map(sum, zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True)))
    assert coverage / 255 * 100 <= 240  # DriveThruCards' limit (full UCR keeps it <= 200)
    # and the check would catch a naive conversion (K = 0): black at 300 %
    naive = Image.new("RGB", (2, 2), (0, 0, 0)).convert("CMYK")
    assert sum(naive.getpixel((0, 0))) / 255 * 100 > 240
    assert presets.to_cmyk(Image.new("RGB", (1, 1))).getpixel((0, 0)) == (0, 0, 0, 255)


def test_preset_bytes_are_deterministic(exported: dict[str, Path], tmp_path: Path,
                                        cache: Path) -> None:
    again = tmp_path / "again"
    export_game(ExportJob("trains", "png", SHIPPED, deck="randomizers", out=again,
                          cache_dir=cache, preset="drivethrucards"))
    for path in sorted((again / "randomizers").iterdir()):
        assert path.read_bytes() == \
            (exported["drivethrucards"] / "randomizers" / path.name).read_bytes()


def test_a_size_the_service_does_not_sell_is_refused_in_one_line(tmp_path: Path) -> None:
    code, _, err = cli("export", "terra", "--preset", "printerstudio", "--content",
                       str(SHIPPED), "--out", str(tmp_path / "x"))
    plain_error(code, err)
    assert "PrinterStudio prints no tarot cards; it offers poker (63.5 x 88.9 mm)" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "x").exists()
    with pytest.raises(UsageProblem, match="prints no 70 x 50 mm cards; it offers poker"):
        presets.template_px(presets.PRESETS["drivethrucards"], "d", (70.0, 50.0))
    assert presets.template_px(presets.PRESETS["makeplayingcards"], "d", (69.85, 120.65)) \
        == (897, 1497)  # Terra's tarot cards at MPC


def test_bleed_may_differ_per_axis() -> None:
    window = presets.layout((822, 1122), (63.5, 88.9))
    assert window.bleed_px == pytest.approx((36.0, 36.0))
    odd = presets.layout((800, 1130), (63.5, 88.9))
    assert odd.bleed_px == pytest.approx((25.0, 40.0))
    assert presets.draw_bleed_mm(odd) == pytest.approx(40 / 300 * 25.4)
    with pytest.raises(ValueError):
        presets.layout((700, 1122), (63.5, 88.9))


# --- one file per distinct image ---------------------------------------------------------------

def _deck(backs_alike: bool) -> PrintDeck:
    red, blue = (0.8, 0.1, 0.1), (0.1, 0.1, 0.7)
    cards = [PrintCard(f"c{i}", f"C{i}", _face((0.2, 0.1 * i, 0.3), f"C{i}"),
                       _face(blue if backs_alike or i else red, "Back"), count=2)
             for i in range(4)]
    return PrintDeck("d", "D", (63.5, 88.9), cards)


@pytest.mark.parametrize("alike", [True, False])
def test_an_identical_back_is_written_once(tmp_path: Path, alike: bool) -> None:
    """Four cards, each with its own back builder: drawn alike, one file; one differing, two."""
    from cardkit.export.api import _write_faces
    from cardkit.export.raster import draw_unique

    deck = _deck(alike)
    written: list[str] = []

    def write(name: str, data: bytes) -> Path:
        written.append(name)
        return tmp_path / name

    _, rows = _write_faces(deck, draw_unique(deck, 0.0), 50.0, None, None, Registry(), write,
                           1)
    backs = [n for n in written if "back" in n]
    if alike:
        assert backs == ["d/back.png"] and {r.back for r in rows} == {"d/back.png"}
    else:  # c0's red back is its own; c1..c3 share the blue one
        assert backs == ["d/c0-back.png", "d/back-1.png"]
        assert [r.back for r in rows] == ["d/c0-back.png"] + ["d/back-1.png"] * 3
    assert len([n for n in written if "front" in n]) == 4


def test_an_image_already_written_by_another_deck_is_not_written_again() -> None:
    registry = Registry()
    same = [(FaceRef("a", "front", "A"), b"front-a"), (FaceRef(None, "shared-back", "b"), b"B")]
    paths, writes = place("one", same, ".png", registry)
    assert [n for n, _ in writes] == ["one/a-front.png", "one/back.png"]
    other = [(FaceRef("z", "front", "Z"), b"front-z"), (FaceRef(None, "shared-back", "b"), b"B")]
    paths, writes = place("two", other, ".png", registry)
    assert [n for n, _ in writes] == ["two/z-front.png"]
    assert paths[(None, "back")] == "one/back.png" and registry.reused == 1
