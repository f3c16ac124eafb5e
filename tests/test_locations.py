"""Exact ``line:col`` of diagnostics from broken files: loader, schema and game-rule findings.

Positions are 1-based; each expectation below is worked out from the text shown (e.g. a value
after ``        answer: {value: `` — 24 characters — starts in column 25).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import TERRA_BASE, check_dir, point_modelines

BASE_CARDS = (TERRA_BASE / "terra" / "cards" / "base.yaml").read_text("utf-8")
MODELINE = BASE_CARDS.split("\n", 1)[0]


def _card_file(body: str) -> str:
    return MODELINE + "\n" + body


def _findings(terra_content, text: str, name: str = "cards/extra.yaml"):  # type: ignore[no-untyped-def]
    content: Path = terra_content({name: text})
    report = check_dir(content, "terra")
    # new English cards have no translations yet (I18N001): not what these tests are about
    return [(d.code, d.line, d.col) for d in report.diagnostics
            if d.file.endswith(name) and d.code != "I18N001"], report


SOURCES = "    sources: [{publisher: Encyclopaedia Britannica, title: Lake}, {publisher: UNESCO, title: Lake}]\n"
ONE_CARD = """\
cards:
  - id: big-card
    topic: Big card
    difficulty: blue
    regions:
      count: 1
      answers: [midwest]
    bars:
      - bar: year
        question: When?
        answer: {value: 1905, unit: year, checked: {on: '2026-01-15', by: [1, 2]}}
      - bar: number
        question: How many?
        answer: {value: 7, unit: count, checked: {on: '2026-01-15', by: [1, 2]}}
    info: Text.
    subject: nature
    sources: [{publisher: Encyclopaedia Britannica, title: Lake}, {publisher: UNESCO, title: Lake}]
"""


def test_clean_extra_card_file(terra_content) -> None:  # type: ignore[no-untyped-def]
    found, report = _findings(terra_content, _card_file(ONE_CARD))
    assert found == []
    assert report.summary.objects == 16  # the base's 15 (2 weak publishers) and this card


def test_syntax_error(terra_content) -> None:  # type: ignore[no-untyped-def]
    # line 8 of the file (modeline + 7): the flow list is never closed, so `bars` on line 9
    # continues its plain scalar and the parser fails at the `:` after it, line 9 column 9.
    text = _card_file(ONE_CARD.replace("answers: [midwest]", "answers: [midwest"))
    found, _ = _findings(terra_content, text)
    assert found == [("YML001", 9, 9)]


def test_duplicate_key(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("    info: Text.\n", "    info: Text.\n    topic: Again\n"))
    found, _ = _findings(terra_content, text)
    assert found == [("YML002", 17, 5)]  # the second `topic` key


def test_tab_indentation(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("    info: Text.", "\tinfo: Text."))
    found, _ = _findings(terra_content, text)
    assert found == [("YML003", 16, 1)]


def test_not_utf8(terra_content) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content()
    path = content / "terra" / "cards" / "extra.yaml"
    path.write_bytes(_card_file(ONE_CARD).replace("Big card", "Big \xe9card").encode("latin-1"))
    point_modelines(content, TERRA_BASE)  # the modeline must resolve from the copy (CK003)
    report = check_dir(content, "terra")
    assert [(d.code, d.line, d.col) for d in report.diagnostics if d.file.endswith("extra.yaml")] \
        == [("YML004", 4, 16)]  # `    topic: Big ` is 15 characters


def test_custom_tag(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("topic: Big card", "topic: !python/name:os.system x"))
    found, _ = _findings(terra_content, text)
    assert found == [("YML005", 4, 12)]


def test_alias_bomb(terra_content) -> None:  # type: ignore[no-untyped-def]
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        levels.append(f"a{i}: &a{i} [{refs}]")
    text = _card_file("\n".join(levels) + "\n")
    found, _ = _findings(terra_content, text)
    assert found == [("YML006", 3, 10)]  # the first alias: line 3 `a1: &a1 [` is 9 characters


def test_recursive_alias(terra_content) -> None:  # type: ignore[no-untyped-def]
    found, _ = _findings(terra_content, _card_file("cards: &c\n  - *c\n"))
    assert found == [("YML006", 3, 5)]


def test_oversize_file(terra_content, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("cardkit.core.loading.MAX_FILE_BYTES", 100)
    found, _ = _findings(terra_content, _card_file(ONE_CARD))
    assert ("YML007", 1, 1) in found


def test_empty_file(terra_content) -> None:  # type: ignore[no-untyped-def]
    found, _ = _findings(terra_content, MODELINE + "\n# nothing here\n")
    assert found == [("YML008", 1, 1)]


def test_wrong_type(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("{value: 7, unit: count,", "{value: seven, unit: count,"))
    found, report = _findings(terra_content, text)
    assert found == [("SCH001", 15, 25)]
    (diag,) = [d for d in report.diagnostics if d.code == "SCH001"]
    assert diag.object_id == "big-card"
    assert "expected a number" in diag.message and "'seven'" in diag.message


def test_unknown_field(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("    info: Text.", "    infos: Text."))
    found, _ = _findings(terra_content, text)
    # the unknown key itself, and the missing `info` reported on the card mapping
    assert sorted(found) == [("SCH002", 16, 5), ("SCH003", 3, 5)]


def test_missing_field(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace(SOURCES, ""))
    found, report = _findings(terra_content, text)
    assert found == [("SCH003", 3, 5)]  # the start of the card mapping lacking it
    assert "'sources'" in report.diagnostics[0].message


def test_invalid_value(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("difficulty: blue", "difficulty: purple"))
    found, _ = _findings(terra_content, text)
    assert found == [("SCH004", 5, 17)]


def test_dangling_reference(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _card_file(ONE_CARD.replace("answers: [midwest]", "answers: [mid-west]"))
    found, _ = _findings(terra_content, text)
    assert found == [("TER006", 8, 17)]


DEEP = ONE_CARD + """\
  - id: second-card
    topic: Second card
    difficulty: red
    regions:
      count: 1
      answers: [pacific]
    bars:
      - bar: year
        question: When?
        answer: {value: 1805, unit: year}
      - bar: length
        question: How far?
        answer:
          unit: km
          value: 99
    info: Text.
    subject: nature
    sources: [{publisher: Encyclopaedia Britannica, title: Lake}, {publisher: UNESCO, title: Lake}]
"""


def test_semantic_finding_deep_in_a_list(terra_content) -> None:  # type: ignore[no-untyped-def]
    # 99 km = 99,000 m, past the metric length bar's last line (10,000 m): reported on the value
    # of the second bar question of the second card (file line 33 `          value: 99`, col 18).
    found, report = _findings(terra_content, _card_file(DEEP))
    assert ("TER012", 33, 18) in found
    (diag,) = [d for d in report.diagnostics if d.code == "TER012"]
    assert diag.object_id == "second-card"


def test_schema_error_in_one_item_keeps_checking_the_others(terra_content) -> None:  # type: ignore[no-untyped-def]
    broken = DEEP.replace("    topic: Big card\n", "")
    found, _ = _findings(terra_content, _card_file(broken))
    codes = [c for c, _, _ in found]
    assert "SCH003" in codes  # big-card lacks its topic
    assert "TER012" in codes  # second-card is still checked


@pytest.mark.parametrize("fmt_text", ["cards: [1, 2\n", "cards:\n  - {id: x\n"])
def test_unclosed_flow_collections_are_located(terra_content, fmt_text: str) -> None:  # type: ignore[no-untyped-def]
    found, _ = _findings(terra_content, _card_file(fmt_text))
    assert len(found) == 1 and found[0][0] == "YML001" and found[0][1] >= 2
