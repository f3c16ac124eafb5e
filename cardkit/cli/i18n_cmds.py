"""``cardkit i18n``: translation status, checks, PO/XLIFF exchange, confirming stale entries."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .app import FORMATS, _guard, content_option, force_option
from .content_cmds import _all_codes


@click.group()
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
    from ..i18n.api import status

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
    from ..core.reporters import REPORTERS
    from ..i18n.api import check as run

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
    from ..i18n.api import export

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
    from ..core.modeline import default_schemas_dir
    from ..core.reporters import text_line
    from ..i18n.api import import_file

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
    from ..core.modeline import default_schemas_dir
    from ..i18n.api import confirm

    schemas_dir = schemas_dir or default_schemas_dir(content_dir)
    result = confirm(game, content_dir, schemas_dir, locale, targets, dry_run)
    for kind, obj_id, key in result.changed:
        click.echo(f"{'would confirm' if dry_run else 'confirmed'}: {kind}/{obj_id}/{key}")
    click.echo(f"{len(result.changed)} stale translation(s) "
               f"{'to confirm' if dry_run else 'confirmed'}", err=True)
