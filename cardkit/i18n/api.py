"""Library calls behind ``cardkit i18n status|check|export|import|confirm``."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core.checking import (DEFAULT_CACHE_DIR, MAX_FILE_BYTES, extra_pair_checks,
                             select_games)
from ..core.content import GameContent, default_parse
from ..core.diagnostics import Diagnostic, Report, Severity, Summary, count
from ..core.discovery import discover, display_path
from ..core.errors import UsageProblem
from ..core.outputs import check_output, write_output
from ..core.registry import get_game
from ..core.sourcemap import resolve_locations
from .exchange import ImportPlan, export_po, export_xliff, plan_po, plan_xliff
from .locale import SOURCE_LOCALE, Locale
from .overlay import LocaleOverlay
from .sources import SourceText, iter_sources
from .translations import (GameTranslations, LocaleStatus, check_translations,
                           is_translation_file, load_locales, load_translations)
from .writer import FieldRef, Update, WriteResult, apply_updates

EXPORT_FORMATS = ("po", "xliff")


@dataclass(slots=True)
class GameI18n:
    """A game's content, translations and locales, loaded together."""

    content: GameContent
    translations: GameTranslations
    locales: dict[str, Locale]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    texts: dict[str, str | None] = field(default_factory=dict)

    def overlay(self, locale: str) -> LocaleOverlay:
        """The overlay of a locale (empty when the game has none yet)."""
        return self.translations.overlays.get(locale) or LocaleOverlay(locale)

    def sources(self) -> list[SourceText]:
        """The game's English texts in content order."""
        return list(iter_sources(self.content))


def load(game: str, content_dir: Path) -> GameI18n:
    """Load one game with its translations; content must load cleanly."""
    from ..core.content import load_content

    spec = get_game(game)
    files = discover(content_dir, game, MAX_FILE_BYTES)
    content, diags = load_content(spec, [f for f in files if not is_translation_file(f.relpath)],
                                  default_parse)
    locale_files = discover(content_dir, "locales", MAX_FILE_BYTES)
    locales, found = load_locales(content_dir, default_parse)
    diags += found
    loaded = load_translations(content, [f for f in files if is_translation_file(f.relpath)],
                               locales, default_parse)
    texts = {f.display: f.text() for f in files + locale_files}
    out = GameI18n(content, loaded, locales, diags, texts)
    if any(d.severity is Severity.ERROR for d in diags) or not content.complete:
        errors = resolve_locations(diags, texts.get)
        raise ContentErrors(errors)
    return out


class ContentErrors(UsageProblem):
    """The content itself has errors; translations cannot be handled until they are fixed."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        first = next((d for d in diagnostics if d.severity is Severity.ERROR), None)
        where = f" (first: {first.file}:{first.line}:{first.col} {first.code} {first.message})" \
            if first else ""
        super().__init__(f"the content has errors; run `cardkit check`{where}")
        self.diagnostics = diagnostics


def _target_locales(data: GameI18n, locale: str | None) -> list[str]:
    if locale is not None:
        if locale not in data.locales or locale == SOURCE_LOCALE:
            raise UsageProblem(f"unknown target locale {locale!r}; defined: "
                               f"{', '.join(sorted(set(data.locales) - {SOURCE_LOCALE}))}")
        return [locale]
    return sorted(set(data.locales) - {SOURCE_LOCALE})


def check(games: tuple[str, ...], content_dir: Path, locale: str | None = None) -> Report:
    """Translation findings only (the same checks ``cardkit check`` runs)."""
    diagnostics: list[Diagnostic] = []
    summary = Summary()
    for game in select_games(games, content_dir):
        data = load(game, content_dir)
        found, _ = check_translations(data.content, data.translations, data.locales,
                                      extra_pair_checks(data.content.game),
                                      only=set(_target_locales(data, locale)))
        summary.files += sum(1 for path in data.texts if "/i18n/" in path or "/glossary/" in path)
        summary.objects += data.content.object_count
        diagnostics += resolve_locations(found, data.texts.get)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Report(diagnostics, count(diagnostics, summary))


def status(games: tuple[str, ...], content_dir: Path, locale: str | None = None
           ) -> list[LocaleStatus]:
    """Coverage per game and locale: translated, missing, stale, failing."""
    rows: list[LocaleStatus] = []
    for game in select_games(games, content_dir):
        data = load(game, content_dir)
        _, statuses = check_translations(data.content, data.translations, data.locales,
                                         extra_pair_checks(data.content.game))
        by_locale = {s.locale: s for s in statuses}
        total = len(data.sources())
        for code in _target_locales(data, locale):
            rows.append(by_locale.get(code) or LocaleStatus(game, code, total=total,
                                                            missing=total))
    return rows


def export(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
           force: bool = False, cache_dir: Path | None = DEFAULT_CACHE_DIR) -> Path:
    """Write a PO or XLIFF file for translators.

    Written by :func:`~cardkit.core.outputs.write_output`: atomically, never inside
    ``content_dir``; an existing file cardkit did not write needs ``force``.

    The content goes through the gate first (``cardkit check GAME`` on the game's content and
    the ``locale`` translation): errors raise :class:`~cardkit.core.gate.ContentBlocked`.
    """
    from ..core.gate import gate

    if fmt not in EXPORT_FORMATS:
        raise UsageProblem(f"unknown format {fmt!r}; use {' or '.join(EXPORT_FORMATS)}")
    gate(game, content_dir, locale, cache_dir)
    data = load(game, content_dir)
    (code,) = _target_locales(data, locale)
    check_output(out, force=force, content_roots=(content_dir,))
    sources = data.sources()
    lines = {s.context: 0 for s in sources}
    located = resolve_locations(
        [Diagnostic("X", Severity.INFO, s.context, s.record.file, pointer=s.pointer)
         for s in sources], data.texts.get)
    for d in located:
        lines[d.message] = d.line
    text = (export_po(game, data.locales[code], sources, data.overlay(code), lines)
            if fmt == "po" else export_xliff(game, data.locales[code], sources,
                                             data.overlay(code)))
    return write_output(out, text, force=force, content_roots=(content_dir,))


@dataclass(slots=True)
class ImportResult:
    """The outcome of an import: the plan (with any errors) and what was written."""

    locale: str
    plan: ImportPlan
    written: WriteResult | None = None


def incoming_errors(data: GameI18n, code: str, plan: ImportPlan, display: str
                    ) -> list[Diagnostic]:
    """The translation checks (``cardkit check``'s pair checks) run on every text an import
    would write, reported at its line in the exchange file: an import never writes what
    ``check`` would then reject."""
    from .checks import PAIR_CHECKS, Pair, TranslationEnv, pair_diagnostics
    from .overlay import Entry, Translation
    from .translations import card_font_glyphs

    env = TranslationEnv(data.locales[code], frozenset(getattr(data.content.game, "tokens", ())),
                         data.translations.glossaries.get(code, []), card_font_glyphs())
    checks = PAIR_CHECKS + extra_pair_checks(data.content.game)
    sources = {(s.kind, s.object_id, s.key): s for s in data.sources()}
    out: list[Diagnostic] = []
    for ref, update in plan.updates.items():
        src = sources.get(ref)
        if src is None:
            continue
        entry = Entry(Translation(text=update.text, src=update.src, same=bool(update.same)),
                      display, ("entries", ref[1], ref[2]))
        line = plan.lines.get(ref, 1)
        for d in pair_diagnostics(Pair(src, entry, env), checks):
            if d.severity is Severity.ERROR:
                out.append(d.with_position(line, 1))
    return out


def detect_locale(path: Path) -> str | None:
    """The target locale named inside a PO (``Language``) or XLIFF (``trgLang``) file."""
    import re

    try:
        with path.open("rb") as stream:  # only the head: the file may be huge
            head = stream.read(65536).decode("utf-8", "replace")
    except OSError as exc:
        raise UsageProblem(f"cannot read {path}: {exc.strerror}") from exc
    match = re.search(r'"Language: ([A-Za-z-]+)\\n"', head) or \
        re.search(r'trgLang="([A-Za-z-]+)"', head)
    return match.group(1) if match else None


def import_file(game: str, path: Path, content_dir: Path, schemas_dir: Path,
                locale: str | None = None, dry_run: bool = False) -> ImportResult:
    """Validate an exchange file completely, then (unless ``dry_run``) update the overlays."""
    if not path.is_file():
        raise UsageProblem(f"{path} is not a regular file" if os.path.lexists(path)
                           else f"no such file: {path}")
    data = load(game, content_dir)
    code = locale or detect_locale(path)
    if code is None:
        raise UsageProblem(f"{path} does not name its language; pass --locale")
    (code,) = _target_locales(data, code)
    by_context = {s.context: s for s in data.sources()}
    planner = plan_xliff if path.suffix.lower() in (".xlf", ".xliff") else plan_po
    plan = planner(path, data.locales[code], by_context, data.overlay(code))
    result = ImportResult(code, plan)
    if not plan.errors:
        plan.errors.extend(incoming_errors(data, code, plan, display_path(path)))
    if plan.errors:
        return result
    result.written = apply_updates(content_dir, schemas_dir, game, code, plan.updates,
                                   data.sources(), dry_run=dry_run)
    return result


def confirm(game: str, content_dir: Path, schemas_dir: Path, locale: str,
            targets: tuple[str, ...] = (), dry_run: bool = False) -> WriteResult:
    """Mark stale translations as still correct: their fingerprint becomes the current English's.

    ``targets`` are object ids or ``id/field`` keys; empty means every stale entry of the locale.
    """
    data = load(game, content_dir)
    (code,) = _target_locales(data, locale)
    overlay = data.overlay(code)
    updates: dict[FieldRef, Update] = {}
    for src in data.sources():
        entry = overlay.get(src.kind, src.object_id, src.key)
        if entry is None or entry.translation.src == src.fingerprint:
            continue
        if targets and src.object_id not in targets and \
                f"{src.object_id}/{src.key}" not in targets:
            continue
        updates[(src.kind, src.object_id, src.key)] = Update(entry.translation.text,
                                                             src.fingerprint)
    return apply_updates(content_dir, schemas_dir, game, code, updates, data.sources(),
                         dry_run=dry_run)

