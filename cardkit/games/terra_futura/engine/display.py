"""The Terra Futura card display: one row of 4 face-up cards beside each level's deck.

From the Polish rulebook (seed 001, "Rozgrywka"):

- at the start of a turn a player may discard the card of one row **farthest from the deck**;
  the other cards move one place away from the deck and a new card is turned up beside it;
- the player then takes any face-up card, or the face-down top card of deck I or II; the cards
  of the row the card came from move away from the deck to close the gap and the row is
  refilled beside the deck (taking a deck's top card leaves its row as it is);
- when a deck runs out, that level's discard pile is shuffled into a new deck.

A row is a list, index 0 next to the deck. All chance comes from the generator passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

FACE_UP = 4


@dataclass(slots=True)
class Level:
    """One level's deck (top card last), its face-up row and its discard pile."""

    deck: list[str]
    row: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def draw(self, rng: random.Random) -> str | None:
        """The deck's top card, after shuffling the discard pile into an empty deck; ``None``
        when both are empty."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def refill(self, rng: random.Random) -> None:
        """Turn up cards beside the deck until the row holds 4 (or nothing is left)."""
        while len(self.row) < FACE_UP:
            card = self.draw(rng)
            if card is None:
                return
            self.row.insert(0, card)

    def discard_far(self, rng: random.Random) -> str:
        """Discard the card farthest from the deck, shift the row and refill it."""
        if not self.row:
            raise ValueError("the row is empty")
        card = self.row.pop()
        self.discard.append(card)
        self.refill(rng)
        return card

    def take(self, index: int, rng: random.Random) -> str:
        """Take face-up card ``index`` (0 beside the deck); the row closes up and refills."""
        if not 0 <= index < len(self.row):
            raise ValueError(f"no face-up card at {index}")
        card = self.row.pop(index)
        self.refill(rng)
        return card

    def take_top(self, rng: random.Random) -> str:
        """Take the deck's face-down top card (the row stays as it is)."""
        card = self.draw(rng)
        if card is None:
            raise ValueError("the deck and its discard pile are empty")
        return card

    def cards(self) -> list[str]:
        """Every card of the level, wherever it is (for conservation checks)."""
        return [*self.deck, *self.row, *self.discard]


def deal(cards: list[str], rng: random.Random) -> Level:
    """A shuffled deck of ``cards`` with its row of 4 turned up."""
    deck = list(cards)
    rng.shuffle(deck)
    level = Level(deck)
    level.refill(rng)
    return level
