"""YAML loading that never raises for bad data.

Files are parsed by :mod:`cardkit.core.yaml_events`, which builds Python data straight from the
event stream of ruamel.yaml's C parser (libyaml) and enforces every budget while it parses
(nesting depth, alias and merge expansion). Every way a file can be broken — bytes that are not
UTF-8, characters YAML parsers disagree on, syntax errors, duplicate keys, tabs, custom tags,
alias bombs, files that are too large — becomes a located one-line
:class:`~cardkit.core.diagnostics.Diagnostic` instead of an exception. Positions of findings in
*valid* files are recovered later and only for the files that have findings
(:mod:`cardkit.core.sourcemap`).

One rule decides what a content file may hold, for ``check`` and ``fmt`` alike:
:func:`parse_text` (and :func:`parse_bytes` on top of it). ``cardkit fmt`` formats a file only
when this returns no diagnostics; the round-trip parser it then uses accepts every such file
(a test checks this), so both commands accept exactly the same inputs.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tag import Tag

from . import yaml_events, yaml_strict
from .diagnostics import Diagnostic, Severity
from .discovery import DEFAULT_MAX_BYTES, FileProblem, read_content_bytes
from .yaml_events import ALIAS_EXPANSION, ALIAS_MIN_BUDGET, MAX_DEPTH, YamlProblem

__all__ = [
    "ALIAS_EXPANSION", "ALIAS_MIN_BUDGET", "DEFAULT_MAX_BYTES", "MAX_DEPTH", "LoadResult",
    "decode", "parse_bytes", "parse_text", "prescan", "read_and_parse", "uses_c_parser",
]


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

    Used where a node tree is composed (source maps of files with findings). The stock resolver
    recomputes the processing YAML version for every scalar and allocates a new ``Tag`` per node;
    this one resolves the same tags from tables computed on first use.
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
        """The tag of a node, as the stock resolver gives it."""
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
    """A safe loader on the C parser when ruamel.yaml.clib is installed (for composing)."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = CachedResolver
    yaml.allow_duplicate_keys = False
    return yaml


def uses_c_parser() -> bool:
    """Whether the fast C parser is in use (reported by ``make bench``)."""
    return yaml_events._Parser.__module__.endswith("_ruamel_yaml")


def _error(code: str, message: str, file: str, line: int, col: int) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, " ".join(message.split()), file, line, col)


_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"),
         (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))


def decode(raw: bytes, display: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode UTF-8 (a BOM is allowed); a bad byte becomes YML004 at its line and column.

    UTF-16 and UTF-32 files (by their byte-order mark, or the zero bytes of ASCII text in them)
    are named as such rather than reported as an undecodable byte.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        for bom, name in _BOMS:
            if raw.startswith(bom):
                return None, [_error("YML004", f"file is {name} encoded (it starts with a {name} "
                                     "byte-order mark); save it as UTF-8", display, 1, 1)]
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        last_nl = before.rfind(b"\n")
        col = len(before[last_nl + 1 :].decode("utf-8", errors="replace")) + 1
        return None, [
            _error("YML004", f"file is not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
                   display, line, col)
        ]
    if len(raw) > 1 and (raw[0] == 0) != (raw[1] == 0):
        return None, [_error("YML004", "file looks UTF-16 or UTF-32 encoded (zero bytes between "
                             "its characters); save it as UTF-8", display, 1, 1)]
    return text.removeprefix("\ufeff"), []


#: Characters a content file may not hold anywhere: C0/C1 controls other than tab, newline and
#: carriage return, DEL, U+FFFE/U+FFFF, a byte-order mark after the start, and the line
#: separators NEL, U+2028 and U+2029 (YAML 1.1 parsers, like libyaml, end a line there and
#: YAML 1.2 parsers do not, so the two readers of a file would see different data).
_BAD_CHAR = re.compile("[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd"
                       "\U00010000-\U0010ffff]")
_SEPARATORS = {"\x85": "U+0085 (NEL)", "\u2028": "U+2028 (LINE SEPARATOR)",
               "\u2029": "U+2029 (PARAGRAPH SEPARATOR)"}


def _position(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def prescan(text: str, display: str) -> Diagnostic | None:
    """YML009 at the first character no content file may hold (see ``_BAD_CHAR``), else None."""
    match = _BAD_CHAR.search(text)
    if match is None:
        return None
    char = match.group()
    line, col = _position(text, match.start())
    if char == "\ufeff":
        what = ("byte-order mark U+FEFF inside the file (only the very first character may be "
                "one); remove it")
    elif char in _SEPARATORS:
        what = (f"line separator {_SEPARATORS[char]}: YAML readers disagree on whether it ends "
                "a line; use a newline, or write it as an escape in a double-quoted string")
    else:
        what = (f"control character U+{ord(char):04X} is not allowed; write it as an escape in a "
                "double-quoted string")
    return _error("YML009", what, display, line, col)


def read_and_parse(path: Path, display: str, *, max_bytes: int = DEFAULT_MAX_BYTES,
                   roots: tuple[Path, ...] | None = None) -> LoadResult:
    """Read ``path`` safely (:func:`~cardkit.core.discovery.read_content_bytes`) and parse it."""
    raw = read_content_bytes(path, max_bytes, roots)
    if isinstance(raw, FileProblem):
        return LoadResult(None, [raw.diagnostic(display)])
    return parse_bytes(raw, display)


def parse_bytes(raw: bytes, display: str) -> LoadResult:
    """Decode and parse one file's bytes (see :func:`parse_text`)."""
    text, problems = decode(raw, display)
    if text is None:
        return LoadResult(None, problems)
    return parse_text(text, display)


def parse_text(text: str, display: str) -> LoadResult:
    """Parse YAML text into plain data; never raises for bad input.

    This is the one acceptance rule for content files: characters (:func:`prescan`), syntax,
    nesting, aliases and merges, duplicate keys, tags, scalar values, and the inputs where
    libyaml is laxer than the round-trip parser of ``fmt`` (:mod:`cardkit.core.yaml_strict`:
    tabs outside quoted and block scalars and comments, two block-scalar oddities). The result
    holds either data or exactly one located diagnostic.
    """
    text = text.removeprefix("\ufeff")
    problem = prescan(text, display)
    if problem is not None:
        return LoadResult(None, [problem])
    try:
        data = yaml_events.build(text)
    except YamlProblem as exc:
        return LoadResult(None, [_error(exc.code, exc.message, display, exc.line, exc.col)])
    except MarkedYAMLError as exc:
        return LoadResult(None, [_classify(exc, text, display)])
    except ReaderError as exc:
        line, col = _position(text, min(max(exc.position, 0), len(text)))
        return LoadResult(None, [_error("YML009", f"character not allowed: {exc.reason}",
                                        display, line, col)])
    except YAMLError as exc:  # unmarked ruamel errors
        return LoadResult(None, [_error("YML001", f"invalid YAML: {exc}", display, 1, 1)])
    if data is None:
        return LoadResult(None, [_error("YML008", "file holds no YAML document", display, 1, 1)])
    disagreement = yaml_strict.disagreement(text)
    if disagreement is not None:
        return LoadResult(None, [_error(*disagreement[:2], display, *disagreement[2:])])
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
    return _marked("YML001", f"syntax error: {problem or exc.context or 'invalid YAML'}"
                   + _opened_at(exc, text), exc, display)


_CLOSERS = {"[": "]", "{": "}", '"': '"', "'": "'"}


def _opened_at(exc: MarkedYAMLError, text: str) -> str:
    """Where the construct the parser was in began, as compilers say it: ``; the '[' opened at
    line 6, column 13 is never closed`` (a flow collection or quoted scalar), else ``(while
    parsing a block mapping that starts at line 3, column 1)``; ``""`` when it is the same
    place as the problem or unknown."""
    ctx, mark = exc.context_mark, exc.problem_mark
    if not exc.context or not exc.problem:
        return ""
    if ctx is None:
        return f" ({exc.context})"
    if mark is not None and (ctx.line, ctx.column) == (mark.line, mark.column):
        return ""
    where = f"line {ctx.line + 1}, column {ctx.column + 1}"
    opener = _char_at(text, ctx.line, ctx.column)
    if opener in _CLOSERS and ("flow" in exc.context or "quoted" in exc.context):
        return f"; the {opener!r} opened at {where} is never closed"
    return f" ({exc.context} that starts at {where})"


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
