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

This module reads the files and composes the pages; the report's values are read strictly and
formatted by :mod:`.report_values`, laid out by :mod:`.report_tables` and :mod:`.report_charts`.
Every word is in the locale of the :class:`~.messages.Messages` given (``tr``, English by
default): headings, captions, column heads, and the report's own keys (end reasons, the game's
statistics: contexts ``reason`` and ``statistic``); bot names and card ids are identifiers
(``translate="no"``).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import UsageProblem
from ..core.registry import get_game
from .html import esc
from .messages import ENGLISH, Messages
from .report_charts import bar_chart, delta_chart
from .report_tables import Ids, any_table, cell_text, data_table, key_label, kv_table
from .report_values import (MalformedReport, as_interval, as_list, as_name, as_number, as_object,
                            as_whole, fmt_mean, fmt_pct, fmt_pp, fmt_value)

#: A report file larger than this is refused (a 100,000-game run with its rows is ~40 MB).
MAX_REPORT_BYTES = 256 * 1024 * 1024
_NAME_RE = re.compile(r"[^A-Za-z0-9._-]+")


# -- entry points ---------------------------------------------------------------------------------

def report_pages(paths: Sequence[Path], tr: Messages = ENGLISH,
                 cards: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, str]:
    """``reports/<name>.html`` -> body HTML for each report file (in the order given; a name
    used twice gets ``-2``, ``-3``…), in ``tr``'s locale. ``cards`` (game -> card id -> href
    of its page) links every card a report names (:func:`link_cards`)."""
    out: dict[str, str] = {}
    for path in paths:
        data = read_report(path)
        kind = report_kind(data)
        if kind is None:
            raise UsageProblem(f"{path}: not a cardkit report (neither `cardkit simulate "
                               "--format json` nor `cardkit strength -o` output)")
        try:
            body = (simulation_body if kind == "simulate" else strength_body)(data, path.name,
                                                                              tr)
        except (MalformedReport, KeyError, TypeError, ValueError, AttributeError,
                IndexError, RecursionError) as exc:
            why = (exc.args[0] if isinstance(exc, MalformedReport)
                   else f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError)
                   else "nested too deeply" if isinstance(exc, RecursionError)
                   else f"{type(exc).__name__}: {exc}")
            raise UsageProblem(f"{path}: malformed {kind} report ({why})") from None
        game = data.get("game") if isinstance(data, dict) else None
        if cards and isinstance(game, str) and game in cards:
            body = link_cards(body, cards[game])
        out[_page_name(path, out)] = body
    return out


#: The identifiers of a report page: a row header or a span marked ``translate="no"``.
_IDS_RE = re.compile(r'(<(th|span)\b[^>]*\btranslate="no"[^>]*>)([^<]*)(</\2>)')


def link_cards(body: str, hrefs: Mapping[str, str]) -> str:
    """``body`` with every card id it shows as an identifier (a row header, a list of ids, a
    chart's bar label, all marked ``translate="no"``) linked to the card's page; other ids
    stay as they are."""
    def one(word: str) -> str:
        href = hrefs.get(html.unescape(word.strip()))
        return word if href is None else f'<a href="{esc(href)}">{word}</a>'

    def ids(match: re.Match[str]) -> str:
        inner = ", ".join(one(w) for w in match.group(3).split(", "))
        return match.group(1) + inner + match.group(4)

    def chart(match: re.Match[str]) -> str:
        href = hrefs.get(html.unescape(match.group(2)))
        if href is None:
            return match.group(0)
        return (match.group(1) + match.group(2) + match.group(3)
                + f'<a href="{esc(href)}">{match.group(4)}</a>')

    return _CHART_RE.sub(chart, _IDS_RE.sub(ids, body))


#: A chart's bar label: its group's tooltip names the whole id, the label may be shortened.
_CHART_RE = re.compile(r'(<g translate="no"><title>)([^<:]+)(: [^<]*</title>)(<text\b[^>]*>'
                       r"[^<]*</text>)")


def reports_index(pages: dict[str, str], tr: Messages = ENGLISH) -> str:
    """The body of ``reports/index.html``: a list of the report pages (their headings)."""
    items = []
    for name in pages:
        match = re.search(r"<h1>(.*?)</h1>", pages[name], re.S)
        heading = match.group(1) if match else esc(name)
        items.append(f'<li><a href="{esc(name.rsplit("/", 1)[-1])}">{heading}</a></li>')
    title = esc(tr("Reports"))
    if not items:
        command = '<code translate="no">cardkit site --report FILE</code>'
        return (f"<h1>{title}</h1>\n<p>{tr.html('No reports were given ({command}).', command=command)}"
                "</p>\n")
    return f'<h1>{title}</h1>\n<ul class="reports">{"".join(items)}</ul>\n'


def game_title(game: str) -> str:
    """The title of the game a report is of (a proper name), else its id as the report has
    it (a game that is not installed here)."""
    try:
        return str(get_game(game).title)
    except Exception:  # noqa: BLE001 - any game the registry cannot give: its id
        return game


def page_title(body: str) -> str:
    """A report page's title: the text of its heading."""
    match = re.search(r"<h1>(.*?)</h1>", body, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))) if match else ""


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

def simulation_body(data: dict[str, Any], filename: str, tr: Messages = ENGLISH) -> str:
    """The body of one ``cardkit simulate`` report, in ``tr``'s locale."""
    game = as_name(data["game"])
    title = game_title(game)
    summary = as_object(data["summary"], "summary")
    played = as_whole(data.get("games_played", summary.get("games", 0)))
    games = tr.n("{n} game", "{n} games", played)
    heading = tr("Simulation: {game}, {games}, seed {seed}", game=title, games=games,
                 seed=data["seed"])
    command = f'<code translate="no">cardkit simulate {esc(game)} --format json</code>'
    out = [f"<h1>{esc(heading)}</h1>",
           '<p class="source">' + tr.html("From {file} ({command}).", command=command,
                                          file=f'<code translate="no">{esc(filename)}</code>')
           + "</p>"]
    if data.get("interrupted"):
        out.append('<p class="warning">' + esc(tr.n(
            "Interrupted: {done} of {n} game finished; the statistics are of the finished "
            "games only.", "Interrupted: {done} of {n} games finished; the statistics are of "
            "the finished games only.", as_whole(data.get("games_requested", played)),
            done=played)) + "</p>")
    bots = as_list(data["bots"], "bots")
    yes_no = tr("yes") if data.get("interrupted") else tr("no")
    params: list[tuple[str, object]] = [
        (tr("game"), title), (tr("seed"), data["seed"]),
        (tr("players"), tr.num(as_whole(data.get("players", len(bots))))),
        (tr("bots"), Ids(", ".join(as_name(b) for b in bots))),
        (tr("games requested"), fmt_value(data.get("games_requested", played), tr)),
        (tr("games played"), tr.num(played)), (tr("interrupted"), yes_no)]
    for key, value in sorted(as_object(data.get("options") or {}, "options").items()):
        params.append((tr("option {name}", name=key), cell_text(value, tr)))
    out.append(kv_table(tr("Run parameters"), params, "params", (tr("Parameter"), tr("Value"))))
    lines = [as_object(b, "summary.bots[]")
             for b in as_list(summary.get("bots", []), "summary.bots")]
    if lines:
        out.append(f"<h2>{esc(tr('Bots'))}</h2>")
        out.append(_bots_table(lines, tr))
        expected = summary.get("first_player", {}).get("expected") if isinstance(
            summary.get("first_player"), dict) else None
        out.append(bar_chart(
            tr("Win rate per bot with 95% Wilson intervals"),
            [(as_name(b["bot"]), as_number(b["win_rate"]), as_interval(b.get("ci95")))
             for b in lines],
            lo=0.0, hi=1.0, fmt=lambda v: fmt_pct(v, tr),
            reference=(None if expected is None else as_number(expected)),
            reference_label=tr("fair share"), tr=tr))
    else:
        out.append(f"<p>{esc(tr('No game finished.'))}</p>")
    out.append(f"<h2>{esc(tr('Game length and end'))}</h2>")
    out.append(_length_section(summary, tr))
    extras = data.get("extras") or {}
    if extras:
        out.append(f"<h2>{esc(tr('Game statistics'))}</h2>")
        out.append(_extras(game, as_object(extras, "extras"), tr))
    return "\n".join(out) + "\n"


def _bots_table(lines: list[dict[str, Any]], tr: Messages) -> str:
    head = (tr("Bot"), tr("Games"), tr("Wins"), tr("Ties"), tr("Win rate"), tr("95% CI"),
            tr("Mean score"), tr("Min score"), tr("Median score"), tr("Max score"))
    rows = []
    for b in lines:
        lo, hi = as_interval(b.get("ci95")) or (0.0, 1.0)
        score = as_object(b.get("score") or {}, "score")
        rows.append([as_name(b["bot"]), tr.num(as_whole(b["games"])), tr.num(as_whole(b["wins"])),
                     tr.num(as_whole(b["ties"])), fmt_pct(as_number(b["win_rate"]), tr),
                     f"{fmt_pct(lo, tr)}–{fmt_pct(hi, tr)}", fmt_mean(score.get("mean"), tr),
                     fmt_value(score.get("min"), tr), fmt_value(score.get("p50"), tr),
                     fmt_value(score.get("max"), tr)])
    return data_table(tr("Bots: win rate (a shared win counts 1/k) and scores"), head, rows,
                      "bots", ids=True)


def _length_section(summary: dict[str, Any], tr: Messages) -> str:
    length = as_object(summary.get("length") or {}, "length")
    rows: list[tuple[str, object]] = [
        (label, fmt_value(length.get(key), tr)) for key, label in (
            ("mean", tr("mean")), ("min", tr("minimum")), ("p10", tr("10th percentile")),
            ("p50", tr("median")), ("p90", tr("90th percentile")), ("max", tr("maximum")))
        if key in length]
    rows.append((tr("turn cap hits"), fmt_value(summary.get("turn_cap_hits", 0), tr)))
    rows.append((tr("games with a tie for first"), fmt_value(summary.get("ties", 0), tr)))
    fp = summary.get("first_player")
    if isinstance(fp, dict) and fp:
        ci = as_interval(fp.get("ci95"))
        share = fmt_pct(as_number(fp.get("win_share", 0)), tr)
        fair = fmt_pct(as_number(fp.get("expected", 0)), tr)
        rows.append((tr("first player wins"),
                     tr("{share} (95% CI {low}–{high}), fair share {fair}", share=share,
                        low=fmt_pct(ci[0], tr), high=fmt_pct(ci[1], tr), fair=fair) if ci
                     else tr("{share}, fair share {fair}", share=share, fair=fair)))
    parts = [kv_table(tr("Game length (actions per game)"), rows, "length",
                      (tr("Statistic"), tr("Value")))]
    reasons = as_object(summary.get("end_reasons") or {}, "end_reasons")
    total = sum(as_whole(v) for v in reasons.values())
    if reasons:
        parts.append(data_table(tr("End reasons"), (tr("Reason"), tr("Games"), tr("Share")),
                                [[tr.p("reason", key_label_raw(k)), tr.num(as_whole(v)),
                                  fmt_pct(as_whole(v) / total if total else 0.0, tr)]
                                 for k, v in reasons.items()], "end-reasons"))
    return "\n".join(parts)


def key_label_raw(key: Any) -> str:
    """A report key in English words (``deck_out`` -> ``deck out``)."""
    return as_name(key).replace("_", " ")


def _extras(game: str, extras: dict[str, Any], tr: Messages) -> str:
    out = []
    by_difficulty = extras.get("points_per_card_by_difficulty")
    if isinstance(by_difficulty, dict) and by_difficulty:
        order = _difficulty_order(list(by_difficulty), extras.get("difficulty_order"))
        out.append(bar_chart(
            tr("Points per card by difficulty (mean over every bot)"),
            [(d, as_number(as_object(by_difficulty[d], d)["mean"]), None) for d in order],
            lo=0.0, hi=None, fmt=lambda v: fmt_value(v, tr), tr=tr))
    for key, value in extras.items():
        if isinstance(value, dict) and value and all(
                isinstance(v, dict) and "delta" in v for v in value.values()):
            out.append(delta_chart(tr("{statistic}: win-rate delta when played or picked, "
                                      "with 95% intervals", statistic=key_label(key, tr)),
                                   [(k, v.get("delta"), v.get("ci95"))
                                    for k, v in value.items()], tr))
    for key, value in extras.items():
        if key in _ORDER_KEYS:  # how to order another extra, not a finding
            continue
        out.append(f'<section class="extra" id="extra-{esc(_NAME_RE.sub("-", key))}">'
                   f"<h3>{esc(key_label(key, tr))}</h3>{any_table(key, value, 0, tr)}</section>")
    return "\n".join(out)


#: Extras that tell the site how to order another extra (the JSON's keys are sorted).
_ORDER_KEYS = frozenset({"difficulty_order"})


def _difficulty_order(found: list[str], order: Any) -> list[str]:
    """The difficulties in the order the game's report gives (``extras["difficulty_order"]``,
    e.g. Terra's easiest first), the others after them, sorted."""
    given = [d for d in order if isinstance(d, str)] if isinstance(order, list) else []
    known = [d for d in given if d in found]
    return known + sorted(d for d in found if d not in known)


# -- strength -------------------------------------------------------------------------------------

def strength_body(data: dict[str, Any], filename: str, tr: Messages = ENGLISH) -> str:
    """The body of one ``cardkit strength`` report, in ``tr``'s locale."""
    game = as_name(data["game"])
    rows = [as_object(r, "cards[]") for r in as_list(data["cards"], "cards")]
    per_card = as_whole(data["games_per_card"])
    title = game_title(game)
    heading = tr("Card strength: {game}, {cards}, {games}, seed {seed}", game=title,
                 cards=tr.n("{n} card", "{n} cards", len(rows)),
                 games=tr.n("{n} game per card", "{n} games per card", per_card),
                 seed=data["seed"])
    command = f'<code translate="no">cardkit strength {esc(game)} -o FILE</code>'
    out = [f"<h1>{esc(heading)}</h1>",
           '<p class="source">' + tr.html(
               "From {file} ({command}): the game's test bot (baseline + card) against the "
               "baseline, both seat orders on shared seeds. 50% is as strong as no card.",
               file=f'<code translate="no">{esc(filename)}</code>', command=command) + "</p>"]
    params: list[tuple[str, object]] = [
        (tr("game"), title), (tr("seed"), data["seed"]), (tr("games per card"), tr.num(per_card)),
        (tr("cards reported"), tr.num(len(rows))),
        (tr("interrupted"), tr("yes") if data.get("interrupted") else tr("no"))]
    for inc in as_list(data.get("incomplete") or [], "incomplete"):
        inc = as_object(inc, "incomplete[]")
        params.append((tr("cut short (not reported)"), tr.n(
            "{card}: {done} of {n} game", "{card}: {done} of {n} games", as_whole(inc["of"]),
            card=as_name(inc["card"]), done=tr.num(as_whole(inc["games"])))))
    if data.get("not_run"):
        params.append((tr("not run"), Ids(", ".join(as_name(c) for c in as_list(
            data["not_run"], "not_run")))))
    out.append(kv_table(tr("Run parameters"), params, "params", (tr("Parameter"), tr("Value"))))
    if not rows:
        out.append(f"<p>{esc(tr('No card finished.'))}</p>")
        return "\n".join(out) + "\n"
    by_turns = all(isinstance(r.get("turns_per_player"), dict) and r["turns_per_player"]
                   for r in rows)
    head = (tr("Card"), tr("Games"), tr("Win rate"), tr("95% CI"), tr("Delta vs 50%"),
            tr("Ties"), tr("Copies bought"),
            tr("Turns per player (mean)") if by_turns else tr("Actions per game (mean)"),
            tr("End reasons"))
    table, items = [], []
    for r in rows:
        rate = as_number(r["win_rate"])
        ci = as_interval(r.get("ci95"))
        length = as_object(r["turns_per_player"] if by_turns else r.get("length") or {}, "length")
        ends = as_object(r.get("end_reasons") or {}, "end_reasons")
        table.append([as_name(r["card"]), tr.num(as_whole(r["games"])), fmt_pct(rate, tr),
                      f"{fmt_pct(ci[0], tr)}–{fmt_pct(ci[1], tr)}" if ci else "—",
                      fmt_pp(rate - 0.5, tr), tr.num(as_whole(r.get("ties", 0))),
                      fmt_value(r.get("copies_bought"), tr),
                      fmt_value(length.get("mean"), tr),
                      ", ".join(f"{tr.p('reason', key_label_raw(k))} {tr.num(as_whole(v))}"
                                for k, v in ends.items())])
        items.append((as_name(r["card"]), rate - 0.5,
                      [ci[0] - 0.5, ci[1] - 0.5] if ci else None))
    out.append(delta_chart(tr("Win-rate delta per card against the baseline (50%), with 95% "
                              "Wilson intervals"), items, tr))
    out.append(data_table(tr("Cards, strongest first"), head, table, "strength", ids=True))
    return "\n".join(out) + "\n"
