"""Reading a file a player types in for ``cardkit score`` (a map sheet, a tableau).

One path for every game: the hardened content reader (a regular file only, at most
``max_bytes``, never a device or a symbolic link to one), the decoder, the YAML loader with every
budget; each problem a located diagnostic with a one-line message of at most
:data:`MAX_MESSAGE` characters. Nothing here raises for bad input.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Severity

#: Longest message a score-sheet diagnostic prints (a message quotes the user's text).
MAX_MESSAGE = 300


def short(diag: Diagnostic) -> Diagnostic:
    """The diagnostic with its message on one line and at most :data:`MAX_MESSAGE` long."""
    message = " ".join(diag.message.split())
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 1] + "…"
    return diag if message == diag.message else replace(diag, message=message)


def read_user_yaml(path: Path, max_bytes: int) -> tuple[Any, str, str] | list[Diagnostic]:
    """``(data, text, display path)`` of a YAML file a user wrote, or its diagnostics."""
    from .discovery import FileProblem, read_content_bytes
    from .loader import decode, parse_text

    display = path.as_posix()
    if not os.path.lexists(path):
        return [Diagnostic("YML014", Severity.ERROR, "cannot read file: no such file", display,
                           1, 1)]
    raw = read_content_bytes(path, max_bytes)
    if isinstance(raw, FileProblem):
        return [short(raw.diagnostic(display))]
    text, problems = decode(raw, display)
    if text is None:
        return problems
    loaded = parse_text(text, display)
    if loaded.diagnostics:
        return [short(d) for d in loaded.diagnostics]
    return loaded.data, text, display
