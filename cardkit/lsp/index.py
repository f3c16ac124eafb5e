"""What the language server knows of a game's files: the objects they define (id, kind, label,
where) and the words under a cursor — read from the editor's buffers where a file is open,
from disk otherwise, and loaded by the same loader as ``cardkit check``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..checking.run import with_overrides
from ..core.cache import CheckCache
from ..core.content import GameContent, is_translation_file
from ..core.discovery import SourceFile, discover
from ..core.errors import UsageProblem
from ..core.loading import DEFAULT_CACHE_DIR, MAX_FILE_BYTES, load_content_with, make_parser
from ..core.registry import get_game

#: The characters of an id (kebab-case), a token a hover or a jump works on.
ID_CHARS = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Defined:
    """An object the content defines: its id, kind, a short label, where its id is, and its
    text (what a hover shows under the name; "" for an object without one)."""

    id: str
    kind: str
    label: str
    path: Path
    line: int  # 0-based
    col: int  # 0-based, the id's first character
    text: str = ""


def word_at(text: str, line: int, character: int) -> tuple[str, int, int] | None:
    """The id-like word at a 0-based position: the word and its start and end columns."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for m in ID_CHARS.finditer(lines[line]):
        if m.start() <= character <= m.end():
            return m.group(0), m.start(), m.end()
    return None


def _id_line(text: str, ident: str) -> tuple[int, int] | None:
    """Where ``- id: ident`` (or ``id: ident``) is written in a YAML text, 0-based."""
    pattern = re.compile(rf"^(\s*(?:-\s+)?id:\s*['\"]?)({re.escape(ident)})['\"]?\s*(#.*)?$")
    for i, line in enumerate(text.split("\n")):
        m = pattern.match(line)
        if m:
            return i, m.start(2)
    return None


def game_of(content_dir: Path, path: Path) -> str | None:
    """The game a file belongs to (its first folder below the content folder), or None for a
    file outside it (the server ignores those)."""
    try:
        rel = path.resolve().relative_to(content_dir.resolve())
    except ValueError:
        return None
    if len(rel.parts) < 2:
        return None
    try:
        get_game(rel.parts[0])
    except UsageProblem:
        return None
    return rel.parts[0]


def loaded(content_dir: Path, game: str, buffers: Mapping[Path, bytes]
           ) -> tuple[GameContent, dict[str, SourceFile]]:
    """The game's content (translations aside) as the editor's buffers have it, and its files
    by the name the records give (through the check's parse cache)."""
    files = with_overrides(discover(content_dir, game, MAX_FILE_BYTES), buffers)
    sources = [s for s in files if not is_translation_file(s.relpath) and s.problem is None]
    cache = CheckCache(content_dir.parent / DEFAULT_CACHE_DIR)
    content, _ = load_content_with(get_game(game), sources, make_parser(cache))
    return content, {s.display: s for s in sources}


def defined(content_dir: Path, game: str, buffers: Mapping[Path, bytes]) -> dict[str, Defined]:
    """Every object of the game's content files (translations aside), by id (the first of a
    repeated id), as the editor's buffers have them."""
    content, by_file = loaded(content_dir, game, buffers)
    label = getattr(content.game, "label", None)
    out: dict[str, Defined] = {}
    for kind in content.records:
        for rec in content.of(kind):
            if rec.id in out:
                continue
            source = by_file.get(rec.file)
            text = source.text() if source is not None else None
            where = _id_line(text, rec.id) if text else None
            if source is None or where is None:
                continue
            name = label(rec) if label is not None else _plain_label(rec.obj)
            out[rec.id] = Defined(rec.id, kind, name, source.path, where[0], where[1],
                                  _plain_text(rec.obj))
    return out


def _plain_label(obj: object) -> str:
    for field in ("name", "topic", "label", "title"):
        value = getattr(obj, field, None)
        if isinstance(value, str):
            return value
    return ""


#: The fields that hold an object's text, the first one found is shown.
TEXT_FIELDS = ("text", "info", "effect", "rules", "description", "note")
#: How much of a text a hover shows.
HOVER_CHARS = 300


def _plain_text(obj: object) -> str:
    for field in TEXT_FIELDS:
        value = getattr(obj, field, None)
        if isinstance(value, str) and value.strip():
            text = " ".join(value.split())
            return text if len(text) <= HOVER_CHARS else text[:HOVER_CHARS - 1] + "…"
    return ""


def occurrences(text: str, ident: str) -> list[tuple[int, int]]:
    """0-based ``(line, col)`` of every whole-word occurrence of ``ident`` in a text."""
    pattern = re.compile(rf"(?<![a-z0-9-]){re.escape(ident)}(?![a-z0-9-])")
    return [(i, m.start()) for i, line in enumerate(text.split("\n"))
            for m in pattern.finditer(line)]
