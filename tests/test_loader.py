"""The fast loader: same data as ruamel's stock safe loader, and no exceptions for bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from cardkit.core.loader import parse_bytes, parse_text

from .conftest import SHIPPED

SCALARS = """\
ints: [0, -7, 1_000, 0o17, 0x1F, +12]
floats: [1.5, -0.25, 1e3, .inf, -.inf, 6.02e+23]
bools: [true, false, True, FALSE, yes, no, on, off]
nulls: [null, ~, Null, '']
strings: [abc, '123', "x: y", 2015-02-03x, 1.2.3, .5a]
dates:
  - 2015-02-03
  - 2001-12-14t21:59:43.10-05:00
empty: {}
nested: {a: [1, {b: c}], '': 1}
"""


def test_same_data_as_the_stock_safe_loader_on_tricky_scalars() -> None:
    stock = YAML(typ="safe", pure=False).load(SCALARS)
    ours = parse_text(SCALARS, "x.yaml")
    assert ours.diagnostics == []
    assert ours.data == stock


@pytest.mark.parametrize("path", sorted(SHIPPED.rglob("*.yaml")), ids=lambda p: p.name)
def test_same_data_as_the_stock_safe_loader_on_shipped_content(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text("utf-8")
    assert parse_text(text, path.name).data == YAML(typ="safe", pure=False).load(text)


def test_bom_is_accepted() -> None:
    assert parse_bytes(b"\xef\xbb\xbfa: 1\n", "x").data == {"a": 1}


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"a: [", b"- a\n b: c", b"&a [*a]", b"!!python/object:x {}",
                                 b"a: 1\na: 2", b"%YAML 9.9\n---\na: 1", b"[" * 2000, b"a: *nope",
                                 b"--- a\n--- b\n",
                                 b"a: 2015-02-30"])
def test_bad_input_gives_one_located_error(raw: bytes) -> None:
    result = parse_bytes(raw, "x.yaml")
    assert result.data is None
    assert len(result.diagnostics) == 1
    d = result.diagnostics[0]
    assert d.line >= 1 and d.col >= 1 and d.code.startswith("YML")


def test_complex_keys_are_data_and_schema_reports_them(terra_content) -> None:  # type: ignore[no-untyped-def]
    from .conftest import check_dir

    content = terra_content({"cards/odd.yaml": "cards:\n  - ? [a]\n    : b\n"})
    found = [(d.code, d.line, d.col) for d in check_dir(content, "terra").diagnostics
             if d.file.endswith("odd.yaml")]
    assert ("SCH004", 2, 5) in found  # "keys should be strings", on the mapping


# --- the event builder against the stock loader: same data, same types -----------------------

STRUCTURES = [
    "a: &a {x: 1, y: 2}\nb: &b {y: 3, z: 4}\nc: {<<: [*a, *b], x: 9, w: 0}\n",
    "base: &base {x: 1, y: [1, 2]}\nuse: {z: 0, <<: *base, x: 2}\n",
    "a: !!set {x, y}\nb: !!omap [{x: 1}, {y: 2}]\nc: !!pairs [{x: 1}, {x: 2}]\n",
    "a: !!binary aGVsbG8=\nb: !!str 12\nc: !!int '12'\nd: !!float '1'\ne: !!null x\n",
    "? [a, b]\n: c\n? x\n: [!!map {x: 1}, !!seq [1]]\n",
    "a: ! 12\nb: 0b101\nc: 012\nd: -0x1F\ne: +1_000\nf: 1e3\ng: -.Inf\n",
    "a: &x 1\nb: *x\nc: &y [1, {a: *x}]\nd: [*y, *y]\n",
    "'<<': 1\n'=': 2\nx: !!timestamp 2001-01-01\n",
    "{1: a, 2.5: b, false: c, null: d, 2001-01-01: e}\n",
    "- |\n  literal\n   text\n- >-\n  folded\n  text\n- 'it''s'\n- \"\\u00e9\\t\"\n",
    "--- \n~\n",
    "[]\n",
]


@pytest.mark.parametrize("text", [SCALARS, *STRUCTURES])
def test_same_data_and_types_as_the_stock_safe_loader(text: str) -> None:
    stock = YAML(typ="safe", pure=False).load(text)
    ours = parse_text(text, "x.yaml")
    if stock is None:
        assert [d.code for d in ours.diagnostics] == ["YML008"]
        return
    assert ours.diagnostics == []
    assert repr(ours.data) == repr(stock)  # repr shows types: 1 vs 1.0 vs '1' vs True


@pytest.mark.parametrize("path", sorted(SHIPPED.rglob("*.yaml")), ids=lambda p: p.name)
def test_same_types_as_the_stock_safe_loader_on_shipped_content(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text("utf-8")
    assert repr(parse_text(text, path.name).data) == repr(YAML(typ="safe", pure=False).load(text))


@pytest.mark.parametrize("text, code, line, col, words", [
    ("a: !!bool abc\n", "YML001", 1, 4, "invalid boolean 'abc'"),
    ("a: !!int x1\n", "YML001", 1, 4, "invalid integer 'x1'"),
    ("a: !!str [1]\n", "YML001", 1, 4, "!!str does not fit a sequence"),
    ("a: !foo [1]\n", "YML005", 1, 4, "custom tag '!foo'"),
    ("a:\n  b: !!python/object:os.system {}\n", "YML005", 2, 6, "!!python/object:os.system"),
    ("a: &a [1, *a]\n", "YML006", 1, 11, "recursive alias"),
    ("a: &a {b: {c: *a}}\n", "YML006", 1, 15, "recursive alias"),
    ("a: 1\nb: 2\na: 3\n", "YML002", 3, 1, "duplicate key 'a'"),
    ("- {1: a, 1.0: b}\n", "YML002", 1, 10, "duplicate key"),
    ("a: {<<: {x: 1}, <<: {y: 2}}\n", "YML002", 1, 17, "duplicate merge key"),
    ("a: {<<: 1}\n", "YML001", 1, 9, "merge key '<<' needs a mapping"),
    ("a: {<<: [{x: 1}, 2]}\n", "YML001", 1, 9, "merge key '<<' needs a mapping"),
    ("? {a: 1}\n: 1\n", "YML001", 1, 3, "cannot be a key"),
    ("x:\n  - 2015-02-30\n", "YML001", 2, 5, "invalid date/time '2015-02-30': day is out of range"),
    ("a: *nope\n", "YML001", 1, 4, "*nope refers to no anchor"),
    ("--- a\n--- b\n", "YML001", 2, 1, "single document"),
    ("a: [" + "[" * 300 + "\n", "YML010", 1, 4 + 199, "deeper than 200"),
    ("a: x\x07\n", "YML009", 1, 5, "U+0007"),
    ("a: \"x\u2029\"\n", "YML009", 1, 6, "U+2029"),
    ("a:\t1\n", "YML003", 1, 3, "tab"),
    ("a: x\ty\n", "YML003", 1, 5, "tab"),
    ("a: [1,\t2]\n", "YML003", 1, 7, "tab"),
    ("a: 1\n  \t\nb: 2\n", "YML003", 2, 3, "tab"),
    ("a: |\t\n  x\n", "YML003", 1, 5, "tab"),  # after the indicator: not content
    ("a: |#\n  x\n", "YML001", 1, 5, "needs a space before '#'"),
    ("a: |\n \n  x\n", "YML001", 2, 1, "first line of this block scalar holds only spaces"),
    ("a: # note\n  x\n\nb: 1\n", "YML001", 2, 3, "comment between a key and its value"),
    ("a: x\ufeffy\n", "YML009", 1, 5, "U+FEFF"),
])
def test_problems_are_found_where_they_occur(text: str, code: str, line: int, col: int,
                                             words: str) -> None:
    (d,) = parse_text(text, "x.yaml").diagnostics
    assert (d.code, d.line, d.col) == (code, line, col), d
    assert words in d.message and "\n" not in d.message


@pytest.mark.parametrize("text", [
    "a: 'x\ty'\n", "a: \"x\ty\"\n", "a: |\n  x\ty\n", "a: >\n  x\n  \ty\n", "a: 1 # c\td\n",
    "# \tc\na: 1\n",
])
def test_tabs_inside_quoted_and_block_scalars_and_comments_are_content(text: str) -> None:
    result = parse_text(text, "x.yaml")
    assert result.diagnostics == []
    assert result.data == YAML(typ="safe", pure=False).load(text)


def test_utf16_and_utf32_are_named() -> None:
    for raw, name in [("a: 1\n".encode("utf-16"), "UTF-16"), ("a: 1\n".encode("utf-32"), "UTF-32"),
                      ("a: 1\n".encode("utf-16-le"), "UTF-16")]:
        (d,) = parse_bytes(raw, "x.yaml").diagnostics
        assert d.code == "YML004" and name in d.message and (d.line, d.col) == (1, 1)


def test_bombs_stop_within_the_budget_quickly() -> None:
    import time

    laughs = ["a0: &a0 [" + ", ".join(["lol"] * 10) + "]"]
    laughs += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    chain = ["m0: &m0 {k0: 0}"] + [f"m{i}: &m{i} {{<<: *m{i - 1}, k{i}: 0}}"
                                   for i in range(1, 12_000)]
    fib = ["a0: &a0 {k0: 0}", "a1: &a1 {k1: 1}"] + [
        f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 2}], k{i}: {i}}}" for i in range(2, 60)]
    for lines in (laughs, chain, fib):
        start = time.monotonic()
        (d,) = parse_text("\n".join(lines) + "\n", "x.yaml").diagnostics
        assert d.code == "YML006" and d.line == (3 if lines is fib else 2)  # the first alias
        assert time.monotonic() - start < 2.0


def test_a_few_anchors_and_merges_are_fine() -> None:
    text = "defaults: &d {difficulty: blue, count: 1}\ncards:\n" + "".join(
        f"  - {{<<: *d, id: c{i}}}\n" for i in range(2_000))
    result = parse_text(text, "x.yaml")
    assert result.diagnostics == []
    assert result.data["cards"][1999] == {"difficulty": "blue", "count": 1, "id": "c1999"}


# --- the safe reader -------------------------------------------------------------------------

def test_the_reader_never_reads_more_than_the_limit_plus_one(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import os

    from cardkit.core import discovery

    big = tmp_path / "big.yaml"
    with big.open("wb") as fh:  # sparse: 200 MB by stat, nothing on disk
        fh.truncate(200 * 1024 * 1024)
    read: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        read.append(len(data))
        return data

    monkeypatch.setattr(discovery.os, "read", counting_read)
    got = discovery.read_content_bytes(big, max_bytes=1000)
    assert isinstance(got, discovery.FileProblem) and got.code == "YML007"
    assert sum(read) == 1001
    assert discovery.read_content_bytes(tmp_path / "missing.yaml").code == "YML014"  # type: ignore[union-attr]


def test_the_reader_reports_permission_errors(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import errno
    import os

    from cardkit.core import discovery

    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert discovery.read_content_bytes(path) == b"a: 1\n"

    def denied(*args: object, **kwargs: object) -> int:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(discovery.os, "open", denied)
    got = discovery.read_content_bytes(path)
    assert got == discovery.FileProblem("YML014", "cannot read file: Permission denied")


# --- one acceptance rule for check and fmt ----------------------------------------------------

TEMPLATE = """\
# comment
k: |  # note
  x
q: >+
  z

cards:
  - id: a-card  # trailing comment
    topic: Plain text, with words
    quoted: 'single ''quoted'' text'
    double: "double \\"quoted\\" text"
    flow: [1, 2, {a: b}]
    block: |
      literal line
        indented line
    folded: >-
      folded text
      continues
    number: 12
"""


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(edits=st.lists(st.tuples(st.integers(0, len(TEMPLATE)),
                                st.sampled_from(["\t", " \t", "\t\n", "\u2028", "\x85", "\u2029",
                                                 "\n\t\n", "\t# c", "  ", "\n", "\r\n", "\ufeff",
                                                 "#", " #\t", " ", "  \n", "\r", "|", ">", "- ",
                                                 ": ", "\n\n"])),
                      min_size=1, max_size=3))
def test_what_check_accepts_the_round_trip_parser_of_fmt_accepts(edits: list) -> None:  # type: ignore[type-arg]
    text = TEMPLATE
    for pos, insert in sorted(edits, reverse=True):
        text = text[:pos] + insert + text[pos:]
    if parse_text(text, "x.yaml").diagnostics:
        return
    # must not raise: fmt (which normalises line ends first) reads every file check accepts
    YAML(typ="rt").load(text.replace("\r\n", "\n").replace("\r", "\n"))


def test_source_maps_refuse_text_nested_too_deeply_for_the_c_composer() -> None:
    from cardkit.core.sourcemap import compose

    assert compose("a: " + "[" * 30_000) is None  # used to kill the process (SIGSEGV)
    assert compose("{a: " * 100_000) is None
    assert compose("a: [[1], {b: [2]}]\n" * 300) is not None  # many brackets, shallow
