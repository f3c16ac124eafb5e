"""Replacing an output folder without losing anybody's files.

**Folder outputs** (:class:`FolderOutput`: ``site``, ``export``, ``init``) are built in a
temporary sibling and renamed into place at the end, so an interrupted or failing command leaves
the previous output as it was and no debris. The temporary folder, and the previous output while
it is moved aside, have strict names, ``.cardkit-staging.<pid>.<16 hex>`` and
``.cardkit-retired.<pid>.<16 hex>``, and hold an in-progress marker (``.cardkit-in-progress``)
written before anything else. Only a folder with such a name *and* the marker, whose process is
gone (or that is older than a day), is debris of a killed run: :func:`clean_debris` removes it
(a staging folder whole, a retired one by its manifest), and :func:`survey` counts it as
cardkit's, never as a foreign file. Nothing else beside an output is ever removed. The folder's
manifest, ``.cardkit-outputs.json`` (:mod:`cardkit.core.manifest`), lists every file written and
the command and content folder that made them. The previous folder is replaced only when every
file in it is listed in its manifest; then exactly the listed files are removed. The rules, for a
target that exists and is not empty:

* a file (or empty folder) the manifest does not list is *foreign*: the command stops, naming
  the folder and a few of those files; ``--force`` never changes this;
* a listed file that was changed since, a folder made by another command or from another
  content folder, or a folder of single outputs: replaced only with ``--force``.

An older cardkit's records (version 1, no origin) count as cardkit's own output of the same kind,
so ``make run`` repeats without ``--force`` after an upgrade. An older site's ``.cardkit-site``
marker vouches only for the files an older ``cardkit site`` could have written there
(:func:`~cardkit.core.manifest.legacy_site_file`: pages, assets, search index, card images); any
other file in that folder is foreign and stops the command, ``--force`` or not. cardkit's own
check cache (``.cardkit-cache/`` at the top of the folder) is cardkit's, not foreign: it is
disposable and goes with the folder.

A folder output never lies inside a content folder, and never holds the content or the working
folder. File-system errors become :class:`OutputProblem` (exit 2) with a plain message.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import process_alive
from .errors import UsageProblem
from .manifest import (LEGACY_SITE_MARKER, MANIFEST, Manifest, Origin, content_tag,
                       default_build_dir, digest_of, legacy_site_file, origin_of, read_manifest)

__all__ = ["IN_PROGRESS", "LEGACY_SITE_MARKER", "MANIFEST", "FolderOutput", "OutputProblem",
           "Survey", "clean_debris", "content_tag", "default_build_dir", "is_output", "put",
           "read_manifest", "remove_listed", "survey", "work_folder", "work_name"]
TMP_TAG = "staging"
OLD_TAG = "retired"
IN_PROGRESS = ".cardkit-in-progress"  # written first into a staging or retired folder
CACHE_DIR = ".cardkit-cache"  # cardkit's check cache (cardkit.core.loading.DEFAULT_CACHE_DIR)
DEBRIS_AFTER = 24 * 3600.0  # seconds: a work folder this old is debris even if its pid runs
_WORK = re.compile(rf"^\.cardkit-({TMP_TAG}|{OLD_TAG})\.(\d+)\.[0-9a-f]{{16}}$")
_ATOMIC_DEBRIS = re.compile(r"^\.cardkit-(?:tmp|bak)\.\d+\.[0-9a-f]{12}$")
_SHOWN = 2  # foreign or changed files named in a message


class OutputProblem(UsageProblem):
    """An output or content file cannot be written as asked (exit 2, no traceback)."""


def reason(exc: OSError) -> str:
    """The plain reason of a file-system error (``No space left on device``)."""
    return exc.strerror or str(exc)


# -- what an existing folder holds -----------------------------------------------------------

@dataclass(slots=True)
class Survey:
    """An existing output folder, sorted by what may happen to each entry."""

    listed: list[str] = field(default_factory=list)  # cardkit's files, removed on replace
    foreign: list[str] = field(default_factory=list)  # never removed
    changed: list[str] = field(default_factory=list)  # listed, but not what cardkit wrote
    singles: list[str] = field(default_factory=list)  # single outputs written into it
    busy: list[str] = field(default_factory=list)  # work folders of a cardkit run still going
    output: Origin | None = None  # what made the folder (None: not a folder output)


def _walk(root: Path) -> tuple[dict[str, os.DirEntry[str]], list[str]]:
    """Every entry under ``root`` that is not a folder (by path relative to it), and every
    folder; symbolic links are entries, never followed."""
    entries: dict[str, os.DirEntry[str]] = {}
    folders: list[str] = []
    todo = [""]
    while todo:
        rel = todo.pop()
        with os.scandir(root / rel if rel else root) as it:
            for entry in it:
                sub = f"{rel}/{entry.name}" if rel else entry.name
                if entry.is_dir(follow_symlinks=False):
                    folders.append(sub)
                    todo.append(sub)
                else:
                    entries[sub] = entry
    return entries, folders


def work_folder(path: Path) -> tuple[str, int] | None:
    """``(kind, pid)`` when ``path`` is a work folder of a cardkit run (a staging or retired
    folder: strict name, a real folder, the in-progress marker inside), else ``None``."""
    match = _WORK.match(path.name)
    if match is None or path.is_symlink() or not (path / IN_PROGRESS).is_file() \
            or (path / IN_PROGRESS).is_symlink():
        return None
    return match.group(1), int(match.group(2))


def _stale(path: Path, pid: int) -> bool:
    """Whether the run that made the work folder ``path`` is over (its process gone, or the
    folder older than :data:`DEBRIS_AFTER`)."""
    try:
        aged = time.time() - (path / IN_PROGRESS).stat().st_mtime > DEBRIS_AFTER
    except OSError:
        return False
    return aged or (pid != os.getpid() and not process_alive(pid))


def _work_marker(folder: Path) -> None:
    """Write the in-progress marker into a fresh work folder."""
    put(folder, IN_PROGRESS, json.dumps({"pid": os.getpid(), "started": time.time()}) + "\n")


def work_name(kind: str) -> str:
    """A fresh name for a work folder: ``.cardkit-<kind>.<pid>.<16 hex>``."""
    return f".cardkit-{kind}.{os.getpid()}.{secrets.token_hex(8)}"


def survey(root: Path) -> Survey:
    """What the folder ``root`` holds, by the records in it (see the module docstring)."""
    entries, folders = _walk(root)
    top = read_manifest(root)
    found = Survey(output=top.output)
    work = []  # work folders of cardkit runs below root: never foreign
    for folder in folders:
        made = work_folder(root / folder)
        if made is None or any(folder.startswith(w + "/") for w in work):
            continue
        work.append(folder)
        if not _stale(root / folder, made[1]):
            found.busy.append(folder + "/")
    cache = [CACHE_DIR] if CACHE_DIR in folders else []
    skipped = tuple(f + "/" for f in work + cache)
    found.listed += sorted(rel for rel in entries if rel.startswith(skipped))
    entries = {rel: e for rel, e in entries.items() if not rel.startswith(skipped)}
    folders = [f for f in folders if f not in work + cache and not f.startswith(skipped)]
    covered: dict[str, tuple[str | None, bool]] = {}  # rel -> (digest, a single output)
    for rel, digest in top.files.items():
        covered[rel] = (digest, top.single(rel))
    bookkeeping: set[str] = set()
    for folder in ["", *folders]:
        prefix = f"{folder}/" if folder else ""
        if f"{prefix}{MANIFEST}" in entries:
            bookkeeping.add(f"{prefix}{MANIFEST}")
            if folder:  # a record below: single outputs written there (or an older export's)
                below = read_manifest(root / folder)
                for name, digest in below.files.items():
                    covered.setdefault(prefix + name, (digest, below.single(name)))
    if top.legacy_site:  # only the files an older site could have written
        bookkeeping.add(LEGACY_SITE_MARKER)
        for rel in entries:
            if legacy_site_file(rel):
                covered.setdefault(rel, (None, False))
    for rel, entry in sorted(entries.items()):
        if rel in bookkeeping or _ATOMIC_DEBRIS.match(entry.name):
            found.listed.append(rel)
            continue
        if rel not in covered:
            found.foreign.append(rel)
            continue
        found.listed.append(rel)
        digest, single = covered[rel]
        if single:
            found.singles.append(rel)
        if not entry.is_file(follow_symlinks=False):
            found.changed.append(rel)
        elif digest is not None and digest_of(root / rel) != digest:
            found.changed.append(rel)
    holders = {"/".join(rel.split("/")[:n]) for rel in covered
               for n in range(1, rel.count("/") + 1)}
    for folder in sorted(folders):
        if folder not in holders and not any(r.startswith(folder + "/") for r in entries):
            found.foreign.append(folder + "/")  # an empty folder cardkit did not make
    return found


def _some(names: list[str]) -> str:
    shown = ", ".join(names[:_SHOWN])
    more = len(names) - _SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _nearest(path: Path) -> Path:
    while not os.path.lexists(path) and path != path.parent:
        path = path.parent
    return path


def _umask() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# -- folder outputs ----------------------------------------------------------------------------

@dataclass(slots=True)
class FolderOutput:
    """A folder one command writes as a whole (``site``, ``export``, ``init``).

    ``what`` names it in messages ("the site"); ``content_dir`` is what it is made from (recorded
    and compared); ``content_roots`` are folders it must never lie in. Use :meth:`check` before
    long work and :meth:`staged` to write it.
    """

    out: Path
    command: str
    what: str
    content_dir: Path | None = None
    force: bool = False
    content_roots: tuple[Path, ...] = ()
    in_place: bool = False  # written in place by the caller (init), so it may be the cwd
    option: str = "--out"  # how the user names the folder, for messages
    notes: list[str] = field(default_factory=list)
    #: Which of its files are content (``init``'s starter files), not outputs: when edited since
    #: they were written, they are never replaced, ``force`` or not.
    content: Callable[[str], bool] | None = None

    def manifest(self, files: dict[str, bytes]) -> bytes:
        """The manifest of the folder holding ``files`` (relative path -> bytes)."""
        digests = {rel: hashlib.sha256(raw).hexdigest() for rel, raw in files.items()}
        return Manifest(digests, {}, origin_of(self.command, self.content_dir)).to_bytes()

    def check(self) -> Survey:
        """Raise :class:`OutputProblem` unless the folder may be (re)placed; return what the
        existing folder holds (empty when there is none)."""
        try:
            return self._check()
        except OSError as exc:
            raise OutputProblem(f"cannot write {self.what} to {self.out}: {reason(exc)}") from exc
        except RuntimeError as exc:  # a loop of symbolic links (Python < 3.13)
            raise OutputProblem(f"cannot write {self.what} to {self.out}: {exc}") from exc

    def _check(self) -> Survey:
        out = Path(self.out)
        if out.is_symlink():
            raise OutputProblem(f"cannot write {self.what} to {out}: it is a symbolic link; "
                                "name the folder itself")
        if out.exists() and not out.is_dir():
            raise OutputProblem(f"cannot write {self.what} to {out}: it is not a folder")
        target = out.resolve()
        for root in self.content_roots:
            if _inside(target, Path(root).resolve()):
                raise OutputProblem(f"refusing to write {self.what} to {out}: it is inside the "
                                    f"content folder {root} (--force does not change this)")
        held = [Path(r).resolve() for r in self.content_roots]
        held += [] if self.in_place else [Path.cwd().resolve()]  # renamed: never the cwd
        if any(_inside(h, target) for h in held):
            raise OutputProblem(f"refusing to replace {out}: it holds the content or the working "
                                "folder (--force does not change this)")
        base = _nearest(target.parent)
        if not base.is_dir():
            raise OutputProblem(f"cannot write {self.what} to {out}: {base} is not a folder")
        if not os.access(base, os.W_OK | os.X_OK):
            raise OutputProblem(f"cannot write {self.what} to {out}: Permission denied")
        if not target.is_dir():
            return Survey()
        found = survey(target)
        self._judge(out, found)
        return found

    def _judge(self, out: Path, found: Survey) -> None:
        if found.busy:
            raise OutputProblem(f"{out} holds the work folder of a cardkit run still going "
                                f"({_some(found.busy)}); wait for it to finish, or choose "
                                f"another {self.option}")
        if found.foreign:
            raise OutputProblem(
                f"refusing to replace {out}: it holds {len(found.foreign)} file(s) cardkit did "
                f"not write ({_some(found.foreign)}); --force never removes them. Choose an "
                f"empty or new folder for {self.what} ({self.option}), or move those files out "
                f"of {out}")
        same = found.output is not None and found.output.command == self.command
        edited = [rel for rel in found.changed
                  if same and self.content is not None and self.content(rel)]
        if edited:
            raise OutputProblem(
                f"refusing to replace {out}: {len(edited)} content file(s) were edited since "
                f"cardkit wrote them ({_some(edited)}); content is never replaced, --force or "
                f"not. Move them out of {out}, or choose another {self.option}")
        if self.force or not found.listed:
            return
        again = f"pass --force to replace it, or choose another {self.option}"
        if found.changed:
            raise OutputProblem(f"{out} holds cardkit output that was changed since it was "
                                f"written ({_some(found.changed)}); {again}")
        made = found.output  # None: an older cardkit's records, which do not say
        if found.singles or (made is not None and made.command != self.command):
            kind = f"`cardkit {made.command}`" if made and made.command else "single files"
            raise OutputProblem(f"{out} holds other cardkit output than {self.what} ({kind}); "
                                f"{again}")
        if made is not None and made.other_content(self.content_dir):
            raise OutputProblem(f"{out} holds {self.what} made from another content folder "
                                f"({made.content or 'unknown'}); {again}")

    @contextmanager
    def staged(self) -> Iterator[Path]:
        """An empty temporary folder beside the output to write into; when the block ends
        normally, the manifest is written and the folder put in place of the output (only
        cardkit's files of the previous one are removed). On any error or Ctrl-C the
        temporary folder is removed and the previous output is left as it was."""
        self.check()
        target = Path(self.out).resolve()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            clean_debris(target)
            tmp = target.parent / work_name(TMP_TAG)
            tmp.mkdir(0o700)
        except OSError as exc:
            raise OutputProblem(f"cannot write {self.what} to {self.out}: {reason(exc)}") from exc
        try:
            _work_marker(tmp)
            os.chmod(tmp, 0o777 & ~_umask())
            yield tmp
            self._commit(tmp, target)
        except BaseException as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            if isinstance(exc, OSError) and not isinstance(exc, UsageProblem):
                where = exc.filename or self.out
                raise OutputProblem(f"cannot write {self.what} to {where}: {reason(exc)}") \
                    from exc
            raise

    def _commit(self, tmp: Path, target: Path) -> None:
        found = self.check()  # nothing changed under us meanwhile
        os.unlink(tmp / IN_PROGRESS)  # the folder becomes the output: no marker left in it
        files = {rel: digest_of(tmp / rel) for rel, entry in _walk(tmp)[0].items()
                 if entry.is_file(follow_symlinks=False)}
        manifest = Manifest(files, {}, origin_of(self.command, self.content_dir))
        put(tmp, MANIFEST, manifest.to_bytes())
        if not target.is_dir() or not any(target.iterdir()):
            os.rename(tmp, target)  # a missing folder, or an empty one: replaced at once
            _sync(target.parent)
            return
        old = target.parent / work_name(OLD_TAG)
        os.rename(target, old)
        try:
            _work_marker(old)
            os.rename(tmp, target)
        except BaseException:
            _unlink(old / IN_PROGRESS)
            os.rename(old, target)
            raise
        _sync(target.parent)
        left = remove_listed(old, [*found.listed, IN_PROGRESS])
        if left:
            self.notes.append(f"kept {old}: files appeared in {self.out} while {self.what} was "
                              f"written ({_some(left)})")


def _sync(folder: Path) -> None:
    """Make renames in ``folder`` durable (best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def put(root: Path, rel: str, data: bytes | str) -> Path:
    """Write a new file ``rel`` under a staged folder (parents made; the umask decides)."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "xb") as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)
        fh.flush()
        os.fsync(fh.fileno())  # on disk before the folder is renamed into place
    return path


def remove_listed(folder: Path, listed: Iterable[str], keep_root: bool = False) -> list[str]:
    """Remove the files ``listed`` (relative to ``folder``), then the folders left empty,
    ``folder`` last (unless ``keep_root``); return what is left (files nobody listed)."""
    for rel in listed:
        try:
            os.unlink(folder / rel)
        except FileNotFoundError:
            pass
    entries, folders = _walk(folder)
    for sub in sorted(folders, key=lambda f: f.count("/"), reverse=True):
        try:
            os.rmdir(folder / sub)
        except OSError:
            pass
    if keep_root:
        return []
    try:
        os.rmdir(folder)
    except OSError:
        return sorted(entries)
    return []


def clean_debris(target: Path) -> list[Path]:
    """Remove the work folders killed runs left beside the folder output ``target``
    (:func:`work_folder`: a strict name and the in-progress marker; the run's process gone, or
    older than a day): a staging folder whole, a retired one (a previous output moved aside) by
    its manifest, keeping files nobody listed. Nothing else is touched. Returns the folders
    handled."""
    handled: list[Path] = []
    try:
        siblings = list(os.scandir(target.parent))
    except OSError:
        return handled
    for entry in siblings:
        path = Path(entry.path)
        made = work_folder(path)
        if made is None or not _stale(path, made[1]):
            continue
        if made[0] == TMP_TAG:
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                found = survey(path)
            except (OSError, UsageProblem):
                continue
            remove_listed(path, [*found.listed, IN_PROGRESS])
        handled.append(path)
    return handled


def is_output(folder: Path, command: str) -> bool:
    """Whether ``folder`` is a folder output of ``command`` (by its manifest, or an older
    site's marker)."""
    made = read_manifest(folder).output
    return made is not None and made.command == command
