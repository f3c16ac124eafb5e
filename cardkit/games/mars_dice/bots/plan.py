"""The Mars Dice bots' look at their targets: the main actions that spend dice, how the seat's
dice stand against them, and what one support action would change (see :mod:`.bots`).

A **target** is a hand card, a standard conversion or an unused blue card's main action, with its
gain (:class:`.bot_values.Valuer`) and a plain cost. With a set of dice a target is *affordable*
(its net value: the gain less the dice and wilds it spends) or *short* by some symbols; its
*potential* is its gain less the plain cost, times :data:`.bot_values.SHORT` per missing symbol.
A support action's outcomes are the dice it leaves (a die taken: one outcome per face, weighted
by its sides) and its own value; only the support actions that can matter are weighed
(:func:`pruned`).
"""

from __future__ import annotations

from typing import Any

from ....sim.protocol import Action
from .values import SHORT, Valuer
from ..engine.payment import affordable, split

#: Weight of the progress toward short targets in support decisions.
PROGRESS = 0.5


class Plan:
    """The targets of one decision and how the seat's dice stand against them."""

    __slots__ = ("base", "second", "short", "syms", "targets", "useful", "v")

    def __init__(self, v: Valuer) -> None:
        self.v = v
        s, w, p = v.state, v.world, v.p
        targets: list[tuple[Action, Any, float, float]] = []
        for cid in p.hand:
            card = w.projects[cid]
            targets.append((("play", cid), card.cost, v.project(card), v.plain_cost(card.cost)))
        for conv in w.conversions.values():
            targets.append((("convert", conv.id), conv.pay, v.conversion(conv.effects),
                            v.plain_cost(conv.pay)))
        for cid in p.played:
            card = w.projects[cid]
            if card.actions and cid not in p.used:
                for k, a in enumerate(card.actions):
                    if a.timing == "main":
                        targets.append((("use", cid, k), a.pay, v.conversion(a.effects),
                                        v.plain_cost(a.pay)))
        self.targets = targets
        #: A second support action: the best die to take (when the pool has one).
        self.second = max((ev for ev, n in zip(v.colour_ev, s.pool) if n), default=0.0)
        self.short = [SHORT ** k for k in range(12)]
        # what :meth:`stand` weighs: a target with no potential that could never beat a second
        # support action, even paid with the cheapest dice, never counts
        low = min(v.sv, default=0.0)
        self.useful = [t for t in targets if t[2] > t[3] or
                       t[2] - low * sum(n for _, n in t[1]) > self.second]
        self.syms = [frozenset(sym for sym, _ in t[1]) for t in self.useful]
        self.base: list[tuple[int, float]] | None = None

    @staticmethod
    def _need(cost: Any, dice: list[int], sv: list[float]) -> tuple[int, float]:
        """Symbols the dice miss for ``cost`` and the value of the dice it would take."""
        need = 0
        spent = 0.0
        for sym, n in cost:
            have = dice[sym] if sym >= 0 else 0
            if have >= n:
                spent += sv[sym] * n
            else:
                need += n - have
                if have:
                    spent += sv[sym] * have
        return need, spent

    def stand(self, dice: list[int], wilds: int, changed: set[int] | None = None
              ) -> tuple[float, Action | None, float]:
        """``(best net, its action, best potential)`` of the targets with these dice: an
        affordable target's net is its gain less the dice and wilds it spends; a target's
        potential is its gain less a plain cost, times ``SHORT`` per missing symbol. Only the
        targets naming a symbol whose count differs from the seat's own dice (``changed``,
        worked out when not given) are worked out again."""
        v = self.v
        sv, wild_v, short = v.sv, v.wild_v, self.short
        if self.base is None:
            self.base = [self._need(t[1], v.p.dice, sv) for t in self.useful]
        if changed is None:
            changed = {i for i, (a, b) in enumerate(zip(dice, v.p.dice)) if a != b}
        best, action, pot = -1e9, None, 0.0
        for (act, cost, gain, plain), syms, base in zip(self.useful, self.syms, self.base):
            need, spent = self._need(cost, dice, sv) if changed and not syms.isdisjoint(
                changed) else base
            if need <= wilds:
                net = gain - spent - need * wild_v
                if net > best:
                    best, action = net, act
                q = gain - plain
            else:
                miss = need - wilds
                q = (gain - plain) * (short[miss] if miss < 12 else 0.0)
            if q > pot:  # noqa: PLR1730 - max() is slower in this hot loop
                pot = q
        return best, action, pot

    def main_value(self, dice: list[int], wilds: int, changed: set[int] | None = None
                   ) -> float:
        """What the main action can do with these dice: the best affordable target, or a
        second support action and the progress toward the nearest target."""
        best, _, pot = self.stand(dice, wilds, changed)
        return max(best, self.second + PROGRESS * pot)

    def progress(self, dice: list[int], wilds: int, changed: set[int] | None = None) -> float:
        """The potential of the targets with these dice (weighted)."""
        return PROGRESS * self.stand(dice, wilds, changed)[2]


def after_support(v: Valuer, action: Any) -> list[tuple[float, list[int], int, float]]:
    """A support action's outcomes: ``(probability, dice, wilds, own value)`` each (a die taken
    counts over its faces); empty for an action that is not a support action."""
    w, p = v.world, v.p
    kind = action[0]
    if kind == "take":
        colour = w.colours[w.colour_ids[action[1]]]
        out = []
        for face, sides in zip(colour.faces, colour.weights):
            dice = list(p.dice)
            dice[face] += 1
            out.append((sides / len(colour.table), dice, p.wilds, v.sv[face]))
        return out
    if kind in ("turn", "draw2"):
        dice, wilds = list(p.dice), p.wilds
        if action[1] == w.wild:
            wilds -= 1
            own = -v.wild_v
        else:
            dice[w.symbol_index[action[1]]] -= 1
            own = -v.sv[w.symbol_index[action[1]]]
        if kind == "turn":
            a, b = w.symbol_index[action[2]], w.symbol_index[action[3]]
            dice[a] -= 1
            dice[b] += 1
            own += v.sv[b] - v.sv[a]
        else:
            own += w.rules.draw_cards * v.card_v
        return [(1.0, dice, wilds, own)]
    if kind == "use":
        act = w.projects[action[1]].actions[action[2]]
        if act.timing != "support":
            return []
        dice, wilds = paid(v, act.pay)
        return [(1.0, dice, wilds, v.effects(act.effects) - v.spent(act.pay, p.dice))]
    return []


def support_actions(v: Valuer) -> list[Action]:
    """The support actions the seat would have in an action turn begun now (the engine's
    vocabulary and order)."""
    s, w, p = v.state, v.world, v.p
    out: list[Action] = [("take", c.id) for c, n in zip(w.colours, s.pool) if n]
    payers = [w.symbols[i] for i, n in enumerate(p.dice) if n] + ([w.wild] if p.wilds else [])
    for pay in payers:
        for i, n in enumerate(p.dice):
            if n and (n >= 2 or w.symbols[i] != pay):
                out.extend(("turn", pay, w.symbols[i], w.symbols[t])
                           for t in w.colours[w.colour_of[i]].faces if t != i)
    if s.deck or s.discard:
        out.extend(("draw2", pay) for pay in payers)
    for cid in p.played:
        card = w.projects[cid]
        if card.actions and cid not in p.used:
            out.extend(("use", cid, k) for k, a in enumerate(card.actions)
                       if a.timing == "support" and affordable(a.pay, p.dice, p.wilds))
    return out


def paid(v: Valuer, cost: Any) -> tuple[list[int], int]:
    """The seat's dice and wilds after paying ``cost`` (dice first)."""
    used, wild = split(cost, v.p.dice)
    dice = list(v.p.dice)
    for s, n in used:
        dice[s] -= n
    return dice, v.p.wilds - wild


def wanted(plan: Plan, v: Valuer, most: int = 2) -> set[int]:
    """Symbols missed by the targets at most ``most`` symbols short (what a turned die should
    show)."""
    p = v.p
    dice, wilds = p.dice, p.wilds
    out: set[int] = set()
    for _, cost, _, _ in plan.targets:
        short = [s for s, n in cost if s >= 0 and dice[s] < n]
        if short and v.missing(cost, dice, wilds) <= most:
            out.update(short)
    return out


def pruned(v: Valuer, plan: Plan, legal: Any) -> set[Action]:
    """The support actions worth weighing: every take and blue support action; the turns to a
    symbol a target misses, paid with one of the three cheapest resources; the paid draw with
    the cheapest."""
    want = wanted(plan, v)
    w = v.world
    payers = sorted({a[1] for a in legal if a[0] in ("turn", "draw2")},
                    key=lambda s: (v.wild_v if s == w.wild else v.sv[w.symbol_index[s]], s))[:3]
    out = set()
    for a in legal:
        kind = a[0]
        if kind == "turn":
            if a[1] in payers and w.symbol_index[a[3]] in want:
                out.add(a)
        elif kind == "draw2":
            if a[1] == payers[0]:
                out.add(a)
        elif kind in ("take", "use"):
            out.add(a)
    return out
