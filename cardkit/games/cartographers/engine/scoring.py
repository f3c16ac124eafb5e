"""The 16 Cartographers scoring rules, mountain coins and the monster penalty.

Every rule is a pure function ``Board -> stars`` built from bit operations on the board masks
(:mod:`.board`). The rulings cardkit follows (``shared/spec/cartographers.md``): adjacency is
orthogonal; mountain, monster and wasteland spaces are filled; a ruins space is empty until
something is drawn on it; the map edge counts as filled for Treetower and The Cauldrons only.
A cluster is a maximal orthogonally connected group of spaces of one terrain (one space is a
cluster too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .board import (
    COLS,
    EDGE,
    LEFT_TO_BOTTOM,
    ROWS,
    Board,
    adjacent,
    clusters,
    count,
    shift_left,
    shift_up,
)


def sentinel_wood(board: Board) -> int:
    """1 star for each forest space lying on the edge of the map."""
    return count(board.forest & EDGE)


def greenbough(board: Board) -> int:
    """1 star for each row with a forest space and 1 for each column with one (a forest
    space can help both its row and its column)."""
    f = board.forest
    return sum(1 for m in ROWS if f & m) + sum(1 for m in COLS if f & m)


def treetower(board: Board) -> int:
    """1 star for each forest space with no empty space on any of its 4 sides (the map edge
    counts as filled)."""
    return count(board.forest & ~adjacent(board.empty))


def stoneside_forest(board: Board) -> int:
    """3 stars for each mountain that one forest cluster links to at least one other
    mountain (the cluster touches both); each mountain counts once."""
    scored = 0
    for c in clusters(board.forest):
        touched = board.mountain & adjacent(c)
        if count(touched) >= 2:
            scored |= touched
    return 3 * count(scored)


def canal_lake(board: Board) -> int:
    """1 star for each water space next to a farm space, plus 1 for each farm space next to a
    water space."""
    return (count(board.water & adjacent(board.farm))
            + count(board.farm & adjacent(board.water)))


def mages_valley(board: Board) -> int:
    """2 stars for each water space next to a mountain, plus 1 for each farm space next to a
    mountain."""
    near = adjacent(board.mountain)
    return 2 * count(board.water & near) + count(board.farm & near)


def the_golden_granary(board: Board) -> int:
    """1 star for each water space next to a ruins space (covered or not), plus 3 for each
    farm space drawn on a ruins space."""
    return count(board.water & adjacent(board.ruins)) + 3 * count(board.farm & board.ruins)


def _isolated(own: int, other: int) -> int:
    """Clusters of ``own`` on no map-edge space and next to no space of ``other``."""
    return sum(1 for c in clusters(own) if not c & EDGE and not adjacent(c) & other)


def shoreside_expanse(board: Board) -> int:
    """3 stars for each farm cluster that touches no water and does not reach the map edge,
    plus 3 for each water cluster that touches no farm and does not reach the map edge."""
    return 3 * (_isolated(board.farm, board.water) + _isolated(board.water, board.farm))


def wildholds(board: Board) -> int:
    """8 stars for each village cluster of six or more spaces."""
    return 8 * sum(1 for c in clusters(board.village) if count(c) >= 6)


def great_city(board: Board) -> int:
    """Among the village clusters that touch no mountain, 1 star per space of the largest
    (0 when there is none)."""
    sizes = [count(c) for c in clusters(board.village) if not adjacent(c) & board.mountain]
    return max(sizes, default=0)


GREENGOLD_TYPES: tuple[str, ...] = ("forest", "village", "farm", "water", "monster", "mountain")
"""Terrain types Greengold Plains counts (wasteland is not a terrain type, per the rulings)."""


def greengold_plains(board: Board) -> int:
    """3 stars for each village cluster next to spaces of at least three different terrain
    types (forest, village, farm, water, monster, mountain; not wasteland)."""
    total = 0
    for c in clusters(board.village):
        around = adjacent(c) & ~c
        kinds = sum(1 for t in GREENGOLD_TYPES if board.terrain(t) & around)
        if kinds >= 3:
            total += 3
    return total


def shieldgate(board: Board) -> int:
    """2 stars per space of the second-largest village cluster. With a tie for largest the
    other cluster of that size is the second largest; fewer than two clusters score 0."""
    sizes = sorted((count(c) for c in clusters(board.village)), reverse=True)
    return 2 * sizes[1] if len(sizes) >= 2 else 0


def borderlands(board: Board) -> int:
    """6 stars for each row and each column whose 11 spaces are all filled."""
    f = board.filled
    return 6 * (sum(1 for m in ROWS if f & m == m) + sum(1 for m in COLS if f & m == m))


def largest_filled_square(board: Board) -> int:
    """Side of the largest square of spaces that are all filled (0 on an empty map)."""
    cur = board.filled  # bit set = top-left corner of an all-filled square of side k
    k = 0
    while cur:
        k += 1
        below = shift_up(cur)  # the square one row down is full too
        cur = cur & below & shift_left(cur) & shift_left(below)
    return k


def lost_barony(board: Board) -> int:
    """3 stars per space along one side of the largest square made only of filled spaces."""
    return 3 * largest_filled_square(board)


def the_broken_road(board: Board) -> int:
    """3 stars for each down-right diagonal from the left edge to the bottom edge whose
    spaces are all filled (11 such lines, the bottom-left corner space alone being one)."""
    f = board.filled
    return 3 * sum(1 for m in LEFT_TO_BOTTOM if f & m == m)


def the_cauldrons(board: Board) -> int:
    """1 star for each empty space with no empty space on any of its 4 sides (the map edge
    counts as filled)."""
    e = board.empty
    return count(e & ~adjacent(e))


RULES: dict[str, Callable[[Board], int]] = {
    "sentinel-wood": sentinel_wood,
    "greenbough": greenbough,
    "treetower": treetower,
    "stoneside-forest": stoneside_forest,
    "canal-lake": canal_lake,
    "mages-valley": mages_valley,
    "the-golden-granary": the_golden_granary,
    "shoreside-expanse": shoreside_expanse,
    "wildholds": wildholds,
    "great-city": great_city,
    "greengold-plains": greengold_plains,
    "shieldgate": shieldgate,
    "borderlands": borderlands,
    "lost-barony": lost_barony,
    "the-broken-road": the_broken_road,
    "the-cauldrons": the_cauldrons,
}
"""Scoring rule of each scoring-card id."""


def coins_from_mountains(board: Board) -> int:
    """Mountain coins earned: 1 per mountain whose 4 orthogonal neighbours are all filled.

    Each mountain counts once (filled spaces never empty again, so the count only grows). The
    map edge does not count as filled here, so a mountain on the edge never gives a coin.
    """
    return count(board.mountain & ~EDGE & ~adjacent(board.empty))


def new_mountain_coins(before: Board, after: Board) -> int:
    """Mountain coins gained by going from ``before`` to ``after`` (after a drawing)."""
    return coins_from_mountains(after) - coins_from_mountains(before)


def monster_penalty(board: Board) -> int:
    """Stars lost to monsters, as a non-negative count: each empty space orthogonally next to
    at least one monster space costs 1, once however many monsters it touches."""
    return count(board.empty & adjacent(board.monster))


def score(board: Board, ids: Iterable[str] | None = None) -> dict[str, int]:
    """Stars of each scoring card id (all 16 by default); unknown ids raise ``KeyError``."""
    wanted = list(RULES) if ids is None else list(ids)
    return {i: RULES[i](board) for i in wanted}


_ANY = frozenset({"forest", "village", "farm", "water", "monster"})
AFFECTED_BY: dict[str, frozenset[str]] = {
    "sentinel-wood": frozenset({"forest"}),
    "greenbough": frozenset({"forest"}),
    "treetower": _ANY,  # filling a forest's neighbour closes it
    "stoneside-forest": frozenset({"forest"}),
    "canal-lake": frozenset({"farm", "water"}),
    "mages-valley": frozenset({"farm", "water"}),
    "the-golden-granary": frozenset({"farm", "water"}),
    "shoreside-expanse": frozenset({"farm", "water"}),
    "wildholds": frozenset({"village"}),
    "great-city": frozenset({"village"}),
    "greengold-plains": _ANY,  # any terrain next to a village is a new type
    "shieldgate": frozenset({"village"}),
    "borderlands": _ANY,
    "lost-barony": _ANY,
    "the-broken-road": _ANY,
    "the-cauldrons": _ANY,
}


#: The rule of a scoring card made neutral by the swap measure (``cardkit strength``): it
#: scores nothing. Not a content rule (CAR006 accepts only :data:`RULES`).
NEUTRAL = "no-stars"


def no_stars(board: Board) -> int:
    """The rule :data:`NEUTRAL`: no stars, whatever the map."""
    return 0


def rule_of(rule: str) -> tuple[Callable[[Board], int], frozenset[str]]:
    """A rule's function and the terrains that can change its stars (:data:`NEUTRAL` included)."""
    if rule == NEUTRAL:
        return no_stars, frozenset()
    return RULES[rule], AFFECTED_BY[rule]
"""The drawable terrains whose drawing can change each rule's stars; drawing any other terrain
leaves them as they were (a property test checks it), so a bot need not score it again."""
