"""Every translation check: its failing fixture reports exactly the expected positions (on the
translated text, or the English one for a missing translation); its passing fixture is silent."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.registry import get_game
from cardkit.i18n.checks import PAIR_CHECKS, SET_CODES
from cardkit.i18n.history import HISTORY_CODES

from .conftest import FIXTURES, apply_edits, check_dir, run_case

CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "i18n_cases.yaml").read_text("utf-8"))["cases"]


def test_every_translation_code_has_a_case() -> None:
    extra = {c.code for c in get_game("terra").extra_translation_checks  # type: ignore[attr-defined]
             if c.code.startswith("I18N")}  # a game's own codes have cases with its checks
    codes = {c.code for c in PAIR_CHECKS} | {c.code for c in SET_CODES} | extra | \
        {c.code for c in HISTORY_CODES}
    assert codes == {case["code"] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    _, found = run_case(terra_content, case, "fail")
    assert found == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    report, found = run_case(terra_content, case, "pass")
    assert found == []
    assert [d for d in report.diagnostics if d.severity.value != "info"] == []


def test_fit_finding_names_card_and_locale(terra_content) -> None:  # type: ignore[no-untyped-def]
    case = next(c for c in CASES if c["code"] == "I18N018")
    report = check_dir(terra_content(apply_edits(case["fail"])), "terra")
    (diag,) = [d for d in report.diagnostics if d.code == "I18N018"]
    assert diag.object_id == "golden-gate-bridge" and diag.message.startswith("el: ")
    assert "does not fit" in diag.message and report.exit_code() == 1


def test_pdf_refuses_text_that_does_not_fit(terra_content, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from cardkit.cli import main

    case = next(c for c in CASES if c["code"] == "I18N018")
    content = terra_content(apply_edits(case["fail"]))
    (content / "terra" / "decks.yaml").write_text(
        "decks:\n  - id: cards\n    name: Cards\n    size: tarot\n", "utf-8")
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["pdf", "terra", "--locale", "el", "--content",
                                       str(content), "--out", str(out)])
    assert result.exit_code == 1
    assert "I18N018" in result.stderr and "[golden-gate-bridge]" in result.stderr
    assert not out.exists()
    ok = CliRunner().invoke(main, ["pdf", "terra", "--locale", "pl", "--content", str(content),
                                   "--out", str(out)])
    assert ok.exit_code == 0 and out.is_file()
