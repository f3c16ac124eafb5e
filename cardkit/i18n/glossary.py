"""Glossaries: ``content/<game>/glossary/<locale>.yaml`` — required translations of key terms.

Greek and Polish inflect, so a term lists the accepted forms (``forms``) and/or stems
(``stems``: any word starting with one). Matching ignores case and accents (Greek capitals drop
their accents), so «ΠΕΡΙΟΧΕΣ» matches the form «περιοχές».

Wrong variants are listed the same two ways: ``forbidden`` forms (whole words or phrases) and
``forbidden_stems`` (any inflection: ``απόβλητ`` catches «απόβλητο», «αποβλήτων»). A forbidden
stem never fires on an accepted form or on a word starting with a longer accepted stem, so the
stem ``σκουπίδ`` (for the singular «Σκουπίδι») can sit beside the approved form «Σκουπίδια».

A counted noun lists its forms per CLDR plural category of the locale (``counted``, e.g. Polish
``{one: punkt, few: punkty, many: punktów}``, Greek ``{one: πόντος, other: πόντοι}``): after a
number the noun must take the form of that number's category (I18N035, I18N036).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


CountedCategory = Literal["zero", "one", "two", "few", "many", "other"]


class Term(BaseModel):
    """One glossary entry."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    term: str = Field(min_length=1, description="The English term (as it reads in the source).")
    match: list[str] = Field(default_factory=list,
                             description="English forms that trigger the term (default: term).")
    translation: str = Field(min_length=1, description="The required translation (lemma).")
    forms: list[str] = Field(default_factory=list, description="Accepted inflected forms.")
    stems: list[str] = Field(default_factory=list, description="Accepted word beginnings.")
    forbidden: list[str] = Field(default_factory=list, description="Variants that must not "
                                 "be used where the English has the term.")
    forbidden_stems: list[str] = Field(default_factory=list, description="Beginnings of "
                                       "variants that must not be used, in any inflection "
                                       "(accepted forms and longer accepted stems excepted).")
    fields: list[str] = Field(default_factory=list, description="Only in these fields (keys such "
                              "as `text`); empty: everywhere. Card names are often freer.")
    reverse: bool = Field(True, description="Also report the translation where the English "
                          "lacks the term (I18N037); false for a word the locale uses more "
                          "widely than the English term (a common verb: Polish `weź` for gain, "
                          "take and draw).")
    counted: dict[CountedCategory, str | list[str]] = Field(
        default_factory=dict, description="A counted noun's form(s) after a number, per CLDR "
        "plural category of the locale (Polish `{one: punkt, few: punkty, many: punktów}`, Greek "
        "`{one: πόντος, other: πόντοι}`): `<number> <form>` must use the number's category "
        "(I18N035), and each form of a plural text `{n} <form>` its own (I18N036).")
    note: str | None = None


def counted_forms(term: Term) -> dict[str, list[str]]:
    """A term's ``counted`` forms as lists per plural category (one text or several)."""
    return {cat: [forms] if isinstance(forms, str) else list(forms)
            for cat, forms in term.counted.items()}


class GlossaryFile(BaseModel):
    """``content/<game>/glossary/<locale>.yaml``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    locale: str = Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")
    terms: list[Term] = Field(min_length=1)


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Lower-case, accent-free form for matching."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@lru_cache(maxsize=4096)
def _phrase_re(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in fold(phrase).split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)")


def mentions(text: str, phrases: list[str]) -> bool:
    """Whether any phrase occurs in ``text`` as whole words (case- and accent-insensitive)."""
    folded = fold(text)
    return any(_phrase_re(p).search(folded) for p in phrases)


def has_stem(text: str, stems: list[str]) -> bool:
    """Whether a word of ``text`` starts with one of ``stems``."""
    words = re.findall(r"\w+", fold(text))
    folded = [fold(s) for s in stems]
    return any(w.startswith(s) for w in words for s in folded)


def term_issues(term: Term, source: str, translation: str) -> list[str]:
    """Messages for one term on one source/translation pair (empty when fine)."""
    problems: list[str] = []
    if not mentions(source, term.match or [term.term]):
        return problems
    accepted = term.forms or [term.translation]
    if not (mentions(translation, accepted) or (term.stems and has_stem(translation,
                                                                          term.stems))):
        problems.append(f"glossary: {term.term!r} should be translated as "
                        f"{term.translation!r}" + (f" ({term.note})" if term.note else ""))
    for bad in term.forbidden:
        if mentions(translation, [bad]):
            problems.append(f"glossary: {bad!r} is not used for {term.term!r}; write "
                            f"{term.translation!r}")
    if term.forbidden_stems:
        for word, stem in forbidden_stem_words(term, translation):
            problems.append(f"glossary: {word!r} (a form of {stem + '…'!r}) is not used for "
                            f"{term.term!r}; write {term.translation!r}")
    return problems


def forbidden_stem_words(term: Term, translation: str) -> list[tuple[str, str]]:
    """``(word, stem)`` for each word of ``translation`` that starts with one of the term's
    ``forbidden_stems`` and is not an accepted form (nor starts with a longer accepted stem).

    Accepted forms (``forms`` and ``translation``; phrases too) are matched first and their
    words exempted, so a forbidden stem that is a prefix of an accepted form does not fire on it;
    so are the ``forbidden`` forms, which :func:`term_issues` reports on their own.
    """
    words = re.findall(r"\w+", translation)
    folded = [fold(w) for w in words]
    joined = " ".join(folded)
    starts: list[int] = []
    pos = 0
    for w in folded:
        starts.append(pos)
        pos += len(w) + 1
    exempt: set[int] = set()
    for form in {*term.forms, term.translation, *term.forbidden}:  # forbidden: reported above
        for m in _words_re(form).finditer(joined):
            exempt.update(i for i, at in enumerate(starts) if m.start() <= at < m.end())
    ok_stems = [fold(s) for s in term.stems]
    out: list[tuple[str, str]] = []
    for i, word in enumerate(folded):
        if i in exempt or any(fold(w) == word for w, _ in out):
            continue
        for stem in term.forbidden_stems:
            bad = fold(stem)
            if word.startswith(bad) and not any(len(ok) > len(bad) and word.startswith(ok)
                                                for ok in ok_stems):
                out.append((words[i], stem))
                break
    return out


@lru_cache(maxsize=4096)
def _words_re(phrase: str) -> re.Pattern[str]:
    """A phrase as whole folded ``\\w+`` words separated by single spaces."""
    words = [re.escape(w) for w in re.findall(r"\w+", fold(phrase))] or ["(?!)"]
    return re.compile(r"(?<!\w)" + " ".join(words) + r"(?!\w)")
