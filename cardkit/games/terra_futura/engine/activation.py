"""One Terra Futura tableau and how its cards activate: paying, gaining, pollution.

The engine and the bots share this code, so a bot's look-ahead on a copied tableau resolves
exactly as the game would. Rulings (Polish rulebook, seed 001; ``shared/spec/terra_futura.md``):

- **paying** takes the amounts from the player's *active* cards — the card being activated may
  pay with what lies on it. Which card pays is a canonical rule (a simplification: the real
  player chooses): each resource is taken from the active cards in reading order, the activated
  card last;
- **gaining** puts the gain onto the activated card: fixed resources first, in ``world.stored``
  order, then the wildcard's choices in the order given. What does not fit the card's
  ``storage`` is not taken, and an empty supply gives nothing;
- **pollution**: each cube goes onto one of the player's active cards — into a free slot if the
  card has one, else into the card's centre, and the card is inactive from then on (never
  activated again, nothing on it pays, what lies on it stays but does not score). With no active
  card left, or no cube left in the supply, a cube is not placed (counted as unplaced).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from .territory import Pos, Territory
from .world import CardFacts, OptionFacts, World

#: An activation decision: ``("activate", pos, option index, pay_any, gain_any)``.
Activation = tuple[str, Pos, int, tuple[int, ...], tuple[int, ...]]


@dataclass(slots=True)
class Card:
    """A card in a territory: its facts, the resources on it (stored order), its pollution."""

    facts: CardFacts
    held: list[int]
    slot: int = 0  # cubes in its pollution slots
    centre: int = 0  # cubes in its centre (the card is inactive)
    locked: tuple[int, ...] | None = None  # what lay on it when it turned inactive

    @property
    def active(self) -> bool:
        """Whether the card still works (no cube in its centre)."""
        return self.centre == 0

    @property
    def polluted(self) -> bool:
        """Whether any cube lies on it (it costs the penalty at the end)."""
        return self.slot + self.centre > 0

    def room(self) -> int:
        """How many more resources fit on it."""
        return self.facts.storage - sum(self.held)

    def copy(self) -> Card:
        """An independent copy."""
        return Card(self.facts, self.held[:], self.slot, self.centre, self.locked)


@dataclass(slots=True)
class Tableau:
    """One player's territory: the grid and the card at each position."""

    territory: Territory
    cards: dict[Pos, Card] = field(default_factory=dict)

    def copy(self) -> Tableau:
        """An independent copy (the territory is immutable)."""
        return Tableau(self.territory, {p: c.copy() for p, c in self.cards.items()})

    def place(self, pos: Pos, facts: CardFacts, width: int) -> None:
        """Put a new card at ``pos`` (``ValueError`` where the rules forbid it)."""
        self.territory = self.territory.place(pos)
        self.cards[pos] = Card(facts, [0] * width)

    def active_cards(self) -> list[tuple[Pos, Card]]:
        """The active cards in reading order."""
        return [(p, c) for p, c in sorted(self.cards.items()) if c.active]

    def totals(self) -> list[int]:
        """The resources on active cards, summed per stored resource."""
        total = [0] * len(next(iter(self.cards.values())).held)
        for card in self.cards.values():
            if card.active:
                for i, n in enumerate(card.held):
                    total[i] += n
        return total

    def polluted(self) -> int:
        """Cards with any pollution."""
        return sum(1 for c in self.cards.values() if c.polluted)

    def inactive(self) -> int:
        """Cards switched off by a cube in their centre."""
        return sum(1 for c in self.cards.values() if not c.active)

    # -- decisions ------------------------------------------------------------------------------
    def choices(self, world: World, pending: list[Pos]) -> list[Activation]:
        """Every activation the player can afford now: each pending active card, each option,
        every distinct multiset of raw materials for the option's wildcards."""
        total = self.totals()
        out: list[Activation] = []
        for pos in pending:
            card = self.cards[pos]
            if not card.active:
                continue
            for k, option in enumerate(card.facts.options):
                if any(t < n for t, n in zip(total, option.pay)):
                    continue
                gains = list(combinations_with_replacement(world.raw, option.gain_any))
                for pay_any in combinations_with_replacement(world.raw, option.pay_any):
                    if pay_any and not _affords(total, option.pay, pay_any):
                        continue
                    out.extend(("activate", pos, k, pay_any, g) for g in gains)
        return out

    def can_activate(self, world: World, pending: list[Pos]) -> bool:
        """Whether :meth:`choices` would offer anything (cheaper than listing them)."""
        total = self.totals()
        for pos in pending:
            card = self.cards[pos]
            if card.active and any(affordable(total, o, world.raw) for o in card.facts.options):
                return True
        return False

    def resolve(self, pos: Pos, option: OptionFacts, pay_any: tuple[int, ...],
                gain_any: tuple[int, ...], supply: list[int]) -> None:
        """Pay for ``option`` (see the module rulings), then put its gain onto the card at
        ``pos``; ``supply`` is the box's pieces, updated in place. The caller has checked
        that the option is affordable."""
        need = list(option.pay)
        for i in pay_any:
            need[i] += 1
        payers = [c for p, c in self.active_cards() if p != pos] + [self.cards[pos]]
        for i, n in enumerate(need):
            for card in payers:
                if n == 0:
                    break
                take = min(n, card.held[i])
                card.held[i] -= take
                supply[i] += take
                n -= take
        card = self.cards[pos]
        room = card.room()
        for i, n in enumerate(option.gain):
            take = min(n, room, supply[i])
            card.held[i] += take
            supply[i] -= take
            room -= take
        for i in gain_any:
            if room and supply[i]:
                card.held[i] += 1
                supply[i] -= 1
                room -= 1

    def pollute(self, pos: Pos) -> None:
        """One cube onto the active card at ``pos``: a free slot, else its centre."""
        card = self.cards[pos]
        if card.slot < card.facts.slots:
            card.slot += 1
        else:
            card.centre += 1
            card.locked = tuple(card.held)


def affordable(total: list[int], option: OptionFacts, raw: tuple[int, ...]) -> bool:
    """Whether ``total`` covers the option's fixed price and, from the raw materials left, its
    wildcards."""
    if any(t < n for t, n in zip(total, option.pay)):
        return False
    return sum(total[i] - option.pay[i] for i in raw) >= option.pay_any


def _affords(total: list[int], pay: tuple[int, ...], pay_any: tuple[int, ...]) -> bool:
    need = list(pay)
    for i in pay_any:
        need[i] += 1
    return all(t >= n for t, n in zip(total, need))


def pattern_positions(territory: Territory, cells: tuple[Pos, ...]) -> list[Pos]:
    """The positions a scoring card's pattern activates (on the finished 3×3 grid; a smaller
    territory — only in hand-made test worlds with fewer placements — maps the pattern from its
    top-left card and keeps the positions that hold a card)."""
    if territory.full:
        return territory.pattern(cells)
    top, left, _, _ = territory.bounds()
    return sorted(p for p in ((top + r, left + c) for r, c in cells) if p in territory.cells)
