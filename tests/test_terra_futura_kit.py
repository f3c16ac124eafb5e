"""Terra Futura's print-and-play kit is complete and legible: besides the cards and the score
sheet, the deck's PDF carries an icon legend and a cubes-and-tokens sheet.

The rulebook's components (seed 001, page 1): 5 starting, 23 level I, 24 level II, 16 scoring
and 5 help cards (``test_terra_futura_print``), 60 score sheets (the printable sheet), 25 cubes
of each raw material, 25 pollution cubes, 20 tokens of each of the three products and 30 money
tokens — the last four printed here as counters to cut out, with the cards' own icons, the
line that the supply is unlimited, and a cutting guide.

The legend is checked against what the cards *print*: every card face (fronts and backs) is
built, each of its drawn shapes is named as a legend entry (a mark the test does not know is a
failure of its own, so a new icon cannot slip by), and the legend page must show that entry's
sample, name and meaning. Planted cases show the check catching a new card icon and a dropped
entry. The money icon is told from the first player's star by its drawing operations and by its
rasterised silhouette. Greek and Polish builds print every string from their locale (no
English fallback), the pseudo-locale build leaves no English word, and counted nouns take the
CLDR plural form of their number.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.games.terra_futura import render
from cardkit.games.terra_futura.render import icons, legend, tokens
from cardkit.games.terra_futura.render.icons import Palette
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.geometry import MM_TO_PT, PAPERS, Box
from cardkit.pdf.layout import Ctx, Face

from . import pdf_readback as rb
from .conftest import SHIPPED

GAME = SHIPPED / "terra-futura"
LOCALES = ("en", "el", "pl")
#: The rulebook's pieces (seed 001, «Zawartość gry»), by resource kind: how many of each.
RULEBOOK = {"raw": 25, "product": 20, "money": 30, "pollution": 25}
#: Page sizes every extra page must fit: A4 and Letter.
PAGES = {"a4": PAPERS["a4"], "letter": PAPERS["letter"]}


def _yaml(rel: str) -> Any:
    return YAML(typ="safe").load((GAME / rel).read_text("utf-8"))


@cache
def _data() -> Any:
    from cardkit.i18n.api import load
    return load("terra-futura", SHIPPED)


def _loc(code: str) -> Localizer:
    data = _data()
    overlay = data.translations.overlays.get(code) if code != "en" else None
    return Localizer(data.content, data.locales[code], overlay)


@cache
def _deck(code: str = "en") -> Any:
    (deck,) = render.print_decks(_data().content, _loc(code))
    return deck


def _page(deck: Any, which: str, paper: tuple[float, float] = PAPERS["a4"]) -> Face:
    """The deck's extra page whose face is named ``which`` (``legend`` or ``tokens``)."""
    found = [face for _, build in deck.extra_pages
             if (face := build(*paper)).name == which]
    assert len(found) == 1, [b(*paper).name for _, b in deck.extra_pages]
    return found[0]


def _ctx(face: Face) -> Ctx:
    return Ctx(face.w * MM_TO_PT, face.h * MM_TO_PT, 0.0)


def _texts(face: Face) -> dict[str, str]:
    return {p.frame.name: p.text for p in face.placed}


# --- the components checklist ---------------------------------------------------------------------

@pytest.mark.parametrize("paper", sorted(PAGES))
def test_the_token_sheet_has_every_piece_of_the_box_in_its_count(paper: str) -> None:
    resources = _yaml("resources.yaml")["resources"]
    by_kind = Counter(r["kind"] for r in resources if r.get("supply"))
    assert by_kind == {"raw": 3, "product": 3, "money": 1, "pollution": 1}
    face = _page(_deck(), "tokens", PAGES[paper])
    pieces = Counter(re.fullmatch(r"piece-([a-z-]+)-\d+", s.name).group(1)  # type: ignore[union-attr]
                     for s in face.shapes if s.name.startswith("piece-"))
    want = {r["id"]: RULEBOOK[r["kind"]] for r in resources if r["kind"] in RULEBOOK}
    assert pieces == want  # 3 × 25 raw, 25 pollution, 3 × 20 products, 30 money
    assert sum(pieces.values()) == 190
    # the counters are equal squares that never overlap, on the page, above its footer
    boxes = [s.box for s in face.shapes if s.name.startswith("piece-")]
    sides = {(round(b.w, 6), round(b.h, 6)) for b in boxes}
    (side,) = sides
    assert side[0] == side[1] and side[0] >= tokens.MIN_CELL
    page = Box(tokens.MARGIN, tokens.FOOTER, PAGES[paper][0] - 2 * tokens.MARGIN,
               PAGES[paper][1] - tokens.FOOTER - tokens.MARGIN)
    assert all(page.holds(b) for b in boxes)
    eps = 1e-6
    overlapping = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                   if a.x + eps < b.right and b.x + eps < a.right and a.y + eps < b.top
                   and b.y + eps < a.top]
    assert not overlapping
    # each block is headed by its resource's name and its count
    texts = _texts(face)
    for r in resources:
        if r["kind"] in RULEBOOK:  # the rulebook's «kostki» and «żetony»
            noun = "cubes" if r["kind"] in ("raw", "pollution") else "tokens"
            assert texts[f"{r['id']}-name"] == r["name"]
            assert texts[f"{r['id']}-count"] == f"{RULEBOOK[r['kind']]} {noun}"
    assert not face.problems()


def test_the_token_sheet_says_the_supply_is_unlimited_and_how_to_cut() -> None:
    strings = {s["id"]: s["text"] for s in _yaml("strings.yaml")["strings"]}
    assert "unlimited" in strings["tokens-supply"]
    for code in LOCALES:
        loc = _loc(code)
        texts = _texts(_page(_deck(code), "tokens"))
        assert texts["supply"] == loc.string("tokens-supply")
        assert texts["cut"] == loc.string("tokens-cut")
        if code != "en":
            assert texts["supply"] != strings["tokens-supply"]


def test_the_token_sheet_is_cut_along_lines_around_every_counter() -> None:
    """The cutting guide: every counter's outline is stroked (a recording canvas)."""
    face = _page(_deck(), "tokens")
    canvas = _Recorder()
    for kind, payload in face.items:
        if kind == "paint":
            payload(canvas, _ctx(face))
    outlined = {(round(args[0] / MM_TO_PT, 3), round(args[1] / MM_TO_PT, 3))
                for op, args, kw in canvas.ops if op == "rect" and kw.get("stroke") == 1}
    pieces = [s.box for s in face.shapes if s.name.startswith("piece-")]
    assert {(round(b.x, 3), round(b.y, 3)) for b in pieces} <= outlined


def test_counters_are_drawn_with_the_cards_icons() -> None:
    """A counter's drawing is its background and exactly what the card's icon draws."""
    face = _page(_deck(), "tokens")
    pal = Palette(_data().content)
    for rid in ("green", "food", "money", "pollution"):
        (shape, paint) = next(p for k, p in face.items
                              if k == "shape" and p[0].name == f"piece-{rid}-0")
        rec = _Recorder()
        paint(rec, _ctx(face))
        cx, cy = (shape.box.x + shape.box.w / 2) * MM_TO_PT, (shape.box.y + shape.box.h / 2) * \
            MM_TO_PT
        ref = _Recorder()
        icons.draw_icon(ref, pal.icon(rid), cx, cy, shape.box.w * tokens.ICON_SHARE * MM_TO_PT)
        assert [op for op, *_ in rec.ops][2:] == [op for op, *_ in ref.ops], rid


# --- the legend -----------------------------------------------------------------------------------

#: How a card face's shape is named in the legend; ``None``: not a mark (a layout box).
SHAPES: tuple[tuple[str, str | None], ...] = (
    (r"first-player", "first"),
    (r"slot-\d+", "slot"),
    (r"storage", "storage"),
    (r"option-\d+-arrow", "arrow"),
    (r"(?:option-\d+|method)-(?P<rid>[a-z-]+)-\d+", "<rid>"),
    (r"pattern(?:-x-\d-\d)?", "pattern"),
)
BADGES = {"start": "start", "I": "level-i", "II": "level-ii", "scoring": "pattern",
          "help": "help"}


def card_marks(faces: list[tuple[str, Face, str]]) -> tuple[set[str], list[str]]:
    """The legend keys of every mark the faces print, and the shapes no rule names.

    ``faces``: ``(card kind, face, side)``. A level badge and a back's medallion are named by
    the card's kind; a "N×" text is the ``count`` mark; two option rows are ``options``.
    """
    keys: set[str] = set()
    unknown = []
    for kind, face, side in faces:
        names = [s.name for s in face.shapes]
        for name in names:
            if name in ("level", "back-mark"):
                keys.add(BADGES[kind])
                continue
            for pattern, key in SHAPES:
                m = re.fullmatch(pattern, name)
                if m:
                    keys.add(m.group("rid") if key == "<rid>" else key)  # type: ignore[arg-type]
                    break
            else:
                unknown.append(f"{kind} {side}: {name}")
        if any(n.startswith("option-1-") for n in names):
            keys.add("options")
        if any(re.fullmatch(r"(?:option-\d+|method)-count-\d+", p.frame.name)
               for p in face.placed):
            keys.add("count")
    return keys, unknown


def uncovered(faces: list[tuple[str, Face, str]], page: Face) -> list[str]:
    """Card marks the legend page does not explain (no sample, name or meaning)."""
    keys, unknown = card_marks(faces)
    shown = {s.name.removeprefix("legend-") for s in page.shapes if s.name.startswith("legend-")}
    texts = _texts(page)
    out = [f"no legend rule for the shape {u}" for u in unknown]
    for key in sorted(keys):
        if key not in shown:
            out.append(f"{key}: no sample on the legend")
        if not texts.get(f"legend-{key}-name", "").strip():
            out.append(f"{key}: no name on the legend")
        if not texts.get(f"legend-{key}-text", "").strip():
            out.append(f"{key}: no meaning on the legend")
    return out


def _card_faces(deck: Any, data: Any = None) -> list[tuple[str, Face, str]]:
    """Every card's front and back with the card's kind (start, I, II, scoring, help)."""
    content = (data or _data()).content
    kinds = {r.id: r.obj.level for r in content.of("cards")}
    kinds |= {r.id: "scoring" for r in content.of("scoring")}
    kinds |= {r.id: "help" for r in content.of("help")}
    return [(kinds[c.id], f, side) for c in deck.cards
            for f, side in ((c.front(), "front"), (c.back(), "back"))]


@pytest.mark.parametrize("code", LOCALES)
def test_the_legend_explains_every_mark_the_cards_print(code: str) -> None:
    deck = _deck(code)
    faces = _card_faces(deck)
    keys, unknown = card_marks(faces)
    assert not unknown
    # what the shipped set prints: 3 raw, 3 products, money, the wildcard, pollution, and marks
    assert {"money", "any-raw", "pollution", "slot", "storage", "first", "arrow", "options",
            "start", "level-i", "level-ii", "pattern"} <= keys
    for paper in PAGES.values():
        page = _page(deck, "legend", paper)
        assert uncovered(faces, page) == []
        assert not page.problems(), [p.message() for p in page.problems()]
        # every entry's texts and sample lie on the page, above the footer, clear of each other
        area = Box(15.0, 18.0, paper[0] - 30.0, paper[1] - 33.0)
        boxes = [s.box for s in page.shapes] + [p.frame.box for p in page.placed]
        assert all(area.holds(b) for b in boxes)


def test_the_legend_catches_a_new_card_icon_and_a_dropped_entry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.pdf.layout import Shape

    deck = _deck()
    page = _page(deck, "legend")
    faces = _card_faces(deck)
    # planted 1: a card starts printing a mark nobody taught the legend
    planted = [(k, f, s) for k, f, s in faces]
    kind, face, side = planted[0]
    face = Face(face.name, face.w, face.h, list(face.items))
    face.shape(Shape("recycling-badge", Box(30, 5, 6, 6)), lambda c, ctx: None)
    planted[0] = (kind, face, side)
    assert uncovered(planted, page) == [f"no legend rule for the shape {kind} front: "
                                        "recycling-badge"]
    # planted 2: the legend forgets an entry the cards need
    monkeypatch.setattr(legend, "MARK_KEYS", tuple(k for k in legend.MARK_KEYS
                                                   if k != "storage"))
    short = _page(deck, "legend")
    assert uncovered(faces, short) == ["storage: no sample on the legend",
                                       "storage: no name on the legend",
                                       "storage: no meaning on the legend"]


def test_the_legend_follows_the_content(tmp_path: Path) -> None:
    """A set without storage limits has no storage entry, and the legend still covers what
    its cards print: the entries come from the content, not from a fixed list."""
    import shutil

    from cardkit.i18n.api import load

    from .conftest import point_modelines

    dest = tmp_path / "content"
    shutil.copytree(GAME, dest / "terra-futura")
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    point_modelines(dest, SHIPPED)
    level1 = dest / "terra-futura" / "cards" / "territory" / "level-1.yaml"
    text = level1.read_text("utf-8")
    level1.write_text(re.sub(r"\n    storage: \d+", "", text), "utf-8")
    level2 = dest / "terra-futura" / "cards" / "territory" / "level-2.yaml"
    level2.write_text(re.sub(r"\n    storage: \d+", "", level2.read_text("utf-8")), "utf-8")
    data = load("terra-futura", dest)
    loc = Localizer(data.content, data.locales["en"], None)
    (deck,) = render.print_decks(data.content, loc)
    assert not any(s.name == "storage" for c in deck.cards for s in c.front().shapes)
    names = {s.name for s in _page(deck, "legend").shapes}
    assert "legend-storage" not in names and "legend-money" in names
    assert uncovered(_card_faces(deck, data), _page(deck, "legend")) == []


def test_the_legend_explains_the_storage_limit_with_the_cards_number() -> None:
    cards = [c for level in ("start", "level-1", "level-2")
             for c in _yaml(f"cards/territory/{level}.yaml")["cards"]]
    limits = Counter(c["storage"] for c in cards if c.get("storage"))
    n = limits.most_common(1)[0][0]
    texts = _texts(_page(_deck(), "legend"))
    # the box the cards print ("max 3") beside what it means, with the same number
    assert texts["legend-storage-sample"] == f"max {n}"
    assert texts["legend-storage-name"] == "Storage limit"
    assert texts["legend-storage-text"] == (
        f"At most {n} pieces (raw materials, products and money together) lie on this card; "
        "what does not fit is not taken.")
    pl = _texts(_page(_deck("pl"), "legend"))
    assert pl["legend-storage-sample"] == f"maks. {n}" and f" {n} element" in \
        pl["legend-storage-text"]


# --- money is not the star ------------------------------------------------------------------------

class _Recorder:
    """A canvas that records its drawing operations (name, args, keyword args)."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def op(*args: Any, **kwargs: Any) -> Any:
            self.ops.append((name, args, kwargs))
            return _Path(self) if name == "beginPath" else None
        return op


class _Path:
    def __init__(self, rec: _Recorder) -> None:
        self.rec = rec

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **k: self.rec.ops.append((f"path.{name}", a, k))


def _ops(draw: Any) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    rec = _Recorder()
    draw(rec)
    return rec.ops


def test_money_and_the_first_player_star_are_drawn_differently() -> None:
    pal = Palette(_data().content)
    money = pal.icon("money")
    assert money.shape == "coin"
    coin = _ops(lambda c: icons.draw_icon(c, money, 50, 50, 40))
    star = _ops(lambda c: icons.star(c, 50, 50, 40))
    # the star is one ten-corner polygon; the coin has no polygon at all, only circles and lines
    star_corners = sum(1 for op, *_ in star if op in ("path.lineTo", "path.moveTo"))
    assert star_corners == 10
    assert not [op for op, *_ in coin if op.startswith("path.")]
    assert sum(1 for op, *_ in coin if op == "circle") >= 3  # rim, inner ring, ¤ ring
    assert sum(1 for op, *_ in coin if op == "line") == 4  # the ¤ sign's spokes


def _silhouette(draw: Any, size: int = 96) -> list[list[float]]:
    """The icon drawn alone on a page, rendered by pdfium in greyscale: rows of 0..1 greys."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(72, 72), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    try:
        bitmap = pdf[0].render(scale=size / 72, grayscale=True)
        w, h, stride = bitmap.width, bitmap.height, bitmap.stride
        data = bytes(bitmap.buffer)
        n = bitmap.n_channels
        return [[data[y * stride + x * n] / 255 for x in range(w)] for y in range(h)]
    finally:
        pdf.close()


def test_money_and_the_star_differ_in_greyscale() -> None:
    pal = Palette(_data().content)
    coin = _silhouette(lambda c: icons.draw_icon(c, pal.icon("money"), 36, 36, 60))
    star = _silhouette(lambda c: icons.star(c, 36, 36, 60))
    inked_coin = {(x, y) for y, row in enumerate(coin) for x, v in enumerate(row) if v < 0.97}
    inked_star = {(x, y) for y, row in enumerate(star) for x, v in enumerate(row) if v < 0.97}
    iou = len(inked_coin & inked_star) / len(inked_coin | inked_star)
    assert iou < 0.6, iou
    # the coin is round: it inks nearly all of its disc, the star leaves a third of it blank
    size = len(coin)
    r = 0.45 * 60 / 72 * size
    disc = {(x, y) for y in range(size) for x in range(size)
            if (x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2 < (r - 1) ** 2}
    assert len(inked_coin & disc) / len(disc) > 0.95
    assert len(inked_star & disc) / len(disc) < 0.75
    # and their greys differ: the coin is light with dark marks, the star a mid-grey gold
    mean = lambda img, px: sum(img[y][x] for x, y in px) / len(px)  # noqa: E731
    assert abs(mean(coin, inked_coin) - mean(star, inked_star)) > 0.08


# --- every string from the locale -------------------------------------------------------------

@pytest.mark.parametrize("code", ["el", "pl"])
def test_translated_kits_print_nothing_in_english(code: str) -> None:
    from cardkit.games.terra_futura.render import scoresheet

    loc = _loc(code)
    (deck,) = render.print_decks(_data().content, loc)
    for paper in PAGES.values():
        for card in deck.cards:
            card.front(), card.back()
        for _, build in deck.extra_pages:
            build(*paper)
    for board in scoresheet.print_boards(_data().content, loc):
        board.face()
    assert loc.fallbacks == []
    # and the strings the kit's pages print are translated, not copies of the English
    english = {s["id"]: s["text"] for s in _yaml("strings.yaml")["strings"]}
    for face in (_page(deck, "legend"), _page(deck, "tokens")):
        for p in face.placed:
            if p.source is not None and p.source.kind == "strings":
                en = english[p.source.id]
                forms = en.values() if isinstance(en, dict) else [en]
                assert all(p.text != f.replace("{n}", re.sub(r"\D", "", p.text) or "{n}")
                           for f in forms), (code, p.source.id, p.text)


def test_the_pseudo_locale_kit_has_no_english_left() -> None:
    from cardkit.i18n.pseudo import leftover_english, pseudo_locale
    from cardkit.pdf.draw import PdfOptions, render as render_deck

    data = _data()
    loc = Localizer(data.content, pseudo_locale(data.locales["en"]), None, pseudo=True,
                    pseudo_expansion=0.0)
    (deck,) = render.print_decks(data.content, loc)
    deck.strings, deck.locale, deck.number = loc.string, "qps", loc.number
    deck.language = loc.locale.native_name
    kit = replace(deck, cards=deck.cards[:1])  # one card: the extra pages are what is tested
    pdf = render_deck(kit, PdfOptions(locale="qps", calibration=False, info_page=False,
                                      index=False)).data
    found = []
    for n, page in enumerate(rb.read_chars(pdf), 1):
        text = "".join(c.text for c in page)
        found += [f"p.{n}: {w}" for w in leftover_english(text, frozenset({"cardkit", "II"}))]
    assert not found, found[:20]
    texts = "".join(c.text for page in rb.read_chars(pdf) for c in page)
    for sid in ("legend-title", "tokens-title", "tokens-supply", "legend-storage"):
        assert "".join(loc.string(sid).split()) in "".join(texts.split()), sid


@pytest.mark.parametrize(("n", "want"), [(1, "1 kostka"), (2, "2 kostki"), (5, "5 kostek"),
                                         (22, "22 kostki"), (25, "25 kostek"),
                                         (12, "12 kostek")])
def test_polish_counts_take_their_plural_form(n: int, want: str) -> None:
    assert _loc("pl").string("tokens-cubes", n) == want


def test_the_counts_printed_on_the_token_sheet_are_plural_forms() -> None:
    pl = _texts(_page(_deck("pl"), "tokens"))
    assert pl["green-count"] == "25 kostek" and pl["food-count"] == "20 żetonów"
    assert pl["money-count"] == "30 żetonów" and pl["pollution-count"] == "25 kostek"
    el = _texts(_page(_deck("el"), "tokens"))
    assert el["green-count"] == "25 κύβοι" and el["money-count"] == "30 μάρκες"
    legend_pl = _texts(_page(_deck("pl"), "legend"))
    assert "1 punkt." in legend_pl["legend-green-text"]
    assert "5 punktów." in legend_pl["legend-food-text"]
    assert "3 elementy" in legend_pl["legend-storage-text"]


# --- read back from the PDF ---------------------------------------------------------------------

@pytest.mark.parametrize("code", LOCALES)
def test_the_kit_pages_print_every_word_clear_of_every_icon(code: str) -> None:
    """The legend and the token sheet printed (A4 and Letter) and read back with pdfium: every
    placed word is on the page, no character crosses an icon or leaves the page."""
    from cardkit.pdf.draw import PdfOptions, render as render_deck
    from cardkit.pdf.geometry import SheetOptions

    deck = _deck(code)
    for paper in PAGES.values():
        kit = replace(deck, cards=[])
        opts = PdfOptions(sheet=SheetOptions(paper=paper, duplex="none"), calibration=False,
                          info_page=False, index=False, locale=code)
        pages = rb.read_chars(render_deck(kit, opts).data)
        faces = [build(*paper) for _, build in deck.extra_pages]
        assert len(pages) == len(faces) == 2
        for face, chars in zip(faces, pages):
            body = [c for c in chars if c.box.y > 15.0]  # the page footer lies below 15 mm
            page = rb.Page(f"{code} {face.name}", face, Box(0, 0, *paper), body)
            problems = rb.overlaps(page) + rb.missing_words(page)
            assert not problems, problems[:10]


def test_the_coin_has_no_star_inside() -> None:
    """The money icon's inner mark is not a star of any size: its dark pixels inside the rim
    do not match the first player's star's silhouette (a star-on-a-coin would)."""
    pal = Palette(_data().content)
    coin = _silhouette(lambda c: icons.draw_icon(c, pal.icon("money"), 36, 36, 60))
    size = len(coin)
    inner = 0.3 * 60 / 72 * size  # inside the coin's rim and ring
    centre = size / 2
    mark = {(x, y) for y, row in enumerate(coin) for x, v in enumerate(row)
            if v < 0.45 and (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 < inner ** 2}
    assert mark  # the coin does carry a mark in its middle
    best = 0.0
    for k in (0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6):
        star = _silhouette(lambda c, k=k: icons.star(c, 36, 36, 60 * k))
        shape = {(x, y) for y, row in enumerate(star) for x, v in enumerate(row) if v < 0.97}
        best = max(best, len(mark & shape) / len(mark | shape))
    assert best < 0.45, best
