"""Cards as players read them, and galleries with sort data and downloads.

- The facts rule (:mod:`cardkit.site.facts`), decided from the field types: every card of the
  five shipped games shows scalar facts only, and exactly the expected ones per game; no card
  page in en, el or pl shows nested or engine data, a dotted model path or an untranslated label.
- CSV cells a spreadsheet would run (OWASP "CSV injection"): one writer in cardkit
  (:mod:`cardkit.core.csvcells`), used by every CSV file; a card planted with the name
  ``=2+3 Express`` comes out as ``'=2+3 Express`` in the site's download and in the export's
  ``cards.csv`` (the writers before it wrote the name as it is).
- The planted site is built at the default resolution: every image has twice the pixels of its
  ``width``/``height`` at least; the downloads parse back and list the gallery's cards.

Card pages are rendered without images (no export) for the rule; one Trains site (en, el) is
built for the module.
"""

from __future__ import annotations

import csv
import html as htmllib
import io
import json
import re
import shutil
import struct
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from cardkit.core.csvcells import safe_cell, write_rows
from cardkit.core.registry import get_game, use_content
from cardkit.core.spec import REF_KEY
from cardkit.export.csvfile import CsvRow, cards_csv
from cardkit.i18n.api import load
from cardkit.i18n.glossary import Term
from cardkit.i18n.lookup import Localizer
from cardkit.i18n.tbx import glossary_csv
from cardkit.site import SiteJob, build_site
from cardkit.site.cards import (Locale, SiteCard, card_name, card_page, category_fields,
                                filters, gallery_page, match_records)
from cardkit.site.downloads import card_rows
from cardkit.site.downloads import cards_csv as site_csv
from cardkit.site.facts import card_facts, fact_how, fact_html, text_label
from cardkit.site.filters import ref_kind
from cardkit.site.messages import Messages
from cardkit.sim.report import to_csv

from .conftest import ROOT, SHIPPED

EXAMPLES = ROOT / "examples" / "content"
GAMES = ("terra", "trains", "cartographers", "terra-futura", "mars-dice")
LOCALES = ("en", "el", "pl")
#: The facts each game's cards show (``status`` besides, where not confirmed).
EXPECTED = {
    "terra": {"difficulty", "subject", "compass"},
    "trains": {"set", "kind", "types", "cost", "value", "vp", "pile"},
    "cartographers": {"number", "kind", "time", "terrains", "split", "passes", "corner", "order",
                      "edicts", "letter", "stack", "solo"},
    "terra-futura": {"level", "first", "slots", "storage", "number", "points", "copies"},
    "mars-dice": {"colour", "storage", "vp", "vp_timing", "at_least"},
}
#: Engine data, shapes, nested questions, designer notes: never on a card page.
NEVER = {"id", "note", "sources", "effect", "on_buy", "regions", "bars", "grid", "shapes",
         "rule", "options", "pattern", "combination", "production", "effects", "actions",
         "triggers", "start", "end", "measure", "symbol", "name", "text", "topic", "info"}
DOTTED = re.compile(r"\b[a-z_]+\.(?:\d+|\*)\.[a-z_]+\b")
SNAKE = re.compile(r"^[a-z]+(?:_[a-z]+)+$")


# -- the cards of a game, without images ----------------------------------------------------------

@lru_cache(maxsize=None)
def game(name: str, content: Path = SHIPPED
         ) -> tuple[Any, dict[str, Any], list[SiteCard], frozenset[str]]:
    """The game's data, its kinds, its cards (as the site lists them) and its categories."""
    data = load(name, content)
    loc = Localizer(data.content, data.locales["en"], None)
    decks = get_game(name).print_decks(data.content, loc, "metric")
    listed = match_records(data.content, [(d.id, [c.id for c in d.cards]) for d in decks])
    cards = [SiteCard(i, kind, data.content.index(kind)[i], deck, f"img/{deck}/{i}-front.png",
                      None, (500, 700)) for i, (deck, kind) in listed.items()]
    return data, {k.name: k for k in data.content.game.kinds}, cards, category_fields(cards)


def pages(name: str, locale: str) -> tuple[dict[str, str], Messages]:
    """Every card page of the game in ``locale`` (bodies), and the locale's messages."""
    data, specs, cards, categories = game(name)
    tr = Messages(locale, data.locales[locale])
    targets = tuple(sorted(c for c in data.translations.overlays if c != "en"))
    overlays = dict(data.translations.overlays)
    loc = Locale(locale, locale, targets, overlays, {}, categories)
    out = {}
    for card in cards:
        spec = specs[card.kind]
        title = card_name(spec, card.record, overlays.get(locale) if locale != "en" else None)
        out[card.id] = card_page(get_game(name).title, spec, card, loc, title, [], tr)
    return out, tr


def visible(html: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


def internal_words(value: Any) -> set[str]:
    """The snake_case words of a nested value (step names, modifier ids, ``do`` keys)."""
    found: set[str] = set()
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            found |= internal_words(getattr(value, name)) | ({name} if "_" in name else set())
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= internal_words(v) | ({k} if isinstance(k, str) and SNAKE.match(k) else set())
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= internal_words(v)
    elif isinstance(value, str) and SNAKE.match(value):
        found.add(value)
    return found


# -- the facts rule -------------------------------------------------------------------------------

class Step(BaseModel):
    do: Literal["draw"]


class Sample(BaseModel):
    id: str
    kind: Literal["a", "b"]
    types: list[Literal["x", "y"]]
    cost: int | None = None
    weight: float = 1.0
    first: bool = False
    set: str = "base"
    rule: str = "r"
    rules: str | None = None
    note: str | None = None
    effect: list[Step] = []
    cost_map: dict[str, int] = {}
    step: Step | None = None
    grid: list[str] = []
    guild: str = Field("g", json_schema_extra={REF_KEY: "guilds"})
    allies: list[str] = Field([], json_schema_extra={REF_KEY: "guilds"})


@pytest.mark.parametrize(("field", "how"), [
    ("id", None), ("kind", "enum"), ("types", "enums"), ("cost", "number"), ("weight", "number"),
    ("first", "bool"), ("set", "enum"), ("rule", None), ("rules", "notes"), ("note", None),
    ("effect", None), ("cost_map", None), ("step", None), ("grid", None), ("guild", "ref"),
    ("allies", "refs"),
])
def test_the_facts_rule_is_the_field_types(field: str, how: str | None) -> None:
    """Decided from the annotation: enums, numbers, booleans, category strings and references
    are facts; nested models, dicts, lists of models or strings, ids and designer notes never
    are."""
    info = Sample.model_fields[field]
    assert fact_how(field, info.annotation, frozenset({"set"}), ref_kind(info) is not None) \
        == how


def test_a_reference_names_its_objects() -> None:
    """A declared game's ``guild`` (a reference) shows the guild's name, linked to its page."""
    use_content(EXAMPLES)
    data, specs, cards, categories = game("lantern-road", EXAMPLES)
    overlay = data.translations.overlays["el"]
    names = {c.id: card_name(specs[c.kind], c.record, overlay) for c in cards}
    card = next(c for c in cards if getattr(c.record.obj, "guild", None) == "wick-keepers")
    (fact,) = [f for f in card_facts(specs[card.kind], card.record, categories)
               if f.name == "guild"]
    assert fact.how == "ref"
    assert fact_html(fact, Messages("el"), names) == \
        '<a href="wick-keepers.html">Φύλακες του Φυτιλιού</a>'
    assert fact_html(fact, Messages("el")) == '<span translate="no">wick-keepers</span>'


@pytest.mark.parametrize("name", GAMES)
def test_every_card_shows_scalar_facts_only(name: str) -> None:
    _, specs, cards, categories = game(name)
    shown: set[str] = set()
    for card in cards:
        for fact in card_facts(specs[card.kind], card.record, categories):
            shown.add(fact.name)
            values = fact.value if fact.how == "enums" else [fact.value]
            assert all(isinstance(v, (str, int, float, bool)) for v in values), (card.id, fact)
    assert shown - {"status"} == EXPECTED[name]
    assert not shown & NEVER


def test_a_category_is_a_short_shared_string() -> None:
    """Trains' ``set`` (two values, 71 cards) is a category; a string each card has its own of
    (Cartographers' scoring ``rule``, Mars Dice's award ``symbol``) is not."""
    assert category_fields(game("trains")[2]) == {"set"}
    assert "rule" not in category_fields(game("cartographers")[2])
    assert "symbol" not in category_fields(game("mars-dice")[2])


def test_text_labels_are_words_never_paths() -> None:
    data, specs, cards, _ = game("terra")
    model = type(cards[0].record.obj)
    assert text_label(model, "bars.0.question") == "Question 1"
    assert text_label(model, "bars.1.question") == "Question 2"
    assert text_label(model, "info") == "Info"
    assert text_label(model, "bars.0.question", Messages("el", data.locales["el"])) == \
        "Ερώτηση 1"
    assert text_label(model, "bars.1.question", Messages("pl", data.locales["pl"])) == \
        "Pytanie 2"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", GAMES)
def test_card_pages_show_no_internals(name: str, locale: str) -> None:
    """No nested table, no engine word, no dotted path, no field the rule leaves out; every
    label of a translated page comes from its catalog."""
    rendered, tr = pages(name, locale)
    _, specs, cards, _ = game(name)
    by_id = {c.id: c for c in cards}
    for card_id, body in rendered.items():
        rec = by_id[card_id].record
        assert not DOTTED.search(body), (card_id, DOTTED.search(body).group())
        assert 'class="nested"' not in body and 'class="fields"' not in body
        fields = set(re.findall(r'data-field="([^"]+)"', body))
        assert not fields & NEVER, (card_id, fields & NEVER)
        text = visible(body)
        nested = set()
        for field_name, info in type(rec.obj).model_fields.items():
            if fact_how(field_name, info.annotation, frozenset({"set"})) is None:
                nested |= internal_words(getattr(rec.obj, field_name))
        leaked = {w for w in nested if re.search(rf"\b{re.escape(w)}\b", text)}
        assert not leaked, (card_id, leaked)
        assert body.count(f">{card_id}</code>") == 1  # the raw id once, as metadata
        assert re.search(rf'<code translate="no" data-kind="[^"]+">{re.escape(card_id)}</code>',
                         body)
    if locale != "en":
        assert not tr.missing, sorted(tr.missing)


def test_the_terra_page_reads_like_the_card() -> None:
    rendered, _ = pages("terra", "pl")
    body = rendered["lake-baikal"]
    assert "<dt>Pytanie 1</dt>" in body and "<dt>Informacje</dt>" in body
    assert '<th scope="row">Pytanie 2</th>' in body  # the translations table, labelled in words
    assert "Jaka jest głębokość jeziora" in body
    rendered, _ = pages("trains", "el")
    body = rendered["waste"]
    assert '<div data-field="set"><dt>Σετ</dt><dd>βασικό παιχνίδι</dd></div>' in body
    assert "<dt>Κείμενο</dt><dd>Αυτή η κάρτα δεν μπορεί να αγοραστεί." in body


def test_the_sort_offers_cost_only_where_cards_have_one() -> None:
    for name, costs in (("trains", True), ("terra", False), ("mars-dice", False)):
        _, _, cards, _ = game(name)
        body = gallery_page(name, name, "en", "English", cards, {c.id: c.id for c in cards},
                            False)
        assert '<select name="sort" id="sort">' in body
        assert ('value="cost-up"' in body) is costs, name
        assert ('data-sort-cost="' in body) is costs, name
        assert 'href="cards.csv"' in body and 'href="cards.json"' in body


def test_the_trains_set_is_a_filter_labelled_in_the_locale() -> None:
    data, _, cards, _ = game("trains")
    found, values = filters(cards, None, Messages("el", data.locales["el"]))
    (flt,) = [f for f in found if f.name == "set"]
    assert flt.values == ("base", "rising-sun")
    assert flt.labels == ("βασικό παιχνίδι", "Rising Sun")
    assert {v["set"] for v in values.values()} == {"base", "rising-sun"}


# -- CSV cells ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "cell"), [
    ("=2+3 Express", "'=2+3 Express"), ("+1", "'+1"), ("-1", "'-1"), (-1, "-1"),
    (-2.5, "-2.5"), ("-2.5", "'-2.5"), (float("-inf"), "-inf"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
    ("Express", "Express"), ("a=b", "a=b"), (0, "0"), (2.0, "2"), (None, ""), (True, "true"),
    ("", ""), ("'quoted", "'quoted"),
])
def test_safe_cell(value: Any, cell: str) -> None:
    assert safe_cell(value) == cell


def test_write_rows_quotes_and_reads_back() -> None:
    text = write_rows([["a", "b"], ['Say "hi", go', "=1"]], bom=True)
    assert text.startswith("\ufeff") and text.endswith("\r\n")
    assert list(csv.reader(io.StringIO(text[1:], newline=""))) == [
        ["a", "b"], ['Say "hi", go', "'=1"]]


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))


def test_every_csv_writer_neutralizes_formulas() -> None:
    """The export's cards.csv, the glossary, the simulation rows, the site's download."""
    export = cards_csv([CsvRow("base", "x", "=2+3 Express", -1, "base/x.png", "")])
    assert cells(export.decode("utf-8-sig"))[1] == ["base", "x", "'=2+3 Express", "-1",
                                                    "base/x.png", ""]  # a number stays one
    glossary = glossary_csv([Term(term="=2+3 Express", translation="-1")])
    assert cells(glossary)[1][:2] == ["'=2+3 Express", "'-1"]
    row = SimpleNamespace(index=0, seed=1, seats=["@bot", "b"], scores=[-1.0, 3.0], winners=[1],
                          turns=5, end_reason="+end", truncated=False)
    report = SimpleNamespace(bots=["@bot", "b"], result=SimpleNamespace(rows=[row]))
    assert cells(to_csv(report))[1] == ["0", "1", "'@bot", "b", "-1", "3", "1", "5", "'+end",
                                        "0"]
    site = site_csv(["id", "name", "cost"], [{"id": "x", "kind": "k", "name": "=2+3 Express",
                                              "facts": {"cost": -1}, "texts": {},
                                              "image": "img/x.png"}])
    assert cells(site)[1] == ["x", "'=2+3 Express", "-1"]


def test_one_csv_writer_in_cardkit() -> None:
    """Every CSV of cardkit goes through core.csvcells: nobody else uses the csv module to
    write."""
    writers = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "cardkit").rglob("*.py"))
               if re.search(r"csv\.(writer|DictWriter)\(", p.read_text("utf-8"))]
    assert writers == ["cardkit/core/csvcells.py"]


# -- a planted site at the default resolution -----------------------------------------------------

PLANTED = "=2+3 Express"


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Trains (en, el) with the Express Train renamed ``=2+3 Express``, at the default dpi."""
    work = tmp_path_factory.mktemp("planted")
    content = work / "content"
    shutil.copytree(SHIPPED / "trains", content / "trains")
    shutil.copytree(SHIPPED / "locales", content / "locales")
    base = content / "trains" / "cards" / "base.yaml"
    text = base.read_text("utf-8")
    assert text.count("    name: Express Train\n") == 1
    base.write_text(text.replace("    name: Express Train\n", f"    name: '{PLANTED}'\n"),
                    "utf-8")
    out = work / "site"
    build_site(SiteJob(content, out, ("trains",), ("en", "el"), cache_dir=work / "cache"))
    return out


def read_csv(path: Path) -> list[dict[str, str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark, for spreadsheets
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_a_planted_formula_is_text_in_every_csv(planted: Path) -> None:
    download = {r["id"]: r for r in read_csv(planted / "trains" / "en" / "cards.csv")}
    assert download["express-train"]["name"] == "'" + PLANTED
    export = {r["card_id"]: r for r in read_csv(planted / "trains" / "en" / "img" / "cards.csv")}
    assert export["express-train"]["name"] == "'" + PLANTED
    data = json.loads((planted / "trains" / "en" / "cards.json").read_text("utf-8"))
    assert {c["id"]: c["name"] for c in data["cards"]}["express-train"] == PLANTED  # JSON: as is
    page = (planted / "trains" / "en" / "cards" / "express-train.html").read_text("utf-8")
    assert "<h1>=2+3 Express</h1>" in page


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


IMG = re.compile(r'<img src="([^"]+)"[^>]* width="(\d+)" height="(\d+)"')


def test_images_have_twice_their_css_pixels(planted: Path) -> None:
    assert SiteJob(SHIPPED).dpi == 200
    pages_seen = 0
    for page in [planted / "trains" / "el" / "index.html",
                 *sorted((planted / "trains" / "el" / "cards").glob("*.html"))]:
        found = IMG.findall(page.read_text("utf-8"))
        assert found, page
        for src, width, height in found:
            w, h = png_size((page.parent / src).resolve())
            assert w >= 2 * int(width) and h >= 2 * int(height), (page, src, w, width)
            assert int(width) == w // 2  # the layout of a 100 dpi image, its pixels doubled
        pages_seen += 1
    assert pages_seen > 70


@pytest.mark.parametrize("locale", ["en", "el"])
def test_downloads_read_back_and_list_the_gallery(planted: Path, locale: str) -> None:
    folder = planted / "trains" / locale
    gallery = (folder / "index.html").read_text("utf-8")
    shown = [(i, htmllib.unescape(n)) for i, n in re.findall(
        r'<li class="card" data-id="([^"]+)".*?<span class="name">([^<]*)</span>', gallery)]
    assert 'href="cards.csv"' in gallery and 'href="cards.json"' in gallery
    rows = read_csv(folder / "cards.csv")
    assert [(r["id"], r["name"]) for r in rows] == [(i, safe_cell(n)) for i, n in shown]
    data = json.loads((folder / "cards.json").read_text("utf-8"))
    assert data["game"] == "trains" and data["locale"] == locale
    assert [(c["id"], c["name"]) for c in data["cards"]] == shown
    assert list(rows[0]) == data["columns"]
    assert {"id", "kind", "name", "set", "types", "cost", "vp", "pile", "text", "image"} <= \
        set(data["columns"])
    for card in data["cards"]:
        assert (folder / card["image"]).is_file()
        assert not set(card["facts"]) & NEVER
    costs = dict(re.findall(r'data-id="([^"]+)"[^>]*data-sort-cost="([^"]+)"', gallery))
    assert {c["id"]: str(c["facts"]["cost"]) for c in data["cards"]
            if "cost" in c["facts"]} == costs
    waste = next(c for c in data["cards"] if c["id"] == "waste")
    if locale == "el":
        assert waste["name"] == "Σκουπίδια" and waste["texts"]["text"].startswith("Αυτή")
    assert {c["facts"]["set"] for c in data["cards"]} == {"base", "rising-sun"}
