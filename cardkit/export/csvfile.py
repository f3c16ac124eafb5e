"""``cards.csv``: the unique cards of a PNG export with the copies to print — a print shop's list.

One row per unique card: deck, card id, name (in the export's locale), quantity, the front image
and the back image (paths relative to the CSV). Written by
:func:`cardkit.core.csvcells.write_rows` (quoted where needed, CRLF line ends as RFC 4180 asks;
a cell a spreadsheet would run as a formula, ``=2+3 Express``, is written ``'=2+3 Express``), in
UTF-8 **with a byte-order mark**: spreadsheet programs (Excel above all, which print shops use)
read a CSV without one in the system's legacy code page and turn Greek or Polish names into
mojibake; ``csv`` readers take it with ``encoding="utf-8-sig"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.csvcells import write_rows

HEADER = ("deck", "card_id", "name", "quantity", "front", "back")


@dataclass(frozen=True, slots=True)
class CsvRow:
    """One unique card."""

    deck: str
    card_id: str
    name: str
    quantity: int
    front: str
    back: str  # empty when the card has no back


def cards_csv(rows: Iterable[CsvRow]) -> bytes:
    """The CSV file's bytes (UTF-8 with BOM, CRLF; formula-like cells neutralized)."""
    body = ((r.deck, r.card_id, r.name, r.quantity, r.front, r.back) for r in rows)
    return write_rows([HEADER, *body], bom=True).encode("utf-8")
