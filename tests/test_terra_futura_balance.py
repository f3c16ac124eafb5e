"""Terra Futura's balance report: the shipped report was made from the shipped rules and engine,
covers every player count under the greedy and the search bot, and the generator flags what
lies outside the bounds."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.loading import load_game
from cardkit.games.terra_futura.report.balance import (BEGIN, END, balance_report, fingerprints,
                                                      violations)

from .conftest import SHIPPED

DOC = SHIPPED / "terra-futura" / "balance.md"


def test_the_shipped_report_was_made_from_the_shipped_rules_and_engine() -> None:
    # a change to any option, slot, storage, pattern, combination or point value, or to the
    # engine, the bots or cardkit's version makes TF011 warn: rerun the command the report names
    content, _ = load_game("terra-futura", SHIPPED)
    text = DOC.read_text("utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    found = re.search(r"rules fingerprint `([0-9a-f]{16})`, engine fingerprint `([0-9a-f]{16})`",
                      text)
    assert found and found.groups() == fingerprints(content)


def test_the_shipped_report_covers_every_player_count_under_both_bots() -> None:
    text = DOC.read_text("utf-8")
    made = re.search(r"Made by `cardkit balance terra-futura --games (\d+) --search (mcts:\S+) ",
                     text)
    assert made and int(made.group(1)) >= 2000
    search = made.group(2)
    sections = re.split(r"\n### (?=\d players)", text)[1:]
    assert [s.splitlines()[0] for s in sections] == [
        f"{n} players, {bot}" for n in (2, 3, 4, 5) for bot in ("greedy", search)]
    for section in sections[::2]:  # every greedy run: a row per level I/II and scoring card
        cards = scoring = 0
        for line in section.splitlines():
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) == 7 and cells[1] in ("I", "II"):
                cards += 1
            elif len(cells) == 7 and cells[2].endswith("%") and "`" in cells[0]:
                scoring += 1
        assert (cards, scoring) == (23 + 24, 16)


def test_violations_name_each_card_outside_the_bounds() -> None:
    extras = {"cards": {"a": {"delta": 0.081}, "b": {"delta": -0.08}, "c": {"delta": -0.2}},
              "scoring_cards": {"s": {"held": {"win_rate": 0.399}},
                                "t": {"held": {"win_rate": 0.6}}}}
    assert [line.split(":")[0] for line in violations(extras)] == ["a", "c", "s"]


def test_the_report_says_when_a_bound_fails() -> None:
    content, _ = load_game("terra-futura", SHIPPED)
    extras = {"cards": {"seed-library": {"delta": 0.15, "ci95": [0.1, 0.2], "picked": 90,
                                         "pick_share": 0.1, "win_rate_picked": 0.6,
                                         "win_rate_not": 0.45}},
              "scoring_cards": {}}
    text = balance_report({"extras": extras, "games_played": 9, "players": 2, "bots": ["g"]},
                          content, "cardkit simulate terra-futura --games 9")
    assert "**1 outside**: seed-library: win-rate delta +15.0 pp" in text
    assert "| Seed Library (`seed-library`) | I | 90 (10 %) | 60.0 % | 45.0 % | +15.0 |" in text


def test_simulate_writes_the_report_and_keeps_a_users_edit(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    args = ["simulate", "terra-futura", "--games", "6", "--seed", "3", "--workers", "1",
            "--content", str(SHIPPED), "--balance", str(out)]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    text = out.read_text("utf-8")
    assert f"Made by `cardkit simulate terra-futura --games 6 --seed 3 --balance {out}`" in text
    assert CliRunner().invoke(main, args).exit_code == 0  # its own, unchanged output: rewritten
    out.write_text(text + "my notes\n", encoding="utf-8")  # a designer edits the report
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and out.read_text("utf-8").endswith("my notes\n")
    assert "--force" in again.output
    assert CliRunner().invoke(main, [*args, "--force"]).exit_code == 0
    assert out.read_text("utf-8") == text


def test_a_game_without_a_balance_report_is_refused_before_the_run(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["simulate", "terra", "--games", "2", "--content",
                                       str(SHIPPED), "--balance", str(tmp_path / "b.md")])
    assert result.exit_code == 2 and "has no balance report" in result.output
    assert not (tmp_path / "b.md").exists()
