"""Tabletop Simulator decks: 10 x 7 sheets of card faces, the back, and a saved-object JSON.

TTS's custom deck reads one image per sheet, a grid of at most 10 columns by 7 rows. By its
convention the last slot (bottom right, the 70th) holds the *hidden card* image — what the
other players see of a card in someone's hand — so a sheet carries 69 cards; a longer deck takes
several sheets, each a ``CustomDeck`` entry of the JSON (keys 1, 2, …; a card's ``CardID`` is
``key * 100 + slot``).

Decisions:

* A sheet holds each **unique** face once; copies are in the deck itself: ``DeckIDs`` (and the
  ``ContainedObjects``) list every physical card, repeating the ``CardID`` of a card with
  several copies — as a printed deck of that game would hold them.
* A deck with one shared back uses one back image (``UniqueBack`` false); a deck whose cards
  each have their own back (Terra's answer sides) gets back sheets laid out like the face sheets
  (``UniqueBack`` true). ``BackIsHidden`` is true: a card in someone's hand shows its back to
  the others, as a real card does; the hidden slot still holds the shared back (or plain grey
  where backs are unique), so the deck also looks right with that option switched off.
* Sheets are PNG; the URLs in the JSON are the images' file names, to be replaced by the
  addresses where the user hosts them (TTS loads images by URL).
* TTS's recommendation is at most 4096 px a side for a deck image; it refuses much beyond
  10,000 px. :func:`sheet_problem` enforces the second, and :func:`sheet_warning` tells about the
  first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import UsageProblem
from .raster import face_size_px

if TYPE_CHECKING:
    from PIL.Image import Image

COLS, ROWS = 10, 7
PER_SHEET = COLS * ROWS - 1  # the last slot is the hidden-card image
MAX_SHEET_PX = 10_000
RECOMMENDED_SHEET_PX = 4096
HIDDEN_GREY = (128, 128, 128)


def sheet_size(card_px: tuple[int, int]) -> tuple[int, int]:
    """Pixel size of a sheet: 10 cards wide, 7 high."""
    return COLS * card_px[0], ROWS * card_px[1]


def sheets_for(unique_cards: int) -> int:
    """How many sheets hold ``unique_cards`` faces (69 a sheet)."""
    return max(1, -(-unique_cards // PER_SHEET))


def max_dpi(size_mm: tuple[float, float], bleed_mm: float, limit: int = MAX_SHEET_PX) -> int:
    """The largest whole dpi whose sheets stay within ``limit`` pixels a side."""
    dpi = 1
    for candidate in range(1200, 0, -1):
        w, h = sheet_size(face_size_px(size_mm, bleed_mm, candidate))
        if w <= limit and h <= limit:
            dpi = candidate
            break
    return dpi


def sheet_problem(size_mm: tuple[float, float], bleed_mm: float, dpi: float) -> None:
    """Raise :class:`UsageProblem` when a sheet at ``dpi`` is larger than TTS takes."""
    w, h = sheet_size(face_size_px(size_mm, bleed_mm, dpi))
    if w > MAX_SHEET_PX or h > MAX_SHEET_PX:
        raise UsageProblem(f"--dpi {dpi:g} makes Tabletop Simulator sheets of {w} x {h} px; TTS "
                           f"takes at most {MAX_SHEET_PX:,} px a side: use --dpi "
                           f"{max_dpi(size_mm, bleed_mm)} or less")


def sheet_warning(deck_id: str, size_mm: tuple[float, float], bleed_mm: float,
                  dpi: float) -> str | None:
    """A note when sheets exceed TTS's recommended 4096 px a side (they still load)."""
    w, h = sheet_size(face_size_px(size_mm, bleed_mm, dpi))
    if w <= RECOMMENDED_SHEET_PX and h <= RECOMMENDED_SHEET_PX:
        return None
    return (f"{deck_id}: sheets are {w} x {h} px, above the {RECOMMENDED_SHEET_PX} px a side "
            f"Tabletop Simulator recommends; --dpi {max_dpi(size_mm, bleed_mm, 4096)} keeps "
            "within it")


def compose_sheet(faces: Sequence[Image], hidden: Image | None,
                  card_px: tuple[int, int]) -> Image:
    """One sheet: up to 69 faces left to right, top to bottom; the hidden image in slot 70."""
    from PIL import Image as PILImage

    if len(faces) > PER_SHEET:
        raise ValueError(f"a sheet holds {PER_SHEET} cards, not {len(faces)}")
    w, h = card_px
    sheet = PILImage.new("RGB", sheet_size(card_px), (255, 255, 255))
    for slot, face in enumerate(faces):
        sheet.paste(face, ((slot % COLS) * w, (slot // COLS) * h))
    last = COLS * ROWS - 1
    sheet.paste(hidden if hidden is not None else PILImage.new("RGB", card_px, HIDDEN_GREY),
                ((last % COLS) * w, (last // COLS) * h))
    return sheet


@dataclass(frozen=True, slots=True)
class TtsCard:
    """A unique card on a sheet."""

    card_id: str
    name: str
    count: int
    sheet: int  # 0-based
    slot: int  # 0-based, < 69


def place(cards: Sequence[tuple[str, str, int]]) -> list[TtsCard]:
    """``(card id, name, copies)`` in deck order -> their sheet and slot."""
    return [TtsCard(cid, name, count, i // PER_SHEET, i % PER_SHEET)
            for i, (cid, name, count) in enumerate(cards)]


def card_id(card: TtsCard) -> int:
    """TTS's ``CardID``: the ``CustomDeck`` key (sheet + 1) times 100 plus the slot."""
    return (card.sheet + 1) * 100 + card.slot


def _guid(*parts: object) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(y: float = 1.0, face_down: bool = True) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def deck_object(deck_id: str, deck_name: str, cards: Sequence[TtsCard], face_files: Sequence[str],
                back_files: Sequence[str], unique_back: bool) -> dict[str, Any]:
    """A TTS saved object (``ObjectStates`` with one ``DeckCustom``) for the placed cards.

    ``face_files[i]`` is sheet ``i``'s image; ``back_files`` is one image (shared back) or one
    sheet per face sheet (``unique_back``).
    """
    custom = {}
    for i, face in enumerate(face_files):
        custom[str(i + 1)] = {"FaceURL": face,
                              "BackURL": back_files[i] if unique_back else back_files[0],
                              "NumWidth": COLS, "NumHeight": ROWS, "BackIsHidden": True,
                              "UniqueBack": unique_back, "Type": 0}
    physical = [(c, copy) for c in cards for copy in range(c.count)]
    contained = [{
        "GUID": _guid(deck_id, c.card_id, copy), "Name": "Card", "Transform": _transform(),
        "Nickname": c.name, "Description": "", "GMNotes": c.card_id, "CardID": card_id(c),
        "CustomDeck": {str(c.sheet + 1): custom[str(c.sheet + 1)]}, "Hands": True,
        "SidewaysCard": False, "Locked": False, "Grid": True, "Snap": True, "Tooltip": True,
    } for c, copy in physical]
    if len(contained) == 1:  # TTS has no one-card deck: a lone card is a Card
        state = contained[0]
    else:
        state = {
            "GUID": _guid(deck_id), "Name": "DeckCustom", "Transform": _transform(),
            "Nickname": deck_name, "Description": "", "GMNotes": deck_id,
            "DeckIDs": [card_id(c) for c, _ in physical], "CustomDeck": custom,
            "ContainedObjects": contained, "Hands": False, "SidewaysCard": False,
            "Locked": False, "Grid": True, "Snap": True, "Tooltip": True,
        }
    return {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [state]}
