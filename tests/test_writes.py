"""The one write helper: atomic, umask-honouring, no silent overwrite, never inside content/.

Every command that writes a user-named file (pdf, simulate, strength, schema, i18n export) goes
through ``cardkit.core.outputs.write_output``; ``i18n import``/``confirm`` go through
``write_content_files`` (all or nothing, inside the content folder only).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core import atomic
from cardkit.core.outputs import RECORD_NAME, write_content_files

from .conftest import ROOT, SHIPPED, TERRA_BASE

SIM = ("--games", "4", "--workers", "1", "--backend", "serial", "--seed", "3")
DECKS = "decks:\n  - id: cards\n    name: Cards\n    size: tarot\n"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def simulate(out: Path, *extra: str | Path, content: Path = SHIPPED) -> tuple[int, str, str]:
    return run("simulate", "terra", "--content", content, *SIM, "-o", out, *extra)


def strength(out: Path, *extra: str | Path) -> tuple[int, str, str]:
    return run("strength", "trains", "--content", SHIPPED, "--games", "2", "--cards",
               "bullet-train", "--workers", "1", "--backend", "serial", "-o", out, *extra)


def pdf(content: Path, out: Path, *extra: str | Path) -> tuple[int, str, str]:
    return run("pdf", "terra", "--content", content, "--locale", "en", "-o", out, *extra)


def export(content: Path, out: Path, *extra: str | Path) -> tuple[int, str, str]:
    return run("i18n", "export", "terra", "--content", content, "--locale", "el", "-o", out,
               *extra)


def digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def debris(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()
                  if p.name.startswith(".cardkit-tmp") or p.name.startswith(".cardkit-bak")
                  or p.name.endswith(".tmp"))


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A private copy of the small Terra world with one printable deck."""
    dest = tmp_path / "content"
    shutil.copytree(TERRA_BASE, dest)
    (dest / "terra" / "decks.yaml").write_text(DECKS, "utf-8")
    return dest


# --- modes --------------------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o022, 0o077])
def test_new_outputs_honour_the_umask(tmp_path: Path, content: Path, mask: int,
                                      umask: Callable[[int], None]) -> None:
    umask(mask)
    out = tmp_path / "out"
    assert simulate(out / "sim.json", "--report", out / "sim.pdf")[0] == 0
    assert pdf(content, out / "cards.pdf")[0] == 0
    assert export(content, out / "el.po")[0] == 0
    expected = 0o666 & ~mask
    for name in ("sim.json", "sim.pdf", "cards.pdf", "el.po", RECORD_NAME):
        assert mode(out / name) == expected, name


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    assert simulate(out)[0] == 0
    out.chmod(0o640)
    assert simulate(out)[0] == 0
    assert mode(out) == 0o640


def test_content_writes_honour_the_umask_and_keep_modes(tmp_path: Path,
                                                        umask: Callable[[int], None]) -> None:
    umask(0o027)
    root = tmp_path / "content"
    (root / "g").mkdir(parents=True)
    old = root / "g" / "old.yaml"
    old.write_text("a: 1\n", "utf-8")
    old.chmod(0o604)
    write_content_files({old: "a: 2\n", root / "g" / "new" / "n.yaml": "b: 1\n"}, root)
    assert mode(old) == 0o604 and old.read_text("utf-8") == "a: 2\n"
    assert mode(root / "g" / "new" / "n.yaml") == 0o640


# --- no silent overwrite ------------------------------------------------------------------


def test_rerun_replaces_its_own_output_without_force(tmp_path: Path, content: Path) -> None:
    out = tmp_path / "build"
    for _ in range(2):  # `make run` twice in a row
        assert simulate(out / "sim.json", "--report", out / "sim.pdf")[0] == 0
        assert pdf(content, out / "cards.pdf")[0] == 0
        assert export(content, out / "el.po")[0] == 0
    assert debris(out) == []


def test_a_pdf_no_record_lists_is_never_replaced(tmp_path: Path, content: Path) -> None:
    """Only a record proves a file is cardkit's: a PDF cardkit printed whose record is gone
    (copied elsewhere, or left by a cardkit that kept none) is somebody's file now."""
    out = tmp_path / "build" / "cards.pdf"
    assert pdf(content, out)[0] == 0
    (out.parent / RECORD_NAME).unlink()
    before = out.read_bytes()
    for force in ((), ("--force",)):
        code, _, err = pdf(content, out, *force)
        assert code == 2 and "cardkit did not write it" in err and out.read_bytes() == before


@pytest.mark.parametrize("command", ["simulate", "report", "strength", "pdf", "export"])
def test_a_foreign_file_is_never_replaced(tmp_path: Path, content: Path, command: str) -> None:
    """``--force`` replaces only cardkit's own outputs (issue 31: it used to replace any file)."""
    out = tmp_path / "precious.out"
    out.write_bytes(b"precious")
    calls = {"simulate": lambda *f: simulate(out, *f),
             "report": lambda *f: simulate(tmp_path / "sim.json", "--report", out, *f),
             "strength": lambda *f: strength(out, *f),
             "pdf": lambda *f: pdf(content, out, *f),
             "export": lambda *f: export(content, out, *f)}
    code, _, err = calls[command]()
    assert code == 2 and out.read_bytes() == b"precious"
    assert f"{out} exists" in err and "--force" in err and "internal error" not in err
    code, _, err = calls[command]("--force")
    assert code == 2 and out.read_bytes() == b"precious"
    assert "cardkit did not write it" in err and "move the file away" in err


def test_an_edited_output_is_not_replaced_without_force(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    assert simulate(out)[0] == 0
    out.write_text(out.read_text("utf-8") + "\n# my notes\n", "utf-8")
    edited = out.read_bytes()
    code, _, err = simulate(out)
    assert code == 2 and "--force" in err and out.read_bytes() == edited
    assert simulate(out, "--force")[0] == 0 and b"my notes" not in out.read_bytes()
    assert simulate(out)[0] == 0  # recorded again: the next run needs no --force


def test_schema_replaces_cardkit_schemas_but_not_foreign_files(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    shutil.copytree(ROOT / "schemas", out)
    stale = out / "terra" / "cards.schema.json"
    stale.write_text(stale.read_text("utf-8").replace('"title"', '"description": "old",\n'
                                                      '  "title"', 1), "utf-8")
    code, _, err = run("schema", "-o", out)  # edited by hand: replaced only with --force
    assert code == 2 and "changed since" in err and "--force" in err
    record = json.loads((out / RECORD_NAME).read_text("utf-8"))  # as generated by older models
    record["files"]["terra/cards.schema.json"] = hashlib.sha256(stale.read_bytes()).hexdigest()
    (out / RECORD_NAME).write_text(json.dumps(record), "utf-8")
    code, stdout, _ = run("schema", "-o", out)  # a committed cardkit schema: replaced
    assert code == 0 and f"wrote: {stale}" in stdout
    foreign = out / "terra" / "bars.schema.json"  # a file of the user's, where a schema goes
    foreign.write_text('{"my": "own schema"}\n', "utf-8")
    record = json.loads((out / RECORD_NAME).read_text("utf-8"))
    del record["files"]["terra/bars.schema.json"]
    (out / RECORD_NAME).write_text(json.dumps(record), "utf-8")
    before = digests(out)
    code, _, err = run("schema", "-o", out)
    assert code == 2 and "cardkit did not write it" in err and digests(out) == before
    code, _, err = run("schema", "-o", out, "--force")  # --force never replaces a foreign file
    assert code == 2 and digests(out) == before and "cardkit did not write it" in err
    assert json.loads((out / RECORD_NAME).read_text("utf-8"))["files"][
        "terra/cards.schema.json"] == hashlib.sha256(stale.read_bytes()).hexdigest()


# --- never inside content/ ------------------------------------------------------------------


@pytest.mark.parametrize("force", [False, True])
def test_outputs_are_never_written_inside_the_content_folder(tmp_path: Path, force: bool) -> None:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    before = digests(content)
    flag = ("--force",) if force else ()
    target = content / "terra" / "cards" / "blue.yaml"
    code, _, err = simulate(target, *flag, content=content)
    assert code == 2 and "inside the content folder" in err
    code, _, err = run("simulate", "terra", "--content", content, *SIM,
                       "--report", content / "terra" / "r.pdf", *flag)
    assert code == 2 and "inside the content folder" in err
    link = tmp_path / "cards-link"
    link.symlink_to(content / "terra" / "cards")
    code, _, err = simulate(link / "blue.yaml", *flag, content=content)
    assert code == 2 and "inside the content folder" in err
    code, _, err = export(content, content / "terra" / "el.po", *flag)
    assert code == 2 and "inside the content folder" in err
    code, _, err = run("schema", "-o", content / "schemas", "--content", content, *flag)
    assert code == 2 and "inside the content folder" in err
    assert digests(content) == before


# --- content writes: inside the content folder, all or nothing --------------------------------


def _two_file_po(content: Path, tmp_path: Path) -> Path:
    po = tmp_path / "el.po"
    assert export(content, po)[0] == 0
    text = po.read_text("utf-8")
    for old, new in (('msgstr "Δυτική Ακτή"', 'msgstr "Δυτική ακτή"'),
                     ('msgstr "Γέφυρα Γκόλντεν Γκέιτ"', 'msgstr "Η Γέφυρα Γκόλντεν Γκέιτ"')):
        assert text.count(old) == 1
        text = text.replace(old, new)
    po.write_text(text, "utf-8")
    return po


def test_import_is_all_or_nothing(tmp_path: Path, content: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    po = _two_file_po(content, tmp_path)
    before = digests(content)
    real_replace = os.replace
    calls: list[str] = []

    def failing_second(src: object, dst: object, *args: object, **kwargs: object) -> None:
        if str(dst).endswith(".yaml"):
            calls.append(str(dst))
            if len(calls) == 2:
                raise OSError(errno.EIO, "Input/output error")
        real_replace(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", failing_second)
    code, _, err = run("i18n", "import", "terra", po, "--content", content)
    assert code == 2 and len(calls) >= 2
    assert "cannot write" in err and "Input/output error" in err and "nothing was changed" in err
    assert "internal error" not in err and "Traceback" not in err
    assert digests(content) == before  # the first overlay is unchanged, byte for byte
    assert debris(content / "terra" / "i18n" / "el") == []
    monkeypatch.setattr(os, "replace", real_replace)
    code, _, err = run("i18n", "import", "terra", po, "--content", content)
    assert code == 0, err
    assert "2 field(s) changed in 2 file(s)" in err


def test_import_refuses_a_symlinked_overlay_folder_outside_the_content(
        tmp_path: Path, content: Path) -> None:
    po = _two_file_po(content, tmp_path)
    outside = tmp_path / "elsewhere" / "el"
    el = content / "terra" / "i18n" / "el"
    shutil.move(str(el), str(outside))
    el.symlink_to(outside, target_is_directory=True)
    before = digests(tmp_path / "elsewhere")
    code, _, err = run("i18n", "import", "terra", po, "--content", content)
    # the link is an error in the content (YML012), so: findings, exit 1, as `cardkit check`
    assert code == 1 and "YML012" in err and "outside the content folder" in err, err
    assert digests(tmp_path / "elsewhere") == before


def test_write_content_files_rolls_back_new_files_too(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "content"
    (root / "g").mkdir(parents=True)
    (root / "g" / "a.yaml").write_text("a: 1\n", "utf-8")
    real_replace = os.replace
    count = [0]

    def fail_last(*args: object, **kwargs: object) -> None:
        count[0] += 1
        if count[0] == 3:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", fail_last)
    changes = {root / "g" / "new" / "b.yaml": "b: 1\n", root / "g" / "a.yaml": "a: 2\n",
               root / "g" / "c.yaml": "c: 1\n"}
    with pytest.raises(Exception, match="nothing was changed"):
        write_content_files(changes, root)
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == ["g", "g/a.yaml"]
    assert (root / "g" / "a.yaml").read_text("utf-8") == "a: 1\n"


# --- plain messages for file-system errors ---------------------------------------------------


def test_disk_full_is_a_plain_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int, data: bytes) -> None:
        os.write(fd, data[:10])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic, "_write_all", full)
    out = tmp_path / "build"
    out.mkdir()
    code, _, err = simulate(out / "x.json")
    assert code == 2
    assert err.strip().splitlines()[-1] == f"cardkit: cannot write {out / 'x.json'}: " \
        "No space left on device"
    assert "internal error" not in err and "Traceback" not in err
    assert list(out.iterdir()) == []  # no output, no temporary file, no record


def test_disk_full_during_import_changes_nothing(tmp_path: Path, content: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    po = _two_file_po(content, tmp_path)
    before = digests(content)
    real = atomic._write_all
    seen = [0]

    def full_on_second(fd: int, data: bytes) -> None:
        if data.startswith(b"# yaml-language-server"):
            seen[0] += 1
            if seen[0] == 2:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(atomic, "_write_all", full_on_second)
    code, _, err = run("i18n", "import", "terra", po, "--content", content)
    assert code == 2 and "No space left on device" in err and "internal error" not in err
    assert digests(content) == before
    assert debris(content / "terra" / "i18n" / "el") == []


def test_out_a_folder_is_a_plain_message(tmp_path: Path, content: Path) -> None:
    for code, _, err in (simulate(tmp_path), pdf(content, tmp_path),
                         export(content, tmp_path), strength(tmp_path)):
        assert code == 2 and "is a folder" in err and "internal error" not in err


def test_out_below_a_file_is_a_plain_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    code, _, err = simulate(tmp_path / "file" / "x.json")
    assert code == 2 and "is not a folder" in err and "internal error" not in err


def test_schema_out_a_file_is_a_plain_message(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    target.write_text("{}", "utf-8")
    for extra in ((), ("--check",)):
        code, _, err = run("schema", "-o", target, *extra)
        assert code == 2 and "not a folder" in err and "internal error" not in err
    assert target.read_text("utf-8") == "{}"


def test_the_primitive_reports_the_path_and_keeps_the_errno(tmp_path: Path) -> None:
    from cardkit.core.errors import UsageProblem

    (tmp_path / "file").write_text("x", "utf-8")
    target = tmp_path / "file" / "x.json"
    with pytest.raises(atomic.WriteFailed) as caught:
        atomic.write_text_atomic(target, "{}")
    assert isinstance(caught.value, OSError) and isinstance(caught.value, UsageProblem)
    assert caught.value.errno in (errno.ENOTDIR, errno.EEXIST)
    assert caught.value.args[0].startswith(f"cannot write {target}: ")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_unwritable_folder_is_a_plain_message(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        code, _, err = simulate(locked / "x.json")
    finally:
        locked.chmod(0o755)
    assert code == 2 and "Permission denied" in err and "internal error" not in err


def test_a_refused_write_is_a_plain_message(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> str:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(atomic, "stage", refused)  # what a read-only folder does, even to root
    out = tmp_path / "x.json"
    code, _, err = simulate(out)
    assert code == 2 and err.strip().splitlines()[-1] == \
        f"cardkit: cannot write {out}: Permission denied"
    assert not out.exists()


# --- no debris ---------------------------------------------------------------------------------

_CHILD = """
import os, signal, sys
from pathlib import Path
import cardkit.core.atomic as atomic
if sys.argv[2] == "named":
    atomic._O_TMPFILE = 0
def half(fd, data):
    os.write(fd, data[: len(data) // 2])
    os.kill(os.getpid(), signal.SIGKILL)
atomic._write_all = half
atomic.write_atomic(Path(sys.argv[1]), b"x" * 100000)
"""


@pytest.mark.parametrize("how", ["anonymous", "named"])
def test_no_temporary_file_survives_a_kill(tmp_path: Path, how: str) -> None:
    if how == "anonymous" and not getattr(os, "O_TMPFILE", 0):
        pytest.skip("no O_TMPFILE here")
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "blue.yaml"
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(target), how], cwd=ROOT)
    assert proc.returncode == -signal.SIGKILL
    assert not target.exists()
    if how == "anonymous":
        assert list(folder.iterdir()) == []  # the bytes never had a name
    else:
        assert len(debris(folder)) == 1  # the next write to the folder removes it
    atomic.write_text_atomic(folder / "other.yaml", "a: 1\n")
    assert sorted(p.name for p in folder.iterdir()) == ["other.yaml"]


def test_stale_temporary_files_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    (tmp_path / "blue.yaml").write_text("a: 1\n", "utf-8")
    stale = [f".cardkit-tmp.{dead}.0123456789ab", f".cardkit-bak.{dead}.ba9876543210"]
    old_legacy = ".blue.yaml.ab12cd34.tmp"   # mkstemp debris of older cardkit versions
    live = ".cardkit-tmp.1.0123456789ab"     # pid 1 runs: somebody is writing right now
    young_legacy = ".blue.yaml.zz12cd34.tmp"
    unrelated = ".notes.abcdefgh.tmp"        # not beside a file of that name: not ours
    for name in [*stale, old_legacy, live, young_legacy, unrelated]:
        (tmp_path / name).write_bytes(b"half")
    hour_ago = time.time() - 2 * atomic.STALE_AFTER
    os.utime(tmp_path / old_legacy, (hour_ago, hour_ago))
    atomic.write_text_atomic(tmp_path / "blue.yaml", "a: 2\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["blue.yaml", live, young_legacy, unrelated])


def test_fmt_removes_the_debris_of_a_killed_fmt_and_keeps_the_mode(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(TERRA_BASE, content)
    card = content / "terra" / "cards" / "base.yaml"
    card.write_text(card.read_text("utf-8").replace("cards:\n", "cards:\n\n\n", 1), "utf-8")
    card.chmod(0o664)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    left = [card.parent / f".cardkit-tmp.{dead}.0123456789ab", card.parent / ".base.yaml.k9x_2abc.tmp"]
    for path in left:  # what `kill -9` during an earlier fmt left behind
        path.write_bytes(b"cards:\n  - id: half")
    hour_ago = time.time() - 2 * atomic.STALE_AFTER
    os.utime(left[1], (hour_ago, hour_ago))
    code, stdout, _ = run("fmt", "terra", "--content", content)
    assert code == 0 and "reformatted" in stdout
    assert mode(card) == 0o664
    assert debris(card.parent) == []


@pytest.mark.parametrize("command", ["simulate", "report", "strength", "pdf", "export"])
def test_a_named_output_in_a_missing_folder_is_made(tmp_path: Path, content: Path,
                                                    command: str) -> None:
    """Every command treats a path the user named alike: missing folders are made (as for the
    default build/); a file on the way is a plain error."""
    out = tmp_path / "new" / "x.out"
    calls = {"simulate": lambda o: simulate(o), "report": lambda o: simulate(
        tmp_path / "ok.json", "--report", o), "strength": lambda o: strength(o),
        "pdf": lambda o: pdf(content, o), "export": lambda o: export(content, o)}
    code, _, err = calls[command](out)
    assert code == 0 and out.is_file(), err
    (tmp_path / "file").write_text("x", "utf-8")
    code, _, err = calls[command](tmp_path / "file" / "x.out")
    assert code == 2 and "not a folder" in err and "Traceback" not in err, err
