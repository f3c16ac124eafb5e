"""`cardkit i18n status` counts: per locale and per kind, from the one loop in
cardkit.i18n.translations.check_translations (the site's coverage table shows the same)."""

from __future__ import annotations

from pathlib import Path

from cardkit.i18n.api import status

from .conftest import apply_edits

REPO = Path(__file__).resolve().parent.parent

FIELDS = ("total", "translated", "missing", "stale", "failing", "waived")


def _sums_match(row) -> None:  # type: ignore[no-untyped-def]
    for name in FIELDS:
        assert getattr(row, name) == sum(getattr(k, name) for k in row.kinds.values()), name


def test_the_shipped_content_adds_up_per_kind() -> None:
    rows = status(("terra", "trains"), REPO / "content")
    assert {(r.game, r.locale) for r in rows} >= {("terra", "el"), ("terra", "pl")}
    for row in rows:
        assert row.kinds, (row.game, row.locale)
        _sums_match(row)


def test_missing_stale_and_failing_land_on_their_kind(terra_content) -> None:  # type: ignore[no-untyped-def]
    edits = apply_edits([
        # pl: one card field missing (the info of pyramids-of-giza)
        {"file": "i18n/pl/cards.yaml",
         "old": "    info:\n      text: Karta testowa.\n      src: 23f360b53aa4\n  pyramids",
         "new": "  pyramids"},
        # el: the English of one card field changed since it was translated (stale)
        {"file": "cards/base.yaml", "old": "        question: How long is its main span?",
         "new": "        question: How long is the main span?"},
    ])
    content: Path = terra_content(edits)
    base = {(r.locale): r for r in status(("terra",), content)}
    clean = {(r.locale): r for r in status(("terra",), terra_content(None))}
    pl, el = base["pl"], base["el"]
    assert pl.missing == clean["pl"].missing + 1
    assert pl.kinds["cards"].missing == clean["pl"].kinds["cards"].missing + 1
    assert el.stale == clean["el"].stale + 1
    assert el.kinds["cards"].stale == clean["el"].kinds["cards"].stale + 1
    assert pl.kinds["cards"].stale == clean["pl"].kinds["cards"].stale + 1  # pl too
    for row in (pl, el):
        _sums_match(row)
