"""Cartographers score sheets: a filled-in paper map sheet, typed into a YAML file and scored.

A sheet file (``cardkit score cartographers SHEET.yaml``; its JSON Schema is
``schemas/cartographers/score-sheet.schema.json``)::

    map: A            # the map side, A or B: its mountains, ruins and wastelands must agree
    grid:             # 11 strings of 11 characters, top row first
      - "..........."
    ruins: [[1, 5]]   # optional: ruins spaces [row, col] (0-based), covered or not
    coins: 0          # optional: coins from shapes on the coin track

Legend: ``.`` empty, ``R`` empty ruins space, ``F`` forest, ``V`` village, ``P`` farm,
``W`` water, ``X`` monster, ``M`` mountain, ``#`` wasteland. The ruins spaces are the map
side's (a terrain drawn on one still lies on ruins); ``R`` cells and ``ruins:`` entries must be
among them. A sheet without ``map:`` is an error (``CAR108``): the ruins a terrain covers could
not be known, and the cards that score ruins would count too little.

Reading never raises for bad input: the file is read by the hardened loader (a regular file
only, at most :data:`MAX_SHEET_BYTES`, every YAML budget), validated by the strict
:class:`ScoreSheet` model, then checked against the map side and the coin track. Every problem
is a located diagnostic (``YML…`` and ``SCH…`` as for content files, ``CAR1…`` for sheets, see
:mod:`.sheet_codes`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ....core.loading import DEFAULT_CACHE_DIR
from ....core.diagnostics import Diagnostic, Pointer, Severity
from ....core.errors import UsageProblem
from ....core.spec import SheetScorer
from ....core.userfile import read_user_yaml, short
from ..engine.board import DRAWABLE, LETTER, Board, N, bit, cells_of
from ..engine.scoring import RULES, coins_from_mountains, monster_penalty
from .codes import SHEET_CODES

if TYPE_CHECKING:
    from ....core.content import GameContent

MAX_SHEET_BYTES = 256 * 1024
"""A sheet file is a few hundred bytes; anything over this is refused unread (``YML007``)."""
LEGEND = ".R" + "".join(LETTER[t] for t in (*DRAWABLE, "mountain", "wasteland"))
"""Every character a grid row may hold."""
"""Longest diagnostic message shown (a hostile file's giant key is cut, not echoed)."""

Coord = Annotated[int, Field(ge=0, le=N - 1)]
Space = Annotated[list[Coord], Field(min_length=2, max_length=2,
                                     description="A space as [row, column], 0-based.")]
Row = Annotated[str, Field(min_length=N, max_length=N, pattern=r"^[.RFVPWXM#]+$",
                           description="One row, left to right: . empty, R empty ruins, "
                           "F forest, V village, P farm, W water, X monster, M mountain, "
                           "# wasteland.")]


class ScoreSheet(BaseModel):
    """A filled-in Cartographers map sheet, as a player types it in to score it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    map: Literal["A", "B"] = Field(
        description="The map side (A wilderness, B wastelands); its mountains, ruins and "
        "wastelands must agree with the grid, and its ruins count where a terrain covers them.")
    grid: list[Row] = Field(min_length=N, max_length=N,
                            description="The 11 rows of the map, top row first.")
    ruins: list[Space] = Field(default_factory=list, max_length=N * N,
                               description="Ruins spaces [row, column] (0-based), covered by a "
                               "terrain or not.")
    coins: int = Field(0, ge=0, le=99, description="Coins from shapes on the coin track "
                       "(mountain coins are counted from the grid).")


@dataclass(frozen=True, slots=True)
class MapSide:
    """A map side from the content: its name and its mountain, ruins and wasteland masks."""

    side: str
    name: str
    board: Board


@dataclass(frozen=True, slots=True)
class SheetRules:
    """What the content tells the score calculator: the map sides, the coin track length and
    the scoring cards (id -> name and scoring rule), in content order."""

    maps: dict[str, MapSide] = field(default_factory=dict)
    coin_track: int | None = None
    cards: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The season cards in order: id, name and the two edict letters each scores.
    seasons: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    @classmethod
    def from_content(cls, content: GameContent) -> SheetRules:
        """The rules of checked Cartographers content."""
        maps = {}
        for rec in content.of("maps"):
            side = rec.obj
            maps[side.side] = MapSide(side.side, side.name, Board.from_rows(side.grid))
        sheets = content.of("sheets")
        track = sheets[0].obj.coin_track if sheets else None
        cards = {rec.obj.id: (rec.obj.name, rec.obj.rule) for rec in content.of("scoring")}
        seasons = tuple((r.obj.id, r.obj.name, tuple(r.obj.edicts))
                        for r in sorted(content.of("seasons"), key=lambda r: r.obj.order))
        return cls(maps, track, cards, seasons)

    def select(self, cards: Sequence[str] | None) -> list[str]:
        """The card ids to score: all (content order) when ``cards`` is ``None``, else those
        named, in order, each once; an empty or unknown id is a :class:`UsageProblem`."""
        from ....core.suggest import did_you_mean

        if cards is None:
            return list(self.cards)
        chosen: list[str] = []
        for raw in cards:
            name = raw.strip()
            if not name:
                raise UsageProblem("--cards has an empty entry; give comma-separated scoring "
                                   "card ids, e.g. sentinel-wood,canal-lake")
            if name not in self.cards:
                raise UsageProblem(f"unknown scoring card {name!r}{did_you_mean(name, self.cards)}"
                                   f"; cartographers scoring cards: {', '.join(self.cards)}")
            if name not in chosen:
                chosen.append(name)
        return chosen


@dataclass(frozen=True, slots=True)
class _Sheet:
    """A sheet read without errors."""

    board: Board
    coins: int
    side: str | None


def read_sheet(path: Path, rules: SheetRules) -> tuple[Board, int] | list[Diagnostic]:
    """Read one sheet file: its :class:`Board` and its coins from shapes, or the located
    diagnostics of everything wrong with it (never raises for bad input)."""
    got = _read(path, rules)
    return got if isinstance(got, list) else (got.board, got.coins)


def _read(path: Path, rules: SheetRules) -> _Sheet | list[Diagnostic]:
    read = read_user_yaml(path, MAX_SHEET_BYTES)
    if isinstance(read, list):
        return read
    data, text, display = read
    return _Checker(data, text, display, rules).run()


class _Checker:
    """Validates one parsed sheet and checks it against the rules; positions are resolved from
    the text only when something is wrong."""

    def __init__(self, data: Any, text: str, display: str, rules: SheetRules) -> None:
        self.data, self.text, self.display, self.rules = data, text, display, rules
        self.found: list[Diagnostic] = []
        #: index in ``found`` -> column of the character a finding is about (grid rows)
        self.chars: dict[int, int] = {}

    def run(self) -> _Sheet | list[Diagnostic]:
        from ....core.validation import validate

        self._precheck()
        covered = [d.pointer for d in self.found]
        sheet, errors = validate(ScoreSheet, self.data, self.display)
        for diag in errors:  # drop what is already reported in the sheet's own words
            at = diag.pointer or ()
            if not any(p is not None and (at == p or (len(p) > 1 and at[:len(p)] == p))
                       for p in covered):
                self.found.append(diag)
        if not self.found and isinstance(sheet, ScoreSheet):
            board = self._against_map(sheet)
            if not self.found:
                self._coins(sheet, board)
            if not self.found:
                return _Sheet(board, sheet.coins, sheet.map)
        return self._located()

    # -- grid and ruins in the sheet's own words (before the model's generic messages) -------

    def _precheck(self) -> None:
        data = self.data if isinstance(self.data, dict) else {}
        if isinstance(self.data, dict) and "map" not in data:
            sides = " or ".join(f"`map: {k}` ({side.name})"
                                for k, side in sorted(self.rules.maps.items()))
            self._add("CAR108", f"the sheet names no map side; add {sides or '`map:`'}: without "
                      "it the ruins a terrain covers are unknown, and the cards that score "
                      "ruins would count too little", ("map",))
        grid = data.get("grid")
        if isinstance(grid, list):
            if len(grid) != N:
                self._add("CAR101", f"the grid has {len(grid)} row{'s' * (len(grid) != 1)}; a "
                          f"map sheet has {N} (one string per row, top row first)", ("grid",))
            for r, row in enumerate(grid):
                if isinstance(row, str):
                    self._row(r, row)
        ruins = data.get("ruins")
        if isinstance(ruins, list):
            for i, entry in enumerate(ruins):
                if (isinstance(entry, list) and len(entry) == 2
                        and all(type(v) is int for v in entry)
                        and not all(0 <= v < N for v in entry)):
                    self._add("CAR104", f"ruins entry [{entry[0]}, {entry[1]}] is off the map; "
                              f"rows and columns run from 0 to {N - 1}", ("ruins", i))

    def _row(self, r: int, row: str) -> None:
        bad = next((c for c, ch in enumerate(row) if ch not in LEGEND), None)
        if bad is not None:
            self._add("CAR103", f"grid row {r}: unknown character {row[bad]!r} at column {bad}; "
                      f"use {' '.join(LEGEND)}", ("grid", r), col=bad)
        if len(row) != N:
            self._add("CAR102", f"grid row {r} has {len(row)} character"
                      f"{'s' * (len(row) != 1)}; a row has {N} (one per column)", ("grid", r))

    # -- the map side ------------------------------------------------------------------------

    def _against_map(self, sheet: ScoreSheet) -> Board:
        grid = sheet.grid
        ruins = [(r, c) for r, c in sheet.ruins]
        for i, (r, c) in enumerate(ruins):
            if grid[r][c] in "M#":
                what = "mountain" if grid[r][c] == "M" else "wasteland"
                self._add("CAR106", f"ruins entry [{r}, {c}] is a {what} space; a ruins space "
                          "is never under a mountain or a wasteland", ("ruins", i))
        side = self.rules.maps.get(sheet.map)
        if side is None:
            self._add("CAR105", f"map {sheet.map} is not in the content (maps.yaml has "
                      f"{', '.join(sorted(self.rules.maps)) or 'no map sides'})", ("map",))
            return Board.from_rows(grid, ruins)
        printed = side.board
        for r in range(N):
            for c in range(N):
                self._cell(sheet.map, printed, r, c, grid[r][c])
        for i, (r, c) in enumerate(ruins):
            if not printed.ruins & bit(r, c) and grid[r][c] not in "M#":
                self._add("CAR105", f"ruins entry [{r}, {c}]: map {sheet.map} has no ruins "
                          "space there", ("ruins", i))
        return Board.from_rows(grid, [*ruins, *cells_of(printed.ruins)])

    def _cell(self, side: str, printed: Board, r: int, c: int, ch: str) -> None:
        b = bit(r, c)
        fixed = "M" if printed.mountain & b else "#" if printed.wasteland & b else None
        where = ("grid", r)
        if fixed is not None and ch != fixed:
            what = "mountain" if fixed == "M" else "wasteland"
            self._add("CAR105", f"space [{r}, {c}]: map {side} has a {what} here; write "
                      f"{fixed!r}, not {ch!r}", where, col=c)
        elif fixed is None and ch in "M#":
            what = "mountain" if ch == "M" else "wasteland"
            self._add("CAR105", f"space [{r}, {c}]: a {what} where map {side} has none", where,
                      col=c)
        elif ch == "R" and not printed.ruins & b:
            self._add("CAR105", f"space [{r}, {c}]: a ruins space where map {side} has none",
                      where, col=c)
        elif ch == "." and printed.ruins & b:
            self._add("CAR105", f"space [{r}, {c}]: map {side} has a ruins space here; write "
                      "'R', or the terrain drawn on it", where, col=c)

    def _coins(self, sheet: ScoreSheet, board: Board) -> None:
        track = self.rules.coin_track
        mountain = coins_from_mountains(board)
        if track is not None and sheet.coins + mountain > track:
            self._add("CAR107", f"{sheet.coins} coin{'s' * (sheet.coins != 1)} from shapes and "
                      f"{mountain} mountain coin{'s' * (mountain != 1)} make "
                      f"{sheet.coins + mountain}, more than the {track} spaces of the coin track",
                      ("coins",))

    # -- diagnostics -------------------------------------------------------------------------

    def _add(self, code: str, message: str, pointer: Pointer, col: int | None = None) -> None:
        """Record a finding at ``pointer``; ``col``: at that character of the grid row there."""
        self.found.append(Diagnostic(code, Severity.ERROR, message, self.display,
                                     pointer=pointer))
        if col is not None:
            self.chars[len(self.found) - 1] = col

    def _located(self) -> list[Diagnostic]:
        """Every finding placed at its pointer (a row's character at that character), sorted."""
        from ....core.sourcemap import compose, locate

        tree = compose(self.text)
        out = []
        for i, diag in enumerate(self.found):
            if not diag.located:
                line, col = locate(tree, diag.pointer or (), diag.at)
                if i in self.chars and diag.pointer is not None:
                    line, col = self._char(line, col, int(diag.pointer[1]), self.chars[i])
                diag = replace(diag, line=line, col=col)
            out.append(short(diag))
        return sorted(out, key=Diagnostic.sort_key)

    def _char(self, line: int, col: int, r: int, index: int) -> tuple[int, int]:
        """The position of character ``index`` of grid row ``r``, whose scalar starts at
        ``line:col``, when the row is written plain or quoted without escapes (else the row's
        own position)."""
        lines = self.text.split("\n")
        if not 0 < line <= len(lines):
            return line, col
        source = lines[line - 1]
        body = col if source[col - 1:col] in ("'", '"') else col - 1
        row = self.data["grid"][r]
        if source[body:body + index + 1] == row[:index + 1]:
            return line, body + index + 1
        return line, col





# -- scoring ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeasonScore:
    """One season's box on the sheet: the stars of its two edicts, the coins (from shapes and
    mountains; coins score again every season), the monster penalty, and the season's result."""

    season: str
    name: str
    edicts: tuple[str, ...]
    stars: tuple[int, ...]
    coins: int
    monsters: int

    @property
    def total(self) -> int:
        """The season's reputation stars."""
        return sum(self.stars) + self.coins - self.monsters

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the season."""
        return {"season": self.season, "edicts": list(self.edicts), "stars": list(self.stars),
                "coins": self.coins, "monster_penalty": self.monsters, "total": self.total}


@dataclass(frozen=True, slots=True)
class SheetScore:
    """One scored sheet: the stars of each card, the coins and the monster penalty; with four
    cards (the edicts A to D, in order) the four seasons' boxes too, each scored on this
    sheet."""

    sheet: str
    side: str | None
    cards: dict[str, int]
    coins: int
    mountain_coins: int
    monster_penalty: int
    seasons: tuple[SeasonScore, ...] = ()
    #: The map as typed (11 legend rows) and its ruins spaces, to draw it finished.
    rows: tuple[str, ...] = field(default=(), repr=False)
    ruins: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @property
    def total(self) -> int | None:
        """The game's total over the seasons (None without the four edicts)."""
        return sum(s.total for s in self.seasons) if self.seasons else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the sheet (the penalty as a non-negative count)."""
        out: dict[str, Any] = {"sheet": self.sheet, "cards": dict(self.cards),
                               "coins": self.coins, "mountain_coins": self.mountain_coins,
                               "monster_penalty": self.monster_penalty}
        if self.seasons:
            out["seasons"] = [s.to_dict() for s in self.seasons]
            out["total"] = self.total
        return out


@dataclass(slots=True)
class SheetScores:
    """The result of :func:`score_sheets`: the scored sheets in order, and the located errors of
    the sheets that could not be scored."""

    sheets: list[SheetScore]
    diagnostics: list[Diagnostic]
    names: dict[str, str] = field(default_factory=dict)
    maps: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        """A JSON list, one object per scored sheet, in the order given."""
        return json.dumps([s.to_dict() for s in self.sheets], indent=2, ensure_ascii=False) + "\n"

    def to_text(self) -> str:
        """One block per scored sheet: each card's stars, the coins, the monster penalty."""
        blocks = []
        for s in self.sheets:
            side = f"map {s.side}: {self.maps.get(s.side or '', '?')}"
            rows = [(card, self.names.get(card, ""), str(stars)) for card, stars in s.cards.items()]
            rows += [("coins from shapes", "", str(s.coins)),
                     ("mountain coins", "", str(s.mountain_coins)),
                     ("monster penalty", "", str(-s.monster_penalty))]
            w0 = max(len("card"), *(len(r[0]) for r in rows))
            w1 = max(len("name"), *(len(r[1]) for r in rows))
            w2 = max(len("stars"), *(len(r[2]) for r in rows))
            lines = [f"{s.sheet} ({side})",
                     f"  {'card':<{w0}}  {'name':<{w1}}  {'stars':>{w2}}"]
            lines += [f"  {a:<{w0}}  {b:<{w1}}  {c:>{w2}}" for a, b, c in rows]
            lines += _season_lines(s)
            blocks.append("\n".join(line.rstrip() for line in lines) + "\n")
        return "\n".join(blocks)


def _season_lines(s: SheetScore) -> list[str]:
    """The season boxes as a table, and the game's total."""
    if not s.seasons:
        return []
    rows = [(x.name, "+".join(x.edicts), "+".join(map(str, x.stars)), str(x.coins),
             str(-x.monsters), str(x.total)) for x in s.seasons]
    head = ("season", "edicts", "stars", "coins", "monsters", "total")
    rows.append(("game total", "", "", "", "", str(s.total)))
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]

    def line(cells: tuple[str, ...]) -> str:
        return "  " + "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                                for i, (c, w) in enumerate(zip(cells, widths)))
    out = ["", "  seasons, each scored on this sheet (the cards given are edicts A, B, C, D):",
           line(head)]
    return out + [line(r) for r in rows]


def score_board(board: Board, coins: int, rules: SheetRules, cards: Sequence[str],
                sheet: str = "", side: str | None = None) -> SheetScore:
    """Score one board with the scoring cards ``cards`` (ids of ``rules.cards``)."""
    stars = {card: RULES[rules.cards[card][1]](board) for card in cards}
    mountain, penalty = coins_from_mountains(board), monster_penalty(board)
    seasons: tuple[SeasonScore, ...] = ()
    if len(cards) == 4:
        edict = dict(zip("ABCD", cards))
        seasons = tuple(SeasonScore(sid, name, letters,
                                    tuple(stars[edict[x]] for x in letters),
                                    coins + mountain, penalty)
                        for sid, name, letters in rules.seasons)
    return SheetScore(sheet, side, stars, coins, mountain, penalty, seasons,
                      tuple(board.to_rows()), tuple(cells_of(board.ruins)))


def score_sheets(paths: Sequence[Path], cards: Sequence[str] | None = None,
                 content_dir: Path = Path("content"),
                 cache_dir: Path | None = DEFAULT_CACHE_DIR) -> SheetScores:
    """Score sheet files with the scoring cards ``cards`` (all by default).

    The content is checked first (the content gate; ``cache_dir`` ``None``: no result cache);
    every good sheet is scored, every bad one reported as located diagnostics. Unknown card ids
    are a :class:`UsageProblem`.
    """
    from ....checking.gate import require_clean

    content = require_clean("cartographers", content_dir, cache_dir=cache_dir)
    rules = SheetRules.from_content(content)
    chosen = rules.select(cards)
    scored: list[SheetScore] = []
    problems: list[Diagnostic] = []
    for path in paths:
        got = _read(Path(path), rules)
        if isinstance(got, list):
            problems += got
        else:
            scored.append(score_board(got.board, got.coins, rules, chosen, Path(path).as_posix(),
                                      got.side))
    return SheetScores(scored, problems, {c: rules.cards[c][0] for c in chosen},
                       {k: v.name for k, v in rules.maps.items()})


SCORER = SheetScorer(score_sheets, ScoreSheet, SHEET_CODES,
                     "A filled-in Cartographers map sheet, for `cardkit score cartographers`.",
                     help="Scores filled-in Cartographers map sheets (11 rows of 11 letters): "
                     "each scoring card's stars (--cards chooses the cards; default: every "
                     "scoring card), the coins and the monster penalty.")
"""The score calculator of ``cardkit score cartographers`` (``Game.score_sheets``)."""
