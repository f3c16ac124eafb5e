"""Trains' print templates: names flow around the badges, every shipped face fits in every
locale, contrast and greyscale-safe type colours, illustrations on every kingdom card, ink saver,
and the map boards."""

from __future__ import annotations

import io
import itertools
from functools import cache
from pathlib import Path

import pytest

from cardkit.games.trains import render
from cardkit.games.trains.render.board import board_size, print_boards
from cardkit.games.trains.render import (
    TYPE_RGB,
    TrainsPrinter,
    effect_icons,
    print_decks,
)
from cardkit.pdf.board import faces as board_faces
from cardkit.pdf.flow import flow_text
from cardkit.pdf.geometry import MM_TO_PT, PAPERS, Box
from cardkit.pdf.layout import Face, TextSource, contrast, grey

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ("en", "el", "pl")


@cache
def _data():  # type: ignore[no-untyped-def]
    from cardkit.i18n.api import load
    return load("trains", ROOT / "content")


def _loc(code: str):  # type: ignore[no-untyped-def]
    from cardkit.i18n.lookup import Localizer
    data = _data()
    overlay = data.translations.overlays.get(code) if code != "en" else None
    return Localizer(data.content, data.locales[code], overlay)


def _card(card_id: str):  # type: ignore[no-untyped-def]
    return _data().content.index("cards")[card_id].obj


def _all_faces(code: str, ink: bool = False) -> list[tuple[str, str, Face]]:
    out = []
    for deck in print_decks(_data().content, _loc(code), ink_saver=ink):
        out += [(deck.id, label, face) for label, face in deck.faces()]
    return out


def _hits_circle(ink: tuple[float, float, float, float], box: Box) -> bool:
    """Whether an ink box (points) crosses the circle inscribed in ``box`` (mm)."""
    r = min(box.w, box.h) / 2 * MM_TO_PT
    cx, cy = (box.x + box.w / 2) * MM_TO_PT, (box.y + box.h / 2) * MM_TO_PT
    nx, ny = min(max(cx, ink[0]), ink[2]), min(max(cy, ink[1]), ink[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


@pytest.mark.parametrize("code", LOCALES)
def test_limited_express_name_does_not_run_under_the_value_badge(code: str) -> None:
    face = TrainsPrinter(_data().content, _loc(code)).front(_card("limited-express-train"))
    badge = next(s for s in face.shapes if s.name == "value")
    name = next(p for p in face.placed if p.source == TextSource("cards",
                                                                  "limited-express-train",
                                                                  "name"))
    assert name.flowed is not None and name.flowed.lines
    for ink in name.flowed.ink_boxes():
        assert not _hits_circle(ink, badge.box), (code, ink)
    # the same name in the same frame without the badge as an obstacle does cross it: the
    # check above would catch a template that forgot to make the badge a shape
    f = name.frame
    bare = flow_text("Limited Express Train", f.x * MM_TO_PT, f.y * MM_TO_PT, f.w * MM_TO_PT, f.h * MM_TO_PT,
                     f.style, frozenset(), (), f.valign, f.max_lines)
    assert bare is not None and any(_hits_circle(i, badge.box) for i in bare.ink_boxes())


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("ink", [False, True])
def test_every_face_of_every_deck_fits_and_reads(code: str, ink: bool) -> None:
    faces = _all_faces(code, ink)
    assert len(faces) > 100
    for deck, label, face in faces:
        assert not face.problems(), (code, deck, label, [p.message() for p in face.problems()])
        for p in face.placed:
            ratio = contrast(p.colour, p.frame.background)
            assert ratio >= 4.5, (code, label, p.frame.name, p.text, round(ratio, 2))


def test_contrast_test_catches_the_old_colours() -> None:
    # the old type label: the type colour (victory gold) in italics on white
    assert contrast((0.85, 0.65, 0.1), (1.0, 1.0, 1.0)) < 4.5
    assert render.on((0.12, 0.27, 0.64)) == (1.0, 1.0, 1.0)
    assert render.on(TYPE_RGB["victory"]) == (0.0, 0.0, 0.0)


def test_a_too_long_name_is_a_problem_located_at_the_card_name() -> None:
    class Long:
        def __init__(self, loc) -> None:  # type: ignore[no-untyped-def]
            self.loc, self.code = loc, loc.code

        def text(self, kind: str, obj_id: str, key: str) -> str:
            if (kind, obj_id, key) == ("cards", "control-room", "name"):
                return "Superlongunbreakablerailwaycontrolroomname" * 2
            return self.loc.text(kind, obj_id, key)

        def string(self, *a):  # type: ignore[no-untyped-def]
            return self.loc.string(*a)

    face = TrainsPrinter(_data().content, Long(_loc("en"))).front(_card("control-room"))
    problems = face.problems()
    assert [p.source for p in problems] == [TextSource("cards", "control-room", "name")]
    ok = TrainsPrinter(_data().content, _loc("en")).front(_card("control-room"))
    assert ok.problems() == []


def test_type_colours_differ_in_greyscale_on_every_deck() -> None:
    old = {"train": (0.16, 0.38, 0.75), "rail": (0.18, 0.55, 0.25), "station": (0.5, 0.25, 0.6),
           "action": (0.78, 0.16, 0.16)}
    assert any(abs(grey(a) - grey(b)) < 0.12 for a, b in itertools.combinations(old.values(), 2))
    content = _data().content
    for rec in content.of("decks"):
        deck = rec.obj.id
        cards = [c.obj for c in content.of("cards")
                 if c.obj.set == deck or (deck == "randomizers" and c.obj.set == "base"
                                          and c.obj.kind == "kingdom")]
        types = sorted({c.types[0] for c in cards} | {t for c in cards for t in c.types})
        assert len(types) >= 3, deck
        for a, b in itertools.combinations(types, 2):
            assert abs(grey(TYPE_RGB[a]) - grey(TYPE_RGB[b])) >= 0.12, (deck, a, b)
    assert len(set(render.TYPE_PATTERN.values())) == len(TYPE_RGB)  # a pattern per type too


def test_every_kingdom_card_has_an_illustration() -> None:
    printer = TrainsPrinter(_data().content, _loc("en"))
    kingdom = [c.obj for c in _data().content.of("cards") if c.obj.kind == "kingdom"]
    assert len(kingdom) == 59
    no_icon = 0
    for card in kingdom:
        face = printer.front(card)
        names = [s.name for s in face.shapes]
        assert "art" in names, card.id
        strip = effect_icons(card)
        assert [n for n in names if n.startswith("icon-")] == [f"icon-{i.icon}" for i in strip]
        no_icon += not strip
        assert any(n.startswith("type-") for n in names), card.id  # a type glyph in the band
    assert no_icon < 24


def test_effect_icons_read_the_effect() -> None:
    icons = [(i.icon, i.n) for i in effect_icons(_card("control-room"))]
    assert icons == [("card", 3)]
    assert [i.icon for i in effect_icons(_card("steel-bridge"))] == ["clock", "rail", "waste"]
    assert "or" in [i.icon for i in effect_icons(_card("station-crew"))]


def _ink(face: Face, border: float = 0.0) -> float:
    """Mean darkness (0 white .. 1 black) of a face rasterised at 40 dpi; with ``border``, of
    the outer strip of that width (mm) only."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    w, h = face.w * MM_TO_PT, face.h * MM_TO_PT
    c = Canvas(buf, pagesize=(w, h), invariant=1)
    face.draw(c, Box(0, 0, w, h))
    c.showPage()
    c.save()
    img = pdfium.PdfDocument(buf.getvalue())[0].render(scale=40 / 72).to_pil().convert("L")
    px = img.load()
    b = round(border / 25.4 * 40)
    vals = [px[x, y] for x in range(img.width) for y in range(img.height)
            if not border or min(x, y, img.width - 1 - x, img.height - 1 - y) < b]
    return 1 - sum(vals) / (255 * len(vals))


@pytest.mark.parametrize("card_id", ["limited-express-train", "collaboration", "tower", "waste",
                                     "legal-counsel"])
def test_ink_saver_cards_have_no_full_colour_background(card_id: str) -> None:
    full = TrainsPrinter(_data().content, _loc("en")).front(_card(card_id))
    light = TrainsPrinter(_data().content, _loc("en"), ink_saver=True).front(_card(card_id))
    assert _ink(full, border=2.0) > 0.1  # the coloured frame
    assert _ink(light, border=2.0) < 0.02  # white paper around the card
    assert _ink(light) < 0.2 and _ink(light) < 0.7 * _ink(full)
    back_full = TrainsPrinter(_data().content, _loc("en")).back("Trains", None)
    back_light = TrainsPrinter(_data().content, _loc("en"), ink_saver=True).back("Trains", None)
    assert _ink(back_full) > 0.6 and _ink(back_light) < 0.12


def test_randomizers_and_backs() -> None:
    decks = {d.id: d for d in print_decks(_data().content, _loc("el"))}
    rnd = decks["randomizers"]
    assert len(rnd.cards) == 30 and all(c.count == 1 for c in rnd.cards)
    front = rnd.cards[0].front()
    assert TextSource("strings", "randomizer", "text") in [p.source for p in front.placed]
    back = rnd.shared_back()
    assert [p.source for p in back.placed] == [TextSource("setups", "base", "name"),
                                               TextSource("strings", "randomizer", "text")]
    assert decks["base"].total == 500


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_boards_fit_and_every_place_name_is_printed(code: str, paper: str) -> None:
    boards = print_boards(_data().content, _loc(code))
    assert [b.id for b in boards] == ["board-osaka", "board-tokyo"]
    for board in boards:
        m = _data().content.index("maps")[board.id.removeprefix("board-")].obj
        assert board.size_mm == board_size(m)
        for label, face in board_faces(board, PAPERS[paper]):
            assert not face.problems(), (code, label, [p.message() for p in face.problems()])
            for p in face.placed:
                assert contrast(p.colour, p.frame.background) >= 4.5, (label, p.text)
        face = board.face()
        named = {p.source.key for p in face.placed if p.source and p.source.kind == "maps"}
        expected = {f"hexes.{i}.name" for i, h in enumerate(m.hexes) if h.name} | {"name"}
        assert named == expected


def test_ink_saver_boards_are_lighter() -> None:
    full = print_boards(_data().content, _loc("en"))[0].face()
    light = print_boards(_data().content, _loc("en"), ink_saver=True)[0].face()
    assert _ink(light) < 0.6 * _ink(full)


def test_board_pdf_is_deterministic_and_tiled() -> None:
    from cardkit.pdf.board import render_board

    board = print_boards(_data().content, _loc("pl"))[1]
    a = render_board(board, PAPERS["a4"])
    assert a.data == render_board(board, PAPERS["a4"]).data
    # the check page (100 mm square, assembly), then the tiles
    assert a.pages == 1 + 2 and render_board(board, PAPERS["a3"]).pages == 1 + 1
    assert render_board(board, PAPERS["letter"]).pages == 1 + 2  # the board is sized for it


@pytest.fixture
def with_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Trains spec with its boards wired in (as ``cardkit.games.trains.SPEC`` has them)."""
    import dataclasses

    from cardkit.core import registry

    spec = registry.get_game("trains")
    if getattr(spec, "print_boards", None) is None:
        wired = dataclasses.replace(spec, print_boards=print_boards)
        real = registry.get_game
        monkeypatch.setattr(registry, "get_game",
                            lambda game: wired if game == "trains" else real(game))


def test_cardkit_pdf_prints_a_board_by_its_id(with_boards: None, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    from cardkit.export.printing import render_game
    from cardkit.pdf.api import PdfJob
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.geometry import SheetOptions

    out = tmp_path / "tokyo.pdf"
    files = render_game(PdfJob("trains", ROOT / "content", "el", "board-tokyo", out=out,
                               cache_dir=None))
    assert [(f.deck, f.pages, f.cards) for f in files] == [("board-tokyo", 3, 0)]
    assert len(pdfium.PdfDocument(out.read_bytes())) == 3  # the check page and two tiles
    a3 = PdfOptions(sheet=SheetOptions(paper=PAPERS["a3"]))
    files = render_game(PdfJob("trains", ROOT / "content", "el", "board-tokyo", options=a3,
                               out=out, force=True, cache_dir=None))
    assert files[0].pages == 2  # whole on A3, after its check page
    with pytest.raises(Exception, match="--out names one file"):
        render_game(PdfJob("trains", ROOT / "content", "en", None, out=out, force=True,
                           cache_dir=None))
