"""Names referenced in other texts (I18N045): a card name the English quotes («play “Rail”
first») must read as that card's translated name in the translation.

The names are every translatable ``name`` or ``topic`` field of the game; a quoted text
(“…”, "…", ‘…’, '…') equal to one of them, or a whole text (a template's label) equal to one, is
a reference. A name used unquoted inside a sentence is not: it is often an adjective there
(«New Zealand climbers», «nowozelandzcy wspinacze»). Greek and Polish inflect names, so each word of the translated name is
matched by its beginning (all but its last three letters, at least three).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .glossary import fold
from .overlay import LocaleOverlay
from .pairs import Issue, NamedObject, Pair
from .sources import SourceText

NAME_KEYS = frozenset({"name", "topic"})
QUOTED = re.compile(r"“([^”]+)”|\"([^\"]+)\"|‘([^’]+)’|(?<!\w)'([^']+)'(?!\w)")
WORD_RE = re.compile(r"\w+")


def is_name(src: SourceText) -> bool:
    """Whether a source text is an object's name (a ``name`` or ``topic`` field)."""
    return isinstance(src.text, str) and src.key.rsplit(".", 1)[-1] in NAME_KEYS


def reference_names(sources: Iterable[SourceText], overlay: LocaleOverlay
                    ) -> dict[str, NamedObject]:
    """English name -> the object and its translated name, for every name of the game (a name
    that two objects share with different translations is left out: it is ambiguous)."""
    out: dict[str, NamedObject] = {}
    clash: set[str] = set()
    for src in sources:
        if not is_name(src):
            continue
        entry = overlay.get(src.kind, src.object_id, src.key)
        text = entry.translation.text if entry is not None else None
        translated = text if isinstance(text, str) else None
        name = str(src.text).strip()
        known = out.get(name)
        if known is not None and known.translated != translated:
            clash.add(name)
        out.setdefault(name, NamedObject(f"{src.kind}/{src.object_id}", name, translated))
    return {k: v for k, v in out.items() if k not in clash}


def referenced(english: str, names: dict[str, NamedObject]) -> list[NamedObject]:
    """The names ``english`` refers to: quoted in it, or the whole text."""
    found: dict[str, NamedObject] = {}
    whole = english.strip()
    if whole in names:
        found[whole] = names[whole]
    for m in QUOTED.finditer(english):
        quoted = next(g for g in m.groups() if g is not None).strip()
        if quoted in names:
            found[quoted] = names[quoted]
    return list(found.values())


def _word_present(word: str, words: list[str]) -> bool:
    w = fold(word)
    if len(w) < 4:
        return w in words
    prefix = w[:max(3, len(w) - 3)]
    return any(t.startswith(prefix) for t in words)


def contains_name(text: str, name: str) -> bool:
    """Whether ``text`` contains ``name``, allowing inflected endings of each word."""
    words = [fold(w) for w in WORD_RE.findall(text)]
    return all(_word_present(w, words) for w in WORD_RE.findall(name))


def referenced_names(pair: Pair) -> Iterator[Issue]:
    """A name the English refers to (quoted, or the whole text) reads as that object's
    translated name.

    Bad:
        # en: "Also scores like “Pyramids of Giza”."; the pl name is «Piramidy w Gizie»
        text: Punktuje też jak „Piramidy egipskie”.

    Good:
        text: Punktuje też jak „Piramidy w Gizie”.
    """
    names = pair.env.names
    if not names or is_name(pair.source):
        return
    own = f"{pair.source.kind}/{pair.source.object_id}"
    for form, english, text in pair.forms():
        for obj in referenced(english, names):
            if obj.owner == own or obj.translated is None:
                continue
            if not contains_name(text, obj.translated):
                yield Issue(f"the English names {obj.english!r} ({obj.owner}); its translation "
                            f"is {obj.translated!r}, not found here", form)
