"""The swap measure of ``cardkit strength``: each card as it is against the same card made
neutral, on paired seeds — the check that catches a card whose effect the engine nulls (the
Mars Dice free-action defect of issue 35, which the ±8-point delta bound passed).

Planted errors: the engine is made to ignore a card's effect (its world built with the card
neutral: what a rules bug does), and the measure must call each such card dead or unused;
cards whose effect plays must never be called dead.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.registry import get_game
from cardkit.games.mars_dice.engine import World as MarsWorld
from cardkit.sim import runner
from cardkit.sim.runner import GameRow, Setup, play
from cardkit.sim.swap import rarely, swap_row, swap_strength, verdict

from .conftest import SHIPPED


def _row(index: int, scores: list[float], winners: list[int], held: bool) -> GameRow:
    return GameRow(index, 0, ["b", "b"], scores, winners, 10, "end", False,
                   {"played": [["x"] if held else [], []]})


def _holders(details: dict[str, Any], card: str) -> list[int]:
    return [s for s, p in enumerate(details["played"]) if card in p]


def test_identical_pairs_make_a_dead_card_and_a_clear_gain_a_live_one() -> None:
    same = [r for j in range(10) for r in (_row(2 * j, [30, 20], [0], True),
                                          _row(2 * j + 1, [30, 20], [0], False))]
    assert swap_row(same, "x", _holders).verdict == "dead"
    better = [r for j in range(10) for r in (_row(2 * j, [30 + j % 3, 20], [0], True),
                                            _row(2 * j + 1, [22, 20], [0], False))]
    row = swap_row(better, "x", _holders)
    assert row.verdict == "live" and row.score_delta == pytest.approx(8.9) and row.held == 1.0


def test_a_card_nobody_holds_is_unused_and_a_noisy_one_undecided() -> None:
    unheld = [_row(i, [30, 20], [0], False) for i in range(10)]
    assert swap_row(unheld, "x", _holders).verdict == "unused"
    noisy = [r for j in range(4) for r in (_row(2 * j, [30 + (-1) ** j * 9, 20], [0], True),
                                          _row(2 * j + 1, [30, 20], [0], False))]
    assert swap_row(noisy, "x", _holders).verdict == "undecided"
    assert verdict((-0.2, 0.3), 50.0) == "dead" and verdict((-0.2, 0.6), 50.0) == "undecided"


def test_a_pair_shares_its_seed_and_seats_and_differs_by_the_card_only() -> None:
    from cardkit.core.content import is_translation_file
    from cardkit.core.discovery import discover

    files = tuple((s.relpath, s.raw) for s in discover(SHIPPED, "mars-dice")
                  if not is_translation_file(s.relpath))
    setup = Setup("mars-dice", files, ("greedy", "builder"), 5, swap=("decomposers",))
    a, b, c = play(setup, 0), play(setup, 1), play(setup, 2)
    assert a.seed == b.seed != c.seed and a.seats == b.seats
    assert a.scores != b.scores or a.details != b.details or a.turns != b.turns


@pytest.fixture
def nulled_by_the_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``null(*ids)``: from now on the Mars Dice engine ignores these projects' effects (its
    world is built with them neutral), as a rules bug would; serial runs only."""
    original = MarsWorld.from_content.__func__  # type: ignore[attr-defined]
    swap = get_game("mars-dice").sim.swap()  # type: ignore[attr-defined]

    def null(*ids: str) -> None:
        def built(cls: Any, content: Any) -> Any:
            nulled = content.with_objects("projects", {
                r.id: swap.neutral(r.obj) for r in content.of("projects") if r.id in ids})
            return original(cls, nulled)
        monkeypatch.setattr(MarsWorld, "from_content", classmethod(built))
        runner._engine_for.cache_clear()

    yield null
    runner._engine_for.cache_clear()


# Projects greedy bots play in most games, one per kind of effect: green production, a red
# event, a blue action, a blue trigger.
PLANTED = ["decomposers", "glacier-breakup", "arctic-algae", "aquifer-pumping"]


def test_every_card_the_engine_nulls_is_called_dead_or_unused(nulled_by_the_engine: Any) -> None:
    nulled_by_the_engine(*PLANTED)
    report = swap_strength("mars-dice", SHIPPED, pairs=10, seed=3, cards=PLANTED,
                           backend="serial", workers=1, cache_dir=None)
    assert sorted(report.dead) == sorted(PLANTED), report.to_dict()  # 4 of 4 caught


def test_cards_whose_effect_plays_are_not_called_dead() -> None:
    report = swap_strength("mars-dice", SHIPPED, pairs=10, seed=3, cards=PLANTED,
                           backend="serial", workers=1, cache_dir=None)
    assert not [r.card for r in report if r.verdict == "dead"], report.to_dict()
    assert all(r.held > 0 for r in report)


def test_strength_works_for_every_game(tmp_path: Path) -> None:
    for game, card in (("terra-futura", "seed-library"), ("mars-dice", "decomposers"),
                       ("terra", None),
                       ("cartographers", "greenbough"), ("trains", "freight-train")):
        out = tmp_path / f"{game}.json"
        if card is None:  # the first card of the game's content
            from cardkit.core.loading import load_game

            card = next(iter(load_game(game, SHIPPED)[0].of("cards"))).id
        args = ["strength", game, "--cards", card, "--games", "4", "--workers", "1",
                "--content", str(SHIPPED), "-o", str(out)]
        if game == "trains":
            args += ["--measure", "swap"]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        data = json.loads(out.read_text("utf-8"))
        assert data["measure"] == "swap" and data["cards"][0]["card"] == card
        assert data["cards"][0]["pairs"] == 4
        assert "each card as it is vs made neutral" in result.output


def test_terra_measures_what_knowing_a_card_is_worth() -> None:
    # Terra's neutral card is the same question nobody knows: the difference is what the
    # bots' knowledge of it earns; a blind guess everywhere would change nothing
    from cardkit.games.terra.bots.beliefs import UNKNOWABLE, Knowledge

    assert Knowledge(0.9).level(UNKNOWABLE) == 0.0 and Knowledge(0.9).level("green") > 0
    content_cards = [r.id for r in __import__("cardkit.core.loading", fromlist=["x"])
                     .load_game("terra", SHIPPED)[0].of("cards")][:2]
    report = swap_strength("terra", SHIPPED, pairs=6, seed=2, cards=content_cards,
                           backend="serial", workers=1, cache_dir=None)
    assert [r.card for r in report] == content_cards
    assert all(r.pairs == 6 for r in report)


def test_an_unknown_card_is_named_with_a_suggestion() -> None:
    result = CliRunner().invoke(main, ["strength", "mars-dice", "--cards", "decomposer",
                                       "--games", "4", "--content", str(SHIPPED)])
    assert result.exit_code == 2 and "'decomposer'" in result.output
    assert "decomposers" in result.output


def test_sequential_swap_stops_once_the_verdict_is_decided(nulled_by_the_engine: Any) -> None:
    nulled_by_the_engine("decomposers")
    report = swap_strength("mars-dice", SHIPPED, pairs=400, seed=3, cards=["decomposers"],
                           backend="serial", workers=1, until_width=0.01, cache_dir=None)
    assert report.rows[0].verdict in ("dead", "unused") and report.rows[0].pairs == 50


def test_the_neutral_scoring_rule_is_not_a_content_rule(tmp_path: Path) -> None:
    # the swap measure's "no-stars" rule exists for the engine only: a card cannot be authored
    # with it (CAR006 names the rules a card may use)
    import shutil

    from .conftest import check_dir, point_modelines

    dest = tmp_path / "content"
    shutil.copytree(SHIPPED / "cartographers", dest / "cartographers")
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    point_modelines(dest, SHIPPED)
    path = dest / "cartographers" / "cards" / "scoring.yaml"
    text = path.read_text("utf-8")
    assert text.count("rule: greenbough") == 1
    path.write_text(text.replace("rule: greenbough", "rule: no-stars"), "utf-8")
    found = [d.message for d in check_dir(dest, "cartographers").diagnostics
             if d.code == "CAR006"]
    assert found and "no scoring rule 'no-stars'" in found[0]


def test_a_card_held_once_in_twenty_pairs_is_unused_only_when_it_changed_nothing() -> None:
    assert rarely([0.0], [0.0], pairs=20)  # held once, no difference: the bots do not use it
    assert not rarely([3.0], [0.0], pairs=20)  # held once and it changed the score: undecided
    assert not rarely([0.0, 0.0], [0.0, 0.0], pairs=20)  # twice: measured, not "rarely"
    assert rarely([0.0, 0.0], [0.0, 0.0], pairs=40)  # one pair in 20 of 40
    assert not rarely([], [], pairs=20)  # never held: unused by the other rule
