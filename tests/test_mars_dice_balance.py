"""Mars Dice's balance report: the shipped report was made from the shipped rules and engine,
covers every player count under the greedy and the search bot, and the generator flags what
lies outside the bounds (issue 14: corporations within ±6 points of the average seat's win rate
when kept, projects within ±8 points of delta)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.loading import load_game
from cardkit.games.mars_dice.report.balance import (BEGIN, END, balance_report,
                                                   corporation_bounds, fingerprints, violations)

from .conftest import SHIPPED

DOC = SHIPPED / "mars-dice" / "balance.md"


def test_the_shipped_report_was_made_from_the_shipped_rules_and_engine() -> None:
    # any change play sees (a cost, a die of production, an effect, a VP, a rules number) or
    # a change to the engine, the bots or cardkit's version makes MD013 warn: rerun the command
    # the report names and adopt its output
    content, _ = load_game("mars-dice", SHIPPED)
    text = DOC.read_text("utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    found = re.search(r"rules fingerprint `([0-9a-f]{16})`, engine fingerprint `([0-9a-f]{16})`",
                      text)
    assert found and found.groups() == fingerprints(content)


def test_the_shipped_report_covers_every_player_count_under_both_bots() -> None:
    text = DOC.read_text("utf-8")
    content, _ = load_game("mars-dice", SHIPPED)
    made = re.search(r"Made by `cardkit balance mars-dice --games (\d+) --search (mcts:\S+) ", text)
    assert made and int(made.group(1)) >= 2000
    search = made.group(2)
    sections = re.split(r"\n### (?=\d player)", text)[1:]
    heads = [s.splitlines()[0] for s in sections]
    assert heads == [f"{n} {'player (solo)' if n == 1 else 'players'}, {bot}"
                     for n in (1, 2, 3, 4) for bot in ("greedy", search)]
    for section in sections[::2]:  # every greedy run has a row per project and corporation
        assert re.search(r"^(\d+) games, seed \d+\.", section.splitlines()[2])
        ids = set(re.findall(r"\(`([a-z0-9-]+)`\)", section))
        assert {r.id for r in content.of("projects")} <= ids
        assert {r.id for r in content.of("corporations")} <= ids


def test_violations_name_each_card_and_corporation_outside_the_bounds() -> None:
    extras = {"projects": {"a": {"delta": 0.081}, "b": {"delta": -0.08}, "c": {"delta": None},
                           "d": {"delta": -0.2}},
              "corporations": {"x": {"win_rate": 0.189}, "y": {"win_rate": 0.31},
                               "z": {"win_rate": None}, "w": {"win_rate": 0.19}}}
    assert [line.split(":")[0] for line in violations(extras)] == ["a", "c", "d", "x", "z"]
    # the corporation bound follows the player count: 1/players ± 6 points
    assert corporation_bounds(2) == (0.44, 0.56)
    assert [line.split(":")[0] for line in violations(extras, players=2)] == \
        ["a", "c", "d", "w", "x", "y", "z"]


def test_the_report_says_when_a_bound_fails() -> None:
    content, _ = load_game("mars-dice", SHIPPED)
    extras = {"projects": {"airships": {"colour": "green", "delta": 0.15, "ci95": [0.1, 0.2],
                                        "played": 90, "play_share": 0.1,
                                        "win_rate_played": 0.4, "win_rate_not": 0.25}},
              "corporations": {"helion": {"kept": 9, "keep_rate": 0.5, "win_rate": 0.4,
                                          "ci95": [0.2, 0.6]}}}
    text = balance_report({"extras": extras, "games_played": 9, "players": 4,
                           "bots": ["greedy"] * 4, "seed": 1}, content,
                          "cardkit simulate mars-dice --games 9")
    assert "**1 outside**: airships: win-rate delta +15.0 pp" in text
    assert "**1 undecided** (outside by the point estimate, but the sample cannot tell): " \
        "helion:" in text  # its interval 20-60 % reaches into 19-31 %
    assert "helion: win rate when kept 40.0 % is outside 19–31 %" in text
    assert "| Airships (`airships`) | green | 90 (10 %) | 40.0 % | 25.0 % | +15.0 |" in text
    assert "| Helion (`helion`) | 9 | 50.0 % | 40.0 % | 20.0–60.0 % |" in text


def test_simulate_writes_the_mars_dice_report(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    args = ["simulate", "mars-dice", "--players", "4", "--bots", "greedy", "--games", "2",
            "--seed", "3", "--workers", "1", "--content", str(SHIPPED), "--balance", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    text = out.read_text("utf-8")
    assert text.startswith(BEGIN) or BEGIN in text
    assert "2 games, 4 players (greedy, greedy, greedy, greedy), seed 3" in text
    assert "### Projects" in text and "### Corporations" in text
