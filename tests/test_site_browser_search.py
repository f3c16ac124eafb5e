"""The site's search in a real browser (headless Chromium, pages from ``file://`` URLs): the
field syntax, negation and phrases, ``?q=`` URLs, pagination, the ranking, Greek without accents,
the lazy loading of one index per game and locale, the search page's messages in its locale,
the Python and JavaScript query languages agreeing, and no horizontal scrolling at 360 px.

One site per module (Terra and Trains, en/el/pl, 50 dpi); the browser helpers and the rule that a
missing browser fails in CI come from ``tests/test_site_browser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest

from cardkit.site.search import parse, read_index, search

from .test_site_browser import (CONTENT, DPI, GAMES, LOCALES, _browser_paths, browser_session,
                                by_css, console_errors, one, visit, wait)
from .test_site_search import QUERIES, comparable


@pytest.fixture(scope="module")
def paths() -> tuple[str, str]:
    return _browser_paths()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, paths: tuple[str, str]) -> Path:
    from cardkit.site.api import SiteJob, build_site

    out = tmp_path_factory.mktemp("site-search") / "site"
    build_site(SiteJob(content_dir=CONTENT, out=out, games=GAMES, locales=LOCALES,
                       cache_dir=None, dpi=DPI))
    return out


@pytest.fixture(scope="module")
def browser(paths: tuple[str, str]) -> Iterator[Any]:
    with browser_session(paths, "search") as driver:
        yield driver


@pytest.fixture(scope="module")
def nojs_browser(paths: tuple[str, str]) -> Iterator[Any]:
    with browser_session(paths, "search-nojs", javascript=False) as driver:
        yield driver


@pytest.fixture(scope="module")
def indexes(site: Path) -> list[dict[str, Any]]:
    """Every index of the site, read back in Python."""
    return [read_index(p.read_text("utf-8")) for p in sorted((site / "assets" / "index").glob(
        "*.js")) if p.name != "catalog.js"]


# -- helpers --------------------------------------------------------------------------------------

def open_search(driver: Any, site: Path, query: str, page_file: str = "search.html",
                page: int | None = None) -> str:
    """Open the search page with ``?q=`` (and ``&page=``); its status once the results show."""
    driver.get_log("browser")
    url = (site / page_file).as_uri() + "?q=" + quote(query) + (f"&page={page}" if page else "")
    driver.get(url)
    return settled(driver)


def settled(driver: Any) -> str:
    """The search page's status once it is no longer loading."""
    return wait(driver, lambda d: d.execute_script(
        "const t = document.getElementById('search-count').textContent;"
        "return t && !t.endsWith('\u2026') ? t : null"), "the search page's results")


def listed(driver: Any) -> list[str]:
    """The result links of the search page's current page (relative to the site's top)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-list a'))"
        ".map(a => a.getAttribute('href'))")


def every_result(driver: Any) -> list[str]:
    """The results of every page, turning them with Next."""
    found = listed(driver)
    while one(driver, "nav.search-pages").get_attribute("hidden") is None \
            and one(driver, "#search-next").is_enabled():
        first = found[-1]
        one(driver, "#search-next").click()
        wait(driver, lambda d: listed(d) and listed(d)[0] != first and first not in listed(d),
             "the next page")
        found += listed(driver)
    return found


def total(status: str) -> int:
    """The number of cards a status names (its last number)."""
    numbers = re.findall(r"\d+", status)
    assert numbers, status
    return int(numbers[-1])


def expected(indexes: list[dict[str, Any]], query: str, locale: str = "en") -> list[str]:
    return [url for _, url, _ in search(indexes, query, locale)]


# -- the query language ---------------------------------------------------------------------------

def test_field_syntax_set_and_cost(browser: Any, site: Path,
                                   indexes: list[dict[str, Any]]) -> None:
    """``set:rising-sun cost<3`` in Trains returns only Rising Sun cards costing less than 3,
    every one of them, in every locale."""
    status = open_search(browser, site, "game:trains set:rising-sun cost<3")
    want = expected(indexes, "game:trains set:rising-sun cost<3")
    assert want and all(u.startswith("trains/") for u in want)
    by_url = {e["url"]: e for ix in indexes for e in ix["entries"]}
    assert all(by_url[u]["set"] == "rising-sun" and by_url[u]["cost"] < 3 for u in want)
    assert total(status) == len(want)
    assert {u.split("/")[1] for u in want} == set(LOCALES)
    found = every_result(browser)
    assert sorted(found) == sorted(want)
    assert len(found) == len(set(found))
    assert console_errors(browser) == []


def test_negation_and_phrases(browser: Any, site: Path, indexes: list[dict[str, Any]]) -> None:
    open_search(browser, site, "game:trains lang:en train")
    trains = set(every_result(browser))
    open_search(browser, site, "game:trains lang:en train -freight")
    without = set(every_result(browser))
    freight = {u for u in trains if "freight" in u}
    assert freight and without == trains - set(expected(indexes, "game:trains lang:en freight"))
    assert without == set(expected(indexes, "game:trains lang:en train -freight"))
    open_search(browser, site, "game:terra lang:en baikal lake")
    assert "terra/en/cards/lake-baikal.html" in listed(browser)
    status = open_search(browser, site, 'game:terra lang:en "baikal lake"')
    assert "terra/en/cards/lake-baikal.html" not in listed(browser), status
    open_search(browser, site, 'game:terra lang:en "lake baikal"')
    assert listed(browser)[0] == "terra/en/cards/lake-baikal.html"
    open_search(browser, site, 'game:terra lang:en lake -"lake baikal"')
    assert "terra/en/cards/lake-baikal.html" not in listed(browser)
    open_search(browser, site, "-kind:cards")
    assert listed(browser) == []
    assert console_errors(browser) == []


def test_an_unknown_field_is_said_in_the_pages_language(browser: Any, site: Path) -> None:
    status = open_search(browser, site, "colour:red train", "search.pl.html")
    assert "colour" in status and status.startswith("Nieznane pole")
    assert listed(browser) == []
    status = open_search(browser, site, "cost<cheap", "search.el.html")
    assert "cost" in status and "αριθμό" in status
    assert console_errors(browser) == []


def test_python_and_javascript_agree(browser: Any, site: Path,
                                     indexes: list[dict[str, Any]]) -> None:
    """The same parse and the same ranked results in the shipped script as in search.py (this
    runs where node does not: CI has the browser)."""
    open_search(browser, site, "a")  # loads every index
    parsed = browser.execute_script("return arguments[0].map(q => cardkitParse(q))", QUERIES)
    assert parsed == [parse(q) for q in QUERIES]
    runs = browser.execute_script(
        "const ix = Object.values(window.CARDKIT_INDEXES);"
        "return arguments[0].map(q => cardkitRun(ix, q, 'el')"
        ".map(h => [h.index.game + '/' + h.index.locale, h.entry.url, h.rank]))", QUERIES)
    for query, js in zip(QUERIES, runs, strict=True):
        assert comparable([tuple(r) for r in js], "el") == comparable(
            search(indexes, query, "el"), "el"), query
    assert console_errors(browser) == []


# -- URLs, pages, ranking -------------------------------------------------------------------------

def test_a_q_url_opens_with_results(browser: Any, site: Path) -> None:
    status = open_search(browser, site, "σκουπιδια", "search.el.html")
    assert one(browser, "input#q").get_attribute("value") == "σκουπιδια"
    assert listed(browser)[0] == "trains/el/cards/waste.html"  # the page's locale first
    assert total(status) == len(listed(browser))
    assert browser.execute_script("return document.documentElement.lang") == "el"
    assert console_errors(browser) == []


def test_next_turns_the_page_and_the_url(browser: Any, site: Path) -> None:
    status = open_search(browser, site, "a")
    n = total(status)
    assert n > 40 and re.fullmatch(rf"Showing 1–20 of {n} cards", status), status
    first = listed(browser)
    assert len(first) == 20 and one(browser, "#search-prev").is_enabled() is False
    one(browser, "#search-next").click()
    wait(browser, lambda d: "page=2" in d.current_url, "page=2 in the URL")
    status = settled(browser)
    assert status == f"Showing 21–40 of {n} cards"
    assert one(browser, "#search-page-of").text == f"Page 2 of {(n + 19) // 20}"
    second = listed(browser)
    assert len(second) == 20 and not set(first) & set(second)
    assert one(browser, "#search-list").get_attribute("start") == "21"
    assert unquote(browser.current_url).endswith("search.html?q=a&page=2")
    one(browser, "#search-prev").click()
    wait(browser, lambda d: "page=" not in d.current_url, "page 1 again")
    assert listed(browser) == first
    open_search(browser, site, "a", page=2)  # a shared link to page 2
    assert listed(browser) == second
    status = open_search(browser, site, "a", "search.pl.html", page=3)
    assert status == f"Karty 41–60 z {n} kart"
    assert console_errors(browser) == []


def test_typing_on_the_search_page_updates_the_url(browser: Any, site: Path) -> None:
    open_search(browser, site, "a", page=2)
    field = one(browser, "input#q")
    field.clear()
    field.send_keys("zlomowisko")
    wait(browser, lambda d: d.current_url.endswith("?q=zlomowisko"), "the query in the URL")
    settled(browser)
    assert listed(browser)[0] == "trains/pl/cards/junkyard.html"
    assert console_errors(browser) == []


def test_a_name_match_comes_before_text_matches(browser: Any, site: Path,
                                                indexes: list[dict[str, Any]]) -> None:
    open_search(browser, site, "game:trains lang:en waste")
    found = listed(browser)
    assert found[0] == "trains/en/cards/waste.html"
    assert len(found) > 1  # cards that mention waste in their text
    levels = {url: level for _, url, level in search(indexes, "game:trains lang:en waste")}
    assert levels[found[0]] == 0 and all(levels[u] == 4 for u in found[1:])
    names, collated = browser.execute_script(
        "const n = Array.from(document.querySelectorAll('#search-list a'))"
        ".slice(1).map(a => a.firstChild.textContent.trim());"
        "return [n, n.slice().sort(new Intl.Collator('en').compare)]")
    assert names == collated  # ties by name, in the page's language
    assert console_errors(browser) == []


@pytest.mark.parametrize(("query", "page_file", "url"), [
    ("λιμνη βαικαλη", "search.el.html", "terra/el/cards/lake-baikal.html"),
    ("ΣΚΟΥΠΙΔΙΑ", "search.el.html", "trains/el/cards/waste.html"),
    ("jezioro bajk", "search.pl.html", "terra/pl/cards/lake-baikal.html"),
])
def test_without_accents(browser: Any, site: Path, query: str, page_file: str, url: str) -> None:
    open_search(browser, site, query, page_file)
    assert listed(browser)[0] == url
    assert console_errors(browser) == []


# -- the header's instant search ------------------------------------------------------------------

def index_scripts(driver: Any) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.scripts).map(s => s.getAttribute('src') || '')"
        ".filter(s => s.includes('assets/index/')).map(s => s.split('/').pop())")


def test_a_card_page_loads_only_its_own_index(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/el/cards/waste.html")
    assert index_scripts(browser) == ["catalog.js"]  # no index at page load
    assert browser.execute_script("return Object.keys(window.CARDKIT_INDEXES || {})") == []
    assert one(browser, "label[for='q']").text == "Αναζήτηση: Trains · Ελληνικά"
    every = one(browser, "#search-every")
    assert every.is_displayed() and every.text == "Αναζήτηση σε όλα τα παιχνίδια"
    one(browser, "input#q").send_keys("σκουπ")
    wait(browser, lambda d: by_css(d, "#results li a"), "instant results")
    assert sorted(index_scripts(browser)) == ["catalog.js", "trains.el.js"]
    assert browser.execute_script("return Object.keys(window.CARDKIT_INDEXES)") == ["trains/el"]
    cards = [a.get_attribute("href") for a in by_css(browser, "#results li:not(.more) a")]
    assert 0 < len(cards) <= 10 and all("/trains/el/cards/" in h for h in cards)
    assert cards[0].endswith("/trains/el/cards/waste.html")
    assert unquote(every.get_attribute("href")).endswith("/search.el.html?q=σκουπ")
    more = one(browser, "#results li.more a")
    n = total(more.text)
    assert n > 10 and more.text == f"Δείτε και τα {n} αποτελέσματα"
    assert one(browser, "#search-status").text == f"Εμφανίζονται 10 από {n} κάρτες."
    more.click()
    wait(browser, lambda d: "search.el.html?q=" in d.current_url, "the search page")
    assert total(settled(browser)) == n
    assert one(browser, "input#q").get_attribute("value") == "game:trains lang:el σκουπ"
    assert console_errors(browser) == []


def test_the_header_form_submits_to_the_search_page(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    visit(browser, site, "index.pl.html")  # no game: every index
    assert not one(browser, "#search-every").is_displayed()
    field = one(browser, "input#q")
    field.send_keys("λιμνη")
    wait(browser, lambda d: by_css(d, "#results li a"), "instant results over every game")
    field.send_keys(Keys.ENTER)
    wait(browser, lambda d: "search.pl.html?q=" in d.current_url, "the search page")
    settled(browser)
    assert "/el/cards/" in listed(browser)[0]
    visit(browser, site, "trains/en/index.html")  # a game's page: the search stays in its scope
    one(browser, "input#q").send_keys("waste" + Keys.ENTER)
    wait(browser, lambda d: "search.html?q=" in d.current_url, "the search page")
    settled(browser)
    assert one(browser, "input#q").get_attribute("value") == "game:trains lang:en waste"
    assert listed(browser)[0] == "trains/en/cards/waste.html"
    assert console_errors(browser) == []


def test_without_javascript_the_search_page_says_so(nojs_browser: Any, site: Path) -> None:
    """Scripts off: the header's form still submits to the search page, which says that search
    needs JavaScript (in its language)."""
    from selenium.webdriver.common.keys import Keys

    from cardkit.site.messages import Messages

    visit(nojs_browser, site, "trains/pl/index.html")
    one(nojs_browser, "input#q").send_keys("odpady" + Keys.ENTER)
    wait(nojs_browser, lambda d: "search.pl.html?q=odpady" in d.current_url, "the search page")
    said = Messages("pl")("Search needs JavaScript; every card is also reachable from the "
                          "galleries.")
    assert said != "Search needs JavaScript; every card is also reachable from the galleries."
    assert one(nojs_browser, "#search p.meta").text == said
    assert by_css(nojs_browser, "#search-list li") == []


def test_no_horizontal_scrolling_at_360_px(browser: Any, site: Path) -> None:
    browser.set_window_size(360, 800)
    try:
        for rel, query in (("search.pl.html", "a"), ("search.el.html", "colour:x")):
            open_search(browser, site, query, rel)
            assert browser.execute_script(
                "return document.documentElement.scrollWidth <= innerWidth"), rel
        visit(browser, site, "terra/el/cards/lake-baikal.html")
        one(browser, "input#q").send_keys("λιμνη")
        wait(browser, lambda d: by_css(d, "#results li.more a"), "instant results")
        assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth")
        assert one(browser, "#search-every").is_displayed()
    finally:
        browser.set_window_size(1280, 1000)
    assert console_errors(browser) == []
