"""``cardkit pdf`` as a library call: the content gate, a game's decks in a locale, drawn by
the PDF layer and written (:func:`render_game`); the decks alone for ``cardkit export``
(:func:`localized_decks`).

These run the content gate (:mod:`cardkit.checking.gate`), so they sit above it; the job and
file types and the default names are :mod:`cardkit.pdf.api`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..checking.gate import gate, gate_translation
from ..core.diagnostics import Diagnostic, Severity
from ..core.errors import UsageProblem
from ..core.outputs import check_output, write_output
from ..core.registry import get_game
from ..i18n.placement import unknown_locale
from ..i18n.pseudo import PSEUDO_CODE, pseudo_locale
from ..pdf.api import PdfFile, PdfJob, StrictTranslations, content_hash, default_path
from ..pdf.draw import PdfOptions, render

if TYPE_CHECKING:
    from ..core.content import GameContent
    from ..i18n.lookup import Localizer
    from ..pdf.deck import PrintDeck

__all__ = ["localized_decks", "localizer", "render_game"]


def localized_decks(game: str, content_dir: Path, locale: str, units: str, ink_saver: bool,
                    cache_dir: Path | None, withhold_failing: bool = False
                    ) -> tuple[list[PrintDeck], Localizer]:
    """A game's print decks in one locale, after the content gate (``pdf`` and ``export``).

    With ``withhold_failing`` (the site), errors in the locale's own translation files do not
    block: the entries they point at are withheld and print in English (counted as fallbacks).

    Raises :class:`~cardkit.core.errors.ContentBlocked` for content with errors and
    :class:`UsageProblem` for a game without templates or an unknown locale. The decks carry
    the locale's generic-page strings and number format.
    """
    from ..pdf.draw import print_kwargs

    printer = getattr(get_game(game), "print_decks", None)
    if printer is None:
        raise UsageProblem(f"{game!r} has no print templates yet")
    content, loc = localizer(game, content_dir, locale, cache_dir, withhold_failing)
    decks = printer(content, loc, units, **print_kwargs(printer, ink_saver))
    for deck in decks:
        deck.strings, deck.locale, deck.number = loc.string, locale, loc.number
        deck.language = loc.locale.native_name
    return decks, loc


def localizer(game: str, content_dir: Path, locale: str, cache_dir: Path | None,
              withhold_failing: bool = False) -> tuple[GameContent, Localizer]:
    """The game's content and its texts in ``locale`` (``pseudo`` included), after the content
    gate and the locale's translation gate (see :func:`localized_decks`)."""
    from ..i18n.api import load
    from ..i18n.lookup import Localizer

    pseudo = locale == PSEUDO_CODE  # the English, pseudo-localized: no translation to gate
    withheld: list[Diagnostic] = []
    if withhold_failing and not pseudo and locale != "en":
        findings, withheld = gate_translation(game, content_dir, locale, cache_dir)
    else:
        findings = gate(game, content_dir, "en" if pseudo else locale, cache_dir)
    data = load(game, content_dir, cache_dir)
    if pseudo and "en" in data.locales:
        return data.content, Localizer(data.content, pseudo_locale(data.locales["en"]), None,
                                       pseudo=True, pseudo_expansion=0.0)
    if locale not in data.locales:
        raise unknown_locale(data.locales, locale)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    if overlay is not None and withheld:
        overlay = overlay.withholding(withheld)[0]
    loc = Localizer(data.content, data.locales[locale], overlay)
    if overlay is not None:
        translation_side = f"/i18n/{locale}/"
        loc.findings = [d for d in findings if d.severity is Severity.WARNING
                        and d.code.startswith("I18N") and translation_side in d.file]
    return data.content, loc


def render_game(job: PdfJob) -> list[PdfFile]:
    """Write one PDF per selected deck.

    The content goes through the gate first: any error ``cardkit check GAME`` reports in the
    game's content or in the translation into ``job.locale`` (the fit checks included) raises
    :class:`~cardkit.core.errors.ContentBlocked` before anything is drawn or written.
    """
    spec = get_game(job.game)
    printer = getattr(spec, "print_decks", None)
    if printer is None:
        raise UsageProblem(f"{job.game!r} has no print templates yet")
    if job.out is not None:  # a bad --out is refused at once, before the gate and the layout
        check_output(job.out, force=job.force, content_roots=(job.content_dir,))
    from ..pdf.geometry import check_options

    check_options(job.options.sheet)  # NaN, out-of-range options: refused before any work
    ink_saver = job.ink_saver or job.options.ink_saver
    decks, loc = localized_decks(job.game, job.content_dir, job.locale, job.units, ink_saver,
                                 job.cache_dir)
    board_maker = getattr(spec, "print_boards", None)  # boards (a game's maps) print too
    boards = board_maker(loc.content, loc, ink_saver=ink_saver) if board_maker else []
    if job.deck is not None:
        decks = [d for d in decks if d.id == job.deck]
        boards = [b for b in boards if b.id == job.deck]
        if not decks and not boards:
            raise UsageProblem(f"no deck {job.deck!r} in {job.game!r}")
    if job.out is not None and len(decks) + len(boards) > 1:
        raise UsageProblem("--out names one file; choose a deck with --deck")
    digest = content_hash(job.content_dir, job.game, job.locale)
    paths = [job.out or default_path(job, deck.id) for deck in decks]
    board_paths = [job.out or default_path(job, board.id) for board in boards]
    for path in paths + board_paths:  # refuse before drawing anything, not after the first deck
        check_output(path, force=job.force, content_roots=(job.content_dir,))
    if boards:  # a board text that does not fit refuses everything, decks included
        from ..pdf.board import faces as board_faces
        from ..pdf.fit import require_fit

        require_fit([f for b in boards for f in board_faces(
            b, job.options.sheet.paper, margin=job.options.sheet.margin,
            check=job.options.calibration)])
    rendered: list[tuple[Path, bytes, PdfFile]] = []
    reported: set[Diagnostic] = set()

    def new_findings() -> tuple[Diagnostic, ...]:
        """Warnings on translations printed so far that no earlier file reported."""
        found = [d for d in loc.printed_findings() if d not in reported]
        reported.update(found)
        return tuple(found)

    for deck, path in zip(decks, paths):  # everything is drawn before anything is written
        deck.content_hash = digest
        opts = PdfOptions(**{**{k: getattr(job.options, k) for k in
                                PdfOptions.__dataclass_fields__},
                             "locale": job.locale, "ink_saver": ink_saver,
                             "details": (("Units", job.units),)})
        result = render(deck, opts)
        rendered.append((path, result.data, PdfFile(
            path, deck.id, result.pages, result.sheets, result.cards, len(result.data),
            len(set(loc.fallbacks)), result.warnings, findings=new_findings(),
            notes=result.notes)))
    for board, path in zip(boards, board_paths):
        from ..pdf.board import render_board

        printed = render_board(board, job.options.sheet.paper, margin=job.options.sheet.margin,
                               check=job.options.calibration)
        rendered.append((path, printed.data, PdfFile(
            path, board.id, printed.pages, printed.pages, 0, len(printed.data),
            len(set(loc.fallbacks)), board=True, findings=new_findings())))
    if job.strict:
        found = sorted({d for *_, f in rendered for d in f.findings}, key=Diagnostic.sort_key)
        if found:
            raise StrictTranslations(job.game, found)
    written = []
    for path, data, info in rendered:
        write_output(path, data, force=job.force, content_roots=(job.content_dir,))
        written.append(info)
    return written
