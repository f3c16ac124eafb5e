"""Simulation and card-strength reports as site pages: ``<out>/reports/<name>.html``.

Each JSON report — ``cardkit simulate GAME --format json -o F`` (:meth:`SimReport.to_dict
<cardkit.sim.api.SimReport.to_dict>`) or ``cardkit strength GAME -o F``
(:meth:`StrengthReport.to_dict <cardkit.sim.api.StrengthReport.to_dict>`) — becomes a page body:
the run's parameters, the bots table (win rate with its 95% interval, mean score), game length
and end reasons, the game's extras as tables, and horizontal bar charts as inline SVG (win rates;
win-rate deltas per card; Terra's points per difficulty), each with a ``<title>``, ``role="img"``
and an ``aria-label``. No scripts, no external resources; the same files give the same bytes.

A file that cannot be read, is not JSON, or is neither kind of report is a
:class:`~cardkit.core.errors.UsageProblem` naming the file.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import UsageProblem

from .html import esc

#: A report file larger than this is refused (a 100,000-game run with its rows is ~40 MB).
MAX_REPORT_BYTES = 256 * 1024 * 1024
_NAME_RE = re.compile(r"[^A-Za-z0-9._-]+")


class MalformedReport(ValueError):
    """A report whose shape is not the one cardkit writes."""


# -- entry points ---------------------------------------------------------------------------------

def report_pages(paths: Sequence[Path]) -> dict[str, str]:
    """``reports/<name>.html`` -> body HTML for each report file (in the order given; a name
    used twice gets ``-2``, ``-3``…)."""
    out: dict[str, str] = {}
    for path in paths:
        data = read_report(path)
        kind = report_kind(data)
        if kind is None:
            raise UsageProblem(f"{path}: not a cardkit report (neither `cardkit simulate "
                               "--format json` nor `cardkit strength -o` output)")
        try:
            body = (simulation_body if kind == "simulate" else strength_body)(data, path.name)
        except (MalformedReport, KeyError, TypeError, ValueError, AttributeError,
                IndexError, RecursionError) as exc:
            why = (exc.args[0] if isinstance(exc, MalformedReport)
                   else f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError)
                   else "nested too deeply" if isinstance(exc, RecursionError)
                   else f"{type(exc).__name__}: {exc}")
            raise UsageProblem(f"{path}: malformed {kind} report ({why})") from None
        out[_page_name(path, out)] = body
    return out


def reports_index(pages: dict[str, str]) -> str:
    """The body of ``reports/index.html``: a list of the report pages (their headings)."""
    items = []
    for name in pages:
        match = re.search(r"<h1>(.*?)</h1>", pages[name], re.S)
        heading = match.group(1) if match else esc(name)
        items.append(f'<li><a href="{esc(name.split("/", 1)[-1])}">{heading}</a></li>')
    if not items:
        return "<h1>Reports</h1>\n<p>No reports were given (<code>cardkit site --report "\
               "FILE</code>).</p>\n"
    return f'<h1>Reports</h1>\n<ul class="reports">{"".join(items)}</ul>\n'


def read_report(path: Path) -> Any:
    """A report file's JSON data; a :class:`UsageProblem` naming the file otherwise."""
    try:
        if not path.is_file():
            raise UsageProblem(f"{path}: not a regular file" if path.exists()
                               else f"no such report file: {path}")
        if path.stat().st_size > MAX_REPORT_BYTES:
            raise UsageProblem(f"{path}: over {MAX_REPORT_BYTES // 2 ** 20} MiB; not a report")
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageProblem(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise UsageProblem(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise UsageProblem(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:
        raise UsageProblem(f"{path}: not a cardkit report ({exc})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number cardkit writes")


def report_kind(data: Any) -> str | None:
    """``"simulate"``, ``"strength"`` or ``None`` (neither)."""
    if not isinstance(data, dict):
        return None
    if {"game", "seed", "summary", "bots"} <= data.keys():
        return "simulate"
    if {"game", "seed", "games_per_card", "cards"} <= data.keys():
        return "strength"
    return None


def _page_name(path: Path, taken: dict[str, str]) -> str:
    stem = _NAME_RE.sub("-", path.stem).strip("-.") or "report"
    if stem == "index":
        stem = "index-report"
    name, n = f"reports/{stem}.html", 1
    while name in taken:
        n += 1
        name = f"reports/{stem}-{n}.html"
    return name


# -- simulate -------------------------------------------------------------------------------------

def simulation_body(data: dict[str, Any], filename: str) -> str:
    """The body of one ``cardkit simulate`` report."""
    game = _text(data["game"])
    summary = _dict(data["summary"], "summary")
    played = _int(data.get("games_played", summary.get("games", 0)))
    out = [f"<h1>Simulation: {esc(game)}, {played} game{'s' if played != 1 else ''}, "
           f"seed {esc(data['seed'])}</h1>",
           f'<p class="source">From <code>{esc(filename)}</code> '
           f"(<code>cardkit simulate {esc(game)} --format json</code>).</p>"]
    if data.get("interrupted"):
        out.append(f'<p class="warning">Interrupted: {played} of '
                   f"{esc(data.get('games_requested', '?'))} games finished; the statistics "
                   "are of the finished games only.</p>")
    bots = _list(data["bots"], "bots")
    params: list[tuple[str, object]] = [
        ("game", game), ("seed", data["seed"]), ("players", data.get("players", len(bots))),
        ("bots", ", ".join(_text(b) for b in bots)),
        ("games requested", data.get("games_requested", played)), ("games played", played),
        ("interrupted", "yes" if data.get("interrupted") else "no")]
    for key, value in sorted(_dict(data.get("options") or {}, "options").items()):
        params.append((f"option {key}", _cell(value)))
    out.append(_kv_table("Run parameters", params, "params", ("Parameter", "Value")))
    lines = [_dict(b, "summary.bots[]") for b in _list(summary.get("bots", []), "summary.bots")]
    if lines:
        out.append("<h2>Bots</h2>")
        out.append(_bots_table(lines))
        expected = summary.get("first_player", {}).get("expected") if isinstance(
            summary.get("first_player"), dict) else None
        out.append(bar_chart(
            "Win rate per bot with 95% Wilson intervals",
            [(_text(b["bot"]), _num(b["win_rate"]), _pair(b.get("ci95"))) for b in lines],
            lo=0.0, hi=1.0, fmt=_pct, reference=(None if expected is None else _num(expected)),
            reference_label="fair share"))
    else:
        out.append("<p>No game finished.</p>")
    out.append("<h2>Game length and end</h2>")
    out.append(_length_section(summary))
    extras = data.get("extras") or {}
    if extras:
        out.append("<h2>Game statistics</h2>")
        out.append(_extras(game, _dict(extras, "extras")))
    return "\n".join(out) + "\n"


def _bots_table(lines: list[dict[str, Any]]) -> str:
    head = ("Bot", "Games", "Wins", "Ties", "Win rate", "95% CI", "Mean score", "Min score",
            "Median score", "Max score")
    rows = []
    for b in lines:
        lo, hi = _pair(b.get("ci95")) or (0.0, 1.0)
        score = _dict(b.get("score") or {}, "score")
        rows.append([_text(b["bot"]), _int(b["games"]), _int(b["wins"]), _int(b["ties"]),
                     _pct(_num(b["win_rate"])), f"{_pct(lo)}–{_pct(hi)}",
                     _one(score.get("mean")), _fmt(score.get("min")), _fmt(score.get("p50")),
                     _fmt(score.get("max"))])
    return _table("Bots: win rate (a shared win counts 1/k) and scores", head, rows, "bots")


def _length_section(summary: dict[str, Any]) -> str:
    length = _dict(summary.get("length") or {}, "length")
    rows: list[tuple[str, object]] = [
        (label, _fmt(length.get(key))) for key, label in (
            ("mean", "mean"), ("min", "minimum"), ("p10", "10th percentile"),
            ("p50", "median"), ("p90", "90th percentile"), ("max", "maximum"))
        if key in length]
    rows.append(("turn cap hits", _fmt(summary.get("turn_cap_hits", 0))))
    rows.append(("games with a tie for first", _fmt(summary.get("ties", 0))))
    fp = summary.get("first_player")
    if isinstance(fp, dict) and fp:
        ci = _pair(fp.get("ci95"))
        rows.append(("first player wins", _pct(_num(fp.get("win_share", 0)))
                     + (f" (95% CI {_pct(ci[0])}–{_pct(ci[1])})" if ci else "")
                     + f", fair share {_pct(_num(fp.get('expected', 0)))}"))
    parts = [_kv_table("Game length (actions per game)", rows, "length",
                       ("Statistic", "Value"))]
    reasons = _dict(summary.get("end_reasons") or {}, "end_reasons")
    total = sum(_int(v) for v in reasons.values())
    if reasons:
        parts.append(_table("End reasons", ("Reason", "Games", "Share"),
                            [[_text(k), _int(v), _pct(_int(v) / total if total else 0.0)]
                             for k, v in reasons.items()], "end-reasons"))
    return "\n".join(parts)


def _extras(game: str, extras: dict[str, Any]) -> str:
    out = []
    by_difficulty = extras.get("points_per_card_by_difficulty")
    if isinstance(by_difficulty, dict) and by_difficulty:
        order = _difficulty_order(list(by_difficulty))
        out.append(bar_chart(
            "Points per card by difficulty (mean over every bot)",
            [(d, _num(_dict(by_difficulty[d], d)["mean"]), None) for d in order],
            lo=0.0, hi=None, fmt=_fmt))
    for key, value in extras.items():
        if isinstance(value, dict) and value and all(
                isinstance(v, dict) and "delta" in v for v in value.values()):
            out.append(delta_chart(f"{_label(key)}: win-rate delta when played or picked, "
                                   "with 95% intervals",
                                   [(k, v.get("delta"), v.get("ci95"))
                                    for k, v in value.items()]))
    for key, value in extras.items():
        out.append(f'<section class="extra" id="extra-{esc(_NAME_RE.sub("-", key))}">'
                   f"<h3>{esc(_label(key))}</h3>{_any_table(key, value, 0)}</section>")
    return "\n".join(out)


def _difficulty_order(found: list[str]) -> list[str]:
    """Terra's difficulties easiest first (the rulebook's order), others after them."""
    from ..games.terra.engine import DIFFICULTIES

    known = [d for d in DIFFICULTIES if d in found]
    return known + sorted(d for d in found if d not in known)


# -- strength -------------------------------------------------------------------------------------

def strength_body(data: dict[str, Any], filename: str) -> str:
    """The body of one ``cardkit strength`` report."""
    game = _text(data["game"])
    rows = [_dict(r, "cards[]") for r in _list(data["cards"], "cards")]
    per_card = _int(data["games_per_card"])
    out = [f"<h1>Card strength: {esc(game)}, {len(rows)} card{'s' if len(rows) != 1 else ''}, "
           f"{per_card} games per card, seed {esc(data['seed'])}</h1>",
           f'<p class="source">From <code>{esc(filename)}</code> (<code>cardkit strength '
           f"{esc(game)} -o FILE</code>): the game's test bot (baseline + card) against the "
           "baseline, both seat orders on shared seeds. 50% is as strong as no card.</p>"]
    params: list[tuple[str, object]] = [
        ("game", game), ("seed", data["seed"]), ("games per card", per_card),
        ("cards reported", len(rows)),
        ("interrupted", "yes" if data.get("interrupted") else "no")]
    for inc in _list(data.get("incomplete") or [], "incomplete"):
        inc = _dict(inc, "incomplete[]")
        params.append(("cut short (not reported)", f"{_text(inc['card'])}: "
                       f"{_int(inc['games'])} of {_int(inc['of'])} games"))
    if data.get("not_run"):
        params.append(("not run", ", ".join(_text(c) for c in _list(data["not_run"],
                                                                      "not_run"))))
    out.append(_kv_table("Run parameters", params, "params", ("Parameter", "Value")))
    if not rows:
        out.append("<p>No card finished.</p>")
        return "\n".join(out) + "\n"
    by_turns = all(isinstance(r.get("turns_per_player"), dict) and r["turns_per_player"]
                   for r in rows)
    head = ("Card", "Games", "Win rate", "95% CI", "Delta vs 50%", "Ties", "Copies bought",
            "Turns per player (mean)" if by_turns else "Actions per game (mean)",
            "End reasons")
    table, items = [], []
    for r in rows:
        rate = _num(r["win_rate"])
        ci = _pair(r.get("ci95"))
        length = _dict(r["turns_per_player"] if by_turns else r.get("length") or {}, "length")
        ends = _dict(r.get("end_reasons") or {}, "end_reasons")
        table.append([_text(r["card"]), _int(r["games"]), _pct(rate),
                      f"{_pct(ci[0])}–{_pct(ci[1])}" if ci else "—", _pp(rate - 0.5),
                      _int(r.get("ties", 0)), _fmt(r.get("copies_bought")),
                      _fmt(length.get("mean")),
                      ", ".join(f"{_text(k)} {_int(v)}" for k, v in ends.items())])
        items.append((_text(r["card"]), rate - 0.5,
                      [ci[0] - 0.5, ci[1] - 0.5] if ci else None))
    out.append(delta_chart("Win-rate delta per card against the baseline (50%), with 95% "
                           "Wilson intervals", items))
    out.append(_table("Cards, strongest first", head, table, "strength"))
    return "\n".join(out) + "\n"


# -- charts ---------------------------------------------------------------------------------------

_BAR, _INK, _GRID, _REF = "#2b5c9e", "#1a1a1a", "#8a8a8a", "#b3261e"


def bar_chart(title: str, items: list[tuple[str, float, tuple[float, float] | None]], *,
              lo: float = 0.0, hi: float | None = None, fmt: Callable[[float], str] = str,
              reference: float | None = None, reference_label: str = "") -> str:
    """A horizontal bar chart (inline SVG): one bar per ``(label, value, interval)``, bars
    from ``lo`` (0, or the axis for negative values), whiskers for the intervals, an optional
    dashed reference line. ``hi=None`` scales to the largest value."""
    if not items:
        return ""
    values = [v for _, v, _ in items] + [b for *_, ci in items if ci for b in ci]
    if reference is not None:
        values.append(reference)
    top = hi if hi is not None else max(max(values), lo + 1e-9)
    low = min(lo, min(values))
    top = max(top, max(values))
    if top - low <= 0:
        top = low + 1.0
    label_w = min(260, max(70, 7 * max(len(_short(label)) for label, *_ in items) + 12))
    plot_w, row_h, pad = 420, 22, 8
    width = label_w + plot_w + 70
    height = pad * 2 + row_h * len(items) + 22

    def x(v: float) -> float:
        return label_w + plot_w * (min(max(v, low), top) - low) / (top - low)

    zero = x(0.0 if low <= 0.0 <= top else low)
    parts = [f'<svg class="chart" style="max-width:100%;height:auto" role="img" aria-label="{esc(title)}" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{esc(title)}</title>",
             f'<line x1="{zero:.1f}" y1="{pad}" x2="{zero:.1f}" '
             f'y2="{pad + row_h * len(items)}" stroke="{_INK}" stroke-width="1"/>']
    for i, (label, value, ci) in enumerate(items):
        y = pad + row_h * i
        x0, x1 = sorted((zero, x(value)))
        parts.append(
            f'<g><title>{esc(label)}: {esc(fmt(value))}'
            + (f" (95% CI {esc(fmt(ci[0]))} to {esc(fmt(ci[1]))})" if ci else "") + "</title>"
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" font-size="12" '
            f'fill="{_INK}">{esc(_short(label))}</text>'
            f'<rect x="{x0:.1f}" y="{y + 4}" width="{max(x1 - x0, 0.5):.1f}" height="14" '
            f'fill="{_BAR}"/>')
        if ci:
            c0, c1 = x(ci[0]), x(ci[1])
            cy = y + 11
            parts.append(f'<path d="M{c0:.1f} {cy}H{c1:.1f}M{c0:.1f} {cy - 4}V{cy + 4}'
                         f'M{c1:.1f} {cy - 4}V{cy + 4}" stroke="{_INK}" stroke-width="1.2" '
                         'fill="none"/>')
        end = max(x1, x(ci[1]) if ci else x1)
        parts.append(f'<text x="{end + 4:.1f}" y="{y + 15}" font-size="11" fill="{_INK}">'
                     f"{esc(fmt(value))}</text></g>")
    axis_y = pad + row_h * len(items) + 14
    parts.append(f'<text x="{label_w}" y="{axis_y}" font-size="10" fill="{_INK}">'
                 f"{esc(fmt(low))}</text>")
    parts.append(f'<text x="{label_w + plot_w}" y="{axis_y}" font-size="10" '
                 f'text-anchor="end" fill="{_INK}">{esc(fmt(top))}</text>')
    if reference is not None:
        rx = x(reference)
        parts.append(f'<line x1="{rx:.1f}" y1="{pad - 4}" x2="{rx:.1f}" '
                     f'y2="{pad + row_h * len(items) + 2}" stroke="{_REF}" stroke-width="1" '
                     'stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{rx:.1f}" y="{axis_y}" font-size="10" text-anchor="middle" '
                     f'fill="{_REF}">{esc(reference_label)} {esc(fmt(reference))}</text>')
    parts.append("</svg>")
    return ('<figure class="chart">' + "".join(parts)
            + f"<figcaption>{esc(title)}</figcaption></figure>")


def delta_chart(title: str, items: list[tuple[str, Any, Any]]) -> str:
    """Win-rate deltas (fractions, may be negative) with their intervals, biggest first;
    entries without a delta (never played) are left out of the chart (not of the tables)."""
    shown = [(_text(k), _num(d), _pair(ci)) for k, d, ci in items if d is not None]
    if not shown:
        return ""
    shown.sort(key=lambda t: (-t[1], t[0]))
    reach = max([abs(t[1]) for t in shown] + [abs(b) for *_, ci in shown if ci for b in ci]
                + [0.05])
    reach = min(1.5, math.ceil(reach * 10) / 10)
    return bar_chart(title, shown, lo=-reach, hi=reach, fmt=_pp)


def _short(label: str, limit: int = 34) -> str:
    return label if len(label) <= limit else label[:limit - 1] + "…"


# -- tables ---------------------------------------------------------------------------------------

def _table(caption: str, head: Sequence[str], rows: list[list[object]], cls: str) -> str:
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


def _kv_table(caption: str, rows: list[tuple[str, object]], cls: str,
              head: tuple[str, str] = ("Name", "Value")) -> str:
    return _table(caption, head, [[k, v] for k, v in rows], cls)


def _num_class(value: object) -> str:
    text = str(value)
    return ' class="num"' if re.fullmatch(r"[-−+]?[0-9][0-9.,]*%?( pp)?", text) else ""


def _any_table(name: str, value: Any, depth: int) -> str:
    """Any JSON value of a game's extras as tables: a mapping of scalars as name/value rows;
    a mapping or list of records as one row per entry (nested records flattened into
    ``a b`` columns); a mixed mapping as one table per part."""
    caption = _label(name)
    if value == {} or value == []:
        return _kv_table(caption, [(caption, "none")], "extra")
    if _scalarish(value):
        return _kv_table(caption, [(caption, _cell(value))], "extra")
    if isinstance(value, dict):
        if all(_scalarish(v) for v in value.values()):
            return _kv_table(caption, [(_label(_text(k)), _cell(v)) for k, v in value.items()],
                             "extra")
        if _uniform(list(value.values())):
            return _records(caption, [(_text(k), v) for k, v in value.items()])
        if depth >= 3:
            return _kv_table(caption, [(_text(k), _cell(v)) for k, v in value.items()],
                             "extra")
        scalars = [(_text(k), _cell(v)) for k, v in value.items() if _scalarish(v)]
        parts = [_kv_table(caption, scalars, "extra")] if scalars else []
        for k, v in value.items():
            if not _scalarish(v):
                parts.append(_any_table(f"{name} {k}", v, depth + 1))
        return "\n".join(parts)
    if isinstance(value, list) and _uniform(value):
        return _records(caption, [(str(i + 1), v) for i, v in enumerate(value)])
    return _kv_table(caption, [(str(i + 1), _cell(v)) for i, v in enumerate(value)], "extra")


def _records(caption: str, records: list[tuple[str, dict[str, Any]]]) -> str:
    flat = [(key, _flatten(rec)) for key, rec in records]
    columns: list[str] = []
    for _, rec in flat:
        for col in rec:
            if col not in columns:
                columns.append(col)
    rows = [[key, *(_cell(rec[c]) if c in rec else "" for c in columns)] for key, rec in flat]
    return _table(caption, ("Entry", *(_label(c) for c in columns)), rows, "extra")


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


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{_text(k)} {_cell(v)}" for k, v in value.items())
    return _fmt(value)


def _label(key: str) -> str:
    return str(key).replace("_", " ")


# -- values ---------------------------------------------------------------------------------------

def _fmt(value: Any) -> str:
    """A number as the tables show it (at most 4 decimals, no exponent); ``—`` for none."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise MalformedReport(f"{value} is not a number cardkit writes")
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        text = f"{value:.4f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


def _one(value: Any) -> str:
    """A mean with one decimal, as the text report shows it."""
    return "—" if value is None else f"{_num(value):.1f}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _pp(value: float) -> str:
    """A win-rate difference in percentage points."""
    text = f"{100 * value:+.1f} pp"
    return "0.0 pp" if text in ("+0.0 pp", "-0.0 pp") else text


def _num(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MalformedReport(f"{value!r} is not a number")
    out = float(value)
    if not math.isfinite(out):
        raise MalformedReport(f"{value!r} is not a finite number")
    return out


def _int(value: Any) -> int:
    number = _num(value)
    if not number.is_integer():
        raise MalformedReport(f"{value!r} is not a whole number")
    return int(number)


def _pair(value: Any) -> tuple[float, float] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedReport(f"{value!r} is not an interval [low, high]")
    return (_num(value[0]), _num(value[1]))


def _text(value: Any) -> str:
    if isinstance(value, (dict, list)) or value is None:
        raise MalformedReport(f"{value!r} is not a name")
    return str(value)


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedReport(f"{what} is not an object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedReport(f"{what} is not a list")
    return value
