"""``cardkit fmt``: canonical formatting of content files.

A file is formatted only when check's loader accepts it (the same located finding is reported
otherwise, e.g. for a file over the size limit). It is round-tripped through ruamel.yaml's
round-trip loader, which keeps comments, key order, quoting and flow/block style, and dumped
with one indentation style (2 spaces, list dashes indented by 2), the schema modeline as the
only first line (duplicates are dropped), LF line ends and one final newline. Then:

* multi-line and overlong plain, quoted and folded scalars and flow lists are rewrapped to
  100 columns with no single-word lines (:mod:`cardkit.core.reflow`; literal ``|`` blocks are
  never touched);
* full-line comments are aligned with the line that follows them (the key they describe);
* trailing whitespace, and tabs in whitespace-only lines, are removed outside block scalars.

**Meaning never changes**: the output is parsed again with check's loader and must give exactly
the data of the input (same values, same types) and must format to itself; otherwise the file is
left alone and a located ``FMT001`` error says where the value would change. Files are written
atomically and only when they change.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import ScalarEvent

from .content import LOCALES_DIR, MODELINE_RE, default_parse, schema_for
from .diagnostics import Diagnostic, Severity
from .discovery import DEFAULT_MAX_BYTES, SourceFile, discover
from .loader import LoadResult, _safe_yaml, parse_text
from .modeline import default_schemas_dir, modeline_for
from .outputs import OutputProblem, write_content_files
from .reflow import WIDTH, ReflowEmitter
from .registry import get_game
from .sourcemap import compose, locate

__all__ = ["WIDTH", "FmtResult", "FormatRefused", "format_game", "format_locales", "format_text",
           "load_source", "modeline_for"]

MAX_FILE_BYTES = DEFAULT_MAX_BYTES
_TRAILING_BLANK = re.compile(r"[ \t]+$", re.M)


class FormatRefused(ValueError):
    """Formatting would change what the file means (or is not stable); nothing is written."""

    def __init__(self, message: str, line: int = 1, col: int = 1) -> None:
        super().__init__(message)
        self.line, self.col = line, col


def _rt_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = WIDTH
    yaml.preserve_quotes = True
    yaml.allow_duplicate_keys = False
    yaml.Emitter = ReflowEmitter
    return yaml


def load_source(source: SourceFile) -> tuple[bytes | None, LoadResult]:
    """What ``fmt`` may format of a discovered file: its bytes, or check's located finding.

    Files are read by :func:`~cardkit.core.discovery.discover` exactly as ``cardkit check``
    reads them (regular files only, at most ``MAX_FILE_BYTES + 1`` bytes from the stream, links
    kept inside the content folder) and parsed with check's loader; anything check rejects is
    refused with the same diagnostic. Returns ``(raw, result)``, ``raw`` ``None`` when refused.
    """
    loaded = default_parse(source)
    return (source.raw if loaded.ok else None), loaded


# -- formatting one text --------------------------------------------------------------------------

def format_text(text: str, modeline: str | None) -> str:
    """Canonical form of YAML text.

    Raises ``YAMLError`` when it does not parse and :class:`FormatRefused` when formatting would
    change its data (as check's loader reads it) or would not be stable.
    """
    before = parse_text(text.removeprefix("\ufeff"), "<text>")
    if not before.ok:
        raise YAMLError(before.diagnostics[0].message if before.diagnostics else "no document")
    once = _format(text, modeline)
    if once == text:  # already canonical: same data, and formatting it again gives itself
        return once
    _require_same(before.data, once, text)
    if _format(once, modeline) != once:
        raise FormatRefused("formatting is not stable for this file; it was left as it is")
    return once


def _normalise(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")


def _format(text: str, modeline: str | None) -> str:
    text = _drop_modelines(_normalise(text))
    text = _clean_whitespace(text)
    yaml = _rt_yaml()
    data = yaml.load(text)
    _unflow_long(data, 0, 0)
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    body = _layout(buffer.getvalue().rstrip("\n") + "\n")
    return f"{modeline}\n{body}" if modeline else body


def _flow_len(node: Any) -> int:
    """The length of ``node`` written on one line in flow style (a close estimate: quotes are
    counted where a plain scalar could not stand)."""
    if isinstance(node, dict):
        parts = [len(str(k)) + 2 + _flow_len(v) for k, v in node.items()]
        return 2 + sum(parts) + 2 * max(len(parts) - 1, 0)
    if isinstance(node, list):
        parts = [_flow_len(v) for v in node]
        return 2 + sum(parts) + 2 * max(len(parts) - 1, 0)
    text = "null" if node is None else str(node).lower() if isinstance(node, bool) else str(node)
    risky = not text or text[0] in "-?:#,[]{}&*!|>'\"%@`" or ": " in text or " #" in text \
        or "," in text or "{" in text or "}" in text or "[" in text or "]" in text
    return len(text) + (2 if risky else 0)


def _unflow_long(node: Any, depth: int, lead: int) -> None:
    """Turn a flow mapping (or a flow list holding collections) that would not fit on its line
    into block style, so the emitter never breaks it between a key and its value; lists of
    scalars stay in flow style (the reflow wraps them). ``depth`` counts the block levels
    around the node (two columns each), ``lead`` the characters before it on its line."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if not isinstance(node, (CommentedMap, CommentedSeq)):
        return
    flow = node.fa.flow_style()
    nested = any(isinstance(v, (dict, list)) for v in
                 (node.values() if isinstance(node, dict) else node))
    if flow and (isinstance(node, dict) or nested) and \
            2 * depth + lead + _flow_len(node) > WIDTH:
        node.fa.set_block_style()
        flow = False
    if flow:
        return
    items = node.items() if isinstance(node, dict) else ((None, v) for v in node)
    for key, value in items:
        _unflow_long(value, depth + 1, len(str(key)) + 2 if key is not None else 2)


def _drop_modelines(text: str) -> str:
    """Remove every modeline from the leading block of comments (a new one is written)."""
    lines = text.split("\n")
    keep: list[str] = []
    leading = True
    for line in lines:
        stripped = line.strip()
        if leading and stripped and not stripped.startswith("#"):
            leading = False
        if leading and MODELINE_RE.match(stripped):
            continue
        keep.append(line)
    return "\n".join(keep)


def _block_lines(text: str) -> tuple[set[int], set[int]]:
    """0-based lines holding the content of block scalars, and of any multi-line scalar.

    Raises ``YAMLError`` when check's (C) parser cannot read ``text``.
    """
    block: set[int] = set()
    inside: set[int] = set()
    for event in _safe_yaml().parse(text):
        if not isinstance(event, ScalarEvent):
            continue
        start, end = event.start_mark, event.end_mark
        last = end.line - 1 if end.column == 0 else end.line
        if last > start.line:
            lines = range(start.line + 1, last + 1)
            inside.update(lines)
            if event.style in ("|", ">"):
                block.update(lines)
    return block, inside


def _clean_whitespace(text: str) -> str:
    """Drop trailing blanks (and tab-only blank lines) outside block scalars.

    ruamel's round-trip parser refuses a tab in a whitespace-only line that check accepts; such
    blanks carry no meaning outside block scalars. A blank kept after a backslash (an escape in a
    double-quoted scalar) stays.
    """
    if not _TRAILING_BLANK.search(text):
        return text
    try:
        block, _ = _block_lines(text)
    except (YAMLError, RecursionError, ValueError):
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i not in block:
            lines[i] = _rstrip(line, " \t")
    return "\n".join(lines)


def _rstrip(line: str, chars: str) -> str:
    stripped = line.rstrip(chars)
    return line if stripped != line and stripped.endswith("\\") else stripped


def _layout(body: str) -> str:
    """Align full-line comments with the line after them; drop trailing spaces (not in blocks)."""
    try:
        block, inside = _block_lines(body)
    except (YAMLError, RecursionError, ValueError):
        return body
    lines = body.split("\n")
    following: int | None = None  # indentation of the next line that is neither blank nor comment
    for i in range(len(lines) - 1, -1, -1):
        if i in block:
            following = None if not lines[i].strip() else following
            continue
        line = _rstrip(lines[i], " ")
        text = line.lstrip(" ")
        if i in inside or not text:
            lines[i] = line
            continue
        if text.startswith("#"):
            if following is not None:
                line = " " * following + text
        else:
            following = len(line) - len(text)
        lines[i] = line
    return "\n".join(lines)


# -- the safety net ------------------------------------------------------------------------------

def _require_same(before: Any, formatted: str, original: str) -> None:
    """Raise :class:`FormatRefused` unless ``formatted`` loads to exactly ``before``."""
    after = parse_text(formatted, "<formatted>")
    if not after.ok:
        problem = after.diagnostics[0].message if after.diagnostics else "no document"
        raise FormatRefused(f"formatting would make the file unreadable ({problem}); "
                            "it was left as it is")
    where = _difference(before, after.data, ())
    if where is None:
        return
    line, col = locate(compose(original.removeprefix("\ufeff")), where)
    shown = ".".join(str(p) for p in where) or "the document"
    raise FormatRefused(f"formatting would change the value of {shown}; the file was left as it "
                        "is (please report this)", line, col)


def _difference(a: Any, b: Any, path: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The path of the first place where ``a`` and ``b`` differ in value or type."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        keys_a, keys_b = list(a), list(b)
        if len(keys_a) != len(keys_b) or any(
                type(x) is not type(y) or x != y for x, y in zip(keys_a, keys_b)):
            return path
        for key in keys_a:
            found = _difference(a[key], b[key], (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path
        for i, (x, y) in enumerate(zip(a, b)):
            found = _difference(x, y, (*path, i))
            if found is not None:
                return found
        return None
    same = a == b or (a != a and b != b)  # NaN equals NaN here
    return None if same else path


# -- formatting content folders ------------------------------------------------------------------

@dataclass(slots=True)
class FmtResult:
    """Files that changed (or would change), and files that could not be formatted."""

    changed: list[str] = field(default_factory=list)
    unchanged: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)


def format_game(game: str, content_dir: Path, schemas_dir: Path | None,
                check_only: bool) -> FmtResult:
    """Format (or with ``check_only`` only compare) every content file of a game.

    ``schemas_dir=None`` points modelines at :func:`~cardkit.core.modeline.default_schemas_dir`.
    """
    spec = get_game(game)
    return _format_all(content_dir, game, lambda rel: schema_for(spec, rel), schemas_dir,
                       check_only)


def format_locales(content_dir: Path, schemas_dir: Path | None, check_only: bool) -> FmtResult:
    """Format the locale definitions in ``content/locales/``."""
    return _format_all(content_dir, LOCALES_DIR, lambda rel: schema_for(None, rel), schemas_dir,
                       check_only)


def _format_all(content_dir: Path, folder: str, schema: Callable[[str], str | None],
                schemas_dir: Path | None, check_only: bool) -> FmtResult:
    result = FmtResult()
    schemas = schemas_dir if schemas_dir is not None else default_schemas_dir(content_dir)
    for source in discover(content_dir, folder, MAX_FILE_BYTES):
        path, display = source.path, source.display
        raw, loaded = load_source(source)
        if raw is None:
            result.diagnostics.extend(loaded.diagnostics)
            continue
        want = schema(source.relpath)
        folder = schemas if schemas_dir is not None else default_schemas_dir(content_dir, want)
        modeline = modeline_for(path, folder / want) if want else None
        new = _format_one(raw, modeline, display, result)
        if new is None:
            continue
        if new.encode("utf-8") == raw:
            result.unchanged += 1
            continue
        if not check_only:
            try:  # as every content write: a symbolic link is written through to its target
                write_content_files({path: new}, content_dir)
            except OutputProblem as exc:
                result.diagnostics.append(_error("YML001", f"cannot write file: {exc}", display))
                continue
            except OSError as exc:
                result.diagnostics.append(_error("YML001", f"cannot write file: {exc.strerror}",
                                                 display))
                continue
        result.changed.append(display)
    return result


def _format_one(raw: bytes, modeline: str | None, display: str, result: FmtResult) -> str | None:
    try:
        return format_text(raw.decode("utf-8"), modeline)
    except FormatRefused as exc:
        result.diagnostics.append(_error("FMT001", str(exc), display, exc.line, exc.col))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        result.diagnostics.append(_error("YML001", f"cannot format: {exc.problem or exc}",
                                         display, line, col))
    except (YAMLError, RecursionError, ValueError) as exc:
        first = str(exc).strip().split("\n", 1)[0]
        result.diagnostics.append(_error("YML001", f"cannot format: {first}", display))
    return None


def _error(code: str, message: str, display: str, line: int = 1, col: int = 1) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, display, line, col)
