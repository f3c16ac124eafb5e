"""Writing locale overlays: used by ``i18n import`` and ``i18n confirm``.

Overlay files are edited with ruamel's round-trip loader (comments and order kept), entries are
kept in the order of the source content, the result is formatted like ``cardkit fmt`` and written
— only when something changed — as one all-or-nothing transaction
(:func:`cardkit.core.outputs.write_content_files`): every overlay must resolve inside the content
folder, and a failure on one file leaves every file as it was.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from ..core.discovery import display_path
from ..core.errors import UsageProblem
from ..core.fmt import _rt_yaml, format_text, modeline_for
from ..core.outputs import check_content_path, write_content_files
from .sources import SourceText, SourceValue

FieldRef = tuple[str, str, str]  # kind, object id, key


class OverlayUnreadable(UsageProblem):
    """An overlay that must be updated cannot be loaded: nothing is written."""


def _checked_overlay_text(path: Path, content_dir: Path) -> str:
    """An overlay's text, read like ``cardkit check`` reads it (bounded, regular files inside
    the content folder) and accepted by check's loader; anything else is refused, located."""
    from ..core.discovery import FileProblem, read_content_bytes
    from ..core.loader import parse_bytes
    from ..core.reporters import text_line

    display = display_path(path)
    raw = read_content_bytes(path, roots=(content_dir,))
    if isinstance(raw, FileProblem):
        diag = raw.diagnostic(display)
    else:
        loaded = parse_bytes(raw, display)
        if not loaded.diagnostics:
            return raw.decode("utf-8").removeprefix("\ufeff")
        diag = loaded.diagnostics[0]
    raise OverlayUnreadable(f"{text_line(diag)}; fix it (see `cardkit check`) before importing")


@dataclass(frozen=True, slots=True)
class Update:
    """A translation to store for one field."""

    text: SourceValue
    src: str
    same: bool | None = None  # None keeps whatever the entry had


@dataclass(slots=True)
class WriteResult:
    """What an import or confirm changed (or, on a dry run, would change)."""

    changed: list[FieldRef] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def overlay_path(content_dir: Path, game: str, locale: str, kind: str) -> Path:
    """Where a kind's overlay for a locale lives."""
    return content_dir / game / "i18n" / locale / f"{kind}.yaml"


def overlay_schema(schemas_dir: Path, game: str, kind: str) -> Path:
    """The schema file of a kind's overlay."""
    return schemas_dir / game / f"i18n-{kind}.schema.json"


def _value(text: SourceValue) -> object:
    if isinstance(text, dict):
        out = CommentedMap()
        for k, v in text.items():
            out[k] = v
        out.fa.set_block_style()
        return out
    return text


def _same(node: object, update: Update) -> bool:
    if not isinstance(node, dict):
        return False
    text = node.get("text")
    if isinstance(text, dict):
        text = dict(text)
    return text == update.text and node.get("src") == update.src


def apply_updates(content_dir: Path, schemas_dir: Path, game: str, locale: str,
                  updates: dict[FieldRef, Update], order: list[SourceText],
                  dry_run: bool = False) -> WriteResult:
    """Store ``updates`` in the locale's overlays; return what changed."""
    result = WriteResult()
    rank = {(s.kind, s.object_id, s.key): i for i, s in enumerate(order)}
    by_kind: dict[str, dict[FieldRef, Update]] = {}
    for ref, update in updates.items():
        by_kind.setdefault(ref[0], {})[ref] = update
    pending: dict[Path, str] = {}
    for kind, kind_updates in sorted(by_kind.items()):
        path = overlay_path(content_dir, game, locale, kind)
        check_content_path(path, content_dir)  # a symlinked folder must not lead outside
        yaml = _rt_yaml()
        if path.exists() or path.is_symlink():
            doc = yaml.load(_checked_overlay_text(path, content_dir))
        else:
            doc = CommentedMap([("locale", locale), ("entries", CommentedMap())])
        entries = doc.setdefault("entries", CommentedMap())
        changed = False
        for ref, update in kind_updates.items():
            _, obj_id, key = ref
            fields = entries.get(obj_id)
            if fields is None:
                fields = entries[obj_id] = CommentedMap()
            node = fields.get(key)
            if _same(node, update) and (update.same is None or
                                         bool(node.get("same", False)) == update.same):
                continue
            if not isinstance(node, dict):
                node = fields[key] = CommentedMap()
            node["text"] = _value(update.text)
            node["src"] = update.src
            if update.same:
                node["same"] = True
            elif update.same is False and "same" in node:
                del node["same"]
            result.changed.append(ref)
            changed = True
        if not changed:
            continue
        _sort(entries, kind, rank)
        buffer = io.StringIO()
        yaml.dump(doc, buffer)
        text = format_text(buffer.getvalue(),
                           modeline_for(path, overlay_schema(schemas_dir, game, kind)))
        result.files.append(display_path(path))
        pending[path] = text
    if pending and not dry_run:
        write_content_files(pending, content_dir)
    return result


def _sort(entries: CommentedMap, kind: str, rank: dict[FieldRef, int]) -> None:
    """Order ids and fields as the source content does (unknown ones last, as they were)."""
    big = len(rank) + 1
    first: dict[str, int] = {}
    for (k, obj_id, _), r in rank.items():
        if k == kind:
            first[obj_id] = min(r, first.get(obj_id, big))
    for obj_id in sorted(entries, key=lambda i: first.get(i, big)):
        fields = entries.pop(obj_id)
        for key in sorted(fields, key=lambda k: rank.get((kind, obj_id, k), big)):
            fields[key] = fields.pop(key)
        entries[obj_id] = fields
