"""Commands over the content: check, codes, new, init, schema, fmt, list, show."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from ..checking import CheckOptions, run_check
from ..core.diagnostics import Report
from ..core.loading import DEFAULT_CACHE_DIR
from ..core.registry import game_ids, get_game
from . import replay
from .app import FORMATS, _guard, content_option, force_option
from .exits import hard_exit


@click.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Report format.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@click.option("--cache-dir", type=click.Path(path_type=Path), default=DEFAULT_CACHE_DIR,
              show_default=True, help="Where parsed files and results are cached.")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the cache.")
@_guard
def check(games: tuple[str, ...], content_dir: Path, fmt: str, strict: bool, cache_dir: Path,
          no_cache: bool) -> None:
    """Check content: YAML, schema and each game's consistency rules.

    Prints `path:line:col: severity CODE message [id]` per finding and a summary line.
    """
    record = replay.recorder(str(content_dir), None if no_cache else str(cache_dir))
    report = run_check(CheckOptions(games, content_dir, None if no_cache else cache_dir))
    out, err = _check_output(report, fmt, games)
    click.echo(out, nl=False)
    click.echo(err, nl=False, err=True)
    code = report.exit_code(strict)
    if record is not None:  # the same check, next time: answered while nothing changed
        again = Report(report.diagnostics, replace(report.summary, cached=True), report.outside)
        record.save(*_check_output(again, fmt, games), code, report.outside)
    if replay.program():
        hard_exit(code)  # the loaded content is not freed: seconds, for a large check
    sys.exit(code)


def _check_output(report: Report, fmt: str, games: tuple[str, ...]) -> tuple[str, str]:
    """What ``check`` prints of ``report``: standard output, standard error."""
    from ..core.reporters import REPORTERS

    codes = _all_codes(games) if fmt == "sarif" else ()
    err = report.summary.line() + "\n" if fmt in ("json", "sarif") else ""
    return REPORTERS[fmt](report, codes), err


def _all_codes(games: tuple[str, ...]) -> list[Any]:
    """Every code cardkit can report for ``games`` (all games when empty), once each, sorted."""
    from ..core.diagnostics import CORE_CODES
    from ..core.registry import get_game
    from ..core.spec import iter_codes
    from ..i18n.checks import PAIR_CHECKS, SET_CODES
    from ..i18n.exchange import IMPORT_CODES
    from ..i18n.history import HISTORY_CODES
    from ..i18n.placement import PLACEMENT_CODES
    from ..i18n.plural_check import PLURAL_CODES
    from ..pdf.artcheck import ART_CODES

    out = list(CORE_CODES) + list(SET_CODES) + [c.info for c in PAIR_CHECKS] + list(IMPORT_CODES)
    out += list(HISTORY_CODES) + list(PLURAL_CODES) + list(PLACEMENT_CODES) + list(ART_CODES)
    for g in games or game_ids():
        spec = get_game(g)
        out.extend(iter_codes(spec))
        out.extend(c.info for c in getattr(spec, "extra_translation_checks", ()))
    if not games:  # the codes of games declared as data, whether or not one is in use
        from ..core.registry import declared_factory

        out.extend(declared_factory().declared_codes())
    unique = {c.code: c for c in reversed(out)}  # I18N018 comes from every game: keep one
    return sorted(unique.values(), key=lambda c: c.code)


@click.command()
@click.argument("names", nargs=-1, metavar="[GAME|CODE]...")
@content_option
@_guard
def codes(names: tuple[str, ...], content_dir: Path) -> None:
    """List the diagnostic codes, each with a bad and a good example.

    Name games (`cardkit codes trains`) to list only the codes their content can get, or codes
    (`cardkit codes TER012 SCH002`) to show just those, with their full explanation.
    """
    from ..core.spec import format_code, select_codes

    games = tuple(n for n in names if n in game_ids())
    wanted = [n for n in names if n not in game_ids()]
    for info in select_codes(_all_codes(() if wanted else games), wanted, game_ids()):
        click.echo(format_code(info, full=bool(wanted)), nl=False)


@click.command(name="new")
@click.argument("game")
@click.argument("kind")
@click.argument("object_id", metavar="ID")
@content_option
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder a new file's modeline points to (default: the content "
              "folder's own .schemas/, else the schemas/ folder beside it).")
@click.option("--into", "into", default=None, metavar="FILE",
              help="Add the object to this existing file (relative to the game folder, e.g. "
              "cards/europe.yaml) instead of a new one.")
@_guard
def new_command(game: str, kind: str, object_id: str, content_dir: Path,
                schemas_dir: Path | None, into: str | None) -> None:
    """Add a skeleton object: `cardkit new terra cards eiffel-tower`.

    The object is schema-valid; its placeholder values (texts `TODO ...`, ids `todo`) are listed
    and `cardkit check` reports the ones that still break a game rule. Existing content is
    never replaced: an id already defined is refused.
    """
    from ..checking.scaffold import new_object

    result = new_object(game, kind, object_id, content_dir, schemas_dir, into)
    click.echo(f"{'created' if result.created else 'added to'} {result.path}: {kind} "
               f"{object_id!r}")
    if result.placeholders:
        click.echo(f"fill in: {', '.join(result.placeholders)}", err=True)


@click.command(name="init")
@click.argument("directory", type=click.Path(path_type=Path), metavar="DIR")
@click.option("--game", default="terra", show_default=True, metavar="GAME",
              help="The game (built-in or plug-in) whose starter content to write.")
@click.option("--declare", default=None, metavar="NAME",
              help="Write a small game declared as data called NAME instead (its game.yaml, "
              "two kinds, a deck and its templates; see docs/declared-games.md).")
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder the modelines point to; the schemas are written there "
              "(default: DIR/.schemas, written with the content, so the folder can be moved).")
@click.option("--force", is_flag=True,
              help="Replace an earlier `cardkit init` of DIR of another game, or whose schemas "
              "were edited. A starter file you edited is never replaced, nor a folder holding "
              "files init did not write.")
@_guard
def init_command(directory: Path, game: str, declare: str | None, schemas_dir: Path | None,
                 force: bool) -> None:
    """Create a new content folder DIR: locales and a game's starter content (or, with
    --declare NAME, a game declared as data).

    `cardkit check --content DIR` accepts the result with no errors.
    """
    from ..checking.scaffold import init_content

    result = init_content(directory, game, schemas_dir, force, declare=declare)
    for path in result.files:
        click.echo(f"wrote {path}")
    if result.schemas:
        click.echo(f"wrote {len(result.schemas)} JSON Schemas to {result.schemas_dir}/ (the "
                   "modelines point there)")
    click.echo(f"{len(result.files)} file(s) written; next: cardkit check --content {directory}",
               err=True)


@click.command()
@click.argument("games", nargs=-1)
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=Path("schemas"),
              show_default=True, help="Folder for the schema files.")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 when a schema file is stale or missing.")
@content_option
@force_option
@_guard
def schema(games: tuple[str, ...], out_dir: Path, check_only: bool, content_dir: Path,
           force: bool) -> None:
    """Generate the JSON Schemas (draft-07) of every content file kind.

    With GAMES, only theirs (and the shared locale, glossary and history schemas); without,
    the built-in games' and those of the plug-in and declared games with a folder in
    --content. Schemas are never written inside the content folder.
    """
    from ..checking.schemas import write_schemas

    for game in games:
        get_game(game)  # an unknown id is a usage error before anything is written
    result = write_schemas(out_dir, check_only=check_only, force=force,
                           content_roots=(content_dir,), games=games or None)
    for path in result.stale:
        click.echo(f"stale: {path}")
    for path in result.written:
        click.echo(f"wrote: {path}")
    total = len(result.stale) + len(result.written) + len(result.unchanged)
    click.echo(f"{total} schema(s): {len(result.written)} written, {len(result.stale)} stale, "
               f"{len(result.unchanged)} up to date", err=True)
    sys.exit(1 if result.stale else 0)


@click.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder the modelines point to  [default: the content folder's own "
                   ".schemas/, else the schemas/ folder beside it, else cardkit's own]")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; list files that would change and exit 1 if any.")
@_guard
def fmt(games: tuple[str, ...], content_dir: Path, schemas_dir: Path | None,
        check_only: bool) -> None:
    """Format content files canonically (comments and key order are kept).

    Text is rewrapped to 100 columns; a file whose data would change is left alone (FMT001).
    """
    from ..core.loading import select_games
    from ..core.fmt import format_game, format_locales
    from ..core.reporters import text_line

    changed, failed, unchanged = 0, 0, 0
    results = [format_game(g, content_dir, schemas_dir, check_only)
               for g in select_games(games, content_dir)]
    if not games:
        results.append(format_locales(content_dir, schemas_dir, check_only))
    for result in results:
        for diag in result.diagnostics:
            click.echo(text_line(diag), err=True)
        for path in result.changed:
            click.echo(f"{'would reformat' if check_only else 'reformatted'}: {path}")
        changed += len(result.changed)
        failed += len(result.diagnostics)
        unchanged += result.unchanged
    click.echo(f"{changed} file(s) {'to reformat' if check_only else 'reformatted'}, "
               f"{unchanged} unchanged, {failed} not formatted", err=True)
    sys.exit(1 if failed or (check_only and changed) else 0)


@click.command(name="list")
@click.argument("game")
@click.argument("kind", required=False)
@content_option
@_guard
def list_objects(game: str, kind: str | None, content_dir: Path) -> None:
    """List the objects of a game (optionally one KIND): id, kind and label.

    Files and objects that could not be loaded are reported on stderr (exit code 1).
    """
    from ..core.query import list_objects as query

    listing = query(game, content_dir, kind)
    for row in listing.rows:
        click.echo(f"{row.id:<36} {row.kind:<10} {row.label}".rstrip())
    _report_unloaded(listing.problems, f"{len(listing.rows)} object(s) listed")


def _report_unloaded(problems: list[Any], done: str) -> None:
    """``list``/``show``: print the located load errors and exit 1 when there are any."""
    from ..core.reporters import text_line

    if not problems:
        return
    for diag in problems:
        click.echo(text_line(diag), err=True)
    files = len({d.file for d in problems})
    click.echo(f"cardkit: {done}; {files} file(s) could not be loaded completely "
               f"({len(problems)} error(s)), so objects may be missing; run `cardkit check`",
               err=True)
    sys.exit(1)


@click.command()
@click.argument("game")
@click.argument("object_id")
@content_option
@click.option("--format", "fmt", type=click.Choice(("yaml", "json")), default="yaml",
              show_default=True, help="Output format.")
@_guard
def show(game: str, object_id: str, content_dir: Path, fmt: str) -> None:
    """Show one object, with its references resolved, as YAML or JSON.

    Files and objects that could not be loaded are reported on stderr (exit code 1).
    """
    from ..core.query import show_object

    shown = show_object(game, content_dir, object_id)
    data = shown.data
    if data is not None and fmt == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif data is not None:
        from ..core.query import to_yaml

        click.echo(to_yaml(data), nl=False)
    _report_unloaded(shown.problems, f"shown {object_id!r}" if data is not None else
                     f"{object_id!r} could not be loaded" if shown.broken else
                     f"no object {object_id!r} among the objects that loaded")
