"""Report data as accessible HTML tables (:mod:`.reports`): a caption, column headers, a row
header per row, numeric cells marked; any JSON value of a game's extras laid out as tables."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .html import esc
from .report_values import as_name, fmt_value


def data_table(caption: str, head: Sequence[str], rows: list[list[object]], cls: str) -> str:
    """A data table: the first cell of each row is its header."""
    th = "".join(f'<th scope="col">{esc(h)}</th>' for h in head)
    body = []
    for row in rows:
        first, *rest = row
        body.append(f'<tr><th scope="row">{esc(first)}</th>'
                    + "".join(f'<td{_num_class(v)}>{esc(v)}</td>' for v in rest) + "</tr>")
    # a wide table scrolls on its own (keyboard too: the region is focusable), not the page
    return (f'<div class="table-scroll" role="region" aria-label="{esc(caption)}" '
            f'tabindex="0" style="overflow-x:auto">'
            f'<table class="{cls}"><caption>{esc(caption)}</caption><thead><tr>{th}</tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table></div>")


def kv_table(caption: str, rows: list[tuple[str, object]], cls: str,
             head: tuple[str, str] = ("Name", "Value")) -> str:
    return data_table(caption, head, [[k, v] for k, v in rows], cls)


def _num_class(value: object) -> str:
    text = str(value)
    return ' class="num"' if re.fullmatch(r"[-−+]?[0-9][0-9.,]*%?( pp)?", text) else ""


def any_table(name: str, value: Any, depth: int) -> str:
    """Any JSON value of a game's extras as tables: a mapping of scalars as name/value rows;
    a mapping or list of records as one row per entry (nested records flattened into
    ``a b`` columns); a mixed mapping as one table per part."""
    caption = key_label(name)
    if value == {} or value == []:
        return kv_table(caption, [(caption, "none")], "extra")
    if _scalarish(value):
        return kv_table(caption, [(caption, cell_text(value))], "extra")
    if isinstance(value, dict):
        if all(_scalarish(v) for v in value.values()):
            return kv_table(caption, [(key_label(as_name(k)), cell_text(v))
                                      for k, v in value.items()], "extra")
        if _uniform(list(value.values())):
            return _records(caption, [(as_name(k), v) for k, v in value.items()])
        if depth >= 3:
            return kv_table(caption, [(as_name(k), cell_text(v)) for k, v in value.items()],
                            "extra")
        scalars = [(as_name(k), cell_text(v)) for k, v in value.items() if _scalarish(v)]
        parts = [kv_table(caption, scalars, "extra")] if scalars else []
        for k, v in value.items():
            if not _scalarish(v):
                parts.append(any_table(f"{name} {k}", v, depth + 1))
        return "\n".join(parts)
    if isinstance(value, list) and _uniform(value):
        return _records(caption, [(str(i + 1), v) for i, v in enumerate(value)])
    return kv_table(caption, [(str(i + 1), cell_text(v)) for i, v in enumerate(value)], "extra")


def _records(caption: str, records: list[tuple[str, dict[str, Any]]]) -> str:
    flat = [(key, _flatten(rec)) for key, rec in records]
    columns: list[str] = []
    for _, rec in flat:
        for col in rec:
            if col not in columns:
                columns.append(col)
    rows = [[key, *(cell_text(rec[c]) if c in rec else "" for c in columns)] for key, rec in flat]
    return data_table(caption, ("Entry", *(key_label(c) for c in columns)), rows, "extra")


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


def cell_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(cell_text(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{as_name(k)} {cell_text(v)}" for k, v in value.items())
    return fmt_value(value)


def key_label(key: str) -> str:
    return str(key).replace("_", " ")
