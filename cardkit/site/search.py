"""Diacritics-insensitive card search: the folding, the indexes per game and locale, the query
language (mirrored by ``assets/search.js``) and the body of the search page.

**Folding.** :func:`fold` lower-cases, decomposes (NFKD) and drops every combining mark, then
maps the Greek final sigma to σ, Polish ł to l and German ß to ss: «Σκουπίδια» and "σκουπιδια"
fold alike, as do "Pociąg" and "pociag". Tokens are the runs of letters and digits (Unicode
categories L and N) of the folded text, as the JavaScript's ``/[\\p{L}\\p{N}]+/u``.

**Indexes.** One script per game and locale, ``assets/index/<game>.<locale>.js``, registering
itself (a script and not JSON, so that it loads from ``file://`` too)::

    window.CARDKIT_INDEXES = window.CARDKIT_INDEXES || {};
    window.CARDKIT_INDEXES["trains/el"] = {"game": ..., "locale": ..., "words": [...],
                                           "entries": [...]};

``words`` is the index's vocabulary, sorted by UTF-16 code units (the order JavaScript compares
strings in), so that the words a prefix matches are one run of it. An entry is ``{url, name,
kind, set, cost, n, t}``: ``url`` relative to the site's top folder, ``set`` and ``cost`` ``null``
where the card's model has no such top-level field (or no number for ``cost``), ``n`` the name's
tokens and ``t`` the token lists of the other texts (each a list of numbers into ``words``; a
phrase matches inside one list only). That is :func:`index_data`; the script holds it compacted
(:func:`encode_index`, ``cardkitDecode`` in ``search.js`` undoes it): ``words`` as one string,
each word the length of the prefix it shares with the one before (a character of
:data:`DIGITS`) and the rest, separated by spaces; each token list a string of ``width``
characters of :data:`DIGITS` per word number. ``assets/index/catalog.js`` (``window.CARDKIT_CATALOG``)
lists the indexes: key, game, locale, file, the game's title, the language's own name, cards.
No page loads an index at page load: ``search.js`` adds the scripts it needs when a search starts.

**Queries** (:func:`parse`): bare words (every one must begin a word of the card's name or
texts), ``"a phrase"`` (consecutive words, the last one a prefix), ``-`` before a term to leave
out what it matches, ``name:word`` / ``name:"a phrase"`` (in the name only), ``game:``, ``lang:``,
``set:``, ``kind:`` (equal to the value, folded) and ``cost`` with ``< <= > >= = :`` and a number.
An unknown field, a field without a number or with the wrong operator is an error (the search
page says which); a field with no value yet (``cost<`` while typing) is left out.

**Ranking** (:func:`rank`): the name equals the query's words; every word is a whole word of the
name; every word begins a word of the name; some word does; text only. Ties: the page's locale
first, then the name.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .html import esc

if TYPE_CHECKING:
    from .messages import Messages

#: Letters the decomposition leaves alone, mapped after it (the JavaScript has the same table).
EXTRA = (("ς", "σ"), ("ł", "l"), ("ß", "ss"))
#: The fields of the query language, in the order the error message lists them.
FIELDS = ("game", "lang", "set", "kind", "name", "cost")
#: Operators after a field name, longest first (``:`` and ``=`` are the same).
OPS = ("<=", ">=", "<", ">", "=", ":")
#: Characters that open or close a phrase.
QUOTES = "\"“”„"
#: The digits of the compact numbers (base 90): printable ASCII but for ``"``, ``\\`` and ``<``,
#: so that nothing in them needs escaping in JSON or a script.
DIGITS = "".join(chr(c) for c in range(0x23, 0x7F) if chr(c) not in "\\<")
_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
_FILE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


class _ByCategory(dict[int, "int | None"]):
    """A ``str.translate`` table worked out one character at a time from its Unicode category
    and remembered (a character keeps its category): characters whose category starts with one
    of ``keep`` stay, the others become ``other`` (``None`` drops them). ``translate`` looks
    every character up in C; only a character met for the first time costs a Python call."""

    def __init__(self, keep: str, other: int | None) -> None:
        super().__init__()
        self.keep, self.other = keep, other

    def __missing__(self, code: int) -> int | None:
        value = code if unicodedata.category(chr(code))[0] in self.keep else self.other
        self[code] = value
        return value


#: Drops the combining marks (category M) that NFKD splits off letters.
_NO_MARKS = _ByCategory("CLNPSZ", None)
#: Letters and digits stay; every other character becomes a space (none of them is a letter or
#: digit, and no letter or digit is a space, so splitting at spaces gives the runs).
_WORDS = _ByCategory("LN", ord(" "))


def fold(text: str) -> str:
    """``text`` lower-cased, without diacritics (see the module docstring)."""
    out = unicodedata.normalize("NFKD", text.lower()).translate(_NO_MARKS).lower()
    for old, new in EXTRA:
        out = out.replace(old, new)
    return out


def tokens(text: str) -> list[str]:
    """The folded words of ``text``: runs of letters and digits, in order."""
    return [w for w in fold(text).translate(_WORDS).split(" ") if w]


@dataclass(frozen=True, slots=True)
class Entry:
    """One card page in one locale, and what it is found by: its name and other texts, its
    content kind, and the model's top-level ``set`` and numeric ``cost`` where it has them."""

    url: str  # relative to the site's top folder
    name: str
    game: str
    locale: str
    kind: str
    set: str | None
    cost: float | None
    texts: tuple[str, ...]  # the other texts (the name is not repeated)


# -- the indexes --------------------------------------------------------------------------------

def _utf16(token: str) -> bytes:
    return token.encode("utf-16-be")


def _script_json(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # "</script>" or U+2028 inside a script would end it or break older parsers: escape them
    return text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def index_data(entries: Iterable[Entry]) -> dict[str, Any]:
    """The index of one game and locale as data (see the module docstring)."""
    ordered = sorted(entries, key=lambda e: e.url)
    if len({(e.game, e.locale) for e in ordered}) > 1:
        raise ValueError("an index holds one game and locale")
    seqs = []
    for e in ordered:
        texts: list[list[str]] = []
        for text in e.texts:
            found = tokens(text)
            if found and found not in texts:
                texts.append(found)
        seqs.append((tokens(e.name), texts))
    vocab = sorted({t for name, texts in seqs for t in (*name, *(w for s in texts for w in s))},
                   key=_utf16)
    ids = {t: i for i, t in enumerate(vocab)}
    rows = [{"url": e.url, "name": e.name, "kind": e.kind, "set": e.set, "cost": e.cost,
             "n": [ids[t] for t in name], "t": [[ids[t] for t in s] for s in texts]}
            for e, (name, texts) in zip(ordered, seqs, strict=True)]
    first = ordered[0] if ordered else None
    return {"game": first.game if first else "", "locale": first.locale if first else "",
            "words": vocab, "entries": rows}


def _width(n: int) -> int:
    width = 1
    while len(DIGITS) ** width < n:
        width += 1
    return width


def _ids(numbers: list[int], width: int) -> str:
    out = []
    for n in numbers:
        digits = ""
        for _ in range(width):
            n, d = divmod(n, len(DIGITS))
            digits = DIGITS[d] + digits
        out.append(digits)
    return "".join(out)


def _numbers(text: str, width: int) -> list[int]:
    out = []
    for at in range(0, len(text), width):
        n = 0
        for c in text[at:at + width]:
            n = n * len(DIGITS) + DIGITS.index(c)
        out.append(n)
    return out


def encode_index(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (:func:`index_data`) compacted (see the module docstring)."""
    width = _width(len(data["words"]))
    words, before = [], ""
    for word in data["words"]:
        shared = 0
        while shared < min(len(word), len(before), len(DIGITS) - 1) \
                and word[shared] == before[shared]:
            shared += 1
        words.append(DIGITS[shared] + word[shared:])
        before = word
    entries = [{**e, "n": _ids(e["n"], width), "t": [_ids(s, width) for s in e["t"]]}
               for e in data["entries"]]
    return {**data, "width": width, "words": " ".join(words), "entries": entries}


def decode_index(data: dict[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`encode_index`."""
    width = data["width"]
    words: list[str] = []
    for piece in data["words"].split(" ") if data["words"] else []:
        words.append((words[-1] if words else "")[:DIGITS.index(piece[0])] + piece[1:])
    entries = [{**e, "n": _numbers(e["n"], width), "t": [_numbers(s, width) for s in e["t"]]}
               for e in data["entries"]]
    plain = {k: v for k, v in data.items() if k != "width"}
    return {**plain, "words": words, "entries": entries}


def index_key(game: str, locale: str) -> str:
    """The name an index registers under: ``<game>/<locale>``."""
    return f"{game}/{locale}"


def index_file(game: str, locale: str) -> str:
    """Where an index is, relative to the site's top folder."""
    for part in (game, locale):
        if not _FILE_PART.fullmatch(part):
            raise ValueError(f"{part!r} cannot be part of a file name")
    return f"assets/index/{game}.{locale}.js"


def index_script(data: dict[str, Any]) -> str:
    """The script of one index (``data`` from :func:`index_data`)."""
    key = _script_json(index_key(data["game"], data["locale"]))
    return ("window.CARDKIT_INDEXES = window.CARDKIT_INDEXES || {};\n"
            f"window.CARDKIT_INDEXES[{key}] = {_script_json(encode_index(data))};\n")


def read_index(script: str) -> dict[str, Any]:
    """The data of an index script (the inverse of :func:`index_script`, for tests and tools)."""
    body = script.split("] = ", 1)[1].rstrip().rstrip(";")
    return decode_index(json.loads(body))


def index_files(entries: Iterable[Entry], titles: dict[str, str],
                languages: dict[str, str]) -> dict[str, str]:
    """``{path: text}`` of every index (one per game and locale, in the order they first come
    in ``entries``) and of ``assets/index/catalog.js``; ``titles`` are the games' titles,
    ``languages`` the locales' own names."""
    groups: dict[tuple[str, str], list[Entry]] = {}
    for e in entries:
        groups.setdefault((e.game, e.locale), []).append(e)
    files: dict[str, str] = {}
    catalog = []
    for (game, locale), group in groups.items():
        path = index_file(game, locale)
        files[path] = index_script(index_data(group))
        catalog.append({"key": index_key(game, locale), "game": game, "locale": locale,
                        "file": path, "title": titles.get(game, game),
                        "language": languages.get(locale, locale), "cards": len(group)})
    files["assets/index/catalog.js"] = (
        f"window.CARDKIT_CATALOG = {_script_json({'indexes': catalog})};\n")
    return files


# -- the query language -------------------------------------------------------------------------

def _space(c: str) -> bool:
    return c in "\t\n\r\f\v" or unicodedata.category(c) == "Zs"


def _letter(c: str) -> bool:
    return unicodedata.category(c).startswith("L")


def _word_char(c: str) -> bool:
    return unicodedata.category(c)[0] in "LN"


def _until(s: str, i: int, stop: Any) -> int:
    while i < len(s) and not stop(s[i]):
        i += 1
    return i


def _field(name: str, op: str, value: str, quoted: bool, neg: bool, out: dict[str, Any]) -> None:
    """The clause (or error) of ``name<op>value``."""
    if name not in FIELDS:
        out["errors"].append({"error": "field", "field": name})
    elif not value.strip():
        return  # still being typed
    elif name == "cost":
        number = value.strip().replace(",", ".")
        if _NUMBER.fullmatch(number):
            out["clauses"].append({"kind": "cost", "neg": neg, "op": "=" if op == ":" else op,
                                   "value": float(number)})
        else:
            out["errors"].append({"error": "number", "field": name})
    elif op not in (":", "="):
        out["errors"].append({"error": "op", "field": name})
    elif name == "name":
        _words(value, neg, True, quoted, out)
    else:
        out["clauses"].append({"kind": "is", "neg": neg, "field": name,
                               "value": fold(value).strip()})


def _words(text: str, neg: bool, name: bool, phrase: bool, out: dict[str, Any]) -> None:
    found = tokens(text)
    if found:
        out["clauses"].append({"kind": "phrase" if phrase else "words", "neg": neg,
                               "name": name, "words": found})


def parse(query: str) -> dict[str, Any]:
    """The clauses and errors of a query (see the module docstring); the same data as
    ``cardkitParse`` in ``search.js`` returns for the same query."""
    out: dict[str, Any] = {"clauses": [], "errors": []}
    s, i = query, 0
    while i < len(s):
        if _space(s[i]):
            i += 1
            continue
        neg = s[i] == "-" and i + 1 < len(s) and not _space(s[i + 1])
        i += neg
        if s[i] in QUOTES:
            end = _until(s, i + 1, lambda c: c in QUOTES)
            _words(s[i + 1:end], neg, False, True, out)
            i = end + 1
            continue
        j = _until(s, i, lambda c: not _word_char(c)) if _letter(s[i]) else i
        op = next((o for o in OPS if s.startswith(o, j)), None) if j > i else None
        if op is None:
            end = _until(s, i, _space)
            _words(s[i:end], neg, False, False, out)
            i = end
            continue
        k = j + len(op)
        quoted = k < len(s) and s[k] in QUOTES
        end = _until(s, k + 1, lambda c: c in QUOTES) if quoted else _until(s, k, _space)
        _field(fold(s[i:j]), op, s[k + quoted:end], quoted, neg, out)
        i = end + quoted
    return out


def _seq_has(seq: list[str], words: list[str]) -> bool:
    """Whether ``words`` are consecutive in ``seq`` (the last one as a prefix)."""
    n = len(words)
    return any(seq[p:p + n - 1] == words[:-1] and seq[p + n - 1].startswith(words[-1])
               for p in range(len(seq) - n + 1))


def _holds(clause: dict[str, Any], index: dict[str, Any], entry: dict[str, Any],
           name: list[str], texts: list[list[str]]) -> bool:
    kind = clause["kind"]
    if kind in ("words", "phrase"):
        seqs = [name] if clause["name"] else [name, *texts]
        if kind == "phrase":
            return any(_seq_has(s, clause["words"]) for s in seqs)
        return all(any(t.startswith(w) for s in seqs for t in s) for w in clause["words"])
    if kind == "is":
        have = {"game": index["game"], "lang": index["locale"]}.get(clause["field"],
                                                                     entry.get(clause["field"]))
        return have is not None and fold(str(have)) == clause["value"]
    cost, want, op = entry.get("cost"), clause["value"], clause["op"]
    if cost is None:
        return False
    return {"<": cost < want, "<=": cost <= want, ">": cost > want, ">=": cost >= want,
            "=": cost == want}[op]


def query_words(parsed: dict[str, Any]) -> list[str]:
    """The words the ranking looks at: those of the query's words and phrases not left out."""
    return [w for c in parsed["clauses"] if c["kind"] in ("words", "phrase") and not c["neg"]
            for w in c["words"]]


def rank(name: list[str], words: list[str]) -> int:
    """0: the name is the words; 1: every word is a word of the name; 2: every word begins one;
    3: some word begins one; 4: none (a match in the texts only). 0 without words."""
    if not words or name == words:
        return 0
    if all(w in name for w in words):
        return 1
    if all(any(t.startswith(w) for t in name) for w in words):
        return 2
    return 3 if any(t.startswith(w) for w in words for t in name) else 4


def search(indexes: Iterable[dict[str, Any]], query: str,
           locale: str = "") -> list[tuple[str, str, int]]:
    """``(index key, url, rank)`` of the entries matching ``query``, best first (ties: the
    ``locale`` first, then by name); nothing when the query has errors or no clause."""
    parsed = parse(query)
    if parsed["errors"] or not parsed["clauses"]:
        return []
    words = query_words(parsed)
    found = []
    for index in indexes:
        vocab = index["words"]
        for entry in index["entries"]:
            name = [vocab[i] for i in entry["n"]]
            texts = [[vocab[i] for i in s] for s in entry["t"]]
            if all(_holds(c, index, entry, name, texts) != c["neg"] for c in parsed["clauses"]):
                key = index_key(index["game"], index["locale"])
                found.append((rank(name, words), index["locale"] != locale, fold(entry["name"]),
                              entry["url"], key))
    found.sort()
    return [(key, url, level) for level, _, _, url, key in found]


# -- the search page ----------------------------------------------------------------------------

def search_page_body(tr: Messages) -> str:
    """The body of ``search.html``: the results of the header's search field (``?q=``), their
    pages, and the query syntax. Filled by ``search.js``; the header says search needs
    JavaScript when it is off."""
    rows = [
        ("pociag zwykly", tr("Words: each begins a word of the card’s name or text; "
                             "accents and capitals do not matter.")),
        ('"lake baikal"', tr("A phrase: these words one after the other.")),
        ("name:waste", tr("A word of the card’s name only.")),
        ('-waste -"a phrase" -kind:bots', tr("A minus leaves out the cards that match.")),
        ("game:trains lang:el set:rising-sun kind:cards",
         tr("One game, language (its code), card set or content kind.")),
        ("cost<3 cost>=2 cost:2", tr("The cost: <, <=, >, >=, = or :.")),
    ]
    items = "".join(f'<li><code translate="no">{esc(code)}</code> {esc(text)}</li>'
                    for code, text in rows)
    return (f"<h1>{esc(tr('Search the cards'))}</h1>\n"
            '<p id="search-count" aria-live="polite"></p>\n'
            '<ol id="search-list"></ol>\n'
            f'<nav class="search-pages" aria-label="{esc(tr("Result pages"))}" hidden>'
            f'<button type="button" id="search-prev">{esc(tr("Previous"))}</button> '
            '<span id="search-page-of"></span> '
            f'<button type="button" id="search-next">{esc(tr("Next"))}</button></nav>\n'
            f'<details class="search-syntax"><summary>{esc(tr("Search syntax"))}</summary>'
            f'<ul>{items}</ul></details>\n')
