"""Strict dominance between cards: the static half of "is any card one nobody should take?".

A game describes each card it lets players choose between as a :class:`Profile`: the group it
competes in (a level, a colour, a card type), its **traits** — numbers where more is better
(a cost enters negated, a gain as it is) — and, for a card that offers a choice, its
**options**, each a map of the same kind. Card B *dominates* card A when they share a group,
B is at least as good on every trait (a trait one card lacks counts as 0), every option of A is
matched by an option of B at least as good on every axis, and A does not also dominate B (the
two are not equivalent). A card so dominated is never the better pick, whatever the game state:
a designer wants to know before a simulation does.

Axes are compared only with themselves: paying one stone is not compared with paying one wood,
nor "any raw material" with a named one. That makes the relation conservative — it reports
only what holds without a judgement of value — and the simulated swap measure
(``cardkit strength``) judges the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .spec import Finding, Record, where

if TYPE_CHECKING:
    from .content import GameContent

Axes = Mapping[str, float]


@dataclass(frozen=True, slots=True)
class Profile:
    """What a card offers, as numbers where more is better."""

    group: str
    traits: Axes = field(default_factory=dict)
    options: tuple[Axes, ...] = ()


def at_least(b: Axes, a: Axes) -> bool:
    """Whether ``b`` is at least ``a`` on every axis either names (a missing axis is 0)."""
    return all(b.get(k, 0) >= a.get(k, 0) for k in (*a, *b))


def covers(b: Profile, a: Profile) -> bool:
    """Whether ``b`` is at least as good as ``a``: same group, traits at least as high, every
    option of ``a`` matched by one of ``b``."""
    return (b.group == a.group and at_least(b.traits, a.traits)
            and all(any(at_least(ob, oa) for ob in b.options) for oa in a.options))


def dominators(profiles: Mapping[str, Profile]) -> dict[str, list[str]]:
    """For every strictly dominated card, the ids of the cards that dominate it (sorted); cards
    not dominated are absent. Equivalent cards (each covers the other) dominate neither."""
    out: dict[str, list[str]] = {}
    for a_id, a in profiles.items():
        found = sorted(b_id for b_id, b in profiles.items()
                       if b_id != a_id and covers(b, a) and not covers(a, b))
        if found:
            out[a_id] = found
    return out


def dominated_findings(content: GameContent, records: Sequence[Record[Any]],
                       profile: Callable[[Any], Profile | None],
                       name: Callable[[Record[Any]], str], where_: str = ""
                       ) -> Iterator[Finding]:
    """One finding per strictly dominated card of ``records``, at its id, naming the cards that
    dominate it (and ``where_`` they meet, such as "in the rising-sun supply").
    ``profile`` returns None for a card that takes no part (it is never chosen)."""
    by_id = {rec.id: rec for rec in records}
    profiles = {rec.id: p for rec in records if (p := profile(rec.obj)) is not None}
    for card, better in dominators(profiles).items():
        rec = by_id[card]
        others = ", ".join(f"{name(by_id[b])} (at {where(content, by_id[b], ('id',))})"
                           for b in better)
        yield Finding(f"{name(rec)} is strictly dominated{where_}: {others} "
                      f"{'costs' if len(better) == 1 else 'each cost'} no more and "
                      f"{'gives' if len(better) == 1 else 'give'} at least as much in every "
                      "way, so no player should ever choose it; make it better at something",
                      rec, ("id",))
