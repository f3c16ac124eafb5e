"""One Terra Futura tableau and how its cards activate: paying, gaining, pollution.

The engine and the bots share this code, so a bot's look-ahead on a copied tableau resolves
exactly as the game would. Rulings (Polish rulebook, seed 001; ``shared/spec/terra_futura.md``):

- **paying** takes the amounts from the player's *active* cards ("Płacąc za efekty zabierasz z
  kart swoje zasoby") — which card gives each unit is the player's choice
  (:meth:`Tableau.payment`: a choice is asked only where it exists), the card being activated
  included;
- **gaining** puts the gain onto the activated card ("Umieść zdobyte zasoby na kartach, które je
  zapewniają"): fixed resources first, in ``world.stored`` order, then the wildcard's choices. A
  card's ``storage`` (printed "max N" on the card) bounds what lies on it: an option that pays
  is offered only when its whole gain fits once paid for (a gain that cannot be taken is not
  paid for); a free option gains what fits;
- **the box is not a limit**: the rulebook gives no rule for running out of cubes or tokens, so
  the supply of every piece is unlimited (a substitute is used);
- **pollution**: each cube goes onto one of the player's active cards, the player's choice
  ("musisz umieścić ją na jednej ze swoich kart") — into its free slot if the card has one, else
  into the card's centre, and the card is inactive from then on (never activated again, nothing
  on it pays, what lies on it stays but does not score). With no active card left a cube is not
  placed (counted as unplaced).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from .territory import Pos, Territory
from .world import CardFacts, OptionFacts, World

#: An activation decision: ``("activate", pos, option index, pay_any, gain_any)``.
Activation = tuple[str, Pos, int, tuple[int, ...], tuple[int, ...]]
#: Any decision of an activation (an activation, a payment, a cube).
Action = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment step: the resource (stored index) and the cards that may give a unit of it;
    ``whole``: every unit they hold is taken (they hold exactly what is due)."""

    resource: int
    sources: tuple[Pos, ...]
    whole: bool

    @property
    def open(self) -> bool:
        """Whether the player has a choice here (else the unit pays itself)."""
        return not self.whole and len(self.sources) > 1


#: Picks the card that pays one unit of a :class:`Payment` (one of its sources).
Chooser = Callable[[Payment], Pos]


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
        """Every activation the player can take now: each pending active card, each option it
        can pay for (and whose gain then fits, for an option that pays), every distinct
        multiset of raw materials for the option's wildcards."""
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
                    if not fits(card, option, bill(option, pay_any)):
                        continue
                    out.extend(("activate", pos, k, pay_any, g) for g in gains)
        return out

    def can_activate(self, world: World, pending: list[Pos]) -> bool:
        """Whether :meth:`choices` would offer anything (cheaper than listing them)."""
        total = self.totals()
        for pos in pending:
            card = self.cards[pos]
            if not card.active:
                continue
            for o in card.facts.options:
                if not affordable(total, o, world.raw):
                    continue
                if o.free or card.room() >= gain_size(o) or self.choices(world, [pos]):
                    return True
        return False

    def payment(self, pos: Pos, option: OptionFacts, due: list[int]) -> Payment | None:
        """The next unit of ``due`` (amounts still to pay, stored order) to pay for ``option``
        of the card at ``pos``: ``None`` when all is paid, else the resource and the active
        cards that may give it — those holding it, less any whose unit would leave the
        activated card unable to make room for the gain. ``whole`` is true when the cards
        holding it hold exactly what is due (every unit is taken, no choice)."""
        i = next((j for j, n in enumerate(due) if n), None)
        if i is None:
            return None
        holders = [p for p, c in self.active_cards() if c.held[i] and p != pos]
        own = self.cards[pos]
        if own.held[i]:
            holders.append(pos)
        if sum(self.cards[p].held[i] for p in holders) == due[i]:
            return Payment(i, tuple(holders), True)
        short = gain_size(option) - own.room()  # what the card itself must still pay
        if short > 0:
            after = due[:]
            after[i] -= 1
            cap = sum(min(n, h) for n, h in zip(after, own.held))
            holders = [p for p in holders if p == pos or cap >= short]
        return Payment(i, tuple(holders), False)

    def pay(self, step: Payment, source: Pos, due: list[int]) -> None:
        """Pay one unit of ``step``'s resource from ``source`` (all units from every holder
        when ``step.whole``); ``due`` is updated in place."""
        i = step.resource
        if step.whole:
            for p in step.sources:
                due[i] -= self.cards[p].held[i]
                self.cards[p].held[i] = 0
            return
        self.cards[source].held[i] -= 1
        due[i] -= 1

    def gain(self, pos: Pos, option: OptionFacts, gain_any: tuple[int, ...]) -> None:
        """Put ``option``'s gain onto the card at ``pos``: what fits its storage."""
        card = self.cards[pos]
        room = card.room()
        for i, n in enumerate(option.gain):
            take = min(n, room)
            card.held[i] += take
            room -= take
        for i in gain_any:
            if room:
                card.held[i] += 1
                room -= 1

    def resolve(self, pos: Pos, option: OptionFacts, pay_any: tuple[int, ...],
                gain_any: tuple[int, ...], choose: Chooser | None = None) -> list[Action]:
        """Pay for ``option`` and put its gain onto the card at ``pos``, every payment choice
        made by ``choose`` (default: the first card that may pay, in reading order, the
        activated card last); the choices made, as the engine's ``("pay", resource, pos)``
        decisions. The caller has checked that the option is offered."""
        due = bill(option, pay_any)
        made: list[Action] = []
        while (step := self.payment(pos, option, due)) is not None:
            src = step.sources[0]
            if step.open:
                src = src if choose is None else choose(step)
                made.append(("pay", step.resource, src))
            self.pay(step, src, due)
        self.gain(pos, option, gain_any)
        return made

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


def bill(option: OptionFacts, pay_any: tuple[int, ...]) -> list[int]:
    """What ``option`` costs with the wildcards paid by ``pay_any``, per stored resource."""
    due = list(option.pay)
    for i in pay_any:
        due[i] += 1
    return due


def gain_size(option: OptionFacts) -> int:
    """How many resources ``option`` gains (the wildcards included)."""
    return sum(option.gain) + option.gain_any


def fits(card: Card, option: OptionFacts, due: list[int]) -> bool:
    """Whether ``option``'s whole gain fits ``card`` once paid for (the card may pay with what
    lies on it, making room); a free option always may be taken (it gains what fits)."""
    if option.free:
        return True
    return card.room() + sum(min(n, h) for n, h in zip(due, card.held)) >= gain_size(option)


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
