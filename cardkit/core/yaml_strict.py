"""Where libyaml (``check``) is laxer than ruamel's round-trip parser (``fmt``): refuse, located.

``cardkit check`` reads files with libyaml, ``cardkit fmt`` with ruamel's pure-Python
round-trip parser, and the two disagree on a few inputs that libyaml accepts and ruamel refuses.
So that both commands accept exactly the same files, the loader refuses those inputs too, each
at its position (the test suite compares both parsers on mutated files):

* a tab outside a quoted or block scalar and outside a comment (``key:<tab>value``, a tab in
  a blank line, ``[1,<tab>2]``, a tab inside a plain scalar) — ``YML003``;
* a ``#`` straight after a block scalar indicator (``|#``: a comment needs a space) — ``YML001``;
* a block scalar whose first line holds only spaces, fewer than a line after it (ruamel takes
  the indentation from that line) — ``YML001``;
* a comment after a key whose plain value follows on the next line and is followed by a blank
  line (``key: # note`` / ``  value`` / blank: ruamel's comment handling fails) — ``YML001``.

All checks are text scans; the event stream is read once more only when a scan finds a
candidate, to tell scalars from structure (files without tabs and block-scalar oddities, nearly
all of them, cost one regular-expression search).
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from .yaml_events import _Parser

#: A block scalar indicator followed by ``#`` or by a line of spaces only (candidates).
_BLOCK_HINT = re.compile(r"[|>][-+0-9]*#|[|>][-+]?[ \t]*(?:#[^\n\r]*)?(?:\r\n?|\n) +(?:\r\n?|\n)")
_SPACE_LINE = re.compile(r"\n +\n")


def _block_hint(text: str) -> bool:
    """Whether ``text`` may hold a block-scalar oddity: a ``#`` after ``|``/``>`` (and chomping or
    indentation indicators), or a line of spaces only. Literal-led searches: fast."""
    if "\r" in text:
        return _BLOCK_HINT.search(text) is not None
    i = text.find("#")
    while i >= 0:
        j = i - 1
        while j >= 0 and text[j] in "-+0123456789":
            j -= 1
        if j >= 0 and text[j] in "|>":
            return True
        i = text.find("#", i + 1)
    return _SPACE_LINE.search(text) is not None


#: A comment straight after a key's colon (candidates for the comment-before-value problem).
_COMMENT_HINT = re.compile(r":[ \t]+#")


def disagreement(text: str) -> tuple[str, str, int, int] | None:
    """``(code, message, line, col)`` of the first input ``fmt``'s parser would refuse, or None.

    Call only on text libyaml parsed without error.
    """
    has_tab = "\t" in text
    hint = _block_hint(text)
    comment = _COMMENT_HINT.search(text)
    if not has_tab and not hint and comment is None:
        return None
    spans = _Spans(text, values=comment is not None)
    found: list[tuple[int, str, str]] = []
    for key_end, start, end in spans.values:
        if "#" in text[key_end:start] and "\n" in text[key_end:start] and \
                re.match(r"[ \t]*(?:#[^\n]*)?\n[ \t]*(?:\n|$)", text[end:]):
            found.append((start, "YML001", "a comment between a key and its value on the next "
                          "line, followed by a blank line, is misread by `cardkit fmt`; put the "
                          "comment above the key"))
            break
    if hint:
        block = _block_problem(text, spans)
        if block is not None:
            found.append(block)
    if has_tab:
        tab = _stray_tab(text, spans)
        if tab is not None:
            found.append((tab, "YML003",
                          "tab character outside a quoted or block scalar; use spaces"))
    if not found:
        return None
    index, code, message = min(found)
    line_start = text.rfind("\n", 0, index) + 1
    return code, message, text.count("\n", 0, index) + 1, index - line_start + 1


class _Spans:
    """Source spans of quoted and block scalars, and where block scalars start."""

    def __init__(self, text: str, values: bool = False) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.blocks: list[tuple[int, int]] = []  # (first index, index after the indicator line)
        #: with ``values``: (key end, value start, value end) of plain values of scalar keys in
        #: block mappings
        self.values: list[tuple[int, int, int]] = []
        stack: list[list[Any]] = []  # per open collection: [block mapping?, next is a key?, key end]
        get_event = _Parser(text).get_event
        try:
            while True:
                event: Any = get_event()
                cls = event.__class__
                if values:
                    top = stack[-1] if stack else None
                    if cls is MappingStartEvent or cls is SequenceStartEvent:
                        if top is not None and top[0]:
                            top[1], top[2] = not top[1], None
                        stack.append([cls is MappingStartEvent and not event.flow_style, True,
                                      None])
                    elif cls is MappingEndEvent or cls is SequenceEndEvent:
                        stack.pop()
                    elif top is not None and top[0]:
                        if top[1]:
                            top[2] = event.end_mark.index if cls is ScalarEvent else None
                        elif top[2] is not None and cls is ScalarEvent and event.style in ("", None):
                            self.values.append((top[2], event.start_mark.index,
                                                event.end_mark.index))
                        top[1] = not top[1]
                if cls is ScalarEvent:
                    style = event.style
                    if style in ("'", '"'):
                        self.starts.append(event.start_mark.index)
                        self.ends.append(event.end_mark.index)
                    elif style in ("|", ">"):
                        start = event.start_mark.index
                        brk = _BREAK.search(text, start)
                        body = brk.end() if brk else len(text)
                        self.blocks.append((start, body))
                        self.starts.append(body)  # the indicator line is not content
                        self.ends.append(event.end_mark.index)
                elif cls is StreamEndEvent:
                    break
        except YAMLError:
            pass

    def inside(self, index: int) -> bool:
        """Whether ``index`` lies in the content of a quoted or block scalar."""
        i = bisect.bisect_right(self.starts, index) - 1
        return i >= 0 and index < self.ends[i]


def _stray_tab(text: str, spans: _Spans) -> int | None:
    for match in re.finditer("\t", text):
        index = match.start()
        if spans.inside(index):
            continue
        line_start = text.rfind("\n", 0, index) + 1
        if not any(text[q] == "#" and (q == line_start or text[q - 1] in " \t")
                   and not spans.inside(q) for q in range(line_start, index)):
            return index
    return None


_HEADER = re.compile(r"[|>]([-+0-9]*)")
_BREAK = re.compile(r"\r\n?|\n")


def _block_problem(text: str, spans: _Spans) -> tuple[int, str, str] | None:
    for start, body in spans.blocks:
        header = _HEADER.search(text, start, body)
        if header is None:
            continue
        after = header.end()
        if after < len(text) and text[after] == "#":
            return (after, "YML001", "a comment after a block scalar indicator needs a space "
                    "before '#'")
        if any(c.isdigit() for c in header.group(1)):
            continue  # explicit indentation: no detection from the first lines
        if _first_line_misleads(text, body):
            return (body, "YML001", "the first line of this block scalar holds only spaces, "
                    "fewer than a line after it; remove the spaces (YAML readers disagree on "
                    "the indentation)")
    return None


def _first_line_misleads(text: str, i: int) -> bool:
    """ruamel's indentation detection: leading lines of spaces, the first one with spaces and a
    later one (or the first content line) indented further."""
    first_indent, max_indent, col, n = -1, 0, 0, len(text)
    while i < n and text[i] in " \r\n":
        if text[i] == " ":
            col += 1
            max_indent = max(max_indent, col)
            i += 1
        else:
            if first_indent < 0:
                first_indent = col
            i += 2 if text.startswith("\r\n", i) else 1
            col = 0
    return first_indent > 0 and max_indent > first_indent
