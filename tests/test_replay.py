"""The replayed check (``cardkit/cli/replay.py``): a ``cardkit check`` whose inputs are all as
they were is answered from its record, without click or the content; every kind of change to an
input is a miss (the full check runs). Proved by what it catches: each test below changes one
class of input and expects the full check; the racy and the changed-while-running checks are
not recorded.

Most tests drive the module in-process with its own package folder and import path replaced by
small folders of the test's (so that another test writing elsewhere cannot disturb them); the
last one runs the real program twice.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardkit.checking import CheckOptions, run_check
from cardkit.cli import replay

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def world(terra_content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A content folder, a cache folder, a fake package and import path, the program armed with
    its command line; changes are not racy for this test (``RACY_NS`` 0: see
    :func:`test_a_check_of_just_changed_files_is_not_recorded`)."""
    content = terra_content()
    package = tmp_path / "package"
    package.mkdir()
    (package / "code.py").write_text("x = 1\n")
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.setattr(replay, "PACKAGE", str(package))
    monkeypatch.setattr(sys, "path", [str(site)])
    monkeypatch.setattr(replay, "RACY_NS", 0)
    monkeypatch.setattr(replay, "_armed", None)
    monkeypatch.delenv("CARDKIT_CONTENT", raising=False)
    cache = tmp_path / "cache"
    argv = ["check", "--content", str(content), "--cache-dir", str(cache)]
    replay.arm(argv)
    return {"content": content, "cache": cache, "argv": argv, "package": package, "site": site}


def record(world: dict, noted: dict[str, str] | None = None) -> bool:  # type: ignore[type-arg]
    rec = replay.recorder(str(world["content"]), str(world["cache"]))
    assert rec is not None
    time.sleep(0.01)  # a clock tick between the record and the changes the tests make
    return rec.save("a.yaml:1:1: error TER006 ...\n", "checked (cached)\n", 1, noted or {})


def answered(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str, object] | None:
    """What the replay printed and its exit code, or ``None`` when it let the full check run."""
    try:
        replay.answer(argv)
    except SystemExit as exc:
        got = capsys.readouterr()
        return got.out, got.err, exc.code
    return None


def test_an_unchanged_check_is_answered_with_its_output_and_code(world, capsys) -> None:  # type: ignore[no-untyped-def]
    assert record(world)
    assert answered(world["argv"], capsys) == ("a.yaml:1:1: error TER006 ...\n",
                                               "checked (cached)\n", 1)
    for path in world["content"].rglob("*"):  # reading is no change (access times are not
        if path.is_file():  # in the signature)
            path.read_bytes()
    assert answered(world["argv"], capsys) is not None


def touch_later(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def rewrite_same_size(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data.replace(b"a", b"b", 1) if b"a" in data else data)


CHANGES = {
    "a file's text, same size": lambda w: rewrite_same_size(next((w["content"] / "terra").rglob(
        "*.yaml"))),
    "a file touched": lambda w: touch_later(next((w["content"] / "terra").rglob("*.yaml"))),
    "a file added": lambda w: (w["content"] / "terra" / "new.yaml").write_text("x: 1\n"),
    "a file removed": lambda w: next((w["content"] / "terra").rglob("*.yaml")).unlink(),
    "a file renamed": lambda w: (lambda p: p.rename(p.with_name("zz-" + p.name)))(
        next((w["content"] / "terra").rglob("*.yaml"))),
    "a folder added": lambda w: (w["content"] / "terra" / "more").mkdir(),
    "an image added": lambda w: (w["content"] / "terra" / "art.png").write_bytes(b"\x89PNG"),
    "cardkit's code": lambda w: (w["package"] / "code.py").write_text("x = 22\n"),
    "a plug-in installed": lambda w: (w["site"] / "plugin.dist-info").mkdir(),
    "the content folder removed": lambda w: shutil.rmtree(w["content"]),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_every_change_to_an_input_is_a_miss(world, capsys, change: str) -> None:  # type: ignore[no-untyped-def]
    assert record(world)
    CHANGES[change](world)
    assert answered(world["argv"], capsys) is None


def test_a_changed_file_in_a_linked_folder_is_a_miss(world, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "more.yaml").write_text("x: 1\n")
    (world["content"] / "terra" / "linked").symlink_to(elsewhere)
    (world["content"] / "terra" / "loop").symlink_to(world["content"])  # entered once
    assert record(world)
    (elsewhere / "more.yaml").write_text("x: 22\n")
    assert answered(world["argv"], capsys) is None


def test_a_path_outside_the_content_that_changed_kind_is_a_miss(world, tmp_path: Path,
                                                                 capsys) -> None:  # type: ignore[no-untyped-def]
    schema = tmp_path / "cards.schema.json"
    schema.write_text("{}")
    assert record(world, {str(schema): "file"})
    assert answered(world["argv"], capsys) is not None
    schema.unlink()
    assert answered(world["argv"], capsys) is None


def test_another_command_line_environment_or_folder_is_a_miss(world, tmp_path: Path, capsys,
                                                               monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert record(world)
    assert answered([*world["argv"], "--strict"], capsys) is None
    monkeypatch.setenv("CARDKIT_DEBUG", "1")
    assert answered(world["argv"], capsys) is None
    monkeypatch.delenv("CARDKIT_DEBUG")
    monkeypatch.chdir(tmp_path)
    assert answered(world["argv"], capsys) is None


def test_hidden_files_and_the_cache_folder_are_not_inputs(world, capsys) -> None:  # type: ignore[no-untyped-def]
    """The check leaves hidden files out (an editor's swap file is no content)."""
    cache_inside = world["content"] / "cache"
    cache_inside.mkdir()  # made by the first check, which is not recorded (its folder changed)
    world["argv"][-1] = str(cache_inside)
    replay.arm(world["argv"])
    world["cache"] = cache_inside
    assert record(world)
    (world["content"] / "terra" / ".cards.yaml.swp").write_bytes(b"\0")
    (cache_inside / "results").mkdir(parents=True)
    assert answered(world["argv"], capsys) is not None


def test_a_broken_record_is_a_miss_never_a_crash(world, capsys) -> None:  # type: ignore[no-untyped-def]
    assert record(world)
    (entry,) = (world["cache"] / "replay").iterdir()
    for garbage in (b"", b"\x00garbage", entry.read_bytes()[:20]):
        entry.write_bytes(garbage)
        assert answered(world["argv"], capsys) is None


def test_a_check_of_just_changed_files_is_not_recorded(world, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Racily clean (git's term): a write in the clock tick of the check's read could leave the
    signature as it was, so a check of files changed within ``RACY_NS`` is not recorded."""
    monkeypatch.setattr(replay, "RACY_NS", 10 * 1_000_000_000)
    assert not record(world)


def test_a_change_while_the_check_runs_is_not_recorded(world) -> None:  # type: ignore[no-untyped-def]
    rec = replay.recorder(str(world["content"]), str(world["cache"]))
    assert rec is not None
    (world["content"] / "terra" / "new.yaml").write_text("x: 1\n")
    assert not rec.save("out", "", 0, {})


def test_only_the_cardkit_program_records(world, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay, "_armed", None)
    assert replay.recorder(str(world["content"]), str(world["cache"])) is None
    replay.arm(world["argv"])
    assert replay.recorder(str(world["content"]), None) is None  # --no-cache


def test_records_are_pruned_to_the_most_recently_used(world, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay, "MAX_RECORDS", 3)
    for i in range(5):
        replay.arm([*world["argv"], "--format", f"f{i}"])
        assert record(world)
    assert len(list((world["cache"] / "replay").iterdir())) == 3
    foreign = world["cache"] / "replay" / "notes.txt"  # not cardkit's: never removed
    foreign.write_text("mine")
    os.utime(foreign, (0, 0))  # the oldest there
    for i in range(5, 8):
        replay.arm([*world["argv"], "--format", f"f{i}"])
        assert record(world)
    assert foreign.read_text() == "mine"
    assert len(list((world["cache"] / "replay").iterdir())) == 4


def test_a_cached_verdict_whose_schema_file_went_is_checked_again(terra_content, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The results cache, too, keeps a verdict only while the paths outside the content it looked
    at are as they were: a modeline's schema file removed brings CK003 back."""
    content = terra_content()
    schemas = tmp_path / "schemas"
    shutil.copytree(ROOT / "schemas", schemas)
    for path in content.rglob("*.yaml"):  # the modelines lead to this test's own schemas
        text = path.read_text("utf-8")
        path.write_text(text.replace(str(os.path.relpath(ROOT / "schemas", path.parent)),
                                     os.path.relpath(schemas, path.parent)), "utf-8")
    options = CheckOptions(("terra",), content, tmp_path / "cache")
    first = run_check(options)
    assert not [d for d in first.diagnostics if d.code == "CK003"]
    assert any(os.path.normpath(p).startswith(str(schemas)) for p in first.outside)
    assert run_check(options).summary.cached
    shutil.rmtree(schemas / "terra")
    again = run_check(options)
    assert not again.summary.cached
    assert [d for d in again.diagnostics if d.code == "CK003"]


def test_the_program_replays_a_check_without_importing_click(tmp_path: Path) -> None:
    """End to end: the real program, the real package and import path. The second run (or the
    third, if a concurrent write elsewhere made the first record racy) is the replay: the same
    output and exit code as a cached check, and click never imported."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "tests" / "fixtures" / "trains_base", content)
    (tmp_path / "cache").mkdir()  # the working folder as it stays (it is on the import path)
    time.sleep(replay.RACY_NS / 1e9 + 0.1)  # the copy is older than the racy window
    driver = ("import atexit, sys; atexit.register(lambda: sys.stderr.write("
              "'\\nclick imported: %s\\n' % ('click' in sys.modules))); "
              "sys.argv = ['cardkit', *sys.argv[1:]]; from cardkit.cli import run; run()")
    argv = [sys.executable, "-c", driver, "check", "trains", "--content", str(content),
            "--cache-dir", str(tmp_path / "cache")]
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDKIT_")}
    first = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert re.search(r"\nchecked \d+ files, \d+ objects: .*warnings?\n$", first.stdout)
    assert "(cached)" not in first.stdout
    # the full check leaves at once (cli.exits.hard_exit): its output is whole, with its exit
    # code, and the interpreter's teardown (atexit included) is skipped
    assert "click imported" not in first.stderr and first.returncode == 0
    for _ in range(2):
        again = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, env=env)
        if "click imported: False" in again.stderr:
            break
    assert "click imported: False" in again.stderr, again.stderr
    assert again.returncode == first.returncode
    assert again.stdout == first.stdout.replace(" warnings\n", " warnings (cached)\n") \
        or again.stdout.endswith("(cached)\n")
    assert again.stdout.splitlines()[:-1] == first.stdout.splitlines()[:-1]
