"""The fit check over what is really printed: every face of every deck of every game, in every
locale, located at the text that does not fit; ``cardkit pdf`` refuses any of them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.registry import get_game

from .conftest import check_dir, point_modelines

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@pytest.fixture
def shipped(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A copy of the shipped content with exact, unique replacements applied."""
    def make(edits: dict[str, tuple[str, str]]) -> Path:
        dest = tmp_path / "content"
        shutil.copytree(CONTENT, dest)
        for rel, (old, new) in edits.items():
            path = dest / rel
            text = path.read_text("utf-8")
            assert text.count(old) == 1, (rel, old)
            path.write_text(text.replace(old, new), "utf-8")
        point_modelines(dest, CONTENT)
        return dest
    return make


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


@pytest.mark.parametrize("game", ["terra", "trains"])
def test_every_shipped_face_fits_in_every_locale(game: str) -> None:
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer
    from cardkit.pdf.fitcheck import game_faces

    data = load(game, CONTENT)
    spec = get_game(game)
    faces = 0
    for code, locale in sorted(data.locales.items()):
        overlay = data.translations.overlays.get(code) if code != "en" else None
        loc = Localizer(data.content, locale, overlay)
        for units in spec.print_units:  # type: ignore[attr-defined]
            for _key, label, face in game_faces(spec, data.content, loc, units):
                faces += 1
                assert not face.problems(), (code, units, label,
                                             [p.message() for p in face.problems()])
                assert face.placed, f"{label} prints no text at all"
    assert faces > 100


def test_pdf_refuses_english_that_fails_trn015(shipped, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = shipped({"trains/cards/base.yaml": (
        "name: Control Room", "name: Superlongunbreakablerailwaycontrolroomname")})
    report = check_dir(content, "trains")
    found = [d for d in report.diagnostics if d.code == "TRN015"]
    assert found and all(d.object_id == "control-room" for d in found)
    assert found[0].file.endswith("cards/base.yaml") and found[0].line > 0
    out = tmp_path / "base.pdf"
    for locale in ("en", "el", "pl"):  # an English error blocks every locale (the fallback)
        code, text = _run("pdf", "trains", "--deck", "base", "--locale", locale,
                          "--content", str(content), "--out", str(out))
        assert code == 1 and "TRN015" in text and not out.exists(), text


def test_a_polish_name_under_the_badge_is_located_at_its_overlay_entry(shipped, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # 28 characters: within the limit shown to translators, and 52.9 mm wide at the name's
    # minimum size: it would fit the 55.5 mm banner, not what the coin badge leaves of it
    long_pl = "MIĘDZYNARODOWY EKSPRES NOCNY"
    content = shipped({"trains/i18n/pl/cards.yaml": ("text: Ekspres\n", f"text: {long_pl}\n")})
    report = check_dir(content, "trains")
    found = [d for d in report.diagnostics if d.code == "I18N018"]
    assert found, [str(d) for d in report.diagnostics]
    assert all(d.file.endswith("i18n/pl/cards.yaml") and d.object_id == "express-train"
               and d.line == 10 and d.message.startswith("pl: ") for d in found)
    assert not [d for d in report.diagnostics if d.code == "I18N022"]


def test_only_the_failing_locale_is_blocked(shipped, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    text = "Wielka " * 6 + "Dyspozytornia"  # cannot fit the one-line name frame
    content = shipped({"trains/i18n/pl/cards.yaml": ("text: Dyspozytornia\n",
                                                     f"text: {text}\n")})
    report = check_dir(content, "trains")
    assert any(d.code == "I18N018" and d.file.endswith("i18n/pl/cards.yaml")
               for d in report.diagnostics)
    out = tmp_path / "x.pdf"
    code, output = _run("pdf", "trains", "--deck", "randomizers", "--locale", "pl",
                        "--content", str(content), "--out", str(out))
    assert code == 1 and "I18N018" in output and not out.exists()
    code, output = _run("pdf", "trains", "--deck", "randomizers", "--locale", "el",
                        "--content", str(content), "--out", str(out))
    assert code == 0 and out.is_file(), output


def test_codes_document_the_fit_checks() -> None:
    code, text = _run("codes", "TER018", "TRN015", "I18N018", "I18N021", "I18N022")
    assert code == 0
    for c in ("TER018", "TRN015", "I18N018", "I18N021", "I18N022"):
        assert c in text
