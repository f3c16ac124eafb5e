"""``cardkit score``: score filled-in paper sheets with a game's score calculator."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .app import _guard, content_option


@click.command()
@click.argument("game")
@click.argument("sheets", nargs=-1, required=True, type=click.Path(path_type=Path),
                metavar="SHEET.yaml...")
@content_option
@click.option("--cards", default=None, metavar="ID,...",
              help="Comma-separated scoring card ids to score (default: every scoring card).")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="A table per sheet, or a JSON list with one object per "
              "sheet.")
@_guard
def score(game: str, sheets: tuple[Path, ...], content_dir: Path, cards: str | None,
          fmt: str) -> None:
    """Score filled-in map sheets: each scoring card's stars, the coins, the monster penalty.

    `cardkit score cartographers my-sheet.yaml --cards sentinel-wood,canal-lake`. Sheets with
    errors are reported (file:line:col, exit 1); the others are still scored.
    """
    from ..core.errors import UsageProblem
    from ..core.registry import game_ids, get_game
    from ..core.reporters import text_line

    scorer = getattr(get_game(game), "score_sheets", None)
    if scorer is None:
        able = [g for g in game_ids() if getattr(get_game(g), "score_sheets", None) is not None]
        raise UsageProblem(f"{game} has no score calculator; games with one: "
                           f"{', '.join(able) or 'none'}")
    wanted = [part.strip() for part in cards.split(",")] if cards is not None else None
    result = scorer.score(list(sheets), wanted, content_dir)
    for diag in result.diagnostics:
        click.echo(text_line(diag), err=True)
    click.echo(result.to_json() if fmt == "json" else result.to_text(), nl=False)
    if result.diagnostics:
        bad = len({d.file for d in result.diagnostics})
        click.echo(f"cardkit: {bad} sheet file{'s' * (bad != 1)} with errors, not scored",
                   err=True)
        sys.exit(1)
