"""``cardkit site``: card counts per game and locale, card pages, filters from the models, the
search index and its folding (Python and the shipped JavaScript on the same strings), byte-for-
byte determinism, no external URL, the atomic replace and its refusals, the content gate.

One game (Cartographers: 41 cards) in two locales at a low resolution is built once for the
module; Terra card pages are rendered without images to check the sources."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.errors import UsageProblem
from cardkit.core.errors import ContentBlocked
from cardkit.site import SiteJob, build_site
from cardkit.core.outdir import IN_PROGRESS, MANIFEST, clean_debris, read_manifest
from cardkit.core.reuse import INPUTS
from cardkit.site.api import MARKER, is_site
from cardkit.site.search import Entry, fold, index_files, read_index, tokens

from .conftest import SHIPPED

GAME = "cartographers"
LOCALES = ("en", "pl")
DPI = 50
ASSETS = Path(__file__).resolve().parent.parent / "cardkit" / "site" / "assets"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, cache: Path) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    result = build_site(SiteJob(SHIPPED, out, (GAME,), LOCALES, cache_dir=cache, dpi=DPI))
    assert result.out == out and result.pages > 0 and result.bytes > 0
    return out


def digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


#: Printed cards that are no content object: the print-and-play kit's own (Cartographers'
#: setup card, made of template strings); the site's gallery lists content objects.
KIT_CARDS = {"cartographers": {"setup"}}


def printed_cards(game: str) -> tuple[set[str], int]:
    """The unique card ids of the game's print decks but the kit's own, and how many content
    objects the kinds they come from hold (computed from the content, not by the site
    code)."""
    from cardkit.core.registry import get_game
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer

    data = load(game, SHIPPED)
    loc = Localizer(data.content, data.locales["en"], None)
    ids = {c.id for d in get_game(game).print_decks(data.content, loc, "metric")
           for c in d.cards} - KIT_CARDS.get(game, set())
    kinds = {k.name for k in data.content.game.kinds
             if any(r.id in ids for r in data.content.of(k.name))}
    return ids, sum(len(data.content.of(k)) for k in kinds)


def gallery(site: Path, locale: str) -> str:
    return (site / GAME / locale / "index.html").read_text("utf-8")


# -- acceptance: the cards of the content, one page each ---------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_card_count_per_game_and_locale_equals_the_contents(site: Path, locale: str) -> None:
    ids, objects = printed_cards(GAME)
    html = gallery(site, locale)
    shown = re.findall(r'<li class="card" data-id="([^"]+)"', html)
    assert len(shown) == len(set(shown)) == len(ids) == objects == 41
    assert set(shown) == ids
    count = {"en": f"{len(ids)} cards", "pl": f"{len(ids)} kart"}[locale]  # 41: many
    assert f'<p id="count" aria-live="polite">{count}</p>' in html
    pages = {p.stem for p in (site / GAME / locale / "cards").glob("*.html")}
    assert pages == ids


def test_every_card_page_names_the_card_in_its_locale(site: Path) -> None:
    from cardkit.i18n.api import load

    data = load(GAME, SHIPPED)
    overlay = data.translations.overlays["pl"]
    for locale in LOCALES:
        for page in sorted((site / GAME / locale / "cards").glob("*.html")):
            html = page.read_text("utf-8")
            kind = re.search(r'<code translate="no" data-kind="([a-z-]+)">', html).group(1)
            rec = data.content.index(kind)[page.stem]
            entry = overlay.get(kind, rec.id, "name") if locale == "pl" else None
            name = entry.translation.text if entry else rec.obj.name
            from html import escape
            assert f"<h1>{escape(name)}" in html, page
            assert f'<html lang="{locale}">' in html
            # what the card says, not the model: facts by label, no field table, no paths
            assert '<table class="fields">' not in html and "data-field" in html
            for field in re.findall(r'data-field="([^"]+)"', html):
                assert field in type(rec.obj).model_fields and field not in ("id", "name"), field
            assert '<table class="translations">' in html
            english = {"en": "English", "pl": "angielski"}[locale]
            assert f'<th scope="col" data-locale="en">{english}</th>' \
                   '<th scope="col" lang="el" data-locale="el">Ελληνικά</th>' \
                   '<th scope="col" lang="pl" data-locale="pl">polski</th>' in html


def test_names_in_the_gallery_come_from_the_locale(site: Path) -> None:
    en, pl = gallery(site, "en"), gallery(site, "pl")
    assert '<span class="name">Temple Ruins</span>' in en
    assert '<span class="name">Temple Ruins</span>' not in pl
    assert 'alt="' in pl and 'alt=""' not in pl


def test_provisional_cards_are_marked() -> None:
    from cardkit.site.cards import PROVISIONAL, render_value

    assert render_value("provisional", "status") == PROVISIONAL
    assert render_value("confirmed", "status") == "confirmed"


# -- filters from the models --------------------------------------------------------------------

def test_filters_come_from_the_models_with_the_values_present(site: Path) -> None:
    from cardkit.i18n.api import load

    html = gallery(site, "en")
    selects = dict(re.findall(r'<select name="([^"]+)" id="filter-\1">(.*?)</select>', html))
    assert "kind" in selects  # cards of several content kinds
    data = load(GAME, SHIPPED)
    explore = type(data.content.of("explore")[0].obj).model_fields
    for name, info in explore.items():
        literal = "Literal" in str(info.annotation)
        if literal and name not in ("kind",):
            assert name.replace("_", "-") in selects, name
    for name, options in selects.items():
        values = re.findall(r'<option value="([^"]*)"', options)
        assert values[0] == "" and len(values) >= 3
        assert f'<label for="filter-{name}">' in html
        attr = "kind" if name == "kind" else name
        present = set()
        for value in re.findall(rf'<li class="card"[^>]* data-{attr}="([^"]+)"', html):
            present.update(value.split(" "))
        assert set(values[1:]) == present, name
        assert values[1:] == sorted(values[1:], key=lambda v: (len(v), v) if v.isdigit()
                                    else (0, v)), name
    # the int field `time` (0..2) is a filter; the free `number` (one per card) is not
    assert "time" in selects and "number" not in selects


# -- search --------------------------------------------------------------------------------------

FOLDS = {
    "Σκουπίδια": "σκουπιδια",
    "ΣΚΟΥΠΊΔΙΑ": "σκουπιδια",
    "Οδός": "οδοσ",
    "ΟΔΟΣ": "οδοσ",
    "Pociąg": "pociag",
    "ŁÓDŹ żółć": "lodz zolc",
    "Straße": "strasse",
    "GRÜẞE": "grusse",
    "Äpfel Öl Übung": "apfel ol ubung",
    "ﬁne ½": "fine 1⁄2",
}


def test_fold_table() -> None:
    for text, folded in FOLDS.items():
        assert fold(text) == folded, text
    assert tokens("Pociąg-towarowy, 2 (x)") == ["pociag", "towarowy", "2", "x"]


def _node(script: str) -> str:
    assert NODE is not None
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=30,
                          check=True)
    return done.stdout


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_search_js_folds_and_tokenizes_like_python() -> None:
    strings = [*FOLDS, "Σ Σσ ΣΑΣ.", "İstanbul ǅ ﬀ Ω Å", "niño ça-va", "x\u0301\u20dd"]
    js = (f"const vm=require('vm');vm.runInThisContext(require('fs').readFileSync("
          f"{json.dumps(str(ASSETS / 'search.js'))},'utf8'));"
          f"const s={json.dumps(strings)};"
          "console.log(JSON.stringify(s.map(x=>[cardkitFold(x),cardkitTokens(x)])));")
    got = json.loads(_node(js))
    assert got == [[fold(s), tokens(s)] for s in strings]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_search_finds_greek_and_polish_without_diacritics(tmp_path: Path) -> None:
    files = index_files([
        Entry("trains/el/cards/waste.html", "Σκουπίδια", "trains", "el", "cards", None, None,
              ("waste",)),
        Entry("trains/pl/cards/normal-train.html", "Pociąg zwykły", "trains", "pl", "cards",
              None, None, ("normal-train",)),
        Entry("trains/en/cards/normal-train.html", "Normal Train", "trains", "en", "cards",
              None, None, ("normal-train",)),
    ], {}, {})
    load = ""
    for rel, text in files.items():
        (tmp_path / Path(rel).name).write_text(text, "utf-8")
        path = json.dumps(str(tmp_path / Path(rel).name))
        load += f"vm.runInThisContext(fs.readFileSync({path},'utf8'));"
    js = ("const vm=require('vm');const fs=require('fs');global.window=global;" + load +
          f"vm.runInThisContext(fs.readFileSync({json.dumps(str(ASSETS / 'search.js'))},'utf8'));"
          "const q=['σκουπιδια','ΣΚΟΥΠΙΔΙΑ','pociag','POCIĄG zwy','normal','train pociag','x',"
          "'norm'];const ix=Object.values(window.CARDKIT_INDEXES);"
          "console.log(JSON.stringify(q.map(x=>cardkitRun(ix,x,'').map(h=>h.entry.url)"
          ".sort())));")
    got = json.loads(_node(js))
    assert got == [["trains/el/cards/waste.html"], ["trains/el/cards/waste.html"],
                   ["trains/pl/cards/normal-train.html"], ["trains/pl/cards/normal-train.html"],
                   ["trains/en/cards/normal-train.html", "trains/pl/cards/normal-train.html"],
                   ["trains/pl/cards/normal-train.html"], [],
                   ["trains/en/cards/normal-train.html", "trains/pl/cards/normal-train.html"]]


def test_search_index_holds_every_card_in_every_locale(site: Path) -> None:
    """One index per locale (``assets/index/<game>.<locale>.js``), each with every card."""
    assert not (site / "assets" / "search-index.js").exists()
    ids, _ = printed_cards(GAME)
    for loc in LOCALES:
        text = (site / "assets" / "index" / f"{GAME}.{loc}.js").read_text("utf-8")
        assert text.startswith("window.CARDKIT_INDEXES = window.CARDKIT_INDEXES || {};\n"
                               f'window.CARDKIT_INDEXES["{GAME}/{loc}"] = ')
        assert text.endswith(";\n")
        data = read_index(text)
        assert (data["game"], data["locale"]) == (GAME, loc)
        urls = {e["url"] for e in data["entries"]}
        assert urls == {f"{GAME}/{loc}/cards/{i}.html" for i in ids}
        assert all((site / u).is_file() for u in urls)
        toks = data["words"]
        assert toks == sorted(toks, key=lambda t: t.encode("utf-16-be"))
        assert all(t == fold(t) for t in toks)
        temple = toks.index("temple")
        assert any(e["url"].endswith("/temple-ruins.html")
                   and (temple in e["n"] if loc == "en" else any(temple in t for t in e["t"]))
                   for e in data["entries"])
    catalog = (site / "assets" / "index" / "catalog.js").read_text("utf-8")
    assert all(f'"file":"assets/index/{GAME}.{loc}.js"' in catalog for loc in LOCALES)


def test_every_page_has_the_shell_and_the_search_form(site: Path) -> None:
    for page in sorted(site.rglob("*.html")):
        html = page.read_text("utf-8")
        assert html.startswith("<!doctype html>\n<html lang=\"")
        assert '<a class="skip" href="#main"' in html and '<main id="main"' in html
        assert '<nav aria-label="' in html and '<main id="main">' in html
        assert '<form role="search" id="search"' in html and '<label for="q">' in html
        assert '<input id="q" type="search"' in html
        assert '<ul id="results" aria-live="polite">' in html
        for img in re.findall(r"<img [^>]*>", html):
            assert re.search(r' alt="[^"]+"', img) and " width=" in img and " height=" in img
        for ref in re.findall(r'(?:src|href)="([^"]+)"', html):
            if ref.startswith("#") or ref.startswith("http"):
                continue
            target = (page.parent / ref.split("#")[0]).resolve()
            assert target.is_file(), (page, ref)
        assert "<div role=\"button\"" not in html and "onclick" not in html


# -- no external requests --------------------------------------------------------------------

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//|url\(\s*["']?(?:https?:)?//"""
                      r"""|@import""", re.I)


def test_no_external_url_in_the_site(site: Path) -> None:
    for path in sorted(site.rglob("*")):
        if path.suffix in (".html", ".css", ".js"):
            text = path.read_text("utf-8")
            assert not EXTERNAL.search(text), path
            if path.suffix == ".js":
                assert "fetch(" not in text and "XMLHttpRequest" not in text, path


def test_only_the_sites_own_files_are_published(site: Path) -> None:
    # the exports' manifests stay out; the site's own manifest (which replaced the older
    # .cardkit-site marker) and its record of the card images' inputs (for the next rebuild)
    # are the hidden files, and the manifest lists every other file
    hidden = sorted(p.relative_to(site).as_posix() for p in site.rglob(".*"))
    assert hidden == sorted([MANIFEST, INPUTS])
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    record = read_manifest(site)
    assert set(record.files) == files - {MANIFEST}
    assert record.output is not None and record.output.command == "site"
    assert record.output.content == "/".join(SHIPPED.resolve().parts[-2:])  # no home folder
    suffixes = {p.suffix for p in site.rglob("*") if p.is_file() and p.name != MANIFEST}
    assert suffixes <= {".html", ".css", ".js", ".png", ".csv", ".json"}, suffixes


def test_terra_sources_are_the_only_external_links() -> None:
    from cardkit.i18n.api import load
    from cardkit.site.cards import Locale, SiteCard, card_page

    data = load("terra", SHIPPED)
    spec = data.content.game.kind("cards")
    rec = next(r for r in data.content.of("cards") if any(s.url for s in r.obj.sources))
    card = SiteCard(rec.id, "cards", rec, "cards", f"img/cards/{rec.id}-front.png",
                    f"img/cards/{rec.id}-back.png", (100, 170))
    loc = Locale("el", "Ελληνικά", ("el", "pl"), dict(data.translations.overlays))
    html = card_page("Terra", spec, card, loc, "x", [])
    sources = re.search(r'<ul class="sources">(.*?)</ul>', html).group(1)
    assert len(re.findall("<li>", sources)) == len(rec.obj.sources)
    for url in (s.url for s in rec.obj.sources if s.url):
        assert f'<a href="{url}" rel="noopener">' in sources
    outside = html.replace(sources, "")
    assert not re.search(r'(?:src|href)="(?:https?:)?//', outside)


def test_css_text_contrast_is_at_least_4_5() -> None:
    css = (ASSETS / "site.css").read_text("utf-8")
    colours = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6});", css))
    pairs = re.findall(r"--([a-z-]+) on --([a-z-]+)", css)
    assert len(pairs) >= 6

    def luminance(hex_colour: str) -> float:
        def channel(c: int) -> float:
            s = c / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
        r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    for fg, bg in pairs:
        a, b = sorted((luminance(colours[fg]), luminance(colours[bg])), reverse=True)
        assert (a + 0.05) / (b + 0.05) >= 4.5, (fg, bg)
    assert ":focus-visible" in css


# -- determinism, atomic replace, refusals ---------------------------------------------------

def test_same_content_same_bytes_and_the_umask_is_honoured(site: Path, cache: Path,
                                                             tmp_path: Path, umask) -> None:
    again = tmp_path / "site"
    again.mkdir()
    (again / MARKER).write_text("old site\n")
    stale = again / GAME / "el" / "cards" / "gone.html"  # a page an older site wrote
    stale.parent.mkdir(parents=True)
    stale.write_text("from an older build")
    umask(0o027)
    result = build_site(SiteJob(SHIPPED, again, (GAME,), LOCALES, cache_dir=cache, dpi=DPI))
    assert digests(again) == digests(site)
    assert not stale.exists()  # a site is replaced as a whole
    assert result.cards == {(GAME, "en"): 41, (GAME, "pl"): 41}
    assert stat.S_IMODE((again / "index.html").stat().st_mode) == 0o640
    assert stat.S_IMODE(again.stat().st_mode) == 0o750
    assert stat.S_IMODE((again / GAME / "pl" / "cards").stat().st_mode) == 0o750
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no build folder left behind


def test_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "precious.txt").write_text("keep me")
    for force in (False, True):  # --force never empties a folder of somebody else's files
        with pytest.raises(UsageProblem, match="cardkit did not write"):
            build_site(SiteJob(SHIPPED, out, (GAME,), ("en",), cache_dir=cache, dpi=DPI,
                               force=force))
    assert (out / "precious.txt").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]
    file_out = tmp_path / "file"
    file_out.write_text("x")
    with pytest.raises(UsageProblem, match="not a folder"):
        build_site(SiteJob(SHIPPED, file_out, (GAME,), ("en",), cache_dir=cache, dpi=DPI))
    with pytest.raises(UsageProblem, match="inside the content"):
        build_site(SiteJob(SHIPPED, SHIPPED / "site", (GAME,), cache_dir=cache, force=True))


@pytest.mark.parametrize("job, message", [
    ({"dpi": 10}, "--dpi must be a number from 50"),
    ({"dpi": float("nan")}, "--dpi must be"),
    ({"games": ("nope",)}, "unknown game 'nope'"),
    ({"locales": ("xx",)}, "unknown locale 'xx'"),
    ({"reports": (Path("missing.json"),)}, "report not found"),
    ({"reports": (Path("/dev/zero"),)}, "is not a regular file"),
    ({"reports": (Path(__file__).parent,)}, "is a folder"),
])
def test_bad_jobs_are_usage_problems(tmp_path: Path, cache: Path, job: dict,
                                     message: str) -> None:
    args = {"games": (GAME,), "cache_dir": cache, **job}
    with pytest.raises(UsageProblem, match=re.escape(message)):
        build_site(SiteJob(SHIPPED, tmp_path / "out", **args))
    assert not (tmp_path / "out").exists()


def test_cli_usage_errors_exit_2_with_one_line(tmp_path: Path) -> None:
    for args in (["--dpi", "abc"], ["--game", "nope"], ["--dpi", "5000"]):
        result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "o"), *args])
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stderr.startswith("cardkit: ")


def test_a_content_error_blocks_with_a_located_diagnostic(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED / GAME, content / GAME)
    shutil.copytree(SHIPPED / "locales", content / "locales")
    explore = content / GAME / "cards" / "explore.yaml"
    text = explore.read_text("utf-8")
    explore.write_text(text.replace("    time: 0\n  - id: outpost-ruins",
                                    "    time: zero\n  - id: outpost-ruins", 1), "utf-8")
    out = tmp_path / "site"
    with pytest.raises(ContentBlocked):
        build_site(SiteJob(content, out, (GAME,), ("en",), cache_dir=tmp_path / "c", dpi=DPI))
    result = CliRunner().invoke(main, ["site", "--content", str(content), "--game", GAME,
                                       "--out", str(out), "--dpi", "50"])
    assert result.exit_code == 1
    assert re.search(r"explore\.yaml:7:\d+: error SCH\d+ .*\[temple-ruins\]", result.stderr), \
        result.stderr
    assert "nothing was written" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c", "content"]


def test_review_and_report_pages_are_written_when_given(tmp_path: Path, cache: Path) -> None:
    from cardkit.sim.api import simulate
    from cardkit.sim.report import to_json

    report = tmp_path / "sim.json"
    report.write_text(to_json(simulate(GAME, SHIPPED, games=2, seed=3, backend="serial",
                                       cache_dir=None)), "utf-8")
    out = tmp_path / "site"
    build_site(SiteJob(SHIPPED, out, (GAME,), ("pl",), cache_dir=cache, dpi=DPI,
                       reports=(report,)))
    review = (out / GAME / "pl" / "review.html").read_text("utf-8")
    assert "Pokrycie według rodzaju" in review  # the page is in Polish
    assert '<a href="review.html">' in (out / GAME / "pl" / "index.html").read_text("utf-8")
    sim = (out / "reports" / "sim.html").read_text("utf-8")
    assert GAME in sim
    assert 'href="sim.html"' in (out / "reports" / "index.html").read_text("utf-8")
    assert 'href="reports/index.html"' in (out / "index.html").read_text("utf-8")
    assert is_site(out) and not os.path.exists(out / MARKER)


@pytest.mark.parametrize("game", ["cartographers", "mars-dice", "terra", "terra-futura",
                                  "trains"])
def test_every_game_lists_exactly_the_objects_of_its_card_kinds(game: str) -> None:
    """The acceptance count for every game without drawing an image: the cards the site
    lists (print-deck ids joined to content objects) are the objects of the game's card kinds
    (kinds every object of which is printed), one each; a region sharing an id is not one."""
    from cardkit.core.registry import get_game
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer
    from cardkit.site.cards import match_records

    data = load(game, SHIPPED)
    loc = Localizer(data.content, data.locales["en"], None)
    decks = get_game(game).print_decks(data.content, loc, "metric")
    printed = {c.id for d in decks for c in d.cards}
    card_kinds = [k.name for k in data.content.game.kinds
                  if data.content.of(k.name) and all(r.id in printed
                                                     for r in data.content.of(k.name))]
    expected = {(k, r.id) for k in card_kinds for r in data.content.of(k)}
    listed = match_records(data.content, [(d.id, [c.id for c in d.cards]) for d in decks])
    assert {(kind, card_id) for card_id, (_, kind) in listed.items()} == expected
    # every printed card is an object of the content, but the kit's own cards: Cartographers'
    # setup card (the setup steps and the first-game variant, from strings.yaml)
    assert printed - set(listed) == KIT_CARDS.get(game, set())


def test_debris_of_a_killed_build_is_removed(tmp_path: Path, cache: Path) -> None:
    out = tmp_path / "site"
    # folders named like an older cardkit's unfinished builds are the user's: never removed
    old, foreign = tmp_path / "site.tmp-old1", tmp_path / ".site.old-mine"
    # this cardkit's work folders (strict name + in-progress marker): a dead process's goes,
    # a live one's stays, and one without the marker is not cardkit's
    dead = tmp_path / ".cardkit-staging.999999999.0123456789abcdef"
    alive = tmp_path / f".cardkit-staging.{os.getpid()}.0123456789abcdef"
    unmarked = tmp_path / ".cardkit-staging.999999999.fedcba9876543210"
    for folder in (old, foreign, dead, alive, unmarked):
        folder.mkdir()
        (folder / "index.html").write_text("x")
    (old / MARKER).write_text("x")
    for folder in (dead, alive):
        (folder / IN_PROGRESS).write_text("{}")
    os.utime(old, (1, 1))
    os.utime(foreign, (1, 1))
    clean_debris(out)
    assert old.exists() and foreign.exists() and unmarked.exists()
    assert not dead.exists() and alive.exists()


def test_markup_in_the_content_is_text_on_every_page(tmp_path: Path, cache: Path) -> None:
    # a card name made of HTML and script: every page shows it as text and the search index
    # keeps it inside a JSON string
    content = tmp_path / "content"
    shutil.copytree(SHIPPED / GAME, content / GAME)
    shutil.copytree(SHIPPED / "locales", content / "locales")
    explore = content / GAME / "cards" / "explore.yaml"
    hostile = "<img src=x onerror=alert(1)> & </script>"
    text = explore.read_text("utf-8")
    assert text.count("    name: Temple Ruins\n") == 1
    explore.write_text(text.replace("    name: Temple Ruins\n", f"    name: '{hostile}'\n"), "utf-8")
    out = tmp_path / "site"
    build_site(SiteJob(content, out, (GAME,), ("en",), cache_dir=cache, dpi=DPI))
    pages = list(out.rglob("*.html"))
    assert pages
    seen = 0
    for page in pages:
        html = page.read_text("utf-8")
        assert "<img src=x" not in html and "</script>" not in html.replace(
            "</script>\n", "").replace('"></script>', ""), page
        seen += "&lt;img src=x onerror=alert(1)&gt; &amp; &lt;/script&gt;" in html
    assert seen >= 2  # the card's page and the gallery at least
    index = (out / "assets" / "index" / f"{GAME}.en.js").read_text("utf-8")
    assert "</script>" not in index and "<\\/script>" in index
    data = read_index(index)
    assert hostile in {e["name"] for e in data["entries"]}


def test_filter_labels_are_the_models_titles_else_the_field_in_words() -> None:
    """``vp`` is labelled by its model title ("VP", not "Vp"); a field without a title reads
    as words ("Cost"); both come from the model, not from a list in the site."""
    from cardkit.i18n.api import load
    from cardkit.site.cards import SiteCard, filters

    data = load("trains", SHIPPED)
    cards = [SiteCard(r.id, "cards", r, "cards", f"img/{r.id}.png", None, (1, 1))
             for r in data.content.of("cards")]
    assert len(cards) > 30
    labels = {f.name: f.label for f in filters(cards)[0]}
    assert labels["vp"] == "VP"
    assert labels["cost"] == "Cost"
    assert all(label[0].isupper() for label in labels.values())
