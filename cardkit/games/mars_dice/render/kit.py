"""Mars Dice's print-and-play kit: the pages that make the box's other components from paper.

They print after the project cards' sheets, as extra pages of the projects deck (so
``build/mars-dice-projects-<locale>.pdf`` is the whole game but the other card kinds and the
two boards), each with its bookmark, page footer and, in duplex, a blank back: the **icon
legend** with the dice table and the ordinary-d6 stand-in (:mod:`.legend`), the **turn
summaries**, one per player (:mod:`.aids`), the **tiles** cut to the map's hexagons and the
**tokens and markers** (wild tokens, a marker per global track, a score marker and a player
tile per player colour, the solo turn track; :mod:`.pieces`) and the **paper dice**, one net
per die of every colour (:mod:`.dicenets`). The deck's calibration page (a 100 mm square)
tells whether the sheets print at actual size, which the tiles need to fit the map. Every page
is a :class:`~cardkit.pdf.layout.Face` in millimetres of the paper it prints on, laid out for
A4 and Letter (the fit checks build both); every text comes from the locale (``strings.yaml``
and the content's names), counted ones in their plural forms.
"""

from __future__ import annotations

from ....core.content import GameContent
from ....i18n.lookup import Localizer
from . import aids, dicenets, legend, pieces
from .page import FOOT, MARGIN, Kit, PageBuilder

__all__ = ["FOOT", "MARGIN", "Kit", "kit_pages"]


def kit_pages(content: GameContent, loc: Localizer, ink_saver: bool = False
              ) -> list[tuple[str, PageBuilder]]:
    """The kit's pages, named for their bookmarks and footers, in print order."""
    kit = Kit(content, loc, ink_saver)
    pages: list[tuple[str, PageBuilder]] = [
        (loc.string("kit-legend"), lambda w, h: legend.legend_page(kit, w, h))]
    for k in range(aids.aid_pages(kit)):
        pages.append((loc.string("kit-aids"), lambda w, h, k=k: aids.aids_page(kit, w, h, k)))
    for k in range(pieces.tile_pages(kit)):
        pages.append((loc.string("kit-tiles"), lambda w, h, k=k: pieces.tiles_page(kit, w, h, k)))
    pages.append((loc.string("kit-tokens"), lambda w, h: pieces.tokens_page(kit, w, h)))
    for die_id, k in dicenets.net_pages(kit):
        name = kit.rows.name("dice", die_id)[0]
        pages.append((name, lambda w, h, d=die_id, k=k: dicenets.nets_page(kit, w, h, d, k)))
    return pages
