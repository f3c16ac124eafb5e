"""Drawing flowed text on a PDF canvas, exactly where :func:`cardkit.text.flow.flow_text`
placed it (so the fit check and the PDF agree). The fitting itself is :mod:`cardkit.text.flow`;
its names are re-exported here for the templates."""

from __future__ import annotations

from typing import Any

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
            icons = [(name, x, y) for name, x, y in icons
                     if _meets((x, y - flowed.size * 0.3, x + flowed.size * 1.3,
                                y + flowed.size), window)]
        if words_at:
            if font != (style.font, flowed.size):
                font = (style.font, flowed.size)
                text.setFont(*font)
            if fill != (colour or style.colour):
                fill = colour or style.colour
                text.setFillColorRGB(*fill)
            for x, y, chunk in words_at:
                text.setTextOrigin(x, y)
                text.textOut(chunk)
        if draw_icon is not None:
            pending_icons += [(draw_icon, name, x, y, flowed.size) for name, x, y in icons]
    canvas.drawText(text)
    for draw_icon, name, x, y, size in pending_icons:
        draw_icon(canvas, name, x, y, size)


def _meets(box: tuple[float, float, float, float],
           window: tuple[float, float, float, float]) -> bool:
    return box[0] < window[2] and window[0] < box[2] and box[1] < window[3] \
        and window[1] < box[3]


def _showing(words_at: list[tuple[float, float, str]], font: str, size: float,
             window: tuple[float, float, float, float]) -> list[tuple[float, float, str]]:
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
    return out


def draw_flowed(canvas: Any, flowed: Flowed, style: TextStyle,
                draw_icon: IconDrawer | None = None,
                colour: tuple[float, float, float] | None = None) -> None:
    """Draw one flowed text (see :func:`draw_texts`)."""
    draw_texts(canvas, [(flowed, style, draw_icon, colour)])
