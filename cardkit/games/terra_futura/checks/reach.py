"""Which resources a Terra Futura card set can make, and from how few cards (check TF006).

A resource is made only by an option that gains it; an option can fire once everything it pays
can be made (the "any raw material" wildcard needs one raw material that can be made; money is
a resource like any other; amounts do not matter, a card may activate again and again). The
search keeps, for each resource, the smallest set of cards found so far that makes it and
improves those sets until nothing changes: an option's set is its card plus the sets of what it
pays. Cards listed as ``free`` (the player's starting card: every territory has one) cost
nothing. Every chain found really makes its resource, and the result is the same for the same
input. It is the smallest one where an option's inputs have cheapest chains that share no
cards; where sharing would help, a smaller chain may exist, so TF006 can only err towards
calling a set too large, and then it names the cards it counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ....core.content import GameContent
from ..engine.world import World

#: A card set: card ids.
Chain = frozenset[str]
#: The wildcard as an input of a :class:`Recipe` ("pays any raw material").
ANY_RAW = "*any-raw*"


@dataclass(frozen=True, slots=True)
class Recipe:
    """One option of one card, reduced to what reachability needs."""

    card: str
    needs: frozenset[str]  # resource ids paid; ANY_RAW for the wildcard
    makes: frozenset[str]  # resource ids gained (a wildcard gain makes every raw material)
    option: int = 0  # 0-based index of the option on its card
    start: bool = False  # the card is a starting card


def _key(chain: Chain, free: frozenset[str]) -> tuple[int, tuple[str, ...]]:
    """Order of chains: fewer paid-for cards first, then by card ids (for determinism)."""
    return len(chain - free), tuple(sorted(chain))


def search(recipes: Iterable[Recipe], raw: Iterable[str],
           free: Iterable[str] = ()) -> dict[str, Chain]:
    """A cheapest chain of cards for every resource the recipes can make.

    ``raw`` are the resource ids a wildcard input may take; ``free`` card ids cost nothing.
    Resources that cannot be made are absent from the result.
    """
    todo = sorted(recipes, key=lambda r: (r.card, r.option))
    raws = tuple(sorted(raw))
    costless = frozenset(free)
    best: dict[str, Chain] = {}
    changed = True
    while changed:
        changed = False
        for recipe in todo:
            chain = frozenset({recipe.card})
            for need in sorted(recipe.needs):
                if need == ANY_RAW:
                    made = [best[r] for r in raws if r in best]
                    if not made:
                        break
                    chain |= min(made, key=lambda c: _key(c, costless))
                elif need in best:
                    chain |= best[need]
                else:
                    break
            else:
                for out in recipe.makes:
                    if out not in best or _key(chain, costless) < _key(best[out], costless):
                        best[out] = chain
                        changed = True
    return best


def content_recipes(content: GameContent) -> tuple[list[Recipe], tuple[str, ...]]:
    """The recipes of every validated territory card, and the raw-material ids.

    Pollution is not a resource and is left out of both sides, and so is an id that
    ``resources.yaml`` does not define (TF002 reports it; it is not reported twice).
    """
    kinds = {r.obj.id: r.obj.kind for r in content.of("resources")}
    raw = tuple(rid for rid, kind in kinds.items() if kind == "raw")
    recipes = []
    for rec in content.of("cards"):
        card = rec.obj
        for i, option in enumerate(card.options):
            needs = {ANY_RAW if kinds[rid] == "wild" else rid for rid in option.pay
                     if kinds.get(rid) in ("raw", "product", "money", "wild")}
            makes: set[str] = set()
            for rid in option.gain:
                kind = kinds.get(rid)
                if kind == "wild":
                    makes.update(raw)
                elif kind in ("raw", "product", "money"):
                    makes.add(rid)
            recipes.append(Recipe(card.id, frozenset(needs), frozenset(makes), i,
                                  card.level == "start"))
    return recipes, raw


def world_recipes(world: World) -> tuple[list[Recipe], tuple[str, ...]]:
    """The recipes of a compiled :class:`~.world.World`, and its raw-material ids."""
    raw = tuple(world.stored[i] for i in world.raw)
    recipes = []
    for card in world.cards.values():
        for i, option in enumerate(card.options):
            needs = {world.stored[k] for k, n in enumerate(option.pay) if n}
            needs |= {ANY_RAW} if option.pay_any else set()
            makes = {world.stored[k] for k, n in enumerate(option.gain) if n}
            makes |= set(raw) if option.gain_any else set()
            recipes.append(Recipe(card.id, frozenset(needs), frozenset(makes), i,
                                  card.level == "start"))
    return recipes, raw


def chains(source: GameContent | World, start: str | None = None) -> dict[str, list[str]]:
    """A cheapest chain (sorted card ids) for every resource a territory can make.

    With ``start``, the territory's starting card is that one (the other starting cards are
    out of reach) and costs nothing; without it, every starting card is available and free.
    """
    recipes, raw = (world_recipes(source) if isinstance(source, World)
                    else content_recipes(source))
    if start is not None:
        recipes = [r for r in recipes if not r.start or r.card == start]
    free = {r.card for r in recipes if r.start}
    return {rid: sorted(chain) for rid, chain in search(recipes, raw, free).items()}


#: Cards in a finished territory (3 x 3, facts §3.4), one of them its starting card.
TERRITORY = 9


def union(best: dict[str, Chain], needs: Iterable[str], raw: Sequence[str],
          free: Iterable[str] = ()) -> Chain | None:
    """The cards that make everything in ``needs`` together (``ANY_RAW`` takes the cheapest raw
    material), or ``None`` when something cannot be made."""
    costless = frozenset(free)
    cards: set[str] = set()
    for need in sorted(needs):
        if need == ANY_RAW:
            made = [best[r] for r in raw if r in best]
            if not made:
                return None
            cards |= min(made, key=lambda c: _key(c, costless))
        elif need in best:
            cards |= best[need]
        else:
            return None
    return frozenset(cards)


def smallest_territory(recipes: Sequence[Recipe], raw: Sequence[str],
                       needs: Iterable[str]) -> tuple[int, str | None, Chain] | None:
    """The cheapest way to make everything in ``needs`` in one territory: ``(cards besides the
    starting card, that starting card, every card used)``, trying each starting card in turn
    (a territory holds one; ``None`` when the set has none). ``None`` when no starting card
    makes it all."""
    wanted = tuple(needs)
    starts = sorted({r.card for r in recipes if r.start}) or [None]
    found = []
    for start in starts:
        usable = [r for r in recipes if not r.start or r.card == start]
        free = () if start is None else (start,)
        chain = union(search(usable, raw, free), wanted, raw, free)
        if chain is not None:
            found.append((len(chain - set(free)), start or "", chain))
    if not found:
        return None
    size, start, chain = min(found, key=lambda f: (f[0], f[1], sorted(f[2])))
    return size, start or None, chain

