"""Every Terra Futura check: failing fixture at the expected positions, passing fixture silent;
the messages a designer acts on; the reachability search on hand-made card sets; no cascades
and no crash on broken files; the shipped content is clean."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.loading import load_game, run_game_checks
from cardkit.core.diagnostics import Report
from cardkit.core.registry import get_game
from cardkit.core.spec import iter_codes, parse_code_doc
from cardkit.games.terra_futura.checks.reach import (
    ANY_RAW,
    TERRITORY,
    Recipe,
    chains,
    search,
    smallest_territory,
)
from cardkit.games.terra_futura.engine.world import World

from .conftest import (FIXTURES, SHIPPED, apply_edits, check_dir, content_maker, positions,
                       run)

GAME = "terra-futura"
BASE = FIXTURES / "terra_futura_base"
CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "terra_futura_cases.yaml").read_text("utf-8"))["cases"]
RAW = ("green", "red", "yellow")

Make = Callable[[dict[str, str] | None], Path]


@pytest.fixture
def tf_content(tmp_path: Path) -> Make:
    """Copy the Terra Futura test content; optionally overwrite files (relative to the game
    folder)."""
    return content_maker(tmp_path, GAME, "tf-content")


def report_of(make: Make, edits: list[dict[str, str]]) -> Report:
    """The full check report after applying ``edits`` to the base."""
    return check_dir(make(apply_edits(edits, GAME)), GAME)


def messages(make: Make, edits: list[dict[str, str]], code: str) -> list[str]:
    """The messages of ``code`` after applying ``edits`` to the base."""
    return [d.message for d in report_of(make, edits).diagnostics if d.code == code]


def test_every_check_has_a_case() -> None:
    spec = get_game(GAME)
    codes = {c.code for c in spec.checks} | {spec.fit_code.code}  # type: ignore[attr-defined]
    assert codes == {case["code"] for case in CASES}
    assert all(case["fail"] and case["expect"] for case in CASES)


def test_base_fixture_is_clean(tf_content: Make) -> None:
    assert check_dir(tf_content(), GAME).diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], tf_content: Make) -> None:
    content = tf_content(apply_edits(case["fail"], GAME))
    assert positions(check_dir(content, GAME), case["code"], content / GAME) == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], tf_content: Make) -> None:
    content = tf_content(apply_edits(case.get("pass") or [], GAME))
    report = check_dir(content, GAME)
    assert positions(report, case["code"], content / GAME) == []
    assert report.exit_code() == 0


def test_shipped_content_is_clean() -> None:
    content, diags = load_game(GAME, SHIPPED)
    assert [d for d in diags if d.severity.value == "error"] == []
    assert run_game_checks(content) == []
    # the component counts of the box (facts §3.2), so that the clean result is about the game
    levels = [r.obj.level for r in content.of("cards")]
    assert [levels.count(lv) for lv in ("start", "I", "II")] == [5, 23, 24]
    assert len(content.of("scoring")) == 16
    assert sum(r.obj.copies for r in content.of("help")) == 5


# -- messages ----------------------------------------------------------------------------------

def test_counts_name_the_level_and_the_box_count(tf_content: Make) -> None:
    found = messages(tf_content, [{"file": "cards/territory/level-1.yaml",
                                   "old": "    level: I\n    name: Wind-Powered Quarry",
                                   "new": "    level: II\n    name: Wind-Powered Quarry"}],
                     "TF001")
    assert found == ["22 level I cards, not 23", "level II card 25 of 25; the game has 24"]


def test_a_second_first_player_card_names_the_first(tf_content: Make) -> None:
    found = messages(tf_content, [{"file": "cards/territory/start.yaml",
                                   "old": "    name: Riverside Commune\n",
                                   "new": "    name: Riverside Commune\n    first: true\n"}],
                     "TF001")
    assert len(found) == 1
    assert "Riverside Commune" in found[0] and "Founders' Homestead" in found[0]
    assert "cards/territory/start.yaml:6:12" in found[0]


def test_an_unknown_symbol_suggests_the_resource(tf_content: Make) -> None:
    found = messages(tf_content, next(c for c in CASES if c["code"] == "TF002")["fail"],
                     "TF002")
    assert found == [
        ("the combination of Spine of the Valley counts 'good', which is not in resources.yaml "
         "(did you mean 'goods' or 'food'?)"),
        ("option 2 of Brickworks Kiln gains 'pollution': pollution is not a resource; write the "
         "cubes as the option's `pollution: N`"),
        ("option 1 of Community Kitchen pays 'gren', which is not in resources.yaml (did you "
         "mean 'green'?)")]


def test_unreachable_names_what_nothing_gains(tf_content: Make) -> None:
    # medicine is gained only by Upcycling Studio's second option, which pays enzymes; no
    # option gains enzymes
    edits = [next(c for c in CASES if c["code"] == "TF006")["fail"][i] for i in (0, 1, 4)]
    found = messages(tf_content, edits, "TF006")
    assert found == [("the combination of Home Paddock needs medicine, which cannot be made: the "
                      "only option gaining it (Upcycling Studio option 2) pays enzymes, which "
                      "nothing gains")]


def test_unreachable_in_a_cycle_says_cannot_be_made_either(tf_content: Make) -> None:
    found = messages(tf_content, next(c for c in CASES if c["code"] == "TF006")["fail"],
                     "TF006")
    assert found == [
        ("the combination of Crossroads needs enzymes, which cannot be made: the only option "
         "gaining it (Compost Hub option 2) pays medicine, which cannot be made either"),
        ("the combination of Home Paddock needs medicine, which cannot be made: the only option "
         "gaining it (Upcycling Studio option 2) pays enzymes, which cannot be made either")]


def test_storage_is_a_warning_that_says_what_is_lost(tf_content: Make) -> None:
    report = report_of(tf_content, [{"file": "cards/territory/level-1.yaml",
                                     "old": "    storage: 2", "new": "    storage: 1"}])
    found = [(d.severity.value, d.message) for d in report.diagnostics if d.code == "TF009"]
    assert found == [("warning", ("option 1 of Agrivoltaic Meadow gains 2, but the card stores "
                                  "at most 1: each activation loses 1; raise `storage` to 2 or "
                                  "gain less"))]
    assert report.exit_code() == 0


# -- the reachability search (TF006) on hand-made card sets ---------------------------------------

def recipe(card: str, needs: set[str], makes: set[str], start: bool = False) -> Recipe:
    """One option of a hand-made card."""
    return Recipe(card, frozenset(needs), frozenset(makes), start=start)


def ladder(n: int) -> list[Recipe]:
    """A starting card making r0 from nothing, and cards c1..cn each turning r(i-1) into r(i)."""
    return [recipe("s", set(), {"r0"}, start=True)] + \
        [recipe(f"c{i}", {f"r{i - 1}"}, {f"r{i}"}) for i in range(1, n + 1)]


def test_a_three_step_chain_is_found() -> None:
    # green from a free card; food pays green; goods pays food and money, money is free elsewhere
    cards = [recipe("farm", set(), {"green"}), recipe("kitchen", {"green"}, {"food"}),
             recipe("bank", set(), {"money"}), recipe("factory", {"food", "money"}, {"goods"})]
    best = search(cards, RAW)
    assert best["goods"] == {"farm", "kitchen", "bank", "factory"}
    assert best["food"] == {"farm", "kitchen"}


def test_the_cheapest_chain_wins() -> None:
    # goods two ways: via food (3 cards) or straight from a raw material (2 cards)
    cards = [recipe("farm", set(), {"green"}), recipe("kitchen", {"green"}, {"food"}),
             recipe("factory", {"food"}, {"goods"}), recipe("workshop", {"green"}, {"goods"})]
    assert search(cards, RAW)["goods"] == {"farm", "workshop"}


def test_a_cycle_is_not_reachable() -> None:
    cards = [recipe("a", {"material"}, {"goods"}), recipe("b", {"goods"}, {"material"}),
             recipe("farm", set(), {"green"})]
    best = search(cards, RAW)
    assert "goods" not in best and "material" not in best and best["green"] == {"farm"}


def test_a_wildcard_input_takes_any_raw_material() -> None:
    cards = [recipe("quarry", set(), {"red"}), recipe("workshop", {ANY_RAW}, {"goods"})]
    assert search(cards, RAW)["goods"] == {"quarry", "workshop"}
    assert "goods" not in search([cards[1], recipe("bank", set(), {"money"})], RAW)


def test_a_wildcard_gain_makes_every_raw_material(tf_content: Make) -> None:
    # in the base, every starting card has a free "gain 1 any raw material" option: each raw
    # material is made by the starting card alone, from the content as from the compiled world
    base = tf_content()
    content, _ = load_game(GAME, base)
    found = chains(content, start="founders-homestead")
    assert found["yellow"] == found["red"] == found["green"] == ["founders-homestead"]
    assert chains(World.from_content(content), start="founders-homestead") == found


def test_a_starting_card_costs_nothing_and_nine_cards_fit() -> None:
    found = smallest_territory(ladder(8), RAW, ["r8"])
    assert found is not None and found[:2] == (8, "s") and found[0] <= TERRITORY - 1
    assert found[2] == {"s", *(f"c{i}" for i in range(1, 9))}


def test_a_chain_needing_ten_cards_is_rejected() -> None:
    found = smallest_territory(ladder(9), RAW, ["r9"])
    assert found is not None and found[0] == 9 > TERRITORY - 1  # 10 cards with the start


def test_a_territory_has_one_starting_card() -> None:
    # green only from starting card s1, red only from s2: no one territory has both
    cards = [recipe("s1", set(), {"green"}, start=True), recipe("s2", set(), {"red"}, start=True)]
    assert smallest_territory(cards, RAW, ["green", "red"]) is None
    assert smallest_territory(cards, RAW, ["green"]) == (0, "s1", {"s1"})


def _ladder_files(steps: int) -> dict[str, str]:
    """The base plus products step-1..step-N and cards turning money into step-1 and each step
    into the next (level II cards appended: the level counts are off, which is TF001's
    business), with Crossroads asking for the last step."""
    files = apply_edits([{"file": "cards/scoring.yaml", "old": "combination: {money: 3}",
                     "new": f"combination: {{step-{steps}: 1}}"}], GAME)
    resources = (BASE / GAME / "resources.yaml").read_text("utf-8")
    cards = (BASE / GAME / "cards/territory/level-2.yaml").read_text("utf-8")
    for i in range(1, steps + 1):
        resources += (f"  - {{id: step-{i}, kind: product, name: Step {i}, colour: '#ffffff', "
                      "supply: 5}\n")
        pay = "money" if i == 1 else f"step-{i - 1}"
        cards += (f"  - {{id: ladder-{i}, level: II, name: Ladder {i}, "
                  f"options: [{{pay: {{{pay}: 1}}, gain: {{step-{i}: 1}}}}]}}\n")
    return files | {"resources.yaml": resources, "cards/territory/level-2.yaml": cards}


def test_a_chain_too_long_for_one_territory_is_reported(tf_content: Make) -> None:
    report = check_dir(tf_content(_ladder_files(9)), GAME)
    found = [d.message for d in report.diagnostics if d.code == "TF006"]
    ladder_ids = ", ".join(f"ladder-{i}" for i in range(1, 10))
    assert found == [(f"one set of Crossroads (1 step-9) needs 9 cards besides the starting card "
                     f"({ladder_ids}); a territory holds 8")]


def test_a_chain_of_eight_cards_fits(tf_content: Make) -> None:
    report = check_dir(tf_content(_ladder_files(8)), GAME)
    assert [d for d in report.diagnostics if d.code == "TF006"] == []


def test_a_set_needing_two_starting_cards_is_reported(tf_content: Make) -> None:
    # relic-a only from Founders' Homestead, relic-b only from Riverside Commune
    files = apply_edits([
        {"file": "resources.yaml", "old": "    colour: \"#222222\"\n    supply: 25\n",
         "new": "    colour: \"#222222\"\n    supply: 25\n"
                "  - {id: relic-a, kind: product, name: A, colour: '#ffffff', supply: 5}\n"
                "  - {id: relic-b, kind: product, name: B, colour: '#ffffff', supply: 5}\n"},
        {"file": "cards/territory/start.yaml",
         "old": "first: true\n    slots: 1\n    options:\n      - {gain: {any-raw: 1}}\n"
                "      - {gain: {money: 2}}",
         "new": "first: true\n    slots: 1\n    options:\n      - {gain: {any-raw: 1}}\n"
                "      - {gain: {relic-a: 1}}"},
        {"file": "cards/territory/start.yaml",
         "old": "Riverside Commune\n    slots: 1\n    options:\n      - {gain: {any-raw: 1}}\n"
                "      - {gain: {money: 2}}",
         "new": "Riverside Commune\n    slots: 1\n    options:\n      - {gain: {any-raw: 1}}\n"
                "      - {gain: {relic-b: 1}}"},
        {"file": "cards/scoring.yaml", "old": "combination: {money: 3}",
         "new": "combination: {relic-a: 1, relic-b: 1}"}], GAME)
    report = check_dir(tf_content(files), GAME)
    found = [(d.message, d.line) for d in report.diagnostics if d.code == "TF006"]
    assert found == [("the combination of Crossroads (1 relic-a, 1 relic-b) needs two starting "
                      "cards: with each one, something in it cannot be made, and a territory "
                      "has one", 88)]


# -- no cascades, no crash ----------------------------------------------------------------------

def test_a_broken_card_does_not_also_shorten_its_level(tf_content: Make) -> None:
    report = report_of(tf_content, [{"file": "cards/territory/level-2.yaml",
                                     "old": "    name: Community Kitchen\n    options:\n",
                                     "new": "    name: Community Kitchen\n    options: 5\n"
                                            "    old-options:\n"}])
    codes = [d.code for d in report.diagnostics]
    assert codes and all(c.startswith("SCH") for c in codes)  # only the card itself


def test_a_broken_resources_file_stops_the_checks_that_read_it(tf_content: Make) -> None:
    report = report_of(tf_content, [{"file": "resources.yaml",
                                     "old": "    kind: raw\n    name: Yellow raw material",
                                     "new": "    kind: rare\n    name: Yellow raw material"}])
    codes = [d.code for d in report.diagnostics]
    assert codes and all(c.startswith("SCH") for c in codes)  # no unknown yellow, no counts


@pytest.mark.parametrize("text", [
    "cards: 7\n",
    "cards:\n  - 7\n  - {id: x, level: III, options: [{pay: 3}]}\n",
    "cards:\n  - {id: x, level: II, name: X, options: [{pay: {green: '1'}}]}\n",
    "cards: [{id: broken, level: I, name: B, options: []}]\n",
])
def test_hostile_cards_files_do_not_crash_the_checks(text: str, tf_content: Make) -> None:
    report = check_dir(tf_content({"cards/territory/level-2.yaml": text}), GAME)
    codes = {d.code for d in report.diagnostics}
    assert codes and report.exit_code() == 1
    assert not codes & {"TF001", "TF006"}  # counts and reachability wait for whole files


def test_the_valid_records_of_a_broken_file_are_still_checked(tf_content: Make) -> None:
    text = ("cards:\n  - 7\n"
            "  - {id: free-lunch, level: II, name: Free Lunch, options: [{gain: {food: 1}}]}\n")
    report = check_dir(tf_content({"cards/territory/level-2.yaml": text}), GAME)
    found = [(d.code, d.object_id) for d in report.diagnostics if d.code.startswith("TF")]
    assert found == [("TF004", "free-lunch")]  # the short level waits for a whole file


# -- documentation -------------------------------------------------------------------------------

def test_every_code_documents_a_bad_and_a_good_example() -> None:
    for info in iter_codes(get_game(GAME)):
        doc = parse_code_doc(info.doc)
        assert doc.text and doc.bad and doc.good and doc.bad != doc.good, info.code
        YAML(typ="safe").load(doc.bad)
        YAML(typ="safe").load(doc.good)


def test_codes_prints_the_documentation() -> None:
    result = run("codes", "TF006")
    assert result.exit_code == 0
    assert result.stdout.startswith("TF006  error")
    assert "Bad:" in result.stdout and "Good:" in result.stdout
    assert "one territory" in result.stdout
