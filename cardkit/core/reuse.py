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

    def read(self, key: str) -> bytes | None:
        """The bytes the previous output made from the inputs ``key`` (None: not known). The
        file is one the survey found as cardkit wrote it (its digest checked there)."""
        rel = self.inputs.get(key)
        if rel is None or self.root is None:
            return None
        try:
            return (self.root / rel).read_bytes()
        except OSError:
            return None

    def write(self, path: Path, data: bytes, digest: str | None = None) -> bool:
        """Put ``data`` at ``path`` (a new file in a staging folder, parents made): a link to the
        previous output's identical file when there is one, else written. Returns whether it
        was reused."""
        path.parent.mkdir(parents=True, exist_ok=True)
        rel = self.by_digest.get(digest or hashlib.sha256(data).hexdigest()) \
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
            fh.write(data)
        return False


def _inside(rel: str) -> bool:
    """Whether a path a record names lies inside its folder (no ``..``, not absolute)."""
    return bool(rel) and not rel.startswith("/") and "\\" not in rel \
        and all(part not in ("", ".", "..") for part in rel.split("/"))


def inputs_record(inputs: dict[str, str]) -> bytes:
    """The bytes of :data:`INPUTS` for ``input key -> path`` (sorted: same inputs, same bytes)."""
    data = {"version": INPUTS_VERSION, "inputs": dict(sorted(inputs.items()))}
    return (json.dumps(data, indent=0, ensure_ascii=False) + "\n").encode("utf-8")
