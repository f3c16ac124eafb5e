"""Drawing flowed text on a PDF canvas, exactly where :func:`cardkit.text.flow.flow_text`
placed it (so the fit check and the PDF agree). The fitting itself is :mod:`cardkit.text.flow`;
its names are re-exported here for the templates."""

from __future__ import annotations

from typing import Any

from ..text.flow import (Flowed, Line, Obstacle, VAlign, blocked, chunks,  # noqa: F401
                         flow_text, free_interval)
from ..text.runs import IconDrawer, TextStyle


Drawable = tuple[Flowed, TextStyle, "IconDrawer | None", "tuple[float, float, float] | None"]


def draw_texts(canvas: Any, texts: list[Drawable]) -> None:
    """Draw flowed texts where :func:`flow_text` placed them: all their words in one PDF text
    object, then their inline icons."""
    pending_icons = []
    text = canvas.beginText()
    font: tuple[str, float] | None = None
    fill: tuple[float, float, float] | None = None
    for flowed, style, draw_icon, colour in texts:
        words_at, icons = chunks(flowed, style)
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


def draw_flowed(canvas: Any, flowed: Flowed, style: TextStyle,
                draw_icon: IconDrawer | None = None,
                colour: tuple[float, float, float] | None = None) -> None:
    """Draw one flowed text (see :func:`draw_texts`)."""
    draw_texts(canvas, [(flowed, style, draw_icon, colour)])
