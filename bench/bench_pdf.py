"""Benchmark: a synthetic 1,000-card Terra deck (fronts and backs) through ``cardkit pdf`` vs. a
bare reportlab loop that draws the same rectangles and strings (same font, fixed sizes, no text
fitting, no layout logic). Reports both times, the ratio (goal <= 2x) and the file sizes.
Each is run ``--repeat`` times in this process and the best counts; every time is printed (the
first cardkit run also loads the content and fills the layout memos a later run reuses).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_check import ROOT, make_content  # noqa: E402
from benchline import line  # noqa: E402

from cardkit.export.printing import render_game  # noqa: E402
from cardkit.pdf.api import PdfJob  # noqa: E402
from cardkit.text.fonts import BOLD, REGULAR, register_fonts  # noqa: E402
from cardkit.pdf.geometry import CARD_SIZES, PAPERS, SheetOptions  # noqa: E402
from cardkit.pdf.sheet import layout  # noqa: E402

MM = 72 / 25.4


def bare_reportlab(cards: list[dict], out: io.BytesIO) -> None:  # type: ignore[type-arg]
    """The floor: the same sheets, rectangles and strings, drawn with no logic at all."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    sheet = layout(SheetOptions(paper=PAPERS["a4"], card=CARD_SIZES["tarot"]))
    c = Canvas(out, invariant=1, pagesize=(PAPERS["a4"][0] * MM, PAPERS["a4"][1] * MM))
    per = sheet.per_sheet
    for start in range(0, len(cards), per):
        for side in ("front", "back"):
            for slot, card in zip(sheet.slots, cards[start:start + per], strict=False):
                box = slot.trim if side == "front" else slot.back_trim
                x, y = box.x * MM, box.y * MM
                c.setFillColorRGB(0.2, 0.45, 0.8)
                c.rect(x - 3 * MM, y - 3 * MM, box.w * MM + 6 * MM, box.h * MM + 6 * MM,
                       stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
                c.roundRect(x + 10, y + 10, box.w * MM - 20, box.h * MM - 20, 7, stroke=0,
                            fill=1)
                for band in range(2):
                    c.setFillColorRGB(0.85, 0.9, 0.95)
                    c.roundRect(x + 17, y + 90 + band * 77, box.w * MM - 34, 70, 6, stroke=0,
                                fill=1)
                texts = [card["topic"], *card["questions"]] if side == "front" else \
                    [card["topic"], card["info"]]
                c.setFillColorRGB(0, 0, 0)
                line_y = y + box.h * MM - 30
                for text in texts:
                    for line in textwrap.wrap(text, 38):
                        c.setFont(BOLD if text is card["topic"] else REGULAR, 8)
                        c.drawString(x + 20, line_y, line)
                        line_y -= 9
            c.showPage()
    c.save()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cardkit-bench-pdf-"))
    try:
        content = work / "content"
        make_content(content, args.cards)
        shutil.copytree(ROOT / "content" / "locales", content / "locales")
        shutil.copy(ROOT / "content" / "terra" / "decks.yaml", content / "terra" / "decks.yaml")
        from ruamel.yaml import YAML

        yaml = YAML(typ="safe", pure=False)
        cards = []
        for path in sorted((content / "terra" / "cards").glob("*.yaml")):
            for card in yaml.load(path.read_text("utf-8"))["cards"]:
                cards.append({"topic": card["topic"], "info": card["info"],
                              "questions": [q["question"] for q in card["bars"]]})
        register_fonts()

        def cardkit() -> None:
            render_game(PdfJob("terra", content, "en", out=work / "cardkit.pdf", force=True))

        def bare() -> None:
            buffer = io.BytesIO()
            bare_reportlab(cards, buffer)
            (work / "bare.pdf").write_bytes(buffer.getvalue())

        times_cardkit = [_time(cardkit) for _ in range(args.repeat)]
        times_bare = [_time(bare) for _ in range(args.repeat)]
        t_cardkit, t_bare = min(times_cardkit), min(times_bare)
        size_ck = (work / "cardkit.pdf").stat().st_size
        size_bare = (work / "bare.pdf").stat().st_size
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"synthetic Terra deck: {len(cards):,} cards, fronts and backs, A4, tarot size")
    print(f"cardkit pdf (load, fit checks, layout, draw, write): {t_cardkit:7.2f} s, "
          f"{size_ck / 1e6:.2f} MB")
    print(f"bare reportlab loop (same rects and strings):        {t_bare:7.2f} s, "
          f"{size_bare / 1e6:.2f} MB")
    print(f"ratio cardkit / bare:                                {t_cardkit / t_bare:7.2f}x  "
          f"(goal <= 2x)")
    print(f"every run, in this process: cardkit {', '.join(f'{t:.2f}' for t in times_cardkit)} s "
          f"(the first loads the content, the templates and the fit memos), bare "
          f"{', '.join(f'{t:.2f}' for t in times_bare)} s; the best of each counts")
    line(f"PDF, {len(cards):,} cards", f"{t_cardkit:.2f} s", f"{t_bare:.2f} s bare reportlab",
         t_cardkit / t_bare, "<= 2x")


def _time(fn) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
