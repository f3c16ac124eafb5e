"""Every translation check: its failing fixture reports exactly the expected positions (on the
translated text, or the English one for a missing translation); its passing fixture is silent."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.i18n.checks import PAIR_CHECKS, SET_CODES

from .conftest import FIXTURES, apply_edits, check_dir, positions

CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "i18n_cases.yaml").read_text("utf-8"))["cases"]


def test_every_translation_code_has_a_case() -> None:
    codes = {c.code for c in PAIR_CHECKS} | {c.code for c in SET_CODES}
    assert codes == {case["code"] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits(case["fail"]))
    report = check_dir(content, "terra")
    assert positions(report, case["code"], content / "terra") == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content(apply_edits(case.get("pass") or []))
    report = check_dir(content, "terra")
    assert positions(report, case["code"], content / "terra") == []
    assert [d for d in report.diagnostics if d.severity.value != "info"] == []
