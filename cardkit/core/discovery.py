"""Finding content files: ``content/<game>/**/*.yaml``. Light on imports (no pydantic, no ruamel).

This module is on the warm path of ``cardkit check``: with nothing changed, the check is answered
from the result cache after reading and hashing the files, so it must not pull in the models.

Only regular files inside the content folder are ever read, and never more than ``max_bytes + 1``
bytes of one (:func:`read_content_bytes`). Everything else found where a content file should be
— a symbolic link leaving the content folder, a device, a FIFO, a socket, a dangling link, a link
loop, an unreadable file, a file over the size limit — becomes a located finding carried by the
:class:`SourceFile` (``problem``), so that the loader reports it instead of parsing. Symbolic
links to folders inside the content folder are followed, each real folder once.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Diagnostic, Severity

YAML_SUFFIXES = (".yaml", ".yml")
#: Content files are limited to this many bytes unless a caller says otherwise.
DEFAULT_MAX_BYTES = 4 * 1024 * 1024
#: Documents in a game's folder that are not content but verdicts about it (a simulation's
#: balance report): checks read them, so the check cache keys on their bytes too.
REPORT_FILES = ("balance.md",)
_READ_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class FileProblem:
    """Why a path was not read: a code (``YML007``, ``YML011``–``YML014``) and a message."""

    code: str
    message: str

    def diagnostic(self, display: str) -> Diagnostic:
        """The problem as an error at line 1, column 1 of ``display``."""
        return Diagnostic(self.code, Severity.ERROR, self.message, display, 1, 1)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One content file, read once: its bytes and their SHA-256.

    ``problem`` is set (and ``raw`` is empty) when the file could not be read safely; the
    loader reports it instead of parsing.
    """

    game: str
    path: Path
    relpath: str
    display: str
    raw: bytes
    digest: str
    problem: Diagnostic | None = None

    def text(self) -> str | None:
        """The file decoded as UTF-8 (``None`` when it is not, or was not read)."""
        if self.problem is not None:
            return None
        try:
            return self.raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            return None


def display_path(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working directory when below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


#: A file's size and modification time, and its SHA-256, by path: what a process that checks
#: again and again (the language server) knows of the files it hashed.
Seen = dict[Path, tuple[int, int, str]]


def file_digest(path: Path, seen: Seen | None = None) -> str | None:
    """The SHA-256 of a file (None when it cannot be read); with ``seen``, a file whose size
    and modification time have not changed since it was hashed is not read again."""
    try:
        st = path.stat()
        known = None if seen is None else seen.get(path)
        if known is not None and known[:2] == (st.st_size, st.st_mtime_ns):
            return known[2]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
    if seen is not None:
        seen[path] = (st.st_size, st.st_mtime_ns, digest)
    return digest


def report_digests(content_dir: Path, game: str, seen: Seen | None = None) -> list[str]:
    """``name:sha256`` of each of the game's :data:`REPORT_FILES` that exists."""
    out = []
    for name in REPORT_FILES:
        digest = file_digest(game_folder(content_dir, game) / name, seen)
        if digest is not None:
            out.append(f"{game}/{name}:{digest}")
    return out


#: Suffixes of the image files art and icons name (their digests key the check cache).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def asset_digests(content_dir: Path, game: str, seen: Seen | None = None) -> list[str]:
    """``relpath:sha256`` of every image file in the game's folder (hidden ones skipped), sorted:
    the art checks read them, so a changed, added or removed image makes a new check
    (``seen``: see :func:`file_digest`)."""
    root = game_folder(content_dir, game)
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or not name.lower().endswith(IMAGE_SUFFIXES):
                continue
            path = Path(dirpath) / name
            digest = file_digest(path, seen)
            if digest is not None:
                out.append(f"{game}/{path.relative_to(root).as_posix()}:{digest}")
    return out


def game_folder(content_dir: Path, game: str) -> Path:
    """Where a game's content lives."""
    return content_dir / game


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISDIR, "a folder"))


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _inside(real: str, roots: tuple[str, ...]) -> bool:
    return any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def _link_problem(path: Path, exc: OSError) -> FileProblem:
    if exc.errno == errno.ELOOP:
        return FileProblem("YML013", "symbolic link loop: the link never reaches a file")
    if exc.errno == errno.ENOENT and path.is_symlink():
        return FileProblem("YML013", f"dangling symbolic link: its target "
                           f"{os.readlink(path)!r} does not exist")
    if exc.errno == errno.ENOENT:
        return FileProblem("YML014", "cannot read file: it disappeared while being read")
    return FileProblem("YML014", f"cannot read file: {exc.strerror or exc}")


def read_content_bytes(path: Path, max_bytes: int = DEFAULT_MAX_BYTES,
                       roots: tuple[Path, ...] | None = None) -> bytes | FileProblem:
    """Read one content file safely; return its bytes or the :class:`FileProblem`.

    * ``roots``: when given, the file's real path (symbolic links resolved) must lie inside one
      of these folders (``YML012`` otherwise); its contents are then never read.
    * Only a regular file is read: devices, FIFOs, sockets and folders are ``YML011`` (checked on
      the path and again on the opened descriptor, which is opened non-blocking, without following
      a final symbolic link, so it cannot be swapped for a FIFO in between).
    * At most ``max_bytes + 1`` bytes are read from the stream, whatever ``stat`` says;
      more than ``max_bytes`` is ``YML007``.
    * A dangling link or a link loop is ``YML013``; any other read error is ``YML014``.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        return _link_problem(path, exc)
    real = os.path.realpath(path)
    if roots is not None and not _inside(real, tuple(os.path.realpath(r) for r in roots)):
        return FileProblem("YML012", f"symbolic link leads outside the content folder (to "
                           f"{real}); it is not read")
    if not stat.S_ISREG(st.st_mode):
        return FileProblem("YML011", f"not a regular file: {_kind(st.st_mode)}; it is not read")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(real, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return FileProblem("YML013", "the file was replaced by a symbolic link while read")
        return FileProblem("YML014", f"cannot read file: {exc.strerror or exc}")
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return FileProblem("YML011", f"not a regular file: {_kind(st.st_mode)}; "
                               "it is not read")
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, _READ_CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        return FileProblem("YML014", f"cannot read file: {exc.strerror or exc}")
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        size = f"{st.st_size:,} bytes" if st.st_size > max_bytes else "larger than that"
        return FileProblem("YML007", f"file is {size}, over the limit of {max_bytes:,}")
    return raw


def source_file(game: str, path: Path, rel: str, display: str, max_bytes: int,
                roots: tuple[Path, ...] | None) -> SourceFile:
    """Read one content file into a :class:`SourceFile` (with ``problem`` set when unsafe)."""
    got = read_content_bytes(path, max_bytes, roots)
    if isinstance(got, FileProblem):
        return _problem_file(game, path, rel, display, got)
    return SourceFile(game, path, rel, display, got, hashlib.sha256(got).hexdigest())


def _problem_file(game: str, path: Path, rel: str, display: str,
                  problem: FileProblem) -> SourceFile:
    digest = "problem:" + hashlib.sha256(f"{problem.code}\0{problem.message}".encode(
        "utf-8", "surrogateescape")).hexdigest()
    return SourceFile(game, path, rel, display, b"", digest, problem.diagnostic(display))


def discover(content_dir: Path, game: str, max_bytes: int | None = None) -> list[SourceFile]:
    """All YAML files below ``content/<game>/``, sorted, read and hashed.

    Files in a folder come before its subfolders (each sorted by name); hidden files and
    folders are skipped. ``max_bytes`` defaults to :data:`DEFAULT_MAX_BYTES`. Problems (see the
    module docstring) become :class:`SourceFile` entries with ``problem`` set; a symbolic link to
    a folder inside the content folder is followed, one leaving it, a loop or a second way into
    an already listed folder is such a problem entry (named by the link's path).
    """
    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    root = game_folder(content_dir, game)
    found: list[SourceFile] = []
    if not root.is_dir():
        return found
    roots = (content_dir, root)
    real_roots = tuple(os.path.realpath(r) for r in roots)
    base = display_path(root)
    seen: dict[tuple[int, int], str] = {}

    def add_problem(path: Path, problem: FileProblem) -> None:
        rel = path.relative_to(root).as_posix()
        found.append(_problem_file(game, path, rel, f"{base}/{rel}", problem))

    linked: list[tuple[Path, frozenset[tuple[int, int]]]] = []

    def walk(folder: Path, ancestors: frozenset[tuple[int, int]]) -> None:
        try:
            st = os.stat(folder)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            add_problem(folder, FileProblem("YML014", f"cannot list folder: {exc.strerror}"))
            return
        ident = (st.st_dev, st.st_ino)
        seen[ident] = folder.as_posix()
        ancestors = ancestors | {ident}
        subdirs: list[Path] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = Path(folder, entry.name)
            is_link = entry.is_symlink()
            try:
                is_dir = entry.is_dir(follow_symlinks=True)
            except OSError:
                is_dir = False
            if is_dir and is_link:
                linked.append((path, ancestors))  # after every real folder has been listed
            elif is_dir:
                subdirs.append(path)
            elif entry.name.endswith(YAML_SUFFIXES) or (is_link and _dangling_dir_link(path)):
                rel = path.relative_to(root).as_posix()
                found.append(source_file(game, path, rel, f"{base}/{rel}", limit, roots))
        for sub in subdirs:
            walk(sub, ancestors)

    def follow(link: Path, ancestors: frozenset[tuple[int, int]]) -> None:
        real = os.path.realpath(link)
        if not _inside(real, real_roots):
            add_problem(link, FileProblem(
                "YML012", f"symbolic link to a folder outside the content folder (to {real}); "
                "it is not read"))
            return
        try:
            st = os.stat(link)
        except OSError as exc:
            add_problem(link, _link_problem(link, exc))
            return
        ident = (st.st_dev, st.st_ino)
        if ident in ancestors:
            add_problem(link, FileProblem(
                "YML013", "symbolic link loop: the link leads back to a folder that contains it"))
        elif ident in seen:
            add_problem(link, FileProblem(
                "YML013", "symbolic link to a folder that is already checked "
                f"({display_path(Path(seen[ident]))}); it is not read twice"))
        else:
            walk(link, ancestors)

    walk(root, frozenset())
    while linked:
        follow(*linked.pop(0))
    return found


def _dangling_dir_link(path: Path) -> bool:
    """A symbolic link that cannot be followed (dangling or a loop) whose name looks like a
    folder: reported rather than silently skipped."""
    try:
        os.stat(path)
    except OSError:
        return "." not in path.name
    return False
