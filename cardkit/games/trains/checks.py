"""Trains consistency checks. One function per code; docstrings give a bad and a good example."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from ...core.content import GameContent
from ...core.spec import Check, Finding, Record
from .hooks import HOOKS
from .maps import adjacency, rule_pairs, slug
from .model import Choose, Hook, LayRail, Optional_, PlaceStation, TrainsCard, TrainsMap

MAP_HEXES = 76


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within cards, maps, setups and route bonus cards.

    bad:  two cards with ``id: tunnel``
    good: ``tunnel`` and ``viaduct``
    """
    for kind in ("cards", "maps", "setups", "bonuses"):
        first: dict[str, Record[Any]] = {}
        for rec in content.of(kind):
            if rec.id in first:
                yield Finding(f"duplicate id {rec.id!r} (first at {first[rec.id].file})", rec,
                              ("id",))
            first.setdefault(rec.id, rec)


def pile_totals(content: GameContent) -> Iterator[Finding]:
    """The base set's piles add up to the box total (500 cards).

    bad:  Waste pile 60 (490 in all)
    good: Waste pile 70
    """
    for rec in content.of("setups"):
        total = sum(c.obj.pile for c in content.of("cards") if c.obj.set == "base")
        want = rec.obj.rules.box_total
        if content.of("cards") and total != want:
            yield Finding(f"base card piles add up to {total}, not {want}", rec,
                          ("rules", "box_total"))


def _card_refs(setup: Any) -> Iterator[tuple[tuple[Any, ...], str, bool]]:
    rules = setup.rules
    for i, cid in enumerate(rules.fixed_piles):
        yield ("rules", "fixed_piles", i), cid, False
    for cid in rules.start_deck:
        yield ("rules", "start_deck", cid), cid, False
    for i, cid in enumerate(setup.randomizers):
        yield ("randomizers", i), cid, True
    for p, preset in enumerate(setup.presets):
        for i, cid in enumerate(preset.cards):
            yield ("presets", p, "cards", i), cid, True


def card_references(content: GameContent) -> Iterator[Finding]:
    """Supply piles, start decks, randomizers and presets name existing cards; randomizers and
    presets name kingdom cards.

    bad:  a preset with ``stationmasters-office`` (no such card) or ``express-train`` (basic)
    good: ``stationmaster-office``
    """
    cards = content.index("cards")
    for rec in content.of("setups"):
        for path, cid, kingdom in _card_refs(rec.obj):
            card = cards.get(cid)
            if card is None and not content.exists("cards", cid):
                yield Finding(f"unknown card {cid!r}", rec, path, at="key" if path[-1] == cid
                              else "value")
            elif card is not None and kingdom and card.obj.kind != "kingdom":
                yield Finding(f"{cid!r} is a basic card, not a kingdom card", rec, path)


def preset_size(content: GameContent) -> Iterator[Finding]:
    """A preset names as many different kingdom cards as the supply has kingdom piles (8).

    bad:  a preset of 7 cards, or one naming Tunnel twice
    good: 8 different cards
    """
    for rec in content.of("setups"):
        want = rec.obj.rules.kingdom_piles
        for p, preset in enumerate(rec.obj.presets):
            if len(set(preset.cards)) != want or len(preset.cards) != want:
                yield Finding(f"preset {preset.id!r} names {len(set(preset.cards))} different "
                              f"cards; a game uses {want}", rec, ("presets", p, "cards"))


def _steps(steps: list[Any], path: tuple[Any, ...]) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    for i, step in enumerate(steps):
        yield step, path + (i,)
        if isinstance(step, Optional_):
            yield from _steps(step.steps, path + (i, "steps"))
        elif isinstance(step, Choose):
            for o, option in enumerate(step.options):
                yield from _steps(option, path + (i, "options", o))


def known_hooks(content: GameContent) -> Iterator[Finding]:
    """Every hook an effect names is one the engine knows (``hooks.py``).

    bad:  ``{do: hook, name: magic}``
    good: ``{do: hook, name: pulling}``
    """
    for rec in content.of("cards"):
        card: TrainsCard = rec.obj
        for field in ("effect", "on_buy"):
            for step, path in _steps(getattr(card, field), (field,)):
                if isinstance(step, Hook) and step.name not in HOOKS:
                    yield Finding(f"unknown hook {step.name!r}", rec, path + ("name",))


def card_shape(content: GameContent) -> Iterator[Finding]:
    """A card's numbers and steps fit its types: Trains give coins, Victory cards give VP, Rail
    cards lay a rail, Station cards place a station, only Waste cannot be bought.

    bad:  ``types: [rail]`` with no ``lay_rail`` step
    good: ``effect: [{do: lay_rail}, {do: gain_waste}]``
    """
    for rec in content.of("cards"):
        card: TrainsCard = rec.obj
        steps = [s for s, _ in _steps(card.effect, ())]
        problems = []
        if "train" in card.types and card.value == 0:
            problems.append(("value", "a Train card gives coins (value 0)"))
        if "victory" in card.types and card.vp == 0:
            problems.append(("vp", "a Victory Points card is worth VP (vp 0)"))
        if "rail" in card.types and not any(isinstance(s, LayRail) for s in steps):
            problems.append(("effect", "a Rail card lays a rail (no lay_rail step)"))
        if "station" in card.types and not any(isinstance(s, PlaceStation) for s in steps):
            problems.append(("effect", "a Station card places a station (no place_station step)"))
        if ("waste" in card.types) != (card.cost is None):
            problems.append(("cost", "only Waste has no cost" if card.cost is None
                             else "Waste cannot be bought (cost must be empty)"))
        for field, message in problems:
            yield Finding(message, rec, (field,))


def _maps(content: GameContent) -> Iterator[tuple[Record[Any], TrainsMap]]:
    for rec in content.of("maps"):
        yield rec, rec.obj


def map_layout(content: GameContent) -> Iterator[Finding]:
    """A base map has 76 hexes, ids 0-75 in reading order over 8 rows of 10 and 9 hexes.

    bad:  hex 17 at row 1, column 9 (odd rows have 9 hexes: columns 0-8)
    good: hex 17 at row 1, column 7
    """
    for rec, m in _maps(content):
        if len(m.hexes) != MAP_HEXES:
            yield Finding(f"map {m.id!r} has {len(m.hexes)} hexes, not {MAP_HEXES}", rec,
                          ("hexes",))
        expected = [(r, c) for r in range(8) for c in range(10 if r % 2 == 0 else 9)]
        for i, h in enumerate(m.hexes):
            if i < len(expected) and (h.id, h.row, h.col) != (i, *expected[i]):
                yield Finding(f"hex {h.id} at row {h.row}, column {h.col}: expected hex {i} at "
                              f"row {expected[i][0]}, column {expected[i][1]}", rec,
                              ("hexes", i))
                break


def barriers_between_neighbours(content: GameContent) -> Iterator[Finding]:
    """A barrier separates two neighbouring hexes.

    bad:  ``barriers: [[0, 75]]``
    good: ``barriers: [[12, 21]]``
    """
    for rec, m in _maps(content):
        pairs = set(rule_pairs(m))
        for i, pair in enumerate(m.barriers):
            if len(pair) != 2 or tuple(sorted(pair)) not in pairs:
                yield Finding(f"barrier {pair} is not between two neighbouring hexes", rec,
                              ("barriers", i))


def adjacency_count(content: GameContent) -> Iterator[Finding]:
    """The map's adjacency (layout minus barriers) has the declared number of pairs (Tokyo 187,
    Osaka 183) — a cross-check of the transcription.

    bad:  a barrier missing (188 pairs)
    good: 187
    """
    for rec, m in _maps(content):
        adj = adjacency(m)
        pairs = sum(len(v) for v in adj.values()) // 2
        if pairs != m.adjacent_pairs:
            yield Finding(f"map {m.id!r} has {pairs} adjacent pairs, declared "
                          f"{m.adjacent_pairs}", rec, ("adjacent_pairs",))


def station_slots(content: GameContent) -> Iterator[Finding]:
    """A map has at least as many station slots as there are station tokens, so that the
    "all stations placed" end can happen.

    bad:  24 slots for 30 tokens
    good: Tokyo 39 slots, Osaka 35
    """
    tokens = [s.obj.rules.station_tokens for s in content.of("setups")]
    if not tokens:
        return
    for rec, m in _maps(content):
        slots = sum(h.station_slots or 0 for h in m.hexes)
        if slots < tokens[0]:
            yield Finding(f"map {m.id!r} has {slots} station slots for {tokens[0]} tokens", rec,
                          ("hexes",))


def cities_reachable(content: GameContent) -> Iterator[Finding]:
    """Every city can be reached from every other over land (no sea, no barrier).

    bad:  a city whose only land neighbour is behind a barrier
    good: all cities in one land-connected area
    """
    for rec, m in _maps(content):
        adj = adjacency(m)
        land = {h.id for h in m.hexes if h.terrain != "sea"}
        cities = [h for h in m.hexes if h.terrain == "city"]
        component: dict[int, int] = {}
        for start in sorted(land):
            if start in component:
                continue
            component[start], queue = start, deque([start])
            while queue:
                for n in adj[queue.popleft()]:
                    if n in land and n not in component:
                        component[n] = start
                        queue.append(n)
        if not cities:
            continue
        sizes: dict[int, int] = {}
        for h in cities:
            sizes[component[h.id]] = sizes.get(component[h.id], 0) + 1
        main = max(sizes, key=lambda c: (sizes[c], -c))  # the area holding most cities
        for h in cities:
            if component[h.id] != main:
                index = next(i for i, x in enumerate(m.hexes) if x.id == h.id)
                yield Finding(f"city {h.name or h.id} cannot be reached over land", rec,
                              ("hexes", index))


def hex_fields(content: GameContent) -> Iterator[Finding]:
    """Cities have station slots, remote locations have VP, other hexes have neither.

    bad:  ``terrain: city`` without ``station_slots``
    good: ``{terrain: city, name: Kyoto, station_slots: 3}``
    """
    for rec, m in _maps(content):
        for i, h in enumerate(m.hexes):
            if (h.terrain == "city") != (h.station_slots is not None):
                yield Finding("a city needs station_slots; other hexes have none", rec,
                              ("hexes", i))
            if (h.terrain == "remote") != (h.vp is not None):
                yield Finding("a remote location needs vp; other hexes have none", rec,
                              ("hexes", i))


def route_cities(content: GameContent) -> Iterator[Finding]:
    """A route bonus card names a map that exists and cities on that map.

    bad:  ``map: tokyo`` with ``cities: [kyoto]``
    good: ``cities: [shinjuku-shibuya, yokohama]``
    """
    maps = content.index("maps")
    for rec in content.of("bonuses"):
        bonus = rec.obj
        m = maps.get(bonus.map)
        if m is None:
            yield Finding(f"unknown map {bonus.map!r}", rec, ("map",))
            continue
        cities = {slug(h.name) for h in m.obj.hexes if h.terrain == "city" and h.name}
        for i, city in enumerate(bonus.cities):
            if city not in cities:
                yield Finding(f"no city {city!r} on {bonus.map}", rec, ("cities", i))


def bot_cards(content: GameContent) -> Iterator[Finding]:
    """Priority bots name existing cards in their buy and play rules.

    bad:  ``{card: towr, min_coins: 8}``
    good: ``{card: tower, min_coins: 8}``
    """
    for rec in content.of("bots"):
        for i, rule in enumerate(rec.obj.buy):
            if not content.exists("cards", rule.card):
                yield Finding(f"unknown card {rule.card!r}", rec, ("buy", i, "card"))
        for i, cid in enumerate(rec.obj.play_first):
            if not content.exists("cards", cid):
                yield Finding(f"unknown card {cid!r}", rec, ("play_first", i))


def text_fits(content: GameContent) -> Iterator[Finding]:
    """A card's name and rules text fit their boxes at the minimum font size.

    bad:  a rules text of five long sentences
    good: one or two short sentences, as the text box holds
    """
    for rec in content.of("cards"):
        for key in ("name", "text"):
            value = getattr(rec.obj, key)
            message = _fit_problem(key, value) if value else None
            if message:
                yield Finding(f"en: {message}; shorten it", rec, (key,))


def _fit_problem(key: str, text: str) -> str | None:
    from .render import fits

    if fits(key, text) is False:
        return f"the {key} does not fit its box on the card even at the minimum size"
    return None


def translation_fit_problem(source: Any, text: str) -> str | None:
    """Why a translated card name or text does not fit its box (``None`` when it fits)."""
    return _fit_problem(source.key, text)


CHECKS: tuple[Check, ...] = (
    Check("TRN001", "ids are unique within a kind", duplicate_ids),
    Check("TRN002", "base piles add up to the box total", pile_totals),
    Check("TRN003", "supply, presets and randomizers name existing cards", card_references),
    Check("TRN004", "presets name as many cards as there are kingdom piles", preset_size),
    Check("TRN005", "effect hooks are known to the engine", known_hooks),
    Check("TRN006", "card numbers and steps fit the card's types", card_shape),
    Check("TRN007", "maps have 76 hexes in reading order", map_layout),
    Check("TRN008", "barriers lie between neighbouring hexes", barriers_between_neighbours),
    Check("TRN009", "adjacency has the declared number of pairs", adjacency_count),
    Check("TRN010", "station slots cover the station tokens", station_slots),
    Check("TRN011", "every city is reachable over land", cities_reachable),
    Check("TRN012", "route bonus cities exist on their map", route_cities),
    Check("TRN013", "cities have slots, remote locations VP", hex_fields),
    Check("TRN014", "priority bots name existing cards", bot_cards),
    Check("TRN015", "card names and texts fit on the card", text_fits),
)
