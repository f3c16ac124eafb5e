"""Property test: content mutated at the data level never makes cardkit fail internally.

Where ``test_fuzz.py`` breaks the YAML text, this fuzzer keeps the YAML valid and changes
*values*, the way an editor's slip does: one id swapped for another id (of the same or another
kind), a number replaced by 0, -1, a huge number or another number of the file, a list item
dropped, an object duplicated (its id twice). Each mutated copy of the shipped Terra, Trains or
Cartographers content is then run through ``check``; when check finds no errors, through
``simulate`` (two short games), ``pdf`` (one deck) and ``list``/``show``. The properties:

* no command ever fails internally (an exception that is not a usage problem or the gate,
  ``internal error`` or a traceback on the command line);
* ``simulate`` and ``pdf`` refuse content with errors through the gate (exit code 1), and only
  such content;
* ``list`` exits 1 exactly when some file or object could not be loaded.

Examples: ``CARDKIT_VALUE_FUZZ_EXAMPLES``, else a twentieth of ``CARDKIT_FUZZ_EXAMPLES``
(default 500, so 25 here, each running every command; ``make fuzz``: 250);
``CARDKIT_FUZZ_DERANDOMIZE=0`` draws new examples on every run (``make fuzz``).
"""

from __future__ import annotations

import copy
import io
import math
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from cardkit.cli import main
from cardkit.checking import CheckOptions, run_check
from cardkit.core.diagnostics import Report, Severity
from cardkit.core.errors import UsageProblem
from cardkit.checking.gate import relevant
from cardkit.core.errors import ContentBlocked
from cardkit.core.reporters import text_line
from cardkit.export.printing import render_game
from cardkit.pdf.api import PdfJob
from cardkit.sim.api import simulate

from .conftest import SHIPPED

FUZZ_EXAMPLES = int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "500"))
EXAMPLES = int(os.environ.get("CARDKIT_VALUE_FUZZ_EXAMPLES", str(max(10, FUZZ_EXAMPLES // 20))))
DERANDOMIZE = os.environ.get("CARDKIT_FUZZ_DERANDOMIZE", "1") != "0"
GAMES = ("terra", "trains", "cartographers")
PDF_DECK = {"terra": "cards", "trains": "randomizers", "cartographers": "base"}
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
LOAD_CODES = re.compile(r"^(YML|SCH)\d+$|^CK002$")
Path_ = tuple[Any, ...]


def _yaml() -> YAML:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 100
    return yaml


def _content_files(game: str) -> list[str]:
    root = SHIPPED / game
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.yaml")
                  if not p.relative_to(root).as_posix().startswith(("i18n/", "glossary/")))


ORIGINALS: dict[str, dict[str, bytes]] = {
    g: {rel: (SHIPPED / g / rel).read_bytes() for rel in _content_files(g)} for g in GAMES}
DATA: dict[str, dict[str, Any]] = {
    g: {rel: _yaml().load(raw.decode("utf-8")) for rel, raw in files.items()}
    for g, files in ORIGINALS.items()}


def walk(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every node of plain YAML data with its path (the root first)."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, (*path, i))


def _ids(game: str) -> list[str | int]:
    """Every id defined anywhere in the game's content (card, region, hex ids...)."""
    found: set[str | int] = set()
    for data in DATA[game].values():
        for _, node in walk(data):
            if isinstance(node, dict) and isinstance(node.get("id"), (str, int)) \
                    and not isinstance(node.get("id"), bool):
                found.add(node["id"])
    return sorted(found, key=str)


IDS = {g: _ids(g) for g in GAMES}
STRING_IDS = {g: [i for i in IDS[g] if isinstance(i, str)] for g in GAMES}


def _numbers(data: Any) -> list[int | float]:
    return sorted({n for _, n in walk(data) if isinstance(n, (int, float))
                   and not isinstance(n, bool) and math.isfinite(n)})


SPECIAL_NUMBERS: tuple[int | float, ...] = (0, -1, 1, 10**9, 2**31, 200_000_000, -10**6, 0.5,
                                            1e300, math.inf, math.nan)


def _set(data: Any, path: Path_, value: Any) -> None:
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


def _get(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def mutate(game: str, rel: str, ops: list[tuple[str, int, int]]) -> tuple[Any, list[str]]:
    """Apply value mutations to a copy of one file's data; returns the data and what was done."""
    data = copy.deepcopy(DATA[game][rel])
    done: list[str] = []
    ids, numbers = IDS[game], _numbers(DATA[game][rel])
    for op, a, b in ops:
        nodes = list(walk(data))
        if op == "id":  # a string or int that is some object's id -> another id
            slots = [(p, v) for p, v in nodes if p and not isinstance(v, (dict, list, bool))
                     and v in ids]
            if slots:
                path, old = slots[a % len(slots)]
                new = ids[b % len(ids)]
                _set(data, path, new)
                done.append(f"{path}: {old!r} -> {new!r}")
        elif op == "key":  # a mapping key that is an id (start_deck) -> another id
            slots = [(p, k) for p, v in nodes if isinstance(v, dict) for k in v
                     if k in STRING_IDS[game]]
            if slots:
                path, old = slots[a % len(slots)]
                new = STRING_IDS[game][b % len(STRING_IDS[game])]
                parent = _get(data, path)
                if new not in parent:
                    parent[new] = parent.pop(old)
                    done.append(f"{path}: key {old!r} -> {new!r}")
        elif op == "number":
            slots = [(p, v) for p, v in nodes if p and isinstance(v, (int, float))
                     and not isinstance(v, bool)]
            if slots:
                path, old = slots[a % len(slots)]
                pool = SPECIAL_NUMBERS + tuple(numbers)
                new = pool[b % len(pool)]
                _set(data, path, new)
                done.append(f"{path}: {old!r} -> {new!r}")
        elif op == "drop":
            slots = [(p, v) for p, v in nodes if isinstance(v, list) and v]
            if slots:
                path, items = slots[a % len(slots)]
                i = b % len(items)
                del items[i]
                done.append(f"{path}: dropped item {i}")
        elif op == "duplicate":
            slots = [(p, v) for p, v in nodes if isinstance(v, list) and v
                     and isinstance(v[0], dict) and "id" in v[0]]
            if slots:
                path, items = slots[a % len(slots)]
                i = b % len(items)
                items.insert(i + 1, copy.deepcopy(items[i]))
                done.append(f"{path}: duplicated item {i} (id {items[i]['id']!r})")
    return data, done


def dump(rel: str, game: str, data: Any) -> bytes:
    """YAML text of mutated data, under the original modeline."""
    buffer = io.StringIO()
    _yaml().dump(data, buffer)
    modeline = ORIGINALS[game][rel].split(b"\n", 1)[0]
    return modeline + b"\n" + buffer.getvalue().encode("utf-8")


def _errors(report: Report, game: str, content: Path, locale: str | None = None) -> list[Any]:
    return [d for d in relevant(report.diagnostics, game, content, locale)
            if d.severity is Severity.ERROR]


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    output = result.output
    assert "internal error" not in output and "Traceback" not in output, (args, output)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (args, repr(result.exception), output)
    return result.exit_code, output


def exercise(game: str, content: Path, cache: Path, out_dir: Path, show_ids: list[str]) -> None:
    """Run every command over one content folder and assert the properties."""
    report = run_check(CheckOptions((game,), content, cache))
    for d in report.diagnostics:
        assert d.line >= 1 and d.col >= 1 and d.code and d.message, d
    errors = _errors(report, game, content)
    load_errors = [d for d in errors if LOAD_CODES.match(d.code)]
    try:
        simulate(game, content, games=2, seed=3, backend="serial", turn_cap=400,
                 cache_dir=cache)
        assert not errors, f"simulate ran on content with errors: {errors[:3]}"
    except ContentBlocked as exc:
        assert errors, "simulate refused content that check calls clean"
        assert [text_line(d) for d in exc.diagnostics] == [text_line(d) for d in errors]
    except UsageProblem as exc:  # e.g. the default bots renamed: a usage error, not a crash
        assert not errors, exc
    pdf_errors = _errors(report, game, content, "en")
    out = out_dir / f"{game}.pdf"
    try:
        render_game(PdfJob(game, content, "en", PDF_DECK[game], out=out, force=True,
                           cache_dir=cache))
        assert not pdf_errors, f"pdf printed content with errors: {pdf_errors[:3]}"
        assert out.stat().st_size > 0
    except ContentBlocked:
        assert pdf_errors, "pdf refused content that check calls clean"
    except UsageProblem as exc:  # e.g. the deck renamed
        assert not pdf_errors, exc
    code, output = _cli("list", game, "--content", str(content))
    assert code == (1 if load_errors else 0), output
    for obj in show_ids:
        code, output = _cli("show", game, obj, "--content", str(content))
        assert code in (0, 1, 2), output
        if code == 2:
            assert not load_errors and "no object" in output, output


def _first_ids(game: str, rel: str | None = None) -> list[str]:
    """The first id of every list of objects in each file (or in file ``rel``)."""
    out = []
    for name, data in DATA[game].items():
        if rel is not None and name != rel:
            continue
        for value in data.values() if isinstance(data, dict) else ():
            if isinstance(value, list) and value and isinstance(value[0], dict) \
                    and isinstance(value[0].get("id"), str):
                out.append(value[0]["id"])
    return out


op = st.tuples(st.sampled_from(["id", "id", "key", "number", "number", "drop", "duplicate"]),
               st.integers(0, 10**6), st.integers(0, 10**6))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One copy of the shipped content (restored after each example) and a check cache."""
    root = tmp_path_factory.mktemp("value-fuzz")
    shutil.copytree(SHIPPED, root / "content")
    (root / "out").mkdir()
    return {"content": root / "content", "cache": root / "cache", "out": root / "out"}


@settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_values_never_fail_internally(workspace: dict[str, Path],
                                              data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES), label="game")
    rel = data.draw(st.sampled_from(sorted(ORIGINALS[game])), label="file")
    ops = data.draw(st.lists(op, min_size=1, max_size=3), label="ops")
    mutated, done = mutate(game, rel, ops)
    data.draw(st.just(done), label="mutations")
    extra = data.draw(st.sampled_from(STRING_IDS[game]), label="show id")
    target = workspace["content"] / game / rel
    try:
        target.write_bytes(dump(rel, game, mutated))
        exercise(game, workspace["content"], workspace["cache"], workspace["out"],
                 [*_first_ids(game, rel), extra])
    finally:
        target.write_bytes(ORIGINALS[game][rel])


@pytest.mark.parametrize("game", GAMES)
def test_unmutated_content_passes_every_command(workspace: dict[str, Path], game: str) -> None:
    exercise(game, workspace["content"], workspace["cache"], workspace["out"], _first_ids(game))
