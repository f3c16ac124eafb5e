"""The Terra Futura territory (issue 13, first part), from the rulebook text: a new card goes
next to a placed one, the territory stays within 3×3 with the starting card anywhere in it,
and a placement activates its row and column — the new card once, at most five cards."""

from __future__ import annotations

import itertools
import random

import pytest

from cardkit.games.terra_futura.engine.territory import Territory


def test_the_second_card_goes_on_any_side_of_the_starting_card() -> None:
    assert Territory().legal_positions() == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_a_card_must_touch_an_edge_not_only_a_corner() -> None:
    t = Territory().place((0, 1))
    assert (1, 1) in t.legal_positions() and (-1, -1) not in t.legal_positions()
    with pytest.raises(ValueError):
        t.place((1, 2))  # diagonal to (0, 1) only


def test_the_territory_never_grows_past_three_in_a_row() -> None:
    t = Territory().place((0, 1)).place((0, 2))
    # a row of three: no fourth card to the left or right; above and below are fine
    assert (0, 3) not in t.legal_positions() and (0, -1) not in t.legal_positions()
    assert {(-1, 0), (1, 0), (-1, 2), (1, 2)} <= set(t.legal_positions())
    with pytest.raises(ValueError):
        t.place((0, -1))


def test_the_starting_card_need_not_end_in_the_centre() -> None:
    t = Territory()
    for pos in [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]:
        t = t.place(pos)
    assert t.full and t.grid((0, 0)) == (0, 0)  # the start card is the top-left corner
    assert t.legal_positions() == []


def test_a_placement_activates_its_row_and_column_the_new_card_once() -> None:
    t = Territory().place((0, 1)).place((1, 1))
    # (1, 1): its column holds (0, 1); its row holds nothing else yet
    assert t.activated((1, 1)) == [(0, 1), (1, 1)]
    assert t.activated((0, 0)) == [(0, 0), (0, 1)]


def test_the_last_card_of_a_full_territory_activates_five() -> None:
    t = Territory()
    for pos in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)]:
        t = t.place(pos)
    assert t.full
    for pos in t.cells:
        assert len(t.activated(pos)) == 5  # 3 in its row + 3 in its column, itself once


def test_any_order_of_legal_placements_ends_in_a_3x3_square() -> None:
    rng = random.Random(5)
    for _ in range(200):
        t = Territory()
        while not t.full:
            t = t.place(rng.choice(t.legal_positions()))
        top, left, bottom, right = t.bounds()
        assert (bottom - top, right - left) == (2, 2)
        assert t.cells == {(top + r, left + c) for r, c in itertools.product(range(3), repeat=2)}


def test_an_activation_pattern_names_positions_of_the_finished_grid() -> None:
    t = Territory()
    for pos in [(0, -1), (0, -2), (1, 0), (1, -1), (1, -2), (-1, 0), (-1, -1), (-1, -2)]:
        t = t.place(pos)
    # the finished grid runs from (-1, -2) to (1, 0); its top row is row -1
    assert t.pattern([(0, 0), (0, 1), (0, 2)]) == [(-1, -2), (-1, -1), (-1, 0)]
    assert t.grid((0, 0)) == (1, 2)
    with pytest.raises(ValueError):
        t.pattern([(3, 0)])
    with pytest.raises(ValueError):
        Territory().pattern([(0, 0)])
