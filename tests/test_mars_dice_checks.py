"""Every Mars Dice check: failing fixture at the expected positions, passing fixture silent; the
messages a designer acts on; the one effect walker reaching every effect list; the payment bound
and the hex map on hand-made inputs; no cascades and no crash on broken files; the shipped
content is clean."""

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
from cardkit.games.mars_dice.checks.helpers import (
    effect_sites,
    hex_components,
    shortfall,
)

from .conftest import (FIXTURES, SHIPPED, apply_edits, check_dir, content_maker, positions,
                       run)

GAME = "mars-dice"
BASE = FIXTURES / "mars_dice_base"
CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "mars_dice_cases.yaml").read_text("utf-8"))["cases"]

Make = Callable[[dict[str, str | None] | None], Path]


@pytest.fixture
def md_content(tmp_path: Path) -> Make:
    """Copy the Mars Dice test content; optionally overwrite files (relative to the game
    folder; ``None`` deletes one)."""
    return content_maker(tmp_path, GAME, "md-content")


def report_of(make: Make, edits: list[dict[str, str]]) -> Report:
    """The full check report after applying ``edits`` to the base."""
    return check_dir(make(apply_edits(edits, GAME)), GAME)


def messages(make: Make, edits: list[dict[str, str]], code: str) -> list[str]:
    """The messages of ``code`` after applying ``edits`` to the base."""
    return [d.message for d in report_of(make, edits).diagnostics if d.code == code]


def case(code: str) -> dict[str, Any]:
    """The fixture case of ``code``."""
    return next(c for c in CASES if c["code"] == code)


def test_every_check_has_a_case() -> None:
    spec = get_game(GAME)
    codes = {c.code for c in spec.checks} | {spec.fit_code.code}  # type: ignore[attr-defined]
    assert codes == {c["code"] for c in CASES}
    assert all(c["fail"] and c["expect"] for c in CASES)


def test_base_fixture_is_clean(md_content: Make) -> None:
    assert check_dir(md_content(), GAME).diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], md_content: Make) -> None:
    content = md_content(apply_edits(case["fail"], GAME))
    assert positions(check_dir(content, GAME), case["code"], content / GAME) == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], md_content: Make) -> None:
    content = md_content(apply_edits(case.get("pass") or [], GAME))
    report = check_dir(content, GAME)
    assert positions(report, case["code"], content / GAME) == []
    assert report.exit_code() == 0


def test_shipped_content_is_clean() -> None:
    content, diags = load_game(GAME, SHIPPED)
    assert [d for d in diags if d.severity.value == "error"] == []
    assert run_game_checks(content) == []
    # the counts of the box, so that the clean result is about the game
    assert len(content.of("projects")) >= 60
    assert {r.obj.colour for r in content.of("projects")} == {"green", "red", "blue"}
    assert len(content.of("corporations")) == len(content.of("milestones")) == 8
    assert [sum(f.sides for f in r.obj.faces) for r in content.of("dice")] == [6] * 5
    assert check_dir(SHIPPED, GAME).exit_code() == 0


# -- messages ----------------------------------------------------------------------------------

def test_counts_name_the_box(md_content: Make) -> None:
    # red.yaml holds one card, and it is green: the set is short and has no red card
    red = (BASE / GAME / "cards/projects/red.yaml").read_text("utf-8").split("\n")[0] + (
        "\nprojects:\n  - {id: lone-farm, name: Lone Farm, colour: green, cost: {plant: 1},"
        " production: {green: 1}}\n")
    base, _ = load_game(GAME, md_content())
    left = sum(1 for r in base.of("projects") if r.obj.colour != "red") + 1
    report = check_dir(md_content({"cards/projects/red.yaml": red}), GAME)
    found = [d.message for d in report.diagnostics if d.code == "MD001"]
    assert found == ["no red project cards; the game has green, red and blue ones",
                     f"{left} project cards; the set has at least 60"]


def test_unknown_symbols_suggest_the_resource(md_content: Make) -> None:
    found = messages(md_content, case("MD002")["fail"], "MD002")
    assert ("Giant Space Mirror costs 'watr', which is not in resources.yaml (did you mean "
            "'water'?)") in found
    assert ("Decomposers costs the wild token 'wild'; name the exact symbol (a wild token pays "
            "for any one symbol without being named)") in found
    assert ("Small Asteroid costs 'frost', but no die shows it; add it to a die's faces in "
            "dice.yaml or pay another symbol") in found
    assert any(m.startswith("ice is also a face of the Green die (at ")
               and "dice.yaml:11:20); a symbol is on one die colour only" in m for m in found)


def test_a_face_of_another_colour_names_both(md_content: Make) -> None:
    found = messages(md_content, [{"file": "cards/projects/red.yaml",
                                   "old": "{do: dice, colour: blue, face: energy}",
                                   "new": "{do: dice, colour: red, face: energy}"}], "MD003")
    assert found == [("Deep Well Heating's event sets red dice to energy, which is a face of the "
                      "blue dice; red dice show heat, event, nuclear")]


def test_raising_oceans_says_place_a_tile(md_content: Make) -> None:
    edits = [e for e in case("MD004")["fail"] if "track: oceans" in e["new"]]
    assert messages(md_content, edits, "MD004") == [
        ("Small Asteroid's event raises oceans, which counts ocean tiles: only placing one "
         "raises it; write {do: tile, tile: ocean}")]


def test_tracks_name_the_fix(md_content: Make) -> None:
    found = messages(md_content, case("MD005")["fail"][:1], "MD005")
    assert found == [("Oxygen: 8 levels of 2 make 16, but maximum − start is 14 − 0 = 14; set "
                      "`levels` to 7")]


def test_a_missing_track_is_named(md_content: Make) -> None:
    found = messages(md_content, [{"file": "tracks.yaml", "old": "  - id: oceans\n",
                                   "new": "  - id: sea-level\n"}], "MD005")
    assert found == [("no 'oceans' track in tracks.yaml; the game has oxygen, temperature and "
                      "oceans")]


def test_unreachable_milestones_say_what_limits_them(md_content: Make) -> None:
    edits = [e for e in case("MD008")["fail"] if "at_least: 21" in e["new"]]
    assert messages(md_content, edits, "MD008") == [
        ("the milestone Greenkeeper needs 21 tiles of greenery, but no player can have more "
         "than 20: the box has 20 of those tiles and 28 areas")]


def test_an_unpayable_cost_says_how_short(md_content: Make) -> None:
    found = messages(md_content, case("MD009")["fail"][:1], "MD009")
    assert found == [("Giant Space Mirror costs 9 plant, 9 microbe, 9 animal, 9 heat, 9 event, "
                      "9 nuclear, which can never be paid: 27 from the 12 green dice, 27 from "
                      "the 12 red dice; even holding every die of the pool and all 23 wild "
                      "tokens (with 3 award dice out of the pool) a player is 7 short")]


# -- one walker over every effect list ----------------------------------------------------------

#: One effect in every kind of effect list, made to place an unknown tile: a red card's event,
#: a blue action, a blue trigger, a corporation's starting bonus, a track bonus, an area bonus,
#: a conversion, a bonus card.
EVENT = "{do: raise, track: temperature}\n      - {do: dice, colour: blue, face: energy}"
CRATER = "{do: tile, tile: crater}"
ACTION = "pay: {steel: 1}\n        effects:\n          - {do: tile, tile: ocean}"
WHERE_EFFECTS = [
    ("cards/projects/red.yaml", EVENT, EVENT.replace("{do: raise, track: temperature}", CRATER)),
    ("cards/projects/blue.yaml", ACTION, ACTION.replace("ocean", "crater")),
    ("cards/projects/blue.yaml", "- {do: dice, colour: green}\n", "- {do: tile, tile: crater}\n"),
    ("cards/corporations.yaml", "- {do: vp, count: 2}\n", "- {do: tile, tile: crater}\n"),
    ("tracks.yaml", "    - {do: tile, tile: ocean}", "    - {do: tile, tile: crater}"),
    ("board.yaml", "{do: draw, count: 1}", "{do: tile, tile: crater}"),
    ("conversions.yaml", "{do: vp, count: 2}", "{do: tile, tile: crater}"),
    ("cards/bonus.yaml", "{do: wild, count: 3}", "{do: tile, tile: crater}"),
]


def test_the_walker_reaches_every_effect_list(md_content: Make) -> None:
    edits = [{"file": f, "old": old, "new": new} for f, old, new in WHERE_EFFECTS]
    files = (apply_edits(edits[:4], GAME) | apply_edits(edits[4:5], GAME)
             | apply_edits(edits[5:], GAME))
    report = check_dir(md_content(files), GAME)
    found = {Path(d.file).name for d in report.diagnostics
             if d.code == "MD004" and "'crater'" in d.message}
    assert found == {"red.yaml", "blue.yaml", "corporations.yaml", "tracks.yaml", "board.yaml",
                     "conversions.yaml", "bonus.yaml"}
    assert len([d for d in report.diagnostics if "'crater'" in d.message]) == len(WHERE_EFFECTS)


def test_effect_sites_label_every_place(md_content: Make) -> None:
    content, _ = load_game(GAME, md_content())
    labels = {label.split(" ")[0] for _, _, _, label in effect_sites(content)}
    assert {"action", "trigger", "the"} <= labels
    assert len(list(effect_sites(content))) > len(content.of("projects"))


# -- the payment bound (MD009) and the hex map (MD011) on hand-made inputs ---------------------

def test_the_award_dice_come_from_the_colours_that_hurt_least() -> None:
    counts = {"green": 12, "red": 12, "blue": 12}
    # 12 green symbols need every green die: fine when the 2 award dice are red and blue
    assert shortfall({"green": 12}, counts, 2, 0) == 0
    # with 3 award dice one must be green
    assert shortfall({"green": 12}, counts, 3, 0) == 1
    assert shortfall({"green": 12}, counts, 3, 1) == 0


def test_wild_tokens_make_up_any_colour() -> None:
    counts = {"green": 12, "red": 12}
    assert shortfall({"green": 20, "red": 15}, counts, 0, 11) == 0
    assert shortfall({"green": 20, "red": 15}, counts, 0, 10) == 1


def test_hex_pieces() -> None:
    cells = [(0, 0), (1, 0), (0, 1), (3, 3), (1, -1), (3, 3)]
    assert hex_components(cells) == [[0, 1, 2, 4], [3, 5]]
    assert hex_components([(0, 0), (1, 1)]) == [[0], [1]]  # (1, 1) is two steps away
    assert hex_components([(0, 0), (1, -1)]) == [[0, 1]]


# -- no cascades, no crash ----------------------------------------------------------------------

def test_a_broken_card_does_not_also_shorten_the_set(md_content: Make) -> None:
    report = report_of(md_content, [{"file": "cards/projects/green.yaml",
                                     "old": "    name: Airships\n    colour: green\n",
                                     "new": "    name: Airships\n    colour: purple\n"}])
    codes = [d.code for d in report.diagnostics]
    assert codes and all(c.startswith("SCH") for c in codes)  # only the card itself


def test_a_broken_resources_file_stops_the_checks_that_read_it(md_content: Make) -> None:
    report = report_of(md_content, [{"file": "resources.yaml",
                                     "old": "  - id: plant\n    kind: face\n",
                                     "new": "  - id: plant\n    kind: leaf\n"}])
    codes = [d.code for d in report.diagnostics]
    assert codes and all(c.startswith("SCH") for c in codes)  # no unknown plant, no awards


def test_a_broken_dice_file_stops_the_colour_checks(md_content: Make) -> None:
    report = report_of(md_content, [{"file": "dice.yaml", "old": "    count: 12\n    faces:\n"
                                     "      - {resource: plant",
                                     "new": "    count: 40\n    faces:\n"
                                     "      - {resource: plant"}])
    codes = [d.code for d in report.diagnostics]
    assert codes and all(c.startswith("SCH") for c in codes)  # no unknown green, no MD001


@pytest.mark.parametrize("rel, text", [
    ("cards/projects/blue.yaml", "projects: 7\n"),
    ("cards/projects/blue.yaml", "projects:\n  - 7\n  - {id: x, colour: blue, cost: {a: '1'}}\n"),
    ("dice.yaml", "dice: [{id: green, faces: []}]\n"),
    ("tracks.yaml", "tracks:\n  - {id: oxygen, step: 0}\n"),
    ("board.yaml", "boards: [{id: mars, name: Mars, areas: [{id: a, q: 20, r: 0}]}]\n"),
    ("rules.yaml", "rules: []\n"),
    ("resources.yaml", "[1, 2\n"),
    ("tiles.yaml", "tiles: [{id: ocean, 'on': sky, supply: 7}]\n"),
    ("cards/milestones.yaml", "milestones: [{id: m, name: M, measure: {count: money}}]\n"),
    ("cards/awards.yaml", "awards: [{id: a, name: A}]\n"),
    ("cards/corporations.yaml", "corporations: [{id: c, name: C, start: [], production: {}}]\n"),
    ("cards/bonus.yaml", "bonus: [{id: b, name: B, effects: [{do: fly}]}]\n"),
    ("conversions.yaml", "conversions: {}\n"),
    ("tiles.yaml", None),
    ("dice.yaml", None),
    ("rules.yaml", None),
])
def test_hostile_files_do_not_crash_the_checks(rel: str, text: str | None,
                                               md_content: Make) -> None:
    report = check_dir(md_content({rel: text}), GAME)
    codes = {d.code for d in report.diagnostics}
    assert codes and report.exit_code() == 1
    assert not any(c.startswith("MD") for c in codes), codes  # every check waits or skips


def test_the_valid_records_of_a_broken_file_are_still_checked(md_content: Make) -> None:
    text = (BASE / GAME / "cards/projects/red.yaml").read_text("utf-8").replace(
        "projects:\n", "projects:\n  - 7\n  - {id: quiet-event, name: Quiet Event, colour: red,"
        " cost: {heat: 1}}\n", 1)
    report = check_dir(md_content({"cards/projects/red.yaml": text}), GAME)
    found = [(d.code, d.object_id) for d in report.diagnostics if d.code.startswith("MD")]
    assert found == [("MD004", "quiet-event")]  # counts wait for a whole file


# -- documentation -------------------------------------------------------------------------------

def test_every_code_documents_a_bad_and_a_good_example() -> None:
    for info in iter_codes(get_game(GAME)):
        doc = parse_code_doc(info.doc)
        assert doc.text and doc.bad and doc.good and doc.bad != doc.good, info.code
        YAML(typ="safe").load(doc.bad)
        YAML(typ="safe").load(doc.good)


def test_codes_prints_the_documentation() -> None:
    result = run("codes", "MD009")
    assert result.exit_code == 0
    assert result.stdout.startswith("MD009  error")
    assert "Bad:" in result.stdout and "Good:" in result.stdout
    assert "most" in result.stdout and "favourable" in result.stdout
