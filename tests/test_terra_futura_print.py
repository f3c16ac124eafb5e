"""Terra Futura's print templates, read back from the PDFs they make and from their layouts.

Cards: every card copy prints (5 starting, 23 level I, 24 level II, 16 scoring cards and 5 help
cards, the rulebook's counts) with the back of its kind, every back on the back of its front in
duplex; each card's name is on its page (read back with pdfium), no character crosses an icon
or leaves the card. What the cards show is compared with the content files (read here with a
plain YAML reader, not the model): the first player's star on the ``first`` card only, as many
empty pollution slots as ``slots``, each option's icons left and right of its arrow adding up
to ``pay`` and ``gain`` (pollution cubes on the output side), a scoring card's filled pattern
cells exactly its X's. Text: the fit check (TF020) catches a name that is too long and nothing
draws it over another box; Greek and Polish print with embedded fonts; the score sheet prints
its rows from the strings; content that fails its schema does not crash the templates.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import pytest
from ruamel.yaml import YAML

from cardkit.games.terra_futura import render
from cardkit.games.terra_futura.render import scoresheet
from cardkit.games.terra_futura.render.theme import DESIGN_H, DESIGN_W, PLAYERS
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.board import render_board
from cardkit.pdf.geometry import PAPERS, Box
from cardkit.pdf.layout import Face

from . import pdf_readback as rb
from .conftest import SHIPPED, check_dir, point_modelines

GAME = SHIPPED / "terra-futura"


def _yaml(rel: str) -> Any:
    return YAML(typ="safe").load((GAME / rel).read_text("utf-8"))


def _territory() -> list[dict[str, Any]]:
    return [c for level in ("start", "level-1", "level-2")
            for c in _yaml(f"cards/territory/{level}.yaml")["cards"]]


def _strings() -> dict[str, str]:
    return {s["id"]: s["text"] for s in _yaml("strings.yaml")["strings"]}


@cache
def _data(content: Path = SHIPPED) -> Any:
    from cardkit.i18n.api import load
    return load("terra-futura", content)


def _loc(code: str = "en") -> Localizer:
    data = _data()
    return Localizer(data.content, data.locales[code], None)


@cache
def _deck() -> Any:
    (deck,) = render.print_decks(_data().content, _loc())
    return deck


@cache
def _faces() -> dict[str, Face]:
    return {card.id: card.front() for card in _deck().cards}


def _shapes(face: Face, pattern: str) -> list[Any]:
    return [s for s in face.shapes if re.fullmatch(pattern, s.name)]


# --- the deck -----------------------------------------------------------------------------------

def test_every_card_copy_prints_once_with_the_back_of_its_kind() -> None:
    from cardkit.pdf.draw import PdfOptions, plan, sheet_layout
    from cardkit.pdf.draw import render as render_deck

    deck = _deck()
    levels = {c["id"]: c["level"] for c in _territory()}
    scoring = [s["id"] for s in _yaml("cards/scoring.yaml")["scoring"]]
    helps = {h["id"]: h.get("copies", 1) for h in _yaml("cards/help.yaml")["help"]}
    counts = [sum(1 for v in levels.values() if v == lv) for lv in ("start", "I", "II")]
    # the rulebook's components: 5 starting, 23 level I, 24 level II, 16 scoring, 5 help cards
    assert (*counts, len(scoring), sum(helps.values())) == (5, 23, 24, 16, 5)
    assert sorted(c.id for c in deck.cards) == sorted([*levels, *scoring, *helps])
    assert {c.id: c.count for c in deck.cards if c.id in helps} == helps
    assert deck.total == 73
    backs = {c.id: c.back().name for c in deck.cards}
    want = {"start": "back-start", "I": "back-i", "II": "back-ii"}
    assert all(backs[i] == want[lv] for i, lv in levels.items())
    assert {backs[i] for i in scoring} == {"back-scoring"}
    assert {backs[i] for i in helps} == {"back-help"}
    assert len(set(backs.values())) == 5
    # duplex: one front per copy, and each front sheet followed by its back sheet
    opts = PdfOptions()
    sheet = sheet_layout(deck, opts)
    sides = [p.sheet_side for p in plan(deck, opts, sheet) if p.sheet_side is not None]
    n = -(-73 // sheet.per_sheet)
    assert sides == [(i, side) for i in range(n) for side in ("front", "back")]
    assert render_deck(deck, opts).cards == 73


@cache
def _pages() -> list[rb.Page]:
    return rb.read_back(_deck())


def test_each_name_prints_on_its_card_clear_of_every_icon() -> None:
    pages = _pages()
    assert len(pages) == 2 * len(_deck().cards)  # each distinct card once: front and back
    fronts = [p for p in pages if p.card is not None]
    assert len(fronts) == 5 + 23 + 24 + 16 + len(_yaml("cards/help.yaml")["help"])
    for page in fronts:
        assert "".join(page.card.split()) in "".join(page.text.split()), page.label
    problems = [m for page in pages for m in rb.overlaps(page) + rb.missing_words(page)]
    assert not problems, "\n".join(problems[:20])
    (ink,) = render.print_decks(_data().content, _loc(), ink_saver=True)
    for label, face in [*_deck().faces(), *ink.faces()]:
        assert not face.problems(), (label, [p.message() for p in face.problems()])


@pytest.mark.parametrize("code", ["el", "pl"])
def test_translated_cards_print_every_word_clear_of_every_icon(code: str) -> None:
    pages = list(rb.pages_of("terra-futura", code))
    assert len(pages) == 2 * len(_deck().cards)
    problems = [m for page in pages for m in rb.overlaps(page) + rb.missing_words(page)]
    assert not problems, "\n".join(problems[:20])
    for page in pages:
        if page.card is not None:
            assert "".join(page.card.split()) in "".join(page.text.split()), page.label


def test_the_first_players_symbol_is_on_the_first_starting_card_only() -> None:
    cards = _territory()
    first = [c["id"] for c in cards if c.get("first")]
    assert len(first) == 1 and [c["level"] for c in cards if c.get("first")] == ["start"]
    faces = _faces()
    marked = [card_id for card_id, face in faces.items() if _shapes(face, "first-player")]
    assert marked == first
    assert _deck().cards[0].id == first[0]  # and it comes first in the deck
    labels = [p.text for p in faces[first[0]].placed if p.frame.name == "first-label"]
    assert labels == [_strings()["first-player"]]


def test_pollution_slots_drawn_are_the_cards_slots_in_the_top_corner() -> None:
    faces = _faces()
    seen = set()
    for card in _territory():
        face = faces[card["id"]]
        slots = _shapes(face, r"slot-\d+")
        assert len(slots) == card.get("slots", 0), card["id"]
        seen.add(len(slots))
        (name,) = [p for p in face.placed if p.frame.name == "name"]
        for s in slots:  # the top right corner, above the name, clear of everything else
            assert s.box.x > DESIGN_W / 2 and s.box.y >= name.frame.box.top, card["id"]
            others = [o for o in face.shapes if o is not s]
            assert not any(s.box.overlaps(o.box) for o in others), card["id"]
    assert seen == {0, 1}  # both counts are used; one marked area at most (the rulebook)


def _sides(face: Face, prefix: str) -> tuple[dict[str, int], dict[str, int]]:
    """What a token row shows, left and right of its arrow: ``{resource: count}`` each, an
    icon counting 1, or the number of the "N×" text right before it."""
    counts = {p.frame.name: int(p.text.rstrip("\u00d7")) for p in face.placed
              if p.frame.name.startswith(f"{prefix}-count-")}
    (arrow,) = _shapes(face, f"{prefix}-arrow") or [None]
    left: dict[str, int] = {}
    right: dict[str, int] = {}
    for s in face.shapes:
        m = re.fullmatch(rf"{prefix}-([a-z-]+)-(\d+)", s.name)
        if m is None or m.group(1) == "arrow":
            continue
        rid, j = m.group(1), int(m.group(2))
        side = left if arrow is not None and s.box.right <= arrow.box.x else right
        side[rid] = side.get(rid, 0) + counts.get(f"{prefix}-count-{j - 1}", 1)
    return left, right


def test_options_print_what_they_pay_left_and_what_they_make_right() -> None:
    faces = _faces()
    two = 0
    for card in _territory():
        face = faces[card["id"]]
        for i, option in enumerate(card["options"]):
            pay, gain = _sides(face, f"option-{i}")
            assert pay == option.get("pay", {}), (card["id"], i)
            made = dict(option.get("gain", {}))
            if option.get("pollution"):
                made["pollution"] = option["pollution"]  # black cubes on the output side
            assert gain == made, (card["id"], i)
            assert bool(_shapes(face, f"option-{i}-arrow")) == bool(option.get("pay")), card["id"]
        two += len(card["options"]) == 2
        if len(card["options"]) == 2:  # the two options lie in two bands, one above the other
            top = [s.box for s in face.shapes if s.name.startswith("option-0-")]
            low = [s.box for s in face.shapes if s.name.startswith("option-1-")]
            assert min(b.y for b in top) > max(b.top for b in low), card["id"]
    assert two > 0


def test_storage_limit_prints_in_its_box() -> None:
    faces = _faces()
    template = _strings()["storage-max"]
    stored = [c for c in _territory() if c.get("storage") is not None]
    assert stored
    for card in _territory():
        texts = [p.text for p in faces[card["id"]].placed if p.frame.name == "storage-text"]
        want = [template.replace("{n}", str(card["storage"]))] if card.get("storage") else []
        assert texts == want, card["id"]
        assert bool(_shapes(faces[card["id"]], "storage")) == bool(want)


def test_scoring_cards_draw_their_pattern_and_method() -> None:
    faces = _faces()
    per_set = _strings()["per-set"]
    for card in _yaml("cards/scoring.yaml")["scoring"]:
        face = faces[card["id"]]
        want = {(r, c) for r, row in enumerate(card["pattern"]) for c, ch in enumerate(row)
                if ch == "X"}
        cells = _shapes(face, r"pattern-x-\d-\d")
        got = {tuple(int(v) for v in s.name.split("-")[2:]) for s in cells}
        assert got == want, card["id"]
        (grid,) = _shapes(face, "pattern")
        assert all(grid.box.holds(s.box) for s in cells)
        for s in cells:  # row 0 at the top, column 0 at the left
            r, c = (int(v) for v in s.name.split("-")[2:])
            assert abs(s.box.x - (grid.box.x + c * s.box.w)) < 1e-6
            assert abs(s.box.top - (grid.box.top - r * s.box.h)) < 1e-6
        left, right = _sides(face, "method")
        assert left == {} and right == card["combination"], card["id"]
        texts = {p.frame.name: p.text for p in face.placed}
        assert f"= {card['points']}" in texts.values()
        assert texts["per-set"] == per_set and texts["number"] == f"{card['number']:02d}"


# --- the score sheet ----------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_sheet_prints_its_rows_and_a_column_per_player(paper: str) -> None:
    (board,) = scoresheet.print_boards(_data().content, _loc())
    printed = render_board(board, PAPERS[paper], check=False)
    assert printed.pages == 1
    (chars,) = rb.read_chars(printed.data)
    text = "".join("".join(c.text for c in chars).split())
    strings = _strings()
    products = [r["name"] for r in _yaml("resources.yaml")["resources"] if r["kind"] == "product"]
    labels = [strings[s] for s in ("sheet-title", "sheet-player", "sheet-raw", "sheet-sets",
                                   "sheet-polluted", "sheet-total")] + products
    for label in labels:
        assert "".join(label.split()) in text, label
    face = board.face()
    rows = ["player", "raw", *(f"product-{r['id']}" for r in _yaml("resources.yaml")["resources"]
                               if r["kind"] == "product"), "polluted", "total"]
    for row in rows:
        assert len(_shapes(face, rf"{row}-field-\d")) == PLAYERS, row
    assert len(_shapes(face, r"sets-field-\d-\d")) == 3 * PLAYERS  # sets × points = result
    (rules,) = _yaml("rules.yaml")["rules"]
    hint = strings["sheet-points"].replace("{n}", str(-rules["polluted_card_penalty"]))
    assert [p.text for p in face.placed if p.frame.name == "row-polluted-points"] == [hint]
    assert not face.problems()


# --- languages, fonts, the fit check ----------------------------------------------------------

GREEK = {("cards", "seed-library", "name"): "Βιβλιοθήκη Σπόρων",
         ("scoring", "four-corners", "name"): "Τέσσερις Γωνίες",
         ("strings", "per-set", "text"): "ανά σετ",
         ("strings", "sheet-total", "text"): "Σύνολο",
         ("resources", "food", "name"): "Τροφή"}
POLISH = {("cards", "seed-library", "name"): "Biblioteka nasion źródlanych",
          ("scoring", "four-corners", "name"): "Cztery narożniki",
          ("strings", "per-set", "text"): "za zestaw",
          ("strings", "sheet-total", "text"): "Łącznie",
          ("resources", "food", "name"): "Żywność"}


class _Translated(Localizer):
    """A localizer with a few translations (the real overlays are written by translators)."""

    table: ClassVar[dict[tuple[str, str, str], str]] = {}

    def field(self, kind: str, obj_id: str, key: str, english: Any) -> Any:
        return self.table.get((kind, obj_id, key), english)


@pytest.mark.parametrize(("code", "table"), [("el", GREEK), ("pl", POLISH)])
def test_greek_and_polish_print_with_embedded_fonts(code: str, table: dict) -> None:  # type: ignore[type-arg]
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as render_deck

    data = _data()
    loc = type("Loc", (_Translated,), {"table": table})(data.content, data.locales[code])
    (deck,) = render.print_decks(data.content, loc)
    pdf = render_deck(deck, PdfOptions(locale=code)).data
    (board,) = scoresheet.print_boards(data.content, loc)
    sheet = render_board(board, PAPERS["a4"]).data
    deck_text = "".join("".join(c.text for page in rb.read_chars(pdf) for c in page).split())
    sheet_text = "".join("".join(c.text for page in rb.read_chars(sheet) for c in page).split())
    for (kind, obj, _), word in table.items():
        where = sheet_text if (kind, obj) in (("strings", "sheet-total"),
                                              ("resources", "food")) else deck_text
        assert "".join(word.split()) in where, (code, word)
    for blob in (pdf, sheet):
        used = rb.fonts(blob)
        assert used and all(f.embedded and not f.base14 for f in used), used


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(GAME, dest / "terra-futura")
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    point_modelines(dest, SHIPPED)
    return dest


def _edit(dest: Path, rel: str, old: str, new: str) -> None:
    path = dest / "terra-futura" / rel
    text = path.read_text("utf-8")
    assert text.count(old) >= 1, (rel, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


LONG = "Seedlibraryseedlibraryseedlibraryseedlibrary"


def test_the_fit_check_catches_a_long_name_and_nothing_prints_it(tmp_path: Path) -> None:
    from cardkit.pdf.draw import PdfOptions
    from cardkit.pdf.draw import render as render_deck
    from cardkit.pdf.fitcheck import FitError

    report = check_dir(SHIPPED, "terra-futura")
    assert not [d for d in report.diagnostics if d.code in ("TF020", "I18N018")]
    dest = _copy(tmp_path)
    _edit(dest, "cards/territory/level-1.yaml", "name: Seed Library\n", f"name: {LONG}\n")
    found = [d for d in check_dir(dest, "terra-futura").diagnostics if d.code == "TF020"]
    assert found and {d.object_id for d in found} == {"seed-library"}
    assert found[0].file.endswith("cards/territory/level-1.yaml") and found[0].line > 0
    # the template lays it out as unfit (no lines at all, so nothing under the slots or the
    # level badge), and the PDF refuses the deck rather than print it over another box
    data = _data(dest)
    loc = Localizer(data.content, data.locales["en"], None)
    (deck,) = render.print_decks(data.content, loc)
    (card,) = [c for c in deck.cards if c.id == "seed-library"]
    (bad,) = card.front().problems()
    assert bad.frame.name == "name" and bad.flowed is None
    with pytest.raises(FitError):
        render_deck(deck, PdfOptions())


@pytest.mark.parametrize(("rel", "old", "new"), [
    # resources.yaml fails its schema: no resources, so every icon is "unknown" and the score
    # sheet has no raw-material or product rows
    ("resources.yaml", 'colour: "#3f9a3a"', "colour: green"),
    # rules.yaml fails: no penalty hint on the sheet, the title falls back to the deck's name
    ("rules.yaml", "polluted_card_penalty: 1", "polluted_card_penalty: lots"),
    # decks.yaml fails: the base deck at the design size
    ("decks.yaml", "    size: poker", "    size: huge"),
    # a pattern that is not 3 by 3 passes the schema: the template draws only the 3×3 window
    ("cards/scoring.yaml", 'pattern: ["X.X", "...", "X.X"]', 'pattern: ["X.X.X", "X"]'),
])
def test_content_that_fails_check_is_reported_not_crashed_on(tmp_path: Path, rel: str,
                                                              old: str, new: str) -> None:
    dest = _copy(tmp_path)
    _edit(dest, rel, old, new)
    # the long name proves the fit pass (which builds every face) ran on what did load
    _edit(dest, "cards/territory/level-1.yaml", "name: Seed Library\n", f"name: {LONG}\n")
    report = check_dir(dest, "terra-futura")
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)
    assert [d.object_id for d in report.diagnostics if d.code == "TF020"] == ["seed-library"]
    if rel != "cards/scoring.yaml":
        assert any(d.code.startswith("SCH") for d in report.diagnostics)


def test_faces_stay_inside_the_card() -> None:
    card = Box(0, 0, DESIGN_W, DESIGN_H)
    pages = {name for name, _ in _deck().extra_pages}  # the legend and token sheet: pages, not
    for label, face in _deck().faces():                # cards (test_terra_futura_kit)
        if label.rsplit(" (", 1)[0] in pages:
            continue
        for s in face.shapes:
            assert card.holds(s.box), (label, s.name)
        for p in face.placed:
            assert card.holds(p.frame.box), (label, p.frame.name)
