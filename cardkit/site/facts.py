"""What a card page (and the gallery's downloads) shows of a card: its texts and its facts,
decided from the card's pydantic model, never from a list per game.

**Texts** — every translatable field of the card's kind (:attr:`FileKind.translatable`, nested
paths expanded) but the name (the page's heading), in the page's locale, each labelled by the
model field's title in words: ``bars.0.question`` is "Question 1" (the field ``question``
without a title, in words, numbered by the list index it is under), ``info`` is "Info".

**Facts** — the top-level fields of the card's model a player reads off a card, by type (optional
or constrained types count as the type they wrap):

- ``Literal[...]`` or a list of them: an enum value (type, kind, difficulty), by its label in the
  locale (``value`` context);
- ``bool``: yes or no; ``int`` / ``float``: a number in the locale's format (cost, copies, VP);
- ``str`` the content uses as a category (:func:`~.filters.category_fields`: Trains' ``set``):
  an enum value too;
- a reference to another kind's objects (an id, or a list of them, with the model's
  ``REF_KEY`` keyword: a declared game's ``guild``): the objects' names, linked to their pages
  where the gallery shows them;
- ``str`` named as rules notes (:data:`RULES_NOTES`: ``notes``, ``rules``, ``ruling``...): the
  text, as the content gives it (English);
- ``status``: shown when it is not ``confirmed`` (provisional: the badge).

Never shown: the id (the page shows it once, as metadata), the translatable texts (above),
``sources`` (their own list), a designer's ``note`` (:class:`cardkit.core.models.Provenance`:
"not printed"), a string that is neither a category nor a rules note (a rule id, a colour code),
and every nested model, dict and list of anything but enum values (effects, shapes, engine
data). A field left empty (``None``, an empty list) is no fact either.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal

from ..core.spec import FileKind, Record
from ..i18n.pseudo import pseudo_text
from .filters import is_plain_str, ref_kind, shape, strip_optional
from .html import esc
from .messages import ENGLISH, Messages

#: Top-level text fields that hold rules notes for players (a designer's ``note`` is not one).
RULES_NOTES = frozenset({"notes", "rules", "ruling", "rulings", "rules_note", "rules_notes",
                         "rules_text", "clarification", "clarifications", "errata", "faq"})
#: The fields a card page never lists as facts (shown elsewhere on it, or not for players).
NOT_FACTS = frozenset({"id", "sources", "note"})
#: The ``status`` value that needs no mark.
CONFIRMED = "confirmed"

How = Literal["enum", "enums", "bool", "number", "notes", "status", "ref", "refs"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of a card: the model field, its English label, how it shows, its value."""

    name: str
    label: str
    how: How
    value: Any


@dataclass(frozen=True, slots=True)
class Text:
    """One text of a card in the page's locale: the field's key (``bars.0.question``), its
    label in words (English, before the lookup), the text, and whether it is the English (no
    translation)."""

    key: str
    label: str
    number: int | None
    text: Any
    english: bool


def field_words(model: type[Any], name: str) -> str:
    """A model field's label in English: its ``title``, else its name in words."""
    info = model.model_fields.get(name) if hasattr(model, "model_fields") else None
    if info is not None and info.title:
        return str(info.title)
    return name.replace("_", " ").capitalize()


def fact_how(name: str, annotation: Any, categories: frozenset[str],
             ref: bool = False) -> How | None:
    """How a top-level field shows as a fact, or ``None`` when it is none (module docstring);
    ``ref``: the field names another kind's objects."""
    if name in NOT_FACTS:
        return None
    if ref and is_plain_str(annotation):
        return "ref"
    if ref and typing.get_origin(strip_optional(annotation)) in (list, tuple) \
            and all(is_plain_str(a) for a in typing.get_args(strip_optional(annotation))):
        return "refs"
    if name == "status" and shape(annotation) == "literal":
        return "status"
    how = shape(annotation)
    if how == "literal":
        return "enum"
    if how == "multi":
        return "enums"
    if how == "bool":
        return "bool"
    if how == "int" or strip_optional(annotation) is float:
        return "number"
    if is_plain_str(annotation):
        if name in categories:
            return "enum"
        if name in RULES_NOTES:
            return "notes"
    return None


def card_facts(spec: FileKind, rec: Record[Any],
               categories: frozenset[str] = frozenset()) -> list[Fact]:
    """The card's facts in its model's field order (module docstring); ``categories`` are the
    ``str`` fields the content uses as categories; a ``status`` comes last."""
    model = type(rec.obj)
    texts = {f.path for f in spec.translatable}
    out = []
    for name, info in model.model_fields.items():
        if name in texts:
            continue
        how = fact_how(name, info.annotation, categories, ref_kind(info) is not None)
        value = getattr(rec.obj, name)
        if how is None or value is None or value == [] or value == ():
            continue
        if how == "status" and value == CONFIRMED:
            continue
        if how == "notes" and not str(value).strip():
            continue
        out.append(Fact(name, field_words(model, name), how, value))
    return sorted(out, key=lambda f: f.how == "status")


def fact_html(fact: Fact, tr: Messages = ENGLISH, names: dict[str, str] | None = None) -> str:
    """A fact's value as HTML in ``tr``'s locale; ``names`` (card id -> name in the locale) name
    the objects a reference gives, linked to their pages."""
    if fact.how in ("ref", "refs"):
        ids = [fact.value] if fact.how == "ref" else list(fact.value)
        return ", ".join(f'<a href="{esc(i)}.html">{esc(names[i])}</a>' if names and i in names
                         else f'<span translate="no">{esc(i)}</span>' for i in ids)
    if fact.how == "status":
        label = esc(tr.p("value", str(fact.value)))
        return f'<span class="provisional">{label}</span>' if fact.value == "provisional" \
            else label
    if fact.how == "enum":
        return esc(tr.p("value", str(fact.value)))
    if fact.how == "enums":
        return esc(", ".join(tr.p("value", str(v)) for v in fact.value))
    if fact.how == "bool":
        return esc(tr("yes") if fact.value else tr("no"))
    if fact.how == "number":
        return esc(tr.num(fact.value))
    return f'<span lang="en" translate="no">{esc(fact.value)}</span>'  # notes, as written


def _path_label(model: Any, key: str) -> tuple[str, int | None]:
    """The English label of a text's key, walking the model (``bars.0.question``: the
    ``question`` field of the list item's model, ``Question``) and the number of the last list
    index on the way (1 for ``bars.0``), if any."""
    label, number = key, None
    current: Any = model
    for part in key.split("."):
        if part.isdigit():
            number = int(part) + 1
            continue
        fields = getattr(current, "model_fields", {})
        info = fields.get(part)
        label = field_words(current, part) if info is not None else \
            part.replace("_", " ").capitalize()
        current = _item_model(info.annotation) if info is not None else None
    return label, number


def _item_model(annotation: Any) -> Any:
    """The model a field holds, or the model of its list's items (``None`` when neither)."""
    ann = strip_optional(annotation)
    if typing.get_origin(ann) in (list, tuple):
        args = typing.get_args(ann)
        ann = strip_optional(args[0]) if args else None
    return ann if hasattr(ann, "model_fields") else None


def text_label(model: Any, key: str, tr: Messages = ENGLISH) -> str:
    """A text field's label in ``tr``'s locale: ``Question 1`` for ``bars.0.question``."""
    label, number = _path_label(model, key)
    words = tr.p("field", label)
    return words if number is None else tr("{field} {n}", field=words, n=number)


def card_texts_in(spec: FileKind, rec: Record[Any], overlay: Any, code: str,
                  skip: str | None = None, pseudo: bool = False) -> list[Text]:
    """Every translatable text of the card but ``skip`` (the name's key), in the locale of
    ``overlay`` (English where it has no translation; pseudo-localized with ``pseudo``)."""
    from_overlay = overlay is not None and code != "en"
    out = []
    for text_field in spec.translatable:
        for key, english in text_field.expand(rec.obj):
            if key == skip:
                continue
            found = None
            if from_overlay:
                entry = overlay.get(rec.kind, rec.id, key)
                found = None if entry is None else entry.translation.text
            text = english if found is None else found
            if not _has_text(text):
                continue
            if pseudo:
                text = ({k: pseudo_text(v) for k, v in text.items()} if isinstance(text, dict)
                        else pseudo_text(str(text)))
            label, number = _path_label(type(rec.obj), key)
            out.append(Text(key, label, number, text, found is None and code != "en"
                            and not pseudo))
    return out


def _has_text(value: Any) -> bool:
    if isinstance(value, dict):
        return any(str(v).strip() for v in value.values())
    return isinstance(value, str) and bool(value.strip())
