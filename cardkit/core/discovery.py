"""Finding content files: ``content/<game>/**/*.yaml``. Light on imports (no pydantic).

This module is on the warm path of ``cardkit check``: with nothing changed, the check is answered
from the result cache after reading and hashing the files, so it must not pull in the models.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One content file, read once: its bytes and their SHA-256."""

    game: str
    path: Path
    relpath: str
    display: str
    raw: bytes
    digest: str

    def text(self) -> str | None:
        """The file decoded as UTF-8 (``None`` when it is not)."""
        try:
            return self.raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            return None


def display_path(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working directory when below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def game_folder(content_dir: Path, game: str) -> Path:
    """Where a game's content lives."""
    return content_dir / game


def discover(content_dir: Path, game: str, max_bytes: int | None = None) -> list[SourceFile]:
    """All YAML files below ``content/<game>/``, sorted, read and hashed.

    Files over ``max_bytes`` are not read here (their content is replaced by an empty byte string
    and a digest of their size), so that the loader reports them without holding them in memory.
    """
    root = game_folder(content_dir, game)
    found: list[SourceFile] = []
    if not root.is_dir():
        return found
    base = display_path(root)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if not name.endswith(YAML_SUFFIXES) or name.startswith("."):
                continue
            path = Path(dirpath, name)
            rel = path.relative_to(root).as_posix()
            try:
                if max_bytes is not None and path.stat().st_size > max_bytes:
                    raw, digest = b"", f"oversize:{path.stat().st_size}"
                else:
                    raw = path.read_bytes()
                    digest = hashlib.sha256(raw).hexdigest()
            except OSError:
                raw, digest = b"", "unreadable"
            found.append(SourceFile(game, path, rel, f"{base}/{rel}", raw, digest))
    return found
