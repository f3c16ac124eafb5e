"""Reading an XLIFF file's bytes as XML, safely, and placing problems at a line and column.

:func:`parse_xliff` refuses what a CAT-tool exchange file never needs: UTF-16 or a declared
encoding other than UTF-8, any ``<!DOCTYPE>`` (so any ``<!ENTITY>``: billion laughs, external
entities), and parses with ``XMLParser(resolve_entities=False, no_network=True,
huge_tree=False)`` (elements nest at most 256 deep); each refusal is an error in the import plan
with its position. :func:`locate_problems` gives each problem's element (or attribute) its line
and column in the file's text, which libxml2 alone cannot. See :mod:`cardkit.i18n.xliff` for the
formats.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from .exchange import ImportPlan, _err
from .xliff_codes import _Problem, _qname


def locate_problems(text: str, root: Any, problems: list[_Problem]) -> dict[int, tuple[int, int]]:
    """Line and column of each problem's element (or attribute), in one pass over the text.

    libxml2 gives an element's line only (the line where its start tag ends); elements come
    in document order, so each ``<name`` is found after the previous one.
    """
    wanted = {id(p.el): p for p in problems}
    found: dict[int, tuple[int, int]] = {}
    cursor, line, line_start = 0, 1, 0
    for node in root.iter():
        if not wanted:
            break
        if isinstance(node.tag, str):
            needle = "<" + _qname(node)
            at = text.find(needle, cursor)
            while at >= 0 and text[at + len(needle): at + len(needle) + 1] not in \
                    (" ", "\t", "\r", "\n", "/", ">"):
                at = text.find(needle, at + 1)
        else:
            needle = "<!--" if node.tag is etree.Comment else "<?"
            at = text.find(needle, cursor)
        if at < 0:
            continue
        nl = text.rfind("\n", cursor, at)
        line += text.count("\n", cursor, at)
        line_start = nl + 1 if nl >= 0 else line_start
        cursor = at + len(needle)
        if not isinstance(node.tag, str):
            end = text.find("-->" if node.tag is etree.Comment else "?>", cursor)
            if end >= 0:
                line += text.count("\n", cursor, end)
                nl = text.rfind("\n", cursor, end)
                line_start = nl + 1 if nl >= 0 else line_start
                cursor = end
            continue
        problem = wanted.pop(id(node), None)
        if problem is None:
            continue
        if line > (node.sourceline or line):
            found[id(node)] = (node.sourceline or 1, 1)
            continue
        pos, at_line, at_start = at, line, line_start
        if problem.attr:
            tag_end = text.find(">", at)
            attr = re.compile(rf"\s{re.escape(problem.attr)}\s*=").search(text, at, tag_end)
            if attr:
                pos = attr.start() + 1
                at_line += text.count("\n", at, pos)
                nl = text.rfind("\n", at, pos)
                at_start = nl + 1 if nl >= 0 else at_start
        found[id(node)] = (at_line, pos - at_start + 1)
    for key, problem in wanted.items():
        found[key] = (problem.el.sourceline or 1, 1)
    return found


_PROLOG_RE = re.compile(r"\s+|<\?.*?\?>|<!--.*?-->", re.DOTALL)
_ENCODING_RE = re.compile(r"""<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


def parse_xliff(raw: bytes, display: str, plan: ImportPlan) -> tuple[str, Any] | None:
    """The file's text and root element, or ``None`` with the error added to ``plan``."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        plan.errors.append(_err(display, 1, "XLIFF file is UTF-16; save it as UTF-8"))
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = raw[: exc.start]
        col = len(head[head.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        plan.errors.append(_err(display, head.count(b"\n") + 1, "XLIFF file is not UTF-8 "
                                f"(byte 0x{raw[exc.start]:02x})", col))
        return None
    pos = 1 if text.startswith("\ufeff") else 0
    declared = _ENCODING_RE.match(text, pos)
    if declared and declared.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
        plan.errors.append(_err(display, 1, f"XLIFF file declares encoding "
                                            f"{declared.group(1)!r}; only UTF-8 is read",
                                declared.start(1) + 1))
        return None
    while (match := _PROLOG_RE.match(text, pos)) and match.end() > pos:
        pos = match.end()
    if text.startswith("<!DOCTYPE", pos):
        line, col = _line_col(text, pos)
        plan.errors.append(_err(display, line, "XLIFF file has a <!DOCTYPE> (entity "
                                               "declarations are refused)", col))
        return None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                             remove_blank_text=False, load_dtd=False)
    try:
        root = etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (1, 1)
        message = re.sub(r",? line \d+, column \d+$", "", exc.msg or "not XML")
        if message.startswith("Excessive depth"):
            message = "elements nested more than 256 deep"
        plan.errors.append(_err(display, line or 1, f"malformed XLIFF: {message}", col or 1))
        return None
    if root.getroottree().docinfo.doctype:  # pragma: no cover - refused above
        plan.errors.append(_err(display, 1, "XLIFF file has a <!DOCTYPE>"))
        return None
    return text, root
