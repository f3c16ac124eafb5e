"""Caches for ``cardkit check``, keyed by content hashes.

Two levels, both under ``.cardkit-cache/`` (or ``--cache-dir``):

* **results**: the whole report of a run, keyed by the games, the SHA-256 of every content file
  and a fingerprint of cardkit's own code. A repeated check with nothing changed is answered from
  here without importing the models or parsing anything.
* **parsed**: one ``marshal`` entry per file content hash with the parsed data (or the loader's
  findings), so a run where one file changed re-parses only that file. ``marshal`` holds plain
  data only and cannot run code when read, unlike pickle; files whose data it cannot hold (YAML
  timestamps) are simply not cached.

Entries are written atomically. Any entry that cannot be read, decoded or turned back into a
report (a truncated file, ``{"foo": 1}``...) is a miss, and the fresh result overwrites it.

A result's key includes the working directory, because reports show paths relative to it: the
same content checked from another folder gets its own entry with its own paths.

**Pruning** (after every stored report): results keep the newest :data:`MAX_RESULTS` entries;
parsed files drop entries of other code versions (they can never match again), entries unused
for :data:`MAX_AGE_DAYS` days and, oldest first, whatever exceeds :data:`MAX_PARSED_BYTES`.
A hit refreshes its entry's modification time, so "newest" means "most recently used".
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from .atomic import write_bytes_atomic

CACHE_VERSION = "1"
MAX_RESULTS = 64  # whole-run reports kept (most recently used first)
MAX_AGE_DAYS = 30  # parsed-file entries unused this long are dropped
MAX_PARSED_BYTES = 256 * 1024 * 1024  # and the oldest beyond this total size


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

    def __init__(self, root: Path | None, max_results: int = MAX_RESULTS,
                 max_age_days: float = MAX_AGE_DAYS,
                 max_parsed_bytes: int = MAX_PARSED_BYTES) -> None:
        self.root = root
        self.max_results = max_results
        self.max_age = max_age_days * 86400.0
        self.max_parsed_bytes = max_parsed_bytes

    def _entry(self, area: str, key: str, suffix: str) -> Path | None:
        if self.root is None:
            return None
        return self.root / area / f"{key}{suffix}"

    def report_key(self, parts: list[str]) -> str:
        """Key of a whole-run result from its ingredients (and the working directory, which
        the report's paths are relative to)."""
        h = hashlib.sha256(code_fingerprint().encode())
        try:
            cwd = str(Path.cwd().resolve())
        except OSError:  # the working directory was deleted: such a run is never cached twice
            cwd = "?"
        h.update(cwd.encode("utf-8", "surrogateescape") + b"\0")
        for part in parts:
            h.update(part.encode("utf-8", "surrogateescape"))
            h.update(b"\0")
        return h.hexdigest()

    def get_report(self, key: str, load: Callable[[dict[str, Any]], Any] | None = None
                   ) -> Any:
        """A cached report, or ``None`` on a miss.

        Without ``load`` the JSON object itself; with it, ``load(data)``, and an entry that
        ``load`` rejects with any exception (the wrong structure) is a miss too.
        """
        path = self._entry("results", key, ".json")
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        if load is not None:
            try:
                data = load(data)
            except Exception:  # noqa: BLE001 - an ill-formed entry is a miss, never a crash
                return None
        _touch(path)
        return data

    def put_report(self, key: str, data: dict[str, Any]) -> None:
        """Store a report (best effort: an unwritable cache is not an error)."""
        path = self._entry("results", key, ".json")
        if path is not None:
            try:
                write_bytes_atomic(path, json.dumps(data).encode("utf-8"))
            except OSError:
                return
            self.prune()

    def get_parsed(self, digest: str) -> Any | None:
        """A cached parse result for a file content hash."""
        path = self._entry("parsed", f"{digest}-{code_fingerprint()}", ".marshal")
        if path is None or not path.is_file():
            return None
        try:
            value = marshal.loads(path.read_bytes())
        except Exception:  # noqa: BLE001 - any corrupt entry is a miss
            return None
        _touch(path)
        return value

    def put_parsed(self, digest: str, value: Any) -> None:
        """Store a parse result (best effort)."""
        path = self._entry("parsed", f"{digest}-{code_fingerprint()}", ".marshal")
        if path is not None:
            try:
                write_bytes_atomic(path, marshal.dumps(value))
            except (OSError, ValueError):
                pass

    def prune(self) -> int:
        """Drop old entries (see the module docstring); return how many were removed.

        Best effort: entries another process removes meanwhile, or that cannot be removed, are
        skipped.
        """
        if self.root is None:
            return 0
        removed = 0
        results = _entries(self.root / "results")
        results.sort(key=lambda e: e[1], reverse=True)  # newest first
        for path, _, _ in results[self.max_results:]:
            removed += _unlink(path)
        now = time.time()
        suffix = f"-{code_fingerprint()}.marshal"
        kept: list[tuple[Path, float, int]] = []
        for entry in _entries(self.root / "parsed"):
            path, mtime, _ = entry
            if not path.name.endswith(suffix) or now - mtime > self.max_age:
                removed += _unlink(path)
            else:
                kept.append(entry)
        kept.sort(key=lambda e: e[1], reverse=True)
        total = 0
        for path, _, size in kept:
            total += size
            if total > self.max_parsed_bytes:
                removed += _unlink(path)
        return removed


def _entries(folder: Path) -> list[tuple[Path, float, int]]:
    """(path, mtime, size) of the entries of a cache area (temporary files left out)."""
    out = []
    try:
        with os.scandir(folder) as it:
            for item in it:
                if item.name.startswith("."):
                    continue
                try:
                    st = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                out.append((Path(item.path), st.st_mtime, st.st_size))
    except OSError:
        return []
    return out


def _unlink(path: Path) -> int:
    try:
        path.unlink()
    except OSError:
        return 0
    return 1


def _touch(path: Path) -> None:
    """Mark an entry as just used (for pruning); a read-only cache is fine."""
    try:
        os.utime(path)
    except OSError:
        pass


def read_record(path: Path | None, version: int, field: str, code: str | None = None
                ) -> dict[str, Any]:
    """The ``field`` mapping of a JSON record kept between runs (``{"version": ..., field:
    {...}}``, with ``code`` when given: the code fingerprint it was made by); empty when the
    file is missing, unreadable, not such a record, or of another version or code."""
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != version \
            or (code is not None and data.get("code") != code) \
            or not isinstance(data.get(field), dict):
        return {}
    return data[field]  # type: ignore[no-any-return]


def write_record(path: Path, data: dict[str, Any]) -> None:
    """Write a JSON record kept between runs, atomically; a cache, so a failure to write is
    ignored (the next run works it out again)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, json.dumps(data, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass
