"""Where a game's translation files sit: each misplaced file or folder reported once, with what
to do, and never again as a follow-up ("no translation" for every field it would have held).

* ``content/locales/`` missing: one I18N019 per game, naming the folder and the locales its
  translations need;
* ``i18n/<code>/`` or ``glossary/<code>.yaml`` for a code no locale file defines: one I18N019
  per code, saying where the files belong (the locale they declare, or the language of a
  country code: ``gr`` is Greece, whose language is ``el``);
* ``i18n/<locale>/<name>.yaml`` whose name is no kind of the game: I18N034, with the kind it
  probably means (``card.yaml`` -> ``cards.yaml``).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.discovery import SourceFile
from ..core.errors import UsageProblem
from ..core.suggest import closest
from .locale import SOURCE_LOCALE, LocaleTable, broken_locales

PLACEMENT_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("I18N034", Severity.ERROR, "translation file named after no kind",
             inspect.cleandoc("""
        An overlay is named after the kind whose fields it translates:
        `i18n/<locale>/<kind>.yaml`, for a kind with translatable fields. A file with another
        name is never read, so its translations are neither checked nor printed; the message
        names the kind it probably means. (Its fields are not reported as missing too.)

        Bad:
            content/terra/i18n/el/card.yaml

        Good:
            content/terra/i18n/el/cards.yaml
        """)),
)


@dataclass(frozen=True, slots=True)
class Misplaced:
    """A translation file that could not be used where it is: its locale folder (or glossary
    name) ``code``, its kind (``None`` for a glossary) and the ``locale:`` it declares."""

    source: SourceFile
    code: str
    kind: str | None
    declared: object = None

    @property
    def where(self) -> str:
        """The file's place, relative to the game folder, as the user named it."""
        return f"i18n/{self.code}/" if self.kind is not None else f"glossary/{self.code}.yaml"


#: Follow-ups not to report: (locale, kind) whose missing translations have a reported cause.
Quiet = set[tuple[str, str]]


def undefined_locales(game: str, items: list[Misplaced], locales: dict[str, object]
                      ) -> tuple[list[Diagnostic], Quiet]:
    """One I18N019 per code no locale file defines (one per game when ``content/locales/``
    does not exist), at the first of its files."""
    if not items:
        return [], set()
    folder = locales.folder if isinstance(locales, LocaleTable) else "content/locales"
    if isinstance(locales, LocaleTable) and not locales.exists:
        codes = sorted({m.code for m in items})
        return [_at(items[0], f"{folder}/ does not exist, so no locale is defined and the "
                    f"{_files(len(items))} of {game} for {', '.join(codes)} are not checked; "
                    + create_locales(folder, codes))], set()
    defined = sorted(c for c in locales if c != SOURCE_LOCALE)
    by_code: dict[str, list[Misplaced]] = {}
    for m in items:
        by_code.setdefault(m.code, []).append(m)
    diags: list[Diagnostic] = []
    quiet: Quiet = set()
    for code, group in by_code.items():
        places = ", ".join(sorted({m.where for m in group}))
        declared = {m.declared for m in group if isinstance(m.declared, str)}
        (target,) = declared if len(declared) == 1 else (None,)
        country = _country(code, locales)
        why = ""
        if target in locales and target != SOURCE_LOCALE:
            why = f"they declare locale {target!r}"
        elif country is not None:
            target, why = country[1], f"{code!r} is the country code of {country[0]}, whose " \
                f"language is {country[1]!r}"
        if target in locales and target != SOURCE_LOCALE:
            fix = f"{why}: move them to " + _target_places(group, str(target))
            quiet.update((str(target), m.kind) for m in group if m.kind is not None)
        else:
            fix = f"add {folder}/{code}.yaml, or use a defined locale" + _did_you_mean(code,
                                                                                      defined)
        diags.append(_at(group[0], f"locale {code!r} is not defined (no {folder}/{code}.yaml; "
                         f"defined: {', '.join(defined) or 'none but English'}): the "
                         f"{_files(len(group))} in {places} are not checked; {fix}"))
    return diags, quiet


def create_locales(folder: str, codes: Iterable[str]) -> str:
    """What to do when ``content/locales/`` does not exist: the files to create in it."""
    wanted = ", ".join(f"{c}.yaml" for c in sorted(set(codes)) if c != SOURCE_LOCALE)
    return (f"create {folder}/ with a file per language: en.yaml (the source; `cardkit init` "
            "writes one)" + (f" and {wanted}" if wanted else ""))


def unknown_locale(locales: dict[str, object], code: str, target: bool = False
                   ) -> UsageProblem:
    """The usage error of a command asked for a locale the content does not define (``pdf
    --locale``, ``i18n export --locale``, ``site --locale``): it names the locale folder and the
    file to create. ``target``: the command needs a locale to translate into (English is the
    source). When ``cardkit check`` reports the cause (translation files of that locale, a
    locale file with an error), the content gate stops the command first, with that finding."""
    folder = locales.folder if isinstance(locales, LocaleTable) else "content/locales"
    what = "target locale" if target else "locale"
    if isinstance(locales, LocaleTable) and not locales.exists:
        return UsageProblem(f"unknown {what} {code!r}: {folder}/ does not exist, so no locale "
                            f"is defined; " + create_locales(folder, (code,)))
    if code in broken_locales(locales):
        return UsageProblem(f"{what} {code!r} cannot be used: {folder}/{code}.yaml has an "
                            "error; run `cardkit check`")
    defined = sorted(c for c in locales if not (target and c == SOURCE_LOCALE))
    if target and code == SOURCE_LOCALE:
        return UsageProblem(f"{code!r} is the source locale (English), not a {what}; defined: "
                            f"{', '.join(defined) or 'none'} (add {folder}/<code>.yaml for "
                            "each language)")
    return UsageProblem(f"unknown {what} {code!r}: there is no {folder}/{code}.yaml (defined: "
                        f"{', '.join(defined) or 'none'}); add {folder}/{code}.yaml, or use a "
                        "defined locale" + _did_you_mean(code, defined))


def misnamed_overlays(game: str, items: list[Misplaced], translatable: Iterable[str]
                      ) -> tuple[list[Diagnostic], Quiet]:
    """I18N034 for each overlay named after no kind, with the kind it probably means."""
    kinds = sorted(translatable)
    diags: list[Diagnostic] = []
    quiet: Quiet = set()
    for m in items:
        name = m.kind or ""
        guess = closest(name, kinds, n=1)
        if guess:
            fix = f"rename it to i18n/{m.code}/{guess[0]}.yaml"
            quiet.add((m.code, guess[0]))
        else:
            fix = "name it after the kind it translates"
        diags.append(Diagnostic(
            "I18N034", Severity.ERROR, f"{name!r} is not a kind with translatable fields in "
            f"{game} ({', '.join(kinds)}): this file is not read, so its translations are "
            f"neither checked nor printed; {fix}", m.source.display, 1, 1))
    return diags, quiet


def _at(m: Misplaced, message: str) -> Diagnostic:
    return Diagnostic("I18N019", Severity.ERROR, message, m.source.display,
                      pointer=("locale",) if isinstance(m.declared, str) else None,
                      line=0 if isinstance(m.declared, str) else 1,
                      col=0 if isinstance(m.declared, str) else 1)


def _files(n: int) -> str:
    return f"{n} translation file{'' if n == 1 else 's'}"


def _target_places(group: list[Misplaced], target: str) -> str:
    places = sorted({f"i18n/{target}/" if m.kind is not None else f"glossary/{target}.yaml"
                     for m in group})
    return " and ".join(places)


def _did_you_mean(code: str, defined: list[str]) -> str:
    found = closest(code, defined, n=1)
    return f" (did you mean {found[0]!r}?)" if found else ""


def _country(code: str, locales: dict[str, object]) -> tuple[str, str] | None:
    """``(country name, language)`` when ``code`` is a country code whose official language is
    a defined locale (``gr``: Greece, ``el``), from Babel's CLDR territory data; else None."""
    try:
        from babel import Locale
        from babel.languages import get_official_languages

        official = get_official_languages(code.upper())
        country = Locale("en").territories.get(code.upper())
    except Exception:  # noqa: BLE001 - a hint only; CLDR data missing or odd input
        return None
    langs = [lang for lang in official if lang in locales and lang != SOURCE_LOCALE]
    return (country, langs[0]) if langs and country else None
