"""Terra Futura's icon legend: one page naming every mark the cards print, with a one-line
meaning each, all from the locale.

Which entries the page has is read from the content (:func:`legend_keys`), so a card set that
starts printing a mark (a resource on a card, a storage limit, a "2×" count) gets its entry:

* every resource a card shows (options' costs and gains, scoring combinations; pollution
  where an option makes it), named as in ``resources.yaml``, its meaning by kind (raw
  materials and products with the points they score);
* the pollution slot (with the penalty a polluted card costs), the storage limit ("max N",
  with the most common limit of the set: a card holds at most N resources, what does not fit
  is not taken), the first player's star, the level badges (start, I, II), the arrow between
  cost and gain, the line between two options, "N×" counts, the activation pattern and the
  help cards' mark.

Each entry's sample is drawn by the code that draws it on the cards (:mod:`.icons`,
:mod:`.marks`) as a shape named ``legend-<key>`` (a text inside it, "max 3" or "2×", in the
frame ``legend-<key>-sample``); its name and meaning are texts named ``legend-<key>-name`` and
``legend-<key>-text``. Counted nouns ("1 point", "5 points") are plural strings chosen by the
localizer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....pdf.geometry import MM_TO_PT, Box
from ....pdf.layout import Ctx, Face, Frame, Shape, TextSource
from ....text.fonts import BOLD, REGULAR
from ....text.runs import TextStyle
from . import icons, marks
from .pages import FOOTER, MARGIN, PageContext, header, strings
from .rows import amount_tokens, option_rows
from .theme import INK, KIND_RGB, WHITE

#: The order of the marks after the resources (a key is in the legend only if the cards use it).
MARK_KEYS = ("slot", "storage", "first", "start", "level-i", "level-ii", "arrow", "options",
             "count", "pattern", "help")
#: Meaning string of each resource kind.
KIND_TEXT = {"raw": "legend-raw-text", "product": "legend-product-text",
             "money": "legend-money-text", "wild": "legend-any-raw-text",
             "pollution": "legend-pollution-text"}
#: Name and meaning strings of the marks.
MARK_STRINGS = {"slot": ("legend-slot", "legend-slot-text"),
                "storage": ("legend-storage", "legend-storage-text"),
                "first": ("legend-first", "legend-first-text"),
                "start": ("legend-start", "legend-start-text"),
                "level-i": ("level-i", "legend-level-i-text"),
                "level-ii": ("level-ii", "legend-level-ii-text"),
                "arrow": ("legend-arrow", "legend-arrow-text"),
                "options": ("legend-options", "legend-options-text"),
                "count": ("legend-count", "legend-count-text"),
                "pattern": ("pattern", "legend-pattern-text"),
                "help": ("legend-help", "legend-help-text")}
#: The sample count of the "N×" entry.
COUNT_SAMPLE = 2
#: The sample's box beside each entry (mm) and the space between the two columns.
SAMPLE_W, SAMPLE_H, GUTTER = 17.0, 12.0, 8.0
NAME_STYLE = TextStyle(BOLD, 10.5, 7.0, colour=INK)
TEXT_STYLE = TextStyle(REGULAR, 9.0, 6.5, colour=INK)


def legend_keys(ctx: PageContext) -> list[str]:
    """The legend's entries, in order: the resources the cards show (by ``resources.yaml``
    order), then the marks of :data:`MARK_KEYS` the cards print."""
    content, pal = ctx.content, ctx.palette
    cards = [rec.obj for rec in content.of("cards")]
    scoring = [rec.obj for rec in content.of("scoring")]
    shown: set[str] = set()
    used: set[str] = set()
    for card in cards:
        for option in card.options:
            shown |= set(option.pay) | set(option.gain)
            if option.pollution:
                shown.add(pal.pollution_id)
        rows = [row for row, _ in option_rows(card, pal.pollution_id)]
        used |= {kind for row in rows for kind, _, _ in row}
        if card.slots:
            used.add("slot")
        if card.storage is not None:
            used.add("storage")
        if card.first:
            used.add("first")
        used.add({"start": "start", "I": "level-i", "II": "level-ii"}[card.level])
        if len(card.options) > 1:
            used.add("options")
    for sc in scoring:
        shown |= set(sc.combination)
        used |= {kind for kind, _, _ in amount_tokens(sc.combination)}
    if scoring:
        used.add("pattern")
    if content.of("help"):
        used.add("help")
    resources = [rec.id for rec in content.of("resources") if rec.id in shown]
    return resources + [k for k in MARK_KEYS if k in used]


@dataclass(frozen=True, slots=True)
class Entry:
    """One legend entry: its key, name and meaning (with their sources) and its sample."""

    key: str
    name: str
    name_src: TextSource | None
    text: str
    text_src: TextSource | None
    sample: Callable[[Face, Box], None]


def entries(ctx: PageContext) -> list[Entry]:
    """The legend's entries in the locale."""
    loc = ctx.loc
    res = {rec.id: rec.obj for rec in ctx.content.of("resources")}
    rules = ctx.content.of("rules")
    penalty = rules[0].obj.polluted_card_penalty if rules else 1
    limits = Counter(rec.obj.storage for rec in ctx.content.of("cards")
                     if rec.obj.storage is not None)
    limit = limits.most_common(1)[0][0] if limits else 3
    out = []
    for key in legend_keys(ctx):
        if key in res:
            r = res[key]
            sid = KIND_TEXT[r.kind]
            n = r.points if r.kind in ("raw", "product") else None
            out.append(Entry(key, loc.text("resources", key, "name"),
                             TextSource("resources", key, "name"), loc.string(sid, n),
                             strings(sid), _resource_sample(ctx, key)))
            continue
        name_id, text_id = MARK_STRINGS[key]
        n = {"slot": penalty, "storage": limit, "count": COUNT_SAMPLE}.get(key)
        out.append(Entry(key, loc.string(name_id), strings(name_id), loc.string(text_id, n),
                         strings(text_id), _mark_sample(ctx, key, limit)))
    return out


# -- samples: each draws what the cards draw, centred in the entry's sample box ------------------

def _centre(box: Box) -> tuple[float, float]:
    return box.x + box.w / 2, box.y + box.h / 2


def _resource_sample(ctx: PageContext, rid: str) -> Callable[[Face, Box], None]:
    icon = ctx.palette.icon(rid)

    def add(face: Face, box: Box) -> None:
        cx, cy = _centre(box)
        s = min(box.w, box.h) * 0.8
        face.shape(Shape(f"legend-{rid}", Box(cx - s / 2, cy - s / 2, s, s), pad=0.3),
                   lambda c, _ctx: icons.draw_icon(c, icon, cx * MM_TO_PT, cy * MM_TO_PT,
                                                   s * MM_TO_PT))
    return add


def _mark_sample(ctx: PageContext, key: str, limit: int) -> Callable[[Face, Box], None]:
    mm = MM_TO_PT
    loc = ctx.loc

    def add(face: Face, box: Box) -> None:
        cx, cy = _centre(box)
        name = f"legend-{key}"
        if key == "slot":
            b = Box(cx - 3.0, cy - 3.0, 6.0, 6.0)
            face.shape(Shape(name, b), lambda c, _ctx: marks.slot(c, b))
        elif key == "storage":
            marks.storage_box(face, name, Box(cx - 8.0, cy - 3.3, 16.0, 6.6),
                              loc.string("storage-max", limit), strings("storage-max"),
                              f"{name}-sample")
        elif key == "first":
            b = Box(cx - 4.5, cy - 4.5, 9.0, 9.0)
            face.shape(Shape(name, b, "circle"),
                       lambda c, _ctx: icons.star(c, cx * mm, cy * mm, b.w * mm))
        elif key in ("start", "level-i", "level-ii", "help"):
            kind = {"start": "start", "level-i": "I", "level-ii": "II", "help": "help"}[key]
            b = Box(cx - 5.0, cy - 5.0, 10.0, 10.0)
            draw = {"start": icons.house, "help": icons.info}.get(key)
            marks.badge(face, name, b, KIND_RGB[kind],
                        None if draw else {"I": "I", "II": "II"}[kind],
                        None if draw is None else
                        (lambda c, x, y, s, d=draw: d(c, x, y, s, WHITE)), size=11.0,
                        text_name=f"{name}-sample")
        elif key == "arrow":
            b = Box(cx - 5.0, cy - 4.0, 10.0, 8.0)
            face.shape(Shape(name, b), lambda c, _ctx: icons.arrow(c, cx * mm, cy * mm, 8 * mm))
        elif key == "options":
            _options_sample(face, ctx, name, box)
        elif key == "count":
            _count_sample(face, ctx, name, box)
        elif key == "pattern":
            b = Box(cx - 5.0, cy - 5.0, 10.0, 10.0)
            face.shape(Shape(name, b),
                       lambda c, _ctx: marks.grid(c, b, {(0, 0), (1, 1), (2, 2), (0, 2)},
                                                  KIND_RGB["scoring"]))
    return add


def _options_sample(face: Face, ctx: PageContext, name: str, box: Box) -> None:
    """Two small rows of icons with the options' rule between them."""
    pal = ctx.palette
    top = (pal.raw[:1] or ["any-raw"])[0]
    low = next((rid for rid, i in pal.icons.items() if i.shape == "coin"), top)
    cx, cy = _centre(box)
    mm = MM_TO_PT
    s = 4.4

    def paint(c: Any, _ctx: Ctx) -> None:
        icons.draw_icon(c, pal.icon(top), cx * mm, (cy + 3.1) * mm, s * mm)
        marks.rule(c, cx - 6.5, cx + 6.5, cy)
        icons.draw_icon(c, pal.icon(low), cx * mm, (cy - 3.1) * mm, s * mm)
    face.shape(Shape(name, Box(cx - 6.5, cy - 5.5, 13.0, 11.0)), paint)


def _count_sample(face: Face, ctx: PageContext, name: str, box: Box) -> None:
    """"2×" and one icon, as a card prints a count that would not fit as icons."""
    pal = ctx.palette
    rid = (pal.raw[-1:] or ["any-raw"])[0]
    cx, cy = _centre(box)
    s = 7.0
    ib = Box(cx + 0.3, cy - s / 2, s, s)
    face.shape(Shape(name, ib, pad=0.3),
               lambda c, _ctx: icons.draw_icon(c, pal.icon(rid), (ib.x + s / 2) * MM_TO_PT,
                                               cy * MM_TO_PT, s * MM_TO_PT))
    face.text(f"{COUNT_SAMPLE}\u00d7", Frame(f"{name}-sample", cx - s - 0.6, cy - s / 2, s, s,
                                              TextStyle(BOLD, 12.0, 5.0, align="right"),
                                              max_lines=1), None, colour=INK)


# -- the page ------------------------------------------------------------------------------------

def legend_face(ctx: PageContext, w: float, h: float) -> Face:
    """The legend page on paper of ``w`` x ``h`` mm: the entries in two columns."""
    face = Face("legend", w, h)
    top = header(face, ctx, "legend-title")
    items = entries(ctx)
    rows = max(1, -(-len(items) // 2))
    col_w = (w - 2 * MARGIN - GUTTER) / 2
    row_h = min(26.0, (top - FOOTER) / rows)
    for k, e in enumerate(items):
        col, r = divmod(k, rows)
        x = MARGIN + col * (col_w + GUTTER)
        y = top - (r + 1) * row_h
        sample = Box(x, y + row_h - SAMPLE_H - 1.0, SAMPLE_W, SAMPLE_H)
        e.sample(face, sample)
        tx, tw = x + SAMPLE_W + 2.0, col_w - SAMPLE_W - 2.0
        face.text(e.name, Frame(f"legend-{e.key}-name", tx, y + row_h - 6.5, tw, 5.5,
                                NAME_STYLE, max_lines=1), e.name_src)
        face.text(e.text, Frame(f"legend-{e.key}-text", tx, y + 1.0, tw, row_h - 8.0,
                                TEXT_STYLE, valign="top"), e.text_src)
    return face


def legend_page(ctx: PageContext) -> tuple[str, Callable[[float, float], Face]]:
    """The legend as the deck's extra page: ``(title, page builder)``."""
    return ctx.loc.string("legend-title"), lambda w, h: legend_face(ctx, w, h)
