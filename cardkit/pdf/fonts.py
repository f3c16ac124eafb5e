"""The card font, for the PDF layer and the game templates: re-exported from
:mod:`cardkit.text.fonts` (the font files, registration, glyph coverage and widths live there,
below i18n and pdf, so both use them without importing each other)."""

from __future__ import annotations

from ..text.fonts import (BOLD, BOLD_ITALIC, CARD_FACES, FAMILY, FILES, FONT_DIR,  # noqa: F401
                          ITALIC, REGULAR, card_font_glyphs, missing_glyphs,
                          register_fonts, string_width, subset_tag)
