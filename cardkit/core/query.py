"""``cardkit list`` and ``cardkit show`` as library calls.

Both load what they can and return, next to it, the located errors of the files and objects
that could not be loaded (syntax errors, schema errors), so that a broken file is never hidden
behind a shorter list or a "no object" answer.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .loading import load_game
from .diagnostics import Diagnostic, Severity
from .errors import UsageProblem
from .spec import Record

LABEL_FIELDS = ("name", "topic", "label", "title", "text")


class ObjectNotFoundError(UsageProblem):
    """No object with the requested id."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of ``cardkit list``."""

    id: str
    kind: str
    label: str


@dataclass(slots=True)
class Listing:
    """The rows of ``cardkit list`` and the errors of what could not be loaded."""

    rows: list[Row] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether every file and object loaded."""
        return not self.problems


@dataclass(slots=True)
class Shown:
    """The object ``cardkit show`` found (``None``: not found) and the load errors."""

    data: dict[str, Any] | None
    problems: list[Diagnostic] = field(default_factory=list)
    #: The object is defined but failed validation (its errors are among ``problems``).
    broken: bool = False


def default_label(rec: Record[Any]) -> str:
    """A short label: the object's first name/topic/label/title/text field that is a string."""
    for name in LABEL_FIELDS:
        value = getattr(rec.obj, name, None)
        if isinstance(value, dict):  # plural forms: the ``other`` one
            value = value.get("other")
        if isinstance(value, str):
            return value
    return ""


def _load(game: str, content_dir: Path) -> tuple[Any, list[Diagnostic]]:
    content, diags = load_game(game, content_dir)
    return content, [d for d in diags if d.severity is Severity.ERROR]


def list_objects(game: str, content_dir: Path, kind: str | None = None) -> Listing:
    """Rows for every valid object of the game (or of one kind), in file order, and the errors
    of the files and objects that could not be loaded."""
    content, problems = _load(game, content_dir)
    kinds = [k.name for k in content.game.kinds]
    if kind is not None and kind not in kinds:
        raise UsageProblem(f"game {game!r} has no kind {kind!r}; kinds: {', '.join(kinds)}")
    label = getattr(content.game, "label", None) or default_label
    rows = [Row(rec.id, name, label(rec)) for name in kinds if kind is None or kind == name
            for rec in content.of(name)]
    return Listing(rows, problems)


def show_object(game: str, content_dir: Path, object_id: str) -> Shown:
    """One object as plain data (references resolved by the game where it knows how), with the
    errors of what could not be loaded.

    Raises :class:`ObjectNotFoundError` only when everything loaded and no object has the id.
    """
    content, problems = _load(game, content_dir)
    for kind in content.game.kinds:
        for rec in content.of(kind.name):
            if rec.id == object_id:
                resolve = getattr(content.game, "resolve", None)
                if resolve is not None:
                    return Shown(plain(resolve(content, rec)), problems)
                return Shown(plain({"kind": kind.name,
                                    **rec.obj.model_dump(mode="json", exclude_none=True)}),
                             problems)
    broken = any(content.exists(k.name, object_id) for k in content.game.kinds)
    if problems or broken:
        return Shown(None, problems, broken)
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
    # ruamel leaves a space after a key whose value starts on the next line
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())
