"""CSV cells a spreadsheet cannot run: the one writer of every CSV file cardkit makes.

A spreadsheet program (Excel, LibreOffice, Google Sheets) opening a CSV runs a cell that begins
with ``=``, ``+``, ``-`` or ``@`` as a formula, and a leading TAB or carriage return can hide such
a character; a card named ``=HYPERLINK(...)`` in a print shop's list would be a formula ("CSV
injection", OWASP). :func:`safe_cell` neutralizes such a cell by prefixing ``'`` (which the
spreadsheet shows as text and does not display); :func:`write_rows` writes rows with the
:mod:`csv` module (RFC 4180 quoting) through it. Every CSV writer of cardkit — ``cardkit
export``'s ``cards.csv``, the simulation report, the glossary export, the site's downloads —
goes through :func:`write_rows`, so the rule is written once.

A number cardkit writes as a number (a Python ``int`` or ``float``: a score, a cost, a count)
is data, not text anyone typed: ``-1`` stays ``-1``, so a spreadsheet and a script read a
negative score as a number. Text is always checked: a name or a translation ``-1`` (a string)
is written ``'-1``, since a string can hold ``-1+A1`` as well.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

#: What a spreadsheet may read as the start of a formula (OWASP "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The prefix that makes such a cell text.
ESCAPE = "'"


def cell_text(value: Any) -> str:
    """A value as the text of a cell: ``None`` is empty, a bool ``true``/``false``, a float
    without a useless ``.0`` (``2``, ``2.5``), anything else ``str``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = repr(value)
        return text[:-2] if text.endswith(".0") else text
    return str(value)


def safe_cell(value: Any) -> str:
    """The cell's text (:func:`cell_text`), prefixed with ``'`` when it is text that begins
    with ``=``, ``+``, ``-``, ``@``, TAB or CR (a number is written as it is)."""
    text = cell_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return text  # a number cardkit computed: never a formula (-1, -2.5)
    return ESCAPE + text if text.startswith(FORMULA_STARTS) else text


def write_rows(rows: Iterable[Iterable[Any]], *, line_end: str = "\r\n",
               bom: bool = False) -> str:
    """Rows (the header first, if any) as CSV text, every cell through :func:`safe_cell`;
    RFC 4180 quoting, ``line_end`` after each row, a byte-order mark first with ``bom`` (what
    spreadsheet programs need to read UTF-8)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator=line_end)
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return ("\ufeff" if bom else "") + buffer.getvalue()
