"""Mars Dice's print palette and sizes: the card kinds' frame colours, the section bands, the
VP ribbons, the face-icon shapes of the die colours, the card and board dimensions (design mm).

Die and face colours are not here: they come from ``dice.yaml`` (see :mod:`.icons`). Every
card kind with its own back (projects, corporations, bonus cards, milestones, awards) differs
in colour *and* in the mark on its back, so the backs read on a greyscale printer too.
"""

from __future__ import annotations

from ....pdf.layout import RGB

INK: RGB = (0.12, 0.12, 0.13)
PAPER: RGB = (0.98, 0.96, 0.92)
WHITE: RGB = (1.0, 1.0, 1.0)
LINE: RGB = (0.30, 0.30, 0.30)
RULE: RGB = (0.55, 0.52, 0.48)
FOOT_INK: RGB = (0.35, 0.33, 0.30)

#: Frame colours of the project colours.
PROJECT_RGB: dict[str, RGB] = {
    "green": (0.24, 0.55, 0.25),
    "red": (0.72, 0.22, 0.17),
    "blue": (0.17, 0.40, 0.68),
}
#: Frame colours of the other card kinds (each has its own back; projects share one).
KIND_RGB: dict[str, RGB] = {
    "project": (0.62, 0.30, 0.16),
    "corporation": (0.25, 0.25, 0.28),
    "bonus": (0.47, 0.28, 0.55),
    "milestone": (0.72, 0.52, 0.12),
    "award": (0.12, 0.45, 0.45),
}
#: The template string naming each kind (footers and backs).
KIND_STRING = {"project": "kind-project", "corporation": "kind-corporation",
               "bonus": "kind-bonus", "milestone": "kind-milestone", "award": "kind-award"}
#: The template string in a project card's footer, by its colour.
PROJECT_STRING = {"green": "project-green", "red": "project-red", "blue": "project-blue"}

#: The production band (brown) and the starting-bonus band (red) of the game's cards.
PRODUCTION: RGB = (0.52, 0.34, 0.20)
START: RGB = (0.70, 0.20, 0.16)
#: VP ribbons: green for VP scored when played, red for VP counted at the end (the facts).
RIBBON: dict[str, RGB] = {"immediate": (0.20, 0.56, 0.24), "end": (0.74, 0.16, 0.14)}
#: The VP badge of effects, milestones and awards.
VP_RGB: RGB = (0.55, 0.36, 0.12)
#: Tiles by id (the map and the tile icons); other ids print in the fallback.
TILE_RGB: dict[str, RGB] = {"ocean": (0.16, 0.42, 0.75), "greenery": (0.25, 0.58, 0.24),
                            "city": (0.55, 0.56, 0.58)}
TILE_FALLBACK: RGB = (0.75, 0.62, 0.40)
#: The land of the map.
LAND: RGB = (0.86, 0.55, 0.36)
OCEAN_AREA: RGB = (0.55, 0.74, 0.92)

#: The mark of each action timing: a round mark (support), a square (main), a triangle (free).
TIMING_MARK = {"support": "circle", "main": "square", "free": "triangle"}
TIMING_RGB: dict[str, RGB] = {"support": (0.25, 0.45, 0.70), "main": (0.70, 0.25, 0.20),
                              "free": (0.30, 0.55, 0.30)}

#: The face-icon shape of each die colour, by id; a colour the table lacks takes the next
#: shape unused, in ``dice.yaml`` order (so five colours always get five shapes).
DIE_SHAPE = {"green": "circle", "blue": "drop", "grey": "square", "red": "diamond",
             "yellow": "hexagon"}
SHAPES = ("circle", "drop", "square", "diamond", "hexagon", "octagon")

# -- card geometry (design mm, a poker card; scaled to the deck's size) ---------------------------
DESIGN_W, DESIGN_H = 63.5, 88.9
#: Largest icon on a card, smallest before counts replace repeated icons (mm).
MAX_ICON, MIN_ICON = 7.0, 4.6

# -- boards (design mm; inside the 10 mm margins of A4 and Letter) -----------------------------
BOARD_W, BOARD_H = 190.0, 255.0


def shade(rgb: RGB, k: float) -> RGB:
    """``rgb`` darkened (``k`` = share kept)."""
    return (rgb[0] * k, rgb[1] * k, rgb[2] * k)
