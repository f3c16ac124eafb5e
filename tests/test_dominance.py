"""Strict dominance (TF010, MD012, TRN021): the shared relation, and the share of planted
dominated cards each game's check catches.

Planting: every choosable card of the shipped content is cloned and the clone made worse than
its original along one class of axis at a time (a cost higher, a gain lower, a pollution higher,
a pollution slot or storage fewer, an option or effect missing, VP or coin value lower). Each
clone is dominated by its original, so the check must flag every one (100 %). The same clones
made worse on one axis but better on another are trade-offs and must never be flagged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardkit.core.dominance import Profile, covers, dominators
from cardkit.core.loading import load_game
from cardkit.games.mars_dice.checks.dominance import project_profile
from cardkit.games.terra_futura.checks.dominance import card_profile as tf_profile
from cardkit.games.trains.checks.dominance import card_profile as trains_profile

from .conftest import SHIPPED


# -- the relation ----------------------------------------------------------------------------------

def test_a_card_better_on_one_axis_and_equal_elsewhere_dominates() -> None:
    a = Profile("I", {"cost": -2, "vp": 1})
    b = Profile("I", {"cost": -1, "vp": 1})
    assert dominators({"a": a, "b": b}) == {"a": ["b"]}


def test_equal_cards_and_trade_offs_dominate_nothing() -> None:
    same = Profile("I", {"cost": -1, "vp": 1})
    trade = Profile("I", {"cost": -2, "vp": 2})
    assert dominators({"a": same, "b": same, "c": trade}) == {}


def test_groups_are_never_compared() -> None:
    assert dominators({"a": Profile("I", {"vp": 1}), "b": Profile("II", {"vp": 2})}) == {}


def test_a_missing_axis_counts_as_zero() -> None:
    # b pays nothing (no "cost" axis), a pays 1; b gains no wood, a gains 1
    assert covers(Profile("g", {}), Profile("g", {"cost": -1}))
    assert not covers(Profile("g", {}), Profile("g", {"wood": 1}))


def test_every_option_must_be_matched_by_one_option_of_the_better_card() -> None:
    a = Profile("I", {}, ({"green": 1}, {"red": 1}))
    b_one = Profile("I", {}, ({"green": 1, "red": 1},))  # one option beats both of a's
    b_half = Profile("I", {}, ({"green": 2},))  # nothing matches a's red option
    assert covers(b_one, a) and not covers(b_half, a)
    assert dominators({"a": a, "b": b_one}) == {"a": ["b"]}


# -- planted dominated cards ------------------------------------------------------------------------

def _tf_plants(card: Any) -> Iterator[tuple[str, Any, Any]]:
    """(class, dominated clone, trade-off clone) of a Terra Futura card."""
    opt = card.options[0]
    better = dict(opt.gain, money=opt.gain.get("money", 0) + 5)
    yield ("gain lower", _tf_option(card, gain={k: v - 1 for k, v in opt.gain.items() if v > 1}
                                    if any(v > 1 for v in opt.gain.values()) else {}),
           None)
    yield ("cost higher", _tf_option(card, pay=dict(opt.pay, money=opt.pay.get("money", 0) + 1)),
           _tf_option(card, pay=dict(opt.pay, money=opt.pay.get("money", 0) + 1), gain=better))
    yield ("pollution higher", _tf_option(card, pollution=opt.pollution + 1),
           _tf_option(card, pollution=opt.pollution + 1, gain=better))
    if card.slots:
        yield ("slot fewer", card.model_copy(update={"slots": card.slots - 1}),
               card.model_copy(update={"slots": card.slots - 1,
                                       "options": [opt.model_copy(update={"gain": better}),
                                                   *card.options[1:]]}))
    if card.storage is None or card.storage > 1:
        yield ("storage lower", card.model_copy(update={"storage": (card.storage or 21) - 1}),
               None)
    if len(card.options) > 1:
        yield ("option missing", card.model_copy(update={"options": card.options[:1]}), None)


def _tf_option(card: Any, **update: Any) -> Any:
    return card.model_copy(update={"options": [card.options[0].model_copy(update=update),
                                               *card.options[1:]]})


def _md_plants(card: Any) -> Iterator[tuple[str, Any, Any]]:
    """(class, dominated clone, trade-off clone) of a Mars Dice project."""
    symbol = next(iter(card.cost))
    dearer = dict(card.cost, **{symbol: card.cost[symbol] + 1})
    yield ("cost higher", card.model_copy(update={"cost": dearer}),
           card.model_copy(update={"cost": dearer, "vp": card.vp + 2}))
    if card.vp:
        yield ("VP lower", card.model_copy(update={"vp": card.vp - 1}), None)
    if card.effects:
        yield ("event effect missing", card.model_copy(update={"effects": card.effects[1:]}),
               None)
    if card.production:
        colour = next(iter(card.production))
        fewer = {c: n - (c == colour) for c, n in card.production.items()}
        yield ("production die fewer",
               card.model_copy(update={"production": {c: n for c, n in fewer.items() if n}}),
               None)
    if card.actions:
        yield ("action missing", card.model_copy(update={"actions": card.actions[1:]}), None)
    if card.triggers:
        yield ("trigger missing", card.model_copy(update={"triggers": card.triggers[1:]}), None)
    if card.storage:
        yield ("storage lower", card.model_copy(update={"storage": card.storage - 1}), None)


def _trains_plants(card: Any) -> Iterator[tuple[str, Any, Any]]:
    """(class, dominated clone, trade-off clone) of a buyable Trains card."""
    if card.cost is None or card.cost >= 12:
        return
    yield ("cost higher", card.model_copy(update={"cost": card.cost + 1}),
           card.model_copy(update={"cost": card.cost + 1, "vp": card.vp + 1}))
    if card.value:
        yield ("coin value lower", card.model_copy(update={"value": card.value - 1}), None)
    if card.vp:
        yield ("VP lower", card.model_copy(update={"vp": card.vp - 1}), None)


PLANTS: dict[str, tuple[str, Callable[[Any], Any], Callable[[Any], Iterator[Any]]]] = {
    "terra-futura": ("cards", tf_profile, _tf_plants),
    "mars-dice": ("projects", project_profile, _md_plants),
    "trains": ("cards", trains_profile, _trains_plants),
}


def planted_share(game: str) -> tuple[dict[str, list[int]], int, int]:
    """Per class, [planted, caught]; and trade-offs planted, trade-offs flagged."""
    kind, profile, plants = PLANTS[game]
    content, _ = load_game(game, SHIPPED)
    cards = [r.obj for r in content.of(kind)]
    per_class: dict[str, list[int]] = {}
    trades = flagged = 0
    for card in cards:
        if profile(card) is None:
            continue
        for klass, worse, trade in plants(card):
            found = dominators({"original": profile(card), "planted": profile(worse)})
            tally = per_class.setdefault(klass, [0, 0])
            tally[0] += 1
            tally[1] += found.get("planted") == ["original"]
            if trade is not None:
                trades += 1
                flagged += bool(dominators({"original": profile(card),
                                            "planted": profile(trade)}))
    return per_class, trades, flagged


@pytest.mark.parametrize("game", sorted(PLANTS))
def test_every_planted_dominated_card_is_caught_and_no_trade_off_is(game: str) -> None:
    per_class, trades, flagged = planted_share(game)
    assert len(per_class) >= 3 and all(n >= 3 for n, _ in per_class.values()), per_class
    assert {k: caught for k, (n, caught) in per_class.items()} == \
        {k: n for k, (n, _) in per_class.items()}
    assert trades >= 10 and flagged == 0
