"""Every Trains check: failing fixture at the expected positions, passing fixture silent; and
the shipped content's counts."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.loading import load_game
from cardkit.core.registry import get_game
from cardkit.games.trains.engine.maps import adjacency

from .conftest import FIXTURES, SHIPPED, check_dir, run_case

CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "trains_cases.yaml").read_text("utf-8"))["cases"]


def test_every_trains_code_has_a_case() -> None:
    spec = get_game("trains")
    codes = {c.code for c in spec.checks} | {spec.fit_code.code}  # type: ignore[attr-defined]
    assert codes == {case["code"] for case in CASES}


def test_base_fixture_is_clean(trains_content) -> None:  # type: ignore[no-untyped-def]
    assert check_dir(trains_content(), "trains").diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], trains_content) -> None:  # type: ignore[no-untyped-def]
    _, found = run_case(trains_content, case, "fail", "trains")
    assert found == case["expect"]


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], trains_content) -> None:  # type: ignore[no-untyped-def]
    report, found = run_case(trains_content, case, "pass", "trains")
    assert found == [] and report.exit_code() == 0


def test_shipped_counts() -> None:
    content, diags = load_game("trains", SHIPPED)
    assert [d for d in diags if d.severity.value == "error"] == []
    base = [r.obj for r in content.of("cards") if r.obj.set == "base"]
    assert len([c for c in base if c.kind == "basic"]) == 9
    assert len([c for c in base if c.kind == "kingdom"]) == 30
    assert sum(c.pile for c in base) == 500
    maps = content.index("maps")
    for map_id, pairs in (("tokyo", 187), ("osaka", 183)):
        m = maps[map_id].obj
        assert len(m.hexes) == 76
        adj = adjacency(m)
        assert sum(len(v) for v in adj.values()) // 2 == pairs
        assert all(a in adj[b] for a in adj for b in adj[a])  # symmetric
