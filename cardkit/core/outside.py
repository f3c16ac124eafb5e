"""The paths outside its key that a check's verdict looked at: noted while the check runs, kept
with the verdict, and looked at again before the verdict is reused.

A check's cache key holds the hash of every content file, report and image before it runs. A
few checks also look at a path the key cannot know in advance: the schema file a modeline names
must exist (CK003), and which schema folder the message proposes depends on which folders exist.
Such a check calls :func:`note` with the path; :func:`noting` collects the notes of one check,
:func:`kinds` records what each path was (a file, a folder, nothing), and :func:`unchanged`
says whether they all still are — a cached verdict whose noted paths changed is a miss.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

_lock = threading.Lock()
_active: list[set[str]] = []  # the sets of the checks running now (nested checks note to all)


def note(path: str | os.PathLike[str]) -> None:
    """Note that the running check's verdict depends on what ``path`` is."""
    if _active:
        name = os.fspath(path)
        with _lock:
            for noted in _active:
                noted.add(name)


@contextmanager
def noting() -> Iterator[set[str]]:
    """Collect the paths :func:`note` is given while the block runs (in any thread)."""
    noted: set[str] = set()
    with _lock:
        _active.append(noted)
    try:
        yield noted
    finally:
        with _lock:
            _active.remove(noted)


def kind(path: str) -> str:
    """``"file"``, ``"dir"``, ``"other"`` or ``"none"`` (missing or unreadable), links followed."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return "none"
    if stat.S_ISREG(mode):
        return "file"
    return "dir" if stat.S_ISDIR(mode) else "other"


def kinds(paths: set[str]) -> dict[str, str]:
    """What each noted path is now, by path (sorted, for a stable record)."""
    return {p: kind(p) for p in sorted(paths)}


def unchanged(recorded: Mapping[str, str]) -> bool:
    """Whether every recorded path is still of the recorded kind."""
    return all(kind(p) == k for p, k in recorded.items())
