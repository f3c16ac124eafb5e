"""Mars Dice's scoring rules as tests, on the small hand-made world of
``test_mars_dice_engine.py``: global steps and their bonuses, the standard conversions, tiles on
the board and their VP, the bonus cards at 5 and 12 VP, milestones, awards and the end of the
game (the last round, solo, the safety limit). Every number is worked out by hand from the rules
(seed 003 and the rulings in ``cardkit.games.mars_dice.engine``)."""

from __future__ import annotations

import random

from cardkit.games.mars_dice.engine import ACTIONS, MarsDiceEngine, MarsDiceState
from cardkit.games.mars_dice.engine.scoring import places

from .test_mars_dice_engine import (
    BONUS_AREA,
    area_id,
    dice_of,
    empty,
    give,
    new,
    play_turn,
    poke,
    produce,
    project,
    to_hand,
    world,
)

OXYGEN, TEMPERATURE, OCEANS = range(3)
CENTRE = area_id(0, 0)


def main(s: MarsDiceState) -> None:
    """The seat to act starts an action turn and takes a die as its support action."""
    s.apply(ACTIONS)
    s.apply(("take", "green"))


def convert(s: MarsDiceState, conversion: str, area: str | None = None) -> None:
    """The seat to act converts as its main action (placing the tile on ``area``)."""
    main(s)
    s.apply(("convert", conversion))
    if area is not None:
        tile = s.world.tiles[s.choice].id
        s.apply(("place", tile, area))


# -- global steps -------------------------------------------------------------------------------

def test_each_step_scores_two_vp_and_a_raise_at_the_maximum_one_vp_and_nothing_else() -> None:
    s = new(world(top_bonus=True))
    s.tracks[TEMPERATURE] = 9
    give(s, 0, heat=3)
    convert(s, "heat")
    p = s.players[0]
    assert s.tracks[TEMPERATURE] == 10 and p.vp == 2 and p.wilds == 1  # the +8 °C bonus
    produce(s)  # seat 1
    give(s, 0, heat=3)
    convert(s, "heat")
    assert s.tracks[TEMPERATURE] == 10 and p.vp == 3 and p.wilds == 1  # +1, no bonus again
    assert p.sources == {"steps": 3}


def test_track_bonuses_go_to_the_raiser_when_the_track_reaches_them() -> None:
    s = new(world())
    s.tracks[TEMPERATURE] = 1  # -28 °C: the next step reaches -24 °C (a red die set to heat)
    give(s, 1, heat=3)
    s.apply(ACTIONS), s.apply(("take", "green")), s.apply(("take", "green"))  # seat 0
    main(s)
    s.apply(("convert", "heat"))
    assert dice_of(s, 1) == {"heat": 1, **{k: v for k, v in dice_of(s, 1).items() if k != "heat"}}
    assert s.players[1].vp == 2 and dice_of(s, 0).get("heat", 0) == 0
    # 0 °C (level 8) gives an ocean tile: the placement is a pending choice
    s.tracks[TEMPERATURE] = 7
    empty(s)
    give(s, 0, heat=3)
    convert(s, "heat")
    assert s.phase == "place" and s.current_player() == 0
    assert all(a[0] == "place" and a[1] == "ocean" for a in s.legal_actions())
    s.apply(s.legal_actions()[0])
    assert s.tracks[OCEANS] == 1 and s.players[0].vp == 4 and s.current_player() == 1
    # oxygen 8 % (level 4) raises the temperature one step: 2 + 2 VP and the greenery's tile
    s.tracks[OXYGEN] = 3
    give(s, 1, plant=4)
    convert(s, "greenery", CENTRE)
    assert s.tracks[OXYGEN] == 4 and s.tracks[TEMPERATURE] == 9 and s.players[1].vp == 2 + 4


def test_the_five_standard_conversions() -> None:
    s = new(world(), players=1)
    p = s.players[0]
    give(s, 0, heat=3)
    convert(s, "heat")
    assert (s.tracks[TEMPERATURE], p.vp, sum(p.dice)) == (1, 2, 1)  # the support die is left
    empty(s)
    give(s, 0, water=3)
    convert(s, "ocean", area_id(2, 0))
    assert (s.tracks[OCEANS], p.vp, s.board.count(0)) == (1, 4, 1)
    empty(s)
    give(s, 0, plant=4)
    convert(s, "greenery", area_id(-1, 0))
    assert (s.tracks[OXYGEN], p.vp, s.board.count(1)) == (1, 6, 1)
    empty(s)
    give(s, 0, city=3)
    convert(s, "city", area_id(1, -1))  # not next to the greenery at (-1, 0): 2 VP
    assert (p.vp, s.board.count(2)) == (8, 1)
    empty(s)
    give(s, 0, credit=3)
    convert(s, "credits")
    assert p.vp == 10 and p.sources["conversions"] == 2 and sum(p.dice) == 1
    assert p.sources == {"steps": 6, "tiles": 2, "conversions": 2}
    # three of a kind are needed: two heat and a wild is fine, two heat alone is not
    empty(s)
    give(s, 0, heat=2)
    s.apply(ACTIONS), s.apply(("take", "green"))
    assert ("convert", "heat") not in s.legal_actions()
    give(s, 0, wilds=1)
    assert ("convert", "heat") in s.legal_actions()


def test_an_ocean_with_the_oceans_at_maximum_scores_one_vp_and_is_not_placed() -> None:
    s = new(world())
    s.tracks[OCEANS] = 7
    give(s, 0, water=3)
    convert(s, "ocean")
    assert s.phase == "choose" and s.current_player() == 1  # no placement asked
    assert s.players[0].vp == 1 and s.tiles_left[0] == 7 and s.board.count(0) == 0


def test_a_greenery_with_the_oxygen_done_is_still_placed_and_its_raise_scores_one() -> None:
    s = new(world())
    s.tracks[OXYGEN] = 7
    give(s, 0, city=3)
    convert(s, "city", CENTRE)
    give(s, 1, plant=4)
    convert(s, "greenery", BONUS_AREA)  # next to the city: 1 VP, +1 past the maximum
    assert s.board.count(1) == 1 and s.tracks[OXYGEN] == 7
    assert s.players[1].sources == {"tiles": 1, "steps": 1} and s.players[1].wilds == 1


def test_a_greenery_with_no_free_land_area_still_raises_the_oxygen() -> None:
    """4 plants are never paid for nothing (an outside review: no tile, no raise, no VP, while
    a blocked ocean scores): the raise happens without the tile."""
    s = new(world())
    w = s.world
    green = w.tile_ids["greenery"]
    for i, area in enumerate(w.areas):
        if not area.ocean:
            s.board[i], s.owner[i] = green, 1
            s.players[1].tiles[green] += 1
            s.tiles_left[green] -= 1
    before = s.tracks[OXYGEN]
    give(s, 0, plant=4)
    s.apply(ACTIONS), s.apply(("take", "yellow"))
    s.apply(("convert", "greenery"))
    assert s.phase != "place" and s.tracks[OXYGEN] == before + 1
    assert s.players[0].sources.get("steps", 0) == w.tracks[OXYGEN].vp_per_step


# -- tiles ----------------------------------------------------------------------------------------

def test_a_city_never_goes_next_to_a_city() -> None:
    s = new(world())
    give(s, 0, city=3)
    convert(s, "city", CENTRE)
    give(s, 1, city=3)
    main(s)
    s.apply(("convert", "city"))
    # every other land area touches the centre: no legal area, the effect is ignored
    assert s.current_player() == 0 and s.players[1].vp == 0 and s.board.count(2) == 1
    give(s, 0, plant=4)
    main(s)
    s.apply(("convert", "greenery"))
    lands = {a[2] for a in s.legal_actions()}
    assert len(lands) == 6 and CENTRE not in lands  # a greenery may go next to the city
    ocean_area = area_id(2, -2)
    assert ocean_area not in lands


def test_tile_vp_count_adjacent_tiles_of_any_owner_and_the_area_bonus_goes_to_the_placer() -> None:
    s = new(world())
    give(s, 0, plant=4)
    convert(s, "greenery", BONUS_AREA)  # (1, 0): the area gives a wild
    assert s.players[0].wilds == 1 and s.players[0].vp == 2  # the oxygen step only
    give(s, 1, plant=4)
    convert(s, "greenery", area_id(0, 1))  # next to (1, 0)
    assert s.players[1].vp == 2
    give(s, 0, city=3)
    convert(s, "city", CENTRE)  # next to both greeneries, one of them seat 1's
    assert s.players[0].vp == 2 + 2 + 2 and s.players[0].sources["tiles"] == 4
    give(s, 1, plant=4)
    convert(s, "greenery", area_id(-1, 1))  # next to the city: 1 VP + the step
    assert s.players[1].vp == 2 + 3 and s.players[1].sources["tiles"] == 1
    assert s.owner[s.world.areas.index(next(a for a in s.world.areas if a.id == CENTRE))] == 0


# -- bonus cards, milestones, awards ------------------------------------------------------------

def vp_card(pid: str, vp: int) -> dict[str, object]:
    return project(pid, "red", {"event": 1}, effects=[{"do": "vp", "count": vp}])


def test_bonus_cards_at_five_and_twelve_vp_effects_now_end_vp_later() -> None:
    bonus = [{"id": "cache", "name": "Cache", "effects": [{"do": "wild", "count": 2}]},
             {"id": "planner", "name": "Planner",
              "end": {"per": {"count": "cards"}, "every": 1, "vp": 2}},
             {"id": "spare", "name": "Spare", "effects": [{"do": "vp", "count": 1}]}]
    w = world([vp_card("four", 4), vp_card("one", 1), vp_card("seven", 7), vp_card("nine", 9)],
              bonus=bonus)
    s = new(w, players=2)
    s.awards = ()
    s.bonus_stack = ["spare", "planner", "cache"]  # the top is the last
    to_hand(s, 0, "four", "one", "seven", "nine")
    p = s.players[0]
    give(s, 0, event=4)
    play_turn(s, ("take", "green"), ("play", "four"))
    assert p.vp == 4 and p.bonus == []
    produce(s)
    play_turn(s, ("take", "green"), ("play", "one"))  # 5 VP: the top card, its effect now
    assert p.bonus == ["cache"] and p.wilds == 2
    produce(s)
    play_turn(s, ("take", "green"), ("play", "seven"))  # 12 VP: the next card
    assert p.bonus == ["cache", "planner"] and p.vp == 12
    produce(s)
    play_turn(s, ("take", "green"), ("play", "nine"))  # no threshold left
    assert p.bonus == ["cache", "planner"] and s.bonus_stack == ["spare"]
    row = s.details()["vp_by_source"][0]
    assert row["bonus"] == 2 * 4 and row["cards_now"] == 21 and s.scores()[0] == 21 + 8


def test_one_gain_over_both_thresholds_takes_two_cards_and_an_empty_stack_none() -> None:
    s = new(world([vp_card("jump", 12), vp_card("jump-b", 12)]), players=2)
    s.bonus_stack = ["bonus-1", "bonus-0"]
    to_hand(s, 0, "jump")
    to_hand(s, 1, "jump-b")
    give(s, 0, event=1)
    give(s, 1, event=1)
    play_turn(s, ("take", "green"), ("play", "jump"))
    assert s.players[0].bonus == ["bonus-0", "bonus-1"] and s.players[0].wilds == 2
    play_turn(s, ("take", "green"), ("play", "jump-b"))
    assert s.players[1].bonus == [] and s.players[1].vp == 12


def test_a_milestone_is_taken_once_by_the_first_player_to_meet_it() -> None:
    milestones = [{"id": "gardener", "name": "Gardener",
                   "measure": {"count": "tiles", "of": "greenery"}, "at_least": 1},
                  {"id": "far-a", "name": "Far", "measure": {"count": "vp"}, "at_least": 60},
                  {"id": "far-b", "name": "Far B", "measure": {"count": "vp"}, "at_least": 60}]
    s = new(world(milestones=milestones))
    assert set(s.milestones) == {"gardener", "far-a", "far-b"}
    give(s, 0, plant=4)
    convert(s, "greenery", CENTRE)
    assert s.claimed == {"gardener": 0} and s.players[0].milestones == ["gardener"]
    give(s, 1, plant=4)
    convert(s, "greenery", BONUS_AREA)
    assert s.claimed == {"gardener": 0} and s.players[1].milestones == []
    rows = s.details()["vp_by_source"]
    assert rows[0]["milestones"] == 4 and rows[1]["milestones"] == 0
    assert s.details()["milestones"] == {"gardener": 0}


def test_award_places_share_ties_and_a_count_of_zero_never_wins() -> None:
    vp = [5, 2]
    assert places([3, 1, 0], vp) == ([5, 2, 0], [[0], [1]])
    assert places([3, 3, 1], vp) == ([5, 5, 0], [[0, 1]])  # a tie for first: no second
    assert places([3, 1, 1, 0], vp) == ([5, 2, 2, 0], [[0], [1, 2]])
    assert places([0, 0], vp) == ([0, 0], [])
    assert places([2, 0], vp) == ([5, 0], [[0]])  # nobody second with nothing
    assert places([1], vp) == ([5], [[0]]) and places([0], vp) == ([0], [])  # solo


def test_awards_count_the_symbols_in_the_costs_of_played_projects() -> None:
    w = world([project("forge", "red", {"steel": 2, "heat": 1}),
               project("mill", "green", {"steel": 1}),
               project("mine", "blue", {"steel": 1, "titanium": 1})])
    s = new(w, players=3)
    s.awards = ("award-steel", "award-heat")
    to_hand(s, 0, "forge")
    to_hand(s, 1, "mill")
    to_hand(s, 2, "mine")
    give(s, 0, steel=2, heat=1)
    give(s, 1, steel=1)
    give(s, 2, steel=1, titanium=1)
    for seat in range(3):
        play_turn(s, ("take", "green"), ("play", s.players[seat].hand[-1]))
    d = s.details()
    assert d["award_places"] == {"award-steel": [[0], [1, 2]], "award-heat": [[0]]}
    assert d["awards"] == {"award-steel": [0], "award-heat": [0]}
    assert [row["awards"] for row in d["vp_by_source"]] == [10, 2, 2]


# -- the end ------------------------------------------------------------------------------------

def test_the_last_round_gives_every_player_one_more_turn_the_trigger_player_last() -> None:
    s = new(world(), players=3)
    s.tracks[OXYGEN] = 7  # one global done
    s.tracks[TEMPERATURE] = 9
    produce(s)  # seat 0
    give(s, 1, heat=3)
    convert(s, "heat")  # seat 1 completes the second global
    assert s.last_round == 1 and not s.is_terminal() and s.current_player() == 2
    produce(s)  # seat 2
    assert not s.is_terminal() and s.current_player() == 0
    produce(s)  # seat 0
    assert not s.is_terminal() and s.current_player() == 1
    produce(s)  # seat 1, who triggered it, plays last
    assert s.is_terminal() and s.end_reason == "globals" and s.legal_actions() == []
    assert s.details()["player_turns"] == [2, 2, 1]  # seat 2 had one turn before the trigger


def test_solo_ends_after_fifty_turns_or_one_turn_after_all_three_globals() -> None:
    """Facts addendum: solo is "50 turns to complete all three global parameters" — two done
    neither end the game nor win it (an outside review saw solo 'won' with the oceans at 0)."""
    s = new(world(), players=1)
    for _ in range(49):
        produce(s)
        empty(s)
    assert not s.is_terminal()
    produce(s)
    assert s.is_terminal() and s.end_reason == "solo-turns"
    assert s.details()["solo_won"] is False and s.details()["player_turns"] == [50]
    s = new(world(), players=1)
    s.tracks[OXYGEN], s.tracks[TEMPERATURE] = 7, 9
    give(s, 0, heat=3)
    convert(s, "heat")  # two of three at their maximum: the solo game goes on
    assert s.globals_done() == 2 and s.last_round is None and not s.is_terminal()
    produce(s)
    assert not s.is_terminal() and s.details()["solo_won"] is False
    s = new(world(), players=1)
    s.tracks[OXYGEN], s.tracks[TEMPERATURE] = 7, 9
    s.tracks[OCEANS] = s.world.tracks[OCEANS].levels
    give(s, 0, heat=3)
    convert(s, "heat")
    assert s.last_round == 0 and not s.is_terminal()
    produce(s)
    assert s.is_terminal() and s.end_reason == "globals" and s.details()["solo_won"] is True


def test_equal_vp_goes_to_the_most_production_dice() -> None:
    """Facts addendum: "ties go to the most dice in production boxes, else shared"."""
    s = new(world())
    s.players[0].production = [2, 1, 1, 0, 1]
    s.players[1].production = [0, 0, 0, 0, 1]
    assert s.tiebreak() == [5.0, 1.0]


def test_the_safety_limit_ends_a_stuck_game() -> None:
    w = world()
    corps = [["corp-0", "corp-1"], ["corp-2", "corp-3"]]
    s = MarsDiceEngine(w, turn_limit=6).new_game(2, random.Random(1), corporations=corps)
    while s.phase in ("corporation", "give"):
        s.apply(s.legal_actions()[0])
    for _ in range(6):
        assert not s.is_terminal()
        produce(s)
    assert s.is_terminal() and s.end_reason == "turn-limit"


def test_end_vp_cards_count_at_the_end_immediate_vp_at_once() -> None:
    w = world([project("dome", "blue", {"city": 1}, vp=3, vp_timing="end"),
               project("parade", "red", {"event": 1}, vp=2)])
    s = new(w)
    s.awards = ()
    to_hand(s, 0, "dome", "parade")
    give(s, 0, city=1, event=1)
    play_turn(s, ("take", "green"), ("play", "dome"))
    produce(s)
    play_turn(s, ("take", "green"), ("play", "parade"))
    p = s.players[0]
    assert p.vp == 2
    row = s.details()["vp_by_source"][0]
    assert row["cards_end"] == 3 and row["cards_now"] == 2 and s.scores()[0] == 5
    poke(s)
