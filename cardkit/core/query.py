"""``cardkit list`` and ``cardkit show`` as library calls."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checking import load_game
from .errors import UsageProblem
from .spec import Record

LABEL_FIELDS = ("name", "topic", "label", "title")


class ObjectNotFoundError(UsageProblem):
    """No object with the requested id."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of ``cardkit list``."""

    id: str
    kind: str
    label: str


def _label(rec: Record[Any]) -> str:
    for name in LABEL_FIELDS:
        value = getattr(rec.obj, name, None)
        if isinstance(value, str):
            return value
    return ""


def list_objects(game: str, content_dir: Path, kind: str | None = None) -> Iterator[Row]:
    """Rows for every valid object of the game (or of one kind), in file order."""
    content, _ = load_game(game, content_dir)
    kinds = [k.name for k in content.game.kinds]
    if kind is not None and kind not in kinds:
        raise UsageProblem(f"game {game!r} has no kind {kind!r}; kinds: {', '.join(kinds)}")
    label = getattr(content.game, "label", None) or _label
    for name in kinds:
        if kind is None or kind == name:
            for rec in content.of(name):
                yield Row(rec.id, name, label(rec))


def show_object(game: str, content_dir: Path, object_id: str) -> dict[str, Any]:
    """One object as plain data (references resolved by the game where it knows how)."""
    content, _ = load_game(game, content_dir)
    for kind in content.game.kinds:
        for rec in content.of(kind.name):
            if rec.id == object_id:
                resolve = getattr(content.game, "resolve", None)
                if resolve is not None:
                    return plain(resolve(content, rec))
                return plain({"kind": kind.name,
                              **rec.obj.model_dump(mode="json", exclude_none=True)})
    raise ObjectNotFoundError(f"no object {object_id!r} in game {game!r}")


def plain(data: Any) -> Any:
    """Data for display: whole-number floats as ints (1937.0 -> 1937)."""
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [plain(v) for v in data]
    return data


def to_yaml(data: Any) -> str:
    """Block-style YAML text of plain data."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 100
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[attr-defined]
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    return buffer.getvalue()
