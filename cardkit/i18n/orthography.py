"""Spelling rules a fluent reader sees at once: Greek monotonic orthography (final sigma
I18N038, a polysyllable without its tonos I18N039, two tonoi in one word I18N040, the numeral
sign I18N041) and letters without their diacritics against the glossary (I18N042, Polish
«zrodlo» for «źródło»).

Latin look-alike letters in Greek words are I18N014/I18N026 (:mod:`.style`), not repeated here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from .glossary import Term, counted_forms
from .locale import Locale
from .pairs import Issue, Pair

WORD_RE = re.compile(r"[^\W\d_]+")
ACUTE = "\u0301"
DIAERESIS = "\u0308"
VOWELS = frozenset("αεηιουω")
DIGRAPHS = frozenset({"αι", "ει", "οι", "ου", "υι", "αυ", "ευ", "ηυ"})
APOSTROPHES = "'’ʼ"
#: Unaccented words of two written vowel groups that are one syllable (synizesis) or clitics.
UNACCENTED = frozenset({
    "για", "γιατι", "μια", "μιας", "δυο", "πιο", "πια", "γεια", "ποιος", "ποια", "ποιο", "ποιοι",
    "ποιες", "ποιους", "ποιων", "ποιου", "ποιας", "τεια", "νια", "κια", "μιαν", "τα", "σαν",
})
#: Enclitic pronouns: a proparoxytone before one takes a second accent («όνομά του»).
ENCLITICS = frozenset({"μου", "σου", "του", "της", "μας", "σας", "τους", "τον", "την", "το",
                       "τα", "των", "τη", "τις", "με", "σε"})
#: Wrong numeral signs after Greek letters: the tonos, acute and prime (U+0374 is right; NFC
#: turns it into U+02B9, which is therefore right too).
WRONG_KERAIA = {"\u0384": "the tonos ΄ (U+0384)", "\u00b4": "the acute accent ´ (U+00B4)",
                "\u2032": "the prime ′ (U+2032)"}
#: Letters NFD does not decompose, with their base letter.
LATIN_VOWELS = frozenset("aeiouy")
UNDECOMPOSED = {"ł": "l", "Ł": "L", "đ": "d", "ø": "o", "Ø": "O", "ß": "ss"}


def _greek(locale: Locale) -> bool:
    return "Greek" in locale.scripts


def _is_greek_word(word: str) -> bool:
    return all(unicodedata.name(c, "").startswith("GREEK") for c in word)


def greek_words(text: str) -> Iterator[re.Match[str]]:
    """The words of ``text`` written wholly in Greek letters."""
    for m in WORD_RE.finditer(text):
        if _is_greek_word(m.group()):
            yield m


def syllables(word: str) -> int:
    """Vowel groups of a Greek word: αι ει οι ου υι αυ ευ ηυ count once, unless the first
    vowel carries the tonos or the second a dialytika («Κάιρο», «ρολόι» have three); an
    unaccented ι between a consonant (or the word's start) and a vowel is a glide («γιος»,
    «Γιορκ», «Πιερ» are one syllable)."""
    letters = [unicodedata.normalize("NFD", ch) for ch in word.lower()]
    bases = [p[0] for p in letters]
    count = 0
    prev: tuple[str, bool] | None = None  # (base vowel, accented) of the previous letter
    for i, parts in enumerate(letters):
        base, marks = parts[0], parts[1:]
        if base not in VOWELS:
            prev = None
            continue
        if prev and prev[0] + base in DIGRAPHS and not prev[1] and DIAERESIS not in marks:
            prev = None  # the second letter of a digraph
            continue
        if base == "ι" and not marks and prev is None and i + 1 < len(bases) \
                and bases[i + 1] in VOWELS:
            continue  # a glide before the vowel that follows
        count += 1
        prev = (base, ACUTE in marks)
    return count


def accents(word: str) -> int:
    """How many tonoi a word carries."""
    return unicodedata.normalize("NFD", word).count(ACUTE)


def final_sigma(pair: Pair) -> Iterator[Issue]:
    """Greek: a word ends in final sigma ς, never σ; ς stands only at a word's end.

    Bad:
        text: Κερδίζεις δυο πόντουσ.

    Good:
        text: Κερδίζεις δυο πόντους.
    """
    if not _greek(pair.env.locale):
        return
    for form, _english, text in pair.forms():
        bad = []
        for m in greek_words(text):
            word, after = m.group(), text[m.end():m.end() + 1]
            if word.endswith("σ") and after not in APOSTROPHES and len(word) > 1:
                bad.append(f"{word!r} ends in σ (write ς)")
            elif "ς" in word[:-1]:
                bad.append(f"{word!r} has ς inside the word (write σ)")
        if bad:
            yield Issue("final sigma: " + "; ".join(bad), form)


def missing_tonos(pair: Pair) -> Iterator[Issue]:
    """Greek: every lower-case word of two or more syllables carries the tonos (monotonic
    orthography). Capitals drop it («ΠΕΡΙΟΧΕΣ»); one-syllable words and clitics have none.

    Bad:
        text: Σε ποια περιοχη βρίσκεται;

    Good:
        text: Σε ποια περιοχή βρίσκεται;
    """
    if not _greek(pair.env.locale):
        return
    for form, english, text in pair.forms():
        bad = []
        for m in greek_words(text):
            word, before, after = m.group(), text[m.start() - 1:m.start()], \
                text[m.end():m.end() + 1]
            if word[1:] != word[1:].lower() or accents(word) or after in APOSTROPHES + ".-" \
                    or before == "-" or before.isdigit():
                continue  # capitals, accented, elided, abbreviated (χιλ.), compound (27χρονος)
            if word.lower() in UNACCENTED or syllables(word) < 2 or word in english:
                continue
            bad.append(word)
        if bad:
            yield Issue(f"word(s) of two or more syllables without a tonos: "
                        f"{', '.join(dict.fromkeys(bad))}", form)


def double_tonos(pair: Pair) -> Iterator[Issue]:
    """Greek: a word carries one tonos, except a proparoxytone before an enclitic pronoun,
    which takes a second one on its last syllable («το όνομά του»).

    Bad:
        text: Η περιοχή είναι μεγάλή.

    Good:
        text: Η περιοχή είναι μεγάλη.  # and: Το όνομά του.
    """
    if not _greek(pair.env.locale):
        return
    for form, _english, text in pair.forms():
        bad = []
        for m in greek_words(text):
            if accents(m.group()) < 2:
                continue
            nxt = WORD_RE.match(text[m.end():].lstrip())
            if nxt and nxt.group().lower() in ENCLITICS:
                continue
            bad.append(m.group())
        if bad:
            yield Issue(f"two tonoi in one word: {', '.join(bad)}", form)


def numeral_sign(pair: Pair) -> Iterator[Issue]:
    """Greek: the numeral sign after a letter numeral is the keraia ʹ (U+0374; Unicode NFC
    stores it as U+02B9), not the tonos ΄ (U+0384), an acute ´ or a prime ′.

    Bad:
        text: Ο Β΄ Παγκόσμιος Πόλεμος  # U+0384

    Good:
        text: Ο Βʹ Παγκόσμιος Πόλεμος  # U+0374
    """
    if not _greek(pair.env.locale):
        return
    for form, _english, text in pair.forms():
        for i, ch in enumerate(text):
            if ch in WRONG_KERAIA and i and _is_greek_word(text[i - 1]) \
                    and text[i - 1].isalpha() and not text[i + 1:i + 2].isalpha():
                start = i
                while start and text[start - 1].isalpha():
                    start -= 1
                yield Issue(f"numeral sign in {text[start:i + 1]!r} is {WRONG_KERAIA[ch]}; "
                            "write the keraia ʹ (U+0374)", form)
                break


def strip_marks(text: str) -> str:
    """``text`` without diacritics (ł → l too), case kept."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(UNDECOMPOSED.get(c, c) for c in bare)


def _core_marks(word: str) -> tuple[int, ...]:
    """Positions of letters with diacritics in ``word`` before its last vowel: inflection
    changes the last syllable («dolina», «doliną»; «potwór», «potwora»; «krawędź», «krawędzi»)."""
    bare = strip_marks(word)
    vowels = [i for i, c in enumerate(bare) if c in LATIN_VOWELS]
    last = vowels[-1] if vowels else 0
    return tuple(i for i, (a, b) in enumerate(zip(word, bare)) if a != b and i < last)


def _accented(terms: list[Term]) -> tuple[dict[str, str], dict[str, str], set[str]]:
    """Glossary words and stems (four letters or more) with a diacritic outside their ending,
    keyed by their bare lower-case spelling, and every glossary word as written."""
    words: dict[str, str] = {}
    stems: dict[str, str] = {}
    every: set[str] = set()
    for term in terms:
        texts = [term.translation, *term.forms,
                 *(w for forms in counted_forms(term).values() for w in forms)]
        for text in texts:
            for word in WORD_RE.findall(text.lower()):
                every.add(word)
                if len(strip_marks(word)) == len(word) and _core_marks(word):
                    words.setdefault(strip_marks(word), word)
        for stem in term.stems:
            low = stem.lower()
            if len(low) >= 4 and len(strip_marks(low)) == len(low) and _core_marks(low):
                stems.setdefault(strip_marks(low), low)
    return words, stems, every


def _lacks(word: str, model: str) -> bool:
    """Whether ``word`` has a bare letter where ``model`` has one with a diacritic (outside
    its last syllable)."""
    return any(i < len(word) and word[i] != model[i] for i in _core_marks(model))


def missing_diacritics(pair: Pair) -> Iterator[Issue]:
    """A glossary word written without its diacritics (Latin-script locales: Polish ą ć ę ł ń
    ó ś ź ż are letters of their own): a word that equals a glossary form, or starts with a
    glossary stem, once the diacritics are stripped, but lacks one of them (the last
    syllable aside: «dolina» and «doliną», «potwór» and «potwora» are all words).

    Bad:
        # pl glossary: source -> źródło
        text: Zrodlo danych

    Good:
        text: Źródło danych
    """
    if "Latin" not in pair.env.locale.scripts or not pair.env.terms:
        return
    words, stems, every = _accented(pair.env.terms)
    if not words and not stems:
        return
    for form, _english, text in pair.forms():
        bad = []
        for word in WORD_RE.findall(text):
            low = word.lower()
            if low in every:
                continue
            bare = strip_marks(low)
            want = words.get(bare)
            if want is not None and _lacks(low, want):
                bad.append(f"{word!r} (glossary: {want!r})")
                continue
            for b_stem, stem in stems.items():
                if bare.startswith(b_stem) and _lacks(low, stem):
                    bad.append(f"{word!r} (glossary stem: {stem + '…'!r})")
                    break
        if bad:
            yield Issue(f"diacritics missing: {', '.join(dict.fromkeys(bad))}", form)


#: A lone capital of the series games name things by (edicts A–D, map sides A/B, levels): the
#: first letters of the alphabet. X and Y (axes) and letters drawn as marks on a page (the
#: calibration page's grey F) are symbols, not identifiers; °C and °F are units.
LONE_CAPITAL = re.compile(r"(?<![\w\[{°])[A-E](?![\w\]}])")


def identifier_letters(pair: Pair) -> Iterator[Issue]:
    """A locale written without Latin letters spells identifier letters (edicts A–D, map sides,
    levels) with its own letters, as its rulebooks do: a lone Latin capital copied from the
    English into Greek text mixes scripts («Α Β C D»).

    Bad:
        text: Διάταγμα C

    Good:
        text: Διάταγμα Γ
    """
    if "Latin" in pair.env.locale.scripts:
        return
    for form, english, text in pair.forms():
        copied = [m.group() for m in LONE_CAPITAL.finditer(text)
                  if re.search(rf"(?<![\w\[{{°]){m.group()}(?![\w\]}}])", english)]
        if copied:
            yield Issue(f"identifier letter(s) {', '.join(dict.fromkeys(copied))} copied from the "
                        "English; spell them in the locale's letters", form)
