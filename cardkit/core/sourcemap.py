"""Lazy source maps: turn a data path into ``line:col`` for the files that have findings.

The fast loader keeps no positions. When a check reports a problem at a pointer such as
``("cards", 12, "bars", 0, "answer", "value")``, the file is composed once more into a node tree
(C parser, no object construction) and the pointer is walked down it. Files without findings are
never composed twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from .diagnostics import Diagnostic, Pointer
from .loader import _safe_yaml
from .yaml_events import too_deep


@lru_cache(maxsize=4)
def compose(text: str) -> Node | None:
    """Compose YAML text into a node tree (``None`` when it cannot be parsed); the last few
    texts' trees are kept (the language server locates the findings of the same buffer twice
    per keystroke, and nothing changes a tree).

    Text nested deeper than the loader allows is refused before the C composer sees it (the
    composer recurses in C and would crash the process).
    """
    if too_deep(text):
        return None
    try:
        return _safe_yaml().compose(text)
    except (YAMLError, RecursionError, ValueError):
        return None


def locate(root: Node | None, pointer: Pointer, at: str = "value") -> tuple[int, int]:
    """Walk ``pointer`` down the tree; return the 1-based position of the deepest node reached.

    ``at="key"`` gives the position of the last mapping key rather than its value (used for
    unknown fields). A part that does not exist (a missing field) stops the walk at its parent.
    """
    if root is None:
        return 1, 1
    node: Node = root
    key_node: Node | None = None
    for part in pointer:
        child, key_node = _child(node, part)
        if child is None:
            key_node = None
            break
        node = child
    target = key_node if (at == "key" and key_node is not None) else node
    mark = target.start_mark
    return mark.line + 1, mark.column + 1


def _child(node: Node, part: Any) -> tuple[Node | None, Node | None]:
    if isinstance(node, MappingNode):
        wanted = str(part)
        for key, value in node.value:
            if str(getattr(key, "value", None)) == wanted:
                return value, key
        return None, None
    if isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return node.value[part], None
    return None, None


def resolve_locations(
    diagnostics: Iterable[Diagnostic], read_text: Callable[[str], str | None]
) -> list[Diagnostic]:
    """Fill in ``line``/``col`` of every unresolved diagnostic, composing each file once.

    ``read_text(file)`` returns the file's text (or ``None`` when it cannot be read again).
    """
    trees: dict[str, Node | None] = {}
    out: list[Diagnostic] = []
    for diag in diagnostics:
        if diag.located:
            out.append(diag)
            continue
        if diag.pointer is None:
            out.append(diag.with_position(1, 1))
            continue
        if diag.file not in trees:
            text = read_text(diag.file)
            trees[diag.file] = compose(text) if text is not None else None
        line, col = locate(trees[diag.file], diag.pointer, diag.at)
        out.append(replace(diag, line=line, col=col))
    return out
