"""The icon legend: every icon the cards and boards print, named in the locale, and the dice.

:func:`used_icons` walks the *content* — costs, production, effects, actions, triggers, storage,
VP ribbons, measures, awards, track and area bonuses, the conversions of the turn summary —
through the same token functions the templates draw with, and gives the icons printed as
:data:`IconKey` ``(kind, value)`` (the value only where it changes the picture: a face, a die
colour, a tile, a track, a timing, a ribbon). The legend page draws its entries from its own
list, not from that walk: the **dice table** (each die colour of ``dice.yaml`` with its faces,
how many sides each has and the pips an ordinary d6 shows for it, the d6 stand-in), then the
**icons** (:func:`entries`: the fixed kinds with their strings, every tile and track by its
name). Each entry is a shape named ``legend-<kind>-<value or any>``, so a test can compare the
legend with :func:`used_icons`, and an icon the cards start to print with no entry shows up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....core.content import GameContent
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Face, Frame, Shape
from ....text.fonts import BOLD, REGULAR
from ....text.runs import TextStyle
from . import icons
from ..model import Die
from .page import FOOT, MARGIN, Kit
from .rows import (ANY_DIE, Token, action_tokens, dice, effect_tokens, effects_tokens,
                   measure_icon, symbols)
from .theme import INK, RIBBON, TIMING_MARK, TIMING_RGB, WHITE

IconKey = tuple[str, str]
#: Icon kinds whose value changes the picture; the others are one icon whatever the value.
VALUED = frozenset({"face", "die", "tile", "track", "timing", "ribbon"})
#: Row tokens that are no icons.
NOT_ICONS = frozenset({"gap", "count"})


def key(kind: str, value: str = "") -> IconKey:
    """The legend key of an icon."""
    return (kind, value if kind in VALUED else "")


def _row(out: set[IconKey], tokens: Iterable[Token]) -> None:
    out.update(key(kind, value) for kind, value, _ in tokens if kind not in NOT_ICONS)


def used_icons(content: GameContent) -> set[IconKey]:
    """Every icon the cards, the boards and the turn summary print for this content."""
    out: set[IconKey] = set()

    def lasting(obj: object) -> None:
        for t in getattr(obj, "triggers", []):
            _row(out, effects_tokens(t.effects))
        if getattr(obj, "storage", 0):
            out.add(key("storage"))
    for rec in content.of("projects"):
        p = rec.obj
        _row(out, symbols(p.cost))
        _row(out, dice(p.production))
        for e in p.effects:
            _row(out, effect_tokens(e))
        for a in p.actions:
            _row(out, action_tokens(a.pay, a.effects))
            out.add(key("timing", a.timing))
        lasting(p)
        if p.vp:
            out.add(key("ribbon", p.vp_timing))
    for rec in content.of("corporations"):
        c = rec.obj
        for e in c.start:
            _row(out, effect_tokens(e))
        _row(out, dice(c.production))
        lasting(c)
    for rec in content.of("bonus"):
        b = rec.obj
        for e in b.effects:
            _row(out, effect_tokens(e))
        lasting(b)
        if b.end is not None:
            _row(out, [("vp", "", 1.0), measure_icon(b.end.per)])
    for rec in content.of("milestones"):
        _row(out, [measure_icon(rec.obj.measure), ("vp", "", 1.0)])
    for rec in content.of("awards"):
        _row(out, [("face", rec.obj.symbol, 1.0), ("vp", "", 1.0)])
    for rec in content.of("tracks"):
        out.add(key("track", rec.id))
        for bonus in rec.obj.bonuses:
            _row(out, effects_tokens(bonus.effects))
    for rec in content.of("board"):
        for area in rec.obj.areas:
            _row(out, effects_tokens(area.bonus))
    for rec in content.of("conversions"):
        _row(out, action_tokens(rec.obj.pay, rec.obj.effects))
    if content.of("rules"):  # the score track: its VP badge, the bonus cards at the thresholds
        _row(out, [("vp", "", 1.0), ("card", "", 1.0)])
    return out


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the icon list: the icon, its name (a string or a content name) and what it
    means (a string)."""

    kind: str
    value: str
    name: tuple[str, str]  # ("strings", sid) or (content kind, id)
    text: str  # string id


def entries(content: GameContent) -> list[Entry]:
    """The icon list of the legend page (the dice and their faces are in its table)."""
    wild = [rec.id for rec in content.of("resources") if rec.obj.kind == "wild"]
    out = [Entry("face", "", ("strings", "legend-face-name"), "legend-face"),
           Entry("die", "", ("strings", "legend-die-name"), "legend-die"),
           Entry("pdie", "", ("strings", "production"), "legend-pdie")]
    if wild:
        out.append(Entry("wild", "", ("resources", wild[0]), "legend-wild"))
    out += [Entry("vp", "", ("strings", "effect-vp"), "legend-vp"),
            Entry("card", "", ("strings", "kind-project"), "legend-card"),
            Entry("turn", "", ("strings", "effect-turn"), "legend-turn")]
    out += [Entry("ribbon", timing, ("strings", "legend-ribbon"), f"legend-ribbon-{timing}")
            for timing in RIBBON]
    out += [Entry("arrow", "", ("strings", "legend-arrow-name"), "legend-arrow"),
            Entry("gain", "", ("strings", "legend-gain-name"), "legend-gain")]
    out += [Entry("timing", timing, ("strings", f"timing-{timing}"), f"legend-{timing}")
            for timing in TIMING_MARK]
    out.append(Entry("storage", "", ("strings", "storage"), "legend-storage"))
    out += [Entry("tile", rec.id, ("tiles", rec.id), "legend-tile")
            for rec in content.of("tiles")]
    out += [Entry("track", rec.id, ("tracks", rec.id), "legend-track")
            for rec in content.of("tracks")]
    return out


def _first_face(content: GameContent) -> str:
    for rec in content.of("dice"):
        for f in rec.obj.faces:
            return f.resource
    return ""


def _shape_name(kind: str, value: str) -> str:
    return f"legend-{kind}-{value or 'any'}"


# -- the page -------------------------------------------------------------------------------------

def legend_page(kit: Kit, w: float, h: float) -> Face:
    """The icon legend: the dice table, then every icon with its name and meaning."""
    face, top = kit.page("kit-legend", w, h, kit.rows.string("kit-legend"))
    x0, tw = MARGIN, w - 2 * MARGIN
    kit.label(face, "legend-dice-head", *kit.rows.string("legend-dice"),
              Box(x0, top - 7.0, tw, 7.0), 12.0)
    kit._text(face, "legend-d6", "legend-d6", Box(x0, top - 16.0, tw, 8.5),
              TextStyle(REGULAR, 9.5, 6.5, leading=1.1), WHITE, lines=2, colour=INK)
    dice_recs = kit.content.of("dice")
    list_rows = -(-len(entries(kit.content)) // 2)
    room = top - 17.0 - FOOT - 9.0
    row_h = min(15.0, room * 0.4 / max(1, len(dice_recs)))
    y = top - 17.0
    for i, rec in enumerate(dice_recs):
        _die_row(kit, face, rec.obj, Box(x0, y - (i + 1) * row_h, tw, row_h), i)
    y -= len(dice_recs) * row_h + 3.0
    kit.label(face, "legend-icons-head", *kit.rows.string("legend-icons"),
              Box(x0, y - 7.0, tw, 7.0), 12.0)
    y -= 8.0
    line_h = min(12.5, (y - FOOT) / max(1, list_rows))
    col_w = (tw - 4.0) / 2
    for k, entry in enumerate(entries(kit.content)):
        col, r = divmod(k, list_rows)
        _entry(kit, face, entry, Box(x0 + col * (col_w + 4.0), y - (r + 1) * line_h, col_w,
                                     line_h))
    return face


def _die_row(kit: Kit, face: Face, die: Die, box: Box, i: int) -> None:
    """One die colour: its die icon and name, then each face with its sides and d6 pips."""
    mm = MM_TO_PT
    look = kit.palette.die(die.id)
    if i % 2 == 0:
        face.paint(lambda c, ctx: (c.setFillColorRGB(0.95, 0.94, 0.92),
                                   c.rect(box.x * mm, box.y * mm, box.w * mm, box.h * mm,
                                          stroke=0, fill=1)))
    s = min(box.h - 3.0, 9.0)
    name_w = 36.0
    icon = Box(box.x + 1.0, box.y + (box.h - s) / 2, s, s)
    face.shape(Shape(_shape_name("die", die.id), icon, pad=0.3),
               lambda c, ctx: icons.die(c, look, (icon.x + s / 2) * mm, (icon.y + s / 2) * mm,
                                        s * mm))
    name, src = kit.rows.name("dice", die.id)
    face.text(name, Frame(f"legend-die-{die.id}-name", icon.right + 1.5, box.y,
                          name_w - s - 3.0, box.h,
                          TextStyle(BOLD, 9.5, 6.0, leading=1.05), max_lines=2), src,
              colour=INK)
    faces = list(die.faces)
    cell_w = (box.w - name_w) / max(3, len(faces))
    first = 1
    for k, f in enumerate(faces):
        cell = Box(box.x + name_w + k * cell_w, box.y, cell_w, box.h)
        fs = min(box.h - 3.0, 8.5)
        fbox = Box(cell.x + 1.0, cell.y + (cell.h - fs) / 2, fs, fs)
        kit.rows.token(face, _shape_name("face", f.resource), "face", f.resource, fbox, WHITE)
        fname, fsrc = kit.rows.name("resources", f.resource)
        text_x = fbox.right + 1.5
        face.text(fname, Frame(f"legend-face-{f.resource}-name", text_x, cell.y + cell.h / 2,
                               cell.right - text_x - 1.0, cell.h / 2 - 0.5,
                               TextStyle(BOLD, 8.5, 5.5), max_lines=1), fsrc, colour=INK)
        face.text(f"\u00d7{f.sides}", Frame(f"legend-face-{f.resource}-sides", text_x,
                                            cell.y + 0.5, 6.0, cell.h / 2 - 0.5,
                                            TextStyle(BOLD, 8.5, 5.5), max_lines=1), None,
                  colour=INK)
        p = min(cell.h / 2 - 1.5, 4.2)
        for j in range(f.sides):
            n = first + j
            pb = Box(text_x + 6.5 + j * (p + 0.8), cell.y + (cell.h / 2 - p) / 2 + 0.2, p, p)
            if n <= 6:
                face.shape(Shape(f"legend-d6-{die.id}-{n}", pb, pad=0.1),
                           lambda c, ctx, b=pb, n=n: icons.pips(
                               c, n, (b.x + b.w / 2) * mm, (b.y + b.h / 2) * mm, b.w * mm))
        first += f.sides


def _entry(kit: Kit, face: Face, entry: Entry, box: Box) -> None:
    """One icon with its name (bold) and its meaning."""
    mm = MM_TO_PT
    s = min(box.h - 2.5, 8.5)
    icon = Box(box.x + 1.0, box.top - 1.0 - s, s, s)
    name = _shape_name(entry.kind, entry.value)
    if entry.kind == "timing":
        rgb = TIMING_RGB[entry.value]
        shape = TIMING_MARK[entry.value]
        face.shape(Shape(name, icon, pad=0.3), lambda c, ctx: icons.timing(
            c, shape, (icon.x + s / 2) * mm, (icon.y + s / 2) * mm, s * 0.8 * mm, rgb))
    elif entry.kind == "ribbon":
        rgb = RIBBON[entry.value]
        rb = Box(icon.x + s * 0.2, icon.y, s * 0.6, s)
        face.shape(Shape(name, icon, pad=0.3), lambda c, ctx: icons.ribbon(
            c, rb.x * mm, rb.y * mm, rb.w * mm, rb.h * mm, rgb))
    elif entry.kind == "storage":
        icon = Box(box.x + 1.0, box.top - 1.0 - s, 44.0, s)
        face.shape(Shape(name, icon, pad=0.3), lambda c, ctx: _storage_box(c, icon))
    elif entry.kind == "gain":
        icon = Box(box.x + 1.0, box.top - 1.0 - s, s * 1.6, s)
        kit.rows.token(face, name, "gain", "", icon, WHITE)
    elif entry.kind == "die" and not entry.value:
        face.shape(Shape(name, icon, pad=0.3), lambda c, ctx: icons.die(
            c, ANY_DIE, (icon.x + s / 2) * mm, (icon.y + s / 2) * mm, s * mm))
    elif entry.kind == "vp":
        kit.rows.token(face, name, "vp", "1", icon, WHITE)
    elif entry.kind == "face" and not entry.value:  # any face: the first die's first
        kit.rows.token(face, name, "face", _first_face(kit.content), icon, WHITE)
    elif entry.kind == "pdie":
        kit.rows.token(face, name, "pdie", _first_die(kit), icon, WHITE)
    else:
        kit.rows.token(face, name, entry.kind, entry.value, icon, WHITE)
    kind, obj = entry.name
    if entry.kind == "storage":  # its name is the box's own text: "Keep 1 more die"
        text, src = kit.rows.string("storage", 1)
        face.text(text, Frame(f"{name}-text", icon.x + 0.8, icon.y + 0.6, icon.w - 1.6,
                              icon.h - 1.2, TextStyle(BOLD, 8, 5, align="center"), max_lines=1,
                              background=WHITE), src, colour=INK)
        name_box = None
    else:
        text, src = kit.rows.string(obj) if kind == "strings" else kit.rows.name(kind, obj)
        name_box = Box(icon.right + 2.0, box.top - 5.0, box.right - icon.right - 2.0, 4.5)
        face.text(text, Frame(f"{name}-name", name_box.x, name_box.y, name_box.w, name_box.h,
                              TextStyle(BOLD, 9, 6), max_lines=1), src, colour=INK)
    x = icon.right + 2.0
    top = box.top - (5.0 if name_box is not None else 0.5)
    meaning, msrc = kit.rows.string(entry.text)
    face.text(meaning, Frame(f"{name}-meaning", x, box.y + 0.3, box.right - x, top - box.y - 0.3,
                             TextStyle(REGULAR, 8.5, 5.5, leading=1.08), max_lines=2,
                             valign="top"), msrc, colour=INK)


def _first_die(kit: Kit) -> str:
    recs = kit.content.of("dice")
    return recs[0].id if recs else ""


def _storage_box(c: Any, box: Box) -> None:
    mm = MM_TO_PT
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.35 * mm)
    c.roundRect(box.x * mm, box.y * mm, box.w * mm, box.h * mm, 1.2 * mm,
                stroke=1, fill=1)


def legend_keys(face: Face) -> set[IconKey]:
    """The icons a built legend page names (read back from its shapes)."""
    out = set()
    for s in face.shapes:
        parts = s.name.split("-", 2)
        if len(parts) == 3 and parts[0] == "legend" and parts[1] != "d6":
            out.add(key(parts[1], "" if parts[2] == "any" else parts[2]))
    return out
