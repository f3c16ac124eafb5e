"""CK005, the work markers left in content: TODO and FIXME anywhere in a text, and an editor's
instruction opening a text (``Reword:``, ``Rewrite:``, ``Revise:``, ``Verify:``, ``TBD:``) —
the class of marker the ten easiest Terra cards carried for a round, unseen."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardkit.core.todo import markers, todo_diagnostics

from .conftest import SHIPPED, check_dir

CAUGHT = [
    ("TODO: a harder question", ["TODO"]),
    ("the height (fixme)", ["fixme"]),
    ("Reword: one of the ten easiest cards", ["Reword:"]),
    ("rewrite: the info is too long", ["rewrite:"]),
    ("  Revise: the sources disagree", ["Revise:"]),
    ("Verify: the 1,642 m figure", ["Verify:"]),
    ("TBD: the solo corner", ["TBD:"]),
]
PASSED = [
    "a todo-list of the expedition",
    "Editors reword: the card keeps its wording",  # an instruction only where a text opens
    "The TODOS of the deck",
    "XXX",  # a shape's grid row (Cartographers, Terra Futura): not a marker
    "Verify the reading against the second source in a later round",  # no colon: prose
]


@pytest.mark.parametrize("text, found", CAUGHT)
def test_each_class_of_marker_is_caught(text: str, found: list[str]) -> None:
    assert markers(text) == found
    (diag,) = todo_diagnostics({"cards": [{"id": "x", "note": text}]}, "cards.yaml")
    assert diag.code == "CK005" and diag.object_id == "x"


@pytest.mark.parametrize("text", PASSED)
def test_prose_that_only_looks_like_a_marker_passes(text: str) -> None:
    assert markers(text) == []


def test_planted_reword_notes_are_caught_on_every_card(tmp_path: Path) -> None:
    """A ``Reword:`` note planted on every card of a file of the shipped deck: each is found,
    at its card."""
    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    path = content / "terra" / "cards" / "red.yaml"
    text = path.read_text("utf-8")
    ids = re.findall(r"(?m)^  - id: ([a-z0-9-]+)$", text)
    planted = re.sub(r"(?m)^(  - id: [a-z0-9-]+)$",
                     r"\1\n    note: 'Reword: planted by the test'", text)
    path.write_text(planted, "utf-8")
    found = {d.object_id for d in check_dir(content, "terra").diagnostics
             if d.code == "CK005" and d.file.endswith("red.yaml")}
    assert found == set(ids) and len(ids) >= 30


#: A marker in every way YAML can write a string: the file's text is read first
#: (``may_hold_markers``), so each must still be found — escapes above all, which spell a
#: marker the text does not.
YAML_STYLES = {
    "plain": "note: TODO a harder question\n",
    "folded plain": "note: the height\n  fixme later\n",
    "single-quoted": "note: 'Reword: one of the ten'\n",
    "literal block": "note: |\n  Verify: the figure\n",
    "folded block": "note: >\n  TBD: the\n  corner\n",
    "hex escape": 'note: "\\x54ODO: a harder question"\n',
    "unicode escape": 'note: "\\u0046IXME the height"\n',
    "escaped line break": 'note: "TO\\\n  DO the height"\n',
    "alias": "base: &b TODO the text\nnote: *b\n",
    "long s (case-insensitive: s)": "note: 'Reviſe: the sources'\n",
    "dotless i (case-insensitive: i)": "note: the height, fıxme\n",
}


@pytest.mark.parametrize("style", sorted(YAML_STYLES))
def test_a_marker_is_found_however_yaml_writes_it(style: str) -> None:
    from cardkit.core.loader import parse_text

    text = "cards:\n  - id: x\n    " + YAML_STYLES[style].replace("\n", "\n    ").rstrip() + "\n"
    data = parse_text(text, "cards.yaml").data
    assert data is not None, style
    found = todo_diagnostics(data, "cards.yaml", text)
    assert found and found == todo_diagnostics(data, "cards.yaml"), style


def test_reading_the_text_first_changes_no_verdict_on_the_shipped_content() -> None:
    """Every shipped file: the same findings with its text read first as without (most files
    are not walked at all then; the planted-marker tests above are the failing side)."""
    from cardkit.core.loader import parse_text
    from cardkit.core.todo import may_hold_markers

    skipped = 0
    for path in sorted(SHIPPED.rglob("*.yaml")):
        text = path.read_text("utf-8")
        data = parse_text(text, path.name).data
        assert todo_diagnostics(data, path.name, text) == todo_diagnostics(data, path.name)
        skipped += not may_hold_markers(text)
    assert skipped > 50
