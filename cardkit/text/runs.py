"""Text styles and runs: the words and inline ``[icon]`` tokens that :mod:`cardkit.text.flow`
fits into frames (the one fitting routine) and :mod:`cardkit.pdf.flow` draws."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .fonts import REGULAR
from .tokens import ICON_RE

BREAKABLE_SPACE_RE = re.compile(r"[^\S\u00a0\u202f]+")  # whitespace, except no-break spaces
GROUPED_NUMBER_RE = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
ICON_WIDTH = 1.05  # an icon is this many font sizes wide (square, plus a little air)

IconDrawer = Callable[[Any, str, float, float, float], None]  # canvas, name, x, baseline, size


@dataclass(frozen=True, slots=True)
class TextStyle:
    """Font, size range and leading of a text box."""

    font: str = REGULAR
    max_size: float = 10.0
    min_size: float = 6.0
    step: float = 0.25
    leading: float = 1.18
    align: Literal["left", "center", "right"] = "left"
    colour: tuple[float, float, float] = (0.1, 0.1, 0.1)


@dataclass(frozen=True, slots=True)
class Run:
    """A word or an icon. ``glued``: it continues the previous run's word ("2[coin]." is three
    runs, the icon and the full stop glued): no space before it, and no line break."""

    text: str
    icon: bool = False
    glued: bool = False


def runs(text: str, known_icons: frozenset[str] = frozenset()) -> list[list[Run]]:
    """Paragraphs of runs; ``[name]`` tokens become icons when the game knows them."""
    out: list[list[Run]] = []
    for paragraph in text.split("\n"):
        words: list[Run] = []
        # "2 850" keeps together: a thousands group is never split across lines
        paragraph = GROUPED_NUMBER_RE.sub("\u00a0", paragraph)
        if not known_icons or "[" not in paragraph:  # words only: no icon to look for
            words = [Run(word) for word in BREAKABLE_SPACE_RE.split(paragraph) if word]
            out.append(words)
            continue
        for word in BREAKABLE_SPACE_RE.split(paragraph):
            if not word:
                continue
            pos, first = 0, len(words)
            for match in ICON_RE.finditer(word):
                if match.group(1) not in known_icons:
                    continue
                if match.start() > pos:
                    words.append(Run(word[pos:match.start()], glued=len(words) > first))
                words.append(Run(match.group(1), icon=True, glued=len(words) > first))
                pos = match.end()
            if pos < len(word):
                words.append(Run(word[pos:], glued=len(words) > first))
        out.append(words)
    return out
