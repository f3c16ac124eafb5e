"""Finished Cartographers sheets as pictures: the printable map sheet (:mod:`.mapsheet`) with a
game written in — the drawings, the coins, the four season scores and the total — as a PDF (one
page per sheet, the sheet's own size) or as PNG images (one per sheet).

``cardkit score cartographers SHEET --render FILE`` draws typed-in sheets;
``cardkit simulate cartographers --transcript FILE.pdf`` the sheets of a simulated game.
Every text comes from the content in the locale; the numbers in the locale's format.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ....core.content import GameContent
from ....core.errors import UsageProblem
from ....core.loading import DEFAULT_CACHE_DIR
from ....core.outputs import write_output
from ....export.printing import localizer
from ....export.raster import png_bytes, rasterise
from ....i18n.lookup import Localizer
from ....pdf.fit import require_fit
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Face
from ....text.fonts import REGULAR, register_fonts
from ..engine.board import cells_of
from ..engine.replay import replay_played
from .mapsheet import SHEET_H, SHEET_W, FinishedSheet, SheetPrinter

__all__ = ["FinishedSheet", "draw_played", "finished_faces", "finished_pdf", "finished_pngs",
           "render_scored", "write_finished"]

#: The resolution of the PNG pictures.
PNG_DPI = 150.0


def finished_faces(content: GameContent, loc: Localizer, side: str,
                   sheets: Sequence[FinishedSheet]) -> list[Face]:
    """The faces of the finished ``sheets`` of map side ``side`` (``A`` or ``B``), fit-checked
    (a text that does not fit raises :class:`~cardkit.pdf.fit.FitError`)."""
    printer = SheetPrinter(content, loc)
    side_model = next(r.obj for r in content.of("maps") if r.obj.side == side)
    faces = [printer.face(side_model, sheet) for sheet in sheets]
    require_fit((f"finished sheet {s.label}", f) for s, f in zip(sheets, faces, strict=True))
    return faces


def finished_pdf(faces: Sequence[Face], title: str) -> bytes:
    """A PDF with one page per face, each page the sheet's own size; deterministic bytes."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    w, h = SHEET_W * MM_TO_PT, SHEET_H * MM_TO_PT
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=REGULAR,
                    initialFontSize=8, pagesize=(w, h), pdfVersion=(1, 7))
    canvas.setTitle(title)
    canvas.setAuthor("cardkit")
    canvas.setCreator("cardkit")
    for face in faces:
        face.draw(canvas, Box(0, 0, w, h))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def finished_pngs(pdf: bytes, pages: int, dpi: float = PNG_DPI) -> list[bytes]:
    """Each page of :func:`finished_pdf` as PNG bytes at ``dpi``."""
    size = (round(SHEET_W / 25.4 * dpi), round(SHEET_H / 25.4 * dpi))
    images = list(rasterise(pdf, size))
    assert len(images) == pages
    return [png_bytes(image, dpi) for image in images]


def write_finished(sheets: Sequence[FinishedSheet], side: str, out: Path, content_dir: Path,
                   locale: str, force: bool, cache_dir: Path | None = DEFAULT_CACHE_DIR
                   ) -> list[Path]:
    """Draw finished ``sheets`` of map side ``side`` in ``locale`` into ``out``: a PDF (one
    page per sheet) when it ends in ``.pdf``, PNG pictures when it ends in ``.png`` (one file,
    or ``NAME-1.png``, ``NAME-2.png``… for several sheets). cardkit's output rules apply: a file
    cardkit did not write is never replaced (:func:`~cardkit.core.outputs.write_output`)."""
    suffix = out.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise UsageProblem(f"{out}: a finished sheet is drawn as .pdf or .png")
    content, loc = localizer("cartographers", content_dir, locale, cache_dir)
    faces = finished_faces(content, loc, side, sheets)
    pdf = finished_pdf(faces, ", ".join(s.label for s in sheets))
    roots = (content_dir,)
    if suffix == ".pdf":
        return [write_output(out, pdf, force=force, content_roots=roots)]
    pngs = finished_pngs(pdf, len(faces))
    if len(pngs) == 1:
        return [write_output(out, pngs[0], force=force, content_roots=roots)]
    return [write_output(out.with_name(f"{out.stem}-{i}{out.suffix}"), data, force=force,
                         content_roots=roots) for i, data in enumerate(pngs, 1)]


def render_scored(report: Any, out: Path, content_dir: Path, locale: str = "en",
                  force: bool = False) -> list[Path]:
    """``cardkit score cartographers SHEET... --render FILE``: every scored sheet finished —
    its map, coins and, with four cards (the edicts A to D), the four season boxes and the
    total. The sheets of one file share one map side; sheets of both sides are a usage error."""
    scored = list(report.sheets)
    if not scored:
        return []
    sides = {s.side for s in scored}
    if len(sides) != 1:
        raise UsageProblem("--render draws the sheets of one map side at a time")
    sheets = [FinishedSheet(Path(s.sheet).name, s.rows, s.ruins,
                            s.coins + s.mountain_coins,
                            tuple((*season.stars, season.coins, season.monsters)
                                  for season in s.seasons))
              for s in scored]
    return write_finished(sheets, sides.pop(), out, content_dir, locale, force)


def draw_played(played: Any, out: Path, content_dir: Path, locale: str = "en",
                force: bool = False) -> list[Path]:
    """``simulate cartographers --transcript FILE.pdf|png``: the finished sheets of the played
    game (one per seat, labelled ``1 greedy``…), with their four season scores."""
    final = replay_played(played).final
    assert final is not None
    track = final.world.coin_track
    sheets = [FinishedSheet(f"{i + 1} {bot}", tuple(s.board.to_rows()),
                            tuple(cells_of(s.board.ruins)),
                            min(track, s.coins(track)), tuple(s.seasons))
              for i, (bot, s) in enumerate(zip(played.row.seats, final.sheets, strict=True))]
    return write_finished(sheets, final.side, out, content_dir, locale, force)
