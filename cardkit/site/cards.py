"""Per game and locale: the gallery page, one page per card, and the filters.

A *card* is a unique card id of the game's print decks (what ``cardkit export`` draws), joined
to the content object it is printed from. Filters come from the models, never from hand lists:
every top-level field of a card's pydantic model typed ``Literal[...]`` (or a list of them),
``bool``, or ``int`` with at most :data:`MAX_INT_VALUES` distinct values in the content becomes a
``<select>`` offering the values present, sorted; the content kind is one more when a game's
cards come from several kinds.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from pydantic import BaseModel

from ..core.query import LABEL_FIELDS
from ..core.spec import REF_KEY, FileKind, Record
from ..i18n.locale import SOURCE_LOCALE
from ..i18n.sources import fingerprint
from .html import attrs, esc
from .search import Entry

#: An ``int`` field becomes a filter when the content holds at most this many distinct values.
MAX_INT_VALUES = 20
#: Attribute names the gallery uses itself; a model field of that name is ``field-<name>``.
RESERVED = ("id", "kind")


@dataclass(frozen=True, slots=True)
class SiteCard:
    """One unique card: its content object and its exported images (paths relative to the
    locale folder, ``img/<deck>/<id>-front.png``)."""

    id: str
    kind: str
    record: Record[Any]
    deck: str
    front: str
    back: str | None
    size: tuple[int, int]
    shared_back: str | None = None


@dataclass(frozen=True, slots=True)
class Filter:
    """A gallery filter: the ``data-`` attribute / select name, its label and its values."""

    name: str
    label: str
    values: tuple[str, ...]
    labels: tuple[str, ...]


@dataclass(slots=True)
class Locale:
    """What a page needs to know about the locale it is written in and the game's others."""

    code: str
    native: str
    targets: tuple[str, ...]  # the game's translation locales (for the translations table)
    overlays: dict[str, Any] = field(default_factory=dict)  # code -> LocaleOverlay


# -- which content object a deck card is -------------------------------------------------------

def match_records(content: Any, decks: list[tuple[str, list[str]]]) -> dict[str, tuple[str, str]]:
    """``card id -> (deck, kind)`` for the unique card ids of ``decks`` (``(deck, [ids])`` in
    print order; the first deck a card is in wins). An id defined in several kinds goes to the
    kind most of its deck's unambiguous cards come from."""
    kinds: dict[str, list[str]] = {}
    for kind in content.game.kinds:
        for rec in content.of(kind.name):
            kinds.setdefault(rec.id, [])
            if kind.name not in kinds[rec.id]:
                kinds[rec.id].append(kind.name)
    out: dict[str, tuple[str, str]] = {}
    for deck, ids in decks:
        votes: dict[str, int] = {}
        for card_id in ids:
            found = kinds.get(card_id, [])
            if len(found) == 1:
                votes[found[0]] = votes.get(found[0], 0) + 1
        for card_id in ids:
            found = kinds.get(card_id, [])
            if card_id in out or not found:
                continue
            best = max(found, key=lambda k: (votes.get(k, 0), -found.index(k)))
            out[card_id] = (deck, best)
    return out


# -- names and texts ---------------------------------------------------------------------------

def name_key(kind: FileKind) -> str | None:
    """The translatable top-level field naming an object of ``kind`` (the one ``cardkit list``
    labels it by: name, topic, label, title or text), or ``None``."""
    top = {f.path for f in kind.translatable if "." not in f.path}
    return next((n for n in LABEL_FIELDS if n in top), None)


def plain(value: Any) -> str:
    """A text field's value as one string (plural texts: the ``other`` form)."""
    if isinstance(value, dict):
        value = value.get("other", next(iter(value.values()), ""))
    return "" if value is None else str(value)


def translated(overlay: Any, kind: str, obj_id: str, key: str) -> Any:
    """The translation of one field in an overlay, or ``None``."""
    if overlay is None:
        return None
    entry = overlay.get(kind, obj_id, key)
    return None if entry is None else entry.translation.text


def localized(overlay: Any, kind: str, obj_id: str, key: str, english: Any) -> str:
    """The field as shown in the locale: its translation, else the English."""
    value = translated(overlay, kind, obj_id, key)
    return plain(english if value is None else value)


def card_name(spec: FileKind, rec: Record[Any], overlay: Any) -> str:
    """The card's name in the locale (English when untranslated; the id when it has none)."""
    key = name_key(spec)
    if key is None:
        for name in LABEL_FIELDS:
            value = plain(getattr(rec.obj, name, None))
            if value:
                return value
        return rec.id
    return localized(overlay, rec.kind, rec.id, key, getattr(rec.obj, key, None)) or rec.id


def card_texts(spec: FileKind, rec: Record[Any], overlay: Any) -> list[tuple[str, str]]:
    """``(key, text in the locale)`` for every translatable field of the card."""
    out = []
    for text_field in spec.translatable:
        for key, english in text_field.expand(rec.obj):
            text = localized(overlay, rec.kind, rec.id, key, english)
            if text.strip():
                out.append((key, text))
    return out


# -- filters from the models -------------------------------------------------------------------

Shape = Literal["literal", "multi", "bool", "int"]


def _strip_optional(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return _strip_optional(args[0])
    if origin is typing.Annotated:
        return _strip_optional(typing.get_args(annotation)[0])
    return annotation


def shape(annotation: Any) -> Shape | None:
    """How a model field can filter: ``Literal``, list of ``Literal``, ``bool``, ``int``."""
    ann = _strip_optional(annotation)
    origin = typing.get_origin(ann)
    if origin is Literal:
        return "literal"
    if origin in (list, tuple):
        args = typing.get_args(ann)
        if args and typing.get_origin(_strip_optional(args[0])) is Literal:
            return "multi"
        return None
    if ann is bool:
        return "bool"
    if ann is int:
        return "int"
    return None


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
    reference) filters too, by the objects it names."""
    seen: dict[str, tuple[str, Shape]] = {}
    for card in cards:
        for name, info in type(card.record.obj).model_fields.items():
            how = shape(info.annotation)
            if how is None and ref_kind(info) is not None:
                ann = _strip_optional(info.annotation)
                how = "multi" if typing.get_origin(ann) in (list, tuple) else "literal"
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


def filters(cards: list[SiteCard], names_of: dict[str, str] | None = None
            ) -> tuple[list[Filter], dict[str, dict[str, str]]]:
    """The gallery's filters and, per card id, its ``data-`` values (space-separated for list
    fields). A filter needs two values at least; an ``int`` field at most
    :data:`MAX_INT_VALUES` distinct ones. A reference filter's options are labelled with
    ``names_of`` (card id -> its name in the gallery's locale) where the gallery shows the
    object it names, else with the id."""
    names_of = names_of or {}
    data: dict[str, dict[str, str]] = {c.id: {} for c in cards}
    out: list[Filter] = []
    kinds = sorted({c.kind for c in cards})
    if len(kinds) > 1:
        out.append(Filter("kind", "Kind", tuple(kinds), tuple(kinds)))
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
        labels = [{"true": "yes", "false": "no"}.get(v, v) if how == "bool" else v
                  for v in ordered]
        target = next((ref_kind(type(c.record.obj).model_fields[name]) for c in cards
                       if name in type(c.record.obj).model_fields), None)
        if target is not None:  # a reference: the names of the objects it names
            shown = {c.id for c in cards if c.kind == target}
            labels = [names_of.get(v, v) if v in shown else v for v in ordered]
        out.append(Filter(attr, field_label(cards, name), tuple(ordered), tuple(labels)))
    return out, data


# -- pages -------------------------------------------------------------------------------------

PROVISIONAL = '<span class="provisional">provisional</span>'


def is_provisional(obj: Any) -> bool:
    """Whether an object says ``status: provisional``."""
    return getattr(obj, "status", None) == "provisional"


def render_value(value: Any, key: str = "") -> str:
    """A model value as HTML: nested objects as tables, lists as lists, ``—`` for nothing."""
    if isinstance(value, BaseModel):
        rows = "".join(
            f'<tr><th scope="row">{esc(name)}</th><td>{render_value(getattr(value, name), name)}'
            "</td></tr>" for name in type(value).model_fields)
        mark = PROVISIONAL + " " if is_provisional(value) else ""
        return f'{mark}<table class="nested"><tbody>{rows}</tbody></table>'
    if isinstance(value, dict):
        if not value:
            return '<span class="none">—</span>'
        rows = "".join(f'<tr><th scope="row">{esc(k)}</th><td>{render_value(v)}</td></tr>'
                       for k, v in value.items())
        return f'<table class="nested"><tbody>{rows}</tbody></table>'
    if isinstance(value, (list, tuple)):
        if not value:
            return '<span class="none">—</span>'
        items = "".join(f"<li>{render_value(v)}</li>" for v in value)
        return f'<ul class="values">{items}</ul>'
    if value is None:
        return '<span class="none">—</span>'
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return esc(f"{value:g}")
    if key == "status" and value == "provisional":
        return PROVISIONAL
    return esc(value)


def _sources(obj: Any) -> str:
    """``<ul class="sources">`` for an object with a ``sources`` list of titled references."""
    sources = getattr(obj, "sources", None)
    if not isinstance(sources, (list, tuple)) or not sources \
            or not all(hasattr(s, "title") for s in sources):
        return ""
    items = []
    for src in sources:
        title = esc(src.title)
        url = getattr(src, "url", None)
        linked = f'<a href="{esc(url)}" rel="noopener">{title}</a>' if url else title
        publisher = getattr(src, "publisher", None)
        note = getattr(src, "note", None)
        items.append("<li>" + (f"{esc(publisher)}: " if publisher else "") + linked
                     + (f' <span class="meta">({esc(note)})</span>' if note else "") + "</li>")
    return ('<h2 id="sources">Sources</h2>\n<ul class="sources">' + "".join(items) + "</ul>\n")


def _translation_cell(overlay: Any, rec: Record[Any], key: str, english: Any,
                      code: str) -> str:
    entry = None if overlay is None else overlay.get(rec.kind, rec.id, key)
    if entry is None:
        return '<td class="missing" lang="en">untranslated</td>'
    stale = "" if entry.translation.src == fingerprint(english) else \
        ' <span class="stale" lang="en">stale</span>'
    return f'<td lang="{esc(code)}">{_text_html(entry.translation.text)}{stale}</td>'


def _text_html(value: Any) -> str:
    if isinstance(value, dict):
        return "<br>".join(f"{esc(k)}: {esc(v)}" for k, v in value.items())
    return esc(value)


def card_page(game_title: str, spec: FileKind, card: SiteCard, loc: Locale, name: str,
              others: list[tuple[str, str]]) -> str:
    """The body of ``cards/<id>.html``: images, every field, translations, sources."""
    rec = card.record
    w, h = card.size
    mark = PROVISIONAL + " " if is_provisional(rec.obj) else ""
    faces = [f'<figure><img src="../{esc(card.front)}" alt="{esc(name)} (front)" '
             f'width="{w}" height="{h}"><figcaption lang="en">Front</figcaption></figure>']
    back = card.back or card.shared_back
    if back:
        what = "Back" if card.back else "Back (shared by the deck)"
        faces.append(f'<figure><img src="../{esc(back)}" alt="{esc(name)} (back)" '
                     f'width="{w}" height="{h}" loading="lazy"><figcaption lang="en">{what}'
                     "</figcaption></figure>")
    rows = "".join(
        f'<tr><th scope="row">{esc(fname)}</th><td>{render_value(getattr(rec.obj, fname), fname)}'
        "</td></tr>\n" for fname in type(rec.obj).model_fields)
    parts = [
        f"<h1>{esc(name)}</h1>\n",
        f'<p class="meta" lang="en">{mark}{esc(game_title)} · {esc(rec.kind)} · '
        f'<code>{esc(rec.id)}</code> · deck {esc(card.deck)}</p>\n',
        f'<div class="faces">{"".join(faces)}</div>\n',
        '<section lang="en"><h2>Fields</h2>\n',
        f'<table class="fields"><tbody>\n{rows}</tbody></table></section>\n',
    ]
    keys = [(k, v) for f in spec.translatable for k, v in f.expand(rec.obj)
            if isinstance(v, dict) or (isinstance(v, str) and v.strip())]
    if keys:
        heads = "".join(f'<th scope="col">{esc(c)}</th>' for c in loc.targets)
        body = "".join(
            f'<tr><th scope="row" lang="en">{esc(k)}</th><td lang="en">{_text_html(v)}</td>'
            + "".join(_translation_cell(loc.overlays.get(c), rec, k, v, c) for c in loc.targets)
            + "</tr>\n" for k, v in keys)
        parts += ['<h2 lang="en">Translations</h2>\n',
                  '<table class="translations"><thead><tr><th scope="col" lang="en">Field</th>'
                  f'<th scope="col">English</th>{heads}</tr></thead><tbody>\n{body}</tbody>'
                  "</table>\n"]
    parts.append(_sources(rec.obj))
    if others:
        links = " · ".join(f'<a href="{esc(href)}" lang="{esc(code)}">{esc(code)}</a>'
                           for code, href in others)
        parts.append(f'<p lang="en">This card in other languages: {links}</p>\n')
    parts.append('<p lang="en"><a href="../index.html">Back to the gallery</a></p>\n')
    return "".join(parts)


def gallery_page(game: str, game_title: str, locale: str, native: str, cards: list[SiteCard],
                 names: dict[str, str], review: bool) -> str:
    """The body of ``<game>/<locale>/index.html``: the filters and every card."""
    found, data = filters(cards, names)
    controls = []
    for flt in found:
        options = '<option value="">all</option>' + "".join(
            f'<option value="{esc(v)}">{esc(label)}</option>'
            for v, label in zip(flt.values, flt.labels, strict=True))
        controls.append(f'<div class="filter"><label for="filter-{esc(flt.name)}">'
                        f"{esc(flt.label)}</label> <select name=\"{esc(flt.name)}\" "
                        f'id="filter-{esc(flt.name)}">{options}</select></div>')
    form = ""
    if controls:
        form = ('<form id="filters" lang="en" hidden>' + "".join(controls)
                + '<button type="reset">Show all</button></form>\n')
    items = []
    for card in cards:
        pairs = [("class", "card"), ("data-id", card.id), ("data-kind", card.kind)]
        pairs += [(f"data-{k}", v) for k, v in data[card.id].items()]
        w, h = card.size
        name = names[card.id]
        items.append(
            f'<li{attrs(pairs)}><a href="cards/{esc(card.id)}.html">'
            f'<img src="../../{esc(game)}/{esc(locale)}/{esc(card.front)}" alt="{esc(name)}" '
            f'width="{w}" height="{h}" loading="lazy"><span class="name">{esc(name)}</span>'
            "</a></li>\n")
    review_link = ('<p lang="en"><a href="review.html">Translators\' view of this locale</a></p>\n'
                   if review else "")
    return (f"<h1>{esc(game_title)} <span class=\"meta\">{esc(native)}</span></h1>\n"
            f"{review_link}{form}"
            f'<div lang="en"><p id="count" aria-live="polite">{len(cards)} cards</p></div>\n'
            f'<ul id="gallery">\n{"".join(items)}</ul>\n')


def search_entries(game: str, locale: str, cards: list[SiteCard], specs: dict[str, FileKind],
                   names: dict[str, str], overlay: Any) -> list[Entry]:
    """The search index entries of one game and locale."""
    return [Entry(f"{game}/{locale}/cards/{c.id}.html", names[c.id], game, locale,
                  (*(t for _, t in card_texts(specs[c.kind], c.record, overlay)), c.id))
            for c in cards]


__all__ = ["SiteCard", "Filter", "Locale", "SOURCE_LOCALE", "match_records", "name_key",
           "card_name", "card_texts", "filters", "card_page", "gallery_page", "search_entries"]
