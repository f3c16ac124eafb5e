"""Terra Futura's engine, tested from the rule text (the Polish rulebook, seed 001, and the
rulings in ``shared/spec/terra_futura.md``) on small hand-made worlds, so the tests do not
depend on the shipped card set. Every expected number is worked out by hand from the rules."""

from __future__ import annotations

import random

import pytest

from cardkit.games.terra_futura.engine.display import Level
from cardkit.games.terra_futura.engine import DONE, KEEP, TerraFuturaEngine, TerraFuturaState
from cardkit.games.terra_futura.engine.world import UNLIMITED, CardFacts, OptionFacts, ScoringFacts, World
from cardkit.sim.protocol import IllegalAction, InvariantError

STORED = ("green", "red", "yellow", "food", "material", "goods", "money")
G, R, Y, FOOD, MAT, GOODS, MONEY = range(7)


def amt(**kw: int) -> tuple[int, ...]:
    return tuple(kw.get(name, 0) for name in STORED)


def opt(pay: dict[str, int] | None = None, gain: dict[str, int] | None = None,
        pay_any: int = 0, gain_any: int = 0, pollution: int = 0) -> OptionFacts:
    return OptionFacts(amt(**(pay or {})), amt(**(gain or {})), pay_any, gain_any, pollution)


#: a card that can never activate (it asks for money nobody has): the activation passes it by
IDLE = opt(pay={"money": 1}, gain={"money": 1})


def card(cid: str, *options: OptionFacts, level: str = "I", slots: int = 0,
         storage: int = UNLIMITED, first: bool = False) -> CardFacts:
    return CardFacts(cid, level, options or (IDLE,), slots, storage, first)


def world(*cards: CardFacts, start: tuple[CardFacts, ...] = (), placements: int = 3,
          scoring: tuple[ScoringFacts, ...] = ()) -> World:
    """A world with ``cards`` in level I, idle fillers in level II, idle starting cards."""
    fillers = tuple(card(f"filler-{k}", level="II") for k in range(40))
    starts = start or tuple(card(f"start-{k}", level="start") for k in range(5))
    scoring = scoring or (ScoringFacts("none-a", ((0, 0),), amt(money=9), 0, 1),
                          ScoringFacts("none-b", ((0, 0),), amt(money=9), 0, 1))
    every = (*starts, *cards, *fillers)
    return World(STORED, (0, 1, 2), (1, 1, 1, 5, 5, 6, 0), starts,
                 {"I": tuple(cards), "II": fillers}, scoring, placements, 4, 2, 1,
                 {c.id: c for c in every})


def new(w: World, players: int = 2, start: list[str] | None = None, seed: int = 1,
        scoring: list[list[str]] | None = None) -> TerraFuturaState:
    starts = start or [c.id for c in w.start[:players]]
    hands = scoring or [[s.id for s in w.scoring[:2]] for _ in range(players)]
    return TerraFuturaEngine(w).new_game(players, random.Random(seed), start=starts,
                                         scoring=hands)


def put(state: TerraFuturaState, cid: str) -> tuple[str, int]:
    """Move card ``cid`` to the front of its level's row (index 0), wherever it is."""
    for lv, level in state.levels.items():
        for pile in (level.deck, level.row, level.discard):
            if cid in pile:
                pile.remove(cid)
                level.row.insert(0, cid)
                return lv, 0
    raise AssertionError(f"{cid} is not on the table")


def place(state: TerraFuturaState, cid: str, pos: tuple[int, int]) -> None:
    """The seat to act keeps the rows, takes ``cid`` and places it at ``pos``."""
    state.apply(KEEP)
    state.apply(("take", *put(state, cid)))
    state.apply(("place", *pos))


def spare(state: TerraFuturaState) -> str:
    """An idle filler still in deck II."""
    return next(c for c in reversed(state.levels["II"].deck) if c.startswith("filler"))


def filler_turn(state: TerraFuturaState) -> None:
    """The seat to act places an idle filler at its first legal position."""
    fid = next(c for c in state.levels["II"].deck if c.startswith("filler"))
    seat = state.current_player()
    place(state, fid, state.players[seat].tableau.territory.legal_positions()[0])
    if state.phase == "activate" and state.current_player() == seat:
        state.apply(DONE)  # its starting card may offer something: skip it
    assert state.current_player() != seat or state.is_terminal()


def activate_first(state: TerraFuturaState, pos: tuple[int, int], option: int = 0) -> None:
    """Activate the card at ``pos`` with ``option`` (the first wildcard choice)."""
    action = next(a for a in state.legal_actions()
                  if a[0] == "activate" and a[1] == pos and a[2] == option)
    state.apply(action)


def held(state: TerraFuturaState, seat: int, pos: tuple[int, int]) -> list[int]:
    return state.players[seat].tableau.cards[pos].held


def gainer(cid: str, **gain: int) -> CardFacts:
    return card(cid, opt(gain=gain))


# -- placement and activation ----------------------------------------------------------------

def test_a_placement_activates_exactly_its_row_and_column_the_new_card_once() -> None:
    # S at (0,0), A at (0,1), B at (1,0); C at (1,1) activates row 1 (B, C) and column 1 (A, C)
    w = world(gainer("a", red=1), gainer("b", yellow=1), gainer("c", food=1),
              start=tuple(card(f"s{k}", opt(gain={"green": 1}), level="start")
                          for k in range(5)))
    s = new(w)
    place(s, "a", (0, 1))  # activates S and A
    assert s.pending == [(0, 0), (0, 1)]
    s.apply(DONE)
    filler_turn(s)
    place(s, "b", (1, 0))
    s.apply(DONE)
    filler_turn(s)
    place(s, "c", (1, 1))
    assert s.phase == "activate" and s.pending == [(0, 1), (1, 0), (1, 1)]
    cards = {a[1] for a in s.legal_actions() if a[0] == "activate"}
    assert cards == {(0, 1), (1, 0), (1, 1)}  # the starting card (0,0) is not activated
    for pos in ((1, 1), (0, 1), (1, 0)):
        activate_first(s, pos)
    assert held(s, 0, (0, 1))[R] == 1 and held(s, 0, (1, 0))[Y] == 1
    assert held(s, 0, (1, 1))[FOOD] == 1 and held(s, 0, (0, 0))[G] == 0
    assert s.players[0].activations == 3 and s.current_player() == 1


def test_the_ninth_card_activates_five_cards_each_once() -> None:
    w = world(*(gainer(f"g{k}", green=1) for k in range(8)), placements=8)
    s = new(w)
    # a full 3x3 around the starting card; the last card goes at (1, 0)
    order = [(0, 1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1), (1, 0)]
    for k, pos in enumerate(order):
        place(s, f"g{k}", pos)
        while s.phase == "activate" and s.current_player() == 0:
            if k < 7:
                s.apply(DONE)
            else:
                break
        if k < 7:
            filler_turn(s)
    # row 1: (1,-1), (1,0), (1,1); column 0: (-1,0), (0,0), (1,0)
    assert s.pending == [(-1, 0), (0, 0), (1, -1), (1, 0), (1, 1)]
    s.apply(("activate", (1, 0), 0, (), ()))
    assert not any(a[0] == "activate" and a[1] == (1, 0) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(("activate", (1, 0), 0, (), ()))
    for pos in ((1, -1), (1, 1), (-1, 0)):  # the starting card is idle
        s.apply(("activate", pos, 0, (), ()))
    assert s.phase != "activate"  # nothing left that can activate: the activation ended
    assert s.players[0].activations == 4
    assert len(s.players[0].tableau.cards) == 9


def test_an_inactive_card_neither_activates_nor_pays() -> None:
    w = world(gainer("p", red=2), card("q", opt(gain={"green": 1}, pollution=1)),
              card("r", opt(pay={"red": 1}, gain={"food": 1})))
    s = new(w)
    place(s, "p", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "q", (1, 1))  # column 1: P and Q
    activate_first(s, (1, 1))
    assert s.phase == "pollute"
    assert {a[1] for a in s.legal_actions()} == {(0, 0), (0, 1), (1, 1)}
    s.apply(("pollute", (0, 1)))  # P has no slot: the cube goes to its centre
    p = s.players[0].tableau.cards[(0, 1)]
    assert not p.active and p.centre == 1
    # P is still pending but inactive: nothing is offered, the activation ends by itself
    assert s.current_player() == 1
    filler_turn(s)
    place(s, "r", (0, -1))  # row 0: R, S, P — R needs red, which lies only on inactive P
    assert s.current_player() == 1 and s.players[0].activations == 2
    assert p.held[R] == 2 and held(s, 0, (0, -1))[FOOD] == 0
    # the red on P does not score, and P costs its polluted-card point
    b = s.breakdown(0)
    assert (b.resources, b.polluted, b.total) == (1, 1, 0)  # Q's green, minus P


def test_a_slot_absorbs_a_cube_and_still_costs_its_point_and_a_full_slot_sends_the_next_to_the_centre() -> None:
    w = world(card("slot", opt(gain={"food": 1}), slots=1),
              card("dirty", opt(gain={"green": 1}, pollution=1)))
    s = new(w)
    place(s, "slot", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "dirty", (0, 2))  # row 0: S, slot, dirty
    activate_first(s, (0, 2))
    s.apply(("pollute", (0, 1)))
    c = s.players[0].tableau.cards[(0, 1)]
    assert (c.slot, c.centre, c.active) == (1, 0, True)
    # still active: it can be activated in the same activation
    assert any(a[0] == "activate" and a[1] == (0, 1) for a in s.legal_actions())
    activate_first(s, (0, 1))
    # food 2 (10) + green 1 (1) - 1 polluted card
    assert s.breakdown(0).total == 10
    filler_turn(s)
    place(s, spare(s), (1, 2))  # column 2: dirty and the filler
    activate_first(s, (0, 2))
    s.apply(("pollute", (0, 1)))  # the slot is full: into the centre
    assert (c.slot, c.centre, c.active) == (1, 1, False)
    # the food on it is lost; still one polluted card; green 2
    assert s.breakdown(0).total == 2 - 1


def test_the_territory_stays_within_3x3_and_cards_go_next_to_cards() -> None:
    s = new(world(gainer("a", red=1), gainer("b", red=1)))
    place(s, "a", (0, 1))
    s.apply(DONE)
    filler_turn(s)
    s.apply(KEEP)
    s.apply(("take", *put(s, "b")))
    legal = {a[1:] for a in s.legal_actions()}
    assert legal == {(-1, 0), (-1, 1), (1, 0), (1, 1), (0, -1), (0, 2)}
    s.apply(("place", 0, 2))
    s.apply(DONE)
    filler_turn(s)
    s.apply(KEEP)
    s.apply(("take", "II", 0))
    # three in a row: no fourth column either side; rows above or below only
    legal = {a[1:] for a in s.legal_actions()}
    assert legal == {(-1, 0), (-1, 1), (-1, 2), (1, 0), (1, 1), (1, 2)}
    for bad in ((0, 3), (0, -1), (2, 0), (0, 1)):
        with pytest.raises(IllegalAction):
            s.apply(("place", *bad))


# -- the display ------------------------------------------------------------------------------

def stacked(s: TerraFuturaState) -> None:
    """Level I: row a b c d (a beside the deck), deck top e then f."""
    s.levels["I"] = Level(["x", "y", "f", "e"], ["a", "b", "c", "d"], [])


def test_discarding_removes_the_far_card_shifts_and_refills_once_a_turn() -> None:
    s = new(world(*(gainer(i, red=1) for i in "abcdefxy")))
    stacked(s)
    assert ("discard", "I") in s.legal_actions() and KEEP in s.legal_actions()
    s.apply(("discard", "I"))
    assert s.levels["I"].row == ["e", "a", "b", "c"] and s.levels["I"].discard == ["d"]
    assert s.phase == "take" and not any(a[0] == "discard" for a in s.legal_actions())
    s.check_invariants()


def test_taking_a_face_up_card_closes_the_gap_and_refills_beside_the_deck() -> None:
    s = new(world(*(gainer(i, red=1) for i in "abcdefxy")))
    stacked(s)
    s.apply(KEEP)
    s.apply(("take", "I", 1))
    assert s.hand == "b" and s.levels["I"].row == ["e", "a", "c", "d"]
    assert s.players[0].taken == ["b"]


def test_taking_the_top_card_leaves_the_row_and_an_empty_deck_reshuffles_its_discards() -> None:
    s = new(world(*(gainer(i, red=1) for i in "abcdefxy")))
    stacked(s)
    s.apply(KEEP)
    s.apply(("top", "I"))
    assert s.hand == "e" and s.levels["I"].row == ["a", "b", "c", "d"]
    s.apply(("place", 0, 1))
    s.apply(DONE)
    s.levels["I"] = Level([], ["a", "b", "c", "d"], ["f"])
    s.apply(KEEP)
    assert ("top", "I") in s.legal_actions()
    s.apply(("top", "I"))  # the discard pile (just f) becomes the deck
    assert s.hand == "f" and s.levels["I"].discard == [] and s.levels["I"].deck == []
    s.levels["I"] = Level([], ["a", "b", "c", "d"], [])
    s.levels["I"].deck.extend(["x", "y"])  # keep every card somewhere for the invariants
    s.check_invariants()


# -- storage, supply, wildcards ----------------------------------------------------------------

def test_storage_limits_what_a_free_option_gains() -> None:
    w = world(card("barn", opt(gain={"green": 3}), storage=2))
    s = new(w)
    place(s, "barn", (0, 1))
    activate_first(s, (0, 1))
    assert held(s, 0, (0, 1))[G] == 2  # the third does not fit: nothing was paid for it


def test_wildcards_offer_every_raw_multiset_the_player_can_pay_and_gain() -> None:
    w = world(gainer("gr", green=1, red=1),
              card("mill", opt(pay_any=1, gain={"food": 1}), opt(gain_any=2)))
    s = new(w)
    place(s, "gr", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "mill", (0, 2))
    mill = [a for a in s.legal_actions() if a[0] == "activate" and a[1] == (0, 2)]
    assert {(a[2], a[3], a[4]) for a in mill} == {
        (0, (G,), ()), (0, (R,), ()),  # no yellow to pay with
        (1, (), (G, G)), (1, (), (G, R)), (1, (), (G, Y)), (1, (), (R, R)), (1, (), (R, Y)),
        (1, (), (Y, Y))}
    s.apply(("activate", (0, 2), 0, (R,), ()))
    assert held(s, 0, (0, 1))[:3] == [1, 0, 0] and held(s, 0, (0, 2))[FOOD] == 1
    s.apply(DONE)  # gr could still activate
    filler_turn(s)
    place(s, spare(s), (1, 2))
    s.apply(("activate", (0, 2), 1, (), (R, Y)))
    assert held(s, 0, (0, 2))[:4] == [0, 1, 1, 1]


def test_paying_takes_from_other_active_cards_in_reading_order_the_activated_card_last() -> None:
    w = world(gainer("g1", green=1), card("conv", opt(gain={"green": 1}),
                                          opt(pay={"green": 2}, gain={"goods": 1})))
    s = new(w)
    place(s, "g1", (0, 1))
    activate_first(s, (0, 1))
    filler_turn(s)
    place(s, "conv", (0, 2))
    activate_first(s, (0, 2), 0)  # conv gains a green of its own
    s.apply(DONE)  # g1 could still activate
    filler_turn(s)
    place(s, spare(s), (1, 2))
    activate_first(s, (0, 2), 1)  # 2 green: g1's first (reading order), then conv's own
    assert held(s, 0, (0, 1))[G] == 0 and held(s, 0, (0, 2))[G] == 0
    assert held(s, 0, (0, 2))[GOODS] == 1


# -- the final phase and scoring ---------------------------------------------------------------

def test_the_final_pattern_activates_positions_of_the_finished_grid_and_scores_by_hand() -> None:
    # seat 0 builds up and to the left, so its starting card ends bottom-right at (0,0) and the
    # grid's top-left is (-2,-2). Pattern "X.. / ... / ..X" names (-2,-2) and (0,0).
    corners = ScoringFacts("corners", ((0, 0), (2, 2)), amt(green=1, red=1), 0, 4)
    food2 = ScoringFacts("food-pair", ((1, 1),), amt(food=2), 0, 9)
    starts = tuple(card(f"s{k}", opt(gain={"green": 1}), level="start", slots=1)
                   for k in range(5))
    cards = [card("corner", opt(gain={"red": 1})), card("farm", opt(gain={"food": 1}))]
    cards += [card(f"i{k}") for k in range(14)]
    w = world(*cards, start=starts, placements=8, scoring=(corners, food2))
    s = new(w, scoring=[["corners", "food-pair"], ["food-pair", "corners"]])
    seq = [("farm", (0, -1)), ("i0", (0, -2)), ("i1", (-1, 0)), ("i2", (-1, -1)),
           ("i3", (-1, -2)), ("corner", (-2, -2)), ("i4", (-2, -1)), ("i5", (-2, 0))]
    for cid, pos in seq:
        place(s, cid, pos)
        if s.current_player() == 0:
            s.apply(DONE)
        filler_turn(s)
    # seat 0 never activated anything
    assert s.phase == "pattern" and s.current_player() == 0
    s.apply(("pattern", 0))
    assert s.pending == [(-2, -2), (0, 0)]
    activate_first(s, (-2, -2))
    activate_first(s, (0, 0))
    assert s.phase == "method"
    s.apply(("method", 0))
    # seat 1: pattern of food-pair (the centre of its grid), method corners
    assert s.current_player() == 1
    s.apply(("pattern", 1))
    if s.phase == "activate":
        s.apply(DONE)
    s.apply(("method", 1))
    assert s.is_terminal() and s.end_reason == "territories"
    b = s.breakdown(0)
    # green 1 + red 1 = 2 points, one corners set = 4 points, no pollution
    assert (b.resources, b.sets, b.set_points, b.polluted, b.total) == (2, 1, 4, 0, 6)
    assert s.scores() == [6.0, 0.0]
    assert s.turns == 16
    d = s.details()["seats"][0]
    assert (d["pattern"], d["method"], d["activations"]) == ("corners", "corners", 2)
    assert d["taken"] == [c for c, _ in seq]


def test_the_seat_holding_the_marked_starting_card_plays_first() -> None:
    starts = tuple(card(f"s{k}", level="start", first=(k == 3)) for k in range(5))
    scoring = tuple(ScoringFacts(f"m{k}", ((0, 0),), amt(food=1), 0, 1) for k in range(8))
    w = world(start=starts, scoring=scoring)
    s = new(w, players=3, start=["s0", "s3", "s1"])
    assert s.order == [1, 2, 0] and s.current_player() == 1
    engine = TerraFuturaEngine(w)
    for seed in range(30):
        st = engine.new_game(4, random.Random(seed))
        ids = [p.tableau.cards[(0, 0)].facts.id for p in st.players]
        assert "s3" in ids and len(set(ids)) == 4
        assert st.current_player() == ids.index("s3")
        assert all(len(p.scoring) == 2 for p in st.players)
        assert len({k for p in st.players for k in p.scoring}) == 8  # dealt without repeats


# -- whole games -------------------------------------------------------------------------------

def busy_world() -> World:
    r = random.Random(7)
    cards = []
    for k in range(30):
        options = []
        for _ in range(r.choice((1, 2))):
            kind = r.random()
            if kind < 0.4:
                options.append(opt(gain={r.choice(STORED[:3]): r.randint(1, 2)},
                                   pollution=r.choice((0, 1))))
            elif kind < 0.7:
                options.append(opt(pay={r.choice(STORED[:3]): 1}, pay_any=r.choice((0, 1)),
                                   gain={r.choice(STORED[3:6]): 1}, pollution=r.choice((0, 2))))
            else:
                options.append(opt(gain_any=r.randint(1, 2), pollution=r.choice((0, 1))))
        cards.append(card(f"c{k}", *options, slots=r.choice((0, 1, 2)),
                          storage=r.choice((UNLIMITED, 2, 3))))
    starts = tuple(card(f"s{k}", opt(gain_any=1), level="start", slots=1, first=k == 0)
                   for k in range(5))
    scoring = tuple(ScoringFacts(f"m{k}", ((0, k % 3), (1, 1), (2, 2 - k % 3)),
                           amt(food=1, goods=k % 2), k % 3, 3 + k) for k in range(10))
    return world(*cards, start=starts, placements=8, scoring=scoring)


def test_random_games_of_two_to_five_keep_every_invariant() -> None:
    engine = TerraFuturaEngine(busy_world())
    for game in range(24):
        players = 2 + game % 4
        r = random.Random(game)
        s = engine.new_game(players, r)
        with pytest.raises(IllegalAction):
            s.apply(("place", 5, 5))
        while not s.is_terminal():
            s.apply(r.choice(list(s.legal_actions())))
            s.check_invariants()
        assert s.turns == 8 * players and s.end_reason == "territories"
        assert all(len(p.tableau.cards) == 9 for p in s.players)
        assert s.legal_actions() == []


def test_check_invariants_catches_a_lost_cube_an_overfull_card_and_spending_from_an_inactive_one() -> None:
    s = new(world(gainer("a", red=1)))
    s.players[0].pollution += 1  # a cube counted as placed but on no card
    with pytest.raises(InvariantError, match="pollution"):
        s.check_invariants()
    start = s.players[0].tableau.cards[(0, 0)]
    start.held[G] = 200
    with pytest.raises(InvariantError, match="holds"):
        s.check_invariants()
    start.held[G] = 2
    s.players[0].tableau.pollute((0, 0))  # no slot: the centre; the card turns inactive
    s.check_invariants()
    start.held[G] -= 1  # spending from an inactive card
    with pytest.raises(InvariantError, match="inactive"):
        s.check_invariants()


def test_a_copy_is_independent_of_the_original() -> None:
    engine = TerraFuturaEngine(busy_world())
    r = random.Random(3)
    s = engine.new_game(3, r)
    for _ in range(12):
        s.apply(r.choice(list(s.legal_actions())))
    before = (s.turns, s.phase, [dict((p, list(c.held)) for p, c in pl.tableau.cards.items())
                                 for pl in s.players], list(s.levels["I"].row))
    clone = s.copy()
    rc = random.Random(4)
    while not clone.is_terminal():
        clone.apply(rc.choice(list(clone.legal_actions())))
    after = (s.turns, s.phase, [dict((p, list(c.held)) for p, c in pl.tableau.cards.items())
                                for pl in s.players], list(s.levels["I"].row))
    assert before == after and not s.is_terminal() and clone.is_terminal()
    s.check_invariants()


def test_describe_names_cards_and_resources() -> None:
    w = world(gainer("gr", green=1, red=1), card("mill", opt(gain_any=2)))
    s = new(w)
    s.levels["I"].row.remove("mill")
    s.levels["I"].row.insert(0, "mill")
    assert s.describe(KEEP) == "keep both rows"
    assert s.describe(("take", "I", 0)) == "take mill (row I #0)"
    s.apply(KEEP)
    s.apply(("take", "I", 0))
    assert s.describe(("place", 0, 1)) == "place mill at r0c1"
    s.apply(("place", 0, 1))
    assert s.describe(("activate", (0, 1), 0, (), (R, Y))) == \
        "activate mill option 0 (gain red+yellow)"


def test_scoring_sets_count_wildcards_from_the_raw_materials_left() -> None:
    # any 3 raw materials: green 3, red 2, yellow 2 = 7 raw -> 2 sets
    assert ScoringFacts("m", (), amt(), 3, 5).sets(list(amt(green=3, red=2, yellow=2)), (0, 1, 2)) == 2
    # goods + any 2 raw: goods 3 but 5 raw -> 2 sets; 1 goods -> 1 set
    combo = ScoringFacts("m", (), amt(goods=1), 2, 5)
    assert combo.sets(list(amt(goods=3, green=4, red=1)), (0, 1, 2)) == 2
    assert combo.sets(list(amt(goods=1, green=4, red=1)), (0, 1, 2)) == 1
    # green + any raw: the set's own green is not a wildcard too: green 2 -> 1 set
    mixed = ScoringFacts("m", (), amt(green=1), 1, 2)
    assert mixed.sets(list(amt(green=2)), (0, 1, 2)) == 1
    assert mixed.sets(list(amt(green=3, red=1)), (0, 1, 2)) == 2
    assert ScoringFacts("m", (), amt(), 0, 5).sets(list(amt(green=9)), (0, 1, 2)) == 0
