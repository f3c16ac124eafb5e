"""The record of what cardkit wrote: ``.cardkit-outputs.json``, one per folder of outputs.

::

    {"version": 2,
     "output": {"command": "export", "content": "main/content", "content_id": "3f2a…"},
     "files": {"cards/x-front.png": "<sha256>", "cards.csv": "<sha256>"},
     "made": {"terra-cards-en.pdf": {"content": "main/content", "content_id": "3f2a…"}}}

``files`` maps a path relative to the folder to the SHA-256 of the bytes cardkit wrote there.
``output`` is set when the whole folder is one output (``site``, ``export``, ``init``): the
command and the content folder it was made from. ``made`` gives the content folder of a single
file written into the folder (``pdf``, ``simulate --out``, ``i18n export``…). The content folder
is kept as a label (its last two path parts) and ``content_id``, a hash of its resolved path, so
the record is the same wherever the output lies and names no home folder. Version 1 records
(``files`` only) and the ``.cardkit-site`` marker of older sites are read as *legacy* records:
the marker covers every file of its folder (those sites were replaced as a whole); a version-1
record covers exactly the files it lists, with no known origin (an older export folder kept one
per deck folder: together they cover the export).

Single files are written by :func:`cardkit.core.outputs.write_output`, folders by
:class:`cardkit.core.outdir.FolderOutput`; both keep this record. Default output places that
depend on the content folder (:func:`default_build_dir`) live here too.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import write_bytes_atomic
from .errors import UsageProblem

MANIFEST = ".cardkit-outputs.json"
MANIFEST_VERSION = 2
LEGACY_SITE_MARKER = ".cardkit-site"
MAX_MANIFEST_BYTES = 32 << 20  # a site of 100,000 files has a record of about 10 MB
_SEG = r"[A-Za-z0-9][A-Za-z0-9_.-]*"
#: What an older ``cardkit site`` wrote (relative to the site), the only files its marker vouches
#: for: the index, assets, report pages, and per game and locale the gallery, the translators'
#: view, the card pages and the exported card images (with their ``cards.csv``/deck JSON).
_LEGACY_SITE_LAYOUT = re.compile(
    rf"^(?:index\.html|{re.escape(LEGACY_SITE_MARKER)}|assets/{_SEG}\.(?:css|js)"
    rf"|reports/{_SEG}\.html"
    rf"|{_SEG}/{_SEG}/(?:index|review)\.html|{_SEG}/{_SEG}/cards/{_SEG}\.html"
    rf"|{_SEG}/{_SEG}/img/(?:{_SEG}/)*{_SEG}\.(?:png|csv|json))$")


class UnreadableManifest(UsageProblem):
    """A ``.cardkit-outputs.json`` exists but cannot be read (exit 2, before any work)."""


def legacy_site_file(rel: str) -> bool:
    """Whether ``rel`` (a path relative to a site folder) is a file an older ``cardkit site``
    could have written; only those are covered by its ``.cardkit-site`` marker."""
    return _LEGACY_SITE_LAYOUT.match(rel) is not None


# -- where an output came from ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Origin:
    """What made an output: the command (``None`` for a single file) and the content folder
    (a label for people, and an id to compare)."""

    command: str | None = None
    content: str | None = None
    content_id: str | None = None

    def to_json(self) -> dict[str, str]:
        """The record's form: only the fields that are known."""
        data = {"command": self.command, "content": self.content, "content_id": self.content_id}
        return {k: v for k, v in data.items() if v is not None}

    @classmethod
    def from_json(cls, data: object) -> Origin | None:
        """An origin from a record (``None`` when it is not one)."""
        if not isinstance(data, dict):
            return None
        values = {k: data.get(k) if isinstance(data.get(k), str) else None
                  for k in ("command", "content", "content_id")}
        return cls(**values)

    def other_content(self, content_dir: Path | None) -> bool:
        """Whether this output was recorded as made from another content folder than
        ``content_dir`` (unknown on either side: no)."""
        if content_dir is None or self.content_id is None:
            return False
        return self.content_id != content_id(content_dir)


def content_id(content_dir: Path) -> str:
    """A short, stable id of a content folder: SHA-256 of its resolved path (16 hex)."""
    return hashlib.sha256(str(Path(content_dir).resolve()).encode()).hexdigest()[:16]


def content_label(content_dir: Path) -> str:
    """The last two parts of a content folder's resolved path (``examples/content``)."""
    return "/".join(Path(content_dir).resolve().parts[-2:])


def origin_of(command: str | None, content_dir: Path | None) -> Origin:
    """The origin of an output ``command`` makes from ``content_dir``."""
    if content_dir is None:
        return Origin(command)
    return Origin(command, content_label(content_dir), content_id(content_dir))


def content_tag(content_dir: Path) -> str | None:
    """A short, readable tag of a content folder for default output names; ``None`` for the
    default folder (``./content``).

    The folder's path relative to the working folder (or its last two parts when it lies
    elsewhere), as a slug, then a short hash of the resolved path so that two folders never
    share a tag (``examples/content``, ``./examples-content`` and ``/x/examples/content`` all
    slug to ``examples-content``; non-ASCII names slug to ``content``):
    ``examples/content`` -> ``examples-content-3f9a1c``. The hash is taken of the resolved path
    relative to the working folder when the folder lies inside it (so the tag of a project's
    folder is the same in every clone), else of the resolved absolute path.
    """
    resolved = Path(content_dir).resolve()
    cwd = Path.cwd().resolve()
    if resolved == (cwd / "content").resolve():
        return None
    try:
        rel = resolved.relative_to(cwd)
        parts, key = rel.parts or resolved.parts[-1:], rel.as_posix()
    except ValueError:
        parts, key = resolved.parts[-2:], str(resolved)
    slug = "-".join(re.findall(r"[a-z0-9]+", "-".join(parts).lower())) or "content"
    return f"{slug}-{hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()[:6]}"


def default_build_dir(content_dir: Path) -> Path:
    """Where default outputs go: ``build`` for the default content folder, ``build/<tag>``
    (:func:`content_tag`) for any other, so that two content folders never share a name."""
    tag = content_tag(content_dir)
    return Path("build") if tag is None else Path("build") / tag


# -- the manifest ----------------------------------------------------------------------------

@dataclass(slots=True)
class Manifest:
    """One folder's record of what cardkit wrote (see the module docstring)."""

    files: dict[str, str] = field(default_factory=dict)
    made: dict[str, Origin] = field(default_factory=dict)
    output: Origin | None = None
    legacy_site: bool = False  # an older site's marker: covers the files of legacy_site_file
    version: int = 0  # of the record read (0: none; 1: an older cardkit's, files only)

    def single(self, rel: str) -> bool:
        """Whether a listed file is a single output (``pdf -o``…), not part of a folder output.
        An older cardkit's record (version 1) does not say: its files count as part of the
        folder."""
        return rel in self.made or (self.output is None and self.version >= 2)

    def origin(self, rel: str) -> Origin | None:
        """The origin of a listed file: its own, else the folder's."""
        return self.made.get(rel) or self.output

    def to_bytes(self) -> bytes:
        """The record's text (sorted, so the same outputs give the same bytes)."""
        data: dict[str, object] = {"version": MANIFEST_VERSION}
        if self.output is not None:
            data["output"] = self.output.to_json()
        data["files"] = dict(sorted(self.files.items()))
        made = {k: v.to_json() for k, v in sorted(self.made.items()) if k in self.files}
        if made:
            data["made"] = made
        return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _load(path: Path) -> object:
    """The JSON of a record (``None`` when there is none); :class:`UnreadableManifest` when it
    exists but is not a readable record: a folder, too big, not UTF-8, not JSON, too deep."""
    if not os.path.lexists(path):
        return None
    fix = (f"move {path} away (cardkit then treats the files beside it as not its own) or "
           "restore it")
    try:
        if not path.is_file():
            raise UnreadableManifest(f"cannot read cardkit's record of outputs {path}: it is "
                                     f"not a regular file; {fix}")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_MANIFEST_BYTES + 1)
        if len(raw) > MAX_MANIFEST_BYTES:
            raise UnreadableManifest(f"cannot read cardkit's record of outputs {path}: it is "
                                     f"larger than {MAX_MANIFEST_BYTES >> 20} MB; {fix}")
        data = json.loads(raw.decode("utf-8"))
    except UnreadableManifest:
        raise
    except (OSError, ValueError, UnicodeError, RecursionError, MemoryError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else \
            (exc.strerror or str(exc)) if isinstance(exc, OSError) else "not valid JSON"
        raise UnreadableManifest(f"cannot read cardkit's record of outputs {path}: {why}; "
                                 f"{fix}") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        raise UnreadableManifest(f"cannot read cardkit's record of outputs {path}: it is not "
                                 f"a record of files; {fix}")
    return data


def read_manifest(directory: Path) -> Manifest:
    """The record of ``directory`` (empty when there is none). Raises
    :class:`UnreadableManifest` when a record exists but cannot be read."""
    found = Manifest(legacy_site=(directory / LEGACY_SITE_MARKER).is_file())
    if found.legacy_site:
        found.output = Origin("site")
    data = _load(directory / MANIFEST)
    if not isinstance(data, dict):
        return found
    found.files = {k: v for k, v in data["files"].items()
                   if isinstance(k, str) and isinstance(v, str)}
    version = data.get("version")
    found.version = version if isinstance(version, int) and version > 0 else 1
    made = data.get("made") if isinstance(data.get("made"), dict) else {}
    for key, value in made.items():
        origin = Origin.from_json(value)
        if isinstance(key, str) and origin is not None:
            found.made[key] = origin
    if "output" in data:
        found.output = Origin.from_json(data["output"])
        found.legacy_site = False
    return found


def record_file(directory: Path, name: str, digest: str, origin: Origin | None) -> bytes:
    """The record of ``directory`` with the file ``name`` (written with ``digest``) added, and
    files that are gone dropped; returns the new record's bytes for the caller to write."""
    found = read_manifest(directory)
    if found.legacy_site:  # the marker stays and keeps covering the older site's files
        found.output = None
    found.files[name] = digest
    found.made.pop(name, None)
    if origin is not None and (origin.content_id or found.output is not None):
        found.made[name] = origin  # a single file: its own origin, even in a folder output
    found.files = {k: v for k, v in found.files.items()
                   if k == name or os.path.lexists(directory / k)}
    return found.to_bytes()


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a record says about one file: the digest written, its origin, and the folder
    output it is part of (``None`` for a single file)."""

    digest: str | None
    origin: Origin | None
    part_of: Path | None = None


def lookup(path: Path) -> Recorded | None:
    """What cardkit recorded about the file at ``path`` (resolved): the record of its folder,
    else the manifest of a folder output above it; ``None`` when no record lists it."""
    target = Path(path).resolve()
    own = read_manifest(target.parent)
    if target.name in own.files:
        part = target.parent if target.name not in own.made and own.output else None
        return Recorded(own.files[target.name], own.origin(target.name), part)
    if own.legacy_site and legacy_site_file(target.name):
        return Recorded(None, own.output, target.parent)
    for folder in target.parents[1:]:
        if not (folder / MANIFEST).is_file() and not (folder / LEGACY_SITE_MARKER).is_file():
            continue
        found = read_manifest(folder)
        rel = target.relative_to(folder).as_posix()
        if rel in found.files:
            part = folder if rel not in found.made and found.output else None
            return Recorded(found.files[rel], found.origin(rel), part)
        if found.legacy_site and legacy_site_file(rel):
            return Recorded(None, found.output, folder)
    return None


#: Digests read in this process, by file identity, size and mtime: a command that looks at a
#: folder several times (an output surveyed before and after it is built, its rebuild's files
#: linked from the previous output) reads each file once. As git does with its index, a file
#: modified less than :data:`_SETTLED` ago is never remembered: a rewrite within the clock's
#: granularity could keep its mtime. :func:`remembered_digests` keeps them between commands.
_DIGESTS: dict[tuple[int, int, int, int], str] = {}
_MAX_DIGESTS = 200_000
_SETTLED = 2_000_000_000  # ns
#: The keys used while :func:`remembered_digests` is active (what it saves), else ``None``.
_USED: set[tuple[int, int, int, int]] | None = None
_MEMO_VERSION = 1


def digest_of(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes."""
    try:
        st = os.stat(path)  # a remembered file is not even opened
    except OSError:
        pass  # open says why
    else:
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        known = _DIGESTS.get(key)
        if known is not None:
            if _USED is not None:
                _USED.add(key)
            return known
    with open(path, "rb") as fh:
        st = os.fstat(fh.fileno())
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        h = hashlib.sha256()
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    if time.time_ns() - st.st_mtime_ns < _SETTLED:
        return h.hexdigest()
    if len(_DIGESTS) >= _MAX_DIGESTS:
        _DIGESTS.clear()
    _DIGESTS[key] = h.hexdigest()
    if _USED is not None:
        _USED.add(key)
    return _DIGESTS[key]


@contextmanager
def remembered_digests(memo: Path | None) -> Iterator[None]:
    """Within the block, :func:`digest_of` also knows the digests the file ``memo`` kept from
    the last command that used it; afterwards the memo keeps the ones the block used (a
    rebuild surveys the previous output without reading its unchanged files again: a file is
    read again when its inode, size or mtime differ, as git's index does). ``None``: no memo.
    An unreadable or ill-formed memo is empty; one that cannot be written is not kept."""
    global _USED
    if memo is None or _USED is not None:
        yield
        return
    _DIGESTS.update(_load_memo(memo))
    _USED = set()
    try:
        yield
    finally:
        used, _USED = _USED, None
        rows = [[*key, _DIGESTS[key]] for key in sorted(used) if key in _DIGESTS]
        try:
            write_bytes_atomic(memo, json.dumps({"version": _MEMO_VERSION, "files": rows},
                                                separators=(",", ":")).encode("utf-8"))
        except OSError:
            pass


def _load_memo(memo: Path) -> dict[tuple[int, int, int, int], str]:
    try:
        data = json.loads(memo.read_bytes())
    except (OSError, ValueError):
        return {}
    rows = data.get("files") if isinstance(data, dict) and \
        data.get("version") == _MEMO_VERSION else None
    out: dict[tuple[int, int, int, int], str] = {}
    for row in rows if isinstance(rows, list) else ():
        if isinstance(row, list) and len(row) == 5 and all(type(v) is int for v in row[:4]) \
                and isinstance(row[4], str) and _HEX64.fullmatch(row[4]):
            out[(row[0], row[1], row[2], row[3])] = row[4]
        if len(out) >= _MAX_DIGESTS:
            break
    return out


_HEX64 = re.compile(r"[0-9a-f]{64}")
