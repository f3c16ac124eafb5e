"""``cardkit export --format tts``: a game's piles as Tabletop Simulator sheets and one save.

Each deck's unique faces are rasterised once (:mod:`.raster`); each pile of the deck
(:meth:`cardkit.pdf.deck.PrintDeck.piles`) gets its face sheets (``<deck>/<stem>-sheet-N.png``),
its back (``<stem>-back.png``; ``<deck>-back.png`` when the whole deck has one) or back sheets (``<stem>-backs-N.png``), where ``<stem>`` is the
deck id for the deck's own pile, else ``<deck>-<pile>``. An image identical to one already
written (a back several decks share) is written once (:class:`.unique.Registry`). The save,
``<game>.json``, names every image by its URL: ``--base-url`` + the file's path relative to the
export folder, or the file's absolute ``file://`` URL.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote
from typing import TYPE_CHECKING

from ..core.reuse import content_digest
from ..pdf.words import Words
from . import tts
from .raster import Drawn, face_size_px, png_bytes, raster_faces
from .unique import Registry

if TYPE_CHECKING:
    from PIL.Image import Image

    from ..pdf.deck import PrintDeck

#: Writes one file of the export (a name relative to its folder) and returns its path.
Writer = Callable[[str, bytes], Path]


@dataclass(frozen=True, slots=True)
class DeckSheets:
    """What was written for one deck."""

    files: list[Path]
    sheets: int
    piles: int


def file_url(out_dir: Path, base_url: str | None) -> Callable[[str], str]:
    """The URL of an exported file (a path relative to the export folder)."""
    if base_url:
        base = base_url.rstrip("/")
        return lambda rel: f"{base}/{quote(rel)}"
    root = out_dir.resolve()
    return lambda rel: (root / rel).as_uri()


def write_game(decks: list[PrintDeck], drawn: list[Drawn], dpi: float, write: Writer,
               url: Callable[[str], str], registry: Registry, save_name: str
               ) -> tuple[list[DeckSheets], list[Path]]:
    """Write every deck's sheets and backs, then the save; return what each deck wrote and the
    save's path (a list of one)."""
    piles: list[tts.Pile] = []
    results = []
    key = 0
    for deck, faces in zip(decks, drawn, strict=True):
        card_px = face_size_px(deck.size_mm, faces.bleed_mm, dpi)
        limits = tts.grid_limits(card_px)
        fronts, backs, shared = _images(faces, dpi)
        grey = _grey(card_px)
        files: list[Path] = []
        sheets = 0
        written = _once(write, registry, files, dpi)
        deck_piles = deck.piles()
        one_back = len({_pixels(backs.get(c.id) or shared or grey) for c in deck.cards}) == 1
        for pile_id, name, cards in deck_piles:
            stem = deck.id if pile_id == deck.id else f"{deck.id}-{pile_id}"
            total = sum(c.count for c in cards)
            # the info page's label: "Cards (different / to print): 3 / 30"
            description = (f"{Words(deck).text('print-cards')}: {deck.number(len(cards))} / "
                           f"{deck.number(total)}")
            pile = tts.Pile(f"{deck.id}/{pile_id}", name, description, deck.size_mm,
                            card_description=deck.name)
            card_backs = [backs.get(c.id) or shared or grey for c in cards]
            unique_back = len({_pixels(im) for im in card_backs}) > 1
            back_name = f"{deck.id}/{deck.id if one_back else stem}-back.png"
            back_url = "" if unique_back else url(written(back_name, card_backs[0]))
            start = 0
            for n, (cols, rows, k) in enumerate(tts.grids(len(cards), limits), start=1):
                key += 1
                chunk = range(start, start + k)
                face = tts.compose_sheet([fronts[cards[i].id] for i in chunk], card_px, cols, rows)
                face_url = url(written(f"{deck.id}/{stem}-sheet-{n}.png", face))
                if unique_back:
                    sheet = tts.compose_sheet([card_backs[i] for i in chunk], card_px, cols, rows)
                    back_url = url(written(f"{deck.id}/{stem}-backs-{n}.png", sheet))
                pile.sheets.append(tts.Sheet(key, face_url, back_url, cols, rows, unique_back))
                pile.cards += [tts.Placed(cards[i].id, cards[i].label, cards[i].count, key, slot)
                               for slot, i in enumerate(chunk)]
                sheets += 1
                start += k
            piles.append(pile)
        results.append(DeckSheets(files, sheets, len(deck_piles)))
    text = json.dumps(tts.save(piles), ensure_ascii=False, indent=2) + "\n"
    return results, [write(f"{save_name}.json", text.encode("utf-8"))]


def _once(write: Writer, registry: Registry, files: list[Path], dpi: float
          ) -> Callable[[str, Image], str]:
    """A writer of images that writes each distinct image once; returns its relative path."""

    def written(name: str, image: Image) -> str:
        data = png_bytes(image, dpi)
        d = content_digest(data)
        if d in registry.by_digest:
            registry.reused += 1
            return registry.by_digest[d]
        files.append(write(name, data))
        registry.by_digest[d] = name
        return name

    return written


def _images(drawn: Drawn, dpi: float) -> tuple[dict[str, Image], dict[str, Image], Image | None]:
    fronts: dict[str, Image] = {}
    backs: dict[str, Image] = {}
    shared = None
    for ref, image in raster_faces(drawn, dpi):
        if ref.card_id is None:
            shared = image
        elif ref.side == "front":
            fronts[ref.card_id] = image
        else:
            backs[ref.card_id] = image
    return fronts, backs, shared


def _grey(card_px: tuple[int, int]) -> Image:
    """The back of a card without one (TTS needs a back image)."""
    from PIL import Image as PILImage

    return PILImage.new("RGB", card_px, tts.HIDDEN_GREY)


def _pixels(image: Image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()
