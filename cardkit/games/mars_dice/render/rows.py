"""Rows of icons for Mars Dice's cards and boards: costs, dice, effects, measures.

A row is a list of :data:`Token` ``(kind, value, width in icon sizes)``: ``face`` (a die-face
symbol, its letter a text on it), ``die`` (a die of a colour, no face yet), ``pdie`` (a die
added to production: on a brown tile), ``wild``, ``vp``
(a badge with its number), ``card``, ``tile``, ``track``, ``turn``, ``arrow`` (between what an
action costs and what it gives), ``gain`` (an action that costs nothing: an arrow out of an
empty ring), ``count`` ("2×", a text), ``gap``. :meth:`RowPainter.lay` puts a row on a face:
every icon a :class:`~cardkit.pdf.layout.Shape` (named ``<prefix>-<kind>-<value>-<j>``), every
number and letter a fit-checked text held by its icon, so nothing prints under an icon.
"""

from __future__ import annotations

import re

from ....i18n.lookup import Localizer
from ....text.fonts import BOLD
from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import RGB, Face, Frame, Shape, TextSource, readable_on
from ....text.runs import TextStyle
from . import icons
from .icons import Palette
from ..model import Effect, Measure
from .theme import INK, MAX_ICON, PROJECT_RGB, VP_RGB

Token = tuple[str, str, float]
#: Widths of the row tokens, in icon sizes; the step between two tokens.
ICON_W, COUNT_W, ARROW_W, GAP_W, STEP_W = 1.0, 1.0, 1.1, 0.4, 0.12
#: Width of the gain mark (an action that costs nothing), in icon sizes.
GAIN_W = 1.6
#: A die of any colour (what a measure of all production dice shows).
ANY_DIE = icons.DieLook("", (0.96, 0.95, 0.92), "circle")
COUNT_STYLE = TextStyle(BOLD, 11.0, 4.5, align="right")


def _s(string_id: str) -> TextSource:
    return TextSource("strings", string_id, "text")


def repeat(kind: str, value: str, n: int, most: int = 3) -> list[Token]:
    """``n`` icons (1 to ``most``), or "N×" and one icon."""
    if 1 <= n <= most:
        return [(kind, value, ICON_W)] * n
    return [("count", f"{n}\u00d7", COUNT_W), (kind, value, ICON_W)]


def join(*groups: list[Token]) -> list[Token]:
    """Groups of tokens with a gap between two non-empty groups."""
    out: list[Token] = []
    for g in groups:
        if g and out:
            out.append(("gap", "", GAP_W))
        out += g
    return out


def symbols(amounts: dict[str, int], most: int = 9) -> list[Token]:
    """Die-face icons for ``{symbol: count}``: one icon per symbol up to ``most`` each."""
    return join(*(repeat("face", rid, n, most) for rid, n in amounts.items()))


def dice(counts: dict[str, int], most: int = 6) -> list[Token]:
    """Die icons for ``{die colour: count}``: one die per die up to ``most`` each."""
    return join(*(repeat("die", did, n, most) for did, n in counts.items()))


def effect_tokens(effect: Effect, most: int = 3) -> list[Token]:
    """One effect as icons."""
    do = effect.do
    if do == "dice":
        if effect.face:
            return repeat("face", effect.face, effect.count, most)
        return repeat("die", effect.colour, effect.count, most)
    if do == "wild":
        return repeat("wild", "", effect.count, most)
    if do == "vp":
        return [("vp", str(effect.count), ICON_W)]
    if do == "draw":
        return repeat("card", "", effect.count, most)
    if do == "raise":
        return repeat("track", effect.track, effect.steps, 1)
    if do == "tile":
        return [("tile", effect.tile, ICON_W)]
    if do == "turn":
        return repeat("turn", "", effect.count, 1)
    return join(*(repeat("pdie", did, n, most) for did, n in effect.dice.items()))  # produce


def effects_tokens(effects: list[Effect], most: int = 3) -> list[Token]:
    """Several effects in one row."""
    return join(*(effect_tokens(e, most) for e in effects))


def action_tokens(pay: dict[str, int], effects: list[Effect], most: int = 9) -> list[Token]:
    """A blue card's action: what it costs, the arrow, what it gives (the rulebook: pay what is
    left of the arrow, if anything, then take what is right of it). An action that costs
    nothing starts with the *gain* mark, an arrow out of an empty ring, so what it gives never
    reads as a cost."""
    lead: list[Token] = symbols(pay, most)
    if lead:
        lead += [("gap", "", 0.3), ("arrow", "", ARROW_W), ("gap", "", 0.3)]
    else:
        lead = [("gain", "", GAIN_W), ("gap", "", 0.3)]
    return lead + effects_tokens(effects, most)


def measure_icon(m: Measure) -> Token:
    """The icon of what a milestone or a bonus card's end scoring counts."""
    if m.count == "cards":
        return ("card", m.of or "", ICON_W)
    if m.count == "tiles":
        return ("tile", m.of or "", ICON_W)
    if m.count in ("production", "dice"):
        return ("die", m.of or "", ICON_W)
    if m.count == "symbols":
        return ("face", m.of, ICON_W) if m.of else ("card", "", ICON_W)
    return ("vp", "", ICON_W)


def units(row: list[Token]) -> float:
    """The row's width in icon sizes."""
    return sum(w for _, _, w in row) + STEP_W * max(0, len(row) - 1)


def icon_size(row: list[Token], area: Box, max_icon: float = MAX_ICON) -> float:
    """The side of the icons when ``row`` is laid out in ``area`` (mm)."""
    return min(max_icon, area.h, area.w / units(row)) if row else max_icon


class RowPainter:
    """Lays rows of tokens on faces, in one locale."""

    def __init__(self, palette: Palette, loc: Localizer) -> None:
        self.palette, self.loc = palette, loc

    # -- texts of the content ----------------------------------------------------------------
    def name(self, kind: str, obj_id: str) -> tuple[str, TextSource | None]:
        """The localized name of an object, or its id when the content lacks it."""
        if obj_id in self.loc.content.index(kind):
            return self.loc.text(kind, obj_id, "name"), TextSource(kind, obj_id, "name")
        return obj_id, None

    def string(self, sid: str, n: float | None = None) -> tuple[str, TextSource]:
        """A template string and its source."""
        return self.loc.string(sid, n), _s(sid)

    def letter(self, resource_id: str) -> tuple[str, TextSource | None]:
        """The letter of a die-face icon: ``letter-<id>``, else the name's first letter."""
        sid = f"letter-{resource_id}"
        if sid in self.loc.content.index("strings"):
            return self.loc.string(sid), _s(sid)
        text, _ = self.name("resources", resource_id)
        return (text[:1].upper() or "?"), None

    def caption(self, effect: Effect) -> tuple[str, TextSource | None]:
        """The short text beside an effect's icons."""
        do = effect.do
        if do == "raise":
            return self.name("tracks", effect.track)
        if do == "tile":
            return self.name("tiles", effect.tile)
        sid = {"dice": "effect-dice-face" if getattr(effect, "face", None) else "effect-dice",
               "wild": "effect-wild", "vp": "effect-vp", "draw": "effect-draw",
               "turn": "effect-turn", "produce": "effect-produce"}[do]
        return self.string(sid)

    def measure(self, m: Measure) -> tuple[list[Token], str, TextSource, str | None,
                                           TextSource | None]:
        """What a measure counts: its icon, its label and the name of what ``of`` names."""
        label, src = self.string(f"measure-{m.count}")
        of_text: str | None = None
        of_src: TextSource | None = None
        if m.of and m.count == "cards":
            of_text, of_src = self.string(f"colour-{m.of}")
        elif m.of:
            kind = {"tiles": "tiles", "production": "dice", "dice": "dice",
                    "symbols": "resources"}.get(m.count)
            if kind is not None:
                of_text, of_src = self.name(kind, m.of)
        return [measure_icon(m)], label, src, of_text, of_src

    # -- laying out ---------------------------------------------------------------------------
    def lay(self, face: Face, prefix: str, row: list[Token], area: Box, bg: RGB,
            max_icon: float = MAX_ICON, align: str = "center", first: int = 0) -> float:
        """Lay out ``row`` in ``area`` (centred, or from the left or right); returns the icon
        size. Tokens are numbered from ``first`` (a row continued on a second line)."""
        if not row:
            return 0.0
        s = icon_size(row, area, max_icon)
        width = units(row) * s
        x = area.x + {"center": (area.w - width) / 2, "right": area.w - width}.get(align, 0.0)
        y = area.y + (area.h - s) / 2
        for j, (kind, value, w) in enumerate(row, first):
            box = Box(x, y, w * s, s)
            name = f"{prefix}-count-{j}" if kind == "count" else \
                f"{prefix}-{kind}-{value or 'any'}-{j}"
            self.token(face, name, kind, value, box, bg)
            x += (w + STEP_W) * s
        return s

    def token(self, face: Face, name: str, kind: str, value: str, box: Box, bg: RGB) -> None:
        """One token in ``box`` (a square for icons)."""
        if kind == "gap":
            return
        mm = MM_TO_PT
        s = min(box.w, box.h)
        cx, cy = (box.x + box.w / 2) * mm, (box.y + box.h / 2) * mm
        pal = self.palette
        if kind == "count":
            face.text(value, Frame(name, box.x, box.y, box.w, box.h, COUNT_STYLE, max_lines=1,
                                   background=bg), None, colour=readable_on(bg))
            return
        if kind == "face":
            look = pal.face(value)
            face.shape(Shape(name, box, pad=0.25),
                       lambda c, ctx: icons.face_icon(c, look, cx, cy, s * mm))
            if look.shape != "unknown":
                text, src = self.letter(value)
                k = 0.5 if look.shape == "diamond" else 0.6
                dy = -0.06 * s if look.shape == "drop" else 0.0
                inner = Box(box.x + box.w / 2 - k * s / 2, box.y + box.h / 2 - k * s / 2 + dy,
                            k * s, k * s)
                size = min(22.0, s * mm * 0.55)
                face.text(text, Frame(f"{name}-letter", inner.x, inner.y, inner.w, inner.h,
                                      TextStyle(BOLD, size, min(3.0, size), align="center"),
                                      max_lines=1, background=look.rgb),
                          src, colour=readable_on(look.rgb))
            return
        if kind == "vp":
            face.shape(Shape(name, box, "circle", pad=0.25),
                       lambda c, ctx: icons.vp_badge(c, cx, cy, s * mm))
            text, src = (value, None) if value else self.string("vp")
            k = 0.62
            size = min(12.0, s * mm * 0.6)
            face.text(text, Frame(f"{name}-n", box.x + box.w / 2 - k * s / 2,
                                  box.y + box.h / 2 - k * s / 2, k * s, k * s,
                                  TextStyle(BOLD, size, min(3.0, size), align="center"),
                                  max_lines=1, background=VP_RGB), src,
                      colour=readable_on(VP_RGB))
            return
        painters = {
            "die": lambda c, ctx: icons.die(c, pal.die(value) if value else ANY_DIE, cx, cy,
                                            s * mm),
            "pdie": lambda c, ctx: icons.production_die(c, pal.die(value), cx, cy, s * mm),
            "wild": lambda c, ctx: icons.wild(c, pal.colours, cx, cy, s * mm),
            "card": lambda c, ctx: icons.card(c, cx, cy, s * mm,
                                              PROJECT_RGB.get(value, (0.62, 0.30, 0.16))),
            "tile": lambda c, ctx: icons.tile(c, value, cx, cy, s * mm),
            "track": lambda c, ctx: icons.track(c, value, cx, cy, s * mm),
            "turn": lambda c, ctx: icons.turn(c, cx, cy, s * mm),
            "arrow": lambda c, ctx: icons.arrow(c, cx, cy, s * mm, INK),
            "gain": lambda c, ctx: icons.gain(c, box.x * mm, cy, box.w * mm, s * mm, INK),
        }
        paint = painters.get(kind, lambda c, ctx: icons.unknown(c, cx, cy, s * mm))
        face.shape(Shape(name, box, pad=0.25), paint)


def count_of(face: Face, prefix: str) -> dict[tuple[str, str], int]:
    """What a laid-out row shows: ``{(kind, value): count}``, an icon counting 1, or the
    number of the "N×" text right before it (the tests read costs back this way)."""
    counts = {}
    for p in face.placed:
        m = re.fullmatch(rf"{re.escape(prefix)}-count-(\d+)", p.frame.name)
        if m is not None:
            counts[int(m.group(1))] = int(p.text.rstrip("\u00d7"))
    out: dict[tuple[str, str], int] = {}
    for s in face.shapes:
        m = re.fullmatch(rf"{re.escape(prefix)}-([a-z]+)-([a-z0-9-]+)-(\d+)", s.name)
        if m is None or m.group(1) in ("arrow", "gain"):
            continue
        key = (m.group(1), m.group(2))
        out[key] = out.get(key, 0) + counts.get(int(m.group(3)) - 1, 1)
    return out
