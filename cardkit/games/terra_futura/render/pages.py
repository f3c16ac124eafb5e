"""What Terra Futura's extra pages (the icon legend, the cubes-and-tokens sheet) share: the
context they are built from and the page header.

An extra page is a :class:`~cardkit.pdf.layout.Face` in millimetres of the paper it is printed
on (A4, Letter, ...), added to the deck after the card sheets; every string is placed with
``face.text`` from the locale. Content stays inside a 15 mm margin and above the footer band.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from ....pdf.layout import Ctx, Face, Frame, TextSource
from ....text.fonts import BOLD, REGULAR
from ....text.runs import TextStyle
from .icons import Palette
from .theme import INK

#: Page margin (mm) and the height kept free at the foot of the page for the page footer.
MARGIN, FOOTER = 15.0, 18.0
#: Height of the header (deck name, title, rule) under the top margin.
HEADER = 22.0
MUTED = (0.35, 0.33, 0.3)


def strings(string_id: str) -> TextSource:
    """The source of a template string."""
    return TextSource("strings", string_id, "text")


@dataclass(frozen=True, slots=True)
class PageContext:
    """What an extra page is built from: the content, the locale, the icons, the ink mode and
    the deck's printed name (with its source)."""

    content: GameContent
    loc: Localizer
    palette: Palette
    ink_saver: bool
    title: str
    title_src: TextSource | None


def header(face: Face, ctx: PageContext, title_id: str, suffix: str = "") -> float:
    """The deck's name and the page's title (``suffix`` after it, e.g. "2/3") at the top;
    returns the y (mm) under the header."""
    w, h = face.w, face.h
    face.text(ctx.title, Frame("deck-name", MARGIN, h - MARGIN - 5, w - 2 * MARGIN, 5,
                               TextStyle(REGULAR, 9, 6, colour=MUTED), max_lines=1),
              ctx.title_src)
    title_w = w - 2 * MARGIN - (20 if suffix else 0)
    face.text(ctx.loc.string(title_id), Frame("title", MARGIN, h - MARGIN - 16, title_w, 10,
                                              TextStyle(BOLD, 18, 10, colour=INK),
                                              max_lines=1), strings(title_id))
    if suffix:
        face.text(suffix, Frame("title-part", w - MARGIN - 18, h - MARGIN - 16, 18, 10,
                                TextStyle(BOLD, 14, 8, align="right", colour=INK),
                                max_lines=1), None)

    def rule(c: Any, cx: Ctx) -> None:
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(cx.mm(0.4))
        c.line(cx.mm(MARGIN), cx.mm(h - MARGIN - 18), cx.mm(w - MARGIN), cx.mm(h - MARGIN - 18))
    face.paint(rule)
    return h - MARGIN - HEADER
