"""No card names its own answer region: TER028 (English) and TER029 (each translation).

A card asks in which region(s) its topic lies; a topic or question that prints the name of an
answer region, or a word naming what the region is made of (its countries, islands, a people's
adjective: the region's ``aliases``), answers that question for everyone who reads it. These are
the texts of the question side (:func:`card_texts`); the info box is printed on the answer side,
under the answer regions themselves, and may name them.

Matching works on words compared without case or accents. English words match whole (a plural
or possessive ``s`` allowed); Greek and Polish inflect names, so a word matches any word that
begins with its stem (the word less its final vowels, and a Greek final ς) and goes on for at
most six letters (a stem under four letters: the whole word, with an ending):
``Sycylia`` matches ``Sycylii`` and ``sycylijski``, ``Ιαπωνία`` matches ``Ιαπωνίας``.
A stem-changing form (``Włochy``, ``we Włoszech``) is written as an alias of its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ....core.content import GameContent
from ....core.spec import Finding, Record
from ....i18n.overlay import Entry, LocaleOverlay
from ....i18n.pairs import LocaleCheck, TranslationEnv
from ..model import Card, Region

_WORD = re.compile(r"\w+")
#: What an inflected ending may replace at a word's end: vowels, and Greek final sigma (folded
#: to σ: Καύκασος, Καυκάσου).
_ENDINGS = "aeiouyąęóαεηιουωσ"
#: A stem shorter than this matches only as the whole word with an ending
#: (Χιλή: Χιλής, never χιλιάδες).
_MIN_STEM = 4
#: How many letters an inflected ending may add to a stem (Polish ``irańskiego``: 6).
_ENDING = 6


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    """The text's words, folded (lower case, no accents)."""
    return _WORD.findall(_fold(text))


@lru_cache(maxsize=8192)
def _pattern(phrase: str, inflected: bool) -> tuple[tuple[str, bool], ...]:
    """Per word of ``phrase``: what a text word must start with, and whether it may go on."""
    out = []
    for w in words(phrase):
        if not inflected:
            out.append((w, False))
            continue
        stem = w.rstrip(_ENDINGS)
        out.append((stem if len(stem) >= _MIN_STEM else w, True))
    return tuple(out)


def _word_matches(text_word: str, want: str, open_end: bool) -> bool:
    if not open_end:
        return text_word in (want, want + "s")
    return text_word.startswith(want) and len(text_word) - len(want) <= _ENDING


def phrase_in(text_words: list[str], phrase: str, lang: str) -> bool:
    """Whether the folded ``text_words`` hold ``phrase`` (its words in a row), in ``lang``'s
    way of matching (whole words in English, stems in inflected languages)."""
    return _holds(text_words, " ".join(text_words), phrase, lang)


def _holds(text_words: list[str], joined: str, phrase: str, lang: str) -> bool:
    """:func:`phrase_in`, with the words also joined by spaces: a phrase with a word (or stem)
    that the joined text does not contain is ruled out at once, without the word-by-word match
    (the case of nearly every phrase)."""
    pat = _pattern(phrase, lang != "en")
    if not pat or not all(want in joined for want, _ in pat):
        return False
    n = len(pat)
    for i in range(len(text_words) - n + 1):
        if all(_word_matches(text_words[i + j], want, open_end)
               for j, (want, open_end) in enumerate(pat)):
            return True
    return False


def region_terms(region: Region, lang: str, name: str | None) -> list[str]:
    """The words that name ``region`` in ``lang``: its name there and its aliases."""
    terms = [name] if name else []
    return terms + list(region.aliases.get(lang, ()))


def named_region(text: str, regions: Iterable[tuple[Region, str | None]], lang: str
                 ) -> tuple[Region, str] | None:
    """The first of ``regions`` (each with its name in ``lang``) that ``text`` names, and the
    words it uses."""
    listed = list(regions)
    hit = _first_named(text, tuple(tuple(region_terms(r, lang, n)) for r, n in listed), lang)
    return None if hit is None else (listed[hit[0]][0], hit[1])


@lru_cache(maxsize=65536)
def _first_named(text: str, terms: tuple[tuple[str, ...], ...], lang: str
                 ) -> tuple[int, str] | None:
    """The index of the first term list with a term ``text`` names, and that term (a pure
    function of its arguments, remembered: the language server checks the same texts again
    after every keystroke)."""
    text_words = words(text)
    joined = " ".join(text_words)
    for i, options in enumerate(terms):
        for term in options:
            if _holds(text_words, joined, term, lang):
                return i, term
    return None


def card_texts(card: Card) -> list[tuple[str, str]]:
    """``(key, English text)`` of every text the question side prints (what players read while
    they guess): the topic and the two bar questions. The info box is on the answer side."""
    out = [("topic", card.topic)]
    return out + [(f"bars.{i}.question", q.question) for i, q in enumerate(card.bars)]


def _key_path(key: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in key.split("."))


def region_given_away(content: GameContent) -> Iterator[Finding]:
    """Neither the topic nor a question of a card (the question side, read while players
    guess) names one of its answer regions: the region's name or one of its ``aliases`` (its
    countries, islands, adjectives) in English. The info box, on the answer side, may.

    Bad:
        # answer: us-northeast (Northeastern United States; alias New England)
        question: How many passengers sailed to New England on the ship?

    Good:
        question: How many passengers did the ship carry across the Atlantic?
    """
    index = content.index("regions")
    for rec in content.of("cards"):
        card: Card = rec.obj
        answers = [index[r].obj for r in card.regions.answers if r in index]
        pairs = [(r, r.name) for r in answers]
        for key, text in card_texts(card):
            hit = named_region(text, pairs, "en")
            if hit is not None:
                region, term = hit
                yield Finding(_message(key, region, term), rec, _key_path(key))


def _message(key: str, region: Region, term: str) -> str:
    what = "question" if key.startswith("bars.") else key
    shown = f"{region.name!r}" if term == region.name else f"{region.name!r} ({term!r})"
    return f"the {what} names the answer region {shown}: it answers the region question"


def _translated_name(overlay: LocaleOverlay, region_id: str) -> str | None:
    entry = overlay.get("regions", region_id, "name")
    text = entry.translation.text if entry is not None else None
    return text if isinstance(text, str) else None


def region_given_away_translated(content: GameContent, overlay: LocaleOverlay,
                                 env: TranslationEnv) -> Iterator[tuple[Entry, str]]:
    """No translated topic or question names one of the card's answer regions: the region's
    name in that language (its translation) or one of the region's ``aliases`` for the
    language, in any case ending.

    Bad:
        # pl; answer: italy (Włochy; aliases Sycylia, Włoszech)
        topic: {text: Rekord upału na Sycylii}

    Good:
        topic: {text: Rekord upału w Europie}
    """
    lang = env.locale.code.split("-")[0].split("_")[0]
    index = content.index("regions")
    names: dict[str, str | None] = {}
    for rec in content.of("cards"):
        card: Card = rec.obj
        answers: list[tuple[Region, str | None]] = []
        for region_id in card.regions.answers:
            region_rec: Record[Region] | None = index.get(region_id)
            if region_rec is None:
                continue
            if region_id not in names:
                names[region_id] = _translated_name(overlay, region_id)
            answers.append((region_rec.obj, names[region_id]))
        for key, _ in card_texts(card):
            entry = overlay.get("cards", card.id, key)
            text = entry.translation.text if entry is not None else None
            if not isinstance(text, str):
                continue
            hit = named_region(text, answers, lang)
            if hit is not None:
                region, term = hit
                yield entry, (f"the translation names the answer region {region.id!r} "
                              f"({term!r}): it answers the region question")


LOCALE_CHECKS = (LocaleCheck("TER029",
                             "no translated topic or question names the card's answer region",
                             region_given_away_translated),)
