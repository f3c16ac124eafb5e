"""What a game hands the PDF layer: decks of cards whose sides are laid-out faces.

Every side is a :data:`~cardkit.pdf.layout.FaceBuilder` (``() -> Face``) and every extra page a
:data:`PageBuilder` (``(page width mm, page height mm) -> Face``): the fit checks build the same
faces the PDF draws, so what is checked is what is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .layout import Face, FaceBuilder

PageBuilder = Callable[[float, float], Face]
#: Template strings of the generic pages (info, calibration, index, footers) in the deck's
#: locale: ``t(string_id, n=None, default=None) -> text``; ids are ``print-*`` strings of the
#: game's content. A string the content lacks gives ``default`` in the locale (the English of
#: the generic set, pseudo-localized in ``qps``), or the id when there is no default.
Strings = Callable[..., str]


def _english(string_id: str, n: float | None = None, default: str | None = None) -> str:
    return string_id if default is None else default


def _plain_number(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class PrintCard:
    """One card of a deck: its faces, how many copies, and a label for the index."""

    id: str
    label: str
    front: FaceBuilder
    back: FaceBuilder | None = None
    count: int = 1
    #: The pile the card lies in on the table (a Tabletop Simulator deck each); None: the
    #: deck's own pile (its id). A slug, like the ids.
    pile: str | None = None


@dataclass(slots=True)
class PrintDeck:
    """A deck ready to lay out."""

    id: str
    name: str
    size_mm: tuple[float, float]
    cards: list[PrintCard]
    shared_back: FaceBuilder | None = None
    extra_pages: list[tuple[str, PageBuilder]] = field(default_factory=list)
    content_hash: str = ""
    #: The generic pages' strings in the deck's locale (see :data:`Strings`).
    strings: Strings = _english
    #: The locale the deck is printed in.
    locale: str = "en"
    #: The locale's name as its readers write it (``Ελληνικά``), printed on the generic pages
    #: instead of the code; "" prints the code.
    language: str = ""
    #: Numbers on the generic pages in the deck's locale (``69,85`` in Polish).
    number: Callable[[float], str] = _plain_number
    #: Names of the deck's piles (:attr:`PrintCard.pile`) in the deck's locale. A pile not
    #: named here is named after its card when it holds one kind of card, else after the deck.
    pile_names: dict[str, str] = field(default_factory=dict)

    def piles(self) -> list[tuple[str, str, list[PrintCard]]]:
        """``(pile id, name, cards)`` in the order of their first card."""
        groups: dict[str, list[PrintCard]] = {}
        for card in self.cards:
            groups.setdefault(card.pile or self.id, []).append(card)
        return [(pid, self.pile_names.get(pid) or (cards[0].label if len(cards) == 1
                                                   and pid != self.id else self.name), cards)
                for pid, cards in groups.items()]

    @property
    def total(self) -> int:
        """Cards to print, copies included."""
        return sum(c.count for c in self.cards)

    def faces(self, page_sizes: tuple[tuple[float, float], ...] = ((210.0, 297.0),)
              ) -> Iterator[tuple[str, Face]]:
        """Every distinct face of the deck: ``(label, face)`` — fronts, backs, the shared back,
        and the extra pages at each page size."""
        for card in self.cards:
            yield f"{card.label} (front)", card.front()
            if card.back is not None:
                yield f"{card.label} (back)", card.back()
        if self.shared_back is not None:
            yield "card back", self.shared_back()
        for name, page in self.extra_pages:
            for w, h in page_sizes:
                yield f"{name} ({w:g} x {h:g} mm)", page(w, h)
