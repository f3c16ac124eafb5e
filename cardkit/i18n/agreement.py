"""Number agreement: a counted noun takes the plural form of the number before it (I18N035), and
each form of a plural text takes its own category's form (I18N036).

The noun's forms come from the glossary (``counted``: forms per CLDR plural category of the
locale, :func:`cardkit.i18n.glossary.counted_forms`); the category of a number is CLDR's
(Babel), or the locale's own gettext rule for a locale Babel does not know. Polish: one (1), few
(2–4, 22–24, …, not 12–14), many (0, 5–21, 25–31, …), other (fractions): «1 punkt, 2 punkty,
5 punktów, 1,5 punktu».

Only words that are one of the term's counted forms are judged: a noun in another case («z 5
punktami») is left alone, and a form listed under several categories («dni» is few and many)
is right for each of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from babel import Locale as BabelLocale
from babel import UnknownLocaleError

from .glossary import Term, counted_forms, fold
from .locale import Locale
from .pairs import Issue, Pair
from .plural import plural_category

#: A number (digits, optionally grouped by a space, NBSP or narrow NBSP, with a decimal part)
#: followed by a space or NBSP and a word.
NUMBER_WORD = re.compile(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?P<frac>[.,]\d+)?"
    r"[ \u00a0\u202f](?P<word>\w+)")
#: A placeholder followed by a word: ``{n} kart``.
PLACEHOLDER_WORD = re.compile(r"\{(?P<name>\w+)\}[ \u00a0\u202f](?P<word>\w+)")
#: A number representative of each CLDR category, to name it in messages.
EXAMPLES = {"zero": "0", "one": "1", "two": "2", "few": "2", "many": "5", "other": "1,5"}


@lru_cache(maxsize=32)
def _babel(code: str) -> BabelLocale | None:
    try:
        return BabelLocale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def category(locale: Locale, value: Decimal) -> str | None:
    """The CLDR plural category of ``value`` in ``locale`` (``None`` when unknown: a fraction in
    a locale Babel does not know)."""
    known = _babel(locale.code)
    if known is not None:
        number: int | Decimal = int(value) if value == value.to_integral_value() else value
        return str(known.plural_form(number))
    if value != value.to_integral_value():
        return None
    return plural_category(locale.plural.gettext, list(locale.plural.categories), int(value))


def _parse(num: str, frac: str | None) -> Decimal | None:
    digits = re.sub(r"[ \u00a0\u202f]", "", num)
    try:
        return Decimal(digits + ("." + frac[1:] if frac else ""))
    except InvalidOperation:
        return None


def _counted_terms(pair: Pair) -> list[tuple[Term, dict[str, list[str]]]]:
    key = pair.source.key
    return [(t, counted_forms(t)) for t in pair.env.terms
            if t.counted and (not t.fields or key in t.fields)]


def _form_of(word: str, forms: dict[str, list[str]]) -> list[str]:
    """The categories whose counted forms include ``word`` (case- and accent-insensitive)."""
    folded = fold(word)
    return [cat for cat, words in forms.items() if any(fold(w) == folded for w in words)]


def _message(term: Term, word: str, forms: dict[str, list[str]], cat: str, after: str) -> str:
    want = " / ".join(forms[cat])
    return (f"{after} {word!r} does not agree: {term.translation!r} takes the {cat} form "
            f"{want!r} here")


def number_agreement(pair: Pair) -> Iterator[Issue]:
    """A counted noun after a number takes that number's CLDR plural form (the glossary lists
    the noun's forms per category as ``counted``).

    Bad:
        # pl glossary: point -> punkt, counted: {one: punkt, few: punkty, many: punktów}
        text: Zdobądź 5 punkty.

    Good:
        text: Zdobądź 5 punktów.
    """
    terms = _counted_terms(pair)
    if not terms:
        return
    for form, _english, text in pair.forms():
        for m in NUMBER_WORD.finditer(text):
            value = _parse(m["num"], m["frac"])
            cat = category(pair.env.locale, value) if value is not None else None
            if cat is None:
                continue
            for term, forms in terms:
                cats = _form_of(m["word"], forms)
                if cats and cat in forms and cat not in cats:
                    number = m.group(0)[:m.start("word") - m.start()].strip()
                    yield Issue(_message(term, m["word"], forms, cat,
                                         f"{number} is {cat} in {pair.env.locale.code}:"), form)
                    break


def plural_text_agreement(pair: Pair) -> Iterator[Issue]:
    """Each form of a plural text agrees with its own category: the counted noun after ``{n}``
    in the `few` form is the glossary's `few` form, not the `many` one.

    Bad:
        # pl glossary: card -> karta, counted: {one: karta, few: karty, many: kart}
        text: {one: "{n} karta", few: "{n} kart", many: "{n} kart"}

    Good:
        text: {one: "{n} karta", few: "{n} karty", many: "{n} kart"}
    """
    tr = pair.entry.translation.text
    if not isinstance(tr, dict):
        return
    terms = _counted_terms(pair)
    for cat, text in tr.items():
        for m in PLACEHOLDER_WORD.finditer(text):
            for term, forms in terms:
                cats = _form_of(m["word"], forms)
                if cats and cat in forms and cat not in cats:
                    example = EXAMPLES.get(cat, cat)
                    yield Issue(_message(term, m["word"], forms, cat,
                                         f"the {cat} form (e.g. {example}) has"), cat)
                    break
