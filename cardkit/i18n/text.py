"""Text analysis for translation checks: tokens, markup, numbers, scripts, invisible characters."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from ..text.tokens import TOKEN_RE

MARKUP_RE = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*\s*/?>")
INVISIBLE = {0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x200C,
             0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2061,
             0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF}
SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
WORD_RE = re.compile(r"[^\W\d_]+")


def tokens(text: str) -> Counter[str]:
    """Placeholder and icon tokens (``{n}``, ``[coin]``) with their counts."""
    return Counter(TOKEN_RE.findall(text))


def markup(text: str) -> Counter[str]:
    """Inline tags (``<b>``, ``</i>``, ``<br/>``) with their counts, normalised."""
    return Counter(re.sub(r"\s+", "", m).lower() for m in MARKUP_RE.findall(text))


MINUS_SIGNS = "-\u2212"
#: A sign: a hyphen-minus or U+2212 MINUS SIGN right before a digit, not after a word, digit or
#: closing bracket (so 1992-1996 and A-10 are no negative numbers).
SIGN = rf"(?:(?<![\w.,)\]])[{MINUS_SIGNS}](?=\d))?"


@lru_cache(maxsize=64)
def _number_re(decimal: str, groups: tuple[str, ...]) -> re.Pattern[str]:
    grp = "|".join(re.escape(g) for g in groups) or "(?!)"
    return re.compile(rf"({SIGN})((?<![\w])\d{{1,3}}(?:(?:{grp})\d{{3}})+"
                      rf"(?:{re.escape(decimal)}\d+)?|\d+(?:{re.escape(decimal)}\d+)?)")


def numbers(text: str, decimal: str, groups: list[str]) -> Counter[Decimal]:
    """The numbers in ``text`` read with a locale's decimal and group separators.

    Tokens and markup are removed first. A group separator must be followed by exactly three
    digits, so "56.7" in a locale whose decimal mark is "," reads as 56 and 7 — a mismatch.
    A minus sign (U+2212, the typographic minus of Polish and Greek, or the hyphen-minus) right
    before the digits makes the number negative: "−3" and "-3" are both -3, "3" is not.
    """
    if not any(c.isdigit() for c in text):
        return Counter()
    text = MARKUP_RE.sub(" ", TOKEN_RE.sub(" ", text))
    out: Counter[Decimal] = Counter()
    for sign, match in _number_re(decimal, tuple(groups)).findall(text):
        raw = ("-" if sign else "") + match
        for g in groups:
            raw = raw.replace(g, "")
        raw = raw.replace(decimal, ".")
        try:
            out[Decimal(raw).normalize()] += 1
        except InvalidOperation:  # pragma: no cover - the regex admits only digits
            continue
    return out


ROMAN_RE = re.compile(r"(?<![\w°])(?=[MDCLXVI]{2})M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})"
                      r"(?:IX|IV|V?I{0,3})(?![\w])")
ROMAN = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def roman_value(numeral: str) -> int:
    """The value of a Roman numeral (XIX -> 19)."""
    total = 0
    for i, ch in enumerate(numeral):
        value = ROMAN[ch]
        total += -value if i + 1 < len(numeral) and ROMAN[numeral[i + 1]] > value else value
    return total


REGNAL_RE = re.compile(r"(?<=[^\W\d_]{2} )[IVX](?![\w.])")


def roman_numbers(text: str) -> Counter[Decimal]:
    """Roman numerals of two or more letters (XIX wiek, Ludwik XIV), and single ``I``/``V``/``X``
    right after a capitalised name (Justinian I). Other single letters (``I wojna``, ``°C``,
    ``I. M. Pei``) are too often words, initials or units to count."""
    found = Counter(Decimal(roman_value(m.group(0))) for m in ROMAN_RE.finditer(text)
                    if m.group(0))
    for m in REGNAL_RE.finditer(text):
        before = text[: m.start() - 1].split()
        if before and before[-1][:1].isupper():
            found[Decimal(roman_value(m.group(0)))] += 1
    return found


GREEK_NUMERALS = {"Α": 1, "Β": 2, "Γ": 3, "Δ": 4, "Ε": 5, "Ϛ": 6, "Ϝ": 6, "Ζ": 7, "Η": 8, "Θ": 9,
                  "Ι": 10, "Κ": 20, "Λ": 30, "Μ": 40, "Ν": 50, "Ξ": 60, "Ο": 70, "Π": 80,
                  "Ϟ": 90, "Ϙ": 90, "Ρ": 100, "Σ": 200, "Τ": 300, "Υ": 400, "Φ": 500, "Χ": 600,
                  "Ψ": 700, "Ω": 800, "Ϡ": 900}
GREEK_NUMERAL_RE = re.compile(r"(?<![\w])([" + "".join(GREEK_NUMERALS) + r"]{1,4})"
                              r"[\u0374\u02b9\u0384](?!\w)")


def greek_numbers(text: str) -> Counter[Decimal]:
    """Greek alphabetic numerals with the numeral sign (Λουδοβίκος ΙΔ΄ = 14, Ελισάβετ Β΄ = 2)."""
    return Counter(Decimal(sum(GREEK_NUMERALS[c] for c in m.group(1)))
                   for m in GREEK_NUMERAL_RE.finditer(text))


@lru_cache(maxsize=8192)
def script_of(char: str) -> str | None:
    """LATIN, GREEK or CYRILLIC for a letter of those scripts, else ``None``."""
    if not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    return next((s for s in SCRIPTS if name.startswith(s)), None)


def mixed_script_words(text: str) -> list[str]:
    """Words that mix letters of two scripts (a Latin 'o' inside a Greek word)."""
    if text.isascii():
        return []
    out = []
    for word in WORD_RE.findall(text):
        if word.isascii():
            continue
        scripts = {s for s in map(script_of, word) if s}
        if len(scripts) > 1:
            out.append(word)
    return out


@lru_cache(maxsize=8192)
def _hidden(ch: str) -> bool:
    return ch != "\n" and (ord(ch) in INVISIBLE or
                           unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs"))


def invisible_chars(text: str) -> list[str]:
    """Code points of zero-width, bidi-control and other control characters (newline allowed)."""
    return sorted({f"U+{ord(ch):04X}" for ch in set(text) if _hidden(ch)})


DECADE_RE = re.compile(r"(?<![\w.,])(\d{3}0)s(?!\w)")


def decades(text: str) -> list[int]:
    """English decades ("the 1880s" -> 1880; "the 1900s" -> 1900)."""
    return [int(m.group(1)) for m in DECADE_RE.finditer(text)]


@lru_cache(maxsize=32768)
def fold(word: str) -> str:
    """A word compared ignoring case and Greek accents (tonos and dialytika drop in capitals:
    ΤΡΕΊΣ = τρεις); Latin diacritics stay, as Polish ``ę`` is a letter of its own."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", word):
        if unicodedata.combining(ch) and out and script_of(out[-1]) == "GREEK":
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out)).casefold()


def words(text: str) -> list[re.Match[str]]:
    """The words of ``text`` (letters only), found in a copy of the same length in which a token
    is blanked with NULs (an icon parts the words around it) and markup with spaces (a tag does
    not): ``match.string`` is that copy."""
    return list(WORD_RE.finditer(MARKUP_RE.sub(_space, TOKEN_RE.sub(_nul, text))))


def _nul(match: re.Match[str]) -> str:
    return "\x00" * len(match.group(0))


def _space(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


#: Latin letters that print like a letter of another script, by that script.
LOOKALIKES = {
    "Greek": frozenset("ABEHIKMNOPTXYZov"),
    "Cyrillic": frozenset("ABCEHKMOPTXaceopxy"),
}


def lookalike_words(text: str, script: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Whole Latin words every letter of which has a look-alike in ``script`` ("TO", "KAI" in a
    Greek text), except the ``allowed`` ones and Roman numerals."""
    letters = LOOKALIKES.get(script)
    if not letters or not any(ch in letters for ch in text):
        return []
    out = []
    for m in WORD_RE.finditer(text):
        word = m.group(0)
        if (set(word) <= letters and word not in allowed
                and not (len(word) > 1 and ROMAN_RE.fullmatch(word))):
            out.append(word)
    return out


def is_prose(text: str) -> bool:
    """Text with at least two words of three letters or more (not "sq ft", not "Sahel")."""
    return len(re.findall(r"[^\W\d_]{3,}", text)) >= 2
