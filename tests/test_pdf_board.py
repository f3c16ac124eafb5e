"""Boards tiled over pages: coverage, exact overlaps, matching alignment marks, page counts."""

from __future__ import annotations

import itertools

import pytest

from cardkit.pdf.board import (
    BAND,
    INSET,
    MARGIN,
    OVERLAP,
    PrintBoard,
    Tile,
    TilePlan,
    plan_tiles,
    render_board,
)
from cardkit.pdf.fitcheck import FitError
from cardkit.pdf.geometry import PAPERS
from cardkit.pdf.layout import Face, Frame
from cardkit.text.runs import TextStyle

TRAINS = (336.0, 272.94)  # the Trains map boards


def _neighbours(plan: TilePlan) -> list[tuple[Tile, Tile, str]]:
    at = {(t.row, t.col): t for t in plan.tiles}
    out = []
    for t in plan.tiles:
        if (t.row, t.col + 1) in at:
            out.append((t, at[(t.row, t.col + 1)], "h"))
        if (t.row + 1, t.col) in at:
            out.append((t, at[(t.row + 1, t.col)], "v"))
    return out


@pytest.mark.parametrize(("size", "paper", "pages", "landscape"), [
    (TRAINS, "a4", 2, False), (TRAINS, "letter", 4, False), (TRAINS, "a3", 1, True),
    ((500.0, 180.0), "a4", 2, True), ((150.0, 200.0), "a4", 1, False),
    ((1000.0, 700.0), "a4", 16, True),
])
def test_tile_count_and_orientation(size: tuple[float, float], paper: str, pages: int,
                                    landscape: bool) -> None:
    plan = plan_tiles(size, PAPERS[paper])
    assert len(plan.tiles) == plan.rows * plan.cols == pages
    assert (plan.paper[0] > plan.paper[1]) is landscape
    assert sorted(plan.paper) == sorted(PAPERS[paper])


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("size", [TRAINS, (1000.0, 700.0), (500.0, 180.0)])
def test_every_point_of_the_board_is_on_a_tile_inside_the_margins(
        size: tuple[float, float], paper: str) -> None:
    plan = plan_tiles(size, PAPERS[paper])
    pw, ph = plan.paper
    edge = MARGIN + INSET  # the printable margin, and air for the tile outline's stroke
    for t in plan.tiles:
        assert t.page.x >= edge - 1e-9 and t.page.right <= pw - edge + 1e-9
        # clear of the band below (the tile's label and the check bar)
        assert t.page.y >= edge + BAND - 1e-9 and t.page.top <= ph - edge + 1e-9
        assert abs(t.page.w - t.box.w) < 1e-9 and abs(t.page.h - t.box.h) < 1e-9  # 1:1 scale
        assert t.box.x >= -1e-9 and t.box.right <= size[0] + 1e-9
        assert t.box.y >= -1e-9 and t.box.top <= size[1] + 1e-9
    steps = 57
    for i, j in itertools.product(range(steps + 1), repeat=2):
        x, y = size[0] * i / steps, size[1] * j / steps
        assert any(t.box.x - 1e-9 <= x <= t.box.right + 1e-9 and
                   t.box.y - 1e-9 <= y <= t.box.top + 1e-9 for t in plan.tiles), (x, y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_neighbours_overlap_by_exactly_the_declared_width(paper: str) -> None:
    for size in (TRAINS, (1000.0, 700.0)):
        plan = plan_tiles(size, PAPERS[paper])
        pairs = _neighbours(plan)
        assert pairs
        for a, b, way in pairs:
            if way == "h":
                assert abs(a.box.right - b.box.x - OVERLAP) < 1e-9
                assert a.box.y == b.box.y
            else:
                assert abs(b.box.top - a.box.y - OVERLAP) < 1e-9
                assert a.box.x == b.box.x
                assert b.row == a.row + 1 and a.label[0] < b.label[0]  # rows go down: A, B...


def test_alignment_marks_match_between_neighbours() -> None:
    plan = plan_tiles((1000.0, 700.0), PAPERS["a4"])
    for a, b, way in _neighbours(plan):
        if way == "h":
            x0, x1 = b.box.x, a.box.right
            shared_a = [m for m in plan.marks_on(a) if x0 <= m[0] <= x1]
            shared_b = [m for m in plan.marks_on(b) if x0 <= m[0] <= x1]
        else:
            y0, y1 = a.box.y, b.box.top
            shared_a = [m for m in plan.marks_on(a) if y0 <= m[1] <= y1]
            shared_b = [m for m in plan.marks_on(b) if y0 <= m[1] <= y1]
        assert len(shared_a) >= 2, (a.label, b.label)
        assert shared_a == shared_b, (a.label, b.label)
        # page positions differ but the board point under each mark is the same one:
        for mx, my in shared_a:
            pa = (a.page.x + mx - a.box.x, a.page.y + my - a.box.y)
            pb = (b.page.x + mx - b.box.x, b.page.y + my - b.box.y)
            assert pa != pb
    # a single page needs no marks and has no overlap
    one = plan_tiles(TRAINS, PAPERS["a3"])
    assert one.marks == () and one.overlap == 0.0


def test_tile_labels() -> None:
    plan = plan_tiles((1000.0, 700.0), PAPERS["a4"])
    labels = [t.label for t in plan.tiles]
    assert labels[0] == "A1" and labels[1] == "A2" and "B1" in labels
    assert len(set(labels)) == len(labels)


def test_paper_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        plan_tiles(TRAINS, (25.0, 25.0))


def _board(name: str = "Test board") -> PrintBoard:
    def face() -> Face:
        f = Face("b", 300.0, 200.0)
        f.paint(lambda c, ctx: c.rect(0, 0, ctx.w, ctx.h, stroke=1, fill=0))
        f.text(name, Frame("title", 10, 180, 80, 12, TextStyle(max_size=20, min_size=10),
                           max_lines=1))
        return f
    return PrintBoard("board-test", name, (300.0, 200.0), face)


def test_render_board_pages_sizes_and_deterministic_bytes() -> None:
    import pypdfium2 as pdfium

    board = _board()
    one = render_board(board, PAPERS["a4"])
    two = render_board(board, PAPERS["a4"])
    assert one.data == two.data
    doc = pdfium.PdfDocument(one.data)
    assert len(doc) == one.pages == len(one.plan.tiles) + 1 == 3  # the check page first
    w, h = doc[0].get_size()
    assert abs(w / 72 * 25.4 - one.plan.paper[0]) < 0.1
    assert abs(h / 72 * 25.4 - one.plan.paper[1]) < 0.1
    assert b"/Creator (cardkit)" in one.data
    a3 = render_board(board, PAPERS["a3"])
    assert a3.pages == 2
    assert render_board(board, PAPERS["a3"], check=False).pages == 1


def test_render_board_refuses_a_text_that_does_not_fit() -> None:
    with pytest.raises(FitError, match="title"):
        render_board(_board("An extremely long board title that cannot fit " * 3), PAPERS["a4"])
