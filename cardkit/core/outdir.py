"""Replacing an output folder without losing anybody's files.

**Folder outputs** (:class:`FolderOutput`: ``site``, ``export``, ``init``) are built in a
temporary sibling (``.<name>.cardkit-tmp.<pid>.<random>``) and renamed into place at the end, so
an interrupted or failing command leaves the previous output as it was and no debris. The folder's
manifest, ``.cardkit-outputs.json`` (:mod:`cardkit.core.manifest`), lists every file written and
the command and content folder that made them. The previous folder is replaced only when every
file in it is listed in its manifest; then exactly the listed files are removed. The rules, for a
target that exists and is not empty:

* a file (or empty folder) the manifest does not list is *foreign*: the command stops, naming
  the folder and a few of those files; ``--force`` never changes this;
* a listed file that was changed since, a folder made by another command or from another
  content folder, or a folder of single outputs: replaced only with ``--force``.

An older cardkit's records (version 1, no origin) and its sites' ``.cardkit-site`` marker count as
cardkit's own output of the same kind, so ``make run`` repeats without ``--force`` after an
upgrade.

A folder output never lies inside a content folder, and never holds the content or the working
folder. File-system errors become :class:`OutputProblem` (exit 2) with a plain message.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import STALE_AFTER
from .errors import UsageProblem
from .manifest import (LEGACY_SITE_MARKER, MANIFEST, Manifest, Origin, content_tag,
                       default_build_dir, digest_of, origin_of, read_manifest)

__all__ = ["LEGACY_SITE_MARKER", "MANIFEST", "FolderOutput", "OutputProblem", "Survey",
           "clean_debris", "content_tag", "default_build_dir", "is_output", "put",
           "read_manifest", "remove_listed", "survey"]
TMP_TAG = "cardkit-tmp"
OLD_TAG = "cardkit-old"
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


def survey(root: Path) -> Survey:
    """What the folder ``root`` holds, by the records in it (see the module docstring)."""
    entries, folders = _walk(root)
    top = read_manifest(root)
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
    if top.legacy_site:
        bookkeeping.add(LEGACY_SITE_MARKER)
        for rel in entries:
            covered.setdefault(rel, (None, False))
    found = Survey(output=top.output)
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
        if found.foreign:
            raise OutputProblem(
                f"refusing to replace {out}: it holds {len(found.foreign)} file(s) cardkit did "
                f"not write ({_some(found.foreign)}); --force never removes them. Choose an "
                f"empty or new folder for {self.what} ({self.option}), or move those files out "
                f"of {out}")
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
            tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.{TMP_TAG}.{os.getpid()}.",
                                        dir=target.parent))
        except OSError as exc:
            raise OutputProblem(f"cannot write {self.what} to {self.out}: {reason(exc)}") from exc
        try:
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
        files = {rel: digest_of(tmp / rel) for rel, entry in _walk(tmp)[0].items()
                 if entry.is_file(follow_symlinks=False)}
        manifest = Manifest(files, {}, origin_of(self.command, self.content_dir))
        put(tmp, MANIFEST, manifest.to_bytes())
        if not target.is_dir() or not any(target.iterdir()):
            os.rename(tmp, target)  # a missing folder, or an empty one: replaced at once
            _sync(target.parent)
            return
        old = target.parent / f".{target.name}.{OLD_TAG}.{os.getpid()}.{time.monotonic_ns()}"
        os.rename(target, old)
        try:
            os.rename(tmp, target)
        except BaseException:
            os.rename(old, target)
            raise
        _sync(target.parent)
        left = remove_listed(old, found.listed)
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
    """Remove what an earlier, killed run left beside the folder output ``target``: its
    temporary folders (their process gone, or older than an hour), the listed files of a
    previous output it had moved aside, and an older cardkit's unfinished sites (marked,
    older than an hour). Files nobody listed stay. Returns the folders handled."""
    now = time.time()
    name = re.escape(target.name)
    ours = re.compile(rf"^\.{name}\.({TMP_TAG}|{OLD_TAG})\.(\d+)\.")
    legacy = re.compile(rf"^(?:{name}\.tmp-|\.{name}\.old-)")
    handled: list[Path] = []
    try:
        siblings = list(os.scandir(target.parent))
    except OSError:
        return handled
    for entry in siblings:
        match, old_style = ours.match(entry.name), legacy.match(entry.name)
        if not (match or old_style) or not entry.is_dir(follow_symlinks=False):
            continue
        path = Path(entry.path)
        try:
            aged = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER
        except OSError:
            continue
        if match:
            pid = int(match.group(2))
            if not aged and (pid == os.getpid() or _alive(pid)):
                continue
            if match.group(1) == TMP_TAG:
                shutil.rmtree(path, ignore_errors=True)
            else:
                found = survey(path)
                remove_listed(path, found.listed)
            handled.append(path)
        elif aged and (path / LEGACY_SITE_MARKER).is_file():
            shutil.rmtree(path, ignore_errors=True)
            handled.append(path)
    return handled


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: somebody else's live process
        return True
    return True


def is_output(folder: Path, command: str) -> bool:
    """Whether ``folder`` is a folder output of ``command`` (by its manifest, or an older
    site's marker)."""
    made = read_manifest(folder).output
    return made is not None and made.command == command
