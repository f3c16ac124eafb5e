"""Simulation reports: a text table, JSON, CSV rows, and a PDF with charts (reportlab.graphics)."""

from __future__ import annotations

import io
import json
from typing import Any

from ..core.csvcells import write_rows
from .api import SimReport


_ROWS = "\0rows\0"  # stands for the rows while the rest of the document is written


def to_json(report: SimReport) -> str:
    """The full JSON document (stable key order, no timings).

    The same text as ``json.dumps(report.to_dict(), indent=1, sort_keys=True,
    ensure_ascii=False)``, but the rows are written one at a time: the document costs its own
    length in memory, not the many times more of every row as a dict at once.
    """
    doc = report.to_dict(rows=False)
    doc["rows"] = _ROWS
    text = json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False)
    rows = report.result.rows
    listed = "[\n" + ",\n".join(
        "  " + json.dumps(r.to_dict(), indent=1, sort_keys=True, ensure_ascii=False)
        .replace("\n", "\n  ") for r in rows) + "\n ]" if rows else "[]"
    return text.replace(json.dumps(_ROWS), listed, 1) + "\n"  # argv holds no NUL: unique


def to_csv(report: SimReport) -> str:
    """One row per game: index, seed, seats, scores, winners, turns, end reason, truncated
    (text cells a spreadsheet would run as a formula neutralized with ``'``; the scores are
    numbers, a negative one too)."""
    players = len(report.bots)
    header = ["game", "seed", *[f"seat{i}" for i in range(players)],
              *[f"score{i}" for i in range(players)], "winners", "turns", "end_reason",
              "truncated"]
    rows = ([r.index, r.seed, *r.seats, *r.scores,
             " ".join(map(str, r.winners)), r.turns, r.end_reason, int(r.truncated)]
            for r in report.result.rows)
    return write_rows([header, *rows], line_end="\n")


def to_text(report: SimReport) -> str:
    """A readable summary table."""
    s = report.summary
    played = (f"{s['games']} of {report.result.requested} games (interrupted: the finished "
              "games only)" if report.result.interrupted
              else f"{s['games']} of at most {report.result.requested} games (sequential: "
              "every interval narrow enough)" if s["games"] < report.result.requested
              else f"{s['games']} games")
    lines = [f"{report.game}: {played}, seed {report.seed}, "
             f"{len(report.bots)} player{'' if len(report.bots) == 1 else 's'} "
             f"({', '.join(report.bots)})"
             + "".join(f", {k}={','.join(v) if isinstance(v, tuple) else v}"
                       for k, v in report.options.items())]
    if not s["games"]:
        return lines[0] + "\nno game finished\n"
    lines.append(f"{'bot':<16}{'games':>7}{'wins':>7}{'ties':>6}{'win rate':>10}"
                 f"{'95% CI':>17}{'mean score':>12}")
    for b in s["bots"]:
        lo, hi = b["ci95"]
        lines.append(f"{b['bot']:<16}{b['games']:>7}{b['wins']:>7}{b['ties']:>6}"
                     f"{100 * b['win_rate']:>9.1f}%{f'{100 * lo:.1f}-{100 * hi:.1f}%':>17}"
                     f"{b['score'].get('mean', 0):>12.1f}")
    length = s["length"]
    lines.append(f"game length (actions): mean {length.get('mean', 0):.1f}, median "
                 f"{length.get('p50', 0):g}, 90% under {length.get('p90', 0):g}; turn cap hit "
                 f"{s['turn_cap_hits']} time(s); end: "
                 + ", ".join(f"{k} {v}" for k, v in s["end_reasons"].items()))
    fp = s["first_player"]
    lines.append(f"first player wins {100 * fp['win_share']:.1f}% "
                 f"(95% CI {100 * fp['ci95'][0]:.1f}-{100 * fp['ci95'][1]:.1f}%, "
                 f"fair share {100 * fp['expected']:.1f}%)")
    extras = report.extras
    if "points_per_card" in extras:
        lines.append("points per card: " + ", ".join(
            f"{bot} {pts:.2f}" for bot, pts in extras["points_per_card"].items()))
    if "answers_on_a_line" in extras:
        a = extras["answers_on_a_line"]
        lines.append(f"bar answers exactly on a line: {a['count']} of {a['of']} "
                     f"({100 * a['share']:.1f}%)")
    if "score_spread" in extras:
        sp = extras["score_spread"]
        lines.append(f"score spread: mean standard deviation {sp['mean_stdev']:.1f}, "
                     f"mean winning margin {sp['mean_winning_margin']:.1f}")
    from ..core.registry import get_game

    describe = getattr(get_game(report.game).sim, "extras_text", None)
    if describe is not None and extras:
        lines += describe(extras)
    return "\n".join(lines) + "\n"


def to_pdf(report: SimReport) -> bytes:
    """A one-page report: win rates with 95% intervals, game length histogram, summary text."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, Line, String
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from ..text.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, invariant=1, initialFontName=REGULAR)
    c.setTitle(f"cardkit simulation: {report.game}")
    w, h = A4
    c.setFont(BOLD, 16)
    c.drawString(40, h - 50, f"{report.game}: {report.summary['games']} games, seed {report.seed}")
    bots = report.summary["bots"]

    # every Drawing names cardkit's font: renderPDF otherwise starts each drawing in
    # reportlab's default, a non-embedded Helvetica, even when no string uses it
    chart = Drawing(w - 80, 220, initialFontName=REGULAR)
    bars = VerticalBarChart()
    bars.x, bars.y, bars.width, bars.height = 40, 40, w - 160, 160
    bars.data = [[100 * b["win_rate"] for b in bots]]
    bars.categoryAxis.categoryNames = [b["bot"] for b in bots]
    bars.categoryAxis.labels.fontName = REGULAR
    bars.valueAxis.labels.fontName = REGULAR
    bars.valueAxis.valueMin, bars.valueAxis.valueMax = 0, 100
    bars.bars[0].fillColor = _colour(0.2, 0.45, 0.8)
    chart.add(bars)
    step = bars.width / max(1, len(bots))
    for i, b in enumerate(bots):  # 95% Wilson interval as an error bar
        x = bars.x + step * (i + 0.5)
        lo, hi = (bars.y + bars.height * v for v in b["ci95"])
        chart.add(Line(x, lo, x, hi, strokeWidth=1.2))
        chart.add(Line(x - 5, lo, x + 5, lo, strokeWidth=1.2))
        chart.add(Line(x - 5, hi, x + 5, hi, strokeWidth=1.2))
    chart.add(String(40, 205, "Win rate (%) with 95% Wilson intervals", fontName=BOLD,
                     fontSize=10))
    renderPDF.draw(chart, c, 40, h - 310)

    lengths = [r.turns for r in report.result.rows]
    if lengths:
        lo_l, hi_l = min(lengths), max(lengths)
        n_bins = min(20, hi_l - lo_l + 1)
        width = max(1, (hi_l - lo_l + n_bins) // n_bins)
        counts = [0] * n_bins
        for v in lengths:
            counts[min(n_bins - 1, (v - lo_l) // width)] += 1
        hist = Drawing(w - 80, 200, initialFontName=REGULAR)
        hbars = VerticalBarChart()
        hbars.x, hbars.y, hbars.width, hbars.height = 40, 30, w - 160, 140
        hbars.data = [counts]
        hbars.categoryAxis.categoryNames = [str(lo_l + i * width) for i in range(n_bins)]
        hbars.categoryAxis.labels.fontName = REGULAR
        hbars.categoryAxis.labels.fontSize = 6
        hbars.valueAxis.labels.fontName = REGULAR
        hbars.bars[0].fillColor = _colour(0.93, 0.53, 0.1)
        hist.add(hbars)
        hist.add(String(40, 185, "Game length (actions): games per bin", fontName=BOLD,
                        fontSize=10))
        renderPDF.draw(hist, c, 40, h - 540)

    text = c.beginText(40, h - 580)
    text.setFont(REGULAR, 8.5)
    for line in to_text(report).splitlines():
        text.textLine(line)
    c.drawText(text)
    c.showPage()
    c.save()
    return buffer.getvalue()


def _colour(r: float, g: float, b: float) -> Any:
    from reportlab.lib.colors import Color

    return Color(r, g, b)


def strength_text(game: str, rows: Any) -> str:
    """The card-strength table: win rate of "baseline + card" against the baseline, the test
    bot's copies of the card at the end, and the game length: mean turns per player when every
    row has them (Trains), else mean actions per game.

    ``rows`` is a list of rows or a :class:`~cardkit.sim.api.StrengthReport`; an interrupted
    report adds which card was cut short (and left out) and which never ran."""
    rows_list = list(rows)
    by_turns = bool(rows_list) and all(getattr(r, "turns", None) for r in rows_list)
    lines = [f"{game}: card strength — baseline+CARD vs baseline, both seat orders, shared seeds",
             f"{'card':<24}{'games':>7}{'win rate':>10}{'95% CI':>17}{'copies':>8}"
             f"{'turns' if by_turns else 'length':>8}  end reasons"]
    for r in rows_list:
        lo, hi = r.ci95
        ends = ", ".join(f"{k} {v}" for k, v in r.end_reasons.items())
        length = f"{r.turns.get('mean', 0):>8.1f}" if by_turns else \
            f"{r.length.get('mean', 0):>8.0f}"
        lines.append(f"{r.card:<24}{r.games:>7}{100 * r.win_rate:>9.1f}%"
                     f"{f'{100 * lo:.1f}-{100 * hi:.1f}%':>17}{r.bought:>8.2f}"
                     f"{length}  {ends}")
    if getattr(rows, "interrupted", False):
        lines.append(f"interrupted: {len(rows)} of {len(rows.cards)} card(s) complete")
        if rows.cut_short:
            card, played = rows.cut_short
            lines.append(f"  {card}: incomplete, stopped after {played} of {rows.games_per_card}"
                         " games (not reported)")
        if rows.not_run:
            lines.append(f"  not run: {', '.join(rows.not_run)}")
    return "\n".join(lines) + "\n"


def strength_pdf(game: str, rows: list[Any]) -> bytes:
    """A chart of every card's win rate with its 95% interval (50% = as strong as nothing)."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import Drawing, Line, Rect, String
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from ..text.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, invariant=1, initialFontName=REGULAR)
    w, h = A4
    c.setFont(BOLD, 14)
    c.drawString(40, h - 45, f"{game}: card strength (baseline + card vs baseline)")
    row_h = min(22.0, (h - 120) / max(1, len(rows)))
    d = Drawing(w - 80, row_h * len(rows) + 30, initialFontName=REGULAR)
    left, width = 150.0, w - 80 - 170
    for i, r in enumerate(rows):
        y = row_h * (len(rows) - 1 - i) + 20
        d.add(String(0, y + 2, r.card, fontName=REGULAR, fontSize=min(8, row_h * 0.6)))
        d.add(Rect(left, y, width * r.win_rate, row_h * 0.6, fillColor=_colour(0.2, 0.45, 0.8),
                   strokeColor=None))
        lo, hi = r.ci95
        d.add(Line(left + width * lo, y + row_h * 0.3, left + width * hi, y + row_h * 0.3,
                   strokeWidth=1))
    d.add(Line(left + width / 2, 10, left + width / 2, row_h * len(rows) + 25,
               strokeDashArray=[2, 2]))
    d.add(String(left + width / 2 + 3, 2, "50%", fontName=REGULAR, fontSize=7))
    renderPDF.draw(d, c, 40, h - 80 - d.height)
    c.showPage()
    c.save()
    return buffer.getvalue()


def swap_text(report: Any) -> str:
    """The swap-measure table (:mod:`cardkit.sim.swap`): per card, the share of pairs in which
    a seat held it, the holders' score and win-share differences (as is minus neutral) with
    their 95 % intervals, and the verdict; then the dead cards, and what Ctrl-C cut short."""
    lines = [f"{report.game}: card strength — each card as it is vs made neutral, "
             f"{report.players} players, paired seeds; score and win pp: what the card's "
             "holders gain",
             f"{'card':<26}{'pairs':>6}{'held':>6}{'score':>10}{'95% CI':>17}"
             f"{'win pp':>8}{'95% CI':>15}  verdict"]
    for r in report.rows:
        (slo, shi), (wlo, whi) = r.score_ci, r.win_ci
        score_ci = "n/a" if slo == float("-inf") else f"{slo:+.1f} to {shi:+.1f}"
        win_ci = "n/a" if wlo == float("-inf") else f"{100 * wlo:+.0f} to {100 * whi:+.0f}"
        lines.append(f"{r.card:<26}{r.pairs:>6}{100 * r.held:>5.0f}%{r.score_delta:>+10.2f}"
                     f"{score_ci:>17}{100 * r.win_delta:>+8.1f}{win_ci:>15}  {r.verdict}")
    dead = report.dead
    lines.append(f"dead (changes its holders' score by less than 1% for sure) or unused "
                 f"(never held, or in at most one pair in 20 to no effect): "
                 f"{', '.join(dead) if dead else 'none'}")
    if report.interrupted:
        lines.append(f"interrupted: {len(report.rows)} of {len(report.cards)} card(s) complete")
        if report.cut_short:
            card, pairs = report.cut_short
            lines.append(f"  {card}: incomplete, stopped after {pairs} of {report.cap} pairs "
                         "(not reported)")
    return "\n".join(lines) + "\n"
