"""Small newcomer-path defects: an empty content folder, trailing spaces in `show`."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main

from .conftest import SHIPPED


def test_check_of_an_empty_content_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", "--content", str(tmp_path), "--no-cache"])
    assert result.exit_code == 2
    assert "holds no game folder" in result.stderr and "cardkit init" in result.stderr


def test_show_prints_no_trailing_spaces() -> None:
    for game, obj in (("terra", "lake-baikal"), ("trains", "limited-express-train")):
        result = CliRunner().invoke(main, ["show", game, obj, "--content", str(SHIPPED)])
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert len(lines) > 3
        assert [line for line in lines if line != line.rstrip()] == []


def test_pdf_variants_get_their_own_default_names(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The README's imperial, single-card, fold and ink-saver examples must not replace the
    plain sheets."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for extra, name in (((), "terra-cards-en.pdf"), (("--units", "imperial"),
                                                     "terra-cards-en-imperial.pdf"),
                        (("--layout", "single"), "terra-cards-en-single.pdf"),
                        (("--duplex", "fold", "--ink-saver"), "terra-cards-en-fold-ink-saver.pdf"),
                        (("--ink-saver",), "terra-cards-en-ink-saver.pdf")):
        result = runner.invoke(main, ["pdf", "terra", "--content", str(content), *extra])
        assert result.exit_code == 0, result.output
        assert f"build/{name}" in result.stdout
    assert sorted(p.name for p in (tmp_path / "build").glob("*.pdf")) == [
        "terra-cards-en-fold-ink-saver.pdf", "terra-cards-en-imperial.pdf",
        "terra-cards-en-ink-saver.pdf", "terra-cards-en-single.pdf", "terra-cards-en.pdf"]
