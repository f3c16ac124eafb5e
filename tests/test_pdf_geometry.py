"""Sheet geometry: exact trim positions and mirrored backs, without drawing anything.

Expected positions are worked out by hand below: the grid of bleed boxes is centred on the
paper; a slot is the card plus the bleed on each side; row 0 is the top row.
"""

from __future__ import annotations

import pytest

from cardkit.pdf.geometry import (CARD_SIZES, PAPERS, GeometryError, SheetOptions, layout,
                                  parse_size)

TOL = 0.05  # mm

# paper, card -> (cols, rows, auto bleed, x of the first column's trim, top of the first row's trim)
# e.g. A4 poker: 3 x 3 slots of 65.5 x 90.9 mm (1 mm bleed) = 196.5 x 272.7 mm, centred:
# x0 = (210 - 196.5) / 2 = 6.75, trim x = 7.75; top of grid = 297 - (297 - 272.7) / 2 = 284.85,
# top of the first trim = 283.85.
EXPECTED = {
    ("a4", "poker"): (3, 3, 1.0, 7.75, 283.85),
    ("a4", "mini"): (4, 4, 2.0, 10.1, 281.5),      # slots 48.45 x 67.5; x0 = 8.1; grid top 283.5
    ("a4", "tarot"): (2, 2, 3.0, 32.15, 272.15),   # slots 75.85 x 126.65; x0 = 29.15; top 275.15
    ("letter", "poker"): (3, 3, 0.0, 12.7, 273.05),  # 190.5 x 266.7: x0 = 12.7, top 273.05
    ("letter", "mini"): (4, 4, 1.5, 14.55, 271.2),  # slots 47.45 x 66.5: x0 = 13.05, top 272.7
    ("letter", "tarot"): (2, 2, 3.0, 35.1, 263.35),  # x0 = (215.9 - 151.7) / 2 = 32.1
}


@pytest.mark.parametrize("paper, card", sorted(EXPECTED))
def test_trim_boxes_at_exact_positions(paper: str, card: str) -> None:
    cols, rows, bleed, x_first, top_first = EXPECTED[(paper, card)]
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card]))
    assert (sheet.cols, sheet.rows, sheet.bleed) == (cols, rows, bleed)
    cw, ch = CARD_SIZES[card]
    step_x, step_y = cw + 2 * bleed, ch + 2 * bleed
    for slot in sheet.slots:
        assert slot.trim.x == pytest.approx(x_first + slot.col * step_x, abs=TOL)
        assert slot.trim.top == pytest.approx(top_first - slot.row * step_y, abs=TOL)
        assert (slot.trim.w, slot.trim.h) == pytest.approx((cw, ch), abs=TOL)
        assert slot.bleed.x == pytest.approx(slot.trim.x - bleed, abs=TOL)
        assert slot.bleed.w == pytest.approx(cw + 2 * bleed, abs=TOL)
    # the grid is centred: equal margins left/right and top/bottom
    left = min(s.bleed.x for s in sheet.slots)
    right = PAPERS[paper][0] - max(s.bleed.right for s in sheet.slots)
    bottom = min(s.bleed.y for s in sheet.slots)
    top = PAPERS[paper][1] - max(s.bleed.top for s in sheet.slots)
    assert left == pytest.approx(right, abs=1e-6) and bottom == pytest.approx(top, abs=1e-6)
    assert min(left, bottom) >= 4.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
def test_long_edge_backs_mirror_left_right(paper: str, card: str) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex="long"))
    width = PAPERS[paper][0]
    by_pos = {(s.row, s.col): s for s in sheet.slots}
    for s in sheet.slots:
        assert s.back_trim.x == pytest.approx(width - s.trim.right, abs=TOL)
        assert s.back_trim.y == pytest.approx(s.trim.y, abs=TOL)
        # the back lands exactly on the front slot of the mirrored column
        twin = by_pos[(s.row, sheet.cols - 1 - s.col)]
        assert (s.back_trim.x, s.back_trim.y) == pytest.approx((twin.trim.x, twin.trim.y),
                                                               abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
def test_short_edge_backs_mirror_top_bottom(paper: str, card: str) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex="short"))
    height = PAPERS[paper][1]
    by_pos = {(s.row, s.col): s for s in sheet.slots}
    for s in sheet.slots:
        assert s.back_trim.y == pytest.approx(height - s.trim.top, abs=TOL)
        assert s.back_trim.x == pytest.approx(s.trim.x, abs=TOL)
        twin = by_pos[(sheet.rows - 1 - s.row, s.col)]
        assert (s.back_trim.x, s.back_trim.y) == pytest.approx((twin.trim.x, twin.trim.y),
                                                               abs=TOL)


def test_back_offset_shifts_backs_only() -> None:
    plain = layout(SheetOptions(card=CARD_SIZES["poker"]))
    shifted = layout(SheetOptions(card=CARD_SIZES["poker"], back_offset=(0.7, -1.2)))
    for a, b in zip(plain.slots, shifted.slots, strict=True):
        assert a.trim == b.trim
        assert b.back_trim.x == pytest.approx(a.back_trim.x + 0.7, abs=1e-9)
        assert b.back_trim.y == pytest.approx(a.back_trim.y - 1.2, abs=1e-9)


def test_no_duplex_keeps_backs_in_place() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"], duplex="none"))
    assert all(s.back_trim == s.trim for s in sheet.slots)


def test_explicit_bleed_and_gap() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["mini"], bleed=0.0, gap=2.0))
    xs = sorted({round(s.trim.x, 4) for s in sheet.slots})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([46.45] * (len(xs) - 1))


def test_crop_marks_extend_every_trim_edge_outside_the_grid() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"]))
    trim_xs = {round(v, 4) for s in sheet.slots for v in (s.trim.x, s.trim.right)}
    vertical = [m for m in sheet.crop_marks if m[0] == m[2]]
    assert {round(m[0], 4) for m in vertical} == trim_xs
    grid_bottom = min(s.bleed.y for s in sheet.slots)
    grid_top = max(s.bleed.top for s in sheet.slots)
    for x1, y1, x2, y2 in vertical:
        assert max(y1, y2) < grid_bottom or min(y1, y2) > grid_top  # never over a card
        assert min(y1, y2) >= 4.0 - 1e-9  # inside the printable area


def test_card_too_large_is_a_clear_error() -> None:
    with pytest.raises(GeometryError, match="does not fit"):
        layout(SheetOptions(card=(300.0, 400.0)))


def test_parse_size() -> None:
    assert parse_size("Letter", PAPERS, "paper") == (215.9, 279.4)
    assert parse_size("100x150mm", PAPERS, "paper") == (100.0, 150.0)
    with pytest.raises(GeometryError):
        parse_size("b5", PAPERS, "paper")
