"""Where modelines point when no ``--schemas`` is given (``cardkit.core.modeline``): beside the
content when a ``schemas/`` folder is there; else cardkit's own schemas, but only for what they
hold — a declared or plug-in game's schemas are never among them — so ``fmt`` never writes a
modeline that ``check`` then rejects again (an outside review found that loop), and ``check``
says how to make a missing schema."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardkit.core.modeline import OWN_SCHEMAS, default_schemas_dir

from .conftest import SHIPPED, run


def test_own_schemas_serve_only_what_they_hold(tmp_path: Path) -> None:
    content = tmp_path / "content"
    content.mkdir()
    assert default_schemas_dir(content, "terra/cards.schema.json") == OWN_SCHEMAS
    assert default_schemas_dir(content, "lantern-road/cards.schema.json") == \
        tmp_path.resolve() / "schemas"
    (tmp_path / "schemas").mkdir()  # a project's own folder always wins
    assert default_schemas_dir(content, "terra/cards.schema.json") == tmp_path.resolve() / "schemas"


def test_fmt_then_check_of_a_declared_game_without_schemas_does_not_loop(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED.parent / "examples" / "content", content)
    assert run("fmt", "lantern-road", "--content", str(content)).exit_code == 0
    first = (content / "lantern-road" / "cards" / "base.yaml").read_text("utf-8").split("\n")[0]
    assert first == "# yaml-language-server: $schema=../../../schemas/lantern-road/cards.schema.json"
    out = run("check", "lantern-road", "--content", str(content), "--no-cache").output
    assert f"`cardkit schema lantern-road --content {content} -o {tmp_path.resolve()}/schemas` " \
        "writes the schema" in out
    assert run("schema", "lantern-road", "--content", str(content), "-o",
               str(tmp_path / "schemas")).exit_code == 0
    out = run("check", "lantern-road", "--content", str(content), "--no-cache").output
    assert "CK003" not in out and "0 errors, 0 warnings" in out


def test_a_content_folders_own_schemas_come_first(tmp_path: Path) -> None:
    """``cardkit init`` writes ``<content>/.schemas`` so the folder can be moved (issue 31); its
    modelines, ``fmt`` and ``new`` all point there, even when a folder beside also exists."""
    content = tmp_path / "content"
    (content / ".schemas").mkdir(parents=True)
    (tmp_path / "schemas").mkdir()
    assert default_schemas_dir(content, "terra/cards.schema.json") == \
        (content / ".schemas").resolve()
