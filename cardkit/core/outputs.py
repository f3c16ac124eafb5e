"""Where cardkit may write, and what it may replace: the policy over :mod:`cardkit.core.atomic`.

Two kinds of writes exist:

* **Outputs** (PDFs, reports, exports, schemas) go through :func:`write_output`. An output is never
  written inside a content folder (symlinks resolved), with or without ``--force``. An existing file
  is replaced only when cardkit wrote it and nobody changed it since — or with ``--force``.
  What cardkit wrote is recorded beside the outputs, in ``.cardkit-outputs.json`` of each folder
  (file name -> SHA-256 of the bytes written), so the record travels with the folder and does not
  depend on the working directory or on the disposable cache.
* **Content** (``i18n import`` / ``confirm``) goes through :func:`write_content_files`: every target
  must resolve inside the content folder, and the set of files is written all or nothing.

File-system errors become :class:`OutputProblem` (a :class:`UsageProblem`, exit 2) with a plain
message: ``cannot write build/x.pdf: No space left on device``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .atomic import (BACKUP_PREFIX, clean_stale, existing_mode, fsync_dir, open_dir, stage,
                     temp_name, unlink_quietly, write_atomic)
from .errors import UsageProblem

RECORD_NAME = ".cardkit-outputs.json"
RECORD_VERSION = 1

Recognizer = Callable[[bytes], bool]


class OutputProblem(UsageProblem):
    """An output or content file cannot be written as asked (exit 2, no traceback)."""


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _bytes(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if os.path.lexists(candidate):
            return candidate
    return Path(".")


# --- the record of what cardkit wrote -------------------------------------------------------


def read_record(directory: Path) -> dict[str, str]:
    """File name -> SHA-256 of what cardkit last wrote there (empty when unknown or unreadable)."""
    try:
        data = json.loads((directory / RECORD_NAME).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}


def _save_record(directory: Path, name: str, digest: str) -> None:
    files = read_record(directory)
    files[name] = digest
    files = {k: v for k, v in files.items() if k == name or os.path.lexists(directory / k)}
    text = json.dumps({"version": RECORD_VERSION, "files": dict(sorted(files.items()))},
                      indent=1) + "\n"
    write_atomic(directory / RECORD_NAME, text.encode("utf-8"))


def written_by_cardkit(path: Path, ours: Recognizer | None = None) -> bool:
    """Whether ``path`` holds exactly what cardkit last wrote there.

    When the folder's record does not know the file, ``ours`` (if given) may recognise a file
    cardkit generates by its content (e.g. a committed JSON Schema).
    """
    target = path.resolve()
    try:
        data = target.read_bytes()
    except OSError:
        return False
    known = read_record(target.parent).get(target.name)
    if known is not None:
        return hashlib.sha256(data).hexdigest() == known
    return bool(ours and ours(data))


# --- outputs -------------------------------------------------------------------------------


def check_output(path: Path, *, force: bool, content_roots: Iterable[Path],
                 ours: Recognizer | None = None) -> Path:
    """Raise :class:`OutputProblem` unless ``path`` may be written; return it resolved.

    Call it before long work (a simulation) so that a refusal comes first, not last.
    Missing folders are made when the file is written (``mkdir -p``); a folder on the way that
    is a file is refused. A path the file system
    cannot even look at (a name too long, a loop of symbolic links) is refused the same way.
    """
    try:
        return _check_output(path, force, content_roots, ours)
    except OSError as exc:
        raise OutputProblem(f"cannot write {path}: {_reason(exc)}") from exc
    except RuntimeError as exc:  # Path.resolve on a symbolic link loop (Python < 3.13)
        raise OutputProblem(f"cannot write {path}: {exc}") from exc


def _check_output(path: Path, force: bool, content_roots: Iterable[Path],
                  ours: Recognizer | None) -> Path:
    target = path.resolve()
    for root in content_roots:
        if _inside(target, root.resolve()):
            raise OutputProblem(f"refusing to write {path}: it is inside the content folder "
                                f"{root} (outputs go elsewhere, e.g. build/; --force does not "
                                "change this)")
    if target.is_dir():
        raise OutputProblem(f"cannot write {path}: it is a folder; name a file")
    if target.name == RECORD_NAME:
        raise OutputProblem(f"cannot write {path}: cardkit keeps its record of outputs there")
    base = _nearest_existing(target.parent)
    if not base.is_dir():
        raise OutputProblem(f"cannot write {path}: {base} is not a folder")
    if not os.access(base, os.W_OK | os.X_OK):
        raise OutputProblem(f"cannot write {path}: Permission denied")
    if os.path.lexists(target) and not target.is_file():
        raise OutputProblem(f"cannot write {path}: it is not a regular file")
    if os.path.lexists(target) and not force and not written_by_cardkit(target, ours):
        raise OutputProblem(f"{path} exists and was not written by cardkit (or was changed "
                            "since); pass --force to replace it")
    return target


def write_output(path: Path, data: bytes | str, *, force: bool, content_roots: Iterable[Path],
                 ours: Recognizer | None = None, record: bool = True) -> Path:
    """Write a user-facing output file: checked (:func:`check_output`), atomic, recorded.

    ``data`` is bytes, or text written as UTF-8. ``record=False`` skips the record (for files
    ``ours`` recognises by content, such as schemas in a committed folder). Missing folders are
    made. A new file gets ``0o666 & ~umask``; a file it replaces keeps its
    permission bits (like ``open(path, "w")`` or a shell redirection). Returns ``path``.
    """
    roots = tuple(content_roots)
    target = check_output(path, force=force, content_roots=roots, ours=ours)
    raw = _bytes(data)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        dir_fd = open_dir(target.parent)
        try:
            _lock(dir_fd)
            write_atomic(target, raw)
            if record:
                _save_record(target.parent, target.name, hashlib.sha256(raw).hexdigest())
        finally:
            os.close(dir_fd)  # closing releases the lock
    except OSError as exc:
        raise OutputProblem(f"cannot write {path}: {_reason(exc)}") from exc
    return path


def _lock(dir_fd: int) -> None:
    """Serialise writers of one folder's record (best effort; not every system has flock)."""
    try:
        import fcntl

        fcntl.flock(dir_fd, fcntl.LOCK_EX)
    except (ImportError, OSError):
        pass


# --- content -------------------------------------------------------------------------------


def check_content_path(path: Path, content_root: Path) -> Path:
    """Raise :class:`OutputProblem` unless ``path`` resolves inside ``content_root``."""
    target = path.resolve()
    root = content_root.resolve()
    if not _inside(target, root) or target == root:
        raise OutputProblem(f"refusing to write {path}: it resolves to {target}, outside the "
                            f"content folder {content_root} (a symbolic link?)")
    if target.is_dir():
        raise OutputProblem(f"cannot write {path}: it is a folder")
    return target


@dataclass(slots=True)
class _Step:
    shown: Path
    target: Path
    data: bytes
    dir_fd: int = -1
    temp: str | None = None
    backup: str | None = None
    old: bytes | None = None  # the old bytes when no backup link could be made
    existed: bool = False
    replaced: bool = False


def write_content_files(changes: Mapping[Path, bytes | str], content_root: Path) -> None:
    """Write several content files all or nothing.

    Every target must resolve inside ``content_root``. Every new file is staged first (a failure
    there touches nothing); then each target is replaced, its old version kept as a hard-linked
    backup; on any failure the replaced files are restored. Raises :class:`OutputProblem`.
    """
    steps = [_Step(path, check_content_path(path, content_root), _bytes(data))
             for path, data in changes.items()]
    created: list[Path] = []
    current: _Step | None = None
    try:
        for step in steps:
            current = step
            created += _make_parents(step.target.parent)
            step.dir_fd = open_dir(step.target.parent)
            clean_stale(step.target.parent, step.dir_fd)
            step.existed = os.path.lexists(step.target)
            step.temp = stage(step.dir_fd, step.data, existing_mode(step.target))
        for step in steps:
            current = step
            if step.existed:
                _keep_old(step)
            os.replace(step.temp, step.target.name, src_dir_fd=step.dir_fd,
                       dst_dir_fd=step.dir_fd)
            step.temp, step.replaced = None, True
    except BaseException as exc:
        failed = _roll_back(steps, created)
        if isinstance(exc, OSError):
            shown = current.shown if current else content_root
            note = ("; nothing was changed" if not failed else
                    f"; could not restore {', '.join(str(p) for p in failed)}")
            raise OutputProblem(f"cannot write {shown}: {_reason(exc)}{note}") from exc
        raise
    else:
        for step in steps:
            if step.backup:
                unlink_quietly(step.dir_fd, step.backup)
            fsync_dir(step.dir_fd)
    finally:
        for step in steps:
            if step.dir_fd >= 0:
                os.close(step.dir_fd)


def _make_parents(directory: Path) -> list[Path]:
    missing = [d for d in (directory, *directory.parents) if not d.exists()]
    directory.mkdir(parents=True, exist_ok=True)
    return missing  # deepest first


def _keep_old(step: _Step) -> None:
    name = temp_name(BACKUP_PREFIX)
    try:
        os.link(step.target.name, name, src_dir_fd=step.dir_fd, dst_dir_fd=step.dir_fd,
                follow_symlinks=False)
        step.backup = name
    except OSError:  # no hard links here: keep the old bytes in memory instead
        step.old = step.target.read_bytes()


def _roll_back(steps: list[_Step], created: list[Path]) -> list[Path]:
    """Undo what :func:`write_content_files` did; return the files that could not be restored."""
    failed: list[Path] = []
    for step in reversed(steps):
        if step.dir_fd < 0:
            continue
        if step.temp:
            unlink_quietly(step.dir_fd, step.temp)
        try:
            if step.replaced and step.backup:
                os.replace(step.backup, step.target.name, src_dir_fd=step.dir_fd,
                           dst_dir_fd=step.dir_fd)
                step.backup = None
            elif step.replaced and step.old is not None:
                write_atomic(step.target, step.old)
            elif step.replaced and not step.existed:
                os.unlink(step.target.name, dir_fd=step.dir_fd)
        except OSError:
            failed.append(step.shown)
        if step.backup:
            unlink_quietly(step.dir_fd, step.backup)
    for directory in sorted(created, key=lambda d: len(d.parts), reverse=True):
        try:
            directory.rmdir()
        except OSError:
            pass
    return failed
