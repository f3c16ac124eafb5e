"""``cardkit fmt``: canonical formatting of content files.

Round-trips each file through ruamel.yaml's round-trip loader, which keeps comments, key order,
quoting and flow/block style, and dumps it with one indentation style (2 spaces, list dashes
indented by 2), the schema modeline as the first line, LF line ends and one final newline.
The result is idempotent; files are written atomically and only when they change. Files that do
not parse are reported and left alone.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .atomic import write_text_atomic
from .content import LOCALES_DIR, MODELINE_RE, schema_for
from .diagnostics import Diagnostic
from .discovery import SourceFile, discover
from .loader import parse_bytes
from .registry import get_game

WIDTH = 100


def _rt_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = WIDTH
    yaml.preserve_quotes = True
    yaml.allow_duplicate_keys = False
    return yaml


def modeline_for(path: Path, schema: Path) -> str:
    """The modeline naming ``schema`` relative to the file at ``path``."""
    rel = os.path.relpath(schema.resolve(), path.resolve().parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


def format_text(text: str, modeline: str | None) -> str:
    """Canonical form of YAML text (raises ``YAMLError`` when it does not parse)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")
    first, _, rest = text.partition("\n")
    if MODELINE_RE.match(first):
        text = rest
    yaml = _rt_yaml()
    data = yaml.load(text)
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    body = _strip_trailing_spaces(buffer.getvalue().rstrip("\n") + "\n")
    return f"{modeline}\n{body}" if modeline else body


def _strip_trailing_spaces(body: str) -> str:
    """Drop the spaces ruamel leaves where it wraps plain scalars, unless they carry meaning.

    Trailing spaces are insignificant at a plain scalar's line fold but are content inside a
    literal block; the stripped text is kept only when it loads to the same data.
    """
    stripped = "\n".join(line.rstrip(" ") for line in body.split("\n"))
    if stripped == body:
        return body
    safe = YAML(typ="safe", pure=False)
    return stripped if safe.load(stripped) == safe.load(body) else body


@dataclass(slots=True)
class FmtResult:
    """Files that changed (or would change), and files that could not be formatted."""

    changed: list[str] = field(default_factory=list)
    unchanged: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)


def format_game(game: str, content_dir: Path, schemas_dir: Path, check_only: bool) -> FmtResult:
    """Format (or with ``check_only`` only compare) every content file of a game."""
    spec = get_game(game)
    return _format_all(discover(content_dir, game),
                       lambda s: schema_for(spec, s.relpath), schemas_dir, check_only)


def format_locales(content_dir: Path, schemas_dir: Path, check_only: bool) -> FmtResult:
    """Format the locale definitions in ``content/locales/``."""
    return _format_all(discover(content_dir, LOCALES_DIR), lambda s: schema_for(None, s.relpath),
                       schemas_dir, check_only)


def _format_all(sources: list[SourceFile], schema: Callable[[SourceFile], str | None],
                schemas_dir: Path, check_only: bool) -> FmtResult:
    result = FmtResult()
    for source in sources:
        rel = schema(source)
        modeline = modeline_for(source.path, schemas_dir / rel) if rel else None
        new = _format_source(source, modeline, result)
        if new is None:
            continue
        if new.encode("utf-8") == source.raw:
            result.unchanged += 1
            continue
        result.changed.append(source.display)
        if not check_only:
            write_text_atomic(source.path, new)
    return result


def _format_source(source: SourceFile, modeline: str | None, result: FmtResult) -> str | None:
    loaded = parse_bytes(source.raw, source.display)
    if loaded.diagnostics:
        result.diagnostics.extend(loaded.diagnostics)
        return None
    try:
        return format_text(source.raw.decode("utf-8"), modeline)
    except (YAMLError, RecursionError, ValueError) as exc:
        result.diagnostics.append(Diagnostic.from_dict({
            "code": "YML001", "severity": "error", "message": f"cannot format: {exc}",
            "file": source.display, "line": 1, "col": 1, "object_id": None}))
        return None
