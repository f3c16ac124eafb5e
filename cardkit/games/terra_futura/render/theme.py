"""Terra Futura's print palette and sizes: the card kinds' frame colours, ink and paper, the
card and score-sheet dimensions (design millimetres).

Resource colours are not here: they come from ``resources.yaml`` (see :mod:`.icons`). The five
card kinds that have their own back (start, level I, level II, scoring, help) differ in colour
*and* in the mark on their back, so the backs read on a greyscale printer too.
"""

from __future__ import annotations

from ....pdf.layout import RGB

INK: RGB = (0.13, 0.13, 0.12)
PAPER: RGB = (0.97, 0.96, 0.92)
WHITE: RGB = (1.0, 1.0, 1.0)
BLACK: RGB = (0.0, 0.0, 0.0)
#: Outline of the empty pollution slots and the pattern grid.
LINE: RGB = (0.30, 0.30, 0.28)
#: Grey of the rule between two options (the rulebook's "rozdzielone linią").
RULE: RGB = (0.45, 0.45, 0.42)

#: Frame colours of the five card kinds (each has its own back).
KIND_RGB: dict[str, RGB] = {
    "start": (0.52, 0.36, 0.20),
    "I": (0.22, 0.46, 0.28),
    "II": (0.17, 0.33, 0.55),
    "scoring": (0.42, 0.24, 0.47),
    "help": (0.32, 0.32, 0.30),
}
#: The template string naming each kind (footers and backs).
KIND_STRING = {"start": "level-start", "I": "level-i", "II": "level-ii",
               "scoring": "kind-scoring", "help": "kind-help"}
#: The first player's symbol: a gold star.
GOLD: RGB = (0.86, 0.62, 0.10)

# -- card geometry (design mm, a poker card; scaled to the deck's size) ---------------------------
DESIGN_W, DESIGN_H = 63.5, 88.9
#: Largest resource icon on a card (mm).
MAX_ICON = 8.5
#: Side of an empty pollution slot (mm).
SLOT = 5.0
#: Side of a scoring card's pattern cell (mm).
PATTERN_CELL = 8.5

# -- score sheet (design mm; inside the 10 mm margins of A4 and Letter) -----------------------
SHEET_W, SHEET_H = 190.0, 255.0
#: Players the score sheet has columns for.
PLAYERS = 5


def shade(rgb: RGB, k: float) -> RGB:
    """``rgb`` darkened (``k`` = share kept)."""
    return (rgb[0] * k, rgb[1] * k, rgb[2] * k)

