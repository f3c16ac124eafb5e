"""Reusing a whole game and locale of the previous site when nothing it is made from changed.

A *unit* is one game in one locale: every file under ``<game>/<locale>/`` (its gallery, card
pages, translators' view, downloads and card images), and what the rest of the site takes from
it (its search entries, its cards' ids and count, its images' input keys, its notes). Its key is
the digest of everything those files are made from, taken wide:

* **the code**: :func:`cardkit.core.fingerprint.code_fingerprint` (cardkit's version, every file of
  the package — templates, fonts, the site's strings — and the drawing libraries), the dpi;
* **the content**: every file of the content folder that is not another game's: the game's own
  folder with every locale's translations (a card page shows them all), the locale definitions,
  anything else shared;
* **the site around it**: the games, their titles and locales, the site's locales and their
  names, whether reports are linked (every page's navigation and language switcher).

After a build, each unit's record (its key, the digest of every file under its folder as the
new site's manifest lists it, and the data above) is kept in the check cache
(``<cache>/site/units-<digest of the site's folder>.json``, one per site folder). A rebuild finds a unit's key there and the previous site holding
exactly the recorded files, each as recorded (the survey of the previous site checked every file
against its manifest; a file changed since is never reused): then the files are linked from the
previous site instead of made. Anything else builds the unit, so a rebuild is a full build's
result, byte for byte, and a page can never be left stale: an edited, renamed or deleted card
changes its game's files and so the key of every unit of the game.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.cache import read_record, write_record
from ..core.reuse import Previous
from ..core.fingerprint import code_fingerprint
from .search import Entry

VERSION = 1


@dataclass(slots=True)
class Unit:
    """What one game and locale gives the rest of the site (besides its files)."""

    cards: list[str]  # the ids of its card pages, in gallery order
    entries: list[Entry]
    review: bool
    fallbacks: int
    note: str | None
    inputs: dict[str, str]  # its card images' input keys -> path in the site
    files: dict[str, str] = field(default_factory=dict)  # rel -> sha256 (filled after commit)

    def to_json(self) -> dict[str, Any]:
        """A JSON form (see :meth:`from_json`)."""
        data = asdict(self)
        data["entries"] = [asdict(e) for e in self.entries]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Unit | None:
        """The unit from :meth:`to_json`'s form; ``None`` when it is not one."""
        try:
            entries = [Entry(**{**e, "texts": tuple(e["texts"])}) for e in data["entries"]]
            unit = cls(list(data["cards"]), entries, bool(data["review"]),
                       int(data["fallbacks"]), data["note"], dict(data["inputs"]),
                       dict(data["files"]))
        except (KeyError, TypeError, ValueError):
            return None
        if not all(isinstance(v, str) for v in (*unit.cards, *unit.inputs, *unit.inputs.values(),
                                                *unit.files, *unit.files.values())):
            return None
        return unit


def content_digests(content_dir: Path) -> dict[str, str]:
    """The digest of each top-level folder of the content folder (``name -> digest``) and of
    everything else in it (key ``""``), hidden files and folders left out."""
    root = Path(content_dir).resolve()
    hashes: dict[str, Any] = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(names):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            rel = path.relative_to(root)
            top = rel.parts[0] if len(rel.parts) > 1 else ""
            h = hashes.setdefault(top, hashlib.sha256())
            h.update(b"\0" + rel.as_posix().encode("utf-8", "surrogateescape") + b"\0")
            try:
                h.update(hashlib.sha256(path.read_bytes()).digest())
            except OSError:
                h.update(b"\0unreadable")
    return {top: h.hexdigest() for top, h in hashes.items()}


def unit_key(game: str, locale: str, content: dict[str, str], games: set[str], dpi: float,
             site: Any) -> str:
    """The key of ``game`` in ``locale`` (module docstring): ``content`` from
    :func:`content_digests`, ``games`` every game's folder name (their folders left out),
    ``site`` a plain form of the site around the unit."""
    own = {top: d for top, d in content.items() if top not in games or top == game}
    data = [VERSION, code_fingerprint(), game, locale, dpi, sorted(own.items()), site]
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True)
                          .encode("utf-8")).hexdigest()


def units_record(cache: Path, out: Path) -> Path:
    """Where the units of the site at ``out`` are recorded: one file per site folder."""
    return Path(cache) / "site" / f"units-{_tag(out)}.json"


def digests_record(cache: Path, out: Path) -> Path:
    """Where the digests of the site's files at ``out`` are remembered between builds
    (:func:`cardkit.core.manifest.remembered_digests`): one file per site folder."""
    return Path(cache) / "site" / f"digests-{_tag(out)}.json"


def _tag(out: Path) -> str:
    tag = hashlib.sha256(str(Path(out).resolve()).encode("utf-8", "surrogateescape"))
    return tag.hexdigest()[:16]


class UnitMemo:
    """The units of the previous builds (``path``: their record; ``None``: none kept)."""

    def __init__(self, path: Path | None, previous: Previous) -> None:
        self.path = path
        self.previous = previous
        self.made: dict[str, tuple[str, Unit]] = {}  # key -> (folder, unit) built this run
        self.known = read_record(path, VERSION, "units")

    def reuse(self, key: str, folder: str, tmp: Path) -> Unit | None:
        """Link the unit's files from the previous site into ``tmp`` and return it, when its
        key is recorded and the previous site holds exactly its files (else ``None``)."""
        unit = Unit.from_json(self.known.get(key))
        root = self.previous.root
        if unit is None or root is None or not unit.files:
            return None
        prefix = folder + "/"
        held = {rel: d for rel, d in self.previous.files.items() if rel.startswith(prefix)}
        if held != unit.files or not all(rel.startswith(prefix) for rel in unit.files):
            return None
        for rel in sorted(held):
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(root / rel, target, follow_symlinks=False)
            except OSError:
                shutil.copyfile(root / rel, target)
        self.made[key] = (folder, unit)
        return unit

    def add(self, key: str, folder: str, unit: Unit) -> None:
        """Record a unit built this run (its files are read from the new manifest)."""
        self.made[key] = (folder, unit)

    def save(self, files: dict[str, str]) -> None:
        """Keep this run's units (nothing else), their files from the new site's manifest
        (``files``: rel -> sha256)."""
        if self.path is None:
            return
        units = {}
        for key, (folder, unit) in sorted(self.made.items()):
            prefix = folder + "/"
            unit.files = {rel: d for rel, d in files.items() if rel.startswith(prefix)}
            units[key] = unit.to_json()
        if units == self.known:
            return
        write_record(self.path, {"version": VERSION, "units": units})
