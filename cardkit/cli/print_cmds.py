"""``cardkit pdf``: print-and-play PDFs."""

from __future__ import annotations

from pathlib import Path

import click

from .app import _guard, content_option, force_option


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


@click.command()
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
    from ..pdf.api import PdfJob, render_game
    from ..pdf.draw import PdfOptions
    from ..pdf.geometry import PAPERS, GeometryError, SheetOptions, parse_size

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
