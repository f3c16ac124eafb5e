"""Work markers left in content: ``TODO`` and ``FIXME`` in any text of any game, and a text
that opens with an editorial instruction — ``Reword:``, ``Rewrite:``, ``Revise:``, ``Verify:``,
``TBD:`` — an editor's note to the author that was never acted on (CK005). (Not ``XXX``: shapes
are drawn with ``X`` in grids.)

The scan runs over a file's parsed data, so it sees every string value — card texts, notes,
``basis``, sources, translations, glossary notes — whatever the game or its model, and it
reports files that fail their schema too. Keys are not texts, and neither are ids (``id:``
values) nor translation fingerprints (``src:``); YAML comments are the author's own and are not
read. A marker counts as a word, in any case: ``todo``, ``TODO:``, ``(FIXME)`` are found;
``todo-list`` and ``TODOS`` are not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .diagnostics import Diagnostic, Pointer, Severity

CODE = "CK005"
MARKER_RE = re.compile(r"(?<![\w-])(todo|fixme)(?![\w-])"
                       r"|^\W*(reword|rewrite|revise|verify|tbd)\s*:", re.IGNORECASE)
#: What :func:`may_hold_markers` looks for in a file's lower-cased text: a marker word where
#: it stands alone, an instruction word before a colon.
WORDS, WORD_AT = ("todo", "fixme"), re.compile(r"(?<![\w-])(?:todo|fixme)(?![\w-])")
OPENERS = ("reword", "rewrite", "revise", "verify", "tbd")
OPENER_AT = re.compile(r"(?:reword|rewrite|revise|verify|tbd)\s*:")
#: The characters besides ASCII that a case-insensitive :data:`MARKER_RE` takes for a
#: marker's letter (İ ı ſ K), which lower-casing does not turn into it.
FOLDS = ("\u0130", "\u0131", "\u017f", "\u212a")
BACKSLASH = "\\"
#: Keys whose values are never prose: stable ids and translation fingerprints.
NOT_TEXT = frozenset({"id", "src"})


def _strings(node: Any, path: Pointer) -> Iterator[tuple[Pointer, str]]:
    """Every string value under ``node`` with its path (keys under :data:`NOT_TEXT` skipped)."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in NOT_TEXT:
                yield from _strings(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, (*path, i))


def _object_id(data: Any, path: Pointer) -> str | None:
    """The id of the object a path lies in: an item's ``id``, or an overlay entry's key."""
    if len(path) > 1 and path[0] == "entries" and isinstance(path[1], str):
        return path[1]
    node, found = data, None
    for part in path:
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            found = node["id"]
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    return found


def markers(text: str) -> list[str]:
    """The work markers (``TODO``, ``FIXME``, an opening ``Reword:``…) a text holds, as
    written."""
    return [m.group(0).strip(" \t:('\"") + (":" if m.group(0).rstrip().endswith(":") else "")
            for m in MARKER_RE.finditer(text)]


def may_hold_markers(text: str | None) -> bool:
    """Whether the string values parsed from a file's ``text`` may hold a work marker:
    ``False`` only when the text spells none — no marker word standing alone, no instruction
    word before a colon, in any case — and has no backslash (an escape in a quoted scalar is
    the one way a parsed string holds letters its source does not spell out; folding joins
    lines with a space, an alias repeats what the file spells out, and a scalar's edges in the
    text are quotes, spaces and indicators, never a letter or a hyphen). ``None`` (the text is
    not at hand): ``True``. The words are found with ``str.find`` in the lower-cased text
    (a regular expression over the whole text took longer than the walk it saves)."""
    if text is None or BACKSLASH in text or any(c in text for c in FOLDS):
        return True
    low = text.lower()
    for words, at in ((WORDS, WORD_AT), (OPENERS, OPENER_AT)):
        for word in words:
            found = low.find(word)
            while found != -1:
                if at.match(low, found):
                    return True
                found = low.find(word, found + 1)
    return False


def todo_diagnostics(data: Any, file: str, text: str | None = None) -> list[Diagnostic]:
    """A CK005 warning at every string value of a file's data that holds ``TODO`` or
    ``FIXME`` (located lazily by its pointer, like every check's finding). ``text``: the file's
    text, when at hand — a file that cannot hold a marker (:func:`may_hold_markers`) is not
    walked."""
    if not may_hold_markers(text):
        return []
    out: list[Diagnostic] = []
    for path, text in _strings(data, ()):
        if not MARKER_RE.search(text):
            continue
        found = ", ".join(dict.fromkeys(markers(text)))
        if len(path) > 2 and path[0] == "entries":  # an overlay entry: its field's key
            field = str(path[2])
        else:
            field = next((str(p) for p in reversed(path) if isinstance(p, str)), "the text")
        out.append(Diagnostic(
            CODE, Severity.WARNING, f"{found} left in {field}: finish the text and remove the "
            "marker", file,
            object_id=_object_id(data, path), pointer=path))
    return out


def drop_superseded(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One root cause, one finding: a CK005 warning at the very place an error already points
    to (a ``TODO`` publisher is TER026 already) is dropped; located diagnostics only."""
    errors = {(d.file, d.line, d.col) for d in diagnostics
              if d.severity is Severity.ERROR and d.code != CODE}
    return [d for d in diagnostics
            if not (d.code == CODE and (d.file, d.line, d.col) in errors)]
