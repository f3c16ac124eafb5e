"""The kit's page pieces (see :mod:`.kit`): :class:`Kit`, the card templates' pieces plus a
page header (the game's name, the page's title and subtitle, a rule, the guide lines), the
margins every kit page keeps, cutting lines, the player colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Ctx, Face, Frame, TextSource
from ....text.fonts import BOLD, ITALIC, REGULAR
from ....text.runs import TextStyle
from .sections import CardPieces
from .theme import FOOT_INK, INK, KIND_RGB

PageBuilder = Callable[[float, float], Face]
#: Paper kept free on every side of a kit page (mm); the foot also holds the page footer.
MARGIN, FOOT = 10.0, 14.0
#: The smallest printable area a kit page is laid out for: Letter's height, A4's width (mm).
MIN_W, MIN_H = 210.0 - 2 * MARGIN, 279.4 - MARGIN - FOOT
CUT: RGB = (0.15, 0.15, 0.15)
CUT_W = 0.25  # mm
FOLD: RGB = (0.45, 0.45, 0.45)
#: Player colours (score markers, player tiles): none is a die colour; numbered as well, so a
#: greyscale print still tells them apart.
PLAYER_RGB: tuple[RGB, ...] = ((0.16, 0.16, 0.18), (0.97, 0.97, 0.97), (0.92, 0.50, 0.10),
                               (0.52, 0.30, 0.66))


class Kit(CardPieces):
    """The kit's pages in one locale: the card templates' pieces plus page headers."""

    @property
    def players(self) -> int:
        """The most players the rules cater for (the bonus-card table), at least 1."""
        table = self.rules.bonus_cards if self.rules is not None else []
        return max([1, *(row.players for row in table)])

    def page(self, name: str, w: float, h: float, title: tuple[str, TextSource | None],
             subtitle: str | None = None, guides: tuple[str, ...] = ()) -> tuple[Face, float]:
        """A kit page: the game's name, the page's title (and a subtitle on the right), a rule
        and the guide lines under it; returns the face and the y where the page's body starts."""
        face = Face(name, w, h)
        tw = w - 2 * MARGIN
        face.text(self.title, Frame("kit-game", MARGIN, h - MARGIN - 5.0, tw, 5.0,
                                    TextStyle(REGULAR, 9, 6), max_lines=1), self.title_src,
                  colour=FOOT_INK)
        left = tw if subtitle is None else tw * 0.6
        face.text(title[0], Frame("kit-title", MARGIN, h - MARGIN - 15.0, left, 9.5,
                                  TextStyle(BOLD, 17, 9), max_lines=1), title[1], colour=INK)
        if subtitle is not None:
            self._text(face, "kit-subtitle", subtitle,
                       Box(MARGIN + left, h - MARGIN - 15.0, tw - left, 9.5),
                       TextStyle(BOLD, 13, 8, align="right"), (1.0, 1.0, 1.0),
                       colour=KIND_RGB["project"])
        line = h - MARGIN - 17.0

        def rule(c: Any, ctx: Ctx) -> None:
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.4 * MM_TO_PT)
            c.line(MARGIN * MM_TO_PT, line * MM_TO_PT, (w - MARGIN) * MM_TO_PT, line * MM_TO_PT)
        face.paint(rule)
        y = line - 1.5
        for k, sid in enumerate(guides):
            self._text(face, f"kit-guide-{k}", sid, Box(MARGIN, y - 8.5, tw, 8.0),
                       TextStyle(ITALIC, 9.5, 6.5, leading=1.1), (1.0, 1.0, 1.0), lines=2,
                       colour=INK)
            y -= 9.0
        return face, y - 1.0

    def label(self, face: Face, name: str, text: str, src: TextSource | None, box: Box,
              size: float = 10.0, font: str = BOLD) -> None:
        """A one-line heading or label in ``box`` (two lines when it must)."""
        face.text(text, Frame(name, box.x, box.y, box.w, box.h,
                              TextStyle(font, size, min(6.0, size), leading=1.05),
                              max_lines=2), src, colour=INK)


def cut_rect(c: Any, box: Box) -> None:
    """A cutting line around ``box`` (mm)."""
    mm = MM_TO_PT
    c.setStrokeColorRGB(*CUT)
    c.setLineWidth(CUT_W * mm)
    c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, stroke=1, fill=0)
