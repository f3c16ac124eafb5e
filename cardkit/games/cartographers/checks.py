"""Cartographers' consistency checks (``CAR…``). One function per code; each docstring gives a bad
and a good example (``cardkit codes CAR001``).

Shapes are checked as written: a grid's cells are its ``X`` characters at (row, column). Counts
over a whole kind (stack sizes, season orders, map sides, edict letters) are only checked when
every file of that kind validated, so that one broken card does not also report a short stack.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Iterator
from typing import Any, get_args

from ...core.content import GameContent
from ...core.diagnostics import CodeInfo, Severity
from ...core.spec import Check, Finding, Record, where
from ...core.spec import duplicate_ids as unique_ids
from ...core.suggest import did_you_mean
from .engine.board import N, Board
from .model import EdictLetter, Stack
from .engine.scoring import RULES
from .engine.shapes import equal_up_to_symmetry, legal_placements, normalise

Cells = set[tuple[int, int]]
#: The characters of a map row: empty, mountain, ruins, wasteland.
MAP_LEGEND = ".MR#"
MOUNTAINS, RUINS, WASTELANDS = 5, 6, 7
STACK_SIZE = 4
SEASONS = 4
EDICT_LETTERS: tuple[str, ...] = get_args(EdictLetter)
STACKS: tuple[str, ...] = get_args(Stack)


# -- helpers ------------------------------------------------------------------------------------

def _whole(content: GameContent, kind: str) -> bool:
    """Whether every file of ``kind`` validated (so counts over the kind are meaningful)."""
    files = [s for s in content.files if (k := content.game.kind_for(s.relpath)) is not None
             and k.name == kind]
    return bool(files) and all(s.relpath in content.models for s in files)


def _cells(grid: list[str]) -> Cells:
    """The ``X`` cells of a grid as written (not moved to the corner)."""
    return {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X"}


def _parts(cells: Cells) -> int:
    """How many groups the cells form, touching through edges or corners."""
    left, parts = set(cells), 0
    while left:
        parts += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for p in [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]:
                if p in left:
                    left.remove(p)
                    todo.append(p)
    return parts


def _shapes(content: GameContent) -> Iterator[tuple[Record[Any], tuple[Any, ...], list[str], str]]:
    """Every shape grid: ``(record, path to the grid, grid, label)``, explore then ambush."""
    for rec in content.of("explore"):
        for i, option in enumerate(rec.obj.shapes):
            yield rec, ("shapes", i, "grid"), option.grid, f"shape {i + 1} of {rec.obj.name}"
    for rec in content.of("ambush"):
        yield rec, ("grid",), rec.obj.grid, f"the shape of {rec.obj.name}"


def _well_formed(grid: list[str]) -> bool:
    """Whether a map grid is 11 rows of 11 legend characters (CAR008 holds)."""
    return len(grid) == N and all(len(row) == N and set(row) <= set(MAP_LEGEND) for row in grid)


# -- shapes -------------------------------------------------------------------------------------

def shapes_connected(content: GameContent) -> Iterator[Finding]:
    """Every shape is one piece: its cells touch through edges or corners (Forgotten Forest and
    Goblin Attack are diagonal). Only an ambush card marked ``split: true`` may print its monster
    in two parts (Bugbear Assault: two dominoes with a gap), and a ``split: true`` shape must
    really be in two parts.

    Bad:
        - id: gnoll-raid
          grid: ["XX", "..", "XX"]

    Good:
        - id: gnoll-raid
          grid: ["XX", "X.", "XX"]
    """
    for rec, path, grid, label in _shapes(content):
        cells = _cells(grid)
        if not cells:
            continue  # CAR002
        parts = _parts(cells)
        split = rec.kind == "ambush" and rec.obj.split
        if split and parts == 1:
            yield Finding(f"{label} is marked `split: true` but is in one piece", rec, ("split",))
        elif split and parts > 2:
            yield Finding(f"{label} is in {parts} parts; a split shape has two", rec, path)
        elif not split and parts > 1:
            hint = "; mark a monster printed in two parts `split: true`" \
                if rec.kind == "ambush" else ""
            yield Finding(f"{label} is in {parts} parts; its cells must touch through edges or "
                          f"corners{hint}", rec, path)


def shapes_normalised(content: GameContent) -> Iterator[Finding]:
    """A shape grid is as small as its shape: every row has the same length, the first and last
    rows and columns each hold an ``X``, and there is at least one ``X``.

    Bad:
        grid: ["....", "XXX.", "..X"]

    Good:
        grid: ["XXX", "..X"]
    """
    for rec, path, grid, label in _shapes(content):
        cells = _cells(grid)
        if not cells:
            yield Finding(f"{label} has no X", rec, path)
            continue
        width = len(grid[0])
        uneven = [r for r, row in enumerate(grid) if len(row) != width]
        for r in uneven:
            yield Finding(f"{label}: row {r + 1} has {len(grid[r])} cells where row 1 has "
                          f"{width}; every row has the same length", rec, path + (r,))
        for r, which in ((0, "first"), (len(grid) - 1, "last")):
            if not any(row == r for row, _ in cells):
                yield Finding(f"{label}: the {which} row is empty; remove it", rec, path + (r,))
            if len(grid) == 1:
                break
        if uneven:
            continue
        for c, which in ((0, "first"), (width - 1, "last")):
            if not any(col == c for _, col in cells):
                yield Finding(f"{label}: the {which} column is empty; remove it", rec, path)
            if width == 1:
                break


def options_distinct(content: GameContent) -> Iterator[Finding]:
    """The shape options of one card differ even when turned or mirrored (a player may rotate
    and flip a shape, so two congruent options are one choice printed twice).

    Bad:
        shapes:
          - grid: ["X.", "XX"]
          - grid: ["XX", ".X"]

    Good:
        shapes:
          - grid: ["X.", "XX"]
          - grid: ["XXX", "XX."]
    """
    for rec in content.of("explore"):
        grids = [_cells(o.grid) for o in rec.obj.shapes]
        for j, b in enumerate(grids):
            for i in range(j):
                if grids[i] and b and equal_up_to_symmetry(grids[i], b):
                    yield Finding(f"shapes {i + 1} and {j + 1} of {rec.obj.name} are the same "
                                  "shape turned or mirrored", rec, ("shapes", j, "grid"))
                    break


def shapes_fit(content: GameContent) -> Iterator[Finding]:
    """Every shape (explore and ambush) fits somewhere on an empty map of every side, so that
    "no shape fits" never happens at the start of a game. Mountains and wastelands are filled;
    ruins spaces are empty.

    Bad:
        # side B's wastelands leave no empty 5 x 5 square
        grid: ["XXXXX", "XXXXX", "XXXXX", "XXXXX", "XXXXX"]

    Good:
        grid: ["XXXX"]
    """
    boards = [(m.obj, Board.from_rows(m.obj.grid)) for m in content.of("maps")
              if _well_formed(m.obj.grid)]
    for rec, path, grid, label in _shapes(content):
        cells = _cells(grid)
        if not cells:
            continue
        shape = normalise(cells)
        for side, board in boards:
            if not legal_placements(board, shape):
                yield Finding(f"{label} fits nowhere on an empty map {side.name} "
                              f"(side {side.side})", rec, path)


# -- cards --------------------------------------------------------------------------------------

def card_kinds(content: GameContent) -> Iterator[Finding]:
    """A terrain card offers one or more terrains, none twice, and one or two shapes; a ruins
    card offers neither and has time 0.

    Bad:
        - {id: temple-ruins, number: 5, name: Temple Ruins, kind: ruins, time: 1}

    Good:
        - {id: temple-ruins, number: 5, name: Temple Ruins, kind: ruins, time: 0}
    """
    for rec in content.of("explore"):
        card = rec.obj
        if card.kind == "ruins":
            for field in ("terrains", "shapes"):
                if getattr(card, field):
                    yield Finding(f"a ruins card has no {field}", rec, (field,))
            if card.time:
                yield Finding(f"a ruins card has time 0, not {card.time}", rec, ("time",))
            continue
        for field in ("terrains", "shapes"):
            if not getattr(card, field):
                yield Finding(f"a terrain card offers at least one {field[:-1]}", rec,
                              (field,))
        seen: set[str] = set()
        for i, terrain in enumerate(card.terrains):
            if terrain in seen:
                yield Finding(f"terrain {terrain!r} is offered twice", rec, ("terrains", i))
            seen.add(terrain)


def seasons_end(content: GameContent) -> Iterator[Finding]:
    """Every season can end: the explore cards' time adds up to at least each season's threshold
    (the explore deck is reshuffled every season); the seasons have orders 1 to 4, once each;
    each season scores two different edicts that edicts.yaml defines.

    Bad:
        # the explore cards' time adds up to 16
        - {id: spring, order: 1, name: Spring, time: 18, edicts: [A, A]}

    Good:
        - {id: spring, order: 1, name: Spring, time: 8, edicts: [A, B]}
    """
    total = sum(rec.obj.time for rec in content.of("explore"))
    letters = {rec.obj.letter for rec in content.of("edicts")}
    first: dict[int, Record[Any]] = {}
    for rec in content.of("seasons"):
        season = rec.obj
        if _whole(content, "explore") and season.time > total:
            yield Finding(f"{season.name} ends at time {season.time}, but the explore cards' "
                          f"time adds up to {total}: the season cannot end", rec, ("time",))
        if season.order in first:
            yield Finding(f"order {season.order} is taken (first at "
                          f"{where(content, first[season.order], ('order',))})", rec, ("order",))
        first.setdefault(season.order, rec)
        for i, letter in enumerate(season.edicts):
            if i and letter == season.edicts[0]:
                yield Finding(f"{season.name} scores edict {letter} twice", rec, ("edicts", i))
            elif _whole(content, "edicts") and letter not in letters:
                yield Finding(f"no edict {letter} in edicts.yaml", rec, ("edicts", i))
    seasons = content.of("seasons")
    missing = [n for n in range(1, SEASONS + 1) if n not in first]
    if seasons and missing and _whole(content, "seasons"):
        yield Finding(f"no season has order {', '.join(map(str, missing))}; orders run 1 to "
                      f"{SEASONS}", file=seasons[0].file, path=("seasons",))


def edicts_scored_twice(content: GameContent) -> Iterator[Finding]:
    """Each edict is scored in exactly two seasons, as the season cards pair them (spring A+B,
    summer B+C, autumn C+D, winter D+A): one mistyped letter would score one edict once and
    another three times.

    Bad:
        - {id: winter, order: 4, name: Winter, time: 6, edicts: [D, B]}

    Good:
        - {id: winter, order: 4, name: Winter, time: 6, edicts: [D, A]}
    """
    if not _whole(content, "seasons") or not _whole(content, "edicts"):
        return
    scored = Counter(letter for rec in content.of("seasons") for letter in set(rec.obj.edicts))
    for rec in content.of("edicts"):
        n = scored[rec.obj.letter]
        if n != 2:
            yield Finding(f"edict {rec.obj.letter} is scored in {n} season"
                          f"{'' if n == 1 else 's'}, not 2", rec, ("letter",))


def known_rules(content: GameContent) -> Iterator[Finding]:
    """Every scoring card's ``rule`` names a scoring rule cardkit implements
    (``cardkit/games/cartographers/engine/scoring.py``); a near miss gets a "did you mean".

    Bad:
        - {id: sentinel-wood, rule: sentinal-wood}

    Good:
        - {id: sentinel-wood, rule: sentinel-wood}
    """
    for rec in content.of("scoring"):
        rule = rec.obj.rule
        if rule not in RULES:
            yield Finding(f"no scoring rule {rule!r}{did_you_mean(rule, RULES)}", rec, ("rule",))


def stack_sizes(content: GameContent) -> Iterator[Finding]:
    """Each scoring stack (forest, village, farm-water, spatial) holds exactly 4 cards: setup
    draws one card of each stack.

    Bad:
        # a fifth forest card; the village stack is left with three
        - {id: great-city, stack: forest}

    Good:
        - {id: great-city, stack: village}
    """
    cards = content.of("scoring")
    if not cards or not _whole(content, "scoring"):
        return
    by_stack: dict[str, list[Record[Any]]] = {s: [] for s in STACKS}
    for rec in cards:
        by_stack[rec.obj.stack].append(rec)
    for stack, recs in by_stack.items():
        if not recs:
            yield Finding(f"the {stack} stack has no cards; it holds {STACK_SIZE}",
                          file=cards[0].file, path=("scoring",))
        for i, rec in enumerate(recs[STACK_SIZE:], STACK_SIZE + 1):
            yield Finding(f"card {i} of the {stack} stack ({len(recs)} in all); a stack holds "
                          f"{STACK_SIZE}", rec, ("stack",))
        if 0 < len(recs) < STACK_SIZE:
            yield Finding(f"the {stack} stack holds {len(recs)} cards, not {STACK_SIZE}",
                          recs[-1], ("stack",))


def unique_numbers(content: GameContent) -> Iterator[Finding]:
    """Card numbers are unique across explore, ambush and scoring cards; the edicts are A, B, C
    and D, once each.

    Bad:
        - {id: farmland, number: 7, name: Farmland}

    Good:
        - {id: farmland, number: 8, name: Farmland}
    """
    first: dict[int, Record[Any]] = {}
    for kind in ("explore", "ambush", "scoring"):
        for rec in content.of(kind):
            n = rec.obj.number
            if n in first:
                yield Finding(f"card number {n} is taken by {first[n].obj.name} (at "
                              f"{where(content, first[n], ('number',))})", rec, ("number",))
            first.setdefault(n, rec)
    letters: dict[str, Record[Any]] = {}
    for rec in content.of("edicts"):
        letter = rec.obj.letter
        if letter in letters:
            yield Finding(f"edict letter {letter} is taken (first at "
                          f"{where(content, letters[letter], ('letter',))})", rec, ("letter",))
        letters.setdefault(letter, rec)
    missing = [x for x in EDICT_LETTERS if x not in letters]
    edicts = content.of("edicts")
    if edicts and missing and _whole(content, "edicts"):
        yield Finding(f"no edict {', '.join(missing)}; the edicts are A to D", file=edicts[0].file,
                      path=("edicts",))


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within each kind (translations and references are keyed by id); the
    message names the place of the first definition.

    Bad:
        - {id: hamlet, number: 9, name: Hamlet}
        - {id: hamlet, number: 12, name: Homestead}

    Good:
        - {id: hamlet, number: 9, name: Hamlet}
        - {id: homestead, number: 12, name: Homestead}
    """
    yield from unique_ids(content)


# -- maps and titles ----------------------------------------------------------------------------

def map_grid(content: GameContent) -> Iterator[Finding]:
    """A map is 11 rows of 11 characters, each one of ``.`` (empty), ``M`` (mountain), ``R``
    (ruins) and ``#`` (wasteland).

    Bad:
        grid:
          - "..........."
          - "...M.R...."

    Good:
        grid:
          - "..........."
          - "...M.R....."
    """
    for rec in content.of("maps"):
        grid = rec.obj.grid
        if len(grid) != N:
            yield Finding(f"map {rec.obj.name} has {len(grid)} rows, not {N}", rec, ("grid",))
        for r, row in enumerate(grid):
            bad = [(c, ch) for c, ch in enumerate(row) if ch not in MAP_LEGEND]
            if len(row) != N:
                yield Finding(f"row {r + 1} has {len(row)} characters, not {N}", rec,
                              ("grid", r))
            elif bad:
                c, ch = bad[0]
                yield Finding(f"row {r + 1}, column {c + 1}: {ch!r} is not a map space (use "
                              "'.' empty, 'M' mountain, 'R' ruins, '#' wasteland)", rec,
                              ("grid", r))


def map_counts(content: GameContent) -> Iterator[Finding]:
    """Each map has 5 mountains and 6 ruins; side B has 7 wastelands and side A none; there is
    one side A and one side B.

    Bad:
        - id: wilderness
          side: B

    Good:
        - id: wilderness
          side: A
    """
    sides: dict[str, Record[Any]] = {}
    for rec in content.of("maps"):
        m = rec.obj
        if m.side in sides:
            yield Finding(f"side {m.side} is taken (first at "
                          f"{where(content, sides[m.side], ('side',))})", rec, ("side",))
        sides.setdefault(m.side, rec)
        if not _well_formed(m.grid):
            continue  # CAR008; counts on a broken grid would only repeat it
        text = "".join(m.grid)
        wanted = (("M", "mountain", MOUNTAINS), ("R", "ruins space", RUINS),
                  ("#", "wasteland", WASTELANDS if m.side == "B" else 0))
        for ch, what, want in wanted:
            n = text.count(ch)
            if n != want:
                rows = [r for r, row in enumerate(m.grid) if ch in row]
                at = ("grid", rows[0]) if want == 0 and rows else ("grid",)
                yield Finding(f"map {m.name} (side {m.side}) has {n} {what}"
                              f"{'' if n == 1 else 's'}, not {want}", rec, at)
    maps = content.of("maps")
    missing = [s for s in ("A", "B") if s not in sides]
    if maps and missing and _whole(content, "maps"):
        yield Finding(f"no map side {', '.join(missing)}", file=maps[0].file, path=("maps",))


def titles_ordered(content: GameContent) -> Iterator[Finding]:
    """Solo titles are listed best first: each needs a strictly lower rating than the one
    before (a player earns the first title whose rating they reach).

    Bad:
        - {id: master-mapsmith, rating: 20, name: Master Mapsmith}
        - {id: journeyman-topographer, rating: 20, name: Journeyman Topographer}

    Good:
        - {id: master-mapsmith, rating: 20, name: Master Mapsmith}
        - {id: journeyman-topographer, rating: 10, name: Journeyman Topographer}
    """
    titles = content.of("titles")
    for before, rec in zip(titles, titles[1:]):
        if rec.obj.rating >= before.obj.rating:
            yield Finding(f"rating {rec.obj.rating} is not below {before.obj.name}'s "
                          f"{before.obj.rating}; titles go best first", rec, ("rating",))


#: CAR020 is the fit check of the Cartographers templates, run by the print layer over every face
#: it prints (``cardkit.pdf.fitcheck``); it is documented here with the game's other codes.
FIT_CODE = CodeInfo("CAR020", Severity.ERROR, "every printed string fits its frame on the card",
                    inspect.cleandoc("""
    Every string the templates print (card names, scoring rule texts, season, edict and map
    names, the sheet's labels) fits its frame at the frame's minimum font size: nothing is shrunk
    further, nothing runs out of its box.

    Bad:
        name: Thegreatunbreakablewildernessriverofthenorth

    Good:
        name: Great River
    """))

CHECKS: tuple[Check, ...] = (
    Check("CAR001", "shapes are connected (split only when marked)", shapes_connected),
    Check("CAR002", "shape grids are normalised", shapes_normalised),
    Check("CAR003", "a card's shape options differ up to symmetry", options_distinct),
    Check("CAR004", "terrain and ruins cards have the right fields", card_kinds),
    Check("CAR005", "seasons can end, are ordered 1-4 and score two edicts", seasons_end),
    Check("CAR006", "scoring cards name an implemented rule", known_rules),
    Check("CAR007", "each scoring stack holds 4 cards", stack_sizes),
    Check("CAR008", "maps are 11 x 11 map spaces", map_grid),
    Check("CAR009", "maps have the right mountains, ruins, wastelands and sides", map_counts),
    Check("CAR010", "every shape fits on an empty map of each side", shapes_fit),
    Check("CAR011", "solo titles go best first", titles_ordered),
    Check("CAR012", "card numbers and edict letters are unique", unique_numbers),
    Check("CAR013", "ids are unique within a kind", duplicate_ids),
    Check("CAR014", "each edict is scored in two seasons", edicts_scored_twice),
)
