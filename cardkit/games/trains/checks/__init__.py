"""Trains consistency checks. One function per code; docstrings give a bad and a good example.

The checks of the cards, setups and bots are here; those of the map boards are in
``map_checks.py``, those of a map's numbers and the route bonus cards in ``route_checks.py``.
All are registered in :data:`CHECKS`."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.diagnostics import CodeInfo, Severity
from ....core.spec import Check, Finding, Record
from ....core.spec import duplicate_ids as unique_ids
from ....core.suggest import did_you_mean
from ..engine import unplayable
from ..terms import HOOKS
from .dominance import not_dominated
from .maps import (adjacency_count, barriers_between_neighbours, cities_reachable,
                         hex_fields, map_layout)
from ..model import Choose, Hook, LayRail, Optional_, PlaceStation, TrainsCard, TrashSelf
from .routes import map_numbers, route_bonus_count, route_cities, station_slots


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within cards, maps, setups and route bonus cards; the message names the
    line of the first definition.

    Bad:
        - {id: tunnel, name: Tunnel}
        - {id: tunnel, name: Viaduct}

    Good:
        - {id: tunnel, name: Tunnel}
        - {id: viaduct, name: Viaduct}
    """
    yield from unique_ids(content, ("cards", "maps", "setups", "bonuses"))


def box_cards(content: GameContent, setup: Any) -> tuple[str, list[str]]:
    """The set a setup's box is (the set named like the setup, else its first set) and the card
    kinds in that box: every card of the set, and the cards of other sets its fixed piles and
    start deck use (a standalone box brings its own basics: Rising Sun's Normal Trains, Lay
    Rails, Waste...)."""
    own = setup.id if setup.id in setup.sets else setup.sets[0]
    cards = content.index("cards")
    inside = [cid for cid, rec in cards.items() if rec.obj.set == own]
    used = [*setup.rules.fixed_piles, *setup.rules.start_deck]
    inside += [cid for cid in dict.fromkeys(used) if cid in cards and cards[cid].obj.set != own]
    return own, inside


def pile_totals(content: GameContent) -> Iterator[Finding]:
    """Each setup's box adds up to its ``box_total`` (base: 500 cards; Rising Sun: 490). The
    box of a setup holds the cards of its own set (the set named like the setup, else its first
    set) and the cards of other sets its fixed piles and start deck use, one pile each (Rising
    Sun, a standalone box, brings its own Normal Trains, Lay Rails, Station Expansions, Express
    Trains and Waste).

    Bad:
        # the other base piles add up to 430
        - {id: waste, set: base, pile: 60}

    Good:
        - {id: waste, set: base, pile: 70}
    """
    if not content.of("cards"):
        return
    cards = content.index("cards")
    for rec in content.of("setups"):
        own, inside = box_cards(content, rec.obj)
        total = sum(cards[cid].obj.pile for cid in inside)
        want = rec.obj.rules.box_total
        if total != want:
            others = [cid for cid in inside if cards[cid].obj.set != own]
            extra = f" and {', '.join(others)}" if others else ""
            yield Finding(f"setup {rec.id!r}: the piles of its box (the {own} cards{extra}) add "
                          f"up to {total}, not {want}", rec, ("rules", "box_total"))


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
    """Supply piles, start decks, randomizers and presets of every setup name existing cards of
    the setup's ``sets``; randomizers and presets name kingdom cards; a preset's ``map`` names
    a map (the engine plays the preset there). A near miss gets a "did you mean".

    Bad:
        presets:
          - id: beginner-tokyo
            cards: [stationmasters-office, express-train]

    Good:
        presets:
          - id: beginner-tokyo
            cards: [stationmaster-office, tunnel]
    """
    cards = content.index("cards")
    for rec in content.of("setups"):
        for path, cid, kingdom in _card_refs(rec.obj):
            card = cards.get(cid)
            if card is None and not content.exists("cards", cid):
                yield Finding(f"unknown card {cid!r}{did_you_mean(cid, _ids(content, 'cards'))}",
                              rec, path, at="key" if path[-1] == cid else "value")
            elif card is not None and card.obj.set not in rec.obj.sets:
                yield Finding(f"{cid!r} is a {card.obj.set} card; setup {rec.id!r} uses the "
                              f"sets {', '.join(rec.obj.sets)}", rec, path,
                              at="key" if path[-1] == cid else "value")
            elif card is not None and kingdom and card.obj.kind != "kingdom":
                yield Finding(f"{cid!r} is a basic card, not a kingdom card", rec, path)
        for p, preset in enumerate(rec.obj.presets):
            if preset.map is not None and not content.exists("maps", preset.map):
                yield Finding(f"unknown map {preset.map!r}"
                              f"{did_you_mean(preset.map, _ids(content, 'maps'))}", rec,
                              ("presets", p, "map"))


def preset_size(content: GameContent) -> Iterator[Finding]:
    """A preset names as many different kingdom cards as its setup's supply has kingdom piles
    (8), in every setup.

    Bad:
        cards: [tunnel, tunnel, viaduct, garage, pulling, signals, landfill, ironworks]

    Good:
        cards: [tunnel, viaduct, garage, pulling, signals, landfill, ironworks, dump-site]
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


#: The step lists of each kind of record: a card's play effect and its buy steps, a route bonus
#: card's one-shot ability. Every check of steps walks them through :func:`step_lists`.
STEP_FIELDS: dict[str, tuple[str, ...]] = {"cards": ("effect", "on_buy"), "bonuses": ("effect",)}


def step_lists(content: GameContent) -> Iterator[tuple[Record[Any], str, list[Any]]]:
    """``(record, field, steps)`` for every step list of the content (see ``STEP_FIELDS``)."""
    for kind, fields in STEP_FIELDS.items():
        for rec in content.of(kind):
            for field in fields:
                yield rec, field, getattr(rec.obj, field)


def all_steps(content: GameContent) -> Iterator[tuple[Record[Any], Any, tuple[Any, ...]]]:
    """``(record, step, path)`` for every step, nested ones included, of every step list."""
    for rec, field, steps in step_lists(content):
        for step, path in _steps(steps, (field,)):
            yield rec, step, path


def known_hooks(content: GameContent) -> Iterator[Finding]:
    """Every hook a step names (cards' effects and buy steps, route bonus abilities) is one the
    engine knows (``hooks.py``); a near miss gets a "did you mean".

    Bad:
        effect:
          - {do: hook, name: magic}

    Good:
        effect:
          - {do: hook, name: pulling}
    """
    for rec, step, path in all_steps(content):
        if isinstance(step, Hook) and step.name not in HOOKS:
            yield Finding(f"unknown hook {step.name!r}{did_you_mean(step.name, HOOKS)}", rec,
                          path + ("name",))


def card_shape(content: GameContent) -> Iterator[Finding]:
    """A card's numbers and steps fit its types: Trains give coins, Victory cards give VP, Rail
    cards lay a rail, Station cards place a station, only Waste cannot be bought. A route bonus
    card's ability is steps of the vocabulary alone: no hook, and no ``trash_self`` (the bonus is
    no card of a deck; once used it leaves the game anyway).

    Bad:
        types: [rail]
        effect:
          - {do: gain_waste}

    Good:
        types: [rail]
        effect:
          - {do: lay_rail}
          - {do: gain_waste}
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
    for rec, step, path in all_steps(content):
        if rec.kind != "bonuses":
            continue
        if isinstance(step, Hook):
            yield Finding(f"a route bonus ability uses no hooks ({step.name!r}): write it in "
                          "steps", rec, path)
        elif isinstance(step, TrashSelf):
            yield Finding("a route bonus card is not in a deck: no trash_self step", rec, path)


def bot_cards(content: GameContent) -> Iterator[Finding]:
    """Priority bots name existing cards in their buy and play rules; a near miss gets a "did
    you mean".

    Bad:
        buy:
          - {card: towr, min_coins: 8}

    Good:
        buy:
          - {card: tower, min_coins: 8}
    """
    for rec in content.of("bots"):
        for i, rule in enumerate(rec.obj.buy):
            if not content.exists("cards", rule.card):
                yield Finding(f"unknown card {rule.card!r}"
                              f"{did_you_mean(rule.card, _ids(content, 'cards'))}",
                              rec, ("buy", i, "card"))
        for i, cid in enumerate(rec.obj.play_first):
            if not content.exists("cards", cid):
                yield Finding(f"unknown card {cid!r}{did_you_mean(cid, _ids(content, 'cards'))}",
                              rec, ("play_first", i))


def declared_sets(content: GameContent) -> Iterator[Finding]:
    """Every card's ``set`` is a card set declared in setup.yaml (``sets:``), so that a new
    expansion is data: a ``sets`` entry and a cards file, no code.

    Bad:
        # setup.yaml declares sets: [base, rising-sun]
        - id: harbour
          set: harbor-expansion

    Good:
        # setup.yaml declares sets: [base, rising-sun, harbour-expansion]
        - id: harbour
          set: harbour-expansion
    """
    setups = content.of("setups")
    if not setups or content.broken_ids.get("setups"):
        return  # no declaration to check against: TRN016 would flag every card
    declared = sorted({s for rec in setups for s in rec.obj.sets})
    for rec in content.of("cards"):
        if rec.obj.set not in declared:
            yield Finding(f"card set {rec.obj.set!r} is not declared in setup.yaml `sets:` "
                          f"({', '.join(declared)}){did_you_mean(rec.obj.set, declared)}",
                          rec, ("set",))


def supply_setup(content: GameContent) -> Iterator[Finding]:
    """Every setup can be set up from its rules: the fixed piles include the Waste pile (a card
    of type ``waste``), and the randomizers hold at least ``kingdom_piles`` different kingdom
    cards of the setup's ``sets`` for the engine to draw the kingdom from.

    Bad:
        fixed_piles: [express-train, limited-express-train, lay-rails, station-expansion]
        kingdom_piles: 8
        randomizers: [tunnel, viaduct, garage]

    Good:
        fixed_piles: [express-train, limited-express-train, lay-rails, station-expansion, waste]
        kingdom_piles: 8
        randomizers: [tunnel, viaduct, garage, pulling, signals, landfill, ironworks, dump-site]
    """
    cards = content.index("cards")
    for rec in content.of("setups"):
        rules = rec.obj.rules
        if not any(cid in cards and "waste" in cards[cid].obj.types
                   for cid in rules.fixed_piles):
            yield Finding("the fixed piles have no Waste pile (a card of type waste)", rec,
                          ("rules", "fixed_piles"))
        pool = {cid for cid in rec.obj.randomizers if cid in cards
                and cards[cid].obj.kind == "kingdom" and cards[cid].obj.set in rec.obj.sets}
        if len(pool) < rules.kingdom_piles:
            yield Finding(f"the randomizers hold {len(pool)} different kingdom cards of the sets "
                          f"{', '.join(rec.obj.sets)}; a game draws {rules.kingdom_piles}", rec,
                          ("randomizers",))


def supply_playable(content: GameContent) -> Iterator[Finding]:
    """The cards games are set up with (fixed piles, start deck, randomizers, presets of every
    setup) are cards the simulation engine can play: every hook of their effect and buy steps
    is one the engine implements (see ``engine.unplayable``).

    Bad:
        # a card whose effect names a hook the engine does not implement (yet)
        fixed_piles: [express-train, tunnel-boring-machine, lay-rails, waste]

    Good:
        fixed_piles: [express-train, limited-express-train, lay-rails, waste]
    """
    cards = content.index("cards")
    for rec in content.of("setups"):
        for path, cid, _ in _card_refs(rec.obj):
            card = cards.get(cid)
            why = unplayable(card.obj) if card is not None else None
            if why:
                yield Finding(f"{cid!r} cannot be simulated: {why}", rec, path,
                              at="key" if path[-1] == cid else "value")


def _ids(content: GameContent, kind: str) -> set[str]:
    """Every id of a kind, valid or not (the candidates of a "did you mean")."""
    return set(content.index(kind)) | content.broken_ids.get(kind, set())


#: TRN015 is the fit check of the Trains templates, run by the print layer over every face it
#: prints (``cardkit.pdf.fitcheck``); it is documented here with the game's other codes.
FIT_CODE = CodeInfo("TRN015", Severity.ERROR, "every printed string fits its frame on the card",
                    inspect.cleandoc("""
    Every string the templates print — card names beside the coin, cost and VP badges, rules
    texts, type labels, deck names, map and place names on the boards — fits its frame at the
    frame's minimum font size: nothing is shrunk further, nothing runs under a badge.

    Bad:
        name: Superlongunbreakablerailwaycontrolroomname

    Good:
        name: Control Room
    """))


CHECKS: tuple[Check, ...] = (
    Check("TRN001", "ids are unique within a kind", duplicate_ids),
    Check("TRN002", "each setup's box piles add up to its box total", pile_totals),
    Check("TRN003", "supply, presets and randomizers name existing cards (presets: maps)",
          card_references),
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
    Check("TRN016", "card sets are declared in setup.yaml", declared_sets),
    Check("TRN017", "the supply can be set up (Waste pile, enough randomizers)", supply_setup),
    Check("TRN018", "the supply names cards the engine can play", supply_playable),
    Check("TRN019", "a setup's route bonus cards number the same on every map", route_bonus_count),
    Check("TRN020", "a map's own rail, station and pile numbers fit the rules", map_numbers),
    Check("TRN021", "no card is strictly dominated by one that does the same for less",
          not_dominated),
)
