"""Pebbles' rules as an engine (2–4 players), after cardkit's state protocol
(:mod:`cardkit.sim.protocol`).

The rules:

- Setup: the deck holds ``copies`` cards of every pebble of ``pebbles.yaml``, shuffled with the
  game's own ``random.Random``. Every player has an empty row and 0 points; seat 0 begins.
- A turn is one action of the player to act, then the next seat (clockwise) is to act:

  - ``("draw",)``: take the top card of the deck into your row. If the row already holds a
    pebble of that colour the row **busts**: all its cards, the one just drawn too, go to the
    discard pile and score nothing (a row holds at most one pebble of each colour, so at most
    four cards).
  - ``("bank",)`` (only with a card in your row): add the values of your row's cards to your
    score; the cards leave the row (to your banked pile).

- The end: when the deck is empty at the end of a turn (``end_reason`` ``"deck"``), or after
  ``round_cap`` full rounds (``"rounds"``). Cards still in a row at the end score nothing.
- Winner: the highest score; on equal scores, fewer banked rows (:meth:`PebblesState.tiebreak`);
  still equal, the win is shared.

Nothing else is random: a game replays exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardkit.core.content import GameContent
from cardkit.sim.protocol import Action, IllegalAction, InvariantError

DRAW: tuple[str] = ("draw",)
BANK: tuple[str] = ("bank",)
#: Full rounds after which a game ends when the deck has not run out (``round_cap`` option).
ROUND_CAP = 100


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of pebble card, as the engine plays it."""

    id: str
    name: str
    colour: str
    value: int


@dataclass(slots=True)
class PebblesState:
    """A game of Pebbles in progress.

    ``deck``: card ids, the top card last; ``rows``: each seat's row in drawing order;
    ``banked``: the cards each seat banked; ``discard``: the cards of busted rows; ``score``,
    ``banks`` (rows banked) and ``busts`` per seat; ``seat``: the player to act; ``rounds``:
    full rounds played.
    """

    cards: dict[str, Card]
    rng: random.Random
    deck: list[str]
    rows: list[list[str]]
    banked: list[list[str]]
    discard: list[str]
    score: list[int]
    banks: list[int]
    busts: list[int]
    played: list[int]
    full_deck: tuple[str, ...]
    round_cap: int = ROUND_CAP
    seat: int = 0
    rounds: int = 0
    reason: str = ""
    _turns: int = 0

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.seat

    def legal_actions(self) -> Sequence[Action]:
        """``("draw",)`` while the deck has a card, then ``("bank",)`` when the row holds one;
        nothing once the game is over."""
        if self.reason:
            return []
        actions: list[Action] = []
        if self.deck:
            actions.append(DRAW)
        if self.rows[self.seat]:
            actions.append(BANK)
        return actions

    def apply(self, action: Action) -> None:
        """Play one action (``IllegalAction`` for one not in :meth:`legal_actions`)."""
        if action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        row = self.rows[self.seat]
        if action == DRAW:
            card = self.deck.pop()
            if any(self.cards[c].colour == self.cards[card].colour for c in row):
                self.discard.extend(row)
                self.discard.append(card)
                row.clear()
                self.busts[self.seat] += 1
            else:
                row.append(card)
        else:
            self.score[self.seat] += sum(self.cards[c].value for c in row)
            self.banked[self.seat].extend(row)
            self.banks[self.seat] += 1
            row.clear()
        self._turns += 1
        self.played[self.seat] += 1
        self._end_turn()

    def _end_turn(self) -> None:
        if not self.deck:
            self.reason = "deck"
            return
        self.seat = (self.seat + 1) % len(self.rows)
        if self.seat == 0:
            self.rounds += 1
            if self.rounds >= self.round_cap:
                self.reason = "rounds"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.reason)

    def scores(self) -> list[float]:
        """Banked points per seat (cards left in a row never count)."""
        return [float(s) for s in self.score]

    def tiebreak(self) -> list[float]:
        """Compared when scores are equal, higher first: fewer banked rows wins."""
        return [-float(b) for b in self.banks]

    def copy(self) -> PebblesState:
        """An independent copy (the generator too)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return PebblesState(
            self.cards, clone, list(self.deck), [list(r) for r in self.rows],
            [list(b) for b in self.banked], list(self.discard), list(self.score),
            list(self.banks), list(self.busts), list(self.played), self.full_deck,
            self.round_cap, self.seat, self.rounds, self.reason, self._turns)

    @property
    def turns(self) -> int:
        """Actions applied so far (one per turn)."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``deck`` or ``rounds`` once over; ``""`` while running."""
        return self.reason

    def check_invariants(self) -> None:
        """Every card of the deck is in exactly one place (deck, a row, a banked pile, the
        discard pile); no row holds two pebbles of one colour; each score is the sum of the
        seat's banked cards; the seat to act and the counters are in range."""
        places = [*self.deck, *self.discard]
        for row, banked in zip(self.rows, self.banked, strict=True):
            places += row + banked
        if sorted(places) != sorted(self.full_deck):
            raise InvariantError(f"cards not conserved: {len(places)} in play, "
                                 f"{len(self.full_deck)} in the deck at the start")
        for seat, row in enumerate(self.rows):
            colours = [self.cards[c].colour for c in row]
            if len(set(colours)) != len(colours):
                raise InvariantError(f"seat {seat}'s row holds two pebbles of one colour: "
                                     f"{colours}")
            want = sum(self.cards[c].value for c in self.banked[seat])
            if self.score[seat] != want:
                raise InvariantError(f"seat {seat} scores {self.score[seat]}, but its banked "
                                     f"cards are worth {want}")
            if min(self.banks[seat], self.busts[seat]) < 0 or \
                    self.banks[seat] > len(self.banked[seat]):
                raise InvariantError(f"seat {seat}: bad counters (banks {self.banks[seat]}, "
                                     f"busts {self.busts[seat]})")
        if not 0 <= self.seat < len(self.rows):
            raise InvariantError(f"seat {self.seat} to act in a game of {len(self.rows)}")

    def describe(self, action: Action) -> str:
        """A readable action: what a bank scores, how many cards a draw may bust."""
        row = self.rows[self.seat]
        if action == BANK:
            points = sum(self.cards[c].value for c in row)
            return f"bank {len(row)} pebble{'s' if len(row) != 1 else ''} for {points}"
        if action == DRAW:
            return f"draw (row {len(row)}, bust risk {self.bust_risk():.0%})"
        return repr(action)

    def details(self) -> dict[str, Any]:
        """Game data for the reports: per seat the rows banked, the busts and the turns played;
        the cards left in the deck and the full rounds."""
        return {"banked_rows": list(self.banks), "busts": list(self.busts),
                "turns": list(self.played), "deck_left": len(self.deck), "rounds": self.rounds}

    # -- for bots -------------------------------------------------------------------------------
    def bust_risk(self, seat: int | None = None) -> float:
        """The chance that a draw busts ``seat``'s row (default: the seat to act): the share of
        the deck's cards whose colour the row already holds. The deck's make-up is public (every
        card seen so far was shown), only its order is not."""
        row = self.rows[self.seat if seat is None else seat]
        if not self.deck:
            return 0.0
        colours = [self.cards[c].colour for c in row]
        return sum(1 for c in self.deck if self.cards[c].colour in colours) / len(self.deck)


@dataclass(frozen=True, slots=True)
class PebblesEngine:
    """Makes Pebbles games from the content's cards."""

    cards: dict[str, Card]
    deck: tuple[str, ...]
    round_cap: int = ROUND_CAP
    min_players: int = 2
    max_players: int = 4

    def new_game(self, players: int, rng: random.Random) -> PebblesState:
        """A shuffled deck and an empty row for each of ``players`` seats; seat 0 begins."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Pebbles is for {self.min_players}-{self.max_players} players")
        deck = list(self.deck)
        rng.shuffle(deck)
        return PebblesState(
            self.cards, rng, deck, [[] for _ in range(players)], [[] for _ in range(players)],
            [], [0] * players, [0] * players, [0] * players, [0] * players, self.deck,
            self.round_cap)


def make_engine(content: GameContent, round_cap: int | str = ROUND_CAP) -> PebblesEngine:
    """The engine for validated Pebbles content (a repeated id keeps its first definition);
    ``round_cap``: the full rounds after which a game ends (``round_cap=20`` on the command
    line)."""
    if not str(round_cap).isdigit() or int(round_cap) < 1:
        raise ValueError(f"round_cap must be a whole number above 0, not {round_cap!r}")
    cards: dict[str, Card] = {}
    deck: list[str] = []
    for rec in content.of("pebbles"):
        p = rec.obj
        if p.id in cards:
            continue
        cards[p.id] = Card(p.id, p.name, p.colour, p.value)
        deck += [p.id] * p.copies
    if not deck:
        raise ValueError("the content has no pebble cards")
    return PebblesEngine(cards, tuple(deck), int(round_cap))
