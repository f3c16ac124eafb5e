"""The setup card of the Cartographers print-and-play kit: the steps of the rulebook's setup,
and the first-game variant ("W pierwszej grze możecie je odłożyć": the ambush cards may be set
aside) in a box of its own. Every text is a string of ``strings.yaml`` in the locale."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Ctx, Face, Frame, TextSource
from ....text.fonts import BOLD, REGULAR
from ....text.runs import TextStyle
from .theme import INK, KIND_RGB, WHITE

if TYPE_CHECKING:
    from . import CartographersPrinter

#: The setup steps, in order: string ids of ``strings.yaml``.
STEPS = ("setup-sheets", "setup-edicts", "setup-seasons", "setup-decks")
#: The first-game variant's string.
FIRST_GAME = "setup-first-game"
STEP_STYLE = TextStyle(REGULAR, 7.5, 5.5, align="left")
NUMBER_STYLE = TextStyle(BOLD, 8.0, 6.0, align="center")


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def setup_face(printer: CartographersPrinter, design: tuple[float, float], x0: float, tw: float,
               banner_bottom: float) -> Face:
    """The setup card's face (design mm ``design``; the text column from ``x0``, ``tw`` wide,
    below the banner)."""
    w, h = design
    face = Face("setup", w, h)
    rgb = KIND_RGB["setup"]
    printer._frame(face, rgb)
    printer._banner(face, printer.loc.string("kind-setup"), _s("kind-setup"), rgb)
    box = Box(x0 - 1.0, 10.0, tw + 2.0, 14.0)
    top = banner_bottom - 1.5
    step_h = (top - box.top - 2.0) / len(STEPS)
    for i, sid in enumerate(STEPS):
        y = top - (i + 1) * step_h
        face.text(str(i + 1), Frame(f"step-{i}-number", x0, y + step_h - 4.0, 4.0, 4.0,
                                    NUMBER_STYLE, max_lines=1, background=printer.body),
                  None, colour=rgb)
        face.text(printer.loc.string(sid), Frame(f"step-{i}", x0 + 4.5, y, tw - 4.5, step_h,
                                                 STEP_STYLE, valign="top",
                                                 background=printer.body), _s(sid), colour=INK)
    mm = MM_TO_PT

    def highlight(c: Any, ctx: Ctx) -> None:
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*KIND_RGB["ambush"])
        c.setLineWidth(0.6 * mm)
        c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 1.5 * mm, stroke=1, fill=1)
    face.paint(highlight)
    face.text(printer.loc.string(FIRST_GAME),
              Frame("first-game", box.x + 1.5, box.y + 1.0, box.w - 3.0, box.h - 2.0,
                    TextStyle(BOLD, 7.5, 5.5, align="center"), background=WHITE),
              _s(FIRST_GAME), colour=INK)
    printer._foot(face, "setup", None)
    return face
