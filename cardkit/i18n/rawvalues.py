"""Raw model values printed as words (I18N046): an object id (``golden-gate-bridge``), a field
name (``hand_size``) or an enum literal of the game's models (``metric``, ``imperial``) where a
translated word belongs — what a template leaks when it prints a value instead of its label.

Ids and snake_case names are never words, so they are reported wherever they stand (unless
the English has them too: a code the card prints on purpose). A plain enum literal can be a
word («tarot», «mini»): it is reported when it stands alone in text of another script (Latin
``metric`` among Greek words), or, in a Latin-script locale, when the English does not have it
and no glossary form of the locale is that word; literals of three letters or fewer and those
with digits are units (``km``, ``m2``), which Greek and Polish print in Latin letters too.
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Iterator

from pydantic import BaseModel

from ..core.content import GameContent
from ..text.tokens import TOKEN_RE
from .glossary import counted_forms
from .pairs import Issue, Pair, RawValues

KEBAB = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")
SNAKE = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
LOWER_WORD = re.compile(r"(?<![\w-])[a-z]+(?![\w-])")
LATIN_WORD = re.compile(r"[A-Za-z]")


def _walk(model: type[BaseModel], seen: set[type[BaseModel]], literals: set[str],
          fields: set[str]) -> None:
    if model in seen:
        return
    seen.add(model)
    for name, info in model.model_fields.items():
        fields.add(name)
        stack: list[object] = [info.annotation]
        while stack:
            ann = stack.pop()
            if typing.get_origin(ann) is typing.Literal:
                literals.update(a for a in typing.get_args(ann) if isinstance(a, str))
            elif isinstance(ann, type) and issubclass(ann, enum.Enum):
                literals.update(str(m.value) for m in ann)
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                _walk(ann, seen, literals, fields)
            else:
                stack.extend(typing.get_args(ann))


def game_raw_values(content: GameContent) -> RawValues:
    """The ids (kebab-case ones), enum literals and snake_case field names of a game."""
    literals: set[str] = set()
    fields: set[str] = set()
    seen: set[type[BaseModel]] = set()
    for kind in content.game.kinds:
        _walk(kind.model, seen, literals, fields)
    ids = {rec.id for kind in content.game.kinds for rec in content.of(kind.name)}
    return RawValues(ids=frozenset(i for i in ids if KEBAB.fullmatch(i)),
                     enums=frozenset(literals),
                     fields=frozenset(f for f in fields if "_" in f))


def _alone(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` has no Latin word right before or after it."""
    before = re.findall(r"[^\W\d_]+", text[:start])[-1:]
    after = re.findall(r"[^\W\d_]+", text[end:])[:1]
    return not any(LATIN_WORD.match(w) for w in before + after)


def raw_words(text: str, english: str, raw: RawValues, latin: bool,
              local_words: frozenset[str]) -> list[str]:
    """The raw values in ``text`` (see the module doc); ``[icon]`` and ``{placeholder}`` tokens
    are names by design, not words, and are skipped."""
    text = TOKEN_RE.sub(" ", text)
    found: list[str] = []
    for m in KEBAB.finditer(text):
        if (m.group() in raw.ids or m.group() in raw.enums) and m.group() not in english:
            found.append(m.group())
    for m in SNAKE.finditer(text):
        if (m.group() in raw.fields or m.group() in raw.enums) and m.group() not in english:
            found.append(m.group())
    for m in LOWER_WORD.finditer(text):
        word = m.group()
        if word not in raw.enums or len(word) <= 3:
            continue
        if latin:
            if word in local_words or re.search(r"(?<!\w)" + word + r"(?!\w)", english):
                continue
        elif not _alone(text, m.start(), m.end()):
            continue
        found.append(word)
    return list(dict.fromkeys(found))


def raw_values(pair: Pair) -> Iterator[Issue]:
    """No raw model value where a word belongs: an object id, a field name or an enum literal
    of the game's models (a template printing a value instead of its translated label).

    Bad:
        # el: the board side printed as the model's value
        text: Πλευρά metric

    Good:
        text: Μετρική πλευρά
    """
    raw = pair.env.raw
    if not (raw.ids or raw.enums or raw.fields):
        return
    locale = pair.env.locale
    latin = "Latin" in locale.scripts
    local = frozenset(w.lower() for t in pair.env.terms
                      for text in [t.translation, *t.forms, *t.stems,
                                   *(f for fs in counted_forms(t).values() for f in fs)]
                      for w in re.findall(r"\w+", text)) | frozenset(locale.common_words)
    for form, english, text in pair.forms():
        found = raw_words(text, english, raw, latin, local)
        if found:
            yield Issue(f"raw model value(s) printed as words: {', '.join(found)}", form)
