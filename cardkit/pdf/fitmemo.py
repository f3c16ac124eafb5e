"""The fit check remembered between runs of one process, face group by face group.

The language server checks a game again after every keystroke; laying out every face of
every card in every locale each time is most of that check. A :class:`FitMemo` keeps each
card's findings (all locales and unit systems) under the digest of what its faces are built
from, and the next run lays out only the cards whose inputs changed.

What a card's faces read is declared by its game, not guessed: a game whose spec sets
``fit_local = True`` promises that a card's faces depend on that card's own records (every
record with the card's id, when only one kind has it) and their translations, and on anything
that is not another card — never on another card — and that a deck's extra pages (a region
list, a bar strip) read no card at all. ``tests/test_fitmemo.py`` holds every game that
declares it to the promise, by changing one card and comparing every other face. The other
generic pages of a deck (its information page, card index, footers) are keyed on what they read
of the deck (:func:`cardkit.pdf.draw.generic_inputs`: the cards' labels and counts, never their
faces) besides the extra pages; boards are laid out every run, and so is everything of a game
that does not declare ``fit_local``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.plain import RecordDigests, digest, plain

#: A finding as remembered: ``(pass, face, text)`` (its group's place is the run's), the key it
#: is kept once under, the diagnostic.
Kept = tuple[tuple[int, int, int], tuple[Any, ...], Any]


@dataclass(slots=True)
class FitMemo:
    """Each card group's findings by the digest of its inputs, for one game in one process."""

    groups: dict[Hashable, tuple[str, list[Kept]]] = field(default_factory=dict)
    #: Groups laid out by the last run (the others were remembered): what the tests read.
    laid_out: int = 0
    #: Each record's digest, made once per run (:meth:`RecordDigests.clear` after it).
    record_digest: RecordDigests = field(default_factory=RecordDigests)


def group_digests(memo: FitMemo, content: Any, overlays: dict[str, Any], locales: dict[str, Any],
                  keys: Iterable[Hashable], salt: Iterable[str] = (),
                  generic: dict[Hashable, list[Any]] | None = None) -> dict[Hashable, str]:
    """The digest of the inputs of each card group (``(deck, card id, side)`` keys) and extra
    page (``(deck, "page-N", paper)``), for a game that declares ``fit_local``, and of the
    generic pages ``generic`` gives the inputs of (by key, in every pass: see
    :func:`cardkit.pdf.draw.generic_inputs`); the other groups have none (they are always
    laid out)."""
    keys = list(keys)
    card_ids = {k[1] for k in keys if _is_card(k)}
    owner: dict[str, list[Any]] = {}
    kinds_of: dict[str, set[str]] = {}
    for kind, recs in content.records.items():
        for rec in recs:
            if rec.id in card_ids:
                owner.setdefault(rec.id, []).append(rec)
                kinds_of.setdefault(rec.id, set()).add(kind)
    own = {cid for cid, kinds in kinds_of.items() if len(kinds) == 1}  # an id two kinds share
    base = [list(salt), [[code, plain(loc)] for code, loc in sorted(locales.items())]]  # is base
    for kind, recs in sorted(content.records.items()):
        base.append([kind, [memo.record_digest(r) for r in recs if r.id not in own]])
    with_records = {r.file for recs in content.records.values() for r in recs}
    base.append([[name, plain(m)] for name, m in sorted(content.models.items())
                 if not any(f == name or f.endswith("/" + name) for f in with_records)])
    for code, overlay in sorted(overlays.items()):
        base.append([code, sorted(getattr(f, "display", str(f)) for f in overlay.files.values())])
        for kind, objects in sorted(overlay.entries.items()):
            base.append([code, kind, [[oid, _entries(fields)] for oid, fields in objects.items()
                                      if oid not in own]])
    base_digest = digest(base)
    out: dict[Hashable, str] = {k: digest(base_digest, k, v) for k, v in (generic or {}).items()}
    for key in keys:
        if _is_page(key):
            out[key] = digest(base_digest, key)
        if not _is_card(key) or key[1] not in own:
            continue
        cid = key[1]
        mine = [memo.record_digest(r) for r in owner[cid]]
        tr = [[code, kind, _entries(o.entries[kind][cid])] for code, o in sorted(overlays.items())
              for kind in sorted(o.entries) if cid in o.entries[kind]]
        out[key] = digest(base_digest, key, mine, tr)
    return out


def _is_card(key: Hashable) -> bool:
    return isinstance(key, tuple) and len(key) == 3 and key[2] in ("front", "back") \
        and bool(key[1])


def _is_page(key: Hashable) -> bool:
    return isinstance(key, tuple) and len(key) == 3 and str(key[1]).startswith("page-")


def _entries(fields: dict[str, Any]) -> list[Any]:
    """What a face reads of an object's translations: each text, whether it is stale (its
    ``src``) or meant to be the English (``same``), and where it sits (the findings' place)."""
    out = []
    for k, e in fields.items():
        t = e.translation
        text = t.text if isinstance(t.text, str) else sorted(t.text.items())
        out.append([k, e.file, list(e.pointer), text, t.src, t.same])
    return out


__all__ = ["FitMemo", "group_digests"]
