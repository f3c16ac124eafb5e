"""Loading a game's content: selecting games, parsing through the cache, validating, running the
game's own consistency checks.

This is the part of ``cardkit check`` that needs nothing above core; the check orchestrator
(:mod:`cardkit.checking.run`), which adds the translation and print-fit passes, builds on it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import CheckCache
from .diagnostics import Diagnostic
from .discovery import SourceFile, discover
from .errors import UsageProblem
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


def extra_pair_checks(game: GameSpec) -> tuple[Any, ...]:
    """Translation checks a game contributes to the translation pass (its own wording rules)."""
    return tuple(getattr(game, "extra_translation_checks", ()))


def load_game(game: str, content_dir: Path, cache_dir: Path | None = None
              ) -> tuple[GameContent, list[Diagnostic]]:
    """Load a game's content (not its translations) for ``list``, ``show``, engines, renderers.

    With ``cache_dir``, files go through the per-file parse cache that ``check`` fills.
    """
    from .content import is_translation_file
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
                pointer=None if finding.line else
                (rec.pointer if rec is not None else ()) + finding.path,
                at=finding.at, line=finding.line, col=finding.col,
            ))
    return out
