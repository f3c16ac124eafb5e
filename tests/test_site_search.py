"""The site's search: the query language (:func:`cardkit.site.search.parse`) on each syntax
element, the same parse and the same ranked results from ``assets/search.js`` under ``node``
(skipped without node; ``tests/test_site_browser_search.py`` compares both in Chromium too), the
ranking, the indexes per game and locale (their entries' fields, their size, the escaping of
``</script>``), and the search page's and form's markup in the page's locale.

No site is built here: the entries come from the shipped content through the site's own
:func:`~cardkit.site.cards.search_entries`, without card images."""

from __future__ import annotations

import json
import shutil
import unicodedata
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

import cardkit.site.search as folding
from cardkit.site.search import (DIGITS, Entry, decode_index, encode_index, index_data,
                                 index_files, parse, rank, read_index, search,
                                 search_page_body)

from .conftest import SHIPPED

ASSETS = Path(__file__).resolve().parent.parent / "cardkit" / "site" / "assets"
NODE = shutil.which("node")
LOCALES = ("en", "el", "pl")
MAX_INDEX_BYTES = 150_000
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@lru_cache(maxsize=None)
def content_entries(game: str) -> tuple[Entry, ...]:
    """The index entries of a shipped game's printed cards in en, el and pl, as the site makes
    them (its own card matching, names and texts)."""
    from cardkit.core.registry import get_game
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer
    from cardkit.site.cards import SiteCard, card_name, match_records, search_entries

    data = load(game, SHIPPED)
    loc = Localizer(data.content, data.locales["en"], None)
    decks = get_game(game).print_decks(data.content, loc, "metric")
    kinds = match_records(data.content, [(d.id, [c.id for c in d.cards]) for d in decks])
    specs = {k.name: k for k in data.content.game.kinds}
    cards = [SiteCard(cid, kind, data.content.index(kind)[cid], deck, "f.png", None, (1, 1))
             for cid, (deck, kind) in kinds.items()]
    out: list[Entry] = []
    for locale in LOCALES:
        overlay = data.translations.overlays.get(locale) if locale != "en" else None
        names = {c.id: card_name(specs[c.kind], c.record, overlay) for c in cards}
        out += search_entries(game, locale, cards, specs, names, overlay)
    return tuple(out)


def indexes_of(*games: str) -> dict[str, str]:
    """``{path: script}`` of the games' indexes and the catalog."""
    return index_files([e for g in games for e in content_entries(g)],
                       {"trains": "Trains", "terra": "Terra"},
                       {"en": "English", "el": "Ελληνικά", "pl": "polski"})


def entry(url: str, name: str, locale: str = "en", texts: tuple[str, ...] = (),
          game: str = "demo", **more: Any) -> Entry:
    return Entry(url, name, game, locale, more.get("kind", "cards"), more.get("set"),
                 more.get("cost"), texts)


# -- the query language ---------------------------------------------------------------------------

def words(*ws: str, neg: bool = False, name: bool = False) -> dict[str, Any]:
    return {"kind": "words", "neg": neg, "name": name, "words": list(ws)}


def phrase(*ws: str, neg: bool = False, name: bool = False) -> dict[str, Any]:
    return {"kind": "phrase", "neg": neg, "name": name, "words": list(ws)}


def is_(field: str, value: str, neg: bool = False) -> dict[str, Any]:
    return {"kind": "is", "neg": neg, "field": field, "value": value}


def cost(op: str, value: float, neg: bool = False) -> dict[str, Any]:
    return {"kind": "cost", "neg": neg, "op": op, "value": value}


@pytest.mark.parametrize(("query", "clauses", "errors"), [
    ("Pociąg zwykły", [words("pociag"), words("zwykly")], []),
    ("pociąg-towarowy", [words("pociag", "towarowy")], []),
    ('"lake baikal"', [phrase("lake", "baikal")], []),
    ("„Jezioro Bajkał”", [phrase("jezioro", "bajkal")], []),
    ('"unterminated phrase', [phrase("unterminated", "phrase")], []),
    ("-waste", [words("waste", neg=True)], []),
    ('-"lake baikal" sea', [phrase("lake", "baikal", neg=True), words("sea")], []),
    ("-kind:cards", [is_("kind", "cards", neg=True)], []),
    ("- waste", [words("waste")], []),  # a lone minus is no negation
    ("name:Waste", [words("waste", name=True)], []),
    ('name:"lake bai"', [phrase("lake", "bai", name=True)], []),
    ("game:trains lang:EL set:Rising-Sun kind:cards",
     [is_("game", "trains"), is_("lang", "el"), is_("set", "rising-sun"), is_("kind", "cards")],
     []),
    ("GAME=terra", [is_("game", "terra")], []),
    ("cost<3 cost<=3 cost>2 cost>=2 cost=2 cost:2 COST:2,5",
     [cost("<", 3), cost("<=", 3), cost(">", 2), cost(">=", 2), cost("=", 2), cost("=", 2),
      cost("=", 2.5)], []),
    ("-cost<3", [cost("<", 3, neg=True)], []),
    ("cost< game: name:", [], []),  # fields still being typed
    ("colour:red dragon", [words("dragon")], [{"error": "field", "field": "colour"}]),
    ("όνομα:x", [], [{"error": "field", "field": "ονομα"}]),
    ("cost<cheap", [], [{"error": "number", "field": "cost"}]),
    ("game<3 name>x", [], [{"error": "op", "field": "game"}, {"error": "op", "field": "name"}]),
    ("12:30", [words("12", "30")], []),  # a field name begins with a letter
    ("", [], []),
])
def test_parse(query: str, clauses: list[dict[str, Any]], errors: list[dict[str, Any]]) -> None:
    assert parse(query) == {"clauses": clauses, "errors": errors}


# -- matching and ranking -------------------------------------------------------------------------

DEMO = [
    entry("demo/en/cards/lake.html", "Lake", texts=("A lake of salt water.",)),
    entry("demo/en/cards/lake-baikal.html", "Lake Baikal", texts=("The deepest lake.",)),
    entry("demo/en/cards/salt-lake-town.html", "Town by the Salt Lake", texts=("A town.",)),
    entry("demo/en/cards/lakeside.html", "Lakeside", texts=("Houses by the water.",)),
    entry("demo/en/cards/baikal-seal.html", "Baikal Seal", texts=("It lives in the lake.",)),
    entry("demo/en/cards/river.html", "River", texts=("Runs into a lake.",), cost=2, set="base"),
    entry("demo/en/cards/sea.html", "Sea", texts=("Salt water, no lake.",), cost=5,
          set="rising-sun"),
]


def run(query: str, entries: list[Entry] = DEMO, locale: str = "en") -> list[tuple[str, int]]:
    data = index_data([e for e in entries if e.locale == entries[0].locale])
    more = [index_data([e for e in entries if e.locale == loc])
            for loc in dict.fromkeys(e.locale for e in entries) if loc != entries[0].locale]
    return [(url.rsplit("/", 1)[1][:-5], level)
            for _, url, level in search([data, *more], query, locale)]


def test_ranking_name_before_text() -> None:
    """The exact name, then every word in the name, then the name's word prefixes, then some
    word of the name, then a match in the texts only; ties by name."""
    assert run("lake") == [("lake", 0), ("lake-baikal", 1), ("salt-lake-town", 1),
                           ("lakeside", 2), ("baikal-seal", 4), ("river", 4), ("sea", 4)]
    assert run("baikal lake") == [("lake-baikal", 1), ("baikal-seal", 3)]
    assert run("lak") == [("lake", 2), ("lake-baikal", 2), ("lakeside", 2),
                          ("salt-lake-town", 2), ("baikal-seal", 4), ("river", 4), ("sea", 4)]


def test_ranking_ties_put_the_pages_locale_first() -> None:
    both = [entry("demo/en/cards/lake.html", "Lake"),
            entry("demo/el/cards/lake.html", "Λίμνη", "el", ("lake",))]
    assert run("lake", both, "en") == [("lake", 0), ("lake", 4)]
    assert run("", both, "el") == []
    assert [u for u, _ in run("-sea", both, "el")] == ["lake", "lake"]
    found = search([index_data([both[1]]), index_data([both[0]])], "-sea", "el")
    assert [key for key, _, _ in found] == ["demo/el", "demo/en"]


def test_rank_levels() -> None:
    assert rank(["lake"], ["lake"]) == 0
    assert rank(["lake", "baikal"], ["baikal", "lake"]) == 1
    assert rank(["lakeside"], ["lake"]) == 2
    assert rank(["lake", "baikal"], ["lake", "seal"]) == 3
    assert rank(["river"], ["lake"]) == 4
    assert rank(["river"], []) == 0


def test_filters_negation_and_phrases() -> None:
    assert run('"salt water"') == [("lake", 4), ("sea", 4)]
    assert run('"water salt"') == []
    assert run('"the salt la"') == [("salt-lake-town", 2)]  # the last word a prefix
    assert run("lake -salt") == [("lake-baikal", 1), ("lakeside", 2), ("baikal-seal", 4),
                                 ("river", 4)]
    assert run('lake -"salt water"') == [("lake-baikal", 1), ("salt-lake-town", 1),
                                         ("lakeside", 2), ("baikal-seal", 4), ("river", 4)]
    assert run("name:lake") == [("lake", 0), ("lake-baikal", 1), ("salt-lake-town", 1),
                                ("lakeside", 2)]
    assert run("cost<3") == [("river", 0)] and run("cost>=2") == [("river", 0), ("sea", 0)]
    assert run("cost:5") == run("cost=5") == run("set:rising-sun") == [("sea", 0)]
    assert len(run("-cost<3")) == len(DEMO) - 1  # no cost: not below 3
    assert run("game:demo lang:en kind:cards cost>4") == [("sea", 0)]
    assert run("game:other lake") == run("lang:el lake") == run("kind:x") == []
    assert run("colour:blue lake") == []  # an error: no results, not the words alone


def test_search_entries_carry_the_models_set_and_cost() -> None:
    trains = {e.url: e for e in content_entries("trains") if e.locale == "en"}
    assert {e.set for e in trains.values()} == {"base", "rising-sun"}
    assert trains["trains/en/cards/waste.html"].cost is None  # cannot be bought
    assert all(isinstance(e.cost, int) for u, e in trains.items() if not u.endswith("waste.html"))
    assert {e.kind for e in trains.values()} == {"cards"}
    terra = content_entries("terra")
    assert all(e.set is None and e.cost is None for e in terra)
    assert all(e.cost is None for e in content_entries("mars-dice"))  # its cost is no number
    lake = next(e for e in terra if e.url == "terra/el/cards/lake-baikal.html")
    assert lake.name == "Λίμνη Βαϊκάλη" and lake.name not in lake.texts
    assert "lake-baikal" in lake.texts


# -- the indexes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["terra", "trains", "cartographers", "terra-futura",
                                  "mars-dice"])
def test_each_index_is_well_under_150_kb(game: str) -> None:
    files = indexes_of(game)
    sizes = {p: len(t.encode("utf-8")) for p, t in files.items()}
    assert set(sizes) == {f"assets/index/{game}.{loc}.js" for loc in LOCALES} | {
        "assets/index/catalog.js"}
    assert sizes["assets/index/catalog.js"] < 2_000
    assert max(sizes.values()) < MAX_INDEX_BYTES * 0.8, sizes
    for path, text in files.items():
        if path.endswith("catalog.js"):
            continue
        data = read_index(text)
        assert len(data["entries"]) == len(content_entries(game)) // len(LOCALES)
        assert data["words"] == sorted(data["words"], key=lambda w: w.encode("utf-16-be"))


def test_compact_encoding_round_trips() -> None:
    many = [entry(f"demo/en/cards/c{i}.html", f"Card {i} w{i}x", texts=(f"t{i} w{i}x t{i}",))
            for i in range(200)]  # over 90 words: two digits a word number
    data = index_data(many)
    packed = encode_index(data)
    assert packed["width"] == 2 and len(data["words"]) > len(DIGITS)
    assert decode_index(packed) == data
    assert all(len(e["n"]) == 2 * len(d["n"]) for e, d in zip(packed["entries"],
                                                            data["entries"], strict=True))
    assert set(DIGITS).isdisjoint('"\\<') and len(DIGITS) == 90


def test_closing_tags_and_line_separators_are_escaped() -> None:
    hostile = "</script><script>alert(1)</script> a\u2028b\u2029"
    files = index_files([entry("demo/en/cards/x.html", hostile, texts=("</SCRIPT>",))],
                        {"demo": "</script>"}, {})
    for text in files.values():
        assert "</" not in text and "\u2028" not in text and "\u2029" not in text
    assert read_index(files["assets/index/demo.en.js"])["entries"][0]["name"] == hostile


def test_catalog_lists_every_index() -> None:
    files = indexes_of("trains")
    catalog = files["assets/index/catalog.js"]
    prefix = "window.CARDKIT_CATALOG = "
    assert catalog.startswith(prefix)
    data = json.loads(catalog[len(prefix):].rstrip().rstrip(";"))
    assert [(c["key"], c["file"], c["language"]) for c in data["indexes"]] == [
        ("trains/en", "assets/index/trains.en.js", "English"),
        ("trains/el", "assets/index/trains.el.js", "Ελληνικά"),
        ("trains/pl", "assets/index/trains.pl.js", "polski")]
    assert all(c["cards"] == 71 and c["title"] == "Trains" for c in data["indexes"])


# -- the page's markup ----------------------------------------------------------------------------

def test_the_search_form_submits_to_the_search_page_of_its_locale() -> None:
    from cardkit.site.html import SEARCH_SCRIPTS, script_messages, search_file, search_form
    from cardkit.site.messages import Messages

    assert search_file("en") == "search.html" and search_file("pl") == "search.pl.html"
    form = search_form("../../", Messages("pl"))
    assert 'action="../../search.pl.html" method="get"' in form
    assert '<a id="search-every" href="../../search.pl.html" hidden>Szukaj we wszystkich grach' \
        in form
    assert SEARCH_SCRIPTS == ("assets/index/catalog.js", "assets/search.js")
    from cardkit.i18n.api import load
    pl = Messages("pl", load("trains", SHIPPED).locales["pl"])
    msgs = script_messages(pl)
    assert len(msgs["range"]["forms"]) == 3 and msgs["range"]["categories"][:2] == ["one", "few"]
    assert msgs["scope"] == "Szukaj: {game} · {language}"


def test_the_search_page_body_is_in_the_locale() -> None:
    from cardkit.site.messages import Messages

    body = search_page_body(Messages("el"))
    assert "<h1>Αναζήτηση καρτών</h1>" in body
    for marker in ('id="search-list"', 'id="search-count" aria-live="polite"',
                   'id="search-prev">Προηγούμενη', 'id="search-next">Επόμενη',
                   'aria-label="Σελίδες αποτελεσμάτων" hidden'):
        assert marker in body
    assert body.count('<code translate="no">') == 6


# -- the JavaScript under node --------------------------------------------------------------------

QUERIES = [
    "waste", "Waste", "σκουπιδια", "set:rising-sun cost<3", "set:rising-sun -cost<3",
    "cost>=4 -set:base", "cost:0", "cost=5", '"lake baikal"', '-"lake" baikal', "name:lake",
    'name:"lake bai"', "-kind:cards", "game:trains lang:pl pociag", "lang:el", "kind:cards train",
    "zlomow", "jezioro bajk", "foo:bar", "cost<x", "game>2", "", "  -  ", "train -train",
    "λίμνη", "ΛΙΜΝΗ βαικ", "2", "a", '"train station"', '"unterminated phrase', "Name:Waste",
    "COST<2", "„Jezioro Bajkał”", "12:30 x", "όνομα:λίμνη", "pociąg-towarowy", "-\u00a0x",
]


def node(script: str) -> Any:
    assert NODE is not None
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60,
                          check=True)
    return json.loads(done.stdout)


def load_js(tmp_path: Path, files: dict[str, str]) -> str:
    """A node prelude: a ``window``, the index scripts and ``search.js`` run."""
    out = "const vm=require('vm');const fs=require('fs');global.window=global;"
    for rel, text in files.items():
        path = tmp_path / rel.replace("/", "_")
        path.write_text(text, "utf-8")
        out += f"vm.runInThisContext(fs.readFileSync({json.dumps(str(path))},'utf8'));"
    return out + (f"vm.runInThisContext(fs.readFileSync("
                  f"{json.dumps(str(ASSETS / 'search.js'))},'utf8'));")


@needs_node
def test_js_parses_like_python(tmp_path: Path) -> None:
    got = node(load_js(tmp_path, {}) + f"console.log(JSON.stringify("
               f"{json.dumps(QUERIES)}.map(q=>cardkitParse(q))));")
    assert got == [parse(q) for q in QUERIES]


def comparable(found: list[tuple[str, str, int]], locale: str) -> list[Any]:
    """Results as the two sides agree on them: the (rank, other locale) of each in order, and
    the set of each such group (names in a group may be collated differently)."""
    groups: dict[tuple[int, bool], set[str]] = {}
    for key, url, level in found:
        groups.setdefault((level, not key.endswith("/" + locale)), set()).add(url)
    order = [(level, not key.endswith("/" + locale)) for key, _, level in found]
    return [order, sorted((k, sorted(v)) for k, v in groups.items())]


@needs_node
def test_js_finds_and_ranks_like_python(tmp_path: Path) -> None:
    files = indexes_of("trains", "terra")
    indexes = [read_index(t) for p, t in files.items() if not p.endswith("catalog.js")]
    script = (load_js(tmp_path, files) +
              "const ix=Object.values(window.CARDKIT_INDEXES);"
              f"console.log(JSON.stringify({json.dumps(QUERIES)}.map(q=>cardkitRun(ix,q,'el')"
              ".map(h=>[h.index.game+'/'+h.index.locale,h.entry.url,h.rank]))));")
    got = node(script)
    total = 0
    for query, js in zip(QUERIES, got, strict=True):
        py = search(indexes, query, "el")
        assert comparable([tuple(r) for r in js], "el") == comparable(py, "el"), query
        total += len(py)
    assert total > 500  # the queries find something
    assert {u for _, u, _ in search(indexes, "set:rising-sun cost<3", "el")} == {
        e.url for e in content_entries("trains") if e.set == "rising-sun"
        and e.cost is not None and e.cost < 3}


@needs_node
def test_js_counts_results_with_plural_forms() -> None:
    from cardkit.i18n.api import load
    from cardkit.site.html import script_messages
    from cardkit.site.messages import Messages

    pl = Messages("pl", load("trains", SHIPPED).locales["pl"])
    msgs = script_messages(pl)
    script = ("global.document={documentElement:{lang:'pl'},getElementById:()=>null};"
              f"require('vm').runInThisContext(require('fs').readFileSync("
              f"{json.dumps(str(ASSETS / 'search.js'))},'utf8'));"
              f"const m={json.dumps(msgs)};"
              "console.log(JSON.stringify([1,22,57].map(n=>cardkitPlural(m.range,n,m,"
              "{first:'21',last:'40'}))));")
    assert node(script) == ["Karty 21–40 z 1 karty", "Karty 21–40 z 22 kart",
                            "Karty 21–40 z 57 kart"]


def _fold_by_character(text: str) -> str:
    """The reference fold: one category lookup per character, as the site first did it."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    out = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower()
    for old, new in folding.EXTRA:
        out = out.replace(old, new)
    return out


def _tokens_by_character(text: str) -> list[str]:
    found: list[str] = []
    word: list[str] = []
    for c in _fold_by_character(text):
        if unicodedata.category(c)[0] in "LN":
            word.append(c)
        elif word:
            found.append("".join(word))
            word = []
    if word:
        found.append("".join(word))
    return found


def test_fold_and_tokens_match_the_per_character_reference_on_every_code_point() -> None:
    # fold and tokens translate through remembered category tables (_ByCategory); every
    # code point, between spaces and run together, and every shipped text give the same words
    # as the per-character reference (a table that kept a mark, or split at a digit, fails)
    points = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    texts = [" ".join(points[i:i + 251]) + "".join(points[i:i + 251])
             for i in range(0, len(points), 251)]
    texts += ["Ćma ŁÓDŹ straße Σίσυφος ﬁ x²³ ①② 五 İı ǅ e\u0301\u0327 a_b-c d'e",
              *(e.name + " " + " ".join(e.texts)
                for game in ("terra", "trains", "mars-dice") for e in content_entries(game))]
    for text in texts:
        assert folding.fold(text) == _fold_by_character(text), text[:40]
        assert folding.tokens(text) == _tokens_by_character(text), text[:40]
