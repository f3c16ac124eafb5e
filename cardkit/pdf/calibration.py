"""The calibration page: a 100 mm square, an asymmetric "F" mark that shows a wrong flip edge,
and vernier scales that read the front/back misregistration in 0.5 mm steps.

Geometry first (pure, tested), then the two faces (front and back) built from it. Everything is
placed in page millimetres; the back half of every mark is computed by turning the front's
position over with :meth:`Sheet.flip` and adding the back offset, exactly as card backs are.

**The F.** The front has an outlined F in the upper left of the square; the back a grey F placed
so that, under the mode's flip, it lands exactly under the outline. Under the other edge's flip it
lands in another quarter of the page, upside down — a wrong printer setting cannot look right.

**The verniers.** Front ticks every :data:`PITCH` mm, numbered; back ticks every ``PITCH + 0.5``
mm. A misregistration of ``e`` mm moves the back ticks by ``e``: tick ``i`` of the back meets tick
``i`` of the front where ``0.5 i = -e``. The number printed at front tick ``i`` is the back offset
that cancels that misregistration, so the user reads it and passes it to ``--back-offset``.
With 21 ticks at 9/9.5 mm the reading is unique over ±5 mm (the next coincidence is 19 ticks
away; where two coincide the one nearer 0 is the reading); a larger error shows as an F that
misses its outline by more than 5 mm. A tick pair whose front or back tick would leave the
printable area (a narrow paper, a large back offset) is left out, so the scales end earlier.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..text.fonts import BOLD, REGULAR
from ..text.runs import TextStyle
from .geometry import MM_TO_PT, Box
from .layout import Ctx, Face, Frame, Shape
from .pages import stack
from .sheet import FOOTER_H, Sheet
from .words import Words

INK = (0.0, 0.0, 0.0)


def pt(mm: float) -> float:
    """Millimetres to points."""
    return mm * MM_TO_PT

#: Front tick pitch of the verniers (mm); back ticks are :data:`STEP` wider (the widest back
#: scale, 190 mm, fits A4's printable area).
PITCH = 9.0
#: Ticks keep this far inside the printable area (their ink, the meeting lines' ends).
INSIDE = 0.5
STEP = 0.5
TICKS = range(-10, 11)
#: The F as a polygon in a unit box (x right, y up): stem, top bar, middle bar.
F_SHAPE = ((0.0, 0.0), (0.3, 0.0), (0.3, 0.45), (0.75, 0.45), (0.75, 0.62), (0.3, 0.62),
           (0.3, 0.8), (1.0, 0.8), (1.0, 1.0), (0.0, 1.0))
F_SIZE = (30.0, 42.0)

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Tick:
    """One vernier tick pair: where the front tick is, where its back twin is printed on the
    back page (offset included), and the number printed beside the front tick."""

    index: int
    front: tuple[Point, Point]
    back: tuple[Point, Point]
    value: float


@dataclass(frozen=True, slots=True)
class CalibrationMarks:
    """Everything the two sides of the calibration sheet draw, in page millimetres."""

    square: tuple[float, float, float] | None  # x, y, side of the 100 mm square
    ruler: tuple[float, float] | None  # x, y of a 100 mm ruler (fold sheets)
    f_front: tuple[Point, ...]
    f_back: tuple[Point, ...]  # on the back page (on the same page for ``fold``)
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    x_scale: Point  # where the X vernier's ticks meet (front page)
    y_scale: Point


def _back(sheet: Sheet, p: Point) -> Point:
    """Where a front point's twin is printed on the back page (the flip, then the offset)."""
    x, y = sheet.flip(*p)
    return (x + sheet.back_offset[0], y + sheet.back_offset[1])


def marks(sheet: Sheet) -> CalibrationMarks:
    """The calibration marks of a sheet layout."""
    w, h, m = sheet.paper_w, sheet.paper_h, sheet.margin
    if sheet.fold is not None:
        fx = w / 4 - F_SIZE[0] / 2  # on the front half, below the text (vertical fold)
        fy = (h / 2 - 30 if sheet.fold == "vertical" else 3 * h / 4) - F_SIZE[1] / 2
        f_front = tuple((fx + u * F_SIZE[0], fy + v * F_SIZE[1]) for u, v in F_SHAPE)
        return CalibrationMarks(None, ((w - 100) / 2, m + FOOTER_H + 8), f_front,
                                tuple(_back(sheet, p) for p in f_front), (), (), (0, 0), (0, 0))
    x_scale = (w / 2, h - 42.0)
    y_scale = (m + 14.0, (m + FOOTER_H + 6 + x_scale[1] - 6) / 2)
    sx, sy = sheet.back_axes
    area = Box(m, m, w - 2 * m, h - 2 * m).grow(-INSIDE)
    x_ticks, y_ticks = [], []
    for i in TICKS:
        cx, cy = x_scale[0] + i * PITCH, x_scale[1]
        bx = x_scale[0] + i * (PITCH + STEP)
        x_ticks.append(Tick(i, ((cx, cy), (cx, cy + 4)),
                            (_back(sheet, (bx, cy - 4)), _back(sheet, (bx, cy))), STEP * sx * i))
        px, py = y_scale[0], y_scale[1] + i * PITCH
        by = y_scale[1] + i * (PITCH + STEP)
        y_ticks.append(Tick(i, ((px, py), (px + 4, py)),
                            (_back(sheet, (px - 4, by)), _back(sheet, (px, by))), STEP * sy * i))
    x_ticks = [t for t in x_ticks if _inside(area, t, (-6.0, 0.0))]
    y_ticks = [t for t in y_ticks if _inside(area, t, (0.0, -6.0))]
    side = 100.0
    x0 = max(y_scale[0] + 16, (w - side) / 2)
    y0 = x_scale[1] - 10 - side
    fx, fy = x0 + 12, y0 + 45
    f_front = tuple((fx + u * F_SIZE[0], fy + v * F_SIZE[1]) for u, v in F_SHAPE)
    return CalibrationMarks((x0, y0, side), None, f_front,
                            tuple(_back(sheet, p) for p in f_front), tuple(x_ticks),
                            tuple(y_ticks), x_scale, y_scale)


def _inside(area: Box, tick: Tick, reach: tuple[float, float]) -> bool:
    """Whether a tick pair's front and back ticks, and the meeting line's end ``reach`` beyond
    an outermost front tick (x, y mm), lie inside ``area``."""
    (fx, fy), _ = tick.front
    ends = [*tick.front, *tick.back, (fx + reach[0], fy + reach[1]), (fx - reach[0],
                                                                        fy - reach[1])]
    return all(area.x <= x <= area.right and area.y <= y <= area.top for x, y in ends)


def read_vernier(ticks: tuple[Tick, ...], landed: list[tuple[Point, Point]], axis: int) -> float:
    """The number a user reads: that of the front tick which a landed back tick meets best.

    ``landed`` are the back ticks as they end up seen from the front (after the flip and any
    misregistration); ``axis`` 0 reads x positions, 1 reads y.
    """
    best = min(((abs(t.front[0][axis] - b[0][axis]), t.index, t)
                for t in ticks for b in landed), key=lambda k: (k[0], abs(k[1])))
    return best[2].value


# ---------------------------------------------------------------------------------------------
# the faces

def _num(value: float) -> str:
    """A signed tick number: ``+1.5``, ``0``, ``−2`` (a real minus sign)."""
    if abs(value) < 1e-9:
        return "0"
    return f"{value:+g}".replace("-", "\u2212")


def _polygon(canvas: Any, points: tuple[Point, ...], fill: bool, width: float) -> None:
    path = canvas.beginPath()
    path.moveTo(pt(points[0][0]), pt(points[0][1]))
    for x, y in points[1:]:
        path.lineTo(pt(x), pt(y))
    path.close()
    canvas.setLineWidth(width)
    canvas.drawPath(path, stroke=1, fill=1 if fill else 0)


def front_face(sheet: Sheet, words: Words, ink_saver: bool = False) -> Face:
    """The calibration page as printed on the front (on ``fold`` sheets: the whole page)."""
    cal = marks(sheet)
    w, h, m = sheet.paper_w, sheet.paper_h, sheet.margin
    face = Face("calibration", w, h)
    small = TextStyle(REGULAR, 6.0, 4.0, align="center", colour=INK)

    def draw_marks(canvas: Any, ctx: Ctx) -> None:
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setFillColorRGB(0, 0, 0)
        if cal.square is not None:
            x0, y0, side = cal.square
            canvas.setLineWidth(0.4)
            canvas.rect(pt(x0), pt(y0), pt(side), pt(side), stroke=1, fill=0)
            canvas.setLineWidth(0.2)
            for i in range(101):
                length = 5.0 if i % 10 == 0 else (3.0 if i % 5 == 0 else 1.5)
                canvas.line(pt(x0 + i), pt(y0), pt(x0 + i), pt(y0 + length))
                canvas.line(pt(x0), pt(y0 + i), pt(x0 + length), pt(y0 + i))
        if cal.ruler is not None:
            x0, y0 = cal.ruler
            canvas.setLineWidth(0.3)
            canvas.line(pt(x0), pt(y0), pt(x0 + 100), pt(y0))
            canvas.setLineWidth(0.2)
            for i in range(101):
                length = 5.0 if i % 10 == 0 else (3.0 if i % 5 == 0 else 1.5)
                canvas.line(pt(x0 + i), pt(y0), pt(x0 + i), pt(y0 + length))
        canvas.setLineWidth(0.25)
        for tick in (*cal.x_ticks, *cal.y_ticks):
            (x1, y1), (x2, y2) = tick.front
            canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
        if cal.x_ticks:  # the meeting lines of the scales
            a, b = cal.x_ticks[0].front[0], cal.x_ticks[-1].front[0]
            canvas.line(pt(a[0] - 6), pt(a[1]), pt(b[0] + 6), pt(b[1]))
        if cal.y_ticks:
            a, b = cal.y_ticks[0].front[0], cal.y_ticks[-1].front[0]
            canvas.line(pt(a[0]), pt(a[1] - 6), pt(b[0]), pt(b[1] + 6))
        _polygon(canvas, cal.f_front, False, 0.5)
        if sheet.fold_line is not None:
            _draw_back_f(canvas, cal, ink_saver)
            x1, y1, x2, y2 = sheet.fold_line
            canvas.setDash(3, 2)
            canvas.setLineWidth(0.3)
            if sheet.fold == "vertical":  # its ink inside the printable area
                canvas.line(pt(x1), pt(m + 12), pt(x2), pt(h - m - INSIDE))
            else:
                canvas.line(pt(m + INSIDE), pt(y1), pt(w - m - INSIDE), pt(y2))

    face.paint(draw_marks)
    xs = [p[0] for p in cal.f_front]
    ys = [p[1] for p in cal.f_front]
    face.shape(Shape("F", Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))),
               lambda c, x: None)
    if sheet.fold_line is not None:
        bx = [p[0] for p in cal.f_back]
        by = [p[1] for p in cal.f_back]
        face.shape(Shape("F back", Box(min(bx), min(by), max(bx) - min(bx), max(by) - min(by))),
                   lambda c, x: None)
    title, src = words("print-calibration")
    face.text(title, Frame("title", m + 6, h - m - 12, w - 2 * m - 12, 9,
                           TextStyle(BOLD, 14, 9, colour=INK), max_lines=1), src)
    for tick in cal.x_ticks:
        (x, y), _ = tick.front
        face.text(_num(tick.value), Frame("vernier number", x - PITCH / 2 + 0.2, y + 4.5,
                                          PITCH - 0.4, 3.5, small, max_lines=1))
    for tick in cal.y_ticks:
        _, (x, y) = tick.front
        face.text(_num(tick.value), Frame("vernier number", x + 0.8, y - 1.75, 9, 3.5,
                                          TextStyle(REGULAR, 6.0, 4.0, colour=INK),
                                          max_lines=1))
    if cal.x_ticks:
        x, y = cal.x_scale
        face.text("X", Frame("scale name", x - 2.5, y + 8.5, 5, 5,
                             TextStyle(BOLD, 10, 7, colour=INK), max_lines=1))
    if cal.y_ticks:
        x, y = cal.y_ticks[-1].front[0]
        face.text("Y", Frame("scale name", x - 2.5, y + 6.5, 5, 5,
                             TextStyle(BOLD, 10, 7, colour=INK), max_lines=1))
    body = TextStyle(REGULAR, 9.5, 6.5, colour=INK)
    if cal.square is not None:
        x0, y0, side = cal.square
        text, src = words("print-square")
        face.text(text, Frame("square caption", x0 - 10, y0 - 10, side + 20, 8,
                              TextStyle(REGULAR, 8.5, 6, align="center", colour=INK),
                              max_lines=2), src)
        left = cal.y_scale[0] + 16
        frame = Frame("instructions", left, m + FOOTER_H + 3, w - m - 4 - left,
                      y0 - 12 - (m + FOOTER_H + 3), body, valign="top")
        ids = ("print-cal-flip", "print-cal-wrong", "print-cal-vernier",
               "print-cal-direction")
    else:
        x0, y0 = cal.ruler  # type: ignore[misc]
        text, src = words("print-ruler")
        face.text(text, Frame("ruler caption", x0 - 10, y0 + 6, 120, 6,
                              TextStyle(REGULAR, 8.5, 6, align="center", colour=INK),
                              max_lines=2), src)
        top = h - m - 14  # the text stays on the front half, clear of the fold line
        f_top = max(p[1] for p in cal.f_front)
        f_right = max(p[0] for p in cal.f_front)
        if sheet.fold == "vertical":
            frame = Frame("instructions", m + 6, f_top + 4, w / 2 - m - 10, top - f_top - 4,
                          body, valign="top")
        else:
            frame = Frame("instructions", f_right + 6, h / 2 + 4, w - m - 6 - f_right - 6,
                          top - h / 2 - 4, body, valign="top")
        ids = ("print-cal-fold", "print-cal-direction")
    stack(face, [words(i) for i in ids], frame.at())
    return face


def _draw_back_f(canvas: Any, cal: CalibrationMarks, ink_saver: bool) -> None:
    canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
    canvas.setFillColorRGB(0.72, 0.72, 0.72)
    _polygon(canvas, cal.f_back, not ink_saver, 1.2 if ink_saver else 0.2)


def back_face(sheet: Sheet, words: Words, ink_saver: bool = False) -> Face:
    """The back of the calibration sheet: the grey F and the back halves of the verniers."""
    cal = marks(sheet)
    face = Face("calibration back", sheet.paper_w, sheet.paper_h)

    def draw_marks(canvas: Any, ctx: Ctx) -> None:
        _draw_back_f(canvas, cal, ink_saver)
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setLineWidth(0.25)
        for tick in (*cal.x_ticks, *cal.y_ticks):
            (x1, y1), (x2, y2) = tick.back
            canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))

    face.paint(draw_marks)
    return face
