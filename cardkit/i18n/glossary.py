"""Glossaries: ``content/<game>/glossary/<locale>.yaml`` — required translations of key terms.

Greek and Polish inflect, so a term lists the accepted forms (``forms``) and/or stems
(``stems``: any word starting with one). Matching ignores case and accents (Greek capitals drop
their accents), so «ΠΕΡΙΟΧΕΣ» matches the form «περιοχές».
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field


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
    fields: list[str] = Field(default_factory=list, description="Only in these fields (keys such "
                              "as `text`); empty: everywhere. Card names are often freer.")
    note: str | None = None


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
    return problems
