"""Writing locale overlays: used by ``i18n import`` and ``i18n confirm``.

Overlay files are edited with ruamel's round-trip loader (comments and order kept), entries are
kept in the order of the source content, the result is formatted like ``cardkit fmt`` and written
— only when something changed — as one all-or-nothing transaction
(:func:`cardkit.core.outputs.write_content_files`): every overlay must resolve inside the content
folder, and a failure on one file leaves every file as it was.

The same transaction updates the game's store of English source texts
(:mod:`cardkit.i18n.history`): the text of every fingerprint the overlays use that the write
knows (the current English, or the English an exchange file was made from) is added, and
fingerprints no overlay of any locale uses any more are dropped. An entry's other keys (``same``,
``waive``, comments) are kept when its text changes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from ..core.discovery import display_path
from ..core.errors import UsageProblem
from ..core.fmt import _rt_yaml, format_text, modeline_for
from ..core.outputs import check_content_path, write_content_files
from .history import HISTORY_RELPATH, history_path, store_texts
from .sources import SourceText, SourceValue, fingerprint

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
    #: The English the text was translated from, when the writer cannot know it otherwise (an
    #: exchange file made from an older English): kept in the store if ``src`` is its fingerprint.
    source_text: SourceValue | None = None
    #: The translator's comment: ``None`` keeps the entry's, ``""`` removes it.
    comment: str | None = None


@dataclass(slots=True)
class WriteResult:
    """What an import or confirm changed (or, on a dry run, would change)."""

    changed: list[FieldRef] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    #: The store of English texts, when it changed too (not counted in ``files``).
    store: str | None = None


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
                                         bool(node.get("same", False)) == update.same) and (
                    update.comment is None or node.get("comment", "") == update.comment):
                continue
            if not isinstance(node, dict):
                node = fields[key] = CommentedMap()
            node["text"] = _value(update.text)
            node["src"] = update.src
            if update.same:
                node["same"] = True
            elif update.same is False and "same" in node:
                del node["same"]
            if update.comment:
                node["comment"] = update.comment
            elif update.comment == "" and "comment" in node:
                del node["comment"]
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
    if pending:
        store = store_update(content_dir, schemas_dir, game, pending, updates.values(), order)
        if store is not None:
            pending[store[0]] = store[1]
            result.store = display_path(store[0])
    if pending and not dry_run:
        write_content_files(pending, content_dir)
    return result


def sync_store(content_dir: Path, schemas_dir: Path, game: str, order: list[SourceText],
               dry_run: bool = False) -> str | None:
    """Bring the game's store of English texts in line with its overlays without changing any
    (seeding a store, or after overlays were edited by hand); return the store's display path
    when it changed (or, with ``dry_run``, would change)."""
    found = store_update(content_dir, schemas_dir, game, {}, [], order)
    if found is None:
        return None
    if not dry_run:
        write_content_files({found[0]: found[1]}, content_dir)
    return display_path(found[0])


def store_update(content_dir: Path, schemas_dir: Path, game: str, pending: dict[Path, str],
                 updates: Iterable[Update], order: list[SourceText]) -> tuple[Path, str] | None:
    """The game's store of English texts after ``pending`` overlay texts are written: path and
    new text, or ``None`` when it stays as it is.

    Every ``src`` of every overlay (all locales; pending texts instead of the files they
    replace) is kept with its text when known: the current English (``order``), an update's
    ``source_text``, or the store itself (entries whose text matches their fingerprint). When
    some overlay cannot be read, nothing is dropped.
    """
    from ..core.loader import parse_bytes

    known: dict[str, SourceValue] = {s.fingerprint: s.text for s in order}
    for update in updates:
        if update.source_text is not None and fingerprint(update.source_text) == update.src:
            known.setdefault(update.src, update.source_text)
    path = history_path(content_dir, game)
    check_content_path(path, content_dir)
    stored: dict[str, SourceValue] = {}
    exists = path.exists() or path.is_symlink()
    if exists:
        data = parse_bytes(_checked_overlay_text(path, content_dir).encode("utf-8"),
                           display_path(path)).data
        raw = data.get("sources") if isinstance(data, dict) else None
        for fp, text in (raw.items() if isinstance(raw, dict) else ()):
            if isinstance(text, (str, dict)):
                stored[str(fp)] = dict(text) if isinstance(text, dict) else text
    referenced, complete = _referenced(content_dir, content_dir / game / "i18n", pending)
    if not complete:
        referenced |= set(stored)
    new = store_texts(stored, referenced, known)
    if exists and new == stored:
        return None
    if not exists and not new:
        return None
    doc = CommentedMap([("sources", CommentedMap())])
    for fp, text in new.items():
        doc["sources"][fp] = _value(text)
    buffer = io.StringIO()
    _rt_yaml().dump(doc, buffer)
    from ..core.content import schema_for
    from ..core.registry import get_game

    want = schema_for(get_game(game), HISTORY_RELPATH)  # as `cardkit fmt` writes it
    return path, format_text(buffer.getvalue(),
                             modeline_for(path, schemas_dir / want) if want else None)


def _referenced(content_dir: Path, i18n_dir: Path, pending: dict[Path, str]
                ) -> tuple[set[str], bool]:
    """Every ``src`` fingerprint in the overlays under ``i18n_dir`` (read as ``cardkit check``
    reads them: bounded, inside the content folder); False when one could not be read."""
    from ..core.discovery import FileProblem, read_content_bytes
    from ..core.loader import parse_bytes

    found: set[str] = set()
    complete = True
    paths = {p for p in pending if p.parent.parent == i18n_dir}
    if i18n_dir.is_dir():
        paths |= {p for p in i18n_dir.glob("*/*.y*ml") if p.suffix in (".yaml", ".yml")}
    for path in sorted(paths):
        raw = pending[path].encode("utf-8") if path in pending else \
            read_content_bytes(path, roots=(content_dir,))
        if isinstance(raw, FileProblem):
            complete = False
            continue
        data = parse_bytes(raw, display_path(path)).data
        entries = data.get("entries") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            complete = complete and isinstance(data, dict) and "entries" not in data
            continue
        for fields in entries.values():
            for node in (fields.values() if isinstance(fields, dict) else ()):
                src = node.get("src") if isinstance(node, dict) else None
                if isinstance(src, str):
                    found.add(src)
    return found, complete


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
