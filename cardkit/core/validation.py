"""Schema validation: pydantic errors become SCH diagnostics a designer can read.

Every pydantic error type that content can produce is rewritten into a plain sentence that names
the field, shows the value, says what is allowed and, for a misspelt name, suggests the closest
allowed one ("unknown field 'neighbors' (did you mean 'neighbours'?)"). Regexes, pydantic type
names and union member names never reach the designer. Errors of the members of one union at the
same place (text *or* plural forms) are merged into one finding.
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, Union

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic, Pointer, Severity
from .suggest import did_you_mean

_NAMES = {
    "string": "text",
    "str": "text",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "list": "a list",
    "tuple": "a list",
    "set": "a list",
    "dict": "a mapping",
    "model": "a mapping",
    "model_attributes": "a mapping",
    "none": "nothing",
}

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
#: Patterns of the models, explained in words instead of regexes.
PATTERN_WORDS: dict[str, str] = {
    ID_PATTERN: "ids are lower-case letters and digits, words joined by single hyphens, "
                "e.g. `lake-baikal`",
    r"^[a-z]{2,3}(-[A-Z]{2})?$": "a locale code is a lower-case language code, optionally with "
                                 "an upper-case country, e.g. `el` or `pt-BR`",
    r"^[0-9a-f]{12}$": "a fingerprint is the 12 hex digits cardkit writes (`cardkit i18n "
                       "import` and `confirm` fill it in)",
    r"^nplurals=\d+; plural=.+;$": "the gettext header looks like `nplurals=2; plural=(n != 1);`",
}


@dataclass(frozen=True, slots=True)
class _Error:
    """One pydantic error with its location split into the data path and the union members."""

    raw: dict[str, Any]
    loc: Pointer          # path into the data (union member names removed)
    union_at: int | None  # length of ``loc`` where a union member name was dropped, if any
    is_key: bool          # the error is about a mapping key, not a value


def validate(model: type[BaseModel], data: Any, file: str) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Validate ``data`` against ``model``; return the instance or located diagnostics."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        errors = [_split(err, data) for err in exc.errors(include_url=False)]
        return None, [_diagnostic(e, data, file, model) for e in _merge_unions(errors)]


def error_to_diagnostic(err: Any, data: Any, file: str, prefix: Pointer = (),
                        model: type[BaseModel] | None = None) -> Diagnostic:
    """Map one pydantic error dict to a diagnostic with a pointer (resolved later)."""
    e = _split(err, data)
    if prefix:
        e = _Error(e.raw, prefix + e.loc, None if e.union_at is None else e.union_at + len(prefix),
                   e.is_key)
    return _diagnostic(e, data, file, model, prefix)


# -- locations -------------------------------------------------------------------------------

def _split(err: dict[str, Any], data: Any) -> _Error:
    """Drop the parts of a pydantic ``loc`` that are not in the data (union member names)."""
    raw_loc = [p if isinstance(p, (str, int)) else str(p) for p in err["loc"]]
    is_key = "[key]" in raw_loc
    raw_loc = [p for p in raw_loc if p != "[key]"]
    loc: list[str | int] = []
    union_at: int | None = None
    node: Any = data
    for i, part in enumerate(raw_loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
            loc.append(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            loc.append(part)
        elif i == len(raw_loc) - 1 and (err["type"] == "missing" or is_key) and not (
                isinstance(part, str) and _looks_like_member(part)):
            loc.append(part)  # a missing field, or an unknown key (in the data as a key)
            node = None
        elif isinstance(node, (dict, list)) or node is None or _looks_like_member(str(part)):
            if union_at is None:
                union_at = len(loc)
            node = node if isinstance(node, (dict, list)) else None
        else:
            loc.append(part)
            node = None
    return _Error(err, tuple(loc), union_at, is_key)


def _looks_like_member(part: str) -> bool:
    """Pydantic's names of union members: ``constrained-str``, ``dict[...]``, ``Draw``..."""
    return part in {"constrained-str", "str", "int", "float", "bool", "none"} or "[" in part \
        or part[:1].isupper()


def _merge_unions(errors: list[_Error]) -> list[_Error | list[_Error]]:
    """Group the errors of one union's members; keep the members that got furthest."""
    out: list[_Error | list[_Error]] = []
    groups: dict[Pointer, list[_Error]] = {}
    for e in errors:
        if e.union_at is None:
            out.append(e)
            continue
        base = e.loc[:e.union_at]
        if base not in groups:
            groups[base] = []
            out.append(groups[base])  # type: ignore[arg-type]
        groups[base].append(e)
    result: list[_Error | list[_Error]] = []
    for item in out:
        if isinstance(item, _Error):
            result.append(item)
            continue
        base = item[0].loc[:item[0].union_at]
        deeper = [e for e in item if len(e.loc) > len(base) or e.is_key]
        if deeper:
            result.extend(deeper)
        elif len(item) == 1:
            result.append(item[0])
        else:
            result.append(item)
    return result


# -- messages --------------------------------------------------------------------------------

def _diagnostic(e: _Error | list[_Error], data: Any, file: str,
                model: type[BaseModel] | None, prefix: Pointer = ()) -> Diagnostic:
    if isinstance(e, list):  # a union whose members all failed at the same place
        expected = []
        for member in e:
            kind = _type_name(member.raw["type"])
            if kind and kind not in expected:
                expected.append(kind)
        loc = e[0].loc[:e[0].union_at]
        value = e[0].raw.get("input")
        text = " or ".join(expected) if expected else "another kind of value"
        return Diagnostic("SCH001", Severity.ERROR,
                          f"{_field(loc)}: expected {text}, got {_describe(value)}", file,
                          object_id=_object_id(data, loc, prefix), pointer=loc)
    code, message, at = _message(e, data, model, prefix)
    return Diagnostic(code, Severity.ERROR, message, file,
                      object_id=_object_id(data, e.loc, prefix), pointer=e.loc,
                      at=at)  # type: ignore[arg-type]


def _message(e: _Error, data: Any, model: type[BaseModel] | None,
             prefix: Pointer) -> tuple[str, str, str]:
    """``(code, message, at)`` for one error."""
    err, loc = e.raw, e.loc
    kind: str = err["type"]
    ctx: dict[str, Any] = err.get("ctx") or {}
    value = err.get("input")
    field = _field(loc)
    if e.is_key:
        key = loc[-1] if loc else "?"
        if kind == "string_pattern_mismatch" and ctx.get("pattern") not in PATTERN_WORDS:
            allowed = _pattern_alternatives(str(ctx.get("pattern", "")))
            hint = (did_you_mean(str(key), allowed) +
                    (f"; allowed here: {', '.join(allowed)}" if allowed else ""))
            return "SCH002", f"unknown field {key!r}{hint}", "key"
        if kind == "literal_error":
            options = _literal_options(ctx)
            return ("SCH004", f"{key!r} is not allowed here{did_you_mean(str(key), options)}; "
                    f"use one of: {', '.join(options)}", "key")
        if kind == "string_pattern_mismatch":
            return ("SCH004", f"{key!r} is not valid here: {PATTERN_WORDS[ctx['pattern']]}"
                    f"{_slug_hint(key)}", "key")
        return "SCH004", f"key {key!r}: {_plain(err['msg'])}", "key"
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else "?"
        allowed = _allowed_fields(model, loc[len(prefix):-1], data) if model else []
        hint = did_you_mean(key, allowed)
        listing = f"; allowed fields: {', '.join(allowed)}" if allowed and not hint else ""
        return "SCH002", f"unknown field {key!r}{hint}{listing}", "key"
    if kind == "missing":
        return "SCH003", f"missing required field {field!r}", "value"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        disc = str(ctx.get("discriminator", "?")).strip("'")
        tags = [t.strip("' ") for t in str(ctx.get("expected_tags", "")).split(",") if t.strip()]
        if kind == "union_tag_not_found" and model is not None:
            tags = _union_tags(model, loc[len(prefix):], data)
        known = f"; known kinds: {', '.join(tags)}" if tags else ""
        if kind == "union_tag_not_found":
            return ("SCH003", f"this `{field}` entry needs `{disc}:` to say which kind of entry "
                    f"it is{known}", "value")
        tag = str(ctx.get("tag", "?"))
        return ("SCH004", f"`{disc}: {tag}` is not a known kind of `{field}` entry"
                f"{did_you_mean(tag, tags)}{known}", "value")
    if kind == "literal_error":
        options = _literal_options(ctx)
        if isinstance(value, str):
            return ("SCH004", f"{field}: {value!r} is not allowed{did_you_mean(value, options)}; "
                    f"use one of: {', '.join(options)}", "value")
        return ("SCH004", f"{field}: expected one of {', '.join(options)}, got "
                f"{_describe(value)}", "value")
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        words = PATTERN_WORDS.get(pattern, "it does not have the expected form")
        hint = _slug_hint(value) if pattern == ID_PATTERN else ""
        return "SCH004", f"{field}: {value!r} is not valid: {words}{hint}", "value"
    if kind in ("int_from_float", "int_parsing_size"):
        return "SCH001", f"{field}: expected a whole number, got {_describe(value)}", "value"
    expected = _type_name(kind)
    if expected:
        hint = _quote_hint(value, kind)
        if kind in ("model_type", "model_attributes_type") and isinstance(value, str) and model:
            disc, tags = _union_choice(model, loc[len(prefix):], data)
            if value in tags:
                hint = f" (write it as `{{{disc}: {value}}}`)"
        return "SCH001", f"{field}: expected {expected}, got {_describe(value)}{hint}", "value"
    return "SCH004", f"{field}: {_constraint(kind, ctx, value, err['msg'])}", "value"


def _constraint(kind: str, ctx: dict[str, Any], value: Any, msg: str) -> str:
    """A value breaking a range, length or other constraint, in words."""
    shown = _describe(value)
    if kind == "greater_than_equal":
        return f"{shown} is too small; the least allowed is {ctx['ge']}"
    if kind == "greater_than":
        return f"{shown} is too small; it must be more than {ctx['gt']}"
    if kind == "less_than_equal":
        return f"{shown} is too large; the most allowed is {ctx['le']}"
    if kind == "less_than":
        return f"{shown} is too large; it must be less than {ctx['lt']}"
    if kind == "multiple_of":
        return f"{shown} must be a multiple of {ctx['multiple_of']}"
    if kind == "string_too_short":
        if ctx.get("min_length") == 1:
            return "must not be empty"
        return f"{shown} is too short; write at least {ctx['min_length']} characters"
    if kind == "string_too_long":
        return (f"the text is {len(value) if isinstance(value, str) else '?'} characters long; "
                f"at most {ctx['max_length']} are allowed")
    if kind == "too_short":
        n = ctx.get("min_length")
        return (f"needs at least {n} entr{'y' if n == 1 else 'ies'}, has "
                f"{ctx.get('actual_length', 0)}")
    if kind == "too_long":
        n = ctx.get("max_length")
        return (f"allows at most {n} entr{'y' if n == 1 else 'ies'}, has "
                f"{ctx.get('actual_length', '?')}")
    if kind == "finite_number":
        return f"{shown} is not a finite number"
    if kind == "enum":
        return f"{shown} is not allowed; use one of: {ctx.get('expected', '?')}"
    return _plain(msg)


def _plain(msg: str) -> str:
    """A pydantic message without its jargon (the last resort)."""
    msg = msg.rstrip(".").removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return msg.replace("Input should be", "should be").replace("Input", "the value")


def _type_name(kind: str) -> str | None:
    for suffix in ("_type", "_parsing"):
        if kind.endswith(suffix):
            return _NAMES.get(kind.removesuffix(suffix), kind.removesuffix(suffix)
                              .replace("_", " "))
    return None


def _quote_hint(value: Any, kind: str) -> str:
    if isinstance(value, str) and kind.startswith(("int", "float")):
        try:
            float(value.replace(",", ""))
        except ValueError:
            return ""
        return " (write the number without quotes)"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and kind.startswith("str"):
        return " (put it in quotes to make it text)"
    return ""


def _slug_hint(value: Any) -> str:
    if not isinstance(value, str):
        return ""
    slug = "-".join(re.findall(r"[a-z0-9]+", value.casefold()))
    return f" (try {slug!r})" if slug and slug != value else ""


def _literal_options(ctx: dict[str, Any]) -> list[str]:
    return re.findall(r"'([^']*)'", str(ctx.get("expected", ""))) or [str(ctx.get("expected"))]


def _pattern_alternatives(pattern: str) -> list[str]:
    """The words of an alternation regex such as ``^(topic|info|bars\\.[0-9]+\\.question)$``."""
    inner = pattern.removeprefix("^(").removesuffix(")$")
    if not inner or inner == pattern:
        return []
    return [alt.replace("[0-9]+", "N").replace("\\", "") for alt in inner.split("|")]


def _field(loc: Pointer) -> str:
    names = [str(p) for p in loc if isinstance(p, str)]
    return names[-1] if names else "the file"


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text {shown!r}"
    if isinstance(value, (int, float)):
        return f"number {value:g}" if isinstance(value, float) else f"number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _object_id(data: Any, loc: Pointer, prefix: Pointer = ()) -> str | None:
    """The ``id`` of the innermost object on the path that has one."""
    found: str | None = None
    node = data
    for part in loc[len(prefix):]:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            found = node["id"]
    return found


# -- walking the model along a data path ---------------------------------------------------

def _model_at(model: type[BaseModel], loc: Pointer, data: Any) -> Any:
    """The type annotation a data path reaches in ``model`` (``None`` when it is lost)."""
    tp: Any = model
    node = data
    for part in loc:
        tp = _pick(tp, node)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            info = tp.model_fields.get(str(part))
            tp = info.annotation if info is not None else None
        else:
            tp = _unwrap(tp)
            origin, args = typing.get_origin(tp), typing.get_args(tp)
            if origin in (list, tuple, set) and args:
                tp = args[0]
            elif origin is dict and len(args) == 2:
                tp = args[1]
            else:
                return None
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            node = None
        if tp is None:
            return None
    return _pick(tp, node)


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _members(tp: Any) -> list[Any]:
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(tp)]
    return [tp]


def _pick(tp: Any, node: Any) -> Any:
    """The union member a data node is meant to be (by its discriminator value if it has one)."""
    members = [m for m in _members(tp) if m is not type(None)]
    models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
    if len(members) == 1:
        return members[0]
    if isinstance(node, dict) and models:
        for m in models:
            for name, info in m.model_fields.items():
                if typing.get_origin(_unwrap(info.annotation)) is Literal and \
                        node.get(name) in typing.get_args(_unwrap(info.annotation)):
                    return m
        return models[0] if len(models) == 1 else None
    if models and len(models) == len(members):
        return None
    return members[0] if members else None


def _allowed_fields(model: type[BaseModel], loc: Pointer, data: Any) -> list[str]:
    tp = _model_at(model, loc, data)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return list(tp.model_fields)
    return []


def _union_tags(model: type[BaseModel], loc: Pointer, data: Any) -> list[str]:
    """The discriminator values of the union a data path reaches (``draw``, ``coins``...)."""
    return _union_choice(model, loc, data)[1]


def _union_choice(model: type[BaseModel], loc: Pointer, data: Any) -> tuple[str, list[str]]:
    """The discriminator field and values of the union a data path reaches."""
    if not loc:
        return "", []
    parent = _model_at(model, loc[:-1], data)
    tp: Any = None
    if isinstance(parent, type) and issubclass(parent, BaseModel):
        info = parent.model_fields.get(str(loc[-1]))
        tp = info.annotation if info else None
    else:
        parent = _unwrap(parent)
        args = typing.get_args(parent)
        tp = args[-1] if args else None
    tags: list[str] = []
    disc = ""
    for m in _members(tp):
        if isinstance(m, type) and issubclass(m, BaseModel):
            for name, info in m.model_fields.items():
                ann = _unwrap(info.annotation)
                if typing.get_origin(ann) is Literal and len(typing.get_args(ann)) == 1:
                    tags.append(str(typing.get_args(ann)[0]))
                    disc = disc or name
                    break
    return disc, tags
