"""``cardkit site`` in a real browser: headless Chromium driven by Selenium, pages opened from
``file://`` URLs (no server), as a reader who downloaded the folder would open them.

One site is built per module (Trains and Terra, en/el/pl, at a low dpi, to keep it quick); every
test drives that one site. The browser is Debian's ``chromium`` with its ``chromedriver`` (.ci/run
installs them). Without them the tests are skipped, unless ``CI`` is set: there a missing
browser is a failure, so CI never passes by skipping.

``build/site-gallery.png`` is a screenshot of a gallery, saved on every run, to look at.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
SCREENSHOT = ROOT / "build" / "site-gallery.png"
GAMES = ("terra", "trains")
LOCALES = ("en", "el", "pl")
DPI = 50.0  # the lowest `cardkit export` accepts: the images only need to exist
WAIT_S = 15.0
#: The flags without which Chromium stalls on a machine with no network (it keeps trying to
#: reach update, sync and field-trial servers), plus a fixed window for the screenshot.
CHROME_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,1000",
)
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _missing(reason: str) -> None:
    """Skip on a developer's machine without a browser; fail in CI, where one must be."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: .ci/run installs chromium and chromium-driver)")
    pytest.skip(reason)


def _browser_paths() -> tuple[str, str]:
    """Chromium and chromedriver: ``CARDKIT_CHROMIUM`` / ``CARDKIT_CHROMEDRIVER``, else on PATH."""
    chromium = shutil.which(os.environ.get("CARDKIT_CHROMIUM", "")) or next(
        (p for p in map(shutil.which, CHROMIUM_NAMES) if p), None)
    driver = shutil.which(os.environ.get("CARDKIT_CHROMEDRIVER", "")) \
        or shutil.which("chromedriver")
    if not chromium or not driver:
        _missing("headless Chromium and chromedriver are needed "
                 "(apt-get install chromium chromium-driver)")
    assert chromium and driver
    return chromium, driver


def _launch(paths: tuple[str, str], profile: Path, *, javascript: bool = True) -> Any:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (it is in the dev extra: pip install -e '.[dev]')")
    chromium, driver = paths
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    # A driver path given to the Service: Selenium Manager (which would download one) never runs.
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


# -- fixtures -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def paths() -> tuple[str, str]:
    return _browser_paths()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, paths: tuple[str, str]) -> Path:
    from cardkit.site.api import SiteJob, build_site

    work = tmp_path_factory.mktemp("site-browser")
    out = work / "site"
    # cache_dir=None: the project's check cache, as `cardkit site` uses it (warm on a rerun)
    result = build_site(SiteJob(content_dir=CONTENT, out=out, games=GAMES, locales=LOCALES,
                                cache_dir=None, dpi=DPI))
    assert result.out == out
    assert set(result.cards) == {(g, loc) for g in GAMES for loc in LOCALES}
    return out


def _quit_all(drivers: list[Any], profiles: list[Path]) -> None:
    for d in drivers:
        d.quit()
    for p in profiles:
        shutil.rmtree(p, ignore_errors=True)


@contextmanager
def browser_session(paths: tuple[str, str], name: str, *,
                    javascript: bool = True) -> Iterator[Any]:
    """A Chromium driven by Selenium with a fresh profile, quit and removed afterwards (the
    browser fixture of every browser test module)."""
    profile = Path(tempfile.mkdtemp(prefix=f"cardkit-chromium-{name}-"))
    driver = _launch(paths, profile, javascript=javascript)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        _quit_all([driver], [profile])


@pytest.fixture(scope="module")
def browser(paths: tuple[str, str]) -> Iterator[Any]:
    with browser_session(paths, "gallery") as driver:
        yield driver


@pytest.fixture(scope="module")
def nojs_browser(paths: tuple[str, str]) -> Iterator[Any]:
    with browser_session(paths, "nojs", javascript=False) as driver:
        yield driver


# -- helpers --------------------------------------------------------------------------------------


def visit(driver: Any, site: Path, rel: str) -> None:
    """Open ``<site>/<rel>`` from a ``file://`` URL, the console log emptied first."""
    page = site / rel
    assert page.is_file(), f"{rel} was not written"
    driver.get_log("browser")  # drains what earlier pages logged
    driver.get(page.as_uri())
    # Chromium 150 may hand control back while a file:// page still reads its last bytes
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete",
         f"{rel} loaded")


def console_errors(driver: Any) -> list[str]:
    """What the page logged at SEVERE level: script errors, failed loads (a missing image or
    script is one), blocked requests."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def wait(driver: Any, condition: Any, what: str) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT_S, poll_frequency=0.05).until(condition)
    except TimeoutException:
        pytest.fail(f"timed out after {WAIT_S:g} s waiting for {what} on {driver.current_url}")


def local_path(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file", f"not a local link: {url}"
    return Path(url2pathname(unquote(parts.path)))


def by_css(driver: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def one(driver: Any, selector: str) -> Any:
    found = by_css(driver, selector)
    assert len(found) == 1, f"expected one {selector!r} on {driver.current_url}, found {len(found)}"
    return found[0]


def count_text(driver: Any) -> int:
    text = one(driver, "p#count").text
    match = re.search(r"\d+", text)
    assert match, f"no number in #count: {text!r}"
    return int(match.group())


def visible_cards(driver: Any) -> list[Any]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#gallery li.card'))"
        ".filter(li => !li.hidden)")


def gallery_state(driver: Any, field: str) -> tuple[int, int, list[str], list[str]]:
    """(the number in #count, cards shown, ``data-<field>`` of the shown cards, of the hidden
    ones), read in one script: one round trip instead of one per card."""
    count, shown, hidden = driver.execute_script(
        "const cards = Array.from(document.querySelectorAll('#gallery li.card'));"
        "const m = document.getElementById('count').textContent.match(/\\d+/);"
        "const v = li => li.getAttribute('data-' + arguments[0]) || '';"
        "return [m ? Number(m[0]) : -1, cards.filter(li => !li.hidden).map(v),"
        " cards.filter(li => li.hidden).map(v)];", field)
    return count, len(shown), shown, hidden


def heading(driver: Any) -> str:
    """The page's ``<h1>`` text without its "provisional" mark."""
    return driver.execute_script(
        "const h = document.querySelector('h1').cloneNode(true);"
        "h.querySelectorAll('.provisional').forEach(s => s.remove());"
        "return h.textContent.trim()")


def search(driver: Any, query: str) -> list[tuple[str, str]]:
    """Type ``query`` into the search field; (absolute href, text) of each result once shown."""
    field = one(driver, "input#q")
    field.clear()
    field.send_keys(query)
    wait(driver, lambda d: by_css(d, "#results li a"), f"search results for {query!r}")
    return results(driver)


def results(driver: Any) -> list[tuple[str, str]]:
    return [(a.get_property("href"), a.text) for a in by_css(driver, "#results li a")]


def hits(found: list[tuple[str, str]], rel: str) -> list[str]:
    """The texts of the results that link to ``<site>/<rel>``."""
    return [text for href, text in found if href.endswith("/" + rel)]


# -- tests ----------------------------------------------------------------------------------------


def test_gallery_from_file_url(browser: Any, site: Path) -> None:
    """The gallery opens from the file system: every image and script loads (no console error),
    the list of search indexes is there (no index itself before a search), and the count
    matches the cards shown."""
    visit(browser, site, "trains/el/index.html")
    assert browser.execute_script("return document.documentElement.lang") == "el"
    cards = by_css(browser, "#gallery li.card")
    assert cards, "an empty gallery"
    assert count_text(browser) == len(cards) == len(visible_cards(browser))
    assert browser.execute_script("return typeof window.CARDKIT_CATALOG") == "object", \
        "assets/index/catalog.js did not load from file://"
    assert browser.execute_script("return Object.keys(window.CARDKIT_INDEXES || {})") == []
    srcs = browser.execute_script(
        "return Array.from(document.querySelectorAll('#gallery img')).map(i => i.src)")
    assert len(srcs) == len(cards)
    missing = [s for s in srcs if not local_path(s).is_file()]
    assert not missing, f"{len(missing)} images missing, e.g. {missing[:3]}"
    first = by_css(browser, "#gallery img")[0]
    assert first.get_attribute("alt"), "card images need an alt text"
    wait(browser, lambda d: d.execute_script(
        "const i = document.querySelector('#gallery img');"
        "return i.complete && i.naturalWidth > 0"), "the first card image")
    assert console_errors(browser) == []


def test_screenshot_of_gallery(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/el/index.html")
    wait(browser, lambda d: d.execute_script(
        "return Array.from(document.images)"
        ".filter(i => i.getBoundingClientRect().top < innerHeight)"
        ".every(i => i.complete && i.naturalWidth > 0)"), "the visible card images")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 10_000
    assert console_errors(browser) == []


@pytest.mark.parametrize(("query", "rel", "name"), [
    ("σκουπιδια", "trains/el/cards/waste.html", "Σκουπίδια"),
    ("ΣΚΟΥΠΙΔΙΑ", "trains/el/cards/waste.html", "Σκουπίδια"),
    ("λιμνη βαικαλη", "terra/el/cards/lake-baikal.html", "Λίμνη Βαϊκάλη"),
    ("zlomowisko", "trains/pl/cards/junkyard.html", "Złomowisko"),
    ("swiateczny rozklad", "trains/pl/cards/holiday-timetable.html", "Świąteczny rozkład jazdy"),
    ("jezioro bajk", "terra/pl/cards/lake-baikal.html", "Jezioro Bajkał"),
])
def test_search_without_diacritics(browser: Any, site: Path, query: str, rel: str,
                                   name: str) -> None:
    """Typed without accents (or in capitals), a Greek or Polish name is found from its
    gallery (which searches its own game and locale); prefixes match and every word must."""
    game, locale = rel.split("/")[:2]
    visit(browser, site, f"{game}/{locale}/index.html")
    found = search(browser, query)
    assert len(found) <= 11  # the first 10, and a link to all of them
    texts = hits(found, rel)
    assert texts, f"{query!r}: no result links to {rel}; got {found[:5]}"
    assert any(name in t for t in texts), texts
    assert all(f"/{game}/{locale}/" in href for href, _ in found)
    assert console_errors(browser) == []


def test_search_result_opens_the_card(browser: Any, site: Path) -> None:
    """From a card page two folders down, the result links still lead to the right page (the
    query names another game and language than the page's: those are searched)."""
    visit(browser, site, "terra/en/cards/lake-baikal.html")
    found = search(browser, "game:trains lang:el σκουπιδια")
    (href,) = {h for h, _ in found if h.endswith("/trains/el/cards/waste.html")}
    assert local_path(href).is_file()
    for href, _ in found:
        assert local_path(href).is_file(), href
    link = next(a for a in by_css(browser, "#results li a")
                if a.get_property("href").endswith("/trains/el/cards/waste.html"))
    link.click()
    wait(browser, lambda d: d.current_url.endswith("/trains/el/cards/waste.html"),
         "the card page")
    assert heading(browser) == "Σκουπίδια"
    assert console_errors(browser) == []


def test_search_all_words_must_match(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/pl/index.html")
    assert search(browser, "zlomowisko")
    field = one(browser, "input#q")
    field.clear()
    field.send_keys("zlomowisko qqxqzz")
    wait(browser, lambda d: not by_css(d, "#results li a"), "no results for a word in no card")
    field.clear()
    field.send_keys("a")
    wait(browser, lambda d: by_css(d, "#results li a"), "results for a one-letter prefix")
    assert len(results(browser)) <= 11  # the first 10, and a link to all of them
    assert console_errors(browser) == []


def test_filter_narrows_the_gallery(browser: Any, site: Path) -> None:
    """Choosing a filter value hides the other cards (``hidden``), the count says how many are
    left, and "all" brings every card back."""
    from selenium.webdriver.support.ui import Select

    visit(browser, site, "trains/en/index.html")
    total = count_text(browser)
    selects = by_css(browser, "form#filters select")
    assert selects, "no filters"
    for sel in selects:
        field, sel_id = sel.get_attribute("name"), sel.get_attribute("id")
        assert sel_id == f"filter-{field}"
        assert by_css(browser, f"label[for='{sel_id}']"), f"no label for {sel_id}"
        assert Select(sel).options[0].get_attribute("value") == ""
    narrowed = 0
    for sel in selects:
        field = sel.get_attribute("name")
        menu = Select(sel)
        for index in range(1, len(menu.options)):
            value = menu.options[index].get_attribute("value")
            menu.select_by_index(index)
            wait(browser, lambda d: (lambda s: s[0] == s[1])(gallery_state(d, field)),
                 f"the count to match the cards shown after {field}={value}")
            count, shown, values, hidden = gallery_state(browser, field)
            if shown == total:  # a value every card has
                continue
            assert count == shown > 0 and len(hidden) == total - shown
            for have in values:
                assert value in (have, *have.split()), (field, value, have)
            for have in hidden:
                assert value not in (have, *have.split()), (field, value, have)
            narrowed += 1
            break
        menu.select_by_index(0)
        wait(browser, lambda d: gallery_state(d, field)[:2] == (total, total),
             f"every card back after {field}=all")
    # a hidden card is not displayed (the stylesheet does not override ``hidden``)
    Select(selects[0]).select_by_index(1)
    wait(browser, lambda d: gallery_state(d, "id")[1] < total, "a narrowed gallery")
    first_hidden = next(li for li in by_css(browser, "#gallery li.card")
                        if li.get_attribute("hidden") is not None)
    assert not first_hidden.is_displayed()
    Select(selects[0]).select_by_index(0)
    assert narrowed, "no filter value narrowed the gallery"
    assert console_errors(browser) == []


def test_card_page_shows_translations(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/el/cards/waste.html")
    assert heading(browser) == "Σκουπίδια"
    assert by_css(browser, "dl.facts dt") and not by_css(browser, "table.fields")
    table = one(browser, "table.translations")
    head = table.find_elements("css selector", "th")
    assert any(h.text.strip() == "Αγγλικά" for h in head)  # the Greek page names English in Greek
    text = table.text
    for word in ("Waste", "Σκουπίδια", "Odpady"):
        assert word in text, f"{word!r} not in the translations table"
    assert console_errors(browser) == []


def test_provisional_and_sources(browser: Any, site: Path) -> None:
    visit(browser, site, "trains/pl/cards/biofuel-train.html")  # status: provisional
    assert by_css(browser, "span.provisional")
    visit(browser, site, "terra/pl/cards/lake-baikal.html")
    assert heading(browser) == "Jezioro Bajkał"
    assert by_css(browser, "ul.sources li")
    assert console_errors(browser) == []


def test_keyboard_reaches_search(browser: Any, site: Path) -> None:
    """The first Tab lands on the skip link; a few more reach the search field, and typing
    there searches."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    visit(browser, site, "trains/el/index.html")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    active = browser.switch_to.active_element
    assert "skip" in (active.get_attribute("class") or "").split()
    assert active.get_attribute("href").endswith("#main")
    assert by_css(browser, "main#main")
    for _ in range(40):
        if browser.switch_to.active_element.get_attribute("id") == "q":
            break
        ActionChains(browser).send_keys(Keys.TAB).perform()
    else:
        pytest.fail("40 presses of Tab never reached the search field")
    assert by_css(browser, "label[for='q']")
    ActionChains(browser).send_keys("σκουπιδια").perform()
    wait(browser, lambda d: hits(results(d), "trains/el/cards/waste.html"), "keyboard search")
    assert console_errors(browser) == []


def test_links_lead_to_pages(browser: Any, site: Path) -> None:
    """Every link of the home page, a gallery, a card page and a translators' view is a local
    file that exists; the pages load without a console error."""
    pages = ["index.html", "trains/el/index.html", "trains/el/cards/waste.html",
             "trains/el/review.html", "terra/pl/index.html"]
    if (site / "reports" / "index.html").is_file():
        pages.append("reports/index.html")
    home_targets: set[Path] = set()
    for rel in pages:
        visit(browser, site, rel)
        hrefs = browser.execute_script(
            "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)")
        for href in hrefs:
            target = local_path(href)
            # file:// shows a folder as a listing, not its index.html: links name the file
            assert target.is_file(), f"{rel}: broken link {href}"
            if rel == "index.html":
                home_targets.add(target.resolve())
        assert console_errors(browser) == [], rel
    for game in GAMES:
        for locale in LOCALES:
            assert (site / game / locale / "index.html").resolve() in home_targets, \
                f"the home page has no link to {game}/{locale}"


def test_browsing_without_javascript(nojs_browser: Any, site: Path) -> None:
    """Scripts off: every card shows and its link opens its page."""
    visit(nojs_browser, site, "trains/pl/index.html")
    cards = by_css(nojs_browser, "#gallery li.card")
    assert cards and all(li.get_attribute("hidden") is None for li in cards)
    assert all(li.is_displayed() for li in cards[:10])
    link = next(a for a in by_css(nojs_browser, "#gallery li.card a")
                if a.get_attribute("href").endswith("cards/junkyard.html"))
    link.click()
    wait(nojs_browser, lambda d: d.current_url.endswith("/trains/pl/cards/junkyard.html"),
         "the card page")
    assert heading(nojs_browser) == "Złomowisko"
