"""The kit's cardboard: the tiles, cut to the map's hexagons, and the tokens and markers.

**Tiles**: every tile of ``tiles.yaml`` as many times as its ``supply`` (7 oceans, 20
greeneries, 16 cities), grouped by kind under its name and count, in rows of hexagons that
share their edges (one cut between two tiles). A tile is 94 % of the map's hexagon
(:func:`~.board.map_geometry`: the map prints at actual size), so it sits inside an area with a
margin. Rows that do not fit the page go on the next (:func:`tile_pages`), laid out for the
smaller of A4 and Letter so both print the same pages.

**Tokens and markers**: the wild tokens (the wild resource's ``supply``), one marker per global
track (its icon, for its start space), a score marker and a player tile per player colour (the
most players the rules cater for; the tile covers a corporation's starting bonus, as in the
rulebook), and for the solo game a turn marker with a turn track of ``solo_turns`` spaces. Every
chit is a square with a cutting line; each group has its heading from the locale.
"""

from __future__ import annotations

import math
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Face, Frame, Shape, readable_on, tint
from ....text.fonts import BOLD
from ....text.runs import TextStyle
from . import icons
from .board import map_geometry
from .page import CUT, CUT_W, FOOT, MARGIN, MIN_H, MIN_W, PLAYER_RGB, Kit, cut_rect
from .theme import INK, TILE_FALLBACK, TILE_RGB, WHITE

#: A tile's size against the map's hexagon; the hexagon size when there is no map (mm).
TILE_SCALE, NO_MAP_R = 0.94, 14.0
LABEL_H, GROUP_GAP = 6.5, 3.0
#: The header of a page with two guide lines (see :meth:`~.kit.Kit.page`).
HEADER_2 = 17.0 + 1.5 + 2 * 9.0 + 1.0
CHIT = 15.0
#: A score marker fits a space of the score track (about 19 x 12 mm).
VP_CHIT = 10.0


# -- tiles ----------------------------------------------------------------------------------------

def tile_radius(kit: Kit) -> float:
    """A tile's size, centre to corner (mm)."""
    boards = kit.content.of("board")
    size = map_geometry(boards[0].obj)[0] if boards else NO_MAP_R
    return size * TILE_SCALE


def _columns(width: float, r: float) -> int:
    hw = math.sqrt(3) * r
    return max(1, int((width - hw / 2) // hw))


def _blocks(kit: Kit) -> list[tuple[str, int, int]]:
    """The tiles sheet as blocks ``(tile id, row, tiles in it)``, row ``-1`` a group's label."""
    r = tile_radius(kit)
    cols = _columns(MIN_W, r)
    out: list[tuple[str, int, int]] = []
    for rec in kit.content.of("tiles"):
        n = rec.obj.supply
        if not n:
            continue
        out.append((rec.id, -1, n))
        for row in range(-(-n // cols)):
            out.append((rec.id, row, min(cols, n - row * cols)))
    return out


def _paged(kit: Kit) -> list[list[tuple[str, int, int]]]:
    """The blocks page by page, each page filled from the top (a label never ends a page)."""
    r = tile_radius(kit)
    room = MIN_H - HEADER_2
    pages: list[list[tuple[str, int, int]]] = [[]]
    used = 0.0
    blocks = _blocks(kit)
    for i, block in enumerate(blocks):
        h = _block_h(block, r, pages[-1])
        nxt = blocks[i + 1] if block[1] == -1 and i + 1 < len(blocks) else None
        need = h + (_block_h(nxt, r, [block]) if nxt else 0.0)
        if pages[-1] and used + need > room:
            pages.append([])
            used = 0.0
            h = _block_h(block, r, pages[-1])
        pages[-1].append(block)
        used += h
    return pages


def _block_h(block: tuple[str, int, int], r: float, before: list[tuple[str, int, int]]
             ) -> float:
    if block[1] == -1:
        return LABEL_H + (GROUP_GAP if before else 0.0)
    first = not before or before[-1][1] == -1
    return 2 * r if first else 1.5 * r


def tile_pages(kit: Kit) -> int:
    """Pages of tiles."""
    return len(_paged(kit)) if kit.content.of("tiles") else 0


def tiles_page(kit: Kit, w: float, h: float, k: int = 0) -> Face:
    """Page ``k`` of the tiles sheet."""
    face, top = kit.page(f"kit-tiles-{k}", w, h, kit.rows.string("kit-tiles"),
                         guides=("kit-cut", "kit-tiles-guide"))
    r = tile_radius(kit)
    hw = math.sqrt(3) * r
    pages = _paged(kit)
    y = top
    before: list[tuple[str, int, int]] = []
    tiles = {rec.id: rec.obj for rec in kit.content.of("tiles")}
    for tile_id, row, n in pages[k] if k < len(pages) else []:
        if row == -1:
            y -= GROUP_GAP if before else 0.0
            name, src = kit.rows.name("tiles", tile_id)
            s = LABEL_H - 1.0
            icon = Box(MARGIN, y - LABEL_H + 0.5, s, s)
            kit.rows.token(face, f"tiles-{tile_id}-icon-{k}", "tile", tile_id, icon, WHITE)
            count = 20.0
            kit.label(face, f"tiles-{tile_id}-name", name, src,
                      Box(icon.right + 1.5, y - LABEL_H, w - MARGIN - count - icon.right - 1.5,
                          LABEL_H), 11.0)
            face.text(f"\u00d7{tiles[tile_id].supply}",
                      Frame(f"tiles-{tile_id}-count", w - MARGIN - count, y - LABEL_H, count,
                            LABEL_H, TextStyle(BOLD, 11, 7, align="right"), max_lines=1), None,
                      colour=INK)
            y -= LABEL_H
            before.append((tile_id, row, n))
            continue
        first = before[-1][1] == -1 if before else True
        cy = y - r if first else y + r - 1.5 * r  # y is the bottom of the row above
        shift = hw / 2 if row % 2 else 0.0
        x0 = MARGIN + hw / 2 + shift
        for j in range(n):
            _hex_tile(face, f"tile-{tile_id}-{row}-{j}", tile_id, x0 + j * hw, cy, r)
        y = cy - r
        before.append((tile_id, row, n))
    return face


def _hex_tile(face: Face, name: str, tile_id: str, cx: float, cy: float, r: float) -> None:
    """One tile: the tile's picture, its cutting line on the outline."""
    mm = MM_TO_PT
    box = Box(cx - math.sqrt(3) * r / 2, cy - r, math.sqrt(3) * r, 2 * r)

    def paint(c: Any, ctx: Any) -> None:
        icons.tile(c, tile_id, cx * mm, cy * mm, r / 0.48 * mm)
        p = c.beginPath()
        for k in range(6):
            a = math.pi / 3 * k + math.pi / 6
            x, y = (cx + r * math.cos(a)) * mm, (cy + r * math.sin(a)) * mm
            p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
        p.close()
        c.setStrokeColorRGB(*CUT)
        c.setLineWidth(CUT_W * mm)
        c.drawPath(p, stroke=1, fill=0)
    face.shape(Shape(name, box, pad=0.0), paint)


# -- tokens and markers ---------------------------------------------------------------------------

def tokens_page(kit: Kit, w: float, h: float) -> Face:
    """Wild tokens, track markers, score markers, player tiles, the solo turn track."""
    face, top = kit.page("kit-tokens", w, h, kit.rows.string("kit-tokens"), guides=("kit-cut",))
    tw = w - 2 * MARGIN
    mm = MM_TO_PT
    y = top
    wild = [rec for rec in kit.content.of("resources") if rec.obj.kind == "wild"]
    if wild:
        n = wild[0].obj.supply or 0
        y = _heading(kit, face, "tokens-wild", *kit.rows.string("effect-wild"), y, f"\u00d7{n}")
        y = _chits(face, "wild", n, y, tw, lambda c, b, i: icons.wild(
            c, kit.palette.colours, (b.x + b.w / 2) * mm, (b.y + b.h / 2) * mm,
            (b.w - 3.0) * mm))
    tracks = [rec.id for rec in kit.content.of("tracks")]
    if tracks:
        y = _heading(kit, face, "tokens-tracks", *kit.rows.string("kit-track-markers"), y)
        y = _chits(face, "track-marker", len(tracks), y, tw,
                   lambda c, b, i: _track_marker(c, b, tracks[i]))
    players = kit.players
    y = _heading(kit, face, "tokens-vp", *kit.rows.string("kit-vp-markers"), y)
    below = _chits(face, "vp-marker", players, y, tw, _player_fill, VP_CHIT)
    for i in range(players):
        b = _chit_box(i, y, tw, VP_CHIT)
        _player_number(face, f"vp-marker-{i}-no", i, b.grow(-1.3))
    y = below
    y = _heading(kit, face, "tokens-tiles", *kit.rows.string("kit-player-tiles"), y)
    tile_w = min(45.0, tw / players)
    for i in range(players):
        b = Box(MARGIN + i * tile_w, y - 11.0, tile_w, 11.0)
        face.shape(Shape(f"player-tile-{i}", b, pad=0.0),
                   lambda c, ctx, b=b, i=i: (_player_fill(c, b, i), cut_rect(c, b)))
        _player_number(face, f"player-tile-{i}-no", i, Box(b.x + 1.5, b.y + 1.5, 8.0, 8.0))
    y -= 11.0 + GROUP_GAP
    if kit.rules is not None:
        _solo(kit, face, y, tw)
    return face


def _heading(kit: Kit, face: Face, name: str, text: str, src: Any, y: float,
             count: str | None = None) -> float:
    width = (face.w - 2 * MARGIN) - (30.0 if count else 0.0)
    kit.label(face, name, text, src, Box(MARGIN, y - LABEL_H, width, LABEL_H), 10.5)
    if count:
        face.text(count, Frame(f"{name}-count", MARGIN + width, y - LABEL_H, 30.0, LABEL_H,
                               TextStyle(BOLD, 10.5, 7, align="right"), max_lines=1), None,
                  colour=INK)
    return y - LABEL_H - 0.5


def _chit_box(i: int, y: float, tw: float, side: float = CHIT) -> Box:
    cols = max(1, int(tw // side))
    r, c = divmod(i, cols)
    return Box(MARGIN + c * side, y - (r + 1) * side, side, side)


def _chits(face: Face, name: str, n: int, y: float, tw: float, paint: Any,
           side: float = CHIT) -> float:
    """``n`` square chits in rows from ``y`` (``paint(canvas, box, i)`` draws chit ``i``), each
    with its cutting line; returns the y below them."""
    for i in range(n):
        b = _chit_box(i, y, tw, side)

        def draw(c: Any, ctx: Any, b: Box = b, i: int = i) -> None:
            paint(c, b, i)
            cut_rect(c, b)
        face.shape(Shape(f"{name}-{i}", b, pad=0.0), draw)
    cols = max(1, int(tw // side))
    return y - -(-n // cols) * side - GROUP_GAP


def _track_marker(c: Any, b: Box, track_id: str) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.rect(b.x * mm, b.y * mm, b.w * mm, b.h * mm, stroke=0, fill=1)
    icons.track(c, track_id, (b.x + b.w / 2) * mm, (b.y + b.h / 2) * mm, (b.w - 3.0) * mm)


def _player_fill(c: Any, b: Box, i: int) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*PLAYER_RGB[i % len(PLAYER_RGB)])
    c.rect(b.x * mm, b.y * mm, b.w * mm, b.h * mm, stroke=0, fill=1)


def _player_number(face: Face, name: str, i: int, box: Box) -> None:
    """The player's number on a white disc (the colours print grey on a greyscale printer)."""
    mm = MM_TO_PT
    face.shape(Shape(name, box, "circle", pad=0.1), lambda c, ctx: (
        c.setFillColorRGB(*WHITE), c.setStrokeColorRGB(*INK), c.setLineWidth(0.3 * mm),
        c.circle((box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm, box.w / 2 * mm, stroke=1,
                 fill=1)))
    k = 0.66
    face.text(str(i + 1), Frame(f"{name}-text", box.x + box.w * (1 - k) / 2,
                                box.y + box.h * (1 - k) / 2, box.w * k, box.h * k,
                                TextStyle(BOLD, 12, 6, align="center"), max_lines=1,
                                background=WHITE), None, colour=INK)


def _solo(kit: Kit, face: Face, y: float, tw: float) -> None:
    """The solo turn marker and the turn track of ``solo_turns`` spaces."""
    mm = MM_TO_PT
    turns = kit.rules.solo_turns if kit.rules is not None else 50
    y = _heading(kit, face, "tokens-solo", *kit.rows.string("kit-solo", turns), y)
    marker = Box(MARGIN, y - CHIT, CHIT, CHIT)
    face.shape(Shape("solo-marker", marker, pad=0.0), lambda c, ctx: (
        c.setFillColorRGB(*tint(TILE_RGB.get("city", TILE_FALLBACK), 0.6)),
        c.rect(marker.x * mm, marker.y * mm, marker.w * mm, marker.h * mm, stroke=0, fill=1),
        icons.hourglass(c, (marker.x + CHIT / 2) * mm, (marker.y + CHIT / 2) * mm,
                        (CHIT - 3) * mm), cut_rect(c, marker)))
    x0 = MARGIN + CHIT + 5.0
    cols = 10
    cw = (tw - CHIT - 5.0) / cols
    ch = min(8.0, max(5.0, (y - FOOT) / max(1, -(-turns // cols))))
    for t in range(1, turns + 1):
        r, c = divmod(t - 1, cols)
        cell = Box(x0 + c * cw, y - (r + 1) * ch, cw, ch)
        fill = tint(INK, 0.9) if t % 10 == 0 else WHITE
        face.paint(lambda cv, ctx, b=cell, f=fill: (
            cv.setFillColorRGB(*f), cv.setStrokeColorRGB(0.45, 0.45, 0.45),
            cv.setLineWidth(0.3 * mm),
            cv.rect(b.x * mm, b.y * mm, b.w * mm, b.h * mm, stroke=1, fill=1)))
        face.text(str(t), Frame(f"solo-turn-{t}", cell.x + 0.5, cell.y + 0.5, cell.w - 1.0,
                                cell.h - 1.0, TextStyle(BOLD, 9, 6, align="center"),
                                max_lines=1, background=fill), None,
                  colour=readable_on(fill))
