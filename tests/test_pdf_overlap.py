"""Issue 10, item 1: no printed character of any shipped card crosses a badge or the trim.

Read back from the PDF (pdfium, not the layout's own arithmetic): every deck of every shipped
game in every locale is printed one face per page (``layout="single"``, 3 mm bleed) and every
character's tight box is compared with the trim and with the face's shapes (badges, circles,
icon strips), mapped to the page like :meth:`Face.draw` maps them. The checker itself is tested
on a face built here: it must fail when a text is forced over a badge or past the trim, or is
not drawn at all, and pass when the layout flows the text around the badge.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardkit.pdf import layout as layout_mod
from cardkit.pdf.deck import PrintCard, PrintDeck
from cardkit.text.fonts import REGULAR
from cardkit.pdf.geometry import Box
from cardkit.pdf.layout import Face, Frame, Shape, TextSource
from cardkit.text.runs import TextStyle

from . import pdf_readback as rb

GAMES = ("terra", "trains")
LOCALES = ("en", "el", "pl")
SIZE = (63.0, 88.0)
NAME = "Limited Express Train Deluxe Edition"


# --- the checker on a face built here ------------------------------------------------------


def _badge(canvas: Any, ctx: Any) -> None:
    canvas.setFillColorRGB(0.9, 0.7, 0.1)
    canvas.circle(ctx.mm(53), ctx.mm(78), ctx.mm(8), stroke=0, fill=1)


def _band(canvas: Any, ctx: Any) -> None:
    canvas.setFillColorRGB(0.2, 0.3, 0.6)
    canvas.rect(0, ctx.mm(30), ctx.mm(12), ctx.mm(20), stroke=0, fill=1)


def synthetic_face(frame_x: float = 3.0) -> Face:
    """A card: a coin badge (circle) at the top right, an icon strip (rect) at the left, a long
    name in a frame running under the badge, and a rules text beside the strip."""
    face = Face("synthetic", *SIZE)
    face.paint(lambda c, ctx: (c.setFillColorRGB(1, 1, 1),
                               c.rect(-ctx.bleed, -ctx.bleed, ctx.w + 2 * ctx.bleed,
                                      ctx.h + 2 * ctx.bleed, stroke=0, fill=1)))
    face.shape(Shape("coin", Box(45, 70, 16, 16), "circle"), _badge)
    face.shape(Shape("strip", Box(0, 30, 12, 20), "rect"), _band)
    style = TextStyle(max_size=11, min_size=5, align="left")
    face.text(NAME, Frame("name", frame_x, 72, 57, 12, style, max_lines=2),
              TextSource("cards", "synthetic", "name"))
    face.text("Move two goods along one rail line each turn and score them.",
              Frame("rules", 2, 25, 59, 30, TextStyle(max_size=9, min_size=5)),
              TextSource("cards", "synthetic", "rules"))
    return face


def synthetic_deck(build: Any = synthetic_face) -> PrintDeck:
    return PrintDeck("test", "Test", SIZE, [PrintCard("synthetic", "Synthetic", build)])


def _ignore_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Force every text over the shapes: the flow is told there are none."""
    real = layout_mod.flow_text

    def blind(text: str, x: float, y: float, w: float, h: float, style: TextStyle,
              icons: frozenset[str] = frozenset(), obstacles: tuple[Any, ...] = (),
              *args: Any) -> Any:
        return real(text, x, y, w, h, style, icons, (), *args)

    monkeypatch.setattr(layout_mod, "flow_text", blind)


def test_the_checker_passes_text_that_flows_around_the_shapes() -> None:
    pages = rb.read_back(synthetic_deck())
    assert [p.label for p in pages] == ["test/synthetic front"]
    page = pages[0]
    assert rb.overlaps(page) == []
    assert rb.missing_words(page) == []
    assert "LimitedExpress" in "".join(page.text.split())
    # the name really is beside the badge: its first line's ink ends left of the circle
    first_line = [c for c in page.chars if c.box.y > page.trim.y + 72 and rb.inked(c)]
    assert first_line and max(c.box.right for c in first_line) < page.trim.x + 46


def test_the_checker_catches_text_forced_under_a_badge(monkeypatch: pytest.MonkeyPatch) -> None:
    _ignore_shapes(monkeypatch)
    found = rb.overlaps(rb.read_back(synthetic_deck())[0])
    assert any("crosses the circle 'coin'" in f for f in found), found
    assert any("crosses the rect 'strip'" in f for f in found), found


def test_the_checker_catches_text_past_the_trim() -> None:
    found = rb.overlaps(rb.read_back(synthetic_deck(lambda: synthetic_face(-4.0)))[0])
    assert any("leaves the trim" in f for f in found), found


def test_the_checker_catches_a_text_that_is_not_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout_mod, "draw_texts", lambda *a, **k: None)
    page = rb.read_back(synthetic_deck())[0]
    assert rb.overlaps(page) == []  # a blank page has no overlap...
    assert any("'Limited'" in m for m in rb.missing_words(page))  # ...but misses its words


def badge_face() -> Face:
    """A coin badge with its number inside, and a second badge the number must not touch."""
    face = Face("badge", *SIZE)
    face.shape(Shape("coin", Box(45, 70, 16, 16), "circle"), _badge)
    face.shape(Shape("other", Box(2, 2, 12, 12), "circle"), lambda c, ctx: None)
    face.text("3", Frame("coin-number", 49.5, 74.5, 7, 7, TextStyle(max_size=12, min_size=6,
                                                                          align="center"),
                         max_lines=1))
    return face


def test_a_number_may_sit_in_its_own_badge_but_not_on_another() -> None:
    page = rb.read_back(synthetic_deck(badge_face))[0]
    assert rb.overlaps(page) == [] and "3" in page.text
    # a shape over the number that does not hold its frame, and that the fit never saw (added
    # after the layout was made): the number crosses it, its own badge still exempt
    face = badge_face()
    face.shape(Shape("late", Box(51, 76, 4, 4)), lambda c, ctx: None)
    found = rb.overlaps(rb.read_back(synthetic_deck(lambda: _frozen(face)))[0])
    assert found and all("crosses the rect 'late'" in f for f in found), found


def _frozen(face: Face) -> Face:
    """The face with the layout it had before its last shape was added (the number was fitted
    without it): a template that draws a shape the fit never saw."""
    placed = Face("badge", *SIZE, items=face.items[:-1]).placed
    face.__dict__["placed"] = placed
    return face


def test_text_drawn_outside_face_text_is_caught() -> None:
    def stray(canvas: Any, ctx: Any) -> None:
        canvas.setFont(REGULAR, 8)
        canvas.drawString(ctx.mm(20), ctx.mm(10), "drawString")

    def build() -> Face:
        face = synthetic_face()
        face.paint(stray)
        return face

    found = rb.overlaps(rb.read_back(synthetic_deck(build))[0])
    assert any("not on any line the layout placed" in f for f in found), found
    assert rb.overlaps(rb.read_back(synthetic_deck())[0]) == []


def test_circles_are_tested_as_circles() -> None:
    circle = Shape("c", Box(0, 0, 10, 10), "circle")
    corner = rb.Char("x", Box(0, 0, 1.2, 1.2))  # in the box's corner, outside the circle
    edge = rb.Char("x", Box(4.5, 0.5, 1, 1))  # inside the circle near its bottom
    assert not rb.crosses(corner, circle, circle.box)
    assert rb.crosses(corner, Shape("r", circle.box, "rect"), circle.box)
    assert rb.crosses(edge, circle, circle.box)
    assert not rb.crosses(rb.Char("x", Box(4.5, -1, 1, 1.15)), circle, circle.box)  # tolerance


def test_shapes_are_mapped_like_face_draw_maps_them() -> None:
    face = Face("half", 50, 100)
    trim = Box(3, 3, 25, 60)  # scale 0.5 (width-bound), anchored at the lower left
    assert rb.design_to_page(face, trim, Box(10, 20, 4, 6)) == Box(8, 13, 2, 3)


# --- every shipped card ---------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "ink_saver"),
                         [*((loc, False) for loc in LOCALES), ("en", True)],
                         ids=[*LOCALES, "en-ink-saver"])
@pytest.mark.parametrize("game", GAMES)
def test_no_printed_character_crosses_a_shape_or_the_trim(game: str, locale: str,
                                                          ink_saver: bool) -> None:
    pages = list(rb.pages_of(game, locale, ink_saver))
    assert pages, f"{game} prints no faces"
    problems = [p for page in pages for p in rb.overlaps(page)]
    assert not problems, f"{len(problems)} overlap(s):\n" + "\n".join(problems[:30])
    missing = [m for page in pages for m in rb.missing_words(page)]
    assert not missing, f"{len(missing)} word(s) not printed:\n" + "\n".join(missing[:30])
    fronts = [p for p in pages if p.card is not None]
    assert fronts, f"{game} prints no card fronts"
    unnamed = [f"{p.label}: {p.card!r}" for p in fronts
               if "".join(p.card.split()) not in "".join(p.text.split())]
    assert not unnamed, "card fronts without their name:\n" + "\n".join(unnamed[:30])
