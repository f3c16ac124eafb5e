"""Benchmark: ``cardkit export terra --format png --dpi 300`` (the 64 shipped Terra cards, fronts
and backs) vs. rasterising the same single-layout PDF pages with pypdfium2 directly — a bare
loop of ``page.render(scale=dpi / 72)`` and ``Image.save(PNG)``, no cardkit. Both measured in the
same run; reports both times, the ratio and the megabytes written.

cardkit's time includes what the loop does not: the content gate (warm cache, as in daily use),
building and fit-checking the faces, drawing the PDF, exact pixel sizes, the content hash of every
image (identical ones written once), atomic recorded writes and ``cards.csv``; PNG compression
runs in a few threads (also timed in one thread).

Also timed in the same run, against the same bare loop: ``--preset makeplayingcards`` (Terra's
tarot cards at 897 x 1497 px) and ``--format tts`` of Terra (sheets within 4096 px and the save).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchline import line  # noqa: E402
from cardkit.export.api import ExportJob, export_game
from cardkit.export.printing import render_game
from cardkit.pdf.api import PdfJob
from cardkit.pdf.draw import PdfOptions
from cardkit.pdf.geometry import SheetOptions


def bare_pdfium(pdf: Path, out: Path, dpi: float) -> int:
    """The floor: every page of the PDF rendered and saved as PNG, nothing else."""
    import pypdfium2 as pdfium

    out.mkdir(parents=True, exist_ok=True)
    doc = pdfium.PdfDocument(pdf.read_bytes())
    try:
        for i in range(len(doc)):
            doc[i].render(scale=dpi / 72).to_pil().save(out / f"page-{i + 1:03d}.png")
        return len(doc)
    finally:
        doc.close()


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.png"))


def _time(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dpi", type=float, default=300.0)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    content = ROOT / "content"
    work = Path(tempfile.mkdtemp(prefix="cardkit-bench-export-"))
    try:
        cache = work / "cache"
        pdf = work / "terra-single.pdf"
        render_game(PdfJob("terra", content, options=PdfOptions(
            layout="single", sheet=SheetOptions(bleed=0.0), calibration=False, info_page=False,
            index=False), out=pdf, cache_dir=cache))  # also warms the check cache
        result = None

        def cardkit(workers: int | None = None) -> None:
            nonlocal result
            result = export_game(ExportJob("terra", "png", content, dpi=args.dpi,
                                           out=work / "cardkit", force=True, cache_dir=cache,
                                           workers=workers))

        def preset() -> None:
            export_game(ExportJob("terra", "png", content, out=work / "mpc", force=True,
                                  cache_dir=cache, preset="makeplayingcards"))

        def tabletop() -> None:
            export_game(ExportJob("terra", "tts", content, out=work / "tts", force=True,
                                  cache_dir=cache))

        pages = 0

        def bare() -> None:
            nonlocal pages
            pages = bare_pdfium(pdf, work / "bare", args.dpi)

        t_cardkit = min(_time(cardkit) for _ in range(args.repeat))
        t_serial = min(_time(lambda: cardkit(1)) for _ in range(args.repeat))
        t_bare = min(_time(bare) for _ in range(args.repeat))
        t_preset = min(_time(preset) for _ in range(args.repeat))
        t_tts = min(_time(tabletop) for _ in range(args.repeat))
        mb_preset = _size(work / "mpc") / 1e6
        mb_tts = _size(work / "tts") / 1e6
        mb_cardkit = _size(work / "cardkit") / 1e6
        mb_bare = _size(work / "bare") / 1e6
        assert result is not None
        faces = sum(len(d.files) for d in result.decks)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"Terra PNG export: {faces} faces ({faces // 2} cards, fronts and backs), "
          f"{args.dpi:g} dpi, {result.decks[0].card_px[0]} x {result.decks[0].card_px[1]} px")
    print(f"cardkit export (gate, faces, fit, PDF, raster, PNG, writes): {t_cardkit:7.2f} s, "
          f"{mb_cardkit:.1f} MB")
    print(f"cardkit export, PNG compression in one thread:              {t_serial:7.2f} s")
    print(f"bare pypdfium2 loop ({pages} pages: render + save PNG):       {t_bare:7.2f} s, "
          f"{mb_bare:.1f} MB")
    print(f"ratio cardkit / bare:                                        "
          f"{t_cardkit / t_bare:7.2f}x  (one thread: {t_serial / t_bare:.2f}x; "
          f"{os.cpu_count()} CPUs)")
    print(f"cardkit export --preset makeplayingcards (897 x 1497 px):     {t_preset:7.2f} s, "
          f"{mb_preset:.1f} MB  ({t_preset / t_bare:.2f}x bare)")
    print(f"cardkit export --format tts (150 dpi sheets + save):          {t_tts:7.2f} s, "
          f"{mb_tts:.1f} MB  ({t_tts / t_bare:.2f}x bare)")
    line(f"PNG export, {faces} faces", f"{t_cardkit:.2f} s", f"{t_bare:.2f} s bare pypdfium2",
         t_cardkit / t_bare, "report")


if __name__ == "__main__":
    main()
