"""Typographic and number checks of a translation (I18N007, I18N011, I18N023–I18N026).

Each check is a pair check (see :mod:`cardkit.i18n.checks`, which registers them); its
docstring, with its Bad/Good examples, is what ``cardkit explain CODE`` shows. What differs
between languages is data in ``content/locales/<code>.yaml``: number words, quotation marks by
nesting level, words that may be doubled, punctuation that takes a space before it, scripts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from itertools import pairwise

from .locale import Locale, NumberWords
from .pairs import Issue, Pair, per_form
from .text import (LOOKALIKES, WORD_RE, decades, fold, greek_numbers, lookalike_words, numbers,
                   roman_numbers, script_of, words)


ENGLISH_DECIMAL, ENGLISH_GROUPS = ".", [","]
LOOSE = "loose"

def _scripts(loc: Locale) -> list[str]:
    return list(loc.scripts)


# --- number words ------------------------------------------------------------------------------

WordIndex = dict[str, tuple[str, int]]
_INDEXES: dict[int, tuple[NumberWords, WordIndex]] = {}


def _index(data: NumberWords) -> WordIndex:
    """Folded form -> (kind, value), with every ``stem*`` spelled out with each ending."""
    cached = _INDEXES.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    forms: dict[str, tuple[str, int]] = {}
    stems: dict[str, tuple[str, int]] = {}
    for kind, table in (("cardinal", data.cardinal), ("ordinal", data.ordinal),
                        (LOOSE, data.loose)):
        for value, items in table.items():
            for item in items:
                if item.endswith("*"):
                    stems.setdefault(fold(item[:-1]), (kind, value))
                else:
                    forms.setdefault(fold(item), (kind, value))
    for stem, hit in stems.items():
        for ending in ("", *data.endings):
            forms.setdefault(stem + fold(ending), hit)
    if len(_INDEXES) >= 64:  # locales are few; a long test run makes many
        _INDEXES.clear()
    _INDEXES[id(data)] = (data, forms)
    return forms


def number_words(text: str, data: NumberWords) -> list[tuple[str, int, str]]:
    """``(kind, value, word)`` for each number word of ``text``: kind is ``cardinal``,
    ``ordinal`` or ``loose``. A cardinal 2–9 right before a hundred makes one number
    ("three hundred" = 300, as Polish "trzysta"); a number word hyphenated to a word that is no
    number ("two-sided", "three-winged") is loose: the translation may make it one word
    (dwustronnie, τριπτέρυγη)."""
    forms = _index(data)
    if not forms:
        return []
    out: list[tuple[str, int, str]] = []
    last_end = -2
    for m in words(text):
        hit = forms.get(fold(m.group(0)))
        if hit is None:
            continue
        kind, value = hit
        if (kind == "cardinal" and value == 100 and out and out[-1][0] == "cardinal"
                and 2 <= out[-1][1] <= 9 and text[last_end:m.start()].strip() == ""):
            prev = out.pop()
            out.append(("cardinal", prev[1] * 100, f"{prev[2]} {m.group(0)}"))
        else:
            if kind != LOOSE and text[m.end():m.end() + 1] == "-" and not _number_follows(
                    text, m.end() + 1, forms):
                kind = LOOSE
            out.append((kind, value, m.group(0)))
        last_end = m.end()
    return out


def _number_follows(text: str, at: int, forms: dict[str, tuple[str, int]]) -> bool:
    m = WORD_RE.match(text, at)
    return bool(m) and fold(m.group(0)) in forms


def _english_words(pair: Pair) -> NumberWords | None:
    """The English number words (content/locales/en.yaml); ``None`` when not given."""
    source = pair.env.source_locale
    return source.number_words if source is not None else None


def _digits(text: str, loc: Locale | None) -> Counter[Decimal]:
    if loc is None:
        return numbers(text, ENGLISH_DECIMAL, ENGLISH_GROUPS)
    return numbers(text, loc.decimal, loc.group_chars)


def number_wordIssue(english: str, text: str, en_words: NumberWords, loc: Locale) -> str | None:
    """The I18N023 message for one text, or ``None``."""
    src = number_words(english, en_words)
    if all(k == LOOSE for k, _, _ in src):  # only an English number word can be lost
        return None
    dst = number_words(text, loc.number_words)
    strict_a = Counter(v for k, v, _ in src if k != LOOSE)
    strict_b = Counter(v for k, v, _ in dst if k != LOOSE)
    if not strict_a - strict_b:
        return None
    da, db = _digits(english, None), _digits(text, loc)
    spare_b = Counter(v for k, v, _ in dst if k == LOOSE) + \
        Counter({int(d): n for d, n in (db - da).items() if d == d.to_integral_value()})
    spare_a = Counter(v for k, v, _ in src if k == LOOSE) + \
        Counter({int(d): n for d, n in (da - db).items() if d == d.to_integral_value()})
    said_a = {v: w for k, v, w in src if k != LOOSE}
    said_b = {v: w for k, v, w in dst if k != LOOSE}
    lost, extra = [], []
    for value in sorted((strict_a - strict_b).elements()):
        if spare_b[value] > 0:
            spare_b[value] -= 1
        else:
            lost.append(value)
    if not lost:
        return None
    for value in sorted((strict_b - strict_a).elements()):
        if spare_a[value] > 0:
            spare_a[value] -= 1
        else:
            extra.append(value)

    def show(values: list[int], said: dict[int, str]) -> str:
        return ", ".join(f"{v} ({said[v]!r})" for v in values)
    parts = [f"the English has {show(lost, said_a)}"] + \
        ([f"the translation has {show(extra, said_b)}"] if extra else [])
    return "number words differ from the English: " + "; ".join(parts)


def number_word_check(pair: Pair) -> Iterator[Issue]:
    """A number written as a word is the same number in the translation (as a word or in
    digits): three cards are "trzy karty" or "3 karty", never "cztery karty".

    Cardinals and ordinals count (third -> trzeci, τρίτος; "four days into" may be "w czwartym
    dniu"), in any inflected form (the locale's ``number_words``), ignoring case and Greek
    accents. Words for one (the article ένα/μία, Polish jeden, English one, first), vague or
    idiomatic words (both, pair, twice, second, a century, hundreds) and hyphenated compounds
    (two-sided) are "loose": they may stand for a number, so they excuse a difference but
    never cause one. Reported: an English number word with no counterpart (changed or
    dropped); a number word the translation adds on its own ("each end" -> "τα δύο άκρα") is
    not, as translators spell out what the English implies. Digits are checked by I18N007.

    Bad:
        # en: "Look at the top three cards of your deck."
        text: Przejrzyj cztery wierzchnie karty swojej talii.

    Good:
        text: Przejrzyj trzy wierzchnie karty swojej talii.
    """
    en_words, loc = _english_words(pair), pair.env.locale
    if en_words is None:  # no English locale given: nothing to compare with
        return
    yield from per_form(pair, lambda e, t: number_wordIssue(e, t, en_words, loc))


# --- I18N007 numbers ---------------------------------------------------------------------------

def _decade_alternatives(english: str, a: Counter[Decimal], b: Counter[Decimal]) -> None:
    """Let an English decade be written as a decade of a century: 1880s = 1880, or 80 and the
    century 19 (XIX, 19.); 1900s = 1900, or the century 20 (XX)."""
    for year in decades(english):
        whole = Decimal(year)
        if a[whole] <= b[whole]:
            continue
        century, tens = Decimal(year // 100 + 1), Decimal(year % 100)
        if b[century] <= a[century]:
            continue
        if tens == 0:
            a[whole] -= 1
            a[century] += 1
        elif b[tens] > a[tens]:
            a[whole] -= 1
            a[century] += 1
            a[tens] += 1


def number_parity(pair: Pair) -> Iterator[Issue]:
    """The same numbers as the English, written in the locale's style [numbers].

    Roman numerals count as numbers (a century: en "19th century" -> pl "XIX wiek"), and so do
    Greek numerals with the numeral sign (en "Louis XIV" -> el "Λουδοβίκος ΙΔ΄"). A decade is
    the year or a decade of a century: "the 1880s" is "1880" or "80. XIX wieku", "the early
    1900s" is "1900" or "XX wiek". Signs count: "-3" is "−3" (U+2212, the typographic minus)
    or "-3" (the hyphen-minus is accepted too, as the English itself writes it), never "3".
    A number the English writes as a word may be digits here, and the other way round
    ("three" -> "3", "1" -> "jeden"): I18N023 checks the words.

    Bad:
        # en: "Opened in 1937; the span is 1,280 m."
        text: Otwarty w 1973 r.; przęsło ma 1280,5 m.

    Good:
        text: Otwarty w 1937 r.; przęsło ma 1 280 m.
    """
    loc = pair.env.locale
    en_words = _english_words(pair)

    def check(english: str, text: str) -> str | None:
        a = _digits(english, None) + roman_numbers(english)
        b = _digits(text, loc) + roman_numbers(text) + greek_numbers(text)
        if a == b:
            return None
        _decade_alternatives(english, a, b)
        lost, extra = a - b, b - a
        if lost or extra:
            said_a = Counter(Decimal(v) for _, v, _ in number_words(english, en_words))
            said_b = Counter(Decimal(v) for _, v, _ in number_words(text, loc.number_words))
            lost -= said_b - said_a
            extra -= said_a - said_b
        if not lost and not extra:
            return None
        parts = ([f"missing {', '.join(sorted(f'{x:f}' for x in lost.elements()))}"]
                 if lost else []) + \
            ([f"unexpected {', '.join(sorted(f'{x:f}' for x in extra.elements()))}"]
             if extra else [])
        return (f"numbers differ from the English ({'; '.join(parts)}); write decimals with "
                f"{loc.decimal!r}")
    yield from per_form(pair, check)


# --- I18N024 doubled words ---------------------------------------------------------------------

DOUBLED_RE = re.compile(r"(?<!\w)([^\W\d_]+)\s+\1(?!\w)", re.IGNORECASE)


def _doubles(text: str) -> list[tuple[str, str]]:
    if "<" not in text and not DOUBLED_RE.search(text):
        return []
    found = words(text)
    out = []
    for prev, cur in pairwise(found):
        gap = prev.string[prev.end():cur.start()]
        if gap and not gap.strip() and fold(prev.group(0)) == fold(cur.group(0)):
            out.append((prev.group(0), cur.group(0)))
    return out


def doubled_words(pair: Pair) -> Iterator[Issue]:
    """No word twice in a row ("the the", "na na", "και και"), ignoring case.

    Not reported: words the locale lists as doubled on purpose (``doubled_ok``: Greek σιγά
    σιγά, λίγο λίγο; Polish ledwo ledwo), a capitalised name (Bora Bora, Walla Walla), a
    doubled word the English has too, numbers (not words), and words parted by punctuation
    ("tak, tak") or a token ("[coin] [coin]").

    Bad:
        text: Dobierz kartę i i zyskaj 2 monety.

    Good:
        text: Dobierz kartę i zyskaj 2 monety.
    """
    allowed = {fold(w) for w in pair.env.locale.doubled_ok}

    def check(english: str, text: str) -> str | None:
        if len(text) < 3:
            return None
        known = {fold(a) for a, _ in _doubles(english)}
        bad = [f"{a} {b}" for a, b in _doubles(text)
               if fold(a) not in allowed and fold(a) not in known
               and not (a[:1].isupper() and b[:1].isupper())]
        return f"doubled word: {', '.join(repr(w) for w in bad)}" if bad else None
    yield from per_form(pair, check)


# --- I18N025 spacing ---------------------------------------------------------------------------

SPACE_CHARS = " \t\u00a0\u202f"
NBSP_MIX_RE = re.compile("[ \t][\u00a0\u202f]|[\u00a0\u202f][ \t]")
BEFORE = ",.:;!?)]»\u00b7"  # U+00B7: the Greek ano teleia (·), after NFC
AFTER = "([«„"
_SPACING: dict[tuple[str, ...], tuple[re.Pattern[str], re.Pattern[str]]] = {}


def _spacing_res(loc: Locale) -> tuple[re.Pattern[str], re.Pattern[str]]:
    key = (loc.code, *loc.space_before, *(q for level in loc.quotes for q in level))
    cached = _SPACING.get(key)
    if cached is None:
        before = "".join(sorted(set(BEFORE + "".join(c for _, c in loc.quotes))
                                - set(loc.space_before)))
        after = "".join(sorted(set(AFTER + "".join(o for o, _ in loc.quotes))))
        cached = (re.compile(rf"[{SPACE_CHARS}]+([{re.escape(before)}])(?![\d])"),
                  re.compile(rf"([{re.escape(after)}])[{SPACE_CHARS}]+"))
        _SPACING[key] = cached
    return cached


def spacing(pair: Pair) -> Iterator[Issue]:
    """No no-break space next to a space; no space before `,` `.` `:` `;` `!` `?` `)` `·` or a
    closing quotation mark (Greek `;` is the question mark: the same rule), none after `(` or
    an opening quotation mark. A locale whose punctuation takes a space before it (French)
    lists it in ``space_before``. A missing space after a comma or period is not checked
    (abbreviations, decimals).

    Bad:
        text: Zyskaj 2 monety , potem ( jeśli chcesz ) dobierz kartę .

    Good:
        text: Zyskaj 2 monety, potem (jeśli chcesz) dobierz kartę.
    """
    before_re, after_re = _spacing_res(pair.env.locale)

    def check(english: str, text: str) -> str | None:
        if NBSP_MIX_RE.search(text):
            return "a no-break space next to a space"
        m = before_re.search(text)
        if m:
            return f"space before {m.group(1)!r} in {_around(text, m.start(), m.end())!r}"
        m = after_re.search(text)
        if m:
            return f"space after {m.group(1)!r} in {_around(text, m.start(), m.end())!r}"
        return None
    yield from per_form(pair, check)


def _around(text: str, start: int, end: int) -> str:
    return text[max(0, start - 12):end + 12].replace("\n", " ")


# --- I18N011 quotation marks -------------------------------------------------------------------

def _quote_nesting(text: str, levels: list[list[str]]) -> str | None:
    opens = {o: i for i, (o, _) in enumerate(levels)}
    closes = {c: i for i, (_, c) in enumerate(levels)}
    stack: list[int] = []
    for i, ch in enumerate(text):
        if ch in opens and ch in closes:  # one mark both opens and closes: toggle
            if stack and stack[-1] == closes[ch]:
                stack.pop()
            else:
                stack.append(opens[ch])
        elif ch in opens:
            want = len(stack) % len(levels)
            if opens[ch] != want:
                o, c = levels[want]
                if not stack:
                    return (f"{ch}…{levels[opens[ch]][1]} is for quotes inside quotes here; "
                            f"a quotation opens with {o}")
                outer = levels[stack[-1]]
                return f"{ch} inside {outer[0]}…{outer[1]}: quotes inside quotes are {o}…{c}"
            stack.append(opens[ch])
        elif ch in closes:
            if 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha():
                continue  # an apostrophe (O’Higgins), not a closing quote
            if not stack:
                o, c = levels[closes[ch]]
                return f"{ch} closes a quotation that was never opened (reversed?); write {o}…{c}"
            if stack[-1] != closes[ch]:
                o, c = levels[stack[-1]]
                return f"{ch} closes {o}…; it closes with {c}"
            stack.pop()
    if stack:
        o, c = levels[stack[-1]]
        return f"{o} is never closed with {c}"
    return None


def quotes_and_brackets(pair: Pair) -> Iterator[Issue]:
    """Quotation marks are the locale's, nested by its rules (Polish „…«…»…”, Greek «…“…”…»);
    none reversed (»…«, ”…„) or made of ASCII (,,…''); brackets balance [doublequoting].

    Bad:
        text: tzw. "Złote Wrota" (w San Francisco
        # also: »Wieszak«, ,,Wieszak'', ‘Wieszak’, «Wieszak» alone in Polish

    Good:
        text: tzw. „Złote Wrota” (w San Francisco), zwane „mostem «Golden Gate»”
    """
    loc = pair.env.locale
    levels = [list(level) for level in loc.quotes]
    outer = f"{levels[0][0]}…{levels[0][1]}"

    def check(english: str, text: str) -> str | None:
        wrong = sorted({q for q in loc.forbidden_quotes if q in text})
        if wrong:
            return f"quotation mark(s) {' '.join(wrong)}; use {outer}"
        if ",," in text or "''" in text:
            return f"quotation marks made of ASCII (,,…''); use {outer}"
        for left, right in ("()", "[]"):
            if text.count(left) != text.count(right):
                return f"unbalanced {left}{right}"
        return _quote_nesting(text, levels)
    yield from per_form(pair, check)


# --- I18N026 look-alikes -----------------------------------------------------------------------

#: English words that are no names: the same Latin letters in a Greek text are look-alikes.
ENGLISH_WORDS = frozenset({"A", "I"})
MIDDLE_SEMICOLON_RE = re.compile(r";[ \u00a0]*(?=[^\W\d_])")
MICRO = "\u00b5"


def lookalikes(pair: Pair) -> Iterator[Issue]:
    """No Latin look-alikes in a text of another script (the locale's ``scripts``; Greek
    today): a whole word in Latin letters that all have a Greek double ("TO", "KAI", "A" —
    it prints like Greek but cannot be searched, hyphenated or spell-checked); the micro sign
    µ (U+00B5) in a Greek word instead of μ (U+03BC); a Latin `;` mid-sentence, which in Greek
    reads as a question mark (write the ano teleia `·`; a final `;` is the question mark).

    A word with any letter that has no double (VP, TV, USA), a Roman numeral (XIV) and a Latin
    word the English has too (IKEA, the X and Y of a printer offset, the K of K2) pass; a word
    mixing scripts is I18N014's.

    Bad:
        text: TO τρένο φτάνει; κερδίστε 2 χρήματα.  # Latin T and O; a mid-sentence ";"

    Good:
        text: ΤΟ τρένο φτάνει· κερδίστε 2 χρήματα.
    """
    scripts = [s for s in _scripts(pair.env.locale) if s in LOOKALIKES]
    if not scripts:
        return
    for form, english, text in pair.forms():
        allowed = frozenset(WORD_RE.findall(english)) - ENGLISH_WORDS
        for script in scripts:
            found = lookalike_words(text, script, allowed)
            if found:
                yield Issue(f"Latin word(s) that look {script}: {', '.join(found)}; type them "
                             f"in {script} letters", form)
        if "Greek" not in scripts:
            continue
        i = text.find(MICRO)
        while i >= 0:
            near = text[i - 1:i] + text[i + 1:i + 2]
            if any(script_of(ch) == "GREEK" for ch in near):
                yield Issue("the micro sign µ (U+00B5) in a Greek word; use μ (U+03BC)", form)
                break
            i = text.find(MICRO, i + 1)
        m = next((m for m in MIDDLE_SEMICOLON_RE.finditer(text) if text[m.end()].islower()),
                 None)
        if m:
            yield Issue(f"';' mid-sentence reads as a question mark in Greek: "
                         f"{_around(text, m.start(), m.end())!r}; use the ano teleia '·'", form)
