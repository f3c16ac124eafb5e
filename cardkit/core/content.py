"""A game's content, loaded and validated: typed records plus the diagnostics found on the way."""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from .diagnostics import Diagnostic, Severity
from .discovery import SourceFile
from .loader import LoadResult, parse_bytes
from .spec import FileKind, GameSpec, Record
from .todo import todo_diagnostics
from .validation import validate

MODELINE_RE = re.compile(r"^# yaml-language-server: \$schema=(\S+)\s*$")
#: Translation files inside a game folder: overlays and glossaries (see cardkit.i18n).
OVERLAY_RE = re.compile(r"^i18n/([^/]+)/([^/]+)\.ya?ml$")
GLOSSARY_RE = re.compile(r"^glossary/([^/]+)\.ya?ml$")
#: The store of a game's past English texts (:mod:`cardkit.i18n.history`), in its folder.
HISTORY_RELPATH = "i18n/sources.yaml"
LOCALES_DIR = "locales"

ParseFn = Callable[[SourceFile], LoadResult]


def is_translation_file(relpath: str) -> bool:
    """Whether a path (relative to the game folder) is an overlay, a glossary or the store of
    English source texts (:mod:`cardkit.i18n.history`)."""
    return bool(relpath == HISTORY_RELPATH or OVERLAY_RE.match(relpath)
                or GLOSSARY_RE.match(relpath))


@dataclass(slots=True)
class GameContent:
    """Everything checks need: validated records by kind, and which ids exist at all."""

    game: GameSpec
    files: list[SourceFile] = field(default_factory=list)
    models: dict[str, BaseModel] = field(default_factory=dict)
    records: dict[str, list[Record[Any]]] = field(default_factory=dict)
    broken_ids: dict[str, set[str]] = field(default_factory=dict)
    complete: bool = True
    _indexes: dict[str, dict[str, Record[Any]]] = field(default_factory=dict, repr=False)

    def of(self, kind: str) -> list[Record[Any]]:
        """Validated records of one kind, in file order."""
        return self.records.get(kind, [])

    def index(self, kind: str) -> dict[str, Record[Any]]:
        """Records of one kind by id (the first one wins when ids repeat); built once."""
        cached = self._indexes.get(kind)
        if cached is None:
            cached = {}
            for rec in self.of(kind):
                cached.setdefault(rec.id, rec)
            self._indexes[kind] = cached
        return cached

    def exists(self, kind: str, obj_id: str) -> bool:
        """Whether an object with this id is defined, even if it failed validation."""
        return obj_id in self.broken_ids.get(kind, ()) or obj_id in self.index(kind)

    def with_objects(self, kind: str, objects: dict[str, Any]) -> GameContent:
        """A copy whose records of ``kind`` with these ids hold the given objects instead (the
        files and every other record shared): what a simulation plays when it swaps a card."""
        records = dict(self.records)
        records[kind] = [replace(rec, obj=objects[rec.id]) if rec.id in objects else rec
                         for rec in self.of(kind)]
        return replace(self, records=records, _indexes={})

    @property
    def object_count(self) -> int:
        """How many validated objects the content holds."""
        return sum(len(v) for v in self.records.values())


def schema_for(game: GameSpec | None, relpath: str) -> str | None:
    """The schema (relative to ``schemas/``) of a file; ``game=None`` means content/locales."""
    if game is None:
        return "locales.schema.json"
    if relpath == "i18n/sources.yaml":  # the store of English texts (cardkit.i18n.history)
        return "i18n-sources.schema.json"
    overlay = OVERLAY_RE.match(relpath)
    if overlay:
        return f"{game.id}/i18n-{overlay.group(2)}.schema.json"
    if GLOSSARY_RE.match(relpath):
        return "glossary.schema.json"
    kind = game.kind_for(relpath)
    return f"{game.id}/{kind.schema_name}" if kind is not None else None


def check_modeline(source: SourceFile, want: str) -> Diagnostic | None:
    """CK003 when the first line is not a modeline whose path leads to schema ``want``.

    The path must name the schema of the file's kind and resolve, relative to the file, to an
    existing file; the message gives the modeline ``cardkit fmt`` would write.
    """
    from .modeline import content_dir_of, default_schemas_dir, modeline_for, modeline_problem

    first = source.raw.split(b"\n", 1)[0].decode("utf-8", "replace").removeprefix("\ufeff")
    match = MODELINE_RE.match(first)
    problem = modeline_problem(source.path, match.group(1), want) if match else None
    if match and problem is None:
        return None
    found = f" (found {match.group(1)!r}, but {problem})" if match else ""
    fix = "`cardkit fmt` writes it"
    if want:
        content_dir = content_dir_of(source.path, source.relpath)
        schemas = default_schemas_dir(content_dir, want)
        expected = f"'{modeline_for(source.path, schemas / want)}'"
        if not (schemas / want).is_file():  # the schema itself is missing: say how to make it
            game = want.split("/", 1)[0] if "/" in want else ""
            fix = (f"`cardkit schema {game} --content {content_dir} -o {schemas}` writes the "
                   "schema, then `cardkit fmt` the modeline")
    else:
        expected = "'# yaml-language-server: $schema=<relative path to the schema>'"
    return Diagnostic("CK003", Severity.WARNING,
                      f"first line should be the modeline {expected}{found}; {fix}",
                      source.display, 1, 1)


def item_model(kind: FileKind) -> type[BaseModel]:
    """The model of one entry of the kind's items list (``list[Card]`` -> ``Card``)."""
    annotation = kind.model.model_fields[kind.items].annotation
    args = typing.get_args(annotation)
    return args[0] if args else annotation  # type: ignore[return-value]


def default_parse(source: SourceFile) -> LoadResult:
    """Parse a source file's bytes (no cache); a file discovery could not read safely (too
    large, not a regular file, a link leaving the content folder, ...) gives its problem."""
    if source.problem is not None:
        return LoadResult(None, [source.problem])
    return parse_bytes(source.raw, source.display)


def load_content(
    game: GameSpec, sources: list[SourceFile], parse: ParseFn = default_parse
) -> tuple[GameContent, list[Diagnostic]]:
    """Parse, validate and index one game's files; collect every finding on the way."""
    content = GameContent(game=game, files=list(sources))
    diags: list[Diagnostic] = []
    seen_kinds: set[str] = set()
    for source in sources:
        if source.problem is not None:  # not read (see discovery): report, whatever its name
            diags.append(source.problem)
            content.complete = False
            continue
        kind = game.kind_for(source.relpath)
        if kind is None:
            diags.append(Diagnostic("CK001", Severity.WARNING,
                                    f"file matches no content kind of {game.id!r}; not checked",
                                    source.display, 1, 1))
            continue
        seen_kinds.add(kind.name)
        modeline = check_modeline(source, f"{game.id}/{kind.schema_name}")
        if modeline:
            diags.append(modeline)
        loaded = parse(source)
        if loaded.diagnostics or loaded.data is None:
            diags.extend(loaded.diagnostics)
            content.complete = False
            continue
        diags.extend(_todo(loaded.data, source))
        diags.extend(_validate_file(content, kind, source, loaded.data))
    for kind in game.kinds:
        if kind.required and kind.name not in seen_kinds:
            diags.append(Diagnostic("CK002", Severity.ERROR,
                                    f"no {kind.name!r} file: expected {kind.pattern!r}",
                                    f"{sources[0].display.rsplit('/', 1)[0]}" if sources
                                    else game.id, 1, 1))
            content.complete = False
    return content, diags


#: The work markers (CK005) of each file's text, by its name and digest: the language server
#: loads the same files again after every keystroke.
_TODO_SEEN: dict[tuple[str, str], list[Diagnostic]] = {}


def _todo(data: Any, source: SourceFile) -> list[Diagnostic]:
    key = (source.display, source.digest)
    found = _TODO_SEEN.get(key)
    if found is None:
        if len(_TODO_SEEN) > 4096:
            _TODO_SEEN.clear()
        found = _TODO_SEEN[key] = todo_diagnostics(data, source.display, source.text())
    return found


def _validate_file(content: GameContent, kind: FileKind, source: SourceFile,
                   data: Any) -> list[Diagnostic]:
    content._indexes.clear()
    records = content.records.setdefault(kind.name, [])
    model, diags = validate(kind.model, data, source.display)
    if model is not None:
        content.models[source.relpath] = model
        for i, obj in enumerate(getattr(model, kind.items)):
            records.append(Record(kind.name, obj, source.display, (kind.items, i)))
        return diags
    # Salvage: items without errors are still checked; ids of broken ones still count as defined.
    items = data.get(kind.items) if isinstance(data, dict) else None
    if not isinstance(items, list):
        content.complete = False
        return diags
    bad = {d.pointer[1] for d in diags
           if d.pointer and len(d.pointer) > 1 and d.pointer[0] == kind.items}
    broken = content.broken_ids.setdefault(kind.name, set())
    item_cls = item_model(kind)
    for i, raw in enumerate(items):
        if i in bad:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                broken.add(raw["id"])
            continue
        obj, _ = validate(item_cls, raw, source.display)
        if obj is not None:
            records.append(Record(kind.name, obj, source.display, (kind.items, i)))
    return diags
