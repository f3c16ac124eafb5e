"""Shared fixtures: content folders built from the checked-in fixtures or the shipped content."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardkit.checking import CheckOptions, run_check
from cardkit.core.diagnostics import Report

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TERRA_BASE = FIXTURES / "terra_base"
SHIPPED = ROOT / "content"


def point_modelines(dest: Path, base: Path) -> None:
    """Make the modelines of fixture files copied from ``base`` lead to ``schemas/`` again.

    ``cardkit check`` warns (CK003) when a modeline's relative path does not resolve; a copy in
    a temporary folder would otherwise get one warning per file. A modeline is rewritten only
    when it resolves from the file's place in ``base`` (deliberately wrong ones stay wrong); only
    the first line changes.
    """
    from cardkit.core.modeline import PREFIX, modeline_for

    schemas = (ROOT / "schemas").resolve()
    for path in dest.rglob("*.yaml"):
        raw = path.read_bytes()
        first, sep, rest = raw.partition(b"\n")
        line = first.decode("utf-8", "replace")
        if not line.startswith(PREFIX):
            continue
        target = (base / path.relative_to(dest)).parent / line[len(PREFIX):].strip()
        if target.resolve().is_file() and target.resolve().is_relative_to(schemas):
            path.write_bytes(modeline_for(path, target.resolve()).encode() + sep + rest)


def check_dir(content: Path, *games: str) -> Report:
    """Run a full check of a content folder without any cache."""
    return run_check(CheckOptions(games=games, content_dir=content, cache_dir=None))


def positions(report: Report, code: str, root: Path) -> list[str]:
    """``file:line:col`` (file relative to the game folder) of every finding with ``code``."""
    out = []
    for d in report.diagnostics:
        if d.code == code:
            rel = Path(d.file).resolve().relative_to(root.resolve()).as_posix()
            out.append(f"{rel}:{d.line}:{d.col}")
    return out


def base_of(game: str) -> Path:
    """The checked-in base content of a game's check fixtures (``fixtures/<game>_base``, with
    ``-`` written ``_``); the game's files are in its ``<game>/`` folder."""
    return FIXTURES / f"{game.replace('-', '_')}_base"


def apply_edits(edits: list[dict[str, str]], game: str = "terra") -> dict[str, str]:
    """Texts of base files (relative to the game folder of :func:`base_of`) after exact, unique
    replacements; an edit of a file the base does not have, with ``old: ""``, creates it."""
    base = base_of(game) / game
    files: dict[str, str] = {}
    for edit in edits:
        rel = edit["file"]
        text = files.get(rel) or ((base / rel).read_text("utf-8") if (base / rel).exists()
                                  else "")
        assert text.count(edit["old"]) == 1, f"edit target not unique in {rel}: {edit['old']!r}"
        files[rel] = text.replace(edit["old"], edit["new"])
    return files


MakeContent = Callable[..., Path]


def content_maker(tmp_path: Path, game: str, folder: str) -> MakeContent:
    """``make(files=None)``: a fresh copy of the game's fixture base in ``tmp_path/folder``,
    with ``files`` (paths relative to the game folder) written over it (``None`` as a text
    deletes the file), modelines pointing at ``schemas/`` again."""
    base = base_of(game)

    def make(files: dict[str, str | None] | None = None) -> Path:
        dest = tmp_path / folder
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(base, dest)
        for rel, text in (files or {}).items():
            path = dest / game / rel
            if text is None:
                path.unlink()
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        point_modelines(dest, base)
        return dest

    return make


def run_case(make: Callable[[dict[str, str] | None], Path], case: dict[str, object],
             variant: str, game: str = "terra") -> tuple[Report, list[str]]:
    """Apply a fixture case's ``fail`` or ``pass`` edits, check, and return the report and the
    positions of the case's code."""
    content = make(apply_edits(case.get(variant) or [], game))  # type: ignore[arg-type]
    report = check_dir(content, game)
    return report, positions(report, str(case["code"]), content / game)


@pytest.fixture
def trains_content(tmp_path: Path) -> MakeContent:
    """Copy the Trains test content; optionally overwrite files (relative to trains/)."""
    return content_maker(tmp_path, "trains", "trains-content")


@pytest.fixture
def terra_content(tmp_path: Path) -> MakeContent:
    """Copy the six-region Terra test world; optionally overwrite files (relative to terra/)."""
    return content_maker(tmp_path, "terra", "content")


@pytest.fixture
def umask() -> Iterator[Callable[[int], None]]:
    """Set the process umask for one test; the old one comes back afterwards."""
    saved = os.umask(0o022)
    os.umask(saved)

    def set_mask(value: int) -> None:
        os.umask(value)

    yield set_mask
    os.umask(saved)


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    """A private copy of the shipped content (imports and edits write into it)."""
    dest = tmp_path / "content"
    shutil.copytree(SHIPPED, dest)
    return dest


def run(*args: str):  # type: ignore[no-untyped-def]
    """``cardkit ARGS`` in-process (click's runner); exceptions are not swallowed."""
    from click.testing import CliRunner

    from cardkit.cli import main

    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def digests(root: Path) -> dict[str, str]:
    """SHA-256 of every file under ``root`` (to prove that nothing was written)."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}
