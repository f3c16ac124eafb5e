"""Translations: locale overlays, translation checks, glossaries, PO/XLIFF exchange, status."""
