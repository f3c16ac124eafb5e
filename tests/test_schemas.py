"""JSON Schemas: fresh, draft-07, and usable without pydantic on the shipped content."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

from cardkit.core.registry import builtin_ids, get_game
from cardkit.checking.schemas import write_schemas

from .conftest import ROOT, SHIPPED

SCHEMAS = ROOT / "schemas"
CONTENT_FILES = sorted(p for p in SHIPPED.rglob("*.yaml"))


def test_committed_schemas_are_fresh() -> None:
    result = write_schemas(SCHEMAS, check_only=True)
    assert result.stale == [], "run `make schemas`"
    per_game = sum(len(get_game(g).kinds) + sum(1 for k in get_game(g).kinds if k.translatable)
                   + (getattr(get_game(g), "score_sheets", None) is not None)
                   for g in builtin_ids())
    assert len(result.unchanged) == per_game + 3  # + locales, glossary and i18n sources


def test_schema_check_detects_a_stale_file(tmp_path: Path) -> None:
    write_schemas(tmp_path)
    victim = tmp_path / "terra" / "cards.schema.json"
    victim.write_text(victim.read_text().replace('"minItems": 2', '"minItems": 1'))
    assert write_schemas(tmp_path, check_only=True).stale == [victim]


@pytest.mark.parametrize("path", sorted(SCHEMAS.rglob("*.schema.json")), ids=lambda p: p.name)
def test_schemas_are_valid_draft_07(path: Path) -> None:
    schema = json.loads(path.read_text("utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(schema)
    jsonschema.Draft7Validator.check_schema(schema)


def _schema_for(path: Path) -> dict:  # type: ignore[type-arg]
    first = path.read_text("utf-8").split("\n", 1)[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix), f"{path} lacks the modeline"
    schema_path = (path.parent / first[len(prefix):]).resolve()
    assert schema_path.is_file(), f"modeline of {path} points to a missing file"
    return json.loads(schema_path.read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: p.relative_to(SHIPPED).as_posix())
def test_shipped_content_validates_with_jsonschema_alone(path: Path) -> None:
    data = YAML(typ="safe", pure=True).load(path.read_text("utf-8"))
    jsonschema.Draft7Validator(_schema_for(path)).validate(data)


def test_jsonschema_rejects_what_the_models_reject() -> None:
    path = SHIPPED / "terra" / "cards" / "yellow.yaml"
    data = YAML(typ="safe", pure=True).load(path.read_text("utf-8"))
    validator = jsonschema.Draft7Validator(_schema_for(path))
    data["cards"][0]["difficulty"] = "purple"
    data["cards"][1]["surprise"] = True
    data["cards"][2]["bars"][0]["answer"]["value"] = "1900"
    del data["cards"][3]["sources"]
    messages = sorted(e.message for e in validator.iter_errors(data))
    assert len(messages) == 4
