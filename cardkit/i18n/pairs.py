"""The pieces every translation pair check is made of: :class:`Pair`, :class:`Issue`,
:class:`PairCheck`, :class:`LocaleCheck`, :class:`TranslationEnv` and :func:`per_form`.

They live apart from the checks themselves (:mod:`.checks`, :mod:`.style`, :mod:`.language`) so
that every check module imports them the same way, at the top.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.diagnostics import CodeInfo, Severity
from .glossary import Term
from .locale import Locale
from .overlay import Entry, LocaleOverlay
from .sources import SourceText

E = Severity.ERROR


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem with one translation; ``form`` names the plural form when it is one form's."""

    message: str
    form: str | None = None


@dataclass(frozen=True, slots=True)
class NamedObject:
    """An object's English name and its translation in the locale being checked (I18N045)."""

    owner: str  # kind/id
    english: str
    translated: str | None


@dataclass(frozen=True, slots=True)
class RawValues:
    """A game's model values that must not be printed as words (I18N046): object ids
    (kebab-case), enum literals and field names (snake_case) of its models."""

    ids: frozenset[str] = frozenset()
    enums: frozenset[str] = frozenset()
    fields: frozenset[str] = frozenset()


@dataclass(slots=True)
class TranslationEnv:
    """What pair checks need besides the texts."""

    locale: Locale
    token_registry: frozenset[str] = frozenset()
    terms: list[Term] = field(default_factory=list)
    glyphs: frozenset[int] | None = None
    extra_checks: tuple[PairCheck, ...] = ()
    #: The English locale (its number words); without it, I18N023 has nothing to compare.
    source_locale: Locale | None = None
    #: Every defined locale by code (I18N028 compares a text with the other languages').
    locales: dict[str, Locale] = field(default_factory=dict)
    #: English name -> the named object and its translation here (I18N045).
    names: dict[str, NamedObject] = field(default_factory=dict)
    #: The game's ids, enum literals and field names (I18N046).
    raw: RawValues = field(default_factory=RawValues)


@dataclass(frozen=True, slots=True)
class Pair:
    """An English source text and its translation into one locale."""

    source: SourceText
    entry: Entry
    env: TranslationEnv

    def forms(self) -> list[tuple[str | None, str, str]]:
        """``(form, english, translation)`` per text to compare (one per plural form)."""
        src, tr = self.source.text, self.entry.translation.text
        if isinstance(src, str) and isinstance(tr, str):
            return [(None, src, tr)]
        if isinstance(src, dict) and isinstance(tr, dict):
            return [(form, src.get("one", "") if form == "one" else src.get("other", ""), text)
                    for form, text in tr.items()]
        return []


@dataclass(frozen=True, slots=True)
class PairCheck:
    """A check of one source/translation pair."""

    code: str
    summary: str
    run: Callable[[Pair], Iterable[Issue]]
    severity: Severity = E

    @property
    def info(self) -> CodeInfo:
        """Documentation record."""
        return CodeInfo(self.code, self.severity, self.summary,
                        inspect.cleandoc(self.run.__doc__ or ""))


@dataclass(frozen=True, slots=True)
class LocaleCheck:
    """A translation check of one locale as a whole: it reads the game's content and the
    locale's overlay at once, for a rule across objects (a card's translated texts against its
    answer regions' translated names). ``run`` yields ``(entry, message)`` per finding; the
    finding sits at the entry. A game lists these beside its pair checks
    (``extra_translation_checks``); they run once per locale, not per text, and are not
    remembered between runs (every input of theirs is the whole content)."""

    code: str
    summary: str
    run: Callable[[Any, LocaleOverlay, TranslationEnv], Iterable[tuple[Entry, str]]]
    severity: Severity = E

    @property
    def info(self) -> CodeInfo:
        """Documentation record."""
        return CodeInfo(self.code, self.severity, self.summary,
                        inspect.cleandoc(self.run.__doc__ or ""))


def per_form(pair: Pair, fn: Callable[[str, str], str | None]) -> Iterator[Issue]:
    """The issues of ``fn(english, translation)`` on each text of a pair (each plural form)."""
    for form, english, text in pair.forms():
        message = fn(english, text)
        if message:
            yield Issue(message, form)
