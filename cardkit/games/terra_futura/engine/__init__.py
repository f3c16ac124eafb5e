"""Terra Futura's rules as an engine (2–5 players): eight turns of take, place and activate,
then each player's final pattern activation and scoring method.

Decisions, in the order a turn asks for them (every choice is the player's):

- ``("discard", "I"|"II")`` the row's card farthest from the deck (the row shifts and refills),
  or ``("keep",)`` — at most one discard a turn;
- ``("take", level, index)`` a face-up card (index 0 beside the deck) or ``("top", level)`` the
  deck's face-down top card (a deck runs out: its discard pile is shuffled into a new one);
- ``("place", row, col)`` one of :meth:`Territory.legal_positions`;
- the activation of the new card's row and column (the new card once): ``("activate", pos,
  option, pay_any, gain_any)`` for a pending active card and an option the player can afford
  (``pay_any``/``gain_any``: the raw materials chosen for the wildcards, sorted), or
  ``("done",)`` to skip the cards still pending. Each card activates at most once; when no
  pending card can be activated the activation ends by itself. Where more than one card could
  give a unit of the price, ``("pay", resource, pos)`` says which one does (one unit a
  decision; no decision where there is no choice). After an option with pollution, one
  ``("pollute", pos)`` per cube onto an active card (see :mod:`.activation`);
- after everyone's last placement, seat by seat in turn order: ``("pattern", k)`` the pattern of
  scoring card ``k`` (its positions activate once more, as above), then ``("method", k)`` the
  scoring method (either card's).

Setup: the starting card marked ``first`` is always dealt and its seat plays first (then seats
in increasing order, wrapping); the other starting cards are dealt at random (content without a
marked card: seat 0 begins). Ties are shared (the rules give no tie-break). Paying, storage,
the unlimited supply and pollution rulings are in :mod:`.activation`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ....core.content import GameContent
from ....sim.protocol import Action, IllegalAction, InvariantError
from . import information
from .activation import Card, Payment, Tableau, bill, pattern_positions
from .display import Level, deal
from .scoring import Breakdown, final_score
from .territory import Pos, Territory
from .world import CardFacts, World

KEEP: tuple[str] = ("keep",)
DONE: tuple[str] = ("done",)
LEVELS = ("I", "II")


@dataclass(slots=True)
class Player:
    """One seat: its tableau, its secret scoring cards and what it did."""

    tableau: Tableau
    scoring: tuple[int, ...]  # indices into world.scoring
    taken: list[str] = field(default_factory=list)
    pattern: int | None = None  # index into ``scoring``
    method: int | None = None
    pollution: int = 0  # cubes placed on its cards
    unplaced: int = 0  # cubes it could not place (no active card left)
    activations: int = 0  # card activations resolved

    def copy(self) -> Player:
        """An independent copy."""
        return Player(self.tableau.copy(), self.scoring, list(self.taken), self.pattern,
                      self.method, self.pollution, self.unplaced, self.activations)


@dataclass(slots=True)
class TerraFuturaState:
    """A game of Terra Futura in progress."""

    world: World
    rng: random.Random
    players: list[Player]
    order: list[int]  # seats in turn order
    levels: dict[str, Level]
    phase: str = "discard"  # discard, take, place, activate, pay, pollute, pattern, method, over
    turn: int = 0  # index into the turn sequence (placement turns, then the final phase)
    hand: str | None = None  # the card taken, not yet placed
    pending: list[Pos] = field(default_factory=list)
    cubes: int = 0  # pollution cubes still to place
    due: list[int] | None = None  # what the activation being paid still costs
    paying: tuple[Pos, int, tuple[int, ...]] | None = None  # its card, option and gain_any
    _turns: int = 0
    _legal: tuple[int, list[Action]] | None = None
    stamp: int = 0  # actions applied (keys the legal-action cache and bot plans)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.order[self.turn % len(self.order)]

    @property
    def me(self) -> Player:
        """The player to act."""
        return self.players[self.current_player()]

    @property
    def final(self) -> bool:
        """Whether the placement turns are over (the final phase or the end)."""
        return self.turn >= self.world.placements * len(self.order)

    def legal_actions(self) -> Sequence[Action]:
        """The decisions open to the seat to act, in a stable order."""
        if self._legal is not None and self._legal[0] == self.stamp:
            return self._legal[1]
        actions = self._actions()
        self._legal = (self.stamp, actions)
        return actions

    def _actions(self) -> list[Action]:
        phase = self.phase
        if phase == "discard":
            return [KEEP, *(("discard", lv) for lv in LEVELS if self.levels[lv].row)]
        if phase == "take":
            out: list[Action] = []
            for lv in LEVELS:
                level = self.levels[lv]
                out.extend(("take", lv, i) for i in range(len(level.row)))
                if level.deck or level.discard:
                    out.append(("top", lv))
            return out
        if phase == "place":
            return [("place", r, c) for r, c in self.me.tableau.territory.legal_positions()]
        if phase == "activate":
            return [*self.me.tableau.choices(self.world, self.pending), DONE]
        if phase == "pay":
            step = self.payment_step()
            assert step is not None
            return [("pay", step.resource, p) for p in step.sources]
        if phase == "pollute":
            return [("pollute", p) for p, _ in self.me.tableau.active_cards()]
        if phase in ("pattern", "method"):
            return [(phase, k) for k in range(len(self.me.scoring))]
        return []

    def apply(self, action: Action) -> None:
        """Play one decision (``IllegalAction`` for one not in :meth:`legal_actions`)."""
        if action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        self.stamp += 1
        self._legal = None
        kind = action[0]  # type: ignore[index]
        me = self.me
        if kind in ("keep", "discard"):
            if kind == "discard":
                self.levels[action[1]].discard_far(self.rng)  # type: ignore[index]
            self.phase = "take"
        elif kind in ("take", "top"):
            level = self.levels[action[1]]  # type: ignore[index]
            self.hand = level.take(action[2], self.rng) if kind == "take" \
                else level.take_top(self.rng)  # type: ignore[index,misc]
            me.taken.append(self.hand)
            self.phase = "place"
        elif kind == "place":
            pos = (action[1], action[2])  # type: ignore[index]
            assert self.hand is not None
            me.tableau.place(pos, self.world.cards[self.hand], len(self.world.stored))
            self.hand = None
            self._turns += 1
            self._start_activation(me.tableau.territory.activated(pos))
        elif kind == "activate":
            _, pos, k, pay_any, gain_any = action  # type: ignore[misc]
            option = me.tableau.cards[pos].facts.options[k]
            self.due, self.paying = bill(option, pay_any), (pos, k, gain_any)
            me.activations += 1
            self.pending.remove(pos)
            self._settle()
        elif kind == "pay":
            step = self.payment_step()
            assert step is not None and self.due is not None
            me.tableau.pay(step, action[2], self.due)  # type: ignore[index]
            self._settle()
        elif kind == "done":
            self._end_activation()
        elif kind == "pollute":
            me.tableau.pollute(action[1])  # type: ignore[index]
            me.pollution += 1
            self.cubes -= 1
            self._continue()
        elif kind == "pattern":
            me.pattern = action[1]  # type: ignore[index]
            cells = self.world.scoring[me.scoring[me.pattern]].pattern
            self._start_activation(pattern_positions(me.tableau.territory, cells))
        else:  # method
            me.method = action[1]  # type: ignore[index]
            self._next_turn()

    # -- the turn loop --------------------------------------------------------------------------
    def payment_step(self) -> Payment | None:
        """The next payment step of the activation being paid (``None``: all paid)."""
        assert self.paying is not None and self.due is not None
        pos, k, _ = self.paying
        tab = self.me.tableau
        return tab.payment(pos, tab.cards[pos].facts.options[k], self.due)

    def _settle(self) -> None:
        """Pay what needs no choice; at a choice ask for it (``pay``); once paid, gain, then
        the option's pollution and the rest of the activation."""
        assert self.paying is not None and self.due is not None
        tab = self.me.tableau
        while (step := self.payment_step()) is not None:
            if step.open:
                self.phase = "pay"
                return
            tab.pay(step, step.sources[0], self.due)
        pos, k, gain_any = self.paying
        option = tab.cards[pos].facts.options[k]
        tab.gain(pos, option, gain_any)
        self.due = self.paying = None
        self.cubes = option.pollution
        self._continue()

    def _start_activation(self, positions: list[Pos]) -> None:
        self.pending = list(positions)
        self.cubes = 0
        self._continue()

    def _continue(self) -> None:
        """After an activation or a cube: more cubes to place, more cards to activate, or the
        activation is over."""
        me = self.me
        if self.cubes:
            if me.tableau.active_cards():
                self.phase = "pollute"
                return
            me.unplaced += self.cubes
            self.cubes = 0
        if self.pending and me.tableau.can_activate(self.world, self.pending):
            self.phase = "activate"
            return
        self._end_activation()

    def _end_activation(self) -> None:
        self.pending = []
        if self.final:
            self.phase = "method"
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        if not self.final:
            self.phase = "discard"
        elif self.turn < (self.world.placements + 1) * len(self.order):
            self.phase = "pattern"
        else:
            self.phase = "over"

    # -- results --------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """After every player has chosen a scoring method."""
        return self.phase == "over"

    def breakdown(self, seat: int, method: int | None = None) -> Breakdown:
        """Seat ``seat``'s score with scoring card ``method`` (default: the one it chose)."""
        p = self.players[seat]
        k = p.method if method is None else method
        facts = None if k is None else self.world.scoring[p.scoring[k]]
        t = p.tableau
        return final_score(self.world, [c.held for c in t.cards.values() if c.active],
                           t.polluted(), facts)

    def scores(self) -> list[float]:
        """Points per seat (with the chosen method; none chosen yet: no method points)."""
        return [float(self.breakdown(s).total) for s in range(len(self.players))]

    def copy(self) -> TerraFuturaState:
        """An independent copy (the generator too)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return TerraFuturaState(
            self.world, clone, [p.copy() for p in self.players], self.order,
            {lv: Level(list(v.deck), list(v.row), list(v.discard))
             for lv, v in self.levels.items()},
            self.phase, self.turn, self.hand, list(self.pending), self.cubes,
            None if self.due is None else list(self.due), self.paying, self._turns, None,
            self.stamp)

    def observation(self, player: int) -> Hashable:
        """What ``player`` sees: every territory, the rows, the discard piles, the
        turn and the counters, the scores, the decks' sizes, its own scoring cards and hand,
        and of the other seats' scoring cards only those their final choices revealed
        (:func:`.information.observation`)."""
        return information.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> TerraFuturaState:
        """A copy with what ``player`` cannot see resampled from ``rng``: the order of decks I
        and II, the card another seat holds face down, the other seats' unrevealed scoring
        cards and the copy's own chance (:func:`.information.determinize`); this state is
        untouched."""
        return information.determinize(self, player, rng)

    @property
    def turns(self) -> int:
        """Cards placed so far."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``territories`` once every territory is finished and scored."""
        return "territories" if self.phase == "over" else ""

    def check_invariants(self) -> None:
        """Territories within 9 cards, every level card in one place,
        pollution and storage within the cards' limits: a cube in a centre only once the slots
        are full, and nothing on an inactive card spent (or added) since it turned inactive."""
        w = self.world
        cubes = 0
        placed: list[str] = []
        for seat, p in enumerate(self.players):
            cards = p.tableau.cards
            if len(cards) > 9 or set(cards) != set(p.tableau.territory.cells):
                raise InvariantError(f"seat {seat}: {len(cards)} cards, territory mismatch")
            for pos, c in cards.items():
                if c.slot > c.facts.slots:
                    raise InvariantError(f"seat {seat}: {c.facts.id} has {c.slot} cubes in "
                                         f"{c.facts.slots} slots")
                if c.centre and c.slot < c.facts.slots:
                    raise InvariantError(f"seat {seat}: {c.facts.id} inactive with a free slot")
                if c.centre and tuple(c.held) != c.locked:
                    raise InvariantError(f"seat {seat}: resources on inactive {c.facts.id} "
                                         f"changed: {c.locked} -> {c.held}")
                if min(c.held) < 0 or sum(c.held) > c.facts.storage:
                    raise InvariantError(f"seat {seat}: {c.facts.id} at {pos} holds {c.held}")
                cubes += c.slot + c.centre
                if c.facts.level != "start":
                    placed.append(c.facts.id)
        if cubes != sum(p.pollution for p in self.players):
            raise InvariantError(f"pollution: {cubes} cubes on cards, "
                                 f"{sum(p.pollution for p in self.players)} placed")
        where = Counter(placed + [c for lv in LEVELS for c in self.levels[lv].cards()]
                        + ([self.hand] if self.hand else []))
        expected = Counter(c.id for lv in LEVELS for c in w.levels[lv])
        if where != expected:
            raise InvariantError(f"level cards out of place: {dict(where - expected)} extra, "
                                 f"{dict(expected - where)} missing")

    def describe(self, action: Action) -> str:
        """A readable decision: card ids, positions, resource names."""
        a: Any = action
        names = self.world.stored
        if a[0] == "keep":
            return "keep both rows"
        if a[0] == "discard":
            return f"discard {self.levels[a[1]].row[-1]} from row {a[1]}"
        if a[0] == "take":
            return f"take {self.levels[a[1]].row[a[2]]} (row {a[1]} #{a[2]})"
        if a[0] == "top":
            return f"take the top card of deck {a[1]}"
        if a[0] == "place":
            return f"place {self.hand} at r{a[1]}c{a[2]}"
        if a[0] == "activate":
            card = self.me.tableau.cards[a[1]].facts.id
            wild = [f"pay {'+'.join(names[i] for i in a[3])}"] if a[3] else []
            wild += [f"gain {'+'.join(names[i] for i in a[4])}"] if a[4] else []
            return f"activate {card} option {a[2]}" + (f" ({', '.join(wild)})" if wild else "")
        if a[0] == "done":
            return "end the activation"
        if a[0] == "pay":
            return f"pay {names[a[1]]} from {self.me.tableau.cards[a[2]].facts.id}"
        if a[0] == "pollute":
            return f"pollution onto {self.me.tableau.cards[a[1]].facts.id}"
        scoring = self.world.scoring[self.me.scoring[a[1]]].id
        return f"{a[0]} of {scoring}"

    def details(self) -> dict[str, Any]:
        """Per seat: cards taken, scoring cards, pattern and method, pollution, polluted and
        inactive cards, the score breakdown, activations; and the first seat."""
        seats = []
        for seat, p in enumerate(self.players):
            ids = [self.world.scoring[k].id for k in p.scoring]
            t = p.tableau
            seats.append({
                "start": t.cards[(0, 0)].facts.id, "taken": list(p.taken), "scoring": ids,
                "pattern": None if p.pattern is None else ids[p.pattern],
                "method": None if p.method is None else ids[p.method],
                "pollution": p.pollution, "unplaced": p.unplaced, "polluted": t.polluted(),
                "inactive": t.inactive(), "breakdown": self.breakdown(seat).to_dict(),
                "activations": p.activations})
        return {"first": self.order[0], "seats": seats}


@dataclass(frozen=True, slots=True)
class TerraFuturaEngine:
    """Makes Terra Futura games from a prepared world."""

    world: World
    min_players: int = 2
    max_players: int = 5

    def new_game(self, players: int, rng: random.Random, start: Sequence[str] | None = None,
                 scoring: Sequence[Sequence[str]] | None = None) -> TerraFuturaState:
        """Deal starting cards, the two rows and the secret scoring cards.

        ``start`` (a starting card id per seat) and ``scoring`` (scoring card ids per seat) fix
        the deal instead, for tests and replays of a table.
        """
        w = self.world
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Terra Futura is for {self.min_players}-{self.max_players} players")
        if sum(len(w.levels[lv]) for lv in LEVELS) < players * w.placements:
            raise ValueError("not enough level I and II cards for every placement")
        if start is None:
            marked = [c for c in w.start if c.first]
            others = [c for c in w.start if not c.first]
            dealt = marked[:1] + rng.sample(others, players - len(marked[:1]))
            rng.shuffle(dealt)
        else:
            dealt = [w.cards[i] for i in start]
        levels = {lv: deal([c.id for c in w.levels[lv]], rng) for lv in LEVELS}
        if scoring is None:
            drawn = rng.sample(range(len(w.scoring)), players * w.scoring_dealt)
            hands = [tuple(drawn[s * w.scoring_dealt:(s + 1) * w.scoring_dealt])
                     for s in range(players)]
        else:
            index = {s.id: k for k, s in enumerate(w.scoring)}
            hands = [tuple(index[i] for i in ids) for ids in scoring]
        first = next((s for s, c in enumerate(dealt) if c.first), 0)
        seats = [Player(_tableau(c, len(w.stored)), hands[s]) for s, c in enumerate(dealt)]
        return TerraFuturaState(w, rng, seats, [(first + k) % players for k in range(players)],
                                levels)


def _tableau(start: CardFacts, width: int) -> Tableau:
    return Tableau(Territory(), {(0, 0): Card(start, [0] * width)})


def make_engine(content: GameContent) -> TerraFuturaEngine:
    """The engine for validated Terra Futura content."""
    return TerraFuturaEngine(World.from_content(content))
