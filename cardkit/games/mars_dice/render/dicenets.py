"""Paper dice: one cube net per die of the box, twelve to a page, a page set per die colour.

Why every die and not one net per colour: the pool is part of the rules (a colour that runs
short gives a wild token instead, and the awards take one die of each colour), so a kit short
of dice plays another game; printing each net spares the player counting and copying. Players
with ordinary coloured d6s need none of this: the icon page's dice table gives the pips that
stand for each face.

A net is the cross: four faces in a strip, one above and one below the second. The faces of
``dice.yaml`` go on it as many times as their ``sides`` (common ×3, uncommon ×2, rare ×1), each
as its die-face icon on the die's colour; seven glue tabs (grey trapezoids) sit on one edge of
every pair that meets when folded, so the cube closes. Solid lines are cut, dashed lines folded.
Each page says which die it is, how many to make (a plural string) and how, with the faces and
their counts.
"""

from __future__ import annotations

from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Face, Frame, tint
from ....text.fonts import BOLD
from ....text.runs import TextStyle
from .page import CUT, CUT_W, FOLD, MARGIN, MIN_H, MIN_W, Kit
from .theme import INK, WHITE

PER_PAGE, COLS = 12, 3
#: The face side (mm): at most a standard 16 mm die; the tab depth in face sides; the gap.
MAX_SIDE, TAB, GAP = 16.0, 0.3, 4.0
#: Where each face of the cross lies, in face sides from the net's lower-left corner: the strip
#: A B C D, T above B, U below B.
CROSS = (("A", 0, 1), ("B", 1, 1), ("C", 2, 1), ("D", 3, 1), ("T", 1, 2), ("U", 1, 0))
#: The glue tabs: (face, edge). Each pairs with the edge it is glued under (D right: A left;
#: A, C, D top: T's left, right and top; A, C, D bottom: U's left, right and bottom).
TABS = (("A", "top"), ("C", "top"), ("D", "top"), ("A", "bottom"), ("C", "bottom"),
        ("D", "bottom"), ("D", "right"))
#: Edges that are cut (no neighbour, no tab).
CUT_EDGES = (("T", "left"), ("T", "top"), ("T", "right"), ("U", "left"), ("U", "bottom"),
             ("U", "right"), ("A", "left"))
#: Edges between two faces (folds).
FOLDS = (("A", "right"), ("B", "right"), ("C", "right"), ("B", "top"), ("B", "bottom"))
#: The header of a nets page: title, rule, one guide, the "make" line and the faces line.
HEADER = 17.0 + 1.5 + 9.0 + 1.0 + 7.0 + 8.0


def die_faces(die: Any) -> list[str]:
    """The six sides of a die: each face as many times as its ``sides`` (padded with ``""``,
    a blank side, when the content gives fewer than six)."""
    sides = [f.resource for f in die.faces for _ in range(f.sides)][:6]
    return sides + [""] * (6 - len(sides))


def net_pages(kit: Kit) -> list[tuple[str, int]]:
    """``(die id, page of that die)`` for every page of nets."""
    return [(rec.id, k) for rec in kit.content.of("dice")
            for k in range(-(-rec.obj.count // PER_PAGE))]


def side(w: float, h: float) -> float:
    """The face side that fits three nets across and four down (mm)."""
    across = (w - (COLS - 1) * GAP) / (COLS * (4 + TAB))
    rows = -(-PER_PAGE // COLS)
    down = (h - (rows - 1) * GAP) / (rows * 3)
    return min(MAX_SIDE, across, down)


def nets_page(kit: Kit, w: float, h: float, die_id: str, k: int) -> Face:
    """Page ``k`` of the nets of one die colour."""
    die = next(rec.obj for rec in kit.content.of("dice") if rec.id == die_id)
    face, top = kit.page(f"kit-dice-{die_id}-{k}", w, h, kit.rows.name("dice", die_id),
                         subtitle="kit-dice", guides=("kit-dice-guide",))
    tw = w - 2 * MARGIN
    kit._text(face, "dice-make", "kit-dice-make", Box(MARGIN, top - 6.5, tw, 6.5),
              TextStyle(BOLD, 11.5, 7), WHITE, n=die.count, colour=INK)
    y = top - 7.0
    cell = tw / max(3, len(die.faces))
    for j, f in enumerate(die.faces):
        x = MARGIN + j * cell
        kit.rows.token(face, f"dice-face-{f.resource}", "face", f.resource,
                       Box(x, y - 7.0, 6.5, 6.5), WHITE)
        name, src = kit.rows.name("resources", f.resource)
        kit.label(face, f"dice-face-{f.resource}-name", name, src,
                  Box(x + 8.0, y - 7.0, cell - 26.0, 7.0), 9.5)
        face.text(f"\u00d7{f.sides}", _count_frame(f"dice-face-{f.resource}-sides",
                                                   x + cell - 17.0, y - 7.0), None, colour=INK)
    y -= 8.0
    s = side(MIN_W, MIN_H - HEADER)
    net_w, net_h = (4 + TAB) * s, 3 * s
    n = min(PER_PAGE, die.count - k * PER_PAGE)
    x_gap = (tw - COLS * net_w) / max(1, COLS - 1)
    sides = die_faces(die)
    for i in range(n):
        r, c = divmod(i, COLS)
        origin = (MARGIN + c * (net_w + x_gap), y - (r + 1) * net_h - r * GAP)
        _net(kit, face, f"net-{i}", die, sides, origin, s)
    return face


def _count_frame(name: str, x: float, y: float) -> Frame:
    return Frame(name, x, y, 10.0, 7.0, TextStyle(BOLD, 10, 7, align="left"), max_lines=1)


def _edge(x: float, y: float, s: float, edge: str) -> tuple[float, float, float, float]:
    """The ends of one edge of the face whose lower-left corner is ``(x, y)``."""
    return {"left": (x, y, x, y + s), "right": (x + s, y, x + s, y + s),
            "bottom": (x, y, x + s, y), "top": (x, y + s, x + s, y + s)}[edge]


def _tab(x: float, y: float, s: float, edge: str) -> list[tuple[float, float]]:
    """A glue tab on an edge: a trapezoid ``TAB`` deep with 45° sides."""
    d, i = TAB * s, TAB * s
    x1, y1, x2, y2 = _edge(x, y, s, edge)
    if edge == "top":
        return [(x1, y1), (x1 + i, y1 + d), (x2 - i, y2 + d), (x2, y2)]
    if edge == "bottom":
        return [(x1, y1), (x1 + i, y1 - d), (x2 - i, y2 - d), (x2, y2)]
    return [(x1, y1), (x1 + d, y1 + i), (x2 + d, y2 - i), (x2, y2)]  # right


def _net(kit: Kit, face: Face, name: str, die: Any, sides: list[str],
         origin: tuple[float, float], s: float) -> None:
    """One cube net at ``origin`` (lower-left, mm) with faces of side ``s``."""
    mm = MM_TO_PT
    ox, oy = origin
    at = {pos: (ox + cx * s, oy + cy * s) for pos, cx, cy in CROSS}
    look = kit.palette.die(die.id)
    fill = WHITE if kit.ink else tint(look.rgb, 0.62)

    def paint(c: Any, ctx: Any) -> None:
        c.setLineJoin(1)
        c.setFillColorRGB(0.86, 0.86, 0.86)
        c.setStrokeColorRGB(*CUT)
        c.setLineWidth(CUT_W * mm)
        for pos, edge in TABS:
            pts = _tab(*at[pos], s, edge)
            p = c.beginPath()
            p.moveTo(pts[0][0] * mm, pts[0][1] * mm)
            for px, py in pts[1:]:
                p.lineTo(px * mm, py * mm)
            c.drawPath(p, stroke=1, fill=1)  # the tab's own edge on the face is redrawn below
        c.setFillColorRGB(*fill)
        for pos, _, _ in CROSS:
            x, y = at[pos]
            c.rect(x * mm, y * mm, s * mm, s * mm, stroke=0, fill=1)
        c.setStrokeColorRGB(*FOLD)
        c.setLineWidth(0.3 * mm)
        c.setDash(1.6 * mm, 1.0 * mm)
        for pos, edge in (*FOLDS, *TABS):
            x1, y1, x2, y2 = _edge(*at[pos], s, edge)
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
        c.setDash()
        c.setStrokeColorRGB(*CUT)
        c.setLineWidth(CUT_W * mm)
        for pos, edge in CUT_EDGES:
            x1, y1, x2, y2 = _edge(*at[pos], s, edge)
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    face.paint(paint)
    icon = s * 0.72
    for (pos, _, _), resource in zip(CROSS, sides):
        if not resource:
            continue
        x, y = at[pos]
        kit.rows.token(face, f"{name}-{pos}-face-{resource}", "face", resource,
                       Box(x + (s - icon) / 2, y + (s - icon) / 2, icon, icon), fill)
