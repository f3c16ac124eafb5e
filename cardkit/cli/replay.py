"""A ``cardkit check`` answered in the time of a ``stat``: the recorded output of the same check,
replayed while every input it read is as it was — the way make and git decide that nothing
changed.

The ``cardkit`` program (:func:`cardkit.cli.run`) records each check in the cache folder
(``replay/<key>``, where the key hashes the command line, the working directory, the
environment variables cardkit reads or its output depends on, whether stdout and stderr are
terminals, and the Python that runs it and its import path):

* what the check printed, as a repeated check prints it (the summary says "(cached)"), and its
  exit code;
* one digest of the signatures — kind, size, modification and change times in nanoseconds,
  inode — of every file below the content folder and the names in each of its folders (hidden
  ones left out, as the check leaves them out, and the cache folder; links followed), the same
  of cardkit's own package, and of each folder on ``sys.path`` its times (installing or
  removing a plug-in changes one);
* what the paths outside the content that the check looked at were (a file, a folder, nothing:
  :mod:`cardkit.core.outside`).

The next identical command computes the same digest; if it and the outside paths match, it
prints the recorded output and exits with the recorded code, without importing click, pydantic
or any content. Any difference — a byte more in a file, a touched file, a file added, removed
or renamed, a new folder — sends it to the full check, which answers from the hash-keyed result
cache when only times changed (and records again).

**Racing edits**: a record is written only when the signatures taken before the check are the
same after it, and nothing changed in the :data:`RACY_NS` before the check began: a write in
the same clock tick as the check's read could leave a file's signature as it was (git's
"racily clean" entries). Such a check is simply not recorded; the next one is.

This module imports only the standard library (and :mod:`cardkit.core.outside`), so that a
replayed check costs the interpreter's start and a few hundred ``stat`` calls.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import time
from collections.abc import Iterator

from ..core import outside

VERSION = 1
#: How long before a check began a change makes its record unsafe (file systems with a
#: coarse clock tick: FAT's is 2 s).
RACY_NS = 2_000_000_000
#: The environment variables a check's output may depend on.
ENV_PREFIXES = ("CARDKIT_", "LC_")
ENV_NAMES = frozenset({"LANG", "LANGUAGE", "NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS",
                       "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONPATH"})
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CACHE = ".cardkit-cache"
MAX_RECORDS = 64  # records kept (the most recently used)

_armed: list[str] | None = None  # the command line of the running program, once armed


def _key_parts(argv: list[str]) -> tuple[object, ...]:
    env = sorted((k, v) for k, v in os.environ.items()
                 if k.startswith(ENV_PREFIXES) or k in ENV_NAMES)
    return (VERSION, tuple(argv), os.getcwd(), tuple(env), _isatty(sys.stdout),
            _isatty(sys.stderr), sys.executable, sys.version, tuple(sys.path))


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _cache_dir(argv: list[str]) -> str | None:
    """The ``--cache-dir`` of a ``check`` command line (the default when none), ``None`` when
    the command is no check or does not use the cache."""
    if not argv or argv[0] != "check" or "--no-cache" in argv:
        return None
    found = DEFAULT_CACHE
    for i, arg in enumerate(argv):
        if arg == "--cache-dir" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--cache-dir="):
            found = arg.split("=", 1)[1]
    return found


def _entry_path(cache_dir: str, parts: tuple[object, ...]) -> str:
    key = hashlib.sha256(marshal.dumps(parts)).hexdigest()[:32]
    return os.path.join(cache_dir, "replay", key)


def _walk(root: str, skip: frozenset[str]) -> Iterator[tuple[str, tuple[object, ...]]]:
    """``(path, signature)`` of everything below ``root``: a file's :func:`_signature`, a
    folder's visible names (a hidden file added — an editor's swap file — changes nothing the
    check reads); hidden names, ``__pycache__`` and the paths in ``skip`` left out, links
    followed, each folder entered once."""
    entered: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
            with os.scandir(folder) as it:
                names = sorted(e.name for e in it
                               if not e.name.startswith(".") and e.name != "__pycache__")
        except OSError:
            yield folder, (0,)
            continue
        if (st.st_dev, st.st_ino) in entered:
            continue
        entered.add((st.st_dev, st.st_ino))
        yield folder, ("dir", *names)
        for name in names:
            path = os.path.join(folder, name)
            if path in skip:
                continue
            try:
                st = os.stat(path)
            except OSError:
                yield path, (0,)
                continue
            if os.path.isdir(path):
                stack.append(path)
            else:
                yield path, _signature(st)


def _signature(st: os.stat_result) -> tuple[int, ...]:
    """A file's kind, size, modification and change times (ns) and inode."""
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def signatures(content_dir: str, cache_dir: str) -> list[tuple[str, tuple[object, ...]]]:
    """The signatures a record is checked against: the content folder, cardkit's package and
    the folders on ``sys.path`` (see the module docstring)."""
    skip = frozenset({os.path.abspath(cache_dir)})
    out = list(_walk(os.path.abspath(content_dir), skip))
    out += _walk(PACKAGE, skip)
    for entry in sys.path:
        folder = os.path.abspath(entry or ".")
        try:
            out.append((folder, _signature(os.stat(folder))))
        except OSError:
            out.append((folder, (0,)))
    return out


def _changed_since(sig: tuple[object, ...], since: int) -> bool:
    """Whether a file's signature says it changed after ``since`` (its change time)."""
    return sig[0] != "dir" and len(sig) == 5 and int(sig[3]) > since  # type: ignore[call-overload]


def _digest(sigs: list[tuple[str, tuple[object, ...]]]) -> bytes:
    return hashlib.sha256(marshal.dumps(sigs)).digest()


def answer(argv: list[str]) -> None:
    """Print the recorded output of this check and exit with its code, when every input is as
    it was; return (and let the full check run) otherwise, or on any problem with the record."""
    cache_dir = _cache_dir(argv)
    if cache_dir is None:
        return
    parts = _key_parts(argv)
    try:
        with open(_entry_path(cache_dir, parts), "rb") as f:
            entry = marshal.loads(f.read())
        if not isinstance(entry, dict) or entry.get("parts") != parts:
            return
        sigs = signatures(entry["content"], entry["cache"])
        if _digest(sigs) != entry["inputs"] or not outside.unchanged(entry["outside"]):
            return
        out, err, code = entry["out"], entry["err"], entry["code"]
        if not (isinstance(out, str) and isinstance(err, str) and isinstance(code, int)):
            return
    except Exception:  # noqa: BLE001 - a missing, old or broken record is a miss
        return
    try:
        os.utime(_entry_path(cache_dir, parts))  # used now (pruning keeps the recent ones)
    except OSError:
        pass
    sys.stdout.write(out)
    sys.stdout.flush()
    sys.stderr.write(err)
    sys.exit(code)


def arm(argv: list[str]) -> None:
    """Let the checks of this program record themselves (only the ``cardkit`` program does:
    a check called as a library or under a test runner records nothing)."""
    global _armed
    _armed = list(argv)


def program() -> bool:
    """Whether this process is the ``cardkit`` program (armed by :func:`cardkit.cli.run`), not
    a test runner or a library caller."""
    return _armed is not None


class Recorder:
    """The signatures of a check's inputs taken before it runs; :meth:`save` writes the record
    when they are the same after it and none is racy (see the module docstring)."""

    def __init__(self, content_dir: str, cache_dir: str) -> None:
        self.content_dir = os.path.abspath(content_dir)
        self.cache_dir = os.path.abspath(cache_dir)
        self.began = time.time_ns()
        self.before = signatures(self.content_dir, self.cache_dir)

    def save(self, out: str, err: str, code: int, noted: dict[str, str]) -> bool:
        """Write the record (atomically, best effort); whether it was written."""
        if _armed is None:
            return False
        after = signatures(self.content_dir, self.cache_dir)
        since = self.began - RACY_NS
        if after != self.before or any(_changed_since(sig, since) for _, sig in after):
            return False
        parts = _key_parts(_armed)
        entry = {"parts": parts, "content": self.content_dir, "cache": self.cache_dir,
                 "inputs": _digest(after), "outside": dict(noted), "out": out, "err": err,
                 "code": code}
        path = _entry_path(self.cache_dir, parts)
        from ..core.atomic import write_bytes_atomic  # the full check has paid for it

        try:
            write_bytes_atomic(path, marshal.dumps(entry))
        except (OSError, ValueError):
            return False
        _prune(os.path.dirname(path))
        return True


def _is_record(name: str) -> bool:
    """Whether a file name is a record's (the key: 32 hexadecimal digits)."""
    return len(name) == 32 and all(c in "0123456789abcdef" for c in name)


def _prune(folder: str) -> None:
    """Keep the :data:`MAX_RECORDS` most recently used records (best effort); a file named
    otherwise is not cardkit's record and stays."""
    try:
        with os.scandir(folder) as it:
            found = [(e.stat().st_mtime_ns, e.path) for e in it if _is_record(e.name)]
    except OSError:
        return
    for _, path in sorted(found, reverse=True)[MAX_RECORDS:]:
        try:
            os.unlink(path)
        except OSError:
            pass


def recorder(content_dir: str, cache_dir: str | None) -> Recorder | None:
    """A recorder for a check of ``content_dir`` by the ``cardkit`` program with a cache;
    ``None`` otherwise."""
    if _armed is None or cache_dir is None:
        return None
    return Recorder(content_dir, cache_dir)
