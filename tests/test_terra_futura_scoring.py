"""Terra Futura final scoring (rulebook seed 001 and facts §3.5): resources on active cards score
their points, the chosen method scores per complete combination, each polluted card costs its
point. Worked out by hand on a hand-made world (stored order: green, red, yellow, food, material,
goods, money)."""

from __future__ import annotations

from cardkit.games.terra_futura.engine.scoring import final_score, held_total
from cardkit.games.terra_futura.engine.world import ScoringFacts, World

RAW = (0, 1, 2)


def world(penalty: int = 1) -> World:
    return World(stored=("green", "red", "yellow", "food", "material", "goods", "money"),
                 raw=RAW, points=(1, 1, 1, 5, 5, 6, 0), start=(), levels={"I": (), "II": ()}, scoring=(),
                 placements=8, face_up=4, scoring_dealt=2, penalty=penalty, cards={})


def method(combo: tuple[int, ...], any_raw: int = 0, points: int = 3) -> ScoringFacts:
    return ScoringFacts("m", ((0, 0),), combo, any_raw, points)


def test_sets_take_the_scarcest_resource() -> None:
    food_and_material = method((0, 0, 0, 1, 1, 0, 0))
    assert food_and_material.sets([0, 0, 0, 3, 2, 0, 0], RAW) == 2
    assert food_and_material.sets([0, 0, 0, 3, 0, 0, 0], RAW) == 0


def test_a_wildcard_in_a_combination_uses_raw_left_after_the_named_ones() -> None:
    # one green + one raw of any colour per set: 3 green and 1 red make 2 sets (green+green,
    # green+red), not 3 — each raw cube is used once
    green_any = method((1, 0, 0, 0, 0, 0, 0), any_raw=1)
    assert green_any.sets([3, 1, 0, 0, 0, 0, 0], RAW) == 2
    assert green_any.sets([1, 0, 0, 0, 0, 0, 0], RAW) == 0
    # products never stand in for the wildcard
    assert green_any.sets([1, 0, 0, 5, 5, 5, 0], RAW) == 0


def test_an_empty_combination_makes_no_sets() -> None:
    assert method((0,) * 7).sets([9] * 7, RAW) == 0


def test_hand_worked_final_score() -> None:
    # active cards hold: green 2 + food 1; material 1 + money 4; goods 1
    # resources: 2×1 + 5 + 5 + 6 + 0 = 18; method food+material (4 per set): 1 set = 4;
    # 3 polluted cards (one only in its slot still counts): −3 → 19
    held = [(2, 0, 0, 1, 0, 0, 0), (0, 0, 0, 0, 1, 0, 4), (0, 0, 0, 0, 0, 1, 0)]
    b = final_score(world(), held, 3, method((0, 0, 0, 1, 1, 0, 0), points=4))
    assert (b.resources, b.sets, b.set_points, b.polluted, b.penalty, b.total) == \
        (18, 1, 4, 3, 3, 19)
    assert held_total(world(), held) == [2, 0, 0, 1, 1, 1, 4]


def test_no_method_and_a_different_penalty() -> None:
    b = final_score(world(penalty=2), [(1, 1, 1, 0, 0, 0, 0)], 2, None)
    assert (b.resources, b.set_points, b.penalty, b.total) == (3, 0, 4, -1)
