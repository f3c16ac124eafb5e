"""The ``cardkit`` command line. The only module that prints, parses argv or exits.

Exit codes: 0 clean, 1 findings, 2 usage or internal error. Heavy modules (pydantic models,
ruamel, reportlab) are imported inside commands so that a cached ``check`` starts fast.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__
from .core.checking import DEFAULT_CACHE_DIR, CheckOptions, run_check
from .core.errors import UsageProblem
from .core.gate import ContentBlocked
from .core.registry import game_ids

F = TypeVar("F", bound=Callable[..., Any])
FORMATS = ("text", "json", "github", "sarif")
content_option = click.option(
    "--content", "content_dir", type=click.Path(path_type=Path), default=Path("content"),
    show_default=True, envvar="CARDKIT_CONTENT", show_envvar=True,
    help="Folder holding one sub-folder per game.")
force_option = click.option(  # the same flag on every command that writes a user-named file
    "--force", is_flag=True,
    help="Replace an existing output file that cardkit did not write (or that was changed).")


def _blocked(exc: ContentBlocked) -> None:
    """Print the located errors that stopped a command at the content gate; exit 1."""
    from .core.reporters import text_line

    for diag in exc.diagnostics:
        click.echo(text_line(diag), err=True)
    click.echo(f"cardkit: {exc}; nothing was written", err=True)
    sys.exit(1)


def _guard(func: F) -> F:
    """Turn usage problems into exit code 2 with a message, and unexpected errors likewise;
    Ctrl-C becomes exit code 130 (commands that keep partial work report it before that)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ContentBlocked as exc:  # the content gate: located errors, exit 1
            _blocked(exc)
        except UsageProblem as exc:
            message = exc.args[0] if exc.args else str(exc)
            click.echo(f"cardkit: {message}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:  # Ctrl-C: commands that keep partial work report it themselves
            click.echo("cardkit: interrupted", err=True)
            sys.exit(130)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except BrokenPipeError:  # `cardkit list terra | head`
            sys.stderr.close()
            sys.exit(0)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            click.echo(f"cardkit: internal error: {type(exc).__name__}: {exc}", err=True)
            if _debug_wanted():
                traceback.print_exc()
            else:
                click.echo("cardkit: run again with --debug for the traceback, and please report it",
                           err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


def _debug_wanted() -> bool:
    """Whether ``--debug`` (anywhere on the command line) or ``CARDKIT_DEBUG`` wants tracebacks."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.find_root().params.get("debug"):
        return True
    return "--debug" in sys.argv


class _CardkitGroup(click.Group):
    """The root group: ``--debug`` is accepted after the sub-command too, and Ctrl-C anywhere
    (also outside a command body) exits 130 instead of click's "Aborted!" with exit 1."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Move every ``--debug`` before ``--`` to the front, where the group's option is."""
        end = args.index("--") if "--" in args else len(args)
        head = [a for a in args[:end] if a != "--debug"]
        if len(head) != end:
            args = ["--debug", *head, *args[end:]]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C outside a guarded body still exits 130, quietly."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("cardkit: interrupted", err=True)
            sys.exit(130)


@click.group(cls=_CardkitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardkit")
@click.option("--debug", is_flag=True, envvar="CARDKIT_DEBUG", show_envvar=True,
              help="Show the traceback of an internal error (accepted anywhere on the command "
              "line).")
def main(debug: bool) -> None:
    """cardkit: validated YAML card databases for board games.

    Exit codes: 0 clean, 1 findings, 2 usage or internal error, 130 interrupted (Ctrl-C; the
    finished work is kept and reported). Environment: CARDKIT_CONTENT (the default --content
    folder), CARDKIT_DEBUG=1 (same as --debug).
    """


@main.command()
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
    report = run_check(CheckOptions(games, content_dir, None if no_cache else cache_dir))
    from .core.reporters import REPORTERS

    codes = _all_codes(games) if fmt == "sarif" else ()
    click.echo(REPORTERS[fmt](report, codes), nl=False)
    if fmt in ("json", "sarif"):
        click.echo(report.summary.line(), err=True)
    sys.exit(report.exit_code(strict))


def _all_codes(games: tuple[str, ...]) -> list[Any]:
    """Every code cardkit can report for ``games`` (all games when empty), once each, sorted."""
    from .core.diagnostics import CORE_CODES
    from .core.registry import get_game
    from .core.spec import iter_codes
    from .i18n.checks import PAIR_CHECKS, SET_CODES
    from .i18n.exchange import IMPORT_CODES

    out = list(CORE_CODES) + list(SET_CODES) + [c.info for c in PAIR_CHECKS] + list(IMPORT_CODES)
    for g in games or game_ids():
        spec = get_game(g)
        out.extend(iter_codes(spec))
        out.extend(c.info for c in getattr(spec, "extra_translation_checks", ()))
    unique = {c.code: c for c in reversed(out)}  # I18N018 comes from every game: keep one
    return sorted(unique.values(), key=lambda c: c.code)


@main.command()
@click.argument("names", nargs=-1, metavar="[GAME|CODE]...")
@_guard
def codes(names: tuple[str, ...]) -> None:
    """List the diagnostic codes, each with a bad and a good example.

    Name games (`cardkit codes trains`) to list only the codes their content can get, or codes
    (`cardkit codes TER012 SCH002`) to show just those, with their full explanation.
    """
    from .core.spec import format_code, select_codes

    games = tuple(n for n in names if n in game_ids())
    wanted = [n for n in names if n not in game_ids()]
    for info in select_codes(_all_codes(() if wanted else games), wanted, game_ids()):
        click.echo(format_code(info, full=bool(wanted)), nl=False)


@main.command(name="new")
@click.argument("game")
@click.argument("kind")
@click.argument("object_id", metavar="ID")
@content_option
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder a new file's modeline points to (default: the schemas/ "
              "folder beside the content folder).")
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
    from .core.scaffold import new_object

    result = new_object(game, kind, object_id, content_dir, schemas_dir, into)
    click.echo(f"{'created' if result.created else 'added to'} {result.path}: {kind} "
               f"{object_id!r}")
    if result.placeholders:
        click.echo(f"fill in: {', '.join(result.placeholders)}", err=True)


@main.command(name="init")
@click.argument("directory", type=click.Path(path_type=Path), metavar="DIR")
@click.option("--game", type=click.Choice(game_ids()), default="terra", show_default=True,
              help="The game whose starter content to write.")
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder the modelines point to (default: the schemas/ folder beside "
              "DIR, else cardkit's own).")
@click.option("--force", is_flag=True,
              help="Write into a folder that is not empty (existing files are never replaced).")
@_guard
def init_command(directory: Path, game: str, schemas_dir: Path | None, force: bool) -> None:
    """Create a new content folder DIR: locales and a game's starter content.

    `cardkit check --content DIR` accepts the result with no errors.
    """
    from .core.scaffold import init_content

    result = init_content(directory, game, schemas_dir, force)
    for path in result.files:
        click.echo(f"wrote {path}")
    click.echo(f"{len(result.files)} file(s) written; next: cardkit check --content {directory}",
               err=True)


@main.command()
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=Path("schemas"),
              show_default=True, help="Folder for the schema files.")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 when a schema file is stale or missing.")
@content_option
@force_option
@_guard
def schema(out_dir: Path, check_only: bool, content_dir: Path, force: bool) -> None:
    """Generate the JSON Schemas (draft-07) of every content file kind.

    Schemas are never written inside the content folder.
    """
    from .core.schemas import write_schemas

    result = write_schemas(out_dir, check_only=check_only, force=force,
                           content_roots=(content_dir,))
    for path in result.stale:
        click.echo(f"stale: {path}")
    for path in result.written:
        click.echo(f"wrote: {path}")
    total = len(result.stale) + len(result.written) + len(result.unchanged)
    click.echo(f"{total} schema(s): {len(result.written)} written, {len(result.stale)} stale, "
               f"{len(result.unchanged)} up to date", err=True)
    sys.exit(1 if result.stale else 0)


@main.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=None,
              help="Schema folder the modelines point to  [default: the schemas/ folder beside "
                   "the content folder, else cardkit's own]")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; list files that would change and exit 1 if any.")
@_guard
def fmt(games: tuple[str, ...], content_dir: Path, schemas_dir: Path | None,
        check_only: bool) -> None:
    """Format content files canonically (comments and key order are kept).

    Text is rewrapped to 100 columns; a file whose data would change is left alone (FMT001).
    """
    from .core.checking import select_games
    from .core.fmt import format_game, format_locales
    from .core.reporters import text_line

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


@main.command(name="list")
@click.argument("game")
@click.argument("kind", required=False)
@content_option
@_guard
def list_objects(game: str, kind: str | None, content_dir: Path) -> None:
    """List the objects of a game (optionally one KIND): id, kind and label.

    Files and objects that could not be loaded are reported on stderr (exit code 1).
    """
    from .core.query import list_objects as query

    listing = query(game, content_dir, kind)
    for row in listing.rows:
        click.echo(f"{row.id:<36} {row.kind:<10} {row.label}".rstrip())
    _report_unloaded(listing.problems, f"{len(listing.rows)} object(s) listed")


def _report_unloaded(problems: list[Any], done: str) -> None:
    """``list``/``show``: print the located load errors and exit 1 when there are any."""
    from .core.reporters import text_line

    if not problems:
        return
    for diag in problems:
        click.echo(text_line(diag), err=True)
    files = len({d.file for d in problems})
    click.echo(f"cardkit: {done}; {files} file(s) could not be loaded completely "
               f"({len(problems)} error(s)), so objects may be missing; run `cardkit check`",
               err=True)
    sys.exit(1)


@main.command()
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
    from .core.query import show_object

    shown = show_object(game, content_dir, object_id)
    data = shown.data
    if data is not None and fmt == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif data is not None:
        from .core.query import to_yaml

        click.echo(to_yaml(data), nl=False)
    _report_unloaded(shown.problems, f"shown {object_id!r}" if data is not None else
                     f"{object_id!r} could not be loaded" if shown.broken else
                     f"no object {object_id!r} among the objects that loaded")


def _back_offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("give X,Y in millimetres, e.g. 0.5,-1") from None
    return (x, y)


def _bleed(ctx: click.Context, param: click.Parameter, value: str) -> float | None:
    if value == "auto":
        return None
    try:
        bleed = float(value.removesuffix("mm"))
    except ValueError:
        raise click.BadParameter("give millimetres or 'auto'") from None
    if bleed < 0 or bleed > 10:
        raise click.BadParameter("bleed must be between 0 and 10 mm")
    return bleed


@main.command()
@click.argument("game")
@content_option
@click.option("--locale", default="en", show_default=True, help="Language of the cards.")
@click.option("--paper", default="a4", show_default=True, help="a4, letter, a3, legal or WxHmm.")
@click.option("--duplex", type=click.Choice(("long", "short", "none")), default="long",
              show_default=True, help="How the printer turns the sheet for the backs.")
@click.option("--bleed", default="auto", show_default=True, callback=_bleed,
              help="Bleed in mm, or 'auto' (the most that keeps the cards per sheet, up to 3).")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
              help="Crop marks at the card corners, outside the bleed.")
@click.option("--cut-lines", is_flag=True, help="Dashed lines along every card edge.")
@click.option("--gap", type=click.FloatRange(0, 30), default=0.0, show_default=True,
              help="Space between cards in mm.")
@click.option("--back-offset", default="0,0", show_default=True, callback=_back_offset,
              help="Shift the backs by X,Y mm to match your printer.")
@click.option("--layout", type=click.Choice(("sheets", "single")), default="sheets",
              show_default=True, help="Sheets of cards, or one card per page for print shops.")
@click.option("--deck", default=None, help="Only this deck (default: every deck).")
@click.option("--units", type=click.Choice(("metric", "imperial")), default="metric",
              show_default=True, help="Board side the answers are printed for.")
@click.option("--calibration/--no-calibration", default=True, show_default=True,
              help="Add the 100 mm ruler and duplex crosshair page.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Output file (default build/GAME-DECK-LOCALE.pdf).")
@force_option
@_guard
def pdf(game: str, content_dir: Path, locale: str, paper: str, duplex: str, bleed: float | None,
        crop_marks: bool, cut_lines: bool, gap: float, back_offset: tuple[float, float],
        layout: str, deck: str | None, units: str, calibration: bool, out: Path | None,
        force: bool) -> None:
    """Print-and-play PDF of a game's decks."""
    from .pdf.api import PdfJob, render_game
    from .pdf.draw import PdfOptions
    from .pdf.geometry import PAPERS, GeometryError, SheetOptions, parse_size

    try:
        sheet = SheetOptions(paper=parse_size(paper, PAPERS, "paper"), bleed=bleed, gap=gap,
                             duplex=duplex, back_offset=back_offset,  # type: ignore[arg-type]
                             crop_marks=crop_marks, cut_lines=cut_lines)
        options = PdfOptions(sheet=sheet, layout=layout,  # type: ignore[arg-type]
                             calibration=calibration)
        files = render_game(PdfJob(game, content_dir, locale, deck, units, options, out, force))
    except GeometryError as exc:
        raise click.UsageError(str(exc)) from None
    for f in files:
        note = f", {f.fallbacks} text(s) in English (untranslated)" if f.fallbacks else ""
        click.echo(f"wrote {f.path}: {f.cards} cards on {f.sheets} sheet(s), {f.pages} pages, "
                   f"{f.size / 1024:.0f} KiB{note}")


@main.command()
@click.argument("game")
@content_option
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True,
              help="Number of games to play.")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed of the run.")
@click.option("--bots", default=None, help="Comma-separated bots, one per seat "
              "(e.g. guesser:0.8,hedger:0.5); default: the game's own set.")
@click.option("--players", type=click.IntRange(1), default=None,
              help="Number of players (a single --bots entry fills every seat).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Worker processes (default and maximum: this machine's CPUs).")
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True, help="Where the games run: in this process, in worker "
              "processes, or on a Dask cluster.")
@click.option("--scheduler", default=None, help="Dask scheduler address, tcp://HOST:PORT "
              "(implies --backend dask; default: a local cluster).")
@click.option("--turn-cap", type=click.IntRange(1), default=10_000, show_default=True,
              help="Stop a game after this many actions (reported, never hidden).")
@click.option("--format", "fmt", type=click.Choice(("text", "json", "csv")), default="text",
              show_default=True, help="What to print.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Write the JSON report (every game row) to this file.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="Write a PDF report with charts.")
@force_option
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
@_guard
def simulate(game: str, content_dir: Path, games: int, seed: int, bots: str | None,
             players: int | None, workers: int | None, backend: str, scheduler: str | None,
             turn_cap: int, fmt: str, out: Path | None, report_pdf: Path | None,
             progress: bool | None, force: bool) -> None:
    """Play seeded games with bots; report win rates, lengths and the game's statistics.

    The same seed gives the same results on any backend and worker count. Ctrl-C stops the run
    and reports the games that finished.
    """
    from .core.outputs import check_output, write_output
    from .sim import report as rep
    from .sim.api import simulate as run_simulation

    roots = (content_dir,)
    for target in (out, report_pdf):  # refuse before the run, not after it
        if target is not None:
            check_output(target, force=force, content_roots=roots)

    show = sys.stderr.isatty() if progress is None else progress
    bar = _ProgressBar() if show else None
    result = run_simulation(game, content_dir, games, seed, _split_list(bots), players,
                            _backend_for(backend, scheduler),  # type: ignore[arg-type]
                            workers, scheduler, turn_cap, bar.update if bar else None)
    if bar:
        bar.close()
    text = {"text": rep.to_text, "json": rep.to_json, "csv": rep.to_csv}[fmt](result)
    click.echo(text, nl=False)
    if out is not None:
        write_output(out, rep.to_json(result), force=force, content_roots=roots)
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_output(report_pdf, rep.to_pdf(result), force=force, content_roots=roots)
        click.echo(f"wrote {report_pdf}", err=True)
    if result.result.interrupted:
        click.echo(f"cardkit: interrupted after {len(result.result.rows)} of {games} games",
                   err=True)
        sys.exit(130)


@main.command()
@click.argument("game")
@content_option
@click.option("--games", "games_per_card", type=click.IntRange(2), default=200, show_default=True,
              help="Games per card (half in each seat order, on shared seeds).")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed of the run.")
@click.option("--cards", default=None, help="Comma-separated cards (default: every kingdom card).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Worker processes (default and maximum: this machine's CPUs).")
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True, help="Where the games run: in this process, in worker "
              "processes, or on a Dask cluster.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None, help="JSON report.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="PDF chart.")
@force_option
@_guard
def strength(game: str, content_dir: Path, games_per_card: int, seed: int, cards: str | None,
             workers: int | None, backend: str, out: Path | None,
             report_pdf: Path | None, force: bool) -> None:
    """Card strength: "baseline + card X" against the baseline, for every kingdom card."""
    from .core.outputs import check_output, write_output
    from .sim import report as rep
    from .sim.api import card_strength

    roots = (content_dir,)
    for target in (out, report_pdf):  # refuse before the run, not after it
        if target is not None:
            check_output(target, force=force, content_roots=roots)

    bar = _ProgressBar() if sys.stderr.isatty() else None
    rows = card_strength(game, content_dir, games_per_card, seed, _split_list(cards),
                         backend, workers, bar.update if bar else None)  # type: ignore[arg-type]
    if bar:
        bar.close()
    click.echo(rep.strength_text(game, rows), nl=False)
    if out is not None:
        write_output(out, json.dumps(rows.to_dict(), indent=1, sort_keys=True) + "\n",
                     force=force, content_roots=roots)
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_output(report_pdf, rep.strength_pdf(game, rows), force=force, content_roots=roots)
        click.echo(f"wrote {report_pdf}", err=True)
    if rows.interrupted:
        click.echo(f"cardkit: interrupted after {len(rows)} of {len(rows.cards)} cards", err=True)
        sys.exit(130)


def _split_list(text: str | None) -> list[str] | None:
    """A comma-separated option as a list of stripped entries (``"a, b"`` is ``a`` and ``b``)."""
    return [part.strip() for part in text.split(",")] if text else None


def _backend_for(backend: str, scheduler: str | None) -> str:
    """``--scheduler`` implies ``--backend dask`` when no backend was given; given together with
    another backend it is a usage error (reported by the library)."""
    source = click.get_current_context().get_parameter_source("backend")
    if scheduler is not None and source is click.core.ParameterSource.DEFAULT:
        return "dask"
    return backend


class _ProgressBar:
    """A one-line progress bar on stderr."""

    def __init__(self) -> None:
        import time

        self.start = time.perf_counter()

    def update(self, done: int, total: int) -> None:
        import time

        width = 30
        filled = int(width * done / total)
        rate = done / max(1e-9, time.perf_counter() - self.start)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"({rate:.0f}/s)")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


@main.group()
def i18n() -> None:
    """Translations: status, checks, PO/XLIFF exchange, confirming stale entries."""


locale_option = click.option("--locale", "locale", default=None,
                             help="Target locale (default: every defined one).")
schemas_option = click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path),
                              default=None,
                              help="Schema folder that new overlay modelines point to  [default: "
                                   "the schemas/ folder beside the content folder, else "
                                   "cardkit's own]")


@i18n.command(name="status")
@click.argument("games", nargs=-1)
@content_option
@locale_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="Output format.")
@_guard
def i18n_status(games: tuple[str, ...], content_dir: Path, locale: str | None, fmt: str) -> None:
    """Coverage per game and locale: translated, missing, stale, failing."""
    from .i18n.api import status

    rows = status(games, content_dir, locale)
    if fmt == "json":
        click.echo(json.dumps([r.to_dict() for r in rows], indent=2))
        return
    click.echo(f"{'game':<14}{'locale':<8}{'translated':>12}{'%':>8}{'missing':>9}{'stale':>7}"
               f"{'failing':>9}")
    for r in rows:
        click.echo(f"{r.game:<14}{r.locale:<8}{r.translated:>6}/{r.total:<5}{r.percent:>8.1f}"
                   f"{r.missing:>9}{r.stale:>7}{r.failing:>9}")


@i18n.command(name="check")
@click.argument("games", nargs=-1)
@content_option
@locale_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Report format.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@_guard
def i18n_check(games: tuple[str, ...], content_dir: Path, locale: str | None, fmt: str,
               strict: bool) -> None:
    """Run the translation checks only."""
    from .core.reporters import REPORTERS
    from .i18n.api import check as run

    report = run(games, content_dir, locale)
    click.echo(REPORTERS[fmt](report, _all_codes(games) if fmt == "sarif" else ()), nl=False)
    sys.exit(report.exit_code(strict))


@i18n.command(name="export")
@click.argument("game")
@content_option
@click.option("--locale", "locale", required=True, help="Target locale.")
@click.option("--format", "fmt", type=click.Choice(("po", "xliff")), default="po",
              show_default=True, help="Exchange file format: gettext PO or XLIFF 2.0.")
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True, help="Output file.")
@force_option
@_guard
def i18n_export(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
                force: bool) -> None:
    """Export a locale for translators (PO or XLIFF 2.0)."""
    from .i18n.api import export

    path = export(game, content_dir, locale, fmt, out, force)
    click.echo(f"wrote {path}", err=True)


@i18n.command(name="import")
@click.argument("game")
@click.argument("file", type=click.Path(path_type=Path))
@content_option
@schemas_option
@click.option("--locale", "locale", default=None,
              help="Target locale (default: read from the file).")
@click.option("--dry-run", is_flag=True, help="Validate and list changes; write nothing.")
@_guard
def i18n_import(game: str, file: Path, content_dir: Path, schemas_dir: Path | None,
                locale: str | None, dry_run: bool) -> None:
    """Import a PO or XLIFF file: validated completely before anything is written."""
    from .core.modeline import default_schemas_dir
    from .core.reporters import text_line
    from .i18n.api import import_file

    schemas_dir = schemas_dir or default_schemas_dir(content_dir)
    result = import_file(game, file, content_dir, schemas_dir, locale, dry_run)
    plan = result.plan
    if plan.errors:
        for diag in plan.errors:
            click.echo(text_line(diag), err=True)
        click.echo(f"{len(plan.errors)} error(s); nothing was written", err=True)
        sys.exit(1)
    written = result.written
    assert written is not None
    for kind, obj_id, key in written.changed:
        click.echo(f"{'would update' if dry_run else 'updated'}: {kind}/{obj_id}/{key}")
    click.echo(f"{result.locale}: {len(written.changed)} field(s) "
               f"{'to change' if dry_run else 'changed'} in {len(written.files)} file(s); "
               f"{plan.empty} untranslated and {plan.skipped_fuzzy} fuzzy entries left alone",
               err=True)


@i18n.command(name="confirm")
@click.argument("game")
@click.argument("targets", nargs=-1)
@content_option
@schemas_option
@click.option("--locale", "locale", required=True, help="Target locale.")
@click.option("--dry-run", is_flag=True, help="List what would be confirmed; write nothing.")
@_guard
def i18n_confirm(game: str, targets: tuple[str, ...], content_dir: Path,
                 schemas_dir: Path | None, locale: str, dry_run: bool) -> None:
    """Confirm stale translations as still correct (TARGETS: ids or id/field; none = all)."""
    from .core.modeline import default_schemas_dir
    from .i18n.api import confirm

    schemas_dir = schemas_dir or default_schemas_dir(content_dir)
    result = confirm(game, content_dir, schemas_dir, locale, targets, dry_run)
    for kind, obj_id, key in result.changed:
        click.echo(f"{'would confirm' if dry_run else 'confirmed'}: {kind}/{obj_id}/{key}")
    click.echo(f"{len(result.changed)} stale translation(s) "
               f"{'to confirm' if dry_run else 'confirmed'}", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
