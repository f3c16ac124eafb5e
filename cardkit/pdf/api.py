"""What ``cardkit pdf`` prints and where: the job, the files it writes, their default names.

The gated job itself (content gate, decks in a locale, drawing, writing) is
:func:`cardkit.export.printing.render_game`, one layer up: it runs the checks
(:mod:`cardkit.checking`), which need this layer's fit check.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.diagnostics import Diagnostic
from ..core.discovery import discover
from ..core.errors import ContentBlocked
from ..core.loading import DEFAULT_CACHE_DIR
from ..core.outdir import default_build_dir
from .draw import PdfOptions

DEFAULT_OUT_DIR = Path("build")  # for the default content folder (see default_path)


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
    ink_saver: bool = False  # no full-colour backgrounds or backs; generic pages without fills
    strict: bool = False  # refuse (exit 1) when a printed translation has a warning (stale...)


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
    warnings: tuple[str, ...] = ()  # for the user (stderr), not errors
    notes: tuple[str, ...] = ()  # choices worth knowing (stderr): a bleed that costs cards
    board: bool = False  # a board tiled over pages, not a deck of cards
    #: Warnings of ``cardkit check`` on the translations this file prints (stale, copied...).
    findings: tuple[Diagnostic, ...] = ()


class StrictTranslations(ContentBlocked):
    """``--strict``: a translation the PDF would print has warnings; nothing was written."""

    def __init__(self, game: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(game, diagnostics)
        n = len(diagnostics)
        self.args = (f"--strict: {n} warning{'' if n == 1 else 's'} on printed "
                     "translations",)


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


def default_path(job: PdfJob, deck_id: str) -> Path:
    """``build/GAME-DECK-LOCALE[-imperial][-single|-fold][-ink-saver].pdf``: variants that
    print differently never replace each other (paper, duplex edge and offsets do not name a
    variant: they are the same cards for another printer). For another content folder than
    ``./content`` the file goes to ``build/<tag>/`` (:func:`~cardkit.core.outdir.content_tag`,
    e.g. ``build/examples-content-3f9a1c/``), so two content folders never share a default
    name."""
    layout = "-single" if job.options.layout == "single" else \
        "-fold" if job.options.sheet.duplex == "fold" else ""
    variant = ("-imperial" if job.units == "imperial" else "") + layout + \
        ("-ink-saver" if job.ink_saver or job.options.ink_saver else "")
    return default_build_dir(job.content_dir) / f"{job.game}-{deck_id}-{job.locale}{variant}.pdf"
