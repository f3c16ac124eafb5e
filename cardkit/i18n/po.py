"""A strict, linear reader of gettext PO files (what ``cardkit i18n import`` reads).

One pass over the lines, no backtracking and no pairwise comparison: a 200,000-entry file reads
in seconds. Unlike a lenient parser it never drops characters: every line is a comment, a
keyword with one quoted string, a continuation string or blank, and anything else is an error
at its line and column. Limits are checked while reading, before a runaway value is built: a
line or a string longer than ``max_chars`` stops the read at the line where it passes the limit.

Supported: ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[N]``; comments ``#``
(translator), ``#.`` (extracted), ``#:`` (references), ``#,`` (flags), ``#|`` (previous
strings); obsolete entries ``#~`` are skipped. Escapes are gettext's: ``\\n \\t \\r \\a \\b
\\f \\v \\\\ \\"``, octal ``\\ooo`` and hex ``\\xhh``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Characters Python's ``splitlines`` (and so most PO tools written in Python) treat as line
#: ends besides ``\n``: inside a string they would cut the entry in two.
LINE_BREAKERS = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_STRING = r'"((?:[^"\\]|\\.)*)"'
_KEYWORD_RE = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)[ \t]+" + _STRING
                         + r"[ \t]*$")
_CONT_RE = re.compile(_STRING + r"[ \t]*$")
_OTHER_BREAKERS = re.compile("[\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_RANK = {"msgctxt": 0, "msgid": 1, "msgid_plural": 2, "msgstr": 3}
_ESCAPE_RE = re.compile(r"\\(?:([ntrabfv\\\"])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|(.))")
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
           "\\": "\\", '"': '"'}


@dataclass(slots=True)
class PoEntry:
    """One entry, with the line of each of its parts (1-based)."""

    line: int
    msgctxt: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: str | None = None
    msgstr_plural: dict[int, str] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # translator comments ("# ...")
    lines: dict[str, int] = field(default_factory=dict)  # keyword -> its line


@dataclass(frozen=True, slots=True)
class PoError:
    """A syntax error at a line and column."""

    line: int
    col: int
    message: str


@dataclass(slots=True)
class PoFile:
    """The entries of a PO file (the header entry apart) and its header fields."""

    entries: list[PoEntry] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)
    header_line: int = 0
    errors: list[PoError] = field(default_factory=list)


def _unescape(body: str, line: int, col: int, errors: list[PoError]) -> str:
    if "\\" not in body:
        return body

    def one(m: re.Match[str]) -> str:
        simple, octal, hexa, bad = m.groups()
        if simple is not None:
            return _SIMPLE[simple]
        if octal is not None:
            return chr(int(octal, 8))
        if hexa is not None:
            return chr(int(hexa, 16))
        errors.append(PoError(line, col + m.start(), f"unknown escape \\{bad}"))
        return m.group()
    return _ESCAPE_RE.sub(one, body)


def _header(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for row in text.split("\n"):
        name, sep, value = row.partition(":")
        if sep and name.strip():
            out[name.strip()] = value.strip()
    return out


def parse_po(text: str, max_chars: int, max_errors: int = 20) -> PoFile:
    """Read a PO file's text; syntax errors (at most ``max_errors``) are in ``errors``."""
    out = PoFile()
    errors = out.errors
    entry: PoEntry | None = None
    current: str | None = None  # the keyword whose string continuation lines extend
    length = 0
    parts: list[str] = []
    pending_comments: list[str] = []
    pending_flags: list[str] = []
    start: int | None = None  # the first comment line of the coming entry
    translated = False  # the current entry has its msgstr: a comment or keyword starts the next

    def finish() -> None:
        nonlocal entry, current
        store()
        if entry is not None:
            if entry.msgid is None:
                errors.append(PoError(entry.line, 1, "an entry without msgid"))
            elif entry.msgstr is None and not entry.msgstr_plural:
                errors.append(PoError(entry.lines.get("msgid", entry.line), 1,
                                      "msgid without msgstr"))
            elif entry.msgid == "" and entry.msgctxt is None and not out.header_line:
                out.metadata = _header(entry.msgstr or "")
                out.header_line = entry.lines.get("msgstr", entry.line)
            else:
                out.entries.append(entry)
        entry, current = None, None

    def store() -> None:
        nonlocal current
        if entry is None or current is None:
            return
        value = "".join(parts)
        if current.startswith("msgstr["):
            entry.msgstr_plural[int(current[7:-1])] = value
        else:
            setattr(entry, current, value)
        current = None

    # what most files never have is looked for once, in C, not on every line
    lines = text.split("\n")
    limit = max_chars + 40
    lengths = list(map(len, lines))
    stop_at = lengths.index(max(lengths)) + 1 if lengths and max(lengths) > limit else 0
    if stop_at:  # the first line over the limit, not merely the longest
        stop_at = next(i for i, n in enumerate(lengths, start=1) if n > limit)
    breakers = _OTHER_BREAKERS.search(text) is not None or "\r" in text
    number = 0
    last_rank = -1  # the rank (_RANK) of the current entry's last keyword
    for number, line in enumerate(lines, start=1):
        if len(errors) >= max_errors:
            break
        if number == stop_at:
            errors.append(PoError(number, 1, f"a line of {len(line):,} characters (a string is "
                                             f"at most {max_chars:,})"))
            break
        stripped = line.strip()
        if not stripped:
            if translated:
                finish()
                translated = False
            continue
        if stripped[0] == "#":
            kind = stripped[1:2]
            if kind == "~":
                continue  # obsolete entry
            if translated:
                finish()
                translated = False
            if start is None and entry is None:
                start = number
            if kind == ",":
                pending_flags.extend(f.strip() for f in stripped[2:].split(",") if f.strip())
            elif kind in ("", " "):
                pending_comments.append(stripped[2:])
            continue
        breaker = LINE_BREAKERS.search(line.removesuffix("\r")) if breakers else None
        if breaker is not None:
            errors.append(PoError(number, breaker.start() + 1,
                                  f"character U+{ord(breaker.group()):04X} breaks the line for PO "
                                  "tools; write it as an escape or remove it"))
            continue
        indent = len(line) - len(line.lstrip()) if line[0] in " \t" else 0
        if stripped[0] == '"':
            match = _CONT_RE.match(stripped)
            if match is None:
                errors.append(PoError(number, indent + 1, "unterminated string"
                                      if stripped.count('"') % 2 else "text after the string"))
                continue
            if current is None:
                errors.append(PoError(number, indent + 1, "a string with no keyword before it"))
                continue
            body = _unescape(match.group(1), number, indent + 2, errors)
            length += len(body)
            if length > max_chars:
                errors.append(PoError(number, indent + 1,
                                      f"a string of more than {max_chars:,} characters"))
                break
            parts.append(body)
            continue
        match = _KEYWORD_RE.match(stripped)
        if match is None:
            word = stripped.split(None, 1)[0]
            known = re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?", word)
            what = ("unterminated string" if stripped.count('"') % 2 else
                    "expected a keyword (msgctxt, msgid, msgstr...) and a quoted string"
                    if known or '"' not in stripped else f"unknown keyword {word[:20]!r}")
            errors.append(PoError(number, indent + 1, what))
            continue
        keyword = match.group(1)
        base = "msgstr" if keyword.startswith("msgstr[") else keyword
        if translated and base != "msgstr":
            finish()
            translated = False
        store()
        if entry is None:
            entry = PoEntry(start or number)
            entry.comments, entry.flags = pending_comments, pending_flags
            pending_comments, pending_flags, start = [], [], None
            last_rank = -1
        rank = _RANK[base]
        if keyword in entry.lines or rank < last_rank or (rank == last_rank and
                                                          base != "msgstr"):
            errors.append(PoError(number, indent + 1, f"{keyword} out of place (an entry is "
                                                      "msgctxt, msgid, msgid_plural, msgstr)"))
            continue
        if base == "msgstr" and "msgid" not in entry.lines:
            errors.append(PoError(number, indent + 1, f"{keyword} before msgid"))
            continue
        if keyword == "msgstr" and entry.msgid_plural is not None:
            errors.append(PoError(number, indent + 1, "msgstr in a plural entry; use "
                                                      "msgstr[0], msgstr[1]..."))
            continue
        if keyword.startswith("msgstr[") and "msgid_plural" not in entry.lines:
            errors.append(PoError(number, indent + 1, f"{keyword} without msgid_plural"))
            continue
        entry.lines[keyword] = number
        entry.lines.setdefault(base, number)
        last_rank = rank
        current = keyword
        translated = translated or base == "msgstr"
        body = _unescape(match.group(3), number, indent + len(keyword) + 3, errors)
        length = len(body)
        if length > max_chars:
            errors.append(PoError(number, indent + 1,
                                  f"a string of more than {max_chars:,} characters"))
            break
        parts = [body]
    else:
        finish()
    return out
