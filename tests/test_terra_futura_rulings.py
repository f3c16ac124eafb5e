"""Terra Futura rules v2 (issue 36), each test written from the rulebook's sentence (Polish
rulebook, seed 001) it enforces: the box is no limit for pollution, paying is the player's
choice, a gain that cannot be taken is not paid for, one pollution area per card."""

from __future__ import annotations

import random
from pathlib import Path

from cardkit.core.loading import load_game
from cardkit.games.terra_futura.bots import GreedyBot
from cardkit.games.terra_futura.engine import TerraFuturaEngine, TerraFuturaState, make_engine
from cardkit.games.terra_futura.engine.world import CardFacts, ScoringFacts

from .conftest import SHIPPED, check_dir, content_maker
from .test_terra_futura_engine import (DONE, FOOD, R, activate_first, amt, card, filler_turn, gainer,
                                       held, new, opt, place, world)


# "Jeżeli otrzymujesz czarną kostkę, która reprezentuje zanieczyszczenie, musisz umieścić ją na
# jednej ze swoich kart." — and no rule for running out: 25 cubes in the box are not a limit.
def test_at_five_players_every_cube_is_placed_past_the_box_of_25() -> None:
    dirty = tuple(card(f"d{k}", opt(gain={"green": 1}, pollution=1), slots=k % 2)
                  for k in range(30))
    methods = tuple(ScoringFacts(f"m{k}", ((0, 0),), amt(food=1), 0, 1) for k in range(10))
    engine = TerraFuturaEngine(world(*dirty, placements=8, scoring=methods))
    most = 0
    for seed in range(3):
        r = random.Random(seed)
        s = engine.new_game(5, r)
        while not s.is_terminal():
            seat, before = s.current_player(), s.me.unplaced
            s.apply(r.choice(list(s.legal_actions())))
            if s.players[seat].unplaced > before:  # only when no active card is left
                assert not s.players[seat].tableau.active_cards()
            s.check_invariants()
        most = max(most, sum(p.pollution for p in s.players))
    assert most > 25


def test_shipped_five_player_games_never_run_out_of_pollution_cubes() -> None:
    engine = make_engine(load_game("terra-futura", SHIPPED)[0])
    bot = GreedyBot()
    placed = []
    for seed in range(3):
        r = random.Random(seed)
        s = engine.new_game(5, r)
        while not s.is_terminal():
            s.apply(bot.choose(s, s.current_player(), r))
        placed.append(sum(p.pollution for p in s.players))
        assert all(p.unplaced == 0 or not p.tableau.active_cards() for p in s.players)
    assert max(placed) > 25, placed


# "Płacąc za efekty zabierasz z kart swoje zasoby." — the player takes them: which card pays
# is the player's choice, not the engine's.
def test_the_player_chooses_which_card_pays() -> None:
    w = world(gainer("w1", red=1), gainer("w2", red=1),
              card("mill", opt(pay={"red": 1}, gain={"food": 1})))
    s = new(w)
    place(s, "w1", (0, 1))
    activate_first(s, (0, 1))
    finish(s)
    filler_turn(s)
    place(s, "w2", (0, 2))  # row 0: start, w1, w2 — w2 gains a red
    activate_first(s, (0, 2))
    finish(s)
    filler_turn(s)
    place(s, "mill", (1, 1))  # column 1: w1, mill (row 1: mill alone)
    activate_first(s, (1, 1))
    assert s.phase == "pay"
    assert set(s.legal_actions()) == {("pay", R, (0, 1)), ("pay", R, (0, 2))}
    s.apply(("pay", R, (0, 2)))
    assert held(s, 0, (0, 1))[R] == 1 and held(s, 0, (0, 2))[R] == 0
    assert held(s, 0, (1, 1))[FOOD] == 1


def test_no_payment_decision_where_there_is_no_choice() -> None:
    w = world(gainer("w1", red=2), card("mill", opt(pay={"red": 1}, gain={"food": 1})))
    s = new(w)
    place(s, "w1", (0, 1))
    activate_first(s, (0, 1))
    finish(s)
    filler_turn(s)
    place(s, "mill", (1, 1))
    activate_first(s, (1, 1))
    assert s.phase != "pay" and held(s, 0, (0, 1))[R] == 1


# "Umieść zdobyte zasoby na kartach, które je zapewniają." — a gain the card cannot hold
# (its printed "max N") cannot be taken, so it is not paid for.
def test_an_option_whose_gain_cannot_fit_is_not_offered() -> None:
    mill = CardFacts("mill", "I", (opt(gain={"red": 2}), opt(pay={"red": 1}, gain={"food": 2})),
                     0, 2, False)
    s = new(world(gainer("w1", red=1), mill))
    place(s, "w1", (0, 1))
    activate_first(s, (0, 1))
    finish(s)
    filler_turn(s)
    place(s, "mill", (0, 2))  # row 0: start, w1, mill
    activate_first(s, (0, 2), option=0)  # the mill fills up: 2 red, its storage
    assert held(s, 0, (0, 2))[R] == 2
    finish(s)
    filler_turn(s)
    place(s, _filler(s), (1, 2))  # column 2: the mill again
    # the mill could pay 1 red (from w1 or itself) but 2 food never fit a card of 2 holding 1
    offered = [a for a in s.legal_actions() if a[0] == "activate" and a[1] == (0, 2)]
    assert [a[2] for a in offered] == [0]


def test_the_activated_card_pays_what_makes_room_for_its_gain() -> None:
    mill = CardFacts("mill", "I", (opt(gain={"red": 1}), opt(pay={"red": 1}, gain={"food": 2})),
                     0, 2, False)
    s = new(world(gainer("w1", red=1), mill))
    place(s, "w1", (0, 1))
    activate_first(s, (0, 1))
    finish(s)
    filler_turn(s)
    place(s, "mill", (0, 2))
    activate_first(s, (0, 2), option=0)  # mill: 1 red of 2
    finish(s)
    filler_turn(s)
    place(s, _filler(s), (1, 2))  # column 2: mill again
    activate_first(s, (0, 2), option=1)
    # paying from w1 would leave no room for 2 food: the mill pays, no decision asked
    assert s.phase != "pay"
    assert held(s, 0, (0, 2))[FOOD] == 2 and held(s, 0, (0, 1))[R] == 1


# "Niektóre z nich potrafią wchłonąć zanieczyszczenie – mają specjalne oznaczenie w górnym rogu.
# Jeśli umieścisz kostkę zanieczyszczenia na tym polu…" — one marked area, one cube.
def test_a_card_has_at_most_one_pollution_area(tmp_path: Path) -> None:
    make = content_maker(tmp_path, "terra-futura", "tf-content")
    base = make()
    level1 = base / "terra-futura" / "cards" / "territory" / "level-1.yaml"
    text = level1.read_text("utf-8")
    line = text[:text.index("slots: 1")].count("\n") + 1
    level1.write_text(text.replace("slots: 1", "slots: 2", 1), "utf-8")
    found = [(d.code, d.line) for d in check_dir(base, "terra-futura").diagnostics]
    assert found and all(code.startswith("SCH") and at == line for code, at in found), found


def test_no_shipped_card_has_two_pollution_areas() -> None:
    content, _ = load_game("terra-futura", SHIPPED)
    assert max(r.obj.slots for r in content.of("cards")) == 1


def finish(s: TerraFuturaState) -> None:
    """Seat 0 ends its activation (skips the cards still pending)."""
    if s.phase == "activate" and s.current_player() == 0:
        s.apply(DONE)


def _filler(s: TerraFuturaState) -> str:
    return next(c for c in s.levels["II"].deck if c.startswith("filler"))
