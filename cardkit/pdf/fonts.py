"""The card font: DejaVu Sans Condensed (shipped in ``pdf/fonts/``), embedded and subset.

Registered with reportlab once per process under cardkit's own names; nothing depends on system
fonts, and no base-14 font is used for text.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR, BOLD, ITALIC, BOLD_ITALIC = "CK-Regular", "CK-Bold", "CK-Italic", "CK-BoldItalic"
FAMILY = "CK"
FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
}


@cache
def register_fonts() -> tuple[str, ...]:
    """Register the four faces and their family with reportlab; return the face names."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC), (1, 1, BOLD_ITALIC)):
        addMapping(FAMILY, bold, italic, name)
    return tuple(FILES)


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return float(stringWidth(text, font, 1000.0))


def string_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points (widths scale linearly with the size; cached per word)."""
    return _unit_width(text, font) * size / 1000.0
