"""The layout mechanism: text flows around the shapes that cross its frame, the fit check reads
what is drawn, and drawing draws exactly the fitted lines."""

from __future__ import annotations

import io

import pytest

from cardkit.pdf.flow import blocked, flow_text, free_interval
from cardkit.text.fonts import BOLD, REGULAR
from cardkit.pdf.geometry import MM_TO_PT, Box
from cardkit.pdf.layout import Face, Frame, Shape, TextSource, contrast, grey
from cardkit.text.runs import TextStyle

MM = MM_TO_PT
NAME = Frame("name", 4.0, 76.0, 55.5, 8.5, TextStyle(BOLD, 11, 6.5, align="center"), max_lines=1)
BADGE = Shape("value", Box(5.8, 74.8, 8.4, 8.4), "circle")


def _ink_mm(face: Face) -> list[tuple[float, float, float, float]]:
    return [tuple(v / MM for v in box) for p in face.placed if p.flowed
            for box in p.flowed.ink_boxes()]  # type: ignore[misc]


def _face(text: str, *shapes: Shape, frame: Frame = NAME) -> Face:
    face = Face("test", 63.5, 88.9)
    face.text(text, frame, TextSource("cards", "x", "name"))
    for s in shapes:  # added after the text: still an obstacle
        face.shape(s, lambda canvas, ctx: None)
    return face


def test_a_name_beside_a_badge_starts_after_the_badge() -> None:
    face = _face("Limited Express Train", BADGE)
    (line,) = face.placed[0].flowed.lines  # type: ignore[union-attr]
    badge_right = BADGE.box.right + BADGE.pad
    assert line.x0 / MM >= badge_right - 1e-6
    for x0, _, _, _ in _ink_mm(face):
        assert x0 >= badge_right - 1e-6
    # without the badge the same name is centred on the whole frame and starts left of it
    bare = _face("Limited Express Train")
    assert min(b[0] for b in _ink_mm(bare)) < badge_right


def test_a_name_that_only_fits_without_the_badge_is_a_problem() -> None:
    from cardkit.text.fonts import string_width

    # a one-line name whose width at the minimum size lies between what the badge leaves
    # (44.5 mm) and the whole frame (55.5 mm)
    text = "Limited"
    while string_width(text, BOLD, 6.5) / MM < 50.0:
        text += " Ex"
    assert 44.5 + 0.8 < string_width(text, BOLD, 6.5) / MM < 55.5
    assert not _face(text).problems()
    (problem,) = _face(text, BADGE).problems()
    assert problem.source == TextSource("cards", "x", "name")
    assert "name box" in problem.message() and "6.5 pt" in problem.message()


def test_circle_blocks_its_chord_not_its_bounding_box() -> None:
    ob = BADGE.obstacle()
    r = (ob[2] - ob[0]) / 2
    cy = (ob[1] + ob[3]) / 2
    near_top = blocked(ob, cy + r * 0.95, cy + r * 2)
    assert near_top is not None and near_top[1] - near_top[0] < r  # a short chord
    assert blocked(ob, cy - r, cy + r) == pytest.approx((ob[0], ob[2]))
    assert blocked(ob, ob[3] + 1, ob[3] + 5) is None


def test_free_interval_takes_the_widest_gap() -> None:
    obstacles = ((10.0, 0.0, 20.0, 10.0, "rect"), (70.0, 0.0, 80.0, 10.0, "rect"))
    assert free_interval(0, 100, 2, 8, obstacles) == (20.0, 70.0)
    assert free_interval(0, 100, 20, 30, obstacles) == (0, 100)


def test_text_flows_below_a_shape_that_fills_the_top_lines() -> None:
    frame = Frame("text", 5.0, 10.0, 50.0, 30.0, TextStyle(REGULAR, 9, 9), valign="top")
    banner = Shape("strip", Box(5.0, 31.0, 50.0, 9.0))  # covers the top 9 mm of the frame
    face = _face("Draw two cards and lay one rail.", banner, frame=frame)
    for _, _, _, top in _ink_mm(face):
        assert top <= banner.box.y - banner.pad + 1e-6


def test_max_lines_and_height_are_both_respected() -> None:
    one_line = Frame("label", 0, 0, 20, 20, TextStyle(REGULAR, 8, 8), max_lines=1)
    assert flow_text("two words", 0, 0, 20 * MM, 20 * MM, one_line.style, max_lines=1)
    face = _face("a rather long label that needs two lines", frame=one_line)
    assert face.problems()
    short = Frame("text", 0, 0, 40, 3.0, TextStyle(REGULAR, 8, 8))  # one 8 pt line is ~3.3 mm
    assert _face("x", frame=short).problems()


def test_shrinks_by_steps_to_the_minimum_and_not_below() -> None:
    style = TextStyle(REGULAR, 12, 6, step=0.5)
    small = flow_text("word " * 30, 0, 0, 50 * MM, 20 * MM, style)
    assert small is not None and 6 <= small.size < 12 and (small.size * 2).is_integer()
    assert flow_text("word " * 300, 0, 0, 50 * MM, 20 * MM, style) is None


def _record_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float, str]]:
    """Every string put into a PDF text object, with the origin it was set at (points): by
    reportlab's ``textOut`` or cardkit's remembered equivalent (``cardkit.pdf.flow``)."""
    from reportlab.pdfgen.textobject import PDFTextObject

    drawn: list[tuple[float, float, str]] = []
    origin = [0.0, 0.0]
    set_origin, text_out = PDFTextObject.setTextOrigin, PDFTextObject.textOut

    def spy_origin(self, x, y):  # type: ignore[no-untyped-def]
        origin[:] = [x, y]
        return set_origin(self, x, y)

    def spy_out(self, text):  # type: ignore[no-untyped-def]
        drawn.append((origin[0], origin[1], text))
        return text_out(self, text)

    import cardkit.pdf.flow as flow

    remembered = flow._text_out

    def spy_remembered(text, chunk, split):  # type: ignore[no-untyped-def]
        drawn.append((origin[0], origin[1], chunk))
        return remembered(text, chunk, split)

    monkeypatch.setattr(PDFTextObject, "setTextOrigin", spy_origin)
    monkeypatch.setattr(PDFTextObject, "textOut", spy_out)
    monkeypatch.setattr(flow, "_text_out", spy_remembered)  # reportlab's textOut, remembered
    return drawn


def test_drawing_draws_exactly_the_fitted_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.pdfgen.canvas import Canvas

    face = _face("Limited Express Train", BADGE)
    drawn = _record_text(monkeypatch)
    face.draw(Canvas(io.BytesIO()), Box(0, 0, 63.5 * MM, 88.9 * MM))
    flowed = face.placed[0].flowed
    assert flowed is not None
    assert [(round(x, 3), round(y, 3), t) for x, y, t in drawn] == \
        [(round(flowed.line_x(line), 3), round(line.baseline, 3), "Limited Express Train")
         for line in flowed.lines]


def test_a_text_that_does_not_fit_is_never_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.pdfgen.canvas import Canvas

    face = _face("Superlongunbreakablerailwaycontrolroomname" * 2, BADGE)
    assert face.problems()
    drawn = _record_text(monkeypatch)
    face.draw(Canvas(io.BytesIO()), Box(0, 0, 100, 100))
    assert drawn == []


def test_contrast_and_grey() -> None:
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    assert contrast((0.5, 0.5, 0.5), (1, 1, 1)) < 4.5 < contrast((0.4, 0.4, 0.4), (1, 1, 1))
    assert grey((1, 1, 1)) == pytest.approx(1.0) and grey((0, 0, 0)) == 0


def test_a_stamp_is_drawn_once_and_refuses_transparency() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from cardkit.pdf.layout import stamp

    calls: list[int] = []

    def badge(canvas, ctx):  # type: ignore[no-untyped-def]
        calls.append(1)
        canvas.circle(10, 10, 5, stroke=0, fill=1)

    face = Face("t", 63.5, 88.9)
    face.paint(stamp(("badge",), badge, Box(0, 0, 10, 10)))
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    for _ in range(3):
        face.draw(canvas, Box(0, 0, 63.5 * MM, 88.9 * MM))
        canvas.showPage()
    canvas.save()
    assert calls == [1]  # recorded once, referred to three times
    assert buffer.getvalue().count(b"/Subtype /Form") == 1

    def see_through(canvas, ctx):  # type: ignore[no-untyped-def]
        canvas.setFillAlpha(0.5)

    bad = Face("t", 63.5, 88.9)
    bad.paint(stamp(("glass",), see_through, Box(0, 0, 10, 10)))
    with pytest.raises(TypeError, match="transparency"):
        bad.draw(Canvas(io.BytesIO()), Box(0, 0, 100, 100))


def test_an_icon_stays_glued_to_the_punctuation_of_its_word() -> None:
    """"Gain 2 [coin]." — the full stop follows the icon with no space and never starts a
    line; "2[coin]" keeps the icon beside its number. Words still get one space between."""
    from cardkit.pdf.flow import chunks, flow_text
    from cardkit.text.runs import TextStyle, runs

    icons = frozenset({"coin"})
    words = runs("Gain 2 [coin]. Pay 3[coin], then rest.", icons)[0]
    assert [(r.text, r.icon, r.glued) for r in words][:6] == [
        ("Gain", False, False), ("2", False, False), ("coin", True, False), (".", False, True),
        ("Pay", False, False), ("3", False, False)]
    assert (words[6].text, words[6].icon, words[6].glued) == ("coin", True, True)
    assert (words[7].text, words[7].glued) == (",", True)
    style = TextStyle(max_size=10, min_size=10)
    flowed = flow_text("Gain 2 [coin].", 0, 0, 200, 20, style, icons)
    texts, placed = chunks(flowed, style)
    (icon, icon_x, _), = placed
    stop = next(x for x, _, t in texts if t == ".")
    assert stop == pytest.approx(icon_x - 0.025 * 10 + 1.05 * 10)  # right after the icon
    # a box just wide enough for "Gain 2 [coin]" cannot put the "." alone on the next line
    narrow = flow_text("Gain 2 [coin].", 0, 0, 38, 40, style, icons)
    assert narrow is not None and len(narrow.lines) == 2
    assert [(r.text, r.glued) for r in narrow.lines[1].runs] == [("coin", False), (".", True)]


def test_where_a_layout_is_drawn_is_remembered_by_the_layout_and_font() -> None:
    """:func:`chunks` of the same (immutable) layout is measured once — the same answer as
    measuring it again — and another font measures again (the words after an icon start
    where the font's widths put them)."""
    from cardkit.text import flow

    style, icons = TextStyle(max_size=9, min_size=9), frozenset({"coin"})
    laid = flow.flow_text("Pay the merchant 2 [coin] now", 0, 0, 160, 40, style, icons)
    assert laid is flow.flow_text("Pay the merchant 2 [coin] now", 0, 0, 160, 40, style, icons)
    first = flow.chunks(laid, style)
    assert flow.chunks(laid, style) is first
    assert first == flow._chunks(laid, style.font)
    bold = TextStyle(max_size=9, min_size=9, font=BOLD)
    wider = flow.chunks(laid, bold)
    assert wider == flow._chunks(laid, BOLD) and wider != first
