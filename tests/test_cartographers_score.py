"""``cardkit score cartographers``: sheets scored by hand, the JSON format, every way a sheet
file can be wrong (a located error and exit code 1, never a traceback), usage errors, the codes
and the sheet's JSON Schema.

The two example sheets (``examples/cartographers/``) are worked out by hand below, from the
scoring card texts and the rulings in ``shared/spec/cartographers.md`` — not from the code.
Spaces are ``[row, col]``, 0-based, as in a sheet's ``ruins:``.
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

from .conftest import ROOT, SHIPPED

EXAMPLES = ROOT / "examples" / "cartographers"
MAP_A = EXAMPLES / "wilderness.yaml"
MAP_B = EXAMPLES / "wastelands.yaml"
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): error (?P<code>[A-Z]+\d+) \S")

# Map A (wilderness.yaml):
#        col 0123456789A
#   row 0    FF.........
#   row 1    F..M.RWW...      mountain [1,3], ruins [1,5]
#   row 2    .R.F....MR.      ruins [2,1], mountain [2,8], ruins [2,9]
#   row 3    V..F.......
#   row 4    V..FFF.....
#   row 5    ....FMWW...      mountain [5,5]
#   row 6    .....W.VVVF
#   row 7    .......VVV.
#   row 8    .RM....PPP.      ruins [8,1], mountain [8,2], the farm [8,9] covers ruins [8,9]
#   row 9    .....R.M.X.      ruins [9,5], mountain [9,7], monster [9,9]
#   row 10   PPPWWWPPPPP
# Forest: A = [0,0] [0,1] [1,0];  B = [2,3] [3,3] [4,3] [4,4] [4,5] [5,4];  C = [6,10].
# Villages: V1 = rows 6-7, cols 7-9 (6 spaces); V2 = [3,0] [4,0] (2 spaces).
# Water: [1,6] [1,7]; [5,6] [5,7]; [6,5]; [10,3] [10,4] [10,5].
# Farms: [8,7] [8,8] [8,9]; [10,0] [10,1] [10,2]; [10,6] ... [10,10].
MAP_A_SCORES = {
    "sentinel-wood": 4,        # forest on the edge: [0,0] [0,1] [1,0] [6,10]
    "greenbough": 13,          # rows 0,1,2,3,4,5,6 = 7  +  columns 0,1,3,4,5,10 = 6
    "treetower": 1,            # only [0,0]: forest right and below, the edge above and left
    "stoneside-forest": 6,     # cluster B touches [1,3] (from [2,3]) and [5,5] (from [4,5],
                               # [5,4]): 2 mountains x 3
    "canal-lake": 4,           # water by a farm: [10,3] [10,5] = 2; farms by water: [10,2]
                               # [10,6] = 2
    "mages-valley": 6,         # water by a mountain: [5,6] [6,5] = 2 x 2; farms by one: [8,7]
                               # [10,7] (both below/above [9,7]) = 2 x 1
    "the-golden-granary": 5,   # water by ruins: [1,6] (by [1,5]), [10,5] (by [9,5]) = 2;
                               # farm on ruins: [8,9] = 3
    "shoreside-expanse": 12,   # off the edge and touching no farm/water: farm [8,7..9], water
                               # [1,6..7], water [5,6..7], water [6,5] = 4 x 3
    "wildholds": 8,            # V1 has 6 spaces
    "great-city": 6,           # V1 (6) and V2 (2) touch no mountain: the largest is 6
    "greengold-plains": 3,     # V1 borders water [5,7], farm [8,7..9], forest [6,10]: 3
                               # types; V2 borders only empty spaces
    "shieldgate": 4,           # sizes 6 and 2: 2 x 2
    "borderlands": 6,          # row 10 is full; no column is
    "lost-barony": 9,          # rows 6-8 x cols 7-9 all filled (3x3); no 4x4 ([5,8] [9,8]
                               # [6,6] [7,10] are empty): 3 x 3
    "the-broken-road": 3,      # only the corner diagonal [10,0]; [9,0] is empty
    "the-cauldrons": 1,        # [9,8]: farm above and below, mountain left, monster right
}
# coins 3 (the sheet's `coins:`); mountain coins 1 ([5,5]: forest [4,5] [5,4], water [6,5]
# [5,6]; the other four mountains have an empty side); monster penalty 2 ([9,9] next to the
# empty [9,8] and [9,10]; [8,9] and [10,9] are farms).

# Map B (wastelands.yaml):
#        col 0123456789A
#   row 0    XX......W.W
#   row 1    ......RPMPW      ruins [1,6], mountain [1,8]
#   row 2    ..RM....W.W      ruins [2,2], mountain [2,3]
#   row 3    ...VV#F...W
#   row 4    ...F##RF..W      ruins [4,6], enclosed by forest, wasteland and forest
#   row 5    ....###...W
#   row 6    .R...#....W      ruins [6,1]
#   row 7    .....M..P.W      mountain [7,5]; the farm [7,8] covers ruins [7,8]
#   row 8    .........MW      mountain [8,9]
#   row 9    ..MRX.....W      mountain [9,2], ruins [9,3], monster [9,4]
#   row 10   ....VVV...W
MAP_B_SCORES = {
    "sentinel-wood": 0,        # no forest on the edge
    "greenbough": 5,           # forest [3,6] [4,3] [4,7]: rows 3,4 = 2 + columns 3,6,7 = 3
    "treetower": 0,            # every forest space has an empty side
    "stoneside-forest": 0,     # no forest touches a mountain
    "canal-lake": 2,           # water [1,10] by farm [1,9] = 1; farm [1,9] by water = 1
    "mages-valley": 8,         # water by a mountain: [0,8] [2,8] (by [1,8]), [8,10] (by
                               # [8,9]) = 3 x 2; farms [1,7] [1,9] (by [1,8]) = 2 x 1
    "the-golden-granary": 3,   # no water by ruins; farm on ruins [7,8] = 3
    "shoreside-expanse": 9,    # farm [1,7], farm [7,8], water [2,8] = 3 x 3 ([1,9] touches
                               # water, [0,8] and column 10 reach the edge)
    "wildholds": 0,            # villages of 2 and 3 spaces
    "great-city": 3,           # [3,3..4] touches mountain [2,3]; [10,4..6] touches none: 3
    "greengold-plains": 0,     # [3,3..4] borders mountain, forest and wasteland: wasteland is
                               # no terrain type, so 2 types; [10,4..6] borders only a monster
    "shieldgate": 4,           # sizes 3 and 2: 2 x 2
    "borderlands": 6,          # column 10 is full; no row is
    "lost-barony": 6,          # wasteland [4,4] [4,5] [5,4] [5,5] is a filled 2x2; no 3x3
    "the-broken-road": 0,      # [10,0] is empty
    "the-cauldrons": 2,        # [4,6] (forest above and right, wasteland below and left) and
                               # [0,9] (water left and right, farm below, the edge above)
}
# coins 2; mountain coins 1 ([1,8]: water [0,8] [2,8], farm [1,7] [1,9]; [7,5] has the
# empty [8,5]); monster penalty 6 ([1,0] [1,1] [0,2] by the monsters [0,0] [0,1]; [8,4] [9,3]
# (an empty ruins space) [9,5] by [9,4]; [10,4] is a village).


def run(*args: str | Path) -> tuple[int, str, str]:
    """``cardkit score cartographers ARGS --content <shipped>``: exit code, stdout, stderr."""
    result = CliRunner().invoke(main, ["score", "cartographers", *map(str, args), "--content",
                                       str(SHIPPED)], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def scores(*paths: str | Path, cards: str | None = None) -> list[dict[str, object]]:
    extra = ["--cards", cards] if cards else []
    code, out, err = run(*paths, *extra, "--format", "json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def variant(tmp_path: Path, old: str, new: str, base: Path = MAP_A, name: str = "s.yaml") -> Path:
    """A copy of an example sheet with one exact, unique replacement."""
    text = base.read_text("utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), "utf-8")
    return path


def errors(*paths: str | Path) -> list[tuple[str, int, int, str]]:
    """Run the command on sheets expected to be bad: exit 1, no traceback, every stderr line a
    located error (but the closing one); ``(file, line, col, code)`` of each."""
    code, out, err = run(*paths)
    assert code == 1, (code, out, err)
    assert "Traceback" not in err and "internal error" not in err
    lines = err.splitlines()
    assert lines[-1].startswith("cardkit: ") and "not scored" in lines[-1]
    found = []
    for line in lines[:-1]:
        m = LINE.match(line)
        assert m, line
        found.append((m["file"], int(m["line"]), int(m["col"]), m["code"]))
    return found


# -- sheets worked out by hand ------------------------------------------------------------------

def test_map_a_sheet_scores_as_worked_out_by_hand() -> None:
    assert scores(MAP_A) == [{"sheet": str(MAP_A), "cards": MAP_A_SCORES, "coins": 3,
                              "mountain_coins": 1, "monster_penalty": 2}]


def test_map_b_sheet_scores_as_worked_out_by_hand() -> None:
    assert scores(MAP_B) == [{"sheet": str(MAP_B), "cards": MAP_B_SCORES, "coins": 2,
                              "mountain_coins": 1, "monster_penalty": 6}]


def test_ruins_count_under_a_terrain_with_the_map_side(tmp_path: Path) -> None:
    # With map A, its ruins count though the sheet covers them: a farm on [1,5] scores 3.
    sheet = variant(tmp_path, '"F..M.RWW..."', '"F..M.PWW..."')
    (a,) = scores(sheet, cards="the-golden-granary")
    # was 5: water [1,6] still lies by the ruins [1,5] (1), [10,5] by [9,5] (1), farms on
    # ruins [8,9] and [1,5] (3 + 3)
    assert a["cards"] == {"the-golden-granary": 8}


def test_a_sheet_without_its_map_side_is_an_error_not_a_lower_score(tmp_path: Path) -> None:
    """Issue 39: a sheet without ``map:`` was scored from its R cells and ``ruins:`` only, so
    the ruins under a terrain were lost (the Golden Granary: 1 instead of 8 for the sheet
    above). Now it is CAR108 at the document's first key, and nothing is scored."""
    sheet = variant(tmp_path, '"F..M.RWW..."', '"F..M.PWW..."')
    bare = variant(tmp_path, "map: A\n", "", base=sheet, name="bare.yaml")
    assert errors(bare) == [(str(bare), 6, 1, "CAR108")]  # one error: no SCH for the field
    code, out, err = run(bare, "--cards", "the-golden-granary", "--format", "json")
    assert code == 1 and json.loads(out) == []
    assert "add `map: A` (Wilderness) or `map: B` (Wastelands)" in err


def test_read_sheet_gives_the_board_and_coins_or_the_diagnostics(tmp_path: Path) -> None:
    from cardkit.core.loading import load_game
    from cardkit.games.cartographers.engine.board import cells_of
    from cardkit.games.cartographers.score import SheetRules, read_sheet

    content, _ = load_game("cartographers", SHIPPED, None)
    rules = SheetRules.from_content(content)
    board, coins = read_sheet(MAP_A, rules)  # type: ignore[misc]
    assert coins == 3
    assert cells_of(board.mountain) == [(1, 3), (2, 8), (5, 5), (8, 2), (9, 7)]
    # map A's six ruins, [8, 9] under a farm
    assert cells_of(board.ruins) == [(1, 5), (2, 1), (2, 9), (8, 1), (8, 9), (9, 5)]
    assert board.at(8, 9) == "farm" and board.at(9, 9) == "monster"
    bad = read_sheet(variant(tmp_path, '"V..FFF....."', '"V..FQF....."'), rules)
    assert isinstance(bad, list) and [(d.code, d.line, d.col) for d in bad] == [("CAR103", 12, 10)]


def test_content_with_errors_is_refused_before_any_sheet_is_read(tmp_path: Path) -> None:
    import shutil

    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    scoring = content / "cartographers" / "cards" / "scoring.yaml"
    text = scoring.read_text("utf-8")
    scoring.write_text(text.replace("rule: canal-lake", "rule: [canal-lake]", 1), "utf-8")
    result = CliRunner().invoke(main, ["score", "cartographers", str(MAP_A), "--content",
                                       str(content)])
    assert result.exit_code == 1 and result.stdout == ""
    assert re.search(r"scoring\.yaml:\d+:\d+: error SCH001 ", result.stderr)
    assert "run `cardkit check cartographers`" in result.stderr


# -- the output formats -------------------------------------------------------------------------

def test_json_is_a_list_of_sheets_in_order_with_the_cards_asked_for() -> None:
    code, out, err = run(MAP_B, MAP_A, "--cards", "lost-barony,canal-lake", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert [d["sheet"] for d in doc] == [str(MAP_B), str(MAP_A)]
    for d in doc:
        assert list(d) == ["sheet", "cards", "coins", "mountain_coins", "monster_penalty"]
        assert list(d["cards"]) == ["lost-barony", "canal-lake"]
        assert all(type(v) is int for v in [*d["cards"].values(), d["coins"],
                                            d["mountain_coins"], d["monster_penalty"]])
    assert doc[1]["cards"] == {"lost-barony": 9, "canal-lake": 4}


def test_the_default_is_all_16_scoring_cards_in_content_order() -> None:
    data = YAML(typ="safe", pure=True).load((SHIPPED / "cartographers" / "cards" /
                                             "scoring.yaml").read_text("utf-8"))
    ids = [c["id"] for c in data["scoring"]]
    (doc,) = scores(MAP_A)
    assert len(ids) == 16 and list(doc["cards"]) == ids


def test_text_is_one_table_per_sheet() -> None:
    code, out, _ = run(MAP_A, MAP_B, "--cards", "sentinel-wood,the-cauldrons")
    assert code == 0
    first, second = out.split("\n\n")
    assert first.splitlines()[0] == f"{MAP_A} (map A: Wilderness)"
    assert second.splitlines()[0] == f"{MAP_B} (map B: Wastelands)"
    rows = {" ".join(line.split()[:-1]): line.split()[-1] for line in first.splitlines()[2:]}
    assert rows == {"sentinel-wood Sentinel Wood": "4", "the-cauldrons The Cauldrons": "1",
                    "coins from shapes": "3", "mountain coins": "1", "monster penalty": "-2"}
    assert second.splitlines()[1].split() == ["card", "name", "stars"]


# -- bad sheets: located errors, exit code 1 ----------------------------------------------------

BAD_ROWS = [
    # (what, old, new, code, line, col) on map A; the grid's first row is on line 8, and a row
    # "  - \"...\"" has its first character in column 6
    ("short row", '"V..F......."', '"V..F......"', "CAR102", 11, 5),
    ("long row", '"V..F......."', '"V..F........"', "CAR102", 11, 5),
    ("unknown character", '"V..FFF....."', '"V..FQF....."', "CAR103", 12, 10),
    ("lower-case letter", '"FF........."', '"Ff........."', "CAR103", 8, 7),
    ("mountain where map A has none", '"V..FFF....."', '"V..FFF.M..."', "CAR105", 12, 13),
    ("map A's mountain missing", '"F..M.RWW..."', '"F....RWW..."', "CAR105", 9, 9),
    ("map A's ruins missing", '".R.F....MR."', '"...F....MR."', "CAR105", 10, 7),
    ("ruins where map A has none", '"V..F......."', '"V..F..R...."', "CAR105", 11, 12),
    ("wasteland on map A", '"V..F......."', '"V..F#......"', "CAR105", 11, 10),
    ("too many coins", "coins: 3", "coins: 14", "CAR107", 19, 8),
    ("coins as text", "coins: 3", 'coins: "3"', "SCH001", 19, 8),
    ("unknown field", "coins: 3", "coinz: 3", "SCH002", 19, 1),
    ("ruins off the map", "coins: 3", "coins: 3\nruins: [[1, 5], [1, 11]]", "CAR104", 20, 17),
    ("ruins not on map A", "coins: 3", "coins: 3\nruins: [[0, 2]]", "CAR105", 20, 9),
    ("unknown map side", "map: A", "map: C", "SCH004", 6, 6),
    ("YAML syntax: unclosed list", "coins: 3", "coins: [3", "YML001", 20, 1),
    ("YAML syntax: duplicate key", "coins: 3", "coins: 3\ncoins: 4", "YML002", 20, 1),
    ("YAML syntax: tab", "coins: 3", "coins:\t3", "YML003", 19, 7),
]


@pytest.mark.parametrize(("what", "old", "new", "code", "line", "col"), BAD_ROWS,
                         ids=[b[0] for b in BAD_ROWS])
def test_a_bad_sheet_gets_a_located_error(tmp_path: Path, what: str, old: str, new: str,
                                          code: str, line: int, col: int) -> None:
    path = variant(tmp_path, old, new)
    assert errors(path) == [(str(path), line, col, code)]


def test_map_b_wasteland_missing_and_a_plain_row(tmp_path: Path) -> None:
    path = variant(tmp_path, '"....###...W"', '"....##....W"', base=MAP_B)  # [5,6] is '#'
    assert errors(path) == [(str(path), 13, 12, "CAR105")]
    plain = variant(tmp_path, '  - "V..FFF....."', "  - V..FQF.....", name="plain.yaml")
    assert errors(plain) == [(str(plain), 12, 9, "CAR103")]  # no quote before the row


def test_grid_without_11_rows(tmp_path: Path) -> None:
    path = variant(tmp_path, '  - ".....R.M.X."\n', "")
    assert errors(path) == [(str(path), 8, 3, "CAR101")]


def test_ruins_under_a_mountain(tmp_path: Path) -> None:
    path = variant(tmp_path, "coins: 3", "coins: 3\nruins: [[9, 5], [8, 2]]")
    assert errors(path) == [(str(path), 20, 17, "CAR106")]


def test_several_problems_in_one_sheet_are_all_reported_in_order(tmp_path: Path) -> None:
    path = variant(tmp_path, '"V..F......."', '"V..F...."')
    path = variant(tmp_path, '"V..FFF....."', '"V..FFF..?.."', base=path)
    path = variant(tmp_path, "coins: 3", 'coins: "3"', base=path)
    assert errors(path) == [(str(path), 11, 5, "CAR102"), (str(path), 12, 14, "CAR103"),
                            (str(path), 19, 8, "SCH001")]


NOT_SHEETS = [
    ("empty file", lambda p: p.write_text(""), "YML008", 1, 1),
    ("only comments", lambda p: p.write_text("# my sheet, to do\n"), "YML008", 1, 1),
    ("a list", lambda p: p.write_text("- 1\n"), "SCH001", 1, 1),
    ("not UTF-8", lambda p: p.write_bytes(b"coins: \xe9\n"), "YML004", 1, 8),
    ("a directory", lambda p: p.mkdir(), "YML011", 1, 1),
    ("a missing file", lambda p: None, "YML014", 1, 1),
    ("a dangling link", lambda p: p.symlink_to(p.parent / "nowhere.yaml"), "YML013", 1, 1),
    ("a link to /dev/zero", lambda p: p.symlink_to("/dev/zero"), "YML011", 1, 1),
]


@pytest.mark.parametrize(("what", "make", "code", "line", "col"), NOT_SHEETS,
                         ids=[n[0] for n in NOT_SHEETS])
def test_a_file_that_is_no_sheet_gets_a_located_error(tmp_path: Path, what: str, make: object,
                                                      code: str, line: int, col: int) -> None:
    path = tmp_path / "sheet.yaml"
    make(path)  # type: ignore[operator]
    assert errors(path) == [(str(path), line, col, code)]


def test_good_sheets_are_scored_beside_bad_ones(tmp_path: Path) -> None:
    bad = variant(tmp_path, '"V..FFF....."', '"V..FQF....."')
    code, out, err = run(MAP_A, bad, tmp_path / "missing.yaml", MAP_B, "--format", "json")
    assert code == 1
    assert [d["sheet"] for d in json.loads(out)] == [str(MAP_A), str(MAP_B)]
    assert [LINE.match(line)["code"] for line in err.splitlines()[:-1]] == ["CAR103", "YML014"]  # type: ignore[index]
    assert err.splitlines()[-1] == "cardkit: 2 sheet files with errors, not scored"


# -- hostile files, in a bounded child process --------------------------------------------------

TIMEOUT = 20.0
MEMORY = 1024 * 1024 * 1024


def _bounded(*paths: Path) -> subprocess.CompletedProcess[str]:
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "cardkit", "score", "cartographers", *map(str, paths),
               "--content", str(SHIPPED)]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=TIMEOUT,
                          env=env, preexec_fn=limits, cwd=ROOT, stdin=subprocess.DEVNULL)


def test_hostile_files_are_refused_in_bounded_time_and_memory(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"  # 8 GiB, sparse: never read past the limit
    with huge.open("wb") as f:
        f.truncate(8 * 1024 ** 3)
    laughs = tmp_path / "laughs.yaml"
    rows = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    laughs.write_text("\n".join(rows) + "\n")
    deep = tmp_path / "deep.yaml"
    deep.write_text("grid: " + "[" * 50_000 + "]" * 50_000 + "\n")
    key = tmp_path / "key.yaml"  # a 200 kB field name is not echoed whole
    key.write_text("? " + "k" * 200_000 + "\n: 1\n" + MAP_A.read_text("utf-8"))
    long_row = tmp_path / "row.yaml"
    long_row.write_text(MAP_A.read_text("utf-8").replace('"FF........."', '"' + "." * 200_000
                                                         + '"'))
    proc = _bounded(huge, laughs, deep, key, long_row, MAP_A)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    lines = proc.stderr.splitlines()
    got = [(m["file"], m["code"]) for m in map(LINE.match, lines[:-1]) if m]
    assert got == [(str(huge), "YML007"), (str(laughs), "YML006"), (str(deep), "YML010"),
                   (str(key), "SCH002"), (str(long_row), "CAR102")]
    assert all(len(line) < 600 for line in lines)
    assert proc.stdout.startswith(f"{MAP_A} (map A: Wilderness)\n")  # the good one is scored


# -- usage errors -------------------------------------------------------------------------------

def test_an_unknown_card_is_a_usage_error_with_the_closest_id() -> None:
    code, out, err = run(MAP_A, "--cards", "sentinel-wood,canal-lak")
    assert code == 2 and out == ""
    assert "unknown scoring card 'canal-lak' (did you mean 'canal-lake'?)" in err
    code, _, err = run(MAP_A, "--cards", "sentinel-wood,,canal-lake")
    assert code == 2 and "empty entry" in err


def test_a_game_without_a_score_calculator_is_refused() -> None:
    result = CliRunner().invoke(main, ["score", "terra", str(MAP_A), "--content", str(SHIPPED)])
    assert result.exit_code == 2
    assert result.stderr == ("cardkit: terra has no score calculator; games with one: "
                             "cartographers, terra-futura\n")


# -- codes and schema ---------------------------------------------------------------------------

@pytest.mark.parametrize("code", [f"CAR10{i}" for i in range(1, 8)])
def test_every_sheet_code_is_documented(code: str) -> None:
    result = CliRunner().invoke(main, ["codes", code])
    assert result.exit_code == 0 and result.stdout.startswith(f"{code}  error  ")
    assert "Bad:" in result.stdout and "Good:" in result.stdout
    listing = CliRunner().invoke(main, ["codes", "cartographers"]).stdout
    assert f"\n{code} " in listing


def _schema_of(path: Path) -> dict:  # type: ignore[type-arg]
    first = path.read_text("utf-8").split("\n", 1)[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix), f"{path} lacks the modeline"
    return json.loads((path.parent / first[len(prefix):]).read_text("utf-8"))  # type: ignore[no-any-return]


def test_the_examples_validate_with_their_schema_alone() -> None:
    for path in (MAP_A, MAP_B):
        schema = _schema_of(path)
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
        assert schema["title"] == "cardkit cartographers score sheet"
        jsonschema.Draft7Validator(schema).validate(YAML(typ="safe", pure=True).load(
            path.read_text("utf-8")))


def test_the_schema_rejects_what_the_sheet_model_rejects() -> None:
    validator = jsonschema.Draft7Validator(_schema_of(MAP_A))
    data = YAML(typ="safe", pure=True).load(MAP_A.read_text("utf-8"))
    data["grid"][0] = "FF........"      # short row
    data["grid"][1] = "F..M.RWQ..."     # unknown character
    data["coins"] = "3"                 # wrong type
    data["ruins"] = [[1, 11]]           # off the map
    data["map"] = "C"                   # no such side
    assert len(list(validator.iter_errors(data))) == 5
