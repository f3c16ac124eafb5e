"""Tabletop Simulator: sheet grids within TTS's limits and the saved-object JSON of a game.

The save is TTS's "Saved Objects" format (what *Save Object* writes to
``Saves/Saved Objects/``): a save whose outer fields are empty and whose ``ObjectStates`` hold
the objects — here one per **pile** (:meth:`cardkit.pdf.deck.PrintDeck.piles`): a
``DeckCustom`` of its cards, or a ``Card`` when the pile holds a single card.

Decisions:

* **Sheets.** A ``CustomDeck`` entry is one face image, a grid of ``NumWidth`` x ``NumHeight``
  cards, at most 10 x 7 (:data:`MAX_GRID`) and at most 4096 px a side (:data:`MAX_SHEET_PX`,
  the limit the TTS knowledge base tells to keep under: kb.tabletopsimulator.com,
  *Custom Content / Asset Creation*). The grid is the smallest that holds the pile's cards
  within both limits (:func:`grids`), several sheets when one is not enough; a card larger than
  4096 px is refused (:func:`grid_limits`).
* **No hidden-card slot.** ``BackIsHidden`` is true: TTS shows a card's back to the other
  players, so the 70th slot (the hidden-card image TTS uses otherwise) is free for a card.
* **Keys.** ``CustomDeck`` keys are numbered across the whole save (1, 2, …) so piles combined
  in the game never mix sheets; ``CardID = key * 100 + slot``.
* **Copies.** A sheet holds each unique face once; ``DeckIDs`` and ``ContainedObjects`` list
  every physical card, repeating the ``CardID`` of a card with several copies.
* **Backs per pile.** One back image (``UniqueBack`` false) when every card of the pile has the
  same back, else back sheets laid out like the face sheets (``UniqueBack`` true).
* **Size on the table.** TTS draws every custom card on the same mesh; ``scaleX``/``scaleZ``
  are the card's width and height over the poker card's (63.5 x 88.9 mm), so tarot cards are
  tarot-shaped. Piles are laid side by side in rows (:func:`positions`), face down.
* **Deterministic.** GUIDs are hashes of the ids, never random.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import UsageProblem
from .raster import face_size_px

MAX_GRID = (10, 7)
MAX_SHEET_PX = 4096
POKER_MM = (63.5, 88.9)
PER_ROW = 8  # piles in a row on the table
HIDDEN_GREY = (128, 128, 128)


def grid_limits(card_px: tuple[int, int]) -> tuple[int, int]:
    """The most columns and rows a sheet of these cards can have (10 x 7, 4096 px)."""
    w, h = card_px
    return min(MAX_GRID[0], MAX_SHEET_PX // w), min(MAX_GRID[1], MAX_SHEET_PX // h)


def max_dpi(size_mm: tuple[float, float], bleed_mm: float) -> int:
    """The largest whole dpi at which one card fits in 4096 px."""
    return max((d for d in range(1, 1201)
                if max(face_size_px(size_mm, bleed_mm, d)) <= MAX_SHEET_PX), default=1)


def check_card(deck_id: str, size_mm: tuple[float, float], bleed_mm: float, dpi: float) -> None:
    """Raise :class:`UsageProblem` when one card at ``dpi`` is larger than a TTS sheet may be."""
    w, h = face_size_px(size_mm, bleed_mm, dpi)
    if max(w, h) > MAX_SHEET_PX:
        raise UsageProblem(f"{deck_id}: --dpi {dpi:g} makes a card {w} x {h} px, over the "
                           f"{MAX_SHEET_PX} px a side Tabletop Simulator loads: use --dpi "
                           f"{max_dpi(size_mm, bleed_mm)} or less")


def grids(n: int, limits: tuple[int, int]) -> list[tuple[int, int, int]]:
    """``(columns, rows, cards)`` of each sheet holding ``n`` cards: full sheets of the largest
    grid, then the smallest grid holding the rest (columns first, as wide as needed)."""
    cols_max, rows_max = limits
    per = cols_max * rows_max
    out = []
    left = n
    while left > 0:
        k = min(left, per)
        cols = min(cols_max, k)
        out.append((cols, math.ceil(k / cols), k))
        left -= k
    return out


def sheet_px(card_px: tuple[int, int], cols: int, rows: int) -> tuple[int, int]:
    """A sheet's pixel size."""
    return cols * card_px[0], rows * card_px[1]


@dataclass(frozen=True, slots=True)
class Sheet:
    """One ``CustomDeck`` entry."""

    key: int
    face_url: str
    back_url: str
    cols: int
    rows: int
    unique_back: bool

    def entry(self) -> dict[str, Any]:
        """The ``CustomDeck`` value."""
        return {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.cols,
                "NumHeight": self.rows, "BackIsHidden": True, "UniqueBack": self.unique_back,
                "Type": 0}


@dataclass(frozen=True, slots=True)
class Placed:
    """A unique card on a sheet."""

    card_id: str
    name: str
    count: int
    key: int  # its sheet's CustomDeck key
    slot: int  # 0-based, left to right, top to bottom

    @property
    def tts_id(self) -> int:
        """TTS's ``CardID``: the sheet's key times 100 plus the slot."""
        return self.key * 100 + self.slot


@dataclass(slots=True)
class Pile:
    """One object on the table."""

    id: str  # "<deck>/<pile>"
    name: str
    description: str
    card_mm: tuple[float, float]
    cards: list[Placed] = field(default_factory=list)
    sheets: list[Sheet] = field(default_factory=list)
    card_description: str = ""


def guid(*parts: object) -> str:
    """A stable 6-hex-digit GUID from ids."""
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def positions(piles: Sequence[Pile]) -> list[tuple[float, float]]:
    """``(x, z)`` of each pile: rows of :data:`PER_ROW`, side by side with a gap, centred."""
    out = []
    z = 0.0
    for start in range(0, len(piles), PER_ROW):
        row = piles[start:start + PER_ROW]
        widths = [2.5 * p.card_mm[0] / POKER_MM[0] + 0.6 for p in row]
        x = -sum(widths) / 2
        for width in widths:
            out.append((round(x + width / 2, 3), round(z, 3)))
            x += width
        z -= max(3.5 * p.card_mm[1] / POKER_MM[1] + 0.8 for p in row)
    return out


def _transform(pos: tuple[float, float], card_mm: tuple[float, float],
               y: float = 1.0) -> dict[str, float]:
    return {"posX": pos[0], "posY": y, "posZ": pos[1], "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0, "scaleX": round(card_mm[0] / POKER_MM[0], 4), "scaleY": 1.0,
            "scaleZ": round(card_mm[1] / POKER_MM[1], 4)}


def _card(pile: Pile, card: Placed, copy: int, pos: tuple[float, float],
          custom: dict[str, Any]) -> dict[str, Any]:
    return {"GUID": guid(pile.id, card.card_id, copy), "Name": "Card",
            "Transform": _transform(pos, pile.card_mm), "Nickname": card.name,
            "Description": pile.card_description, "GMNotes": card.card_id,
            "CardID": card.tts_id, "CustomDeck": {str(card.key): custom[str(card.key)]},
            "Hands": True, "SidewaysCard": False, "Locked": False, "Grid": True, "Snap": True,
            "Tooltip": True}


def pile_object(pile: Pile, pos: tuple[float, float]) -> dict[str, Any]:
    """The pile's object: a ``DeckCustom`` of every physical card, or a lone ``Card``."""
    custom = {str(s.key): s.entry() for s in pile.sheets}
    physical = [(c, copy) for c in pile.cards for copy in range(c.count)]
    contained = [_card(pile, c, copy, pos, custom) for c, copy in physical]
    if len(contained) == 1:  # TTS has no one-card deck: a lone card is a Card
        return contained[0] | {"Nickname": pile.cards[0].name}
    return {"GUID": guid(pile.id), "Name": "DeckCustom", "Transform": _transform(pos, pile.card_mm),
            "Nickname": pile.name, "Description": pile.description, "GMNotes": pile.id,
            "DeckIDs": [c.tts_id for c, _ in physical], "CustomDeck": custom,
            "ContainedObjects": contained, "Hands": False, "SidewaysCard": False,
            "Locked": False, "Grid": True, "Snap": True, "Tooltip": True}


def save(piles: Sequence[Pile]) -> dict[str, Any]:
    """The saved-object file: empty outer fields, one object per pile, side by side."""
    objects = [pile_object(p, pos) for p, pos in zip(piles, positions(piles), strict=True)]
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": objects}


def compose_sheet(faces: Sequence[Any], card_px: tuple[int, int], cols: int, rows: int) -> Any:
    """One sheet: the faces left to right, top to bottom, white where no card is."""
    from PIL import Image as PILImage

    if len(faces) > cols * rows:
        raise ValueError(f"a {cols} x {rows} sheet holds {cols * rows} cards, not {len(faces)}")
    w, h = card_px
    sheet = PILImage.new("RGB", sheet_px(card_px, cols, rows), (255, 255, 255))
    for slot, face in enumerate(faces):
        sheet.paste(face, ((slot % cols) * w, (slot // cols) * h))
    return sheet
