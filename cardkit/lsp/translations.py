"""What the language server knows of translation files: the entry under the cursor (object id
and field key), the English text it translates and where that is written, the fingerprint a
stale entry is confirmed with, and the locale's glossary terms for completion.

An overlay (``content/<game>/i18n/<locale>/<kind>.yaml``) is read by its indentation, as the
editor has it, so a half-typed entry still answers::

    entries:
      angel-falls:          # the object id
        topic:              # the field key
          text: ...
          src: b70744d56f1d
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from ..core.content import OVERLAY_RE, GameContent
from ..core.sourcemap import compose, locate
from ..i18n.sources import SourceText, iter_sources

_KEY = re.compile(r"^(\s*)([^\s#:][^:#]*?)\s*:(\s|$)")


@dataclass(frozen=True, slots=True)
class Place:
    """Where a translation file sits: its game folder's relative path, locale and kind."""

    locale: str
    kind: str


def place_of(content_dir: Path, game: str, path: Path) -> Place | None:
    """The locale and kind of an overlay (None for any other file)."""
    try:
        rel = path.resolve().relative_to((content_dir / game).resolve()).as_posix()
    except ValueError:
        return None
    m = OVERLAY_RE.match(rel)
    return Place(m.group(1), m.group(2)) if m else None


def entry_at(text: str, line: int) -> tuple[str, str, int] | None:
    """The object id and field key of the overlay entry that holds the 0-based ``line``, and
    the line of the field key; None outside ``entries:``."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    chain: list[tuple[int, str, int]] = []  # (indent, key, line), outermost last
    limit = None
    for i in range(line, -1, -1):
        m = _KEY.match(lines[i])
        if m is None:
            continue
        indent = len(m.group(1).expandtabs())
        if limit is None or indent < limit:
            chain.append((indent, m.group(2).strip().strip("'\""), i))
            limit = indent
        if indent == 0:
            break
    chain.reverse()
    if len(chain) < 3 or chain[0][1] != "entries":
        return None
    return chain[1][1], chain[2][1], chain[2][2]


_ITEM_ID = re.compile(r"^(\s*)-\s+id:\s*['\"]?([a-z0-9][a-z0-9-]*)")


def record_at(text: str, line: int) -> str | None:
    """The id of the list item (``- id: x``) that holds the 0-based ``line`` in a content
    file: the nearest one at or above it, of the file's outermost items."""
    lines = text.split("\n")
    found = [(i, m) for i, t in enumerate(lines[:line + 1]) if (m := _ITEM_ID.match(t))]
    if not found:
        return None
    outer = min(len(m.group(1)) for _, m in found)
    return next(m.group(2) for _, m in reversed(found) if len(m.group(1)) == outer)


def english(content: GameContent, kind: str, obj_id: str, key: str) -> SourceText | None:
    """The English text an overlay entry translates (None when the game has no such text)."""
    for src in iter_sources(content):
        if src.kind == kind and src.object_id == obj_id and src.key == key:
            return src
    return None


def english_at(src: SourceText, text: str) -> tuple[int, int]:
    """The 0-based line and column of an English text in its file's ``text``."""
    line, col = locate(compose(text), src.pointer)
    return line - 1, col - 1


def word_range(lines: list[str], start: int, word: str) -> tuple[int, int, int] | None:
    """The first whole-word ``word`` from line ``start`` to the end of its entry's value (the
    lines indented deeper than the key's): ``(line, start column, end column)``."""
    if not 0 <= start < len(lines):
        return None
    indent = len(lines[start]) - len(lines[start].lstrip())
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    for i in range(start, len(lines)):
        if i > start and lines[i].strip() and len(lines[i]) - len(lines[i].lstrip()) <= indent:
            break
        m = pattern.search(lines[i])
        if m:
            return i, m.start(), m.end()
    return None


@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    """A glossary entry as completion offers it: the translation, the English, a note."""

    term: str
    translation: str
    note: str


def glossary_terms(folder: Path, locale: str, buffers: Mapping[Path, bytes]) -> list[GlossaryTerm]:
    """The terms of ``<game folder>/glossary/<locale>.yaml`` (its open buffer when there is
    one); none when it is missing or does not parse (``cardkit check`` reports that)."""
    path = (folder / "glossary" / f"{locale}.yaml").resolve()
    raw = buffers.get(path)
    try:
        text = raw.decode("utf-8") if raw is not None else path.read_text("utf-8")
        data = YAML(typ="safe").load(text)
    except (OSError, UnicodeDecodeError, YAMLError):
        return []
    terms = data.get("terms") if isinstance(data, dict) else None
    out = []
    for t in terms if isinstance(terms, list) else []:
        if isinstance(t, dict) and isinstance(t.get("translation"), str) \
                and isinstance(t.get("term"), str):
            out.append(GlossaryTerm(t["term"], t["translation"], str(t.get("note") or "")))
    return out


__all__ = ["GlossaryTerm", "Place", "english", "english_at", "entry_at", "glossary_terms",
           "place_of", "record_at", "word_range"]
