"""Rebuilding a folder output without making or writing again what did not change.

A folder output (:class:`cardkit.core.outdir.FolderOutput`) is always built whole in a staging
folder and renamed into place, so a rebuild's result is exactly a full build's. What the
previous output offers the rebuild, when cardkit wrote it with the same command and every file
is as its manifest lists it (files changed since are never reused):

* **files**: a file whose bytes the previous output already holds (the same SHA-256 in its
  manifest) is hard-linked from there instead of written (copied where links are refused);
* **inputs**: the previous output's record of inputs, :data:`INPUTS` (``input key -> path``,
  written by the command as one of its files), says which file was made from which inputs; a
  file whose input key is unchanged is read back instead of made again (``cardkit site``: the
  card images, keyed by :mod:`cardkit.export.inputs`).

A :class:`Previous` is plain data (picklable): worker processes use it too.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .manifest import read_manifest

INPUTS = ".cardkit-inputs.json"
INPUTS_VERSION = 1


@dataclass(slots=True)
class Previous:
    """The reusable part of a previous output at ``root`` (nothing when ``root`` is None)."""

    root: Path | None = None
    by_digest: dict[str, str] = field(default_factory=dict)  # sha256 -> path in the output
    inputs: dict[str, str] = field(default_factory=dict)  # input key -> path in the output
    files: dict[str, str] = field(default_factory=dict)  # path in the output -> sha256

    @classmethod
    def of(cls, root: Path, command: str, changed: list[str]) -> Previous:
        """What the output at ``root`` offers a rebuild by ``command``; ``changed``: its files
        that are not what cardkit wrote (from :func:`cardkit.core.outdir.survey`)."""
        root = Path(root)
        if not root.is_dir():
            return cls()
        made = read_manifest(root)
        if made.output is None or made.output.command != command or made.legacy_site:
            return cls()
        skip = set(changed)
        files = {rel: d for rel, d in made.files.items() if rel not in skip and _inside(rel)}
        found = cls(root.resolve(), {d: rel for rel, d in sorted(files.items())}, files=files)
        if INPUTS in files:
            try:
                data = json.loads((root / INPUTS).read_text("utf-8"))
            except (OSError, ValueError):
                data = None
            if isinstance(data, dict) and data.get("version") == INPUTS_VERSION \
                    and isinstance(data.get("inputs"), dict):
                found.inputs = {k: v for k, v in data["inputs"].items()
                                if isinstance(k, str) and isinstance(v, str) and v in files}
        return found

    def read(self, key: str) -> Stored | None:
        """The file the previous output made from the inputs ``key`` (None: not known): one
        the survey found as cardkit wrote it (its digest checked there), so it is not read."""
        rel = self.inputs.get(key)
        if rel is None or self.root is None:
            return None
        try:
            size = (self.root / rel).stat().st_size
        except OSError:
            return None
        return Stored(self.root / rel, self.files[rel], size)

    def write(self, path: Path, data: bytes | Stored, digest: str | None = None) -> bool:
        """Put ``data`` at ``path`` (a new file in a staging folder, parents made): a link to the
        previous output's identical file when there is one, else written. Returns whether it
        was reused."""
        path.parent.mkdir(parents=True, exist_ok=True)
        rel = self.by_digest.get(digest or content_digest(data)) \
            if self.root is not None else None
        if rel is not None:
            source = self.root / rel  # type: ignore[operator]
            try:
                if source.stat().st_size == len(data):
                    try:
                        os.link(source, path, follow_symlinks=False)
                    except OSError:
                        shutil.copyfile(source, path)
                    return True
            except OSError:
                pass
        with open(path, "wb") as fh:  # a fresh file in a fresh folder: the umask decides
            fh.write(data.read() if isinstance(data, Stored) else data)
        return False


@dataclass(frozen=True, slots=True)
class Stored:
    """A file of the previous output, by its place, digest (checked by the survey) and size:
    what a rebuild reuses without reading it (:meth:`Previous.write` links it)."""

    path: Path
    digest: str
    size: int

    def __len__(self) -> int:
        return self.size

    def read(self) -> bytes:
        """Its bytes (needed only where it cannot be linked)."""
        return self.path.read_bytes()


def content_digest(data: bytes | Stored) -> str:
    """The SHA-256 (hex) of bytes, or of a stored file (known without reading it)."""
    return data.digest if isinstance(data, Stored) else hashlib.sha256(data).hexdigest()


def _inside(rel: str) -> bool:
    """Whether a path a record names lies inside its folder (no ``..``, not absolute)."""
    return bool(rel) and not rel.startswith("/") and "\\" not in rel \
        and all(part not in ("", ".", "..") for part in rel.split("/"))


def inputs_record(inputs: dict[str, str]) -> bytes:
    """The bytes of :data:`INPUTS` for ``input key -> path`` (sorted: same inputs, same bytes)."""
    data = {"version": INPUTS_VERSION, "inputs": dict(sorted(inputs.items()))}
    return (json.dumps(data, indent=0, ensure_ascii=False) + "\n").encode("utf-8")
