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
from .core.registry import game_ids

F = TypeVar("F", bound=Callable[..., Any])
FORMATS = ("text", "json", "github", "sarif")
content_option = click.option(
    "--content", "content_dir", type=click.Path(path_type=Path), default=Path("content"),
    show_default=True, envvar="CARDKIT_CONTENT", help="Folder holding one sub-folder per game.")


def _guard(func: F) -> F:
    """Turn usage problems into exit code 2 with a message, and unexpected errors likewise."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except UsageProblem as exc:
            message = exc.args[0] if exc.args else str(exc)
            click.echo(f"cardkit: {message}", err=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # `cardkit list terra | head`
            sys.stderr.close()
            sys.exit(0)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            click.echo(f"cardkit: internal error: {type(exc).__name__}: {exc}", err=True)
            if "--debug" in sys.argv:
                traceback.print_exc()
            else:
                click.echo("cardkit: run again with --debug for the traceback, and please report it",
                           err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardkit")
@click.option("--debug", is_flag=True, hidden=True, help="Show tracebacks of internal errors.")
def main(debug: bool) -> None:
    """cardkit: validated YAML card databases for board games."""


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
    return sorted(out, key=lambda c: c.code)


@main.command()
@click.argument("games", nargs=-1)
@_guard
def codes(games: tuple[str, ...]) -> None:
    """List the diagnostic codes with their summaries and examples."""
    for info in _all_codes(games):
        click.echo(f"{info.code}  {info.severity.value:<7}  {info.summary}")
        if info.doc:
            for line in info.doc.splitlines():
                click.echo(f"    {line}".rstrip())


@main.command()
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("schemas"),
              show_default=True, help="Folder for the schema files.")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 when a schema file is stale or missing.")
@_guard
def schema(out_dir: Path, check_only: bool) -> None:
    """Generate the JSON Schemas (draft-07) of every content file kind."""
    from .core.schemas import write_schemas

    result = write_schemas(out_dir, check_only=check_only)
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
@click.option("--schemas", "schemas_dir", type=click.Path(path_type=Path), default=Path("schemas"),
              show_default=True, help="Schema folder the modelines point to.")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; list files that would change and exit 1 if any.")
@_guard
def fmt(games: tuple[str, ...], content_dir: Path, schemas_dir: Path, check_only: bool) -> None:
    """Format content files canonically (comments and key order are kept)."""
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
               f"{unchanged} unchanged, {failed} not parseable", err=True)
    sys.exit(1 if failed or (check_only and changed) else 0)


@main.command(name="list")
@click.argument("game")
@click.argument("kind", required=False)
@content_option
@_guard
def list_objects(game: str, kind: str | None, content_dir: Path) -> None:
    """List the objects of a game (optionally one KIND): id, kind and label."""
    from .core.query import list_objects as query

    for row in query(game, content_dir, kind):
        click.echo(f"{row.id:<36} {row.kind:<10} {row.label}")


@main.command()
@click.argument("game")
@click.argument("object_id")
@content_option
@click.option("--format", "fmt", type=click.Choice(("yaml", "json")), default="yaml",
              show_default=True)
@_guard
def show(game: str, object_id: str, content_dir: Path, fmt: str) -> None:
    """Show one object, with its references resolved, as YAML or JSON."""
    from .core.query import show_object

    data = show_object(game, content_dir, object_id)
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        from .core.query import to_yaml

        click.echo(to_yaml(data), nl=False)


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
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
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
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Output file (default build/GAME-DECK-LOCALE.pdf).")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@_guard
def pdf(game: str, content_dir: Path, locale: str, paper: str, duplex: str, bleed: float | None,
        crop_marks: bool, cut_lines: bool, gap: float, back_offset: tuple[float, float],
        layout: str, deck: str | None, units: str, calibration: bool, out: Path | None,
        force: bool) -> None:
    """Print-and-play PDF of a game's decks."""
    from .core.reporters import text_line
    from .pdf.api import PdfJob, PrintBlocked, render_game
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
    except PrintBlocked as exc:
        for diag in exc.diagnostics:
            click.echo(text_line(diag), err=True)
        click.echo(f"cardkit: {exc}; nothing was written", err=True)
        sys.exit(1)
    for f in files:
        note = f", {f.fallbacks} text(s) in English (untranslated)" if f.fallbacks else ""
        click.echo(f"wrote {f.path}: {f.cards} cards on {f.sheets} sheet(s), {f.pages} pages, "
                   f"{f.size / 1024:.0f} KiB{note}")


@main.command()
@click.argument("game")
@content_option
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed of the run.")
@click.option("--bots", default=None, help="Comma-separated bots, one per seat "
              "(e.g. guesser:0.8,hedger:0.5); default: the game's own set.")
@click.option("--players", type=click.IntRange(1), default=None,
              help="Number of players (a single --bots entry fills every seat).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Worker processes (default: the machine's cores).")
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True)
@click.option("--scheduler", default=None, help="Dask scheduler address (default: a local "
              "cluster).")
@click.option("--turn-cap", type=click.IntRange(1), default=10_000, show_default=True,
              help="Stop a game after this many actions (reported, never hidden).")
@click.option("--format", "fmt", type=click.Choice(("text", "json", "csv")), default="text",
              show_default=True, help="What to print.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Write the JSON report (every game row) to this file.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="Write a PDF report with charts.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
@_guard
def simulate(game: str, content_dir: Path, games: int, seed: int, bots: str | None,
             players: int | None, workers: int | None, backend: str, scheduler: str | None,
             turn_cap: int, fmt: str, out: Path | None, report_pdf: Path | None,
             progress: bool | None) -> None:
    """Play seeded games with bots; report win rates, lengths and the game's statistics.

    The same seed gives the same results on any backend and worker count. Ctrl-C stops the run
    and reports the games that finished.
    """
    import os

    from .core.atomic import write_bytes_atomic, write_text_atomic
    from .sim import report as rep
    from .sim.api import simulate as run_simulation

    show = sys.stderr.isatty() if progress is None else progress
    bar = _ProgressBar() if show else None
    result = run_simulation(game, content_dir, games, seed,
                            bots.split(",") if bots else None, players,
                            backend, workers or os.cpu_count() or 1,  # type: ignore[arg-type]
                            scheduler, turn_cap, bar.update if bar else None)
    if bar:
        bar.close()
    text = {"text": rep.to_text, "json": rep.to_json, "csv": rep.to_csv}[fmt](result)
    click.echo(text, nl=False)
    if out is not None:
        write_text_atomic(out, rep.to_json(result))
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_bytes_atomic(report_pdf, rep.to_pdf(result))
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
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--cards", default=None, help="Comma-separated cards (default: every kingdom card).")
@click.option("--workers", type=click.IntRange(1), default=None)
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=None, help="JSON report.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="PDF chart.")
@_guard
def strength(game: str, content_dir: Path, games_per_card: int, seed: int, cards: str | None,
             workers: int | None, backend: str, out: Path | None,
             report_pdf: Path | None) -> None:
    """Card strength: "baseline + card X" against the baseline, for every kingdom card."""
    import os

    from .core.atomic import write_bytes_atomic, write_text_atomic
    from .sim import report as rep
    from .sim.api import card_strength

    bar = _ProgressBar() if sys.stderr.isatty() else None
    rows = card_strength(game, content_dir, games_per_card, seed,
                         cards.split(",") if cards else None, backend,  # type: ignore[arg-type]
                         workers or os.cpu_count() or 1, bar.update if bar else None)
    if bar:
        bar.close()
    click.echo(rep.strength_text(game, rows), nl=False)
    if out is not None:
        write_text_atomic(out, json.dumps({"game": game, "seed": seed,
                                           "games_per_card": games_per_card,
                                           "cards": [r.to_dict() for r in rows]},
                                          indent=1, sort_keys=True) + "\n")
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_bytes_atomic(report_pdf, rep.strength_pdf(game, rows))
        click.echo(f"wrote {report_pdf}", err=True)


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
                              default=Path("schemas"), show_default=True,
                              help="Schema folder that new overlay modelines point to.")


@i18n.command(name="status")
@click.argument("games", nargs=-1)
@content_option
@locale_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
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
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
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
              show_default=True)
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True, help="Output file.")
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
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
def i18n_import(game: str, file: Path, content_dir: Path, schemas_dir: Path,
                locale: str | None, dry_run: bool) -> None:
    """Import a PO or XLIFF file: validated completely before anything is written."""
    from .core.reporters import text_line
    from .i18n.api import import_file

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
def i18n_confirm(game: str, targets: tuple[str, ...], content_dir: Path, schemas_dir: Path,
                 locale: str, dry_run: bool) -> None:
    """Confirm stale translations as still correct (TARGETS: ids or id/field; none = all)."""
    from .i18n.api import confirm

    result = confirm(game, content_dir, schemas_dir, locale, targets, dry_run)
    for kind, obj_id, key in result.changed:
        click.echo(f"{'would confirm' if dry_run else 'confirmed'}: {kind}/{obj_id}/{key}")
    click.echo(f"{len(result.changed)} stale translation(s) "
               f"{'to confirm' if dry_run else 'confirmed'}", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
