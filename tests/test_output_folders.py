"""Nothing lost (issue 31): every command that writes outputs removes only what cardkit wrote.

For each command that writes an output folder or an output file, a file the user put where the
output goes survives byte for byte, with and without ``--force``, and the command stops with exit
code 2 and a message that names the folder or file and says what to do. Besides: cardkit's own
output is replaced (when changed, only with ``--force``); a failing or interrupted export leaves
the previous export as it was and no temporary folder; two content folders never share a default
PDF name, and an output made from one content folder is not silently replaced by one made from
another; ``cardkit init`` writes its schemas inside the new folder, so its modelines survive a
move. The outputs' manifest (``.cardkit-outputs.json``) is described in ``cardkit.core.outdir``.

Kept fast: the refusals come before any drawing or simulation, and the runs that do write use
the smallest decks at 50 dpi.
"""

from __future__ import annotations

import errno
import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.outdir import MANIFEST, read_manifest

from .conftest import ROOT, SHIPPED

EXAMPLES = ROOT / "examples" / "content"
FOREIGN = b"my own notes \x00\xff, not cardkit's\n"
SIM = ("--games", "2", "--backend", "serial", "--seed", "1")
TTS = ("export", "trains", "--deck", "randomizers", "--format", "tts", "--dpi", "50",
       "--content", str(SHIPPED))


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def debris(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if "cardkit-tmp" in p.name
                  or "cardkit-old" in p.name or ".tmp-" in p.name)


# -- a foreign file where the output goes: never removed, --force or not -----------------------

#: Commands that write a folder: the arguments before ``--out DIR``.
FOLDER_COMMANDS: dict[str, tuple[str, ...]] = {
    "site": ("site", "--content", str(EXAMPLES), "--dpi", "50", "--locale", "en"),
    "export-png": ("export", "trains", "--deck", "randomizers", "--dpi", "50", "--content",
                   str(SHIPPED)),
    "export-tts": TTS,
    "declared-export": ("export", "lantern-road", "--content", str(EXAMPLES), "--format",
                        "tts", "--dpi", "50"),
}


@pytest.mark.parametrize("command", sorted(FOLDER_COMMANDS))
def test_a_folder_output_never_removes_a_foreign_file(tmp_path: Path, command: str) -> None:
    """The reported bug: ``mkdir mine; echo keep > mine/important.txt; cardkit site --out mine
    --force`` left no important.txt (and ``export`` mixed its files into any folder)."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "important.txt").write_bytes(FOREIGN)
    for force in ((), ("--force",)):
        code, _, err = run(*FOLDER_COMMANDS[command], "--out", out, *force)
        assert code == 2, err
        assert f"refusing to replace {out}" in err and "important.txt" in err
        assert "--force never removes them" in err and "empty or new folder" in err
        assert "internal error" not in err and len(err.strip().splitlines()) == 1
        assert [p.name for p in out.iterdir()] == ["important.txt"]
        assert (out / "important.txt").read_bytes() == FOREIGN
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


def test_init_never_removes_or_mixes_into_a_foreign_folder(tmp_path: Path) -> None:
    dest = tmp_path / "mine"
    (dest / "terra").mkdir(parents=True)
    (dest / "terra" / "important.txt").write_bytes(FOREIGN)
    for force in ((), ("--force",)):
        code, _, err = run("init", dest, *force)
        assert code == 2, err
        assert f"refusing to replace {dest}" in err and "terra/important.txt" in err
        assert "choose" in err.lower() and "DIR" in err
        assert [p.relative_to(dest).as_posix() for p in dest.rglob("*")] == [
            "terra", "terra/important.txt"]
        assert (dest / "terra" / "important.txt").read_bytes() == FOREIGN


def _pdf(out: Path, *extra: str) -> tuple[int, str, str]:
    return run("pdf", "trains", "--deck", "randomizers", "--content", SHIPPED, "-o", out, *extra)


#: Commands that write one file: a call writing the file ``out``.
FILE_COMMANDS: dict[str, Callable[..., tuple[int, str, str]]] = {
    "pdf": _pdf,
    "declared-pdf": lambda out, *f: run("pdf", "lantern-road", "--deck", "guilds", "--content",
                                        EXAMPLES, "-o", out, *f),
    "simulate-out": lambda out, *f: run("simulate", "terra", "--content", SHIPPED, *SIM,
                                        "--out", out, *f),
    "simulate-report": lambda out, *f: run("simulate", "terra", "--content", SHIPPED, *SIM,
                                           "--report", out, *f),
    "simulate-balance": lambda out, *f: run("simulate", "terra-futura", "--content", SHIPPED,
                                            *SIM, "--balance", out, *f),
    "strength-out": lambda out, *f: run("strength", "trains", "--content", SHIPPED, "--games",
                                        "2", "--cards", "bullet-train", "--backend", "serial",
                                        "-o", out, *f),
    "strength-report": lambda out, *f: run("strength", "trains", "--content", SHIPPED,
                                           "--games", "2", "--cards", "bullet-train",
                                           "--backend", "serial", "--report", out, *f),
    "i18n-export": lambda out, *f: run("i18n", "export", "lantern-road", "--content", EXAMPLES,
                                       "--locale", "el", "-o", out, *f),
    "i18n-glossary": lambda out, *f: run("i18n", "glossary", "cartographers", "--content",
                                         SHIPPED, "--locale", "el", "-o", out, *f),
    "schema": lambda out, *f: run("schema", "terra", "-o", out.parent, *f),
}


@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_a_file_output_never_replaces_a_foreign_file(tmp_path: Path, command: str) -> None:
    """``--force`` replaces cardkit's own outputs only; it used to replace any file."""
    out = tmp_path / ("locales.schema.json" if command == "schema" else "precious.out")
    out.write_bytes(FOREIGN)
    for force in ((), ("--force",)):
        code, _, err = FILE_COMMANDS[command](out, *force)
        assert code == 2, err
        assert f"{out} exists and cardkit did not write it" in err
        assert "move the file away" in err and "internal error" not in err
        assert out.read_bytes() == FOREIGN
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


# -- cardkit's own output ----------------------------------------------------------------------

def test_own_export_is_replaced_and_edited_only_with_force(tmp_path: Path) -> None:
    out = tmp_path / "tts"
    assert run(*TTS, "--out", out)[0] == 0
    record = read_manifest(out)
    assert record.output is not None and record.output.command == "export"
    assert set(record.files) == set(digests(out)) - {MANIFEST}
    assert run(*TTS, "--out", out)[0] == 0  # unchanged: a rerun needs no --force
    sheet = out / "randomizers" / "randomizers-sheet-1.png"
    sheet.write_bytes(b"retouched")
    code, _, err = run(*TTS, "--out", out)
    assert code == 2 and "changed since" in err and "randomizers-sheet-1.png" in err
    assert sheet.read_bytes() == b"retouched"
    code, _, err = run(*TTS, "--out", out, "--force")
    assert code == 0, err
    assert sheet.read_bytes().startswith(b"\x89PNG")
    assert debris(tmp_path) == []


def test_own_site_is_replaced_a_legacy_site_too_and_another_output_only_with_force(
        tmp_path: Path) -> None:
    site = ("site", "--content", EXAMPLES, "--dpi", "50", "--locale", "en", "--out")
    out = tmp_path / "site"
    out.mkdir()  # a site of an older cardkit: its marker covers every file of the folder
    (out / ".cardkit-site").write_text("old site\n")
    (out / "stale.html").write_text("from an older build")
    code, _, err = run(*site, out)
    assert code == 0, err
    assert not (out / "stale.html").exists() and not (out / ".cardkit-site").exists()
    assert read_manifest(out).output.command == "site"  # type: ignore[union-attr]
    index = out / "index.html"
    index.write_text("my edits")
    code, _, err = run(*site, out)
    assert code == 2 and "changed since" in err and index.read_text() == "my edits"
    code, _, err = run(*site, out, "--force")
    assert code == 0, err
    assert index.read_text() != "my edits" and debris(tmp_path) == []
    export = tmp_path / "export"  # an export is cardkit's, but not a site
    assert run(*TTS, "--out", export)[0] == 0
    before = digests(export)
    code, _, err = run(*site, export)
    assert code == 2 and "`cardkit export`" in err and digests(export) == before


# -- all or nothing ----------------------------------------------------------------------------

@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"),
                                     KeyboardInterrupt()])
def test_a_failing_export_leaves_the_previous_one_and_no_debris(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException) -> None:
    import cardkit.export.api as api

    out = tmp_path / "tts"
    args = ("export", "lantern-road", "--content", EXAMPLES, "--format", "tts", "--out", out)
    assert run(*args, "--dpi", "50")[0] == 0
    before = digests(out)
    real = api.png_bytes
    calls: list[int] = []

    def failing(*a: object, **k: object) -> bytes:
        calls.append(1)
        if len(calls) == 3:  # a deck's files are written, then the disk fills (or Ctrl-C)
            raise failure
        return real(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "png_bytes", failing)
    code, _, err = run(*args, "--dpi", "60")  # other bytes than the export it would replace
    assert len(calls) == 3
    if isinstance(failure, OSError):
        assert code == 2 and "No space left on device" in err and "internal error" not in err
    else:
        assert code == 130 and "interrupted" in err
    assert digests(out) == before
    assert debris(tmp_path) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["tts"]


# -- content folders ---------------------------------------------------------------------------

def test_two_content_folders_get_different_default_pdf_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a", "b"):
        shutil.copytree(EXAMPLES / "lantern-road", tmp_path / name / "content" / "lantern-road")
        shutil.copytree(EXAMPLES / "locales", tmp_path / name / "content" / "locales")
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        code, out, err = run("pdf", "lantern-road", "--deck", "guilds", "--content",
                             f"{name}/content")
        assert code == 0, err
        assert f"wrote build/{name}-content/lantern-road-guilds-en.pdf" in out
    made = sorted(p.relative_to(tmp_path / "build").as_posix()
                  for p in (tmp_path / "build").rglob("*.pdf"))
    assert made == ["a-content/lantern-road-guilds-en.pdf", "b-content/lantern-road-guilds-en.pdf"]
    record = read_manifest(tmp_path / "build" / "a-content")
    assert record.made["lantern-road-guilds-en.pdf"].content == "a/content"
    # one named output, two content folders: the second does not silently replace the first
    out = tmp_path / "cards.pdf"
    assert run("pdf", "lantern-road", "--deck", "guilds", "--content", "a/content", "-o",
               out)[0] == 0
    first = out.read_bytes()
    code, _, err = run("pdf", "lantern-road", "--deck", "guilds", "--content", "b/content", "-o",
                       out)
    assert code == 2 and "made from another content folder (a/content)" in err
    assert out.read_bytes() == first
    code, _, err = run("pdf", "lantern-road", "--deck", "guilds", "--content", "b/content", "-o",
                       out, "--force")
    assert code == 0, err
    assert read_manifest(tmp_path).made["cards.pdf"].content == "b/content"


def test_init_modelines_point_inside_the_folder_and_survive_a_move(tmp_path: Path) -> None:
    dest = tmp_path / "project" / "content"
    code, out, err = run("init", dest, "--declare", "my-game")
    assert code == 0, err
    first = (dest / "my-game" / "cards" / "base.yaml").read_text("utf-8").split("\n", 1)[0]
    assert first == "# yaml-language-server: $schema=../../.schemas/my-game/cards.schema.json"
    assert (dest / ".schemas" / "my-game" / "cards.schema.json").is_file()
    assert sorted(p.name for p in tmp_path.rglob("*") if p.name.endswith(".schema.json")
                  and dest not in p.parents) == []  # nothing written outside the new folder
    moved = tmp_path / "elsewhere" / "deeper" / "content"
    moved.parent.mkdir(parents=True)
    shutil.move(str(dest), str(moved))
    code, out, err = run("check", "--content", moved, "--no-cache")  # no CK003: they resolve
    assert code == 0 and "0 errors, 0 warnings" in out, out + err
