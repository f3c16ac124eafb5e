"""The translators' view's remembered pair checks (:mod:`cardkit.site.pairmemo`): the view with
the memo, cold or warm, is the view without it — also after an English edit that makes a new
finding, where only the edited card's texts are checked again; a memo whose key leaves out the
English text is caught by the same comparison."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.i18n.api import load
from cardkit.site import pairmemo
from cardkit.site.pairmemo import PairMemo
from cardkit.site.review import review_pages

from .conftest import SHIPPED

OLD, NEW = "the longest single unbroken drop is about 807 m", \
    "the longest single unbroken drop is about 870 m"


@pytest.fixture
def content(tmp_path: Path) -> Path:
    for part in ("terra", "locales"):
        shutil.copytree(SHIPPED / part, tmp_path / "content" / part)
    return tmp_path / "content"


def view(content: Path, memo: PairMemo | None = None) -> str:
    data = load("terra", content)
    if memo is None:
        return review_pages(data, "terra", "el", "../../")
    body = review_pages(data, "terra", "el", "../../", pairs=memo)
    memo.save()
    return body


def edit(content: Path) -> None:
    path = content / "terra" / "cards" / "blue.yaml"
    path.write_text(path.read_text("utf-8").replace(OLD, NEW), "utf-8")


def test_the_view_with_the_memo_is_the_view_without(content: Path, tmp_path: Path) -> None:
    memo_file = tmp_path / "memo.json"
    plain = view(content)
    cold = PairMemo(memo_file)
    assert view(content, cold) == plain and cold.ran > 100
    warm = PairMemo(memo_file)
    assert view(content, warm) == plain and warm.ran == 0
    edit(content)
    edited = view(content)
    assert edited != plain and "870" in edited
    again = PairMemo(memo_file)
    assert view(content, again) == edited
    assert 0 < again.ran <= 6  # the edited card's texts (and nothing else)


def test_a_memo_blind_to_the_english_is_caught(content: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a key without the English text and its record. After the edit the memo answers
    with the old findings, and the page differs from the one without the memo."""
    real = PairMemo.key

    def blind(self: PairMemo, pair, checks):  # type: ignore[no-untyped-def]
        return pairmemo._digest(self._env(pair.env), pair.source.kind, pair.source.object_id,
                                pair.source.key, pairmemo.plain(pair.entry.translation))

    monkeypatch.setattr(PairMemo, "key", blind)
    memo_file = tmp_path / "memo.json"
    view(content, PairMemo(memo_file))
    edit(content)
    blind_view = view(content, PairMemo(memo_file))
    assert blind_view != view(content)
    monkeypatch.setattr(PairMemo, "key", real)
    assert view(content, PairMemo(memo_file)) == view(content)
