"""The one low-level write primitive under every file cardkit writes.

A write is **atomic** (readers see the old file or the new one, never half of one), **honours the
umask** (a new file gets ``0o666 & ~umask``, exactly like ``open(path, "w")``; an existing file keeps
its permission bits) and **leaves no debris**:

* the bytes go into an anonymous ``O_TMPFILE`` inode where the OS supports it, so a process killed
  while writing leaves nothing behind; the inode is then linked under a temporary name and renamed
  over the target;
* otherwise (or for that last instant) the temporary file is named ``.cardkit-tmp.<pid>.<token>``;
  every write to a folder first removes such names whose process is gone (or that are older than
  an hour). Content discovery ignores dot files, so a temporary file is never read as content.

Policy — where cardkit may write and what it may replace — lives in :mod:`cardkit.core.outputs`;
this module only knows how to put bytes on disk safely. A failed write raises :class:`WriteFailed`,
which is both an ``OSError`` (best-effort writers such as the cache ignore it) and a
:class:`~cardkit.core.errors.UsageProblem` (the CLI prints ``cardkit: cannot write PATH: reason``
and exits 2 instead of reporting an internal error).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

from .errors import UsageProblem

TEMP_PREFIX = ".cardkit-tmp."
BACKUP_PREFIX = ".cardkit-bak."
STALE_AFTER = 3600.0  # seconds; a temporary file this old is debris even if its pid is alive
_DEBRIS = re.compile(r"^\.cardkit-(?:tmp|bak)\.(\d+)\.[0-9a-f]{12}$")
_LEGACY = re.compile(r"^\.(.+)\.[a-z0-9_]{8}\.tmp$")  # mkstemp names of cardkit <= 0.x
_O_TMPFILE = getattr(os, "O_TMPFILE", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class WriteFailed(UsageProblem, OSError):
    """A file could not be written: ``cannot write PATH: reason`` (``errno`` kept)."""

    def __init__(self, path: Path, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        super().__init__(f"cannot write {path}: {reason}")
        self.errno, self.strerror, self.filename = exc.errno, reason, str(path)


def temp_name(prefix: str = TEMP_PREFIX) -> str:
    """A fresh, recognisable name for a temporary (or backup) file."""
    return f"{prefix}{os.getpid()}.{secrets.token_hex(6)}"


def open_dir(directory: Path) -> int:
    """A file descriptor of a folder (for ``*_dir_fd`` calls, ``fsync`` and ``flock``)."""
    return os.open(directory, os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC)


def existing_mode(path: Path) -> int | None:
    """Permission bits of ``path`` when it is an existing regular file, else ``None``."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (``os.write`` may write less than asked)."""
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        view = view[done:]


def unlink_quietly(dir_fd: int, name: str) -> None:
    """Remove ``name`` in a folder; a missing file is fine."""
    try:
        os.unlink(name, dir_fd=dir_fd)
    except OSError:
        pass


def fsync_dir(dir_fd: int) -> None:
    """Make a rename durable (best effort: some file systems refuse to fsync folders)."""
    try:
        os.fsync(dir_fd)
    except OSError:
        pass


def _fill(fd: int, data: bytes, mode: int | None) -> None:
    if mode is not None:
        os.fchmod(fd, mode)
    _write_all(fd, data)
    os.fsync(fd)


def stage(dir_fd: int, data: bytes, mode: int | None = None) -> str:
    """Write ``data`` to a new temporary file in a folder; return its name (in that folder).

    ``mode=None`` lets the umask decide (``0o666 & ~umask``); otherwise the bits are set exactly.
    On any failure nothing is left behind and the error is raised.
    """
    name = temp_name()
    if _O_TMPFILE:
        try:
            fd = os.open(".", _O_TMPFILE | os.O_WRONLY | _O_CLOEXEC, 0o666, dir_fd=dir_fd)
        except OSError:
            fd = -1  # not supported here: fall back to a named temporary file
        if fd >= 0:
            try:
                _fill(fd, data, mode)
                try:
                    os.link(f"/proc/self/fd/{fd}", name, dst_dir_fd=dir_fd)
                    return name
                except OSError as exc:
                    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                        raise
                    # no /proc, or a file system that cannot link it: write it again, named
            finally:
                os.close(fd)
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_CLOEXEC, 0o666,
                 dir_fd=dir_fd)
    try:
        _fill(fd, data, mode)
    except BaseException:
        os.close(fd)
        unlink_quietly(dir_fd, name)
        raise
    os.close(fd)
    return name


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (someone else's live process counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: somebody else's live process
        return True
    return True


def clean_stale(directory: Path, dir_fd: int | None = None) -> list[str]:
    """Remove cardkit's leftover temporary and backup files in a folder; return their names.

    A ``.cardkit-tmp.<pid>.<token>`` (or ``.cardkit-bak.…``) file is stale when its process no
    longer runs or it is older than :data:`STALE_AFTER`. Old-style ``.<name>.XXXXXXXX.tmp`` files
    are removed when ``<name>`` exists beside them and they are older than that.
    """
    removed: list[str] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    hidden = [n for n in names if n.startswith(".")]  # cheap: cache folders hold many files
    if not hidden:
        return removed
    present = set(names)
    now = time.time()
    for name in hidden:
        match = _DEBRIS.match(name)
        legacy = None if match else _LEGACY.match(name)
        if not match and not (legacy and legacy.group(1) in present):
            continue
        try:
            st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False) if dir_fd is not None \
                else os.lstat(directory / name)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        old = now - st.st_mtime > STALE_AFTER
        if match:
            pid = int(match.group(1))
            stale = old or (pid != os.getpid() and not process_alive(pid))
        else:
            stale = old
        if stale:
            try:
                if dir_fd is not None:
                    os.unlink(name, dir_fd=dir_fd)
                else:
                    os.unlink(directory / name)
                removed.append(name)
            except OSError:
                pass
    return removed


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Replace (or create) ``path`` with ``data`` atomically; create missing parent folders.

    No policy is applied: callers decide whether ``path`` may be written
    (see :func:`cardkit.core.outputs.write_output`). Raises :class:`WriteFailed`.
    """
    path = Path(path)
    try:
        _write_atomic(path, data, mode)
    except WriteFailed:
        raise
    except OSError as exc:
        raise WriteFailed(path, exc) from exc


def _write_atomic(path: Path, data: bytes, mode: int | None) -> None:
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    if mode is None:
        mode = existing_mode(path)
    dir_fd = open_dir(directory)
    try:
        clean_stale(directory, dir_fd)
        tmp = stage(dir_fd, data, mode)
        try:
            os.replace(tmp, path.name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except BaseException:
            unlink_quietly(dir_fd, tmp)
            raise
        fsync_dir(dir_fd)
    finally:
        os.close(dir_fd)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Atomic, umask-honouring write without overwrite rules (caches, ``fmt``).

    Kept for callers that write files cardkit owns outright; user-named outputs go through
    :func:`cardkit.core.outputs.write_output`, content files through
    :func:`cardkit.core.outputs.write_content_files`.
    """
    write_atomic(path, data)


def write_text_atomic(path: Path, text: str) -> None:
    """UTF-8 text version of :func:`write_bytes_atomic` (newlines written as given)."""
    write_atomic(path, text.encode("utf-8"))
