"""The generic pages' strings (``print-*``) in the deck's locale, with where each comes from.

They live in each game's ``strings.yaml`` (translated in its overlays), read through
:attr:`PrintDeck.strings`. A game whose content lacks one prints the English below, handed to
the locale as the default (so the pseudo-locale ``qps`` shows it pseudo-localized); the test
``test_pdf_backs.py::test_print_strings_match_the_content`` keeps the two identical.
"""

from __future__ import annotations

from .deck import PrintDeck
from .layout import TextSource

ENGLISH: dict[str, str] = {
    "print-information": "Information",
    "print-calibration": "Calibration",
    "print-card-index": "Card index",
    "print-page": "page",
    "print-sheet": "sheet",
    "print-slot": "slot",
    "print-front": "front",
    "print-back": "back",
    "print-back-of-previous": "back of the previous page",
    "print-deck": "Deck",
    "print-language": "Language",
    "print-cards": "Cards (different / to print)",
    "print-sheets": "Sheets (cards per sheet)",
    "print-paper": "Paper",
    "print-card-size": "Card size",
    "print-bleed-gap": "Bleed / gap",
    "print-duplex": "Duplex",
    "print-duplex-long": "long edge: turn the sheet like a book page",
    "print-duplex-short": "short edge: turn the sheet like a calendar",
    "print-duplex-none": "none: the backs on their own sheets, after the fronts",
    "print-duplex-fold": "fold: fronts and backs side by side, fold each sheet",
    "print-back-offset": "Back offset (X, Y)",
    "print-marks": "Crop marks / cut lines",
    "print-yes": "yes",
    "print-no": "no",
    "print-units": "Units",
    "print-units-metric": "metric system",
    "print-units-imperial": "imperial system",
    "print-mm": "mm",
    "print-content-hash": "Content version",
    "print-made-by": "Made by",
    "print-how": "How to print",
    "print-how-scale": "Print at 100% (actual size): the PDF asks viewers not to scale it. "
                       "Measure the 100 mm square on the calibration page to check.",
    "print-how-long": "Print two-sided, flipping on the long edge. Print the calibration sheet "
                      "first and hold it up to the light.",
    "print-how-short": "Print two-sided, flipping on the short edge. Print the calibration sheet "
                       "first and hold it up to the light.",
    "print-how-none": "One-sided printer: print the pages marked \u201cfront\u201d, put the "
                      "printed stack back in the tray turned over like a book page (top edge "
                      "still at the top) and print the pages marked \u201cback\u201d.",
    "print-how-glue": "Or glue each back sheet behind its front, turned over the same way.",
    "print-how-fold": "One-sided printer: each sheet holds the fronts and, beside them, the "
                      "backs. Fold it on the dashed line with the printed sides out, glue the "
                      "halves together, then cut on the crop marks.",
    "print-how-offset": "If the backs are off, read the scales on the calibration sheet and "
                        "print again with --back-offset X,Y.",
    "print-square": "This square measures 100 mm x 100 mm when printed at actual size.",
    "print-ruler": "This ruler measures 100 mm when printed at actual size.",
    "print-check-bar": "100 mm \u2014 measure to check the scale",
    "print-margin": "Margin at the paper edge",
    "print-cal-flip": "Hold the printed sheet up to the light: the grey F on the back must sit "
                      "exactly inside the outlined F.",
    "print-cal-wrong": "If it shows elsewhere or upside down, the printer flips on the other "
                       "edge: change the duplex setting.",
    "print-cal-fold": "Fold on the dashed line and hold it up to the light: the grey F must sit "
                      "exactly inside the outlined F.",
    "print-cal-vernier": "Find where a line of the back meets a line of the front exactly: the "
                         "number there is the offset in mm to pass to --back-offset (X from the "
                         "top scale, Y from the side scale).",
    "print-cal-direction": "--back-offset X,Y moves every back as you read the back side: "
                           "+X to the right, +Y up.",
    "print-art-credit": "Art:",
    "print-art-missing": "art missing:",
}


class Words:
    """``words("print-page")``: the text and its :class:`TextSource`, in the deck's locale."""

    def __init__(self, deck: PrintDeck) -> None:
        self.deck = deck

    def __call__(self, string_id: str) -> tuple[str, TextSource]:
        english = ENGLISH.get(string_id, string_id)
        text = self.deck.strings(string_id, default=english)
        if not isinstance(text, str) or not text or text == string_id:
            text = english
        return text, TextSource("strings", string_id, "text")

    def text(self, string_id: str) -> str:
        """Only the text."""
        return self(string_id)[0]
