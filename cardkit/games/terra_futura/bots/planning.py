"""What the Terra Futura bots plan with: the value of a tableau (:class:`Valuer`), where a cube
or a payment goes (:func:`cube_target`, :func:`payer`), the wildcard choices tried
(:func:`variants`) and the greedy resolution of one activation on a copy of a tableau
(:class:`Sim`). The package's docstring says how the greedy bot uses them."""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul
from typing import Any

from ....sim.protocol import Action
from ..engine import DONE
from ..engine.activation import Card, Payment, Tableau, affordable, bill, fits, gain_size
from ..engine.territory import Pos
from ..engine.world import CardFacts, OptionFacts, ScoringFacts, World

#: Worth of a raw material or money an active card can still convert (times the weight).
CONVERT = 0.4
#: Loss per inactive card for the greedy bot (times the weight) and for the cautious one.
IDLE = 1.5
HEAVY = 8.0
#: Extra loss per polluted card for the cautious bot.
EXTRA = 1.5
def method_specs(world: World, methods: tuple[ScoringFacts, ...]) -> tuple[Any, ...]:
    """Per scoring method, what :meth:`Valuer.of` needs: the fixed amounts, the raw amounts,
    the raw materials a set uses, the wildcards, the points and the set's size."""
    raw = world.raw
    specs = []
    for s in methods:
        need = tuple((i, n) for i, n in enumerate(s.combination) if n)
        size = s.combination_any + sum(n for _, n in need)
        if size:
            specs.append((need, tuple((i, s.combination[i]) for i in raw),
                          sum(s.combination[i] for i in raw) + s.combination_any,
                          s.combination_any, s.points, size))
    return tuple(specs)


def pays(world: World, facts: CardFacts) -> frozenset[int]:
    """The resources a card's options pay with (every raw material for a wildcard)."""
    out: set[int] = set()
    for o in facts.options:
        out.update(i for i, n in enumerate(o.pay) if n)
        if o.pay_any:
            out.update(world.raw)
    return frozenset(out)


@dataclass(slots=True)
class Valuer:
    """The value of one seat's tableau (see the module docstring), from its totals."""

    world: World
    specs: tuple[Any, ...]  # the seat's scoring methods, from :func:`method_specs`
    weight: float  # W times the share of placements still to come; 0 in the final phase
    cautious: bool
    payable: frozenset[int] = frozenset()  # resources some active card converts

    def of(self, total: list[int], polluted: int, inactive: int) -> float:
        """The value of a tableau holding ``total`` on its active cards."""
        w = self.world
        v = float(sum(map(mul, total, w.points)))
        have_raw = total[0] + total[1] + total[2] if w.raw == (0, 1, 2) else \
            sum(total[i] for i in w.raw)
        best = 0.0
        weight = self.weight
        for need, raw_combo, per_set_raw, wild, points, size in self.specs:
            # complete sets, as ScoringFacts.sets: the spare raw materials fall linearly
            k = have_raw // per_set_raw if wild else 10 ** 6
            for i, n in need:
                q = total[i] // n
                if q < k:
                    k = q
            score = float(k * points)
            if weight:
                have = 0
                for i, n in need:
                    x = total[i] - k * n
                    have += x if x < n else n
                if wild:
                    spare = 0
                    for i, n in raw_combo:
                        x = total[i] - (k + 1) * n
                        if x > 0:
                            spare += x
                    have += spare if spare < wild else wild
                score += weight * points * have / size
            if score > best:
                best = score
        v += best - w.penalty * polluted
        if weight:
            v += weight * (CONVERT * sum(total[i] for i in self.payable) - IDLE * inactive)
            if self.cautious:
                v -= HEAVY * inactive + EXTRA * polluted
        return v

    def value(self, tab: Tableau) -> float:
        """The value of ``tab``."""
        return self.of(tab.totals(), tab.polluted(), tab.inactive())

    def cube_cost(self, slot_free: bool, clean: bool, held: list[int]) -> tuple[int, float]:
        """What one more cube costs on a card, free slots first: a free slot costs the penalty
        if the card was clean; its centre also loses what lies on the card and the card."""
        w = self.world
        first = w.penalty + (EXTRA if self.cautious and self.weight else 0.0) if clean else 0.0
        if slot_free:
            return (0, first)
        lost = sum(n * p for n, p in zip(held, w.points))
        idle = self.weight * (IDLE + (HEAVY if self.cautious else 0.0))
        return (1, first + lost + idle)


def cube_target(tab: Tableau, options: list[Pos], valuer: Valuer,
                rng: random.Random | None) -> Pos:
    """The active card where a cube costs least — a free slot first (ties: the first in
    reading order, or the bot's generator)."""
    scored = []
    for pos in options:
        c = tab.cards[pos]
        scored.append((valuer.cube_cost(c.slot < c.facts.slots, not c.polluted, c.held), pos))
    low = min(v for v, _ in scored)
    best = [p for v, p in scored if v == low]
    return best[0] if rng is None or len(best) == 1 else rng.choice(best)


def variants(card: Card, option: OptionFacts, total: list[int],
             raw: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The wildcard choices the planner tries: pay from the most plentiful raw material (one
    at a time); gain all of one raw material. Empty when the option is not offered (it cannot
    be paid for, or its gain would not fit ``card`` once paid)."""
    if not affordable(total, option, raw):
        return []
    left = [total[i] - option.pay[i] for i in range(len(total))]
    pay: list[int] = []
    for _ in range(option.pay_any):
        i = max(raw, key=lambda j: (left[j], -j))
        left[i] -= 1
        pay.append(i)
    pay_any = tuple(sorted(pay))
    if not fits(card, option, bill(option, pay_any)):
        return []
    if not option.gain_any:
        return [(pay_any, ())]
    return [(pay_any, (i,) * option.gain_any) for i in raw]


def payer(tab: Tableau, step: Payment) -> Pos:
    """The card the bots pay one unit from: resources most at risk first — a card with no
    free pollution slot (a cube in its centre would lose them), then the fullest card (paying
    frees room under a storage limit), then reading order."""
    def risk(pos: Pos) -> tuple[bool, int, Pos]:
        c = tab.cards[pos]
        return (c.slot < c.facts.slots, c.room(), pos)
    return min(step.sources, key=risk)


@dataclass(slots=True)
class Sim:
    """One player's tableau, to try activations on. The tableau is shared with the game (read
    only) until the first activation is applied: then it is copied (``owned``)."""

    world: World
    tab: Tableau
    owned: bool = False

    def activate(self, pending: list[Pos], valuer: Valuer,
                 start: tuple[list[int], int, int] | None = None) -> tuple[list[Action], float]:
        """Resolve the activation of ``pending`` as the engine will — in passes, cards with only
        free options first, each card's best choice if it raises the value, until a pass
        activates nothing (a payment may free room on a card passed over) — and return the
        decisions (activations, payments, pollution, ``done`` if cards could still activate)
        and the value reached. ``start``: the tableau's totals, polluted and inactive cards, if
        known."""
        w = self.world
        tab = self.tab
        left = sorted(pending, key=lambda p: (not all(o.free for o in tab.cards[p].facts.options),
                                              p))
        total, polluted, inactive = start or (tab.totals(), tab.polluted(), tab.inactive())
        current = valuer.of(total, polluted, inactive)
        plan: list[Action] = []
        progressed = True
        while progressed and left:
            progressed = False
            for pos in list(left):
                card = tab.cards[pos]
                if not card.active:
                    continue
                best = None
                for k, option in enumerate(card.facts.options):
                    for pay_any, gain_any in variants(card, option, total, w.raw):
                        v, after = self._try(valuer, total, polluted, inactive, pos, option,
                                             pay_any, gain_any)
                        if v > current + 1e-9 and (best is None or v > best[0]):
                            best = (v, ("activate", pos, k, pay_any, gain_any), after)
                if best is None:
                    continue
                cubes = self.resolve(best[1], valuer)
                plan.append(best[1])
                plan.extend(cubes)
                tab = self.tab  # now a copy of its own
                left.remove(pos)
                progressed = True
                if any(a[0] == "pollute" for a in cubes):  # where cubes went changes the count
                    total, polluted, inactive = tab.totals(), tab.polluted(), tab.inactive()
                    current = valuer.of(total, polluted, inactive)
                else:  # without pollution the estimate is exact
                    current, total = best[0], best[2]
        if left and tab.can_activate(w, left):
            plan.append(DONE)
        return plan, current

    def _try(self, valuer: Valuer, total: list[int], polluted: int, inactive: int, pos: Pos,
             option: OptionFacts, pay_any: tuple[int, ...],
             gain_any: tuple[int, ...]) -> tuple[float, list[int]]:
        """The value and the totals after one activation, worked out from the totals
        (nothing changes; exact without pollution, an estimate with it)."""
        card = self.tab.cards[pos]
        need = bill(option, pay_any)
        new = [t - n for t, n in zip(total, need)]
        room = card.room()
        if gain_size(option) > room:  # the card pays what makes room for the gain first
            room += sum(min(n, h) for n, h in zip(need, card.held))
        for i, n in enumerate(option.gain):
            if n:
                take = min(n, room)
                new[i] += take
                room -= take
        for i in gain_any:
            if room:
                new[i] += 1
                room -= 1
        cubes = option.pollution
        if cubes:
            cards = [[c.slot < c.facts.slots, not c.polluted, c.held, c.facts.slots - c.slot]
                     for c in self.tab.cards.values() if c.active]
            costs = [valuer.cube_cost(*c[:3]) for c in cards]
            for _ in range(cubes):
                if not cards:
                    break
                j = costs.index(min(costs))
                slot_free, clean, held, free = cards[j]
                polluted += clean
                if slot_free:
                    cards[j] = [free > 1, False, held, free - 1]
                    costs[j] = valuer.cube_cost(free > 1, False, held)
                else:
                    inactive += 1
                    new = [a - b for a, b in zip(new, held)]
                    cards.pop(j)
                    costs.pop(j)
        return valuer.of(new, polluted, inactive), new

    def resolve(self, action: Action, valuer: Valuer) -> list[Action]:
        """Apply one activation and place its pollution where it costs least."""
        _, pos, k, pay_any, gain_any = action  # type: ignore[misc]
        if not self.owned:
            self.tab, self.owned = self.tab.copy(), True
        option = self.tab.cards[pos].facts.options[k]
        tab = self.tab
        out: list[Action] = tab.resolve(pos, option, pay_any, gain_any,
                                        lambda step: payer(tab, step))
        for _ in range(option.pollution):
            active = tab.active_cards()
            if not active:
                break
            target = cube_target(tab, [p for p, _ in active], valuer, None)
            tab.pollute(target)
            out.append(("pollute", target))
        return out
