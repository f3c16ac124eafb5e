"""Texts for printing in one locale: translations with English fallback, plurals, numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.content import GameContent
from .locale import Locale
from .overlay import LocaleOverlay
from .plural import plural_category
from .pseudo import pseudo_value

ENGLISH_PLURAL = "nplurals=2; plural=(n != 1);"


@dataclass(slots=True)
class Localizer:
    """Looks up the printed text of a field; falls back to English and remembers where it did."""

    content: GameContent
    locale: Locale
    overlay: LocaleOverlay | None = None
    fallbacks: list[str] = field(default_factory=list)
    #: Translated fields looked up so far: ``(kind, id, key)`` (what a PDF printed translated).
    used: set[tuple[str, str, str]] = field(default_factory=set)
    #: The check's non-blocking findings on this locale's translation (set by the print layer).
    findings: list[Any] = field(default_factory=list)
    #: The pseudo-locale (``qps``): every text handed out is the English pseudo-localized.
    pseudo: bool = False
    #: How much longer a pseudo-localized text is (0.3: 30 %). Print uses 0: a card's text
    #: that does not fit is the fit check's finding (I18N018, in every real locale), and a
    #: lengthened text would refuse the build instead of showing what is hard-coded.
    pseudo_expansion: float = 0.3

    @property
    def code(self) -> str:
        """The locale code."""
        return self.locale.code

    def field(self, kind: str, obj_id: str, key: str, english: Any) -> Any:
        """The translation of one field (text or plural forms), else the English."""
        if self.pseudo:
            self.used.add((kind, obj_id, key))
            return pseudo_value(english, self.pseudo_expansion)
        if self.overlay is not None:
            entry = self.overlay.get(kind, obj_id, key)
            if entry is not None:
                self.used.add((kind, obj_id, key))
                return entry.translation.text
            self.fallbacks.append(f"{kind}/{obj_id}/{key}")
        return english

    def text(self, kind: str, obj_id: str, key: str) -> str:
        """A translated text field of an object (plural texts give their ``other`` form)."""
        rec = self.content.index(kind)[obj_id]
        english = _get(rec.obj, key)
        value = self.field(kind, obj_id, key, english)
        return value.get("other", next(iter(value.values()))) if isinstance(value, dict) else value

    def string(self, string_id: str, n: float | None = None, default: str | None = None) -> str:
        """A template string; ``{n}`` filled and the plural form chosen for ``n``. A string the
        content lacks gives ``default`` (pseudo-localized in ``qps``), else its id."""
        rec = self.content.index("strings").get(string_id)
        if rec is None:
            if default is None:
                return string_id
            return pseudo_value(default, self.pseudo_expansion) if self.pseudo else default
        value = self.field("strings", string_id, "text", rec.obj.text)
        if isinstance(value, dict):
            translated = value is not rec.obj.text and not self.pseudo
            header = self.locale.plural.gettext if translated else ENGLISH_PLURAL
            cats = self.locale.plural.categories if translated else ["one", "other"]
            count = int(abs(n)) if n is not None and float(n).is_integer() else 2
            cat = plural_category(header, cats, count)
            value = value.get(cat) or value.get("other") or next(iter(value.values()))
        if n is not None:
            value = value.replace("{n}", self.number(n))
        return value

    def printed_findings(self) -> list[Any]:
        """The findings (warnings: stale, copied, printed small) on translations this
        localizer handed out, plus those on the locale's files as a whole."""
        out = []
        for d in self.findings:
            pointer = d.pointer or ()
            if len(pointer) >= 3 and pointer[0] == "entries":
                kind = d.file.rsplit("/", 1)[-1].removesuffix(".yaml")
                if (kind, str(pointer[1]), str(pointer[2])) not in self.used:
                    continue
            out.append(d)
        return out

    def number(self, value: float) -> str:
        """A number in the locale's format."""
        return self.locale.format_number(value)


def _get(obj: Any, key: str) -> Any:
    for part in key.split("."):
        obj = obj[int(part)] if part.isdigit() else getattr(obj, part)
    return obj
