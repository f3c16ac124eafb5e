"""Cartographers spatial core: the bitmask board and polyomino shapes/placements."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.games.cartographers.engine.board import (
    ANTI_DIAGONALS,
    COLS,
    DIAGONALS,
    EDGE,
    FULL,
    LEFT_TO_BOTTOM,
    ROWS,
    Board,
    adjacent,
    bit,
    cells_of,
    clusters,
    count,
    mask_of,
    neighbours,
    shift_down,
    shift_left,
    shift_right,
    shift_up,
)
from cardkit.games.cartographers.engine.shapes import (
    canonical,
    covers_ruins,
    equal_up_to_symmetry,
    is_connected,
    is_normalised,
    legal_placements,
    mirror,
    normalise,
    orientations,
    parse,
    placements,
    rotate,
    ruins_placements,
    to_grid,
)

EMPTY = ["." * 11] * 11


def grid(text: str, ruins: tuple[tuple[int, int], ...] = ()) -> Board:
    rows = [ln.strip() for ln in text.strip().splitlines()]
    return Board.from_rows(rows, ruins=ruins)


# ---------------------------------------------------------------- board

MAP_A = """
...........
...M.R.....
.R......MR.
...........
...........
.....M.....
...........
...........
.RM......R.
.....R.M...
...........
"""


def test_map_a_round_trip_and_counts():
    b = grid(MAP_A)
    assert [ln for ln in b.to_rows()] == [ln.strip() for ln in MAP_A.strip().splitlines()]
    assert count(b.mountain) == 5 and count(b.ruins) == 6
    assert b.filled == b.mountain
    assert count(b.empty) == 121 - 5  # empty ruins spaces are empty
    assert b.at(1, 3) == "mountain" and b.at(1, 5) is None


def test_covered_ruins_via_ruins_argument():
    rows = list(EMPTY)
    rows[2] = ".P........."
    b = Board.from_rows(rows, ruins=[(2, 1), (3, 3)])
    assert b.ruins == bit(2, 1) | bit(3, 3)
    assert b.farm == bit(2, 1)
    assert b.to_rows()[2] == ".P........."  # covered ruins shows its terrain
    assert b.to_rows()[3] == "...R......."


def test_all_letters_parse():
    rows = list(EMPTY)
    rows[0] = "FVPWXM#R..."
    b = Board.from_rows(rows)
    assert [b.at(0, c) for c in range(8)] == [
        "forest", "village", "farm", "water", "monster", "mountain", "wasteland", None]
    assert b.ruins == bit(0, 7)
    assert b.to_rows() == rows


@pytest.mark.parametrize("rows", [EMPTY[:10], EMPTY[:10] + ["." * 10], EMPTY[:10] + ["....Q......"]])
def test_bad_rows_raise(rows):
    with pytest.raises(ValueError):
        Board.from_rows(rows)


def test_overlapping_terrains_rejected():
    with pytest.raises(ValueError):
        Board(forest=bit(0, 0), water=bit(0, 0))
    with pytest.raises(ValueError):
        Board(forest=1 << 121)


def test_draw():
    b = grid(MAP_A)
    b2 = b.draw("forest", bit(0, 0) | bit(0, 1))
    assert b2.forest == bit(0, 0) | bit(0, 1) and b.forest == 0
    with pytest.raises(ValueError):
        b.draw("forest", bit(1, 3))  # onto a mountain
    with pytest.raises(ValueError):
        b2.draw("water", bit(0, 1))
    with pytest.raises(ValueError):
        b.draw("lava", bit(0, 0))


def test_masks():
    assert count(EDGE) == 40
    assert all(count(m) == 11 for m in ROWS + COLS)
    assert len(DIAGONALS) == 21 and len(ANTI_DIAGONALS) == 21
    assert sum(count(d) for d in DIAGONALS) == 121 == sum(count(d) for d in ANTI_DIAGONALS)
    assert LEFT_TO_BOTTOM[0] == mask_of((k, k) for k in range(11))
    assert LEFT_TO_BOTTOM[10] == bit(10, 0)
    assert LEFT_TO_BOTTOM[8] == bit(8, 0) | bit(9, 1) | bit(10, 2)
    assert cells_of(bit(3, 7) | bit(0, 1)) == [(0, 1), (3, 7)]
    with pytest.raises(ValueError):
        bit(11, 0)


def test_shifts_do_not_wrap():
    assert shift_left(bit(1, 0)) == 0          # would otherwise land on (0, 10)
    assert shift_right(bit(0, 10)) == 0        # would otherwise land on (1, 0)
    assert shift_up(bit(0, 4)) == 0
    assert shift_down(bit(10, 4)) == 0
    assert shift_left(bit(4, 4)) == bit(4, 3)
    assert shift_right(bit(4, 4)) == bit(4, 5)
    assert shift_up(bit(4, 4)) == bit(3, 4)
    assert shift_down(bit(4, 4)) == bit(5, 4)
    assert shift_left(FULL) == FULL & ~COLS[10]
    assert shift_right(FULL) == FULL & ~COLS[0]


def test_neighbours():
    assert neighbours(bit(0, 0)) == bit(0, 1) | bit(1, 0)
    assert count(neighbours(bit(5, 5))) == 4
    assert neighbours(bit(5, 5) | bit(5, 6)) == mask_of(
        [(4, 5), (4, 6), (6, 5), (6, 6), (5, 4), (5, 7)])
    assert adjacent(bit(5, 5) | bit(5, 6)) & bit(5, 5)  # adjacent keeps touching members
    assert neighbours(bit(0, 10)) == bit(0, 9) | bit(1, 10)
    assert neighbours(FULL) == 0


def test_clusters():
    b = grid("""
    FF.........
    .F.F.......
    ...F.......
    ..F........
    ...........
    ...........
    ...........
    ...........
    ...........
    ..........F
    F.........F
    """)
    found = sorted(sorted(cells_of(c)) for c in clusters(b.forest))
    assert found == [[(0, 0), (0, 1), (1, 1)], [(1, 3), (2, 3)], [(3, 2)],
                     [(9, 10), (10, 10)], [(10, 0)]]
    assert clusters(0) == []
    assert clusters(FULL) == [FULL]
    # a row end and the next row start are not neighbours
    assert len(clusters(bit(0, 10) | bit(1, 0))) == 2


# ---------------------------------------------------------------- shapes

L4 = parse("X.\nX.\nXX")
SQUARE = parse("XX\nXX")
LINE4 = parse("XXXX")
FORGOTTEN_FOREST = parse("X.\n.X")
GOBLIN = parse("X..\n.X.\n..X")


def test_parse_and_grid():
    assert L4 == frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})
    assert to_grid(L4) == ["X.", "X.", "XX"]
    assert parse(["..X", "..X"]) == frozenset({(0, 0), (1, 0)})  # normalised
    assert is_normalised(L4) and not is_normalised({(1, 1)})
    with pytest.raises(ValueError):
        parse("X?")
    with pytest.raises(ValueError):
        parse("...")


def test_orientation_counts():
    assert len(orientations(L4)) == 8
    assert len(orientations(SQUARE)) == 1
    assert len(orientations(LINE4)) == 2
    assert len(orientations(parse("X"))) == 1
    assert len(orientations(parse(".X.\nXXX\n.X."))) == 1          # plus
    assert len(orientations(parse("XXX\n.X."))) == 4               # T
    assert len(orientations(parse("XX.\n.XX"))) == 4               # S/Z with mirror
    assert len(orientations(FORGOTTEN_FOREST)) == 2
    assert all(is_normalised(o) and len(o) == 4 for o in orientations(L4))


def test_rotate_mirror():
    assert rotate(rotate(rotate(rotate(L4)))) == L4
    assert mirror(mirror(L4)) == L4
    assert rotate(LINE4) == parse("X\nX\nX\nX")


def test_equal_up_to_symmetry():
    assert equal_up_to_symmetry(parse("XX.\n.XX"), parse(".XX\nXX."))   # S = Z mirrored
    assert equal_up_to_symmetry(L4, parse(".X\n.X\nXX"))                 # L = J
    assert equal_up_to_symmetry(L4, parse("XXX\nX.."))
    assert not equal_up_to_symmetry(L4, parse("XXX\n.X."))
    assert not equal_up_to_symmetry(SQUARE, LINE4)
    assert equal_up_to_symmetry({(5, 5), (6, 6)}, FORGOTTEN_FOREST)
    assert canonical(L4) == canonical(mirror(rotate(L4)))


def test_diagonal_shapes_are_connected():
    assert is_connected(FORGOTTEN_FOREST)
    assert is_connected(GOBLIN)
    assert not is_connected(FORGOTTEN_FOREST, diagonal=False)
    assert is_connected(L4, diagonal=False)
    assert not is_connected(parse("X.X"))
    # Bugbear Assault as the facts give it, (x, y) = (0,0),(0,1),(2,0),(2,1): a one-column gap
    assert not is_connected(parse("X.X\nX.X"))


def _cells(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset(cells_of(mask))


def test_placement_counts_and_stay_on_map():
    assert len(placements(parse("X"))) == 121
    assert len(placements(LINE4)) == 2 * 11 * 8
    assert len(placements(SQUARE)) == 100
    assert len(placements(L4)) == 8 * 9 * 10
    for shape in (L4, LINE4, GOBLIN, FORGOTTEN_FOREST, parse("XX.\n.XX")):
        ps = placements(shape)
        assert len(set(ps)) == len(ps)
        for m in ps:
            assert m & ~FULL == 0 and count(m) == len(shape)
            # no wrap-around: the cells still make the same shape
            assert normalise(_cells(m)) in orientations(shape)
    assert placements(L4) is placements(parse("X.\nX.\nXX"))  # cached per shape


def test_legal_placements_avoid_filled():
    b = grid(MAP_A)
    for shape in (L4, LINE4, GOBLIN):
        legal = legal_placements(b, shape)
        assert legal and all(m & b.filled == 0 for m in legal)
        assert len(legal) == sum(1 for m in placements(shape) if not m & b.mountain)
    rows = ["F" * 11] * 11
    rows[5] = "FFFFF.FFFFF"
    nearly_full = Board.from_rows(rows)
    assert legal_placements(nearly_full, parse("X")) == [bit(5, 5)]
    assert legal_placements(nearly_full, parse("XX")) == []
    assert legal_placements(Board.from_rows(["F" * 11] * 11), parse("X")) == []


def test_covers_ruins():
    b = grid(MAP_A)
    assert covers_ruins(b, bit(1, 5)) and not covers_ruins(b, bit(0, 0))
    rp = ruins_placements(b, SQUARE)
    assert rp and all(m & b.ruins and not m & b.filled for m in rp)
    # 2x2 squares covering (1,5) avoiding the mountain at (1,3): 4 of them
    assert sum(1 for m in rp if m & bit(1, 5)) == 4
    covered = b.draw("farm", bit(1, 5))
    assert not any(m & bit(1, 5) for m in ruins_placements(covered, SQUARE))


# ---------------------------------------------------------------- properties


def _ref_orientations(shape):
    out = set()
    for flip in (False, True):
        cells = [(r, -c) if flip else (r, c) for r, c in shape]
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            r0 = min(r for r, _ in cells)
            c0 = min(c for _, c in cells)
            out.add(frozenset((r - r0, c - c0) for r, c in cells))
    return out


SHAPES = [L4, SQUARE, LINE4, GOBLIN, FORGOTTEN_FOREST, parse("X"), parse(".X.\nXXX\n.X."),
          parse("XXX\nX..\nX.."), parse("..XX\nXXX.")]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 120), max_size=60), st.sampled_from(SHAPES))
def test_legal_placements_match_reference(filled, shape):
    filled_cells = {divmod(i, 11) for i in filled}
    b = Board(forest=mask_of(filled_cells))
    want = set()
    for o in _ref_orientations(shape):
        for dr in range(11):
            for dc in range(11):
                cells = frozenset((r + dr, c + dc) for r, c in o)
                if all(r < 11 and c < 11 for r, c in cells) and not cells & filled_cells:
                    want.add(cells)
    got = {_cells(m) for m in legal_placements(b, shape)}
    assert got == want
    assert len(orientations(shape)) == len(_ref_orientations(shape))
