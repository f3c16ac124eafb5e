"""What a card image is made from: one digest per face, so that a rebuild redraws only the
faces whose inputs changed (``cardkit site``; :class:`cardkit.core.reuse.Previous`).

A face is drawn by its game's template, a closure that may read any part of the game's content,
so its inputs are taken wide — when unsure, a face counts as changed:

* **the code**: cardkit's version, every file of the ``cardkit`` package (templates, fonts,
  drawing, this module) and the versions of the libraries that draw, rasterise and encode
  (reportlab, pypdfium2, Pillow) — any change redraws everything;
* **the settings**: format, dpi, bleed, units, ink saver, preset and the locale;
* **the shared content**: every file of the content folder that is not another game's, except
  the files that hold the printed cards and their translations, and except other locales'
  translation folders; plus every record that is not a printed card (whatever file it is in);
* **the deck**: its id, name, size, and the id, label, copies and pile of every card in order
  (so a renamed, added or removed card redraws the deck's faces);
* **the card's own**: its record(s), their translations into the locale as the deck prints
  them (failing ones withheld), and the records of the printed cards it names by id (a card
  without a record of its own, made from others, depends on every printed card);
* **the other card kinds**: every printed card of another kind than its own (a Cartographers
  edict shows the seasons that name it: a season edited redraws the edicts).

A *printed card* is a record of a *card kind* (a kind at least half of whose records are cards of
the game's decks) whose id is a card of a deck. So a face is taken to depend on the other cards
*of its own kind* only through the ids its record names: a template that shows such a card's
data otherwise (a count of the deck's cards of a colour, say) would make these keys too narrow,
and its game must be listed in :data:`WIDE`, whose faces all depend on every printed card.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.fingerprint import code_fingerprint, package_files as _files
from ..core.registry import game_ids

if TYPE_CHECKING:
    from ..i18n.lookup import Localizer
    from ..pdf.deck import PrintDeck

#: Face key: ``(deck id, card id or None for the deck's shared back, side)``, the side as
#: :class:`~.raster.FaceRef` names it (``front``, ``back``, ``shared-back``).
FaceKey = tuple[str, str | None, str]
#: Games whose card faces show other cards' data without naming them by id: every face of these
#: depends on every printed card (none of the shipped games).
WIDE: frozenset[str] = frozenset()


def _h(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False,
                                     default=str).encode("utf-8")).hexdigest()


def _dump(rec: Any) -> Any:
    obj = rec.obj
    return [rec.kind, obj.model_dump(mode="json") if hasattr(obj, "model_dump") else repr(obj)]


def _entries(overlay: Any, kind: str, obj_id: str) -> Any:
    if overlay is None:
        return None
    found = overlay.entries.get(kind, {}).get(obj_id, {})
    return {key: entry.translation.model_dump(mode="json") for key, entry in sorted(found.items())}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def printed_records(content: Any, card_ids: Iterable[str]) -> dict[str, list[Any]]:
    """``card id -> [record]``: the records of card kinds printed as the deck cards ``card_ids``
    (see the module docstring)."""
    ids = set(card_ids)
    out: dict[str, list[Any]] = {}
    for kind in content.game.kinds:
        records = content.of(kind.name)
        printed = [r for r in records if r.id in ids]
        if records and 2 * len(printed) >= len(records):
            for rec in printed:
                out.setdefault(rec.id, []).append(rec)
    return out


def _shared(game: str, content_dir: Path, loc: Any, printed: dict[str, list[Any]],
            settings: dict[str, Any]) -> str:
    """The digest of what every face of the game in this locale may read (module docstring)."""
    root = Path(content_dir).resolve()
    card_files = {Path(r.file).resolve() for recs in printed.values() for r in recs}
    card_kinds = {r.kind for recs in printed.values() for r in recs}
    overlay = loc.overlay
    if overlay is not None:
        card_files |= {Path(getattr(f, "path", f)).resolve() for k, f in overlay.files.items()
                       if k in card_kinds}
    others = set(game_ids()) - {game}
    h = hashlib.sha256(_h(code_fingerprint(), settings, loc.locale.model_dump(mode="json"),
                          loc.pseudo, loc.pseudo_expansion).encode())
    for path in sorted(_files(root)):
        rel = path.relative_to(root)
        top = rel.parts[0]
        if top in others or path in card_files:
            continue
        if top == game and len(rel.parts) > 3 and rel.parts[1] == "i18n" \
                and rel.parts[2] != loc.locale.code:
            continue  # another locale's translations
        h.update(b"\0" + rel.as_posix().encode("utf-8", "surrogateescape") + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    own = {id(r) for recs in printed.values() for r in recs}
    for kind in loc.content.game.kinds:
        for rec in loc.content.of(kind.name):
            if id(rec) not in own:
                h.update(_h(_dump(rec), _entries(overlay, rec.kind, rec.id)).encode())
    return h.hexdigest()


def face_keys(game: str, content_dir: Path, decks: list[PrintDeck], loc: Localizer,
              settings: dict[str, Any]) -> dict[FaceKey, str]:
    """The input digest of every face of ``decks`` (as :func:`~.raster.unique_deck` lists
    them: each card's ``front`` and ``back``, and the deck's ``shared-back``)."""
    printed = printed_records(loc.content, (c.id for d in decks for c in d.cards))
    shared = _shared(game, content_dir, loc, printed, settings)
    every = sorted(printed) if game in WIDE else []
    own: dict[str, str] = {}
    by_kind: dict[str, list[str]] = {}
    for card_id, records in printed.items():
        own[card_id] = _h([(_dump(r), _entries(loc.overlay, r.kind, r.id)) for r in records])
        for rec in records:
            by_kind.setdefault(rec.kind, []).append(own[card_id])
    kinds = {k: _h(sorted(v)) for k, v in sorted(by_kind.items())}
    keys: dict[FaceKey, str] = {}
    for deck in decks:
        head = _h(shared, deck.id, deck.name, list(deck.size_mm), deck.shared_back is not None,
                  [(c.id, c.label, c.count, c.pile) for c in deck.cards])
        for card in deck.cards:
            records = printed.get(card.id, [])
            if records:
                named = sorted({s for r in records for s in _strings(_dump(r)[1])
                                if s in own and s != card.id} | set(every))
            else:  # a card made from other records (a generated card): it may show any of them
                named = sorted(own)
            mine = {r.kind for r in records}
            card_key = _h(head, card.id, own.get(card.id), [(n, own[n]) for n in named],
                          [(k, d) for k, d in kinds.items() if k not in mine])
            keys[(deck.id, card.id, "front")] = _h(card_key, "front")
            if card.back is not None:
                keys[(deck.id, card.id, "back")] = _h(card_key, "back")
        if deck.shared_back is not None:
            keys[(deck.id, None, "shared-back")] = _h(head, "shared-back")
    return keys
