"""``cardkit fmt`` hardening: reflow to 100 columns without orphans, comments, continuation indent,
modelines, size limit, tabs, and the guarantee that formatting never changes a value."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.cli import main
from cardkit.core import fmt as fmt_module
from cardkit.checking import CheckOptions, run_check
from cardkit.core.discovery import source_file
from cardkit.core.fmt import FormatRefused, format_text, load_source
from cardkit.core.loader import parse_bytes, parse_text
from cardkit.core.reflow import wrap

from .conftest import ROOT, SHIPPED, TERRA_BASE

M = "# yaml-language-server: $schema=../../schemas/terra/cards.schema.json"

# Old output of `cardkit fmt` (shipped content/terra/cards/blue.yaml): old breaks kept, overflow
# wrapped, "Park," and "he," left alone on their lines, lines over 100 columns.
OLD_FOLDED = """\
cards:
  - id: angel-falls
    info: >-
      The water pours off the rim of Auyan-tepui, a flat-topped sandstone mountain in Canaima National
      Park,
      and the longest single unbroken drop is about 807 m. Angel's plane sank into the boggy summit, and
      he,
      his wife and two companions needed eleven days to walk back down to civilisation.
    question: What is the total height of the falls, the tallest uninterrupted waterfall on
      Earth?
    source: "Wikipedia, 'Angel Falls'; Encyclopedia.com, 'Angel Falls' (Latin American physical geography);
      Simple English Wikipedia, 'Angel Falls'"
"""


def _data(text: str) -> Any:
    loaded = parse_text(text, "t")
    assert loaded.ok, loaded.diagnostics
    return loaded.data


def _strict(a: Any, b: Any) -> bool:
    """Equal values with equal types all the way down (``1 == 1.0 == True`` does not count)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_strict(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_strict(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _scalar_lines(out: str, key: str) -> list[str]:
    """The lines of the value of ``key`` (its first line without the key, then continuations)."""
    lines = out.split("\n")
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(f"{key}:"))
    indent = len(lines[start]) - len(lines[start].lstrip())
    first = lines[start].split(":", 1)[1].strip().removeprefix(">-").strip()
    body = [first] if first else []
    for line in lines[start + 1:]:
        if not line.strip() or len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line.strip())
    return body


# -- reflow ---------------------------------------------------------------------------------------

def test_folded_plain_and_quoted_scalars_are_reflowed_to_the_width() -> None:
    out = format_text(OLD_FOLDED, M)
    assert _strict(_data(out), _data(OLD_FOLDED))
    assert max(len(line) for line in out.split("\n")) <= 100
    info = _scalar_lines(out, "info")
    assert info[0].startswith("The water pours") and "Park," not in info and "he," not in info
    assert sum(len(line) + 6 for line in info[:-1]) / (len(info) - 1) > 90  # lines are full
    assert _scalar_lines(out, "question") == [  # fits at this indentation: one line
        "What is the total height of the falls, the tallest uninterrupted waterfall on Earth?"]
    assert out.count('"') == 2 and "source: \"Wikipedia" in out  # quote style kept
    assert format_text(out, M) == out


def test_no_single_word_lines() -> None:
    words = ["word"] * 19 + ["end"]  # greedily: 19 words on the first line, "end" alone
    text = "q: " + " ".join(words) + "\n"
    out = format_text(text, None)
    lines = out.rstrip("\n").split("\n")
    assert len(lines) == 2 and lines[1].split() == ["word", "end"]
    assert all(len(line.split()) > 1 for line in lines)
    assert _data(out) == _data(text)


def test_wrap_is_greedy_and_avoids_orphans_unless_impossible() -> None:
    assert wrap(["aa", "bb", "cc"], 7, 7) == [["aa", "bb"], ["cc"]]  # a tie: greedy wins
    assert wrap(["aaa", "bb", "cc", "dd"], 8, 8) == [["aaa", "bb"], ["cc", "dd"]]
    assert wrap(["a", "b", "c"], 20, 20) == [["a", "b", "c"]]  # fits: one line, nothing to fix
    assert wrap(["x" * 30, "y"], 10, 10) == [["x" * 30], ["y"]]  # impossible to avoid
    assert wrap(["aa", "bb", "cc", "dd", "ee"], 11, 11) == [["aa", "bb", "cc"], ["dd", "ee"]]


def test_literal_blocks_and_more_indented_folded_lines_are_kept() -> None:
    long = " ".join(["literal"] * 20)
    text = (f"a: |\n  {long}\n  short\n  line\nb: >\n  para one\n  two\n\n"
            f"    indented {long}\n  tail\n")
    out = format_text(text, None)
    assert f"  {long}\n  short\n  line\n" in out
    assert f"    indented {long}\n" in out and "  para one two\n" in out
    assert _strict(_data(out), _data(text))


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄéł,.'-;()0123456789", min_size=1, max_size=18)


@settings(max_examples=60, deadline=None)
@given(words=st.lists(WORD, min_size=1, max_size=60),
       style=st.sampled_from(["plain", "folded", "double", "single"]),
       depth=st.integers(min_value=0, max_value=4), key=st.sampled_from(["info", "q", "a-long-key"]))
def test_reflow_property(words: list[str], style: str, depth: int, key: str) -> None:
    """Any paragraph: same data, idempotent, within the width, no single-word lines."""
    value = " ".join(words)
    if style == "plain":
        value = "w " + value.replace("'", "").replace("-", "x")
        body = f"{key}: {value}"
    elif style == "folded":
        body = f"{key}: >-\n  {value}"
    elif style == "double":
        body = f'{key}: "{value}"'
    else:
        body = f"{key}: '" + value.replace("'", "''") + "'"
    indent = "  " * depth
    text = "".join(f"{'  ' * d}k{d}:\n" for d in range(depth))
    text += "\n".join(indent + line for line in body.split("\n")) + "\n"
    try:
        loaded = parse_text(text, "t")
    except Exception:  # pragma: no cover - the generator only makes valid YAML
        raise
    if not loaded.ok:
        return  # e.g. a plain scalar that reads as a number or as syntax: not a paragraph
    out = format_text(text, None)
    assert _strict(_data(out), loaded.data)
    assert format_text(out, None) == out
    assert all(len(line) <= 100 for line in out.split("\n"))
    lines = _scalar_lines(out, key)
    if len(lines) > 1:
        assert all(len(line.split()) > 1 for line in lines), out


def test_every_shipped_file_formats_idempotently_without_changing_data(tmp_path: Path) -> None:
    for path in sorted(SHIPPED.rglob("*.yaml")):
        text = path.read_text("utf-8")
        first = text.split("\n", 1)[0]
        once = format_text(text, first)
        if once != text:  # (formatting is a pure function: an unchanged file is its own proof)
            assert _strict(_data(once), _data(text)), path
            assert format_text(once, first) == once, path
        # past 100 columns only a value that cannot be broken: one word (a long URL)
        long = [line for line in once.split("\n") if len(line) > 100
                and " " in line.strip().split(": ", 1)[-1].strip("'\"")]
        assert long == [], path


def test_a_change_of_meaning_is_refused_with_a_location(terra_content, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content({"cards/extra.yaml": M + "\ncards:\n  - id: x\n    topic: Big card\n"})
    path = content / "terra" / "cards" / "extra.yaml"
    before = path.read_bytes()
    real = fmt_module._layout
    monkeypatch.setattr(fmt_module, "_layout", lambda body: real(body).replace("Big card", "Big"))
    with pytest.raises(FormatRefused) as info:
        format_text(before.decode(), M)
    assert (info.value.line, info.value.col) == (4, 12)
    result = CliRunner().invoke(main, ["fmt", "terra", "--content", str(content)])
    assert result.exit_code == 1
    assert re.search(r"extra\.yaml:4:12: error FMT001 formatting would change the value of "
                     r"cards\.0\.topic", result.stderr), result.stderr
    assert path.read_bytes() == before


# -- comments, continuation indent, modelines -----------------------------------------------------

def test_full_line_comments_are_aligned_with_the_following_key() -> None:
    text = """\
cards:
- id: a
        # about the topic
  topic: x
  info: >-
    Folded text.
      # a more-indented line of the folded text, not a comment
# about the bars
  bars:
     # first bar
  - bar: year
regions:
    # about count
  count: 1
"""
    out = format_text(text, None)
    assert "\n    # about the topic\n    topic: x\n" in out
    assert "\n    # about the bars\n    bars:\n" in out
    assert "\n      # first bar\n      - bar: year\n" in out
    assert "\n  # about count\n  count: 1\n" in out
    assert "\n        # a more-indented line of the folded text, not a comment\n" in out
    assert _strict(_data(out), _data(text))
    assert format_text(out, None) == out


def test_one_continuation_indent_for_flow_lists_and_scalars() -> None:
    items = ", ".join(f"item-number-{i}" for i in range(30))
    text = f"setups:\n  - rules:\n      fixed_piles: [{items}]\n      text: {'word ' * 30}end\n"
    out = format_text(text, None)
    pile_lines = out.split("fixed_piles: [", 1)[1].split("]", 1)[0].split("\n")[1:]
    text_lines = out.split("text: ", 1)[1].rstrip("\n").split("\n")[1:]
    assert pile_lines and text_lines
    key_indent = 6
    assert {len(line) - len(line.lstrip()) for line in pile_lines + text_lines} == {key_indent + 2}
    assert max(len(line) for line in out.split("\n")) <= 100
    assert len(pile_lines[-1].split(",")) > 1  # no lone last item
    assert _strict(_data(out), _data(text))


def test_a_duplicated_modeline_is_dropped() -> None:
    text = f"{M}\n{M}\n# yaml-language-server: $schema=old/cards.schema.json\n# kept\ncards: []\n"
    assert format_text(text, M) == f"{M}\n# kept\ncards: []\n"


def test_modelines_point_beside_the_content_folder_from_any_cwd(tmp_path: Path,
                                                                 monkeypatch) -> None:  # type: ignore[no-untyped-def]
    project = tmp_path / "project"
    shutil.copytree(TERRA_BASE, project / "content")
    shutil.copytree(ROOT / "schemas", project / "schemas")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "schemas").mkdir(parents=True)  # a schemas/ folder in the cwd must not win
    monkeypatch.chdir(elsewhere)
    result = CliRunner().invoke(main, ["fmt", "--content", str(project / "content")])
    assert result.exit_code == 0, result.output
    card = project / "content" / "terra" / "cards" / "base.yaml"
    assert card.read_text("utf-8").split("\n", 1)[0] == \
        "# yaml-language-server: $schema=../../../schemas/terra/cards.schema.json"
    report = run_check(CheckOptions(("terra",), project / "content", None))
    assert [d for d in report.diagnostics if d.code == "CK003"] == []


def test_ck003_warns_when_the_modeline_path_does_not_resolve(terra_content) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content()
    card = content / "terra" / "cards" / "base.yaml"
    lines = card.read_text("utf-8").split("\n", 1)
    wrong = "# yaml-language-server: $schema=../../schemas/terra/cards.schema.json"
    card.write_text(wrong + "\n" + lines[1], "utf-8")
    report = run_check(CheckOptions(("terra",), content, None))
    found = [d for d in report.diagnostics if d.code == "CK003"]
    assert len(found) == 1 and (found[0].line, found[0].col) == (1, 1)
    assert found[0].file.endswith("terra/cards/base.yaml")
    expected = os.path.relpath(ROOT / "schemas" / "terra" / "cards.schema.json", card.parent)
    assert f"'# yaml-language-server: $schema={expected}'" in found[0].message
    assert "does not lead to a file" in found[0].message


# -- what fmt reads ------------------------------------------------------------------------------

def _fmt_findings(content: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["fmt", "terra", "--content", str(content)])
    return result.exit_code, result.stderr


def test_size_limit_is_enforced_from_the_stream(terra_content, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(fmt_module, "MAX_FILE_BYTES", 1000)
    content: Path = terra_content()
    big = content / "terra" / "cards" / "big.yaml"
    big.write_text(M + "\ncards: []\n" + "# padding\n" * 500, "utf-8")
    before = big.read_bytes()
    real_read = os.read
    asked: list[int] = []

    def counting_read(fd: int, n: int) -> bytes:
        if os.path.realpath(f"/proc/self/fd/{fd}") == os.path.realpath(big):
            asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", counting_read)
    code, stderr = _fmt_findings(content)
    assert code == 1
    assert re.search(r"big\.yaml:1:1: error YML007 file is 5,0\d\d bytes, over the limit of 1,000",
                     stderr), stderr
    assert 0 < sum(asked) <= 1001  # read from the stream, never more than the limit + 1
    assert big.read_bytes() == before


def test_fmt_refuses_an_oversized_file_like_check(terra_content) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content()
    big = content / "terra" / "cards" / "big.yaml"
    big.write_text(M + "\ncards: []\n" + "# padding\n" * (4 * 1024 * 1024 // 10 + 1), "utf-8")
    before = big.stat().st_mtime_ns
    code, stderr = _fmt_findings(content)
    assert code == 1
    checked = [d for d in run_check(CheckOptions(("terra",), content, None)).diagnostics
               if d.file.endswith("big.yaml")]
    assert [d.code for d in checked] == ["YML007"]
    assert f"big.yaml:1:1: error YML007 {checked[0].message}" in stderr, stderr
    assert big.stat().st_mtime_ns == before


def test_fmt_refuses_what_is_not_a_regular_file(terra_content) -> None:  # type: ignore[no-untyped-def]
    content: Path = terra_content()
    os.mkfifo(content / "terra" / "cards" / "pipe.yaml")
    code, stderr = _fmt_findings(content)  # must not hang on the FIFO
    assert code == 1 and re.search(r"pipe\.yaml:1:1: error YML011 not a regular file", stderr)


TAB_CASES = [
    "a: 1\n  \t\nb: 2\n",                 # tab in a blank line between keys
    "a:\n  - 1\n   \t\n  - 2\n",          # ... in a list
    "a: |\n  x\n  \t\n  y\nb: 1\n",       # tab line inside a literal block: content
    "a: >\n  x\n  \t\n  y\nb: 1\n",       # ... inside a folded block: a more-indented line
    "a: \"x\n  \t\n  y\"\n",              # whitespace-only line inside quotes
    "a: 'x\n \t \n  y'\n",
    "a: x\n\n  y\nb: 1 #\tcomment\n",
    "a: x\u2028y\nb: 1\n",               # line separators: whatever check says, fmt says too
    "a: x\x85y\n",
]


@pytest.mark.parametrize("text", TAB_CASES)
def test_fmt_accepts_exactly_what_check_accepts(text: str, tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_bytes(text.encode("utf-8"))
    checked = parse_bytes(text.encode("utf-8"), "t.yaml")
    raw, loaded = load_source(source_file("g", path, "t.yaml", "t.yaml", 1 << 20, None))
    assert [d.to_dict() for d in loaded.diagnostics] == [d.to_dict() for d in checked.diagnostics]
    if checked.ok:
        assert raw is not None
        out = format_text(text, None)  # must not raise
        assert _strict(_data(out), checked.data)
        assert format_text(out, None) == out
    else:
        assert raw is None


def test_tab_in_a_folded_blank_line_keeps_its_value() -> None:
    text = "a: >\n  x\n  \t\n  y\nb: 1\n"
    out = format_text(text, None)
    assert _data(out) == {"a": "x\n\t\ny\n", "b": 1}


def test_a_flow_mapping_too_long_for_its_line_becomes_a_block() -> None:
    """ruamel breaks an overlong flow mapping anywhere — between a key and its value
    (``align:`` / ``center``) — so fmt writes it in block style; one that fits stays a flow
    mapping, and a long flow list of scalars is still wrapped in flow style."""
    from cardkit.core.fmt import format_text

    long_box = ("boxes:\n  - {id: name, field: name, x: 4, y: 77, w: 55.5, h: 8, size: 11, "
                "min_size: 7, bold: true, align: center, lines: 1, colour: '#ffffff'}\n"
                "  - {id: cost, x: 5, y: 5}\n"
                "tags: [" + ", ".join(f"tag-number-{i}" for i in range(12)) + "]\n")
    out = format_text(long_box, None)
    assert "  - id: name\n    field: name\n" in out and "    align: center\n" in out
    assert "  - {id: cost, x: 5, y: 5}\n" in out
    assert out.startswith("boxes:") and "tags: [tag-number-0," in out
    assert all(len(line) <= 100 for line in out.splitlines())
    assert format_text(out, None) == out
