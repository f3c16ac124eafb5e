"""Drawing flowed text on a PDF canvas, exactly where :func:`cardkit.text.flow.flow_text`
placed it (so the fit check and the PDF agree). The fitting itself is :mod:`cardkit.text.flow`;
its names are re-exported here for the templates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont

from ..text.flow import (Flowed, Line, Obstacle, VAlign, blocked, chunks,  # noqa: F401
                         flow_text, free_interval)
from ..text.runs import IconDrawer, TextStyle


Drawable = tuple[Flowed, TextStyle, "IconDrawer | None", "tuple[float, float, float] | None"]


def draw_texts(canvas: Any, texts: list[Drawable],
               window: tuple[float, float, float, float] | None = None) -> None:
    """Draw flowed texts where :func:`flow_text` placed them: all their words in one PDF text
    object, then their inline icons. ``window`` (``x0, y0, x1, y1`` in the same points):
    only what shows in it is written — a word wholly outside is left out, and a word across
    its edge is written glyph by glyph, each glyph that shows at its own place."""
    pending_icons = []
    text = canvas.beginText()
    font: tuple[str, float] | None = None
    fill: tuple[float, float, float] | None = None
    for flowed, style, draw_icon, colour in texts:
        words_at, icons = chunks(flowed, style)
        if window is not None:
            words_at = _showing(words_at, style.font, flowed.size, window)
            icons = tuple((name, x, y) for name, x, y in icons
                          if _meets((x, y - flowed.size * 0.3, x + flowed.size * 1.3,
                                     y + flowed.size), window))
        if words_at:
            if font != (style.font, flowed.size):
                font = (style.font, flowed.size)
                text.setFont(*font)
            if fill != (colour or style.colour):
                fill = colour or style.colour
                text.setFillColorRGB(*fill)
            split = _splits(text, style.font)
            for x, y, chunk in words_at:
                text.setTextOrigin(x, y)
                if split is None:
                    text.textOut(chunk)
                else:
                    _text_out(text, chunk, split)
        if draw_icon is not None:
            pending_icons += [(draw_icon, name, x, y, flowed.size) for name, x, y in icons]
    canvas.drawText(text)
    for draw_icon, name, x, y, size in pending_icons:
        draw_icon(canvas, name, x, y, size)


#: Per PDF document, per TrueType font: each drawn string's split into the font's subsets, as
#: reportlab's ``splitString`` made it the first time (see :func:`_text_out`).
_SPLITS: WeakKeyDictionary[Any, dict[str, dict[str, list[tuple[int, str]]]]] = \
    WeakKeyDictionary()


def _splits(text: Any, font_name: str) -> dict[str, list[tuple[int, str]]] | None:
    """The remembered splits of ``font_name``'s strings in the document ``text`` is drawn into,
    or ``None`` when the font is no TrueType font (reportlab's own path then)."""
    font = getFont(font_name)
    if not getattr(font, "_dynamicFont", False) or not hasattr(text, "_curSubset"):
        return None
    return _SPLITS.setdefault(text._canvas._doc, {}).setdefault(font_name, {})


def _text_out(text: Any, chunk: str, split: dict[str, list[tuple[int, str]]]) -> None:
    """What ``text.textOut(chunk)`` writes for a TrueType font, with the chunk's split into the
    font's subsets (and its escaping) remembered per document.

    reportlab splits every string again (a tenth of a PDF's time); the split only
    assigns a code to a character the first time the document meets it, and never changes
    one, so a string's split is the same every time after the first. The PDF is byte for byte
    the same (``tests/test_pdf_output.py`` compares it with reportlab's own path). The text
    cursor is not advanced: every chunk is placed with its own ``setTextOrigin``."""
    parts = split.get(chunk)
    canvas = text._canvas
    if parts is None:
        escape = canvas._escape
        parts = split[chunk] = [(subset, f"({escape(t)}) Tj")
                                for subset, t in getFont(text._fontname).splitString(
                                    chunk, canvas._doc)]
    if len(parts) == 1 and parts[0][0] == text._curSubset:  # most strings: no font switch
        text._code.append(parts[0][1])
        return
    out = []
    for subset, op in parts:
        if subset != text._curSubset:
            font = getFont(text._fontname)
            out.append(f"{font.getSubsetInternalName(subset, canvas._doc)} "
                       f"{fp_str(text._fontsize)} Tf {fp_str(text._leading)} TL")
            text._curSubset = subset
        out.append(op)
    text._code.append(" ".join(out))


def _meets(box: tuple[float, float, float, float],
           window: tuple[float, float, float, float]) -> bool:
    return box[0] < window[2] and window[0] < box[2] and box[1] < window[3] \
        and window[1] < box[3]


def _showing(words_at: Sequence[tuple[float, float, str]], font: str, size: float,
             window: tuple[float, float, float, float]) -> tuple[tuple[float, float, str], ...]:
    """The words (or, across the window's edge, the glyphs) of a text that show in ``window``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = []
    for x, y, chunk in words_at:
        low, high = y - size * 0.3, y + size
        width = stringWidth(chunk, font, size)
        if not _meets((x, low, x + width, high), window):
            continue
        if window[0] <= x and x + width <= window[2] and window[1] <= low and high <= window[3]:
            out.append((x, y, chunk))
            continue
        at = x
        for glyph in chunk:
            w = stringWidth(glyph, font, size)
            if not glyph.isspace() and _meets((at, low, at + w, high), window):
                out.append((at, y, glyph))
            at += w
    return tuple(out)


def draw_flowed(canvas: Any, flowed: Flowed, style: TextStyle,
                draw_icon: IconDrawer | None = None,
                colour: tuple[float, float, float] | None = None) -> None:
    """Draw one flowed text (see :func:`draw_texts`)."""
    draw_texts(canvas, [(flowed, style, draw_icon, colour)])
