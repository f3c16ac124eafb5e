"""What the Mars Dice checks (``checks.py``) share: one walker over every effect list of the
content, one over every payment (costs, blue actions' pay, conversions), one over every
:class:`~cardkit.games.mars_dice.model.Measure`, and the indexes they read (symbols, faces, die
colours, tiles, tracks).

Every walker yields ``(record, path, item, label)``: the record the item belongs to, the path of
the item inside it (for the finding's ``file:line:col``), the item and a phrase naming where it
is for messages ("the action 1 of Decomposers pays"). A check that reads an index only runs when
every file of that kind validated (:func:`whole`), so one broken record does not also report a
flood of unknown ids. The last part holds what keeps ``checks.py`` short: the bound of a
measure (MD008), the award per face (MD008) and the board's repeated areas (MD010).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.diagnostics import Pointer
from ....core.spec import Finding, Record, where
from ....core.suggest import did_you_mean

Site = tuple[Record[Any], Pointer, Any, str]
#: The colours of project cards (the schema's ``Project.colour``).
PROJECT_COLOURS = ("green", "red", "blue")


def whole(content: GameContent, *kinds: str) -> bool:
    """Whether every file of each of ``kinds`` validated (so counts and indexes over the kind
    are meaningful). A kind with no file is not whole."""
    for kind in kinds:
        files = [s for s in content.files if (k := content.game.kind_for(s.relpath)) is not None
                 and k.name == kind]
        if not files or not all(s.relpath in content.models for s in files):
            return False
    return True


def name_of(rec: Record[Any]) -> str:
    """A record's printed name (its id when it has none)."""
    return str(getattr(rec.obj, "name", None) or rec.id)


# -- walkers ------------------------------------------------------------------------------------

def _effect_list(rec: Record[Any], path: Pointer, effects: Any, label: str) -> Iterator[Site]:
    for i, effect in enumerate(effects):
        yield rec, (*path, i), effect, label


def effect_sites(content: GameContent) -> Iterator[Site]:
    """Every effect of the content: projects' effects, blue actions and triggers, corporations'
    starting bonuses and triggers, track bonuses, board area bonuses, conversions and bonus
    cards' effects and triggers."""
    for rec in content.of("projects"):
        name = name_of(rec)
        yield from _effect_list(rec, ("effects",), rec.obj.effects, f"{name}'s event")
        for a, action in enumerate(rec.obj.actions):
            yield from _effect_list(rec, ("actions", a, "effects"), action.effects,
                                    f"action {a + 1} of {name}")
        yield from _triggers(rec, name)
    for rec in content.of("corporations"):
        name = name_of(rec)
        yield from _effect_list(rec, ("start",), rec.obj.start, f"the starting bonus of {name}")
        yield from _triggers(rec, name)
    for rec in content.of("tracks"):
        for b, bonus in enumerate(rec.obj.bonuses):
            yield from _effect_list(rec, ("bonuses", b, "effects"), bonus.effects,
                                    f"the {name_of(rec)} bonus at {bonus.at}")
    for rec in content.of("board"):
        for a, area in enumerate(rec.obj.areas):
            yield from _effect_list(rec, ("areas", a, "bonus"), area.bonus,
                                    f"the bonus of area {area.id}")
    for rec in content.of("conversions"):
        yield from _effect_list(rec, ("effects",), rec.obj.effects,
                                f"the conversion {name_of(rec)}")
    for rec in content.of("bonus"):
        name = name_of(rec)
        yield from _effect_list(rec, ("effects",), rec.obj.effects, f"the bonus card {name}")
        yield from _triggers(rec, name)


def _triggers(rec: Record[Any], name: str) -> Iterator[Site]:
    for t, trigger in enumerate(rec.obj.triggers):
        yield from _effect_list(rec, ("triggers", t, "effects"), trigger.effects,
                                f"trigger {t + 1} of {name}")


def pay_sites(content: GameContent) -> Iterator[Site]:
    """Every payment, as a ``{symbol: count}`` map: project costs, blue actions' pay and the
    conversions' pay."""
    for rec in content.of("projects"):
        name = name_of(rec)
        yield rec, ("cost",), rec.obj.cost, f"{name} costs"
        for a, action in enumerate(rec.obj.actions):
            if action.pay:
                yield rec, ("actions", a, "pay"), action.pay, f"action {a + 1} of {name} pays"
    for rec in content.of("conversions"):
        yield rec, ("pay",), rec.obj.pay, f"the conversion {name_of(rec)} pays"


def measure_sites(content: GameContent) -> Iterator[Site]:
    """Every measure: milestones' and bonus cards' end scoring."""
    for rec in content.of("milestones"):
        yield rec, ("measure",), rec.obj.measure, f"the milestone {name_of(rec)}"
    for rec in content.of("bonus"):
        if rec.obj.end is not None:
            yield rec, ("end", "per"), rec.obj.end.per, f"the end scoring of {name_of(rec)}"


def production_sites(content: GameContent) -> Iterator[Site]:
    """Every production: green projects' and corporations' ``production`` and the ``dice`` of
    every ``produce`` effect."""
    for kind in ("projects", "corporations"):
        for rec in content.of(kind):
            if rec.obj.production:
                yield rec, ("production",), rec.obj.production, f"the production of {name_of(rec)}"
    for rec, path, effect, label in effect_sites(content):
        if effect.do == "produce":
            yield rec, (*path, "dice"), effect.dice, f"{label} produces"


# -- indexes ------------------------------------------------------------------------------------

def resource_kinds(content: GameContent) -> dict[str, str]:
    """Resource id -> kind (``face`` or ``wild``)."""
    return {r.id: r.obj.kind for r in content.of("resources")}


def wild_supply(content: GameContent) -> int:
    """Wild tokens in the box (every wild resource's supply)."""
    return sum(r.obj.supply or 0 for r in content.of("resources") if r.obj.kind == "wild")


def faces_by_colour(content: GameContent) -> dict[str, list[str]]:
    """Die colour id -> its face symbols, in printed order."""
    return {r.id: [f.resource for f in r.obj.faces] for r in content.of("dice")}


def colour_of_face(content: GameContent) -> dict[str, str]:
    """Face symbol -> the die colour that shows it (the first, if a face were on two)."""
    out: dict[str, str] = {}
    for colour, faces in faces_by_colour(content).items():
        for face in faces:
            out.setdefault(face, colour)
    return out


def dice_counts(content: GameContent) -> dict[str, int]:
    """Die colour id -> dice of that colour in the box."""
    return {r.id: r.obj.count for r in content.of("dice")}


def ocean_tracks(content: GameContent) -> dict[str, str]:
    """Track id -> the id of the tile that raises it by being placed on ocean areas: such a
    track counts tiles, so only placing one raises it."""
    return {r.obj.track: r.id for r in content.of("tiles")
            if r.obj.on == "ocean" and r.obj.track is not None}


def area_counts(content: GameContent) -> tuple[int, int]:
    """``(ocean areas, land areas)`` of the board (0, 0 without one)."""
    areas = [a for rec in content.of("board")[:1] for a in rec.obj.areas]
    oceans = sum(1 for a in areas if a.ocean)
    return oceans, len(areas) - oceans


def show(amounts: dict[str, int]) -> str:
    """``{plant: 2, credit: 1}`` as ``2 plant, 1 credit``."""
    return ", ".join(f"{n} {rid}" for rid, n in amounts.items())


# -- bounds -------------------------------------------------------------------------------------

def shortfall(need: dict[str, int], counts: dict[str, int], award_dice: int, wilds: int) -> int:
    """The fewest symbols a player could not pay of ``need`` (die colour -> symbols needed from
    that colour) in the most favourable game: holding every die of the pool, turned to the
    faces wanted, and every wild token, with the award dice (at most one per colour) taken from
    the colours that hurt least. 0: some game lets the payment be made."""
    from itertools import combinations

    colours = sorted(counts)
    taken = min(award_dice, len(colours))
    best: int | None = None
    for award in combinations(colours, taken):
        short = sum(max(0, n - (counts.get(c, 0) - (c in award))) for c, n in need.items())
        best = short if best is None else min(best, short)
    return max(0, (best or 0) - wilds)


#: The six neighbours of a hex in axial coordinates.
HEX_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_components(cells: list[tuple[int, int]]) -> list[list[int]]:
    """The indexes of ``cells`` (axial ``(q, r)``) grouped into connected pieces, largest first
    (ties: the piece with the earliest cell first); cells repeated share their first's piece."""
    where = {cell: i for i, cell in reversed(list(enumerate(cells)))}
    seen: set[int] = set()
    pieces: list[list[int]] = []
    for start in where.values():
        if start in seen:
            continue
        piece, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            piece.append(i)
            q, r = cells[i]
            for dq, dr in HEX_NEIGHBOURS:
                j = where.get((q + dq, r + dr))
                if j is not None and j not in seen:
                    seen.add(j)
                    stack.append(j)
        piece += [j for j, cell in enumerate(cells) if where[cell] in piece and j not in piece]
        pieces.append(sorted(piece))
    return sorted(pieces, key=lambda p: (-len(p), p[0]))


# -- shared by several checks ------------------------------------------------------------------

def count_findings(recs: list[Record[Any]], want: int, what: str) -> Iterator[Finding]:
    """Findings for a kind that must hold exactly ``want`` records: every extra one, or the last
    one of a short kind."""
    for i, rec in enumerate(recs[want:], want + 1):
        yield Finding(f"{what} {i} of {len(recs)}; the box has {want}", rec, ("id",))
    if 0 < len(recs) < want:
        yield Finding(f"{len(recs)} {what}s, not {want}", recs[-1], ("id",))


def rules_record(content: GameContent) -> Record[Any] | None:
    """The rules record, if it validated."""
    return next(iter(content.of("rules")), None)


def symbol_problem(rid: str, kinds: dict[str, str], label: str) -> str | None:
    """Why ``rid`` is not a face symbol (``None``: it is one)."""
    kind = kinds.get(rid)
    if kind == "face":
        return None
    if kind == "wild":
        return (f"{label} the wild token {rid!r}; name the exact symbol (a wild token pays for "
                "any one symbol without being named)")
    faces = [k for k, v in kinds.items() if v == "face"]
    return f"{label} {rid!r}, which is not in resources.yaml{did_you_mean(rid, faces)}"


#: What each project colour must have (one of) and may not have.
COLOUR_RULES = {
    "green": (("production",), ("effects", "actions", "triggers", "storage")),
    "red": (("effects",), ("production", "actions", "triggers", "storage")),
    "blue": (("actions", "triggers", "storage"), ("production", "effects")),
}
COLOUR_WHY = {"green": "a green card only adds production dice",
              "red": "a red card is an event resolved once when played",
              "blue": "a blue card has actions, triggers or storage"}


def measure_bound(content: GameContent, count: str, of: str | None) -> tuple[int, str] | None:
    """The most one player can have of a measure in the shipped set, and what limits it
    (``None``: no bound, or the kinds it reads did not all validate)."""
    if count == "cards" and whole(content, "projects"):
        recs = [r for r in content.of("projects") if of is None or r.obj.colour == of]
        return len(recs), f"the set has {len(recs)} {of + ' ' if of else ''}project cards"
    if count == "tiles" and whole(content, "tiles", "board"):
        tiles = [r.obj for r in content.of("tiles") if of is None or r.id == of]
        oceans, land = area_counts(content)
        supply = sum(t.supply for t in tiles)
        areas = sum(oceans if t.on == "ocean" else land for t in tiles)
        return min(supply, areas), f"the box has {supply} of those tiles and {areas} areas"
    if of is not None and count in ("symbols", "dice", "production") and of not in (
            [r for r, k in resource_kinds(content).items() if k == "face"]
            if count == "symbols" else dice_counts(content)):
        return None  # an unknown symbol or colour: MD002 / MD003
    if count == "symbols" and whole(content, "projects"):
        n = sum(n for r in content.of("projects") for s, n in r.obj.cost.items()
                if of is None or s == of)
        return n, f"all project costs together hold {n}"
    if count == "dice" and whole(content, "dice"):
        n = sum(c for colour, c in dice_counts(content).items() if of is None or colour == of)
        return n, f"the box has {n} {of + ' ' if of else ''}dice"
    if count == "production" and whole(content, "projects", "corporations", "bonus"):
        cards = sum(n for r, _, dice, _ in production_sites(content) if r.kind != "corporations"
                    for c, n in dice.items() if of is None or c == of)
        corp = max((sum(n for c, n in r.obj.production.items() if of is None or c == of)
                    for r in content.of("corporations")), default=0)
        return cards + corp, (f"all cards and effects add {cards} and the best corporation "
                              f"{corp}")
    return None


def award_findings(content: GameContent) -> Iterator[Finding]:
    """MD008's awards: one award per face symbol (an award die may show any face); waits for
    whole resources and awards files."""
    if not whole(content, "resources", "awards"):
        return
    first: dict[str, Record[Any]] = {}
    awards = content.of("awards")
    for rec in awards:
        other = first.get(rec.obj.symbol)
        if other is not None:
            yield Finding(f"the award {name_of(rec)} counts {rec.obj.symbol}, like "
                          f"{name_of(other)} (at {where(content, other, ('symbol',))}); one "
                          "award per symbol", rec, ("symbol",))
        first.setdefault(rec.obj.symbol, rec)
    for rid, kind in resource_kinds(content).items():
        if kind == "face" and rid not in first and awards:
            yield Finding(f"no award counts {rid}, which an award die can show; add an award "
                          f"with `symbol: {rid}`", file=awards[0].file, path=("awards",))


def area_duplicates(content: GameContent, rec: Record[Any]) -> Iterator[Finding]:
    """MD010's board: an area id or an ``(q, r)`` hex used twice on one board."""
    ids: dict[str, int] = {}
    cells: dict[tuple[int, int], int] = {}
    for i, area in enumerate(rec.obj.areas):
        if area.id in ids:
            yield Finding(f"duplicate area id {area.id!r} (first defined at "
                          f"{where(content, rec, ('areas', ids[area.id], 'id'))})", rec,
                          ("areas", i, "id"))
        elif (area.q, area.r) in cells:
            j = cells[(area.q, area.r)]
            yield Finding(f"area {area.id} is at q {area.q}, r {area.r}, like area "
                          f"{rec.obj.areas[j].id} (at "
                          f"{where(content, rec, ('areas', j, 'q'))}); one area per hex",
                          rec, ("areas", i, "q"))
        ids.setdefault(area.id, i)
        cells.setdefault((area.q, area.r), i)
