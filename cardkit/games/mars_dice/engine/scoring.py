"""Measures (milestones, bonus cards' end VP), end-of-game VP and the awards.

Awards: per award symbol, count it in the costs of each player's played projects (all
colours); the most scores ``award_vp[0]``, the next ``award_vp[1]``...; tied players share the
place (all of them score it) and a tie takes the places below it (a tie for first leaves no
second); a count of 0 never wins. Solo: the first-place VP when the count is at least 1.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..model import Measure
from .world import World

if TYPE_CHECKING:
    from . import Player


def measure(world: World, p: Player, m: Measure) -> int:
    """What ``m`` counts in player ``p``'s state."""
    kind, of = m.count, m.of
    if kind == "vp":
        return p.vp
    if kind == "cards":
        if of is None:
            return len(p.played)
        projects = world.projects
        return sum(1 for c in p.played if projects[c].colour == of)
    if kind == "tiles":
        return sum(p.tiles) if of is None else p.tiles[world.tile_ids[of]] \
            if of in world.tile_ids else 0
    if kind == "production":
        return sum(p.production) if of is None else p.production[world.colour_ids[of]] \
            if of in world.colour_ids else 0
    if kind == "symbols":
        return symbols(world, p, of)
    if kind == "dice":
        if of is None:
            return sum(p.dice)
        ci = world.colour_ids.get(of, -1)
        return sum(n for s, n in enumerate(p.dice) if world.colour_of[s] == ci)
    return 0


def symbols(world: World, p: Player, of: str | None) -> int:
    """Symbols (``of`` one resource id, or all) in the costs of ``p``'s played projects."""
    total = 0
    for cid in p.played:
        for sym, n in world.projects[cid].cost_ids:
            if of is None or sym == of:
                total += n
    return total


def places(counts: list[int], vp: list[int]) -> tuple[list[int], list[list[int]]]:
    """An award's VP per seat and the seats in each place, from the symbol counts."""
    out = [0] * len(counts)
    if len(counts) == 1:
        won = [[0]] if counts[0] >= 1 and vp else []
        if won:
            out[0] = vp[0]
        return out, won
    ranked: list[list[int]] = []
    taken = 0
    for value in sorted({c for c in counts if c > 0}, reverse=True):
        if taken >= len(vp):
            break
        seats = [s for s, c in enumerate(counts) if c == value]
        ranked.append(seats)
        for s in seats:
            out[s] = vp[taken]
        taken += len(seats)
    return out, ranked


def awards(world: World, players: list[Player], ids: tuple[str, ...]
           ) -> tuple[list[int], dict[str, list[list[int]]]]:
    """Award VP per seat and, per award in play, the seats in each place."""
    total = [0] * len(players)
    result = {}
    vp = list(world.rules.award_vp)
    for aid in ids:
        symbol = world.awards[aid].symbol
        got, ranked = places([symbols(world, p, symbol) for p in players], vp)
        total = [a + b for a, b in zip(total, got)]
        result[aid] = ranked
    return total, result


def end_vp(world: World, p: Player) -> dict[str, int]:
    """End VP of one player but the awards: cards, bonus cards, milestones."""
    cards = sum(world.projects[c].vp for c in p.played if world.projects[c].vp_end)
    bonus = 0
    for bid in p.bonus:
        end = world.bonus[bid].end
        if end is not None:
            bonus += end.vp * (measure(world, p, end.per) // end.every)
    return {"cards_end": cards, "bonus_end": bonus,
            "milestones": world.rules.milestone_vp * len(p.milestones)}


def draw_awards(world: World, pool: list[int], rng: random.Random
                ) -> tuple[list[int], tuple[int, ...], tuple[str, ...]]:
    """Setup: ``award_dice`` dice of different colours leave ``pool`` (for the game) and are
    rolled; the awards whose symbols they show are in play. Returns the award dice per colour,
    the faces shown and the award ids."""
    award_dice = [0] * len(world.colours)
    faces = []
    drawn = rng.sample(range(len(world.colours)), min(world.rules.award_dice, len(world.colours)))
    for ci in sorted(drawn):
        table = world.colours[ci].table
        pool[ci] -= 1
        award_dice[ci] += 1
        faces.append(table[rng.randrange(len(table))])
    by_symbol = {a.symbol: a.id for a in world.awards.values()}
    awards = tuple(by_symbol[world.symbols[f]] for f in faces if world.symbols[f] in by_symbol)
    return award_dice, tuple(faces), awards


def globals_target(world: Any, players: int) -> int:
    """How many global tracks at their maximum end a game of ``players`` (solo: all of them,
    the solo goal)."""
    return len(world.tracks) if players == 1 else world.rules.globals_to_end
