"""Mars Dice consistency checks (``MD…``). One function per code; each docstring gives a bad and
a good example (``cardkit codes MD001``).

Every effect list of the content (projects, blue actions, triggers, corporations, track and
board bonuses, conversions, bonus cards) goes through one walker (``check_helpers``), so MD002
(symbols), MD003 (die colours) and MD004 (tiles and tracks) judge an effect the same wherever it
is printed. Counts over a whole kind, and checks that read another kind's ids, only run when
every file of that kind validated: one broken record does not also report a short set or a
flood of unknown ids.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.diagnostics import CodeInfo, Severity
from ....core.spec import Check, Finding, Record, where
from ....core.suggest import did_you_mean
from . import helpers as h
from .board import board_consistent, duplicate_ids
from .dominance import not_dominated

# The box (facts §2.1, the seed rulebook): 98 project cards (bonus cards may be among them, so
# the set has at least 60), 8 corporations, 8 milestone tiles, 60 dice in 5 colours, 6 sides.
PROJECTS, CORPORATIONS, MILESTONES, DICE, SIDES = 60, 8, 8, 5, 6
#: The global tracks the rules name; the game ends when 2 of them are at their maximum.
TRACKS = ("oxygen", "temperature", "oceans")
PLAYERS = (1, 2, 3, 4)


def box_counts(content: GameContent) -> Iterator[Finding]:
    """The set has the box's counts: at least 60 project cards with every colour (green, red,
    blue) present, 8 corporations, 8 milestones, at least as many bonus cards as the largest
    deal of ``rules.bonus_cards``, and 5 die colours; the faces of a die are printed on 6
    sides in all (3 + 2 + 1).

    Bad:
        - {id: green, name: Green die, colour: "#3f9a3a", count: 12,
           faces: [{resource: plant, sides: 3}, {resource: microbe, sides: 2}]}

    Good:
        - {id: green, name: Green die, colour: "#3f9a3a", count: 12,
           faces: [{resource: plant, sides: 3}, {resource: microbe, sides: 2},
                   {resource: animal, sides: 1}]}
    """
    for rec in content.of("dice"):
        sides = sum(f.sides for f in rec.obj.faces)
        if sides != SIDES:
            yield Finding(f"the faces of the {h.name_of(rec)} are printed on {sides} sides; a die "
                          f"has {SIDES} (a common face on 3, an uncommon on 2, a rare on 1)",
                          rec, ("faces",))
    projects = content.of("projects")
    if projects and h.whole(content, "projects"):
        if len(projects) < PROJECTS:
            yield Finding(f"{len(projects)} project cards; the set has at least {PROJECTS}",
                          projects[-1], ("id",))
        for colour in h.PROJECT_COLOURS:
            if not any(r.obj.colour == colour for r in projects):
                yield Finding(f"no {colour} project cards; the game has green, red and blue ones",
                              file=projects[0].file, path=("projects",))
    for kind, want, what in (("corporations", CORPORATIONS, "corporation"),
                             ("milestones", MILESTONES, "milestone")):
        if h.whole(content, kind):
            yield from h.count_findings(content.of(kind), want, what)
    bonus, rules = content.of("bonus"), h.rules_record(content)
    if bonus and rules is not None and h.whole(content, "bonus"):
        deal = max(d.cards for d in rules.obj.bonus_cards)
        if len(bonus) < deal:
            yield Finding(f"{len(bonus)} bonus cards, but rules.yaml deals up to {deal}",
                          bonus[-1], ("id",))
    if h.whole(content, "dice"):
        yield from h.count_findings(content.of("dice"), DICE, "die colour")


def known_symbols(content: GameContent) -> Iterator[Finding]:
    """Every symbol is a face of resources.yaml: costs, blue actions' and conversions' pay,
    dice faces, the ``face`` of a ``dice`` effect, award symbols and the ``of`` of a
    ``symbols`` measure (a near miss gets a "did you mean"). Nothing names the wild token: a
    wild pays for any one symbol unnamed. Every symbol a cost or pay names is shown by some
    die (or no player could ever roll it), and a face symbol is on one die colour only.

    Bad:
        cost: {plnt: 2, wild: 1}

    Good:
        cost: {plant: 2, microbe: 1}
    """
    if not h.whole(content, "resources"):
        return
    kinds = h.resource_kinds(content)
    shown = h.colour_of_face(content) if h.whole(content, "dice") else None
    for rec, path, pay, label in h.pay_sites(content):
        for rid in pay:
            problem = h.symbol_problem(rid, kinds, label)
            if problem is None and shown is not None and rid not in shown:
                problem = (f"{label} {rid!r}, but no die shows it; add it to a die's faces in "
                           "dice.yaml or pay another symbol")
            if problem:
                yield Finding(problem, rec, (*path, rid), at="key")
    first: dict[str, tuple[Record[Any], int]] = {}
    for rec in content.of("dice"):
        for i, face in enumerate(rec.obj.faces):
            at = ("faces", i, "resource")
            problem = h.symbol_problem(face.resource, kinds, f"a face of the {h.name_of(rec)} is")
            if problem:
                yield Finding(problem, rec, at)
            elif face.resource in first and first[face.resource][0] is not rec:
                other, j = first[face.resource]
                yield Finding(f"{face.resource} is also a face of the {h.name_of(other)} (at "
                              f"{where(content, other, ('faces', j, 'resource'))}); a symbol is "
                              "on one die colour only", rec, at)
            first.setdefault(face.resource, (rec, i))
    for rec, path, effect, label in h.effect_sites(content):
        if effect.do == "dice" and effect.face is not None:
            problem = h.symbol_problem(effect.face, kinds, f"{label} sets dice to")
            if problem:
                yield Finding(problem, rec, (*path, "face"))
    for rec in content.of("awards"):
        problem = h.symbol_problem(rec.obj.symbol, kinds, f"the award {h.name_of(rec)} counts")
        if problem:
            yield Finding(problem, rec, ("symbol",))
    for rec, path, measure, label in h.measure_sites(content):
        if measure.count == "symbols" and measure.of is not None:
            problem = h.symbol_problem(measure.of, kinds, f"{label} counts")
            if problem:
                yield Finding(problem, rec, (*path, "of"))


def known_colours(content: GameContent) -> Iterator[Finding]:
    """Every die colour is an id of dice.yaml: production dice, ``dice`` and ``produce``
    effects and the ``of`` of a ``production`` or ``dice`` measure. A ``dice`` effect that
    sets its dice to a ``face`` names a face of that colour.

    Bad:
        effects: [{do: dice, colour: blue, count: 2, face: plant}]

    Good:
        effects: [{do: dice, colour: green, count: 2, face: plant}]
    """
    if not h.whole(content, "dice"):
        return
    faces = h.faces_by_colour(content)
    shown = h.colour_of_face(content)
    kinds = h.resource_kinds(content)

    def unknown(colour: str) -> str:
        return f"{colour!r}, which is not a die colour of dice.yaml{did_you_mean(colour, faces)}"

    for rec, path, dice, label in h.production_sites(content):
        for colour in dice:
            if colour not in faces:
                yield Finding(f"{label} {unknown(colour)}", rec, (*path, colour), at="key")
    for rec, path, effect, label in h.effect_sites(content):
        if effect.do != "dice":
            continue
        if effect.colour not in faces:
            yield Finding(f"{label} takes dice of {unknown(effect.colour)}", rec,
                          (*path, "colour"))
        elif effect.face is not None and effect.face not in faces[effect.colour] and (
                effect.face in shown or effect.face in kinds):
            other = shown.get(effect.face)
            why = (f"a face of the {other} dice" if other else "on no die")
            yield Finding(f"{label} sets {effect.colour} dice to {effect.face}, which is {why}; "
                          f"{effect.colour} dice show {', '.join(faces[effect.colour])}",
                          rec, (*path, "face"))
    for rec, path, measure, label in h.measure_sites(content):
        if measure.count in ("production", "dice") and measure.of is not None \
                and measure.of not in faces:
            yield Finding(f"{label} counts {measure.count} of {unknown(measure.of)}", rec,
                          (*path, "of"))


def effect_vocabulary(content: GameContent) -> Iterator[Finding]:
    """Effects name known tiles and tracks, and cards follow their colour: a ``tile`` effect
    names a tile of tiles.yaml; a ``raise`` names a track of tracks.yaml that no tile counts
    (the oceans track rises only by placing an ocean tile: write ``{do: tile, tile: ocean}``).
    A green card has ``production`` and nothing else; a red card has ``effects`` and nothing
    else; a blue card has ``actions``, ``triggers`` or ``storage``, never production or
    effects. ``vp_timing: end`` needs ``vp`` above 0. A tile's ``track``, ``vp_per_adjacent``
    and ``not_adjacent`` name known tracks and tiles.

    Bad:
        - {id: ice-cap-melt, name: Ice Cap Melt, colour: red, cost: {heat: 2},
           effects: [{do: raise, track: oceans}], vp_timing: end}

    Good:
        - {id: ice-cap-melt, name: Ice Cap Melt, colour: red, cost: {heat: 2},
           effects: [{do: tile, tile: ocean}]}
    """
    tiles = content.index("tiles") if h.whole(content, "tiles") else None
    tracks = content.index("tracks") if h.whole(content, "tracks") else None
    counted = h.ocean_tracks(content) if tiles is not None else {}
    for rec, path, effect, label in h.effect_sites(content):
        if effect.do == "tile" and tiles is not None and effect.tile not in tiles:
            yield Finding(f"{label} places {effect.tile!r}, which is not a tile of tiles.yaml"
                          f"{did_you_mean(effect.tile, tiles)}", rec, (*path, "tile"))
        elif effect.do == "raise" and tracks is not None:
            if effect.track not in tracks:
                yield Finding(f"{label} raises {effect.track!r}, which is not a track of "
                              f"tracks.yaml{did_you_mean(effect.track, tracks)}", rec,
                              (*path, "track"))
            elif effect.track in counted:
                tile = counted[effect.track]
                yield Finding(f"{label} raises {effect.track}, which counts {tile} tiles: only "
                              f"placing one raises it; write {{do: tile, tile: {tile}}}", rec,
                              (*path, "track"))
    for rec in content.of("projects"):
        card = rec.obj
        must, never = h.COLOUR_RULES[card.colour]
        if not any(getattr(card, f) for f in must):
            need = ", ".join(must[:-1]) + " or " + must[-1] if len(must) > 1 else must[0]
            yield Finding(f"{card.name} is {card.colour} but has no {need}; "
                          f"{h.COLOUR_WHY[card.colour]}", rec, ("colour",))
        for field in never:
            if getattr(card, field):
                yield Finding(f"{card.name} is {card.colour} and has {field}; "
                              f"{h.COLOUR_WHY[card.colour]}", rec, (field,), at="key")
        if card.vp_timing == "end" and card.vp == 0:
            yield Finding(f"{card.name} scores its VP at the end but has none; give it `vp` or "
                          "remove `vp_timing`", rec, ("vp_timing",))
    for rec in content.of("tiles"):
        tile = rec.obj
        if tile.track is not None and tracks is not None and tile.track not in tracks:
            yield Finding(f"the {tile.name} tile raises {tile.track!r}, which is not a track of "
                          f"tracks.yaml{did_you_mean(tile.track, tracks)}", rec, ("track",))
        if tiles is None:
            continue
        refs = [(("vp_per_adjacent", t), t) for t in tile.vp_per_adjacent] + \
            [(("not_adjacent", i), t) for i, t in enumerate(tile.not_adjacent)]
        for path, ref in refs:
            if ref not in tiles:
                yield Finding(f"the {tile.name} tile names {ref!r}, which is not a tile of "
                              f"tiles.yaml{did_you_mean(ref, tiles)}", rec, path,
                              at="key" if path[0] == "vp_per_adjacent" else "value")


def tracks_consistent(content: GameContent) -> Iterator[Finding]:
    """A global track's ``levels`` × ``step`` = ``maximum`` − ``start``; every bonus is at a
    printed value (above ``start``, at most ``maximum``, whole steps from ``start``) and no two
    at the same value. tracks.yaml holds oxygen, temperature and oceans, and the oceans track
    has one level per ocean tile (its ``levels`` = the ocean tile's ``supply``; the board's
    ocean areas for them are MD011).

    Bad:
        - {id: temperature, name: Temperature, start: -32, step: 4, levels: 9, maximum: 8,
           bonuses: [{at: -26, effects: [{do: dice, colour: red, face: heat}]}]}

    Good:
        - {id: temperature, name: Temperature, start: -32, step: 4, levels: 10, maximum: 8,
           bonuses: [{at: -24, effects: [{do: dice, colour: red, face: heat}]}]}
    """
    recs = content.of("tracks")
    for rec in recs:
        t = rec.obj
        span = t.maximum - t.start
        if t.levels * t.step != span:
            fix = (f"set `levels` to {span // t.step}" if span > 0 and span % t.step == 0 else
                   f"set `maximum` to {t.start + t.levels * t.step}")
            yield Finding(f"{t.name}: {t.levels} levels of {t.step} make "
                          f"{t.levels * t.step}, but maximum − start is {t.maximum} − "
                          f"{f'({t.start})' if t.start < 0 else t.start} = {span}; {fix}", rec,
                          ("levels",))
        seen: dict[int, int] = {}
        for b, bonus in enumerate(t.bonuses):
            at = ("bonuses", b, "at")
            if not t.start < bonus.at <= t.maximum:
                yield Finding(f"the {t.name} bonus at {bonus.at} is off the track, which runs "
                              f"from {t.start} (not a bonus) to {t.maximum}", rec, at)
            elif (bonus.at - t.start) % t.step:
                yield Finding(f"the {t.name} bonus at {bonus.at} is not a printed value: the "
                              f"track goes from {t.start} in steps of {t.step}", rec, at)
            elif bonus.at in seen:
                yield Finding(f"{t.name} has a second bonus at {bonus.at} (the first is bonus "
                              f"{seen[bonus.at] + 1}); merge their effects", rec, at)
            seen.setdefault(bonus.at, b)
    if not recs or not h.whole(content, "tracks"):
        return
    ids = content.index("tracks")
    for track in TRACKS:
        if track not in ids:
            yield Finding(f"no {track!r} track in tracks.yaml; the game has oxygen, temperature "
                          f"and oceans{did_you_mean(track, ids)}", file=recs[0].file,
                          path=("tracks",))
    if not h.whole(content, "tiles"):
        return
    counted = h.ocean_tracks(content)
    tiles = content.index("tiles")
    for track, tile in counted.items():
        rec = ids.get(track)
        supply = tiles[tile].obj.supply
        if rec is not None and rec.obj.levels != supply:
            yield Finding(f"{rec.obj.name} has {rec.obj.levels} levels, but there are {supply} "
                          f"{tile} tiles: one level per tile", rec, ("levels",))
    if "oceans" in ids and "oceans" not in counted:
        yield Finding("no ocean tile raises the oceans track; give the tile that goes on ocean "
                      "areas `track: oceans`", ids["oceans"], ("id",))


def rules_numbers(content: GameContent) -> Iterator[Finding]:
    """rules.yaml fits the set: ``bonus_cards`` deals for every player count 1-4 exactly once
    (a deal larger than the set is MD001); ``vp_thresholds`` rise strictly; ``award_vp`` never
    rises (first place gets the most); ``milestones_in_play`` ≤ the milestones,
    ``award_dice`` ≤ the die colours (one die of each colour) and 4 players can be dealt
    ``corporations_dealt`` corporations each.

    Bad:
        bonus_cards: [{players: 1, cards: 4}, {players: 2, cards: 4}, {players: 4, cards: 8}]
        vp_thresholds: [12, 5]

    Good:
        bonus_cards: [{players: 1, cards: 4}, {players: 2, cards: 4}, {players: 3, cards: 6},
                      {players: 4, cards: 8}]
        vp_thresholds: [5, 12]
    """
    rec = h.rules_record(content)
    if rec is None:
        return
    rules = rec.obj
    dealt: dict[int, int] = {}
    for i, deal in enumerate(rules.bonus_cards):
        if deal.players in dealt:
            yield Finding(f"a second deal for {deal.players} players (the first is entry "
                          f"{dealt[deal.players] + 1}); one per player count", rec,
                          ("bonus_cards", i, "players"))
        dealt.setdefault(deal.players, i)
    missing = [str(n) for n in PLAYERS if n not in dealt]
    if missing:
        yield Finding(f"no bonus card deal for {' or '.join(missing)} players; add "
                      f"{{players: N, cards: M}} for each of 1-4", rec, ("bonus_cards",))
    for field, worse, what in (("vp_thresholds", lambda a, b: b <= a, "rise strictly"),
                               ("award_vp", lambda a, b: b > a, "never rise")):
        values = getattr(rules, field)
        for i in range(1, len(values)):
            if worse(values[i - 1], values[i]):
                yield Finding(f"{field} {values} must {what}: {values[i]} follows "
                              f"{values[i - 1]}", rec, (field, i))
    for field, kind, what, have in (
            ("milestones_in_play", "milestones", "milestones", rules.milestones_in_play),
            ("award_dice", "dice", "die colours (one award die each)", rules.award_dice),
            ("corporations_dealt", "corporations", "corporations for 4 players",
             rules.corporations_dealt * PLAYERS[-1])):
        if h.whole(content, kind) and have > len(content.of(kind)):
            yield Finding(f"`{field}` needs {have} {what}, but the set has "
                          f"{len(content.of(kind))}", rec, (field,))


def bonus_does_something(content: GameContent) -> Iterator[Finding]:
    """A bonus card does something: an immediate gain (``effects``), a lasting ``trigger`` or
    ``end`` scoring.

    Bad:
        - {id: developer, name: Developer}

    Good:
        - {id: developer, name: Developer, triggers: [{on: play-green, effects: [{do: vp}]}]}
    """
    for rec in content.of("bonus"):
        card = rec.obj
        if not card.effects and not card.triggers and card.end is None:
            yield Finding(f"the bonus card {card.name} does nothing; give it `effects`, "
                          "`triggers` or `end`", rec, ("id",))


def measures_computable(content: GameContent) -> Iterator[Finding]:
    """Milestones and end scoring count something a player can have: a ``cards`` measure's
    ``of`` is green, red or blue; a ``tiles`` one names a tile; ``vp`` has no ``of`` (an
    unknown symbol or die colour is MD002 / MD003). A milestone's ``at_least`` is reachable
    with the shipped set: no more cards of a colour than there are projects of it, no more
    tiles than the supply and the areas they go on, no more symbols than all projects' costs
    hold, no more dice than the box, no more production than all cards and the best
    corporation give. Every face symbol has exactly one award (an award die may show any).

    Bad:
        - {id: gardener, name: Gardener, measure: {count: tiles, of: forest}, at_least: 3}

    Good:
        - {id: gardener, name: Gardener, measure: {count: tiles, of: greenery}, at_least: 3}
    """
    tiles = content.index("tiles") if h.whole(content, "tiles") else None
    for rec, path, measure, label in h.measure_sites(content):
        of, at = measure.of, (*path, "of")
        if measure.count == "cards" and of is not None and of not in h.PROJECT_COLOURS:
            yield Finding(f"{label} counts cards of {of!r}; a project is green, red or blue"
                          f"{did_you_mean(of, h.PROJECT_COLOURS)}", rec, at)
            continue
        if measure.count == "tiles" and of is not None and tiles is not None \
                and of not in tiles:
            yield Finding(f"{label} counts {of!r} tiles, which is not a tile of tiles.yaml"
                          f"{did_you_mean(of, tiles)}", rec, at)
            continue
        if measure.count == "vp" and of is not None:
            yield Finding(f"{label} counts victory points, which have no kind; remove `of`",
                          rec, at)
            continue
        if rec.kind != "milestones":
            continue
        bound = h.measure_bound(content, measure.count, of)
        if bound is not None and rec.obj.at_least > bound[0]:
            yield Finding(f"{label} needs {rec.obj.at_least} {measure.count}"
                          f"{' of ' + of if of else ''}, but no player can have more than "
                          f"{bound[0]}: {bound[1]}", rec, ("at_least",))
    yield from h.award_findings(content)


def payable(content: GameContent) -> Iterator[Finding]:
    """No project cost and no blue action's pay is beyond the box. The bound is the most
    favourable game: one player holding every die of the pool, turned to the faces wanted,
    and every wild token, with the award dice (one of each of ``award_dice`` colours, out of
    the pool all game) drawn from the colours the payment hurts least. If even then the
    symbols needed from some colour exceed that colour's dice and the wild tokens cannot make
    up the difference, the card can never be played. (A symbol no die shows is MD002.)

    Bad:
        # 27 symbols of green dice and 27 of red: 15 + 15 more than their 12 dice, 23 wilds
        cost: {plant: 9, microbe: 9, animal: 9, heat: 9, event: 9, nuclear: 9}

    Good:
        cost: {plant: 9, microbe: 9, animal: 9}   # 15 wilds make up for the 12 green dice
    """
    if not h.whole(content, "resources", "dice"):
        return
    colour = h.colour_of_face(content)
    counts = h.dice_counts(content)
    rules = h.rules_record(content)
    award = rules.obj.award_dice if rules is not None else 0
    wilds = h.wild_supply(content)
    for rec, path, pay, label in h.pay_sites(content):
        if rec.kind != "projects":
            continue
        need: dict[str, int] = {}
        for rid, n in pay.items():
            if rid in colour:
                need[colour[rid]] = need.get(colour[rid], 0) + n
        short = h.shortfall(need, counts, award, wilds)
        if short:
            dice = ", ".join(f"{n} from the {counts[c]} {c} dice" for c, n in need.items())
            yield Finding(f"{label} {h.show(pay)}, which can never be paid: {dice}; even holding "
                          f"every die of the pool and all {wilds} wild tokens (with {award} "
                          f"award dice out of the pool) a player is {short} short", rec, path)


FIT_CODE = CodeInfo("MD020", Severity.ERROR, "every printed string fits its frame on the card",
                    inspect.cleandoc("""
    Every string the templates print (card names, the board's labels) fits its frame at the
    frame's minimum font size: nothing is shrunk further, nothing runs out of its box.

    Bad:
        name: Extraordinarilylongprojectname

    Good:
        name: Deep Well Heating
    """))

CHECKS: tuple[Check, ...] = (
    Check("MD001", "the set has the box's counts", box_counts),
    Check("MD002", "every symbol is a known die face", known_symbols),
    Check("MD003", "every die colour is known", known_colours),
    Check("MD004", "effects and cards follow the vocabulary and the colour rules",
          effect_vocabulary),
    Check("MD005", "the global tracks are consistent", tracks_consistent),
    Check("MD006", "rules.yaml fits the set", rules_numbers),
    Check("MD007", "every bonus card does something", bonus_does_something),
    Check("MD008", "milestones, awards and end scoring count reachable things",
          measures_computable),
    Check("MD009", "every cost can be paid with the box", payable),
    Check("MD010", "ids and board coordinates are unique", duplicate_ids),
    Check("MD011", "the board is one hex map with room for every tile", board_consistent),
    Check("MD012", "no project card is strictly dominated by another of its colour",
          not_dominated),
)
