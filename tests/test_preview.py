"""``cardkit preview``: the page's data and images follow a save on disk within two seconds, a
text that does not fit its frame is outlined in red on the image, content with errors shows the
errors, and in a real browser (headless Chromium, as the site's browser tests) the page shows
the new text of a card after its file is saved, one card's sides (the editor's "Preview the
card"), and the red outline of a text that stops fitting."""

from __future__ import annotations

import io
import json
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from cardkit.site.preview import Preview, serve

from .conftest import TERRA_BASE, point_modelines

CARDS = "terra/cards/base.yaml"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path, Preview]]:
    content = tmp_path / "content"
    shutil.copytree(TERRA_BASE, content)
    point_modelines(content, TERRA_BASE)
    preview = Preview("terra", content, "en")
    httpd, stop = serve(preview, 0)
    yield f"http://127.0.0.1:{httpd.server_address[1]}", content, preview
    stop.set()
    httpd.shutdown()
    httpd.server_close()


try:
    from selenium.common.exceptions import StaleElementReferenceException as STALE
except ImportError:  # no browser: the browser tests are skipped
    STALE = ()  # type: ignore[misc,assignment]


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def _json(url: str) -> dict:  # type: ignore[type-arg]
    return json.loads(_get(url))


def _until(what: str, condition, limit: float = 2.0) -> float:  # type: ignore[no-untyped-def]
    """Seconds until ``condition()`` holds; an element the page replaced while the condition
    read it (the preview redraws on a save) is "not yet"."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            if condition():
                return time.monotonic() - start
        except STALE:
            pass
        time.sleep(0.05)
    pytest.fail(f"{what} did not happen within {limit} s")


def _red(png: bytes) -> int:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    pixels = getattr(image, "get_flattened_data", image.getdata)()  # getdata: Pillow < 12
    return sum(1 for r, g, b in pixels if r > 200 and g < 40 and b < 40)


def test_a_save_shows_within_two_seconds(server) -> None:  # type: ignore[no-untyped-def]
    base, content, _ = server
    cards = _json(base + "/cards.json")
    assert cards["errors"] is None
    assert {c["id"] for c in cards["cards"]} == {"golden-gate-bridge", "pyramids-of-giza"}
    before = _get(base + "/card/golden-gate-bridge.png?side=front")
    assert before.startswith(b"\x89PNG")
    version = _json(base + "/version")["version"]
    path = content / CARDS
    path.write_text(path.read_text("utf-8").replace("topic: Golden Gate Bridge",
                                                    "topic: Golden Gate Strait Bridge"), "utf-8")
    _until("a new version", lambda: _json(base + "/version")["version"] > version)
    labels = {c["id"]: c["label"] for c in _json(base + "/cards.json")["cards"]}
    assert "Golden Gate Strait Bridge" in labels["golden-gate-bridge"]
    assert _get(base + "/card/golden-gate-bridge.png?side=front") != before


def test_text_that_does_not_fit_is_outlined(server) -> None:  # type: ignore[no-untyped-def]
    base, content, _ = server
    assert _red(_get(base + "/card/golden-gate-bridge.png?side=back")) == 0
    version = _json(base + "/version")["version"]
    path = content / CARDS
    long = "Wwwwwwwwwwwwww " * 39  # 585 characters of wide letters: past the info box
    path.write_text(path.read_text("utf-8").replace("info: A test card.", f"info: {long}", 1),
                    "utf-8")
    _until("a new version", lambda: _json(base + "/version")["version"] > version)
    data = _json(base + "/cards.json")
    assert "TER018" in data["errors"]  # the fit check's finding, and the card is still drawn
    assert _red(_get(base + "/card/golden-gate-bridge.png?side=back")) > 100


def test_content_with_errors_shows_errors_not_cards(server) -> None:  # type: ignore[no-untyped-def]
    base, content, _ = server
    version = _json(base + "/version")["version"]
    path = content / CARDS
    path.write_text(path.read_text("utf-8").replace("answers: [west-coast]",
                                                    "answers: [west-coat]"), "utf-8")
    _until("a new version", lambda: _json(base + "/version")["version"] > version)
    data = _json(base + "/cards.json")
    assert data["cards"] == [] and "TER006" in data["errors"]
    with pytest.raises(urllib.error.HTTPError):
        _get(base + "/card/golden-gate-bridge.png")


def test_the_page_in_a_browser_shows_the_saved_text(server) -> None:  # type: ignore[no-untyped-def]
    from .test_site_browser import _browser_paths, browser_session

    base, content, _ = server
    with browser_session(_browser_paths(), "preview") as driver:
        driver.get(base + "/")
        _until("the cards", lambda: len(driver.find_elements("css selector", "figure")) == 2, 10)
        path = content / CARDS
        path.write_text(path.read_text("utf-8").replace("topic: Golden Gate Bridge",
                                                        "topic: Golden Gate Strait Bridge"),
                        "utf-8")
        _until("the new text on the page", lambda: "Golden Gate Strait Bridge" in
               driver.find_element("id", "card-golden-gate-bridge").text)


#: The red pixels of the image the page shows (drawn on a canvas in the browser).
RED_ON_PAGE = """
const img = document.querySelector(arguments[0] + ' img');
if (!img || !img.complete || !img.naturalWidth) return -1;
const c = document.createElement('canvas');
c.width = img.naturalWidth; c.height = img.naturalHeight;
const g = c.getContext('2d'); g.drawImage(img, 0, 0);
const d = g.getImageData(0, 0, c.width, c.height).data;
let n = 0;
for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 40 && d[i + 2] < 40) n++;
return n;"""


def test_the_page_outlines_text_that_does_not_fit(server) -> None:  # type: ignore[no-untyped-def]
    """In the browser, the back of a card whose info text overflows shows the red outline
    after the save, and none before."""
    from .test_site_browser import _browser_paths, browser_session

    base, content, _ = server
    with browser_session(_browser_paths(), "preview") as driver:
        driver.get(base + "/?card=golden-gate-bridge")
        figure = "#card-golden-gate-bridge-back"
        _until("the back drawn", lambda: driver.execute_script(RED_ON_PAGE, figure) >= 0, 10)
        assert driver.execute_script(RED_ON_PAGE, figure) == 0
        version = driver.execute_script("return document.body.dataset.version")
        path = content / CARDS
        long = "Wwwwwwwwwwwwww " * 39
        path.write_text(path.read_text("utf-8").replace("info: A test card.", f"info: {long}",
                                                        1), "utf-8")
        _until("the new version on the page", lambda: driver.execute_script(
            "return document.body.dataset.version") != version, 10)
        _until("the outline", lambda: driver.execute_script(RED_ON_PAGE, figure) > 100, 10)


def test_one_card_and_a_chosen_deck(tmp_path: Path) -> None:
    """``?card=ID`` is the editor's "Preview this card": the data says which sides the card
    has; a chosen deck shows its cards, and a deck that does not exist is said, not guessed."""
    content = tmp_path / "content"
    shutil.copytree(TERRA_BASE, content)
    point_modelines(content, TERRA_BASE)
    (content / "terra" / "decks.yaml").write_text(
        "decks:\n  - id: tarot\n    name: Tarot\n    size: tarot\n", "utf-8")
    for deck, expect in (("tarot", None), ("poker", "no deck 'poker' in terra; its decks: tarot")):
        preview = Preview("terra", content, "en", deck)
        httpd, stop = serve(preview, 0)
        try:
            base = f"http://127.0.0.1:{httpd.server_address[1]}"
            data = _json(base + "/cards.json")
            assert data["errors"] == expect
            if expect is None:
                sides = {c["id"]: c["sides"] for c in data["cards"]}
                assert sides["golden-gate-bridge"] == ["front", "back"]
        finally:
            stop.set()
            httpd.shutdown()
            httpd.server_close()


def test_the_page_shows_one_card_s_sides(server) -> None:  # type: ignore[no-untyped-def]
    from .test_site_browser import _browser_paths, browser_session

    base, _, _ = server
    with browser_session(_browser_paths(), "preview") as driver:
        driver.get(base + "/?card=pyramids-of-giza")
        _until("the card's two sides", lambda: len(driver.find_elements("css selector",
                                                                        "figure")) == 2, 10)
        ids = {f.get_attribute("id") for f in driver.find_elements("css selector", "figure")}
        assert ids == {"card-pyramids-of-giza-front", "card-pyramids-of-giza-back"}
        driver.get(base + "/?card=no-such-card")
        _until("the message", lambda: "no card no-such-card" in
               driver.find_element("id", "errors").text, 10)
