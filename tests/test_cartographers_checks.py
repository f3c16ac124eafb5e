"""Every Cartographers check: failing fixture at the expected positions, passing fixture silent;
the messages a designer acts on; no cascades from broken files; the shipped content is clean."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.loading import load_game, run_game_checks
from cardkit.core.registry import get_game
from cardkit.core.spec import iter_codes, parse_code_doc

from .conftest import (FIXTURES, SHIPPED, apply_edits, check_dir, content_maker, run,
                       run_case)

GAME = "cartographers"
BASE = FIXTURES / "cartographers_base"
CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "cartographers_cases.yaml").read_text("utf-8"))["cases"]

Make = Callable[[dict[str, str] | None], Path]


@pytest.fixture
def cartographers_content(tmp_path: Path) -> Make:
    """Copy the Cartographers test content; optionally overwrite files (relative to the game
    folder)."""
    return content_maker(tmp_path, GAME, "cartographers-content")


def messages(make: Make, edits: list[dict[str, str]], code: str) -> list[str]:
    """The messages of ``code`` after applying ``edits`` to the base."""
    report = check_dir(make(apply_edits(edits, GAME)), GAME)
    return [d.message for d in report.diagnostics if d.code == code]


def test_every_check_has_a_case() -> None:
    spec = get_game(GAME)
    codes = {c.code for c in spec.checks} | {spec.fit_code.code}  # type: ignore[attr-defined]
    assert codes == {case["code"] for case in CASES}
    assert all(case["fail"] and case["expect"] for case in CASES)


def test_base_fixture_is_clean(cartographers_content: Make) -> None:
    assert check_dir(cartographers_content(), GAME).diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], cartographers_content: Make) -> None:
    _, found = run_case(cartographers_content, case, "fail", GAME)
    assert found == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], cartographers_content: Make) -> None:
    report, found = run_case(cartographers_content, case, "pass", GAME)
    assert found == [] and report.exit_code() == 0


def test_shipped_content_is_clean() -> None:
    content, diags = load_game(GAME, SHIPPED)
    assert [d for d in diags if d.severity.value == "error"] == []
    assert run_game_checks(content) == []
    # the component counts of the rulebook, so that the clean result is about the whole game
    counts = {kind: len(content.of(kind)) for kind in
              ("maps", "explore", "ambush", "scoring", "seasons", "edicts", "titles")}
    assert counts == {"maps": 2, "explore": 13, "ambush": 4, "scoring": 16, "seasons": 4,
                      "edicts": 4, "titles": 8}
    assert [r.obj.kind for r in content.of("explore")].count("ruins") == 2


# -- messages ----------------------------------------------------------------------------------

def test_unknown_rule_suggests_the_implemented_one(cartographers_content: Make) -> None:
    found = messages(cartographers_content, [{"file": "cards/scoring.yaml",
                                              "old": "    rule: sentinel-wood",
                                              "new": "    rule: sentinal-wood"}], "CAR006")
    assert found == ["no scoring rule 'sentinal-wood' (did you mean 'sentinel-wood'?)"]


def test_a_taken_number_names_the_card_and_place_that_has_it(cartographers_content: Make) -> None:
    found = messages(cartographers_content, [{"file": "cards/scoring.yaml",
                                              "old": "    number: 41", "new": "    number: 1"}],
                     "CAR012")
    assert len(found) == 1
    assert "Goblin Attack" in found[0] and "cards/ambush.yaml:4:13" in found[0]


def test_a_shape_too_big_for_side_b_names_only_side_b(cartographers_content: Make) -> None:
    square = 'grid: ["XXXXX", "XXXXX", "XXXXX", "XXXXX", "XXXXX"]'
    found = messages(cartographers_content, [{"file": "cards/explore.yaml",
                                              "old": 'grid: ["XXXX"]', "new": square}], "CAR010")
    assert len(found) == 1
    assert "Fishing Village" in found[0] and "side B" in found[0] and "side A" not in found[0]


def test_a_ruins_space_is_room_for_a_shape(cartographers_content: Make) -> None:
    # side A made all mountains except its first row, which is all ruins: ruins spaces are
    # empty, so the shapes one row high still fit there and only the others are reported
    text = (BASE / GAME / "maps.yaml").read_text("utf-8")
    start = text.index("    grid:\n") + len("    grid:\n")
    rows = ["R" * 11] + ["M" * 11] * 10
    grid = "".join(f'      - "{row}"\n' for row in rows)
    maps = text[:start] + grid + text[text.index("  - id: wastelands"):]
    report = check_dir(cartographers_content({"maps.yaml": maps}), GAME)
    flagged = {d.message.split(" fits")[0] for d in report.diagnostics
               if d.code == "CAR010" and "Wilderness" in d.message}
    assert {"shape 1 of Great River", "shape 1 of Farmland", "shape 1 of Fishing Village",
            "shape 1 of Rift Lands"}.isdisjoint(flagged)
    assert {"shape 2 of Farmland", "shape 1 of Forgotten Forest",
            "the shape of Gnoll Raid"} <= flagged


def test_split_true_with_three_parts_is_reported(cartographers_content: Make) -> None:
    found = messages(cartographers_content, [{"file": "cards/ambush.yaml",
                                              "old": 'grid: ["X.X", "X.X"]',
                                              "new": 'grid: ["X.X.X", "X.X.X"]'}], "CAR001")
    assert found == ["the shape of Bugbear Assault is in 3 parts; a split shape has two"]


# -- no cascades: counts over a kind wait until every file of the kind is valid ------------------

def test_a_broken_scoring_card_does_not_also_shorten_its_stack(cartographers_content: Make
                                                               ) -> None:
    edits = [{"file": "cards/scoring.yaml", "old": "    stack: village\n    name: Great City",
              "new": "    stack: villages\n    name: Great City"}]
    report = check_dir(cartographers_content(apply_edits(edits, GAME)), GAME)
    codes = [d.code for d in report.diagnostics]
    assert any(c.startswith("SCH") for c in codes)  # the card itself is reported
    assert "CAR007" not in codes


def test_a_broken_map_is_reported_once(cartographers_content: Make) -> None:
    edits = [{"file": "maps.yaml", "old": '- "...M.R....."', "new": '- "...M.R...."'}]
    report = check_dir(cartographers_content(apply_edits(edits, GAME)), GAME)
    assert [d.code for d in report.diagnostics] == ["CAR008"]  # no mountain count, no fit check


# -- documentation -------------------------------------------------------------------------------

def test_every_code_documents_a_bad_and_a_good_example() -> None:
    for info in iter_codes(get_game(GAME)):
        doc = parse_code_doc(info.doc)
        assert doc.text and doc.bad and doc.good and doc.bad != doc.good, info.code
        YAML(typ="safe").load(doc.bad)
        YAML(typ="safe").load(doc.good)


def test_codes_prints_the_documentation() -> None:
    result = run("codes", "CAR001")
    assert result.exit_code == 0
    assert result.stdout.startswith("CAR001  error")
    assert "split: true" in result.stdout and "Bad:" in result.stdout and "Good:" in result.stdout
