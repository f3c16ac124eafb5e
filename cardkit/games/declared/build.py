"""From a :class:`~.model.GameDecl` to strict pydantic models, file kinds and the problems of
the declaration itself (GAM004, GAM005), found while building.

Each declared kind becomes an item model (``id``, ``status``, ``note`` and the declared fields,
``extra="forbid"``, ``strict=True``) and a file model holding its ``items`` list; the JSON Schemas
of ``cardkit schema`` come from them like every shipped game's. A part of the declaration that
cannot be built (a field whose name pydantic reserves, a reference to an undeclared kind) is
left out and reported, never raised: the rest of the game still loads and is checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from ...core.diagnostics import Pointer
from ...core.models import ArtRef
from ...core.spec import REF_KEY, FileKind, TextField
from .model import RESERVED, FieldDecl, GameDecl, Id, KindDecl, StringsFile

STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)
#: Kinds every declared game has besides its own: the declaration and the template strings.
BUILT_IN_KINDS = ("game", "strings")
#: Most characters a text field may hold when its declaration says no ``max_chars``.
TEXT_LIMIT = 2000


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in ``game.yaml``: a message at a path inside it."""

    code: str
    message: str
    path: Pointer


@dataclass(slots=True)
class Built:
    """What a declaration builds: its file kinds and what could not be built."""

    kinds: list[FileKind] = field(default_factory=list)
    item_models: dict[str, type[BaseModel]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def camel(name: str) -> str:
    """``route-cards`` -> ``RouteCards`` (a model's class name)."""
    return "".join(part.capitalize() for part in re.split(r"[-_]", name) if part)


def icons_of(decl: GameDecl) -> frozenset[str]:
    """The icon names of the token registry (entries that are not ``{placeholders}``)."""
    return frozenset(t.token for t in decl.tokens if not t.token.startswith("{"))


def _scalar(f: FieldDecl, kinds: set[str], icons: frozenset[str], at: Pointer,
            problems: list[Problem]) -> Any:
    """The annotation of one value of type ``f.item_type``, or ``None`` (reported)."""
    kind = f.item_type
    if kind == "text":
        return Annotated[str, Field(min_length=1, max_length=f.max_chars or TEXT_LIMIT)]
    if kind == "int":
        if f.min is not None and f.max is not None and f.min > f.max:
            problems.append(Problem("GAM004", f"field {f.id!r}: min {f.min} is above max "
                                    f"{f.max}", (*at, "min")))
            return None
        return Annotated[int, Field(ge=f.min, le=f.max)]
    if kind == "bool":
        return bool
    if kind == "enum":
        if not f.values:
            problems.append(Problem("GAM004", f"enum field {f.id!r} needs `values`", at))
            return None
        for i, value in enumerate(f.values):  # a copy adds nothing: often a typo for another
            if value in f.values[:i]:
                problems.append(Problem("GAM004", f"enum field {f.id!r}: the value {value!r} is "
                                        "listed twice", (*at, "values", i)))
        return Literal[tuple(dict.fromkeys(f.values))]  # type: ignore[valid-type]
    if kind == "ref":
        if f.kind is None or f.kind not in kinds:
            known = ", ".join(sorted(kinds))
            problems.append(Problem("GAM004", f"field {f.id!r} refers to kind {f.kind!r}, "
                                    f"which the declaration does not have (kinds: {known})",
                                    (*at, "kind")))
            return None
        return Id
    if kind == "icon":
        if not icons:
            problems.append(Problem("GAM004", f"icon field {f.id!r}: the token registry has "
                                    "no icon", (*at, "type")))
            return None
        return Literal[tuple(sorted(icons))]  # type: ignore[valid-type]
    problems.append(Problem("GAM004", f"field {f.id!r}: a list of lists is not supported",
                            (*at, "of")))
    return None


def _field(f: FieldDecl, kinds: set[str], icons: frozenset[str], at: Pointer,
           problems: list[Problem]) -> tuple[Any, Any] | None:
    """``(annotation, FieldInfo)`` of a declared field for ``create_model``, or ``None``."""
    if f.id in RESERVED or f.id.startswith("model_") or hasattr(BaseModel, f.id):
        problems.append(Problem("GAM004", f"field name {f.id!r} is reserved (every object has "
                                "id, status, note and a kind; pydantic keeps model_* and its "
                                "method names)", (*at, "id")))
        return None
    if f.type == "list" and f.of is None:
        problems.append(Problem("GAM004", f"list field {f.id!r} needs `of` (the type of its "
                                "entries)", at))
        return None
    if f.type != "list" and f.of is not None:
        problems.append(Problem("GAM004", f"field {f.id!r}: `of` is for lists only",
                                (*at, "of")))
    if f.min_items is not None and f.max_items is not None and f.min_items > f.max_items:
        problems.append(Problem("GAM004", f"field {f.id!r}: min_items {f.min_items} is above "
                                f"max_items {f.max_items}", (*at, "min_items")))
    if f.translatable and f.type != "text":
        problems.append(Problem("GAM004", f"field {f.id!r}: only a text field can be "
                                "translatable", (*at, "translatable")))
    one = _scalar(f, kinds, icons, at, problems)
    if one is None:
        return None
    annotation: Any = one
    if f.type == "list":
        annotation = Annotated[list[one],  # type: ignore[valid-type]
                               Field(min_length=f.min_items, max_length=f.max_items)]
    doc = f.label or f.id.replace("_", " ")
    extra = {REF_KEY: f.kind} if f.item_type == "ref" and f.kind else None
    if f.default is not None:
        try:  # a default must be a value of the field
            create_model("Default", __config__=STRICT, v=(annotation, ...))(v=f.default)
        except ValidationError:
            problems.append(Problem("GAM004", f"field {f.id!r}: the default {f.default!r} is "
                                    "not one of its values", (*at, "default")))
            return None
        return annotation, Field(f.default, description=doc, json_schema_extra=extra)
    if not f.required:
        return annotation | None, Field(None, description=doc, json_schema_extra=extra)
    return annotation, Field(description=doc, json_schema_extra=extra)


def _kind_models(game: str, kind: KindDecl, k: int, kinds: set[str], icons: frozenset[str],
                 built: Built) -> FileKind | None:
    at: Pointer = ("kinds", k)
    fields: dict[str, Any] = {
        "id": (Id, Field(description="Stable kebab-case id; never changes once published.")),
        "status": (Literal["confirmed", "provisional"],
                   Field("confirmed", description="provisional: a value still to confirm.")),
        "note": (str | None, Field(None, max_length=600, description="Not printed.")),
        "art": (ArtRef | None, Field(None, repr=False, description=(
            "An image printed in the art frame of the deck's front template (docs/art.md)."))),
    }
    texts: list[TextField] = []
    seen: set[str] = set()
    for j, f in enumerate(kind.fields):
        if f.id in seen:
            built.problems.append(Problem("GAM004", f"field {f.id!r} is declared twice in "
                                          f"kind {kind.id!r}", (*at, "fields", j, "id")))
            continue
        seen.add(f.id)
        made = _field(f, kinds, icons, (*at, "fields", j), built.problems)
        if made is None:
            continue
        fields[f.id] = made
        if f.type == "text" and f.translatable:
            texts.append(TextField(f.id, f.max_chars or TEXT_LIMIT, f.label or
                                   f"{kind.id} {f.id.replace('_', ' ')}"))
    if kind.label is not None and kind.label not in fields:
        built.problems.append(Problem("GAM004", f"kind {kind.id!r}: label field {kind.label!r} "
                                      "is not one of its fields", (*at, "label")))
    if kind.items.startswith("model_") or hasattr(BaseModel, kind.items):
        built.problems.append(Problem("GAM004", f"kind {kind.id!r}: items {kind.items!r} is a "
                                      "name pydantic keeps for itself", (*at, "items")))
        return None
    name = camel(kind.id)
    try:  # whatever pydantic still refuses is the declaration's problem, not a crash
        item = create_model(name, __config__=STRICT, __doc__=kind.description or
                            f"One {kind.id} object of the declared game {game}.", **fields)
        file_model = create_model(
            f"{name}File", __config__=STRICT,
            __doc__=f"``content/{game}/{kind.file}``: a list of {kind.items}.",
            **{kind.items: (list[item], Field(min_length=1))})  # type: ignore[valid-type]
        file_model.model_json_schema()
    except Exception as exc:  # noqa: BLE001 - reported as GAM004, located at the kind
        built.problems.append(Problem("GAM004", f"kind {kind.id!r} cannot be built: "
                                      f"{type(exc).__name__}: {exc}".split("\n")[0], at))
        return None
    built.item_models[kind.id] = item
    return FileKind(kind.id, kind.file, file_model, kind.items,
                    description=kind.description or f"{game}: {kind.id}.",
                    translatable=tuple(texts))


def built_in_kinds(title: str) -> list[FileKind]:
    """The kinds every declared game has: its declaration and its template strings (all a
    game whose ``game.yaml`` does not validate has, so that check reports its errors)."""
    return [
        FileKind("game", "game.yaml", GameDecl, "kinds",
                 description=f"The declaration of {title}: kinds, tokens, decks, templates."),
        FileKind("strings", "strings.yaml", StringsFile, "strings", required=False,
                 description=f"Texts the {title} templates print.",
                 translatable=(TextField("text", 600, "template text"),)),
    ]


def _file_problem(kind: str, pattern: str, files: dict[str, str]) -> str | None:
    """Why a kind's file pattern can never load its files (``files``: the patterns of the kinds
    before it), or ``None``."""
    if pattern in ("game.yaml", "strings.yaml") or pattern.startswith(("i18n/", "glossary/")):
        return (f"kind {kind!r}: file {pattern!r} belongs to cardkit (the declaration, the "
                "strings, the translations or the glossaries)")
    if pattern in files:
        return (f"kinds {files[pattern]!r} and {kind!r} both claim {pattern!r} (a file holds "
                "one kind)")
    if pattern.startswith("**/"):
        return (f"kind {kind!r}: {pattern!r} matches files in sub-folders only (the pattern "
                f"needs its '/'); `*` matches across folders, so {pattern[3:]!r} also takes the "
                "game folder's own files")
    return None


def build_kinds(decl: GameDecl) -> Built:
    """The file kinds of a valid declaration, and the problems found on the way."""
    built = Built()
    built.kinds += built_in_kinds(decl.title)
    names = {k.id for k in decl.kinds}
    icons = icons_of(decl)
    seen: set[str] = set()
    files: dict[str, str] = {}
    for k, kind in enumerate(decl.kinds):
        if kind.id in BUILT_IN_KINDS or kind.id in seen:
            why = "is declared twice" if kind.id in seen else "is a kind every declared game has"
            built.problems.append(Problem("GAM004", f"kind {kind.id!r} {why}",
                                          ("kinds", k, "id")))
            continue
        seen.add(kind.id)
        why = _file_problem(kind.id, kind.file, files)
        files.setdefault(kind.file, kind.id)
        if why is not None:  # the kind is not built: its files are not taken for another's
            built.problems.append(Problem("GAM004", why, ("kinds", k, "file")))
            continue
        made = _kind_models(decl.id, kind, k, names, icons, built)
        if made is not None:
            built.kinds.append(made)
    return built
