"""``cardkit export`` as a library call: the unique card faces of a game as PNG files.

``png``: one image per unique face (``<deck>/<card>-front.png``, ``<card>-back.png``, or one
``back.png`` for a shared back) and ``cards.csv`` for the print shop. ``tts``: Tabletop Simulator
sheets per deck (``<deck>-sheet-N.png``, ``<deck>-back.png`` or ``<deck>-backs-N.png``) and
``<deck>.json``. The content goes through the same gate as ``cardkit pdf``.

The export folder is one output (:class:`cardkit.core.outdir.FolderOutput`): it is checked
before anything is drawn, written into a temporary folder beside it and renamed into place at
the end, so a failing or interrupted export leaves the previous one as it was. A folder holding
files cardkit did not write is never replaced; an earlier export, only when unchanged (else
with ``force``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..core.loading import DEFAULT_CACHE_DIR
from ..core.errors import UsageProblem
from ..core.outdir import FolderOutput, default_build_dir, put
from . import tts
from .csvfile import CsvRow, cards_csv
from .raster import (
    Drawn,
    FaceRef,
    draw_unique,
    encode_pngs,
    face_size_px,
    png_bytes,
    raster_faces,
)

if TYPE_CHECKING:
    from PIL.Image import Image

    from ..i18n.lookup import Localizer
    from ..pdf.deck import PrintDeck

Format = Literal["png", "tts"]
FORMATS: tuple[str, ...] = ("png", "tts")
DEFAULT_DPI = {"png": 300.0, "tts": 150.0}
DPI_RANGE = (50.0, 1200.0)
BLEED_RANGE = (0.0, 10.0)
DEFAULT_ROOT = Path("build") / "export"  # for the default content folder (see default_dir)
CSV_NAME = "cards.csv"
_SAFE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: Writes one file of the export (a name relative to its folder) and returns its path.
Writer = Callable[[str, bytes], Path]


@dataclass(slots=True)
class ExportJob:
    """What to export."""

    game: str
    format: str = "png"
    content_dir: Path = Path("content")
    locale: str = "en"
    deck: str | None = None
    units: str = "metric"
    dpi: float | None = None  # None: 300 for png, 150 for tts
    bleed: float = 0.0  # mm around the trim, on every side
    out: Path | None = None  # the export's folder (default build/export/GAME-LOCALE[...])
    force: bool = False
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    workers: int | None = None  # PNG compression threads (default: up to 4, one per CPU)
    ink_saver: bool = False  # white cards, coloured outlines (as `cardkit pdf --ink-saver`)
    #: Print a failing translation's field in English instead of refusing the export (the site:
    #: its translators' view shows the failure). Other errors still block.
    withhold_failing: bool = False


@dataclass(slots=True)
class DeckExport:
    """What was written for one deck."""

    deck: str
    unique: int  # unique cards
    total: int  # cards to print, copies included
    card_px: tuple[int, int]
    files: list[Path] = field(default_factory=list)
    sheets: int = 0  # tts only


@dataclass(slots=True)
class ExportResult:
    """What ``cardkit export`` did."""

    format: str
    out_dir: Path
    dpi: float
    bleed: float
    decks: list[DeckExport]
    files: list[Path]
    size: int  # bytes written
    warnings: list[str] = field(default_factory=list)
    fallbacks: int = 0  # texts printed in English for want of a translation


def check_options(job: ExportJob) -> float:
    """Raise :class:`UsageProblem` for a bad format, dpi or bleed; return the dpi to use."""
    if job.format not in FORMATS:
        raise UsageProblem(f"unknown export format {job.format!r}; use {' or '.join(FORMATS)}")
    dpi = DEFAULT_DPI[job.format] if job.dpi is None else job.dpi
    lo, hi = DPI_RANGE
    if not isinstance(dpi, (int, float)) or not math.isfinite(dpi) or not lo <= dpi <= hi:
        raise UsageProblem(f"--dpi must be a number from {lo:g} to {hi:g}, not {_shown(dpi)}")
    lo, hi = BLEED_RANGE
    if not isinstance(job.bleed, (int, float)) or not math.isfinite(job.bleed) \
            or not lo <= job.bleed <= hi:
        raise UsageProblem(f"--bleed must be from {lo:g} to {hi:g} mm, not {_shown(job.bleed)}")
    if job.units not in ("metric", "imperial"):
        raise UsageProblem(f"unknown units {job.units!r}; use metric or imperial")
    return float(dpi)


def _shown(value: object) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) else repr(value)


def default_dir(job: ExportJob) -> Path:
    """``build/export/GAME-LOCALE[-DECK][-imperial][-ink-saver][-tts]``: variants never replace
    each other; for another content folder than ``./content``, under ``build/<tag>/export``
    (:func:`cardkit.core.outdir.default_build_dir`)."""
    variant = (f"-{job.deck}" if job.deck else "") + \
        ("-imperial" if job.units == "imperial" else "") + \
        ("-ink-saver" if job.ink_saver else "") + ("-tts" if job.format == "tts" else "")
    return default_build_dir(job.content_dir) / "export" / f"{job.game}-{job.locale}{variant}"


def _folder(job: ExportJob) -> FolderOutput:
    out = job.out if job.out is not None else default_dir(job)
    return FolderOutput(out, "export", "the export", job.content_dir, job.force,
                        (job.content_dir,))


def _decks(job: ExportJob) -> tuple[list[PrintDeck], Localizer]:
    """The game's decks in the job's locale, through the content gate (like ``cardkit pdf``)."""
    from .printing import localized_decks

    decks, loc = localized_decks(job.game, job.content_dir, job.locale, job.units,
                                 job.ink_saver, job.cache_dir, job.withhold_failing)
    if job.deck is not None:
        decks = [d for d in decks if d.id == job.deck]
        if not decks:
            raise UsageProblem(f"no deck {job.deck!r} in {job.game!r}")
    for deck in decks:
        _check_ids(deck)
    return decks, loc


def _check_ids(deck: PrintDeck) -> None:
    """Deck and card ids become file names: slugs, unique within the deck."""
    seen: set[str] = set()
    for name in (deck.id, *(c.id for c in deck.cards)):
        if not _SAFE.fullmatch(name):
            raise UsageProblem(f"{deck.id}: id {name!r} cannot be a file name")
    for card in deck.cards:
        if card.id in seen:
            raise UsageProblem(f"{deck.id}: card {card.id!r} appears twice in the deck")
        seen.add(card.id)


def png_name(ref: FaceRef) -> str:
    """The file name of a face: ``<card>-front.png``, ``<card>-back.png`` or ``back.png``."""
    return "back.png" if ref.card_id is None else f"{ref.card_id}-{ref.side}.png"


def export_game(job: ExportJob) -> ExportResult:
    """Write the export; raise :class:`UsageProblem` (or ``ContentBlocked``) before writing
    anything when the options, the content or any target file is not right."""
    dpi = check_options(job)
    folder = _folder(job)
    folder.check()  # a bad --out is refused at once, before the gate
    decks, loc = _decks(job)
    out_dir = Path(folder.out)
    warnings: list[str] = []
    if job.format == "tts":
        for deck in decks:
            tts.sheet_problem(deck.size_mm, job.bleed, dpi)
            note = tts.sheet_warning(deck.id, deck.size_mm, job.bleed, dpi)
            if note:
                warnings.append(note)
    # every deck drawn (and so fit-checked by the PDF layer) before the first file is written
    drawn = [draw_unique(deck, job.bleed) for deck in decks]

    written: list[Path] = []
    size = 0
    results, rows = [], []
    with folder.staged() as staging:

        def write(name: str, data: bytes) -> Path:
            nonlocal size
            put(staging, name, data)
            written.append(out_dir / name)
            size += len(data)
            return out_dir / name

        for deck, faces in zip(decks, drawn, strict=True):
            card_px = face_size_px(deck.size_mm, job.bleed, dpi)
            result = DeckExport(deck.id, len(deck.cards), deck.total, card_px)
            if job.format == "png":
                files = _write_png(faces, dpi, write, job.workers)
                result.files = files
                rows += _rows(deck, files, out_dir)
            else:
                result.files, result.sheets = _write_tts(faces, dpi, card_px, write)
            results.append(result)
        if job.format == "png":
            write(CSV_NAME, cards_csv(rows))
    warnings += folder.notes
    return ExportResult(job.format, out_dir, dpi, job.bleed, results, written, size, warnings,
                        len(set(loc.fallbacks)))  # faces are built lazily: count at the end


def _write_png(drawn: Drawn, dpi: float, write: Writer, workers: int | None) -> list[Path]:
    deck_id = drawn.deck.id
    return [write(f"{deck_id}/{png_name(ref)}", data)
            for ref, data in encode_pngs(raster_faces(drawn, dpi), dpi, workers)]


def _rows(deck: PrintDeck, files: list[Path], out_dir: Path) -> list[CsvRow]:
    by_name = {p.name: p.relative_to(out_dir).as_posix() for p in files}
    shared = by_name.get("back.png", "")
    return [CsvRow(deck.id, c.id, c.label, c.count, by_name[f"{c.id}-front.png"],
                   by_name.get(f"{c.id}-back.png", shared if c.back is None else ""))
            for c in deck.cards]


def _write_tts(drawn: Drawn, dpi: float, card_px: tuple[int, int],
               write: Writer) -> tuple[list[Path], int]:
    from PIL import Image as PILImage

    fronts: dict[str, Image] = {}
    backs: dict[str, Image] = {}
    shared: Image | None = None
    deck = drawn.deck
    for ref, image in raster_faces(drawn, dpi):
        if ref.card_id is None:
            shared = image
        elif ref.side == "front":
            fronts[ref.card_id] = image
        else:
            backs[ref.card_id] = image
    placed = tts.place([(c.id, c.label, c.count) for c in deck.cards])
    n = tts.sheets_for(len(placed))
    files: list[Path] = []
    face_names, back_names = [], []
    unique_back = bool(backs)
    grey = PILImage.new("RGB", card_px, tts.HIDDEN_GREY)
    for i in range(n):
        on_sheet = [p for p in placed if p.sheet == i]
        name = f"{deck.id}-sheet-{i + 1}.png"
        sheet = tts.compose_sheet([fronts[p.card_id] for p in on_sheet], shared, card_px)
        files.append(write(f"{deck.id}/{name}", png_bytes(sheet, dpi)))
        face_names.append(name)
        if unique_back:  # a card without its own back shows the shared one (or grey)
            name = f"{deck.id}-backs-{i + 1}.png"
            sheet = tts.compose_sheet([backs.get(p.card_id, shared or grey) for p in on_sheet],
                                      None, card_px)
            files.append(write(f"{deck.id}/{name}", png_bytes(sheet, dpi)))
            back_names.append(name)
    if not unique_back and shared is not None:
        name = f"{deck.id}-back.png"
        files.append(write(f"{deck.id}/{name}", png_bytes(shared, dpi)))
        back_names.append(name)
    if not back_names:  # no back at all: TTS still wants one; plain grey like the hidden slot
        name = f"{deck.id}-back.png"
        files.append(write(f"{deck.id}/{name}", png_bytes(grey, dpi)))
        back_names.append(name)
    obj = tts.deck_object(deck.id, deck.name, placed, face_names, back_names, unique_back)
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    files.append(write(f"{deck.id}/{deck.id}.json", text.encode("utf-8")))
    return files, n
