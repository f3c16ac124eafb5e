"""``cardkit site``: a static site of the content (galleries, card pages, search, reviews)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .app import _guard, content_option, force_option
from .exits import ExitCode


@click.command("site")
@content_option
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Folder of the site, replaced as a whole on rebuild (default build/site; "
                   "build/<tag>/site for another --content folder). A folder holding files "
                   "cardkit did not write is never replaced.")
@click.option("--game", "games", multiple=True, metavar="GAME",
              help="Only this game (repeatable; default: every game with content).")
@click.option("--locale", "locales", multiple=True, metavar="LOCALE",
              help="Only this locale (repeatable; default: en and every translation; qps: the "
                   "pseudo-locale, to find text that does not come from the locale).")
@click.option("--report", "reports", multiple=True, type=click.Path(path_type=Path),
              metavar="FILE.json",
              help="A JSON report of `cardkit simulate` or `cardkit strength` to include "
                   "(repeatable).")
@click.option("--dpi", default="200", show_default=True, metavar="N",
              help="Resolution of the card images, 50 to 1200 (the pages show them at half "
                   "their pixels: sharp on high-density screens).")
@force_option
@_guard
def site(content_dir: Path, out: Path | None, games: tuple[str, ...], locales: tuple[str, ...],
         reports: tuple[Path, ...], dpi: str, force: bool) -> None:
    """A static site of the content: card galleries with filters, a page per card, search
    over every locale, the translators' view and the reports. Opens from the file system."""
    from ..core.errors import UsageProblem
    from ..site import SiteJob, build_site

    try:
        resolution = float(dpi)
    except ValueError:
        raise UsageProblem(f"--dpi must be a number, not {dpi!r}") from None
    result = build_site(SiteJob(content_dir, out, games, locales, force, reports,
                                dpi=resolution))
    games_n = len({g for g, _ in result.cards})
    cards = sum(result.cards.values())
    for note in result.notes:
        click.echo(f"cardkit: note: {note}", err=True)
    galleries = len(result.cards)
    click.echo(f"wrote {result.out}: {result.pages} pages, {cards} cards in {galleries} "
               f"{'gallery' if galleries == 1 else 'galleries'} ({games_n} "
               f"{'game' if games_n == 1 else 'games'}), {result.bytes / 1e6:.1f} MB in "
               f"{result.seconds:.1f} s ({result.drawn} card "
               f"{'face' if result.drawn == 1 else 'faces'} drawn, {result.reused} "
               f"{'file' if result.reused == 1 else 'files'} unchanged)")
    if result.failing:
        for (game, locale), n in sorted(result.failing.items()):
            click.echo(f"cardkit: {game} ({locale}): {n} translation "
                       f"{'error' if n == 1 else 'errors'}, shown in {result.out}/{game}/"
                       f"{locale}/review.html (those fields are in English on the pages); "
                       f"`cardkit check {game}` lists them", err=True)
        sys.exit(ExitCode.FINDINGS)
