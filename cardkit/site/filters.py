"""The gallery's filters, from the models: every top-level field of a card's pydantic model
typed ``Literal[...]`` (or a list of them), ``bool``, ``int`` with at most
:data:`MAX_INT_VALUES` distinct values in the content, or a plain ``str`` the content uses as a
category (:func:`category_fields`: short tokens, at most :data:`MAX_CATEGORY_VALUES` distinct
values, one of them shared by two cards at least — Trains' ``set``, ``base`` or ``rising-sun``)
becomes a ``<select>`` offering the values present, sorted; the content kind is one more when a
game's cards come from several kinds.
Labels and values are in the locale of the :class:`~.messages.Messages` given (contexts
``field``, ``kind`` and ``value`` of the site's catalog)."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Union

from ..core.spec import REF_KEY
from .messages import ENGLISH, Messages

if TYPE_CHECKING:  # the cards module imports the filters
    from .cards import SiteCard

#: An ``int`` field becomes a filter when the content holds at most this many distinct values.
MAX_INT_VALUES = 20
#: A plain ``str`` field is a category when the content holds at most this many distinct values.
MAX_CATEGORY_VALUES = 12
#: ... each of them a short token like this (no space: an id, a code, a letter).
CATEGORY_VALUE = re.compile(r"[^\s]{1,40}")
#: Attribute names the gallery uses itself; a model field of that name is ``field-<name>``.
#: (``sort`` names the gallery's sort order in the page's address.)
RESERVED = ("id", "kind", "sort")


@dataclass(frozen=True, slots=True)
class Filter:
    """A gallery filter: the ``data-`` attribute / select name, its label and its values."""

    name: str
    label: str
    values: tuple[str, ...]
    labels: tuple[str, ...]


Shape = Literal["literal", "multi", "bool", "int", "category"]


def strip_optional(annotation: Any) -> Any:
    """The type an optional or annotated type wraps (``Id | None`` -> ``str``)."""
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return strip_optional(args[0])
    if origin is typing.Annotated:
        return strip_optional(typing.get_args(annotation)[0])
    return annotation


def shape(annotation: Any) -> Shape | None:
    """How a model field can filter: ``Literal``, list of ``Literal``, ``bool``, ``int``."""
    ann = strip_optional(annotation)
    origin = typing.get_origin(ann)
    if origin is Literal:
        return "literal"
    if origin in (list, tuple):
        args = typing.get_args(ann)
        if args and typing.get_origin(strip_optional(args[0])) is Literal:
            return "multi"
        return None
    if ann is bool:
        return "bool"
    if ann is int:
        return "int"
    return None


def is_plain_str(annotation: Any) -> bool:
    """Whether a model field is typed ``str`` (optional or constrained: ``Id``, ``Text``)."""
    return strip_optional(annotation) is str


def category_fields(cards: list[SiteCard]) -> frozenset[str]:
    """The ``str`` fields of the cards' models the content uses as categories: every value
    given a short token (:data:`CATEGORY_VALUE`), at most :data:`MAX_CATEGORY_VALUES` distinct
    ones, and fewer distinct values than cards giving one (a value shared: not a name, not an
    id, not a rule each card has its own of). Decided from the content, not by name."""
    values: dict[str, list[str]] = {}
    plain: set[str] = set()
    for card in cards:
        for name, info in type(card.record.obj).model_fields.items():
            if name == "id" or not is_plain_str(info.annotation):
                continue
            plain.add(name)
            value = getattr(card.record.obj, name)
            if value is not None:
                values.setdefault(name, []).append(value)
    out = set()
    for name in plain:
        given = values.get(name, [])
        distinct = set(given)
        if given and len(distinct) <= MAX_CATEGORY_VALUES and len(distinct) < len(given) \
                and all(CATEGORY_VALUE.fullmatch(v) for v in distinct):
            out.add(name)
    return frozenset(out)


def attr_name(field_name: str) -> str:
    """The ``data-`` attribute (and select name) of a model field."""
    name = field_name.replace("_", "-").lower()
    return f"field-{name}" if name in RESERVED else name


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _values_of(value: Any, how: Shape) -> list[str]:
    if value is None:
        return []
    if how == "multi":
        return [_value(v) for v in value]
    return [_value(value)]


def _order(values: Iterable[str], how: Shape) -> list[str]:
    if how == "int":
        return sorted(values, key=int)
    return sorted(values)


def ref_kind(info: Any) -> str | None:
    """The kind a model field's ids name (its ``REF_KEY`` schema keyword), or ``None``."""
    extra = info.json_schema_extra
    return extra.get(REF_KEY) if isinstance(extra, dict) else None


def model_filters(cards: list[SiteCard]) -> list[tuple[str, str, Shape]]:
    """``(attribute, model field, shape)`` of every filtering field of the cards' models, in
    the order of the first model that declares it. A field naming another kind's ids (a
    reference) filters too, by the objects it names; so does a category
    (:func:`category_fields`)."""
    seen: dict[str, tuple[str, Shape]] = {}
    categories = category_fields(cards)
    for card in cards:
        for name, info in type(card.record.obj).model_fields.items():
            how = shape(info.annotation)
            if how is None and ref_kind(info) is not None:
                ann = strip_optional(info.annotation)
                how = "multi" if typing.get_origin(ann) in (list, tuple) else "literal"
            if how is None and name in categories:
                how = "category"
            if how is not None and attr_name(name) not in seen:
                seen[attr_name(name)] = (name, how)
    return [(attr, name, how) for attr, (name, how) in seen.items()]


def field_label(cards: list[SiteCard], name: str) -> str:
    """A field's label: the ``title`` its model gives it (``VP``), else its name in words."""
    for card in cards:
        info = type(card.record.obj).model_fields.get(name)
        if info is not None and info.title:
            return info.title
    return name.replace("_", " ").capitalize()


def filters(cards: list[SiteCard], names_of: dict[str, str] | None = None,
            tr: Messages = ENGLISH) -> tuple[list[Filter], dict[str, dict[str, str]]]:
    """The gallery's filters and, per card id, its ``data-`` values (space-separated for list
    fields). A filter needs two values at least; an ``int`` field at most
    :data:`MAX_INT_VALUES` distinct ones. A reference filter's options are labelled with
    ``names_of`` (card id -> its name in the gallery's locale) where the gallery shows the
    object it names, else with the id. Labels and enum values are in ``tr``'s locale."""
    names_of = names_of or {}
    data: dict[str, dict[str, str]] = {c.id: {} for c in cards}
    out: list[Filter] = []
    kinds = sorted({c.kind for c in cards})
    if len(kinds) > 1:
        out.append(Filter("kind", tr.p("field", "Kind"), tuple(kinds),
                          tuple(tr.p("kind", k) for k in kinds)))
    for attr, name, how in model_filters(cards):
        present: set[str] = set()
        for card in cards:
            if name not in type(card.record.obj).model_fields:
                continue
            values = _values_of(getattr(card.record.obj, name), how)
            if values:
                data[card.id][attr] = " ".join(dict.fromkeys(values))
                present.update(values)
        if len(present) < 2 or (how == "int" and len(present) > MAX_INT_VALUES):
            for card in cards:
                data[card.id].pop(attr, None)
            continue
        ordered = _order(present, how)
        labels = [(tr("yes") if v == "true" else tr("no")) if how == "bool"
                  else tr.p("value", v) if how in ("literal", "multi", "category")
                  else tr.num(int(v))
                  for v in ordered]
        target = next((ref_kind(type(c.record.obj).model_fields[name]) for c in cards
                       if name in type(c.record.obj).model_fields), None)
        if target is not None:  # a reference: the names of the objects it names
            shown = {c.id for c in cards if c.kind == target}
            labels = [names_of.get(v, v) if v in shown else v for v in ordered]
        out.append(Filter(attr, tr.p("field", field_label(cards, name)), tuple(ordered),
                          tuple(labels)))
    return out, data
