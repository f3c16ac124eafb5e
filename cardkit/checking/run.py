"""``cardkit check`` as a library call: discover, load, validate, run the games' checks, then
the translation and print-fit passes, report.

The warm path (nothing changed since the last run) reads and hashes the files and answers from
the result cache; the models, ruamel and pydantic, and the i18n and pdf passes, are imported
only on a miss.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import loading, outside
from ..core.cache import CheckCache
from ..core.collector import few_collections
from ..core.diagnostics import Diagnostic, Report, Severity, Summary, count
from ..core.discovery import (Seen, SourceFile, asset_digests, discover, display_path,
                              game_folder, report_digests)
from ..core.loading import (DEFAULT_CACHE_DIR, LOCALES, extra_pair_checks, load_content_with,
                            make_parser, run_game_checks, select_games)
from ..core.registry import get_game
from ..core.todo import drop_superseded
from . import aside
from .aside import game_checks

if TYPE_CHECKING:
    from ..core.content import GameContent
    from ..core.loader import LoadResult
    from ..pdf.fitmemo import FitMemo
    from .pairmemo import PairMemo


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What to check and where."""

    games: tuple[str, ...] = ()
    content_dir: Path = Path("content")
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    #: Texts checked instead of their files' (an editor's unsaved buffers), by resolved path;
    #: a path that is no content file is ignored.
    overrides: Mapping[Path, bytes] = field(default_factory=dict)
    #: What a process that checks again and again keeps between its checks (the language
    #: server): each game's fit check by card (:class:`cardkit.pdf.fitmemo.FitMemo`).
    session: CheckSession | None = None
    #: Only the content's own checks (parse, schema, references, the game's rules), not the
    #: translations, print fit or art: what an editor shows first, while the rest runs.
    quick: bool = False


@dataclass(slots=True)
class CheckSession:
    """What one process keeps between its checks: each game's last loaded content and the fit
    findings of its cards."""

    fit: dict[str, Any] = field(default_factory=dict)  # game -> FitMemo
    #: The images and reports hashed, by path (:func:`cardkit.core.discovery.file_digest`).
    seen: Seen = field(default_factory=dict)
    #: game -> (the digests of its files, reports and images, the content loaded from them,
    #: the loading's and the game's checks' findings): each game's last load, for a check of
    #: the same files.
    content: dict[str, tuple[tuple[tuple[str, str], ...], Any, list[Diagnostic]]] = \
        field(default_factory=dict)

    def fit_memo(self, game: str) -> Any:
        """The game's fit memo (made on first use; the pdf package is imported only then)."""
        from ..pdf.fitmemo import FitMemo

        return self.fit.setdefault(game, FitMemo())


def with_overrides(files: list[SourceFile], overrides: Mapping[Path, bytes]) -> list[SourceFile]:
    """``files`` with the bytes of the ones ``overrides`` holds replaced (and re-hashed)."""
    if not overrides:
        return files
    out = []
    for s in files:
        raw = overrides.get(s.path.resolve())
        out.append(s if raw is None else replace(s, raw=raw, digest=hashlib.sha256(raw).hexdigest(),
                                                 problem=None))
    return out


def run_check(options: CheckOptions) -> Report:
    """Check the content of the selected games and return the sorted, located report."""
    ids = select_games(options.games, options.content_dir)
    limit = loading.MAX_FILE_BYTES
    sources = {g: with_overrides(discover(options.content_dir, g, limit), options.overrides)
               for g in ids}
    locale_files = with_overrides(discover(options.content_dir, LOCALES, limit),
                                  options.overrides)
    cache = CheckCache(options.cache_dir)
    seen = None if options.session is None else options.session.seen
    if options.quick:
        return _check_uncached(ids, sources, locale_files, options, cache)
    def key(games: tuple[str, ...]) -> str:
        return cache.report_key([
            str(options.content_dir.resolve()), *games,
            *(f"{s.game}/{s.relpath}:{s.digest}" for g in games for s in sources[g]),
            *(f"locales/{s.relpath}:{s.digest}" for s in locale_files),
            *(d for g in games for d in report_digests(options.content_dir, g, seen)),
            *(d for g in games for d in asset_digests(options.content_dir, g, seen)),
        ])

    hit = cache.get_report(key(ids), _report_from_json)  # an ill-formed entry is a miss
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    split: dict[str, Report] = {}
    with outside.noting() as noted:
        if options.session is not None:  # a process that checks again and again keeps its own
            report = _check_uncached(ids, sources, locale_files, options, cache, split)
        else:
            with few_collections():  # the collector held back: 5 % of a cold 10,000-card check
                report = _check_uncached(ids, sources, locale_files, options, cache, split)
    report.outside = outside.kinds(noted)
    cache.put_report(key(ids), _report_to_json(report))
    if len(ids) > 1:  # each game's verdict too: a command that gates one game finds it
        for game, alone in split.items():
            alone.outside = report.outside
            cache.put_report(key((game,)), _report_to_json(alone))
    return report


def _check_uncached(ids: tuple[str, ...], sources: dict[str, list[SourceFile]],
                    locale_files: list[SourceFile], options: CheckOptions,
                    cache: CheckCache, split: dict[str, Report] | None = None) -> Report:
    from ..core.parseshare import parse_ahead

    parse = make_parser(cache)
    if options.session is None:  # a large folder is parsed on every CPU first
        parse = parse_ahead([s for g in ids for s in sources[g]] + locale_files, parse)
    try:
        return _checked_games(ids, sources, locale_files, options, parse, split)
    except BaseException:  # Ctrl-C, SIGTERM, a bug: no game's checks go on aside
        aside.stop_all()
        raise


def _checked_games(ids: tuple[str, ...], sources: dict[str, list[SourceFile]],
                   locale_files: list[SourceFile], options: CheckOptions,
                   parse: Callable[[SourceFile], LoadResult],
                   split: dict[str, Report] | None = None) -> Report:
    """Each game loaded and checked, with the locales and translations; the located report.
    ``split`` (when given) receives each game's report as a check of that game alone would
    make it: its own findings, and the locales' when it uses them (reported once, with the
    first game that loads them, in the whole report)."""
    from ..core.content import is_translation_file

    mine: dict[str, list[Diagnostic]] = {}
    counted: dict[str, Summary] = {}
    uses_locales: set[str] = set()
    locales: dict[str, Any] | None = None
    of_locales: list[Diagnostic] = []
    for game in ids:
        files = [s for s in sources[game] if not is_translation_file(s.relpath)]
        tr_files = [s for s in sources[game] if is_translation_file(s.relpath)]
        diagnostics = mine[game] = []
        summary = counted[game] = Summary(files=len(sources[game]))
        if not files:
            diagnostics.append(Diagnostic(
                "CK002", Severity.ERROR, f"no content files for game {game!r}",
                display_path(game_folder(options.content_dir, game)), 1, 1))
            continue
        content, found, later = _checked_content(game, files, parse, options)
        summary.objects += content.object_count
        diagnostics.extend(found)
        if not content.complete or options.quick:
            diagnostics.extend(later())
            continue
        prints = getattr(content.game, "print_decks", None) is not None
        if tr_files or prints:
            if locales is None:
                locales, of_locales = _load_locales(options.content_dir, parse)
            uses_locales.add(game)
            fit = (None if options.session is None else
                   (options.session.fit_memo(game),
                    asset_digests(options.content_dir, game, options.session.seen)))
            diagnostics.extend(translation_diagnostics(content, tr_files, locales, parse,
                                                       _pair_memo(options.cache_dir, game), fit))
        if prints:
            diagnostics.extend(art_diagnostics(content, locales))
        diagnostics.extend(later())
    texts = {s.display: s for g in ids for s in sources[g]}
    texts.update({s.display: s for s in locale_files})
    located = _located([*(mine[g] for g in ids), of_locales], texts)
    by_game, of_locales = dict(zip(ids, located, strict=False)), located[-1]
    first = next((g for g in ids if g in uses_locales), None)
    whole = Summary()
    for game in ids:
        whole.files += counted[game].files + (len(locale_files) if game == first else 0)
        whole.objects += counted[game].objects
    report = _report([d for g in ids for d in by_game[g]] + (of_locales if first else []),
                     whole)
    for game in ids if split is not None and len(ids) > 1 else ():
        alone = replace(counted[game])
        found = by_game[game]
        if game in uses_locales:
            alone.files += len(locale_files)
            found = found + of_locales
        split[game] = _report(found, alone)  # type: ignore[index]
    return report


def _located(chunks: list[list[Diagnostic]], texts: dict[str, SourceFile]
             ) -> list[list[Diagnostic]]:
    """Each list of diagnostics located in their files' texts (each file composed once)."""
    from ..core.sourcemap import resolve_locations

    flat = resolve_locations([d for chunk in chunks for d in chunk],
                             lambda f: texts[f].text() if f in texts else None)
    out, at = [], 0
    for chunk in chunks:
        out.append(flat[at:at + len(chunk)])
        at += len(chunk)
    return out


def _report(diagnostics: list[Diagnostic], summary: Summary) -> Report:
    """The report of located ``diagnostics``: a finding an error at the same place supersedes
    dropped, sorted, counted into ``summary``."""
    located = drop_superseded(diagnostics)
    located.sort(key=Diagnostic.sort_key)
    return Report(located, count(located, summary))


def _checked_content(game: str, files: list[SourceFile], parse: Callable[[SourceFile], LoadResult],
                     options: CheckOptions
                     ) -> tuple[GameContent, list[Diagnostic], Callable[[], list[Diagnostic]]]:
    """The game's content loaded, the findings of its loading, and a call that gives the
    findings of its consistency checks (CK004 instead when a file does not load) — run aside,
    in a forked process, while this one checks the translations and the print fit, for a large
    game (:func:`.aside.game_checks`). A session keeps the last ones for the same files,
    reports and images (the language server's complete check after its quick one)."""
    session, key = options.session, ()
    if session is not None:
        key = (*((s.relpath, s.digest) for s in files),
               *(("report", d) for d in report_digests(options.content_dir, game, session.seen)),
               *(("image", d) for d in asset_digests(options.content_dir, game, session.seen)))
        kept = session.content.get(game)
        if kept is not None and kept[0] == key:
            return kept[1], list(kept[2]), list
    content, found = load_content_with(get_game(game), files, parse)
    if not content.complete:
        found = [*found, Diagnostic("CK004", Severity.INFO, f"consistency checks of {game!r} "
                                    "skipped until every file loads", files[0].display, 1, 1)]
        later: Callable[[], list[Diagnostic]] = list
    elif session is not None:
        found = [*found, *run_game_checks(content)]
        later = list
    else:
        later = game_checks(content, run_game_checks)
    if session is not None:
        session.content[game] = (key, content, found)
    return content, list(found), later


def _load_locales(content_dir: Path, parse: Callable[[SourceFile], LoadResult]
                  ) -> tuple[dict[str, Any], list[Diagnostic]]:
    from ..i18n.translations import load_locales

    return load_locales(content_dir, parse)


def _pair_memo(cache_dir: Path | None, game: str) -> PairMemo | None:
    from .pairmemo import PairMemo  # imports pydantic: only on a miss

    return None if cache_dir is None else PairMemo(Path(cache_dir) / "pairs" / f"{game}.json")


def translation_diagnostics(content: GameContent, files: list[SourceFile],
                            locales: dict[str, Any], parse: Callable[[SourceFile], LoadResult],
                            memo: PairMemo | None = None,
                            fit: tuple[FitMemo, list[str]] | None = None) -> list[Diagnostic]:
    """Load and check a game's translations, and fit every printed face in English and in each
    translated locale (:func:`cardkit.pdf.fitcheck.fit_diagnostics`); return the findings.
    ``memo``: the pair checks remembered between runs (:mod:`.pairmemo`); ``fit``: the fit
    check remembered in this process, and the digests of the game's images."""
    from ..i18n.translations import check_translations, load_translations
    from ..pdf.fitcheck import fit_diagnostics

    loaded = load_translations(content, files, locales, parse)
    runner: dict[str, Any] = {} if memo is None else {"pairs": memo}
    diags, _ = check_translations(content, loaded, locales, extra_pair_checks(content.game),
                                  **runner)
    if memo is not None:
        memo.save()
    fitted = (fit_diagnostics(content, loaded.overlays, locales) if fit is None else
              fit_diagnostics(content, loaded.overlays, locales, fit[0], tuple(fit[1])))
    return diags + fitted


def art_diagnostics(content: GameContent, locales: dict[str, Any] | None) -> list[Diagnostic]:
    """The art checks (ART001–ART006) of a printed game, in English
    (:func:`cardkit.pdf.artcheck.art_diagnostics`)."""
    from ..pdf.artcheck import art_diagnostics as check_art
    from ..pdf.fitcheck import ENGLISH

    return check_art(content, (locales or {}).get("en") or ENGLISH)


def _report_to_json(report: Report) -> dict[str, object]:
    return {"diagnostics": [d.to_dict() for d in report.diagnostics],
            "summary": report.summary.to_dict(), "outside": report.outside}


def _report_from_json(data: dict[str, object]) -> Report:
    """The cached report, or ``ValueError`` (a miss) when a path outside the content that it
    looked at has changed since (a schema file a modeline names was removed...)."""
    noted = data["outside"]
    if not isinstance(noted, dict) or not outside.unchanged(noted):
        raise ValueError("a path the cached verdict looked at has changed")
    diags = [Diagnostic.from_dict(d) for d in data["diagnostics"]]  # type: ignore[union-attr]
    s = data["summary"]
    summary = Summary(files=s["files"], objects=s["objects"], cached=True)  # type: ignore[index]
    return Report(diags, count(diags, summary), dict(noted))
