"""Text that fits: wrapping in a box, shrinking by steps to a minimum size, inline vector icons.

Nothing here shrinks silently: :func:`fit_text` returns ``None`` when the text cannot fit at the
style's minimum size, and that becomes a located ``cardkit check`` error (TER018 for the English,
I18N018 for a translation) before any PDF is made.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Literal

from .fonts import REGULAR, register_fonts, string_width

ICON_RE = re.compile(r"\[([a-z][a-z0-9_-]*)\]")
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
    align: Literal["left", "center"] = "left"
    colour: tuple[float, float, float] = (0.1, 0.1, 0.1)


@dataclass(frozen=True, slots=True)
class Run:
    """A word or an icon."""

    text: str
    icon: bool = False


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text laid out at one size: lines of runs with their widths."""

    size: float
    lines: tuple[tuple[tuple[Run, ...], float], ...]

    @property
    def height(self) -> float:
        """Height of the block in points (first ascent to last baseline + descent)."""
        return len(self.lines) * self.size * 1.18


def runs(text: str, known_icons: frozenset[str] = frozenset()) -> list[list[Run]]:
    """Paragraphs of runs; ``[name]`` tokens become icons when the game knows them."""
    out: list[list[Run]] = []
    for paragraph in text.split("\n"):
        words: list[Run] = []
        # "2 850" keeps together: a thousands group is never split across lines
        paragraph = GROUPED_NUMBER_RE.sub("\u00a0", paragraph)
        for word in BREAKABLE_SPACE_RE.split(paragraph):
            if not word:
                continue
            pos = 0
            for match in ICON_RE.finditer(word):
                if match.group(1) not in known_icons:
                    continue
                if match.start() > pos:
                    words.append(Run(word[pos:match.start()]))
                words.append(Run(match.group(1), icon=True))
                pos = match.end()
            if pos < len(word):
                words.append(Run(word[pos:]))
        out.append(words)
    return out


def _width(run: Run, font: str, size: float) -> float:
    return ICON_WIDTH * size if run.icon else string_width(run.text, font, size)


def _wrap(paragraphs: list[list[Run]], width: float, font: str,
          size: float) -> list[tuple[tuple[Run, ...], float]] | None:
    space = string_width(" ", font, size)
    lines: list[tuple[tuple[Run, ...], float]] = []
    for words in paragraphs:
        line: list[Run] = []
        line_w = 0.0
        for run in words:
            w = _width(run, font, size)
            if w > width + 1e-6:
                return None  # a single word wider than the box: no hyphenation
            new_w = line_w + (space if line else 0.0) + w
            if line and new_w > width + 1e-6:
                lines.append((tuple(line), line_w))
                line, line_w = [run], w
            else:
                line.append(run)
                line_w = new_w
        lines.append((tuple(line), line_w))
    return lines


@lru_cache(maxsize=16384)
def fit_text(text: str, width: float, height: float, style: TextStyle,
             known_icons: frozenset[str] = frozenset()) -> Fitted | None:
    """The largest size (from ``max_size`` down by ``step``) at which the text fits the box.

    Results are cached: the fit check and the drawing of the same text share one layout.
    """
    register_fonts()
    paragraphs = runs(text, known_icons)
    size = style.max_size
    while size >= style.min_size - 1e-9:
        lines = _wrap(paragraphs, width, style.font, size)
        if lines is not None and len(lines) * size * style.leading <= height + 1e-6:
            return Fitted(size, tuple(lines))
        size = round(size - style.step, 4)
    return None


def draw_fitted(canvas: Any, fitted: Fitted, x: float, top: float, width: float, height: float,
                style: TextStyle, draw_icon: IconDrawer | None = None,
                valign: Literal["top", "middle"] = "top") -> None:
    """Draw fitted text in the box whose top-left corner is (x, top), in points."""
    size = fitted.size
    block = len(fitted.lines) * size * style.leading
    y = top - (height - block) / 2 if valign == "middle" else top
    space = string_width(" ", style.font, size)
    canvas.setFillColorRGB(*style.colour)
    canvas.setFont(style.font, size)
    for words, line_w in fitted.lines:
        y -= size * style.leading
        baseline = y + size * (style.leading - 1.0) / 2 + size * 0.22
        cx = x + ((width - line_w) / 2 if style.align == "center" else 0.0)
        pending: list[str] = []  # consecutive words drawn as one string

        def flush(cx: float) -> float:
            if pending:
                chunk = " ".join(pending)
                canvas.drawString(cx, baseline, chunk)
                cx += string_width(chunk, style.font, size)
                pending.clear()
            return cx

        for i, run in enumerate(words):
            if run.icon:
                cx = flush(cx)
                if i:
                    cx += space
                if draw_icon is not None:
                    draw_icon(canvas, run.text, cx + 0.025 * size, baseline, size)
                    canvas.setFillColorRGB(*style.colour)
                    canvas.setFont(style.font, size)
                cx += ICON_WIDTH * size
            else:
                if i and not pending:
                    cx += space
                pending.append(run.text)
        flush(cx)
