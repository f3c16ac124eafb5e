"""XLIFF inline codes: the game's tokens and markup as protected codes, and back.

Export turns a text into items (plain text and codes: ``{n}``/``[coin]`` tokens, standalone
tags, paired tags) and writes them as XLIFF 2.0 ``<ph>``/``<pc>``/``<sc>``/``<ec>`` with
``<originalData>``, or XLIFF 1.2 ``<x>``/``<ph>``/``<bpt>``/``<ept>``/``<it>``. Import reads every
inline element of a target back to exactly the text its code stands for (:class:`_Codes`); an
unknown element or a code that carries no text is a :class:`_Problem` located at its element.
See :mod:`cardkit.i18n.xliff` for the formats and states.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


from ..core.errors import UsageProblem
from .text import MARKUP_RE, TOKEN_RE

NS20 = "urn:oasis:names:tc:xliff:document:2.0"
NS12 = "urn:oasis:names:tc:xliff:document:1.2"
SAME_NOTE = "x-cardkit-same"
_CODE_RE = re.compile(f"{TOKEN_RE.pattern}|{MARKUP_RE.pattern}")
_TAG_NAME_RE = re.compile(r"</?\s*([a-zA-Z][a-zA-Z0-9]*)")
_NOT_XML_RE = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_CTYPES = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underlined",
           "br": "lb"}
TRANSLATED, EMPTY, FUZZY = "translated", "empty", "fuzzy"
_STATES_12 = {"translated": TRANSLATED, "signed-off": TRANSLATED, "final": TRANSLATED,
              "new": EMPTY, "needs-translation": EMPTY, "needs-review-translation": FUZZY,
              "needs-adaptation": FUZZY, "needs-l10n": FUZZY, "needs-review-adaptation": FUZZY,
              "needs-review-l10n": FUZZY}
_STATES_20 = ("initial", "translated", "reviewed", "final")
_SEGMENT, _IGNORABLE = f"{{{NS20}}}segment", f"{{{NS20}}}ignorable"
_T20 = {name: f"{{{NS20}}}{name}" for name in ("source", "target", "originalData", "data",
                                                "notes")}


# ---------------------------------------------------------------------------------- export --

@dataclass(slots=True)
class _Item:
    """A piece of inline code in a text: a token/standalone tag, or the start/end of a tag."""

    raw: str
    role: str  # "s" standalone, "b" begin, "e" end
    partner: int = -1  # index of the matching begin/end item
    split: bool = False  # part of an overlapping pair: exported as sc/ec
    id: str = ""


def _items(text: str) -> list[str | _Item]:
    """``text`` cut into plain text and inline codes, tag pairs matched (overlaps marked)."""
    out: list[str | _Item] = []
    stack: list[int] = []
    pos = 0
    if "[" not in text and "{" not in text and "<" not in text:
        return [text] if text else []
    for match in _CODE_RE.finditer(text):
        if match.start() > pos:
            out.append(text[pos: match.start()])
        raw = match.group(0)
        pos = match.end()
        if raw.startswith("<") and not raw.endswith("/>"):
            name = _TAG_NAME_RE.match(raw).group(1).lower()  # type: ignore[union-attr]
            item = _Item(raw, "e" if raw.startswith("</") else "b")
            out.append(item)
            if item.role == "b":
                stack.append(len(out) - 1)
                continue
            for depth in range(len(stack) - 1, -1, -1):
                opener = out[stack[depth]]
                assert isinstance(opener, _Item)
                if _TAG_NAME_RE.match(opener.raw).group(1).lower() == name:  # type: ignore
                    opener.partner, item.partner = len(out) - 1, stack[depth]
                    if depth != len(stack) - 1:  # closes over an open tag: they overlap
                        opener.split = item.split = True
                        for above in stack[depth + 1:]:
                            o = out[above]
                            assert isinstance(o, _Item)
                            o.split = True
                    del stack[depth]
                    break
        else:
            out.append(_Item(raw, "s"))
    if pos < len(text):
        out.append(text[pos:])
    for item in out if stack or any(isinstance(i, _Item) and i.split for i in out) else ():
        if isinstance(item, _Item) and item.split and item.partner >= 0:
            other = out[item.partner]
            assert isinstance(other, _Item)
            other.split = True
    return out


def _key(items: list[str | _Item], item: _Item) -> tuple[str, ...]:
    if item.role == "s" or item.partner < 0:
        return (item.role, item.raw)
    other = items[item.partner]
    assert isinstance(other, _Item)
    return ("p", item.raw, other.raw) if item.role == "b" else ("p", other.raw, item.raw)


def _number(source: list[str | _Item], target: list[str | _Item] | None) -> None:
    """Code ids 1..n in the source; a target code with the same text gets the source's id."""
    free: dict[tuple[str, ...], deque[str]] = defaultdict(deque)
    counter = 0
    for items, from_source in ((source, True), (target or [], False)):
        for item in items:
            if not isinstance(item, _Item) or item.id:
                continue
            key = _key(items, item)
            if not from_source and free[key]:
                item.id = free[key].popleft()
            else:
                counter += 1
                item.id = str(counter)
                if from_source:
                    free[key].append(item.id)
            if item.partner >= 0:
                other = items[item.partner]
                assert isinstance(other, _Item)
                other.id = item.id


def _esc(text: str, attr: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attr:
        text = text.replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")
        text = _NOT_XML_RE.sub("\ufffd", text)  # display attributes only: never read back
    return text.replace("\r", "&#13;")


def _chars(text: str, ns: str) -> str:
    """Element content; a character XML 1.0 cannot carry is a 2.0 ``<cp>`` (1.2 has none)."""
    if not _NOT_XML_RE.search(text):
        return _esc(text)
    if ns == NS12:
        bad = _NOT_XML_RE.search(text).group(0)  # type: ignore[union-attr]
        raise UsageProblem(f"character U+{ord(bad):04X} cannot be written to XLIFF 1.2; use "
                           "--format xliff (2.0)")
    return _NOT_XML_RE.sub(lambda m: f'<cp hex="{ord(m.group(0)):04X}"/>',
                           _esc(text))


def _inline(items: list[str | _Item], ns: str, data: dict[str, str]) -> str:
    """``items`` as element content with the inline codes of XLIFF ``ns``."""
    out: list[str] = []
    for item in items:
        if isinstance(item, str):
            out.append(_chars(item, ns))
            continue
        ref = data.setdefault(item.raw, f"d{len(data) + 1}")
        disp = _esc(item.raw, True)
        if ns == NS12:
            if item.role == "s" and TOKEN_RE.fullmatch(item.raw):
                out.append(f'<x id="{item.id}" ctype="x-cardkit-token" equiv-text="{disp}"/>')
                continue
            paired = item.role == "s" or item.partner >= 0
            tag = {"s": "ph", "b": "bpt", "e": "ept"}[item.role] if paired else "it"
            attrs = f' id="{item.id}"'
            if tag == "it":
                attrs += f' pos="{"open" if item.role == "b" else "close"}"'
            if item.role != "e":
                name = _TAG_NAME_RE.match(item.raw).group(1).lower()  # type: ignore[union-attr]
                attrs += f' ctype="{_CTYPES.get(name, "x-html-" + name)}"'
            out.append(f"<{tag}{attrs}>{_chars(item.raw, ns)}</{tag}>")
        elif item.role == "s":
            out.append(f'<ph id="{item.id}" dataRef="{ref}" disp="{disp}"/>')
        elif item.partner >= 0 and not item.split:
            if item.role == "b":
                end = items[item.partner]
                assert isinstance(end, _Item)
                end_ref = data.setdefault(end.raw, f"d{len(data) + 1}")
                out.append(f'<pc id="{item.id}" dataRefStart="{ref}" dataRefEnd="{end_ref}" '
                           f'dispStart="{disp}" dispEnd="{_esc(end.raw, True)}">')
            else:
                out.append("</pc>")
        else:
            ident = f'id="{item.id}"' if item.role == "b" or item.partner < 0 else \
                f'startRef="{item.id}"'
            isolated = ' isolated="yes"' if item.partner < 0 else ""
            out.append(f'<{"sc" if item.role == "b" else "ec"} {ident}{isolated} dataRef="{ref}" '
                       f'disp="{disp}"/>')
    return "".join(out)


# ---------------------------------------------------------------------------------- import --

class _Problem(Exception):
    """An error at an element (located later) that stops reading the current unit."""

    def __init__(self, el: Any, message: str, attr: str | None = None) -> None:
        super().__init__(message)
        self.el, self.message, self.attr = el, message, attr


def _local(el: Any) -> str:
    return el.tag.rpartition("}")[2] if isinstance(el.tag, str) else ""


def _ns(el: Any) -> str | None:
    tag = el.tag
    return tag[1:].partition("}")[0] if isinstance(tag, str) and tag[:1] == "{" else None


def _qname(el: Any) -> str:
    local = _local(el)
    return f"{el.prefix}:{local}" if el.prefix else local


@dataclass(slots=True)
class _Codes:
    """The inline codes of one unit: the source's texts by id and role, the unit's data."""

    ns: str
    data: dict[str, str] = field(default_factory=dict)
    known: dict[tuple[str, str], str] = field(default_factory=dict)
    target: bool = False

    def resolve(self, el: Any, key: str | None, role: str, own: str | None) -> str:
        """The text of a code: the source's (same id and role), else its own data."""
        if key is None:
            raise _Problem(el, f"<{_qname(el)}> has no id")
        if self.target and (key, role) in self.known:
            return self.known[(key, role)]
        if own is None:
            where = "is not in the source and has" if self.target else "has"
            raise _Problem(el, f"inline code <{_qname(el)} id={key!r}> {where} no original data")
        if not self.target:
            self.known[(key, role)] = own
        return own

    def ref(self, el: Any, attr: str) -> str | None:
        name = el.get(attr)
        if name is None:
            return None
        if name not in self.data:
            raise _Problem(el, f"{attr}={name!r} is not in the unit's <originalData>", attr)
        return self.data[name]


def _content(el: Any, codes: _Codes) -> str:
    """The game text of a ``<source>``/``<target>`` (or code) element's content."""
    if not len(el):
        return el.text or ""
    parts = [el.text or ""]
    handlers = _INLINE[codes.ns]
    for child in el:
        if isinstance(child.tag, str):
            handler = handlers.get(child.tag)
            if handler is None:
                raise _Problem(child, f"unknown inline element <{_qname(child)}>")
            parts.append(handler(child, codes))
        parts.append(child.tail or "")
    return "".join(parts)


def _native(el: Any) -> str | None:
    """A 1.2 code's native content (``None`` when empty: its text is somewhere else)."""
    return "".join(el.itertext()) or None


def _cp(el: Any, codes: _Codes) -> str:
    try:
        char = chr(int(el.get("hex", ""), 16))
    except (ValueError, OverflowError):
        char = "\ud800"
    if "\ud800" <= char <= "\udfff":
        raise _Problem(el, f"<cp hex={el.get('hex')!r}> is not a character", "hex")
    return char


def _ph20(el: Any, codes: _Codes) -> str:
    own = codes.ref(el, "dataRef")
    own = own if own is not None else el.get("equiv", el.get("disp"))
    return codes.resolve(el, el.get("id"), "s", own)


def _pc20(el: Any, codes: _Codes) -> str:
    missing = None if codes.target else ""  # a source tag pair without data is formatting
    start, end = codes.ref(el, "dataRefStart"), codes.ref(el, "dataRefEnd")
    key = el.get("id")
    return (codes.resolve(el, key, "b", missing if start is None else start)
            + _content(el, codes) + codes.resolve(el, key, "e", missing if end is None else end))


def _sc20(el: Any, codes: _Codes) -> str:
    own = codes.ref(el, "dataRef")
    return codes.resolve(el, el.get("id"), "b", "" if own is None and not codes.target else own)


def _ec20(el: Any, codes: _Codes) -> str:
    own = codes.ref(el, "dataRef")
    return codes.resolve(el, el.get("startRef", el.get("id")), "e",
                         "" if own is None and not codes.target else own)


def _x12(el: Any, codes: _Codes) -> str:
    return codes.resolve(el, el.get("id"), "s", el.get("equiv-text"))


def _ph12(el: Any, codes: _Codes) -> str:
    return codes.resolve(el, el.get("id"), "s", _native(el))


def _bpt12(el: Any, codes: _Codes) -> str:
    return codes.resolve(el, el.get("rid", el.get("id")), "b", _native(el))


def _ept12(el: Any, codes: _Codes) -> str:
    return codes.resolve(el, el.get("rid", el.get("id")), "e", _native(el))


def _it12(el: Any, codes: _Codes) -> str:
    pos = el.get("pos")
    if pos not in ("open", "close"):
        raise _Problem(el, f"<it> needs pos=\"open\" or \"close\", not {pos!r}", "pos")
    return codes.resolve(el, el.get("id"), "b" if pos == "open" else "e", _native(el))


def _bx12(el: Any, codes: _Codes) -> str:
    own = el.get("equiv-text", None if codes.target else "")
    return codes.resolve(el, el.get("rid", el.get("id")), "b", own)


def _ex12(el: Any, codes: _Codes) -> str:
    own = el.get("equiv-text", None if codes.target else "")
    return codes.resolve(el, el.get("rid", el.get("id")), "e", own)


def _g12(el: Any, codes: _Codes) -> str:
    key = el.get("id")
    own = None if codes.target else ""
    return (codes.resolve(el, key, "b", own) + _content(el, codes)
            + codes.resolve(el, key, "e", own))


_INLINE_20: dict[str, Callable[[Any, _Codes], str]] = {
    "ph": _ph20, "pc": _pc20, "sc": _sc20, "ec": _ec20, "cp": _cp,
    "mrk": _content, "sm": lambda el, codes: "", "em": lambda el, codes: ""}
_INLINE_12: dict[str, Callable[[Any, _Codes], str]] = {
    "x": _x12, "ph": _ph12, "bpt": _bpt12, "ept": _ept12, "it": _it12, "bx": _bx12,
    "ex": _ex12, "g": _g12, "mrk": _content}
_INLINE = {NS20: {f"{{{NS20}}}{k}": v for k, v in _INLINE_20.items()},
           NS12: {f"{{{NS12}}}{k}": v for k, v in _INLINE_12.items()}}
