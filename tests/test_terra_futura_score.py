"""``cardkit score terra-futura``: a tableau scored by hand, the JSON and text output, every
``TF1…`` code with a failing and a passing tableau (exact ``line:col``), hostile files (a
located error and exit code 1, never a traceback), usage errors, the codes and the JSON Schema.

Exact scores and the codes that depend on card values use a small content folder of their own
(:data:`CONTENT`, written to a temporary folder; the shipped set may be rebalanced). The CLI
tests run on the shipped content and the examples in ``examples/terra-futura/``.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from cardkit.cli import main
from cardkit.games.terra_futura.score import (TableauRules, TableauScores, read_tableau,
                                              score_tableau)

from .conftest import ROOT, SHIPPED

EXAMPLES = ROOT / "examples" / "terra-futura"
GOOD = sorted(EXAMPLES.glob("*.yaml"))  # bad/impossible.yaml is kept apart
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): error (?P<code>[A-Z]+\d+) \S")

# -- a small content folder of our own ----------------------------------------------------------

RESOURCES = """resources:
  - {id: green, kind: raw, name: Green, colour: "#00aa00", points: 1, supply: 4}
  - {id: red, kind: raw, name: Red, colour: "#aa0000", points: 1, supply: 25}
  - {id: yellow, kind: raw, name: Yellow, colour: "#aaaa00", points: 1, supply: 25}
  - {id: food, kind: product, name: Food, colour: "#005500", points: 4, supply: 20}
  - {id: material, kind: product, name: Material, colour: "#550000", points: 5, supply: 20}
  - {id: goods, kind: product, name: Goods, colour: "#555500", points: 6, supply: 20}
  - {id: money, kind: money, name: Money, colour: "#999999", points: 0, supply: 30}
  - {id: any-raw, kind: wild, name: Any raw material, colour: "#ffffff"}
  - {id: pollution, kind: pollution, name: Pollution, colour: "#222222", supply: 6}
"""
RULES = "rules:\n  - {id: base, name: Test, polluted_card_penalty: 1}\n"
CARDS = """cards:
  - {id: base-camp, level: start, name: Base Camp, first: true, slots: 1,
     options: [{gain: {any-raw: 1}}, {gain: {money: 2}}]}
  - {id: second-camp, level: start, name: Second Camp, slots: 1, options: [{gain: {money: 2}}]}
  - {id: compost-yard, level: I, name: Compost Yard, slots: 1, storage: 2,
     options: [{pay: {green: 1}, gain: {food: 1}}]}
  - {id: wind-farm, level: I, name: Wind Farm, options: [{gain: {green: 1}}, {gain: {red: 1}}]}
  - {id: mine, level: I, name: Mine, slots: 1, options: [{gain: {red: 2}, pollution: 1}]}
  - {id: quarry, level: I, name: Quarry, options: [{gain: {yellow: 1}}]}
  - {id: smelter, level: I, name: Smelter, slots: 1,
     options: [{pay: {red: 2}, gain: {material: 1}, pollution: 1}]}
  - {id: trading-post, level: I, name: Trading Post,
     options: [{gain: {any-raw: 1}}, {gain: {money: 2}}]}
  - {id: workshop, level: II, name: Workshop, slots: 1,
     options: [{pay: {material: 1, yellow: 1}, gain: {goods: 1}}]}
  - {id: orchard, level: II, name: Orchard, slots: 1, options: [{gain: {any-raw: 2}}]}
  - {id: greenhouse, level: II, name: Greenhouse, storage: 4,
     options: [{gain: {green: 2}}, {pay: {any-raw: 1}, gain: {food: 1}}]}
"""
SCORING = """scoring:
  - {id: four-corners, number: 1, name: Four Corners, pattern: ["X.X", "...", "X.X"],
     combination: {food: 1, material: 1, goods: 1}, points: 6}
  - {id: wild-pairs, number: 2, name: Wild Pairs, pattern: [".X.", "XXX", ".X."],
     combination: {food: 1, any-raw: 2}, points: 4}
"""
HELP = "help:\n  - {id: turn, name: Turn, text: Place a card and activate its row and column.}\n"
STRINGS = "strings:\n  - {id: points, text: points}\n"
CONTENT = {"resources.yaml": RESOURCES, "rules.yaml": RULES, "cards/territory/test.yaml": CARDS,
           "cards/scoring.yaml": SCORING, "cards/help.yaml": HELP, "strings.yaml": STRINGS}

# The hand-worked tableau (line numbers are those of the file; columns below are 1-based).
TABLEAU = """pattern: four-corners
method: wild-pairs
territory:
  - - {card: base-camp, resources: {green: 1, money: 2}, pollution: 1}
    - {card: compost-yard, resources: {food: 2}}
    - {card: mine, resources: {red: 3}, pollution: 2}
  - - {card: wind-farm, resources: {green: 2}}
    - {card: smelter, resources: {material: 1}, pollution: 1}
    - {card: quarry, resources: {yellow: 1}}
  - - {card: workshop, resources: {goods: 1}}
    - {card: orchard, resources: {red: 1, yellow: 1}}
    - {card: greenhouse, resources: {food: 1}}
"""
# Worked out by hand from the rules (seed 001) and the content above:
# - mine has 1 slot and 2 cubes: one in the slot, one in the centre, so it is inactive and its
#   3 red score nothing; smelter (1 slot, 1 cube) and base-camp (1 slot, 1 cube) stay active.
# - on active cards: green 1 + 2 = 3, red 1 (orchard), yellow 1 + 1 = 2, food 2 + 1 = 3,
#   material 1, goods 1, money 2.
# - resources: raw 3 + 1 + 2 = 6 x 1 = 6; food 3 x 4 = 12; material 1 x 5 = 5; goods 1 x 6 = 6;
#   money 2 x 0 = 0; in all 29.
# - wild-pairs (1 food + 2 of any raw, 4 points a set): food allows 3 sets, the 6 raw materials
#   cover 3 x 2: 3 sets = 12 points.
# - polluted cards: base-camp, mine, smelter = 3 x 1 = -3.
# - total 29 + 12 - 3 = 38.
HAND_WORKED = {"resources": 29, "sets": 3, "set_points": 12, "polluted": 3, "penalty": 3,
               "total": 38}
HELD = {"green": 3, "red": 1, "yellow": 2, "food": 3, "material": 1, "goods": 1, "money": 2}


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> TableauRules:
    from cardkit.core.loading import load_game

    root = tmp_path_factory.mktemp("content")
    for rel, text in CONTENT.items():
        path = root / "terra-futura" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    content, diags = load_game("terra-futura", root, None)
    assert not [d for d in diags if d.severity.value == "error"], diags  # no modelines: CK003
    return TableauRules.from_content(content)


def tableau(tmp_path: Path, old: str = "", new: str = "", text: str = TABLEAU) -> Path:
    """The hand-worked tableau with one exact, unique replacement, written to a file."""
    if old:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "t.yaml"
    path.write_text(text, "utf-8")
    return path


def found(path: Path, rules: TableauRules) -> list[tuple[str, int, int]]:
    """``(code, line, col)`` of every problem of a tableau expected to be bad."""
    got = read_tableau(path, rules)
    assert isinstance(got, list), got
    return [(d.code, d.line, d.col) for d in got]


def messages(path: Path, rules: TableauRules) -> list[str]:
    got = read_tableau(path, rules)
    assert isinstance(got, list)
    return [d.message for d in got]


def scored(path: Path, rules: TableauRules) -> dict[str, object]:
    got = read_tableau(path, rules)
    assert not isinstance(got, list), got
    return score_tableau(got, rules, "t").to_dict()


# -- the hand-worked score ----------------------------------------------------------------------

def test_the_tableau_scores_as_worked_out_by_hand(tmp_path: Path, rules: TableauRules) -> None:
    doc = scored(tableau(tmp_path), rules)
    assert {k: doc[k] for k in HAND_WORKED} == HAND_WORKED
    assert doc["held"] == HELD
    assert doc["notes"] == ["TF112 row 1, column 3: mine is inactive (2 pollution, 1 slot); "
                            "3 red on it score nothing"]


def test_a_cleaned_card_scores_again_and_its_note_goes(tmp_path: Path,
                                                       rules: TableauRules) -> None:
    # mine with 1 cube (in its slot) is active: its 3 red add 3 resource points; the raw
    # materials are now 9, but food still allows only 3 sets; polluted cards stay 3.
    doc = scored(tableau(tmp_path, "{red: 3}, pollution: 2", "{red: 3}, pollution: 1"), rules)
    assert (doc["resources"], doc["sets"], doc["polluted"], doc["total"]) == (32, 3, 3, 41)
    assert doc["notes"] == []
    # no pollution anywhere: nothing is lost and no card costs a point
    clean = TABLEAU.replace(", pollution: 1}", "}").replace(", pollution: 2}", "}")
    doc = scored(tableau(tmp_path, text=clean), rules)
    assert (doc["resources"], doc["polluted"], doc["total"]) == (32, 0, 44)


def test_json_and_text_output(tmp_path: Path, rules: TableauRules) -> None:
    got = read_tableau(tableau(tmp_path), rules)
    assert not isinstance(got, list)
    result = TableauScores([score_tableau(got, rules, "t.yaml")], [], rules)
    (doc,) = json.loads(result.to_json())
    assert list(doc) == ["tableau", "pattern", "method", "held", "resources", "sets",
                         "set_points", "polluted", "penalty", "total", "notes"]
    assert (doc["tableau"], doc["pattern"], doc["method"]) == ("t.yaml", "four-corners",
                                                                "wild-pairs")
    lines = result.to_text().splitlines()
    assert lines[:3] == ["t.yaml", "  pattern: four-corners (Four Corners)",
                         "  method:  wild-pairs (Wild Pairs)"]
    rows = {" ".join(line.split()[:-2]): line.split()[-2:] for line in lines[4:-2]}
    assert rows == {"green (1 each)": ["3", "3"], "red (1 each)": ["1", "1"],
                    "yellow (1 each)": ["2", "2"], "food (4 each)": ["3", "12"],
                    "material (5 each)": ["1", "5"], "goods (6 each)": ["1", "6"],
                    "money (0 each)": ["2", "0"], "sets of wild-pairs": ["3", "12"],
                    "polluted cards": ["3", "-3"]}
    assert lines[-2].split() == ["total", "38"]
    assert lines[-1].startswith("  note TF112 row 1, column 3: mine is inactive")


# -- every code: a failing and a passing tableau ------------------------------------------------

# (what, old, new, code, line, col) on TABLEAU; the passing case is TABLEAU itself (it reads
# clean), or the `ok` variant of PASSING below.
BAD = [
    ("a row of 2 cards", "    - {card: greenhouse, resources: {food: 1}}\n", "", "TF101", 10, 5),
    ("2 rows", "  - - {card: workshop, resources: {goods: 1}}\n"
     "    - {card: orchard, resources: {red: 1, yellow: 1}}\n"
     "    - {card: greenhouse, resources: {food: 1}}\n", "", "TF101", 4, 3),
    ("unknown card", "card: quarry", "card: quary", "TF102", 9, 14),
    ("scoring card in the territory", "card: quarry,", "card: four-corners,", "TF102", 9, 14),
    ("unknown method", "method: wild-pairs", "method: wild-pair", "TF103", 2, 9),
    ("territory card as pattern", "pattern: four-corners", "pattern: mine", "TF103", 1, 10),
    ("a card twice", "card: quarry, resources: {yellow: 1}", "card: wind-farm", "TF104", 9, 14),
    ("a second starting card", "card: greenhouse, resources: {food: 1}", "card: second-camp",
     "TF105", 12, 14),
    ("no starting card", "card: base-camp", "card: trading-post", "TF105", 4, 3),
    ("pollution as a resource", "{food: 2}}", "{food: 2, pollution: 1}}", "TF106", 5, 49),
    ("the wildcard as a resource", "{food: 2}}", "{any-raw: 1}}", "TF106", 5, 40),
    ("unknown resource", "{food: 2}}", "{fod: 2}}", "TF106", 5, 40),
    ("a resource the card never gains", "{food: 2}}", "{goods: 1}}", "TF107", 5, 40),
    ("more than the storage", "{food: 2}}", "{food: 3}}", "TF108", 5, 39),
    ("more pollution than slots + 1", "{red: 3}, pollution: 2", "{red: 3}, pollution: 3",
     "TF109", 6, 52),
    ("negative pollution", "money: 2}, pollution: 1", "money: 2}, pollution: -1", "TF110",
     4, 69),
    ("negative resource", "{food: 2}}", "{food: -1}}", "TF110", 5, 46),
]
PASSING = {  # the same spot, a value just within the rule
    # the box is no limit (the rulebook gives no exhaustion rule; shared/spec/terra_futura.md):
    # more green cubes or pollution cubes than this fixture's box holds (4 and 6) still score
    "more green than the box": ("{green: 2}}", "{green: 4}}"),
    "more pollution than the box": ("{goods: 1}}", "{goods: 1}, pollution: 2}"),
    "a resource the card never gains": ("{food: 2}}", "{food: 1}}"),
    "more than the storage": ("{food: 1}}", "{food: 3, green: 1}}"),  # greenhouse: 4 of 4
}


@pytest.mark.parametrize(("what", "old", "new", "code", "line", "col"), BAD,
                         ids=[b[0] for b in BAD])
def test_an_impossible_tableau_gets_a_located_error(tmp_path: Path, rules: TableauRules,
                                                    what: str, old: str, new: str, code: str,
                                                    line: int, col: int) -> None:
    assert found(tableau(tmp_path, old, new), rules) == [(code, line, col)]


@pytest.mark.parametrize("what", sorted(PASSING))
def test_a_tableau_just_within_the_rule_scores(tmp_path: Path, rules: TableauRules,
                                               what: str) -> None:
    assert "total" in scored(tableau(tmp_path, *PASSING[what]), rules)


def test_messages_name_the_place_and_the_closest_id(tmp_path: Path, rules: TableauRules) -> None:
    assert messages(tableau(tmp_path, "card: quarry", "card: quary"), rules) == [
        "row 2, column 3: 'quary' is not a territory card (did you mean 'quarry'?)"]
    assert messages(tableau(tmp_path, "method: wild-pairs", "method: wild-pair"), rules) == [
        "method 'wild-pair' is not a scoring card (did you mean 'wild-pairs'?); the method is "
        "one of your two scoring cards"]
    (fod,) = messages(tableau(tmp_path, "{food: 2}}", "{fod: 2}}"), rules)
    assert "(did you mean 'food'?)" in fod
    (never,) = messages(tableau(tmp_path, "{food: 2}}", "{goods: 1}}"), rules)
    assert never == ("row 1, column 2: compost-yard can never hold goods: none of its options "
                     "gains it (it gains food)")


def test_the_wildcard_gain_allows_every_raw_material(tmp_path: Path,
                                                     rules: TableauRules) -> None:
    # orchard gains any-raw 2: red and yellow (in the tableau) and green may lie on it, no food
    doc = scored(tableau(tmp_path, "{red: 1, yellow: 1}", "{red: 1, yellow: 1, green: 1}"),
                 rules)
    assert doc["held"]["green"] == 4  # type: ignore[index]
    assert found(tableau(tmp_path, "{red: 1, yellow: 1}", "{food: 1}"), rules) == [
        ("TF107", 11, 35)]


def test_several_problems_are_all_reported_in_order(tmp_path: Path, rules: TableauRules) -> None:
    path = tableau(tmp_path, "card: quarry", "card: quary")
    path = tableau(tmp_path, "{red: 3}, pollution: 2", "{red: 3}, pollution: 3",
                   text=path.read_text("utf-8"))
    path = tableau(tmp_path, "method: wild-pairs", "method: wild-pair",
                   text=path.read_text("utf-8"))
    assert found(path, rules) == [("TF103", 2, 9), ("TF109", 6, 52), ("TF102", 9, 14)]


def test_a_short_row_still_gets_the_errors_inside_it(tmp_path: Path,
                                                     rules: TableauRules) -> None:
    path = tableau(tmp_path, "    - {card: greenhouse, resources: {food: 1}}\n", "")
    path = tableau(tmp_path, "{goods: 1}}", "{goods: true}}", text=path.read_text("utf-8"))
    assert found(path, rules) == [("TF101", 10, 5), ("SCH001", 10, 43)]


def test_schema_errors_keep_their_codes(tmp_path: Path, rules: TableauRules) -> None:
    assert found(tableau(tmp_path, "method: wild-pairs", "methd: wild-pairs"), rules) == [
        ("SCH003", 1, 1), ("SCH002", 2, 1)]  # method missing; methd unknown
    assert found(tableau(tmp_path, "{food: 2}}", '{food: "2"}}'), rules) == [
        ("SCH001", 5, 46)]


# -- the command, on the shipped content and the examples ---------------------------------------

def run(*args: str | Path) -> tuple[int, str, str]:
    """``cardkit score terra-futura ARGS --content <shipped>``: exit code, stdout, stderr."""
    result = CliRunner().invoke(main, ["score", "terra-futura", *map(str, args), "--content",
                                       str(SHIPPED)], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def errors(*paths: str | Path) -> list[tuple[str, int, int, str]]:
    """Run the command on tableaus expected to be bad: exit 1, no traceback, every stderr line a
    located error (but the closing one); ``(file, line, col, code)`` of each."""
    code, out, err = run(*paths)
    assert code == 1, (code, out, err)
    assert "Traceback" not in err and "internal error" not in err
    lines = err.splitlines()
    assert lines[-1].startswith("cardkit: ") and "not scored" in lines[-1]
    out_found = []
    for line in lines[:-1]:
        m = LINE.match(line)
        assert m, line
        out_found.append((m["file"], int(m["line"]), int(m["col"]), m["code"]))
    return out_found


def test_the_examples_score_and_add_up() -> None:
    assert GOOD, "no example tableaus"
    code, out, err = run(*GOOD, "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert [d["tableau"] for d in doc] == [str(p) for p in GOOD]
    for d in doc:
        assert d["total"] == d["resources"] + d["set_points"] - d["penalty"]
    code, text, _ = run(*GOOD)
    assert code == 0 and text.split("\n\n")[0].splitlines()[0] == str(GOOD[0])


def test_the_impossible_example_is_refused_with_located_errors() -> None:
    bad = EXAMPLES / "bad" / "impossible.yaml"
    marked = [(n, m[1]) for n, text in enumerate(bad.read_text("utf-8").splitlines(), 1)
              if (m := re.search(r"# (TF1\d\d):", text))]  # each line says its code
    assert len(marked) == 8
    assert [(line, code) for _, line, _, code in errors(bad)] == marked


def test_good_tableaus_are_scored_beside_bad_ones(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD[0].read_text("utf-8").replace("\nmethod: ", "\nmethod: no-", 1), "utf-8")
    code, out, err = run(GOOD[0], bad, tmp_path / "missing.yaml", "--format", "json")
    assert code == 1
    assert [d["tableau"] for d in json.loads(out)] == [str(GOOD[0])]
    assert [LINE.match(x)["code"] for x in err.splitlines()[:-1]] == ["TF103", "YML014"]  # type: ignore[index]
    assert err.splitlines()[-1] == "cardkit: 2 sheet files with errors, not scored"


NOT_TABLEAUS = [
    ("empty file", lambda p: p.write_text(""), "YML008", 1, 1),
    ("a list at the top", lambda p: p.write_text("- 1\n"), "SCH001", 1, 1),
    ("binary", lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff"), "YML004", 1, 1),
    ("a link to /dev/zero", lambda p: p.symlink_to("/dev/zero"), "YML011", 1, 1),
    ("a directory", lambda p: p.mkdir(), "YML011", 1, 1),
]


@pytest.mark.parametrize(("what", "make", "code", "line", "col"), NOT_TABLEAUS,
                         ids=[n[0] for n in NOT_TABLEAUS])
def test_a_file_that_is_no_tableau_gets_a_located_error(tmp_path: Path, what: str, make: object,
                                                        code: str, line: int,
                                                        col: int) -> None:
    path = tmp_path / "t.yaml"
    make(path)  # type: ignore[operator]
    assert errors(path) == [(str(path), line, col, code)]


TIMEOUT = 20.0
MEMORY = 1024 * 1024 * 1024


def test_hostile_files_are_refused_in_bounded_time_and_memory(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"  # 1 MB: over the tableau limit, refused unread
    big.write_text("pattern: x\n" + "# padding\n" * 100_000)
    laughs = tmp_path / "laughs.yaml"
    rows = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    laughs.write_text("\n".join(rows) + "\n")
    deep = tmp_path / "deep.yaml"
    deep.write_text("territory: " + "[" * 50_000 + "]" * 50_000 + "\n")
    key = tmp_path / "key.yaml"  # a 200 kB field name is not echoed whole
    key.write_text("? " + "k" * 200_000 + "\n: 1\n" + GOOD[0].read_text("utf-8"))

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    command = [sys.executable, "-m", "cardkit", "score", "terra-futura", str(big), str(laughs),
               str(deep), str(key), str(GOOD[0]), "--content", str(SHIPPED)]
    proc = subprocess.run(command, check=False, capture_output=True, text=True, timeout=TIMEOUT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=limits,
                          cwd=ROOT, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    lines = proc.stderr.splitlines()
    got = [(m["file"], m["code"]) for m in map(LINE.match, lines[:-1]) if m]
    assert got == [(str(big), "YML007"), (str(laughs), "YML006"), (str(deep), "YML010"),
                   (str(key), "SCH002")]
    assert all(len(line) < 600 for line in lines)
    assert proc.stdout.startswith(f"{GOOD[0]}\n")  # the good one is scored


def test_cards_option_is_a_usage_error() -> None:
    code, out, err = run(GOOD[0], "--cards", "anything")
    assert code == 2 and out == "" and "--cards does not apply to terra-futura" in err


# -- codes and schema ---------------------------------------------------------------------------

# TF111 (more pieces than the box) is retired: the box is no limit (issue 36's ruling)
@pytest.mark.parametrize("code", [f"TF1{i:02d}" for i in range(1, 13) if i != 11])
def test_every_tableau_code_is_documented(code: str) -> None:
    result = CliRunner().invoke(main, ["codes", code])
    assert result.exit_code == 0 and result.stdout.startswith(f"{code}  ")
    assert "Bad:" in result.stdout and "Good:" in result.stdout


def _schema_of(path: Path) -> dict:  # type: ignore[type-arg]
    first = path.read_text("utf-8").split("\n", 1)[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix), f"{path} lacks the modeline"
    return json.loads((path.parent / first[len(prefix):]).read_text("utf-8"))  # type: ignore[no-any-return]


def test_the_examples_validate_with_their_schema_alone() -> None:
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        schema = _schema_of(path)
        assert schema["title"] == "cardkit terra-futura score sheet"
        jsonschema.Draft7Validator(schema).validate(YAML(typ="safe", pure=True).load(
            path.read_text("utf-8")))


def test_the_schema_rejects_what_the_tableau_model_rejects() -> None:
    validator = jsonschema.Draft7Validator(_schema_of(GOOD[0]))
    data = YAML(typ="safe", pure=True).load(GOOD[0].read_text("utf-8"))
    data["territory"][0] = data["territory"][0][:2]     # a row of 2
    data["territory"][1][0]["pollution"] = -1           # negative
    data["territory"][1][1]["colour"] = "red"           # unknown field
    data["method"] = 3                                  # wrong type
    assert len(list(validator.iter_errors(data))) == 4
