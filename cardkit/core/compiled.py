"""Optional compiled modules (mypyc), loaded only while they match their sources.

A game package may have parts of it compiled (``tools/build_compiled.py``, run by ``make run``
and ``make test``: Trains compiles its engine and bots). The extension modules live in a folder
of the environment (:func:`folder`), never beside the sources, with a manifest naming each
module and the SHA-256 of the source it was built from. The package calls :func:`use` before it
imports those modules; the build is used only when

- ``CARDKIT_COMPILED`` is not ``0``,
- it was built for this Python (its extension suffix is one this interpreter loads),
- every source it was built from hashes the same and no module was added beside them,

and then an import finder loads the compiled modules in place of the sources. All or nothing:
compiled modules call each other natively, so one edited module turns the whole build off and
the package runs as Python. The results are the same either way (``tests/test_compiled.py``).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT = 1
#: Set to ``0`` to run every package as Python even where a matching build exists.
SWITCH = "CARDKIT_COMPILED"


@dataclass(frozen=True)
class Status:
    """Whether a package runs compiled, and why (or why not)."""

    package: str
    used: bool
    reason: str
    modules: tuple[str, ...] = ()


_STATUS: dict[str, Status] = {}


def folder() -> Path:
    """Where builds live: ``CARDKIT_COMPILED_DIR``, else ``cardkit-compiled`` in the
    environment (``sys.prefix``: one build per virtual environment and so per Python)."""
    env = os.environ.get("CARDKIT_COMPILED_DIR")
    return Path(env) if env else Path(sys.prefix) / "cardkit-compiled"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def digests(sources: list[Path]) -> dict[Path, str]:
    """The SHA-256 of each source, taken before it is compiled (see :func:`write_manifest`)."""
    return {src: _digest(src) for src in sources}


def write_manifest(build: Path, package: Path, before: dict[Path, str]) -> list[str]:
    """Write the manifest of a fresh build (``build``: the folder the extension modules were
    built into; ``package``: the package's source folder; ``before``: :func:`digests` of the
    compiled modules' files taken before the build); returns the compiled module names. A
    source edited while it was being compiled fails the build: its hash would describe a file
    the extension was not built from."""
    name = ".".join(_dotted(package))
    suffix = _suffix()
    modules: dict[str, dict[str, Any]] = {}
    for src, digest in before.items():
        if _digest(src) != digest:
            raise RuntimeError(f"{src} changed while it was being compiled; build again")
        rel = src.relative_to(package)
        parts = [*name.split("."), *rel.parent.parts]
        is_package = src.name == "__init__.py"
        module = ".".join(parts if is_package else [*parts, src.stem])
        file = Path(*parts) / f"{src.stem}{suffix}"
        if not (build / file).is_file():
            raise FileNotFoundError(f"mypyc built no {file}")
        modules[module] = {"source": rel.as_posix(), "sha256": digest,
                           "file": file.as_posix(), "package": is_package}
    support = {p.name.split(".")[0]: p.name for p in sorted(build.glob(f"*{suffix}"))}
    data = {"format": FORMAT, "package": name, "suffix": suffix, "modules": modules,
            "support": support}
    (build / MANIFEST).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    return sorted(modules)


def _dotted(package: Path) -> list[str]:
    """The package's dotted name, found by walking up while folders hold ``__init__.py``."""
    parts = [package.name]
    here = package.parent
    while (here / "__init__.py").is_file():
        parts.insert(0, here.name)
        here = here.parent
    return parts


def replace_build(fresh: Path, dest: Path) -> None:
    """Put a finished build in place of the previous one (a folder holding a manifest: only a
    build cardkit wrote is ever removed)."""
    if dest.exists():
        if not (dest / MANIFEST).is_file():
            raise FileExistsError(f"{dest} exists and is not a cardkit build (no {MANIFEST}); "
                                  "remove it or set CARDKIT_COMPILED_DIR")
        old = dest.with_name(f".{dest.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(dest, old)
        os.replace(fresh, dest)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(fresh, dest)


def check(package: str, source_dir: Path) -> tuple[Status, dict[str, tuple[Path, bool]]]:
    """Whether the build of ``package`` (sources in ``source_dir``) may be used: its status,
    and the extension file (and whether it is a package) of each module it provides."""
    if os.environ.get(SWITCH, "") == "0":
        return Status(package, False, f"{SWITCH}=0"), {}
    home = folder() / package
    try:
        data = json.loads((home / MANIFEST).read_text("utf-8"))
    except FileNotFoundError:
        return Status(package, False, "not built"), {}
    except (OSError, ValueError) as exc:
        return Status(package, False, f"unreadable manifest ({exc})"), {}
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("package") != package:
        return Status(package, False, "a manifest of another format or package"), {}
    if data.get("suffix") not in importlib.machinery.EXTENSION_SUFFIXES:
        return Status(package, False, f"built for another Python ({data.get('suffix')})"), {}
    modules: dict[str, Any] = data.get("modules") or {}
    listed = {m["source"] for m in modules.values()}
    for folder_name in {str(Path(s).parent) for s in listed
                        if Path(s).name == "__init__.py"}:  # a whole subpackage compiled
        present = {p.relative_to(source_dir).as_posix()
                   for p in (source_dir / folder_name).glob("*.py")}
        added = sorted(present - listed)
        if added:
            return Status(package, False, f"{added[0]} is not in the build"), {}
    files: dict[str, tuple[Path, bool]] = {}
    for module, entry in sorted(modules.items()):
        src = source_dir / entry["source"]
        if not src.is_file() or _digest(src) != entry["sha256"]:
            return Status(package, False, f"{entry['source']} changed since the build"), {}
        files[module] = (home / entry["file"], bool(entry["package"]))
    for name, file in (data.get("support") or {}).items():
        files[name] = (home / file, False)
    missing = sorted(str(f) for f, _ in files.values() if not f.is_file())
    if missing:
        return Status(package, False, f"{missing[0]} is missing"), {}
    return Status(package, True, "built from these sources",
                  tuple(m for m in sorted(modules))), files


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of one build (and mypyc's shared library) by name."""

    def __init__(self, files: dict[str, tuple[Path, bool]], source_dir: Path,
                 package: str) -> None:
        self.files = files
        self.source_dir = source_dir
        self.package = package

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        """The spec of a compiled module this build provides, else ``None``."""
        hit = self.files.get(name)
        if hit is None:
            return None
        file, is_package = hit
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        where = None
        if is_package:  # its submodules' sources stay where they are
            rel = name[len(self.package) + 1:].split(".") if name != self.package else []
            where = [str(self.source_dir.joinpath(*rel))]
        return importlib.util.spec_from_file_location(name, file, loader=loader,
                                                      submodule_search_locations=where)


def use(package: str, package_file: str) -> Status:
    """Load ``package``'s compiled modules from now on when its build matches its sources
    (call from the package's ``__init__`` before importing them: ``use(__name__, __file__)``);
    the status says which and why. Once per package and process."""
    hit = _STATUS.get(package)
    if hit is not None:
        return hit
    source_dir = Path(package_file).resolve().parent
    status, files = check(package, source_dir)
    if status.used:
        sys.meta_path.insert(0, _Finder(files, source_dir, package))
    _STATUS[package] = status
    return status


def status(package: str) -> Status | None:
    """What :func:`use` decided for ``package`` in this process (``None``: not asked)."""
    return _STATUS.get(package)
