"""``cardkit check`` as a library call: discover, load, validate, run the games' checks, report.

The warm path (nothing changed since the last run) reads and hashes the files and answers from
the result cache; the models, ruamel and pydantic are imported only on a miss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import CheckCache
from .diagnostics import Diagnostic, Report, Severity, Summary, count
from .errors import UsageProblem
from .discovery import SourceFile, discover, display_path, game_folder
from .todo import drop_superseded
from .registry import game_ids, games_in, get_game, use_content

if TYPE_CHECKING:
    from .content import GameContent
    from .loader import LoadResult
    from .spec import GameSpec

DEFAULT_CACHE_DIR = Path(".cardkit-cache")
LOCALES = "locales"
MAX_FILE_BYTES = 4 * 1024 * 1024


class ContentNotFoundError(UsageProblem):
    """The content folder does not exist (a usage error, exit code 2)."""


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What to check and where."""

    games: tuple[str, ...] = ()
    content_dir: Path = Path("content")
    cache_dir: Path | None = DEFAULT_CACHE_DIR


def select_games(games: tuple[str, ...], content_dir: Path) -> tuple[str, ...]:
    """The games to check: those named (validated), else every registered game with a folder
    (declared games of ``content_dir`` included)."""
    use_content(content_dir)
    if not content_dir.is_dir():
        raise ContentNotFoundError(f"content folder not found: {content_dir}")
    if games:
        for g in games:
            get_game(g)  # raises UnknownGameError
        return tuple(dict.fromkeys(games))
    found = games_in(content_dir)
    if not found:
        known = ", ".join(f"{g}/" for g in game_ids())
        raise ContentNotFoundError(f"{content_dir} holds no game folder (one of: {known}); "
                                   "`cardkit init DIR` starts a content folder")
    return found


def run_check(options: CheckOptions) -> Report:
    """Check the content of the selected games and return the sorted, located report."""
    ids = select_games(options.games, options.content_dir)
    sources = {g: discover(options.content_dir, g, MAX_FILE_BYTES) for g in ids}
    locale_files = discover(options.content_dir, LOCALES, MAX_FILE_BYTES)
    cache = CheckCache(options.cache_dir)
    key = cache.report_key([
        str(options.content_dir.resolve()), *ids,
        *(f"{s.game}/{s.relpath}:{s.digest}" for g in ids for s in sources[g]),
        *(f"locales/{s.relpath}:{s.digest}" for s in locale_files),
    ])
    hit = cache.get_report(key, _report_from_json)  # an ill-formed entry is a miss
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    report = _check_uncached(ids, sources, locale_files, options, cache)
    cache.put_report(key, _report_to_json(report))
    return report


def _check_uncached(ids: tuple[str, ...], sources: dict[str, list[SourceFile]],
                    locale_files: list[SourceFile], options: CheckOptions,
                    cache: CheckCache) -> Report:
    from ..i18n.translations import is_translation_file
    from .sourcemap import resolve_locations

    diagnostics: list[Diagnostic] = []
    summary = Summary()
    parse = make_parser(cache)
    locales: dict[str, Any] | None = None
    for game in ids:
        files = [s for s in sources[game] if not is_translation_file(s.relpath)]
        tr_files = [s for s in sources[game] if is_translation_file(s.relpath)]
        summary.files += len(sources[game])
        if not files:
            diagnostics.append(Diagnostic(
                "CK002", Severity.ERROR, f"no content files for game {game!r}",
                display_path(game_folder(options.content_dir, game)), 1, 1))
            continue
        content, found = load_content_with(get_game(game), files, parse)
        summary.objects += content.object_count
        diagnostics.extend(found)
        if not content.complete:
            diagnostics.append(Diagnostic(
                "CK004", Severity.INFO, f"consistency checks of {game!r} skipped until every "
                "file loads", files[0].display, 1, 1))
            continue
        diagnostics.extend(run_game_checks(content))
        prints = getattr(content.game, "print_decks", None) is not None
        if tr_files or prints:
            if locales is None:
                locales, found = _load_locales(options.content_dir, parse)
                diagnostics.extend(found)
                summary.files += len(locale_files)
            diagnostics.extend(translation_diagnostics(content, tr_files, locales, parse))
    texts = {s.display: s for g in ids for s in sources[g]}
    texts.update({s.display: s for s in locale_files})
    located = drop_superseded(
        resolve_locations(diagnostics, lambda f: texts[f].text() if f in texts else None))
    located.sort(key=Diagnostic.sort_key)
    return Report(located, count(located, summary))


def make_parser(cache: CheckCache | None) -> Callable[[SourceFile], LoadResult]:
    """A parse function for source files, going through the per-file parse cache if any."""
    from .content import default_parse
    from .loader import LoadResult

    if cache is None or cache.root is None:
        return default_parse

    def parse(source: SourceFile) -> LoadResult:
        hit = cache.get_parsed(source.digest)
        if isinstance(hit, tuple) and len(hit) == 2:
            data, found = hit
            return LoadResult(data, [Diagnostic.from_dict({**d, "file": source.display})
                                     for d in found])
        result = default_parse(source)
        cache.put_parsed(source.digest, (result.data, [d.to_dict() for d in result.diagnostics]))
        return result

    return parse


def load_content_with(game: GameSpec, files: list[SourceFile],
                      parse: Callable[[SourceFile], LoadResult]
                      ) -> tuple[GameContent, list[Diagnostic]]:
    """Load one game's content files with the given parse function."""
    from .content import load_content

    return load_content(game, files, parse)


def _load_locales(content_dir: Path, parse: Callable[[SourceFile], LoadResult]
                  ) -> tuple[dict[str, Any], list[Diagnostic]]:
    from ..i18n.translations import load_locales

    return load_locales(content_dir, parse)


def translation_diagnostics(content: GameContent, files: list[SourceFile],
                            locales: dict[str, Any], parse: Callable[[SourceFile], LoadResult]
                            ) -> list[Diagnostic]:
    """Load and check a game's translations, and fit every printed face in English and in each
    translated locale (:func:`cardkit.pdf.fitcheck.fit_diagnostics`); return the findings."""
    from ..i18n.translations import check_translations, load_translations

    from ..pdf.fitcheck import fit_diagnostics

    loaded = load_translations(content, files, locales, parse)
    diags, _ = check_translations(content, loaded, locales, extra_pair_checks(content.game))
    return diags + fit_diagnostics(content, loaded.overlays, locales)


def extra_pair_checks(game: GameSpec) -> tuple[Any, ...]:
    """Translation checks contributed by other layers for this game (the PDF fit check)."""
    return tuple(getattr(game, "extra_translation_checks", ()))


def load_game(game: str, content_dir: Path, cache_dir: Path | None = None
              ) -> tuple[GameContent, list[Diagnostic]]:
    """Load a game's content (not its translations) for ``list``, ``show``, engines, renderers.

    With ``cache_dir``, files go through the per-file parse cache that ``check`` fills.
    """
    from ..i18n.translations import is_translation_file
    from .sourcemap import resolve_locations

    use_content(content_dir)
    spec = get_game(game)
    files = [s for s in discover(content_dir, game, MAX_FILE_BYTES)
             if not is_translation_file(s.relpath)]
    content, diags = load_content_with(spec, files, make_parser(CheckCache(cache_dir)))
    texts = {s.display: s for s in files}
    return content, resolve_locations(diags, lambda f: texts[f].text() if f in texts else None)


def run_game_checks(content: GameContent) -> list[Diagnostic]:
    """Run every consistency check of the content's game."""
    out: list[Diagnostic] = []
    for check in content.game.checks:
        for finding in check.run(content):
            rec = finding.record
            out.append(Diagnostic(
                code=check.code,
                severity=check.severity,
                message=finding.message,
                file=rec.file if rec is not None else (finding.file or "?"),
                object_id=rec.id if rec is not None else None,
                pointer=(rec.pointer if rec is not None else ()) + finding.path,
                at=finding.at,
            ))
    return out


def _report_to_json(report: Report) -> dict[str, object]:
    return {"diagnostics": [d.to_dict() for d in report.diagnostics],
            "summary": report.summary.to_dict()}


def _report_from_json(data: dict[str, object]) -> Report:
    diags = [Diagnostic.from_dict(d) for d in data["diagnostics"]]  # type: ignore[union-attr]
    s = data["summary"]
    summary = Summary(files=s["files"], objects=s["objects"], cached=True)  # type: ignore[index]
    return Report(diags, count(diags, summary))
