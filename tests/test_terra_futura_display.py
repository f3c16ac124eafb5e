"""The Terra Futura display (issue 13, first part), from the Polish rulebook's turn text:
discard the card farthest from the deck and shift, take a face-up card or the deck's top card,
the row closes up and refills beside the deck, an empty deck is rebuilt from its discards."""

from __future__ import annotations

import random

import pytest

from cardkit.games.terra_futura.engine.display import Level, deal


def level() -> Level:
    # deck top last: the next cards turned up are d5, d6, ...
    lv = Level(deck=["d9", "d8", "d7", "d6", "d5"], row=["a", "b", "c", "d"])
    return lv


def test_discarding_takes_the_card_farthest_from_the_deck_and_shifts_the_rest() -> None:
    lv = level()
    assert lv.discard_far(random.Random(0)) == "d"
    assert lv.row == ["d5", "a", "b", "c"]  # moved one place away, new card beside the deck
    assert lv.discard == ["d"]


def test_taking_a_face_up_card_closes_the_gap_and_refills_beside_the_deck() -> None:
    lv = level()
    assert lv.take(2, random.Random(0)) == "c"
    assert lv.row == ["d5", "a", "b", "d"]  # the cards between the deck and the gap moved
    lv2 = level()
    assert lv2.take(0, random.Random(0)) == "a" and lv2.row == ["d5", "b", "c", "d"]


def test_taking_the_top_card_leaves_the_row_alone() -> None:
    lv = level()
    assert lv.take_top(random.Random(0)) == "d5"
    assert lv.row == ["a", "b", "c", "d"] and lv.deck == ["d9", "d8", "d7", "d6"]


def test_an_empty_deck_is_rebuilt_from_its_discard_pile() -> None:
    lv = Level(deck=[], row=["a", "b", "c", "d"], discard=["x", "y"])
    card = lv.discard_far(random.Random(3))
    assert card == "d" and len(lv.row) == 4
    assert sorted([*lv.row, *lv.deck]) == ["a", "b", "c", "d", "x", "y"] and lv.discard == []


def test_with_nothing_left_the_row_shrinks_and_taking_the_top_is_refused() -> None:
    lv = Level(deck=[], row=["a", "b"])
    assert lv.take(1, random.Random(0)) == "b" and lv.row == ["a"]
    with pytest.raises(ValueError):
        lv.take_top(random.Random(0))
    with pytest.raises(ValueError):
        lv.take(3, random.Random(0))


def test_cards_are_conserved_and_the_deal_is_seeded() -> None:
    cards = [f"c{i}" for i in range(23)]
    a, b = deal(cards, random.Random(7)), deal(cards, random.Random(7))
    assert a.row == b.row and len(a.row) == 4
    rng = random.Random(1)
    taken = []
    for _ in range(30):
        if rng.random() < 0.3 and a.row:
            a.discard_far(rng)
        blind = bool(a.deck or a.discard) and (not a.row or rng.random() < 0.3)
        if blind:
            taken.append(a.take_top(rng))
        elif a.row:
            taken.append(a.take(rng.randrange(len(a.row)), rng))
        assert sorted(a.cards() + taken) == sorted(cards)
