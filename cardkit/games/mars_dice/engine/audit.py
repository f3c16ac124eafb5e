"""Checking a Mars Dice state's invariants and the data reports read from a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....sim.protocol import InvariantError
from . import scoring

if TYPE_CHECKING:
    from . import MarsDiceState


def check(self: MarsDiceState) -> None:
    """Dice per colour and wild tokens conserved, tracks within their levels, no negative
    count, tiles conserved (board = supply − left = what players placed), every project card in
    exactly one place, bonus cards in one place each, a corporation kept at most once."""
    w = self.world
    for ci, colour in enumerate(w.colours):
        held = sum(p.dice[s] for p in self.players for s in colour.faces)
        if held + self.pool[ci] + self.award_dice[ci] != colour.count or self.pool[ci] < 0:
            raise InvariantError(f"{colour.id} dice: {held} held + {self.pool[ci]} pool + "
                                 f"{self.award_dice[ci]} awards != {colour.count}")
    wilds = sum(p.wilds for p in self.players)
    if wilds + self.wild_supply != w.wild_supply or self.wild_supply < 0:
        raise InvariantError(f"wilds: {wilds} held + {self.wild_supply} != {w.wild_supply}")
    for t, lv in zip(w.tracks, self.tracks):
        if not 0 <= lv <= t.levels:
            raise InvariantError(f"track {t.id} at level {lv} of {t.levels}")
    for seat, p in enumerate(self.players):
        if min(p.dice, default=0) < 0 or p.wilds < 0 or min(p.production, default=0) < 0:
            raise InvariantError(f"seat {seat}: a negative count {p.dice} {p.wilds}")
        for corp in (p.corporation, p.kept):
            if corp is not None and corp not in p.dealt:
                raise InvariantError(f"seat {seat}: corporation {corp} not dealt")
    for ti, tile in enumerate(w.tiles):
        placed = self.board.count(ti)
        if placed + self.tiles_left[ti] != tile.supply or self.tiles_left[ti] < 0:
            raise InvariantError(f"tile {tile.id}: {placed} placed + {self.tiles_left[ti]}"
                                 f" != {tile.supply}")
        if sum(p.tiles[ti] for p in self.players) != placed:
            raise InvariantError(f"tile {tile.id}: {placed} on the board, players placed "
                                 f"{[p.tiles[ti] for p in self.players]}")
    where = [*self.deck, *self.discard]
    for p in self.players:
        where += p.hand + p.played
    if len(where) != len(w.projects) or set(where) != set(w.projects):
        raise InvariantError(f"project cards out of place: {len(where)} placed of "
                             f"{len(w.projects)}")
    bonus = [*self.bonus_stack, *(b for p in self.players for b in p.bonus)]
    if len(bonus) != len(set(bonus)) or not set(bonus) <= set(w.bonus):
        raise InvariantError(f"bonus cards out of place: {bonus}")
    corps = [p.corporation for p in self.players if p.corporation]
    if len(corps) != len(set(corps)):
        raise InvariantError(f"a corporation kept twice: {corps}")


def details(self: MarsDiceState) -> dict[str, Any]:
    """``player_turns``, ``rounds``, ``vp_by_source``, ``corporation``, ``dealt`` (the
    corporations offered), ``played``, ``bonus`` (per seat); ``milestones`` (id -> seat),
    ``milestones_in_play``, ``awards`` (id -> the first-place seats), ``award_places`` (id ->
    seats per place), ``tracks`` (final levels), ``tiles`` (placed per kind), ``end_reason``;
    ``solo_won`` in solo."""
    w = self.world
    _, places = scoring.awards(w, self.players, self.awards)
    out: dict[str, Any] = {
        "player_turns": [p.turns for p in self.players],
        "rounds": max((p.turns for p in self.players), default=0),
        "vp_by_source": self.vp_by_source(),
        "corporation": [p.corporation for p in self.players],
        "dealt": [list(p.dealt) for p in self.players],
        "played": [list(p.played) for p in self.players],
        "bonus": [list(p.bonus) for p in self.players],
        "milestones": dict(self.claimed),
        "milestones_in_play": list(self.milestones),
        "awards": {aid: list(ranked[0]) if ranked else [] for aid, ranked in places.items()},
        "award_places": places,
        "tracks": {t.id: lv for t, lv in zip(w.tracks, self.tracks)},
        "tiles": {t.id: self.board.count(i) for i, t in enumerate(w.tiles)},
        "end_reason": self.reason,
    }
    if len(self.players) == 1:
        out["solo_won"] = self.globals_done() >= self.globals_to_end()
    return out


def vp_by_source(self: MarsDiceState, sources: tuple[str, ...]) -> list[dict[str, int]]:
    """VP per seat by ``sources``, the end VP counted as if the game ended now."""
    w = self.world
    award_vp, _ = scoring.awards(w, self.players, self.awards)
    out = []
    for seat, p in enumerate(self.players):
        end = scoring.end_vp(w, p)
        row = {k: p.sources.get(k, 0) for k in sources}
        row["cards_end"] = end["cards_end"]
        row["bonus"] += end["bonus_end"]
        row["milestones"] = end["milestones"]
        row["awards"] = award_vp[seat]
        out.append(row)
    return out
