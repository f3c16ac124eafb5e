"""Build the optional compiled modules of a game package with mypyc (``make run`` and
``make test`` call it): ``python tools/build_compiled.py cardkit/games/trains engine bots``.

The extension modules go to :func:`cardkit.core.compiled.folder` (inside the virtual
environment), never beside the sources: a compiled module next to its ``.py`` would be imported
instead of it after an edit. With them goes a manifest naming each module and the SHA-256 of the
source it was compiled from; :func:`cardkit.core.compiled.use` loads the build only while every
source still hashes the same (an edited module turns the whole package's build off).

The build is optional: without mypyc or a C compiler this prints why and exits 0, and the game
runs as Python (``--strict`` exits 1 instead). The results are the same either way
(``tests/test_compiled.py`` plays both and compares them).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardkit.core import compiled  # noqa: E402  (the repository's cardkit, not an installed one)


def sources(package: Path, parts: list[str]) -> list[Path]:
    """The ``.py`` files to compile: every module of the named subpackages (or modules)."""
    files: list[Path] = []
    for part in parts:
        folder = package / part
        files += sorted(folder.glob("*.py")) if folder.is_dir() else [package / f"{part}.py"]
    return files


@contextlib.contextmanager
def _shown_on_failure(log: io.StringIO) -> Iterator[None]:
    """Print what was captured in ``log`` (mypy's type errors, say) when the block fails."""
    try:
        yield
    except BaseException:
        sys.stderr.write(log.getvalue()[-4000:])
        raise


def build(package: Path, parts: list[str], dest: Path) -> list[str]:
    """Compile the modules into a fresh folder beside ``dest`` and swap it in whole (a build
    that fails leaves the previous one, or none); returns the module names."""
    from mypyc.build import mypycify  # the optional build dependency (the `compiled` extra)
    from setuptools import Distribution

    files = sources(package, parts)
    before = compiled.digests(files)  # the manifest records what was compiled, not what is now
    rel = [str(f.relative_to(ROOT)) for f in files]
    dest.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="cardkit-mypyc-"))
    fresh = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=dest.parent))
    try:
        cwd = os.getcwd()
        os.chdir(ROOT)  # mypyc names modules by their paths from here
        try:
            log = io.StringIO()  # mypyc's and the compiler's chatter, shown only on failure
            with contextlib.redirect_stdout(log), _shown_on_failure(log):
                # opt_level 1, no debug info, imports outside the build not analysed: an 18 s
                # build instead of 38 s (make test builds it in CI) for 4 % fewer turns/s
                extensions = mypycify(
                    ["--ignore-missing-imports", "--follow-imports=skip",
                     f"--cache-dir={work / 'mypy-cache'}", *rel],
                    opt_level="1", target_dir=str(work / "c"), debug_level="0")
                # a bare Distribution: setup() would read cardkit's own pyproject.toml
                dist = Distribution({"name": "cardkit-compiled", "ext_modules": extensions})
                dist.verbose = 0
                command = dist.get_command_obj("build_ext")
                command.build_lib, command.build_temp = str(fresh), str(work / "o")
                dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
        names = compiled.write_manifest(fresh, package, before)
        compiled.replace_build(fresh, dest)
        return names
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(fresh, ignore_errors=True)


def main() -> int:
    """Build one package's compiled modules; exit 0 unless ``--strict`` and the build failed."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("package", help="the game package's folder, e.g. cardkit/games/trains")
    parser.add_argument("parts", nargs="+", help="its subpackages or modules to compile")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build fails")
    args = parser.parse_args()
    package = (ROOT / args.package).resolve()
    name = ".".join(package.relative_to(ROOT).parts)
    dest = compiled.folder() / name
    try:
        names = build(package, args.parts, dest)
    except (ImportError, SystemExit, Exception) as exc:  # noqa: BLE001  (optional: say why)
        print(f"{name}: no compiled modules ({type(exc).__name__}: {exc}); "
              "the game runs as Python", file=sys.stderr)
        return 1 if args.strict else 0
    print(f"{name}: {len(names)} modules compiled with mypyc into {dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
