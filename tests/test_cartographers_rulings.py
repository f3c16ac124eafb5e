"""Cartographers rulings (docs/rulings.md), each tested from the Polish rulebook's sentence
(shared/seeds/004): the 1×1 fallback's terrains and the first-game variant."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.content import GameContent
from cardkit.core.loading import load_game
from cardkit.games.cartographers.bots import GreedyBot, RandomBot
from cardkit.games.cartographers.engine import CartographersState, make_engine
from cardkit.games.cartographers.engine.board import bit, cells_of, mask_of
from cardkit.games.cartographers.engine.scoring import monster_penalty
from cardkit.games.cartographers.score import SheetRules, score_board
from cardkit.sim.protocol import IllegalAction

from .conftest import SHIPPED

EDICTS = {"A": "sentinel-wood", "B": "greenbough", "C": "borderlands", "D": "the-cauldrons"}
#: "narysuj pole 1x1 dowolnego terenu" — the five terrains a player draws (Rift Lands' five).
FIVE = {"forest", "village", "farm", "water", "monster"}


@pytest.fixture(scope="module")
def content() -> GameContent:
    loaded, _ = load_game("cartographers", SHIPPED)
    return loaded


def _checkerboard(state: CartographersState) -> None:
    """Leave only single empty spaces on seat 0's sheet: no shape of two or more fits."""
    base = state.sheets[0].board
    holes = {(r, c) for r in range(11) for c in range(11) if (r + c) % 2 == 0}
    state.sheets[0].board = base.drawn("forest", mask_of(
        (r, c) for r in range(11) for c in range(11) if (r, c) not in holes) & base.empty)
    state._legal = None


def test_no_fit_offers_a_1x1_of_each_drawable_terrain_and_nothing_printed(
        content: GameContent) -> None:
    """"Jeśli nie możesz umieścić żadnej z dostępnych form, wtedy możesz narysować pole 1x1
    z terenem według własnego wyboru" — of your own choice: any of the five, monster included
    (the Rift Lands card's options); never mountain or wasteland, which are printed."""
    state = make_engine(content).new_game(1, random.Random(3), edicts=EDICTS,
                                         order=["fishing-village"])
    _checkerboard(state)
    actions = state.legal_actions()
    assert {a[1] for a in actions} == FIVE
    assert {a[2] for a in actions} == {-1}
    empty = set(cells_of(state.sheets[0].board.empty))
    assert {next(iter(cells_of(a[3]))) for a in actions} == empty
    for printed in ("mountain", "wasteland"):
        with pytest.raises(IllegalAction):
            state.apply(("draw", printed, -1, actions[0][3]))


def test_ruins_that_cannot_be_covered_offer_the_same_five(content: GameContent) -> None:
    """"Ten symbol musi pokryć przynajmniej jedno pole ruin na mapie. Jeśli nie jest to
    możliwe, wtedy narysuj pole 1x1 dowolnego terenu gdziekolwiek na mapie.\""""
    state = make_engine(content).new_game(1, random.Random(3), edicts=EDICTS,
                                         order=["temple-ruins", "fishing-village"])
    board = state.sheets[0].board
    state.sheets[0].board = board.drawn("farm", board.ruins)  # every ruins space covered
    state._legal = None
    assert {a[1] for a in state.legal_actions()} == FIVE
    state.apply(("draw", "monster", -1, bit(0, 0)))
    assert state.sheets[0].ruins_fallback == 1
    assert state.sheets[0].board.terrain("monster") == bit(0, 0)


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot()], ids=["random", "greedy"])
def test_bots_draw_only_what_the_ruling_allows(content: GameContent, bot: Any) -> None:
    state = make_engine(content).new_game(1, random.Random(5), edicts=EDICTS,
                                         order=["fishing-village"])
    _checkerboard(state)
    for i in range(20):
        action = bot.choose(state, 0, random.Random(i))
        assert action[1] in FIVE and action[2] == -1


def test_a_sheet_with_a_drawn_1x1_monster_scores(content: GameContent) -> None:
    """A lone monster space the player drew as a 1×1 is a monster like an ambush's: it costs a
    star per empty neighbour, and `cardkit score` reads it as any other terrain."""
    rules = SheetRules.from_content(content)
    board = make_engine(content).world.maps["A"].drawn("monster", bit(0, 0))
    scored = score_board(board, 0, rules, ["sentinel-wood"])
    assert monster_penalty(board) == 2 == scored.monster_penalty


def _play(content: GameContent, variant: str, seed: int) -> CartographersState:
    engine = make_engine(content, variant=variant)
    state = engine.new_game(2, random.Random(seed), edicts=EDICTS)
    bots = [GreedyBot(), RandomBot()]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat, rng))
        state.check_invariants()
    return state


def test_the_first_game_variant_sets_every_ambush_aside(content: GameContent) -> None:
    """"Potasujcie 4 karty zasadzek i połóżcie je w stosie zakrytym obok pór roku. W pierwszej
    grze możecie je odłożyć, aby lepiej zrozumieć zasady gry.\""""
    for seed in range(6):
        first = _play(content, "first-game", seed)
        assert first.ambushes == [] and first.ambush_deck == [] and first.ambush_total == 0
        assert first.details()["ambushes"] == 0
    standard = [_play(content, "standard", seed) for seed in range(6)]
    assert sum(len(s.ambushes) for s in standard) > 0


def test_the_variant_changes_nothing_else_of_the_deal(content: GameContent) -> None:
    """Setting the pile aside draws nothing from the game's random stream: the same seed deals
    the same edicts and the same first card."""
    a = make_engine(content).new_game(2, random.Random(9))
    b = make_engine(content, variant="first-game").new_game(2, random.Random(9))
    assert a.edicts == b.edicts


def test_an_unknown_variant_is_a_usage_error_and_the_cli_plays_the_variant() -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["simulate", "cartographers", "--games", "1", "--backend",
                               "serial", "--option", "variant=expert"])
    assert bad.exit_code == 2 and "no variant 'expert'" in bad.output
    good = runner.invoke(main, ["simulate", "cartographers", "--games", "4", "--backend",
                                "serial", "--option", "variant=first-game", "--format", "json"])
    assert good.exit_code == 0, good.output
    data = json.loads(good.output)
    assert data["options"] == {"variant": "first-game"}
    assert all(row["details"]["ambushes"] == 0 for row in data["rows"])
