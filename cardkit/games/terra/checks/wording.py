"""Terra card wording rules: questions name no unit (the card prints the board side's unit), no
text gives an answer away, answers on a bar line are deliberate (the source checks are in
:mod:`.source_checks`).

Unit names come from the unit table (:mod:`.units`) — its symbols — plus the words for them in
each language (:data:`UNIT_WORDS`), so the same rule runs on the English (TER021) and on every
translation (TER022, a translation pair check).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

from ....core.content import GameContent
from ....core.spec import Finding
from ....i18n.pairs import Issue, Pair, PairCheck
from ..terms.bars import on_line, side_value
from ..model import Answer, Card
from ..terms.units import UNITS, format_number

#: Words naming a unit, per language (whole words, compared without case). Words that also
#: mean something else in questions stay out (Polish "stopni" is degrees and steps of a stair;
#: English "foot" of a hill, "square" of a city). "year"
#: itself is not here: "In which year …" asks the year bar, it names no unit; "years" (a
#: duration's unit) is.
UNIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": (
        "metre", "metres", "meter", "meters", "kilometre", "kilometres", "kilometer", "kilometers",
        "centimetre", "centimetres", "centimeter", "centimeters", "millimetre", "millimetres",
        "millimeter", "millimeters", "feet", "mile", "miles", "inch", "inches", "yards",
        "square metres", "square miles", "cubic metres", "degrees", "celsius", "centigrade",
        "fahrenheit",
        "percent", "per cent", "percentage", "hours", "per hour", "days", "years", "litre",
        "litres", "liter", "liters", "gallon", "gallons", "tonne", "tonnes", "ton", "tons",
        "kilogram", "kilograms", "kilos", "grams", "pounds", "ounces", "hectare", "hectares",
        "acre", "acres", "knots", "mph", "kph", "sq",
        "cu", "km", "cm", "mm", "ft", "kg", "km/h",
    ),
    "el": (
        "μέτρο", "μέτρα", "μέτρων", "χιλιόμετρο", "χιλιόμετρα", "χιλιομέτρων", "εκατοστό",
        "εκατοστά", "εκατοστών", "εκατοστόμετρα", "χιλιοστά", "πόδι", "πόδια", "ποδιών", "μίλι",
        "μίλια", "μιλίων", "ίντσα", "ίντσες", "ιντσών", "γιάρδες", "τετραγωνικά", "τετραγωνικών",
        "τετραγωνικό", "κυβικά", "κυβικών", "κυβικό", "βαθμός", "βαθμοί", "βαθμούς", "βαθμών",
        "κελσίου", "φαρενάιτ", "τοις εκατό", "ώρες", "ωρών", "την ώρα", "ημέρες", "ημερών", "μέρες",
        "χρόνια", "χρόνων", "έτη", "ετών", "λίτρα", "λίτρων", "γαλόνια", "γαλονιών", "τόνοι",
        "τόνους", "τόνων", "κιλά", "κιλών", "χιλιόγραμμα", "χιλιογράμμων", "λίβρες", "εκτάρια",
        "στρέμματα", "κόμβοι", "κόμβους", "χλμ", "χλμ/ώρα",
    ),
    "pl": (
        "metr", "metry", "metrów", "metrach", "kilometr", "kilometry", "kilometrów",
        "kilometrach", "centymetr", "centymetry", "centymetrów", "milimetr", "milimetrów", "stopa",
        "stopy", "stóp", "mila", "mile", "mil", "cal", "cale", "cali", "jard", "jardów",
        "kwadratowy", "kwadratowe", "kwadratowych", "kwadratowym", "sześcienny", "sześcienne",
        "sześciennych", "stopni celsjusza", "stopnie celsjusza", "celsjusza", "fahrenheita",
        "procent",
        "procenty", "procentów", "godzin", "godziny", "na godzinę", "dni", "doby", "lat", "lata",
        "litr", "litry", "litrów", "galon", "galonów", "tona", "tony", "ton", "kilogram",
        "kilogramy", "kilogramów", "hektar", "hektary", "hektarów", "akr", "akrów", "węzłów",
        "km", "cm", "mm", "kg", "km/h",
    ),
}
#: Unit symbols that only name a unit right after a number ("50 m", "3 χλμ"); "in", "t", "l"
#: and "h" are left out: after a year they are words ("the fire of 1834 in London").
_AFTER_NUMBER = r"(?:km²|m²|km³|m³|km|cm|mm|m|ft|mi|yd|kg|μ|χλμ|εκ)"
_SIGNS = re.compile(r"%|°|‰|²|³")


def _fold(text: str) -> str:
    # case only: accents tell Greek words apart (χρονιά "year" and χρόνια "years")
    return unicodedata.normalize("NFC", text).casefold()


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(lang: str) -> re.Pattern[str]:
    if lang not in _PATTERNS:
        words = sorted({_fold(w) for w in UNIT_WORDS.get(lang, ())}, key=len, reverse=True)
        alternatives = "|".join(re.escape(w) for w in words)
        _PATTERNS[lang] = re.compile(
            rf"(?<![\w/])(?:{alternatives})(?![\w/])|(?<=\d)\s?{_fold(_AFTER_NUMBER)}(?!\w)")
    return _PATTERNS[lang]


def unit_named(text: str, lang: str = "en") -> str | None:
    """The unit word or sign a text names (as written), or None."""
    sign = _SIGNS.search(text)
    if sign:
        return sign.group(0)
    folded = _fold(text)
    m = _pattern(lang).search(folded)
    if m is None:
        return None
    # folding keeps the length of most texts; fall back to the folded form if it did not
    start, end = m.span()
    return text[start:end].strip() if len(folded) == len(text) else m.group(0).strip()


def question_units(content: GameContent) -> Iterator[Finding]:
    """A bar question names no unit: the card prints the board side's unit beside it ("in m" on
    the metric side, "in ft" on the imperial one), so a unit in the text is wrong on one side.

    Bad:
        question: How high is the summit, in metres above sea level?

    Good:
        question: How high is the summit above sea level?
    """
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            unit = unit_named(q.question)
            if unit is not None:
                yield Finding(f"the question names a unit ({unit!r}); the card prints the "
                              f"board side's unit beside it — ask for the quantity only", rec,
                              ("bars", i, "question"))


def unit_in_translation(pair: Pair) -> Iterable[Issue]:
    """A translated bar question names no unit either (the locale's words for units, and the
    unit signs), because the card prints the side's unit, translated, beside it.

    Bad:
        bars.0.question: {text: Πόσο ψηλή είναι η κορυφή σε μέτρα;}

    Good:
        bars.0.question: {text: Πόσο ψηλή είναι η κορυφή;}
    """
    src = pair.source
    if src.kind != "cards" or not re.fullmatch(r"bars\.\d+\.question", src.key):
        return
    text = pair.entry.translation.text
    if not isinstance(text, str):
        return
    lang = pair.env.locale.code.split("-")[0].split("_")[0]
    unit = unit_named(text, lang)
    if unit is not None:
        yield Issue(f"the question names a unit ({unit!r}); the card prints the unit itself")


TRANSLATION_CHECKS = (PairCheck("TER022", "a translated bar question names no unit",
                                unit_in_translation),)

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen", "twenty")


_WORDS = tuple(re.compile(rf"\b{w}\b", re.IGNORECASE) for w in _NUMBER_WORDS)
_SEPARATORS = str.maketrans("", "", ", \u202f")  # what the digit groups of a number may use


def _mentions(text: str, value: float) -> bool:
    """Whether the text writes the number (digits, grouped or not, or a number word). A
    substring test comes first: each value is new, and compiling a pattern for every one of
    them (ten thousand cards: tens of thousands of patterns) cost most of the check."""
    if not float(value).is_integer():
        shown = format_number(value)
        return shown in text and re.search(
            rf"(?<![\d.,]){re.escape(shown)}(?![\d])", text) is not None
    n = abs(int(value))
    if str(n) in text.translate(_SEPARATORS):  # every written form has these digits in a row
        forms = {str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n:,}".replace(",", "\u202f")}
        if any(re.search(rf"(?<![\d.,]){re.escape(f)}(?![\d]|[.,]\d)", text) for f in forms):
            return True
    return n < len(_WORDS) and _WORDS[n].search(text) is not None


def answer_given_away(content: GameContent) -> Iterator[Finding]:
    """Neither the topic nor a question contains a year or number answer of the card (a card
    titled "Krakatoa eruption of 1883" gives its year question away).

    Bad:
        topic: Krakatoa eruption of 1883
        bars: [{bar: year, question: In which year did the volcano erupt?,
                answer: {value: 1883, unit: year}}, ...]

    Good:
        topic: Krakatoa's great eruption
    """
    for rec in content.of("cards"):
        card: Card = rec.obj
        texts: list[tuple[str, tuple[str | int, ...]]] = [(card.topic, ("topic",))]
        texts += [(q.question, ("bars", i, "question")) for i, q in enumerate(card.bars)]
        for q in card.bars:
            if q.bar not in ("year", "number"):
                continue
            for text, path in texts:
                if _mentions(text, q.answer.value):
                    shown = (str(int(q.answer.value)) if q.bar == "year"
                             else format_number(q.answer.value))
                    yield Finding(f"the text gives away the {q.bar} answer {shown}", rec, path)


def answer_on_line(content: GameContent) -> Iterator[Finding]:
    """An answer that is exactly a bar line's value (both spaces beside the line score 7) on
    either board side is a warning, unless the card says ``on_line: true`` (deliberate).

    Bad:
        # the metric length bar has a line at 1,000 m
        answer: {value: 1000, unit: m}

    Good:
        answer: {value: 1000, unit: m, on_line: true}
    """
    bars = content.index("bars")
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            bar = bars.get(q.bar)
            if bar is None or q.answer.on_line or UNITS[q.answer.unit].quantity != q.bar:
                continue
            sides = [s for s in ("metric", "imperial")
                     if on_line(getattr(bar.obj, s).lines, side_value(q.answer, s))]  # type: ignore[arg-type]
            if sides:
                yield Finding(f"the answer sits exactly on a line of the {' and '.join(sides)} "
                              f"{q.bar} bar (both spaces beside it are correct); say "
                              "`on_line: true` if that is meant", rec,
                              ("bars", i, "answer", "value"))


def side_range(answer: Answer, side: str) -> tuple[float, float] | None:
    """The answer's disputed ``range`` in a board side's base unit (as the side would print
    each figure), or None."""
    if answer.range is None:
        return None
    lo, hi = (side_value(Answer.model_construct(value=x, unit=answer.unit), side)  # type: ignore[arg-type]
              for x in answer.range)
    return (min(lo, hi), max(lo, hi))


def straddled_line(lines: list[float], span: tuple[float, float]) -> float | None:
    """A line inside ``span`` (or on one of its ends, when the span is not a point), or None."""
    lo, hi = span
    for line in lines:
        if lo < line < hi or (lo != hi and line in (lo, hi)):
            return line
    return None


def disputed_range(content: GameContent) -> Iterator[Finding]:
    """Where reputable sources disagree, the answer's ``range`` (the lowest and highest figure
    they give) holds the card's value and falls in one bar space on both board sides: a player
    who knows the other figure scores the same.

    Bad:
        # the metric length bar has a line at 2,500 km
        answer: {value: 2140, unit: km, range: [2140, 2740]}

    Good:
        answer: {value: 2140, unit: km, range: [2063, 2150]}
    """
    bars = content.index("bars")
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            r = q.answer.range
            bar = bars.get(q.bar)
            if r is None or bar is None or UNITS[q.answer.unit].quantity != q.bar:
                continue
            path = ("bars", i, "answer", "range")
            if not min(r) <= q.answer.value <= max(r):
                yield Finding(f"the answer {format_number(q.answer.value)} lies outside its own "
                              f"range {format_number(min(r))}-{format_number(max(r))}", rec, path)
                continue
            for side in ("metric", "imperial"):
                span = side_range(q.answer, side)
                line = straddled_line(getattr(bar.obj, side).lines, span)  # type: ignore[arg-type]
                if line is not None:
                    yield Finding(f"the sources' range {format_number(min(r))}-"
                                  f"{format_number(max(r))} crosses the {side} {q.bar} bar's line "
                                  f"at {format_number(line)}: a player who knows the other figure "
                                  "would score differently — pick another question or answer",
                                  rec, path)
                    break


__all__ = ["TRANSLATION_CHECKS", "UNIT_WORDS", "answer_given_away", "answer_on_line",
           "question_units", "unit_named"]
