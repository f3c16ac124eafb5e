"""TER023's number finder (``wording._mentions``): the written forms of a number it must find and
the near misses it must not, and the same answers as the plain pattern search it replaced (its
substring pre-test may only skip texts that cannot match)."""

from __future__ import annotations

import itertools
import re

import pytest

from cardkit.games.terra.checks.wording import _NUMBER_WORDS, _mentions
from cardkit.games.terra.terms.units import format_number


def _reference(text: str, value: float) -> bool:
    """The pattern search without the pre-test (the implementation before it)."""
    if not float(value).is_integer():
        return re.search(rf"(?<![\d.,]){re.escape(format_number(value))}(?![\d])", text) is not None
    n = abs(int(value))
    forms = {str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n:,}".replace(",", "\u202f")}
    if any(re.search(rf"(?<![\d.,]){re.escape(f)}(?![\d]|[.,]\d)", text) for f in forms):
        return True
    return n < len(_NUMBER_WORDS) and re.search(
        rf"\b{_NUMBER_WORDS[n]}\b", text, re.IGNORECASE) is not None


@pytest.mark.parametrize(("text", "value"), [
    ("Krakatoa eruption of 1883", 1883), ("opened in 1,883 days", 1883),
    ("about 1 883 m", 1883), ("about 1\u202f883 m", 1883), ("The Three Gorges", 3),
    ("It is 2.5 km long", 2.5), ("minus 40 degrees", -40), ("in 1883.", 1883),
])
def test_finds_the_written_forms(text: str, value: float) -> None:
    assert _mentions(text, value)


@pytest.mark.parametrize(("text", "value"), [
    ("18830 people", 1883), ("11883 people", 1883), ("1883.5 km", 1883), ("v1.1883", 1883),
    ("threefold", 3), ("It is 12.5 km long", 2.5), ("a 1,8830 typo", 1883), ("", 7),
])
def test_ignores_near_misses(text: str, value: float) -> None:
    assert not _mentions(text, value)


def test_answers_as_the_plain_pattern_search() -> None:
    texts = ["Krakatoa 1883", "1,883 and 18,830", "year 1 883", "1\u202f883!", "three", "3rd",
             "2.5 or 12.5", "-40 C", "40,000 km", "40 000", "the 1900s", "19,00", "100%"]
    values = [1883, 18830, 3, 2.5, -40, 40000, 1900, 100, 0, 19]
    for text, value in itertools.product(texts, values):
        assert _mentions(text, value) == _reference(text, value), (text, value)
