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
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".cardkit-"))


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
    # a site of an older cardkit: its marker covers the files an older site wrote
    stale = out / "lantern-road" / "el" / "cards" / "gone.html"
    stale.parent.mkdir(parents=True)
    (out / ".cardkit-site").write_text("old site\n")
    stale.write_text("from an older build")
    code, _, err = run(*site, out)
    assert code == 0, err
    assert not stale.exists() and not (out / ".cardkit-site").exists()
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
    import cardkit.export.ttsexport as api  # where the TTS images are encoded

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
    from cardkit.core.manifest import default_build_dir

    monkeypatch.chdir(tmp_path)
    builds = {name: default_build_dir(Path(f"{name}/content")) for name in ("a", "b")}
    for name in ("a", "b"):
        code, out, err = run("pdf", "lantern-road", "--deck", "guilds", "--content",
                             f"{name}/content")
        assert code == 0, err
        assert builds[name].name.startswith(f"{name}-content-")
        assert f"wrote {builds[name].as_posix()}/lantern-road-guilds-en.pdf" in out
    made = sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "build").rglob("*.pdf"))
    assert made == [f"{builds[n].as_posix()}/lantern-road-guilds-en.pdf" for n in ("a", "b")]
    record = read_manifest(tmp_path / builds["a"])
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


# -- the review of issue 31: what cardkit counts as its own ------------------------------------

def test_a_legacy_site_marker_vouches_only_for_site_files(tmp_path: Path) -> None:
    """D1: an older site's ``.cardkit-site`` marker once covered every file of its folder, so a
    user's NOTES.md in it was deleted by the next ``cardkit site`` (even without --force)."""
    from cardkit.core.manifest import legacy_site_file

    assert legacy_site_file("index.html") and legacy_site_file("assets/site.css")
    assert legacy_site_file("terra/el/cards/x-1.html") and legacy_site_file("reports/a.html")
    assert legacy_site_file("terra/en/img/cards/x-front.png")
    assert not legacy_site_file("NOTES.md") and not legacy_site_file("terra/en/notes.txt")
    assert not legacy_site_file("a/b/c/d/index.html")
    out = tmp_path / "legacy"
    out.mkdir()
    (out / ".cardkit-site").touch()
    (out / "index.html").write_text("x")
    (out / "NOTES.md").write_bytes(FOREIGN)
    for force in ((), ("--force",)):
        code, _, err = run("site", "--content", EXAMPLES, "--locale", "en", "--dpi", "50",
                           "--out", out, *force)
        assert code == 2 and "NOTES.md" in err and "cardkit did not write" in err, err
        assert (out / "NOTES.md").read_bytes() == FOREIGN
    # nor may a single output replace a user's file below an older site
    code, _, err = _pdf(out / "NOTES.md", "--force")
    assert code == 2 and "cardkit did not write it" in err
    assert (out / "NOTES.md").read_bytes() == FOREIGN


def test_only_strictly_named_marked_work_folders_of_dead_runs_are_debris(
        tmp_path: Path) -> None:
    """D2: a user's ``cp -a build/site build/site.tmp-backup`` (with the old marker) was removed
    whole; and a killed run's temporary folder counted as foreign to other commands."""
    import os

    from cardkit.core.outdir import IN_PROGRESS, clean_debris, survey

    out = tmp_path / "build" / "site"
    out.parent.mkdir()
    backups = [out.parent / "site.tmp-backup", out.parent / ".site.old-copy",
               out.parent / ".cardkit-staging.999999999.0123456789abcdef"]  # no marker
    for folder in backups:
        folder.mkdir()
        (folder / "NOTES.md").write_bytes(FOREIGN)
        os.utime(folder, (1, 1))
    (backups[0] / ".cardkit-site").touch()
    (backups[1] / ".cardkit-site").touch()
    dead = out.parent / ".cardkit-staging.999999999.fedcba9876543210"
    alive = out.parent / f".cardkit-staging.{os.getpid()}.00112233445566ff"
    for folder in (dead, alive):
        (folder / "cards").mkdir(parents=True)
        (folder / IN_PROGRESS).write_text("{}")
        (folder / "cards" / "x.png").write_bytes(b"png")
    clean_debris(out)
    assert not dead.exists() and alive.exists()
    assert all((f / "NOTES.md").read_bytes() == FOREIGN for f in backups)
    # a killed run's work folder is cardkit's, not foreign, to a command writing around it
    dead.mkdir()
    (dead / IN_PROGRESS).write_text("{}")
    (dead / "y.png").write_bytes(b"png")
    for folder in backups:
        shutil.rmtree(folder)
    shutil.rmtree(alive)
    found = survey(out.parent)
    assert found.foreign == [] and found.busy == []
    assert f"{dead.name}/y.png" in found.listed
    code, _, err = run(*TTS, "--out", out.parent, "--force")  # replaces build, debris and all
    assert code == 0, err
    assert not dead.exists()


def test_a_file_is_cardkits_by_its_record_only_never_by_its_content(tmp_path: Path) -> None:
    """D3: an annotated copy of a cardkit PDF, or a PDF naming ``/Creator (cardkit)``, was
    overwritten without --force; a hand-edited schema was reverted by ``cardkit schema``."""
    made = tmp_path / "made.pdf"
    assert _pdf(made)[0] == 0
    desk = tmp_path / "desk"
    desk.mkdir()
    copy = desk / "cards.pdf"
    copy.write_bytes(made.read_bytes() + b"\n% my annotations\n%%EOF\n")
    mine = desk / "mine.pdf"
    mine.write_bytes(b"%PDF-1.4\n% mentions /Creator (cardkit) in text\n")
    for target in (copy, mine):
        before = target.read_bytes()
        for force in ((), ("--force",)):
            code, _, err = _pdf(target, *force)
            assert code == 2 and "cardkit did not write it" in err, err
            assert target.read_bytes() == before
    schemas = tmp_path / "schemas"
    assert run("schema", "terra", "-o", schemas)[0] == 0
    assert "locales.schema.json" in read_manifest(schemas).files
    edited = schemas / "locales.schema.json"
    edited.write_text(edited.read_text("utf-8").replace('"description"', '"x": 1, "description"',
                                                        1), "utf-8")
    custom = edited.read_bytes()
    code, _, err = run("schema", "terra", "-o", schemas)
    assert code == 2 and "changed since" in err and edited.read_bytes() == custom
    unlisted = tmp_path / "other"  # the same kind of file, but no record lists it
    unlisted.mkdir()
    shutil.copy(edited, unlisted / "locales.schema.json")
    code, _, err = run("schema", "terra", "-o", unlisted, "--force")
    assert code == 2 and "cardkit did not write it" in err
    assert (unlisted / "locales.schema.json").read_bytes() == custom


@pytest.mark.parametrize("bad", ["deep", "binary", "folder", "huge"])
def test_an_unreadable_manifest_is_a_usage_error_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    """D5: a deeply nested manifest gave exit 3 (RecursionError) after the simulation, with the
    output written but not recorded."""
    import cardkit.core.manifest as manifest

    record = tmp_path / MANIFEST
    if bad == "deep":
        record.write_text("[" * 200000 + "]" * 200000)
    elif bad == "binary":
        record.write_bytes(b"\x00\xff\xfe garbage \x89PNG")
    elif bad == "folder":
        record.mkdir()
    else:
        monkeypatch.setattr(manifest, "MAX_MANIFEST_BYTES", 64)
        record.write_text('{"files": {}, "pad": "' + "x" * 100 + '"}')
    for command in ("pdf", "simulate-out", "i18n-export"):
        out = tmp_path / f"{command}.out"
        code, stdout, err = FILE_COMMANDS[command](out)
        assert code == 2, err
        assert f"cannot read cardkit's record of outputs {record}" in err
        assert "move" in err and "internal error" not in err
        assert not out.exists() and stdout == ""  # refused before the run
    code, _, err = run(*TTS, "--out", tmp_path)
    assert code == 2 and str(record) in err


def test_default_output_folders_of_two_content_folders_never_collide(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D6: ``examples/content``, ``./examples-content`` and ``/x/examples/content`` all mapped
    to ``build/examples-content/``; non-ASCII names all to ``build/content/``."""
    from cardkit.core.manifest import default_build_dir

    monkeypatch.chdir(tmp_path)
    folders = [Path("examples/content"), Path("examples-content"),
               tmp_path / "x1" / "examples" / "content", tmp_path.parent / "examples" / "content",
               Path("ΚΑΡΤΕΣ"), Path("カード")]
    builds = [default_build_dir(f) for f in folders]
    assert len(set(builds)) == len(builds)
    assert builds[0].as_posix().startswith("build/examples-content-")
    assert default_build_dir(Path("content")) == Path("build")
    assert default_build_dir(Path("./examples/../examples/content")) == builds[0]


def test_two_outputs_of_one_command_at_one_path_are_refused(tmp_path: Path) -> None:
    """D10a: ``simulate -o X --report X`` wrote the JSON, then silently replaced it with the PDF."""
    out = tmp_path / "x"
    code, stdout, err = run("simulate", "terra", "--content", SHIPPED, *SIM, "-o", out,
                            "--report", tmp_path / "." / "x")
    assert code == 2 and "name the same file" in err and stdout == ""
    assert not out.exists()


def test_init_again_keeps_edited_content_and_ignores_the_check_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D10b: after ``init . && check --content .``, ``init . --force`` refused because of
    cardkit's own ``.cardkit-cache``; D10d: ``init --force`` replaced an edited starter file."""
    monkeypatch.chdir(tmp_path)
    assert run("init", ".", "--game", "trains")[0] == 0
    assert run("check", "--content", ".")[0] == 0
    assert (tmp_path / ".cardkit-cache").is_dir()
    code, _, err = run("init", ".", "--game", "trains")
    assert code == 0, err  # unchanged: rewritten, the cache is not a foreign file
    card = next(p for p in sorted((tmp_path / "trains").rglob("*.yaml")))
    card.write_text(card.read_text("utf-8") + "# my own work\n", "utf-8")
    edited = card.read_bytes()
    for force in ((), ("--force",)):
        code, _, err = run("init", ".", "--game", "trains", *force)
        assert code == 2 and "edited since" in err and card.name in err, err
        assert "never replaced" in err and card.read_bytes() == edited


def test_init_schemas_option_writes_the_schemas_the_modelines_name(tmp_path: Path) -> None:
    """D10c: ``init --schemas S`` for a built-in game pointed modelines at schemas it never
    wrote (``check`` then gave CK003)."""
    dest, schemas = tmp_path / "content", tmp_path / "schemas"
    code, _, err = run("init", dest, "--game", "trains", "--schemas", schemas)
    assert code == 0, err
    assert (schemas / "trains").is_dir() and (schemas / "locales.schema.json").is_file()
    assert "locales.schema.json" in read_manifest(schemas).files
    code, out, err = run("check", "--content", dest, "--no-cache")
    assert code == 0 and "0 errors, 0 warnings" in out, out + err
    # the repository's committed schemas hold exactly those: nothing is written there
    before = digests(ROOT / "schemas")
    code, _, err = run("init", tmp_path / "c2", "--game", "trains", "--schemas",
                       ROOT / "schemas")
    assert code == 0, err
    assert digests(ROOT / "schemas") == before


@pytest.mark.parametrize("command", [("pdf",), ("site",), ("export",), ("schema",),
                                     ("simulate",), ("i18n", "export")])
def test_the_force_help_says_what_force_does(command: tuple[str, ...]) -> None:
    """D9: the help said --force replaces "an existing output file that cardkit did not write",
    the opposite of what it does."""
    code, out, _ = run(*command, "--help")
    text = " ".join(out.split())
    assert code == 0
    assert "Replace cardkit's own output even if it was changed or made from another content " \
           "folder; a file cardkit did not write is never replaced." in text
    assert "that cardkit did not write (or" not in text
