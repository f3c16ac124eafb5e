"""Every Terra check: its failing fixture reports exactly the expected positions, its passing
fixture is silent. Cases live in ``fixtures/terra_cases.yaml`` as edits of ``terra_base``."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.diagnostics import Severity
from cardkit.core.registry import get_game

from .conftest import FIXTURES, apply_edits, check_dir, run_case

CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "terra_cases.yaml").read_text("utf-8"))["cases"]


def test_every_terra_code_has_a_case() -> None:
    spec = get_game("terra")
    codes = ({c.code for c in spec.checks} | {spec.fit_code.code}  # type: ignore[attr-defined]
             | {c.code for c in spec.extra_translation_checks})  # type: ignore[attr-defined]
    assert codes == {case["code"] for case in CASES}
    assert len(codes) >= 10


def test_base_fixture_is_clean(terra_content) -> None:  # type: ignore[no-untyped-def]
    report = check_dir(terra_content(), "terra")
    assert report.diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    _, found = run_case(terra_content, case, "fail")
    assert found == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    report, found = run_case(terra_content, case, "pass")
    assert found == []
    # an edit of the English may leave translations stale or orphaned: that is I18N's business
    assert [d for d in report.diagnostics
            if d.severity is not Severity.INFO and not d.code.startswith("I18N")] == []


def test_findings_carry_the_object_id(terra_content) -> None:  # type: ignore[no-untyped-def]
    case = next(c for c in CASES if c["code"] == "TER014")
    report = check_dir(terra_content(apply_edits(case["fail"])), "terra")
    (diag,) = [d for d in report.diagnostics if d.code == "TER014"]
    assert diag.object_id == "golden-gate-bridge"
    assert diag.severity is Severity.ERROR
