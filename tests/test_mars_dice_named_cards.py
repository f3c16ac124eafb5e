"""Every Mars Dice card that carries a real name matches every source the facts list (issue 36):
the seed rulebook's examples and the play log (``shared/spec/facts`` §2.7, §2.8, T4, T8). A play
log shows what was *spent*, wild tokens included, so a logged payment fixes the cost's size and
the symbols named in it, not what a wild stood for. The checker is proved on planted errors."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from cardkit.core.loading import load_game

from .conftest import SHIPPED

Card = Any
Rule = Callable[[Card], bool]


def effects(card: Card) -> list[dict[str, Any]]:
    return [e.model_dump(exclude_none=True) for e in card.effects]


def has(effs: list[dict[str, Any]], **want: Any) -> bool:
    return any(all(e.get(k) == v for k, v in want.items()) for e in effs)


def spent(card: Card, size: int, *named: str) -> bool:
    """The cost has ``size`` symbols and holds each ``named`` symbol (a wild spent in the log
    stands for any of the rest)."""
    cost = dict(card.cost)
    return sum(cost.values()) == size and all(cost.get(s, 0) >= named.count(s) for s in named)


def start(card: Card) -> list[dict[str, Any]]:
    return [e.model_dump(exclude_none=True) for e in card.start]


#: (kind, id) -> what the sources show of it, each rule with the source it comes from
SOURCES: dict[tuple[str, str], list[tuple[str, Rule]]] = {
    ("corporations", "credicor"): [
        ("seed setup example: 3 wild tokens", lambda c: has(start(c), do="wild", count=3)),
        ("seed setup example: 2 yellow + 1 red dice",
         lambda c: dict(c.production) == {"yellow": 2, "red": 1})],
    ("corporations", "helion"): [
        ("T8: 3 wild", lambda c: has(start(c), do="wild", count=3)),
        ("T8: 2 red + 1 grey", lambda c: dict(c.production) == {"red": 2, "grey": 1})],
    ("corporations", "teractor"): [
        ("T8: 4 wild + 1 MegaCredit", lambda c: has(start(c), do="wild", count=4)
         and has(start(c), do="dice", colour="yellow", face="credit")),
        ("T8: 1 red + 1 yellow", lambda c: dict(c.production) == {"red": 1, "yellow": 1})],
    ("corporations", "unmi"): [
        ("T8: 2 VP + 4 wild", lambda c: has(start(c), do="vp", count=2)
         and has(start(c), do="wild", count=4)),
        ("T8: 1 red + 1 yellow", lambda c: dict(c.production) == {"red": 1, "yellow": 1})],
    ("projects", "deep-well-heating"): [
        ("seed red-card example: a red card", lambda c: c.colour == "red"),
        ("seed example and T8: temperature +1", lambda c: has(effects(c), do="raise",
                                                             track="temperature")),
        ("seed example: 2 blue dice turned to energy; T8: gaining 2 energy",
         lambda c: has(effects(c), do="dice", colour="blue", count=2, face="energy")),
        ("T8: steel + heat + wild spent", lambda c: spent(c, 3, "steel", "heat"))],
    ("projects", "small-asteroid"): [
        ("T8: nuclear + wild spent", lambda c: spent(c, 2, "nuclear")),
        ("T8: temperature +1", lambda c: has(effects(c), do="raise", track="temperature"))],
    ("projects", "imported-nitrogen"): [
        ("T8: event + 2 wild spent", lambda c: spent(c, 3, "event")),
        ("T8: roll 4 green dice", lambda c: has(effects(c), do="dice", colour="green", count=4))],
    ("projects", "decomposers"): [
        ("T8: blue", lambda c: c.colour == "blue"),
        ("T8: 2 microbe + wild spent", lambda c: spent(c, 3, "microbe", "microbe")),
        ("T8: spend 1 microbe for 1 plant and 1 VP",
         lambda c: any(dict(a.pay) == {"microbe": 1}
                       and has([e.model_dump(exclude_none=True) for e in a.effects],
                               do="dice", face="plant")
                       and has([e.model_dump(exclude_none=True) for e in a.effects],
                               do="vp", count=1) for a in c.actions))],
    ("projects", "lobbying"): [("T8: wild + event spent", lambda c: spent(c, 2, "event"))],
    ("projects", "effective-storage"): [
        ("T8: credit + steel + wild spent", lambda c: spent(c, 3, "credit", "steel")),
        ("T4: keep more dice", lambda c: c.storage > 0)],
    ("projects", "corporate-stronghold"): [
        ("T8: steel + energy + city spent", lambda c: spent(c, 3, "steel", "energy", "city")),
        ("T8: a city tile", lambda c: has(effects(c), do="tile", tile="city"))],
    ("projects", "import-of-advanced-ghg"): [
        ("T8: titanium + wild spent", lambda c: spent(c, 2, "titanium"))],
    ("projects", "aquifer-pumping"): [
        ("seed blue-card example: main action, 1 steel for 1 ocean",
         lambda c: c.colour == "blue" and any(
             a.timing == "main" and dict(a.pay) == {"steel": 1}
             and has([e.model_dump(exclude_none=True) for e in a.effects], do="tile",
                     tile="ocean") for a in c.actions))],
    ("projects", "arctic-algae"): [
        ("T4: a green die whenever an ocean is placed",
         lambda c: any(t.on == "ocean" and has([e.model_dump(exclude_none=True)
                                                for e in t.effects], do="dice", colour="green")
                       for t in c.triggers))],
    ("projects", "logistics"): [("T4: extra storage", lambda c: c.storage > 0)],
    ("bonus", "developer"): [
        ("T4: +1 VP each time you play a green card",
         lambda c: any(t.on == "play-green" and has([e.model_dump(exclude_none=True)
                                                     for e in t.effects], do="vp", count=1)
                       for t in c.triggers))],
}


#: The real names of the sourced cards; a card may drop one (it is then an original card with
#: an original name, as Corporate Stronghold became Regolith Citadel), never keep it and differ.
REAL_NAMES = {
    "credicor": "Credicor", "helion": "Helion", "teractor": "Teractor", "unmi": "UNMI",
    "deep-well-heating": "Deep Well Heating", "small-asteroid": "Small Asteroid",
    "imported-nitrogen": "Imported Nitrogen", "decomposers": "Decomposers",
    "lobbying": "Lobbying", "effective-storage": "Effective Storage",
    "corporate-stronghold": "Corporate Stronghold",
    "import-of-advanced-ghg": "Import of Advanced GHG", "aquifer-pumping": "Aquifer Pumping",
    "arctic-algae": "Arctic Algae", "logistics": "Logistics", "developer": "Developer"}
#: The names the seed rulebook shows: the set must use them (shared/spec/mars_dice.md).
REQUIRED = {("corporations", "credicor"), ("projects", "aquifer-pumping"),
            ("projects", "deep-well-heating")}


def mismatches(objects: dict[tuple[str, str], Card]) -> list[str]:
    """Every source a card carrying a real name contradicts, a real name on another card, and
    a seed name missing."""
    out = []
    for key, rules in SOURCES.items():
        card = objects.get(key)
        if card is None:
            if key in REQUIRED:
                out.append(f"{key[1]}: missing")
            continue
        if card.name != REAL_NAMES[key[1]]:
            if key in REQUIRED:
                out.append(f"{key[1]}: lost its seed name {REAL_NAMES[key[1]]!r}")
            continue  # renamed: an original card now
        out.extend(f"{key[1]}: {why}" for why, ok in rules if not ok(card))
    by_name = {name: cid for cid, name in REAL_NAMES.items()}
    for (_, cid), card in objects.items():
        if card.name in by_name and by_name[card.name] != cid:
            out.append(f"{cid}: carries the real name {card.name!r} of another card")
    return out


@pytest.fixture(scope="module")
def shipped() -> dict[tuple[str, str], Card]:
    content, _ = load_game("mars-dice", SHIPPED)
    return {(kind, r.obj.id): r.obj for kind in ("corporations", "projects", "bonus")
            for r in content.of(kind)}


def test_every_real_named_card_matches_its_sources(shipped: dict[tuple[str, str], Card]) -> None:
    assert mismatches(shipped) == []


PLANTED = [  # the errors the outside review found, and one of each other kind
    (("corporations", "credicor"), "start", [{"do": "wild", "count": 4}]),
    (("corporations", "teractor"), "start", [{"do": "wild", "count": 5},
                                             {"do": "dice", "colour": "yellow", "face": "credit"}]),
    (("projects", "deep-well-heating"), "effects", [{"do": "raise", "track": "temperature"}]),
    (("projects", "regolith-citadel"), "name", "Corporate Stronghold"),
    (("projects", "decomposers"), "cost", {"microbe": 1, "plant": 1}),
    (("projects", "effective-storage"), "storage", 0),
    (("projects", "aquifer-pumping"), "colour", "green"),
    (("corporations", "credicor"), "name", "Credit Corp"),
]


@pytest.mark.parametrize(("key", "field", "value"), PLANTED, ids=[p[0][1] for p in PLANTED])
def test_a_planted_contradiction_is_caught(shipped: dict[tuple[str, str], Card], key: Any,
                                           field: str, value: Any) -> None:
    planted = dict(shipped)
    card = shipped[key]
    planted[key] = type(card).model_validate({**copy.deepcopy(card.model_dump()), field: value})
    assert [m for m in mismatches(planted) if m.startswith(key[1] + ":")]
