"""``cardkit pdf`` options through the CLI: every bad value is one clear line and exit 2 (never
"internal error", never a file), warnings go to stderr, and the PDF itself (version header,
bookmarks, ink saver) is what the options ask for."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.pdf.draw import PdfOptions, print_kwargs, render
from cardkit.pdf.geometry import SheetOptions

from .conftest import SHIPPED
from .test_pdf_backs import _deck


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


BAD = [
    (["--bleed", "nan"], "bleed must be a finite number"),
    (["--bleed", "inf"], "bleed must be a finite number"),
    (["--bleed", "-1"], "bleed must be at least 0"),
    (["--bleed", "11"], "bleed must be at most 10"),
    (["--bleed", "thick"], "give millimetres or 'auto'"),
    (["--gap", "nan"], "gutter must be a finite number"),
    (["--gap", "-2"], "gutter must be at least 0"),
    (["--gutter", "31"], "gutter must be at most 30"),
    (["--gutter", "wide"], "give millimetres"),
    (["--crop-mark-length", "nan"], "crop mark length must be a finite number"),
    (["--crop-mark-length", "0.5"], "crop mark length must be at least 1"),
    (["--crop-mark-length", "21"], "crop mark length must be at most 20"),
    (["--crop-mark-length", "long"], "crop mark length 'long': give millimetres"),
    (["--crop-mark-offset", "-1"], "crop mark offset must be at least 0"),
    (["--crop-mark-offset", "inf"], "crop mark offset must be a finite number"),
    (["--crop-mark-offset", "11"], "crop mark offset must be at most 10"),
    (["--margin", "nan"], "margin must be a finite number"),
    (["--margin", "-1"], "margin must be at least 0"),
    (["--margin", "51"], "margin must be at most 50"),
    (["--paper", "200x200", "--margin", "50"],
     "does not fit on 200x200 mm paper with a 50 mm margin"),
    (["--paper", "80x297", "--margin", "40"], "leaves no printable area"),
    (["--back-offset", "inf,0"], "back offset X must be a finite number"),
    (["--back-offset", "nan,0"], "back offset X must be a finite number"),
    (["--back-offset", "0,-inf"], "back offset Y must be a finite number"),
    (["--back-offset", "500,0"], "beyond ±10 mm"),
    (["--back-offset", "0,-10.5"], "beyond ±10 mm"),
    (["--back-offset", "1"], "give X,Y in millimetres"),
    (["--back-offset", "1,2,3"], "give X,Y in millimetres"),
    (["--back-offset", "x,y"], "give X,Y in millimetres"),
    (["--paper", "100000x100000"], "larger than a PDF page can be"),
    (["--paper", "5081x300"], "larger than a PDF page can be"),
    (["--paper", "nanxnan"], "unknown paper"),
    (["--paper", "-210x297"], "unknown paper"),
    (["--paper", "0x297"], "positive"),
    (["--paper", "50x50"], "does not fit"),
]


@pytest.mark.parametrize("args, message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_options_are_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "x.pdf"
    code, _stdout, stderr = cli("pdf", "terra", "--content", str(SHIPPED), *args, "-o", str(out))
    assert code == 2, stderr
    assert message in stderr
    assert "internal error" not in stderr and "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert not out.exists()


def test_an_unknown_rotation_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    code, _stdout, stderr = cli("pdf", "terra", "--content", str(SHIPPED), "--rotate",
                                "sideways", "-o", str(out))
    assert code == 2 and "Invalid value for '--rotate'" in stderr and not out.exists()


def test_good_edge_values_print(tmp_path: Path) -> None:
    out = tmp_path / "ok.pdf"
    code, _stdout, stderr = cli("pdf", "terra", "--content", str(SHIPPED), "--back-offset",
                               "10,-10", "--bleed", "0", "--gap", "0.5", "-o", str(out))
    assert code == 0, stderr
    assert out.read_bytes().startswith(b"%PDF-1.7")


def test_low_automatic_bleed_warns_on_stderr(tmp_path: Path) -> None:
    code, stdout, stderr = cli("pdf", "trains", "--content", str(SHIPPED), "--deck",
                               "randomizers", "--bleed", "auto", "--rotate", "never",
                               "-o", str(tmp_path / "l.pdf"))
    assert code == 0, stderr
    assert "cardkit: warning: automatic bleed is only 0.5 mm" in stderr
    assert "wrote" in stdout and "warning" not in stdout
    code, _, stderr = cli("pdf", "trains", "--content", str(SHIPPED), "--deck", "randomizers",
                          "--bleed", "auto", "--paper", "letter", "-o", str(tmp_path / "a.pdf"))
    assert code == 0 and "warning" not in stderr


def test_the_default_bleed_notes_what_it_costs_once(tmp_path: Path) -> None:
    """Trains' three poker decks share one note; the --gap alias still works."""
    code, stdout, stderr = cli("pdf", "trains", "--content", str(SHIPPED), "--gap", "0",
                               "-o", str(tmp_path / "t-{}.pdf").replace("{}", ""), "--deck",
                               "base")
    assert code == 0, stderr
    note = ("cardkit: note: a 3 mm bleed fits 8 card(s) per sheet; --bleed auto fits 9 "
            "(at 0.5 mm bleed)")
    assert stderr.count(note) == 1 and "cardkit: note" not in stdout
    code, _, stderr = cli("pdf", "trains", "--content", str(SHIPPED), "--paper", "a3",
                          "--rotate", "never", "--crop-mark-length", "3",
                          "--crop-mark-offset", "2", "--margin", "8", "--gutter", "1",
                          "--force", "-o", str(tmp_path / "t-.pdf"), "--deck", "base")
    assert code == 0 and "fits 12 card(s) per sheet" in stderr, stderr  # A3, upright, 1 mm gutter


@pytest.mark.parametrize("mode", ["long", "short", "none", "fold"])
def test_every_duplex_mode_prints_through_the_cli(tmp_path: Path, mode: str) -> None:
    out = tmp_path / f"{mode}.pdf"
    code, _, stderr = cli("pdf", "terra", "--content", str(SHIPPED), "--duplex", mode,
                          "-o", str(out))
    assert code == 0, stderr
    prefs = PdfReader(out).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge",
                                "none": "/Simplex", "fold": "/Simplex"}[mode]


def test_ink_saver_flag_reaches_the_pages(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("pdf", "terra", "--content", str(SHIPPED), "-o", str(a))[0] == 0
    assert cli("pdf", "terra", "--content", str(SHIPPED), "--ink-saver", "-o", str(b))[0] == 0
    assert a.read_bytes() != b.read_bytes()


def test_print_kwargs_pass_ink_saver_only_to_printers_that_take_it() -> None:
    def old(content, loc, units="metric"):  # type: ignore[no-untyped-def]
        return []

    def new(content, loc, units="metric", *, ink_saver=False):  # type: ignore[no-untyped-def]
        return []

    def loose(content, loc, units="metric", **kw):  # type: ignore[no-untyped-def]
        return []

    assert print_kwargs(old, True) == {}
    assert print_kwargs(new, True) == {"ink_saver": True}
    assert print_kwargs(loose, False) == {"ink_saver": False}


def test_pdf_header_says_1_7_for_duplex_viewer_preferences() -> None:
    data = render(_deck(3), PdfOptions()).data
    assert data.startswith(b"%PDF-1.7\n")
    assert b"/Duplex" in data and b"/PrintScaling" in data


def _outline(data: bytes) -> list[object]:
    reader = PdfReader(io.BytesIO(data))

    def walk(items: list[object], depth: int = 0) -> list[object]:
        out: list[object] = []
        for item in items:
            if isinstance(item, list):
                out += walk(item, depth + 1)
            else:
                out.append((depth, item.title, reader.get_destination_page_number(item)))
        return out
    return walk(reader.outline)


def test_bookmarks_per_section_and_sheet() -> None:
    data = render(_deck(20), PdfOptions(sheet=SheetOptions(duplex="long", bleed=None,
                                                           rotate="never"))).data  # 3 sheets
    outline = _outline(data)
    titles = [t for _, t, _ in outline]
    assert titles[:3] == ["Information", "Calibration", "sheet 1\u20133"]
    assert "sheet 1/3 \u00b7 front (1\u20139)" in titles
    assert "sheet 3/3 \u00b7 back (19\u201320)" in titles and titles[-1] == "Card index"
    pages = {t: p for _, t, p in outline}
    assert pages["Information"] == 0 and pages["Calibration"] == 2  # after the blank back
    assert pages["sheet 1/3 \u00b7 front (1\u20139)"] == 4
    assert pages["sheet 1/3 \u00b7 back (1\u20139)"] == 5
    depth = {t: d for d, t, _ in outline}
    assert depth["sheet 1\u20133"] == 0 and depth["sheet 2/3 \u00b7 front (10\u201318)"] == 1


def test_single_layout_bookmarks_each_card() -> None:
    data = render(_deck(3), PdfOptions(layout="single", sheet=SheetOptions(bleed=3.0))).data
    assert [(t, p) for _, t, p in _outline(data)] == [("Card 0", 0), ("Card 1", 2),
                                                       ("Card 2", 4)]


def test_same_options_same_bytes() -> None:
    opts = PdfOptions(sheet=SheetOptions(duplex="fold", back_offset=(0.5, -0.5)))
    assert render(_deck(7), opts).data == render(_deck(7), opts).data
