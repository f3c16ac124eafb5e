"""The content gate: every command that uses content runs the checks first.

``simulate``, ``strength``, ``pdf``, ``export`` and ``i18n export`` call :func:`require_clean`
(or :func:`gate`) before they hand content to an engine, a template or an exchange writer. The gate
runs exactly what ``cardkit check GAME`` runs — loading, schema validation, the game's
consistency checks and the translation checks (the print fit check included) — through the
same result cache, so a gate on unchanged content answers in well under a second. It then keeps
the findings that matter for what the command uses:

* the game's own files (every command);
* for a ``locale``: also the locale files (``content/locales/*.yaml``, which every localised
  command loads; a missing ``content/locales/`` folder, reported at a translation file, too)
  and the overlays and glossary of that locale (``i18n/<locale>/``, ``glossary/<locale>.yaml``);
  other locales' translations do not block.

Errors raise :class:`~cardkit.core.errors.ContentBlocked` (exit code 1, the located diagnostics
attached); warnings never block.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..core.diagnostics import Diagnostic, Report, Severity
from ..core.discovery import display_path, game_folder
from ..core.errors import ContentBlocked
from ..core.loading import DEFAULT_CACHE_DIR, LOCALES, load_game
from .run import CheckOptions, run_check

if TYPE_CHECKING:
    from ..core.content import GameContent

__all__ = ["ContentBlocked", "Shown", "gate", "gate_shown", "gate_translation", "relevant",
           "require_clean"]


def _locale_of(file: str, game_base: str, locales_base: str) -> tuple[bool, str | None]:
    """``(is_translation_side, locale)`` of a diagnostic's file (display path)."""
    if file.startswith(locales_base + "/"):
        return True, None  # a locale definition: needed by every localised command
    for folder in ("/i18n/", "/glossary/"):
        prefix = game_base + folder
        if file.startswith(prefix):
            first = file[len(prefix):].split("/", 1)[0]
            return True, first.rsplit(".", 1)[0] if folder == "/glossary/" else first
    return False, None


def relevant(diagnostics: list[Diagnostic], game: str, content_dir: Path,
             locale: str | None = None) -> list[Diagnostic]:
    """The findings of ``cardkit check GAME`` that concern a command using the game's content
    (and, with ``locale``, its translation into that locale)."""
    game_base = display_path(game_folder(content_dir, game))
    locales_base = display_path(content_dir / LOCALES)
    # Without content/locales/ no locale is defined, the source English included: its one
    # I18N019 sits at the first translation file (whatever locale that is) but concerns every
    # localised command.
    no_locales = locale is not None and not (content_dir / LOCALES).is_dir()
    out = []
    for d in diagnostics:
        translation, owner = _locale_of(d.file, game_base, locales_base)
        if not translation:
            out.append(d)
        elif locale is not None and (owner in (None, locale)
                                     or (no_locales and d.code == "I18N019")):
            out.append(d)
    return out


def _blocking(report: Report, game: str, content_dir: Path, locale: str | None
              ) -> list[Diagnostic]:
    """The findings of ``report`` that concern a command using ``game`` (in ``locale``);
    raise :class:`ContentBlocked` when any is an error."""
    found = relevant(report.diagnostics, game, content_dir, locale)
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        raise ContentBlocked(game, errors)
    return found


def _translation(report: Report, game: str, content_dir: Path, locale: str
                 ) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """:func:`gate_translation` on a report of the game's check."""
    found = relevant(report.diagnostics, game, content_dir, locale)
    game_base = display_path(game_folder(content_dir, game))
    locales_base = display_path(content_dir / LOCALES)
    own, blocking = [], []
    for d in found:
        if d.severity is not Severity.ERROR:
            continue
        side, owner = _locale_of(d.file, game_base, locales_base)
        (own if side and owner == locale else blocking).append(d)
    if blocking:
        raise ContentBlocked(game, blocking)
    return [d for d in found if d.severity is not Severity.ERROR], own


def gate(game: str, content_dir: Path, locale: str | None = None,
         cache_dir: Path | None = DEFAULT_CACHE_DIR) -> list[Diagnostic]:
    """Run ``cardkit check GAME``; raise :class:`ContentBlocked` when anything the command uses
    has errors. Returns the remaining (non-blocking) findings that concern it."""
    report = run_check(CheckOptions((game,), content_dir, cache_dir))
    return _blocking(report, game, content_dir, locale)


def gate_translation(game: str, content_dir: Path, locale: str,
                     cache_dir: Path | None = DEFAULT_CACHE_DIR
                     ) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """:func:`gate` for a command that shows a translation *as it is* (the site): errors in
    the locale's own translation files (``i18n/<locale>/``, ``glossary/<locale>.yaml``) do not
    block; they are returned, so that the entries they point at are withheld (printed in
    English) and shown to the translators. Anything else with errors — the game's own files,
    the locale definitions — still raises :class:`ContentBlocked`. Returns ``(findings,
    translation errors)``: the non-blocking findings, and the errors let through."""
    report = run_check(CheckOptions((game,), content_dir, cache_dir))
    return _translation(report, game, content_dir, locale)


class Shown:
    """One check of a game for a command that shows it in several locales (the site): made by
    :func:`gate_shown`, asked per locale by :meth:`failing`."""

    def __init__(self, game: str, content_dir: Path, report: Report) -> None:
        self.game, self.content_dir, self.report = game, content_dir, report

    def failing(self, locales: tuple[str, ...], source: tuple[str, ...]
                ) -> dict[str, list[Diagnostic]]:
        """Per locale, :func:`gate` for one in ``source`` (English and its pseudo-locale, which
        show no translation; gated as ``source[0]``) and :func:`gate_translation` for the
        others. Returns each translated locale's errors let through."""
        failing: dict[str, list[Diagnostic]] = {}
        for code in locales:
            if code in source:
                _blocking(self.report, self.game, self.content_dir, source[0])
            else:
                failing[code] = _translation(self.report, self.game, self.content_dir,
                                             code)[1]
        return failing


def gate_shown(game: str, content_dir: Path, cache_dir: Path | None = DEFAULT_CACHE_DIR
               ) -> Shown:
    """:func:`gate` for a command that shows the game in several locales, the check run once:
    ask the result for each locale's verdict (:meth:`Shown.failing`). The caller then loads the
    content with its translations (:func:`cardkit.i18n.api.load`, which raises on errors the
    content has gained since the check ran)."""
    report = run_check(CheckOptions((game,), content_dir, cache_dir))
    _blocking(report, game, content_dir, None)
    return Shown(game, content_dir, report)


def _complete(game: str, content_dir: Path, cache_dir: Path | None) -> GameContent:
    content, diags = load_game(game, content_dir, cache_dir)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors or not content.complete:  # changed since the check ran
        raise ContentBlocked(game, errors)
    return content


def require_clean(game: str, content_dir: Path, locale: str | None = None,
                  cache_dir: Path | None = DEFAULT_CACHE_DIR) -> GameContent:
    """The game's content, validated and checked (see :func:`gate`); raises
    :class:`ContentBlocked` when it has errors."""
    gate(game, content_dir, locale, cache_dir)
    return _complete(game, content_dir, cache_dir)
