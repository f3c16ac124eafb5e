"""The remembered pair checks (:mod:`cardkit.checking.pairmemo`) of the translators' view and of
``cardkit check``: the view with the memo, cold or warm, is the view without it (in the same
process and in the next) — also after an English edit that makes a new
finding, where only the edited card's texts are checked again; a memo whose key leaves out the
English text is caught by the same comparison."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.checking import CheckOptions, run_check
from cardkit.i18n.api import load
from cardkit.checking import pairmemo
from cardkit.checking.pairmemo import PairMemo
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


def test_the_memo_holds_across_processes(content: Path, tmp_path: Path) -> None:
    """The memo is for the next run, a new process: its keys hold no address. (Terra's extra
    pair check is a function: keyed by its address, no Terra text was ever remembered.)"""
    memo_file = tmp_path / "memo.json"
    script = ("import sys; from pathlib import Path; from cardkit.i18n.api import load; "
              "from cardkit.checking.pairmemo import PairMemo; "
              "from cardkit.site.review import review_pages; "
              "m = PairMemo(Path(sys.argv[2])); "
              "review_pages(load('terra', Path(sys.argv[1])), 'terra', 'el', '../../', pairs=m); "
              "m.save(); print(m.ran)")
    done = subprocess.run([sys.executable, "-c", script, str(content), str(memo_file)],
                          capture_output=True, text=True, check=True)
    assert int(done.stdout) > 100
    warm = PairMemo(memo_file)
    assert view(content, warm) == view(content) and warm.ran == 0


def test_a_function_is_keyed_by_its_name_and_a_lambda_never_matches() -> None:
    assert pairmemo.plain(review_pages) == ["callable", "cardkit.site.review", "review_pages"]
    assert "0x" in pairmemo.plain(lambda: None)  # a closure may hold anything: no reuse


def test_check_remembers_pair_findings_and_reports_as_without(
        content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardkit check`` with its cache: after an English edit and a planted Greek error, only
    the edited texts are checked again, and the report is the uncached check's."""
    ran: list[str] = []
    real = pairmemo.pair_diagnostics
    monkeypatch.setattr(pairmemo, "pair_diagnostics",
                        lambda pair, checks: ran.append(pair.source.object_id) or
                        real(pair, checks))

    def check(cache: Path | None) -> list[str]:
        report = run_check(CheckOptions(("terra",), content, cache))
        return [f"{d.file}:{d.line}:{d.col} {d.code} {d.message}" for d in report.diagnostics]

    cache = tmp_path / "cache"
    assert check(cache) == check(None) and len(set(ran)) > 100
    edit(content)
    greek = content / "terra" / "i18n" / "el" / "cards.yaml"
    text = greek.read_text("utf-8")
    assert text.count("807 μ.") == 1
    greek.write_text(text.replace("807 μ.", "870 μ."), "utf-8")  # now agrees with NEW...
    path = content / "terra" / "cards" / "blue.yaml"
    path.write_text(path.read_text("utf-8").replace(NEW, "the drop is about 807 m"), "utf-8")
    ran.clear()
    found = check(cache)
    assert set(ran) == {"angel-falls"}  # ...and the English moved back: a number mismatch
    assert found == check(None)
    assert any(" I18N007 " in line and "unexpected 870" in line for line in found), found


def test_a_renamed_card_re_runs_only_the_texts_that_quote_it(content: Path,
                                                              tmp_path: Path) -> None:
    """The game's names enter a text's key only as the names it quotes (I18N045): renaming a
    card re-runs its own texts, not every text; a text that quotes a name is checked again
    when that name's translation changes, and finds what a check without memory finds."""
    memo_file = tmp_path / "memo.json"
    cards = content / "terra" / "cards" / "blue.yaml"
    cards.write_text(cards.read_text("utf-8").replace(OLD, f"{OLD}, higher than “Lake Baikal” "
                                                      "is deep"), "utf-8")
    first = PairMemo(memo_file)
    quoted = view(content, first)
    assert quoted == view(content) and "I18N045" in quoted  # the el info lacks Baikal's name
    cards.write_text(cards.read_text("utf-8").replace("topic: Mount Kilimanjaro",
                                                      "topic: Kilimanjaro"), "utf-8")
    renamed = PairMemo(memo_file)
    assert view(content, renamed) == view(content)
    assert 0 < renamed.ran <= 6  # the renamed card's texts, not the other 1,500
    el = content / "terra" / "i18n" / "el" / "cards.yaml"
    text = el.read_text("utf-8")
    start = text.index("  lake-baikal:")
    topic = text.index("text: ", start)
    end = text.index("\n", topic)
    el.write_text(text[:topic] + "text: Βαϊκάλη λίμνη" + text[end:], "utf-8")
    retranslated = PairMemo(memo_file)
    assert view(content, retranslated) == view(content)
    assert retranslated.ran >= 2  # Baikal's topic and the info that quotes it
