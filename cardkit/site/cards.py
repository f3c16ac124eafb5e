"""Per game and locale: the gallery page, one page per card, and the filters.

A *card* is a unique card id of the game's print decks (what ``cardkit export`` draws), joined
to the content object it is printed from. A card page shows the card as players read it: its
name, its images, its texts and its facts, decided from the card's model by
:mod:`~cardkit.site.facts` (never nested or engine data, never a dotted path), then its
translations beside the English. Images are exported at twice the pixels they are shown at
(:attr:`SiteCard.css_size`), sharp on a phone or a 4K screen.

Filters come from the models, never from hand lists (:mod:`~cardkit.site.filters`); the gallery
also sorts (print order, name, cost where the cards have one) and links its cards as CSV and
JSON (:mod:`~cardkit.site.downloads`); ``filter.js`` keeps the sort and the filters in the
page's address (``#sort=name&set=rising-sun``).

Every word a reader sees goes through the locale's :class:`~.messages.Messages` (``tr``): the
page's own strings, and the models' field labels, kind names and enum values (contexts
``field``, ``kind`` and ``value`` of the site's catalog; untranslated ones stay English). The
raw record of a card page (ids, the English source texts, nested data) is data: it is marked
``translate="no"``, and its English source texts ``lang="en"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..core.query import LABEL_FIELDS
from ..core.spec import FileKind, Record
from ..i18n.locale import SOURCE_LOCALE
from ..i18n.pseudo import PSEUDO_CODE
from ..i18n.sources import fingerprint
from .facts import Fact, Text, card_facts, card_texts_in, fact_html, text_label
from .filters import MAX_INT_VALUES, RESERVED, Filter, category_fields, field_label, filters
from .html import attrs, esc
from .messages import ENGLISH, Messages
from .search import Entry


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
    size: tuple[int, int]  # the images' pixels
    shared_back: str | None = None

    @property
    def css_size(self) -> tuple[int, int]:
        """The size the pages show the images at: half their pixels (rounded down), so every
        CSS pixel has two image pixels at least each way."""
        return max(1, self.size[0] // 2), max(1, self.size[1] // 2)


@dataclass(slots=True)
class Locale:
    """What a page needs to know about the locale it is written in and the game's others."""

    code: str
    native: str
    targets: tuple[str, ...]  # the game's translation locales (for the translations table)
    overlays: dict[str, Any] = field(default_factory=dict)  # code -> LocaleOverlay
    natives: dict[str, str] = field(default_factory=dict)  # code -> the language's own name
    #: The ``str`` fields the game's content uses as categories (facts and filters):
    #: :func:`~.filters.category_fields` of the gallery's cards.
    categories: frozenset[str] = frozenset()
    #: Every card of the gallery: id -> its name in the locale (a reference fact names them).
    names: dict[str, str] = field(default_factory=dict)
    #: Per locale, the fields whose translation fails a check: ``(kind, id, key)``, withheld
    #: (the pages show the English) and shown in that locale's translators' view.
    failing: dict[str, frozenset[tuple[str, str, str]]] = field(default_factory=dict)


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


# -- pages -------------------------------------------------------------------------------------

PROVISIONAL = '<span class="provisional">provisional</span>'


def provisional(tr: Messages) -> str:
    """The mark of a provisional value, in ``tr``'s locale."""
    return f'<span class="provisional">{esc(tr("provisional"))}</span>'


def is_provisional(obj: Any) -> bool:
    """Whether an object says ``status: provisional``."""
    return getattr(obj, "status", None) == "provisional"


def render_value(value: Any, key: str = "", tr: Messages = ENGLISH) -> str:
    """A model value as HTML: nested objects as tables, lists as lists, ``—`` for nothing
    (``yes``, ``no`` and ``provisional`` in ``tr``'s locale, the rest as in the content)."""
    if isinstance(value, BaseModel):
        rows = "".join(
            f'<tr><th scope="row">{esc(name)}</th><td>'
            f"{render_value(getattr(value, name), name, tr)}</td></tr>"
            for name in type(value).model_fields)
        mark = provisional(tr) + " " if is_provisional(value) else ""
        return f'{mark}<table class="nested"><tbody>{rows}</tbody></table>'
    if isinstance(value, dict):
        if not value:
            return '<span class="none">—</span>'
        rows = "".join(f'<tr><th scope="row">{esc(k)}</th><td>{render_value(v, "", tr)}'
                       "</td></tr>" for k, v in value.items())
        return f'<table class="nested"><tbody>{rows}</tbody></table>'
    if isinstance(value, (list, tuple)):
        if not value:
            return '<span class="none">—</span>'
        items = "".join(f"<li>{render_value(v, '', tr)}</li>" for v in value)
        return f'<ul class="values">{items}</ul>'
    if value is None:
        return '<span class="none">—</span>'
    if isinstance(value, bool):
        return esc(tr("yes") if value else tr("no"))
    if isinstance(value, float):
        return esc(f"{value:g}")
    if key == "status" and value == "provisional":
        return provisional(tr) if tr is not ENGLISH else PROVISIONAL
    return esc(value)


def _sources(obj: Any, tr: Messages) -> str:
    """``<ul class="sources">`` for an object with a ``sources`` list of titled references
    (the titles, publishers and notes as the content gives them: ``lang="en"``)."""
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
        items.append('<li><span lang="en" translate="no">'
                     + (f"{esc(publisher)}: " if publisher else "") + linked
                     + (f' <span class="meta">({esc(note)})</span>' if note else "")
                     + "</span></li>")
    return (f'<h2 id="sources">{esc(tr("Sources"))}</h2>\n<ul class="sources">' + "".join(items)
            + "</ul>\n")


def _translation_cell(overlay: Any, rec: Record[Any], key: str, english: Any,
                      code: str, tr: Messages,
                      failing: frozenset[tuple[str, str, str]] = frozenset()) -> str:
    if (rec.kind, rec.id, key) in failing:
        link = f"../../{code}/review.html#state=failing"
        return (f'<td class="missing">{esc(tr("fails a check: shown in English"))} '
                f'<a href="{esc(link)}">{esc(tr("Translators’ view"))}</a></td>')
    entry = None if overlay is None else overlay.get(rec.kind, rec.id, key)
    if entry is None:
        return f'<td class="missing">{esc(tr("untranslated"))}</td>'
    stale = "" if entry.translation.src == fingerprint(english) else \
        f' <span class="stale">{esc(tr("stale"))}</span>'
    return f'<td><span lang="{esc(code)}">{_text_html(entry.translation.text)}</span>{stale}</td>'


def _text_html(value: Any) -> str:
    if isinstance(value, dict):
        return "<br>".join(f"{esc(k)}: {esc(v)}" for k, v in value.items())
    return esc(value)


def _faces(card: SiteCard, name: str, tr: Messages) -> str:
    """The card's images, shown at half their pixel size (sharp on a 2x screen)."""
    w, h = card.css_size
    front = tr("{name} (front)", name=name)
    faces = [f'<figure><img src="../{esc(card.front)}" alt="{esc(front)}" '
             f'width="{w}" height="{h}"><figcaption>{esc(tr("Front"))}</figcaption></figure>']
    back = card.back or card.shared_back
    if back:
        what = tr("Back") if card.back else tr("Back (shared by the deck)")
        faces.append(f'<figure><img src="../{esc(back)}" '
                     f'alt="{esc(tr("{name} (back)", name=name))}" '
                     f'width="{w}" height="{h}" loading="lazy"><figcaption>{esc(what)}'
                     "</figcaption></figure>")
    return f'<div class="faces">{"".join(faces)}</div>\n'


ENGLISH_ATTR = ' lang="en"'


def _texts_html(texts: list[Text], model: Any, tr: Messages) -> str:
    """The card's texts in the locale, each under its label in words (English where the
    locale has no translation: ``lang="en"``)."""
    if not texts:
        return ""
    items = "".join(f"<dt>{esc(text_label(model, t.key, tr))}</dt>"
                    f"<dd{ENGLISH_ATTR if t.english else ''}>{esc(plain(t.text))}</dd>\n"
                    for t in texts)
    return (f'<section aria-labelledby="card-text"><h2 id="card-text">{esc(tr("Card text"))}</h2>'
            f'\n<dl class="texts">\n{items}</dl></section>\n')


def _facts_html(facts: list[Fact], tr: Messages, names: dict[str, str]) -> str:
    """The card's facts (:mod:`.facts`), labelled in the locale."""
    if not facts:
        return ""
    items = "".join(f'<div data-field="{esc(f.name)}"><dt>{esc(tr.p("field", f.label))}</dt>'
                    f"<dd>{fact_html(f, tr, names)}</dd></div>\n" for f in facts)
    return (f'<section aria-labelledby="card-facts"><h2 id="card-facts">'
            f'{esc(tr("Card details"))}</h2>\n<dl class="facts">\n{items}</dl></section>\n')


def _translations_html(spec: FileKind, rec: Record[Any], loc: Locale, tr: Messages) -> str:
    """Every translatable text in English beside each translation, rows labelled in words."""
    keys = [(k, v) for f in spec.translatable for k, v in f.expand(rec.obj)
            if isinstance(v, dict) or (isinstance(v, str) and v.strip())]
    if not keys:
        return ""
    model = type(rec.obj)
    heads = "".join(f'<th scope="col" lang="{esc(c)}" data-locale="{esc(c)}">'
                    f"{esc(loc.natives.get(c, c))}</th>" for c in loc.targets)
    body = "".join(
        f'<tr><th scope="row">{esc(text_label(model, k, tr))}</th>'
        f'<td lang="en" translate="no">{_text_html(v)}</td>'
        + "".join(_translation_cell(loc.overlays.get(c), rec, k, v, c, tr,
                                    loc.failing.get(c, frozenset()))
                  for c in loc.targets)
        + "</tr>\n" for k, v in keys)
    return (f'<h2 id="translations">{esc(tr("Translations"))}</h2>\n'
            '<div class="table-scroll" tabindex="0" role="region" '
            'aria-labelledby="translations"><table class="translations"><thead><tr>'
            f'<th scope="col">{esc(tr("Field"))}</th>'
            f'<th scope="col" data-locale="en">{esc(tr("English"))}</th>{heads}</tr>'
            f"</thead><tbody>\n{body}</tbody></table></div>\n")


def card_page(game_title: str, spec: FileKind, card: SiteCard, loc: Locale, name: str,
              others: list[tuple[str, str]], tr: Messages = ENGLISH) -> str:
    """The body of ``cards/<id>.html``: the card as players read it, in ``tr``'s locale — its
    name, images, texts and facts (:mod:`.facts`: what the model says a player reads, never
    nested or engine data) — then the translations beside the English, and the sources."""
    rec = card.record
    mark = provisional(tr) + " " if is_provisional(rec.obj) else ""
    texts = card_texts_in(spec, rec, loc.overlays.get(loc.code), loc.code, name_key(spec),
                          pseudo=loc.code == PSEUDO_CODE)
    parts = [
        f"<h1>{esc(name)}</h1>\n",
        f'<p class="meta">{mark}{esc(game_title)} · {esc(tr.p("kind", rec.kind))} · '
        f'<code translate="no" data-kind="{esc(rec.kind)}">{esc(rec.id)}</code></p>\n',
        _faces(card, name, tr),
        _texts_html(texts, type(rec.obj), tr),
        _facts_html(card_facts(spec, rec, loc.categories), tr, loc.names),
        _translations_html(spec, rec, loc, tr),
        _sources(rec.obj, tr),
    ]
    if others:
        links = " · ".join(f'<a href="{esc(href)}" lang="{esc(code)}">'
                           f"{esc(loc.natives.get(code, code))}</a>" for code, href in others)
        parts.append(f"<p>{tr.html('This card in other languages: {links}', links=links)}</p>\n")
    parts.append(f'<p><a href="../index.html">{esc(tr("Back to the gallery"))}</a></p>\n')
    return "".join(parts)


# -- the gallery -------------------------------------------------------------------------------

#: The top-level number field a gallery can be sorted by, when the game's cards have it.
COST_FIELD = "cost"
#: The gallery's cards as data, beside its ``index.html`` (written by :mod:`.downloads`).
CSV_FILE = "cards.csv"
JSON_FILE = "cards.json"


def sort_cost(card: SiteCard) -> str | None:
    """The card's cost as the gallery sorts by it (a top-level number field ``cost``), or
    ``None`` when it has none (a card that cannot be bought sorts last)."""
    value = getattr(card.record.obj, COST_FIELD, None)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return f"{value:g}"


def _filter_form(found: list[Filter], tr: Messages) -> str:
    controls = []
    for flt in found:
        options = f'<option value="">{esc(tr("all"))}</option>' + "".join(
            f'<option value="{esc(v)}">{esc(label)}</option>'
            for v, label in zip(flt.values, flt.labels, strict=True))
        controls.append(f'<div class="filter"><label for="filter-{esc(flt.name)}">'
                        f"{esc(flt.label)}</label> <select name=\"{esc(flt.name)}\" "
                        f'id="filter-{esc(flt.name)}">{options}</select></div>')
    if not controls:
        return ""
    return (f'<form id="filters" aria-label="{esc(tr("Filters"))}" hidden>' + "".join(controls)
            + f'<button type="reset">{esc(tr("Show all"))}</button></form>\n')


def _sort_form(costs: bool, tr: Messages) -> str:
    """The sort order (``filter.js`` sorts; without JavaScript the form stays hidden)."""
    orders = [("print", tr("Print order")), ("name", tr("Name (A–Z)"))]
    if costs:
        orders += [("cost-up", tr("Cost (low to high)")), ("cost-down", tr("Cost (high to low)"))]
    options = "".join(f'<option value="{v}">{esc(label)}</option>' for v, label in orders)
    return (f'<form id="order" aria-label="{esc(tr("Sort"))}" hidden><div class="filter">'
            f'<label for="sort">{esc(tr("Sort by"))}</label> '
            f'<select name="sort" id="sort">{options}</select></div></form>\n')


def _downloads(tr: Messages) -> str:
    """Links to the gallery's cards as CSV and JSON (:mod:`.downloads`)."""
    csv_link = (f'<a href="{CSV_FILE}" type="text/csv" download>'
                f'{esc(tr("CSV (spreadsheet)"))}</a>')
    json_link = (f'<a href="{JSON_FILE}" type="application/json" download>'
                 f'{esc(tr("JSON (data)"))}</a>')
    links = tr.html("Download these cards: {csv} · {json}", csv=csv_link, json=json_link)
    return f'<p class="downloads">{links}</p>\n'


def gallery_page(game: str, game_title: str, locale: str, native: str, cards: list[SiteCard],
                 names: dict[str, str], review: bool, tr: Messages = ENGLISH) -> str:
    """The body of ``<game>/<locale>/index.html``: the sort order, the filters, the downloads
    and every card (in print order)."""
    found, data = filters(cards, names, tr)
    costs = {c.id: sort_cost(c) for c in cards}
    items = []
    for card in cards:
        pairs = [("class", "card"), ("data-id", card.id), ("data-kind", card.kind)]
        pairs += [(f"data-{k}", v) for k, v in data[card.id].items()]
        if costs[card.id] is not None:
            pairs.append(("data-sort-cost", costs[card.id]))
        w, h = card.css_size
        name = names[card.id]
        items.append(
            f'<li{attrs(pairs)}><a href="cards/{esc(card.id)}.html">'
            f'<img src="../../{esc(game)}/{esc(locale)}/{esc(card.front)}" alt="{esc(name)}" '
            f'width="{w}" height="{h}" loading="lazy"><span class="name">{esc(name)}</span>'
            "</a></li>\n")
    view = tr("Translators’ view of this locale")
    review_link = f'<p><a href="review.html">{esc(view)}</a></p>\n' if review else ""
    count = tr.n("{n} card", "{n} cards", len(cards))
    tools = _sort_form(any(v is not None for v in costs.values()), tr) + _filter_form(found, tr)
    return (f"<h1>{esc(game_title)} <span class=\"meta\">{esc(native)}</span></h1>\n"
            f'{review_link}<div class="gallery-tools">{tools}</div>\n'
            f'<div><p id="count" aria-live="polite">{esc(count)}</p></div>\n'
            f"{_downloads(tr)}"
            f'<ul id="gallery">\n{"".join(items)}</ul>\n')


def search_entries(game: str, locale: str, cards: list[SiteCard], specs: dict[str, FileKind],
                   names: dict[str, str], overlay: Any) -> list[Entry]:
    """The search index entries of one game and locale: each card's name, its other texts in
    the locale and its id, its content kind, and the model's top-level ``set`` (a string) and
    ``cost`` (a number) where it has them."""
    out = []
    for c in cards:
        key = name_key(specs[c.kind])
        texts = [t for k, t in card_texts(specs[c.kind], c.record, overlay) if k != key]
        card_set = getattr(c.record.obj, "set", None)
        cost = getattr(c.record.obj, "cost", None)
        out.append(Entry(f"{game}/{locale}/cards/{c.id}.html", names[c.id], game, locale,
                         c.kind, card_set if isinstance(card_set, str) else None,
                         cost if isinstance(cost, (int, float)) and not isinstance(cost, bool)
                         else None, (*texts, c.id)))
    return out


__all__ = ["SiteCard", "Filter", "Locale", "SOURCE_LOCALE", "MAX_INT_VALUES", "RESERVED",
           "field_label", "match_records", "name_key",
           "card_name", "card_texts", "filters", "card_page", "gallery_page", "search_entries",
           "category_fields", "CSV_FILE", "JSON_FILE"]
