"""``cardkit pdf`` as a library call: load a game in a locale, build its decks, lay them out."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.checking import DEFAULT_CACHE_DIR
from ..core.discovery import discover
from ..core.errors import UsageProblem
from ..core.gate import ContentBlocked
from ..core.outputs import check_output, write_output
from .draw import PdfOptions, render

DEFAULT_OUT_DIR = Path("build")


@dataclass(slots=True)
class PdfJob:
    """What to print."""

    game: str
    content_dir: Path = Path("content")
    locale: str = "en"
    deck: str | None = None
    units: str = "metric"
    options: PdfOptions = field(default_factory=PdfOptions)
    out: Path | None = None
    force: bool = False
    cache_dir: Path | None = DEFAULT_CACHE_DIR  # the check cache the content gate uses


@dataclass(slots=True)
class PdfFile:
    """One written PDF."""

    path: Path
    deck: str
    pages: int
    sheets: int
    cards: int
    size: int
    fallbacks: int


#: Printing refuses content with errors through the one content gate.
PrintBlocked = ContentBlocked


def content_hash(content_dir: Path, game: str, locale: str) -> str:
    """SHA-256 (first 16 hex) of the game's content and the locale's overlays."""
    h = hashlib.sha256()
    for source in discover(content_dir, game):
        rel = source.relpath
        if rel.startswith("i18n/") and not rel.startswith(f"i18n/{locale}/"):
            continue
        h.update(f"{rel}\0{source.digest}\n".encode())
    return h.hexdigest()[:16]


def printed_pdf(data: bytes) -> bool:
    """Whether a file is a PDF ``cardkit pdf`` printed (by its ``/Creator``).

    Such a file in a folder without a record of outputs (written by an older cardkit) is still
    cardkit's own and may be replaced without ``--force``.
    """
    return data.startswith(b"%PDF") and b"/Creator (cardkit)" in data


def default_path(job: PdfJob, deck_id: str) -> Path:
    """``build/GAME-DECK-LOCALE[-imperial][-single].pdf``: variants never replace each other."""
    variant = ("-imperial" if job.units == "imperial" else "") + \
        ("-single" if job.options.layout == "single" else "")
    return DEFAULT_OUT_DIR / f"{job.game}-{deck_id}-{job.locale}{variant}.pdf"


def render_game(job: PdfJob) -> list[PdfFile]:
    """Write one PDF per selected deck.

    The content goes through the gate first: any error ``cardkit check GAME`` reports in the
    game's content or in the translation into ``job.locale`` (the fit checks included) raises
    :class:`~cardkit.core.gate.ContentBlocked` before anything is drawn or written.
    """
    from ..core.gate import gate
    from ..core.registry import get_game
    from ..i18n.api import load
    from ..i18n.lookup import Localizer

    spec = get_game(job.game)
    printer = getattr(spec, "print_decks", None)
    if printer is None:
        raise UsageProblem(f"{job.game!r} has no print templates yet")
    gate(job.game, job.content_dir, job.locale, job.cache_dir)
    data = load(job.game, job.content_dir)
    if job.locale not in data.locales:
        raise UsageProblem(f"unknown locale {job.locale!r}; defined: "
                           f"{', '.join(sorted(data.locales))}")
    overlay = data.translations.overlays.get(job.locale) if job.locale != "en" else None
    loc = Localizer(data.content, data.locales[job.locale], overlay)
    decks = printer(data.content, loc, job.units)
    if job.deck is not None:
        decks = [d for d in decks if d.id == job.deck]
        if not decks:
            raise UsageProblem(f"no deck {job.deck!r} in {job.game!r}")
    if job.out is not None and len(decks) > 1:
        raise UsageProblem("--out names one file; choose a deck with --deck")
    digest = content_hash(job.content_dir, job.game, job.locale)
    paths = [job.out or default_path(job, deck.id) for deck in decks]
    for path in paths:  # refuse before drawing anything, not after the first deck
        check_output(path, force=job.force, content_roots=(job.content_dir,), ours=printed_pdf)
    written = []
    for deck, path in zip(decks, paths):
        deck.content_hash = digest
        opts = PdfOptions(**{**{k: getattr(job.options, k) for k in
                                PdfOptions.__dataclass_fields__},
                             "locale": job.locale,
                             "details": (("Units", job.units),)})
        result = render(deck, opts)
        write_output(path, result.data, force=job.force, content_roots=(job.content_dir,),
                     ours=printed_pdf)
        written.append(PdfFile(path, deck.id, result.pages, result.sheets, result.cards,
                               len(result.data), len(set(loc.fallbacks))))
    return written
