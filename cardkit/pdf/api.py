"""``cardkit pdf`` as a library call: load a game in a locale, build its decks, lay them out."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity
from ..core.discovery import discover
from ..core.errors import UsageProblem
from ..core.sourcemap import resolve_locations
from .draw import PdfOptions, render, write_pdf

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


class PrintBlocked(UsageProblem):
    """The content has findings that would print badly (text that does not fit...)."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} error(s) must be fixed before printing")
        self.diagnostics = diagnostics


def content_hash(content_dir: Path, game: str, locale: str) -> str:
    """SHA-256 (first 16 hex) of the game's content and the locale's overlays."""
    h = hashlib.sha256()
    for source in discover(content_dir, game):
        rel = source.relpath
        if rel.startswith("i18n/") and not rel.startswith(f"i18n/{locale}/"):
            continue
        h.update(f"{rel}\0{source.digest}\n".encode())
    return h.hexdigest()[:16]


def render_game(job: PdfJob) -> list[PdfFile]:
    """Write one PDF per selected deck; raise :class:`PrintBlocked` on fit or content errors."""
    from ..core.checking import extra_pair_checks
    from ..core.registry import get_game
    from ..i18n.api import load
    from ..i18n.lookup import Localizer
    from ..i18n.translations import check_translations

    spec = get_game(job.game)
    printer = getattr(spec, "print_decks", None)
    if printer is None:
        raise UsageProblem(f"{job.game!r} has no print templates yet")
    data = load(job.game, job.content_dir)
    if job.locale not in data.locales:
        raise UsageProblem(f"unknown locale {job.locale!r}; defined: "
                           f"{', '.join(sorted(data.locales))}")
    blocking = [d for d in _fit_findings(data, spec) if d.severity is Severity.ERROR]
    if job.locale != "en":
        found, _ = check_translations(data.content, data.translations, data.locales,
                                      extra_pair_checks(spec), only={job.locale})
        blocking += [d for d in found if d.code == "I18N018"]
    if blocking:
        raise PrintBlocked(resolve_locations(blocking, data.texts.get))
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
    written = []
    for deck in decks:
        deck.content_hash = digest
        path = job.out or DEFAULT_OUT_DIR / f"{job.game}-{deck.id}-{job.locale}.pdf"
        if job.out is not None and path.exists() and not job.force:
            raise UsageProblem(f"{path} exists; pass --force to overwrite it")
        opts = PdfOptions(**{**{k: getattr(job.options, k) for k in
                                PdfOptions.__dataclass_fields__},
                             "locale": job.locale,
                             "details": (("Units", job.units),)})
        result = render(deck, opts)
        write_pdf(path, result.data)
        written.append(PdfFile(path, deck.id, result.pages, result.sheets, result.cards,
                               len(result.data), len(set(loc.fallbacks))))
    return written


def _fit_findings(data: object, spec: object) -> list[Diagnostic]:
    from ..core.checking import run_game_checks

    return [d for d in run_game_checks(data.content)  # type: ignore[attr-defined]
            if d.code.endswith("018")]
