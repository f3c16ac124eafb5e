"""The effect queue: gains, VP, tracks, tiles, triggers, bonus cards and milestones.

Every effect belongs to the seat to act (triggers answer only the owner's own doings). Effects
wait in ``state.queue`` as ``(effect, source)`` pairs, ``source`` naming where VP they give are
counted (``steps``, ``tiles``, ``cards_now``, ``conversions``, ``bonus``). What an effect causes
— a track bonus, an area bonus, a trigger, a bonus card — goes to the front of the queue, in
order, so it resolves right after the event. An effect needing a choice (a tile with a legal
area, a ``turn``) stops the queue: the state's phase becomes ``place`` or ``set`` until it is
chosen. After each effect the acting player takes the milestones they now meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import hexmap
from .payment import split
from .scoring import measure
from .world import Cost

if TYPE_CHECKING:
    from . import Player


@dataclass(frozen=True, slots=True)
class Step:
    """Internal: one raise of track ``track`` (index) by the seat to act."""

    track: int
    do: str = "step"


class EffectsMixin:
    """Effect resolution for :class:`.engine.MarsDiceState` (which holds the fields used)."""

    __slots__ = ()
    world: Any
    rng: Any
    players: list[Player]
    seat: int
    phase: str
    pool: list[int]
    wild_supply: int
    deck: list[str]
    discard: list[str]
    bonus_stack: list[str]
    milestones: tuple[str, ...]
    claimed: dict[str, int]
    tracks: list[int]
    tiles_left: list[int]
    board: list[int]
    owner: list[int]
    queue: list[tuple[Any, str]]
    choice: int
    choice_source: str

    # -- gains ----------------------------------------------------------------------------------
    def _roll(self, colour: int) -> int:
        table = self.world.colours[colour].table
        return table[self.rng.randrange(len(table))]

    def _gain_dice(self, p: Player, colour: int, count: int, face: int = -1) -> int:
        """Take up to ``count`` dice of ``colour`` from the pool, rolled or set to ``face``;
        returns how many were missing."""
        take = min(count, self.pool[colour])
        self.pool[colour] -= take
        for _ in range(take):
            p.dice[face if face >= 0 else self._roll(colour)] += 1
        return count - take

    def _gain_wild(self, p: Player, count: int) -> None:
        take = min(count, self.wild_supply)
        self.wild_supply -= take
        p.wilds += take

    def _pay(self, p: Player, cost: Cost, wild_for: tuple[str, ...] = ()) -> None:
        """Pay ``cost`` exactly: dice first, wilds for the rest, and a wild instead of a die for
        each symbol in ``wild_for`` (the caller checked it)."""
        used, wild = split(cost, p.dice, tuple(self.world.symbol_index[x] for x in wild_for))
        colour_of = self.world.colour_of
        for sym, n in used:
            p.dice[sym] -= n
            self.pool[colour_of[sym]] += n
        p.wilds -= wild
        self.wild_supply += wild

    def _pay_one(self, p: Player, symbol: str) -> None:
        """Pay one resource: a die showing ``symbol``, or a wild token."""
        if symbol == self.world.wild:
            p.wilds -= 1
            self.wild_supply += 1
        else:
            sym = self.world.symbol_index[symbol]
            p.dice[sym] -= 1
            self.pool[self.world.colour_of[sym]] += 1

    def _draw(self, p: Player, count: int) -> None:
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    return
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
            p.hand.append(self.deck.pop())

    def _produce(self, p: Player) -> None:
        """Take and roll the production; a short pool gives what is there and the wilds once."""
        short = False
        for colour, n in enumerate(p.production):
            if n and self._gain_dice(p, colour, n):
                short = True
        if short:
            self._gain_wild(p, self.world.rules.short_pool_wilds)

    def _add_vp(self, p: Player, n: int, source: str) -> None:
        """Score ``n`` track VP; the first time a threshold is reached: a bonus card."""
        p.vp += n
        p.sources[source] = p.sources.get(source, 0) + n
        thresholds = self.world.rules.vp_thresholds
        while p.reached < len(thresholds) and p.vp >= thresholds[p.reached]:
            p.reached += 1
            if self.bonus_stack:
                card = self.world.bonus[self.bonus_stack.pop()]
                p.bonus.append(card.id)
                p.triggers.extend((t, "bonus") for t in card.triggers)
                self._push(card.effects, "bonus")

    # -- the queue ------------------------------------------------------------------------------
    def _push(self, effects: Any, source: str) -> None:
        """Put effects at the front of the queue, in order."""
        if effects:
            self.queue[0:0] = [(e, source) for e in effects]

    def _fire(self, p: Player, event: str) -> None:
        """The owner's triggers on ``event`` resolve next."""
        for trigger, source in reversed(p.triggers):
            if trigger.on == event:
                self._push(trigger.effects, source)

    def _drain(self) -> None:
        """Resolve queued effects until one needs a choice or the queue is empty (then the
        state's continuation runs)."""
        p = self.players[self.seat]
        while self.queue:
            effect, source = self.queue.pop(0)
            waiting = self._resolve(p, effect, source)
            self._check_milestones()
            if waiting:
                return
        self._resume()

    def _resume(self) -> None:  # pragma: no cover - the engine defines it
        raise NotImplementedError

    def _resolve(self, p: Player, e: Any, source: str) -> bool:
        """Resolve one effect; True when it waits for a choice."""
        w = self.world
        do = e.do
        if do == "dice":
            face = w.symbol_index.get(e.face, -1) if e.face else -1
            self._gain_dice(p, w.colour_index(e.colour), e.count, face)
        elif do == "wild":
            self._gain_wild(p, e.count)
        elif do == "vp":
            self._add_vp(p, e.count, source)
        elif do == "draw":
            self._draw(p, e.count)
        elif do == "raise":
            track = w.track_index(e.track)
            self._push([Step(track)] * e.steps, source)
        elif do == "step":
            self._step(p, e.track)
        elif do == "tile":
            return self._tile(p, w.tile_index(e.tile), source)
        elif do == "turn":
            if sum(p.dice):
                self.phase = "set"
                self.choice = e.count
                return True
        elif do == "produce":
            for colour, n in e.dice.items():
                p.production[w.colour_index(colour)] += n
        return False

    def _step(self, p: Player, track: int) -> None:
        facts = self.world.tracks[track]
        if self.tracks[track] >= facts.levels:
            self._add_vp(p, facts.vp_past_maximum, "steps")
            return
        self.tracks[track] += 1
        self._add_vp(p, facts.vp_per_step, "steps")
        bonus = facts.bonuses.get(self.tracks[track])
        if bonus:
            self._push(bonus, "steps")

    def _tile(self, p: Player, tile: int, source: str) -> bool:
        """A tile effect: a pending placement, or (no legal area) no tile — but an ocean-area
        tile that cannot go down (its track at the maximum, none left, no free ocean area)
        scores its track's ``vp_past_maximum``, the VP of raising a completed parameter, and a
        land tile with a track (a greenery) still raises it, so a paid conversion is never for
        nothing."""
        w = self.world
        facts = w.tiles[tile]
        blocked = self.tiles_left[tile] <= 0 or not hexmap.legal_areas(w, self.board, tile)
        if facts.ocean and facts.track >= 0:
            track = w.tracks[facts.track]
            if blocked or self.tracks[facts.track] >= track.levels:
                self._add_vp(p, track.vp_past_maximum, "steps")
                return False
        if blocked:
            if facts.track >= 0:  # a greenery with no free land area still raises oxygen (or
                self._push([Step(facts.track)], "steps")  # +1 past its maximum), as an ocean
            return False
        self.phase = "place"
        self.choice = tile
        self.choice_source = source
        return True

    def _place(self, p: Player, tile: int, area: int) -> None:
        """Put tile ``tile`` on ``area``: its VP, then its track, the area bonus, triggers."""
        w = self.world
        facts = w.tiles[tile]
        vp = hexmap.placement_vp(w, self.board, area, facts)
        self.board[area] = tile
        self.owner[area] = self.seat
        self.tiles_left[tile] -= 1
        p.tiles[tile] += 1
        self._fire(p, facts.id)
        self._push(w.areas[area].bonus, "tiles")
        if facts.track >= 0:
            self._push([Step(facts.track)], "steps")
        if vp:
            self._add_vp(p, vp, "tiles")

    def _check_milestones(self) -> None:
        if len(self.claimed) >= len(self.milestones):
            return
        p = self.players[self.seat]
        for mid in self.milestones:
            if mid not in self.claimed:
                m = self.world.milestones[mid]
                if measure(self.world, p, m.measure) >= m.at_least:
                    self.claimed[mid] = self.seat
                    p.milestones.append(mid)
