"""Horizontal bar charts as inline SVG for the report pages (:mod:`.reports`): win rates with
their intervals, win-rate deltas, points per difficulty. Each chart has a ``<title>``,
``role="img"`` and an ``aria-label``; no scripts, the same data give the same bytes."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .html import esc
from .messages import ENGLISH, Messages
from .report_values import as_interval, as_name, as_number, fmt_pp

_BAR, _INK, _GRID, _REF = "#2b5c9e", "#1a1a1a", "#8a8a8a", "#b3261e"


def bar_chart(title: str, items: list[tuple[str, float, tuple[float, float] | None]], *,
              lo: float = 0.0, hi: float | None = None, fmt: Callable[[float], str] = str,
              reference: float | None = None, reference_label: str = "",
              tr: Messages = ENGLISH) -> str:
    """A horizontal bar chart (inline SVG): one bar per ``(label, value, interval)``, bars
    from ``lo`` (0, or the axis for negative values), whiskers for the intervals, an optional
    dashed reference line. ``hi=None`` scales to the largest value. The bars' labels are
    identifiers (bots, cards: ``translate="no"``); the rest is in ``tr``'s locale."""
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
            f'<g translate="no"><title>{esc(label)}: {esc(fmt(value))}'  # an id's tooltip
            + (" " + esc(tr("(95% CI {low} to {high})", low=fmt(ci[0]), high=fmt(ci[1])))
               if ci else "") + "</title>"
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" font-size="12" '
            'translate="no" '
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


def delta_chart(title: str, items: list[tuple[str, Any, Any]],
                tr: Messages = ENGLISH) -> str:
    """Win-rate deltas (fractions, may be negative) with their intervals, biggest first;
    entries without a delta (never played) are left out of the chart (not of the tables)."""
    shown = [(as_name(k), as_number(d), as_interval(ci)) for k, d, ci in items if d is not None]
    if not shown:
        return ""
    shown.sort(key=lambda t: (-t[1], t[0]))
    reach = max([abs(t[1]) for t in shown] + [abs(b) for *_, ci in shown if ci for b in ci]
                + [0.05])
    reach = min(1.5, math.ceil(reach * 10) / 10)
    return bar_chart(title, shown, lo=-reach, hi=reach, fmt=lambda v: fmt_pp(v, tr), tr=tr)


def _short(label: str, limit: int = 34) -> str:
    return label if len(label) <= limit else label[:limit - 1] + "…"
