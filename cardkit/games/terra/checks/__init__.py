"""Terra consistency checks. One function per code; the docstring documents it with a bad and a
good example (``cardkit codes terra`` prints them). Each yields :class:`Finding` values."""

from __future__ import annotations

import inspect
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.diagnostics import CodeInfo, Severity
from ....core.spec import Check, Finding, Record
from ....core.spec import duplicate_ids as unique_ids
from ....core.suggest import did_you_mean
from ..terms.bars import in_range, side_value
from ..model import Bar, Card, Region
from .giveaway import region_given_away
from .bar_spread import bar_spread
from .source_checks import (answer_checked, placeholder_source, two_sources, untrusted_source,
                            weak_source)
from ..terms.units import UNITS, format_number
from .wording import answer_given_away, answer_on_line, disputed_range, question_units

BAR_COLOURS = {"year": "green", "length": "blue", "number": "orange"}


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within each kind (regions, bars, cards, weak publishers); the message names
    the line of the first definition.

    Bad:
        - id: golden-gate-bridge
          topic: Golden Gate Bridge
        - id: golden-gate-bridge
          topic: Golden Gate Bridge (main span)

    Good:
        - id: golden-gate-bridge
          topic: Golden Gate Bridge
        - id: golden-gate-bridge-span
          topic: Golden Gate Bridge (main span)
    """
    yield from unique_ids(content, ("regions", "bars", "cards", "sources-policy"),
                          noun=lambda kind: "weak publisher" if kind == "sources-policy"
                          else kind[:-1])


def self_neighbour(content: GameContent) -> Iterator[Finding]:
    """A region does not list itself as a neighbour.

    Bad:
        - id: sahel
          neighbours: [sahel, eastern-sahara]

    Good:
        - id: sahel
          neighbours: [eastern-sahara]
    """
    for rec in content.of("regions"):
        region: Region = rec.obj
        for i, other in enumerate(region.neighbours):
            if other == region.id:
                yield Finding(f"region {region.id!r} lists itself as a neighbour", rec,
                              ("neighbours", i))


def unknown_neighbour(content: GameContent) -> Iterator[Finding]:
    """Every neighbour is a region defined in ``regions.yaml``; a near miss gets a "did you
    mean".

    Bad:
        neighbours: [atlantis, north-atlantic]

    Good:
        neighbours: [north-atlantic]
    """
    for rec in content.of("regions"):
        for i, other in enumerate(rec.obj.neighbours):
            if not content.exists("regions", other):
                yield Finding(f"unknown neighbour region {other!r}"
                              f"{did_you_mean(other, _ids(content, 'regions'))}",
                              rec, ("neighbours", i))


def asymmetric_adjacency(content: GameContent) -> Iterator[Finding]:
    """Adjacency is symmetric: when A lists B as a neighbour, B lists A.

    Bad:
        - id: sahel
          neighbours: [eastern-sahara]
        - id: eastern-sahara
          neighbours: [red-sea]

    Good:
        - id: sahel
          neighbours: [eastern-sahara]
        - id: eastern-sahara
          neighbours: [red-sea, sahel]
    """
    index = content.index("regions")
    for rec in content.of("regions"):
        for i, other in enumerate(rec.obj.neighbours):
            target = index.get(other)
            if target is not None and other != rec.id and rec.id not in target.obj.neighbours:
                yield Finding(f"{rec.id!r} lists {other!r} as a neighbour but {other!r} does "
                              f"not list {rec.id!r}", rec, ("neighbours", i))


def disconnected_map(content: GameContent) -> Iterator[Finding]:
    """Every region can be reached from every other one through neighbours.

    Bad:
        # iceland and its sea only list each other: an island cut off from the map
        - id: iceland
          neighbours: [iceland-sea]
        - id: iceland-sea
          neighbours: [iceland]

    Good:
        - id: iceland
          neighbours: [iceland-sea]
        - id: iceland-sea
          neighbours: [iceland, north-atlantic]
    """
    index = content.index("regions")
    if not index:
        return
    graph: dict[str, set[str]] = defaultdict(set)
    for rid, rec in index.items():
        for other in rec.obj.neighbours:
            if other in index and other != rid:
                graph[rid].add(other)
                graph[other].add(rid)
    components: list[list[str]] = []
    seen: set[str] = set()
    for start in index:
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            node = stack.pop()
            comp.append(node)
            for nxt in sorted(graph[node]):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        components.append(comp)
    if len(components) < 2:
        return
    main = max(components, key=len)
    for comp in components:
        if comp is main:
            continue
        first = min(comp, key=lambda r: index[r].pointer[-1])
        names = ", ".join(sorted(comp)[:5]) + (" ..." if len(comp) > 5 else "")
        yield Finding(f"region map is not connected: {len(comp)} region(s) ({names}) cannot be "
                      f"reached from the other {len(main)}", index[first], ("neighbours",))


def unknown_answer_region(content: GameContent) -> Iterator[Finding]:
    """Every Q1 answer names a region defined in ``regions.yaml``; a near miss gets a "did you
    mean" (``murray-darling-basn`` -> ``murray-darling-basin``).

    Bad:
        regions: {count: 1, answers: [egypt]}

    Good:
        regions: {count: 1, answers: [eastern-sahara]}
    """
    for rec in content.of("cards"):
        for i, rid in enumerate(rec.obj.regions.answers):
            if not content.exists("regions", rid):
                yield Finding(f"unknown answer region {rid!r}"
                              f"{did_you_mean(rid, _ids(content, 'regions'))}",
                              rec, ("regions", "answers", i))


def _ids(content: GameContent, kind: str) -> set[str]:
    """Every id of a kind, valid or not (the candidates of a "did you mean")."""
    return set(content.index(kind)) | content.broken_ids.get(kind, set())


def answer_count(content: GameContent) -> Iterator[Finding]:
    """The region count shown to players equals the number of answer regions.

    Bad:
        regions: {count: 2, answers: [japan]}

    Good:
        regions: {count: 1, answers: [japan]}
    """
    for rec in content.of("cards"):
        q = rec.obj.regions
        if q.count != len(q.answers):
            yield Finding(f"card says {q.count} region(s) but lists {len(q.answers)} answer "
                          f"region(s)", rec, ("regions", "count"))


def duplicate_answer_region(content: GameContent) -> Iterator[Finding]:
    """An answer region is listed once.

    Bad:
        regions: {count: 2, answers: [japan, japan]}

    Good:
        regions: {count: 1, answers: [japan]}
    """
    for rec in content.of("cards"):
        seen: set[str] = set()
        for i, rid in enumerate(rec.obj.regions.answers):
            if rid in seen:
                yield Finding(f"answer region {rid!r} listed twice", rec, ("regions", "answers", i))
            seen.add(rid)


def same_bar_twice(content: GameContent) -> Iterator[Finding]:
    """Q2 and Q3 use two different bars.

    Bad:
        bars:
          - {bar: year, question: When was it built?, answer: {value: 1889, unit: year}}
          - {bar: year, question: When was it repainted?, answer: {value: 2022, unit: year}}

    Good:
        bars:
          - {bar: year, question: When was it built?, answer: {value: 1889, unit: year}}
          - {bar: length, question: How tall is it?, answer: {value: 330, unit: m}}
    """
    for rec in content.of("cards"):
        bars = [q.bar for q in rec.obj.bars]
        for i, bar in enumerate(bars):
            if bar in bars[:i]:
                yield Finding(f"bar {bar!r} is asked twice; a card uses exactly two distinct bars",
                              rec, ("bars", i, "bar"))


def unknown_bar(content: GameContent) -> Iterator[Finding]:
    """Every bar a card asks about is defined in ``bars.yaml``.

    Bad:
        # bars.yaml defines only the year and length bars
        - {bar: number, question: How many rivets?, answer: {value: 2500000, unit: count}}

    Good:
        # bars.yaml defines the year, length and number bars
        - {bar: number, question: How many rivets?, answer: {value: 2500000, unit: count}}
    """
    defined = content.index("bars")
    if not defined and "bars" in content.broken_ids:
        return
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            if q.bar not in defined and not content.exists("bars", q.bar):
                yield Finding(f"bar {q.bar!r} is not defined in bars.yaml", rec, ("bars", i, "bar"))


def unit_fits_bar(content: GameContent) -> Iterator[Finding]:
    """An answer's unit measures what its bar measures (km on length, years on year, ...).

    Bad:
        - {bar: number, question: How long is it?, answer: {value: 6650, unit: km}}

    Good:
        - {bar: length, question: How long is it?, answer: {value: 6650, unit: km}}
    """
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            quantity = UNITS[q.answer.unit].quantity
            if quantity != q.bar:
                yield Finding(f"unit {q.answer.unit!r} measures {quantity}, but the question is on "
                              f"the {q.bar} bar", rec, ("bars", i, "answer", "unit"))


def _range_check(content: GameContent, side: str) -> Iterator[Finding]:
    bars = content.index("bars")
    for rec in content.of("cards"):
        for i, q in enumerate(rec.obj.bars):
            bar = bars.get(q.bar)
            if bar is None or UNITS[q.answer.unit].quantity != q.bar:
                continue
            lines = getattr(bar.obj, side).lines
            value = side_value(q.answer, side)  # type: ignore[arg-type]
            if not in_range(lines, value):
                u = (" m" if side == "metric" else " ft") if q.bar == "length" else ""
                yield Finding(f"answer {format_number(value)}{u} lies outside the {side} {q.bar} "
                              f"bar ({format_number(lines[0])}{u} to {format_number(lines[-1])}{u})",
                              rec, ("bars", i, "answer", "value"))


def metric_range(content: GameContent) -> Iterator[Finding]:
    """An answer lies on its bar on the metric side (between the first and the last line).

    Bad:
        # the metric length bar ends at 1,000,000 km
        answer: {value: 2000000, unit: km}

    Good:
        answer: {value: 384400, unit: km}
    """
    yield from _range_check(content, "metric")


def imperial_range(content: GameContent) -> Iterator[Finding]:
    """An answer, converted and rounded as the imperial card prints it, lies on the imperial bar.

    Bad:
        # 60 °C prints as 140 °F, beyond a number bar whose imperial side ends at 130
        answer: {value: 60, unit: celsius}

    Good:
        answer: {value: 50, unit: celsius}
    """
    yield from _range_check(content, "imperial")


def compass_quadrant(content: GameContent) -> Iterator[Finding]:
    """A compass hint names a quadrant that one of the answer regions lies in.

    Bad:
        # british-isles lies in NW and NE
        regions: {count: 1, answers: [british-isles]}
        compass: SE

    Good:
        regions: {count: 1, answers: [british-isles]}
        compass: NW
    """
    regions = content.index("regions")
    for rec in content.of("cards"):
        card: Card = rec.obj
        if card.compass is None:
            continue
        quads = {q for rid in card.regions.answers if rid in regions
                 for q in regions[rid].obj.quadrants}
        if quads and card.compass not in quads:
            yield Finding(f"compass hint {card.compass} is not a quadrant of the answer regions "
                          f"({', '.join(sorted(quads))})", rec, ("compass",))


def _normalise(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).casefold()
    return " ".join("".join(c for c in folded if c.isalnum() or c.isspace()).split())


def duplicate_topic(content: GameContent) -> Iterator[Finding]:
    """No two cards share a topic (compared without case, accents and punctuation).

    Bad:
        - {id: golden-gate-bridge, topic: Golden Gate Bridge}
        - {id: golden-gate, topic: golden gate bridge!}

    Good:
        - {id: golden-gate-bridge, topic: Golden Gate Bridge}
        - {id: brooklyn-bridge, topic: Brooklyn Bridge}
    """
    first: dict[str, Record[Any]] = {}
    for rec in content.of("cards"):
        key = _normalise(rec.obj.topic)
        if key in first:
            yield Finding(f"topic {rec.obj.topic!r} repeats card {first[key].id!r}", rec, ("topic",))
        else:
            first[key] = rec


def bar_lines_ascending(content: GameContent) -> Iterator[Finding]:
    """Each side's line values rise strictly from left to right.

    Bad:
        metric: {lines: [0, 10, 10, 50]}

    Good:
        metric: {lines: [0, 10, 20, 50]}
    """
    for rec in content.of("bars"):
        bar: Bar = rec.obj
        for side in ("metric", "imperial"):
            lines = getattr(bar, side).lines
            for i in range(1, len(lines)):
                if lines[i] <= lines[i - 1]:
                    yield Finding(f"{side} line {format_number(lines[i])} does not rise above "
                                  f"{format_number(lines[i - 1])}",
                                  rec, (side, "lines", i))
                    break


def bar_set(content: GameContent) -> Iterator[Finding]:
    """bars.yaml defines the year, length and number bars once each, in their colours.

    Bad:
        - {id: year, colour: green}
        - {id: length, colour: orange}

    Good:
        - {id: year, colour: green}
        - {id: length, colour: blue}
        - {id: number, colour: orange}
    """
    recs = content.of("bars")
    if not recs:
        return
    ids = {r.id for r in recs}
    for missing in sorted(set(BAR_COLOURS) - ids):
        if not content.exists("bars", missing):
            yield Finding(f"the {missing!r} bar is not defined", recs[0], (), file=recs[0].file)
    for rec in recs:
        want = BAR_COLOURS[rec.id]
        if rec.obj.colour != want:
            yield Finding(f"the {rec.id} bar is {want} on cards, not {rec.obj.colour}", rec,
                          ("colour",))


#: TER018 is the fit check of the Terra templates, run by the print layer over every face it
#: prints (``cardkit.pdf.fitcheck``); it is documented here with the game's other codes.
FIT_CODE = CodeInfo("TER018", Severity.ERROR, "every printed string fits its frame on the card",
                    inspect.cleandoc("""
    Every string the templates print — topic (on both sides), questions, info, region names,
    headings and labels — fits its frame at the frame's minimum font size, beside the badges
    and icons drawn on the card: nothing is shrunk further, nothing overflows.

    Bad:
        info: >-
          The tower was built for the 1889 World's Fair, was at first criticised by many of
          the leading artists and intellectuals of France, was the tallest man-made structure
          in the world for 41 years, is repainted every seven years with 60 tonnes of paint,
          and is now the most visited paid monument in the world, with millions of visitors.

    Good:
        info: Built for the 1889 World's Fair, it was the world's tallest structure for 41 years.
    """))


CHECKS: tuple[Check, ...] = (
    Check("TER001", "ids are unique within a kind", duplicate_ids),
    Check("TER002", "a region is not its own neighbour", self_neighbour),
    Check("TER003", "neighbours are defined regions", unknown_neighbour),
    Check("TER004", "adjacency is symmetric", asymmetric_adjacency),
    Check("TER005", "the region map is connected", disconnected_map),
    Check("TER006", "answer regions are defined regions", unknown_answer_region),
    Check("TER007", "the region count matches the answers", answer_count),
    Check("TER008", "answer regions are listed once", duplicate_answer_region),
    Check("TER009", "two distinct bars per card", same_bar_twice),
    Check("TER010", "bars asked about are defined", unknown_bar),
    Check("TER011", "answer unit fits the bar", unit_fits_bar),
    Check("TER012", "answer inside the metric bar", metric_range),
    Check("TER013", "answer inside the imperial bar", imperial_range),
    Check("TER014", "compass hint matches the answer regions", compass_quadrant),
    Check("TER015", "topics are not repeated", duplicate_topic, Severity.WARNING),
    Check("TER016", "bar lines rise strictly", bar_lines_ascending),
    Check("TER017", "the three bars with their colours", bar_set),
    Check("TER019", "two independent reputable sources per card", two_sources),
    Check("TER020", "no source is a content farm, blog, shop or spam", untrusted_source),
    Check("TER021", "a bar question names no unit", question_units),
    Check("TER023", "no text gives an answer away", answer_given_away),
    Check("TER024", "an answer on a bar line is deliberate", answer_on_line, Severity.WARNING),
    Check("TER025", "the sources' range of an answer falls in one bar space", disputed_range),
    Check("TER026", "a source names a real publisher, title and url (no placeholder)",
          placeholder_source),
    Check("TER027", "no source from a publisher sources-policy.yaml does not accept",
          weak_source),
    Check("TER028", "no topic or question names the card's answer region", region_given_away),
    Check("TER030", "every answer records when and by which two sources it was verified",
          answer_checked),
    Check("TER031", "every bar space holds a fair share of the answers and spans at most 20x",
          bar_spread),
)
# TER022 (a translated bar question names no unit) is a translation check: wording.py; TER029
# (a translated text names the card's answer region) is one too: giveaway.py.
