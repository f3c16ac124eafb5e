"""The site's translators' view, language switcher and small screens, in a real browser.

The site is built from a copy of the content with one **planted failing translation**: the Greek
text of Trains' ``lay-rails`` gets a ``<b>`` tag the English lacks and "Waste" where the glossary
asks for «Σκουπίδια» (I18N006 and I18N013, both errors). Before, one failing translation stopped
the whole build, so the view that exists to show failures could never show one. Now the build
goes on, reports the errors (exit code 1), withholds that field (the Greek pages show its English)
and the translators' view shows it with its codes, file and line, filterable by state and code.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_site_browser import (CONTENT, _browser_paths, browser_session, by_css,
                                console_errors, one, visit, wait)

GAME = "trains"
PLANTED = "Κατασκευάστε μία γραμμή. Πάρτε μία κάρτα Waste <b>."
ENGLISH = "Lay one rail. Gain a Waste."
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


def plant(content: Path) -> None:
    """The failing Greek translation of ``lay-rails``'s text, written into ``content``."""
    path = content / GAME / "i18n" / "el" / "cards.yaml"
    text = path.read_text("utf-8")
    good = "Κατασκευάστε μία γραμμή. Πάρτε μία κάρτα Σκουπιδιών."
    assert good in text, "the shipped translation changed: update the planted error"
    path.write_text(text.replace(good, PLANTED, 1), "utf-8")


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("planted") / "content"
    shutil.copytree(CONTENT, content)
    plant(content)
    return content


@pytest.fixture(scope="module")
def site(planted: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cardkit.site.api import SiteJob, build_site

    out = tmp_path_factory.mktemp("site-review") / "site"
    result = build_site(SiteJob(content_dir=planted, out=out, games=(GAME,),
                                locales=("en", "el", "pl"), cache_dir=None, dpi=50.0))
    assert result.failing == {(GAME, "el"): 2}, result.failing  # I18N006 + I18N013
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with browser_session(_browser_paths(), "review") as driver:
        yield driver


def test_the_cli_builds_the_site_and_exits_1_naming_the_review_page(planted: Path,
                                                                     tmp_path: Path) -> None:
    out = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "cardkit", "site", "--content", str(planted),
                          "--game", GAME, "--locale", "en", "--locale", "el", "--dpi", "50",
                          "-o", str(out)], capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert f"{GAME} (el): 2 translation errors" in run.stderr
    assert "review.html" in run.stderr
    assert (out / GAME / "el" / "review.html").is_file()


def test_the_failing_field_is_withheld_from_the_players_pages(site: Path) -> None:
    for locale in ("el", "pl", "en"):  # the Greek column of every language's card page
        page = (site / GAME / locale / "cards" / "lay-rails.html").read_text("utf-8")
        assert "Waste &lt;b&gt;" not in page and "Waste <b>" not in page
        assert '<a href="../../el/review.html#state=failing">' in page
    gallery = (site / GAME / "el" / "index.html").read_text("utf-8")
    assert "Waste &lt;b&gt;" not in gallery


def test_a_content_error_in_the_english_still_blocks(planted: Path, tmp_path: Path) -> None:
    """Only the locale's own translation files are let through: broken English is not."""
    from cardkit.core.errors import ContentBlocked
    from cardkit.site.api import SiteJob, build_site

    content = tmp_path / "content"
    shutil.copytree(planted, content)
    cards = content / GAME / "cards" / "base.yaml"
    text = cards.read_text("utf-8")
    assert "    cost: 3\n" in text
    cards.write_text(text.replace("    cost: 3\n", "    cost: -4\n", 1), "utf-8")
    with pytest.raises(ContentBlocked):
        build_site(SiteJob(content_dir=content, out=tmp_path / "site", games=(GAME,),
                           locales=("en", "el"), cache_dir=None, dpi=50.0))
    assert not (tmp_path / "site").exists()


def test_the_translators_view_shows_the_planted_failure(browser: Any, site: Path) -> None:
    visit(browser, site, f"{GAME}/el/review.html")
    assert console_errors(browser) == []
    row = one(browser, "tr.state-failing")
    text = row.text
    assert "Waste <b>" in text and ENGLISH in text  # the translation beside its source
    assert "I18N006" in text and "I18N013" in text  # the check codes
    assert "i18n/el/cards.yaml:" in text  # file and line
    assert "Σκουπίδια" in text  # the glossary term of the string
    assert by_css(row, "img.thumb"), "the card's image beside its rows"


def test_the_filters_narrow_to_what_fails(browser: Any, site: Path) -> None:
    from selenium.webdriver.support.ui import Select

    visit(browser, site, f"{GAME}/el/review.html")
    form = one(browser, "#review-filters")
    assert form.is_displayed()
    def rows() -> list[str]:  # the shown rows' text, in one round trip
        return browser.execute_script(
            "return Array.from(document.querySelectorAll('table.review tbody tr'))"
            ".filter(tr => tr.offsetParent !== null).map(tr => tr.textContent)")

    everything = len(rows())
    Select(one(browser, "#filter-state")).select_by_value("failing")
    wait(browser, lambda d: len(rows()) == 1, "one failing row")
    assert "lay-rails" in rows()[0]
    Select(one(browser, "#filter-state")).select_by_value("")
    Select(one(browser, "#filter-code")).select_by_value("I18N013")
    wait(browser, lambda d: len(rows()) == 1, "one row with I18N013")
    assert "#code=I18N013" in browser.current_url  # a link to what fails
    one(browser, "#review-filters button[type=reset]").click()
    wait(browser, lambda d: len(rows()) == everything, "every row again")
    browser.get((site / GAME / "el" / "review.html").as_uri() + "#state=failing")
    wait(browser, lambda d: len(rows()) == 1, "the filter from the URL")


@pytest.mark.parametrize("rel,target", [
    (f"{GAME}/el/cards/lay-rails.html", f"{GAME}/pl/cards/lay-rails.html"),
    (f"{GAME}/el/index.html", f"{GAME}/pl/index.html"),
    (f"{GAME}/el/review.html", f"{GAME}/pl/review.html"),
    ("index.el.html", "index.pl.html"),
])
def test_the_language_switcher_keeps_the_page(browser: Any, site: Path, rel: str,
                                              target: str) -> None:
    visit(browser, site, rel)
    current = one(browser, "nav.languages a[aria-current=page]")
    assert current.get_attribute("lang") == "el"
    one(browser, "nav.languages a[lang=pl]").click()
    wait(browser, lambda d: d.current_url.endswith("/" + target), f"the Polish {target}")
    assert browser.execute_script("return document.documentElement.lang") == "pl"
    assert console_errors(browser) == []


def test_english_has_no_translators_view_so_the_switcher_leads_to_its_gallery(
        browser: Any, site: Path) -> None:
    visit(browser, site, f"{GAME}/el/review.html")
    one(browser, "nav.languages a[lang=en]").click()
    wait(browser, lambda d: d.current_url.endswith(f"/{GAME}/en/index.html"), "the gallery")


PAGES_360 = ("index.html", "index.el.html", f"{GAME}/el/index.html", f"{GAME}/pl/index.html",
             f"{GAME}/el/cards/lay-rails.html", f"{GAME}/pl/cards/lay-rails.html",
             f"{GAME}/el/review.html", f"{GAME}/pl/review.html")


def test_no_horizontal_scrolling_at_360_px(browser: Any, site: Path) -> None:
    """A phone's width: nothing wider than the viewport (a wide table scrolls in its own box).
    Screenshots of the Greek and Polish card page go to build/screenshots/ to look at."""
    browser.set_window_size(360, 800)
    try:
        wide = {}
        for rel in PAGES_360:
            visit(browser, site, rel)
            over = browser.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth")
            if over > 0:
                wide[rel] = over
            if "/cards/" in rel:
                SHOTS.mkdir(parents=True, exist_ok=True)
                browser.save_screenshot(str(SHOTS / ("card-360-" + rel.split("/")[1] + ".png")))
        assert wide == {}, f"pages wider than 360 px (by px): {wide}"
    finally:
        browser.set_window_size(1280, 1000)


def test_print_stylesheet_prints_a_gallery_as_a_checklist(browser: Any, site: Path) -> None:
    visit(browser, site, f"{GAME}/el/index.html")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = browser.execute_script(
            "const img = document.querySelector('#gallery img');"
            "const head = document.querySelector('header.site');"
            "const box = document.querySelector('#gallery li.card');"
            "return [getComputedStyle(img).display, getComputedStyle(head).display,"
            " getComputedStyle(box, '::before').content]")
        assert shown[0] == "none" and shown[1] == "none"
        assert "\u2610" in shown[2]  # a box to tick before every card
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_switcher_on_the_search_page_keeps_the_query(browser: Any, site: Path) -> None:
    browser.get((site / "search.el.html").as_uri() + "?q=waste")
    wait(browser, lambda d: by_css(d, "#search-list li"), "results for ?q=waste")
    one(browser, "nav.languages a[lang=pl]").click()
    wait(browser, lambda d: d.current_url.endswith("/search.pl.html?q=waste"),
         "the Polish search page with the same query")
    wait(browser, lambda d: by_css(d, "#search-list li"), "the results in Polish")
    assert browser.execute_script("return document.documentElement.lang") == "pl"
