"""Line breaking for ``cardkit fmt``: where multi-line scalars and flow lists are wrapped.

:func:`wrap` is the one breaking rule. It fills lines greedily up to the width (counting the
indentation) and never leaves a single word on a line of a paragraph that needs more than one
line, unless no arrangement avoids it (a word too long for any line, or a paragraph of two
words that do not fit together). Among the arrangements with the fewest single-word lines and
the fewest lines it takes the greedy one: every line as full as the later lines allow.

:class:`ReflowEmitter` is ruamel.yaml's round-trip emitter with its wrapping replaced by
:func:`wrap` wherever a line break is a plain space in the value:

* plain scalars in block context, and **double- and single-quoted** scalars (a line break inside
  quotes folds to one space, as in a plain scalar; escapes are never split and the quote style
  is kept; quoted values holding line breaks are left to ruamel);
* folded block scalars (``>``, ``>-``): each paragraph (a run of normal lines) is rewrapped;
  blank lines and more-indented lines are written exactly as they are, the old line breaks are
  dropped (in a folded scalar they are spaces);
* flow sequences of single-line scalars in block context (``[a, b, c]``): continuation lines get
  one indent, the same one as plain scalars (two more than the key).

Literal block scalars (``|``) are never reflowed. Breaks are only made at a single space between
two non-space characters, and never before a word that could read as YAML syntax at the start
of a line; ``cardkit.core.fmt`` additionally checks that the data did not change.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml.emitter import RoundTripEmitter
from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, ScalarEvent
from ruamel.yaml.events import MappingEndEvent, MappingStartEvent, SequenceEndEvent
from ruamel.yaml.events import SequenceStartEvent, StreamEndEvent

WIDTH = 100
_BREAKS = "\n\r\x85\u2028\u2029"
#: Single spaces between two non-space characters: the only places a line may be broken.
_SPLIT = re.compile(r"(?<=\S) (?=\S)")
#: A plain-scalar continuation line must not start with something a parser could take as syntax.
_RISKY_START = tuple("-?:#,[]{}&*!|>'\"%@`")


def wrap(tokens: list[str], first: int, rest: int) -> list[list[str]]:
    """Break ``tokens`` (joined by single spaces) into lines.

    ``first`` is the room on the first line, ``rest`` on every further line (in characters).
    """
    if not tokens:
        return [[]]
    n = len(tokens)
    lengths = [len(t) for t in tokens]
    if sum(lengths) + n - 1 <= first:
        return [tokens]
    # best[i]: (single-word lines, lines) for tokens[i:], and where the line starting at i ends.
    best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    end = [n] * (n + 1)
    for i in range(n - 1, -1, -1):
        room = first if i == 0 else rest
        candidates = [i + 1]
        width = lengths[i]
        j = i + 1
        while j < n and width + 1 + lengths[j] <= room:
            width += 1 + lengths[j]
            j += 1
            candidates.append(j)
        chosen: tuple[int, int] | None = None
        for j in reversed(candidates):  # longest line first: ties keep the greedy choice
            after = best[j]
            cost = (after[0] + (1 if j - i == 1 else 0), after[1] + 1)
            if chosen is None or cost < chosen:
                chosen, end[i] = cost, j
        best[i] = chosen  # type: ignore[assignment]
    lines: list[list[str]] = []
    i = 0
    while i < n:
        lines.append(tokens[i:end[i]])
        i = end[i]
    return lines


def split_words(text: str, plain: bool = False) -> list[str]:
    """The breakable pieces of ``text``; with ``plain``, risky line starts stay glued on."""
    pieces = _SPLIT.split(text)
    if not plain:
        return pieces
    out: list[str] = []
    for piece in pieces:
        if out and piece.startswith(_RISKY_START):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def double_quoted_body(emitter: Any, text: str) -> str:
    """``text`` escaped as ruamel writes it between double quotes (without line breaks)."""
    out: list[str] = []
    for ch in text:
        if ch in '"\\\x85\u2028\u2029\ufeff' or not (
            "\x20" <= ch <= "\x7e" or (emitter.allow_unicode and (
                "\xa0" <= ch <= "\ud7ff" or "\ue000" <= ch <= "\ufffd"
                or "\U00010000" <= ch <= "\U0010ffff"))):
            if ch in emitter.ESCAPE_REPLACEMENTS:
                out.append("\\" + emitter.ESCAPE_REPLACEMENTS[ch])
            elif ch <= "\xff":
                out.append(f"\\x{ord(ch):02X}")
            elif ch <= "\uffff":
                out.append(f"\\u{ord(ch):04X}")
            else:
                out.append(f"\\U{ord(ch):08X}")
        else:
            out.append(ch)
    return "".join(out)


def folded_lines(content: str, room: int) -> list[str]:
    """Source lines (without indentation) of a folded block scalar whose value is ``content``.

    ``content`` is the value without the line break that clip/keep chomping adds. Reading the
    lines back folds each single line break between two normal lines (not starting with white
    space) into a space and keeps every other line break, so: a paragraph is wrapped with
    :func:`wrap`; between two paragraphs ``n`` line breaks take ``n`` blank lines; next to a
    more-indented line they take ``n - 1``; leading and trailing line breaks are blank lines.
    """
    segments = content.split("\n")
    lines: list[str] = []
    previous: str | None = None  # the last non-empty segment
    breaks = 0  # line breaks in the value since it
    for segment in segments:
        if previous is not None or not segment:
            breaks += 1
        if not segment:
            continue
        if previous is None:
            lines.extend([""] * breaks)  # leading line breaks
        else:
            both_normal = not previous[0].isspace() and not segment[0].isspace()
            lines.extend([""] * (breaks if both_normal else breaks - 1))
        if segment[0].isspace():
            lines.append(segment)
        else:
            lines.extend(" ".join(line) for line in wrap(split_words(segment), room, room))
        previous, breaks = segment, 0
    lines.extend([""] * breaks)  # kept trailing line breaks
    return lines


class ReflowEmitter(RoundTripEmitter):  # type: ignore[misc]
    """ruamel's round-trip emitter with :func:`wrap` deciding every soft line break."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._ck_flow: dict[str, Any] | None = None

    # -- helpers ---------------------------------------------------------------------------------

    def _ck_put(self, data: str) -> None:
        self.column += len(data)
        self.stream.write(data.encode(self.encoding) if self.encoding else data)

    def _ck_lines(self, lines: list[list[str]], closing: str = "") -> None:
        for k, line in enumerate(lines):
            if k:
                self.write_indent()
                self.whitespace = False
                self.indention = False
            data = " ".join(line)
            if closing and k == len(lines) - 1:
                data = data[: len(data) - len(closing)]
            self._ck_put(data)

    def _ck_simple(self, split: Any) -> bool:
        """Whether the scalar being written is a block-context value we may wrap."""
        return bool(split) and not self.flow_level and not self.root_context

    # -- scalars ---------------------------------------------------------------------------------

    def write_plain(self, text: Any, split: Any = True) -> None:
        if not text or not self._ck_simple(split) or any(b in text for b in _BREAKS):
            super().write_plain(text, split)
            return
        if not self.whitespace:
            self._ck_put(" ")
        self.whitespace = False
        self.indention = False
        indent = self.indent or 0
        self._ck_lines(wrap(split_words(text, plain=True), self.best_width - self.column,
                            self.best_width - indent))

    def write_double_quoted(self, text: Any, split: Any = True) -> None:
        if not self._ck_simple(split):
            super().write_double_quoted(text, split)
            return
        self.write_indicator('"', True)
        self._ck_quoted(double_quoted_body(self, text), '"')
        self.write_indicator('"', False)

    def write_single_quoted(self, text: Any, split: Any = True) -> None:
        if not self._ck_simple(split) or any(b in text for b in _BREAKS):
            super().write_single_quoted(text, split)
            return
        self.write_indicator("'", True)
        self._ck_quoted(text.replace("'", "''"), "'")
        self.write_indicator("'", False)

    def _ck_quoted(self, body: str, quote: str) -> None:
        if not body:
            return
        words = split_words(body)
        words[-1] += quote  # the closing quote must fit on the last line too
        indent = self.indent or 0
        self._ck_lines(wrap(words, self.best_width - self.column, self.best_width - indent),
                       closing=quote)

    def write_folded(self, text: Any, comment: Any) -> None:
        text = text.replace("\a", "")  # ruamel's marks of the old line breaks
        if not text.strip("\n") or any(b in text for b in _BREAKS[1:]):
            super().write_folded(text, comment)
            return
        hints, _, chomp = self.determine_block_hints(text)
        self.write_indicator(">" + hints + (comment if isinstance(comment, str) else ""), True)
        if chomp == "+":
            self.open_ended = True
        self.write_line_break()
        room = self.best_width - (self.indent or 0)
        for line in folded_lines(text if chomp == "-" else text[:-1], room):
            if line:
                self.write_indent()
                self._ck_put(line)
            self.write_line_break()

    # -- flow sequences --------------------------------------------------------------------------

    def need_more_events(self) -> bool:
        if self.events and isinstance(self.events[0], (SequenceStartEvent, MappingStartEvent)) \
                and self.events[0].flow_style:
            level = 0
            for event in self.events[1:]:
                if isinstance(event, CollectionStartEvent):
                    level += 1
                elif isinstance(event, (CollectionEndEvent, StreamEndEvent)):
                    level -= 1
                if level < 0:
                    return False
            return True
        return bool(super().need_more_events())

    def expect_flow_sequence(self, force_flow_indent: Any = False) -> None:
        outer = self.indent
        top = self.flow_level == 0 and not force_flow_indent
        super().expect_flow_sequence(force_flow_indent)
        self._ck_flow = None
        if not top:
            return
        self._ck_plan(outer, SequenceEndEvent, "]", 1)

    def _ck_plan(self, outer: int | None, end: type, close: str, per_item: int) -> None:
        """Decide where the flow collection just opened breaks: a line before which items."""
        scalars = self._ck_flow_items(end)
        if not scalars or len(scalars) % per_item:
            return
        items = [": ".join(scalars[k:k + per_item]) for k in range(0, len(scalars), per_item)]
        cont = (outer or 0) + self.best_map_indent
        words = [f"{item}," for item in items[:-1]] + [f"{items[-1]}{close}"]
        lines = wrap(words, self.best_width - self.column, self.best_width - cont)
        starts, at = set(), 0
        for line in lines:
            starts.add(at)
            at += len(line)
        self._ck_flow = {"starts": starts, "index": 0, "indent": cont}

    def _ck_flow_items(self, end: type) -> list[str] | None:
        """How each scalar of the flow collection about to be written will look, if all are
        simple (single-line scalars without anchors, tags or comments)."""
        items: list[str] = []
        for event in self.events:
            if isinstance(event, end):
                return items or None
            if not isinstance(event, ScalarEvent) or event.anchor or event.comment \
                    or not event.implicit[0] or any(b in event.value for b in _BREAKS):
                return None
            value = event.value
            if event.style == '"':
                items.append(f'"{double_quoted_body(self, value)}"')
            elif event.style == "'" or not value or \
                    not self.analyze_scalar(value).allow_flow_plain:
                items.append("'" + value.replace("'", "''") + "'")
            else:
                items.append(value)
        return None

    def expect_first_flow_sequence_item(self) -> None:
        plan = self._ck_flow
        if plan is None or isinstance(self.event, SequenceEndEvent):
            self._ck_flow = None
            super().expect_first_flow_sequence_item()
            return
        plan["index"] = 1
        self.states.append(self.expect_flow_sequence_item)
        self.expect_node(sequence=True)

    def _ck_next_item(self, plan: dict[str, Any], separator: str) -> None:
        """Write the separator before the next flow item, breaking the line where planned."""
        self.write_indicator(separator, False)
        if plan["index"] in plan["starts"]:
            saved, self.indent = self.indent, plan["indent"]
            try:
                self.write_indent()
            finally:
                self.indent = saved
        plan["index"] += 1

    def expect_flow_sequence_item(self) -> None:
        plan = self._ck_flow
        if plan is None or isinstance(self.event, SequenceEndEvent):
            self._ck_flow = None
            super().expect_flow_sequence_item()
            return
        self._ck_next_item(plan, self.flow_seq_separator)
        self.states.append(self.expect_flow_sequence_item)
        self.expect_node(sequence=True)

    # -- flow mappings (same plan: a break goes before a whole ``key: value`` pair) --------------

    def expect_flow_mapping(self, single: Any = False, force_flow_indent: Any = False) -> None:
        outer = self.indent
        top = self.flow_level == 0 and not force_flow_indent and not single
        super().expect_flow_mapping(single, force_flow_indent)
        self._ck_flow = None
        if top and self.flow_context and self.flow_context[-1] == "{":
            self._ck_plan(outer, MappingEndEvent, "}", 2)

    def expect_first_flow_mapping_key(self) -> None:
        plan = self._ck_flow
        if plan is None or isinstance(self.event, MappingEndEvent) or not self.check_simple_key():
            self._ck_flow = None
            super().expect_first_flow_mapping_key()
            return
        plan["index"] = 1
        self.states.append(self.expect_flow_mapping_simple_value)
        self.expect_node(mapping=True, simple_key=True)

    def expect_flow_mapping_key(self) -> None:
        plan = self._ck_flow
        if plan is None or isinstance(self.event, MappingEndEvent) or not self.check_simple_key():
            self._ck_flow = None
            super().expect_flow_mapping_key()
            return
        self._ck_next_item(plan, self.flow_map_separator)
        self.states.append(self.expect_flow_mapping_simple_value)
        self.expect_node(mapping=True, simple_key=True)
