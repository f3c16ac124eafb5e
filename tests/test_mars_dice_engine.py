"""Mars Dice's engine, tested from the rule text (the Polish seed rulebook, seed 003, and the
rulings in ``shared/spec/mars_dice.md`` and ``cardkit.games.mars_dice.engine``) on a small
hand-made world, so the tests do not depend on the shipped card set: turns, production, payment,
support and main actions, setup, dice, invariants, copies and seeds. Scoring rules (tracks,
tiles, bonus cards, milestones, awards, the end) are in ``test_mars_dice_rules.py``. Every
expected number is worked out by hand from the rules."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardkit.games.mars_dice import model as m
from cardkit.games.mars_dice.engine import (
    ACTIONS,
    DRAW,
    KEEP,
    PASS,
    PRODUCTION,
    MarsDiceEngine,
    MarsDiceState,
)
from cardkit.games.mars_dice.engine.world import World
from cardkit.sim.protocol import IllegalAction, InvariantError

from .conftest import SHIPPED

COLOURS = {"green": ("plant", "microbe", "animal"), "blue": ("water", "energy", "oxygen"),
           "grey": ("steel", "titanium", "city"), "red": ("heat", "event", "nuclear"),
           "yellow": ("credit", "science", "data")}
SYMBOLS = [s for faces in COLOURS.values() for s in faces]


def area_id(q: int, r: int) -> str:
    return f"q{q + 3}r{r + 3}"


#: The centre and its 6 neighbours are land; the outer ring of 12 is ocean. The land area east
#: of the centre gives a wild token.
BONUS_AREA = area_id(1, 0)


def board() -> dict[str, Any]:
    areas = []
    for q in range(-2, 3):
        for r in range(-2, 3):
            if abs(q + r) <= 2:
                ring = max(abs(q), abs(r), abs(q + r))
                area: dict[str, Any] = {"id": area_id(q, r), "q": q, "r": r, "ocean": ring == 2}
                if area["id"] == BONUS_AREA:
                    area["bonus"] = [{"do": "wild"}]
                areas.append(area)
    return {"id": "mini", "name": "Mini Mars", "areas": areas}


def project(pid: str, colour: str, cost: dict[str, int], **kw: Any) -> dict[str, Any]:
    return {"id": pid, "name": pid.replace("-", " ").title(), "colour": colour, "cost": cost,
            **kw}


def world(projects: list[dict[str, Any]] = (), *, dice: int = 12, wilds: int = 23,  # type: ignore[assignment]
          rules: dict[str, Any] | None = None, corporations: list[dict[str, Any]] | None = None,
          bonus: list[dict[str, Any]] | None = None,
          milestones: list[dict[str, Any]] | None = None, fillers: int = 30,
          top_bonus: bool = False) -> World:
    """A small world: the five real die colours, the three tracks, the standard tiles and
    conversions, a 19-area board, ``projects`` plus unaffordable green fillers. ``top_bonus``:
    the temperature's maximum (+8 °C) also gives a wild token."""
    top = [{"at": 8, "effects": [{"do": "wild"}]}] if top_bonus else []
    resources = [m.Resource(id=s, kind="face", name=s.title()) for s in SYMBOLS]
    resources.append(m.Resource(id="wild", kind="wild", name="Wild", supply=wilds))
    die = [m.Die.model_validate({"id": c, "name": c.title(), "colour": "#808080", "count": dice,
                                 "faces": [{"resource": f, "sides": n}
                                           for f, n in zip(faces, (3, 2, 1))]})
           for c, faces in COLOURS.items()]
    tracks = [m.Track.model_validate(t) for t in (
        {"id": "oxygen", "name": "Oxygen", "start": 0, "step": 2, "levels": 7, "maximum": 14,
         "bonuses": [{"at": 8, "effects": [{"do": "raise", "track": "temperature"}]}]},
        {"id": "temperature", "name": "Temperature", "start": -32, "step": 4, "levels": 10,
         "maximum": 8,
         "bonuses": [{"at": -24, "effects": [{"do": "dice", "colour": "red", "face": "heat"}]},
                     {"at": -16, "effects": [{"do": "dice", "colour": "red", "face": "heat"}]},
                     {"at": 0, "effects": [{"do": "tile", "tile": "ocean"}]}, *top]},
        {"id": "oceans", "name": "Oceans", "start": 0, "step": 1, "levels": 7, "maximum": 7})]
    tiles = [m.Tile.model_validate(t) for t in (
        {"id": "ocean", "name": "Ocean", "on": "ocean", "track": "oceans", "supply": 7},
        {"id": "greenery", "name": "Greenery", "on": "land", "track": "oxygen",
         "vp_per_adjacent": {"city": 1}, "supply": 20},
        {"id": "city", "name": "City", "on": "land", "vp": 2, "vp_per_adjacent": {"greenery": 1},
         "not_adjacent": ["city"], "supply": 16})]
    conversions = [m.Conversion.model_validate(c) for c in (
        {"id": "heat", "name": "Heat", "pay": {"heat": 3},
         "effects": [{"do": "raise", "track": "temperature"}]},
        {"id": "ocean", "name": "Ocean", "pay": {"water": 3},
         "effects": [{"do": "tile", "tile": "ocean"}]},
        {"id": "greenery", "name": "Greenery", "pay": {"plant": 4},
         "effects": [{"do": "tile", "tile": "greenery"}]},
        {"id": "city", "name": "City", "pay": {"city": 3},
         "effects": [{"do": "tile", "tile": "city"}]},
        {"id": "credits", "name": "Credits", "pay": {"credit": 3},
         "effects": [{"do": "vp", "count": 2}]})]
    base_rules: dict[str, Any] = {
        "id": "rules", "name": "Mini", "vp_thresholds": [5, 12],
        "bonus_cards": [{"players": 1, "cards": 4}, {"players": 2, "cards": 4},
                        {"players": 3, "cards": 6}, {"players": 4, "cards": 8}],
        "award_vp": [5, 2]}
    base_rules.update(rules or {})
    cards = [*projects, *(project(f"filler-{k}", "green", {"data": 9}) for k in range(fillers))]
    corps = corporations or [
        {"id": f"corp-{k}", "name": f"Corp {k}", "start": [{"do": "wild"}],
         "production": {"yellow": 1}} for k in range(8)]
    bonus = bonus or [{"id": f"bonus-{k}", "name": f"Bonus {k}", "effects": [{"do": "wild"}]}
                      for k in range(8)]
    milestones = milestones or [
        {"id": f"far-{k}", "name": f"Far {k}", "measure": {"count": "vp"}, "at_least": 60}
        for k in range(3)]
    return World.build(
        resources=resources, dice=die, tracks=tracks, tiles=tiles,
        board=m.Board.model_validate(board()), conversions=conversions,
        rules=m.Rules.model_validate(base_rules),
        projects=[m.Project.model_validate(p) for p in cards],
        corporations=[m.Corporation.model_validate(c) for c in corps],
        bonus=[m.BonusCard.model_validate(b) for b in bonus],
        milestones=[m.Milestone.model_validate(x) for x in milestones],
        awards=[m.Award(id=f"award-{s}", name=s.title(), symbol=s) for s in SYMBOLS])


def poke(s: MarsDiceState) -> None:
    """Forget the cached legal actions after a test edits the state by hand."""
    s._legal = None


def sym(s: MarsDiceState, symbol: str) -> int:
    return s.world.symbol_index[symbol]


def empty(s: MarsDiceState) -> MarsDiceState:
    """Everybody's dice back to the pool, wilds back to the supply."""
    for p in s.players:
        for i, n in enumerate(p.dice):
            s.pool[s.world.colour_of[i]] += n
            p.dice[i] = 0
        s.wild_supply += p.wilds
        p.wilds = 0
    poke(s)
    return s


def give(s: MarsDiceState, seat: int, wilds: int = 0, **dice: int) -> None:
    """Move dice showing the named symbols (and wilds) from the pool to a seat."""
    p = s.players[seat]
    for symbol, n in dice.items():
        i = sym(s, symbol)
        s.pool[s.world.colour_of[i]] -= n
        p.dice[i] += n
    s.wild_supply -= wilds
    p.wilds += wilds
    poke(s)


def starve(s: MarsDiceState, colour: str, left: int = 0, seat: int = -1) -> None:
    """Leave ``left`` dice of ``colour`` in the pool: the others go to ``seat`` (default: the
    last), showing the colour's first face, so every die stays accounted for."""
    ci = s.world.colour_ids[colour]
    face = s.world.colours[ci].faces[0]
    s.players[seat].dice[face] += s.pool[ci] - left
    s.pool[ci] = left
    poke(s)


def dice_of(s: MarsDiceState, seat: int) -> dict[str, int]:
    return {k: v for k, v in s.held(seat).items() if k != "wild"}


def new(w: World, players: int = 2, seed: int = 1) -> MarsDiceState:
    """A game whose seats each keep the first dealt corporation (corp-2k), then (penalty
    given from the first payer) with everybody's dice and wilds emptied: seat 0 to choose."""
    corps = [[f"corp-{2 * k}", f"corp-{2 * k + 1}"] for k in range(players)]
    s = MarsDiceEngine(w).new_game(players, random.Random(seed), corporations=corps)
    while s.phase in ("corporation", "give"):
        s.apply(s.legal_actions()[0])
    return empty(s)


def to_hand(s: MarsDiceState, seat: int, *cards: str) -> None:
    """Put project cards into a seat's hand, from wherever they are."""
    for cid in cards:
        for pile in (s.deck, s.discard, *(p.hand for p in s.players)):
            if cid in pile:
                pile.remove(cid)
        s.players[seat].hand.append(cid)
    poke(s)


def produce(s: MarsDiceState) -> None:
    """A production turn: return dice (the first offered) down to the limit, keep, draw."""
    s.apply(PRODUCTION)
    while KEEP not in s.legal_actions():
        s.apply(next(a for a in s.legal_actions() if a[0] == "return"))
    s.apply(KEEP)
    s.apply(DRAW)


def play_turn(s: MarsDiceState, support: Any, main: Any) -> None:
    s.apply(ACTIONS)
    s.apply(support)
    s.apply(main)


# -- production turns -----------------------------------------------------------------------------

def test_production_keeps_three_dice_wilds_do_not_count_and_storage_raises_the_limit() -> None:
    w = world([project("silo", "blue", {"steel": 1}, storage=1)])
    s = new(w)
    give(s, 0, wilds=4, heat=2, water=2, steel=1)
    s.apply(PRODUCTION)
    assert s.phase == "return" and KEEP not in s.legal_actions()
    s.apply(("return", "heat"))
    assert KEEP not in s.legal_actions()
    s.apply(("return", "water"))
    assert KEEP in s.legal_actions()  # 3 dice; the 4 wilds do not count and stay
    assert not any(a[0] == "return" and a[1] == "wild" for a in s.legal_actions())
    s.apply(KEEP)
    assert s.players[0].wilds == 4 and dice_of(s, 0) == {"heat": 1, "water": 1, "steel": 1}
    # seat 1 plays the storage card: now 4 dice may be kept
    give(s, 1, steel=1)
    to_hand(s, 1, "silo")
    s.apply(DRAW)
    assert s.current_player() == 1
    play_turn(s, ("take", "red"), ("play", "silo"))
    assert s.keep_limit(0) == 3 and s.keep_limit(1) == 4
    empty(s)
    give(s, 0, heat=4)  # seat 0 with 4 dice must return one
    s.apply(PRODUCTION)
    assert KEEP not in s.legal_actions()
    s.apply(("return", "heat"))
    s.apply(KEEP)
    s.apply(DRAW)
    empty(s)
    give(s, 1, heat=4)  # seat 1 keeps 4
    s.apply(PRODUCTION)
    assert KEEP in s.legal_actions()
    give(s, 1, heat=1)
    assert KEEP not in s.legal_actions()


def test_production_draws_up_to_the_hand_and_rolls_corporation_and_green_dice() -> None:
    w = world([project("farm", "green", {"plant": 1}, production={"green": 2, "red": 1})])
    s = new(w)
    to_hand(s, 0, "farm")
    give(s, 0, plant=1)
    play_turn(s, ("take", "yellow"), ("play", "farm"))
    s.apply(PRODUCTION)  # seat 1
    s.apply(KEEP)
    s.apply(DRAW)
    p = s.players[0]
    p.hand[:] = p.hand[:2]
    empty(s)
    s.apply(PRODUCTION)
    s.apply(KEEP)
    s.apply(("discard", p.hand[0]))
    s.apply(DRAW)
    assert len(p.hand) == 5
    held = dice_of(s, 0)
    colours = Counter(w.colours[w.colour_of[sym(s, k)]].id for k, n in held.items()
                      for _ in range(n))
    assert colours == {"yellow": 1, "green": 2, "red": 1}  # corporation + the green card


def test_a_short_pool_gives_what_there_is_and_exactly_one_wild() -> None:
    w = world([project("farm", "green", {"plant": 1}, production={"red": 3, "green": 1})])
    s = new(w)
    p = s.players[0]
    p.production = [0, 0, 0, 3, 2]  # red 3, yellow 2 (colour order green blue grey red yellow)
    starve(s, "red", 1)  # only one red die left (seat 1 holds the others), no yellow
    starve(s, "yellow", 0)
    supply = s.wild_supply
    s.apply(PRODUCTION)
    s.apply(KEEP)
    s.apply(DRAW)
    assert sum(p.dice) == 1 and p.wilds == 1 and s.wild_supply == supply - 1
    s.check_invariants()
    # a full pool: no wild
    empty(s)
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)  # seat 1
    empty(s)
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)
    assert sum(p.dice) == 5 and p.wilds == 0


def test_no_wild_supply_no_wild_for_a_short_pool() -> None:
    s = new(world(wilds=1))
    s.players[1].wilds, s.wild_supply = 1, 0
    starve(s, "yellow")
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)
    assert s.players[0].wilds == 0 and sum(s.players[0].dice) == 0
    s.check_invariants()


# -- payment --------------------------------------------------------------------------------------

def test_payment_is_exact_dice_first_then_wilds_and_a_wrong_symbol_is_refused() -> None:
    card = project("pump", "red", {"steel": 2, "heat": 1})
    w = world([card, project("pump-b", "red", {"steel": 2, "heat": 1}),
               project("pump-c", "red", {"steel": 2, "heat": 1})])
    s = new(w)
    to_hand(s, 0, "pump", "pump-b", "pump-c")
    s.phase = "main"
    give(s, 0, titanium=2, heat=1)  # wrong symbols: titanium is not steel
    assert not any(a[0] == "play" for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(("play", "pump"))
    give(s, 0, wilds=1, steel=1)  # steel 1 + heat 1 + wild 1
    assert ("play", "pump") in s.legal_actions()
    s.apply(("play", "pump"))
    assert s.players[0].wilds == 0 and dice_of(s, 0) == {"titanium": 2}
    # dice are used before wilds: with 2 steel, 1 heat and 2 wilds the wilds stay
    s.phase = "main"
    s.seat = 0
    give(s, 0, wilds=2, steel=2, heat=1)
    s.apply(("play", "pump-b"))
    assert s.players[0].wilds == 2 and dice_of(s, 0) == {"titanium": 2}
    # all wilds: 3 wilds pay 2 steel + 1 heat
    s.phase, s.seat = "main", 0
    give(s, 0, wilds=1)
    s.apply(("play", "pump-c"))
    assert s.players[0].wilds == 0
    s.check_invariants()


# -- action turns ---------------------------------------------------------------------------------

def test_an_action_turn_is_a_support_action_then_a_main_action() -> None:
    w = world([project("spark", "red", {"heat": 1}, effects=[{"do": "vp", "count": 1}])])
    s = new(w)
    to_hand(s, 0, "spark")
    give(s, 0, heat=1)
    s.apply(ACTIONS)
    assert s.phase == "support"
    legal = s.legal_actions()
    assert ("play", "spark") not in legal and not any(a[0] == "convert" for a in legal)
    assert ("take", "red") in legal and ("draw2", "heat") in legal
    s.apply(("take", "blue"))
    assert s.phase == "main" and ("play", "spark") in s.legal_actions()
    s.apply(("play", "spark"))
    assert s.current_player() == 1 and s.players[0].vp == 1 and s.players[0].turns == 1


def test_a_second_support_action_as_the_main_action() -> None:
    s = new(world())
    s.apply(ACTIONS)
    s.apply(("take", "red"))
    assert ("take", "green") in s.legal_actions()
    s.apply(("take", "green"))
    assert s.current_player() == 1 and sum(s.players[0].dice) == 2


def test_pass_only_when_nothing_else_is_legal() -> None:
    s = new(world())
    for colour in COLOURS:
        starve(s, colour)
    s.players[1].hand += s.deck + s.discard + s.players[0].hand
    s.deck, s.discard, s.players[0].hand = [], [], []
    s.apply(ACTIONS)
    assert s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.phase == "main" and s.legal_actions() == [PASS]
    s.apply(PASS)
    assert s.current_player() == 1


def test_turning_a_die_costs_one_resource_and_needs_another_die() -> None:
    s = new(world())
    give(s, 0, heat=1)
    s.apply(ACTIONS)
    turns = [a for a in s.legal_actions() if a[0] == "turn"]
    assert turns == []  # paying the only die leaves nothing to turn
    give(s, 0, heat=1)
    turns = [a for a in s.legal_actions() if a[0] == "turn"]
    assert turns == [("turn", "heat", "heat", "event"), ("turn", "heat", "heat", "nuclear")]
    give(s, 0, wilds=1)
    s.apply(("turn", "wild", "heat", "nuclear"))
    assert dice_of(s, 0) == {"heat": 1, "nuclear": 1} and s.players[0].wilds == 0
    s.apply(("turn", "heat", "nuclear", "event"))
    assert dice_of(s, 0) == {"event": 1}
    s.check_invariants()


def test_paid_draw_gives_two_cards() -> None:
    s = new(world())
    give(s, 0, water=1)
    s.apply(ACTIONS)
    before = len(s.players[0].hand)
    s.apply(("draw2", "water"))
    assert len(s.players[0].hand) == before + 2 and sum(s.players[0].dice) == 0


def test_blue_actions_once_between_productions_and_free_actions_at_any_point() -> None:
    w = world([project("lab", "blue", {"science": 1},
                       actions=[{"timing": "support", "effects": [{"do": "wild"}]},
                                {"timing": "main", "pay": {"heat": 1},
                                 "effects": [{"do": "vp", "count": 3}]}]),
               project("vent", "blue", {"science": 1},
                       actions=[{"timing": "free", "effects": [{"do": "dice", "colour": "red",
                                                                "face": "heat"}]}])])
    s = new(w)
    to_hand(s, 0, "lab", "vent")
    give(s, 0, science=2)
    play_turn(s, ("take", "green"), ("play", "lab"))
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)
    s.apply(ACTIONS)
    legal = s.legal_actions()
    assert ("use", "lab", 0) in legal and ("use", "lab", 1) not in legal  # main, and no heat
    s.apply(("take", "red"))
    give(s, 0, heat=1)
    s.apply(("play", "vent"))
    # the main action is resolved and Vent's free action is open: rulebook, free actions also
    # "after the support or main action" — the turn ends when the player says so
    assert s.phase == "done" and set(s.legal_actions()) == {("free", "vent", 0), ("end",)}
    s.apply(("end",))  # seat 0 again only after seat 1
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)
    # the free action is offered when choosing the turn; it keeps the phase
    assert ("free", "vent", 0) in s.legal_actions()
    heat = dice_of(s, 0).get("heat", 0)
    s.apply(("free", "vent", 0))
    assert s.phase == "choose" and dice_of(s, 0).get("heat") == heat + 1
    assert ("free", "vent", 0) not in s.legal_actions()
    s.apply(ACTIONS)
    s.apply(("use", "lab", 0))  # a wild
    assert s.phase == "main" and ("use", "lab", 1) not in s.legal_actions()  # lab used
    s.apply(("take", "red"))
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)
    # seat 0's production turn refreshes both cards at its end (step 5 of the turn)
    s.apply(PRODUCTION)
    assert ("free", "vent", 0) not in s.legal_actions()
    while KEEP not in s.legal_actions():
        s.apply(next(a for a in s.legal_actions() if a[0] == "return"))
    s.apply(KEEP), s.apply(DRAW)
    assert s.players[0].used == set()
    # "even at the end of a production turn": the refreshed Vent may be used before it ends
    assert s.phase == "done" and ("free", "vent", 0) in s.legal_actions()
    s.apply(("end",))
    produce(s)  # seat 1
    # a free action is legal while producing, and the production goes on
    s.apply(PRODUCTION)
    assert ("free", "vent", 0) in s.legal_actions()
    s.apply(("free", "vent", 0))
    assert s.phase == "return" and s.current_player() == 0


def test_a_triggered_effect_fires_on_the_owners_own_doing_only() -> None:
    w = world([project("greenhouse", "blue", {"plant": 1},
                       triggers=[{"on": "play-green", "effects": [{"do": "vp", "count": 1}]}]),
               project("sprout", "green", {"plant": 1}),
               project("sprout-b", "green", {"plant": 1})])
    s = new(w)
    to_hand(s, 0, "greenhouse", "sprout")
    to_hand(s, 1, "sprout-b")
    give(s, 0, plant=2)
    give(s, 1, plant=1)
    play_turn(s, ("take", "red"), ("play", "greenhouse"))
    play_turn(s, ("take", "red"), ("play", "sprout-b"))  # seat 1's green card: nothing
    assert s.players[0].vp == 0
    play_turn(s, ("take", "red"), ("play", "sprout"))
    assert s.players[0].vp == 1 and s.players[0].sources["cards_now"] == 1


def test_a_red_card_resolves_in_order_rolled_or_set_dice() -> None:
    w = world([project("flare", "red", {"event": 1},
                       effects=[{"do": "raise", "track": "temperature"},
                                {"do": "dice", "colour": "blue", "count": 2, "face": "energy"},
                                {"do": "dice", "colour": "green", "count": 1}])])
    s = new(w)
    to_hand(s, 0, "flare")
    give(s, 0, event=1)
    play_turn(s, ("take", "yellow"), ("play", "flare"))
    held = dice_of(s, 0)
    assert held["energy"] == 2 and sum(held.get(k, 0) for k in COLOURS["green"]) == 1
    assert s.tracks[1] == 1 and s.players[0].vp == 2


# -- setup ----------------------------------------------------------------------------------------

def test_two_corporations_dealt_one_kept_its_start_then_its_production() -> None:
    corps = [{"id": "credit-corp", "name": "Credit Corp", "start": [{"do": "wild", "count": 3}],
              "production": {"yellow": 2, "red": 1}},
             {"id": "other", "name": "Other", "start": [{"do": "vp", "count": 1}],
              "production": {"green": 1}},
             {"id": "third", "name": "Third", "start": [{"do": "vp", "count": 1}],
              "production": {"green": 1}}]
    w = world(corporations=corps)
    s = MarsDiceEngine(w).new_game(1, random.Random(3))
    assert s.phase == "corporation" and len(s.players[0].dealt) == 2
    assert set(s.players[0].dealt) <= {"credit-corp", "other", "third"}
    s = MarsDiceEngine(w).new_game(1, random.Random(3), corporations=[["credit-corp", "other"]])
    assert s.legal_actions() == [("corporation", "credit-corp"), ("corporation", "other")]
    s.apply(("corporation", "credit-corp"))
    p = s.players[0]
    assert p.corporation == "credit-corp" and p.wilds == 3 and sum(p.dice) == 3
    assert p.production == [0, 0, 0, 1, 2]
    assert s.phase == "choose"  # solo: no first-player penalty
    s.check_invariants()


def test_the_first_player_gives_one_resource_to_the_last_seat() -> None:
    w = world()
    s = MarsDiceEngine(w).new_game(3, random.Random(5),
                                   corporations=[["corp-0", "corp-1"], ["corp-2", "corp-3"],
                                                 ["corp-4", "corp-5"]])
    for seat in range(3):
        assert s.phase == "corporation" and s.current_player() == seat
        s.apply(s.legal_actions()[0])
    assert s.phase == "give" and s.current_player() == 0
    first, last = s.players[0], s.players[2]
    face = next(a[1] for a in s.legal_actions() if a[1] != "wild")
    assert ("give", "wild") in s.legal_actions()
    before = s.held(2).get(face, 0)
    s.apply(("give", face))
    assert s.held(2).get(face, 0) == before + 1 and sum(first.dice) == 0 and first.wilds == 1
    assert last.wilds == 1 and s.phase == "choose" and s.current_player() == 0
    s.check_invariants()


def test_the_penalty_is_skipped_when_the_first_player_holds_nothing() -> None:
    corps = [{"id": f"c{k}", "name": f"C{k}", "start": [{"do": "vp", "count": 1}],
              "production": {"yellow": 1}} for k in range(4)]
    s = MarsDiceEngine(world(corporations=corps)).new_game(
        2, random.Random(1), corporations=[["c0", "c1"], ["c2", "c3"]])
    starve(s, "yellow")  # the productions find no die, and no wild is left for a short pool
    s.players[-1].wilds, s.wild_supply = s.wild_supply, 0
    s.apply(("corporation", "c0"))
    s.apply(("corporation", "c2"))
    assert sum(s.players[0].dice) == 0 and s.players[0].wilds == 0
    assert s.phase == "choose" and s.current_player() == 0


def test_dice_are_rolled_only_when_gained_and_keep_their_face() -> None:
    s = new(world(), players=2, seed=11)
    s.apply(ACTIONS)
    s.apply(("take", "red"))
    s.apply(("take", "green"))
    kept = list(s.players[0].dice)
    for _ in range(6):  # seat 1 produces, seat 0 takes dice: seat 0's old dice never change
        produce(s)
        s.apply(ACTIONS), s.apply(("take", "yellow")), s.apply(("take", "blue"))
        assert all(a >= b for a, b in zip(s.players[0].dice, kept))
    assert [s.players[0].dice[i] for i in range(len(kept)) if kept[i]] == \
        [kept[i] for i in range(len(kept)) if kept[i]]


def test_faces_roll_with_the_weights_of_their_sides() -> None:
    s = new(world(dice=30), players=1, seed=2)
    counts: Counter[int] = Counter(s._roll(3) for _ in range(6000))
    heat, event, nuclear = (counts[sym(s, k)] for k in COLOURS["red"])
    assert 2700 < heat < 3300 and 1700 < event < 2300 and 800 < nuclear < 1200


# -- protocol -------------------------------------------------------------------------------------

def random_game(w: World, players: int, seed: int, limit: int = 400,
                check: bool = True) -> MarsDiceState:
    s = MarsDiceEngine(w, turn_limit=limit).new_game(players, random.Random(seed))
    bot = random.Random(seed + 7)
    while not s.is_terminal():
        seat = s.current_player()
        s.apply(bot.choice(list(s.legal_actions())))
        if check and (s.current_player() != seat or s.is_terminal()):
            s.check_invariants()
    return s


def test_invariants_hold_over_200_random_games_of_one_to_four_players() -> None:
    w = world([project("farm", "green", {"plant": 1}, production={"green": 1}),
               project("pump", "blue", {"water": 1}, storage=1,
                       actions=[{"timing": "main", "pay": {"steel": 1},
                                 "effects": [{"do": "tile", "tile": "ocean"}]},
                                {"timing": "free", "effects": [{"do": "turn", "count": 2}]}],
                       triggers=[{"on": "ocean", "effects": [{"do": "draw"}]}]),
               project("comet", "red", {"event": 1},
                       effects=[{"do": "raise", "track": "temperature", "steps": 2},
                                {"do": "tile", "tile": "city"}])],
              milestones=[{"id": "builder", "name": "B", "measure": {"count": "tiles"},
                           "at_least": 1},
                          {"id": "rich", "name": "R", "measure": {"count": "dice"},
                           "at_least": 8},
                          {"id": "green", "name": "G", "measure": {"count": "production"},
                           "at_least": 3}])
    reasons: Counter[str] = Counter()
    for seed in range(200):
        s = random_game(w, seed % 4 + 1, seed, limit=48)
        reasons[s.end_reason] += 1
        d = s.details()
        assert sum(d["player_turns"]) <= 48 and len(d["vp_by_source"]) == seed % 4 + 1
    assert set(reasons) <= {"globals", "solo-turns", "turn-limit"}


def test_check_invariants_catches_lost_dice_wilds_cards_and_tracks() -> None:
    for breakage in ("die", "wild", "card", "track", "tile"):
        s = new(world())
        s.check_invariants()
        if breakage == "die":
            s.players[0].dice[0] += 1
        elif breakage == "wild":
            s.wild_supply += 1
        elif breakage == "card":
            s.players[0].hand.pop()
        elif breakage == "track":
            s.tracks[0] = 8
        else:
            s.board[0] = 2
        with pytest.raises(InvariantError):
            s.check_invariants()


def test_a_copy_is_independent_and_plays_on_identically() -> None:
    s = random_game(world(), 3, 4, limit=10, check=False)
    s = MarsDiceEngine(world()).new_game(3, random.Random(9))
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    c = s.copy()
    before = (list(s.pool), [list(p.dice) for p in s.players], list(s.deck), s.turns)
    bot = random.Random(1)
    for _ in range(60):
        if c.is_terminal():
            break
        c.apply(bot.choice(list(c.legal_actions())))
    assert (list(s.pool), [list(p.dice) for p in s.players], list(s.deck), s.turns) == before
    # the same actions from the original give the same game as the copy's
    c2 = s.copy()
    bot_a, bot_b = random.Random(2), random.Random(2)
    for _ in range(60):
        if s.is_terminal():
            break
        a = bot_a.choice(list(s.legal_actions()))
        assert bot_b.choice(list(c2.legal_actions())) == a
        s.apply(a)
        c2.apply(a)
    assert s.scores() == c2.scores() and s.players[0].dice == c2.players[0].dice


def test_the_same_seed_gives_the_same_game() -> None:
    w = world()
    a = random_game(w, 4, 21, check=False)
    b = random_game(w, 4, 21, check=False)
    c = random_game(w, 4, 22, check=False)
    assert a.turns == b.turns and a.details() == b.details() and a.scores() == b.scores()
    assert (a.turns, a.details()) != (c.turns, c.details())


def test_describe_reads_well_and_does_not_change_the_game() -> None:
    w = world([project("aquifer-pumping", "red", {"steel": 2, "water": 1})])
    s = new(w)
    to_hand(s, 0, "aquifer-pumping")
    give(s, 0, wilds=1, steel=1, water=1)
    s.apply(ACTIONS)
    text = s.describe(("take", "red"))
    assert text.startswith("take red → ")
    s.apply(("take", "red"))
    assert text == f"take red → {next(k for k in dice_of(s, 0) if k in COLOURS['red'])}"
    assert s.describe(("play", "aquifer-pumping")) == \
        "play Aquifer Pumping (steel, water, wild)"
    assert s.describe(("turn", "wild", "steel", "city")) == "pay wild: turn steel → city"


@pytest.mark.skipif(not (SHIPPED / "mars-dice" / "rules.yaml").is_file(),
                    reason="the shipped Mars Dice content is not there yet")
def test_the_shipped_content_builds_a_world_and_plays() -> None:
    from pathlib import Path

    from cardkit.core.loading import load_game
    from cardkit.games.mars_dice.engine import make_engine

    content, _ = load_game("mars-dice", Path(SHIPPED))
    engine = make_engine(content)
    assert engine.world.projects and engine.world.corporations
    for players in (1, 2, 4):
        s = random_game(engine.world, players, players, limit=60)
        assert s.is_terminal()
