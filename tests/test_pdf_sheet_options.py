"""Sheet options of issue 37: crop-mark length and offset, the gutter, the margin, ``--rotate``,
the 3 mm default bleed and its note, and the 100 mm check — as geometry, without drawing.

Each property is written as a helper that lists what is wrong (``mark_problems``,
``check_problems``), run over every paper and card size, and shown to catch planted errors.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from cardkit.core.errors import UsageProblem
from cardkit.pdf.geometry import (
    CARD_SIZES,
    PAPERS,
    Box,
    GeometryError,
    SheetOptions,
)
from cardkit.pdf.margins import CHECK_MM, Band, Check
from cardkit.pdf.sheet import Sheet, layout

PAPER_CARDS = [(p, c) for p in ("a4", "letter", "a3") for c in CARD_SIZES]
Line = tuple[float, float, float, float]


def _line_box(line: Line) -> Box:
    x1, y1, x2, y2 = line
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def area(sheet: Sheet) -> Box:
    m = sheet.margin
    return Box(m, m, sheet.paper_w - 2 * m, sheet.paper_h - 2 * m)


def mark_problems(sheet: Sheet, ink: float = 0.15) -> list[str]:
    """Crop marks that leave the printable area (their ink included), touch any card's bleed
    (front or back), or run into the fold line's clearance."""
    out = []
    inside = area(sheet).grow(-ink)
    fronts, backs = [s.bleed for s in sheet.slots], [s.back_bleed for s in sheet.slots]
    if sheet.fold is not None:  # one page holds both
        fronts = backs = fronts + backs
    for side, marks, bleeds in (("front", sheet.crop_marks, fronts),
                                ("back", sheet.back_crop_marks, backs)):
        for line in marks:
            box = _line_box(line)
            if not inside.holds(box):
                out.append(f"{side} mark {line} leaves the printable area")
            for b in bleeds:
                if b.grow(0.5).overlaps(box.grow(0.01)):
                    out.append(f"{side} mark {line} touches the bleed {b}")
    return out


@pytest.mark.parametrize("rotate", ["never", "always", "auto"])
@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_marks_stay_in_the_printable_area_and_off_every_bleed(paper: str, card: str,
                                                              duplex: str, rotate: str) -> None:
    for length in (None, 2.0, 20.0):
        try:
            sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card],
                                        duplex=duplex, rotate=rotate,  # type: ignore[arg-type]
                                        crop_mark_length=length))
        except GeometryError:  # a tarot card on its side does not fit every fold
            assert rotate == "always"
            continue
        assert sheet.crop_marks and mark_problems(sheet) == []


def test_the_mark_check_catches_planted_marks() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"]))
    x1, y1, x2, y2 = sheet.crop_marks[0]  # a vertical mark below the grid
    low, high = min(y1, y2), max(y1, y2)
    planted = [
        (x1, 1.0, x2, high),  # runs into the margin
        (x1, low, x2, high + 2.0),  # runs into the bleed of the cards above
        (x1 + 2.0, low - 4.5, x2 + 2.0, low - 4.0),  # off the trim edges, but in the margin
    ]
    caught = sum(bool(mark_problems(replace(sheet, crop_marks=(line,)))) for line in planted)
    assert caught == len(planted)


def test_crop_mark_length_and_offset_are_honoured() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["tarot"], crop_mark_length=3.0,
                                crop_mark_offset=2.0))
    grid = Box(min(s.bleed.x for s in sheet.slots), min(s.bleed.y for s in sheet.slots), 0, 0)
    assert sheet.warnings == () and sheet.crop_mark_length == 3.0
    for x1, y1, x2, y2 in sheet.crop_marks:
        assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(3.0)
    below = [m for m in sheet.crop_marks if m[0] == m[2] and m[3] < grid.y]
    assert below and all(m[3] == pytest.approx(grid.y - 2.0) for m in below)  # 2 mm off


def test_a_mark_longer_than_the_margin_is_shortened_with_a_warning() -> None:
    # A4 poker turned: 4.5 mm between the grid and the printable area's edge
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"], crop_mark_length=20.0))
    (warning,) = sheet.warnings
    assert "crop marks shortened to 3.3 mm (asked 20 mm)" in warning
    assert sheet.crop_mark_length == pytest.approx(3.3)
    # the default length is shortened the same way, silently: it is only "at most 5 mm"
    plain = layout(SheetOptions(card=CARD_SIZES["poker"]))
    assert plain.warnings == () and plain.crop_mark_length == pytest.approx(3.3)
    assert layout(SheetOptions(card=CARD_SIZES["tarot"])).crop_mark_length == 5.0


# --- rotation and the default bleed -----------------------------------------------------------

@pytest.mark.parametrize("paper, card, upright, turned, auto_turns", [
    ("a4", "poker", 4, 8, True),
    ("letter", "poker", 4, 6, True),
    ("a3", "tarot", 9, 10, True),
    ("a4", "tarot", 4, 3, False),
    ("letter", "tarot", 4, 3, False),
    ("a4", "square", 6, 6, False),  # a tie keeps the cards upright
])
def test_rotate_auto_turns_the_cards_only_when_that_fits_more(
        paper: str, card: str, upright: int, turned: int, auto_turns: bool) -> None:
    def per_sheet(rotate: str) -> tuple[int, bool]:
        sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card],
                                    rotate=rotate))  # type: ignore[arg-type]
        return sheet.per_sheet, sheet.rotated

    assert per_sheet("never") == (upright, False)
    assert per_sheet("always") == (turned, True)
    assert per_sheet("auto") == (max(upright, turned), auto_turns)


def test_the_default_bleed_is_3_mm_and_a_note_says_what_it_costs() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["poker"]))
    assert sheet.bleed == 3.0 and sheet.warnings == ()
    assert sheet.notes == ("a 3 mm bleed fits 8 card(s) per sheet; --bleed auto fits 9 "
                           "(at 0.5 mm bleed)",)
    upright = layout(SheetOptions(card=CARD_SIZES["poker"], rotate="never"))
    assert upright.notes == ("a 3 mm bleed fits 4 card(s) per sheet; --bleed auto fits 9 "
                             "(at 0.5 mm bleed); --rotate auto fits 8",)
    # no note where 3 mm costs nothing, nor for a bleed of 0 or the automatic one
    assert layout(SheetOptions(card=CARD_SIZES["tarot"])).notes == ()
    assert layout(SheetOptions(card=CARD_SIZES["poker"], bleed=0.0)).notes == ()
    assert layout(SheetOptions(card=CARD_SIZES["poker"], bleed=None)).notes == ()


def test_the_gutter_spaces_the_cards() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["tarot"], gap=4.0))
    a, b = sheet.slots[0], sheet.slots[1]
    assert b.bleed.x - a.bleed.right == pytest.approx(4.0)


@pytest.mark.parametrize("opts, message", [
    ({"crop_mark_length": math.nan}, "crop mark length must be a finite number"),
    ({"crop_mark_length": 0.5}, "crop mark length must be at least 1"),
    ({"crop_mark_length": 25.0}, "crop mark length must be at most 20"),
    ({"crop_mark_offset": -1.0}, "crop mark offset must be at least 0"),
    ({"crop_mark_offset": math.inf}, "crop mark offset must be a finite number"),
    ({"crop_mark_offset": 11.0}, "crop mark offset must be at most 10"),
    ({"margin": math.nan}, "margin must be a finite number"),
    ({"margin": -1.0}, "margin must be at least 0"),
    ({"margin": 51.0}, "margin must be at most 50"),
    ({"margin": 40.0, "paper": (70.0, 297.0)}, "leaves no printable area"),
    ({"margin": 40.0, "paper": (150.0, 297.0)},
     "does not fit on 150x297 mm paper with a 40 mm margin"),
    ({"gap": math.nan}, "gutter must be a finite number"),
    ({"rotate": "sideways"}, "unknown rotation"),
])
def test_bad_sheet_options_are_one_line_usage_errors(
        opts: dict[str, object], message: str) -> None:
    with pytest.raises(GeometryError, match=message) as caught:
        layout(SheetOptions(card=CARD_SIZES["tarot"], **opts))
    assert isinstance(caught.value, UsageProblem) and "\n" not in str(caught.value)


# --- the 100 mm check -------------------------------------------------------------------------

def check_problems(sheet: Sheet) -> list[str]:
    """What is wrong with a sheet's checks: not 100 mm, outside the printable area, over a card,
    a mark, the fold line or the footer of its side."""
    out = []
    sides: list[tuple[str, Check | None, list[Box], Band | None]] = []
    fronts = [s.bleed for s in sheet.slots] + [_line_box(m) for m in sheet.crop_marks]
    backs = [s.back_bleed for s in sheet.slots] + [_line_box(m) for m in sheet.back_crop_marks]
    if sheet.fold_line is not None:
        fronts += backs + [_line_box(sheet.fold_line)]
        sides.append(("fold", sheet.check, fronts, sheet.footer))
    else:
        sides += [("front", sheet.check, fronts, sheet.footer),
                  ("back", sheet.back_check, backs, sheet.back_footer)]
    for side, check, occupied, footer in sides:
        if check is None:
            continue
        box = check.band.box
        (x1, y1), (x2, y2) = check.ends
        if abs(math.hypot(x2 - x1, y2 - y1) - CHECK_MM) > 1e-9:
            out.append(f"{side}: the check measures {math.hypot(x2 - x1, y2 - y1)} mm")
        if not area(sheet).grow(-0.15).holds(box.grow(0.0)):
            out.append(f"{side}: the check {box} leaves the printable area")
        for b in occupied + ([footer.box] if footer else []):
            if box.grow(0.1).overlaps(b):
                out.append(f"{side}: the check {box} overlaps {b}")
    return out


@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("paper, card", PAPER_CARDS)
def test_checks_measure_100_mm_inside_the_area_clear_of_everything(paper: str, card: str,
                                                                   duplex: str) -> None:
    for rotate in ("never", "auto"):
        for bleed in (3.0, None):
            sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card],
                                        duplex=duplex, rotate=rotate,  # type: ignore[arg-type]
                                        bleed=bleed))
            assert check_problems(sheet) == []


def test_the_check_check_catches_planted_checks() -> None:
    sheet = layout(SheetOptions(card=CARD_SIZES["tarot"]))
    assert sheet.check is not None and sheet.check.kind == "bar"
    b = sheet.check.band.box
    card = sheet.slots[-1].bleed
    planted = [
        Check("bar", Band(Box(b.x, b.y, 99.0, b.h))),  # 99 mm
        Check("bar", Band(Box(b.x, 2.0, b.w, b.h))),  # in the margin
        Check("bar", Band(Box(b.x, card.y + 1, b.w, b.h))),  # over a card
        Check("bar", Band(Box(b.x, sheet.footer.box.y, b.w, b.h))),  # type: ignore[union-attr]
        Check("square", Band(Box(card.x, card.y, 100, 100))),  # a square over the cards
    ]
    caught = sum(bool(check_problems(replace(sheet, check=c))) for c in planted)
    assert caught == len(planted)


@pytest.mark.parametrize("paper, card, kind", [
    ("a4", "tarot", "bar"), ("letter", "tarot", "bar"), ("a3", "tarot", "bar"),
    ("a4", "poker", None), ("letter", "poker", "bar"), ("a3", "poker", "bar"),
    ("a4", "mini", "bar"), ("letter", "mini", "bar"), ("a3", "mini", None),
])
def test_where_the_check_goes_with_the_defaults(paper: str, card: str, kind: str | None
                                                ) -> None:
    """The table of the closing note: with 3 mm bleed and cards turned when that fits more,
    a bar where the grid leaves a strip of 3.4 mm beside the marks and footer, none where the
    turned cards fill the sheet (A4 poker, A3 mini): their calibration page has the square."""
    sheet = layout(SheetOptions(paper=PAPERS[paper], card=CARD_SIZES[card]))
    got = sheet.check.kind if sheet.check else None
    assert got == kind
    assert (sheet.back_check.kind if sheet.back_check else None) == kind


def test_a_square_where_the_free_area_holds_one() -> None:
    """A grid of cards leaves two strips of half the free space: a square needs some 117 mm
    on one side (a strip of 100.4 mm, the margin, the marks), so only a large card on a large
    paper leaves room for one — here one 200 x 300 mm card on 300 x 600 mm paper."""
    sheet = layout(SheetOptions(paper=(300.0, 600.0), card=(200.0, 300.0)))
    assert sheet.per_sheet == 1
    assert sheet.check is not None and sheet.check.kind == "square"
    assert sheet.back_check is not None and sheet.back_check.kind == "square"
    assert check_problems(sheet) == []


@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("offset", [(10.0, -10.0), (-3.0, 2.5)])
def test_moved_backs_and_their_marks_keep_the_printable_area(duplex: str,
                                                            offset: tuple[float, float]) -> None:
    """The back offset moves every back: the grid leaves room for it on both sides, so the
    backs keep the margin and the fronts keep their place (the region keeps its centre)."""
    for card in ("poker", "tarot"):
        sheet = layout(SheetOptions(card=CARD_SIZES[card], duplex=duplex,  # type: ignore[arg-type]
                                    back_offset=offset, bleed=0.0))
        inside = area(sheet)
        for slot in sheet.slots:
            assert inside.holds(slot.bleed) and inside.holds(slot.back_bleed), (card, slot)
        assert mark_problems(sheet) == []
        assert check_problems(sheet) == []
    # planted: without the room kept, A4 poker's backs (10 mm off) leave the printable area
    plain = layout(SheetOptions(card=CARD_SIZES["poker"], duplex=duplex,  # type: ignore[arg-type]
                                bleed=0.0))
    moved = [s.back_bleed.moved(*offset) for s in plain.slots]
    assert offset != (10.0, -10.0) or not all(area(plain).holds(b) for b in moved)
