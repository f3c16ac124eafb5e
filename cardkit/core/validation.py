"""Schema validation: pydantic errors become SCH diagnostics pointing into the file."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic, Pointer, Severity

_TYPE_SUFFIXES = ("_type", "_parsing")
_NAMES = {
    "string": "text",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "list": "a list",
    "dict": "a mapping",
    "model": "a mapping",
}


def validate(model: type[BaseModel], data: Any, file: str) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Validate ``data`` against ``model``; return the instance or located diagnostics."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [error_to_diagnostic(err, data, file) for err in exc.errors(include_url=False)]


def error_to_diagnostic(err: Any, data: Any, file: str, prefix: Pointer = ()) -> Diagnostic:
    """Map one pydantic error dict to a diagnostic with a pointer (resolved later)."""
    loc: Pointer = prefix + tuple(p if isinstance(p, (str, int)) else str(p) for p in err["loc"])
    kind: str = err["type"]
    value = err.get("input")
    if "[key]" in loc:  # a mapping key that is not allowed (constrained keys)
        loc = tuple(p for p in loc if p != "[key]")
        return Diagnostic("SCH002", Severity.ERROR, f"unknown field {loc[-1]!r}", file,
                          object_id=_object_id(data, loc[:-1]), pointer=loc, at="key")
    object_id = _object_id(data, loc)
    if kind == "extra_forbidden":
        field = loc[-1] if loc else "?"
        return Diagnostic("SCH002", Severity.ERROR, f"unknown field {field!r}", file,
                          object_id=object_id, pointer=loc, at="key")
    if kind == "missing":
        field = loc[-1] if loc else "?"
        return Diagnostic("SCH003", Severity.ERROR, f"missing required field {field!r}", file,
                          object_id=object_id, pointer=loc)
    if kind.endswith(_TYPE_SUFFIXES) or kind in {"model_type", "model_attributes_type"}:
        expected = _NAMES.get(kind.split("_")[0], kind.removesuffix("_type").replace("_", " "))
        field = _field_name(loc)
        return Diagnostic("SCH001", Severity.ERROR,
                          f"{field}: expected {expected}, got {_describe(value)}", file,
                          object_id=object_id, pointer=loc)
    field = _field_name(loc)
    return Diagnostic("SCH004", Severity.ERROR, f"{field}: {err['msg'].rstrip('.')}", file,
                      object_id=object_id, pointer=loc)


def _field_name(loc: Pointer) -> str:
    names = [str(p) for p in loc if isinstance(p, str)]
    return names[-1] if names else "document"


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text {shown!r}"
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _object_id(data: Any, loc: Pointer) -> str | None:
    """The ``id`` of the innermost object on the path that has one."""
    found: str | None = None
    node = data
    for part in loc:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            found = node["id"]
    return found
