"""Terraforming Mars: The Dice Game's rules as an engine (1–4 players).

Decisions (actions are tuples of str/int, hashable, listed in a stable order):

Setup (seat 0 is the first player):

- ``("corporation", corp_id)`` each seat keeps one of the ``corporations_dealt`` (2) dealt,
  face down: the seats choose one after another but none sees another's choice (the rulebook:
  "Każdy z graczy wybiera i zachowuje po 1" — every player chooses; then "Zgodnie z ustaloną
  kolejnością gracze kładą swoje karty korporacji odkryte"). Once all have chosen they are
  revealed in turn order: each seat's ``start`` effects resolve (choices become pending
  decisions), then its production dice are taken from the pool and rolled;
- ``("give", symbol)`` the first player's penalty: ``first_player_penalty`` (1) resource (a die
  symbol held, or ``"wild"``) to the last seat; skipped in solo and when the first player holds
  nothing.

Each turn begins with ``("production",)`` or ``("actions",)``.

- Production turn: ``("return", symbol)`` puts one die back in the pool (offered while the player
  holds dice); ``("keep",)`` ends the returning, legal only when the dice held are at most the
  keep limit (``keep_dice`` + the storage of the corporation and played blue cards; wild tokens
  never count and are never returned). Then ``("discard", card_id)`` (repeatable) and
  ``("draw",)``: draw up to ``hand`` cards, take and roll the production (corporation + green
  cards + ``produce`` effects; a colour the pool cannot fill gives what is there, and the
  production gives ``short_pool_wilds`` wild once, however many dice were missing, supply
  permitting), ``production`` triggers fire, used blue cards refresh, the turn ends.
- Action turn: phase ``support`` then phase ``main``. Support actions (also legal in the main
  phase, as "a second support action"): ``("take", colour)`` a die from the pool, rolled;
  ``("turn", pay, from_symbol, to_symbol)`` pay 1 resource to turn ANOTHER die showing
  ``from_symbol`` to ``to_symbol`` (same colour, another face; paying with a ``from_symbol`` die
  needs two of them); ``("draw2", pay)`` pay 1 resource, draw ``draw_cards`` cards (legal while
  the deck or the discard pile has a card); ``("use", card_id, k)`` action ``k`` of an unused
  blue card whose timing is the phase's (support in support; support or main in main). Main
  only: ``("play", card_id)`` a hand card paying its exact cost; ``("convert", conversion_id)``.
- ``("free", card_id, k)`` an unused blue card's free action: legal at every decision of the
  player's own turn (choosing the turn, returning, discarding, support, main, and ``done``)
  while affordable; the phase stays where it was. A card used in a turn is not used again in
  that turn, not even after a production turn refreshed it ("Będzie można jej ponownie użyć
  dopiero po turze produkcji": again only *after* the production turn). Rulebook: free actions may be taken "before
  or after the support or main action, and even at the start or at the end of a production
  turn": when the main action (or the production) is resolved and a free action is open, the
  phase is ``done``, offering the free actions and ``("end",)``; with none open the turn ends.
- ``("pass",)`` only when no other action of the phase (free actions aside) is legal.
- Pending choices inside effects, resolved before anything else continues: ``("place", tile_id,
  area_id)`` for each legal area (none: the effect is skipped); ``("set", from_symbol,
  to_symbol)`` for a ``turn`` effect, up to ``count`` times, and ``("stop",)`` ends it.

Rulings (as implemented):

- Dice are rolled only when gained, with the state's own rng, faces weighted by ``sides``; a die
  keeps its face until spent or turned. A colour short in the pool gives what is there.
- Payment is exact: each cost symbol is paid with a die showing it or a wild token; by
  default dice first, wild tokens for the rest, and the player may pay a symbol it holds a
  die of with a wild instead: ``("play", card_id, wilds)``, ``("convert", id, wilds)``,
  ``("use"|"free", card_id, k, wilds)`` with ``wilds`` the symbols (sorted) whose die stays
  and a wild token pays (:mod:`.payment`); a card is playable only when affordable. Paid dice
  go back to the pool, paid wilds to the supply.
- A track step scores ``vp_per_step``; a raise at the maximum scores ``vp_past_maximum`` and
  nothing else (no bonus, no level change). A track bonus goes to the raiser when the track
  reaches its ``at`` value. An ocean (a tile of ocean areas with a track) that cannot go down —
  its track at the maximum, none left, no free ocean area — scores ``vp_past_maximum`` instead
  (the VP of raising a completed parameter); a land tile is still placed when its track is done
  (greenery at 14 %: its VP, +1 for the raise); a land tile with no legal area is ignored.
- Tile VP at placement: ``vp`` + ``vp_per_adjacent`` × adjacent tiles of that kind (any owner);
  ``not_adjacent`` is enforced; then the tile's track rises, the area's bonus effects go to the
  placer, the placer's tile triggers fire (in that order) — see :mod:`.hexmap`.
- VP thresholds: the first time a player's track VP reach a threshold they take the top bonus
  card of the face-down stack (if any left): its effects resolve at once, its triggers last, its
  ``end`` VP score at the end.
- Milestones: after every resolved action and effect the acting player takes each unclaimed
  milestone in play whose measure reaches ``at_least`` (first come, once); ``milestone_vp`` each
  at the end.
- Awards at the end (:mod:`.scoring`): per award, count its symbol in the costs of each player's
  played projects; the most scores ``award_vp[0]``, the next ``award_vp[1]``; tied players share
  the place (all score it; a tie for first leaves no second); a count of 0 never wins. Solo: the
  first-place VP when the count is ≥ 1.
- Triggers answer only the owner's own doings and resolve right after the event (before the
  rest of the effects in progress). A blue card does not trigger on its own play.
- The end: after a turn ends, if ``globals_to_end`` tracks are at their maximum and the last
  round has not begun, every player takes one last turn, starting with the next seat and ending
  with the player who triggered it. Solo: the goal is every global track at its maximum (facts
  addendum: "50 turns to complete all three global parameters"); the game ends one turn after
  that, or after ``solo_turns`` turns (``details()["solo_won"]``: all were done in time). A safety limit of
  ``turn_limit`` (400) player turns ends a stuck game (``end_reason`` ``"turn-limit"``).
- Scores: track VP (steps, tiles, immediate card VP, conversions, bonus-card gains) + end VP
  (cards, bonus cards, milestones, awards). Equal VP: the most dice in production boxes wins,
  still equal a shared win (facts addendum, citing the revised rulebook; :meth:`tiebreak`).
- Blue cards are used once between production turns, whichever action; a triggered effect does
  not use the card. Corporations without enough cards for everyone are dealt as many as there are.

Public state (read by the bots): :class:`MarsDiceState` ``world``, ``players`` (:class:`Player`),
``seat`` (to act), ``phase`` (``corporation``, ``give``, ``choose``, ``return``, ``discard``,
``support``, ``main``, ``place``, ``set``, ``over``), ``pool`` (dice per colour index),
``wild_supply``, ``deck``, ``discard``, ``bonus_stack``, ``milestones`` (ids in play),
``claimed`` (milestone id → seat), ``awards`` (ids in play), ``award_dice`` (per colour),
``award_faces`` (the symbol index each award die shows), ``stamp`` (actions applied: keys the
legal-action cache and bot plans),
``tracks`` (levels per track index), ``tiles_left``, ``board`` (tile index per area, −1 empty),
``owner`` (seat per area, −1), ``last_round`` (the triggering seat or ``None``). Dice held are
counts per symbol index of ``world.symbols`` (``state.held(seat)`` gives a dict).

This module holds the state, its protocol methods and the engine that deals a game; what a
decision does and how turns follow one another is :mod:`.turns`, legal actions
:mod:`.moves`, effect resolution :mod:`.effects`, what a seat sees and the resampling of what it
does not (``observation``, ``determinize``) :mod:`.information`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ....core.content import GameContent
from ....sim.protocol import Action, IllegalAction
from . import audit, hexmap, scoring, turns
from .describe import describe as describe_action
from .effects import EffectsMixin
from .information import InformationMixin
from .moves import ACTIONS, DRAW, KEEP, PASS, PRODUCTION, STOP, MovesMixin
from .world import World

__all__ = ["ACTIONS", "DRAW", "KEEP", "PASS", "PRODUCTION", "SOURCES", "STOP", "MarsDiceEngine",
           "MarsDiceState", "Player", "make_engine"]

#: Keys of ``details()["vp_by_source"]`` per seat.
SOURCES = ("steps", "tiles", "cards_now", "cards_end", "conversions", "bonus", "milestones",
           "awards")


@dataclass(slots=True)
class Player:
    """One seat. ``dice``: dice held per symbol index (``world.symbols``); ``wilds``: wild
    tokens; ``vp``: track VP (``sources``: by source, ``steps``/``tiles``/``cards_now``/
    ``conversions``/``bonus``); ``production``: dice per colour index rolled each production
    turn; ``played``: project ids in play order; ``used``: blue card ids used since the last
    production turn; ``spent``: blue card ids used in the turn under way; ``triggers``:
    ``(Trigger, vp source)`` of the corporation, blue cards and bonus cards; ``reached``: VP
    thresholds passed; ``tiles``: tiles placed per tile index; ``kept``: the corporation chosen
    and not yet revealed."""

    dice: list[int]
    production: list[int]
    tiles: list[int]
    wilds: int = 0
    hand: list[str] = field(default_factory=list)
    dealt: tuple[str, ...] = ()
    corporation: str | None = None
    played: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    storage: int = 0
    triggers: list[tuple[Any, str]] = field(default_factory=list)
    vp: int = 0
    sources: dict[str, int] = field(default_factory=dict)
    reached: int = 0
    bonus: list[str] = field(default_factory=list)
    milestones: list[str] = field(default_factory=list)
    turns: int = 0
    spent: set[str] = field(default_factory=set)
    kept: str | None = None

    def copy(self) -> Player:
        """An independent copy."""
        return Player(list(self.dice), list(self.production), list(self.tiles), self.wilds,
                      list(self.hand), self.dealt, self.corporation, list(self.played),
                      set(self.used), self.storage, list(self.triggers), self.vp,
                      dict(self.sources), self.reached, list(self.bonus),
                      list(self.milestones), self.turns, set(self.spent), self.kept)


@dataclass(slots=True)
class MarsDiceState(MovesMixin, EffectsMixin, InformationMixin):
    """A game of Mars Dice in progress (see the module docstring for the attributes)."""

    world: World
    rng: random.Random
    players: list[Player]
    pool: list[int]
    wild_supply: int
    deck: list[str]
    discard: list[str]
    bonus_stack: list[str]
    milestones: tuple[str, ...]
    awards: tuple[str, ...]
    award_dice: list[int]
    award_faces: tuple[int, ...]  # symbol index each award die shows
    tracks: list[int]
    tiles_left: list[int]
    board: list[int]
    owner: list[int]
    turn_limit: int = 400
    seat: int = 0
    phase: str = "corporation"
    claimed: dict[str, int] = field(default_factory=dict)
    queue: list[tuple[Any, str]] = field(default_factory=list)
    choice: int = 0  # the tile to place, or the dice still to turn
    choice_source: str = ""
    resume: str = ""  # what follows the queue: corporation, main, end, back
    back: str = ""  # the phase a free action returns to
    give_left: int = 0
    last_round: int | None = None
    reason: str = ""
    _turns: int = 0
    stamp: int = 0
    _legal: tuple[int, list[Action]] | None = None

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.seat

    @property
    def me(self) -> Player:
        """The player to act."""
        return self.players[self.seat]

    def held(self, seat: int) -> dict[str, int]:
        """Dice a seat holds by symbol id, and ``wild`` tokens."""
        p = self.players[seat]
        out = {self.world.symbols[s]: n for s, n in enumerate(p.dice) if n}
        if p.wilds:
            out[self.world.wild] = p.wilds
        return out

    def keep_limit(self, seat: int) -> int:
        """Dice a seat may keep on a production turn."""
        return self.world.rules.keep_dice + self.players[seat].storage

    def legal_actions(self) -> Sequence[Action]:
        """The decisions open to the seat to act, in a stable order."""
        if self._legal is not None and self._legal[0] == self.stamp:
            return self._legal[1]
        actions = self._actions()
        self._legal = (self.stamp, actions)
        return actions

    def apply(self, action: Action) -> None:
        """Play one decision (``IllegalAction`` for one not in :meth:`legal_actions`)."""
        if action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        self.stamp += 1
        self._legal = None
        self._turns += 1
        turns.play(self, action)

    def _resume(self) -> None:
        """The effect queue is empty: the turn flow goes on (:func:`.turns.resume`)."""
        turns.resume(self)

    def globals_done(self) -> int:
        """Tracks at their maximum."""
        return sum(1 for t, lv in zip(self.world.tracks, self.tracks) if lv >= t.levels)

    def globals_to_end(self) -> int:
        """Tracks at their maximum that end the game: ``rules.globals_to_end``; solo, every
        track (the solo goal is all three global parameters within ``solo_turns``)."""
        return scoring.globals_target(self.world, len(self.players))

    def tiebreak(self) -> list[float]:
        """Equal VP: the most dice in production boxes wins (still equal: a shared win)."""
        return [float(sum(p.production)) for p in self.players]

    def winners(self) -> list[int]:
        """Who won the finished game: the most VP, then the tiebreak (still equal, all of
        them); solo, the lone player only when every global parameter was done in time — a
        lost solo game is lost, whatever its VP ("failing gives no final score", facts)."""
        if len(self.players) == 1:
            return [0] if self.globals_done() >= self.globals_to_end() else []
        keys = list(zip(self.scores(), self.tiebreak(), strict=True))
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    # -- results --------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == "over"

    def vp_by_source(self) -> list[dict[str, int]]:
        """VP per seat by source (:data:`SOURCES`), the end VP counted as if the game ended."""
        return audit.vp_by_source(self, SOURCES)

    def scores(self) -> list[float]:
        """VP per seat: track VP + end VP (cards, bonus cards, milestones, awards)."""
        return [float(sum(row.values())) for row in self.vp_by_source()]

    def copy(self) -> MarsDiceState:
        """An independent copy (the generator too)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return MarsDiceState(
            self.world, clone, [p.copy() for p in self.players], list(self.pool),
            self.wild_supply, list(self.deck), list(self.discard), list(self.bonus_stack),
            self.milestones, self.awards, list(self.award_dice), self.award_faces,
            list(self.tracks), list(self.tiles_left), list(self.board), list(self.owner),
            self.turn_limit, self.seat, self.phase, dict(self.claimed), list(self.queue),
            self.choice, self.choice_source, self.resume, self.back, self.give_left,
            self.last_round, self.reason, self._turns, self.stamp, None)

    @property
    def turns(self) -> int:
        """Actions applied so far."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``globals``, ``solo-turns`` or ``turn-limit`` once over; ``""`` while running."""
        return self.reason

    def check_invariants(self) -> None:
        """Dice per colour and wild tokens conserved, tracks within their levels, no negative
        count, tiles conserved, every project card in exactly one place, a corporation each
        (:func:`.audit.check`)."""
        audit.check(self)

    def describe(self, action: Action) -> str:
        """A readable decision: names of cards, dice and what a payment takes."""
        return describe_action(self, action)

    def details(self) -> dict[str, Any]:
        """Game data for the reports (:func:`.audit.details`)."""
        return audit.details(self)


@dataclass(frozen=True, slots=True)
class MarsDiceEngine:
    """Makes Mars Dice games from a prepared world."""

    world: World
    min_players: int = 1
    max_players: int = 4
    turn_limit: int = 400

    def new_game(self, players: int, rng: random.Random,
                 corporations: Sequence[Sequence[str]] | None = None) -> MarsDiceState:
        """Deal hands, corporations (``corporations``: the ids dealt per seat, for tests), the
        bonus stack, the milestones and the award dice; then seat 0 keeps a corporation."""
        w = self.world
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Mars Dice is for {self.min_players}-{self.max_players} players")
        rules = w.rules
        deck = list(w.projects)
        rng.shuffle(deck)
        seats = []
        for _ in range(players):
            hand = [deck.pop() for _ in range(min(rules.hand, len(deck)))]
            seats.append(Player([0] * len(w.symbols), [0] * len(w.colours),
                                [0] * len(w.tiles), hand=hand))
        if corporations is None:
            corps = list(w.corporations)
            rng.shuffle(corps)
            per = min(rules.corporations_dealt, len(corps) // players)
            for s, p in enumerate(seats):
                p.dealt = tuple(corps[s * per:(s + 1) * per])
        else:
            for p, ids in zip(seats, corporations):
                p.dealt = tuple(ids)
        bonus = list(w.bonus)
        rng.shuffle(bonus)
        milestones = list(w.milestones)
        rng.shuffle(milestones)
        pool = [c.count for c in w.colours]
        award_dice, faces, awards = scoring.draw_awards(w, pool, rng)
        state = MarsDiceState(
            w, rng, seats, pool, w.wild_supply, deck, [], bonus[:w.bonus_deal(players)],
            tuple(milestones[:rules.milestones_in_play]), awards, award_dice, tuple(faces),
            [0] * len(w.tracks), [t.supply for t in w.tiles], [hexmap.EMPTY] * len(w.areas),
            [-1] * len(w.areas), self.turn_limit, seat=-1)
        turns.next_setup(state)
        return state


def make_engine(content: GameContent, turn_limit: int | str = 400) -> MarsDiceEngine:
    """The engine for validated Mars Dice content; ``turn_limit``: the player turns after which
    a stuck game ends (``turn_limit=200`` on the command line)."""
    if not str(turn_limit).isdigit() or int(turn_limit) < 1:
        raise ValueError(f"turn_limit must be a whole number above 0, not {turn_limit!r}")
    limit = int(turn_limit)
    return MarsDiceEngine(World.from_content(content), turn_limit=limit)
