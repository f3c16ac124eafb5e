"""``cardkit fmt``: canonical, idempotent, keeps comments, atomic, leaves broken files alone."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.fmt import format_text

from .conftest import ROOT, SHIPPED

MESSY = """\
# A comment at the top
cards:
- id: a      # trailing comment
  topic:   Some topic
  regions: {count: 1,   answers: [x]}
  # a comment between keys
  info: >-
    Folded text that
    goes on.
"""


def test_shipped_content_is_formatted() -> None:
    result = CliRunner().invoke(main, ["fmt", "--check", "--content", str(SHIPPED), "--schemas",
                                       str(ROOT / "schemas")])
    assert result.exit_code == 0, result.output


def test_format_keeps_comments_and_order_and_is_idempotent() -> None:
    once = format_text(MESSY, "# yaml-language-server: $schema=x/terra/cards.schema.json")
    assert once.startswith("# yaml-language-server: $schema=x/terra/cards.schema.json\n")
    for comment in ("# A comment at the top", "# trailing comment", "# a comment between keys"):
        assert comment in once
    assert once.index("id: a") < once.index("topic:") < once.index("regions:")
    assert "  - id: a" in once  # list dashes indented by two
    assert format_text(once, "# yaml-language-server: $schema=x/terra/cards.schema.json") == once


def test_format_replaces_a_wrong_modeline() -> None:
    text = "# yaml-language-server: $schema=old.json\nregions: []\n"
    assert format_text(text, "# yaml-language-server: $schema=new.json") == \
        "# yaml-language-server: $schema=new.json\nregions: []\n"


def test_fmt_check_lists_files_and_fmt_rewrites(terra_content) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content({"cards/messy.yaml": MESSY})
    schemas = ROOT / "schemas"
    runner = CliRunner()
    before = (content / "terra" / "cards" / "messy.yaml").read_bytes()
    result = runner.invoke(main, ["fmt", "--check", "--content", str(content), "--schemas",
                                  str(schemas)])
    assert result.exit_code == 1
    assert "would reformat:" in result.stdout and "messy.yaml" in result.stdout
    assert (content / "terra" / "cards" / "messy.yaml").read_bytes() == before
    result = runner.invoke(main, ["fmt", "--content", str(content), "--schemas", str(schemas)])
    assert result.exit_code == 0
    after = (content / "terra" / "cards" / "messy.yaml").read_text("utf-8")
    assert "# a comment between keys" in after
    assert after.startswith("# yaml-language-server: $schema=")
    assert after.split("\n", 1)[0].endswith("/schemas/terra/cards.schema.json")
    leftovers = [p.name for p in (content / "terra" / "cards").iterdir() if p.name.startswith(".")]
    assert leftovers == []
    result = runner.invoke(main, ["fmt", "--check", "--content", str(content), "--schemas",
                                  str(schemas)])
    assert result.exit_code == 0


def test_fmt_leaves_unparseable_files_untouched(terra_content) -> None:  # type: ignore[no-untyped-def]
    broken = "cards:\n  - id: a\n  - [unclosed\n"
    content: Path = terra_content({"cards/broken.yaml": broken})
    result = CliRunner().invoke(main, ["fmt", "--content", str(content)])
    assert result.exit_code == 1
    assert "broken.yaml:4:1: error YML001" in result.stderr
    assert (content / "terra" / "cards" / "broken.yaml").read_text() == broken


def test_fmt_writes_a_linked_file_through_to_its_target(terra_content) -> None:  # type: ignore[no-untyped-def]
    """A content file that is a symbolic link (to a file elsewhere in the content folder) stays a
    link: the target is reformatted, as every content write resolves links (an outside review
    found fmt replacing the link with a plain file and leaving the shared file as it was)."""
    content: Path = terra_content({})
    shared = content / "shared"
    shared.mkdir()
    (shared / "messy.yaml").write_text(MESSY, "utf-8")
    link = content / "terra" / "cards" / "messy.yaml"
    link.symlink_to("../../shared/messy.yaml")
    result = CliRunner().invoke(main, ["fmt", "--content", str(content), "--schemas",
                                       str(ROOT / "schemas")])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert (shared / "messy.yaml").read_text("utf-8").startswith("# yaml-language-server:")
    assert "  - id: a" in (shared / "messy.yaml").read_text("utf-8")


def test_fmt_refuses_a_link_that_leads_out_of_the_content_folder(terra_content, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content({})
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(MESSY, "utf-8")
    link = content / "terra" / "cards" / "messy.yaml"
    link.symlink_to(outside)
    result = CliRunner().invoke(main, ["fmt", "--content", str(content), "--schemas",
                                       str(ROOT / "schemas")])
    assert "Traceback" not in result.output
    assert outside.read_text("utf-8") == MESSY and link.is_symlink()
