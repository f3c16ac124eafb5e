"""Evaluating gettext ``Plural-Forms`` expressions (C syntax) to pick a plural category.

``nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);``
A small recursive-descent parser; no ``eval``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

_TOKEN = re.compile(r"\s*(n|\d+|==|!=|<=|>=|&&|\|\||[<>%?:!()*/+-])")
Expr = Callable[[int], int]


class PluralExpressionError(ValueError):
    """The expression is not valid gettext plural syntax."""


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            raise PluralExpressionError(f"unexpected {text[pos:pos + 10]!r}")
        out.append(match.group(1))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.t, self.i = tokens, 0

    def peek(self) -> str | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise PluralExpressionError(f"expected {want or 'a token'}, got {tok!r}")
        self.i += 1
        return tok

    def ternary(self) -> Expr:
        cond = self.binary(0)
        if self.peek() == "?":
            self.take("?")
            yes = self.ternary()
            self.take(":")
            no = self.ternary()
            return lambda n: yes(n) if cond(n) else no(n)
        return cond

    LEVELS: tuple[tuple[str, ...], ...] = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="),
                                           ("+", "-"), ("*", "/", "%"))
    OPS: dict[str, Callable[[int, int], int]] = {
        "||": lambda a, b: int(bool(a) or bool(b)), "&&": lambda a, b: int(bool(a) and bool(b)),
        "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
        "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
        "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
        "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": lambda a, b: a // b if b else 0, "%": lambda a, b: a % b if b else 0,
    }

    def binary(self, level: int) -> Expr:
        if level == len(self.LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self.LEVELS[level]:
            op = self.OPS[self.take()]
            right = self.binary(level + 1)
            left = (lambda f, a, b: (lambda n: f(a(n), b(n))))(op, left, right)
        return left

    def unary(self) -> Expr:
        tok = self.take()
        if tok == "!":
            inner = self.unary()
            return lambda n: int(not inner(n))
        if tok == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if tok == "n":
            return lambda n: n
        if tok.isdigit():
            value = int(tok)
            return lambda n: value
        raise PluralExpressionError(f"unexpected {tok!r}")


@cache
def plural_function(header: str) -> Expr:
    """The index function of a ``Plural-Forms`` header value."""
    match = re.search(r"plural\s*=\s*(.+?);?\s*$", header)
    if not match:
        raise PluralExpressionError("no plural= in the header")
    parser = _Parser(_tokens(match.group(1).rstrip(";")))
    expr = parser.ternary()
    if parser.peek() is not None:
        raise PluralExpressionError(f"unexpected {parser.peek()!r}")
    return expr


def plural_category(header: str, categories: list[str], n: int) -> str:
    """The category (``one``, ``few``...) for ``n``, given the header and the category order."""
    index = plural_function(header)(n)
    return categories[min(max(index, 0), len(categories) - 1)]
