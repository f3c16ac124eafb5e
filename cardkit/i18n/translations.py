"""Loading a game's translations and checking them: the library behind ``cardkit i18n``.

Runs inside ``cardkit check`` (every game with overlays) and on its own (``cardkit i18n check``,
``cardkit i18n status``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..core.content import GLOSSARY_RE, OVERLAY_RE, GameContent, check_modeline, schema_for
from ..core.diagnostics import Diagnostic, Severity
from ..core.discovery import SourceFile, discover, display_path
from ..core.loader import LoadResult
from ..core.spec import GameSpec
from ..core.todo import todo_diagnostics
from ..core.validation import validate
from ..text.fonts import card_font_glyphs
from .checks import PAIR_CHECKS, Pair, PairCheck, TranslationEnv, pair_diagnostics
from .pairs import LocaleCheck
from .consistency import consistency
from .glossary import GlossaryFile, Term
from .history import HISTORY_RELPATH, SourceHistory, load_history
from .names import reference_names
from .rawvalues import game_raw_values
from .locale import SOURCE_LOCALE, Locale, LocalesFile, LocaleTable, broken_locales, locales_dir
from .overlay import NOT_WAIVABLE, Entry, LocaleOverlay, load_overlay_file
from .placement import Misplaced, misnamed_overlays, undefined_locales
from .plural_check import plural_problem
from .sources import SourceText, iter_sources

ParseFn = Callable[[SourceFile], LoadResult]

def load_locales(content_dir: Path, parse: ParseFn) -> tuple[LocaleTable, list[Diagnostic]]:
    """Locale definitions from ``content/locales/*.yaml``.

    A file with an error (syntax, schema, a plural rule that is not valid gettext or disagrees
    with CLDR: :mod:`cardkit.i18n.plural_check`) is reported once, and its code is recorded as
    ``broken``: the locale's translations are not checked (nor reported again) until it loads.
    """
    folder = locales_dir(content_dir)
    locales = LocaleTable(display_path(folder), folder.is_dir())
    diags: list[Diagnostic] = []
    for source in discover(content_dir, "locales"):
        modeline = check_modeline(source, "locales.schema.json")
        if modeline:
            diags.append(modeline)
        stem = source.relpath.rsplit(".", 1)[0]
        loaded = parse(source)
        if loaded.diagnostics or loaded.data is None:
            diags.extend(loaded.diagnostics)
            locales.broken.add(stem)
            continue
        model, found = validate(LocalesFile, loaded.data, source.display)
        diags.extend(found)
        if model is None:
            locales.broken.add(stem)
            continue
        loc: Locale = model.locale  # type: ignore[attr-defined]
        if loc.code != stem:
            diags.append(Diagnostic("I18N019", Severity.ERROR,
                                    f"file {source.relpath} defines locale {loc.code!r}",
                                    source.display, pointer=("locale", "code")))
            locales.broken.add(stem)
            continue
        problem = plural_problem(loc.code, loc.plural.gettext, tuple(loc.plural.categories))
        if problem is not None:
            diags.append(Diagnostic(problem.code, Severity.ERROR, f"{problem.message}; "
                                    f"translations into {loc.code!r} are not checked, printed "
                                    "or exported until it is fixed", source.display,
                                    pointer=("locale", "plural", problem.field)))
            locales.broken.add(loc.code)
            continue
        locales[loc.code] = loc
    return locales, diags


@dataclass(slots=True)
class GameTranslations:
    """Everything loaded for one game: overlays and glossaries per locale."""

    overlays: dict[str, LocaleOverlay] = field(default_factory=dict)
    glossaries: dict[str, list[Term]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    history: SourceHistory = field(default_factory=SourceHistory)


def load_translations(content: GameContent, files: Iterable[SourceFile],
                      locales: dict[str, Locale], parse: ParseFn) -> GameTranslations:
    """Parse and validate a game's overlay and glossary files.

    One cause, one report: a file in the wrong place (:mod:`cardkit.i18n.placement`) or one
    that does not parse is reported once, and the fields it would have translated are not
    reported as missing too (``LocaleOverlay.unloaded``); translations into a locale whose
    definition file has an error are skipped (that file's error says so).
    """
    out = GameTranslations()
    kinds = {k.name for k in content.game.kinds if k.translatable}
    all_kinds = {k.name for k in content.game.kinds}
    broken = broken_locales(locales)
    undefined: list[Misplaced] = []
    misnamed: list[Misplaced] = []
    quiet: set[tuple[str, str]] = set()
    for source in files:
        if source.relpath == HISTORY_RELPATH:
            _load_history(source, parse, content.game.id, out)
            continue
        overlay_match = OVERLAY_RE.match(source.relpath)
        glossary_match = GLOSSARY_RE.match(source.relpath)
        code = (overlay_match or glossary_match).group(1)  # type: ignore[union-attr]
        kind = overlay_match.group(2) if overlay_match else None
        if kind is not None and kind not in kinds:
            if kind in all_kinds:
                out.diagnostics.append(Diagnostic(
                    "CK001", Severity.WARNING, f"{kind!r} has no translatable fields in "
                    f"{content.game.id!r}; not checked", source.display, 1, 1))
            else:
                misnamed.append(Misplaced(source, code, kind))
            continue
        data = _parsed(source, parse, content.game, out)
        declared = data.get("locale") if isinstance(data, dict) else None
        if code in broken:
            continue  # the locale file's error is reported; nothing to check against
        if code not in locales and code != SOURCE_LOCALE:
            undefined.append(Misplaced(source, code, kind, declared))
            continue
        if data is None:
            if kind is not None:
                quiet.add((code, kind))
            continue
        if code == SOURCE_LOCALE or (declared is not None and declared != code):
            why = (f"declares locale {declared!r} but sits in {code!r}" if declared not in
                   (None, code) else "English is the source locale")
            out.diagnostics.append(Diagnostic("I18N019", Severity.ERROR, why, source.display,
                                              pointer=("locale",)))
            if kind is not None:
                quiet.add((code, kind))
            continue
        if kind is not None:
            overlay = out.overlays.setdefault(code, LocaleOverlay(code))
            out.diagnostics.extend(load_overlay_file(content.game, source, code, kind, data,
                                                     overlay))
        else:
            model, found = validate(GlossaryFile, data, source.display)
            out.diagnostics.extend(found)
            if model is not None:
                out.glossaries.setdefault(code, []).extend(model.terms)  # type: ignore[attr-defined]
                out.overlays.setdefault(code, LocaleOverlay(code))
    for found, pairs in (undefined_locales(content.game.id, undefined, locales),
                         misnamed_overlays(content.game.id, misnamed, kinds)):
        out.diagnostics.extend(found)
        quiet |= pairs
    for code, kind in quiet:
        if code in locales and code != SOURCE_LOCALE:
            overlay = out.overlays.setdefault(code, LocaleOverlay(code))
            if kind not in overlay.files:  # the right file is there too: report what it lacks
                overlay.unloaded.add((kind, None, None))
    for overlay in out.overlays.values():
        overlay.previous = out.history.texts  # type: ignore[assignment]
    return out


def _load_history(source: SourceFile, parse: ParseFn, game_id: str,
                  out: GameTranslations) -> None:
    from ..core.registry import get_game

    data = _parsed(source, parse, get_game(game_id), out)
    if data is None:
        return
    out.history, found = load_history(source, data)
    out.diagnostics.extend(found)


def _parsed(source: SourceFile, parse: ParseFn, game: GameSpec, out: GameTranslations
            ) -> object | None:
    """A translation-side file's data, with its modeline checked (the one `cardkit fmt`
    writes); ``None`` when it does not parse (the reasons go to ``out.diagnostics``)."""
    want = schema_for(game, source.relpath)
    modeline = check_modeline(source, want) if want else None
    if modeline:
        out.diagnostics.append(modeline)
    loaded = parse(source)
    if loaded.diagnostics or loaded.data is None:
        out.diagnostics.extend(loaded.diagnostics)
        return None
    if source.relpath != HISTORY_RELPATH:  # the store of past English texts is not edited
        out.diagnostics.extend(todo_diagnostics(loaded.data, source.display, source.text()))
    return loaded.data


@dataclass(slots=True)
class Coverage:
    """Counts of translatable fields: all, translated (stale and failing ones included),
    missing, stale, failing (an error-level check) and waived (a check waived)."""

    total: int = 0
    translated: int = 0
    missing: int = 0
    stale: int = 0
    failing: int = 0
    waived: int = 0

    @property
    def percent(self) -> float:
        """Share of fields translated (stale and failing ones included), in percent."""
        return 100.0 * self.translated / self.total if self.total else 100.0


@dataclass(slots=True, kw_only=True)
class KindStatus(Coverage):
    """Coverage of one kind of one game in one locale (a part of :class:`LocaleStatus`)."""

    kind: str


@dataclass(slots=True, kw_only=True)
class LocaleStatus(Coverage):
    """Coverage of one game in one locale; ``kinds`` holds the same counts per kind (kinds in
    the order their fields come), so a per-kind table always adds up to the locale's line."""

    game: str
    locale: str
    kinds: dict[str, KindStatus] = field(default_factory=dict)

    @classmethod
    def untranslated(cls, game: str, locale: str, sources: Iterable[SourceText]) -> LocaleStatus:
        """The status of a locale with no overlay yet: every field missing."""
        status = cls(game=game, locale=locale)
        for src in sources:
            status.count(src.kind, "total")
            status.count(src.kind, "missing")
        return status

    def count(self, kind: str, what: str) -> None:
        """Add one to counter ``what`` of the locale and of ``kind``."""
        per = self.kinds.get(kind)
        if per is None:
            per = self.kinds[kind] = KindStatus(kind=kind)
        setattr(self, what, getattr(self, what) + 1)
        setattr(per, what, getattr(per, what) + 1)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"game": self.game, "locale": self.locale, "total": self.total,
                "translated": self.translated, "percent": round(self.percent, 1),
                "missing": self.missing, "stale": self.stale, "failing": self.failing,
                "waived": self.waived}


PairRunner = Callable[[Pair, tuple[PairCheck, ...]], Iterable[Diagnostic]]


def check_translations(content: GameContent, loaded: GameTranslations,
                       locales: dict[str, Locale],
                       extra_checks: tuple[PairCheck | LocaleCheck, ...] = (),
                       only: set[str] | None = None, pairs: PairRunner = pair_diagnostics
                       ) -> tuple[list[Diagnostic], list[LocaleStatus]]:
    """Run every translation check for every locale the game is translated into (or ``only``);
    ``pairs`` runs the pair checks of one text (a memo of :func:`pair_diagnostics` may). The
    game's ``extra_checks`` are pair checks (run with the built-in ones on each text) and locale
    checks (run once per locale over the whole content)."""
    whole = tuple(c for c in extra_checks if isinstance(c, LocaleCheck))
    extra_checks = tuple(c for c in extra_checks if isinstance(c, PairCheck))
    diags: list[Diagnostic] = list(loaded.diagnostics)
    statuses: list[LocaleStatus] = []
    sources = list(iter_sources(content))
    by_kind: dict[str, dict[str, dict[str, SourceText]]] = {}
    for src in sources:
        by_kind.setdefault(src.kind, {}).setdefault(src.object_id, {})[src.key] = src
    registry = frozenset(getattr(content.game, "tokens", frozenset()))
    pair_codes = {c.code for c in PAIR_CHECKS + extra_checks}
    raw = game_raw_values(content)
    for code in sorted(loaded.overlays):
        if only is not None and code not in only:
            continue
        overlay = loaded.overlays[code]
        env = TranslationEnv(locales[code], registry, loaded.glossaries.get(code, []),
                             card_font_glyphs(), extra_checks,
                             source_locale=locales.get(SOURCE_LOCALE), locales=locales,
                             names=reference_names(sources, overlay), raw=raw)
        status = LocaleStatus(game=content.game.id, locale=code)
        translated: list[tuple[SourceText, Entry]] = []
        for src in sources:
            status.count(src.kind, "total")
            entry = overlay.get(src.kind, src.object_id, src.key)
            if entry is None:
                status.count(src.kind, "missing")
                if overlay.is_unloaded(src.kind, src.object_id, src.key):
                    continue  # its file or entry has an error, reported there
                diags.append(Diagnostic("I18N001", Severity.WARNING,
                                        f"{code}: no translation of {src.field.label or src.key}",
                                        src.record.file, object_id=src.object_id,
                                        pointer=src.pointer))
                continue
            status.count(src.kind, "translated")
            translated.append((src, entry))
            if entry.translation.src != src.fingerprint:
                status.count(src.kind, "stale")
                diags.append(Diagnostic("I18N003", Severity.WARNING,
                                        f"{code}: the English changed since this was translated",
                                        entry.file, object_id=src.object_id,
                                        pointer=entry.pointer + ("src",)))
                if entry.translation.src not in loaded.history.texts:
                    diags.append(Diagnostic(
                        "I18N030", Severity.INFO, f"{code}: the English this was translated "
                        "from is not stored; `cardkit i18n diff` cannot show what changed",
                        entry.file, object_id=src.object_id, pointer=entry.pointer + ("src",)))
            found = list(pairs(Pair(src, entry, env), PAIR_CHECKS + extra_checks))
            kept, waived = apply_waivers(found, entry, code, pair_codes)
            if waived:
                status.count(src.kind, "waived")
            diags.extend(kept)
            if any(d.severity is Severity.ERROR for d in kept):
                status.count(src.kind, "failing")
        diags.extend(consistency(translated, code))
        for check in whole:
            for entry, message in check.run(content, overlay, env):
                diags.append(Diagnostic(check.code, check.severity, f"{code}: {message}",
                                        entry.file, object_id=str(entry.pointer[1]),
                                        pointer=entry.pointer + ("text",)))
        for kind, objects in overlay.entries.items():
            broken = content.broken_ids.get(kind, set())
            for obj_id, fields in objects.items():
                if obj_id in broken:  # defined but failing its schema: reported there, once
                    continue
                for key, orphan in fields.items():
                    if key not in by_kind.get(kind, {}).get(obj_id, {}):
                        what = "object" if obj_id not in by_kind.get(kind, {}) else "field"
                        diags.append(Diagnostic(
                            "I18N002", Severity.WARNING,
                            f"{code}: translation of an unknown {what} ({kind} {obj_id} {key})",
                            orphan.file, object_id=obj_id, pointer=orphan.pointer, at="key"))
        statuses.append(status)
    return diags, statuses


def apply_waivers(found: list[Diagnostic], entry: Entry, locale: str,
                  codes: Iterable[str] | None = None) -> tuple[list[Diagnostic], int]:
    """Drop an entry's findings that its ``waive`` covers; return the rest and how many were
    waived. Each waiver that covers nothing adds an I18N031 warning: its check does not fire
    for the entry, it names a code that cannot be waived, or (with ``codes``, the pair checks
    that ran) no such per-entry check exists."""
    waivers = entry.translation.waive
    if not waivers:
        return found, 0
    known = set(codes) if codes is not None else None
    kept = [d for d in found if d.code not in waivers or d.code in NOT_WAIVABLE]
    fired = {d.code for d in found}
    for code in sorted(waivers):
        if code in NOT_WAIVABLE:
            why = f"{code} cannot be waived"
        elif known is not None and code not in known:
            why = f"{code} is not a translation check that can be waived per entry"
        elif code not in fired:
            why = f"{code} does not fire for this entry any more; remove the waiver"
        else:
            continue
        object_id = entry.pointer[1] if len(entry.pointer) > 1 else None
        kept.append(Diagnostic("I18N031", Severity.WARNING, f"{locale}: unused waiver: {why}",
                               entry.file, object_id=str(object_id), at="key",
                               pointer=entry.pointer + ("waive", code)))
    return kept, len(found) - sum(1 for d in kept if d.code != "I18N031")
