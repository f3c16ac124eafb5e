"""Mars Dice rules v2 (issue 36), each test written from the rulebook sentence (Polish rulebook,
seed 003) it enforces: a blue card is used once until *after* a production turn, the player
chooses how to pay (a wild token "replaces any resource"), the corporations are chosen at once
and revealed in turn order."""

from __future__ import annotations

import random

from cardkit.games.mars_dice.engine import DRAW, KEEP, PRODUCTION, MarsDiceEngine

from .test_mars_dice_engine import dice_of, give, new, play_turn, project, to_hand, world


# "Po użyciu tej karty należy ją obrócić o 90°. Będzie można jej ponownie użyć dopiero po turze
# produkcji." — again only *after* the production turn: a free action used at its start is not
# used again at its end, though the turn's step 5 refreshes the card.
def test_a_free_action_is_used_once_in_a_production_turn() -> None:
    w = world([project("vent", "blue", {"science": 1},
                       actions=[{"timing": "free", "effects": [{"do": "dice", "colour": "red",
                                                                "face": "heat"}]}])])
    s = new(w)
    to_hand(s, 0, "vent")
    give(s, 0, science=1)
    play_turn(s, ("take", "green"), ("play", "vent"))
    if s.phase == "done":
        s.apply(("end",))
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)  # seat 1
    s.apply(("free", "vent", 0))  # seat 0, at the start of its production turn
    s.apply(PRODUCTION)
    while KEEP not in s.legal_actions():
        s.apply(next(a for a in s.legal_actions() if a[0] == "return"))
    s.apply(KEEP), s.apply(DRAW)  # the production refreshes Vent ...
    assert s.players[0].used == set()
    # ... but it was used in this turn: not again before the turn ends
    assert ("free", "vent", 0) not in s.legal_actions()
    assert s.current_player() == 1  # nothing open: the turn ended by itself
    s.apply(PRODUCTION), s.apply(KEEP), s.apply(DRAW)  # seat 1
    assert ("free", "vent", 0) in s.legal_actions()  # a new turn: refreshed, usable


# "Gracz może wydawać także znaczniki uniwersalne – znacznik uniwersalny zastępuje dowolny
# zasób." — the player may pay any symbol with a wild token, also one it holds a die of.
def test_the_player_chooses_to_pay_with_a_wild_and_keep_a_die() -> None:
    w = world([project("pump", "red", {"steel": 2, "heat": 1})])
    s = new(w)
    to_hand(s, 0, "pump")
    s.phase = "main"
    give(s, 0, wilds=1, steel=2, heat=1)
    plays = [a for a in s.legal_actions() if a[0] == "play"]
    assert plays[0] == ("play", "pump")  # dice first, the default
    assert set(plays) == {("play", "pump"), ("play", "pump", ("heat",)),
                          ("play", "pump", ("steel",))}
    s.apply(("play", "pump", ("heat",)))
    assert dice_of(s, 0) == {"heat": 1} and s.players[0].wilds == 0
    s.check_invariants()


def test_dice_first_stays_the_default_and_no_choice_without_a_spare_wild() -> None:
    w = world([project("pump", "red", {"steel": 2, "heat": 1})])
    s = new(w)
    to_hand(s, 0, "pump")
    s.phase = "main"
    give(s, 0, wilds=1, steel=1, heat=1)  # the wild is needed for the second steel
    assert [a for a in s.legal_actions() if a[0] == "play"] == [("play", "pump")]


# "Każdy z graczy wybiera i zachowuje po 1 z otrzymanych kart korporacji." then "Zgodnie z
# ustaloną kolejnością gracze kładą swoje karty korporacji odkryte" — everyone chooses, then
# the cards are revealed in turn order: a later seat chooses without knowing an earlier pick.
def test_corporations_are_chosen_face_down_and_revealed_in_turn_order() -> None:
    corps = [{"id": f"corp-{k}", "name": f"Corp {k}", "start": [{"do": "vp", "count": k + 1}],
              "production": {"yellow": 1}} for k in range(4)]
    w = world(corporations=corps)
    dealt = [["corp-0", "corp-1"], ["corp-2", "corp-3"]]
    seen = set()
    for pick in ("corp-0", "corp-1"):
        s = MarsDiceEngine(w).new_game(2, random.Random(3), corporations=dealt)
        s.apply(("corporation", pick))
        assert s.current_player() == 1 and s.phase == "corporation"
        assert s.players[0].corporation is None and s.players[0].vp == 0  # not revealed yet
        seen.add(s.observation(1))
        s.apply(("corporation", "corp-3"))
        # revealed in turn order: seat 0's start bonus, then seat 1's
        assert [p.corporation for p in s.players] == [pick, "corp-3"]
        assert [p.vp for p in s.players] == [int(pick[-1]) + 1, 4]
        s.check_invariants()
    assert len(seen) == 1  # seat 1 could not tell which corporation seat 0 chose


def test_a_determinization_keeps_a_face_down_choice_among_the_seats_dealt_cards() -> None:
    corps = [{"id": f"corp-{k}", "name": f"Corp {k}", "start": [{"do": "vp"}],
              "production": {"yellow": 1}} for k in range(6)]
    s = MarsDiceEngine(world(corporations=corps)).new_game(
        2, random.Random(3), corporations=[["corp-0", "corp-1"], ["corp-2", "corp-3"]])
    s.apply(("corporation", "corp-1"))
    for k in range(5):
        det = s.determinize(1, random.Random(k))
        p = det.players[0]
        assert p.kept in p.dealt and "corp-2" not in p.dealt and "corp-3" not in p.dealt
        assert det.observation(1) == s.observation(1)
