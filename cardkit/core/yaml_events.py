"""Python data straight from libyaml's event stream, with every budget enforced while parsing.

ruamel's C composer recurses in C without a depth check (deep nesting kills the process) and its
constructor expands merge keys and aliases before anything can be counted. This builder reads the
events of ruamel.yaml.clib's ``CParser`` one at a time and keeps its own explicit stack, so that

* nesting deeper than :data:`MAX_DEPTH` stops at the event that opens the level too many;
* every alias adds the expanded size of its anchor to a running total (measured in source
  characters: the anchored node's span plus whatever its own aliases added), and so do the pairs
  a merge key copies; a "billion laughs" file or a quadratic merge chain stops as soon as the
  total passes the budget, after O(events) work;
* an alias to an anchor that is still open is a recursive alias;
* duplicate keys, custom tags and scalars that cannot be converted (``2015-02-30``) are found at
  the event where they occur, with its position.

The data is the same as ruamel's stock safe loader gives for YAML 1.2 (a test compares both),
including merge keys (explicit keys win, earlier merged mappings win over later ones), complex
keys (a sequence key becomes a tuple), ``!!set``, ``!!omap``, ``!!pairs`` and ``!!binary``.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from ruamel.yaml.compat import ordereddict
from ruamel.yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.util import create_timestamp, timestamp_regexp

try:  # ruamel.yaml.clib: the C parser (libyaml)
    from _ruamel_yaml import CParser as _Parser
except ImportError:  # pragma: no cover - the pure-Python parser has the same event API
    from ruamel.yaml.parser import Parser as _PyParser
    from ruamel.yaml.reader import Reader as _Reader
    from ruamel.yaml.scanner import Scanner as _Scanner

    class _Parser:  # type: ignore[no-redef]
        """Adapter giving the pure parser the ``CParser(text)`` constructor."""

        def __init__(self, text: str) -> None:
            class _Loader:
                pass

            loader = _Loader()
            loader.reader = _Reader(text, loader=loader)  # type: ignore[attr-defined]
            loader.scanner = _Scanner(loader=loader)  # type: ignore[attr-defined]
            loader.parser = _PyParser(loader=loader)  # type: ignore[attr-defined]
            self._p = loader.parser  # type: ignore[attr-defined]

        def get_event(self) -> Any:
            return self._p.get_event()

#: Deepest nesting of sequences and mappings a content file may use.
MAX_DEPTH = 200
#: Aliases and merge keys may grow a document to this many times its size (in characters) ...
ALIAS_EXPANSION = 10
#: ... but always to at least this many characters.
ALIAS_MIN_BUDGET = 100_000

Y = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = Y + "str", Y + "seq", Y + "map"
_MERGE, _VALUE = Y + "merge", Y + "value"


class YamlProblem(Exception):
    """A located problem found while building: code, one-line message, 1-based line and col."""

    def __init__(self, code: str, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.code, self.message, self.line, self.col = code, message, line, col


def _at(code: str, message: str, mark: Any) -> YamlProblem:
    return YamlProblem(code, message, mark.line + 1, mark.column + 1)


def short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:int`` as ``!!int``; other tags unchanged."""
    return "!!" + tag[len(Y):] if tag.startswith(Y) else tag


# --- scalars -------------------------------------------------------------------------------

_BOOL = {"true": True, "false": False}
_INF = float("inf")


def _to_int(value: str) -> int:
    s = value.replace("_", "")
    sign = -1 if s[:1] == "-" else 1
    if s[:1] in "+-":
        s = s[1:]
    if s.startswith("0b"):
        return sign * int(s[2:], 2)
    if s.startswith("0x"):
        return sign * int(s[2:], 16)
    if s.startswith("0o"):
        return sign * int(s[2:], 8)
    return sign * int(s)


def _to_float(value: str) -> float:
    s = value.replace("_", "").lower()
    sign = -1 if s[:1] == "-" else 1
    if s[:1] in "+-":
        s = s[1:]
    if s == ".inf":
        return sign * _INF
    if s == ".nan":
        return float("nan")
    return sign * float(s)


def _to_timestamp(value: str) -> Any:
    match = timestamp_regexp.match(value)
    if match is None:
        raise ValueError("not a timestamp")
    return create_timestamp(**match.groupdict())


def _to_binary(value: str) -> bytes:
    try:
        return base64.decodebytes(value.encode("ascii"))
    except (UnicodeEncodeError, binascii.Error) as exc:
        raise ValueError(f"not base64 ({exc})") from None


_CONVERT: dict[str, Any] = {
    Y + "null": lambda v: None,
    Y + "bool": lambda v: _BOOL[v.lower()],
    Y + "int": _to_int,
    Y + "float": _to_float,
    Y + "timestamp": _to_timestamp,
    Y + "binary": _to_binary,
    _STR: str,
}
_WHAT = {Y + "timestamp": "date/time", Y + "int": "integer", Y + "float": "number",
         Y + "bool": "boolean", Y + "binary": "binary value"}


def _resolver_table() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """First character -> (tag, regexp) candidates of YAML 1.2 implicit resolution."""
    base = VersionedResolver(version=(1, 2)).versioned_resolver
    common = [(str(t), rx) for t, rx in base.get(None, [])]
    table = {str(k): [(str(t), rx) for t, rx in v] + common
             for k, v in base.items() if k is not None}
    table[""] = list(table.get("", [])) or common
    return table


_TABLE: dict[str, list[tuple[str, re.Pattern[str]]]] | None = None


def resolve_plain(value: str) -> str:
    """The tag ruamel's YAML 1.2 resolver gives a plain scalar."""
    global _TABLE  # noqa: PLW0603 - a table computed once, same for every caller
    table = _TABLE
    if table is None:
        table = _TABLE = _resolver_table()
    for tag, regexp in table.get(value[:1], ()):
        if regexp.match(value):
            return tag
    return _STR


def _convert(tag: str, value: str, mark: Any) -> Any:
    fn = _CONVERT.get(tag)
    if fn is None:
        if tag in (_SEQ, _MAP, Y + "omap", Y + "pairs", Y + "set"):
            raise _at("YML001", f"tag {short_tag(tag)} needs a collection, not the scalar "
                      f"{_clip(value)!r}", mark)
        raise _at("YML005", f"custom tag {short_tag(tag)!r} is not allowed", mark)
    try:
        return fn(value)
    except (ValueError, KeyError, OverflowError) as exc:
        what = _WHAT.get(tag, short_tag(tag))
        reason = str(exc).split("\n", 1)[0] if isinstance(exc, ValueError) else "not valid"
        raise _at("YML001", f"invalid {what} {_clip(value)!r}: {reason}", mark) from None


def _clip(value: str, n: int = 40) -> str:
    return value if len(value) <= n else value[: n - 3] + "..."


def _plain(value: str, mark: Any) -> Any:
    tag = resolve_plain(value)
    if tag is _STR or tag == _STR or tag == _MERGE or tag == _VALUE:
        return value
    return _convert(tag, value, mark)


# --- collections ---------------------------------------------------------------------------

_KNOWN = frozenset("set omap pairs seq map str int float bool null timestamp binary".split())
_BOMB = "aliases and merge keys expand this file past"
_NOKEY = object()  # a mapping waiting for its next key
_MERGEKEY = object()  # a mapping waiting for the value of its ``<<`` key
_OPEN = object()  # an anchor whose node is still being built


def _finish_tagged(tag: str, obj: Any, mark: Any) -> Any:
    """Apply an explicit collection tag (``!!set``, ``!!omap``, ...) at the collection's end."""
    is_map = isinstance(obj, dict)
    if tag == Y + "set" and is_map:
        return set(obj)
    if tag in (Y + "omap", Y + "pairs") and not is_map:
        pairs = []
        for item in obj:
            if not isinstance(item, dict) or len(item) != 1:
                raise _at("YML001", f"{short_tag(tag)} needs a sequence of one-pair mappings",
                          mark)
            pairs.append(next(iter(item.items())))
        if tag == Y + "pairs":
            return pairs
        omap = ordereddict()
        for key, value in pairs:
            if key in omap:
                raise _at("YML002", f"duplicate key {key!r} in {short_tag(tag)}", mark)
            omap[key] = value
        return omap
    if (tag == _SEQ and not is_map) or (tag == _MAP and is_map):
        return obj
    if tag.startswith(Y) and tag[len(Y):] in _KNOWN:
        kind = "mapping" if is_map else "sequence"
        raise _at("YML001", f"tag {short_tag(tag)} does not fit a {kind}", mark)
    raise _at("YML005", f"custom tag {short_tag(tag)!r} is not allowed", mark)


def _merged(explicit: dict[Any, Any], sources: list[dict[Any, Any]]) -> dict[Any, Any]:
    """YAML merge: explicit keys win; of the merged mappings, earlier ones win (ruamel order)."""
    out: dict[Any, Any] = {}
    for source in reversed(sources):
        out.update(source)
    out.update(explicit)
    return out


def build(text: str) -> Any:
    """Build the single document of ``text``; raise :class:`YamlProblem` for any problem.

    Parser errors of libyaml (``MarkedYAMLError``) propagate unchanged for the caller to
    classify. Returns ``None`` for a stream without a document.
    """
    get_event = _Parser(text).get_event
    budget = max(ALIAS_MIN_BUDGET, ALIAS_EXPANSION * len(text))
    limit = budget - len(text)
    extra = 0  # characters added by aliases and merges so far
    first_alias: Any = None
    anchors: dict[str, Any] = {}
    cache: dict[str, Any] = {}  # plain scalar -> value (all immutable)
    stack: list[tuple[Any, ...]] = []
    cur: Any = None  # the open collection (None at document level)
    is_map = False
    key: Any = _NOKEY
    merges: list[dict[Any, Any]] | None = None
    result: Any = None
    docs = 0
    miss = _NOKEY
    # every open collection's frame: (parent, parent_is_map, parent_key, parent_merges,
    # anchor, start_mark, extra_at_start, tag)

    while True:
        ev = get_event()
        cls = ev.__class__
        if cls is ScalarEvent:
            value = ev.value
            tag = ev.tag
            if tag is None or tag == "!":
                if ev.implicit[0]:
                    v = cache.get(value, miss)
                    if v is miss:
                        v = cache[value] = _plain(value, ev.start_mark)
                else:
                    v = value
            elif tag == _MERGE and is_map and key is _NOKEY:
                v = _MERGEKEY
            else:
                v = _convert(tag, value, ev.start_mark)
            if ev.anchor is not None:
                sm, em = ev.start_mark, ev.end_mark
                anchors[ev.anchor] = (v, em.index - sm.index + 1)
            obj_mark = None
        elif cls is MappingStartEvent or cls is SequenceStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _at("YML010", f"nesting deeper than {MAX_DEPTH} levels", ev.start_mark)
            anchor = ev.anchor
            tag = ev.tag
            if tag is not None and tag != "!" and tag != (_MAP if cls is MappingStartEvent
                                                          else _SEQ):
                if not (tag.startswith(Y) and tag[len(Y):] in _KNOWN):
                    raise _at("YML005", f"custom tag {short_tag(tag)!r} is not allowed",
                              ev.start_mark)
            else:
                tag = None
            if anchor is not None:
                anchors[anchor] = _OPEN
            stack.append((cur, is_map, key, merges, anchor, ev.start_mark, extra, tag))
            if cls is MappingStartEvent:
                cur, is_map = {}, True
            else:
                cur, is_map = [], False
            key, merges = _NOKEY, None
            continue
        elif cls is MappingEndEvent or cls is SequenceEndEvent:
            v = cur
            if merges is not None:
                v = _merged(v, merges)
            cur, is_map, key, merges, anchor, start_mark, extra0, tag = stack.pop()
            if tag is not None:
                v = _finish_tagged(tag, v, start_mark)
            if anchor is not None:
                anchors[anchor] = (v, ev.end_mark.index - start_mark.index + 1 + extra - extra0)
            obj_mark = start_mark
        elif cls is AliasEvent:
            found = anchors.get(ev.anchor)
            if found is None:
                raise _at("YML001", f"alias *{ev.anchor} refers to no anchor defined before it",
                          ev.start_mark)
            if found is _OPEN:
                raise _at("YML006", f"recursive alias: *{ev.anchor} refers to a node that "
                          "contains it", ev.start_mark)
            if first_alias is None:
                first_alias = ev.start_mark
            v, size = found
            extra += size
            if extra > limit:
                raise _at("YML006", f"{_BOMB} {budget:,} characters (a 'billion laughs' "
                          "document)", first_alias)
            obj_mark = ev.start_mark
        elif cls is DocumentStartEvent:
            docs += 1
            if docs > 1:
                raise _at("YML001", "syntax error: expected a single document in the stream, "
                          "but found another document", ev.start_mark)
            continue
        elif cls is StreamEndEvent:
            return result
        elif cls is DocumentEndEvent or cls is StreamStartEvent:
            continue
        else:  # pragma: no cover - libyaml emits no other events
            continue

        # attach the finished value ``v`` to the open collection
        if cur is None:
            result = v
        elif not is_map:
            cur.append(v)
        elif key is _NOKEY:
            if v is _MERGEKEY or (v.__class__ is str and v == "<<" and cls is ScalarEvent
                                  and tag is None and ev.implicit[0]):
                if merges is not None:
                    raise _at("YML002", "duplicate merge key '<<' in mapping", ev.start_mark)
                merges = []
                key = _MERGEKEY
                continue
            if v.__class__ is list:
                v = tuple(v)
            try:
                dup = v in cur
            except TypeError:
                raise _at("YML001", "a mapping (or a sequence holding one) cannot be a key",
                          obj_mark or ev.start_mark) from None
            if dup:
                raise _at("YML002", f"duplicate key {_clip(str(v))!r} in mapping",
                          obj_mark or ev.start_mark)
            key = v
        elif key is _MERGEKEY:
            sources = v if v.__class__ is list else [v]
            for source in sources:
                if not isinstance(source, dict):
                    raise _at("YML001", "merge key '<<' needs a mapping or a list of mappings",
                              obj_mark or ev.start_mark)
                extra += len(source)
            if extra > limit:
                raise _at("YML006", f"{_BOMB} {budget:,} characters (a 'billion laughs' "
                          "document)", first_alias or obj_mark or ev.start_mark)
            merges = sources if v.__class__ is list else [v]
            key = _NOKEY
        else:
            cur[key] = v
            key = _NOKEY


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests collections deeper than ``limit`` (or cannot be parsed).

    For callers of ruamel's C composer, which recurses in C without a depth check. Block
    nesting needs indentation, so within the file size limit only flow brackets can nest
    deeply: the events are read only when the text has more than ``limit`` brackets.
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    get_event = _Parser(text).get_event
    depth = 0
    try:
        while True:
            cls = get_event().__class__
            if cls is MappingStartEvent or cls is SequenceStartEvent:
                depth += 1
                if depth > limit:
                    return True
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                depth -= 1
            elif cls is StreamEndEvent:
                return False
    except Exception:  # noqa: BLE001 - a parser error: the composer would fail as well
        return True
