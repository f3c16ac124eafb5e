"""The legal actions of a Mars Dice state, in a stable order (see :mod:`.engine` for the
vocabulary): pending choices first-and-only, then the phase's actions, then free actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import hexmap
from .payment import affordable, alternatives

if TYPE_CHECKING:
    from . import Player

Action = Any
PRODUCTION: tuple[str] = ("production",)
ACTIONS: tuple[str] = ("actions",)
KEEP: tuple[str] = ("keep",)
DRAW: tuple[str] = ("draw",)
PASS: tuple[str] = ("pass",)
STOP: tuple[str] = ("stop",)
END_TURN: tuple[str] = ("end",)
#: Phases in which the seat's free actions are offered (``done``: after the main action or
#: the production, before the turn ends).
FREE_PHASES = frozenset({"choose", "return", "discard", "support", "main", "done"})


class MovesMixin:
    """Legal-action generation for :class:`.engine.MarsDiceState`."""

    __slots__ = ()
    world: Any
    seat: int
    phase: str
    pool: list[int]
    deck: list[str]
    discard: list[str]
    board: list[int]
    choice: int

    @property
    def me(self) -> Player:  # pragma: no cover - the engine defines it
        raise NotImplementedError

    def keep_limit(self, seat: int) -> int:  # pragma: no cover - the engine defines it
        raise NotImplementedError

    def _payers(self, p: Player) -> list[str]:
        """The one-resource payments a player can make: symbols held, then ``wild``."""
        out = [self.world.symbols[s] for s, n in enumerate(p.dice) if n]
        if p.wilds:
            out.append(self.world.wild)
        return out

    def _actions(self) -> list[Action]:
        w, p, phase = self.world, self.me, self.phase
        if phase == "over":
            return []
        if phase == "place":
            tile = w.tiles[self.choice].id
            return [("place", tile, w.areas[a].id)
                    for a in hexmap.legal_areas(w, self.board, self.choice)]
        if phase == "set":
            out: list[Action] = []
            for s, n in enumerate(p.dice):
                if n:
                    for t in w.colours[w.colour_of[s]].faces:
                        if t != s:
                            out.append(("set", w.symbols[s], w.symbols[t]))
            out.append(STOP)
            return out
        if phase == "corporation":
            return [("corporation", c) for c in p.dealt]
        if phase == "give":
            return [("give", s) for s in self._payers(p)]
        if phase == "choose":
            out = [PRODUCTION, ACTIONS]
        elif phase == "return":
            out = [("return", w.symbols[s]) for s, n in enumerate(p.dice) if n]
            if sum(p.dice) <= self.keep_limit(self.seat):
                out.append(KEEP)
        elif phase == "discard":
            out = [*(("discard", c) for c in p.hand), DRAW]
        elif phase == "done":
            out = [END_TURN]
        else:  # support, main
            out = self._support(p)
            if phase == "main":
                out.extend(self._main(p))
            if not out:
                out.append(PASS)
        out.extend(self._free(p))
        return out

    def _support(self, p: Player) -> list[Action]:
        w = self.world
        out: list[Action] = [("take", c.id) for c, n in zip(w.colours, self.pool) if n]
        payers = self._payers(p)
        for pay in payers:
            for s, n in enumerate(p.dice):
                if n and (n >= 2 or w.symbols[s] != pay):
                    for t in w.colours[w.colour_of[s]].faces:
                        if t != s:
                            out.append(("turn", pay, w.symbols[s], w.symbols[t]))
        if self.deck or self.discard:
            out.extend(("draw2", pay) for pay in payers)
        out.extend(self._uses(p, ("support", "main") if self.phase == "main" else ("support",)))
        return out

    def _uses(self, p: Player, timings: tuple[str, ...]) -> list[Action]:
        out: list[Action] = []
        for cid in p.played:
            card = self.world.projects[cid]
            if card.actions and cid not in p.used and cid not in p.spent:
                for k, a in enumerate(card.actions):
                    if a.timing in timings and affordable(a.pay, p.dice, p.wilds):
                        out.extend(self._paid(("free" if a.timing == "free" else "use", cid, k),
                                              a.pay, p))
        return out

    def _main(self, p: Player) -> list[Action]:
        w = self.world
        out: list[Action] = []
        for c in p.hand:
            cost = w.projects[c].cost
            if affordable(cost, p.dice, p.wilds):
                out.extend(self._paid(("play", c), cost, p))
        for conv in w.conversions.values():
            if affordable(conv.pay, p.dice, p.wilds):
                out.extend(self._paid(("convert", conv.id), conv.pay, p))
        return out

    def _paid(self, action: tuple[Any, ...], cost: Any, p: Player) -> list[Action]:
        """``action`` paid dice first, then each way of keeping dice by paying spare wild
        tokens instead (the symbols, by name, as a last element)."""
        names = self.world.symbols
        return [action, *((*action, tuple(names[i] for i in alt))
                          for alt in alternatives(cost, p.dice, p.wilds))]

    def _free(self, p: Player) -> list[Action]:
        return self._uses(p, ("free",)) if self.phase in FREE_PHASES else []
