"""Terra's print templates: every string fitted by the layout mechanism, region names whole and
collated, readable contrast, difficulty that reads in greyscale, an ink-saver mode."""

from __future__ import annotations

import io
import itertools
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardkit.games.terra import render
from cardkit.games.terra.render.icons import pips_badge
from cardkit.games.terra.render import (
    DESIGN_H,
    DESIGN_W,
    LocTexts,
    back_face,
    front_face,
    print_decks,
    region_line,
)
from cardkit.games.terra.render.theme import (
    BORDER,
    DIFFICULTY_PATTERN,
    DIFFICULTY_PIPS,
    DIFFICULTY_RGB,
    Theme,
)
from cardkit.i18n.api import load
from cardkit.i18n.collate import sort_key
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.geometry import MM_TO_PT, Box
from cardkit.pdf.layout import (
    WHITE,
    Ctx,
    Face,
    Frame,
    Placed,
    TextSource,
    contrast,
    grey,
)
from cardkit.text.runs import TextStyle

from .conftest import SHIPPED, check_dir

LOCALES = ("en", "el", "pl")
UNITS = ("metric", "imperial")
PAGES = ((210.0, 297.0), (215.9, 279.4))  # A4, Letter
MM = MM_TO_PT


@cache
def _data() -> Any:
    return load("terra", SHIPPED)


def _loc(code: str) -> Localizer:
    data = _data()
    overlay = data.translations.overlays.get(code) if code != "en" else None
    return Localizer(data.content, data.locales[code], overlay)


def _cards() -> dict[str, Any]:
    return {r.id: r.obj for r in _data().content.of("cards")}


@cache
def _faces(code: str, units: str, ink: bool = False) -> tuple[tuple[str, Face], ...]:
    out: list[tuple[str, Face]] = []
    for deck in print_decks(_data().content, _loc(code), units, ink_saver=ink):  # type: ignore[arg-type]
        out.extend(deck.faces(PAGES))
    return tuple(out)


def _line_text(line: Any) -> str:
    return " ".join(r.text for r in line.runs).replace("\u00a0", " ")


def _placed(face: Face, frame: str) -> list[Placed]:
    return [p for p in face.placed if p.frame.name == frame]


class _Override(LocTexts):
    """The shipped strings, with one card's topic replaced."""

    topic: str = ""

    def card(self, card: Any, key: str) -> str:
        return self.topic if key == "topic" else super().card(card, key)


def _texts(code: str = "en", topic: str | None = None) -> LocTexts:
    if topic is None:
        return LocTexts(_data().content, _loc(code))
    t = _Override(_data().content, _loc(code))
    t.topic = topic
    return t


def _pdf_text(face: Face) -> str:
    """The text a face really draws, read back from a one-face PDF."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(face.w * MM, face.h * MM), invariant=1)
    face.draw(c, Box(0, 0, face.w * MM, face.h * MM))
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buf.getvalue())[0]
    return " ".join(page.get_textpage().get_text_range().split())


def _raster(face: Face, dpi: int = 150) -> Any:
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(face.w * MM, face.h * MM), invariant=1)
    face.draw(c, Box(0, 0, face.w * MM, face.h * MM))
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buf.getvalue())[0]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


# -- every string fitted ---------------------------------------------------------------------

@pytest.mark.parametrize("code,units", list(itertools.product(LOCALES, UNITS)))
def test_every_face_of_the_shipped_deck_fits(code: str, units: str) -> None:
    faces = _faces(code, units)
    cards = len(_cards())
    assert len(faces) == 2 * cards + 2 * len(PAGES)  # fronts, backs, bar strip, region list
    problems = [(label, p.source, p.frame.name) for label, face in faces
                for p in face.problems()]
    assert problems == []
    assert sum(len(face.placed) for _, face in faces) > 15 * cards


def test_every_string_has_its_source() -> None:
    alma = "alma-observatory"
    faces = dict(_faces("el", "metric"))
    label = next(c.label for c in print_decks(_data().content, _loc("el"))[0].cards
                 if c.id == alma)
    front, back = faces[f"{label} (front)"], faces[f"{label} (back)"]
    want_front = {("cards", alma, "topic"), ("cards", alma, "bars.0.question"),
                  ("cards", alma, "bars.1.question"), ("strings", "q1", "text"),
                  ("bars", "year", "label"), ("bars", "number", "label"),
                  ("strings", "compass", "text"), ("strings", "quadrant-sw", "text"),
                  ("strings", "difficulty-red", "text")}
    got_front = {(s.kind, s.id, s.key) for p in front.placed if (s := p.source)}
    assert want_front <= got_front
    want_back = {("cards", alma, "topic"), ("cards", alma, "info"),
                 ("strings", "answer-regions", "text"), ("strings", "info", "text"),
                 ("regions", "chile", "name")}
    got_back = {(s.kind, s.id, s.key) for p in back.placed if (s := p.source)}
    assert want_back <= got_back
    # the answers are located at their unit string ("66" is a bare count: no source)
    answers = [p.source for p in back.placed if p.frame.name == "answer"]
    assert answers == [None, None]
    assert all(p.source is not None for p in back.placed if p.frame.name != "answer")
    danube = next(c for c in print_decks(_data().content, _loc("el"))[0].cards
                  if c.id == "danube-river")
    dback = danube.back()
    # the Iron Gates card (id danube-river): an area in km² (its unit string), then a year
    assert [p.source for p in dback.placed if p.frame.name == "answer"] == [
        TextSource("strings", "unit-km2", "text"), None]
    (regions,) = _placed(dback, "regions")
    assert regions.source is not None and regions.source.kind == "regions"
    assert regions.source.id in _cards()["danube-river"].regions.answers
    pages = [f for lbl, f in faces.items() if lbl.startswith(("bar strip", "region list"))]
    for page in pages:
        sources = {(p.source.kind, p.source.id, p.source.key) for p in page.placed if p.source}
        assert ("decks", "cards", "name") in sources


def test_a_long_topic_is_fitted_whole_on_the_answer_side() -> None:
    card = _cards()["alma-observatory"]
    topic = "The Atacama Large Millimeter/submillimeter Array on the Chajnantor plateau"
    assert len(topic) > 60  # the old answer side cut it here
    back = back_face(card, _texts(topic=topic), Theme())
    (placed,) = _placed(back, "topic")
    assert placed.fits and placed.source == TextSource("cards", card.id, "topic")
    assert " ".join(_line_text(line) for line in placed.flowed.lines) == topic  # type: ignore[union-attr]
    assert topic in _pdf_text(back)
    for x0, _, x1, _ in placed.flowed.ink_boxes():  # type: ignore[union-attr]
        assert BORDER * MM <= x0 and x1 <= (DESIGN_W - BORDER) * MM


def test_a_topic_too_long_for_the_card_is_a_located_problem_not_a_cut() -> None:
    card = _cards()["alma-observatory"]
    topic = " ".join(["Atacama Large Millimeter/submillimeter Array"] * 6)
    for build in (front_face, back_face):
        face = build(card, _texts(topic=topic), Theme())
        (problem,) = face.problems()
        assert problem.source == TextSource("cards", card.id, "topic")
        drawn = _pdf_text(face)
        assert "Atacama" not in drawn  # not drawn at all: never a cut or shrunk overflow


def test_the_greek_alma_topic_fits_inside_the_trim_on_both_sides() -> None:
    card = _cards()["alma-observatory"]
    t = _texts("el")
    topic = t.card(card, "topic")
    assert len(topic) > 50
    for build in (front_face, back_face):
        (placed,) = _placed(build(card, t, Theme()), "topic")
        assert placed.fits
        assert " ".join(_line_text(line) for line in placed.flowed.lines) == topic  # type: ignore[union-attr]
        for x0, y0, x1, y1 in placed.flowed.ink_boxes():  # type: ignore[union-attr]
            assert BORDER * MM <= x0 and x1 <= (DESIGN_W - BORDER) * MM
            assert y1 <= (DESIGN_H - BORDER) * MM


def test_the_fit_check_reports_a_long_topic_at_its_field(terra_content) -> None:  # type: ignore[no-untyped-def]
    decks = (SHIPPED / "terra" / "decks.yaml").read_text("utf-8")
    long = " ".join(["Golden Gate Bridge over the strait"] * 8)
    base = (Path(__file__).parent / "fixtures/terra_base/terra/cards/base.yaml").read_text("utf-8")
    ok = check_dir(terra_content({"decks.yaml": decks}), "terra")
    assert not [d for d in ok.diagnostics if d.code == "TER018"]
    bad = check_dir(terra_content({"decks.yaml": decks, "cards/base.yaml": base.replace(
        "topic: Golden Gate Bridge", f"topic: {long}")}), "terra")
    found = [d for d in bad.diagnostics if d.code == "TER018" and d.object_id ==
             "golden-gate-bridge"]
    assert found and {d.line for d in found} == {4}  # the topic's line in cards/base.yaml
    assert "topic box" in found[0].message


# -- region names ------------------------------------------------------------------------------

def _names_on_lines(placed: Placed) -> list[list[str]]:
    assert placed.flowed is not None
    return [[n.strip() for n in _line_text(line).split("·") if n.strip()]
            for line in placed.flowed.lines]


@pytest.mark.parametrize("code", LOCALES)
def test_answer_region_names_are_never_split_and_are_collated(code: str) -> None:
    t = _texts(code)
    key = sort_key(code)
    several = 0
    for card in _cards().values():
        (placed,) = _placed(back_face(card, t, Theme()), "regions")
        names = [t.region(r) for r in card.regions.answers]
        lines = _names_on_lines(placed)
        for line in lines:
            for piece in line:
                assert piece in names, f"{card.id}: {piece!r} is not a whole region name"
        printed = [n for line in lines for n in line]
        assert printed == sorted(names, key=key)
        several += len(names) > 1 and len(lines) > 1
    assert several  # some answers really wrap: the test sees line breaks


def test_a_plain_join_would_split_names_but_region_line_does_not() -> None:
    names = ["Northeastern United States", "Venezuela and the Guianas",
             "Afghanistan and Pakistan"]
    frame = Frame("regions", 0, 0, 40, 30, TextStyle(max_size=11, min_size=6, align="center"))
    for text, whole in ((" · ".join(names), False), (region_line(names), True)):
        face = Face("t", 50, 40)
        face.text(text, frame, TextSource("regions", "x", "name"))
        (placed,) = face.placed
        pieces = [piece for line in _names_on_lines(placed) for piece in line]
        assert all(p in names for p in pieces) is whole


def test_a_region_name_too_wide_for_the_card_is_a_problem_not_a_split() -> None:
    card = _cards()["danube-river"] if "danube-river" in _cards() else next(
        c for c in _cards().values() if len(c.regions.answers) > 1)

    class Wide(LocTexts):
        def region(self, region_id: str) -> str:
            return "Very Long Region Name That Cannot Fit On One Line Of The Card At All"

    face = back_face(card, Wide(_data().content, _loc("en")), Theme())
    (placed,) = _placed(face, "regions")
    assert not placed.fits
    assert placed in face.problems()


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("size", PAGES)
def test_the_region_list_is_collated_and_every_name_is_whole(code: str,
                                                              size: tuple[float, float]) -> None:
    t = _texts(code)
    deck = print_decks(_data().content, _loc(code))[0]
    page = dict(deck.extra_pages)[_loc(code).string("region-list")](*size)  # named by its title
    rows = _placed(page, "region-name")
    names = [p.text for p in rows]
    assert len(names) == len(_data().content.of("regions"))
    assert names == sorted(names, key=sort_key(code))
    for p in rows:
        assert p.fits and len(p.flowed.lines) == 1  # type: ignore[union-attr]
        assert _line_text(p.flowed.lines[0]) == p.text  # type: ignore[union-attr]
        assert p.source is not None and p.source.kind == "regions"
        assert t.region(p.source.id) == p.text
    if code != "en":
        assert names != sorted(names)  # code point order would be wrong here
    if code == "el":
        assert not names[0].startswith("Έ")
        assert names.index("Έρημος Βικτώρια") < names.index("Ζαμβέζης") if "Ζαμβέζης" in names \
            else True
    if code == "pl":
        s_names = [n for n in names if n.startswith(("S", "Ś", "T", "Z", "Ż", "Ź"))]
        first_s_acute = next(i for i, n in enumerate(s_names) if n.startswith("Ś"))
        assert all(n.startswith("S") for n in s_names[:first_s_acute])
        assert names[-1][0] in "ZŹŻ"


# -- colour, contrast, greyscale ---------------------------------------------------------------

@pytest.mark.parametrize("code,units,ink", list(itertools.product(LOCALES, UNITS, (False, True))))
def test_every_text_has_contrast_against_its_background(code: str, units: str,
                                                        ink: bool) -> None:
    low = []
    for label, face in _faces(code, units, ink):
        for p in face.placed:
            if p.text and contrast(p.colour, p.frame.background) < 4.5:
                low.append((label, p.frame.name, round(contrast(p.colour, p.frame.background),
                                                       2)))
    assert low == []


def test_declared_backgrounds_are_what_is_painted() -> None:
    """Sample the rendered card where a frame has no ink: the colour the frame declares."""
    cards = _cards()
    t = _texts("en")
    sample = [cards[i] for i in ("alma-observatory",)] + [
        next(c for c in cards.values() if c.difficulty == d) for d in DIFFICULTY_RGB]
    dpi = 150
    px = dpi / 25.4
    checked = 0
    for ink in (False, True):
        for card in sample:
            for build in (front_face, back_face):
                face = build(card, t, Theme(ink))
                img = _raster(face, dpi)
                shapes = [s.box.grow(s.pad) for s in face.shapes]
                for p in face.placed:
                    f = p.frame
                    inks = [tuple(v / MM for v in b) for b in (p.flowed.ink_boxes()
                                                                if p.flowed else [])]
                    for fx, fy in ((0.35, 0.35), (0.5, 0.5), (0.65, 0.5)):
                        x, y = f.x + f.w * fx, f.y + f.h * fy
                        if any(b.x - 0.5 <= x <= b.right + 0.5 and b.y - 0.5 <= y <= b.top + 0.5
                               for b in shapes):
                            continue
                        if any(x0 - 0.8 <= x <= x1 + 0.8 and y0 - 0.8 <= y <= y1 + 0.8
                               for x0, y0, x1, y1 in inks):
                            continue
                        rgb = img.getpixel((int(x * px), int((face.h - y) * px)))
                        got = tuple(c / 255 for c in rgb)
                        assert max(abs(a - b) for a, b in zip(got, f.background)) < 0.05, \
                            (card.id, build.__name__, ink, f.name, got, f.background)
                        checked += 1
    assert checked > 50


def test_difficulty_colours_differ_in_greyscale() -> None:
    old = {"yellow": (0.95, 0.78, 0.13), "green": (0.29, 0.62, 0.30),
           "blue": (0.20, 0.45, 0.80), "red": (0.80, 0.18, 0.18)}

    def closest(palette: dict[str, tuple[float, float, float]]) -> float:
        return min(abs(grey(a) - grey(b)) for a, b in itertools.combinations(palette.values(), 2))

    assert closest(old) < 0.12  # the old palette: blue and red print as the same grey
    assert closest(DIFFICULTY_RGB) >= 0.12


def test_difficulty_is_shown_by_pips_and_pattern_too() -> None:
    assert sorted(DIFFICULTY_PIPS.values()) == [1, 2, 3, 4]
    assert len(set(DIFFICULTY_PATTERN.values())) == 4
    assert DIFFICULTY_PIPS["red"] == 4  # the hardest has the most pips

    class Counter:
        def __init__(self) -> None:
            self.circles = 0

        def circle(self, *a: Any, **k: Any) -> None:
            self.circles += 1

        def __getattr__(self, name: str) -> Any:
            return lambda *a, **k: None

    for difficulty, pips in DIFFICULTY_PIPS.items():
        c = Counter()
        pips_badge(difficulty, Box(0, 0, 10, 10), Theme())(c, Ctx(100, 100, 0))
        assert c.circles == 2 + pips  # ring, white disc, the pips


def test_the_difficulty_medallion_is_a_shape_the_topic_flows_around() -> None:
    card = _cards()["alma-observatory"]
    for build in (front_face, back_face):
        face = build(card, _texts("el"), Theme())
        (badge,) = [s for s in face.shapes if s.name == "difficulty"]
        (topic,) = _placed(face, "topic")
        ob = badge.obstacle()
        for x0, y0, x1, y1 in topic.flowed.ink_boxes():  # type: ignore[union-attr]
            assert x1 <= ob[0] or y1 <= ob[1] or y0 >= ob[3]


# -- ink saver -------------------------------------------------------------------------------

def _background_coverage(face: Face, dpi: int = 150) -> float:
    """Mean ink coverage (0 white .. 1 black) of a rendered face with its text blanked out:
    what the backgrounds, fills and rules cost in ink."""
    from PIL import ImageDraw

    img = _raster(face, dpi).convert("L")
    px = dpi / 72  # points to pixels
    draw = ImageDraw.Draw(img)
    for p in face.placed:
        for x0, y0, x1, y1 in (p.flowed.ink_boxes() if p.flowed else []):
            draw.rectangle((x0 * px - 1, (face.h * MM - y1) * px - 1, x1 * px + 1,
                            (face.h * MM - y0) * px + 1), fill=255)
    hist = img.histogram()
    return sum((255 - v) * n for v, n in enumerate(hist)) / (255 * sum(hist))


def test_ink_saver_prints_white_cards_with_coloured_rules() -> None:
    cards = _cards()
    t = _texts("en")
    for difficulty in DIFFICULTY_RGB:
        card = next(c for c in cards.values() if c.difficulty == difficulty)
        for build in (front_face, back_face):
            full = _background_coverage(build(card, t, Theme(False)))
            saver = _background_coverage(build(card, t, Theme(True)))
            assert saver < 0.5 * full, (difficulty, build.__name__, full, saver)
            assert saver < 0.11, (difficulty, build.__name__, saver)
    for _, face in _faces("en", "metric", True):
        for p in face.placed:
            assert p.frame.background == WHITE


def test_ink_saver_is_taken_by_print_decks() -> None:
    full = print_decks(_data().content, _loc("en"))[0].cards[0].front()
    saver = print_decks(_data().content, _loc("en"), ink_saver=True)[0].cards[0].front()
    assert {p.frame.background for p in full.placed} != {WHITE}
    assert {p.frame.background for p in saver.placed} == {WHITE}


# -- determinism -----------------------------------------------------------------------------

def test_the_same_deck_prints_the_same_bytes() -> None:
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as draw

    def once() -> bytes:
        deck = print_decks(_data().content, _loc("pl"), "imperial")[0]
        deck.cards = deck.cards[:6]
        return draw(deck, PdfOptions(locale="pl")).data

    assert once() == once()


def test_the_answer_units_follow_the_board_side() -> None:
    card = next(c for c in _cards().values() if any(q.answer.unit == "km" for q in c.bars))
    i = next(i for i, q in enumerate(card.bars) if q.answer.unit == "km")
    metric = LocTexts(_data().content, _loc("en"), "metric").answer(card, i)
    imperial = LocTexts(_data().content, _loc("en"), "imperial").answer(card, i)
    assert metric.endswith("km") and imperial.endswith("mi")
    assert render.region_line(["A b", "C"]) == "A\u00a0b\u00a0· C"


def test_content_without_decks_yaml_still_prints_and_is_fit_checked(terra_content) -> None:  # type: ignore[no-untyped-def]
    content_dir = terra_content()
    assert not (content_dir / "terra" / "decks.yaml").exists()
    data = load("terra", content_dir)
    loc = Localizer(data.content, data.locales["en"], None)
    (deck,) = print_decks(data.content, loc)
    assert [c.id for c in deck.cards] == [r.id for r in data.content.of("cards")]
    assert deck.size_mm == (DESIGN_W, DESIGN_H)
    assert all(not face.problems() for _, face in deck.faces(PAGES))


# -- the unit beside each bar question --------------------------------------------------------

#: The unit each answer unit is asked in, per board side, as a player reads it on the card
#: (written from the board: lengths in m/ft, areas in km²/sq mi …; years and counts have none).
QUESTION_UNIT = {
    "cm": ("cm", "in"), "m": ("m", "ft"), "km": ("km", "mi"), "m2": ("m²", "sq ft"),
    "km2": ("km²", "sq mi"), "m3": ("m³", "cu ft"), "km3": ("km³", "cu mi"),
    "celsius": ("°C", "°F"), "percent": ("%", "%"), "kg": ("kg", "lb"),
    "tonne": ("t", "short tons"), "litre": ("l", "gal"), "kmh": ("km/h", "mph"),
    "hour": ("h", "h"), "day": ("days", "days"), "years": ("years", "years"),
    "count": None, "year": None,
}


@pytest.mark.parametrize("units", UNITS)
def test_every_bar_question_prints_the_sides_unit_read_back_from_the_pdf(units: str) -> None:
    side = UNITS.index(units)
    cards = _cards()
    faces = dict(_faces("en", units))
    checked = 0
    for deck in print_decks(_data().content, _loc("en"), units):  # type: ignore[arg-type]
        for c in deck.cards:
            if c.id not in cards:
                continue
            text = _pdf_text(faces[f"{c.label} (front)"])
            for q in cards[c.id].bars:
                want = QUESTION_UNIT[q.answer.unit]
                if want is None:
                    continue
                assert f"in {want[side]}" in text, (c.id, q.answer.unit, text)
                checked += 1
    assert checked >= len(cards) // 2  # most cards ask one bar with a unit


@pytest.mark.parametrize("code,phrase", [("el", "σε "), ("pl", "w ")])
def test_the_unit_label_is_translated(code: str, phrase: str) -> None:
    # a card whose first question asks a length in km and whose second has no unit (a year or
    # a count), so exactly one label is printed and it is the km one
    cid = next(c.id for c in _cards().values()
               if c.bars[0].answer.unit == "km" and QUESTION_UNIT[c.bars[1].answer.unit] is None)
    card = next(c for c in print_decks(_data().content, _loc(code))[0].cards if c.id == cid)
    (label,) = _placed(card.front(), "question-unit")
    assert label.fits and label.text.startswith(phrase)
    assert label.source == TextSource("strings", "unit-km", "text")


def test_a_question_without_unit_gets_no_label() -> None:
    # every card: one label per question that has a unit, none for years and counts
    cards = _cards()
    seen_unitless = 0
    for card in print_decks(_data().content, _loc("en"))[0].cards:
        units = [q.answer.unit for q in cards[card.id].bars]
        labels = _placed(card.front(), "question-unit")
        assert len(labels) == sum(QUESTION_UNIT[u] is not None for u in units), card.id
        seen_unitless += sum(QUESTION_UNIT[u] is None for u in units)
    assert seen_unitless > 0
