"""Terra Futura score calculator: a finished territory, typed into a YAML file and scored.

A tableau file (``cardkit score terra-futura TABLEAU.yaml``; its JSON Schema is
``schemas/terra-futura/score-sheet.schema.json``) is typed in after the final activation::

    pattern: four-corners        # the activation pattern chosen (a scoring card id)
    method: falling-diagonal     # the scoring method chosen (a scoring card id; may differ)
    territory:                   # 3 rows of 3 cards, top row first
      - - {card: founders-homestead, resources: {green: 2}, pollution: 1}
        - {card: seed-library, resources: {green: 1}}
        - ...

``resources`` are what lies on the card, ``pollution`` the cubes on it (slot and centre). The
rules (Polish rulebook, seed 001): a cube fills a free pollution slot first, otherwise it goes in
the centre and the card is inactive; cubes only go onto active cards, so a card holds at most
``slots + 1``. The score is :func:`.scoring.final_score`: resources on active cards only, the
method's complete sets, minus the penalty per card with any pollution.

Reading never raises for bad input: the hardened loader (a regular file only, at most
:data:`MAX_TABLEAU_BYTES`, every YAML budget), the strict :class:`Tableau` model, then the
checks against the content. Every problem is a located diagnostic (``YML…``, ``SCH…`` as for
content files, ``TF1…`` for tableaus, see :mod:`.sheet_codes`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ....core.loading import DEFAULT_CACHE_DIR
from ....core.diagnostics import Diagnostic, Pointer, Severity
from ....core.errors import UsageProblem
from ....core.spec import SheetScorer
from ....core.userfile import read_user_yaml, short
from ..engine.scoring import Breakdown, final_score, held_total
from .codes import SHEET_CODES
from ..engine.territory import SIZE
from ..engine.world import World

if TYPE_CHECKING:
    from ....core.content import GameContent

MAX_TABLEAU_BYTES = 256 * 1024
"""A tableau file is about a kilobyte; anything over this is refused unread (``YML007``)."""
"""Longest diagnostic message shown (a hostile file's giant key is cut, not echoed)."""

Name = Annotated[str, Field(min_length=1, max_length=64, description="A card id.")]
Count = Annotated[int, Field(ge=0, le=99)]


class Placed(BaseModel):
    """One card of the finished territory: its id, what lies on it, its pollution cubes."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    card: Name = Field(description="The territory card's id (starting, level I or level II).")
    resources: dict[Annotated[str, Field(max_length=32)], Count] = Field(
        default_factory=dict, max_length=8,
        description="Resource id -> count lying on the card (raw materials, products, money).")
    pollution: int = Field(0, ge=0, le=4, description="Pollution cubes on the card, in its "
                           "slots and its centre (at most slots + 1).")


class Tableau(BaseModel):
    """A finished Terra Futura territory, as a player types it in to score it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    pattern: Name = Field(description="The scoring card whose activation pattern was chosen "
                          "(already activated: the tableau is typed in after it).")
    method: Name = Field(description="The scoring card whose scoring method was chosen.")
    territory: list[Annotated[list[Placed], Field(min_length=SIZE, max_length=SIZE)]] = Field(
        min_length=SIZE, max_length=SIZE,
        description="The 3 rows of the territory, top row first, each 3 cards left to right.")


@dataclass(frozen=True, slots=True)
class TableauRules:
    """What the content tells the score calculator: the compiled world, the names of the cards
    and scoring cards, and the resources' names (the box's pieces are no limit: the rules
    treat every supply as unlimited)."""

    world: World
    cards: dict[str, str]
    scoring: dict[str, str]
    resource_names: dict[str, str]

    @classmethod
    def from_content(cls, content: GameContent) -> TableauRules:
        """The rules of loaded Terra Futura content."""
        world = World.from_content(content)
        res = {r.obj.id: r.obj for r in content.of("resources")}
        return cls(world, {r.obj.id: r.obj.name for r in content.of("cards")},
                   {r.obj.id: r.obj.name for r in content.of("scoring")},
                   {rid: r.name for rid, r in res.items()})

    def holdable(self, card: str) -> set[str]:
        """The resources some option of ``card`` gains (a wildcard gain: every raw material)."""
        w = self.world
        out = set()
        for option in w.cards[card].options:
            out |= {w.stored[i] for i, n in enumerate(option.gain) if n}
            if option.gain_any:
                out |= {w.stored[i] for i in w.raw}
        return out


def read_tableau(path: Path, rules: TableauRules) -> Tableau | list[Diagnostic]:
    """Read one tableau file: the :class:`Tableau`, or the located diagnostics of everything
    wrong with it (never raises for bad input)."""
    read = read_user_yaml(path, MAX_TABLEAU_BYTES)
    if isinstance(read, list):
        return read
    data, text, display = read
    return _Checker(data, text, display, rules).run()


class _Checker:
    """Validates one parsed tableau and checks it against the content; positions are resolved
    from the text only when something is wrong."""

    def __init__(self, data: Any, text: str, display: str, rules: TableauRules) -> None:
        self.data, self.text, self.display, self.rules = data, text, display, rules
        self.found: list[Diagnostic] = []

    def run(self) -> Tableau | list[Diagnostic]:
        from ....core.validation import validate

        self._precheck()
        covered = [d.pointer for d in self.found]
        tableau, errors = validate(Tableau, self.data, self.display)
        for diag in errors:  # drop what is already reported in the tableau's own words
            if diag.pointer not in covered:
                self.found.append(diag)
        if not self.found and isinstance(tableau, Tableau):
            self._scoring_cards(tableau)
            self._cards(tableau)
            if not self.found:
                return tableau
        return self._located()

    def _precheck(self) -> None:
        """The shape of the territory and negative counts, before the model's messages."""
        data = self.data if isinstance(self.data, dict) else {}
        rows = data.get("territory")
        if not isinstance(rows, list):
            return
        if len(rows) != SIZE:
            self._add("TF101", f"the territory has {len(rows)} row{'s' * (len(rows) != 1)}; a "
                      f"finished territory has {SIZE} rows of {SIZE} cards", ("territory",))
        for r, row in enumerate(rows):
            if not isinstance(row, list):
                continue
            if len(row) != SIZE:
                self._add("TF101", f"row {r + 1} has {len(row)} card{'s' * (len(row) != 1)}; "
                          f"every row of a finished territory has {SIZE}", ("territory", r))
            for c, cell in enumerate(row):
                if isinstance(cell, dict):
                    self._negative(cell, ("territory", r, c))

    def _negative(self, cell: dict[Any, Any], at: Pointer) -> None:
        if type(cell.get("pollution")) is int and cell["pollution"] < 0:
            self._add("TF110", f"{_where(at)}: pollution {cell['pollution']} is negative; "
                      "write 0 or leave it out", (*at, "pollution"))
        held = cell.get("resources")
        for rid, n in held.items() if isinstance(held, dict) else ():
            if type(n) is int and n < 0:
                self._add("TF110", f"{_where(at)}: {n} {rid} is a negative count; write the "
                          "pieces lying on the card, or leave the resource out",
                          (*at, "resources", rid))

    def _scoring_cards(self, tableau: Tableau) -> None:
        from ....core.suggest import did_you_mean

        known = self.rules.scoring
        for field in ("pattern", "method"):
            name = getattr(tableau, field)
            if name in known:
                continue
            what = ("a territory card, not a scoring card" if name in self.rules.cards
                    else f"not a scoring card{did_you_mean(name, known)}")
            self._add("TF103", f"{field} {name!r} is {what}; the {field} is one of your two "
                      "scoring cards", (field,))

    def _cards(self, tableau: Tableau) -> None:
        from ....core.suggest import did_you_mean

        w, seen, starts = self.rules.world, set[str](), 0
        for r, row in enumerate(tableau.territory):
            for c, cell in enumerate(row):
                at: Pointer = ("territory", r, c)
                facts = w.cards.get(cell.card)
                if facts is None:
                    what = ("a scoring card, not a territory card" if cell.card in
                            self.rules.scoring else "not a territory card"
                            + did_you_mean(cell.card, w.cards))
                    self._add("TF102", f"{_where(at)}: {cell.card!r} is {what}", (*at, "card"))
                    continue
                if cell.card in seen:
                    self._add("TF104", f"{_where(at)}: {cell.card!r} is already in the "
                              "territory; the box has one of each card", (*at, "card"))
                seen.add(cell.card)
                if facts.level == "start":
                    starts += 1
                    if starts == 2:
                        self._add("TF105", f"{_where(at)}: {cell.card!r} is a second starting "
                                  "card; a territory has exactly one", (*at, "card"))
                self._held(cell, at)
        if starts == 0 and not any(d.code == "TF102" for d in self.found):
            self._add("TF105", "the territory has no starting card; every territory grows from "
                      "exactly one", ("territory",))

    def _held(self, cell: Placed, at: Pointer) -> None:
        from ....core.suggest import did_you_mean

        w = self.rules.world
        facts = w.cards[cell.card]
        names = ", ".join(w.stored)
        can = self.rules.holdable(cell.card)
        for rid in cell.resources:
            if rid not in w.stored:
                if rid == "pollution":
                    hint = "pollution is not a resource: write it as `pollution: N`"
                elif rid in self.rules.resource_names:
                    hint = "the wildcard is no piece: write the raw material it became"
                else:
                    hint = "not a resource" + did_you_mean(rid, w.stored)
                self._add("TF106", f"{_where(at)}: {rid!r}: {hint}; a card holds {names}",
                          (*at, "resources", rid), key=True)
            elif rid not in can:
                self._add("TF107", f"{_where(at)}: {cell.card} can never hold {rid}: none of its "
                          f"options gains it (it gains {', '.join(sorted(can)) or 'nothing'})",
                          (*at, "resources", rid), key=True)
        total = sum(n for rid, n in cell.resources.items() if rid in w.stored)
        if total > facts.storage:
            self._add("TF108", f"{_where(at)}: {total} resources lie on {cell.card}, which "
                      f"stores at most {facts.storage}", (*at, "resources"))
        if cell.pollution > facts.slots + 1:
            self._add("TF109", f"{_where(at)}: {cell.pollution} pollution cubes on "
                      f"{cell.card}, which has {facts.slots} slot{'s' * (facts.slots != 1)}: "
                      f"cubes go only onto active cards, so it holds at most {facts.slots + 1}",
                      (*at, "pollution"))

    def _add(self, code: str, message: str, pointer: Pointer, key: bool = False) -> None:
        self.found.append(Diagnostic(code, Severity.ERROR, message, self.display,
                                     pointer=pointer, at="key" if key else "value"))

    def _located(self) -> list[Diagnostic]:
        from ....core.sourcemap import compose, locate

        tree = compose(self.text)
        out = []
        for diag in self.found:
            if not diag.located:
                diag = diag.with_position(*locate(tree, diag.pointer or (), diag.at))
            out.append(short(diag))
        return sorted(out, key=Diagnostic.sort_key)


def _where(at: Pointer) -> str:
    """``row R, column C`` (1-based) of a territory pointer."""
    return f"row {int(at[1]) + 1}, column {int(at[2]) + 1}"





# -- scoring ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TableauScore:
    """One scored tableau: the resources held on active cards, the breakdown of
    :func:`.scoring.final_score`, and notes (resources lost on inactive cards)."""

    tableau: str
    pattern: str
    method: str
    held: dict[str, int]
    breakdown: Breakdown
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the tableau (the penalty as a non-negative count)."""
        return {"tableau": self.tableau, "pattern": self.pattern, "method": self.method,
                "held": dict(self.held), **self.breakdown.to_dict(), "notes": list(self.notes)}


def score_tableau(tableau: Tableau, rules: TableauRules, name: str = "") -> TableauScore:
    """Score one valid tableau with :func:`.scoring.final_score`."""
    w = rules.world
    active, notes = [], []
    for r, row in enumerate(tableau.territory):
        for c, cell in enumerate(row):
            counts = tuple(cell.resources.get(rid, 0) for rid in w.stored)
            slots = w.cards[cell.card].slots
            if cell.pollution <= slots:
                active.append(counts)
            elif any(counts):
                lost = ", ".join(f"{n} {rid}" for rid, n in zip(w.stored, counts) if n)
                notes.append(f"TF112 {_where(('territory', r, c))}: {cell.card} is inactive "
                             f"({cell.pollution} pollution, {slots} slot{'s' * (slots != 1)}); "
                             f"{lost} on it score{'s' * (sum(counts) == 1)} nothing")
    polluted = sum(1 for row in tableau.territory for cell in row if cell.pollution)
    method = next(s for s in w.scoring if s.id == tableau.method)
    breakdown = final_score(w, active, polluted, method)
    held = dict(zip(w.stored, held_total(w, active)))
    return TableauScore(name, tableau.pattern, tableau.method, held, breakdown, tuple(notes))


@dataclass(slots=True)
class TableauScores:
    """The result of :func:`score_tableaus`: the scored tableaus in order, and the located
    errors of the tableaus that could not be scored."""

    tableaus: list[TableauScore]
    diagnostics: list[Diagnostic]
    rules: TableauRules

    def to_json(self) -> str:
        """A JSON list, one object per scored tableau, in the order given."""
        return json.dumps([t.to_dict() for t in self.tableaus], indent=2,
                          ensure_ascii=False) + "\n"

    def to_text(self) -> str:
        """One block per scored tableau: each resource's points, the sets, the penalty."""
        return "\n".join(self._block(t) for t in self.tableaus)

    def _block(self, t: TableauScore) -> str:
        names, points = self.rules.scoring, dict(zip(self.rules.world.stored,
                                                     self.rules.world.points))
        b = t.breakdown
        rows = [(f"{rid} ({points[rid]} each)", str(n), str(n * points[rid]))
                for rid, n in t.held.items() if n]
        rows += [(f"sets of {t.method}", str(b.sets), str(b.set_points)),
                 ("polluted cards", str(b.polluted), str(-b.penalty)),
                 ("total", "", str(b.total))]
        w0 = max(len("scored"), *(len(r[0]) for r in rows))
        w1 = max(len("count"), *(len(r[1]) for r in rows))
        w2 = max(len("points"), *(len(r[2]) for r in rows))
        lines = [t.tableau,
                 f"  pattern: {t.pattern} ({names.get(t.pattern, '?')})",
                 f"  method:  {t.method} ({names.get(t.method, '?')})",
                 f"  {'scored':<{w0}}  {'count':>{w1}}  {'points':>{w2}}"]
        lines += [f"  {a:<{w0}}  {n:>{w1}}  {p:>{w2}}" for a, n, p in rows]
        lines += [f"  note {note}" for note in t.notes]
        return "\n".join(line.rstrip() for line in lines) + "\n"


def score_tableaus(paths: Sequence[Path], cards: Sequence[str] | None = None,
                   content_dir: Path = Path("content"),
                   cache_dir: Path | None = DEFAULT_CACHE_DIR) -> TableauScores:
    """Score tableau files; each names its own pattern and method, so ``cards`` (``--cards``)
    must be ``None`` (else a :class:`UsageProblem`).

    The content is checked first (the content gate; ``cache_dir`` ``None``: no result cache);
    every good tableau is scored, every bad one reported as located diagnostics.
    """
    from ....checking.gate import require_clean

    if cards is not None:
        raise UsageProblem("--cards does not apply to terra-futura: each tableau names its "
                           "scoring cards (`pattern:` and `method:`)")
    rules = TableauRules.from_content(require_clean("terra-futura", content_dir,
                                                    cache_dir=cache_dir))
    scored: list[TableauScore] = []
    problems: list[Diagnostic] = []
    for path in paths:
        got = read_tableau(Path(path), rules)
        if isinstance(got, list):
            problems += got
        else:
            scored.append(score_tableau(got, rules, Path(path).as_posix()))
    return TableauScores(scored, problems, rules)


SCORER = SheetScorer(score_tableaus, Tableau, SHEET_CODES,
                     "A finished Terra Futura territory, for `cardkit score terra-futura`.",
                     help="Scores finished Terra Futura territories (3 rows of 3 cards with "
                     "their resources and pollution, the activation pattern and the scoring "
                     "method): resources on active cards, the method's complete sets, minus the "
                     "pollution penalty. Each tableau names its scoring cards: no --cards.")
"""The score calculator of ``cardkit score terra-futura`` (``Game.score_sheets``)."""
