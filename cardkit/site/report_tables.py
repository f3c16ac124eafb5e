"""Report data as accessible HTML tables (:mod:`.reports`): a caption, column headers, a row
header per row, numeric cells marked; any JSON value of a game's extras laid out as tables,
its keys labelled in the locale of ``tr`` (context ``statistic``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .html import esc
from .messages import ENGLISH, Messages
from .report_values import as_name, fmt_value


class Ids(str):
    """A cell of identifiers (bot names, card ids): shown as they are, ``translate="no"``."""


def _cell(value: object) -> str:
    if isinstance(value, Ids):
        return f'<span translate="no">{esc(value)}</span>'
    return esc(value)


def data_table(caption: str, head: Sequence[str], rows: list[list[object]], cls: str,
               ids: bool = False) -> str:
    """A data table: the first cell of each row is its header (``ids``: an identifier, such
    as a bot's or a card's, marked ``translate="no"``)."""
    mark = ' translate="no"' if ids else ""
    th = "".join(f'<th scope="col">{esc(h)}</th>' for h in head)
    body = []
    for row in rows:
        first, *rest = row
        body.append(f'<tr><th scope="row"{mark}>{esc(first)}</th>'
                    + "".join(f'<td{_num_class(v)}>{_cell(v)}</td>' for v in rest) + "</tr>")
    # a wide table scrolls on its own (keyboard too: the region is focusable), not the page
    return (f'<div class="table-scroll" role="region" aria-label="{esc(caption)}" '
            f'tabindex="0" style="overflow-x:auto">'
            f'<table class="{cls}"><caption>{esc(caption)}</caption><thead><tr>{th}</tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table></div>")


def kv_table(caption: str, rows: list[tuple[str, object]], cls: str,
             head: tuple[str, str]) -> str:
    """A table of ``(name, value)`` rows under the column heads ``head``."""
    return data_table(caption, head, [[k, v] for k, v in rows], cls)


def _num_class(value: object) -> str:
    text = str(value)
    return ' class="num"' if _NUMERIC.fullmatch(text) else ""


#: A number as the tables write it: grouped, with a decimal mark, a percentage or a unit.
_NUMERIC = re.compile(r"[-−+]?[0-9][0-9.,\u00a0\u202f]*(%| \S{1,6})?")


def any_table(name: str, value: Any, depth: int, tr: Messages = ENGLISH) -> str:
    """Any JSON value of a game's extras as tables: a mapping of scalars as name/value rows;
    a mapping or list of records as one row per entry (nested records flattened into
    ``a b`` columns); a mixed mapping as one table per part."""
    caption = key_label(name, tr)
    head = (tr("Name"), tr("Value"))
    if value == {} or value == []:
        return kv_table(caption, [(caption, tr("none"))], "extra", head)
    if _scalarish(value):
        return kv_table(caption, [(caption, cell_text(value, tr))], "extra", head)
    if isinstance(value, dict):
        if all(_scalarish(v) for v in value.values()):
            return kv_table(caption, [(key_label(as_name(k), tr), cell_text(v, tr))
                                      for k, v in value.items()], "extra", head)
        if _uniform(list(value.values())):
            return _records(caption, [(as_name(k), v) for k, v in value.items()], tr)
        if depth >= 3:
            return kv_table(caption, [(key_label(as_name(k), tr), cell_text(v, tr))
                                      for k, v in value.items()], "extra", head)
        scalars = [(key_label(as_name(k), tr), cell_text(v, tr)) for k, v in value.items()
                   if _scalarish(v)]
        parts = [kv_table(caption, scalars, "extra", head)] if scalars else []
        for k, v in value.items():
            if not _scalarish(v):
                parts.append(any_table(f"{name} {k}", v, depth + 1, tr))
        return "\n".join(parts)
    if isinstance(value, list) and _uniform(value):
        return _records(caption, [(tr.num(i + 1), v) for i, v in enumerate(value)], tr)
    return kv_table(caption, [(tr.num(i + 1), cell_text(v, tr)) for i, v in enumerate(value)],
                    "extra", head)


def _records(caption: str, records: list[tuple[str, dict[str, Any]]], tr: Messages) -> str:
    flat = [(key, _flatten(rec)) for key, rec in records]
    columns: list[str] = []
    for _, rec in flat:
        for col in rec:
            if col not in columns:
                columns.append(col)
    rows = [[key, *(cell_text(rec[c], tr) if c in rec else "" for c in columns)]
            for key, rec in flat]
    return data_table(caption, (tr("Entry"), *(key_label(c, tr) for c in columns)), rows,
                      "extra", ids=True)


def _uniform(values: list[Any]) -> bool:
    """Whether values are records of one shape (the same keys), one row each: a card's
    statistics, not a mix of a card table and quantiles."""
    if not values or not all(isinstance(v, dict) and v for v in values):
        return False
    keys = set(values[0])
    return all(set(v) == keys for v in values)


def _flatten(record: dict[str, Any], prefix: str = "", depth: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value and depth < 2:
            out.update(_flatten(value, name + " ", depth + 1))
        else:
            out[name] = value
    return out


def _scalarish(value: Any) -> bool:
    """A value shown in one cell: a scalar, or a list of scalars."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return not isinstance(value, dict)


def cell_text(value: Any, tr: Messages = ENGLISH) -> str:
    """A value in one cell, numbers in ``tr``'s locale; a list of ids (``giant-panda``) is
    shown as it is and marked ``translate="no"``."""
    if isinstance(value, list) and value and all(isinstance(v, str) and _ID.fullmatch(v)
                                                 for v in value):
        return Ids(", ".join(value))
    if isinstance(value, list):
        return ", ".join(cell_text(v, tr) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{as_name(k)} {cell_text(v, tr)}" for k, v in value.items())
    return fmt_value(value, tr)


_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")


def key_label(key: str, tr: Messages = ENGLISH) -> str:
    """A report key in words, in ``tr``'s locale (context ``statistic``)."""
    return tr.p("statistic", str(key).replace("_", " "))
