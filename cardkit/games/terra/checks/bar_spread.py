"""TER031: every bar space holds a fair share of the deck's answers and, on the logarithmic
bars, spans at most 20× (the rule and its measures are in :mod:`..terms.spread`)."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.content import GameContent
from ....core.spec import Finding
from ..terms.bars import side_value
from ..terms.spread import MAX_SHARE, MAX_SPAN, fair_share, spaces
from ..terms.units import format_number


def bar_spread(content: GameContent) -> Iterator[Finding]:
    """No bar space holds more than twice its fair share of the answers (the answers asked on
    that bar, divided by its spaces), and no space of the length or number bar spans more than
    20× between its lines: a wide or crowded space is won by knowing nothing but the order of
    magnitude. Each side (metric, imperial) is measured on its own; the finding sits at the
    space's lower line. ``cardkit simulate terra`` prints every space's share and width.

    Bad:
        # length bar, metric; three answers between 0.2 m and 25 m
        lines: [0.2, 25, 38, 60]

    Good:
        lines: [0.15, 2.5, 25, 38, 60]
    """
    cards = [r.obj for r in content.of("cards")]
    for rec in content.of("bars"):
        for side in ("metric", "imperial"):
            lines = list(getattr(rec.obj, side).lines)
            if any(b <= a for a, b in zip(lines, lines[1:])):
                continue  # TER016 reports it
            values = [side_value(q.answer, side)  # type: ignore[arg-type]
                      for c in cards for q in c.bars if q.bar == rec.id]
            fair = fair_share(values, lines)
            for sp in spaces(rec.id, lines, values):
                where = f"{side} space {format_number(sp.low)}–{format_number(sp.high)}"
                if sp.over_share(fair):
                    yield Finding(f"{where} holds {sp.answers} answers, more than "
                                  f"{MAX_SHARE:g}× its fair share ({fair:.1f} of "
                                  f"{len(values)} answers on {len(lines) - 1} spaces)",
                                  rec, (side, "lines", sp.index))
                if sp.too_wide:
                    yield Finding(f"{where} spans {sp.span:.0f}×, more than {MAX_SPAN:g}×: "
                                  "its answers are placed by their order of magnitude alone",
                                  rec, (side, "lines", sp.index))
