"""Cartographers' season engine, tested from the rule texts (shared/spec/cartographers.md, the
facts file §1.6–1.8 and the Polish rules in seed 004). Every expected board or number below is
worked out by hand from the rules, with the deck stacked through ``new_game(order=...)``."""

from __future__ import annotations

import random

import pytest

from cardkit.core.loading import load_game
from cardkit.games.cartographers.engine.ambush import ring_positions, solo_placement, walk
from cardkit.games.cartographers.engine.board import DRAWABLE, Board, bit, cells_of, mask_of
from cardkit.games.cartographers.bots import GreedyBot, RandomBot
from cardkit.games.cartographers.engine import SKIP, CartographersState, make_engine
from cardkit.games.cartographers.engine.scoring import RULES, monster_penalty
from cardkit.games.cartographers.engine.shapes import parse
from cardkit.sim.protocol import IllegalAction

from .conftest import SHIPPED

EDICTS = {"A": "sentinel-wood", "B": "greenbough", "C": "borderlands", "D": "the-cauldrons"}


@pytest.fixture(scope="module")
def engine():  # type: ignore[no-untyped-def]
    content, _ = load_game("cartographers", SHIPPED)
    return make_engine(content)


def game(engine, players: int = 1, order: list[str] | None = None,  # type: ignore[no-untyped-def]
         seed: int = 1) -> CartographersState:
    return engine.new_game(players, random.Random(seed), edicts=EDICTS, order=order)


def first(state: CartographersState) -> None:
    """Play the first legal action (a deterministic stand-in for a player)."""
    state.apply(state.legal_actions()[0])


def cells(mask: int) -> set[tuple[int, int]]:
    return set(cells_of(mask))


# -- drawing ------------------------------------------------------------------------------------

def test_a_drawing_offers_every_terrain_and_shape_option_rotated_and_mirrored(engine) -> None:
    # Orchard: forest OR farm, one L-tetromino; an L has 8 orientations
    state = game(engine, order=["orchard"])
    actions = state.legal_actions()
    assert {a[1] for a in actions} == {"forest", "farm"}
    assert {a[2] for a in actions} == {0}
    shapes = {frozenset(cells(a[3])) for a in actions}
    assert all(len(s) == 4 for s in shapes)
    # no drawing covers a mountain (map A: (1,3), (2,8), (5,5), (8,2), (9,7))
    mountains = {(1, 3), (2, 8), (5, 5), (8, 2), (9, 7)}
    assert not any(s & mountains for s in shapes)
    # the L at the top-left corner in all orientations that fit there: the 4 cells of
    # "XXX/..X" at rows 0-1, cols 0-2 must be offered
    assert frozenset({(0, 0), (0, 1), (0, 2), (1, 2)}) in shapes
    assert frozenset({(0, 0), (1, 0), (2, 0), (0, 1)}) in shapes  # rotated


def test_a_coin_shape_fills_a_coin_and_the_other_shape_does_not(engine) -> None:
    state = game(engine, order=["great-river", "farmland"])
    coin = next(a for a in state.legal_actions() if a[2] == 0)   # straight 3, coin
    state.apply(coin)
    assert state.sheets[0].shape_coins == 1
    plain = next(a for a in state.legal_actions() if a[2] == 1)  # the plus, no coin
    state.apply(plain)
    assert state.sheets[0].shape_coins == 1


def test_a_drawing_may_not_overlap_or_repeat(engine) -> None:
    state = game(engine, order=["fishing-village", "fishing-village"])
    action = ("draw", "village", 0, mask_of([(0, 0), (0, 1), (0, 2), (0, 3)]))
    assert action in state.legal_actions()
    state.apply(action)
    with pytest.raises(IllegalAction):
        state.apply(("draw", "water", 0, mask_of([(0, 3), (0, 4), (0, 5), (0, 6)])))
    with pytest.raises(IllegalAction):
        state.apply(("draw", "forest", 0, mask_of([(1, 0), (1, 1), (1, 2), (1, 3)])))


def test_when_no_shape_fits_a_1x1_of_any_terrain_goes_anywhere(engine) -> None:
    # a sheet with only single empty spaces left (a checkerboard of holes): the I-tetromino of
    # Fishing Village fits nowhere, so every empty space in every terrain is offered
    state = game(engine, order=["fishing-village"])
    base = state.sheets[0].board
    holes = {(r, c) for r in range(11) for c in range(11) if (r + c) % 2 == 0}
    forest = mask_of((r, c) for r in range(11) for c in range(11)
                     if (r, c) not in holes) & base.empty
    board = base.drawn("forest", forest)
    state.sheets[0].board = board
    state._legal = None
    actions = state.legal_actions()
    empty = cells(board.empty)
    assert {(a[1], a[2], next(iter(cells(a[3])))) for a in actions} == \
        {(t, -1, cell) for t in DRAWABLE for cell in empty}
    state.apply(actions[0])
    assert state.sheets[0].no_fit == 1 and state.sheets[0].shape_coins == 0


# -- ruins ------------------------------------------------------------------------------------

def test_after_a_ruins_card_the_shape_must_cover_a_ruins_space(engine) -> None:
    state = game(engine, order=["temple-ruins", "fishing-village"])
    ruins = cells(state.sheets[0].board.ruins)
    assert ruins == {(1, 5), (2, 1), (2, 9), (8, 1), (8, 9), (9, 5)}
    actions = state.legal_actions()
    assert actions and all(cells(a[3]) & ruins for a in actions)
    # the horizontal I through (1,5): cols 2-5 .. 5-8 on row 1, but (1,3) is a mountain
    row1 = {frozenset(cells(a[3])) for a in actions if {r for r, _ in cells(a[3])} == {1}}
    assert row1 == {frozenset({(1, c) for c in range(s, s + 4)}) for s in (4, 5)}


def test_ruins_that_cannot_be_covered_give_a_1x1_of_any_terrain_anywhere(engine) -> None:
    state = game(engine, order=["temple-ruins", "fishing-village"])
    # cover every ruins space with farm first: now no option can cover a ruins space
    board = state.sheets[0].board
    state.sheets[0].board = board.drawn("farm", board.ruins)
    state._legal = None
    actions = state.legal_actions()
    empty = cells(state.sheets[0].board.empty)
    assert {(a[1], a[2]) for a in actions} == {(t, -1) for t in DRAWABLE}
    assert {next(iter(cells(a[3]))) for a in actions} == empty
    state.apply(("draw", "water", -1, bit(0, 0)))
    assert state.sheets[0].ruins_fallback == 1 and state.sheets[0].no_fit == 0


def test_the_ruins_requirement_lasts_one_explore_card(engine) -> None:
    state = game(engine, order=["outpost-ruins", "hamlet", "fishing-village"])
    first(state)
    ruins = cells(state.sheets[0].board.ruins)
    assert any(not cells(a[3]) & ruins for a in state.legal_actions())


def test_two_ruins_cards_chain_and_an_ambush_between_keeps_the_requirement(engine) -> None:
    state = game(engine, players=2,
                 order=["temple-ruins", "outpost-ruins", "kobold-onslaught", "fishing-village"])
    assert state.phase == "monster"
    while state.phase == "monster":
        first(state)
    ruins = cells(state.sheets[0].board.ruins)
    assert state.card.id == "fishing-village" and state.ruins
    assert all(cells(a[3]) & ruins for a in state.legal_actions())


# -- ambushes ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("ambush", "queue"), [
    # clockwise (Bugbear, Kobold): sheet s goes to seat s + 1, who draws on it
    ("bugbear-assault", [(0, 2), (1, 0), (2, 1)]),
    ("kobold-onslaught", [(0, 2), (1, 0), (2, 1)]),
    # counterclockwise (Goblin, Gnoll): sheet s goes to seat s - 1
    ("goblin-attack", [(0, 1), (1, 2), (2, 0)]),
    ("gnoll-raid", [(0, 1), (1, 2), (2, 0)]),
])
def test_an_ambush_passes_each_sheet_in_the_arrows_direction(engine, ambush: str,
                                                             queue: list[tuple[int, int]]) -> None:
    state = game(engine, players=3, order=[ambush, "hamlet"])
    assert state.phase == "monster" and state.queue == queue
    for actor, victim in queue:
        assert state.current_player() == actor
        actions = state.legal_actions()
        assert {a[1] for a in actions} == {victim} and all(a[0] == "monster" for a in actions)
        state.apply(actions[0])
        assert state.sheets[victim].board.monster == actions[0][2]
    # the ambush leaves the game and play goes on with the next card
    assert state.ambushes == [ambush] and state.card.id == "hamlet"


def test_the_monster_may_be_rotated_by_an_opponent(engine) -> None:
    state = game(engine, players=2, order=["goblin-attack", "hamlet"])
    shapes = {frozenset(cells(a[2])) for a in state.legal_actions()}
    assert frozenset({(0, 0), (1, 1), (2, 2)}) in shapes
    assert frozenset({(0, 2), (1, 1), (2, 0)}) in shapes  # mirrored


def test_a_hurtful_ambush_puts_monsters_next_to_as_many_empty_spaces_as_possible(engine) -> None:
    state = game(engine, players=2, order=["kobold-onslaught", "hamlet"])
    bot = GreedyBot()
    victim = state.sheet_index
    action = bot.choose(state, state.current_player(), random.Random(0))
    best = max(monster_penalty(state.sheets[victim].board.drawn("monster", a[2]))
               for a in state.legal_actions())
    assert monster_penalty(state.sheets[victim].board.drawn("monster", action[2])) == best
    # a T-tetromino away from everything touches 8 empty spaces; nothing can beat that
    assert best == 8


# -- the solo corner walk ---------------------------------------------------------------------

def test_the_solo_ambush_starts_in_its_corner_without_rotating(engine) -> None:
    board = engine.world.maps["A"]
    gnoll = parse(["XX", "X.", "XX"])
    # top-left, nothing drawn: the shape as printed with its box at (0, 0); (2,1) is a ruins
    # space, which is empty, so the monster may cover it
    assert cells(solo_placement(board, gnoll, "top-left", False)) == \
        {(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)}


def test_the_solo_walk_follows_the_arrow_along_the_edge(engine) -> None:
    board = engine.world.maps["A"].drawn("forest", bit(0, 0))
    gnoll = parse(["XX", "X.", "XX"])
    # counterclockwise from the top-left corner runs down the left edge: next box at (1, 0)
    assert cells(solo_placement(board, gnoll, "top-left", False)) == \
        {(1, 0), (1, 1), (2, 0), (3, 0), (3, 1)}
    # clockwise runs along the top edge: next box at (0, 1)
    assert cells(solo_placement(board, gnoll, "top-left", True)) == \
        {(0, 1), (0, 2), (1, 1), (2, 1), (2, 2)}


def test_the_solo_walk_moves_one_ring_inward_when_the_edge_is_full(engine) -> None:
    base = engine.world.maps["A"]
    edge = mask_of([(r, c) for r in range(11) for c in range(11) if r in (0, 10) or c in (0, 10)])
    board = base.drawn("forest", edge & base.empty)
    goblin = parse(["X..", ".X.", "..X"])
    # every box flush with the edge has a diagonal cell on the edge; ring 1 starts at the
    # bottom-right: box (7, 7), cells (7,7) (8,8) (9,9), all empty on map A
    assert cells(solo_placement(board, goblin, "bottom-right", False)) == \
        {(7, 7), (8, 8), (9, 9)}


def test_a_solo_ambush_that_never_fits_is_ignored(engine) -> None:
    state = game(engine, order=["hamlet"])
    base = state.sheets[0].board
    holes = mask_of((r, c) for r in range(11) for c in range(11) if (r + c) % 2 == 0)
    state.sheets[0].board = base.drawn("forest", base.empty & ~holes)
    board = state.sheets[0].board
    kobold = next(c for c in engine.world.ambush if c.id == "kobold-onslaught")
    assert solo_placement(board, kobold.shapes[0], "bottom-left", True) is None
    assert not state._ambush(kobold)  # resolved at once, nothing asked
    assert state.ignored == 1 and state.sheets[0].board == board


def test_ring_walk_order_is_a_tour_of_the_ring() -> None:
    # a 1x1 box on ring 0: the 40 edge spaces, clockwise from the top-left corner
    tour = ring_positions(1, 1, 0)
    assert len(tour) == 40 and tour[0] == (0, 0) and tour[10] == (0, 10) and tour[20] == (10, 10)
    assert walk(1, 1, 0, "bottom-left", True)[:2] == [(10, 0), (9, 0)]
    assert walk(1, 1, 0, "bottom-left", False)[:2] == [(10, 0), (10, 1)]


# -- seasons, scoring, deck -------------------------------------------------------------------

def test_seasons_end_when_their_time_is_reached_and_score_their_edict_pair(engine) -> None:
    # spring (8): times 2 + 2 + 2 + 1 = 7 goes on; Farmland (+1 = 8) is still drawn, then
    # the season is scored
    order = ["orchard", "homestead", "marshlands", "hamlet", "farmland", "great-river"]
    state = game(engine, order=order)
    for _ in range(3):
        first(state)
    assert state.card.id == "hamlet" and state.time == 7
    first(state)
    assert state.card.id == "farmland" and state.time == 8 and state.season == 0
    assert not state.sheets[0].seasons
    first(state)
    assert state.season == 1 and len(state.sheets[0].seasons) == 1
    a, b, coins, monsters = state.sheets[0].seasons[0]
    board = state.sheets[0].board
    assert (a, b) == (RULES["sentinel-wood"](board), RULES["greenbough"](board))
    assert monsters == monster_penalty(board) == 0


@pytest.mark.parametrize(("season", "letters"), [(0, "AB"), (1, "BC"), (2, "CD"), (3, "DA")])
def test_each_season_scores_its_two_edicts(engine, season: int, letters: str) -> None:
    assert engine.world.seasons[season].edicts == tuple(letters)
    assert [s.time for s in engine.world.seasons] == [8, 8, 7, 6]


def test_a_whole_game_scores_each_season_as_a_plus_b_plus_coins_minus_monsters(engine) -> None:
    state = game(engine, players=2, seed=4)
    bots = [GreedyBot(), RandomBot()]
    r = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat, r))
    for sheet, score in zip(state.sheets, state.scores(), strict=True):
        assert len(sheet.seasons) == 4
        assert score == sum(a + b + c - m for a, b, c, m in sheet.seasons)
        coins = [c for _, _, c, _ in sheet.seasons]
        assert coins == sorted(coins)  # coins are kept: the count never drops
    assert state.tiebreak() == [-sum(m for *_, m in s.seasons) for s in state.sheets]
    assert state.end_reason == "winter" and state.legal_actions() == []


def test_one_ambush_joins_each_season_and_unrevealed_ones_stay(engine) -> None:
    state = game(engine, seed=2)
    in_deck = sum(1 for c in state.deck if c.kind == "ambush")
    assert in_deck + len(state.ambushes) == 1 and len(state.ambush_deck) == 3
    assert sum(1 for c in state.deck if c.kind != "ambush") + \
        sum(1 for i in state.revealed if i in {c.id for c in engine.world.explore}) == 13
    # play out spring: at the start of summer, the unrevealed ambush (if any) is still there
    # and one more has joined
    bot = RandomBot()
    r = random.Random(2)
    while state.season == 0:
        state.apply(bot.choose(state, 0, r))
    resolved = len(state.ambushes)
    assert len(state.ambush_deck) == 2
    assert sum(1 for c in state.deck if c.kind == "ambush") + len(state.ambushes) == 2
    assert resolved <= 2


def test_mountain_coins_count_once_and_the_track_caps_coins(engine) -> None:
    state = game(engine)
    sheet = state.sheets[0]
    # surround the mountain at (5, 5): (4,5) (6,5) (5,4) (5,6)
    ring = mask_of([(4, 5), (6, 5), (5, 4), (5, 6)])
    sheet.board = sheet.board.drawn("farm", ring)
    assert sheet.coins(14) == 1
    sheet.board = sheet.board.drawn("farm", mask_of([(3, 5), (7, 5)]))
    assert sheet.coins(14) == 1  # still that one mountain, once
    sheet.shape_coins = 13
    assert sheet.coins(14) == 14 and sheet.coins(20) == 14


def test_solo_rating_and_title(engine) -> None:
    state = game(engine, seed=3)
    bot = GreedyBot()
    r = random.Random(3)
    while not state.is_terminal():
        state.apply(bot.choose(state, 0, r))
    corner = sum(engine.world.stacks[s][i].solo for s, i in
                 (("forest", 0), ("forest", 1), ("spatial", 0), ("spatial", 3)))
    assert corner == 25 + 22 + 24 + 20  # Sentinel Wood, Greenbough, Borderlands, Cauldrons
    rating = int(state.scores()[0]) - corner
    assert state.details()["solo"]["rating"] == rating
    assert engine.world.title(30) == "legendary-cartographer"
    assert engine.world.title(29) == "master-mapsmith"
    assert engine.world.title(0) == "apprentice-surveyor"
    assert engine.world.title(-1) == "amateur-assessor"
    assert engine.world.title(-30) == engine.world.title(-99) == "oblivious-inkdrinker"


def test_a_full_sheet_can_only_skip(engine) -> None:
    state = game(engine, order=["hamlet"])
    board = state.sheets[0].board
    state.sheets[0].board = board.drawn("forest", board.empty)
    state._legal = None
    assert state.legal_actions() == [SKIP]
    state.apply(SKIP)


def test_the_printed_map_never_changes_and_terrains_never_overlap(engine) -> None:
    state = game(engine, players=3, seed=9)
    bot = RandomBot()
    r = random.Random(9)
    while not state.is_terminal():
        state.apply(bot.choose(state, state.current_player(), r))
        state.check_invariants()
    for sheet in state.sheets:
        b = sheet.board
        assert b.mountain == engine.world.maps["A"].mountain
        assert Board(**dict(b.masks())) == b
