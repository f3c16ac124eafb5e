"""JSON Schemas generated from the pydantic models, one per content file kind (and one for
the sheet file of each game's score calculator, ``<game>/score-sheet.schema.json``).

The schemas are written as **draft-07** (``definitions`` instead of ``$defs``), the draft the
YAML language server supports fully, and are committed under ``schemas/<game>/<kind>.schema.json``.
``cardkit schema --check`` fails when a committed schema differs from what the models generate.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

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


def generated_schema(data: bytes) -> bool:
    """Whether a file's bytes are a schema cardkit generated (draft-07, titled ``cardkit …``).

    Such a file may be replaced by a newer one without ``--force`` (the committed ``schemas/``
    folder was written by cardkit, on another machine); anything else is somebody's file.
    """
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return (isinstance(doc, dict) and doc.get("$schema") == DRAFT_07
            and str(doc.get("title", "")).startswith("cardkit "))


def write_schemas(out_dir: Path, check_only: bool = False, force: bool = False,
                  content_roots: tuple[Path, ...] = (Path("content"),),
                  games: tuple[str, ...] | None = None) -> SchemaResult:
    """Write every schema under ``out_dir`` (the shared ones and those of ``games``, default
    :func:`default_games` of the first content root), or only compare when ``check_only``.

    Writes go through :func:`~cardkit.core.outputs.write_output`: atomic, never inside a content
    folder, and a file that is not a cardkit schema is never replaced (``force`` or not). Every
    file is checked before the first one is written. A content folder's own ``.schemas/``
    (written by ``cardkit init``) is the one place inside a content folder schemas may go.
    """
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputProblem(f"cannot write schemas to {out_dir}: it is not a folder "
                            "(--out names the schema folder)")
    result = SchemaResult()
    todo: list[tuple[Path, str]] = []
    if games is None:
        games = default_games(content_roots[0] if content_roots else None)
    content_roots = tuple(r for r in content_roots
                          if out_dir.resolve() != (Path(r) / INSIDE).resolve())
    for rel, text in expected_schemas(games).items():
        path = out_dir / rel
        try:
            current = path.read_text("utf-8") if path.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None
        if current == text:
            result.unchanged.append(path)
        elif check_only:
            result.stale.append(path)
        else:
            check_output(path, force=force, content_roots=content_roots, ours=generated_schema)
            todo.append((path, text))
    for path, text in todo:
        write_output(path, text, force=force, content_roots=content_roots,
                     ours=generated_schema, record=False)
        result.written.append(path)
    return result
