"""A locale's plural rule, checked: gettext's grammar (I18N032) and CLDR's categories (I18N033).

``content/locales/<code>.yaml`` gives ``plural.categories`` (in msgstr[] order) and
``plural.gettext`` (the PO ``Plural-Forms`` value). The rule is parsed by the bounded parser of
:mod:`cardkit.i18n.plural`, evaluated on n = 0..1000 and a few large numbers, and compared with
the Unicode CLDR plural rule of the language as Babel gives it
(``babel.Locale.parse(code).plural_form``): for every number the category of the form the rule
picks must be CLDR's, and ``categories`` must be CLDR's categories of whole numbers in CLDR's
order (zero, one, two, few, many, other). A locale CLDR does not know gets the gettext checks
only. Each locale gets at most one finding: the first root cause.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache

from ..core.diagnostics import CodeInfo, Severity
from ..core.errors import UsageProblem
from .plural import PluralExpressionError, parse_plural_forms

#: CLDR's order of plural categories (gettext's msgstr[] order follows it).
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
#: The numbers a rule is evaluated on: 0..1000 (as ``msgfmt --check``) and large ones whose
#: last digits matter to Slavic and Baltic rules, and CLDR's millions (French, Spanish).
SAMPLES: tuple[int, ...] = tuple(range(1001)) + tuple(
    base + d for base in (10_000, 100_000, 1_000_000, 1_000_000_000)
    for d in (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111))

E = Severity.ERROR
PLURAL_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("I18N032", E, "plural rule is not a valid gettext rule", inspect.cleandoc("""
        A locale's `plural.gettext` must be a gettext `Plural-Forms` value that `msgfmt`
        accepts: `nplurals=N; plural=EXPR;` with N the number of `categories`, and EXPR built
        from n, integers and the C operators ( ) ! * / % + - < > <= >= == != && || ?: only,
        nested at most 40 levels, never dividing by zero, and giving a form from 0 to N-1 for
        every n. The position is the rule; the message says at which character.
        Until it is fixed the locale's translations are not checked, printed or exported.

        Bad:
            plural:
              categories: [one, other]
              gettext: nplurals=2; plural=(n/0);

        Good:
            plural:
              categories: [one, other]
              gettext: nplurals=2; plural=(n != 1);
        """)),
    CodeInfo("I18N033", E, "plural rule disagrees with CLDR", inspect.cleandoc("""
        The rule must pick, for every whole number, the form of the category the Unicode CLDR
        gives the language (through Babel), and `categories` must be CLDR's categories of
        whole numbers in CLDR's order (zero, one, two, few, many, other). Polish has one (1),
        few (2-4, 22-24, ... not 12-14) and many (0, 5-21, 25-31, ...); English's rule in a
        Polish locale prints "5 punkty" instead of "5 punktów".

        Bad:
            # content/locales/pl.yaml
            plural:
              categories: [one, few, many]
              gettext: nplurals=3; plural=(n != 1);

        Good:
            plural:
              categories: [one, few, many]
              gettext: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 &&
                (n%100<10 || n%100>=20) ? 1 : 2);'
        """)),
)


@dataclass(frozen=True, slots=True)
class PluralProblem:
    """One finding on a locale's plural rule: its code, message and the field of ``plural``
    it is located at (``gettext`` or ``categories``)."""

    code: str
    message: str
    field: str = "gettext"


def plural_problem(code: str, gettext: str, categories: tuple[str, ...]) -> PluralProblem | None:
    """The first problem of a locale's plural rule (gettext grammar and bounds, then CLDR), or
    None when the rule is valid and agrees with CLDR. Never raises for any input."""
    return _plural_problem(str(code), str(gettext), tuple(str(c) for c in categories))


@lru_cache(maxsize=64)
def _plural_problem(code: str, gettext: str, categories: tuple[str, ...]) -> PluralProblem | None:
    try:
        forms = parse_plural_forms(gettext)
    except PluralExpressionError as exc:
        return PluralProblem("I18N032", f"plural rule: {exc}")
    listed = ", ".join(categories)
    if forms.nplurals != len(categories):
        return PluralProblem("I18N032", f"plural rule: nplurals={forms.nplurals}, but "
                             f"categories lists {len(categories)} ({listed}); give one form "
                             "per category")
    twice = sorted({c for c in categories if categories.count(c) > 1})
    if twice:
        return PluralProblem("I18N032", f"plural rule: categories lists {', '.join(twice)} "
                             "more than once", "categories")
    try:
        index = forms.check(SAMPLES)
    except PluralExpressionError as exc:
        return PluralProblem("I18N032", f"plural rule: {exc}")
    cldr = _cldr(code)
    if cldr is None:  # a language CLDR does not know: every form must at least be used
        unused = sorted(set(range(forms.nplurals)) - set(index.values()))
        if unused:
            return PluralProblem("I18N032", f"plural rule: form {unused[0]} "
                                 f"({categories[unused[0]]}) is never chosen for n = 0..1000")
        return None
    name, rule = cldr
    want = {n: rule(n) for n in SAMPLES}
    expected = tuple(c for c in CLDR_ORDER if c in set(want.values()))
    if categories != expected:
        return PluralProblem("I18N033", f"plural rule: CLDR gives {name} the categories "
                             f"{', '.join(expected)} for whole numbers, in that order; "
                             f"categories lists {listed}", "categories")
    for n in SAMPLES:
        got = categories[index[n]]
        if got != want[n]:
            why = rule.rules.get(want[n], "")
            return PluralProblem("I18N033", f"plural rule: for n = {n} it gives form {index[n]} "
                                 f"({got}), but CLDR's {name} rule says {want[n]}"
                                 + (f" ({want[n]}: {why})" if why else ""))
    return None


def _cldr(code: str):  # type: ignore[no-untyped-def]
    """(English name, Babel ``PluralRule``) of a language, or None when CLDR does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        loc = Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return loc.english_name or code, loc.plural_form


class PluralRuleRejected(UsageProblem):
    """A locale's plural rule has an I18N032/I18N033 problem; nothing that needs it (a PO
    header) is written (exit code 1: a finding in the content)."""

    exit_code = 1


def checked_plural_forms(code: str, gettext: str, categories: tuple[str, ...] | list[str]) -> str:
    """The ``Plural-Forms`` value of a locale, only once it has passed every check; raises
    :class:`PluralRuleRejected` otherwise (so an exported header only ever holds a valid
    rule, whatever the caller checked before)."""
    problem = plural_problem(code, gettext, tuple(categories))
    if problem is not None:
        raise PluralRuleRejected(f"content/locales/{code}.yaml: {problem.code} "
                                 f"{problem.message}; run `cardkit check`")
    return gettext
