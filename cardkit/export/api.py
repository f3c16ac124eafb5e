"""``cardkit export`` as a library call: a game's cards as images for print services or TTS.

``png``: one image per distinct face (``<deck>/<card>-front.png``; backs as :mod:`.unique`
names them) and ``cards.csv`` for the print shop; ``--preset`` renders them at a print service's
template size, file type and colour mode (:mod:`.presets`). Identical images are written once
across the export and every card points at the one file. ``tts``: Tabletop Simulator sheets per
pile and one saved-object JSON for the game, ``<game>.json`` (:mod:`.ttsexport`). The content
goes through the same gate as ``cardkit pdf``.

The export folder is one output (:class:`cardkit.core.outdir.FolderOutput`): it is checked
before anything is drawn, written into a temporary folder beside it and renamed into place at
the end, so a failing or interrupted export leaves the previous one as it was. A folder holding
files cardkit did not write is never replaced; an earlier export, only when unchanged (else
with ``force``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..core.loading import DEFAULT_CACHE_DIR
from ..core.errors import UsageProblem
from ..core.outdir import FolderOutput, default_build_dir, put
from ..core.reuse import Previous, Stored
from . import presets, tts, ttsexport
from .csvfile import CsvRow, cards_csv
from .inputs import FaceKey, face_keys
from .raster import (Drawn, FaceRef, Window, draw_unique, encode_all, face_size_px, png_bytes,
                     raster_faces, unique_deck)
from .unique import Face, Registry, card_files, place

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
Writer = Callable[[str, Face], Path]


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
    #: png only: a print service's template (:data:`.presets.PRESETS`); fixes size and dpi.
    preset: str | None = None
    #: tts only: the address the export folder is hosted at; None: ``file://`` URLs.
    base_url: str | None = None
    #: png only: an earlier build to reuse (the site's, :mod:`cardkit.core.reuse`): a face whose
    #: inputs (:mod:`.inputs`) are unchanged is read back instead of drawn, a file it holds
    #: byte for byte is linked; :attr:`ExportResult.inputs` then records every face's inputs.
    previous: Previous | None = None


@dataclass(slots=True)
class DeckExport:
    """What was written for one deck."""

    deck: str
    unique: int  # unique cards
    total: int  # cards to print, copies included
    card_px: tuple[int, int]
    files: list[Path] = field(default_factory=list)
    sheets: int = 0  # tts only
    piles: int = 0  # tts only


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
    reused: int = 0  # faces identical to an image already written (not written again)
    preset: str | None = None
    #: With :attr:`ExportJob.previous`: face input digest -> the file made from it (relative to
    #: the folder), the faces drawn this time, and the files linked from the previous build.
    inputs: dict[str, str] = field(default_factory=dict)
    drawn: int = 0
    linked: int = 0


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
    if job.preset is not None:
        presets.get(job.preset)
        if job.format != "png":
            raise UsageProblem("--preset is for --format png (a print service's images)")
        if job.dpi is not None or job.bleed:
            raise UsageProblem(f"--preset {job.preset} fixes the size and the bleed: drop "
                               "--dpi and --bleed")
        return presets.DPI
    if job.base_url is not None:
        if job.format != "tts":
            raise UsageProblem("--base-url is for --format tts (where TTS finds the images)")
        if not re.fullmatch(r"https?://[^\s/]+(/\S*)?", job.base_url):
            raise UsageProblem(f"--base-url must be an http:// or https:// address, not "
                               f"{job.base_url!r}")
    return float(dpi)


def _shown(value: object) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) else repr(value)


def default_dir(job: ExportJob) -> Path:
    """``build/export/GAME-LOCALE[-DECK][-imperial][-ink-saver][-tts|-PRESET]``: variants never replace
    each other; for another content folder than ``./content``, under ``build/<tag>/export``
    (:func:`cardkit.core.outdir.default_build_dir`)."""
    variant = (f"-{job.deck}" if job.deck else "") + \
        ("-imperial" if job.units == "imperial" else "") + \
        ("-ink-saver" if job.ink_saver else "") + ("-tts" if job.format == "tts" else "") + \
        (f"-{job.preset}" if job.preset else "")
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


def export_game(job: ExportJob) -> ExportResult:
    """Write the export; raise :class:`UsageProblem` (or ``ContentBlocked``) before writing
    anything when the options, the content or any target file is not right."""
    dpi = check_options(job)
    preset = presets.get(job.preset) if job.preset else None
    folder = _folder(job)
    folder.check()  # a bad --out is refused at once, before the gate
    decks, loc = _decks(job)
    out_dir = Path(folder.out)
    windows: list[Window | None] = [None] * len(decks)
    bleeds = [job.bleed] * len(decks)
    if preset is not None:  # every deck's size checked before anything is drawn
        windows = [presets.layout(presets.template_px(preset, d.id, d.size_mm), d.size_mm)
                   for d in decks]
        bleeds = [presets.draw_bleed_mm(w) for w in windows if w is not None]
    if job.format == "tts":
        for deck in decks:
            tts.check_card(deck.id, deck.size_mm, job.bleed, dpi)
    previous = job.previous if job.format == "png" else None
    keys, known = _known(job, previous, dpi, decks, loc)
    # every deck drawn (and so fit-checked by the PDF layer) before the first file is written;
    # with a previous build, only the cards with a face whose inputs changed (their faces were
    # checked when first drawn, from the same inputs)
    drawn = [draw_unique(deck, b, None if previous is None else
                         lambda ref, d=deck.id: (d, ref.card_id, ref.side) not in known)
             for deck, b in zip(decks, bleeds, strict=True)]
    inputs: dict[str, str] = {}
    linked = 0

    written: list[Path] = []
    size = 0
    results = []
    registry = Registry()
    with folder.staged() as staging:

        def write(name: str, data: Face) -> Path:
            nonlocal size, linked
            if previous is not None:
                linked += previous.write(staging / name, data)
            else:
                put(staging, name, data.read() if isinstance(data, Stored) else data)
            written.append(out_dir / name)
            size += len(data)
            return out_dir / name

        if job.format == "tts":
            url = ttsexport.file_url(out_dir, job.base_url)
            per_deck, _ = ttsexport.write_game(decks, drawn, dpi, write, url, registry, job.game)
            for deck, faces, done in zip(decks, drawn, per_deck, strict=True):
                results.append(DeckExport(deck.id, len(deck.cards), deck.total,
                                          face_size_px(deck.size_mm, faces.bleed_mm, dpi),
                                          done.files, done.sheets, done.piles))
        else:
            rows: list[CsvRow] = []
            for deck, faces, window in zip(decks, drawn, windows, strict=True):
                card_px = window.size_px if window else face_size_px(deck.size_mm, job.bleed,
                                                                     dpi)
                files, deck_rows = _write_faces(deck, faces, dpi, window, preset, registry,
                                                write, job.workers, keys, known, inputs)
                rows += deck_rows
                results.append(DeckExport(deck.id, len(deck.cards), deck.total, card_px, files))
            write(CSV_NAME, cards_csv(rows))
    warnings = list(folder.notes)
    return ExportResult(job.format, out_dir, dpi, job.bleed, results, written, size, warnings,
                        len(set(loc.fallbacks)),  # faces are built lazily: count at the end
                        registry.reused, job.preset, inputs, sum(len(d.faces) for d in drawn),
                        linked)


def _known(job: ExportJob, previous: Previous | None, dpi: float, decks: list[PrintDeck],
           loc: Localizer) -> tuple[dict[FaceKey, str], dict[FaceKey, Stored]]:
    """With a previous build: every face's input digest, and the files of the faces the
    previous build made from the same inputs."""
    if previous is None:
        return {}, {}
    settings = {"format": job.format, "dpi": dpi, "bleed": job.bleed, "units": job.units,
                "ink_saver": job.ink_saver, "preset": job.preset, "locale": job.locale}
    keys = face_keys(job.game, job.content_dir, decks, loc, settings)
    known = {}
    for key, digest in keys.items():
        data = previous.read(digest)
        if data is not None:
            known[key] = data
    return keys, known


def _write_faces(deck: PrintDeck, drawn: Drawn, dpi: float, window: Window | None,
                 preset: presets.Preset | None, registry: Registry, write: Writer,
                 workers: int | None, keys: dict[FaceKey, str] | None = None,
                 known: dict[FaceKey, Stored] | None = None, inputs: dict[str, str] | None = None
                 ) -> tuple[list[Path], list[CsvRow]]:
    """A deck's distinct faces written once each; the CSV rows pointing every card at them.
    With ``keys`` (a previous build), the faces not drawn are the ``known`` files, and
    ``inputs`` gets every face's input digest -> its file."""
    if preset is None:
        suffix = ".png"

        def encode(image: Image) -> bytes:
            return png_bytes(image, dpi)
    else:
        suffix = preset.suffix

        def encode(image: Image) -> bytes:
            return presets.encode(image, preset)
    faces: list[tuple[FaceRef, Face]] = list(encode_all(raster_faces(drawn, dpi, window),
                                                        encode, workers))
    if keys and known is not None:
        made = dict(faces)
        faces = [(ref, made[ref] if ref in made else known[(deck.id, ref.card_id, ref.side)])
                 for ref in unique_deck(deck).faces]
    paths, writes = place(deck.id, faces, suffix, registry)
    if keys and inputs is not None:
        for ref, _ in faces:
            at = paths[(ref.card_id, ref.side if ref.card_id is not None else "back")]
            inputs[keys[(deck.id, ref.card_id, ref.side)]] = at
    files = [write(name, data) for name, data in writes]
    rows = []
    for card in deck.cards:
        front, back = card_files(paths, card.id)
        rows.append(CsvRow(deck.id, card.id, card.label, card.count, front, back))
    return files, rows
