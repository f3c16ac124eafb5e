"""A territory card's options as rows of tokens: what they cost, an arrow, what they make.

A row is a list of :data:`Token`: ``icon`` (a resource id), ``count`` (a "4×" text before an
icon), ``arrow``, ``gap`` and ``label`` (a text such as "= 6"), each with its width in icon
sizes. The card template lays the rows out (:meth:`TerraFuturaPrinter.tokens`); the icon legend
reads the same rows to know which marks the cards print (a "2×" count only appears where
repeated icons would print too small). Language-neutral: counts are digits and a sign.
"""

from __future__ import annotations

from ....pdf.geometry import Box
from ..model import Option, TerritoryCard
from .theme import DESIGN_W, MAX_ICON

#: Where a territory card's options go (design mm).
OPTIONS = Box(5.0, 15.5, DESIGN_W - 10.0, 48.5)
#: Smallest icon before repeated icons become counts (mm).
MIN_ICON = 5.0
#: Widths of the row tokens, in icon sizes.
ICON_W, COUNT_W, ARROW_W, GAP_W, STEP_W = 1.0, 1.0, 1.15, 0.45, 0.14

Token = tuple[str, str, float]  # (kind: icon | count | arrow | gap | label, text or id, width)


def amount_tokens(amounts: dict[str, int], most: int = 3) -> list[Token]:
    """Icons for ``{resource: count}``: a count of 1 to ``most`` as that many icons, any other
    count as "4×" and one icon; resources kept apart by a gap."""
    out: list[Token] = []
    for rid, n in amounts.items():
        if out:
            out.append(("gap", "", GAP_W))
        if 1 <= n <= most:
            out += [("icon", rid, ICON_W)] * n
        else:
            out += [("count", f"{n}\u00d7" if n >= 0 else f"\u2212{-n}\u00d7", COUNT_W),
                    ("icon", rid, ICON_W)]
    return out


def option_tokens(option: Option, pollution_id: str, most: int = 3) -> list[Token]:
    """One option as a row: what it costs, an arrow, what it makes and its pollution cubes (the
    arrow only when the option costs something); counts above ``most`` as "4×" and an icon."""
    out: list[Token] = []
    if option.pay:
        out += amount_tokens(option.pay, most)
        out += [("gap", "", GAP_W), ("arrow", "", ARROW_W), ("gap", "", GAP_W)]
    made = amount_tokens(option.gain, most)
    if option.pollution:
        if made:
            made.append(("gap", "", GAP_W))
        made += amount_tokens({pollution_id: option.pollution}, most)
    return out + made


def icon_size(row: list[Token], area: Box, max_icon: float = MAX_ICON) -> float:
    """The side of the icons when ``row`` is laid out in ``area`` (mm)."""
    units = sum(w for _, _, w in row) + STEP_W * (len(row) - 1)
    return min(max_icon, area.h, area.w / units) if row else max_icon


def fitted_tokens(option: Option, pollution_id: str, area: Box) -> list[Token]:
    """The option's row, repeated icons turned into "2×" counts when they would print smaller
    than :data:`MIN_ICON`."""
    row = option_tokens(option, pollution_id)
    if icon_size(row, area) >= MIN_ICON:
        return row
    return option_tokens(option, pollution_id, most=1)


def option_areas(n: int) -> list[Box]:
    """The bands of a card's ``n`` options, top first (one band per option)."""
    h = OPTIONS.h / max(1, n)
    return [Box(OPTIONS.x, OPTIONS.top - (i + 1) * h + 2.0, OPTIONS.w, h - 4.0)
            for i in range(n)]


def option_rows(card: TerritoryCard, pollution_id: str) -> list[tuple[list[Token], Box]]:
    """Each option of ``card`` as the row it prints and the band it prints in."""
    areas = option_areas(len(card.options))
    return [(fitted_tokens(o, pollution_id, a), a) for o, a in zip(card.options, areas)]
