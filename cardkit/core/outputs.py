"""Where cardkit may write, and what it may replace: the policy over :mod:`cardkit.core.atomic`.

Two kinds of writes exist:

* **Outputs** (PDFs, reports, exports, schemas) go through :func:`write_output`. An output is never
  written inside a content folder (symlinks resolved), with or without ``--force``. What cardkit
  wrote is recorded beside the outputs, in ``.cardkit-outputs.json`` of each folder
  (:mod:`cardkit.core.manifest`: file name -> SHA-256 of the bytes written, and the content
  folder they were made from), so the record travels with the folder and does not depend on the
  working directory or on the disposable cache. An existing file is replaced only when a record
  lists it (this folder's, a folder's above it, or an older cardkit's); nothing is recognised by
  its content (an annotated copy of a cardkit PDF is somebody's file). When it was changed
  since, was made from another content folder or is part of a folder output (a site, an
  export), only with ``--force``. A file cardkit did not write is never replaced, whatever
  ``--force`` says. A record that exists but cannot be read stops the command at once
  (:class:`~cardkit.core.manifest.UnreadableManifest`, exit 2), before any work.
  Folder outputs (``site``, ``export``, ``init``) go through
  :class:`~cardkit.core.outdir.FolderOutput`.
* **Content** (``i18n import`` / ``confirm``) goes through :func:`write_content_files`: every target
  must resolve inside the content folder, and the set of files is written all or nothing.

File-system errors become :class:`OutputProblem` (a :class:`UsageProblem`, exit 2) with a plain
message: ``cannot write build/x.pdf: No space left on device``.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .atomic import (BACKUP_PREFIX, clean_stale, existing_mode, fsync_dir, open_dir, stage,
                     temp_name, unlink_quietly, write_atomic)
from .manifest import MANIFEST, lookup, origin_of, read_manifest, record_file
from .outdir import OutputProblem
from .outdir import reason as _reason

RECORD_NAME = MANIFEST
__all__ = ["RECORD_NAME", "OutputProblem", "check_content_path", "check_output",
           "distinct_outputs", "read_record", "write_content_files", "write_output",
           "written_by_cardkit"]


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
    return dict(read_manifest(directory).files)


def written_by_cardkit(path: Path) -> bool:
    """Whether ``path`` holds exactly what cardkit last wrote there (by the records only)."""
    target = path.resolve()
    try:
        data = target.read_bytes()
    except OSError:
        return False
    known = lookup(target)
    if known is not None and known.digest is not None:
        return hashlib.sha256(data).hexdigest() == known.digest
    return known is not None  # an older site's file: covered by its marker


# --- outputs -------------------------------------------------------------------------------


def distinct_outputs(*paths: Path | None) -> None:
    """Raise :class:`OutputProblem` when two outputs of one command are the same file (``simulate
    -o X --report X``): one would silently replace the other. Call it before any work."""
    seen: dict[Path, Path] = {}
    for path in paths:
        if path is None:
            continue
        try:
            key = Path(path).resolve()
        except (OSError, RuntimeError):
            key = Path(os.path.abspath(path))
        if key in seen:
            raise OutputProblem(f"{seen[key]} and {path} name the same file; give each output "
                                "its own name")
        seen[key] = Path(path)


def check_output(path: Path, *, force: bool, content_roots: Iterable[Path],
                 made_from: Path | None = None, origin: bool = True) -> Path:
    """Raise :class:`OutputProblem` unless ``path`` may be written; return it resolved.

    Call it before long work (a simulation) so that a refusal comes first, not last.
    Missing folders are made when the file is written (``mkdir -p``); a folder on the way that
    is a file is refused. A path the file system
    cannot even look at (a name too long, a loop of symbolic links) is refused the same way.
    ``made_from`` is the content folder the output is made from (default: the one content
    root, when there is one): an existing output recorded as made from another one is replaced
    only with ``force``. ``origin=False``: the output is not made from a content folder (a
    schema), so none is recorded or compared. The records of the folder the file goes into (and
    of the folders above it) must be readable.
    """
    roots = tuple(content_roots)
    source = _source(roots, made_from, origin)
    try:
        return _check_output(path, force, roots, source)
    except OSError as exc:
        raise OutputProblem(f"cannot write {path}: {_reason(exc)}") from exc
    except RuntimeError as exc:  # Path.resolve on a symbolic link loop (Python < 3.13)
        raise OutputProblem(f"cannot write {path}: {exc}") from exc


def _source(roots: tuple[Path, ...], made_from: Path | None, origin: bool) -> Path | None:
    if not origin:
        return None
    return made_from if made_from is not None else (roots[0] if len(roots) == 1 else None)


def _check_output(path: Path, force: bool, content_roots: Iterable[Path],
                  source: Path | None) -> Path:
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
    if target.parent.is_dir():
        read_manifest(target.parent)  # an unreadable record stops the command now, not after
    if os.path.lexists(target):
        _may_replace(path, target, force, source)
    return target


def _may_replace(path: Path, target: Path, force: bool, source: Path | None) -> None:
    """Refuse to replace a file cardkit did not write (always), or without ``force`` one that
    was changed since, made from another content folder, or is part of a folder output."""
    known = lookup(target)
    data = target.read_bytes()
    if known is None:
        raise OutputProblem(f"{path} exists and cardkit did not write it (no {RECORD_NAME} "
                            "lists it); --force replaces only cardkit's own outputs: choose "
                            "another output name, or move the file away")
    if force:
        return
    again = "pass --force to replace it, or choose another --out"
    if known.digest is not None and hashlib.sha256(data).hexdigest() != known.digest:
        raise OutputProblem(f"{path} was written by cardkit but changed since; {again}")
    if known.part_of is not None:
        made = known.origin.command if known.origin and known.origin.command else "cardkit"
        raise OutputProblem(f"{path} is part of {known.part_of} (written by `cardkit {made}` "
                            f"as a whole); {again}")
    if known.origin is not None and known.origin.other_content(source):
        raise OutputProblem(f"{path} was made from another content folder "
                            f"({known.origin.content or 'unknown'}); {again}")


def write_output(path: Path, data: bytes | str, *, force: bool, content_roots: Iterable[Path],
                 record: bool = True, made_from: Path | None = None,
                 origin: bool = True) -> Path:
    """Write a user-facing output file: checked (:func:`check_output`), atomic, recorded.

    ``data`` is bytes, or text written as UTF-8. ``record=False`` skips the record (the caller
    keeps it: ``cardkit schema`` records a whole schema folder in one manifest at its top).
    ``origin=False``: not made from a content folder (see :func:`check_output`). Missing
    folders are made. A new file gets ``0o666 & ~umask``; a file it replaces keeps its
    permission bits (like ``open(path, "w")`` or a shell redirection). The record names the
    content folder the file was made from (``made_from``, default: the one content root).
    Returns ``path``.
    """
    roots = tuple(content_roots)
    source = _source(roots, made_from, origin)
    target = check_output(path, force=force, content_roots=roots, made_from=source,
                          origin=origin)
    raw = _bytes(data)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        dir_fd = open_dir(target.parent)
        try:
            _lock(dir_fd)
            write_atomic(target, raw)
            if record:
                text = record_file(target.parent, target.name, hashlib.sha256(raw).hexdigest(),
                                   origin_of(None, source))
                write_atomic(target.parent / RECORD_NAME, text)
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
