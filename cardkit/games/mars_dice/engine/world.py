"""Mars Dice content reduced to what play needs, built once per worker.

Die face symbols get fixed indices (:attr:`World.symbols`, resources.yaml order), so a player's
dice are a list of counts per symbol; each symbol belongs to exactly one die colour
(:attr:`World.colour_of`). Die colours, tracks, tiles and board areas are indexed the same way.
Costs are tuples of ``(symbol index, count)``; a cost id that is no die face (a content error the
checks report) can only be paid with wild tokens (index ``-1``). Effects stay the content's own
frozen models (:data:`.model.Effect`). The engine and the bots only see this world.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ..model import (
    Award,
    Board,
    BonusCard,
    CardAction,
    Conversion,
    Corporation,
    Die,
    Effect,
    EndScore,
    Milestone,
    Project,
    Resource,
    Rules,
    Tile,
    Track,
    Trigger,
)

#: ``((symbol index, count), ...)``; index -1: a symbol only wilds can pay.
Cost = tuple[tuple[int, int], ...]
#: Axial neighbour offsets of a hex.
HEX_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True, slots=True)
class ColourFacts:
    """A die colour: dice in the box, its faces and the weights they roll with."""

    id: str
    name: str
    count: int
    faces: tuple[int, ...]  # symbol indices
    weights: tuple[int, ...]  # sides per face
    table: tuple[int, ...]  # one symbol index per side: a roll picks one at random


@dataclass(frozen=True, slots=True)
class TrackFacts:
    """A global track counted in levels 0..``levels``; ``bonuses`` by level reached."""

    id: str
    name: str
    start: int
    step: int
    levels: int
    vp_per_step: int
    vp_past_maximum: int
    bonuses: dict[int, tuple[Effect, ...]]

    def value(self, level: int) -> int:
        """The printed value at ``level``."""
        return self.start + level * self.step


@dataclass(frozen=True, slots=True)
class TileFacts:
    """A tile kind as play sees it."""

    id: str
    name: str
    ocean: bool
    track: int  # track index, -1 none
    vp: int
    vp_per_adjacent: tuple[tuple[int, int], ...]  # (tile index, vp)
    not_adjacent: tuple[int, ...]
    supply: int


@dataclass(frozen=True, slots=True)
class AreaFacts:
    """A board area: its place, whether it is an ocean area, its bonus, its neighbours."""

    id: str
    q: int
    r: int
    ocean: bool
    bonus: tuple[Effect, ...]
    neighbours: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ActionFacts:
    """A blue card's action."""

    timing: str
    pay: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ProjectFacts:
    """A project card as play sees it."""

    id: str
    name: str
    colour: str
    cost: Cost
    cost_ids: tuple[tuple[str, int], ...]  # the printed cost, for awards and describe
    production: tuple[int, ...]  # dice per colour index
    effects: tuple[Effect, ...]
    actions: tuple[ActionFacts, ...]
    triggers: tuple[Trigger, ...]
    storage: int
    vp: int
    vp_end: bool


@dataclass(frozen=True, slots=True)
class CorporationFacts:
    """A corporation: starting effects, production per colour index, triggers, storage."""

    id: str
    name: str
    start: tuple[Effect, ...]
    production: tuple[int, ...]
    triggers: tuple[Trigger, ...]
    storage: int


@dataclass(frozen=True, slots=True)
class ConversionFacts:
    """A standard conversion."""

    id: str
    name: str
    pay: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class BonusFacts:
    """A bonus card: effects now, triggers, end VP."""

    id: str
    name: str
    effects: tuple[Effect, ...]
    triggers: tuple[Trigger, ...]
    end: EndScore | None


@dataclass(frozen=True, slots=True)
class World:
    """Everything a game of Mars Dice needs from the content."""

    symbols: tuple[str, ...]  # die face ids, index order
    symbol_names: tuple[str, ...]
    colour_of: tuple[int, ...]  # colour index per symbol
    colours: tuple[ColourFacts, ...]
    wild: str  # the wild token's id
    wild_supply: int
    tracks: tuple[TrackFacts, ...]
    tiles: tuple[TileFacts, ...]
    areas: tuple[AreaFacts, ...]
    conversions: dict[str, ConversionFacts]
    projects: dict[str, ProjectFacts]
    corporations: dict[str, CorporationFacts]
    bonus: dict[str, BonusFacts]
    milestones: dict[str, Milestone]
    awards: dict[str, Award]
    rules: Rules

    symbol_index: dict[str, int]  # symbol id -> index
    colour_ids: dict[str, int]  # die colour id -> index
    tile_ids: dict[str, int]  # tile id -> index
    track_ids: dict[str, int]  # track id -> index

    def colour_index(self, colour: str) -> int:
        """A die colour's index (``KeyError`` for an unknown colour)."""
        return self.colour_ids[colour]

    def tile_index(self, tile: str) -> int:
        """A tile kind's index."""
        return self.tile_ids[tile]

    def track_index(self, track: str) -> int:
        """A track's index."""
        return self.track_ids[track]

    def bonus_deal(self, players: int) -> int:
        """Bonus cards dealt for ``players`` (the largest listed count not above it)."""
        deals = sorted(self.rules.bonus_cards, key=lambda d: d.players)
        fit = [d.cards for d in deals if d.players <= players]
        return fit[-1] if fit else deals[0].cards

    @classmethod
    def from_content(cls, content: GameContent) -> World:
        """Build the world from validated content."""

        def objs(kind: str) -> list[Any]:
            return [r.obj for r in content.of(kind)]

        return cls.build(
            resources=objs("resources"), dice=objs("dice"), tracks=objs("tracks"),
            tiles=objs("tiles"), board=objs("board")[0], conversions=objs("conversions"),
            rules=objs("rules")[0], projects=objs("projects"),
            corporations=objs("corporations"), bonus=objs("bonus"),
            milestones=objs("milestones"), awards=objs("awards"))

    @classmethod
    def build(cls, *, resources: Sequence[Resource], dice: Sequence[Die],
              tracks: Sequence[Track], tiles: Sequence[Tile], board: Board,
              conversions: Iterable[Conversion], rules: Rules, projects: Iterable[Project],
              corporations: Iterable[Corporation], bonus: Iterable[BonusCard],
              milestones: Iterable[Milestone], awards: Iterable[Award]) -> World:
        """Build the world from content models (tests pass hand-made ones)."""
        faces = [r for r in resources if r.kind == "face"]
        symbols = tuple(r.id for r in faces)
        index = {s: i for i, s in enumerate(symbols)}
        wild = next((r for r in resources if r.kind == "wild"), None)
        colour_of = [-1] * len(symbols)
        colours = []
        for ci, d in enumerate(dice):
            fs = [f for f in d.faces if f.resource in index]
            for f in fs:
                colour_of[index[f.resource]] = ci
            colours.append(ColourFacts(d.id, d.name, d.count,
                                       tuple(index[f.resource] for f in fs),
                                       tuple(f.sides for f in fs),
                                       tuple(index[f.resource] for f in fs
                                             for _ in range(f.sides))))
        cidx = {c.id: i for i, c in enumerate(colours)}

        def cost(spec: dict[str, int]) -> Cost:
            return tuple((index.get(sym, -1), n) for sym, n in spec.items())

        def per_colour(spec: dict[str, int]) -> tuple[int, ...]:
            out = [0] * len(colours)
            for colour, n in spec.items():
                if colour in cidx:
                    out[cidx[colour]] += n
            return tuple(out)

        track_facts = tuple(
            TrackFacts(t.id, t.name, t.start, t.step, t.levels, t.vp_per_step,
                       t.vp_past_maximum,
                       {(b.at - t.start) // t.step: tuple(b.effects) for b in t.bonuses})
            for t in tracks)
        tindex = {t.id: i for i, t in enumerate(track_facts)}
        kinds = {t.id: i for i, t in enumerate(tiles)}
        tile_facts = tuple(
            TileFacts(t.id, t.name, t.on == "ocean", tindex.get(t.track or "", -1), t.vp,
                      tuple((kinds[k], v) for k, v in t.vp_per_adjacent.items() if k in kinds),
                      tuple(kinds[k] for k in t.not_adjacent if k in kinds), t.supply)
            for t in tiles)
        where = {(a.q, a.r): i for i, a in enumerate(board.areas)}
        areas = tuple(
            AreaFacts(a.id, a.q, a.r, a.ocean, tuple(a.bonus),
                      tuple(where[(a.q + dq, a.r + dr)] for dq, dr in HEX_STEPS
                            if (a.q + dq, a.r + dr) in where))
            for a in board.areas)
        return cls(
            symbols=symbols, symbol_names=tuple(r.name for r in faces),
            colour_of=tuple(colour_of), colours=tuple(colours),
            wild=wild.id if wild else "wild", wild_supply=(wild.supply or 0) if wild else 0,
            tracks=track_facts, tiles=tile_facts, areas=areas,
            conversions={c.id: ConversionFacts(c.id, c.name, cost(c.pay), tuple(c.effects))
                         for c in conversions},
            projects={p.id: ProjectFacts(
                p.id, p.name, p.colour, cost(p.cost), tuple(p.cost.items()),
                per_colour(p.production), tuple(p.effects),
                tuple(_action(a, cost) for a in p.actions), tuple(p.triggers), p.storage,
                p.vp, p.vp_timing == "end") for p in projects},
            corporations={c.id: CorporationFacts(c.id, c.name, tuple(c.start),
                                                 per_colour(c.production), tuple(c.triggers),
                                                 c.storage) for c in corporations},
            bonus={b.id: BonusFacts(b.id, b.name, tuple(b.effects), tuple(b.triggers), b.end)
                   for b in bonus},
            milestones={m.id: m for m in milestones}, awards={a.id: a for a in awards},
            rules=rules, symbol_index=index, colour_ids=cidx, tile_ids=kinds,
            track_ids=tindex)


def _action(a: CardAction, cost: Any) -> ActionFacts:
    return ActionFacts(a.timing, cost(a.pay), tuple(a.effects))


__all__ = ["ActionFacts", "AreaFacts", "BonusFacts", "ColourFacts", "ConversionFacts",
           "CorporationFacts", "Cost", "ProjectFacts", "TileFacts", "TrackFacts",
           "World"]
