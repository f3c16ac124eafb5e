"""Mars Dice's print templates, read back from the PDFs they make and from their layouts.

Cards: every card copy prints with the back of its kind (projects of all colours share one
back; corporations, bonus cards, milestones and awards each have theirs), backs on the back of
their fronts in duplex; each card's name is on its page (read back with pdfium), no character
crosses an icon or leaves the card. What the cards show is compared with the content files
(read here with a plain YAML reader, not the model): each project's cost icons (one die-face
icon per symbol), a green card's production dice, one timing mark per blue action with its
word, the VP ribbon's colour by timing. The track board prints every track value and the VP
thresholds' marks. Text: the fit check (MD020) catches a name that is too long; Greek and
Polish print with embedded fonts; content that fails its schema does not crash the templates.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.games.mars_dice.render import board as board_print
from cardkit.games.mars_dice import render
from cardkit.games.mars_dice.render.rows import count_of
from cardkit.games.mars_dice.render.theme import DESIGN_H, DESIGN_W, RIBBON
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.board import render_board
from cardkit.pdf.geometry import PAPERS, Box
from cardkit.pdf.layout import Face

from . import pdf_readback as rb
from .conftest import SHIPPED, check_dir, point_modelines

GAME = SHIPPED / "mars-dice"
KINDS = {"projects": "project", "corporations": "corporation", "bonus": "bonus",
         "milestones": "milestone", "awards": "award"}


def _yaml(rel: str) -> Any:
    return YAML(typ="safe").load((GAME / rel).read_text("utf-8"))


def _projects() -> list[dict[str, Any]]:
    return [p for colour in ("green", "red", "blue")
            for p in _yaml(f"cards/projects/{colour}.yaml")["projects"]]


def _ids(deck: str) -> list[str]:
    if deck == "projects":
        return [p["id"] for p in _projects()]
    rel = {"corporations": "cards/corporations.yaml", "bonus": "cards/bonus.yaml",
           "milestones": "cards/milestones.yaml", "awards": "cards/awards.yaml"}[deck]
    return [o["id"] for o in _yaml(rel)[deck]]


def _strings() -> dict[str, str]:
    return {s["id"]: s["text"] for s in _yaml("strings.yaml")["strings"]}


@cache
def _data(content: Path = SHIPPED) -> Any:
    from cardkit.i18n.api import load
    return load("mars-dice", content)


def _loc(code: str = "en") -> Localizer:
    data = _data()
    overlay = data.translations.overlays.get(code) if code != "en" else None
    return Localizer(data.content, data.locales[code], overlay)


@cache
def _decks() -> dict[str, Any]:
    return {d.id: d for d in render.print_decks(_data().content, _loc())}


@cache
def _faces() -> dict[str, Face]:
    return {card.id: card.front() for card in _decks()["projects"].cards}


def _shapes(face: Face, pattern: str) -> list[Any]:
    return [s for s in face.shapes if re.fullmatch(pattern, s.name)]


# --- the decks ----------------------------------------------------------------------------------

def test_every_card_copy_prints_with_the_back_of_its_kind() -> None:
    from cardkit.pdf.draw import PdfOptions, plan, sheet_layout
    from cardkit.pdf.draw import render as render_deck

    decks = _decks()
    assert sorted(decks) == sorted(KINDS)
    backs = set()
    for deck_id, kind in KINDS.items():
        deck = decks[deck_id]
        assert sorted(c.id for c in deck.cards) == sorted(_ids(deck_id)), deck_id
        assert {c.back().name for c in deck.cards} == {f"back-{kind}"}, deck_id
        assert deck.size_mm == (63.5, 88.9)
        backs.add(f"back-{kind}")
        opts = PdfOptions()
        sheet = sheet_layout(deck, opts)
        sides = [p.sheet_side for p in plan(deck, opts, sheet) if p.sheet_side is not None]
        n = -(-deck.total // sheet.per_sheet)
        assert sides == [(i, side) for i in range(n) for side in ("front", "back")], deck_id
        assert render_deck(deck, opts).cards == deck.total == len(_ids(deck_id))
    assert len(backs) == 5
    kinds = {p.text for d in decks.values() for p in d.cards[0].back().placed
             if p.frame.name == "back-kind"}
    strings = _strings()
    assert kinds == {strings[f"kind-{k}"] for k in KINDS.values()}


@pytest.mark.parametrize("deck_id", sorted(KINDS))
def test_each_name_prints_on_its_card_clear_of_every_icon(deck_id: str) -> None:
    deck = _decks()[deck_id]
    pages = rb.read_back(deck)
    assert len(pages) == 2 * len(deck.cards)  # each distinct card once: front and back
    for page in pages:
        if page.card is not None:
            assert "".join(page.card.split()) in "".join(page.text.split()), page.label
    problems = [m for page in pages for m in rb.overlaps(page) + rb.missing_words(page)]
    assert not problems, "\n".join(problems[:20])
    (ink,) = [d for d in render.print_decks(_data().content, _loc(), ink_saver=True)
              if d.id == deck_id]
    # the card faces; the kit's extra pages (page-sized) are tests/test_mars_dice_kit.py's
    for label, face in [*deck.faces(()), *ink.faces(())]:
        assert not face.problems(), (label, [p.message() for p in face.problems()])
        card = Box(0, 0, DESIGN_W, DESIGN_H)
        for s in face.shapes:
            assert card.holds(s.box), (label, s.name)
        for p in face.placed:
            assert card.holds(p.frame.box), (label, p.frame.name)


@pytest.mark.parametrize("code", ["el", "pl"])
def test_translated_cards_print_every_word_clear_of_every_icon(code: str) -> None:
    pages = list(rb.pages_of("mars-dice", code))
    assert len(pages) == 2 * sum(len(d.cards) for d in _decks().values())
    problems = [m for page in pages for m in rb.overlaps(page) + rb.missing_words(page)]
    assert not problems, "\n".join(problems[:20])
    for page in pages:
        if page.card is not None:
            assert "".join(page.card.split()) in "".join(page.text.split()), page.label


def test_each_project_shows_one_die_face_icon_per_cost_symbol() -> None:
    faces = _faces()
    many = 0
    for card in _projects():
        face = faces[card["id"]]
        shown = count_of(face, "cost")
        assert {rid: n for (kind, rid), n in shown.items() if kind == "face"} == card["cost"], \
            card["id"]
        assert all(kind == "face" for kind, _ in shown), card["id"]
        icons_drawn = _shapes(face, r"cost-face-[a-z0-9-]+-\d+")
        assert len(icons_drawn) == sum(card["cost"].values()), card["id"]  # no "N×" counts
        many += sum(card["cost"].values()) >= 4
        letters = [p for p in face.placed if p.frame.name.startswith("cost-face-")]
        assert len(letters) == len(icons_drawn), card["id"]  # every icon carries its letter
    assert many > 0


def test_green_cards_draw_their_production_dice() -> None:
    faces = _faces()
    green = [c for c in _projects() if c["colour"] == "green"]
    assert green
    for card in _projects():
        shown = count_of(faces[card["id"]], "production")
        want = {("die", d): n for d, n in card.get("production", {}).items()}
        assert shown == want, card["id"]
    heads = {p.text for c in green for p in faces[c["id"]].placed
             if p.frame.name == "production-head"}
    assert heads == {_strings()["production"]}


def test_blue_cards_show_one_timing_mark_and_word_per_action() -> None:
    faces = _faces()
    strings = _strings()
    timings = set()
    for card in _projects():
        face = faces[card["id"]]
        actions = card.get("actions", [])
        marks = _shapes(face, r"action-\d+-timing-[a-z]+")
        assert [m.name for m in marks] == [f"action-{k}-timing-{a['timing']}"
                                           for k, a in enumerate(actions)], card["id"]
        words = [p.text for p in face.placed if re.fullmatch(r"action-\d+-head", p.frame.name)]
        assert words == [strings[f"timing-{a['timing']}"] for a in actions], card["id"]
        for k, a in enumerate(actions):
            shown = count_of(face, f"action-{k}")
            paid = {rid: n for (kind, rid), n in shown.items() if kind == "face"}
            assert sum(paid.values()) >= sum(a.get("pay", {}).values()), card["id"]
            assert bool(_shapes(face, rf"action-{k}-arrow-.*")) == bool(a.get("pay")), card["id"]
            timings.add(a["timing"])
    assert len(timings) >= 2


def test_the_vp_ribbon_is_green_when_scored_at_once_and_red_at_the_end() -> None:
    faces = _faces()
    green, red = RIBBON["immediate"], RIBBON["end"]
    assert green[1] > green[0] and red[0] > red[1]  # the facts: green ribbon now, red at end
    seen = set()
    for card in _projects():
        face = faces[card["id"]]
        ribbons = _shapes(face, r"vp-ribbon-[a-z]+")
        if not card.get("vp"):
            assert not ribbons, card["id"]
            continue
        timing = card.get("vp_timing", "immediate")
        assert [r.name for r in ribbons] == [f"vp-ribbon-{timing}"], card["id"]
        (number,) = [p for p in face.placed if p.frame.name == "vp-number"]
        assert number.text == str(card["vp"]) and number.frame.background == RIBBON[timing]
        seen.add(timing)
    assert seen == {"immediate", "end"}


# --- the boards ---------------------------------------------------------------------------------

def _values(track: dict[str, Any]) -> list[str]:
    out = []
    for v in range(track["start"], track["maximum"] + 1, track["step"]):
        sign = "\u2212" if v < 0 else ("+" if v > 0 and track["start"] < 0 else "")
        out.append(f"{sign}{abs(v)}{track.get('unit', '')}")
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_track_board_prints_every_value_and_the_bonus_marks(paper: str) -> None:
    boards = {b.id: b for b in board_print.print_boards(_data().content, _loc())}
    assert sorted(boards) == ["board"]  # the game's one board: the track panel and the map
    printed = render_board(boards["board"], PAPERS[paper], check=False)
    assert printed.pages == 2  # 386 mm wide: two pages of A4 or Letter at true scale
    text = "".join("".join(c.text for page in rb.read_chars(printed.data) for c in page).split())
    face = board_print.BoardPrinter(_data().content, _loc()).tracks_face()
    tracks = _yaml("tracks.yaml")["tracks"]
    assert {t["id"] for t in tracks} >= {"oxygen", "temperature", "oceans"}
    for track in tracks:
        printed_values = [p.text.replace("\u00a0", "") for p in face.placed
                          if re.fullmatch(rf"track-{track['id']}-value-\d+", p.frame.name)]
        assert printed_values == _values(track), track["id"]
        for v in printed_values:
            assert v in text, v
        for bonus in track.get("bonuses", []):  # each bonus's icons in its space
            assert [s for s in face.shapes
                    if s.name.startswith(f"track-{track['id']}-bonus-{bonus['at']}-")], bonus
    (rules,) = _yaml("rules.yaml")["rules"]
    assert rules["vp_thresholds"] == [5, 12]
    vp = [int(p.text) for p in face.placed if p.frame.name.startswith("vp-value-")]
    assert vp == list(range(len(vp))) and vp[-1] >= 60
    marks = sorted(int(s.name.rsplit("-", 1)[1]) for s in _shapes(face, r"vp-mark-\d+"))
    assert marks == rules["vp_thresholds"]
    assert _strings()["bonus-card-mark"] in [p.text for p in face.placed]
    assert not face.problems()


def test_the_map_draws_the_bonuses_of_its_areas() -> None:
    face = board_print.BoardPrinter(_data().content, _loc()).map_face()
    (board,) = _yaml("board.yaml")["boards"]
    with_bonus = [a["id"] for a in board["areas"] if a.get("bonus")]
    assert with_bonus
    for area in with_bonus:
        assert any(s.name.startswith(f"area-{area}-") for s in face.shapes), area
    drawn = {s.name for s in face.shapes if s.name.startswith("area-")}
    assert all(any(n.startswith(f"area-{a}-") for a in with_bonus) for n in drawn)
    assert not face.problems()


# --- languages, fonts, the fit check ----------------------------------------------------------

@pytest.mark.parametrize("code", ["el", "pl"])
def test_greek_and_polish_print_with_embedded_fonts(code: str) -> None:
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as render_deck

    data = _data()
    loc = _loc(code)
    decks = {d.id: d for d in render.print_decks(data.content, loc)}
    pdf = render_deck(decks["corporations"], PdfOptions(locale=code)).data
    (board,) = board_print.print_boards(data.content, loc)
    sheet = render_board(board, PAPERS["a4"]).data
    letters = {"el": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ", "pl": "ąćęłńóśźż"}[code]
    for blob in (pdf, sheet):
        used = rb.fonts(blob)
        assert used and all(f.embedded and not f.base14 for f in used), used
        text = "".join(c.text for page in rb.read_chars(blob) for c in page).lower()
        assert any(ch in text for ch in letters), code  # the translation printed
    names = [loc.text("corporations", c.id, "name") for c in decks["corporations"].cards]
    text = "".join("".join(c.text for page in rb.read_chars(pdf) for c in page).split())
    for name in names:
        assert "".join(name.split()) in text, name


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(GAME, dest / "mars-dice")
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    point_modelines(dest, SHIPPED)
    return dest


def _first_project() -> tuple[str, str, str]:
    card = _yaml("cards/projects/green.yaml")["projects"][0]
    return "cards/projects/green.yaml", card["id"], card["name"]


def _edit(dest: Path, rel: str, old: str, new: str) -> None:
    path = dest / "mars-dice" / rel
    text = path.read_text("utf-8")
    assert text.count(old) >= 1, (rel, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


LONG = "Extraordinarilylongprojectnameextraordinarily"


def _lengthen(dest: Path) -> str:
    rel, card_id, name = _first_project()
    _edit(dest, rel, f"name: {name}\n", f"name: {LONG}\n")
    return card_id


def test_the_fit_check_catches_a_long_name_and_nothing_prints_it(tmp_path: Path) -> None:
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as render_deck
    from cardkit.pdf.fitcheck import FitError

    report = check_dir(SHIPPED, "mars-dice")
    assert not [d for d in report.diagnostics if d.code in ("MD020", "I18N018")]
    dest = _copy(tmp_path)
    card_id = _lengthen(dest)
    found = [d for d in check_dir(dest, "mars-dice").diagnostics if d.code == "MD020"]
    assert found and {d.object_id for d in found} == {card_id}
    assert found[0].file.endswith("cards/projects/green.yaml") and found[0].line > 0
    data = _data(dest)
    loc = Localizer(data.content, data.locales["en"], None)
    (deck,) = [d for d in render.print_decks(data.content, loc) if d.id == "projects"]
    (card,) = [c for c in deck.cards if c.id == card_id]
    (bad,) = card.front().problems()
    assert bad.frame.name == "name" and bad.flowed is None
    with pytest.raises(FitError):
        render_deck(deck, PdfOptions())


@pytest.mark.parametrize(("rel", "pattern", "new"), [
    # dice.yaml fails: no dice, so every die and face icon is the "unknown" square
    ("dice.yaml", r"colour: '#[0-9a-fA-F]{6}'", "colour: green"),
    # tracks.yaml fails: the track board has no tracks, the VP track still prints
    ("tracks.yaml", r"step: \d+", "step: two"),
    # rules.yaml fails: no milestone VP or award places, the title falls back to the deck's
    ("rules.yaml", r"milestone_vp: \d+", "milestone_vp: lots"),
    # decks.yaml fails: the projects deck is missing, its cards print at the design size
    ("decks.yaml", r"size: poker", "size: huge"),
    # a cost symbol no die has passes the schema (the checks report it): an "unknown" icon
    ("cards/projects/red.yaml", r"cost: \{[a-z]+:", "cost: {unobtainium:"),
])
def test_content_that_fails_its_schema_is_reported_not_crashed_on(
        tmp_path: Path, rel: str, pattern: str, new: str) -> None:
    dest = _copy(tmp_path)
    path = dest / "mars-dice" / rel
    text = path.read_text("utf-8")
    assert re.search(pattern, text), (rel, pattern)
    path.write_text(re.sub(pattern, new, text, count=1), "utf-8")
    # the long name proves the fit pass (which builds every face) ran on what did load
    card_id = _lengthen(dest)
    report = check_dir(dest, "mars-dice")
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)
    assert card_id in [d.object_id for d in report.diagnostics if d.code == "MD020"]
    if not rel.startswith("cards/"):
        assert any(d.code.startswith("SCH") for d in report.diagnostics)
