"""YAML loading that never raises for bad data.

Files are parsed with ruamel.yaml's safe loader on its C parser (libyaml) where available: the
fast path. Every way a file can be broken — bytes that are not UTF-8, syntax errors, duplicate
keys, tabs, custom tags, alias bombs, files that are too large — becomes a located
:class:`~cardkit.core.diagnostics.Diagnostic` instead of an exception. Positions of findings in
*valid* files are recovered later and only for the files that have findings
(:mod:`cardkit.core.sourcemap`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tag import Tag

from .diagnostics import Diagnostic, Severity

DEFAULT_MAX_BYTES = 4 * 1024 * 1024
#: Alias expansion may grow a document to at most this many nodes per character of source.
ALIAS_NODES_PER_CHAR = 2
ALIAS_MIN_BUDGET = 10_000


@dataclass(slots=True)
class LoadResult:
    """Parsed data (``None`` when the file could not be loaded) and the loader's findings."""

    data: Any
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the file parsed into a document."""
        return self.data is not None and not self.diagnostics


class CachedResolver(VersionedResolver):
    """ruamel's YAML 1.2 implicit-tag resolver with its lookup tables built once.

    The stock resolver recomputes the processing YAML version for every scalar (through an
    attribute lookup that raises on the C parser) and allocates a new ``Tag`` per node; on
    content files that is about half of the load time. This one resolves the same tags (a test
    compares both on the shipped content) from tables computed on first use. Documents are
    always read as YAML 1.2, as the stock resolver does with the C parser.
    """

    _ck_table: dict[str | None, list[tuple[Tag, Any]]] | None = None

    def _table(self) -> dict[str | None, list[tuple[Tag, Any]]]:
        table = self._ck_table
        if table is None:
            base = self.versioned_resolver
            tags: dict[str, Tag] = {}
            common = base.get(None, [])
            table = {}
            for key in list(base.keys()) + [""]:
                entries = (base.get(key, []) if key is not None else []) + common
                table[key] = [(tags.setdefault(t, Tag(suffix=t)), rx) for t, rx in entries]
            table[None] = [(tags.setdefault(t, Tag(suffix=t)), rx) for t, rx in common]
            self._ck_table = table
        return table

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is ScalarNode and implicit[0]:
            table = self._table()
            key = value[0] if value else ""
            for tag, regexp in table.get(key, table[None]):
                if regexp.match(value):
                    return tag
            implicit = implicit[1]
        if self.yaml_path_resolvers:
            return super().resolve(kind, value, (False, implicit))
        if kind is ScalarNode:
            return self.DEFAULT_SCALAR_TAG
        if kind is SequenceNode:
            return self.DEFAULT_SEQUENCE_TAG
        if kind is MappingNode:
            return self.DEFAULT_MAPPING_TAG
        return None


@functools.lru_cache(maxsize=1)
def _safe_yaml() -> YAML:
    """A safe loader on the C parser when ruamel.yaml.clib is installed."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = CachedResolver
    yaml.allow_duplicate_keys = False
    return yaml


def uses_c_parser() -> bool:
    """Whether the fast C parser is in use (reported by ``make bench``)."""
    return "CParser" in _safe_yaml().Parser.__name__


def _error(code: str, message: str, file: str, line: int, col: int) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, file, line, col)


def decode(raw: bytes, display: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode UTF-8 (a BOM is allowed); a bad byte becomes YML004 at its line and column."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        last_nl = before.rfind(b"\n")
        col = len(before[last_nl + 1 :].decode("utf-8", errors="replace")) + 1
        return None, [
            _error("YML004", f"file is not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
                   display, line, col)
        ]
    return text.removeprefix("\ufeff"), []


def read_and_parse(path: Path, display: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> LoadResult:
    """Read ``path`` and parse it; all problems are returned as diagnostics."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return LoadResult(None, [_error(
                "YML007", f"file is {size:,} bytes, over the limit of {max_bytes:,}", display, 1, 1)])
        raw = path.read_bytes()
    except OSError as exc:
        return LoadResult(None, [_error("YML001", f"cannot read file: {exc.strerror}", display, 1, 1)])
    return parse_bytes(raw, display)


def parse_bytes(raw: bytes, display: str) -> LoadResult:
    """Decode and parse one file's bytes."""
    text, problems = decode(raw, display)
    if text is None:
        return LoadResult(None, problems)
    return parse_text(text, display)


def parse_text(text: str, display: str) -> LoadResult:
    """Parse YAML text with the safe loader; never raises for bad input."""
    try:
        data = _safe_yaml().load(text)
    except DuplicateKeyError as exc:
        return LoadResult(None, [_marked("YML002", _duplicate_message(exc), exc, display)])
    except MarkedYAMLError as exc:
        return LoadResult(None, [_classify(exc, text, display)])
    except YAMLError as exc:  # unmarked ruamel errors
        return LoadResult(None, [_error("YML001", f"invalid YAML: {exc}", display, 1, 1)])
    except RecursionError:
        return LoadResult(None, [_error("YML001", "document is nested too deeply", display, 1, 1)])
    except (ValueError, OverflowError, TypeError) as exc:
        # e.g. a timestamp such as 2015-02-30 that the constructor cannot build
        return LoadResult(None, [_error("YML001", f"value cannot be read: {exc}", display, 1, 1)])
    if data is None:
        return LoadResult(None, [_error("YML008", "file holds no YAML document", display, 1, 1)])
    if "&" in text or "*" in text:
        problem = _check_alias_expansion(data, text, display)
        if problem is not None:
            return LoadResult(None, [problem])
    return LoadResult(data)


_TAG_RE = re.compile(r"could not determine a constructor for the tag '([^']*)'")


def _classify(exc: MarkedYAMLError, text: str, display: str) -> Diagnostic:
    problem = exc.problem or ""
    mark = exc.problem_mark or exc.context_mark
    if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
        return _marked("YML003", "tab character where YAML expects indentation or a token; "
                       "use spaces", exc, display)
    tag = _TAG_RE.search(problem)
    if tag:
        return _marked("YML005", f"custom tag {tag.group(1)!r} is not allowed", exc, display)
    if "recursive" in problem:
        return _marked("YML006", "recursive alias: a node refers to itself", exc, display)
    context = f"{exc.context}: " if exc.context else ""
    return _marked("YML001", f"syntax error: {context}{problem}".rstrip(": "), exc, display)


def _duplicate_message(exc: DuplicateKeyError) -> str:
    problem = exc.problem or "duplicate key"
    key = re.search(r'found duplicate key "(.*?)" with value', problem)
    return f"duplicate key {key.group(1)!r} in mapping" if key else problem


def _marked(code: str, message: str, exc: MarkedYAMLError, display: str) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return _error(code, message, display, line, col)


def _char_at(text: str, line0: int, col0: int) -> str:
    lines = text.split("\n", line0 + 1)
    if line0 >= len(lines):
        return ""
    row = lines[line0]
    return row[col0] if 0 <= col0 < len(row) else ""


def _check_alias_expansion(data: Any, text: str, display: str) -> Diagnostic | None:
    """Walk the loaded object graph as a consumer would (aliases expanded) within a budget."""
    budget = max(ALIAS_MIN_BUDGET, ALIAS_NODES_PER_CHAR * len(text))
    seen = 0
    on_path: set[int] = set()

    def walk(node: Any, depth: int) -> str | None:
        nonlocal seen
        seen += 1
        if seen > budget:
            return "budget"
        if depth > 500:
            return "deep"
        if isinstance(node, (dict, list)):
            ident = id(node)
            if ident in on_path:
                return "recursive"
            on_path.add(ident)
            children: Iterator[Any] = iter(node.values()) if isinstance(node, dict) else iter(node)
            for child in children:
                why = walk(child, depth + 1)
                if why:
                    return why
            on_path.discard(ident)
        return None

    why = walk(data, 0)
    if why is None:
        return None
    line, col = _first_alias(text)
    if why == "recursive":
        return _error("YML006", "recursive alias: a node refers to itself", display, line, col)
    if why == "deep":
        return _error("YML001", "document is nested too deeply", display, line, col)
    return _error("YML006", f"aliases expand this file past {budget:,} nodes "
                  "(a 'billion laughs' document)", display, line, col)


def _first_alias(text: str) -> tuple[int, int]:
    try:
        for event in _safe_yaml().parse(text):
            if type(event).__name__ == "AliasEvent":
                mark = event.start_mark
                return mark.line + 1, mark.column + 1
    except YAMLError:
        pass
    return 1, 1
