"""The fast loader: same data as ruamel's stock safe loader, and no exceptions for bad input."""

from __future__ import annotations

import pytest
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
