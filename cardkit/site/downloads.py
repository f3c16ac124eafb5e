"""The gallery's cards as data: ``<game>/<locale>/cards.csv`` and ``cards.json``, linked from
the gallery, for a spreadsheet or a script.

One row (one JSON object) per card of the gallery, in print order: ``id``, ``kind`` (the content
kind), ``name`` in the gallery's locale, the card's facts (:mod:`.facts`: the same fields its
page lists, as the content gives them — numbers, enum ids such as ``rising-sun``, ``true`` or
``false``; a list of enum values joined with ``"; "`` in the CSV), its texts in the locale (by
key, ``bars.0.question``; English where the locale has no translation), and ``image``: the
front image, relative to the file. The columns are the union of every card's, in the order the
models declare them; a card without one leaves it empty.

The CSV is written by :func:`cardkit.core.csvcells.write_rows` (UTF-8 with a byte-order mark,
CRLF, RFC 4180 quoting, a cell a spreadsheet would run as a formula prefixed with ``'``); the
JSON is UTF-8, keys in that same order, so the same content gives the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.csvcells import write_rows
from ..core.spec import FileKind
from ..i18n.pseudo import PSEUDO_CODE
from .cards import CSV_FILE, JSON_FILE, SiteCard, name_key, plain
from .facts import card_facts, card_texts_in

#: What a list of enum values is joined with in a CSV cell.
LIST_SEPARATOR = "; "


def card_rows(locale: str, cards: list[SiteCard], names: dict[str, str],
              specs: dict[str, FileKind], overlay: Any,
              categories: frozenset[str] = frozenset()) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and one record per card (``facts`` and ``texts`` as dicts)."""
    facts_cols: dict[str, None] = {}
    texts_cols: dict[str, None] = {}
    records = []
    for card in cards:
        spec = specs[card.kind]
        facts = {f.name: list(f.value) if isinstance(f.value, (list, tuple)) else f.value
                 for f in card_facts(spec, card.record, categories)}
        texts = {t.key: t.text for t in card_texts_in(spec, card.record, overlay, locale,
                                                       name_key(spec),
                                                       pseudo=locale == PSEUDO_CODE)}
        facts_cols.update(dict.fromkeys(facts))
        texts_cols.update(dict.fromkeys(texts))
        records.append({"id": card.id, "kind": card.kind, "name": names[card.id],
                        "facts": facts, "texts": texts, "image": card.front})
    fixed = ("id", "kind", "name")
    columns = [*fixed, *(c for c in facts_cols if c not in fixed),
               *(c for c in texts_cols if c not in fixed and c not in facts_cols), "image"]
    return columns, records


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if isinstance(value, dict):
        return plain(value)
    return value


def cards_csv(columns: list[str], records: list[dict[str, Any]]) -> str:
    """The CSV text (with its byte-order mark) of :func:`card_rows`."""
    rows: list[list[Any]] = [columns]
    for rec in records:
        flat = {**rec["texts"], **rec["facts"], "id": rec["id"], "kind": rec["kind"],
                "name": rec["name"], "image": rec["image"]}
        rows.append([_cell(flat.get(c)) for c in columns])
    return write_rows(rows, bom=True)


def cards_json(game: str, locale: str, columns: list[str],
               records: list[dict[str, Any]]) -> str:
    """The JSON text of :func:`card_rows`: ``{"game", "locale", "columns", "cards"}``."""
    doc = {"game": game, "locale": locale, "columns": columns, "cards": records}
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def downloads(game: str, locale: str, cards: list[SiteCard], names: dict[str, str],
              specs: dict[str, FileKind], overlay: Any,
              categories: frozenset[str] = frozenset()) -> dict[str, str]:
    """``{path relative to the site's top: text}`` of the gallery's CSV and JSON files."""
    columns, records = card_rows(locale, cards, names, specs, overlay, categories)
    folder = f"{game}/{locale}/"
    return {folder + CSV_FILE: cards_csv(columns, records),
            folder + JSON_FILE: cards_json(game, locale, columns, records)}
