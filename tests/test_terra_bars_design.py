"""The bar design report: answers per space and the know-nothing strategies' points per marker,
computed by hand from the rulebook's scoring (7 for a correct space, 3 for a space next to one,
both spaces correct when the answer is exactly a line), and the line suggestion."""

from __future__ import annotations

import pytest

from cardkit.core.loading import load_game
from cardkit.games.terra.report.barstats import bar_report, bar_report_text, bar_stats, suggest_lines

from .conftest import apply_edits


def _stats(path, bar: str, side: str = "metric"):  # type: ignore[no-untyped-def]
    content, diags = load_game("terra", path)
    assert content.complete, diags
    return next(s for s in bar_stats(content) if s.bar == bar and s.side == side)


def test_year_bar_by_hand(terra_content) -> None:  # type: ignore[no-untyped-def]
    # fixture year lines -3000, 0, 1000, 1500, 1700, 1800, 1900, 2000 (7 spaces);
    # answers 1937 (space 6) and -2560 (space 0)
    st = _stats(terra_content(), "year")
    assert st.answers == 2
    assert st.per_space == (1, 0, 0, 0, 0, 0, 1)
    assert st.empty == (1, 2, 3, 4, 5)
    # space 0: 7 for -2560; space 1: next to it, 3; space 5: next to 1937's, 3; space 6: 7
    assert st.blind == pytest.approx((3.5, 1.5, 0, 0, 0, 1.5, 3.5))
    assert st.best_blind == (0, 3.5)  # the lower space wins a tie


def test_an_answer_on_a_line_counts_in_both_spaces(terra_content) -> None:  # type: ignore[no-untyped-def]
    edits = apply_edits([{"file": "cards/base.yaml", "old": "answer: {value: 1937, unit: year,",
                          "new": "answer: {value: 1900, unit: year, on_line: true,"}])
    st = _stats(terra_content(edits), "year")
    assert st.per_space == (1, 0, 0, 0, 0, 1, 1)
    # spaces 5 and 6 correct (7 each), space 4 next to them (3)
    assert st.blind[4:] == pytest.approx((1.5, 3.5, 3.5))


def test_the_report_flags_a_bar_that_misses_the_targets(terra_content) -> None:  # type: ignore[no-untyped-def]
    content, _ = load_game("terra", terra_content())
    report = bar_report(content)
    assert report["ok"] is False
    year = next(b for b in report["bars"] if b["bar"] == "year" and b["side"] == "metric")
    assert year["ok"] is False and year["empty_spaces"] == [1, 2, 3, 4, 5]
    assert "suggested_lines" not in year  # two answers cannot fill seven spaces
    text = "\n".join(bar_report_text(report))
    assert "year   metric" in text and "empty: 1, 2, 3, 4, 5" in text


def test_the_shipped_bars_meet_the_targets() -> None:
    from .conftest import SHIPPED

    content, _ = load_game("terra", SHIPPED)
    report = bar_report(content)
    for b in report["bars"]:
        assert b["empty_spaces"] == [], b
        assert b["best_blind_points"] <= 1.5, b
    assert report["ok"]


def test_suggested_lines_spread_answers_evenly_and_avoid_them() -> None:
    values = [float(v) for v in (-2560, 79, 1066, 1492, 1588, 1666, 1776, 1815, 1869, 1889,
                                 1903, 1912, 1929, 1945, 1953, 1969, 1989, 2004, 2010, 2015)]
    lines = suggest_lines(values, 10, "year", frozenset(values))
    assert len(lines) == 11
    assert all(a < b for a, b in zip(lines, lines[1:]))
    assert lines[0] < min(values) and lines[-1] > max(values)
    assert not set(lines) & set(values)  # no answer on a line by accident
    per_space = [sum(lo < v < hi for v in values) for lo, hi in zip(lines, lines[1:])]
    assert min(per_space) >= 1  # no empty space
    assert max(per_space) <= 4  # 20 answers over 10 spaces: evenly, give or take rounding
    assert lines[-1] <= 2025  # the year bar ends about now


def test_suggested_lines_are_round_numbers_on_a_log_scale() -> None:
    values = [0.5, 3, 12, 40, 95, 330, 828, 979, 1642, 4808, 8849, 6650e3, 384400e3]
    lines = suggest_lines(values, 6, "length")
    for x in lines[1:]:
        mantissa = x / 10 ** int(f"{x:e}".split("e")[1])
        assert round(mantissa, 6) in (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.5, 8.0)


def test_too_few_answers_is_an_error() -> None:
    with pytest.raises(ValueError):
        suggest_lines([1.0], 5, "number")


def test_suggested_lines_keep_out_of_disputed_ranges() -> None:
    values = [float(v) for v in range(100, 2100, 100)]
    free = suggest_lines(values, 5, "number")
    inner = free[1:-1]
    ranges = tuple((x - 30.0, x + 30.0) for x in inner)  # a dispute around every free line
    lines = suggest_lines(values, 5, "number", frozenset(values), ranges)
    assert all(not lo <= x <= hi for x in lines for lo, hi in ranges)
    assert all(a < b for a, b in zip(lines, lines[1:]))
