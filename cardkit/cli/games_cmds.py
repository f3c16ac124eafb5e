"""``cardkit games``: the games cardkit knows — built-in, installed plug-ins, declared as data."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .app import _guard, content_option


def game_rows(content_dir: Path) -> list[dict[str, object]]:
    """One row per known game: id, origin, title, what it supports, where it comes from."""
    from ..core.discovery import game_folder
    from ..core.errors import UsageProblem
    from ..core.registry import (declared_folder, game_ids, get_game, module_of, origin,
                                 use_content)

    use_content(content_dir)
    rows: list[dict[str, object]] = []
    for game in game_ids():
        where = str(declared_folder(game) or module_of(game))
        try:
            spec = get_game(game)
        except UsageProblem as exc:  # a broken plug-in: listed with its error, not fatal
            rows.append({"id": game, "origin": origin(game), "title": "", "from": where,
                         "content": game_folder(content_dir, game).is_dir(), "supports": [],
                         "error": str(exc)})
            continue
        supports = ["check"]
        if getattr(spec, "print_decks", None) is not None:
            supports += ["pdf", "export", "site"]
        if getattr(spec, "sim", None) is not None:
            supports.append("simulate")
        if getattr(spec, "score_sheets", None) is not None:
            supports.append("score")
        rows.append({"id": game, "origin": origin(game), "title": spec.title, "from": where,
                     "content": game_folder(content_dir, game).is_dir(), "supports": supports})
    return rows


@click.command(name="games")
@content_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True, help="Output format.")
@_guard
def games_command(content_dir: Path, fmt: str) -> None:
    """List the games: built-in, plug-ins (entry point `cardkit.games`) and games declared
    as data in --content (a folder with a game.yaml).

    A `*` marks a game with a folder in --content.
    """
    from ..core.registry import shadowed

    rows = game_rows(content_dir)
    if fmt == "json":
        click.echo(json.dumps({"games": rows, "shadowed": shadowed()}, indent=2,
                              ensure_ascii=False))
        return
    for row in rows:
        mark = "*" if row["content"] else " "
        what = ", ".join(row["supports"]) or "-"  # type: ignore[arg-type]
        click.echo(f"{mark} {row['id']:<16} {row['origin']:<9} {row['title'] or '?':<33} "
                   f"{what}")
        if "error" in row:
            click.echo(f"    cannot load: {row['error']}", err=True)
    for line in shadowed():
        click.echo(f"left out: {line}", err=True)
