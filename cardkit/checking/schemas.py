"""JSON Schemas generated from the pydantic models, one per content file kind (and one for
the sheet file of each game's score calculator, ``<game>/score-sheet.schema.json``).

The schemas are written as **draft-07** (``definitions`` instead of ``$defs``), the draft the
YAML language server supports fully, and are committed under ``schemas/<game>/<kind>.schema.json``.
``cardkit schema --check`` fails when a committed schema differs from what the models generate.

A schema folder carries one record of what cardkit wrote, ``<folder>/.cardkit-outputs.json``
(committed with ``schemas/``): ``cardkit schema`` replaces a schema only when that record lists it
with the bytes it holds (a schema edited by hand is replaced only with ``--force``; a file no
record lists, never). A file that already holds exactly the generated schema is recorded as it
is. ``--check`` also fails when the record does not list every schema as generated.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..core.atomic import write_atomic
from ..core.manifest import MANIFEST, read_manifest
from ..core.modeline import INSIDE
from ..core.outputs import OutputProblem, check_output, write_output
from ..core.registry import get_game
from ..core.spec import FileKind

DRAFT_07 = "http://json-schema.org/draft-07/schema#"


def kind_schema(game: str, kind: FileKind) -> dict[str, Any]:
    """The draft-07 JSON Schema of one file kind."""
    return model_schema(kind.model, f"cardkit {game} {kind.name}", kind.description)


def model_schema(model: type[BaseModel], title: str, description: str = "") -> dict[str, Any]:
    """The draft-07 JSON Schema of a model."""
    schema = model.model_json_schema(ref_template="#/definitions/{model}")
    defs = schema.pop("$defs", None)
    out: dict[str, Any] = {"$schema": DRAFT_07, "title": title}
    if description:
        out["description"] = description
    out.update({k: v for k, v in schema.items() if k not in {"title"}})
    if defs:
        out["definitions"] = defs
    _drop_draft2019(out)
    return out


def _drop_draft2019(node: Any) -> None:
    """Adjust pydantic's output for draft-07 validators and editors.

    ``const`` gets an ``enum`` twin (older editors ignore ``const``), and mappings with
    constrained keys (``patternProperties``) reject other keys, as the models do.
    """
    if isinstance(node, dict):
        if "const" in node and "enum" not in node:
            node["enum"] = [node["const"]]
        if "patternProperties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _drop_draft2019(value)
    elif isinstance(node, list):
        for value in node:
            _drop_draft2019(value)


def render(schema: dict[str, Any]) -> str:
    """Canonical text of a schema file."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


@dataclass(slots=True)
class SchemaResult:
    """Which schema files were written, or (with ``check_only``) are stale or missing."""

    written: list[Path] = field(default_factory=list)
    stale: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)


def default_games(content_dir: Path | None = None) -> tuple[str, ...]:
    """The games ``cardkit schema`` covers when none is named: the built-in games, and the
    plug-in and declared games that have a folder in ``content_dir``."""
    from ..core.registry import builtin_ids, games_in

    if content_dir is None:
        return builtin_ids()
    return (*builtin_ids(), *(g for g in games_in(content_dir) if g not in builtin_ids()))


def expected_schemas(games: tuple[str, ...] | None = None) -> dict[Path, str]:
    """Relative path -> text of every schema file the models generate: the shared ones
    (locales, glossary, translation sources) and those of ``games`` (default: the built-in
    games)."""
    from ..i18n.glossary import GlossaryFile
    from ..i18n.history import HISTORY_SCHEMA, SourceStore
    from ..i18n.locale import LocalesFile
    from ..i18n.overlay import overlay_model

    out: dict[Path, str] = {
        Path("locales.schema.json"): render(model_schema(
            LocalesFile, "cardkit locale", "A locale: plural forms, punctuation, numbers.")),
        Path("glossary.schema.json"): render(model_schema(
            GlossaryFile, "cardkit glossary", "Required translations of a game's key terms.")),
        Path(HISTORY_SCHEMA): render(model_schema(SourceStore, "cardkit i18n sources")),
    }
    for game in default_games() if games is None else games:
        spec = get_game(game)
        for kind in spec.kinds:
            out[Path(game) / kind.schema_name] = render(kind_schema(game, kind))
            if kind.translatable:
                out[Path(game) / f"i18n-{kind.name}.schema.json"] = render(model_schema(
                    overlay_model(spec, kind.name), f"cardkit {game} {kind.name} translations",
                    f"Translations of {game} {kind.name} into one locale."))
        scorer = getattr(spec, "score_sheets", None)
        if scorer is not None:
            out[Path(game) / scorer.schema_name] = render(model_schema(
                scorer.model, f"cardkit {game} score sheet", scorer.description))
    return out


def write_schemas(out_dir: Path, check_only: bool = False, force: bool = False,
                  content_roots: tuple[Path, ...] = (Path("content"),),
                  games: tuple[str, ...] | None = None) -> SchemaResult:
    """Write every schema under ``out_dir`` (the shared ones and those of ``games``, default
    :func:`default_games` of the first content root), or only compare when ``check_only``.

    Writes go through :func:`~cardkit.core.outputs.write_output`: atomic, never inside a content
    folder, and a file the folder's record does not list is never replaced (``force`` or not);
    one the record lists but that was edited, only with ``force``. Every file is checked before
    the first one is written; the record (``out_dir/.cardkit-outputs.json``) is written last.
    A content folder's own ``.schemas/`` (written by ``cardkit init``) is the one place inside a
    content folder schemas may go.
    """
    if games is None:
        games = default_games(content_roots[0] if content_roots else None)
    content_roots = tuple(r for r in content_roots
                          if out_dir.resolve() != (Path(r) / INSIDE).resolve())
    plan = plan_schema_files(out_dir, expected_schemas(games), check_only=check_only,
                             force=force, content_roots=content_roots)
    if not check_only:
        plan.commit()
    return plan.result


@dataclass(slots=True)
class SchemaPlan:
    """Schema files checked and ready to be written into ``out_dir`` (:meth:`commit`)."""

    out_dir: Path
    result: SchemaResult
    todo: list[tuple[Path, str]]
    digests: dict[str, str]
    force: bool
    content_roots: tuple[Path, ...]

    def commit(self) -> SchemaResult:
        """Write the schemas that differ, then the folder's record."""
        for path, text in self.todo:
            write_output(path, text, force=self.force, content_roots=self.content_roots,
                         record=False, origin=False)
            self.result.written.append(path)
        _record(self.out_dir, self.digests)
        return self.result


def plan_schema_files(out_dir: Path, texts: dict[Path, str], *, check_only: bool = False,
                      force: bool = False,
                      content_roots: tuple[Path, ...] = ()) -> SchemaPlan:
    """Compare ``texts`` (relative path -> schema) with ``out_dir`` and check every file that
    must be written (see :func:`write_schemas`); nothing is written yet."""
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputProblem(f"cannot write schemas to {out_dir}: it is not a folder "
                            "(--out names the schema folder)")
    result = SchemaResult()
    todo: list[tuple[Path, str]] = []
    record = read_manifest(out_dir) if out_dir.is_dir() else None  # unreadable: refused now
    digests: dict[str, str] = {}
    for rel, text in texts.items():
        path = out_dir / rel
        digests[rel.as_posix()] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        try:
            current = path.read_text("utf-8") if path.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None
        if current == text:
            result.unchanged.append(path)
        elif check_only:
            result.stale.append(path)
        else:
            check_output(path, force=force, content_roots=content_roots, origin=False)
            todo.append((path, text))
    if check_only:
        listed = record.files if record is not None else {}
        if any(listed.get(rel) != digest for rel, digest in digests.items()):
            result.stale.append(out_dir / MANIFEST)
    return SchemaPlan(out_dir, result, todo, digests, force, tuple(content_roots))


def _record(out_dir: Path, digests: dict[str, str]) -> None:
    """List the schemas (now as generated) in ``out_dir``'s record, beside what it held."""
    found = read_manifest(out_dir)
    found.files.update(digests)
    found.files = {rel: d for rel, d in found.files.items() if (out_dir / rel).is_file()}
    data = found.to_bytes()
    path = out_dir / MANIFEST
    try:
        if path.is_file() and path.read_bytes() == data:
            return
        write_atomic(path, data)
    except OSError as exc:
        raise OutputProblem(f"cannot write {path}: {exc.strerror or exc}") from exc
