"""Library calls behind ``cardkit i18n status|check|confirm|diff``, and the building blocks of
``i18n export|import|glossary``.

The exchange jobs themselves (:mod:`cardkit.export.exchange`) sit above the content gate and the
print fit check, which this layer must not import.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core.content import GameContent, default_parse, is_translation_file
from ..core.diagnostics import Diagnostic, Report, Severity, Summary, count
from ..core.discovery import discover, display_path
from ..core.errors import ContentBlocked, UsageProblem
from ..core.loading import MAX_FILE_BYTES, extra_pair_checks, make_parser, select_games
from ..core.registry import get_game
from ..core.sourcemap import resolve_locations
from .exchange import ImportPlan
from .locale import SOURCE_LOCALE, Locale, locales_dir
from .overlay import LocaleOverlay
from .placement import unknown_locale
from .sources import SourceText, iter_sources
from .translations import (GameTranslations, LocaleStatus, check_translations, load_locales,
                           load_translations)
from .writer import FieldRef, Update, WriteResult, apply_updates

#: ``xliff`` is XLIFF 2.0, ``xliff12`` XLIFF 1.2 (see :mod:`cardkit.i18n.xliff`).
EXPORT_FORMATS = ("po", "xliff", "xliff12")


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


#: Each game's last load in this process, by the files it was made from, with the process
#: that made it: a worker process forked after it takes it once instead of loading the same
#: files again (its copy of the parent's memory is its own; the parent never takes its own,
#: so no two callers in one process share a load).
_FOR_WORKERS: dict[tuple[str, str], tuple[tuple[tuple[str, str], ...], int, GameI18n]] = {}


def load(game: str, content_dir: Path, cache_dir: Path | None = None) -> GameI18n:
    """Load one game with its translations; content must load cleanly. With ``cache_dir``,
    files go through the per-file parse cache that ``check`` fills (as
    :func:`~cardkit.core.loading.load_game`). In a worker process forked after its parent
    loaded the same files, the parent's load (see :data:`_FOR_WORKERS`)."""
    from ..core.cache import CheckCache
    from ..core.content import load_content

    spec = get_game(game)
    parse = default_parse if cache_dir is None else make_parser(CheckCache(cache_dir))
    files = discover(content_dir, game, MAX_FILE_BYTES)
    locale_files = discover(content_dir, "locales", MAX_FILE_BYTES)
    key = (game, str(Path(content_dir).resolve()))
    made_from = tuple((f.display, f.digest) for f in files + locale_files)
    kept = _FOR_WORKERS.get(key)
    if kept is not None and kept[0] == made_from and kept[1] != os.getpid():
        del _FOR_WORKERS[key]
        return kept[2]
    content, diags = load_content(spec, [f for f in files if not is_translation_file(f.relpath)],
                                  parse)
    locales, found = load_locales(content_dir, parse)
    diags += found
    loaded = load_translations(content, [f for f in files if is_translation_file(f.relpath)],
                               locales, parse)
    texts = {f.display: f.text() for f in files + locale_files}
    out = GameI18n(content, loaded, locales, diags, texts)
    if any(d.severity is Severity.ERROR for d in diags) or not content.complete:
        errors = resolve_locations(diags, texts.get)
        raise ContentErrors(errors)
    _FOR_WORKERS[key] = (made_from, os.getpid(), out)
    return out


class ContentErrors(UsageProblem):
    """The content itself has errors; translations cannot be handled until they are fixed
    (exit code 1, findings, as ``cardkit check`` gives them; the located ``diagnostics`` are
    attached)."""

    exit_code = 1

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        first = next((d for d in diagnostics if d.severity is Severity.ERROR), None)
        where = f" (first: {first.file}:{first.line}:{first.col} {first.code} {first.message})" \
            if first else ""
        super().__init__(f"the content has errors; run `cardkit check`{where}")
        self.diagnostics = diagnostics


def target_locales(data: GameI18n, locale: str | None) -> list[str]:
    """The locale to translate into (validated: defined, not the source), or all of them."""
    if locale is not None:
        if locale not in data.locales or locale == SOURCE_LOCALE:
            causes = _undefined_causes(data, locale)
            if causes:  # `cardkit check` reports why: that finding, exit 1, as the gate does
                raise ContentBlocked(data.content.game.id, causes)
            raise unknown_locale(data.locales, locale, target=True)
        return [locale]
    return sorted(set(data.locales) - {SOURCE_LOCALE})


def _undefined_causes(data: GameI18n, locale: str) -> list[Diagnostic]:
    """The located I18N019 errors that explain why ``locale`` is not defined: the missing
    ``content/locales/`` folder, or translation files of ``locale`` without its locale file."""
    owned = (f"/i18n/{locale}/", f"/glossary/{locale}.yaml")
    found = [d for d in data.translations.diagnostics
             if d.code == "I18N019" and d.severity is Severity.ERROR
             and (not getattr(data.locales, "exists", True)
                  or any(part in d.file for part in owned))]
    return sorted(resolve_locations(found, data.texts.get), key=Diagnostic.sort_key)


def check(games: tuple[str, ...], content_dir: Path, locale: str | None = None) -> Report:
    """Translation findings only (the same checks ``cardkit check`` runs)."""
    diagnostics: list[Diagnostic] = []
    summary = Summary()
    for game in select_games(games, content_dir):
        data = load(game, content_dir)
        found, _ = check_translations(data.content, data.translations, data.locales,
                                      extra_pair_checks(data.content.game),
                                      only=set(target_locales(data, locale)))
        summary.files += sum(1 for path in data.texts if "/i18n/" in path or "/glossary/" in path)
        summary.objects += data.content.object_count
        diagnostics += resolve_locations(found, data.texts.get)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Report(diagnostics, count(diagnostics, summary))


def status(games: tuple[str, ...], content_dir: Path, locale: str | None = None
           ) -> list[LocaleStatus]:
    """Coverage per game and locale: translated, missing, stale, failing."""
    return status_report(games, content_dir, locale)[0]


def status_report(games: tuple[str, ...], content_dir: Path, locale: str | None = None
                  ) -> tuple[list[LocaleStatus], list[Diagnostic]]:
    """:func:`status` with the errors of the translation files themselves, located: a file
    that does not parse (YML001), one named after no kind (I18N034), a locale folder no locale
    file defines or a missing ``content/locales/`` (I18N019), an overlay failing its schema.
    They are the diagnostics ``cardkit check`` reports (the same loading produces both); the
    fields those files hold count as missing in the rows, so the rows alone would hide them."""
    rows: list[LocaleStatus] = []
    problems: list[Diagnostic] = []
    for game in select_games(games, content_dir):
        data = load(game, content_dir)
        problems += resolve_locations([d for d in data.translations.diagnostics
                                       if d.severity is Severity.ERROR], data.texts.get)
        _, statuses = check_translations(data.content, data.translations, data.locales,
                                         extra_pair_checks(data.content.game))
        by_locale = {s.locale: s for s in statuses}
        sources = data.sources()
        for code in target_locales(data, locale):
            rows.append(by_locale.get(code) or LocaleStatus.untranslated(game, code, sources))
    problems.sort(key=Diagnostic.sort_key)
    return rows, problems


def no_locales_note(content_dir: Path) -> str:
    """Why :func:`status` has no rows, in words: no locale to translate into is defined."""
    folder = display_path(locales_dir(content_dir))
    if not locales_dir(content_dir).is_dir():
        why = f"{folder}/ does not exist, so no locale is defined"
    else:
        why = f"{folder}/ defines no locale besides the source, English (en)"
    return (f"no locale to translate into: {why}. Add {folder}/<code>.yaml for each language "
            "(a locale file: its plural rule, quotation marks, number format), then `cardkit "
            "i18n export GAME --locale <code>` gives the translators a PO file")


@dataclass(slots=True)
class ImportResult:
    """The outcome of an import.

    ``plan.errors`` are problems of the file itself (malformed, another locale or game, unknown
    contexts): nothing can be written. ``findings`` are the translation checks' errors on the
    incoming texts (what ``cardkit check`` would report after the import): nothing is written
    either, unless the import was forced — then they are written and reported. ``old`` holds the
    stored text of every field the import changes (``None``: untranslated until now).
    """

    locale: str
    plan: ImportPlan
    written: WriteResult | None = None
    findings: list[Diagnostic] = field(default_factory=list)
    old: dict[FieldRef, object] = field(default_factory=dict)
    forced: bool = False

    @property
    def blocked(self) -> bool:
        """Whether nothing was (or, on a dry run, would be) written."""
        return bool(self.plan.errors) or (bool(self.findings) and not self.forced)

    def changes(self) -> list[tuple[FieldRef, object, object]]:
        """``(field, old text, new text)`` for every field written (or to be written)."""
        if self.written is None:
            return []
        return [(ref, self.old.get(ref), self.plan.updates[ref].text)
                for ref in self.written.changed if ref in self.plan.updates]


def incoming_errors(data: GameI18n, code: str, plan: ImportPlan, display: str
                    ) -> list[Diagnostic]:
    """The translation checks (``cardkit check``'s pair checks) run on every text an import
    would write, reported at its line in the exchange file: an import never writes what
    ``check`` would then reject, but for the game's locale checks, which read the whole content
    and run at the next ``check`` (Terra's answer regions named in a text). The print fit of the
    incoming texts is the pdf layer's (:func:`cardkit.pdf.fitcheck.incoming_fit_errors`)."""
    from .checks import PAIR_CHECKS, Pair, PairCheck, TranslationEnv, pair_diagnostics
    from .overlay import Entry, Translation
    from .translations import apply_waivers, card_font_glyphs

    env = TranslationEnv(data.locales[code], frozenset(getattr(data.content.game, "tokens", ())),
                         data.translations.glossaries.get(code, []), card_font_glyphs(),
                         source_locale=data.locales.get(SOURCE_LOCALE), locales=data.locales)
    checks = PAIR_CHECKS + tuple(c for c in extra_pair_checks(data.content.game)
                                 if isinstance(c, PairCheck))
    sources = {(s.kind, s.object_id, s.key): s for s in data.sources()}
    out: list[Diagnostic] = []
    for ref, update in plan.updates.items():
        src = sources.get(ref)
        if src is None:
            continue
        existing = data.overlay(code).get(*ref)  # its waivers are kept: they apply here too
        waive = dict(existing.translation.waive) if existing is not None else {}
        entry = Entry(Translation(text=update.text, src=update.src, same=bool(update.same),
                                  waive=waive), display, ("entries", ref[1], ref[2]))
        line = plan.lines.get(ref, 1)
        found, _ = apply_waivers(list(pair_diagnostics(Pair(src, entry, env), checks)), entry,
                                 code)
        for d in found:
            if d.severity is Severity.ERROR:
                out.append(d.with_position(line, 1))
    return out


def detect_locale(path: Path) -> str | None:
    """The target locale named inside a PO (``Language``) or XLIFF (2.0 ``trgLang``, 1.2
    ``target-language``) file."""
    import re

    try:
        with path.open("rb") as stream:  # only the head: the file may be huge
            head = stream.read(65536).decode("utf-8", "replace")
    except OSError as exc:
        raise UsageProblem(f"cannot read {path}: {exc.strerror}") from exc
    match = re.search(r'"Language: ([A-Za-z-]+)\\n"', head) or \
        re.search(r'(?:trgLang|target-language)\s*=\s*["\']([A-Za-z-]+)["\']', head)
    return match.group(1) if match else None


def confirm(game: str, content_dir: Path, schemas_dir: Path, locale: str,
            targets: tuple[str, ...] = (), dry_run: bool = False,
            all_stale: bool = False) -> WriteResult:
    """Mark stale translations as still correct: their fingerprint becomes the current English's.

    ``targets`` are object ids or ``id/field`` keys; every stale entry of the locale needs
    ``all_stale`` instead (a confirm with neither is refused: a reviewer confirms what they
    have seen). A target that names no translatable field of the game is refused.
    """
    if bool(targets) == all_stale:
        raise UsageProblem("name the ids (or id/field) to confirm, or pass --all to confirm "
                           "every stale translation" if not targets else
                           "give either ids to confirm or --all, not both")
    data = load(game, content_dir)
    (code,) = target_locales(data, locale)
    overlay = data.overlay(code)
    updates: dict[FieldRef, Update] = {}
    for src in _selected(data, targets):
        entry = overlay.get(src.kind, src.object_id, src.key)
        if entry is None or entry.translation.src == src.fingerprint:
            continue
        updates[(src.kind, src.object_id, src.key)] = Update(
            entry.translation.text, src.fingerprint, source_text=src.text)
    return apply_updates(content_dir, schemas_dir, game, code, updates, data.sources(),
                         dry_run=dry_run)


def _selected(data: GameI18n, targets: tuple[str, ...]) -> list[SourceText]:
    """The English texts that ``targets`` (object ids or ``id/field``) name; all when empty.
    A target that names nothing is a usage error."""
    sources = data.sources()
    if not targets:
        return sources
    names = {s.object_id for s in sources} | {f"{s.object_id}/{s.key}" for s in sources}
    unknown = [t for t in targets if t not in names]
    if unknown:
        raise UsageProblem(f"no translatable text {unknown[0]!r} in {data.content.game.id!r} "
                           "(give object ids or id/field)")
    return [s for s in sources if s.object_id in targets or f"{s.object_id}/{s.key}" in targets]


@dataclass(frozen=True, slots=True)
class FieldChange:
    """What changed in the English of one stale translation."""

    source: SourceText
    translation: object  # the stored translation (str or plural mapping)
    src: str  # the fingerprint the translation was made from
    old: object | None  # the English it was made from; None when the store lacks it

    @property
    def diff(self) -> dict[str, str] | None:
        """Word diff old -> new English per plural form (``""`` for a plain text)."""
        from .history import value_diff

        if self.old is None:
            return None
        return value_diff(self.old, self.source.text)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"context": self.source.context, "kind": self.source.kind,
                "id": self.source.object_id, "field": self.source.key, "src": self.src,
                "current": self.source.fingerprint, "old": self.old, "new": self.source.text,
                "diff": self.diff, "translation": self.translation}


def diff(game: str, content_dir: Path, locale: str, targets: tuple[str, ...] = ()
         ) -> list[FieldChange]:
    """Each stale translation of a locale (or those ``targets`` name) with the English it was
    made from (from the game's store, :mod:`cardkit.i18n.history`) and the current English."""
    data = load(game, content_dir)
    (code,) = target_locales(data, locale)
    overlay = data.overlay(code)
    store = data.translations.history.texts
    out: list[FieldChange] = []
    for src in _selected(data, targets):
        entry = overlay.get(src.kind, src.object_id, src.key)
        if entry is None or entry.translation.src == src.fingerprint:
            continue
        out.append(FieldChange(src, entry.translation.text, entry.translation.src,
                               store.get(entry.translation.src)))
    return out
