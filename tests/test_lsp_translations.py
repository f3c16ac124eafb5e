"""The language server's reading of translation files and content files as the editor has them
(:mod:`cardkit.lsp.translations`): the entry under the cursor, the card under the cursor, a
word in an entry's value, the glossary — on well-formed text and on what a half-typed or
hostile buffer holds, where the answer is "nothing" and never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.lsp.translations import entry_at, glossary_terms, record_at, word_range

OVERLAY = """\
locale: pl
entries:
  golden-gate-bridge:
    topic:
      text: Most Golden Gate
      src: 028a642f65fe
    bars.0.question:
      text: Kiedy go
        otwarto?
      src: d946175bcdf7
  q1:
    text:
      text:
        one: W jakim regionie to jest?
      src: e0a6d4c738b0
"""


@pytest.mark.parametrize("needle, expected", [
    ("text: Most Golden Gate", ("golden-gate-bridge", "topic")),
    ("src: 028a642f65fe", ("golden-gate-bridge", "topic")),
    ("otwarto?", ("golden-gate-bridge", "bars.0.question")),
    ("one: W jakim", ("q1", "text")),
    ("  q1:", None),  # the object's line: no field yet
    ("locale: pl", None),
])
def test_the_entry_under_the_cursor(needle: str, expected: tuple[str, str] | None) -> None:
    line = next(i for i, t in enumerate(OVERLAY.split("\n")) if needle in t)
    found = entry_at(OVERLAY, line)
    assert (found[:2] if found else None) == expected


@pytest.mark.parametrize("text", [
    "", "\n\n\n", "entries", "entries:\n  - [unclosed\n    text: x", "\t\tentries:\n\tx:\n",
    "a: b\n" * 5000, "entries:\n" + "  " * 400 + "deep: x\n", "\x00\x01binary: \xff",
])
def test_hostile_buffers_answer_nothing(text: str) -> None:
    for line in range(-1, min(len(text.split("\n")), 50) + 2):  # off the text at both ends
        found = entry_at(text, line)
        assert found is None or (len(found) == 3 and 0 <= found[2] <= line)
        card = record_at(text, line)
        assert card is None or card in text
        hit = word_range(text.split("\n"), line, "x")
        assert hit is None or text.split("\n")[hit[0]][hit[1]:hit[2]] == "x"


def test_the_card_under_the_cursor_is_the_outermost_item() -> None:
    cards = "cards:\n  - id: first\n    bars:\n      - id: inner\n        q: x\n  - id: second\n"
    lines = cards.split("\n")
    assert record_at(cards, 0) is None
    assert record_at(cards, lines.index("        q: x")) == "first"  # not the nested item
    assert record_at(cards, lines.index("  - id: second")) == "second"


def test_a_word_is_found_only_inside_its_entry_s_value() -> None:
    lines = OVERLAY.split("\n")
    start = next(i for i, t in enumerate(lines) if "bars.0.question:" in t)
    assert word_range(lines, start, "otwarto") == (start + 2, 8, 15)
    assert word_range(lines, start, "regionie") is None  # the next entry's, not this one's
    assert word_range(lines, start, "go") == (start + 1, 18, 20)  # a whole word, not "Golden"


def test_a_glossary_that_does_not_parse_offers_no_terms(tmp_path: Path) -> None:
    folder = tmp_path / "terra"
    (folder / "glossary").mkdir(parents=True)
    path = folder / "glossary" / "pl.yaml"
    for text in ("terms: [unclosed", "- just a list", "terms:\n  - term: 3\n", "\xff\xfe"):
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        assert glossary_terms(folder, "pl", {}) == []
    path.write_text("terms:\n  - term: card\n    translation: karta\n", "utf-8")
    assert [t.translation for t in glossary_terms(folder, "pl", {})] == ["karta"]
    buffer = {path.resolve(): b"terms:\n  - term: card\n    translation: kartka\n"}
    assert [t.translation for t in glossary_terms(folder, "pl", buffer)] == ["kartka"]
    assert glossary_terms(folder, "el", {}) == []  # no glossary for the locale
