"""``cardkit export``: PNG per card face for print services, Tabletop Simulator deck sheets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from .app import _guard, content_option, force_option

Callback = Callable[[click.Context, click.Parameter, "str | None"], "float | None"]


def _number(unit: str = "") -> Callback:
    """A click callback: a number (``unit`` suffix allowed); None passes through. The library
    checks the range (NaN and infinity included) and says what it takes, in one line."""

    def parse(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
        if value is None:
            return None
        try:
            return float(value.strip().removesuffix(unit) if unit else value)
        except ValueError:
            raise click.BadParameter(f"give a number{' of ' + unit if unit else ''}") from None

    return parse


@click.command("export")
@click.argument("game")
@content_option
@click.option("--format", "fmt", type=click.Choice(("png", "tts")), default="png",
              show_default=True,
              help="png: one image per distinct card face and cards.csv, for print services; "
                   "tts: Tabletop Simulator sheets, one deck per pile, and GAME.json to put in "
                   "TTS's Saves/Saved Objects folder.")
@click.option("--preset", default=None, metavar="SERVICE",
              help="png: makeplayingcards, printerstudio or drivethrucards: the service's "
                   "card template: its exact pixel size (300 dpi, "
                   "the bleed it implies), file type and colour mode (drivethrucards: CMYK "
                   "TIFF). A card size the service does not sell is refused.")
@click.option("--base-url", default=None, metavar="URL",
              help="tts: the address the export folder will be hosted at; the save names "
                   "each image URL/<path>. Without it, file:// URLs of the exported files, "
                   "which only work on this machine.")
@click.option("--dpi", default=None, metavar="N", callback=_number(),
              help="Resolution, 50 to 1200 (default 300 for png, 150 for tts).")
@click.option("--bleed", default="0", show_default=True, metavar="MM",
              callback=_number("mm"),
              help="Bleed in mm around each card, 0 to 10 (print services often ask for 3).")
@click.option("--locale", default="en", show_default=True, help="Language of the cards.")
@click.option("--deck", default=None, help="Only this deck (default: every deck).")
@click.option("--units", type=click.Choice(("metric", "imperial")), default="metric",
              show_default=True, help="Board side the answers are printed for.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Folder of the export, replaced as a whole (default "
                   "build/export/GAME-LOCALE[-DECK][-tts]; under build/<tag>/ for another "
                   "--content folder). A folder holding files cardkit did not write is never "
                   "replaced.")
@click.option("--ink-saver", is_flag=True, help="White cards with coloured outlines.")
@force_option
@_guard
def export(game: str, content_dir: Path, fmt: str, preset: str | None, base_url: str | None,
           dpi: float | None, bleed: float, locale: str, deck: str | None, units: str,
           out: Path | None, ink_saver: bool, force: bool) -> None:
    """Card images of a game: an image per distinct face (plain or a print service's preset),
    or Tabletop Simulator sheets and a saved-object JSON (see docs/tabletop-simulator.md)."""
    from ..export.api import ExportJob, export_game

    result = export_game(ExportJob(game, fmt, content_dir, locale, deck, units, dpi, bleed, out,
                                   force, ink_saver=ink_saver, preset=preset, base_url=base_url))
    for d in result.decks:
        w, h = d.card_px
        what = (f"{d.piles} pile(s), {d.sheets} sheet(s)" if result.format == "tts"
                else f"{len(d.files)} new image(s)")
        click.echo(f"{d.deck}: {d.unique} unique cards ({d.total} to print), {what} of "
                   f"{w} x {h} px per card")
    for note in result.warnings:
        click.echo(f"cardkit: warning: {note}", err=True)
    note = f", {result.fallbacks} text(s) in English (untranslated)" if result.fallbacks else ""
    if result.reused:
        note += f", {result.reused} identical image(s) written once"
    how = (f"{result.preset} template" if result.preset else f"bleed {result.bleed:g} mm")
    click.echo(f"wrote {len(result.files)} files to {result.out_dir} ({result.size / 1e6:.1f} MB, "
               f"{result.dpi:g} dpi, {how}){note}")
