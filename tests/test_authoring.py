"""The designer's authoring path: code documentation, readable schema messages, "did you mean",
no cascades, `cardkit new` / `cardkit init`, help on every option."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from cardkit.cli import _all_codes, main
from cardkit.core.content import item_model
from cardkit.core.loader import parse_bytes
from cardkit.core.registry import builtin_ids, get_game
from cardkit.checking.scaffold import init_content, new_object, skeleton, starter_games
from cardkit.core.spec import parse_code_doc
from cardkit.core.suggest import closest, did_you_mean
from cardkit.core.validation import validate
from cardkit.games.terra.model import RegionsFile, StringsFile
from cardkit.games.trains.model import CardsFile as TrainsCards

from .conftest import FIXTURES, apply_edits, check_dir

ALL_CODES = _all_codes(())
SAFE = YAML(typ="safe", pure=True)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# -- every code documents a bad and a good example, in one format -------------------------------

@pytest.mark.parametrize("info", ALL_CODES, ids=[c.code for c in ALL_CODES])
def test_every_code_has_a_bad_and_a_good_example(info: Any) -> None:
    doc = parse_code_doc(info.doc)
    assert doc.text, f"{info.code}: no explanation"
    assert doc.bad, f"{info.code}: no `Bad:` block"
    assert doc.good, f"{info.code}: no `Good:` block"
    assert doc.bad != doc.good
    for old_style in ("bad:  ", "good: "):  # the old one-line format is gone
        assert old_style not in info.doc


def test_the_walk_covers_every_kind_of_code() -> None:
    prefixes = {c.code.rstrip("0123456789") for c in ALL_CODES}
    assert {"YML", "SCH", "CK", "I18N", "TER", "TRN"} <= prefixes
    assert len({c.code for c in ALL_CODES}) == len(ALL_CODES)  # I18N018 once, not per game


NOT_YAML = {"I18N020"}  # its examples are PO entries


@pytest.mark.parametrize("info", ALL_CODES, ids=[c.code for c in ALL_CODES])
def test_examples_are_yaml(info: Any) -> None:
    doc = parse_code_doc(info.doc)
    if info.code in NOT_YAML:
        return
    SAFE.load(doc.good or "")
    if not info.code.startswith("YML"):  # a YML code's bad example is broken YAML on purpose
        SAFE.load(doc.bad or "")


def _example_bytes(code: str, text: str, bad: bool) -> bytes:
    import re

    text = re.sub(r"<U\+([0-9A-F]{4,6})>", lambda m: chr(int(m.group(1), 16)), text)
    text = text.replace("⇥", "\t") + "\n"
    return text.encode("latin-1") if code == "YML004" and bad else text.encode("utf-8")


# Every loader code's bad example is run through the loader (⇥ is a tab, <U+XXXX> that code
# point; YML004's bad example is encoded as Latin-1), except those whose bad example cannot be
# written out as text: a file over 4 MiB (YML007), 30,000 levels of nesting (YML010), and the
# file-system codes of discovery (a device, a symbolic link, an unreadable file: YML011-YML014,
# tested with real files in test_hostile_inputs).
NOT_TEXT = {"YML007", "YML010", "YML011", "YML012", "YML013", "YML014"}
LOADER_CODES = [c.code for c in ALL_CODES if c.code.startswith("YML") and c.code not in NOT_TEXT]


@pytest.mark.parametrize("code", LOADER_CODES)
def test_yaml_examples_trigger_their_code(code: str) -> None:
    doc = parse_code_doc(next(c for c in ALL_CODES if c.code == code).doc)
    bad = parse_bytes(_example_bytes(code, doc.bad or "", True), "x.yaml")
    good = parse_bytes(_example_bytes(code, doc.good or "", False), "x.yaml")
    assert code in [d.code for d in bad.diagnostics]
    assert good.diagnostics == [] and good.data is not None


@pytest.mark.parametrize("code", ["SCH001", "SCH002", "SCH003", "SCH004"])
def test_schema_examples_trigger_their_code(code: str) -> None:
    doc = parse_code_doc(next(c for c in ALL_CODES if c.code == code).doc)
    _, bad = validate(RegionsFile, SAFE.load(doc.bad), "regions.yaml")
    _, good = validate(RegionsFile, SAFE.load(doc.good), "regions.yaml")
    assert [d.code for d in bad] == [code]
    assert good == []


def test_every_game_and_translation_code_has_a_failing_and_a_passing_fixture() -> None:
    # the fixtures run in test_terra_checks, test_trains_checks and test_i18n_checks: the bad
    # case must report the code at the expected places, the passing one (or the base) must not
    cases = {}
    # every cases file there is (a new game's file counts without editing this test)
    for path in sorted(FIXTURES.glob("*_cases.yaml")):
        for case in SAFE.load(path.read_text("utf-8"))["cases"]:
            cases[case["code"]] = case
    # every game's checks and fit code (a score calculator's sheet codes are tested with it)
    game_codes = {c.code for g in builtin_ids() for c in get_game(g).checks} | \
        {get_game(g).fit_code.code for g in builtin_ids() if get_game(g).fit_code}
    assert {"TER001", "TRN001", "CAR001", "CAR020", "TF001", "MD001", "MD020"} <= game_codes
    for info in ALL_CODES:
        if info.code in game_codes or (info.code.startswith("I18N") and info.code != "I18N020"):
            assert info.code in cases, info.code
            assert cases[info.code]["fail"] and cases[info.code]["expect"], info.code


# -- cardkit codes ------------------------------------------------------------------------------

def test_codes_shows_one_code_in_full() -> None:
    code, out, _ = run("codes", "TER012")
    assert code == 0
    assert out.startswith("TER012 ")
    assert out.count("\nTER") == 0 and "Bad:" in out and "Good:" in out
    assert "metric side" in out  # the explanation, shown for a named code
    code, lower, _ = run("codes", "ter012")
    assert code == 0 and lower == out
    code, both, _ = run("codes", "terra", "TER012", "SCH002")
    assert code == 0 and both.startswith("TER012") and "\nSCH002 " in both


def test_codes_of_a_game_and_unknown_codes() -> None:
    code, out, _ = run("codes", "trains")
    assert code == 0 and "TRN016" in out and "TER001" not in out and "SCH002" in out
    assert out.count("I18N018 ") == 1
    code, out, _ = run("codes", "trains", "TER001")  # a named code is found in any game
    assert code == 0 and out.startswith("TER001 ")
    code, _, err = run("codes", "TER0122")
    assert code == 2 and "'TER012'" in err and "did you mean" in err and "Traceback" not in err
    code, _, err = run("codes", "terar")
    assert code == 2 and "did you mean 'terra'?" in err
    code, _, err = run("check", "terar")
    assert code == 2 and "unknown game 'terar' (did you mean 'terra'?)" in err


def test_codes_listing_uses_one_format() -> None:
    _, out, _ = run("codes")
    assert out.count("    Bad:\n") == len(ALL_CODES) == out.count("    Good:\n")
    assert "bad:  " not in out


# -- did you mean -------------------------------------------------------------------------------

def test_closest_names() -> None:
    assert closest("regoins", ["regions", "bars", "cards"]) == ["regions"]
    assert closest("murray-darling-basn", ["murray-darling-basin", "mekong-delta"]) == \
        ["murray-darling-basin"]
    assert closest("zzz", ["regions"]) == []
    assert closest("Regions", ["regions"]) == ["regions"]
    assert did_you_mean("drow", ["draw", "coins"]) == " (did you mean 'draw'?)"
    assert did_you_mean("qqq", ["draw"]) == ""


def test_dangling_references_suggest_the_closest_id(terra_content, trains_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits([{"file": "cards/base.yaml",
                                          "old": "answers: [eastern-sahara]",
                                          "new": "answers: [eastern-sahra]"}]))
    (diag,) = [d for d in check_dir(content, "terra").diagnostics if d.code == "TER006"]
    assert "did you mean 'eastern-sahara'?" in diag.message
    content = trains_content(apply_edits([{"file": "setup.yaml",
                                           "old": "cards: [landfill, conductors-station",
                                           "new": "cards: [landfil, conductors-station"}], "trains"))
    (diag,) = [d for d in check_dir(content, "trains").diagnostics if d.code == "TRN003"]
    assert "did you mean 'landfill'?" in diag.message


def test_unknown_field_suggests_the_allowed_one(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits([{"file": "cards/base.yaml",
                                          "old": "    compass: NW\n",
                                          "new": "    compas: NW\n"}]))
    (diag,) = [d for d in check_dir(content, "terra").diagnostics if d.code == "SCH002"]
    assert diag.message == "unknown field 'compas' (did you mean 'compass'?)"
    assert (diag.line, diag.col) == (9, 5)  # the misspelt key


# -- designer-readable schema messages ----------------------------------------------------------

JARGON = ("Input should", "Input tag", "[key]", "constrained-str", "dict[", "^[", "$'",
          "literal[", "valid dictionary", "model_type", "Extra inputs")
CARD = {"id": "x", "name": "X", "set": "base", "kind": "kingdom", "types": ["action"],
        "cost": 1, "pile": 10}


def _messages(model: Any, data: Any) -> list[str]:
    _, diags = validate(model, data, "f.yaml")
    for d in diags:
        assert not any(j in d.message for j in JARGON), d.message
    return [d.message for d in diags]


def test_an_unknown_effect_step_is_a_sentence() -> None:
    (msg,) = _messages(TrainsCards, {"cards": [{**CARD, "effect": [{"do": "teleport"}]}]})
    assert msg.startswith("`do: teleport` is not a known kind of `effect` entry; known kinds: "
                          "draw, coins,")
    (msg,) = _messages(TrainsCards, {"cards": [{**CARD, "effect": [{"do": "drow", "n": 1}]}]})
    assert "(did you mean 'draw'?)" in msg
    (msg,) = _messages(TrainsCards, {"cards": [{**CARD, "effect": [{"n": 1}]}]})
    assert "needs `do:`" in msg and "draw, coins" in msg
    (msg,) = _messages(TrainsCards, {"cards": [{**CARD, "effect": ["draw"]}]})
    assert msg == "effect: expected a mapping, got text 'draw' (write it as `{do: draw}`)"
    (msg,) = _messages(TrainsCards, {"cards": [{**CARD, "effect": [{"do": "draw"}]}]})
    assert msg == "missing required field 'n'"


def test_an_id_pattern_is_explained_in_words() -> None:
    region = {"id": "Lake Baikal", "name": "Lake Baikal", "kind": "land", "quadrants": ["NE"],
              "neighbours": ["siberia"]}
    (msg,) = _messages(RegionsFile, {"regions": [region]})
    assert msg == ("id: 'Lake Baikal' is not valid: ids are lower-case letters and digits, words "
                   "joined by single hyphens, e.g. `lake-baikal` (try 'lake-baikal')")


@pytest.mark.parametrize("change, expected", [
    ({"kind": "lake"}, "kind: 'lake' is not allowed; use one of: land, sea"),
    ({"quadrants": ["N"]}, "quadrants: 'N' is not allowed (did you mean 'NW' or 'NE'?); use one "
                           "of: NW, NE, SW, SE"),
    ({"quadrants": []}, "quadrants: needs at least 1 entry, has 0"),
    ({"quadrants": ["NW", "NE", "SW", "SE", "NW"]}, "quadrants: allows at most 4 entries, has 5"),
    ({"name": ""}, "name: must not be empty"),
    ({"name": "x" * 601}, "name: the text is 601 characters long; at most 600 are allowed"),
    ({"name": 12}, "name: expected text, got number 12 (put it in quotes to make it text)"),
    ({"neighbours": "siberia"}, "neighbours: expected a list, got text 'siberia'"),
    ({"kind": None}, "kind: expected one of land, sea, got nothing (null)"),
])
def test_schema_messages(change: dict[str, Any], expected: str) -> None:
    region = {"id": "lake-baikal", "name": "Lake Baikal", "kind": "land", "quadrants": ["NE"],
              "neighbours": ["siberia"], **change}
    assert _messages(RegionsFile, {"regions": [region]}) == [expected]


def test_numbers_and_missing_fields() -> None:
    assert _messages(TrainsCards, {"cards": [{**CARD, "pile": 0}]}) == \
        ["pile: number 0 is too small; the least allowed is 1"]
    assert _messages(TrainsCards, {"cards": [{**CARD, "cost": "3"}]}) == \
        ["cost: expected a whole number, got text '3' (write the number without quotes)"]
    assert _messages(TrainsCards, {"cards": [{**CARD, "vp": 2.5}]}) == \
        ["vp: expected a whole number, got number 2.5"]
    card = dict(CARD)
    del card["pile"]
    assert _messages(TrainsCards, {"cards": [card]}) == ["missing required field 'pile'"]
    assert _messages(RegionsFile, []) == ["the file: expected a mapping, got a list"]


def test_union_members_are_merged_into_one_finding() -> None:
    assert _messages(StringsFile, {"strings": [{"id": "a", "text": 5}]}) == \
        ["text: expected text or a mapping, got number 5"]
    _, diags = validate(StringsFile, {"strings": [{"id": "a", "text": {"one": "x", "bogus": "y"}}]},
                        "f.yaml")
    assert [(d.code, d.pointer, d.message) for d in diags] == [
        ("SCH004", ("strings", 0, "text", "bogus"),
         "'bogus' is not allowed here; use one of: zero, one, two, few, many, other")]


def test_an_unknown_translated_field_names_the_translatable_ones(terra_content) -> None:  # type: ignore[no-untyped-def]
    from .conftest import TERRA_BASE

    text = (TERRA_BASE / "terra" / "i18n" / "el" / "cards.yaml").read_text("utf-8")
    content = terra_content({"i18n/el/cards.yaml": text.replace("    topic:", "    topik:", 1)})
    (diag,) = [d for d in check_dir(content, "terra").diagnostics if d.code == "SCH002"]
    assert "unknown field 'topik' (did you mean 'topic'?)" in diag.message
    assert "[0-9]" not in diag.message


# -- no cascades --------------------------------------------------------------------------------

def test_a_broken_card_does_not_orphan_its_translations(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits([{"file": "cards/base.yaml",
                                          "old": "difficulty: yellow",
                                          "new": "difficulty: purple"}]))
    report = check_dir(content, "terra")
    codes = [d.code for d in report.diagnostics]
    assert codes.count("SCH004") == 1
    assert "I18N002" not in codes  # the card exists; its translations are not orphans


def test_a_translation_of_a_deleted_card_is_still_an_orphan(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits([{"file": "cards/base.yaml",
                                          "old": "id: golden-gate-bridge",
                                          "new": "id: golden-gate-bridge-renamed"}]))
    codes = [d.code for d in check_dir(content, "terra").diagnostics]
    assert "I18N002" in codes


# -- TER001 / TRN001 name the line of the first definition ------------------------------------

def test_duplicate_id_names_the_line_of_the_first(terra_content, trains_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits([{"file": "cards/base.yaml",
                                          "old": "id: pyramids-of-giza",
                                          "new": "id: golden-gate-bridge"}]))
    (diag,) = [d for d in check_dir(content, "terra").diagnostics if d.code == "TER001"]
    assert "item" not in diag.message
    assert diag.message.endswith("cards/base.yaml:3:9)")
    content = trains_content(apply_edits([{"file": "cards/base.yaml", "old": "  - id: viaduct",
                                           "new": "  - id: tunnel"}], "trains"))
    (diag,) = [d for d in check_dir(content, "trains").diagnostics if d.code == "TRN001"]
    assert diag.message.startswith("duplicate id 'tunnel' (first defined at ")
    assert "cards/base.yaml:" in diag.message


# -- Trains card sets are data ------------------------------------------------------------------

def test_a_card_set_is_not_a_closed_list() -> None:
    import json

    schema = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "trains" /
                         "cards.schema.json").read_text("utf-8"))
    card = schema["definitions"]["TrainsCard"]["properties"]["set"]
    assert "enum" not in card and card.get("pattern")
    _, diags = validate(TrainsCards, {"cards": [{**CARD, "set": "harbour-expansion"}]}, "f")
    assert diags == []


# -- help on every option -----------------------------------------------------------------------

def _commands(cmd: click.Command, path: str) -> list[tuple[str, click.Command]]:
    out = [(path, cmd)]
    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            out += _commands(sub, f"{path} {name}")
    return out


def test_every_option_of_every_command_has_help() -> None:
    missing = [f"{path} {'/'.join(p.opts)}" for path, cmd in _commands(main, "cardkit")
               for p in cmd.params if isinstance(p, click.Option) and not p.hidden
               and not p.help]
    assert missing == []
    undocumented = [path for path, cmd in _commands(main, "cardkit") if not cmd.help]
    assert undocumented == []


# -- cardkit new --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", builtin_ids())
def test_skeletons_are_schema_valid(game: str) -> None:
    for kind in get_game(game).kinds:
        if kind.name == "bars" and game == "terra":
            continue  # bar ids are a closed list (year, length, number): new refuses others
        obj, todo = skeleton(kind, "my-new-thing")
        _, diags = validate(item_model(kind), obj, "f")
        assert diags == [], (kind.name, diags)
        assert obj["id"] == "my-new-thing" and "id" not in todo


def test_new_creates_a_file_that_checks_without_schema_errors(tmp_path: Path) -> None:
    content = tmp_path / "content"
    init_content(content)
    code, out, err = run("new", "terra", "cards", "eiffel-tower", "--content", str(content))
    assert code == 0, err
    path = content / "terra" / "cards" / "eiffel-tower.yaml"
    assert f"created {path}" in out and "fill in: topic" in err
    text = path.read_text("utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert "# TODO: fill in the placeholders" in text and "TODO topic" in text
    report = check_dir(content, "terra")
    found = {d.code for d in report.diagnostics}
    assert not {c for c in found if c.startswith(("YML", "SCH", "CK")) and c != "CK005"}
    assert "TER006" in found  # the placeholder answer region `todo` is flagged
    assert "CK005" in found and "TER026" in found  # and so are the TODO texts and sources
    code, out, err = run("fmt", "--check", "--content", str(content))
    assert code == 0, out + err


def test_new_appends_keeping_comments_and_refuses_an_existing_id(tmp_path: Path) -> None:
    content = tmp_path / "content"
    init_content(content)
    regions = content / "terra" / "regions.yaml"
    before = regions.read_text("utf-8")
    result = new_object("terra", "regions", "lake-baikal", content)
    assert result.path == regions and not result.created
    after = regions.read_text("utf-8")
    assert after.startswith(before.rstrip("\n"))  # comments and the old objects are kept
    assert "  - id: lake-baikal  # TODO" in after
    code, _, err = run("new", "terra", "regions", "lake-baikal", "--content", str(content))
    assert code == 2 and "already exists" in err and "nothing was written" in err
    assert regions.read_text("utf-8") == after
    code, _, err = run("new", "terra", "cards", "x", "--content", str(tmp_path / "nowhere"))
    assert code == 2 and "cardkit init" in err and not (tmp_path / "nowhere").exists()
    code, _, err = run("new", "terra", "regoins", "x", "--content", str(content))
    assert code == 2 and "did you mean 'regions'?" in err
    code, _, err = run("new", "terra", "cards", "Eiffel Tower", "--content", str(content))
    assert code == 2 and "(try 'eiffel-tower')" in err and "Traceback" not in err
    code, _, err = run("new", "terra", "cards", "x", "--into", "regions.yaml", "--content",
                       str(content))
    assert code == 2 and "not a cards file" in err


def test_new_into_an_existing_cards_file(tmp_path: Path) -> None:
    content = tmp_path / "content"
    init_content(content)
    result = new_object("terra", "card", "big-ben", content, into="cards/example.yaml")
    assert not result.created
    model, diags = validate(get_game("terra").kind("cards").model,
                            SAFE.load(result.path.read_text("utf-8")), "f")
    assert diags == [] and [c.id for c in model.cards][-1] == "big-ben"  # type: ignore[attr-defined]


# -- cardkit init -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["terra", "trains"])
def test_init_writes_a_folder_that_check_accepts(tmp_path: Path, game: str) -> None:
    assert game in starter_games()
    dest = tmp_path / "new-content"
    code, out, err = run("init", str(dest), "--game", game)
    assert code == 0, err
    assert (dest / "locales" / "en.yaml").is_file() and (dest / game).is_dir()
    code, out, err = run("check", "--content", str(dest), "--no-cache")
    assert code == 0, out
    assert ": 0 errors" in out
    code, out, err = run("fmt", "--check", "--content", str(dest))
    assert code == 0, out + err  # written in the canonical format already


def test_init_refuses_a_folder_holding_other_files(tmp_path: Path) -> None:
    """A folder holding anybody else's file is refused, ``--force`` or not (issue 31: ``--force``
    used to mix the starter into it); an earlier init is replaced when unchanged; a starter
    file the user edited is content, never replaced (``--force`` or not); edited schemas are
    outputs, replaced only with ``--force``."""
    dest = tmp_path / "mine"
    dest.mkdir()
    (dest / "notes.txt").write_text("keep me")
    for force in ((), ("--force",)):
        code, _, err = run("init", str(dest), *force)
        assert code == 2 and "notes.txt" in err and "cardkit did not write" in err
        assert sorted(p.name for p in dest.iterdir()) == ["notes.txt"]
    (dest / "notes.txt").unlink()
    code, _, err = run("init", str(dest))  # an empty folder, even one that exists
    assert code == 0, err
    assert run("init", str(dest))[0] == 0  # its own, unchanged: written again
    regions = dest / "terra" / "regions.yaml"
    regions.write_text(regions.read_text("utf-8") + "# mine\n", "utf-8")
    for force in ((), ("--force",)):
        code, _, err = run("init", str(dest), *force)
        assert code == 2 and "terra/regions.yaml" in err and "never replaced" in err
        assert regions.read_text("utf-8").endswith("# mine\n")
    regions.unlink()
    schema = dest / ".schemas" / "locales.schema.json"
    schema.write_text("{}", "utf-8")
    code, _, err = run("init", str(dest))
    assert code == 2 and ".schemas/locales.schema.json" in err and "--force" in err
    code, _, err = run("init", str(dest), "--force")
    assert code == 0, err
    assert regions.is_file() and schema.read_text("utf-8") != "{}"


# -- content comments cite what a reader can find ---------------------------------------------

def test_content_comments_cite_no_missing_documents() -> None:
    import re

    from .conftest import SHIPPED

    cited = re.compile(r"\.md\b|\.pdf\b|shared facts|\bseed \d|§")
    found = []
    for path in sorted(SHIPPED.rglob("*.yaml")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            comment = line.split("#", 1)[1] if "#" in line else ""
            if cited.search(comment):
                found.append(f"{path.relative_to(SHIPPED)}:{n}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize("game", builtin_ids())
def test_no_pydantic_jargon_for_any_wrong_value(game: str) -> None:
    """Every field of every kind, set to each kind of wrong value: plain messages only."""
    import copy

    wrong = [None, "x", "Bad Id", 5, -1, 2.5, [], {}, True, ["x"], {"x": 1}, "x" * 700, 10**6]

    def paths(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        out = [path]
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) \
            if isinstance(obj, list) else []
        for key, value in items:
            out += paths(value, path + (key,))
        return out

    for kind in get_game(game).kinds:
        base = (skeleton(kind, "my-id")[0] if kind.name != "bars" else
                {"id": "year", "colour": "green", "label": "Year",
                 "metric": {"lines": [0, 1, 2]}, "imperial": {"lines": [0, 1, 2]}})
        for path in paths(base)[1:]:
            for value in wrong:
                data = copy.deepcopy(base)
                node = data
                for key in path[:-1]:
                    node = node[key]
                node[path[-1]] = value
                _messages(kind.model, {kind.items: [data]})  # asserts no jargon


@pytest.mark.parametrize(("pattern", "placeholder"), [
    (r"^#[0-9a-fA-F]{6}$", "#000000"),  # Terra Futura's resource colour
    (r"^[X.]+$", "X"),  # a shape or pattern row
    (r"^(ab|c)\d{2,}$", "c00"),  # the shortest branch, a repeat's minimum
])
def test_a_placeholder_matches_the_fields_pattern(pattern: str, placeholder: str) -> None:
    from cardkit.checking.scaffold import _matching

    assert _matching("TODO colour", pattern, "resources.colour") == placeholder


def test_a_pattern_no_placeholder_can_meet_is_a_clear_problem() -> None:
    from cardkit.checking.scaffold import ScaffoldProblem, _matching

    with pytest.raises(ScaffoldProblem, match="cannot make a placeholder for x matching"):
        _matching("TODO", r"^[^T](?=y)$", "x")


def test_init_declare_is_all_or_nothing_when_a_schema_cannot_be_written(tmp_path: Path) -> None:
    """A user's file where a schema goes (``--schemas`` outside the new folder): the refusal
    leaves no content behind, ``--force`` does not replace somebody else's file either; by
    default the schemas go inside the new folder and nothing outside it is touched."""
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    mine = schemas / "locales.schema.json"
    mine.write_text('{"mine": 1}', "utf-8")
    for force in ((), ("--force",)):
        code, _, err = run("init", str(tmp_path / "content"), "--declare", "my-game",
                           "--schemas", str(schemas), *force)
        assert code == 2 and "cardkit did not write it" in err
        assert not (tmp_path / "content").exists() and mine.read_text("utf-8") == '{"mine": 1}'
    code, out, err = run("init", str(tmp_path / "content"), "--declare", "my-game")
    assert code == 0, err
    assert mine.read_text("utf-8") == '{"mine": 1}' and list(schemas.iterdir()) == [mine]
    code, out, err = run("check", "--content", str(tmp_path / "content"))
    assert code == 0 and "0 errors, 0 warnings" in out, out + err
