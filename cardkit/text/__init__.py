"""Text measurement, below i18n and pdf, so both use it without importing each other.

* :mod:`.fonts` — the card font (DejaVu Sans Condensed, in ``text/fonts/``): registration with
  reportlab, glyph coverage (``missing_glyphs``, ``card_font_glyphs``) and widths;
* :mod:`.runs` — text styles and runs: words and inline ``[icon]`` tokens;
* :mod:`.flow` — line breaking and fitting into a box around obstacles (``flow_text``, the one
  fitting routine) and where each word and icon goes (``chunks``).

It imports no other cardkit package. Drawing the result on a canvas is :mod:`cardkit.pdf.flow`.
"""
