"""The pseudo-locale ``qps``: every text that comes from the locale, visibly transformed.

Building an output in ``qps`` (``cardkit pdf GAME --locale qps``, ``cardkit site --locale qps``)
shows at a glance — and lets a test prove — that every string a reader sees goes through the
locale: a pseudo-localized text has every Latin letter replaced by an accented look-alike
(``Card`` → ``Çàŕđ``), is about 30 % longer and sits between ``⟦`` and ``⟧``, so text that is
still plain ASCII English in a ``qps`` output was hard-coded (:func:`leftover_english`).
Tokens (``{n}``, ``[coin]``), inline markup and numbers are kept as they are, so plural
forms, icons and number formatting still work.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..text.tokens import TOKEN_RE
from .locale import Locale

PSEUDO_CODE = "qps"
OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧
EXPANSION = 0.3
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"
_MAP = str.maketrans(_PLAIN, _ACCENTED)
_PADDING = "~"
#: What is kept unchanged inside a text: tokens, inline tags, HTML entities.
_KEEP_RE = re.compile(rf"{TOKEN_RE.pattern}|</?[a-zA-Z][a-zA-Z0-9]*\s*/?>|&[a-z]+;|&#\d+;")
#: A word of two or more plain ASCII letters: English that did not come from the locale.
_ASCII_WORD_RE = re.compile(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])")


def pseudo_text(text: str, expansion: float = EXPANSION) -> str:
    """``text`` pseudo-localized: accented letters, ``expansion`` longer (30 %), bracketed;
    tokens, markup and numbers kept. Idempotent: a bracketed text is returned as it is."""
    if not text or text.startswith(OPEN):
        return text
    out, at = [], 0
    for m in _KEEP_RE.finditer(text):
        out.append(text[at:m.start()].translate(_MAP))
        out.append(m.group(0))
        at = m.end()
    out.append(text[at:].translate(_MAP))
    letters = sum(c.isalpha() for c in text)
    pad = _PADDING * math.ceil(letters * expansion) if letters else ""
    return f"{OPEN}{''.join(out)}{pad}{CLOSE}"


def pseudo_value(value: Any, expansion: float = EXPANSION) -> Any:
    """A text field's value pseudo-localized: a string, or plural forms (a dict of strings)."""
    if isinstance(value, str):
        return pseudo_text(value, expansion)
    if isinstance(value, dict):
        return {k: pseudo_value(v, expansion) for k, v in value.items()}
    return value


def pseudo_locale(english: Locale) -> Locale:
    """The ``qps`` locale: English's number format and plural rule under the pseudo code."""
    return english.model_copy(update={"code": PSEUDO_CODE, "name": "Pseudo-locale",
                                      "native_name": pseudo_text("Pseudo-locale")})


def leftover_english(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The plain-ASCII words (two letters or more) of an output text made in ``qps``: each is a
    string that did not come from the locale, unless ``allowed`` (declared proper names,
    unit symbols that are not words) lists it."""
    return [w for w in _ASCII_WORD_RE.findall(_KEEP_RE.sub(" ", text)) if w not in allowed]
