"""Caches for ``cardkit check``, keyed by content hashes.

Two levels, both under ``.cardkit-cache/`` (or ``--cache-dir``):

* **results**: the whole report of a run, keyed by the games, the SHA-256 of every content file
  and a fingerprint of cardkit's own code. A repeated check with nothing changed is answered from
  here without importing the models or parsing anything.
* **parsed**: one ``marshal`` entry per file content hash with the parsed data (or the loader's
  findings), so a run where one file changed re-parses only that file. ``marshal`` holds plain
  data only and cannot run code when read, unlike pickle; files whose data it cannot hold (YAML
  timestamps) are simply not cached.

Entries are written atomically; a corrupt or unreadable entry is treated as a miss.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from functools import cache
from pathlib import Path
from typing import Any

from .atomic import write_bytes_atomic

CACHE_VERSION = "1"


@cache
def code_fingerprint() -> str:
    """A hash of cardkit's own source files (path, size, mtime): code changes invalidate caches."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(CACHE_VERSION.encode())
    for path in sorted(package.rglob("*.py")):
        st = path.stat()
        h.update(f"{path.relative_to(package)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


class CheckCache:
    """A folder of cache entries; ``root=None`` disables caching."""

    def __init__(self, root: Path | None) -> None:
        self.root = root

    def _entry(self, area: str, key: str, suffix: str) -> Path | None:
        if self.root is None:
            return None
        return self.root / area / f"{key}{suffix}"

    def report_key(self, parts: list[str]) -> str:
        """Key of a whole-run result from its ingredients."""
        h = hashlib.sha256(code_fingerprint().encode())
        for part in parts:
            h.update(part.encode("utf-8", "surrogateescape"))
            h.update(b"\0")
        return h.hexdigest()

    def get_report(self, key: str) -> dict[str, Any] | None:
        """A cached report as JSON data, or ``None``."""
        path = self._entry("results", key, ".json")
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def put_report(self, key: str, data: dict[str, Any]) -> None:
        """Store a report (best effort: an unwritable cache is not an error)."""
        path = self._entry("results", key, ".json")
        if path is not None:
            try:
                write_bytes_atomic(path, json.dumps(data).encode("utf-8"))
            except OSError:
                pass

    def get_parsed(self, digest: str) -> Any | None:
        """A cached parse result for a file content hash."""
        path = self._entry("parsed", f"{digest}-{code_fingerprint()}", ".marshal")
        if path is None or not path.is_file():
            return None
        try:
            return marshal.loads(path.read_bytes())
        except Exception:  # noqa: BLE001 - any corrupt entry is a miss
            return None

    def put_parsed(self, digest: str, value: Any) -> None:
        """Store a parse result (best effort)."""
        path = self._entry("parsed", f"{digest}-{code_fingerprint()}", ".marshal")
        if path is not None:
            try:
                write_bytes_atomic(path, marshal.dumps(value))
            except (OSError, ValueError):
                pass
