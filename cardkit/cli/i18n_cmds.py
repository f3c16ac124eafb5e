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
                                   "the content folder's own .schemas/, else the schemas/ "
                                   "folder beside it, else cardkit's own]")


@i18n.command(name="status")
@click.argument("games", nargs=-1)
@content_option
@locale_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="Output format.")
@_guard
def i18n_status(games: tuple[str, ...], content_dir: Path, locale: str | None, fmt: str) -> None:
    """Coverage per game and locale: translated, missing, stale, failing, waived.

    A translation file that cannot be used (it does not parse, is named after no kind, sits in
    a folder no locale file defines) is listed after the table, as `cardkit check` reports it,
    and the exit code is 1: the fields it holds count as missing.
    """
    from ..core.reporters import text_line
    from ..i18n.api import no_locales_note, status_report

    rows, problems = status_report(games, content_dir, locale)
    if fmt == "json":
        click.echo(json.dumps([r.to_dict() for r in rows], indent=2))
    elif not rows:
        click.echo(no_locales_note(content_dir))
    else:
        click.echo(f"{'game':<14}{'locale':<8}{'translated':>12}{'%':>8}{'missing':>9}"
                   f"{'stale':>7}{'failing':>9}{'waived':>8}")
        for r in rows:
            click.echo(f"{r.game:<14}{r.locale:<8}{r.translated:>6}/{r.total:<5}"
                       f"{r.percent:>8.1f}{r.missing:>9}{r.stale:>7}{r.failing:>9}{r.waived:>8}")
    if problems:
        for diag in problems:
            click.echo(text_line(diag), err=True)
        n = len(problems)
        click.echo(f"{n} error{'' if n == 1 else 's'} in translation files"
                   + ("; the fields they would translate count as missing above" if rows else "")
                   + " (`cardkit check` reports the same)", err=True)
        sys.exit(1)


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
@click.option("--format", "fmt", type=click.Choice(("po", "xliff", "xliff12")), default="po",
              show_default=True, help="Exchange file format: gettext PO, XLIFF 2.0 (xliff) or "
                                      "XLIFF 1.2 (xliff12).")
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True, help="Output file.")
@force_option
@_guard
def i18n_export(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
                force: bool) -> None:
    """Export a locale for translators (PO, XLIFF 2.0 or XLIFF 1.2)."""
    from ..export.exchange import export

    path = export(game, content_dir, locale, fmt, out, force)
    click.echo(f"wrote {path}", err=True)


@i18n.command(name="glossary")
@click.argument("game")
@content_option
@click.option("--locale", "locale", required=True, help="Target locale.")
@click.option("--format", "fmt", type=click.Choice(("tbx", "csv")), default="tbx",
              show_default=True, help="TBX-Basic (TBX 2, for memoQ, Trados, Weblate) or CSV "
                                      "(term,translation,forms,forbidden,note).")
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True, help="Output file.")
@force_option
@_guard
def i18n_glossary(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
                  force: bool) -> None:
    """Export a game's glossary of one locale for CAT tools (TBX or CSV)."""
    from ..export.exchange import export_glossary

    path = export_glossary(game, content_dir, locale, fmt, out, force)
    click.echo(f"wrote {path}", err=True)


@i18n.command(name="import")
@click.argument("game")
@click.argument("file", type=click.Path(path_type=Path))
@content_option
@schemas_option
@click.option("--locale", "locale", default=None,
              help="Target locale (default: read from the file).")
@click.option("--dry-run", is_flag=True,
              help="Validate and show each change (old -> new text); write nothing.")
@click.option("--force", is_flag=True,
              help="Write the texts even when the translation checks find errors in them "
                   "(they are reported, and `cardkit check` will report them too). Errors of "
                   "the file itself (malformed, another locale or game) always stop it.")
@_guard
def i18n_import(game: str, file: Path, content_dir: Path, schemas_dir: Path | None,
                locale: str | None, dry_run: bool, force: bool) -> None:
    """Import a PO or XLIFF file: checked completely before anything is written."""
    from ..core.modeline import default_schemas_dir
    from ..core.reporters import text_line
    from ..export.exchange import import_file

    schemas_dir = schemas_dir or default_schemas_dir(content_dir, game)
    result = import_file(game, file, content_dir, schemas_dir, locale, dry_run, force)
    plan = result.plan
    for diag in plan.errors + result.findings:
        click.echo(text_line(diag), err=True)
    if result.blocked:
        n = len(plan.errors) + len(result.findings)
        hint = "" if plan.errors else "; --force writes them anyway"
        click.echo(f"{n} error(s); nothing was written{hint}", err=True)
        sys.exit(1)
    written = result.written
    assert written is not None
    for (kind, obj_id, key), old, new in result.changes():
        click.echo(f"{'would update' if dry_run else 'updated'}: {kind}/{obj_id}/{key}")
        if dry_run:
            for line in _change_lines(old, new):
                click.echo(line)
    if result.findings:
        click.echo(f"{len(result.findings)} translation error(s) "
                   f"{'would be' if dry_run else 'were'} written (--force); "
                   f"`cardkit check {game}` reports them", err=True)
    click.echo(f"{result.locale}: {len(written.changed)} field(s) "
               f"{'to change' if dry_run else 'changed'} in {len(written.files)} file(s); "
               f"{plan.empty} untranslated and {plan.skipped_fuzzy} fuzzy entries left alone",
               err=True)


def _change_lines(old: object, new: object) -> list[str]:
    """``  - old`` / ``  + new`` lines of one field (each plural form on its own line)."""
    def forms(value: object) -> list[tuple[str, str]]:
        if isinstance(value, dict):
            return [(f"[{k}] ", str(v)) for k, v in value.items()]
        return [] if value is None else [("", str(value))]

    if old == new:  # the text stays: the entry's translator comment changed
        return ["  (text unchanged; translator comment changed)"]
    lines = [f"  - {label}{_visible(text)}" for label, text in forms(old)] or \
        ["  - (untranslated)"]
    lines += [f"  + {label}{_visible(text)}" for label, text in forms(new)]
    return lines


def _visible(text: str) -> str:
    """A text on one line: line breaks as ``\\n``, edge spaces made visible."""
    text = text.replace("\n", "\\n")
    if text != text.strip():
        return repr(text)
    return text


@i18n.command(name="confirm")
@click.argument("game")
@click.argument("targets", nargs=-1)
@content_option
@schemas_option
@click.option("--locale", "locale", required=True, help="Target locale.")
@click.option("--dry-run", is_flag=True, help="List what would be confirmed; write nothing.")
@click.option("--all", "all_stale", is_flag=True,
              help="Confirm every stale translation of the locale (instead of TARGETS).")
@_guard
def i18n_confirm(game: str, targets: tuple[str, ...], content_dir: Path,
                 schemas_dir: Path | None, locale: str, dry_run: bool, all_stale: bool) -> None:
    """Confirm stale translations as still correct (TARGETS: ids or id/field, or --all).

    See what changed in the English first: `cardkit i18n diff GAME --locale L`.
    """
    from ..core.modeline import default_schemas_dir
    from ..i18n.api import confirm

    schemas_dir = schemas_dir or default_schemas_dir(content_dir, game)
    result = confirm(game, content_dir, schemas_dir, locale, targets, dry_run, all_stale)
    for kind, obj_id, key in result.changed:
        click.echo(f"{'would confirm' if dry_run else 'confirmed'}: {kind}/{obj_id}/{key}")
    click.echo(f"{len(result.changed)} stale translation(s) "
               f"{'to confirm' if dry_run else 'confirmed'}", err=True)


@i18n.command(name="diff")
@click.argument("game")
@click.argument("targets", nargs=-1)
@content_option
@click.option("--locale", "locale", required=True, help="Target locale.")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="Output format.")
@_guard
def i18n_diff(game: str, targets: tuple[str, ...], content_dir: Path, locale: str,
              fmt: str) -> None:
    """What changed in the English of each stale translation (TARGETS: ids or id/field).

    A word diff like `git diff --word-diff`: [-removed-]{+added+}, then the translation.
    """
    from ..i18n.api import diff

    changes = diff(game, content_dir, locale, targets)
    if fmt == "json":
        click.echo(json.dumps([c.to_dict() for c in changes], indent=2, ensure_ascii=False))
        return
    for change in changes:
        click.echo(f"{change.source.context} (translated from {change.src}, the English is now "
                   f"{change.source.fingerprint})")
        word_diffs = change.diff
        if word_diffs is None:
            click.echo("  en: the English it was translated from is not stored; now:")
            word_diffs = {k: v for k, v in _forms(change.source.text)}
        for form, text in word_diffs.items():
            click.echo(f"  en{f'[{form}]' if form else ''}: {_visible(text)}")
        for form, text in _forms(change.translation):
            click.echo(f"  {locale}{f'[{form}]' if form else ''}: {_visible(text)}")
    click.echo(f"{len(changes)} stale translation(s)", err=True)


def _forms(value: object) -> list[tuple[str, str]]:
    """(plural form, text) pairs of a text; form ``""`` for a plain one."""
    if isinstance(value, dict):
        return [(str(k), str(v)) for k, v in value.items()]
    return [("", str(value))]
