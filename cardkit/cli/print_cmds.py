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
    """The gutter between cards: millimetres within 0..30."""
    from ..pdf.geometry import MAX_GAP, parse_mm

    return parse_mm(value, "gutter", 0.0, MAX_GAP)


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
@click.option("--bleed", default="3", show_default=True,
              help="Bleed around each card in mm (0-10), or 'auto' (the most, up to 3, that "
                   "keeps the most cards per sheet). A note says when a smaller bleed fits more.")
@click.option("--rotate", type=click.Choice(("auto", "never", "always")), default="auto",
              show_default=True,
              help="Turn the cards 90° on the sheet: auto when that fits more per sheet. Backs "
                   "still land behind their fronts in every duplex mode.")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
              help="Crop marks on every trim edge, in the margin around the cards.")
@click.option("--crop-mark-length", default=None, metavar="MM",
              help="Length of the crop marks in mm (1-20; default up to 5, shorter where the "
                   "margin is narrow; a length the margin has no room for is shortened with a "
                   "warning).")
@click.option("--crop-mark-offset", default="1", show_default=True, metavar="MM",
              help="Gap in mm (0-10) between the cards' bleed and the crop marks.")
@click.option("--cut-lines", is_flag=True, help="Dashed lines along every card edge.")
@click.option("--gutter", "--gap", "gap", default="0", show_default=True, metavar="MM",
              help="Space between cards in mm (0-30); --gap is the old name.")
@click.option("--margin", default="5", show_default=True, metavar="MM",
              help="Printable-area margin in mm (0-50): nothing is printed closer to the paper "
                   "edge.")
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
        rotate: str, crop_marks: bool, crop_mark_length: str | None, crop_mark_offset: str,
        cut_lines: bool, gap: str, margin: str, back_offset: str, layout: str,
        deck: str | None, units: str, calibration: bool, ink_saver: bool, out: Path | None,
        strict: bool, force: bool) -> None:
    """Print-and-play PDF of a game's decks: sheets of cards with crop marks, backs for
    duplex, a 100 mm check on every sheet that has room for it, a calibration page."""
    from ..export.printing import render_game
    from ..pdf.api import PdfJob
    from ..pdf.draw import PdfOptions
    from ..pdf.geometry import (
        MAX_MARGIN,
        MAX_MARK,
        MAX_MARK_OFFSET,
        MIN_MARK,
        PAPERS,
        SheetOptions,
        check_options,
        parse_mm,
        parse_offset,
        parse_size,
    )

    length = None if crop_mark_length is None else \
        parse_mm(crop_mark_length, "crop mark length", MIN_MARK, MAX_MARK, "4")
    sheet = SheetOptions(paper=parse_size(paper, PAPERS, "paper"), bleed=parse_bleed(bleed),
                         gap=parse_gap(gap), duplex=duplex,  # type: ignore[arg-type]
                         back_offset=parse_offset(back_offset), crop_marks=crop_marks,
                         cut_lines=cut_lines, margin=parse_mm(margin, "margin", 0.0, MAX_MARGIN),
                         crop_mark_length=length,
                         crop_mark_offset=parse_mm(crop_mark_offset, "crop mark offset", 0.0,
                                                   MAX_MARK_OFFSET, "1"),
                         rotate=rotate)  # type: ignore[arg-type]
    check_options(sheet)
    options = PdfOptions(sheet=sheet, layout=layout,  # type: ignore[arg-type]
                         calibration=calibration, ink_saver=ink_saver)
    files = render_game(PdfJob(game, content_dir, locale, deck, units, options, out, force,
                               ink_saver=ink_saver, strict=strict))
    from ..core.reporters import text_line

    noted: set[str] = set()
    for f in files:
        for finding in f.findings:
            click.echo(text_line(finding), err=True)
        for warning in f.warnings:
            click.echo(f"cardkit: warning: {warning}", err=True)
        for line in f.notes:
            if line not in noted:  # the decks of one card size share their notes
                noted.add(line)
                click.echo(f"cardkit: note: {line}", err=True)
        note = f", {f.fallbacks} text(s) in English (untranslated)" if f.fallbacks else ""
        what = (f"board on {f.pages} page(s)" if f.board else
                f"{f.cards} cards on {f.sheets} sheet(s), {f.pages} pages")
        if f.findings:
            note += f", {len(f.findings)} translation warning(s) (see above; --strict refuses)"
        click.echo(f"wrote {f.path}: {what}, {f.size / 1024:.0f} KiB{note}")
