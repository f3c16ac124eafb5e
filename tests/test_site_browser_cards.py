"""The gallery's sort, filters, address state and downloads in a real browser (headless
Chromium through Selenium, pages from ``file://`` URLs), and card pages at a phone's width.

One site per module: the five games in en, el and pl at the lowest dpi (the images only need to
exist; their sharpness is checked by ``test_site_cards``). The browser helpers and fixtures are
those of ``test_site_browser`` (skipped without Chromium, unless ``CI`` is set).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_site_browser import (CONTENT, DPI, browser_session, by_css, console_errors,
                                gallery_state, local_path, one, paths, visit, wait)

GAMES = ("terra", "trains", "cartographers", "terra-futura", "mars-dice")
LOCALES = ("en", "el", "pl")
PHONE = 360  # CSS pixels: nothing may be wider

__all__ = ["paths"]  # the imported fixture, used by ``site`` and ``browser`` below


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, paths: tuple[str, str]) -> Path:
    from cardkit.site.api import SiteJob, build_site

    out = tmp_path_factory.mktemp("site-cards") / "site"
    result = build_site(SiteJob(content_dir=CONTENT, out=out, games=GAMES, locales=LOCALES,
                                cache_dir=None, dpi=DPI))
    assert set(result.cards) == {(g, loc) for g in GAMES for loc in LOCALES}
    return out


@pytest.fixture(scope="module")
def browser(paths: tuple[str, str]) -> Iterator[Any]:
    with browser_session(paths, "cards") as driver:
        yield driver


def choose(driver: Any, select_id: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(one(driver, f"select#{select_id}")).select_by_value(value)


def shown(driver: Any) -> list[dict[str, Any]]:
    """The cards shown, in the gallery's order: id, name, cost, set."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#gallery li.card'))"
        ".filter(li => !li.hidden).map(li => ({id: li.dataset.id,"
        " name: li.querySelector('.name').textContent,"
        " cost: li.hasAttribute('data-sort-cost') ? Number(li.dataset.sortCost) : null,"
        " set: li.dataset.set || null}))")


def browser_sorted(driver: Any, names: list[str]) -> list[str]:
    """``names`` sorted by the browser's collation for the page's language."""
    return driver.execute_script(
        "const lang = document.documentElement.lang;"
        "return arguments[0].slice().sort((a, b) => a.localeCompare(b, lang));", names)


def initial(name: str) -> str:
    """A name's first letter without its accents, in capitals (``Ό`` -> ``Ο``)."""
    return unicodedata.normalize("NFD", name[0])[0].upper()


@pytest.mark.parametrize(("game", "locale"), [("trains", "en"), ("trains", "pl"),
                                              ("terra", "el")])
def test_sort_by_name_in_the_pages_language(browser: Any, site: Path, game: str,
                                            locale: str) -> None:
    """Names A-Z as the page's language sorts them: Polish ``Ś`` among the S, Greek accented
    initials among their letters (a code point sort puts both at the end)."""
    visit(browser, site, f"{game}/{locale}/index.html")
    printed = [c["id"] for c in shown(browser)]
    choose(browser, "sort", "name")
    wait(browser, lambda d: [c["id"] for c in shown(d)] != printed, "the cards to move")
    names = [c["name"] for c in shown(browser)]
    assert names == browser_sorted(browser, names)
    assert sorted(names) != names or locale == "en"
    assert len(names) == len(printed)
    if locale == "pl":
        polish = next(i for i, n in enumerate(names) if n.startswith("Ś"))
        assert polish < next(i for i, n in enumerate(names) if n.startswith("T"))
    if locale == "el":
        greek = [initial(n) for n in names if "Α" <= initial(n) <= "Ω"]
        assert len(greek) > 100 and greek == sorted(greek)
    choose(browser, "sort", "print")
    wait(browser, lambda d: [c["id"] for c in shown(d)] == printed, "the print order back")
    assert console_errors(browser) == []


def test_sort_by_cost_both_ways(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/en/index.html")
    choose(browser, "sort", "cost-up")
    wait(browser, lambda d: d.execute_script("return location.hash") == "#sort=cost-up",
         "the address to hold the sort")
    up = shown(browser)
    costs = [c["cost"] for c in up if c["cost"] is not None]
    assert costs == sorted(costs) and len(set(costs)) > 3
    assert all(c["cost"] is None for c in up[len(costs):])  # no cost (Waste): last
    choose(browser, "sort", "cost-down")
    wait(browser, lambda d: d.execute_script("return location.hash") == "#sort=cost-down",
         "the address to hold the sort")
    down = shown(browser)
    costs = [c["cost"] for c in down if c["cost"] is not None]
    assert costs == sorted(costs, reverse=True)
    assert all(c["cost"] is None for c in down[len(costs):])
    visit(browser, site, "terra/en/index.html")  # no cost on Terra's cards: no cost order
    values = browser.execute_script(
        "return Array.from(document.querySelectorAll('#sort option')).map(o => o.value)")
    assert values == ["print", "name"]
    assert console_errors(browser) == []


def test_the_trains_set_filter_narrows_to_rising_sun(browser: Any, site: Path) -> None:
    data = json.loads((site / "trains" / "pl" / "cards.json").read_text("utf-8"))
    rising = {c["id"] for c in data["cards"] if c["facts"]["set"] == "rising-sun"}
    assert 0 < len(rising) < len(data["cards"])
    visit(browser, site, "trains/pl/index.html")
    labels = browser.execute_script(
        "return Array.from(document.querySelectorAll('#filter-set option')).map(o => o.text)")
    assert labels[1:] == ["gra podstawowa", "Rising Sun"]
    choose(browser, "filter-set", "rising-sun")
    wait(browser, lambda d: gallery_state(d, "set")[1] == len(rising), "the Rising Sun cards")
    count, n, values, hidden = gallery_state(browser, "set")
    assert count == n == len(rising) and set(values) == {"rising-sun"}
    assert {c["id"] for c in shown(browser)} == rising and "rising-sun" not in hidden
    assert console_errors(browser) == []


def test_the_state_is_in_the_address_and_survives_a_reload(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/el/index.html")
    choose(browser, "sort", "name")
    choose(browser, "filter-set", "rising-sun")
    wait(browser, lambda d: d.execute_script("return location.hash") ==
         "#sort=name&set=rising-sun", "the state in the address")
    before = [c["id"] for c in shown(browser)]
    browser.refresh()
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete",
         "the reload")
    assert one(browser, "select#sort").get_attribute("value") == "name"
    assert one(browser, "select#filter-set").get_attribute("value") == "rising-sun"
    assert [c["id"] for c in shown(browser)] == before
    # a shared link opens in that state; a value the page does not offer is dropped
    url = (site / "trains" / "el" / "index.html").as_uri()
    browser.get(url + "#set=rising-sun&sort=cost-down&types=no-such-type")
    wait(browser, lambda d: d.execute_script("return location.hash") ==
         "#sort=cost-down&set=rising-sun", "the state read from a shared link")
    assert {c["set"] for c in shown(browser)} == {"rising-sun"}
    # the skip link's #main is no state: the gallery stays as it is
    count = len(shown(browser))
    browser.execute_script("location.hash = '#main'")
    assert len(shown(browser)) == count
    one(browser, "#filters button[type='reset']").click()
    wait(browser, lambda d: len(shown(d)) == len(by_css(d, "#gallery li.card")),
         "every card after Show all")
    assert console_errors(browser) == []


def test_download_links_point_to_files(browser: Any, site: Path) -> None:
    for game in GAMES:
        visit(browser, site, f"{game}/pl/index.html")
        hrefs = browser.execute_script(
            "return Array.from(document.querySelectorAll('.downloads a')).map(a => a.href)")
        assert [h.rsplit("/", 1)[1] for h in hrefs] == ["cards.csv", "cards.json"], game
        for href in hrefs:
            assert local_path(href).is_file(), href
        rows = len(by_css(browser, "#gallery li.card"))
        data = json.loads(local_path(hrefs[1]).read_text("utf-8"))
        assert len(data["cards"]) == rows
        assert local_path(hrefs[0]).read_text("utf-8-sig").count("\n") >= rows + 1


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_wider_than_a_phone(browser: Any, site: Path, game: str) -> None:
    """At 360 CSS pixels, the gallery and the card pages fit; a wide table scrolls in its own
    box."""
    first = sorted((site / game / "el" / "cards").glob("*.html"))
    longest = max(first, key=lambda p: p.stat().st_size)  # the most text
    browser.set_window_size(PHONE, 800)
    try:
        for rel in (f"{game}/el/index.html", f"{game}/pl/cards/{longest.name}",
                    f"{game}/el/cards/{longest.name}"):
            visit(browser, site, rel)
            width = browser.execute_script("return document.documentElement.clientWidth")
            wide = browser.execute_script(
                "return document.documentElement.scrollWidth")
            assert width <= PHONE and wide <= width, f"{rel}: {wide} px wide in {width} px"
    finally:
        browser.set_window_size(1280, 1000)
