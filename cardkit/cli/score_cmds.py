"""``cardkit score``: score filled-in paper sheets with a game's score calculator."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .app import _guard, content_option


def _scorers() -> list[tuple[str, str, str]]:
    """``(game, title, what its score calculator does)`` of every game that has one."""
    from ..core.errors import UsageProblem
    from ..core.registry import game_ids, get_game

    out = []
    for game in game_ids():
        try:
            spec = get_game(game)
        except UsageProblem:  # a plug-in that does not load has no calculator to describe
            continue
        scorer = getattr(spec, "score_sheets", None)
        if scorer is not None:
            out.append((game, spec.title, scorer.help or scorer.description))
    return out


class _ScoreCommand(click.Command):
    """``score`` with a help that says what each game's calculator does: only the named game's
    (``cardkit score terra-futura --help``), else every game's with one (from the registry)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keep the raw arguments: ``--help`` is answered before GAME is parsed."""
        ctx.meta["cardkit.score.args"] = list(args)
        return super().parse_args(ctx, args)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command's text, then the calculators: the named game's, or all of them."""
        super().format_help_text(ctx, formatter)
        scorers = _scorers()
        named = set(ctx.meta.get("cardkit.score.args", ()))
        game = next((s for s in scorers if s[0] in named), None)
        with formatter.indentation():
            formatter.write_paragraph()
            if game is not None:
                formatter.write_text(f"{game[0]} ({game[1]}): {game[2]}")
                others = [g for g, _, _ in scorers if g != game[0]]
                if others:
                    formatter.write_paragraph()
                    formatter.write_text("Other games with a score calculator: "
                                         f"{', '.join(others)} (`cardkit score GAME --help`).")
                return
            formatter.write_text("Games with a score calculator:")
            with formatter.indentation():
                for game_id, title, what in scorers:
                    formatter.write_paragraph()
                    formatter.write_text(f"{game_id} ({title}): {what}")


@click.command(cls=_ScoreCommand)
@click.argument("game")
@click.argument("sheets", nargs=-1, required=True, type=click.Path(path_type=Path),
                metavar="SHEET.yaml...")
@content_option
@click.option("--cards", default=None, metavar="ID,...",
              help="Comma-separated scoring card ids to score, for a game whose sheets do not "
                   "name them (Cartographers; default: every scoring card).")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="A table per sheet, or a JSON list with one object per "
              "sheet.")
@click.option("--render", "render_to", type=click.Path(path_type=Path), default=None,
              metavar="FILE.pdf|FILE.png", help="Also draw the scored sheets finished, on the "
              "printable sheet (Cartographers): a PDF, or PNG pictures (NAME-1.png... for "
              "several sheets).")
@click.option("--locale", default="en", show_default=True,
              help="The language of the drawn sheets.")
@click.option("--force", is_flag=True, help="Replace cardkit's own output even if it was "
              "changed since.")
@_guard
def score(game: str, sheets: tuple[Path, ...], content_dir: Path, cards: str | None,
          fmt: str, render_to: Path | None, locale: str, force: bool) -> None:
    """Score filled-in paper sheets of a finished game with the game's score calculator.

    Each SHEET is a YAML file typed in from the table (its JSON Schema is
    schemas/GAME/score-sheet.schema.json). Sheets with errors are reported (file:line:col,
    exit 1); the others are still scored.
    """
    from ..core.errors import UsageProblem
    from ..core.registry import game_ids, get_game
    from ..core.reporters import text_line

    scorer = getattr(get_game(game), "score_sheets", None)
    if scorer is None:
        able = [g for g in game_ids() if getattr(get_game(g), "score_sheets", None) is not None]
        raise UsageProblem(f"{game} has no score calculator; games with one: "
                           f"{', '.join(able) or 'none'}")
    if render_to is not None and scorer.render is None:
        raise UsageProblem(f"{game} draws no finished sheets (--render)")
    wanted = [part.strip() for part in cards.split(",")] if cards is not None else None
    result = scorer.score(list(sheets), wanted, content_dir)
    if render_to is not None:
        for path in scorer.render(result, render_to, content_dir, locale, force):
            click.echo(f"wrote {path}", err=True)
    for diag in result.diagnostics:
        click.echo(text_line(diag), err=True)
    click.echo(result.to_json() if fmt == "json" else result.to_text(), nl=False)
    if result.diagnostics:
        bad = len({d.file for d in result.diagnostics})
        click.echo(f"cardkit: {bad} sheet file{'s' * (bad != 1)} with errors, not scored",
                   err=True)
        sys.exit(1)
