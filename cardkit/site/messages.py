"""The site's own interface strings (its chrome), gettext-style, one catalog per locale.

The English is in the code: every visible string of the site is a call on a :class:`Messages`
named ``tr`` — ``tr("Search")``, ``tr.p("field", "Kind")`` (with a context), ``tr.n("{n} card",
"{n} cards", n)`` (a counted noun: one message with plural forms, never a number beside a fixed
word). The translations are gettext PO files, ``cardkit/site/locale/<code>.po``, one per locale
(a new locale is a new file), made and kept with any PO editor; the plural forms come from the
file's ``Plural-Forms`` header. A message a catalog lacks (or leaves empty, or marks fuzzy)
falls back to the English.

``{name}`` placeholders are filled after the lookup (``{n}`` with the count, in the locale's
number format); :meth:`Messages.html` escapes the translated text and fills placeholders with
HTML that is already escaped (a link inside a sentence). In the pseudo-locale (``qps``) every
message is its English pseudo-localized (:func:`cardkit.i18n.pseudo.pseudo_text`), so a text
that is still plain English in a ``qps`` page did not go through the catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import polib

from ..i18n.locale import Locale
from ..i18n.plural import plural_function
from ..i18n.pseudo import PSEUDO_CODE, pseudo_text
from ..text.tokens import PLACEHOLDER_RE
from .html import esc

ENGLISH_PLURAL = "nplurals=2; plural=(n != 1);"
#: Where the catalogs are, inside the package.
CATALOGS = ("cardkit.site", "locale")

Key = tuple[str, str]  # (context, msgid); "" is no context


@dataclass(frozen=True, slots=True)
class Catalog:
    """One PO file's translations: ``(context, msgid)`` -> the forms (one unless plural)."""

    code: str
    plural: str = ENGLISH_PLURAL
    entries: dict[Key, tuple[str, ...]] = field(default_factory=dict)


def catalog_codes() -> list[str]:
    """The locales with a catalog file, sorted."""
    folder = resources.files(CATALOGS[0]).joinpath(CATALOGS[1])
    return sorted(p.name[:-3] for p in folder.iterdir() if p.name.endswith(".po"))


@lru_cache(maxsize=16)
def load_catalog(code: str) -> Catalog:
    """The catalog of ``code`` (empty when there is no file: everything in English)."""
    path = resources.files(CATALOGS[0]).joinpath(CATALOGS[1], f"{code}.po")
    if not path.is_file():
        return Catalog(code)
    po = polib.pofile(path.read_text("utf-8"))
    entries: dict[Key, tuple[str, ...]] = {}
    for entry in po:
        if entry.obsolete or entry.fuzzy:
            continue
        forms = (tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
                 if entry.msgid_plural else (entry.msgstr,))
        if forms and all(forms):
            entries[(entry.msgctxt or "", entry.msgid)] = forms
    return Catalog(code, po.metadata.get("Plural-Forms", ENGLISH_PLURAL), entries)


#: Contexts whose msgids are data (enum values, kinds): an id shown to English readers as words.
DATA_LABELS = ("value", "kind")


def _english_label(context: str, msgid: str) -> str:
    """A data id in English words: the English catalog's label (``rising-sun`` → ``Rising
    Sun``), else the id with its hyphens and underscores as spaces (``top-left`` → ``top
    left``)."""
    found = load_catalog("en").entries.get((context, msgid))
    if found and len(found) == 1:
        return found[0]
    return msgid.replace("-", " ").replace("_", " ")


def fill(text: str, values: dict[str, str]) -> str:
    """``{name}`` placeholders of ``text`` replaced by ``values`` (others are left)."""
    return PLACEHOLDER_RE.sub(lambda m: values.get(m.group(1), m.group(0)), text)


class Messages:
    """The interface strings of one locale: lookups, plural forms and numbers."""

    def __init__(self, code: str, locale: Locale | None = None, pseudo: bool = False) -> None:
        self.code = code
        self.locale = locale
        self.pseudo = pseudo or code == PSEUDO_CODE
        # English has a catalog too, for data labels only (an enum id's words: "rising-sun"
        # is "Rising Sun"); its interface strings are the msgids themselves
        self.catalog = load_catalog("en" if self.pseudo else code)
        self._index: Callable[[int], int] = plural_function(self.catalog.plural)
        #: Messages looked up that the catalog lacks (shown in English).
        self.missing: set[Key] = set()

    def _forms(self, context: str, msgid: str, plural: str | None) -> tuple[str, ...]:
        english = (msgid,) if plural is None else (msgid, plural)
        if context in DATA_LABELS:
            english = (_english_label(context, msgid),) if plural is None else english
        if self.pseudo:
            return tuple(pseudo_text(f) for f in english)
        found = self.catalog.entries.get((context, msgid))
        if found is None or (plural is not None and len(found) < 2) \
                or (plural is None and len(found) != 1):
            if self.code != "en":
                self.missing.add((context, msgid))
            return english
        return found

    def __call__(self, msgid: str, **values: object) -> str:
        """The translation of ``msgid``, placeholders filled (as text)."""
        return self.p("", msgid, **values)

    def p(self, context: str, msgid: str, **values: object) -> str:
        """The translation of ``msgid`` in ``context`` (``pgettext``)."""
        return fill(self._forms(context, msgid, None)[0], self._text(values))

    def n(self, singular: str, plural: str, n: float, context: str = "",
          **values: object) -> str:
        """A counted noun (``ngettext``): the plural form for ``n``, ``{n}`` the number."""
        forms = self._forms(context, singular, plural)
        if self.pseudo or forms[0] == singular and forms[1:] == (plural,):
            index = 0 if n == 1 else 1  # the English rule
        else:
            whole = float(n).is_integer()
            index = self._index(int(abs(n))) if whole else len(forms) - 1
        text = forms[min(max(index, 0), len(forms) - 1)]
        return fill(text, {"n": self.num(n), **self._text(values)})

    def html(self, msgid: str, context: str = "", **values: str) -> str:
        """The translation as HTML: the text escaped, ``values`` (HTML) put in."""
        return fill(esc(self._forms(context, msgid, None)[0]), values)

    def num(self, value: float) -> str:
        """A number in the locale's format (``12 000``, ``3,5``)."""
        if self.locale is None:
            return f"{value:.10g}" if isinstance(value, float) else str(value)
        return self.locale.format_number(value)

    def fixed(self, value: float, digits: int = 1) -> str:
        """A number with ``digits`` decimals, in the locale's decimal mark."""
        text = f"{value:.{digits}f}"
        mark = self.locale.decimal if self.locale is not None else "."
        return text.replace(".", mark)

    def _text(self, values: dict[str, object]) -> dict[str, str]:
        return {k: self.num(v) if isinstance(v, (int, float)) and not isinstance(v, bool)
                else str(v) for k, v in values.items()}

    def plural_forms(self, singular: str, plural: str) -> dict[str, Any]:
        """A counted noun for the page's scripts: its forms and the CLDR categories they
        stand for (in ``msgstr[]`` order), so ``Intl.PluralRules`` picks one."""
        forms = self._forms("", singular, plural)
        cats = ["one", "other"]
        if not self.pseudo and self.locale is not None and forms != (singular, plural):
            cats = list(self.locale.plural.categories)
        return {"forms": list(forms), "categories": cats[:len(forms)]}


ENGLISH = Messages("en")
