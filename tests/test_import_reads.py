"""`i18n import` reads the overlays it updates like `check` does, and writes nothing otherwise."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main

from .conftest import ROOT


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("content", "schemas"):
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["i18n", "export", "terra", "--locale", "pl", "-o", "t.po"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "t.po").read_text("utf-8")
    (tmp_path / "t.po").write_text(text.replace('msgstr "Alaska"', 'msgstr "Alasca"', 1), "utf-8")
    return tmp_path


def _snapshot(root: Path) -> dict[str, bytes]:
    folder = root / "content" / "terra" / "i18n" / "pl"
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_import_changes_the_edited_field(repo: Path) -> None:
    before = _snapshot(repo)
    result = CliRunner().invoke(main, ["i18n", "import", "terra", "t.po"])
    assert result.exit_code == 0, result.output
    after = _snapshot(repo)
    assert [name for name in before if before[name] != after[name]] == ["regions.yaml"]


def test_import_refuses_an_overlay_check_rejects(repo: Path) -> None:
    overlay = repo / "content" / "terra" / "i18n" / "pl" / "regions.yaml"
    overlay.write_text(overlay.read_text("utf-8") + "entries: {}\n", "utf-8")
    before = _snapshot(repo)
    result = CliRunner().invoke(main, ["i18n", "import", "terra", "t.po"])
    assert result.exit_code == 2
    assert "regions.yaml:" in result.stderr and "YML002" in result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.stderr
    assert _snapshot(repo) == before


def test_import_never_opens_a_fifo_overlay(repo: Path) -> None:
    overlay = repo / "content" / "terra" / "i18n" / "pl" / "regions.yaml"
    overlay.unlink()
    os.mkfifo(overlay)
    result = CliRunner().invoke(main, ["i18n", "import", "terra", "t.po"])  # would block forever
    assert result.exit_code in (1, 2)
    assert "YML011" in result.output and "Traceback" not in result.output
