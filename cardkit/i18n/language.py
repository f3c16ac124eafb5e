"""Language and script of translated text: wrong script (I18N027), wrong language (I18N028) and
the language of a whole exchange file (refused on import with I18N020).

Both are data-driven: a locale declares its ``scripts`` and a short list of ``common_words``
(``content/locales/<code>.yaml``). What is counted:

* **script** — letters only; placeholders/icons (``{n}``, ``[coin]``), markup, numbers and every
  word that also appears in the English source (names, acronyms such as VP) are ignored. A text
  whose remaining letters are more than half in scripts the locale does not declare is wrong.
* **language** — the locale's own common words against those of every other locale written in
  the same script. Words common to both lists ("to", "a", "on" in English and Polish) count for
  neither. To tell the language of a whole file, a word with one of a locale's ``letters``
  (Polish ąćęłńóśźż) also counts for it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.diagnostics import Diagnostic, Severity
from .glossary import fold
from .locale import Locale
from .pairs import Issue, Pair
from .sources import SourceText
from .text import MARKUP_RE, TOKEN_RE, script_of


WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: Wrong language needs a text of at least this many words, and this many foreign common words.
MIN_WORDS, MIN_FOREIGN = 4, 2
#: A file is refused when more than this share of its decided texts look like one other locale.
FILE_SHARE = 0.5


def _words(text: str) -> list[str]:
    return WORD_RE.findall(MARKUP_RE.sub(" ", TOKEN_RE.sub(" ", text)))


def script_shares(text: str, ignore: Iterable[str] = ()) -> Counter[str]:
    """Letters per script (``LATIN``, ``GREEK``, ``CYRILLIC``, ``OTHER``) in ``text``, leaving out
    tokens, markup, digits and the words in ``ignore`` (compared case-insensitively)."""
    skip = {w.casefold() for w in ignore}
    out: Counter[str] = Counter()
    for word in _words(text):
        if skip and word.casefold() in skip:
            continue
        for script, n in _word_scripts(word):
            out[script] += n
    return out


@lru_cache(maxsize=65536)
def _word_scripts(word: str) -> tuple[tuple[str, int], ...]:
    counts = Counter(script_of(ch) or "OTHER" for ch in word if ch.isalpha())
    return tuple(sorted(counts.items()))


def wrong_script_share(locale: Locale, text: str, ignore: Iterable[str] = ()
                       ) -> tuple[float, str] | None:
    """``(share, script)`` when more than half of the counted letters of ``text`` are in scripts
    ``locale`` does not declare (``script`` the most frequent of them), else ``None``."""
    declared = {s.upper() for s in locale.scripts}
    if "LATIN" in declared and text.isascii():
        return None  # every letter is a basic Latin one
    shares = script_shares(text, ignore)
    total = sum(shares.values())
    if not total:
        return None
    foreign = Counter({s: n for s, n in shares.items() if s not in declared})
    count = sum(foreign.values())
    if count * 2 <= total:
        return None
    return count / total, foreign.most_common(1)[0][0]


@dataclass(frozen=True, slots=True)
class WordLists:
    """The common words of a set of locales, each list without the words it shares with
    another locale of the same script (folded: case and accents ignored)."""

    words: Mapping[str, frozenset[str]]
    scripts: Mapping[str, frozenset[str]]
    letters: Mapping[str, frozenset[str]]


_BY_IDENTITY: dict[tuple[int, ...], tuple[tuple[Locale, ...], WordLists]] = {}


def word_lists(locales: Mapping[str, Locale]) -> WordLists:
    """Distinctive common words per locale (see :class:`WordLists`)."""
    ordered = tuple(loc for _, loc in sorted(locales.items()))
    key = tuple(map(id, ordered))
    hit = _BY_IDENTITY.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], ordered)):
        return hit[1]
    lists = _word_lists(tuple((loc.code, tuple(loc.scripts), tuple(loc.common_words),
                               loc.letters) for loc in ordered))
    if len(_BY_IDENTITY) > 64:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[key] = (ordered, lists)  # holding the locales keeps their ids unique
    return lists


@lru_cache(maxsize=32)
def _word_lists(spec: tuple[tuple[str, tuple[str, ...], tuple[str, ...], str], ...]
                ) -> WordLists:
    folded = {code: frozenset(fold(w) for w in words) for code, _, words, _ in spec}
    scripts = {code: frozenset(s.upper() for s in sc) for code, sc, _, _ in spec}
    letters = {code: frozenset(chars.casefold()) for code, _, _, chars in spec}
    distinct: dict[str, frozenset[str]] = {}
    marks: dict[str, frozenset[str]] = {}
    for code in folded:
        shared: set[str] = set()
        shared_letters: set[str] = set()
        for other in folded:
            if other != code and scripts[other] & scripts[code]:
                shared |= folded[other]
                shared_letters |= letters[other]
        distinct[code] = folded[code] - shared
        marks[code] = letters[code] - shared_letters
    return WordLists(distinct, scripts, marks)


def language_votes(text: str, lists: WordLists, script: str | None = None,
                   letters: bool = False) -> Counter[str]:
    """Distinctive common words of each locale in ``text`` (only locales written in ``script``
    when given); with ``letters``, words holding one of a locale's letters count for it too."""
    votes: Counter[str] = Counter()
    for word in _words(text):
        w = fold(word)
        lower = word.casefold()
        for code, words in lists.words.items():
            if script is not None and script not in lists.scripts[code]:
                continue
            if w in words or (letters and not lists.letters[code].isdisjoint(lower)):
                votes[code] += 1
    return votes


def foreign_language(locale: Locale, locales: Mapping[str, Locale], text: str
                     ) -> tuple[str, int, int] | None:
    """``(code, foreign, own)`` when ``text`` (at least :data:`MIN_WORDS` words) holds more
    common words of another locale sharing ``locale``'s script than of its own, and at least
    :data:`MIN_FOREIGN` of them; else ``None``."""
    words = _words(text)
    if len(words) < MIN_WORDS:
        return None
    lists = word_lists({**locales, locale.code: locale})
    mine = lists.scripts[locale.code]
    if not any(code != locale.code and lists.scripts[code] & mine for code in lists.scripts):
        return None
    votes = language_votes(" ".join(words), lists)
    own = votes.pop(locale.code, 0)
    rivals = [(n, code) for code, n in votes.items() if lists.scripts[code] & mine]
    if not rivals:
        return None
    count, code = max(rivals)
    if count >= MIN_FOREIGN and count > own:
        return code, count, own
    return None


def looks_like(text: str, locales: Mapping[str, Locale], ignore: Iterable[str] = ()
               ) -> tuple[str, str | None] | None:
    """``(script, locale)``: the main script of ``text`` and the locale it most plausibly is in
    (``None`` when locales of that script cannot be told apart: no clear majority of common words
    and letters); ``None`` when it has no letters left after ``ignore``."""
    shares = script_shares(text, ignore)
    if not shares:
        return None
    script = min(shares, key=lambda s: (-shares[s], s))
    lists = word_lists(locales)
    candidates = sorted(c for c, sc in lists.scripts.items() if script in sc)
    if len(candidates) <= 1:
        return script, (candidates[0] if candidates else None)
    ranked = language_votes(text, lists, script, letters=True).most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return script, None
    return script, ranked[0][0]


def file_language_problem(locale: Locale, locales: dict[str, Locale], texts: list[str],
                          sources: list[str] | None = None) -> str | None:
    """Why an exchange file's texts do not match its declared ``locale`` — ``"the file says el
    but 231 of 240 texts look like pl (Polish)"`` — or ``None`` when they do (or cannot be told).

    Each text is classified with :func:`looks_like` (``sources``, when given, are the English
    texts in the same order: their words — names kept as they are — are not counted). A text is
    foreign when its main script is not one of the locale's, or when it looks like another
    locale of the same script; it is undecided when it is in the locale's script but its
    locales cannot be told apart. The file is refused when more than :data:`FILE_SHARE` of the
    decided texts are foreign.
    """
    known = {**locales, locale.code: locale}
    declared = {s.upper() for s in locale.scripts}
    decided = foreign = 0
    guesses: Counter[str] = Counter()
    scripts: Counter[str] = Counter()
    for i, text in enumerate(texts):
        english = sources[i] if sources is not None and i < len(sources) else ""
        verdict = looks_like(text, known, _words(english))
        if verdict is None:
            continue
        script, guess = verdict
        if script in declared and guess is None:
            continue  # this script's locales cannot be told apart here
        decided += 1
        if script in declared and guess == locale.code:
            continue
        foreign += 1
        scripts[script] += 1
        if guess is not None and guess != locale.code:
            guesses[guess] += 1
    if not foreign or foreign <= decided * FILE_SHARE:
        return None
    total = sum(1 for t in texts if t.strip())
    if guesses:
        other = min(guesses, key=lambda c: (-guesses[c], c))
        what = f"{other} ({known[other].name})"
    else:
        what = f"{min(scripts, key=lambda s: (-scripts[s], s)).title()} script"
    return (f"the file says {locale.code} but {foreign} of {total} texts look like {what}, "
            f"not {locale.name}; check the file's language (Language / trgLang) or pass "
            f"the right --locale")


def file_language_errors(locales: Mapping[str, Locale], code: str,
                         updates: Mapping[tuple[str, str, str], Any],
                         sources: Iterable[SourceText], display: str) -> list[Diagnostic]:
    """The import-level language check: one ``I18N020`` error (at 1:1 of the exchange file)
    when the texts an import would write (``updates``: field -> an update with ``.text``) do
    not look like locale ``code`` — see :func:`file_language_problem`."""
    english = {(s.kind, s.object_id, s.key): s.text for s in sources}
    texts: list[str] = []
    origins: list[str] = []
    for ref, update in sorted(updates.items()):
        text, src = update.text, english.get(ref, "")
        if isinstance(text, dict):
            src_forms = src if isinstance(src, dict) else {}
            for _form, value in sorted(text.items()):
                texts.append(value)
                origins.append(" ".join(src_forms.values()))
        else:
            texts.append(text)
            origins.append(src if isinstance(src, str) else " ".join(src.values()))
    problem = file_language_problem(locales[code], dict(locales), texts, origins)
    if problem is None:
        return []
    return [Diagnostic("I18N020", Severity.ERROR, problem, display, 1, 1)]


# --- pair checks -------------------------------------------------------------------------------

def wrong_script(pair: Pair) -> Iterator[Issue]:
    """A translation is written mostly in the locale's script(s) (Greek: Greek letters).

    More than half of its letters in another script is an error. Placeholders, icons, markup,
    numbers and words that also appear in the English (names, acronyms such as VP) are not
    counted, so a Greek text with an English brand name in it passes.

    Bad:
        # el; en: "Gain 2 [coin]."
        text: Zyskaj 2 [coin].  # a Polish text in the Greek overlay

    Good:
        # en: "The Coca-Cola bottle dates from 1915."
        text: Το μπουκάλι της Coca-Cola χρονολογείται από το 1915.
    """
    locale = pair.env.locale
    for form, english, text in pair.forms():
        found = wrong_script_share(locale, text, _words(english))
        if found:
            share, script = found
            yield Issue(f"{share:.0%} of the letters are {script.title()}; "
                        f"{locale.name} is written in {', '.join(locale.scripts)}", form)


def wrong_language(pair: Pair) -> Iterator[Issue]:
    """A translation is in the locale's language, not another one written in the same script.

    A text of four words or more is flagged when the very common words (``common_words`` of
    each locale file: "the", "of", "and"…, "i", "w", "się"…) of another locale with the same
    script outnumber its own locale's, with at least two of them. Texts the translator marked
    ``same: true`` are not checked.

    Bad:
        # pl
        text: Lay one rail and gain a Waste for each of your stations.

    Good:
        text: Połóż jeden tor i weź Odpady za każdą ze swoich stacji.
    """
    if pair.entry.translation.same:
        return
    locale = pair.env.locale
    locales = env_locales(pair)
    if not locales:
        return
    for form, _english, text in pair.forms():
        found = foreign_language(locale, locales, text)
        if found:
            code, count, own = found
            yield Issue(f"looks like {locales[code].name} ({code}), not {locale.name}: "
                        f"{count} common {locales[code].name} word(s), {own} {locale.name}", form)


def env_locales(pair: Pair) -> dict[str, Locale]:
    """Every defined locale (``env.locales``); empty when the caller gave none."""
    return pair.env.locales
