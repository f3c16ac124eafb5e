"""The site's translators' view and report pages (issue 17): ``cardkit.site.review`` and
``cardkit.site.reports``.

The review page is built from the small Terra test world with one stale translation (the
English topic changed; the store keeps the old English), one failing one (a double space,
I18N009) and one missing one; its numbers must be the ones ``cardkit i18n status`` prints. The
report pages are built from real (small) ``simulate`` and ``card_strength`` runs on the Trains
test content, written as the CLI writes them; a bad file is a UsageProblem naming it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardkit.core.errors import UsageProblem
from cardkit.i18n import api
from cardkit.site.reports import report_pages, reports_index
from cardkit.site.review import review_pages

from .conftest import FIXTURES, apply_edits, run

CARD = "golden-gate-bridge"
OLD, NEW = "Golden Gate Bridge", "The Golden Gate Bridge"
EDITS = [
    {"file": "cards/base.yaml", "old": f"    topic: {OLD}\n", "new": f"    topic: {NEW}\n"},
    {"file": "i18n/el/cards.yaml", "old": "text: Πότε άνοιξε;", "new": "text: Πότε  άνοιξε;"},
    {"file": "i18n/el/regions.yaml", "old": "  pacific:\n    name:\n      text: Ειρηνικός\n"
                                            "      src: fa3fca02a6f9\n", "new": ""},
]


class Tables(HTMLParser):
    """Every table of a page: class, caption, and rows of (tag, attributes, text) cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, object]] = []
        self.rows: list[list[tuple[str, dict[str, str], str]]] = []
        self._cell: list[object] | None = None
        self._caption: list[str] | None = None
        self.row_attrs: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "table":
            self.tables.append({"class": a.get("class", ""), "caption": "", "rows": []})
        elif tag == "caption":
            self._caption = []
        elif tag == "tr":
            self.tables[-1]["rows"].append([])  # type: ignore[attr-defined]
            self.row_attrs.append(a)
        elif tag in ("td", "th"):
            self._cell = [tag, a, []]

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption" and self._caption is not None:
            self.tables[-1]["caption"] = "".join(self._caption)
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None:
            kind, attrs, text = self._cell
            self.tables[-1]["rows"][-1].append(  # type: ignore[attr-defined]
                (kind, attrs, "".join(text).strip()))  # type: ignore[arg-type]
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._caption is not None:
            self._caption.append(data)
        if self._cell is not None:
            self._cell[2].append(data)  # type: ignore[union-attr]


def tables(html: str) -> list[dict[str, object]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


@pytest.fixture
def content(terra_content: Callable[[dict[str, str] | None], Path]) -> Path:
    return terra_content(apply_edits(EDITS, "terra"))


@pytest.fixture
def page(content: Path) -> str:
    return review_pages(api.load("terra", content), "terra", "el", "../../")


def row_of(html: str, kind: str, key: str) -> str:
    match = re.search(rf'<tr id="{re.escape(f"{kind}-{CARD}-{key}")}"[^>]*>.*?</tr>', html)
    assert match, f"no row for {kind} {CARD} {key}"
    return match.group(0)


def test_stale_row_shows_the_old_and_the_new_english(page: str) -> None:
    row = row_of(page, "cards", "topic")
    assert 'class="state-stale"' in row
    old = re.search(r'<div class="old">(.*?)</div>', row)
    new = re.search(r'<div class="new">(.*?)</div>', row)
    assert old and OLD in old.group(1) and NEW not in old.group(1)
    assert new and NEW in new.group(1)
    assert "<ins>The </ins>" in row  # the word diff
    assert "Γέφυρα Γκόλντεν Γκέιτ" in row  # the translation beside them
    assert "I18N003" in row
    assert f'<a href="cards/{CARD}.html">' in row  # a card links to its page


def test_failing_row_shows_the_check_code_and_message(page: str) -> None:
    row = row_of(page, "cards", "bars.0.question")
    assert 'class="state-failing"' in row
    assert ">I18N009</code>" in row and "double space" in row
    assert "Πότε  άνοιξε;" in row and "When did it open?" in row
    assert 'data-codes="I18N009"' in row and 'data-kind="cards"' in row  # for the filters
    assert re.search(r'class="file" translate="no">i18n/el/cards\.yaml:\d+:\d+<', row)


def test_rows_carry_the_glossary_terms_their_english_uses(page: str, content: Path) -> None:
    from cardkit.i18n.glossary import mentions

    terms = api.load("terra", content).translations.glossaries["el"]
    found = re.findall(r'<td lang="en" translate="no">(.*?)<ul class="terms">(.*?)</ul>', page)
    assert found, "no row lists a glossary term"
    for english, listed in found:
        for term, translation in re.findall(
                r'<span lang="en">(.*?)</span> → <span lang="el">(.*?)</span>', listed):
            (t,) = [t for t in terms if t.term == term and t.translation == translation]
            assert mentions(re.sub(r"<[^>]+>", " ", english), t.match or [t.term])


def test_the_filter_form_offers_the_states_kinds_and_codes(page: str) -> None:
    form = re.search(r'<form id="review-filters".*?</form>', page)
    assert form and " hidden>" in form.group(0)  # shown by review.js only
    for value in ("failing", "stale", "missing", "ok", "cards", "regions", "I18N009"):
        assert f'<option value="{value}">' in form.group(0)


def test_missing_and_ok_rows(page: str) -> None:
    missing = re.search(r'<tr id="regions-pacific-name"[^>]*>.*?</tr>', page)
    assert missing and 'class="state-missing"' in missing.group(0)
    assert "not translated" in missing.group(0)
    assert 'href="cards/pacific.html"' not in page  # regions are not cards
    ok = row_of(page, "cards", "info")
    assert 'class="state-ok"' in ok


def test_coverage_equals_i18n_status(content: Path, page: str) -> None:
    result = run("i18n", "status", "terra", "--content", str(content), "--locale", "el",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    (status,) = json.loads(result.stdout)
    assert (status["stale"], status["failing"], status["missing"]) == (1, 1, 1)
    (coverage,) = [t for t in tables(page) if t["class"] == "coverage"]
    head, *rows = coverage["rows"]  # type: ignore[misc]
    assert [c[2] for c in head] == ["Kind", "Fields", "Translated", "%", "Missing", "Stale",
                                    "Failing"]
    numbers = {r[0][2]: [float(c[2]) for c in r[1:]] for r in rows}
    total = numbers.pop("All kinds")
    assert total == [status["total"], status["translated"], status["percent"],
                     status["missing"], status["stale"], status["failing"]]
    for i in (0, 1, 3, 4, 5):  # the kinds add up to the status
        assert sum(v[i] for v in numbers.values()) == total[i]
    assert numbers["cards"][3:] == [0, 1, 1] and numbers["regions"][3] == 1


def test_review_markup_is_accessible_and_deterministic(content: Path, page: str) -> None:
    found = tables(page)
    assert found and all(t["caption"] for t in found)
    assert all(cell[1].get("scope") in ("col", "row")
               for t in found for r in t["rows"] for cell in r if cell[0] == "th")  # type: ignore[attr-defined]
    assert "<script" not in page and "http" not in page
    assert review_pages(api.load("terra", content), "terra", "el", "../../") == page


# -- reports --------------------------------------------------------------------------------------

TRAINS = FIXTURES / "trains_base"


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A simulate and a strength report of the Trains test content, as the CLI writes them."""
    from cardkit.sim.api import card_strength, simulate
    from cardkit.sim.report import to_json

    folder = tmp_path_factory.mktemp("reports")
    sim = simulate("trains", TRAINS, games=3, seed=3, backend="serial", cache_dir=None)
    strength = card_strength("trains", TRAINS, games_per_card=2, seed=3,
                             cards=["landfill", "tunnel"], backend="serial", cache_dir=None)
    paths = {"sim": folder / "run.json", "strength": folder / "strength.json"}
    paths["sim"].write_text(to_json(sim), "utf-8")
    paths["strength"].write_text(json.dumps(strength.to_dict(), indent=1, sort_keys=True)
                                 + "\n", "utf-8")
    return paths


def test_simulation_report_page(reports: dict[str, Path]) -> None:
    pages = report_pages([reports["sim"]])
    assert list(pages) == ["reports/run.html"]
    body = pages["reports/run.html"]
    data = json.loads(reports["sim"].read_text("utf-8"))
    (bots,) = [t for t in tables(body) if t["class"] == "bots"]
    names = [r[0][2] for r in bots["rows"][1:]]  # type: ignore[index]
    assert names == [b["bot"] for b in data["summary"]["bots"]] == ["baseline#1", "baseline#2"]
    assert "<svg" in body and 'role="img"' in body and "<title>Win rate per bot" in body
    assert re.search(r'<svg[^>]*aria-label="Win rate per bot', body)
    assert "End reasons" in body and "Run parameters" in body
    assert "<script" not in body and "http" not in body
    assert report_pages([reports["sim"]]) == pages  # deterministic


def test_strength_report_page(reports: dict[str, Path]) -> None:
    body = report_pages([reports["strength"]])["reports/strength.html"]
    (table,) = [t for t in tables(body) if t["class"] == "strength"]
    assert sorted(r[0][2] for r in table["rows"][1:]) == ["landfill", "tunnel"]  # type: ignore[index]
    assert "<svg" in body and "Win-rate delta per card" in body and " pp" in body


def test_reports_link_every_card_they_name(reports: dict[str, Path]) -> None:
    """Each card id a report shows (a row header, a list of ids) links to the card's page;
    bot names and ids that are not cards of the report's game stay plain."""
    hrefs = {"landfill": "../trains/en/cards/landfill.html",
             "tunnel": "../trains/en/cards/tunnel.html"}
    body = report_pages([reports["strength"]], cards={"trains": hrefs, "terra": {
        "baseline#1": "nope.html"}})["reports/strength.html"]
    for card, href in hrefs.items():
        assert f'<a href="{href}">{card}</a>' in body  # the table's row
        assert re.search(rf'<title>{card}: [^<]*</title><a href="{re.escape(href)}"><text', body)
    plain = report_pages([reports["strength"]])["reports/strength.html"]
    assert "<a href=" not in plain.split("<table", 1)[1]  # nothing linked without pages
    sim = report_pages([reports["sim"]], cards={"trains": hrefs})["reports/run.html"]
    assert "nope.html" not in sim and "baseline#1</th>" in sim


def test_report_names_and_index(reports: dict[str, Path], tmp_path: Path) -> None:
    other = tmp_path / "run.json"
    other.write_bytes(reports["sim"].read_bytes())
    index = tmp_path / "index.json"
    index.write_bytes(reports["strength"].read_bytes())
    pages = report_pages([reports["sim"], other, index])
    assert list(pages) == ["reports/run.html", "reports/run-2.html", "reports/index-report.html"]
    listing = reports_index(pages)
    assert 'href="run-2.html"' in listing and "Card strength: Trains" in listing  # the title


@pytest.mark.parametrize("text", [
    "", "{", "[]", '{"game": "trains"}', "\ufeff{\"a\": 1}",
    '{"game": "x", "seed": 1, "bots": ["a"], "summary": 3}',
    '{"game": "x", "seed": 1, "bots": ["a"], "summary": {"bots": [{"bot": "a"}]}}',
    '{"game": "x", "seed": 1, "bots": ["a"], "summary": {"bots": [{"bot": "a", "games": 1, '
    '"wins": 1, "ties": 0, "win_rate": NaN}]}}',
    '{"game": "x", "seed": 1, "games_per_card": 2, "cards": [{"card": "a", "games": "many"}]}',
    '{"game": "x", "seed": 1, "games_per_card": 2, "cards": 7}',
    "[" * 100000,
])
def test_bad_report_is_a_usage_problem(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, "utf-8")
    with pytest.raises(UsageProblem, match=re.escape(str(path))):
        report_pages([path])


def test_unreadable_reports_are_usage_problems(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00{")
    for path in (binary, tmp_path / "missing.json", tmp_path):
        with pytest.raises(UsageProblem, match=re.escape(str(path))):
            report_pages([path])


def test_the_game_filter_opens_the_same_view_of_another_game(content: Path) -> None:
    page = review_pages(api.load("terra", content), "terra", "el", "../../",
                        games=[("terra", "Terra"), ("trains", "Trains")])
    assert '<option value="terra" data-href="../../terra/el/review.html" selected>' in page
    assert '<option value="trains" data-href="../../trains/el/review.html">Trains' in page
    single = review_pages(api.load("terra", content), "terra", "el", "../../",
                          games=[("terra", "Terra")])
    assert 'id="filter-game"' not in single  # one game: nothing to choose
