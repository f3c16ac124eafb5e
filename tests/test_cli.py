"""The CLI: exit codes, report formats, summary line, list/show, codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main

from .conftest import SHIPPED, TERRA_BASE

BROKEN_TOPIC = ("topic: Pyramids of Giza", "topic: golden gate bridge")  # TER015 warning
BROKEN_COUNT = ("count: 1\n      answers: [eastern-sahara]", "count: 3\n      answers: [eastern-sahara]")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _with_edit(terra_content, old: str, new: str) -> Path:  # type: ignore[no-untyped-def]
    text = (TERRA_BASE / "terra" / "cards" / "base.yaml").read_text("utf-8")
    return terra_content({"cards/base.yaml": text.replace(old, new)})


def test_shipped_content_is_clean() -> None:
    code, out, _ = run("check", "--content", str(SHIPPED), "--no-cache")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("checked ") and "0 errors, 0 warnings" in last


def test_error_exit_code_and_text_format(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _with_edit(terra_content, *BROKEN_COUNT)
    code, out, _ = run("check", "terra", "--content", str(content), "--no-cache")
    assert code == 1
    line = out.splitlines()[0]
    assert line.endswith("error TER007 card says 3 region(s) but lists 1 answer region(s) "
                         "[pyramids-of-giza]")
    assert ":24:14: " in line
    assert out.splitlines()[-1] == "checked 19 files, 15 objects: 1 error, 0 warnings"


def test_warnings_pass_unless_strict(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _with_edit(terra_content, *BROKEN_TOPIC)
    assert run("check", "--content", str(content), "--no-cache")[0] == 0
    assert run("check", "--content", str(content), "--no-cache", "--strict")[0] == 1


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    code, _, err = run("check", "nosuchgame", "--content", str(SHIPPED))
    assert code == 2 and "unknown game 'nosuchgame'" in err
    code, _, err = run("check", "--content", str(tmp_path / "missing"))
    assert code == 2 and "content folder not found" in err


def test_json_format(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _with_edit(terra_content, *BROKEN_COUNT)
    code, out, err = run("check", "--content", str(content), "--no-cache", "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data["summary"] == {"files": 19, "objects": 15, "errors": 1, "warnings": 0, "infos": 0}
    (d,) = data["diagnostics"]
    assert (d["code"], d["line"], d["col"], d["object_id"]) == ("TER007", 24, 14, "pyramids-of-giza")
    assert "checked 19 files" in err


def test_github_format(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _with_edit(terra_content, *BROKEN_COUNT)
    _, out, _ = run("check", "--content", str(content), "--no-cache", "--format", "github")
    first = out.splitlines()[0]
    assert first.startswith("::error file=") and ",line=24,col=14,title=TER007::card says 3" in first


def test_sarif_format(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _with_edit(terra_content, *BROKEN_COUNT)
    _, out, _ = run("check", "--content", str(content), "--no-cache", "--format", "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    run0 = log["runs"][0]
    assert run0["tool"]["driver"]["name"] == "cardkit"
    assert [r["id"] for r in run0["tool"]["driver"]["rules"]] == ["TER007"]
    assert run0["tool"]["driver"]["rules"][0]["shortDescription"]["text"]
    (result,) = run0["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (result["ruleId"], result["level"], region["startLine"], region["startColumn"]) == \
        ("TER007", "error", 24, 14)
    assert result["locations"][0]["logicalLocations"][0]["name"] == "pyramids-of-giza"


def test_list_and_show() -> None:
    code, out, _ = run("list", "terra", "regions", "--content", str(SHIPPED))
    assert code == 0
    assert any(line.startswith("eastern-sahara ") for line in out.splitlines())
    assert all(" regions " in line for line in out.splitlines())
    code, out, _ = run("show", "terra", "eastern-sahara", "--content", str(SHIPPED),
                       "--format", "json")
    data = json.loads(out)
    assert data["id"] == "eastern-sahara" and data["kind"] == "land"
    assert {"id": "sahel", "name": "Sahel"} in data["neighbours"]


def test_show_card_resolves_references() -> None:
    code, out, _ = run("show", "terra", "hoba-meteorite", "--content", str(SHIPPED), "--format",
                       "json")
    assert code == 0
    data = json.loads(out)
    assert data["regions"]["answers"] == [{"id": "southern-africa", "name": "Southern Africa"}]
    assert all("correct_spaces" in q for q in data["bars"])


def test_show_unknown_object_is_a_usage_error() -> None:
    code, _, err = run("show", "terra", "no-such-card", "--content", str(SHIPPED))
    assert code == 2 and "no object 'no-such-card'" in err


def test_list_unknown_kind() -> None:
    code, _, err = run("list", "terra", "shapes", "--content", str(SHIPPED))
    assert code == 2 and "has no kind 'shapes'" in err


def test_codes_lists_every_code() -> None:
    code, out, _ = run("codes")
    assert code == 0
    for c in ("YML001", "SCH002", "CK003", "TER001", "TER017"):
        assert f"\n{c} " in "\n" + out
    assert "Bad:" in out and "Good:" in out
