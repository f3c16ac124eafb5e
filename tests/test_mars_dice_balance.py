"""Mars Dice's balance report: the shipped report was made from the shipped rules, holds the
bounds (issue 14: corporations 25 % ± 6 points when kept, projects within ±8 points of delta in
4-player greedy mirrors), and the generator flags what lies outside them."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.loading import load_game
from cardkit.games.mars_dice.report.balance import (BEGIN, END, balance_report, corporation_bounds,
                                             fingerprint, violations)

from .conftest import SHIPPED

DOC = Path(__file__).resolve().parent.parent / "docs" / "mars-dice-balance.md"


def shipped_block() -> str:
    text = DOC.read_text("utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    return text[text.index(BEGIN):text.index(END)]


def test_the_shipped_report_was_made_from_the_shipped_rules() -> None:
    # any change play sees (a cost, a die of production, an effect, a VP, a rules number)
    # changes the fingerprint: rerun the command the report names and paste its block here
    content, _ = load_game("mars-dice", SHIPPED)
    found = re.search(r"rules fingerprint `([0-9a-f]{16})`", shipped_block())
    assert found and found.group(1) == fingerprint(content)


def test_the_shipped_report_holds_the_bounds() -> None:
    block = shipped_block()
    content, _ = load_game("mars-dice", SHIPPED)
    assert "**All hold.**" in block
    made = re.search(r"Made by `cardkit simulate mars-dice --games (\d+) --seed \d+ "
                     r"(--bots greedy )?--players 4 ", block)
    assert made and int(made.group(1)) >= 2000
    assert re.search(r"\b\d+ games, 4 players \(greedy, greedy, greedy, greedy\)", block)
    low, high = corporation_bounds(4)
    projects, corporations = set(), set()
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        ident = re.search(r"\(`([a-z0-9-]+)`\)", cells[0])
        if ident is None:
            continue
        if len(cells) == 7 and cells[1] in ("green", "red", "blue"):
            projects.add(ident.group(1))
            assert abs(float(cells[5])) <= 100 * 0.08, line
        elif len(cells) == 5:
            corporations.add(ident.group(1))
            assert 100 * low <= float(cells[3].rstrip(" %")) <= 100 * high, line
    # every project and corporation of the shipped set has its row
    assert projects == {r.id for r in content.of("projects")}
    assert corporations == {r.id for r in content.of("corporations")}


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
                                        "played": 9, "play_share": 0.1,
                                        "win_rate_played": 0.4, "win_rate_not": 0.25}},
              "corporations": {"helion": {"kept": 9, "keep_rate": 0.5, "win_rate": 0.4,
                                          "ci95": [0.2, 0.6]}}}
    text = balance_report({"extras": extras, "games_played": 9, "players": 4,
                           "bots": ["greedy"] * 4, "seed": 1}, content,
                          "cardkit simulate mars-dice --games 9")
    assert "**2 outside**: airships: win-rate delta +15.0 pp" in text
    assert "helion: win rate when kept 40.0 % is outside 19–31 %" in text
    assert "| Airships (`airships`) | green | 9 (10 %) | 40.0 % | 25.0 % | +15.0 |" in text
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
