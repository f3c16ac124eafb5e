"""Terra Futura content reduced to what play needs, built once per worker.

Resources a card can hold (raw materials, products, money) get fixed indices, so amounts are
tuples of counts in :attr:`World.stored` order. The "any raw material" wildcard is kept apart as
a count (``pay_any``, ``gain_any``): paying it takes any raw material, gaining it gives one of the
player's choice. Pollution is a count of cubes, never a resource. The box's pieces are not
here: the rules treat every supply as unlimited (:mod:`.activation`). The engine and the bots only
see this world.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.content import GameContent

#: Storage of a card with no limit.
UNLIMITED = 99


@dataclass(frozen=True, slots=True)
class OptionFacts:
    """One option: amounts per stored resource, wildcards apart, pollution cubes."""

    pay: tuple[int, ...]
    gain: tuple[int, ...]
    pay_any: int = 0
    gain_any: int = 0
    pollution: int = 0

    @property
    def free(self) -> bool:
        """Whether the option costs nothing."""
        return not self.pay_any and not any(self.pay)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A starting, level I or level II card as play sees it."""

    id: str
    level: str  # "start", "I" or "II"
    options: tuple[OptionFacts, ...]
    slots: int = 0
    storage: int = UNLIMITED
    first: bool = False


@dataclass(frozen=True, slots=True)
class ScoringFacts:
    """A scoring card: pattern positions on the finished 3×3 grid and its scoring method."""

    id: str
    pattern: tuple[tuple[int, int], ...]
    combination: tuple[int, ...]
    combination_any: int
    points: int

    def sets(self, held: list[int] | tuple[int, ...], raw: tuple[int, ...]) -> int:
        """Complete sets in ``held`` (counts in stored order); ``raw`` are the raw-material
        indices a wildcard in the combination may use.

        Each named amount bounds the sets; the wildcards take raw materials left after the
        named ones, so ``k`` sets need ``k × (named raw + wildcards)`` raw materials in all."""
        if not any(self.combination) and not self.combination_any:
            return 0
        bounds = [h // n for h, n in zip(held, self.combination) if n]
        if self.combination_any:
            per_set = sum(self.combination[i] for i in raw) + self.combination_any
            bounds.append(sum(held[i] for i in raw) // per_set)
        return max(0, min(bounds))


@dataclass(frozen=True, slots=True)
class World:
    """Everything a game of Terra Futura needs from the content."""

    stored: tuple[str, ...]  # resource ids a card can hold, in index order
    raw: tuple[int, ...]  # indices of the raw materials
    points: tuple[int, ...]  # points per unit, in stored order
    start: tuple[CardFacts, ...]
    levels: dict[str, tuple[CardFacts, ...]]  # "I" and "II"
    scoring: tuple[ScoringFacts, ...]
    placements: int
    face_up: int
    scoring_dealt: int
    penalty: int
    cards: dict[str, CardFacts]  # every territory card by id

    @classmethod
    def from_content(cls, content: GameContent) -> World:
        """Build the world from validated content."""
        resources = [r.obj for r in content.of("resources")]
        stored = tuple(r.id for r in resources if r.kind in ("raw", "product", "money"))
        index = {rid: i for i, rid in enumerate(stored)}
        wild = {r.id for r in resources if r.kind == "wild"}
        raw = tuple(index[r.id] for r in resources if r.kind == "raw")

        def amounts(spec: dict[str, int]) -> tuple[tuple[int, ...], int]:
            counts = [0] * len(stored)
            for rid, n in spec.items():
                if rid in index:
                    counts[index[rid]] += n
            return tuple(counts), sum(n for rid, n in spec.items() if rid in wild)

        def card(obj) -> CardFacts:  # type: ignore[no-untyped-def]
            options = []
            for o in obj.options:
                pay, pay_any = amounts(o.pay)
                gain, gain_any = amounts(o.gain)
                options.append(OptionFacts(pay, gain, pay_any, gain_any, max(0, o.pollution)))
            return CardFacts(obj.id, obj.level, tuple(options), obj.slots,
                             UNLIMITED if obj.storage is None else obj.storage, obj.first)

        cards = [card(r.obj) for r in content.of("cards")]
        scoring = []
        for rec in sorted(content.of("scoring"), key=lambda r: r.obj.number):
            s = rec.obj
            combo, combo_any = amounts(s.combination)
            cells = tuple((r, c) for r, row in enumerate(s.pattern) for c, ch in enumerate(row)
                          if ch == "X" and r < 3 and c < 3)
            scoring.append(ScoringFacts(s.id, cells, combo, combo_any, s.points))
        rules = next(iter(content.of("rules"))).obj
        return cls(
            stored=stored, raw=raw,
            points=tuple(next(r.points for r in resources if r.id == rid) for rid in stored),
            start=tuple(c for c in cards if c.level == "start"),
            levels={lv: tuple(c for c in cards if c.level == lv) for lv in ("I", "II")},
            scoring=tuple(scoring), placements=rules.placements, face_up=rules.face_up,
            scoring_dealt=rules.scoring_cards, penalty=rules.polluted_card_penalty,
            cards={c.id: c for c in cards})
