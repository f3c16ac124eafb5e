"""The site in the pseudo-locale ``qps`` (``cardkit site --locale qps``): no English left.

A ``qps`` page shows the content's texts and the site's own interface pseudo-localized
(``Card`` -> ``⟦Çàŕđ~⟧``), so a plain-ASCII English word in its visible text — text outside
scripts and styles, and the ``title``, ``alt``, ``aria-label`` and ``placeholder`` attributes —
did not come from the locale (:func:`cardkit.i18n.pseudo.leftover_english`). Left out of the
check, by the markup's own declarations:

- ``translate="no"`` (HTML's "do not translate"): identifiers and raw data — card ids, field
  keys, the record's values as the content writes them, the English source beside a
  translation, the checks' own messages, bot names;
- text in another real language, ``lang="el"`` / ``lang="pl"`` (a translation shown beside the
  source, a language's own name in a link to it); ``lang="en"`` is never left out.

Every shipped game (452 pages at 50 dpi, about 11 s) with a simulation and a strength report; the translators' view (which ``qps`` has not: it is no translation) is rendered in
``qps`` from the Terra test world.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardkit.core.registry import get_game
from cardkit.i18n import api
from cardkit.i18n.pseudo import PSEUDO_CODE, leftover_english
from cardkit.site import SiteJob, build_site
from cardkit.site.messages import Messages
from cardkit.site.review import review_pages

from .conftest import FIXTURES, SHIPPED

GAME = "terra-futura"
GAMES = ("terra", "trains", "cartographers", "terra-futura", "mars-dice")
#: Declared proper names that stay as they are in every locale: the games' titles, as each
#: game's spec declares it (``Terraforming Mars: The Dice Game``), and nothing else.
ALLOWED = frozenset(w for g in GAMES for w in re.findall(r"[A-Za-z]+", get_game(g).title))
ATTRS = ("title", "alt", "aria-label", "placeholder")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
OTHER_LANGUAGES = {"el", "pl"}


class Visible(HTMLParser):
    """The visible text of a page, without what the markup declares not for translation."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def _skipped(self, tag: str, attrs: dict[str, str | None]) -> bool:
        return (tag in ("script", "style") or attrs.get("translate") == "no"
                or attrs.get("lang") in OTHER_LANGUAGES)

    def _hidden(self) -> bool:
        return any(hidden for _, hidden in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        skipped = self._skipped(tag, a)
        if not skipped and not self._hidden():
            self.texts += [str(a[k]) for k in ATTRS if a.get(k)]
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if not self._skipped(tag, a) and not self._hidden():
            self.texts += [str(a[k]) for k in ATTRS if a.get(k)]

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._hidden():
            self.texts.append(data)


def leftovers(html: str) -> list[str]:
    """The English words of a page's visible text, with the text they are in."""
    parser = Visible()
    parser.feed(html)
    return [f"{word} in {text.strip()[:80]!r}" for text in parser.texts
            for word in leftover_english(text, ALLOWED)]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    from cardkit.sim.api import card_strength, simulate
    from cardkit.sim.report import to_json

    folder = tmp_path_factory.mktemp("reports")
    trains = FIXTURES / "trains_base"
    sim = simulate("trains", trains, games=3, seed=3, backend="serial", cache_dir=None)
    strength = card_strength("trains", trains, games_per_card=2, seed=3,
                             cards=["landfill", "tunnel"], backend="serial", cache_dir=None)
    (folder / "run.json").write_text(to_json(sim), "utf-8")
    (folder / "strength.json").write_text(json.dumps(strength.to_dict()), "utf-8")
    return folder / "run.json", folder / "strength.json"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, reports: tuple[Path, ...]) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    result = build_site(SiteJob(SHIPPED, out, GAMES, (PSEUDO_CODE,), reports=reports,
                                cache_dir=tmp_path_factory.mktemp("cache"), dpi=50))
    assert result.cards[(GAME, PSEUDO_CODE)] == 69 and len(result.cards) == len(GAMES)
    return out


def site_cards(site: Path) -> dict[str, int]:
    """Card pages per game of the built site."""
    return {g: len(list((site / g / PSEUDO_CODE / "cards").glob("*.html"))) for g in GAMES}


def test_every_qps_page_is_pseudo_localized(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    # each game's cards and gallery, the site index, the search page, two reports and their index
    assert len(pages) == sum(n + 1 for n in site_cards(site).values()) + 1 + 1 + 3
    found = {}
    for page in pages:
        html = page.read_text("utf-8")
        assert f'<html lang="{PSEUDO_CODE}">' in html, page
        left = leftovers(html)
        if left:
            found[page.relative_to(site).as_posix()] = left[:5]
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_qps_pages_carry_pseudo_text(site: Path) -> None:
    gallery = (site / GAME / PSEUDO_CODE / "index.html").read_text("utf-8")
    assert "⟦" in gallery and 'id="count" aria-live="polite">⟦' in gallery
    data = json.loads(gallery.split('id="cardkit-messages">', 1)[1].split("</script>", 1)[0])
    assert all(f.startswith("⟦") for f in data["cards"]["forms"])


def test_the_checker_finds_hard_coded_english() -> None:
    assert leftovers('<p>⟦Çàŕđš~⟧ Cards</p><img alt="Front"><p translate="no">id</p>'
                     '<p lang="pl">karta</p><p lang="en">Back</p>') == [
        "Cards in '⟦Çàŕđš~⟧ Cards'", "Front in 'Front'", "Back in 'Back'"]


def test_the_translators_view_in_qps(terra_content: Callable[..., Path]) -> None:
    content = terra_content(None)
    body = review_pages(api.load("terra", content), "terra", "el", "../../",
                        tr=Messages(PSEUDO_CODE))
    assert not leftovers(body), leftovers(body)[:10]


def test_report_words_are_translated_and_ids_are_marked() -> None:
    """A report's verdict written as a word (Mars Dice's ``green``/``red``) is a label in the
    page's language; a list of card ids is shown as it is, marked not for translation."""
    from cardkit.site.report_tables import Ids, cell_text
    from cardkit.site.report_values import fmt_value

    assert fmt_value("green", Messages("el")) == "πράσινη"
    assert fmt_value("green", Messages("en")) == "green"
    assert fmt_value("Crossroads 2", Messages("el")) == "Crossroads 2"  # not a word label
    ids = cell_text(["giant-panda", "caspian-sea"], Messages("el"))
    assert isinstance(ids, Ids) and ids == "giant-panda, caspian-sea"
    assert leftovers(f'<td><span translate="no">{ids}</span></td>') == []
