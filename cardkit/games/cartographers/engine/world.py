"""Cartographers content reduced to what play needs, built once per worker.

Shapes become frozensets of cells, maps become :class:`~.board.Board` objects, scoring cards are
bound to their rule functions. The engine (:mod:`.engine`) and the bots only see this world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....core.content import GameContent
from .board import Board, N, mask_of
from .scoring import rule_of
from .shapes import Shape, parse

#: Which way a sheet travels, as a seat offset: clockwise hands it to the next seat.
PASS_OFFSET = {"clockwise": 1, "counterclockwise": -1}


@dataclass(frozen=True, slots=True)
class CardFacts:
    """An explore, ruins or ambush card as the deck holds it."""

    id: str
    kind: str  # "terrain", "ruins" or "ambush"
    time: int = 0
    terrains: tuple[str, ...] = ()
    shapes: tuple[Shape, ...] = ()
    coins: tuple[bool, ...] = ()
    passes: int = 0  # ambush: +1 clockwise, -1 counterclockwise
    corner: str = ""  # ambush: the solo walk's start corner


@dataclass(frozen=True, slots=True)
class ScoringFacts:
    """A scoring card: its stack, rule function and solo corner value."""

    id: str
    stack: str
    rule: Callable[[Board], int]
    solo: int
    affected_by: frozenset[str]  # terrains whose drawing can change its stars


@dataclass(frozen=True, slots=True)
class SeasonFacts:
    """A season: its time threshold and the two edict letters it scores."""

    id: str
    time: int
    edicts: tuple[str, str]


@dataclass(frozen=True, slots=True)
class World:
    """Everything a game of Cartographers needs from the content."""

    explore: tuple[CardFacts, ...]
    ambush: tuple[CardFacts, ...]
    seasons: tuple[SeasonFacts, ...]
    maps: dict[str, Board]  # side letter -> the printed sheet
    stacks: dict[str, tuple[ScoringFacts, ...]]
    titles: tuple[tuple[int, str], ...]  # (rating at least, title id), best first
    coin_track: int

    @classmethod
    def from_content(cls, content: GameContent) -> World:
        """Build the world from validated content."""
        explore = []
        for rec in sorted(content.of("explore"), key=lambda r: r.obj.number):
            card = rec.obj
            explore.append(CardFacts(card.id, card.kind, card.time, tuple(card.terrains),
                                     tuple(parse(s.grid) for s in card.shapes),
                                     tuple(s.coin for s in card.shapes)))
        ambush = tuple(CardFacts(r.obj.id, "ambush", 0, ("monster",), (parse(r.obj.grid),),
                                 (False,), PASS_OFFSET[r.obj.passes], r.obj.corner)
                       for r in sorted(content.of("ambush"), key=lambda r: r.obj.number))
        seasons = tuple(SeasonFacts(r.obj.id, r.obj.time, tuple(r.obj.edicts))  # type: ignore[arg-type]
                        for r in sorted(content.of("seasons"), key=lambda r: r.obj.order))
        maps = {r.obj.side: map_board(r.obj.grid) for r in content.of("maps")}
        stacks: dict[str, list[ScoringFacts]] = {}
        for rec in sorted(content.of("scoring"), key=lambda r: r.obj.number):
            card = rec.obj
            rule, affected = rule_of(card.rule)
            stacks.setdefault(card.stack, []).append(
                ScoringFacts(card.id, card.stack, rule, card.solo, affected))
        titles = tuple((r.obj.rating, r.obj.id) for r in content.of("titles"))
        sheet = next(iter(content.of("sheets"))).obj
        return cls(tuple(explore), ambush, seasons, maps,
                   {k: tuple(v) for k, v in sorted(stacks.items())}, titles, sheet.coin_track)

    def title(self, rating: int) -> str:
        """The solo title a rating earns: the first whose threshold it reaches (the last title
        also covers every lower rating)."""
        for threshold, title in self.titles:
            if rating >= threshold:
                return title
        return self.titles[-1][1]


def map_board(grid: list[str]) -> Board:
    """The board of a printed map side (``.`` empty, ``M`` mountain, ``R`` ruins, ``#``
    wasteland)."""
    cells: dict[str, list[tuple[int, int]]] = {"M": [], "R": [], "#": []}
    for r, row in enumerate(grid[:N]):
        for c, ch in enumerate(row[:N]):
            if ch in cells:
                cells[ch].append((r, c))
    return Board(mountain=mask_of(cells["M"]), ruins=mask_of(cells["R"]),
                 wasteland=mask_of(cells["#"]))
