"""The optional compiled Trains engine and bots (mypyc; ``cardkit.core.compiled``,
``tools/build_compiled.py``).

Two promises are tested. **A build is used only while it matches its sources**: each way a
build can go stale — a source edited by one byte, a module added beside the compiled ones, a
source removed, another Python, an extension file missing, a broken or foreign manifest — is
planted in a build and must turn it off with its reason (the share caught is reported by the
parametrised test ids: every class), and a real stale build makes the engine import its
``.py`` files. **Compiled and Python give the same results**: the suite runs with the build
where ``make`` made one (CI does), so every Trains test — the seeded digests of
``test_trains_results.py`` and the golden transcript among them — checks the compiled engine;
here the same digests and transcript are played once more in pure Python in a child process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.core import compiled

ROOT = Path(__file__).resolve().parent.parent
TRAINS = "cardkit.games.trains"
SUFFIX = compiled._suffix()


def _fake_build(tmp: Path) -> tuple[Path, Path]:
    """A package ``pkgx`` with a compiled subpackage ``engine`` (two modules) and a build of it
    whose extension files are placeholders (the check reads names and hashes, never loads)."""
    src = tmp / "src" / "pkgx"
    (src / "engine").mkdir(parents=True)
    (src / "__init__.py").write_text("", "utf-8")
    (src / "engine" / "__init__.py").write_text("X = 1\n", "utf-8")
    (src / "engine" / "state.py").write_text("Y = 2\n", "utf-8")
    build = tmp / "fresh"
    (build / "pkgx" / "engine").mkdir(parents=True)
    for name in ("__init__", "state"):
        (build / "pkgx" / "engine" / f"{name}{SUFFIX}").write_bytes(b"\0")
    (build / f"abc123__mypyc{SUFFIX}").write_bytes(b"\0")
    compiled.write_manifest(build, src, compiled.digests(sorted((src / "engine").glob("*.py"))))
    home = compiled.folder() / "pkgx"
    home.parent.mkdir(parents=True, exist_ok=True)
    compiled.replace_build(build, home)
    return src, home


def _edit(src: Path, home: Path) -> None:
    (src / "engine" / "state.py").write_text("Y = 3\n", "utf-8")


def _add(src: Path, home: Path) -> None:
    (src / "engine" / "extra.py").write_text("Z = 1\n", "utf-8")


def _remove(src: Path, home: Path) -> None:
    (src / "engine" / "state.py").unlink()


def _other_python(src: Path, home: Path) -> None:
    data = json.loads((home / compiled.MANIFEST).read_text("utf-8"))
    data["suffix"] = ".cpython-27-x86_64-linux-gnu.so"
    (home / compiled.MANIFEST).write_text(json.dumps(data), "utf-8")


def _lost_extension(src: Path, home: Path) -> None:
    (home / "pkgx" / "engine" / f"state{SUFFIX}").unlink()


def _lost_support(src: Path, home: Path) -> None:
    (home / f"abc123__mypyc{SUFFIX}").unlink()


def _broken_manifest(src: Path, home: Path) -> None:
    (home / compiled.MANIFEST).write_text('{"format": 1, "modules": {', "utf-8")


def _foreign_manifest(src: Path, home: Path) -> None:
    data = json.loads((home / compiled.MANIFEST).read_text("utf-8"))
    data["package"] = "otherpkg"
    (home / compiled.MANIFEST).write_text(json.dumps(data), "utf-8")


def _not_built(src: Path, home: Path) -> None:
    shutil.rmtree(home)


STALE = {"source edited": (_edit, "engine/state.py changed"),
         "module added": (_add, "engine/extra.py is not in the build"),
         "source removed": (_remove, "engine/state.py changed"),
         "another Python": (_other_python, "built for another Python"),
         "extension missing": (_lost_extension, "is missing"),
         "shared library missing": (_lost_support, "is missing"),
         "broken manifest": (_broken_manifest, "unreadable manifest"),
         "another package's manifest": (_foreign_manifest, "another format or package"),
         "not built": (_not_built, "not built")}


@pytest.fixture
def builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.setenv("CARDKIT_COMPILED_DIR", str(tmp_path / "builds"))
    monkeypatch.delenv(compiled.SWITCH, raising=False)
    return _fake_build(tmp_path)


def test_a_build_that_matches_its_sources_is_used(builds: tuple[Path, Path]) -> None:
    src, home = builds
    status, files = compiled.check("pkgx", src)
    assert status.used and status.modules == ("pkgx.engine", "pkgx.engine.state")
    assert files["pkgx.engine.state"] == (home / "pkgx" / "engine" / f"state{SUFFIX}", False)
    assert files["pkgx.engine"][1] is True  # a package: its submodules are found under it
    assert files["abc123__mypyc"][0].name == f"abc123__mypyc{SUFFIX}"  # mypyc's shared library


@pytest.mark.parametrize("kind", sorted(STALE))
def test_a_stale_build_is_not_used(kind: str, builds: tuple[Path, Path]) -> None:
    src, home = builds
    plant, reason = STALE[kind]
    plant(src, home)
    status, files = compiled.check("pkgx", src)
    assert not status.used and not files
    assert reason in status.reason


def test_the_switch_turns_a_good_build_off(builds: tuple[Path, Path],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled.SWITCH, "0")
    status, _ = compiled.check("pkgx", builds[0])
    assert not status.used and status.reason == f"{compiled.SWITCH}=0"


def test_a_source_edited_during_the_build_fails_it(tmp_path: Path) -> None:
    # the manifest must hash what was compiled: an edit while mypyc ran leaves no manifest
    src = tmp_path / "pkgy" / "engine"
    src.mkdir(parents=True)
    (src / "state.py").write_text("Y = 2\n", "utf-8")
    build = tmp_path / "fresh"
    (build / "pkgy" / "engine").mkdir(parents=True)
    (build / "pkgy" / "engine" / f"state{SUFFIX}").write_bytes(b"\0")
    before = compiled.digests([src / "state.py"])
    (src / "state.py").write_text("Y = 3\n", "utf-8")  # edited while it compiled
    with pytest.raises(RuntimeError, match="changed while it was being compiled"):
        compiled.write_manifest(build, tmp_path / "pkgy", before)
    assert not (build / compiled.MANIFEST).exists()


def test_a_rebuild_never_removes_a_folder_cardkit_did_not_write(tmp_path: Path) -> None:
    dest = tmp_path / "builds" / "pkgx"
    dest.mkdir(parents=True)
    (dest / "notes.txt").write_text("mine", "utf-8")
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    with pytest.raises(FileExistsError, match="is not a cardkit build"):
        compiled.replace_build(fresh, dest)
    assert (dest / "notes.txt").read_text("utf-8") == "mine" and fresh.is_dir()


def test_a_rebuild_replaces_the_previous_build_whole(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDKIT_COMPILED_DIR", str(tmp_path / "builds"))
    src, home = _fake_build(tmp_path)
    (home / "leftover.so").write_bytes(b"\0")
    _fake_build(tmp_path / "again")  # another source tree, same package name, same folder
    assert not (home / "leftover.so").exists() and (home / compiled.MANIFEST).is_file()
    assert not any(p.name.startswith(".") for p in home.parent.iterdir())


# -- the real build (made by `make run` / `make test` in this environment) ----------------------

def _trains_status() -> compiled.Status:
    import cardkit.games.trains  # noqa: F401  (asks for the build)

    status = compiled.status(TRAINS)
    assert status is not None
    return status


def test_the_suite_runs_the_compiled_trains_engine_where_it_was_built() -> None:
    status = _trains_status()
    if not status.used:
        if os.environ.get("CI"):
            pytest.fail(f"CI builds the compiled Trains engine (make test), but: {status.reason}")
        pytest.skip(f"no compiled Trains engine here: {status.reason}")
    from cardkit.games.trains.engine import state

    assert Path(state.__file__).name.endswith(SUFFIX)
    assert not (Path(compiled.__file__).parent.parent / "games" / "trains" / "engine"
                / f"state{SUFFIX}").exists()  # never beside its source


def _child(code: str, env: dict[str, str]) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={**os.environ, **env}).stdout


def test_a_real_build_whose_source_changed_is_not_imported(tmp_path: Path) -> None:
    status = _trains_status()
    if not status.used:
        pytest.skip(f"no compiled Trains engine here: {status.reason}")
    home = compiled.folder() / TRAINS
    copy = tmp_path / "builds" / TRAINS
    shutil.copytree(home, copy)
    probe = ("import cardkit.games.trains as t, cardkit.games.trains.engine.state as s; "
             "print(t.COMPILED.used, s.__file__)")
    used, file = _child(probe, {"CARDKIT_COMPILED_DIR": str(copy.parent)}).split()
    assert used == "True" and file.endswith(SUFFIX)  # the copy is good as it is
    manifest = json.loads((copy / compiled.MANIFEST).read_text("utf-8"))
    # as if engine/state.py had been edited after the build
    manifest["modules"]["cardkit.games.trains.engine.state"]["sha256"] = "0" * 64
    (copy / compiled.MANIFEST).write_text(json.dumps(manifest), "utf-8")
    used, file = _child(probe, {"CARDKIT_COMPILED_DIR": str(copy.parent)}).split()
    assert used == "False" and file.endswith("state.py")


def test_pure_python_gives_the_recorded_results_too() -> None:
    # the suite checks the digests and the golden transcript with the build; here without it
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "tests/test_trains_results.py",
         "tests/test_sim_conformance.py::test_recorded_playthrough_matches_the_golden_"
         "transcript[trains]",
         "tests/test_compiled.py::test_the_engine_in_use_is_what_the_environment_says"],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, compiled.SWITCH: "0",
                                                       "CARDKIT_EXPECT_PYTHON": "1"})
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert "9 passed" in out.stdout, out.stdout[-2000:]


def test_the_engine_in_use_is_what_the_environment_says() -> None:
    # run by the test above with CARDKIT_COMPILED=0: the Python modules, whatever was built
    status = _trains_status()
    from cardkit.games.trains.engine import state

    if os.environ.get("CARDKIT_EXPECT_PYTHON"):
        assert not status.used and state.__file__.endswith("state.py")
    else:
        assert status.used == state.__file__.endswith(SUFFIX)
