"""Sheet geometry: exact trim positions, backs that land behind their own fronts in every duplex
mode, the back offset's direction, footers inside the printable margin — without drawing.

Expected positions are worked out by hand below: the grid of bleed boxes is centred on the
paper; a slot is the card plus the bleed on each side; row 0 is the top row. The flips are
written here independently of the code: a test that reused ``Sheet.flip`` would prove nothing.
"""

from __future__ import annotations

import itertools
import math

import pytest

from cardkit.core.errors import UsageProblem
from cardkit.pdf.geometry import (
    CARD_SIZES,
    CROP_MARK_OFFSET,
    MIN_MARGIN,
    PAPERS,
    Box,
    GeometryError,
    SheetOptions,
    parse_offset,
    parse_size,
)
from cardkit.pdf.sheet import (
    FOOTER_H,
    Sheet,
    back_transform,
    front_transform,
    layout,
)

TOL = 0.05  # mm

# The defaults: 3 mm bleed, a 5 mm margin, room for a 1 mm crop mark 1 mm off the bleed and
# 0.2 mm of its ink on each side (so 200 - 2 x 2.2 = 195.6 x 282.6 mm on A4 for the bleed
# boxes), cards turned when that fits more.
# paper, card -> (cols, rows, turned, x of the first column's trim, top of the first row's trim)
# e.g. A4 poker upright: 2 x 2 slots of 69.5 x 94.9 mm; turned, slots of 94.9 x 69.5 fit 2 x 4:
# 189.8 x 278 mm, centred: x0 = (210 - 189.8) / 2 = 10.1, trim x = 13.1; top of grid
# 297 - (297 - 278) / 2 = 287.5, top of the first trim = 284.5.
EXPECTED = {
    ("a4", "poker"): (2, 4, True, 13.1, 284.5),
    ("a4", "mini"): (3, 4, False, 32.325, 284.5),  # 50.45 x 69.5 slots (turned: 2 x 5 = 10)
    ("a4", "tarot"): (2, 2, False, 32.15, 272.15),  # 75.85 x 126.65 (turned: 1 x 3)
    ("letter", "poker"): (2, 3, True, 16.05, 240.95),  # 189.8 x 208.5: x0 = 13.05, top 243.95
    # upright 4 x 50.45 = 201.8 > 201.5: 3 x 3 = 9; turned 69.5 x 50.45 slots fit 2 x 5 = 10:
    # 139 x 252.25 mm, x0 = (215.9 - 139) / 2 = 38.45, top (279.4 + 252.25) / 2 = 265.825
    ("letter", "mini"): (2, 5, True, 41.45, 262.825),
    ("letter", "tarot"): (2, 2, False, 35.1, 263.35),  # x0 = (215.9 - 151.7) / 2 = 32.1
}
PAPER_CARDS = [(p, c) for p in ("a4", "letter") for c in ("poker", "mini", "tarot")]


@pytest.mark.parametrize("paper, card", sorted(EXPECTED))
def test_trim_boxes_at_exact_positions(paper: str, card: str) -> None:
    cols, rows, turned, x_first, top_first = EXPECTED[(paper, card)]
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card]))
    bleed = 3.0
    assert (sheet.cols, sheet.rows, sheet.bleed, sheet.rotated) == (cols, rows, bleed, turned)
    cw, ch = CARD_SIZES[card][::-1] if turned else CARD_SIZES[card]
    step_x, step_y = cw + 2 * bleed, ch + 2 * bleed
    for slot in sheet.slots:
        assert slot.trim.x == pytest.approx(x_first + slot.col * step_x, abs=TOL)
        assert slot.trim.top == pytest.approx(top_first - slot.row * step_y, abs=TOL)
        assert (slot.trim.w, slot.trim.h) == pytest.approx((cw, ch), abs=TOL)
        assert slot.bleed.x == pytest.approx(slot.trim.x - bleed, abs=TOL)
        assert slot.bleed.w == pytest.approx(cw + 2 * bleed, abs=TOL)
    left = min(s.bleed.x for s in sheet.slots)
    right = PAPERS[paper][0] - max(s.bleed.right for s in sheet.slots)
    bottom = min(s.bleed.y for s in sheet.slots)
    top = PAPERS[paper][1] - max(s.bleed.top for s in sheet.slots)
    assert left == pytest.approx(right, abs=1e-6) and bottom == pytest.approx(top, abs=1e-6)
    assert min(left, bottom) >= MIN_MARGIN + CROP_MARK_OFFSET + 1.0


# --- the physical flips, written out by hand ---------------------------------------------------
# Each maps a point of the back page to where it lies on the front page once the sheet is turned
# over: long edge (a book page) x -> W - x; short edge (a calendar) y -> H - y; the re-feed of
# `none` is a book-page turn too; a fold reflects about the fold line.

def long_flip(sheet: Sheet, x: float, y: float) -> tuple[float, float]:
    return (sheet.paper_w - x, y)


def short_flip(sheet: Sheet, x: float, y: float) -> tuple[float, float]:
    return (x, sheet.paper_h - y)


def fold_flip(sheet: Sheet, x: float, y: float) -> tuple[float, float]:
    assert sheet.fold_line is not None
    x1, y1, x2, _y2 = sheet.fold_line
    if x1 == x2:  # a vertical fold line
        return (2 * x1 - x, y)
    return (x, 2 * y1 - y)


FLIPS = {"long": long_flip, "short": short_flip, "none": long_flip, "fold": fold_flip}


def landed(sheet: Sheet, slot_index: int, flip=None) -> tuple[Box, tuple[float, ...]]:  # type: ignore[no-untyped-def]
    """The back's trim box seen from the front after the flip, and the linear part (a, b, c, d)
    of the map from the back's design coordinates to the front page."""
    flip = flip or FLIPS[sheet.duplex]
    slot = sheet.slots[slot_index]
    to_page = back_transform(slot)
    w, h = (slot.trim.h, slot.trim.w) if sheet.rotated else (slot.trim.w, slot.trim.h)
    corners = [flip(sheet, *to_page(u, v)) for u, v in ((0, 0), (w, 0), (0, h), (w, h))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    o = flip(sheet, *to_page(0, 0))
    ex = flip(sheet, *to_page(1, 0))
    ey = flip(sheet, *to_page(0, 1))
    linear = (ex[0] - o[0], ex[1] - o[1], ey[0] - o[0], ey[1] - o[1])
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), linear


#: A back seen through the card from its front, read after turning the *card* like a book page:
#: its design's x runs right-to-left, its y bottom-to-top.
BOOK_TURN = (-1.0, 0.0, 0.0, 1.0)
#: The same for a card turned on the sheet (``--rotate``): the front's design x runs up the page
#: and its y to the left (a quarter turn counter-clockwise), so the back's design x, which runs
#: against the front's, runs down the page, and its y to the left.
BOOK_TURN_ON_SIDE = (0.0, -1.0, -1.0, 0.0)
#: The front of a card turned on the sheet: design x up the page, design y to the left.
QUARTER_TURN = (0.0, 1.0, -1.0, 0.0)


@pytest.mark.parametrize("rotate", ["never", "always"])
@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_every_back_lands_on_its_own_front(duplex: str, paper: str, card: str,
                                           rotate: str) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex=duplex,
                                rotate=rotate))  # type: ignore[arg-type]
    assert sheet.slots and sheet.rotated == (rotate == "always")
    w, h = CARD_SIZES[card]
    flip = FLIPS[duplex]
    for i, slot in enumerate(sheet.slots):
        box, linear = landed(sheet, i)
        assert (box.x, box.y, box.w, box.h) == pytest.approx(
            (slot.trim.x, slot.trim.y, slot.trim.w, slot.trim.h), abs=TOL), (duplex, i)
        expected = BOOK_TURN_ON_SIDE if rotate == "always" else BOOK_TURN
        assert linear == pytest.approx(expected, abs=1e-9), (duplex, i, slot.back_turn)
        front, back = front_transform(slot), back_transform(slot)
        o, ex, ey = front(0, 0), front(1, 0), front(0, 1)
        front_linear = (ex[0] - o[0], ex[1] - o[1], ey[0] - o[0], ey[1] - o[1])
        assert front_linear == pytest.approx(QUARTER_TURN if rotate == "always"
                                             else (1.0, 0.0, 0.0, 1.0), abs=1e-9)
        # every point of the back lies behind the point of the front a book turn of the card
        # puts it on: (u, v) of the back is (w - u, v) of the front
        for u, v in ((0, 0), (w, 0), (0, h), (w, h), (w / 3, h / 5)):
            assert flip(sheet, *back(u, v)) == pytest.approx(front(w - u, v), abs=1e-6)


@pytest.mark.parametrize("rotate, turn", [("never", 180), ("always", 90)])
@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_short_edge_backs_are_turned_and_fail_under_a_long_flip(paper: str, card: str,
                                                                rotate: str, turn: int) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex="short",
                                rotate=rotate))  # type: ignore[arg-type]
    assert all(s.back_turn == turn for s in sheet.slots)
    for i, slot in enumerate(sheet.slots):
        _, linear = landed(sheet, i, long_flip)  # the printer set to the wrong edge
        assert linear != pytest.approx(BOOK_TURN, abs=1e-9)  # the back reads upside down


@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_none_backs_are_mirrored_for_the_refeed(paper: str, card: str) -> None:
    """Today's bug: `none` printed every back where its front is, so after re-feeding (a book
    turn) each back lands behind the mirrored column's card."""
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex="none"))
    moved = [s for s in sheet.slots if abs(s.back_trim.x - s.trim.x) > TOL]
    middle = [s for s in sheet.slots if s.col * 2 == sheet.cols - 1]
    assert len(moved) == len(sheet.slots) - len(middle)


@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_fold_sheets_keep_fronts_and_backs_apart_and_marks_off_the_fold(paper: str,
                                                                         card: str) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], duplex="fold"))
    assert sheet.fold in ("vertical", "horizontal") and sheet.fold_line is not None
    x1, y1, x2, _y2 = sheet.fold_line
    for s in sheet.slots:
        assert not s.bleed.overlaps(s.back_bleed)
        for a in sheet.slots:
            assert not a.bleed.overlaps(s.back_bleed)
        for b in (s.bleed, s.back_bleed):  # no card crosses the fold line
            if x1 == x2:
                assert b.right <= x1 - 1.0 or b.x >= x1 + 1.0
            else:
                assert b.top <= y1 - 1.0 or b.y >= y1 + 1.0
        for b in (s.bleed, s.back_bleed):  # inside the printable area
            assert b.x >= MIN_MARGIN - 1e-9 and b.y >= MIN_MARGIN - 1e-9
            assert b.right <= sheet.paper_w - MIN_MARGIN + 1e-9
            assert b.top <= sheet.paper_h - MIN_MARGIN + 1e-9
    for mx1, my1, mx2, my2 in sheet.crop_marks + sheet.back_crop_marks:
        if x1 == x2:
            assert min(abs(mx1 - x1), abs(mx2 - x1)) >= 1.0 and (mx1 - x1) * (mx2 - x1) > 0
        else:
            assert min(abs(my1 - y1), abs(my2 - y1)) >= 1.0 and (my1 - y1) * (my2 - y1) > 0


def test_fold_picks_the_arrangement_with_the_most_cards() -> None:
    # A4 poker: portrait halves (105 x 297) hold 1 x 3; the paper turned, halves of 148.5 x 210
    # hold 2 x 2 — fold picks 4 per sheet on landscape paper.
    sheet = layout(SheetOptions(paper=PAPERS["a4"], card=CARD_SIZES["poker"], duplex="fold",
                                bleed=None, rotate="never"))
    assert sheet.per_sheet == 4 and (sheet.paper_w, sheet.paper_h) == (297.0, 210.0)
    # tarot: 1 x 2 in a portrait half beats anything landscape
    sheet = layout(SheetOptions(paper=PAPERS["a4"], card=CARD_SIZES["tarot"], duplex="fold",
                                bleed=None, rotate="never"))
    assert sheet.per_sheet == 2 and sheet.paper_w == 210.0


@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("offset", [(0.7, -1.2), (-2.5, 3.0)])
def test_back_offset_moves_backs_as_the_printed_text_says(duplex: str,
                                                         offset: tuple[float, float]) -> None:
    """The info and calibration pages say: measured on the back side as it is read, +X moves the
    backs right, +Y up. On the back page that is +x, +y; seen through from the front, a book
    turn reverses x and a calendar turn reverses y."""
    # (tarot cards: the grid keeps its count when the offset's room is taken off both sides)
    plain = layout(SheetOptions(card=CARD_SIZES["tarot"], duplex=duplex))  # type: ignore[arg-type]
    moved = layout(SheetOptions(card=CARD_SIZES["tarot"], duplex=duplex,  # type: ignore[arg-type]
                                back_offset=offset))
    assert moved.per_sheet == plain.per_sheet
    dx, dy = offset
    for a, b in zip(plain.slots, moved.slots, strict=True):
        assert (b.trim.x, b.trim.y, b.trim.w, b.trim.h) == pytest.approx(
            (a.trim.x, a.trim.y, a.trim.w, a.trim.h), abs=1e-9)  # the fronts never move
        assert b.back_trim.x - a.back_trim.x == pytest.approx(dx, abs=1e-9)  # right on the back
        assert b.back_trim.y - a.back_trim.y == pytest.approx(dy, abs=1e-9)  # up on the back
    for i in range(len(plain.slots)):
        before, _ = landed(plain, i)
        after, _ = landed(moved, i)
        sx, sy = (1, -1) if (duplex == "short" or moved.fold == "horizontal") else (-1, 1)
        assert after.x - before.x == pytest.approx(sx * dx, abs=1e-9)
        assert after.y - before.y == pytest.approx(sy * dy, abs=1e-9)
        assert moved.back_axes == (sx, sy)


def test_explicit_bleed_and_gap() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["mini"], bleed=0.0, gap=2.0, rotate="never"))
    xs = sorted({round(s.trim.x, 4) for s in sheet.slots})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([46.45] * (len(xs) - 1))


def test_crop_marks_extend_every_trim_edge_outside_the_grid() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"]))
    trim_xs = {round(v, 4) for s in sheet.slots for v in (s.trim.x, s.trim.right)}
    vertical = [m for m in sheet.crop_marks if m[0] == m[2]]
    assert {round(m[0], 4) for m in vertical} == trim_xs
    grid_bottom = min(s.bleed.y for s in sheet.slots)
    grid_top = max(s.bleed.top for s in sheet.slots)
    for x1, y1, x2, y2 in vertical:
        assert max(y1, y2) < grid_bottom or min(y1, y2) > grid_top  # never over a card
        assert min(y1, y2) >= MIN_MARGIN - 1e-9  # inside the printable area


# --- footers ----------------------------------------------------------------------------------

def _mark_boxes(marks: tuple[tuple[float, float, float, float], ...]) -> list[Box]:
    return [Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)) for x1, y1, x2, y2 in marks]


@pytest.mark.parametrize("bleed", [None, 3.0])
@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_footers_inside_the_printable_margin_and_clear_of_cards_and_marks(
        duplex: str, paper: str, card: str, bleed: float | None) -> None:
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card], bleed=bleed,
                                duplex=duplex))  # type: ignore[arg-type]
    fronts = [s.bleed for s in sheet.slots] + _mark_boxes(sheet.crop_marks)
    backs = [s.back_bleed for s in sheet.slots] + _mark_boxes(sheet.back_crop_marks)
    pages = [(sheet.footer, fronts + (backs if sheet.fold else []))]
    if not sheet.fold:
        pages.append((sheet.back_footer, backs))
    if duplex != "fold" and bleed is None:  # the automatic bleed gives way for the footers
        assert sheet.footer is not None and sheet.back_footer is not None
    for band, occupied in pages:
        if band is None:
            continue
        b = band.box
        assert min(b.x, b.y) >= MIN_MARGIN - 1e-9
        assert b.right <= sheet.paper_w - MIN_MARGIN + 1e-9
        assert b.top <= sheet.paper_h - MIN_MARGIN + 1e-9
        assert min(b.w, b.h) >= FOOTER_H - 1e-9
        for box in occupied:
            assert not b.overlaps(box.grow(0.25)), (band, box)


def test_footer_room_keeps_the_card_count_by_giving_up_bleed() -> None:
    # Letter bridge turned holds 2 x 4 with 3 mm bleed, but then the marks fill the margins;
    # the automatic bleed gives 1 mm for a footer along the bottom.
    sheet = layout(SheetOptions(paper=PAPERS["letter"], card=CARD_SIZES["bridge"]))
    assert sheet.per_sheet == 8 and sheet.footer is None
    sheet = layout(SheetOptions(paper=PAPERS["letter"], card=CARD_SIZES["bridge"], bleed=None))
    assert (sheet.per_sheet, sheet.bleed) == (8, 2.0) and sheet.footer is not None


# --- options ----------------------------------------------------------------------------------

def test_low_automatic_bleed_is_a_warning_with_the_alternative() -> None:
    upright = {"card": CARD_SIZES["poker"], "rotate": "never"}
    sheet = layout(SheetOptions(paper=PAPERS["a4"], bleed=None,
                                **upright))  # type: ignore[arg-type]
    (warning,) = sheet.warnings
    assert "only 0.5 mm" in warning and "--bleed 1 fits 6 card(s) per sheet instead of 9" in warning
    assert layout(SheetOptions(paper=PAPERS["letter"], bleed=None,
                               **upright)).warnings == ()  # type: ignore[arg-type]
    # a bleed the user chose is never second-guessed
    assert layout(SheetOptions(paper=PAPERS["a4"], bleed=0.0,
                               **upright)).warnings == ()  # type: ignore[arg-type]


@pytest.mark.parametrize("opts, message", [
    ({"bleed": math.nan}, "finite"), ({"bleed": math.inf}, "finite"), ({"bleed": -1.0}, "least"),
    ({"bleed": 11.0}, "most"), ({"gap": math.nan}, "finite"), ({"gap": -0.5}, "least"),
    ({"back_offset": (math.inf, 0.0)}, "finite"), ({"back_offset": (0.0, math.nan)}, "finite"),
    ({"back_offset": (500.0, 0.0)}, "beyond"), ({"back_offset": (0.0, -10.5)}, "beyond"),
    ({"paper": (100000.0, 100000.0)}, "at most"), ({"paper": (math.nan, 297.0)}, "finite"),
    ({"paper": (30.0, 30.0)}, "does not fit"), ({"duplex": "sideways"}, "duplex"),
])
def test_impossible_options_are_usage_problems(opts: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(GeometryError, match=message) as caught:
        layout(SheetOptions(**opts))
    assert isinstance(caught.value, UsageProblem)


def test_back_offset_limits_are_inclusive() -> None:
    layout(SheetOptions(back_offset=(10.0, -10.0)))  # the bound itself is allowed
    assert parse_offset(" 0.5 , -1 ") == (0.5, -1.0)
    for bad in ("1", "1,2,3", "a,b", "nan,0", "inf,0", "500,0", ""):
        with pytest.raises(GeometryError):
            parse_offset(bad)


def test_card_too_large_is_a_clear_error() -> None:
    with pytest.raises(GeometryError, match="does not fit"):
        layout(SheetOptions(card=(300.0, 400.0)))


def test_parse_size() -> None:
    assert parse_size("Letter", PAPERS, "paper") == (215.9, 279.4)
    assert parse_size("100x150mm", PAPERS, "paper") == (100.0, 150.0)
    assert parse_size("5080x5080", PAPERS, "paper") == (5080.0, 5080.0)
    for bad in ("b5", "5081x100", "100000x100000", "nanxnan", "-5x3", "0x100"):
        with pytest.raises(GeometryError):
            parse_size(bad, PAPERS, "paper")


def test_crop_mark_offset_is_outside_the_bleed() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"], duplex="short"))
    grid = min(s.bleed.y for s in sheet.slots)
    assert all(max(m[1], m[3]) <= grid - CROP_MARK_OFFSET + 1e-9
               for m in sheet.crop_marks if m[0] == m[2] and m[1] < grid)
