"""Conformance of every registered game's engine: random games keep the invariants, actions are
validated, copies are independent, a recorded playthrough matches its golden transcript, and a
run does not depend on the interpreter's string hash seed.

The built-in games play on the shipped content; an installed plug-in game (CI installs
``examples/plugin``) on the starter content ``cardkit init --game G`` writes for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.core.loading import load_game
from cardkit.core.registry import builtin_ids, get_game, plugin_ids
from cardkit.sim.api import simulate, transcript
from cardkit.sim.protocol import BotSpec, IllegalAction
from cardkit.sim.seeding import rng

from .conftest import SHIPPED

GOLDEN = Path(__file__).resolve().parent / "golden"
SIM_GAMES = [g for g in (*builtin_ids(), *plugin_ids())
             if getattr(get_game(g), "sim", None) is not None]


@pytest.fixture(scope="module")
def contents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The content folder each game plays on: the shipped one, or a plug-in's starter."""
    from cardkit.checking.scaffold import init_content

    out = {g: SHIPPED for g in builtin_ids()}
    for game in plugin_ids():
        dest = tmp_path_factory.mktemp(f"plugin-{game}") / "content"
        init_content(dest, game)
        out[game] = dest
    return out
GOLDEN_BOTS = {"terra": ["guesser:0.7", "hedger:0.4", "random"], "trains": ["baseline", "rails-first"],
               "cartographers": ["greedy", "random"]}


@pytest.mark.parametrize("game", SIM_GAMES)
def test_random_games_keep_the_invariants(game: str, contents: dict[str, Path]) -> None:
    # the runner checks the invariants after every action and raises on a violation
    report = simulate(game, contents[game], games=60, seed=3, bots=["random"], players=3,
                      backend="serial")
    assert len(report.result.rows) == 60
    assert report.summary["turn_cap_hits"] == 0
    for row in report.result.rows:
        assert row.end_reason and not row.truncated
        assert row.winners and max(row.scores) == row.scores[row.winners[0]]


@pytest.mark.parametrize("game", SIM_GAMES)
def test_illegal_actions_are_refused_and_copies_are_independent(
        game: str, contents: dict[str, Path]) -> None:
    content, _ = load_game(game, contents[game])
    sim = get_game(game).sim  # type: ignore[attr-defined]
    engine = sim.make_engine(content)
    state = engine.new_game(3, rng(5, "chance"))
    with pytest.raises(IllegalAction):
        state.apply(("no-such-action",))
    clone = state.copy()
    bot = sim.make_bot(BotSpec.parse("random"), engine)
    r = rng(5, "bot")
    while not clone.is_terminal():
        clone.apply(bot.choose(clone, clone.current_player(), r))
    assert state.turns == 0 and not state.is_terminal()
    assert clone.is_terminal()


@pytest.mark.parametrize("game", sorted(GOLDEN_BOTS))
def test_recorded_playthrough_matches_the_golden_transcript(game: str) -> None:
    path = GOLDEN / f"{game}-seed1.txt"
    got = transcript(game, SHIPPED, 1, GOLDEN_BOTS[game])
    if os.environ.get("CARDKIT_UPDATE_GOLDEN"):
        path.write_text(got, "utf-8")
    assert got == path.read_text("utf-8"), "see tests/golden/README.md"


@pytest.mark.parametrize("game", SIM_GAMES)
def test_a_run_does_not_depend_on_the_string_hash_seed(game: str,
                                                        contents: dict[str, Path]) -> None:
    # Same seed, same result on any machine: iterating a set of strings (whose order changes
    # with PYTHONHASHSEED) where the order matters — a float sum, a tie — breaks that. Two
    # interpreters with different hash seeds must print the same JSON.
    args = [sys.executable, "-m", "cardkit", "simulate", game, "--content", str(contents[game]),
            "--games", "6", "--seed", "3", "--backend", "serial", "--format", "json"]
    outs = []
    for seed in ("1", "2"):
        done = subprocess.run(args, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert outs[0] == outs[1]
