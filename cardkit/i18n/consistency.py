"""Consistency across a game's translations in one locale (Xbench, Verifika, Okapi CheckMate):
the same English translated two ways (I18N043), and two different English texts translated the
same way (I18N044).

Texts are compared normalised (NFC, case, runs of whitespace, closing punctuation) and within
one kind of field (the field's label: a card name is compared with card names, a template text
with template texts), since the same word may rightly read differently as a name and inside a
sentence; a label and the same word in lower case (a word put in a sentence) may differ too.
Short texts — names and labels of up to six words — are where a second translation is
a slip rather than style, so only those are compared. The finding is on the later text, with a
pointer (file:line) to the first.
"""

from __future__ import annotations

import inspect
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.sourcemap import compose, locate
from .overlay import Entry
from .sources import SourceText

W = Severity.WARNING
MAX_WORDS = 6

CONSISTENCY_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("I18N043", W, "the same English translated two ways", inspect.cleandoc("""
        Two fields of the same kind (two card names, two labels) with the same English, up to
        case, spacing and closing punctuation, have different translations in one locale.
        Reported on the later one, with the file:line of the first. Only short texts (up to six
        words) are compared: there a second translation is a slip, not style.

        Bad:
            # en: both cards are named "Rail"
            rail:  {name: {text: Tor, src: …}}
            rail-2: {name: {text: Szyna, src: …}}

        Good:
            rail:  {name: {text: Tor, src: …}}
            rail-2: {name: {text: Tor, src: …}}
        """)),
    CodeInfo("I18N044", W, "different English texts translated the same way", inspect.cleandoc("""
        Two fields of the same kind with different English (up to case, spacing and closing
        punctuation) have the same translation in one locale: two names the player must tell
        apart read alike. Reported on the later one, with the file:line of the first.

        Bad:
            # en: "Rail" and "Rail Yard"
            rail: {name: {text: Tor, src: …}}
            rail-yard: {name: {text: Tor, src: …}}

        Good:
            rail-yard: {name: {text: Bocznica, src: …}}
        """)),
)


def normalise(text: str) -> str:
    """NFC, case-folded, single-spaced, without closing punctuation."""
    text = unicodedata.normalize("NFC", text).casefold()
    return re.sub(r"\s+", " ", text).strip().rstrip(".:!?;…·").strip()


class _Lines:
    """Line numbers of overlay entries, from the files themselves (read once each)."""

    def __init__(self) -> None:
        self.roots: dict[str, object] = {}

    def where(self, entry: Entry) -> str:
        if entry.file not in self.roots:
            try:
                self.roots[entry.file] = compose(Path(entry.file).read_text("utf-8"))
            except OSError:
                self.roots[entry.file] = None
        line, _ = locate(self.roots[entry.file], entry.pointer + ("text",))  # type: ignore[arg-type]
        return f"{entry.file}:{line}"


def consistency(pairs: Iterable[tuple[SourceText, Entry]], locale: str) -> list[Diagnostic]:
    """I18N043 and I18N044 over one game's translations into ``locale`` (see the module doc)."""
    by_source: dict[tuple[str, str], tuple[SourceText, Entry, str]] = {}
    by_target: dict[tuple[str, str], tuple[SourceText, Entry, str]] = {}
    lines = _Lines()
    out: list[Diagnostic] = []
    for src, entry in pairs:
        text = entry.translation.text
        if not isinstance(src.text, str) or not isinstance(text, str):
            continue
        english, translated = normalise(src.text), normalise(text)
        if len(english) < 2 or len(translated) < 2 or len(src.text.split()) > MAX_WORDS:
            continue  # a letter or a symbol stands for many words
        label = src.field.label or src.key
        first = by_source.setdefault((label, english), (src, entry, translated))
        if first[2] != translated and _case(first[0]) == _case(src):
            out.append(_finding("I18N043", locale, src, entry, f"{src.text!r} is translated "
                                f"{text!r} here but {first[1].translation.text!r} at "
                                f"{lines.where(first[1])} ({first[0].object_id})"))
        first = by_target.setdefault((label, translated), (src, entry, english))
        if first[2] != english:
            out.append(_finding("I18N044", locale, src, entry, f"{text!r} translates "
                                f"{src.text!r} here and {first[0].text!r} at "
                                f"{lines.where(first[1])} ({first[0].object_id}); the "
                                "English tells them apart"))
    return out


def _case(src: SourceText) -> str:
    """The English as written, spacing aside: «Metric» (a label) and «metric» (a word in a
    sentence) are used differently and may be translated differently (Polish agreement)."""
    return re.sub(r"\s+", " ", str(src.text)).strip()


def _finding(code: str, locale: str, src: SourceText, entry: Entry, message: str) -> Diagnostic:
    return Diagnostic(code, W, f"{locale}: {message}", entry.file, object_id=src.object_id,
                      pointer=entry.pointer + ("text",))
