"""The model bases live once, in ``cardkit/core/models.py``: no game defines its own copy.

An AST scan of every module under ``cardkit/games`` (and of the example plug-in, the model of a
new game): no class may be called ``Strict`` or ``Provenance``, and a game's ``UiString`` and
``StringsFile`` may only be docstring-only subclasses of ``cardkit.core.models``' generic ones
(they exist for their schema title and description), never a model with fields of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardkit.core import models

from .conftest import ROOT

SCANNED = (ROOT / "cardkit" / "games", ROOT / "examples" / "plugin" / "cardkit_pebbles")
MODULES = sorted(p for folder in SCANNED for p in folder.rglob("*.py"))
#: Classes a game must import from ``cardkit.core.models``, never define.
FORBIDDEN = {"Strict", "Provenance"}
#: Classes a game may only define as ``class X(models.X[...])`` with a docstring and no fields.
SUBCLASS_ONLY = {"UiString", "StringsFile"}


def _base_name(base: ast.expr) -> str | None:
    """``models.UiString[Text]`` -> ``models.UiString``; ``UiString[Text]`` -> ``UiString``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        return f"{base.value.id}.{base.attr}"
    if isinstance(base, ast.Name):
        return base.id
    return None


def copies(tree: ast.Module) -> list[str]:
    """What in ``tree`` redefines a shared model base, one line per finding."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        where = f"line {node.lineno}: class {node.name}"
        if node.name in FORBIDDEN:
            found.append(f"{where}: import it from cardkit.core.models")
        elif node.name in SUBCLASS_ONLY:
            bases = {_base_name(b) for b in node.bases}
            if f"models.{node.name}" not in bases:
                found.append(f"{where}: subclass models.{node.name}[...] of cardkit.core.models")
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            if any(not isinstance(stmt, ast.Pass) for stmt in body):
                found.append(f"{where}: only a docstring (the fields live in cardkit.core.models)")
    return found


def test_the_scan_covers_every_game() -> None:
    games = {p.parent.name for p in MODULES if p.name == "model.py"}
    assert {"terra", "trains", "cartographers", "terra_futura", "mars_dice", "declared",
            "cardkit_pebbles"} <= games


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_defines_its_own_model_base(path: Path) -> None:
    assert copies(ast.parse(path.read_text("utf-8"), str(path))) == []


def test_the_scan_finds_a_copy() -> None:
    old = '''
class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

class Provenance(Strict):
    status: Status = "confirmed"

class UiString(Strict):
    """A fixed text."""
    id: Id
    text: Text

class StringsFile(models.StringsFile[UiString]):
    """``content/x/strings.yaml``."""
    strings: list[UiString]
'''
    assert [line.split(":")[0] for line in copies(ast.parse(old))] == [
        "line 2", "line 5", "line 8", "line 8", "line 13"]


def test_the_shared_bases_are_strict() -> None:
    config = models.Strict.model_config
    assert (config["extra"], config["strict"], config["frozen"]) == ("forbid", True, True)
    assert issubclass(models.Provenance, models.Strict)
    assert list(models.UiString.model_fields) == ["id", "text", "note"]
