"""Property test: mutated copies of real content files end in diagnostics, never a traceback.

Hypothesis draws mutations (line deletions, duplications, swaps, random lines, byte edits) of
the shipped Terra and Cartographers files; every run must return a report whose findings are all
located.

``CARDKIT_FUZZ_EXAMPLES`` sets the number of examples (default 100, as CI runs it: each
example runs the whole check, the fit of every printed face in every locale included);
``CARDKIT_FUZZ_DERANDOMIZE=0`` draws new examples on every run (``make fuzz``: 5,000 of them).
"""

from __future__ import annotations

import os
import shutil

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.checking import CheckOptions, run_check
from cardkit.core.diagnostics import Severity

from .conftest import SHIPPED

FILES = sorted(p for game in ("terra", "cartographers") for p in (SHIPPED / game).rglob("*.yaml"))
ORIGINALS = {p.relative_to(SHIPPED).as_posix(): p.read_bytes() for p in FILES}
EXAMPLES = int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "100"))
DERANDOMIZE = os.environ.get("CARDKIT_FUZZ_DERANDOMIZE", "1") != "0"

line_op = st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert"]),
                    st.integers(0, 10_000), st.integers(0, 10_000),
                    st.text(alphabet=" -:[]{}&*!#|>'\"\tabcXYZ0123456789\u00e9\u03b1", max_size=30))
byte_op = st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, 10**7),
                    st.integers(0, 255))


def mutate(raw: bytes, lines_ops: list, bytes_ops: list) -> bytes:  # type: ignore[type-arg]
    lines = raw.split(b"\n")
    for op, a, b, text in lines_ops:
        i, j = a % len(lines), b % len(lines)
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert":
            lines.insert(i, text.encode("utf-8"))
    data = bytearray(b"\n".join(lines))
    for op, pos, value in bytes_ops:
        if not data:
            break
        k = pos % len(data)
        if op == "replace":
            data[k] = value
        elif op == "insert":
            data.insert(k, value)
        else:
            del data[k]
    return bytes(data)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(ORIGINALS)), lines_ops=st.lists(line_op, max_size=4),
       bytes_ops=st.lists(byte_op, max_size=3))
def test_mutated_content_gives_diagnostics_not_tracebacks(tmp_path_factory, name: str,  # type: ignore[no-untyped-def]
                                                         lines_ops: list, bytes_ops: list) -> None:  # type: ignore[type-arg]
    root = tmp_path_factory.getbasetemp() / "fuzz-content"
    if not root.exists():
        shutil.copytree(SHIPPED, root)
    target = root / name
    try:
        target.write_bytes(mutate(ORIGINALS[name], lines_ops, bytes_ops))
        # the parse cache spares re-parsing the unchanged files; the mutated one is new
        game = name.split("/", 1)[0]
        report = run_check(CheckOptions((game,), root, root.parent / "fuzz-cache"))
    finally:
        target.write_bytes(ORIGINALS[name])
    for d in report.diagnostics:
        assert d.line >= 1 and d.col >= 1, d
        assert d.code and d.message
    assert report.summary.errors == sum(d.severity is Severity.ERROR for d in report.diagnostics)
