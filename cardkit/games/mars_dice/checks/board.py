"""Mars Dice checks of ids and the board (``MD010``, ``MD011``), apart from :mod:`.checks` to
keep each module small; ``checks.CHECKS`` lists them with the others."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.content import GameContent
from ....core.spec import Finding
from ....core.spec import duplicate_ids as unique_ids
from . import helpers as h


def duplicate_ids(content: GameContent) -> Iterator[Finding]:
    """Ids are unique within each kind; on the board, area ids and ``(q, r)`` coordinates are
    unique. The message names the place of the first use.

    Bad:
        - {id: tharsis-3, q: 1, r: -2}
        - {id: tharsis-3, q: 1, r: -2}

    Good:
        - {id: tharsis-3, q: 1, r: -2}
        - {id: tharsis-4, q: 2, r: -2}
    """
    yield from unique_ids(content)
    for rec in content.of("board"):
        yield from h.area_duplicates(content, rec)


def board_consistent(content: GameContent) -> Iterator[Finding]:
    """The board's areas form one connected hex map (axial ``q``, ``r``; neighbours differ by
    (±1, 0), (0, ±1) or (+1, −1), (−1, +1)); there are at least as many ocean areas as ocean
    tiles and at least one land area per land tile kind. (Area bonuses are effects: MD002-MD004
    check them with every other effect.)

    Bad:
        areas: [{id: a, q: 0, r: 0}, {id: b, q: 2, r: 0, ocean: true}]

    Good:
        areas: [{id: a, q: 0, r: 0}, {id: b, q: 1, r: 0, ocean: true}]
    """
    for rec in content.of("board"):
        areas = rec.obj.areas
        pieces = h.hex_components([(a.q, a.r) for a in areas])
        main = {areas[i].id for i in pieces[0]} if pieces else set()
        for piece in pieces[1:]:
            for i in piece:
                yield Finding(f"area {areas[i].id} (q {areas[i].q}, r {areas[i].r}) is cut off "
                              f"from the map of {len(pieces[0])} areas (e.g. "
                              f"{min(main)}); areas are neighbours when their q, r "
                              "differ by one hex step", rec, ("areas", i, "q"))
        if not h.whole(content, "tiles"):
            continue
        oceans, land = h.area_counts(content)
        ocean_tiles = sum(r.obj.supply for r in content.of("tiles") if r.obj.on == "ocean")
        land_kinds = [r.id for r in content.of("tiles") if r.obj.on == "land"]
        if oceans < ocean_tiles:
            yield Finding(f"{rec.obj.name} has {oceans} ocean areas for {ocean_tiles} ocean "
                          "tiles; mark more areas `ocean: true`", rec, ("areas",))
        if land < len(land_kinds):
            yield Finding(f"{rec.obj.name} has {land} land areas for the land tiles "
                          f"{', '.join(land_kinds)}", rec, ("areas",))


#: MD020 is the fit check of the Mars Dice templates, run by the print layer over every face
#: it prints (``cardkit.pdf.fitcheck``); it is documented here with the game's other codes.
