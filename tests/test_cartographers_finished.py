"""A Cartographers game seen finished: the season boxes of ``cardkit score`` (four cards are
the edicts A–D), the finished sheet drawn (``--render``) and read back as a picture, and the
readable transcript of a simulated game (``simulate --transcript``), whose replay must agree
with the game it records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit.export.raster import rasterise
from cardkit.games.cartographers.engine.replay import ReplayError, parse_action
from cardkit.games.cartographers.render.mapsheet import SHEET_H, SHEET_W, cell_box
from cardkit.games.cartographers.render.theme import TERRAIN_RGB

from .conftest import run

SHEET = "examples/cartographers/wilderness.yaml"
FOUR = "sentinel-wood,canal-lake,great-city,borderlands"


def test_four_cards_give_the_season_boxes_and_the_total() -> None:
    result = run("score", "cartographers", SHEET, "--cards", FOUR, "--format", "json")
    (sheet,) = json.loads(result.output)
    cards, coins = sheet["cards"], sheet["coins"] + sheet["mountain_coins"]
    a, b, c, d = (cards[x] for x in FOUR.split(","))
    # Spring A+B, Summer B+C, Autumn C+D, Winter D+A, each + coins - monsters (seasons.yaml)
    pairs = {"spring": (a, b), "summer": (b, c), "autumn": (c, d), "winter": (d, a)}
    for season in sheet["seasons"]:
        x, y = pairs[season["season"]]
        assert season["stars"] == [x, y]
        assert season["total"] == x + y + coins - sheet["monster_penalty"]
    assert sheet["total"] == sum(s["total"] for s in sheet["seasons"]) == 48
    text = run("score", "cartographers", SHEET, "--cards", FOUR).output
    assert "Spring" in text and "game total" in text and text.rstrip().endswith("48")


def test_fewer_cards_give_no_seasons() -> None:
    (sheet,) = json.loads(run("score", "cartographers", SHEET, "--cards", "sentinel-wood",
                              "--format", "json").output)
    assert "seasons" not in sheet and "total" not in sheet


def _pixel(png_page, row: int, col: int) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """The colour near the lower-left corner of a grid space (clear of its glyph)."""
    box = cell_box(row, col)
    x = (box.x + 1.0) / SHEET_W * png_page.width
    y = (1 - (box.y + 1.0) / SHEET_H) * png_page.height
    return png_page.getpixel((int(x), int(y)))


def test_the_rendered_sheet_reads_back_with_its_drawings(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    result = run("score", "cartographers", SHEET, "--cards", FOUR, "--render", str(out),
                 "--locale", "pl")
    assert result.exit_code == 0 and out.exists()
    (page,) = list(rasterise(out.read_bytes(), (570, 765)))
    forest = tuple(round(v * 255) for v in TERRAIN_RGB["forest"])
    assert max(abs(p - q) for p, q in zip(_pixel(page, 0, 0), forest)) < 30  # "FF......"
    assert _pixel(page, 0, 5) == (255, 255, 255)  # an empty space stays white


def test_render_refuses_another_format(tmp_path: Path) -> None:
    result = run("score", "cartographers", SHEET, "--render", str(tmp_path / "sheet.txt"))
    assert result.exit_code == 2 and ".pdf or .png" in result.output


def test_a_simulated_game_reads_as_a_transcript_and_draws_its_sheets(tmp_path: Path) -> None:
    text = tmp_path / "game.txt"
    result = run("simulate", "cartographers", "--games", "1", "--seed", "3", "--players", "2",
                 "--backend", "serial", "--transcript", str(text))
    assert result.exit_code == 0, result.output
    body = text.read_text("utf-8")
    for heading in ("== Spring (A + B)", "== Summer (B + C)", "== Autumn (C + D)",
                    "== Winter (D + A)"):
        assert heading in body
    assert body.count("season scores:") == 4 and "final sheets" in body
    pdf = tmp_path / "game.pdf"
    result = run("simulate", "cartographers", "--games", "1", "--seed", "3", "--players", "2",
                 "--backend", "serial", "--transcript", str(pdf))
    assert result.exit_code == 0 and len(list(rasterise(pdf.read_bytes(), (190, 255)))) == 2


def test_a_game_without_sheets_refuses_a_pdf_transcript(tmp_path: Path) -> None:
    result = run("simulate", "terra", "--games", "1", "--backend", "serial", "--transcript",
                 str(tmp_path / "t.pdf"))
    assert result.exit_code == 2 and "draws no finished sheets" in result.output


def test_the_replay_parses_what_describe_wrote_and_refuses_the_rest() -> None:
    assert parse_action("orchard (ruins): forest #0 at r3c4 r3c5") == \
        ("draw", "forest", 0, (1 << (3 * 11 + 4)) | (1 << (3 * 11 + 5)))
    assert parse_action("rift-lands: monster 1x1 at r0c0") == ("draw", "monster", -1, 1)
    assert parse_action("gnoll-raid: monster on sheet 1 at r0c0")[:2] == ("monster", 1)
    with pytest.raises(ReplayError):
        parse_action("orchard: forest at somewhere")
