"""Diacritics-insensitive full-text search: the folding and the prebuilt index.

:func:`fold` lower-cases, decomposes (NFKD) and drops every combining mark, then maps the Greek
final sigma to σ, Polish ł to l and German ß to ss: «Σκουπίδια» and "σκουπιδια" fold alike, as
do "Pociąg" and "pociag". ``assets/search.js`` folds a query exactly the same way (the tests run
both on the same strings). Tokens are the runs of letters and digits (Unicode categories L and
N) of the folded text, as the JavaScript's ``/[\\p{L}\\p{N}]+/u``.

The index is a script, ``window.CARDKIT_INDEX = {...};`` (a script and not JSON, so that it loads
from ``file://`` too): ``entries`` (``{url, name, game, locale}``; ``url`` relative to the site's
top folder) and ``tokens``, sorted pairs ``[token, [entry numbers]]`` for a binary-searched
prefix match. Tokens are sorted by UTF-16 code units, the order JavaScript compares strings in.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

#: Letters the decomposition leaves alone, mapped after it (the JavaScript has the same table).
EXTRA = (("ς", "σ"), ("ł", "l"), ("ß", "ss"))


def fold(text: str) -> str:
    """``text`` lower-cased, without diacritics (see the module docstring)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    out = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower()
    for old, new in EXTRA:
        out = out.replace(old, new)
    return out


def tokens(text: str) -> list[str]:
    """The folded words of ``text``: runs of letters and digits, in order."""
    found: list[str] = []
    word: list[str] = []
    for c in fold(text):
        if unicodedata.category(c)[0] in "LN":
            word.append(c)
        elif word:
            found.append("".join(word))
            word = []
    if word:
        found.append("".join(word))
    return found


@dataclass(frozen=True, slots=True)
class Entry:
    """One card page in one locale, and the texts it is found by."""

    url: str  # relative to the site's top folder
    name: str
    game: str
    locale: str
    texts: tuple[str, ...]


def _utf16(token: str) -> bytes:
    return token.encode("utf-16-be")


def build_index(entries: Iterable[Entry]) -> str:
    """The index script for ``entries`` (sorted by game, locale and url first)."""
    ordered = sorted(entries, key=lambda e: (e.game, e.locale, e.url))
    postings: dict[str, set[int]] = {}
    for number, entry in enumerate(ordered):
        for text in entry.texts:
            for token in tokens(text):
                postings.setdefault(token, set()).add(number)
    data = {
        "entries": [{"url": e.url, "name": e.name, "game": e.game, "locale": e.locale}
                    for e in ordered],
        "tokens": [[t, sorted(postings[t])] for t in sorted(postings, key=_utf16)],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # "</script>" or U+2028 inside a script would end it or break older parsers: escape them
    text = text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.CARDKIT_INDEX = {text};\n"
