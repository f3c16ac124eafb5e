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
