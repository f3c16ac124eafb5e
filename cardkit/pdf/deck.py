"""What a game hands the PDF layer: decks of cards, each side a drawing function."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .geometry import Box

#: Draws one card side: (canvas, trim box in points, bleed in points). The canvas origin is the
#: page's; the function may paint into the bleed.
FaceDrawer = Callable[[Any, Box, float], None]
#: Draws a whole extra page (bar strip, region list): (canvas, page width, page height) in points.
PageDrawer = Callable[[Any, float, float], None]


@dataclass(frozen=True, slots=True)
class PrintCard:
    """One card of a deck: its faces, how many copies, and a label for the index."""

    id: str
    label: str
    front: FaceDrawer
    back: FaceDrawer | None = None
    count: int = 1


@dataclass(slots=True)
class PrintDeck:
    """A deck ready to lay out."""

    id: str
    name: str
    size_mm: tuple[float, float]
    cards: list[PrintCard]
    shared_back: FaceDrawer | None = None
    extra_pages: list[tuple[str, PageDrawer]] = field(default_factory=list)
    content_hash: str = ""

    @property
    def total(self) -> int:
        """Cards to print, copies included."""
        return sum(c.count for c in self.cards)
