"""PDFs as files (issue 10): modes, error paths, subset tags, embedded fonts.

* every PDF cardkit writes honours the umask; a PDF it replaces keeps its mode;
* an unwritable folder, ``--out`` naming a folder or under a file, and a full disk are one plain
  line and exit 2 — nothing half-written, no temporary file left; missing folders are made;
* every embedded font subset has its own six-capital tag (reportlab alone tags them all
  ``AAAAAA+``), and the bytes stay identical between runs;
* every PDF cardkit writes — card sheets, one card per page, simulation and strength reports —
  embeds every font it uses (no base-14 Helvetica).
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core import atomic
from cardkit.core.outputs import RECORD_NAME
from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.text.fonts import BOLD, REGULAR, subset_tag
from cardkit.pdf.layout import Face, Frame
from cardkit.text.runs import TextStyle

from . import pdf_readback as rb
from .conftest import SHIPPED, TERRA_BASE

SIM = ("--games", "4", "--workers", "1", "--backend", "serial", "--seed", "3")
DECKS = "decks:\n  - id: cards\n    name: Cards\n    size: tarot\n"
TAG = re.compile(r"^/?([A-Z]{6})\+")


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def pdf(content: Path, out: Path | None, *extra: str | Path) -> tuple[int, str, str]:
    where = ("--out", out) if out is not None else ()
    return run("pdf", "terra", "--content", content, "--locale", "en", *where, *extra)


def report(out: Path, *extra: str | Path) -> tuple[int, str, str]:
    return run("simulate", "terra", "--content", SHIPPED, *SIM, "--report", out, *extra)


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def listing(folder: Path) -> list[str]:
    """Every name in a folder, hidden ones (temporary files, the record) included."""
    return sorted(p.name for p in folder.iterdir())


def one_line_error(code: int, err: str, *parts: str) -> None:
    """Exit 2 and exactly one plain line on stderr, naming every part."""
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cardkit: "), err
    assert "internal error" not in err and "Traceback" not in err and "report it" not in err
    for part in parts:
        assert part in lines[0], (part, err)


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A private copy of the small Terra world with one printable deck."""
    dest = tmp_path / "content"
    shutil.copytree(TERRA_BASE, dest)
    (dest / "terra" / "decks.yaml").write_text(DECKS, "utf-8")
    return dest



# --- 1. modes -----------------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002], ids=oct)
def test_pdfs_honour_the_umask(tmp_path: Path, content: Path, mask: int,
                               umask: Callable[[int], int]) -> None:
    umask(mask)
    out = tmp_path / "out"
    out.mkdir()
    assert pdf(content, out / "cards.pdf")[0] == 0
    assert pdf(content, out / "single.pdf", "--layout", "single")[0] == 0
    assert report(out / "sim.pdf")[0] == 0
    for name in ("cards.pdf", "single.pdf", "sim.pdf", RECORD_NAME):
        assert mode(out / name) == 0o666 & ~mask, (name, oct(mode(out / name)))


def test_the_default_path_honours_the_umask(tmp_path: Path, content: Path,
                                            umask: Callable[[int], int],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    umask(0o027)
    code, out, err = pdf(content, None)
    assert code == 0, err
    written = tmp_path / "build" / "terra-cards-en.pdf"
    assert f"wrote {Path('build') / 'terra-cards-en.pdf'}" in out
    assert mode(written) == 0o640


def test_a_replaced_pdf_keeps_its_mode(tmp_path: Path, content: Path,
                                       umask: Callable[[int], int]) -> None:
    """Decision: replacing a file keeps its permission bits (as ``open(path, "w")`` and a shell
    redirection do) — a user who made a PDF private, or group-readable, keeps it so."""
    umask(0o022)
    out = tmp_path / "cards.pdf"
    assert pdf(content, out)[0] == 0
    assert mode(out) == 0o644
    out.chmod(0o600)
    assert pdf(content, out, "--layout", "single")[0] == 0  # different bytes, same file
    assert mode(out) == 0o600
    out.chmod(0o664)
    assert pdf(content, out)[0] == 0
    assert mode(out) == 0o664


# --- 2. clear errors ----------------------------------------------------------------------


def test_out_naming_a_folder(tmp_path: Path, content: Path) -> None:
    folder = tmp_path / "build"
    folder.mkdir()
    one_line_error(*pdf(content, folder)[::2], str(folder), "is a folder")
    assert listing(folder) == []


def test_out_in_a_missing_folder_is_made(tmp_path: Path, content: Path) -> None:
    """A missing folder on the way of --out is made, as for the default build/..."""
    out = tmp_path / "prints" / "sub" / "cards.pdf"
    code, _, err = pdf(content, out)
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF-")


def test_the_default_build_folder_is_created(tmp_path: Path, content: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """...while the default build/ path gets its folder (for a content folder other than
    ./content, build/<tag>/: issue 31)."""
    from cardkit.core.outdir import content_tag

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    code, _, err = pdf(content, None)
    assert code == 0, err
    from cardkit.core.outdir import default_build_dir

    tag = content_tag(content)
    assert tag is not None and re.fullmatch(r"test-the-default-.*-content-[0-9a-f]{6}", tag)
    assert default_build_dir(content) == Path("build") / tag
    assert (work / "build" / tag / "terra-cards-en.pdf").read_bytes().startswith(b"%PDF-")


def test_out_in_a_file_is_refused(tmp_path: Path, content: Path) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    one_line_error(*pdf(content, tmp_path / "file" / "cards.pdf")[::2], "is not a folder")


def test_out_a_name_too_long(tmp_path: Path, content: Path) -> None:
    one_line_error(*pdf(content, tmp_path / ("x" * 300 + ".pdf"))[::2], "File name too long")
    assert listing(tmp_path) == ["content"]


def test_out_a_symbolic_link_loop(tmp_path: Path, content: Path) -> None:
    loop = tmp_path / "loop.pdf"
    loop.symlink_to("loop.pdf")
    one_line_error(*pdf(content, loop)[::2], "cannot write", "loop")
    one_line_error(*report(loop)[::2], "cannot write", "loop")


def test_out_a_dangling_link_is_written_through(tmp_path: Path, content: Path) -> None:
    """A link to a file not yet made is written through, like a shell redirection; the link
    stays a link."""
    link = tmp_path / "cards.pdf"
    link.symlink_to(tmp_path / "gone" / "cards.pdf")
    code, _, err = pdf(content, link)
    assert code == 0, err
    assert link.is_symlink() and (tmp_path / "gone" / "cards.pdf").read_bytes()[:5] == b"%PDF-"


def test_out_a_device(content: Path) -> None:
    one_line_error(*pdf(content, Path("/dev/full"))[::2], "/dev/full", "not a regular file")


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody may write into — for root too (immutable), else by its mode."""
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(folder)], check=False, capture_output=True)
        if done.returncode != 0:
            pytest.skip("root, and this file system cannot make a folder immutable")
        try:
            yield folder
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
    else:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)


@pytest.mark.parametrize("what", ["pdf", "default", "report"])
def test_an_unwritable_folder(locked: Path, content: Path, what: str,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    if what == "pdf":
        code, _, err = pdf(content, locked / "cards.pdf")
    elif what == "default":  # build/ cannot be made in the working folder
        monkeypatch.chdir(locked)
        code, _, err = pdf(content, None)
    else:
        code, _, err = report(locked / "sim.pdf")
    one_line_error(code, err, "cannot write")
    assert re.search(r"(Permission denied|Operation not permitted)$", err.strip()), err
    assert listing(locked) == []


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every file write gets 100 bytes in, then the disk is full."""
    calls: list[int] = []

    def full(fd: int, data: bytes) -> None:
        calls.append(len(data))
        os.write(fd, data[:100])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic, "_write_all", full)
    return calls


@pytest.mark.parametrize("named", [False, True], ids=["o_tmpfile", "named-temp"])
def test_a_full_disk_leaves_nothing(tmp_path: Path, content: Path, named: bool,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    if named:  # the fallback path where the temporary file has a name
        monkeypatch.setattr(atomic, "_O_TMPFILE", 0)
    out = tmp_path / "out"
    out.mkdir()
    calls = _full_disk(monkeypatch)
    one_line_error(*pdf(content, out / "cards.pdf")[::2], str(out / "cards.pdf"),
                   "No space left on device")
    assert calls and calls[0] > 1000  # the PDF was drawn and the write really started
    assert listing(out) == []  # no PDF, no temporary file, no record


def test_a_full_disk_keeps_the_old_pdf(tmp_path: Path, content: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "cards.pdf"
    assert pdf(content, out)[0] == 0
    before = out.read_bytes()
    names = listing(tmp_path)
    _full_disk(monkeypatch)
    one_line_error(*pdf(content, out, "--layout", "single")[::2], "No space left on device")
    assert out.read_bytes() == before
    assert listing(tmp_path) == names


def test_a_full_disk_for_a_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _full_disk(monkeypatch)
    one_line_error(*report(tmp_path / "sim.pdf")[::2], "No space left on device")
    assert listing(tmp_path) == []


# --- 3. subset tags -------------------------------------------------------------------------


def _many_glyphs_deck() -> PrintDeck:
    """Two fonts, the regular one with more than 256 characters (two subsets of one font)."""
    greek = "".join(chr(c) for c in range(0x391, 0x3CA) if c != 0x3A2)
    cyrillic = "".join(chr(c) for c in range(0x410, 0x450))
    latin = "".join(chr(c) for c in range(0xC0, 0x17F))

    def build() -> Face:
        face = Face("glyphs", 63, 88)
        style = TextStyle(font=REGULAR, max_size=4, min_size=2)
        for i, chunk in enumerate((greek, cyrillic, latin)):
            words = " ".join(chunk[j:j + 8] for j in range(0, len(chunk), 8))
            face.text(words, Frame(f"t{i}", 2, 60 - 25 * i, 59, 24, style))
        face.text("Bold name", Frame("b", 2, 80, 59, 6, TextStyle(font=BOLD, max_size=8)))
        return face

    return PrintDeck("glyphs", "Glyphs", (63, 88), [PrintCard("g", "G", build)])


def _check_tags(data: bytes) -> list[str]:
    fonts = rb.fonts(data)
    assert fonts
    tags = []
    for f in fonts:
        assert f.font_name == f.base_font, f  # the descriptor and the font agree
        m = TAG.match(f.base_font)
        assert m, f"{f.base_font} has no six-capital subset tag"
        tags.append(m.group(1))
    assert len(set(tags)) == len(tags), f"subset tags repeat: {sorted(tags)}"
    return tags


def test_every_subset_gets_its_own_tag() -> None:
    from cardkit.pdf.draw import PdfOptions, render

    data = render(_many_glyphs_deck(), PdfOptions(layout="single")).data
    tags = _check_tags(data)
    regular = [f for f in rb.fonts(data) if f.base_font.endswith("+DejaVuSansCondensed")]
    assert len(regular) >= 2, "the test needs two subsets of one font"
    assert "AAAAAA" not in tags and "AAAAAB" not in tags
    assert render(_many_glyphs_deck(), PdfOptions(layout="single")).data == data


@pytest.mark.parametrize("locale", ["en", "el", "pl"])
def test_printed_decks_have_distinct_tags_and_identical_bytes(tmp_path: Path,
                                                              locale: str) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        code, _, err = run("pdf", "terra", "--content", SHIPPED, "--locale", locale,
                           "--out", out)
        assert code == 0, err
    assert a.read_bytes() == b.read_bytes()
    assert len(_check_tags(a.read_bytes())) >= 2


def test_bytes_are_identical_across_processes(tmp_path: Path, content: Path) -> None:
    """Tags come from SHA-256, not from Python's per-process string hashing."""
    cardkit = Path(sys.executable).parent / "cardkit"
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"{seed}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([str(cardkit), "pdf", "terra", "--content", str(content),
                               "--locale", "el", "--out", str(out)], env=env, check=False,
                              capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    _check_tags(outs[0])


def test_subset_tag_depends_on_font_subset_and_glyphs() -> None:
    base = subset_tag("DejaVuSansCondensed", 0, [65, 66])
    assert re.fullmatch(r"[A-Z]{6}", base)
    assert subset_tag(b"DejaVuSansCondensed", 0, [65, 66]) == base  # deterministic
    others = {subset_tag("DejaVuSansCondensed-Bold", 0, [65, 66]),
              subset_tag("DejaVuSansCondensed", 1, [65, 66]),
              subset_tag("DejaVuSansCondensed", 0, [65, 67]),
              subset_tag("DejaVuSansCondensed", 0, [65, 66], salt=1)}
    assert base not in others and len(others) == 4


def test_other_fonts_keep_reportlabs_tags() -> None:
    """The hook only renames cardkit's own subsets; a plain TTFont elsewhere is untouched."""
    import io

    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from cardkit.text.fonts import register_fonts

    register_fonts()
    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    pdfmetrics.registerFont(TTFont("Plain-Test", str(vera)))
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, initialFontName=REGULAR)
    c.setFont("Plain-Test", 10)
    c.drawString(10, 10, "plain")
    c.setFont(REGULAR, 10)
    c.drawString(10, 30, "ours")
    c.showPage()
    c.save()
    names = {f.base_font for f in rb.fonts(buffer.getvalue())}
    assert "/AAAAAA+BitstreamVeraSans-Roman" in names  # reportlab's own, for the plain font
    assert any(n.endswith("+DejaVuSansCondensed") and not n.startswith("/AAAAAA")
               for n in names), names


# --- 4 and 6. every font embedded -----------------------------------------------------------


def _assert_embedded(data: bytes, what: str) -> None:
    fonts = rb.fonts(data)
    assert fonts, f"{what}: no fonts found (the check would pass on anything)"
    for f in fonts:
        assert not f.base14, f"{what}: uses the standard font {f.base_font}"
        assert f.embedded and "/FontFile2" in f.files, f"{what}: {f.base_font} is not embedded"


def test_the_font_check_catches_a_base14_font() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1)
    c.drawString(10, 10, "Helvetica, not embedded")
    c.showPage()
    c.save()
    (font,) = rb.fonts(buffer.getvalue())
    assert font.base14 and not font.embedded
    with pytest.raises(AssertionError, match="standard font /Helvetica"):
        _assert_embedded(buffer.getvalue(), "reportlab default")


@pytest.mark.parametrize("layout", ["sheets", "single"])
@pytest.mark.parametrize("game", ["terra", "trains"])
def test_card_pdfs_embed_every_font(tmp_path: Path, game: str, layout: str) -> None:
    deck = {"terra": "cards", "trains": "randomizers"}[game]
    out = tmp_path / "x.pdf"
    code, _, err = run("pdf", game, "--content", SHIPPED, "--deck", deck, "--locale", "el",
                       "--layout", layout, "--out", out)
    assert code == 0, err
    _assert_embedded(out.read_bytes(), f"{game} {layout}")


def _boards(game: str) -> list[str]:
    from cardkit.core.registry import get_game

    maker = getattr(get_game(game), "print_boards", None)
    if maker is None:
        return []
    data = rb._loaded(game, SHIPPED)
    from cardkit.i18n.lookup import Localizer

    loc = Localizer(data.content, data.locales["en"], None)
    return [b.id for b in maker(data.content, loc)]


@pytest.mark.parametrize("game", ["terra", "trains"])
def test_board_pdfs_embed_every_font(tmp_path: Path, game: str) -> None:
    boards = _boards(game)
    if not boards:
        pytest.skip(f"{game} prints no boards")
    out = tmp_path / "board.pdf"
    code, _, err = run("pdf", game, "--content", SHIPPED, "--deck", boards[0], "--locale", "pl",
                       "--out", out)
    assert code == 0, err
    _assert_embedded(out.read_bytes(), f"{game} {boards[0]}")
    _check_tags(out.read_bytes())


def test_the_simulation_report_embeds_every_font(tmp_path: Path) -> None:
    out = tmp_path / "sim.pdf"
    code, _, err = report(out)
    assert code == 0, err
    data = out.read_bytes()
    _assert_embedded(data, "simulate --report")
    assert len(_check_tags(data)) == 2  # regular and bold
    assert report(out)[0] == 0 and out.read_bytes() == data  # deterministic


def test_the_strength_report_embeds_every_font() -> None:
    from cardkit.sim.report import strength_pdf

    rows = [SimpleNamespace(card=card, win_rate=rate, ci95=(rate - 0.1, rate + 0.1))
            for card, rate in (("bullet-train", 0.6), ("Ελληνικά", 0.45))]
    _assert_embedded(strength_pdf("trains", rows), "strength --report")
