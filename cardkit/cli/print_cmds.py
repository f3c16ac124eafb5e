"""``cardkit pdf``: print-and-play PDFs.

Numeric options are parsed inside the command (not in click callbacks), so every bad value is
a :class:`~cardkit.pdf.geometry.GeometryError`: one line, exit code 2.
"""

from __future__ import annotations

from pathlib import Path

import click

from .app import _guard, content_option, force_option

OFFSET_HELP = ("Shift every back by X,Y mm, as you read the back side: +X right, +Y up "
               "(at most ±10). The calibration page's scales give the values.")


def parse_bleed(value: str) -> float | None:
    """``auto`` or millimetres within 0..10."""
    from ..pdf.geometry import MAX_BLEED, GeometryError, finite

    if value.strip().lower() == "auto":
        return None
    try:
        bleed = float(value.strip().removesuffix("mm"))
    except ValueError:
        raise GeometryError(f"bleed {value!r}: give millimetres or 'auto'") from None
    return finite(bleed, "bleed", 0.0, MAX_BLEED)


def parse_gap(value: str) -> float:
    """Millimetres within 0..30."""
    from ..pdf.geometry import MAX_GAP, GeometryError, finite

    try:
        gap = float(value.strip().removesuffix("mm"))
    except ValueError:
        raise GeometryError(f"gap {value!r}: give millimetres, e.g. 2") from None
    return finite(gap, "gap", 0.0, MAX_GAP)


@click.command()
@click.argument("game")
@content_option
@click.option("--locale", default="en", show_default=True, help="Language of the cards.")
@click.option("--paper", default="a4", show_default=True,
              help="a4, letter, a3, a5, legal or WxHmm (at most 5080 mm, PDF's limit).")
@click.option("--duplex", type=click.Choice(("long", "short", "none", "fold")), default="long",
              show_default=True,
              help="long/short: the printer's two-sided flip edge; none: backs on their own "
                   "sheets (re-feed or glue); fold: fronts and backs side by side, folded.")
@click.option("--bleed", default="auto", show_default=True,
              help="Bleed in mm (0-10), or 'auto' (the most that keeps the cards per sheet, up "
                   "to 3).")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
              help="Crop marks at the card corners, outside the bleed.")
@click.option("--cut-lines", is_flag=True, help="Dashed lines along every card edge.")
@click.option("--gap", default="0", show_default=True, help="Space between cards in mm (0-30).")
@click.option("--back-offset", default="0,0", show_default=True, help=OFFSET_HELP)
@click.option("--layout", type=click.Choice(("sheets", "single")), default="sheets",
              show_default=True, help="Sheets of cards, or one card per page for print shops.")
@click.option("--deck", default=None, help="Only this deck (default: every deck).")
@click.option("--units", type=click.Choice(("metric", "imperial")), default="metric",
              show_default=True, help="Board side the answers are printed for.")
@click.option("--calibration/--no-calibration", default=True, show_default=True,
              help="Add the calibration page (100 mm square, flip mark, vernier scales).")
@click.option("--ink-saver", is_flag=True,
              help="No full-colour backgrounds or backs, no large filled areas.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Output file (default build/GAME-DECK-LOCALE.pdf; build/<tag>/... for "
                   "another --content folder, e.g. build/examples-content-87e616/).")
@click.option("--strict", is_flag=True,
              help="Refuse (exit 1, nothing written) when a translation it would print has a "
                   "warning: stale (the English changed), a copy of the English, printed "
                   "much smaller.")
@force_option
@_guard
def pdf(game: str, content_dir: Path, locale: str, paper: str, duplex: str, bleed: str,
        crop_marks: bool, cut_lines: bool, gap: str, back_offset: str, layout: str,
        deck: str | None, units: str, calibration: bool, ink_saver: bool, out: Path | None,
        strict: bool, force: bool) -> None:
    """Print-and-play PDF of a game's decks."""
    from ..export.printing import render_game
    from ..pdf.api import PdfJob
    from ..pdf.draw import PdfOptions
    from ..pdf.geometry import (
        PAPERS,
        SheetOptions,
        check_options,
        parse_offset,
        parse_size,
    )

    sheet = SheetOptions(paper=parse_size(paper, PAPERS, "paper"), bleed=parse_bleed(bleed),
                         gap=parse_gap(gap), duplex=duplex,  # type: ignore[arg-type]
                         back_offset=parse_offset(back_offset), crop_marks=crop_marks,
                         cut_lines=cut_lines)
    check_options(sheet)
    options = PdfOptions(sheet=sheet, layout=layout,  # type: ignore[arg-type]
                         calibration=calibration, ink_saver=ink_saver)
    files = render_game(PdfJob(game, content_dir, locale, deck, units, options, out, force,
                               ink_saver=ink_saver, strict=strict))
    from ..core.reporters import text_line

    for f in files:
        for finding in f.findings:
            click.echo(text_line(finding), err=True)
        for warning in getattr(f, "warnings", ()):
            click.echo(f"cardkit: warning: {warning}", err=True)
        note = f", {f.fallbacks} text(s) in English (untranslated)" if f.fallbacks else ""
        what = (f"board on {f.pages} page(s)" if f.board else
                f"{f.cards} cards on {f.sheets} sheet(s), {f.pages} pages")
        if f.findings:
            note += f", {len(f.findings)} translation warning(s) (see above; --strict refuses)"
        click.echo(f"wrote {f.path}: {what}, {f.size / 1024:.0f} KiB{note}")
