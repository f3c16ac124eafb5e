"""gettext ``Plural-Forms`` rules: a bounded parser and evaluator (no ``eval``).

``nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);``

The grammar is gettext's own (``plural.y``): ``n``, decimal integers, ``( )``, ``!``,
``* / %``, ``+ -``, ``< > <= >=``, ``== !=``, ``&&``, ``||`` and ``?:`` (right-associative),
nothing else. Every input is bounded before it is used: at most :data:`MAX_CHARS` characters,
:data:`MAX_TOKENS` tokens, :data:`MAX_DEPTH` levels of nesting (parentheses, ``!``, ``?:``),
integers up to :data:`MAX_INT`, ``nplurals`` from 1 to :data:`MAX_PLURALS`; a divisor that is
always 0 is refused where it is written. Each problem is a :class:`PluralExpressionError`
carrying the offset of the character where it was found, never another exception.

gettext computes with unsigned integers; :meth:`PluralForms.check` evaluates a rule on given
numbers the way ``msgfmt --check`` does and reports a division by zero, a value that would wrap
around (below 0 or above :data:`MAX_INT`: the answer would differ between machines) and an
index outside ``0..nplurals-1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

#: Longest ``Plural-Forms`` value accepted (CLDR's longest rules, as gettext, are ~400).
MAX_CHARS = 2000
#: Most tokens in the expression.
MAX_TOKENS = 600
#: Deepest nesting of parentheses, ``!`` and ``?:``.
MAX_DEPTH = 40
#: Largest integer literal and intermediate value: gettext's ``unsigned long`` on every machine.
MAX_INT = 2**32 - 1
#: CLDR has six plural categories (zero, one, two, few, many, other).
MAX_PLURALS = 6

# (operator, offset, children...): ("n", off), ("#", off, value), ("!", off, x),
# ("?", off, cond, yes, no), (binary op, off, left, right)
Node = tuple

_LEVELS: tuple[frozenset[str], ...] = (
    frozenset({"||"}), frozenset({"&&"}), frozenset({"==", "!="}),
    frozenset({"<", ">", "<=", ">="}), frozenset({"+", "-"}), frozenset({"*", "/", "%"}))
_LEVEL_OF = {op: i for i, ops in enumerate(_LEVELS) for op in ops}
_TWO = frozenset({"==", "!=", "<=", ">=", "&&", "||"})
_ONE = frozenset("<>%?:!()*/+-")
_HEADER = re.compile(r"[ \t]*nplurals[ \t]*=[ \t]*([0-9]+)[ \t]*;[ \t]*plural[ \t]*=", re.ASCII)


class PluralExpressionError(ValueError):
    """The rule is not a valid, bounded gettext plural rule; ``offset`` is where (0-based, in
    the ``Plural-Forms`` value)."""

    def __init__(self, message: str, offset: int = 0, text: str = "") -> None:
        self.reason = message
        self.offset = offset
        near = text[offset:offset + 12]
        where = f" (at character {offset + 1}: {near!r})" if near else (
            f" (at character {offset + 1}, the end)" if text else "")
        super().__init__(message + where)


def _tokens(text: str, start: int, end: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    i = start
    while i < end:
        c = text[i]
        if c in " \t":
            i += 1
            continue
        if len(out) >= MAX_TOKENS:
            raise PluralExpressionError(f"too long (over {MAX_TOKENS} tokens)", i,
                                        text)
        if "0" <= c <= "9":
            j = i
            while j < end and "0" <= text[j] <= "9":
                j += 1
            if j - i > len(str(MAX_INT)) or int(text[i:j]) > MAX_INT:
                raise PluralExpressionError(f"the number {text[i:j][:24]} is too big (at most "
                                            f"{MAX_INT})", i, text)
            out.append((text[i:j], i))
            i = j
        elif text[i:i + 2] in _TWO:
            out.append((text[i:i + 2], i))
            i += 2
        elif c in _ONE or c == "n":
            out.append((c, i))
            i += 1
        else:
            what = f"{c!r}" if c.isascii() else f"{c!r} (U+{ord(c):04X}, not ASCII)"
            raise PluralExpressionError(f"character {what} is not allowed: a plural rule uses "
                                        "only n, integers and the C operators ( ) ! * / % + - "
                                        "< > <= >= == != && || ?:", i, text)
    return out


class _Parser:
    """Recursive descent over gettext's grammar; depth bounded by :data:`MAX_DEPTH`."""

    def __init__(self, text: str, tokens: list[tuple[str, int]], end: int) -> None:
        self.text, self.toks, self.i, self.end = text, tokens, 0, end

    def fail(self, message: str, offset: int | None = None) -> PluralExpressionError:
        at = offset if offset is not None else (
            self.toks[self.i][1] if self.i < len(self.toks) else self.end)
        return PluralExpressionError(message, at, self.text)

    def peek(self) -> str | None:
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def take(self, want: str) -> int:
        tok = self.peek()
        if tok != want:
            got = f"{tok!r}" if tok is not None else "the end of the rule"
            raise self.fail(f"expected {want!r}, found {got}")
        self.i += 1
        return self.toks[self.i - 1][1]

    def expr(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise self.fail(f"nested deeper than {MAX_DEPTH} levels")
        cond = self.binary(0, depth)
        if self.peek() != "?":
            return cond
        at = self.take("?")
        yes = self.expr(depth + 1)
        self.take(":")
        no = self.expr(depth + 1)
        return ("?", at, cond, yes, no)

    def binary(self, level: int, depth: int) -> Node:
        left = self.unary(depth)
        while True:
            op = self.peek()
            op_level = _LEVEL_OF.get(op or "")
            if op_level is None or op_level < level:
                return left
            at = self.toks[self.i][1]
            self.i += 1
            right = self.binary(op_level + 1, depth)
            if op in ("/", "%") and _constant(right) == 0:
                raise self.fail(f"division by zero: the divisor of {op!r} is always 0", at)
            left = (op, at, left, right)

    def unary(self, depth: int) -> Node:
        if self.i >= len(self.toks):
            raise self.fail("expected n, a number, '(' or '!', found the end")
        tok, at = self.toks[self.i]
        self.i += 1
        if tok == "!":
            if depth + 1 > MAX_DEPTH:
                raise self.fail(f"nested deeper than {MAX_DEPTH} levels", at)
            return ("!", at, self.unary(depth + 1))
        if tok == "(":
            inner = self.expr(depth + 1)
            self.take(")")
            return inner
        if tok == "n":
            return ("n", at)
        if tok[0].isdigit():
            return ("#", at, int(tok))
        raise self.fail(f"expected n, a number, '(' or '!', found {tok!r}", at)


def _constant(node: Node) -> int | None:
    """The value of a subexpression without ``n``, else None."""
    if _has_n(node):
        return None
    try:
        return _eval(node, 0, strict=False)
    except PluralExpressionError:
        return None


def _has_n(node: Node) -> bool:
    return node[0] == "n" or any(isinstance(c, tuple) and _has_n(c) for c in node[2:])


_MASK = 2**64 - 1  # gettext's unsigned long on a 64-bit machine, for plain (non-strict) use


def _eval(node: Node, n: int, strict: bool) -> int:
    op = node[0]
    if op == "n":
        return n
    if op == "#":
        return int(node[2])
    if op == "!":
        return int(not _eval(node[2], n, strict))
    if op == "?":
        return _eval(node[3] if _eval(node[2], n, strict) else node[4], n, strict)
    a = _eval(node[2], n, strict)
    if op == "&&":
        return int(bool(a) and bool(_eval(node[3], n, strict)))
    if op == "||":
        return int(bool(a) or bool(_eval(node[3], n, strict)))
    b = _eval(node[3], n, strict)
    if op in ("/", "%") and b == 0:
        if strict:
            raise PluralExpressionError(f"division by zero for n = {n}", node[1])
        return 0
    value = _ARITH[op](a, b)
    if strict and not 0 <= value <= MAX_INT:
        raise PluralExpressionError(f"{op!r} gives {value} for n = {n}: gettext computes with "
                                    f"unsigned numbers from 0 to {MAX_INT}", node[1])
    return value & _MASK


_ARITH = {
    "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: a // b, "%": lambda a, b: a % b,
}


@dataclass(frozen=True, slots=True)
class PluralForms:
    """A parsed ``Plural-Forms`` value: the number of forms and the index expression."""

    text: str
    nplurals: int
    expr: Node
    expr_offset: int

    def index(self, n: int) -> int:
        """The form index for ``n`` (as gettext computes it, kept inside ``0..nplurals-1``)."""
        value = _eval(self.expr, int(n) & _MASK, strict=False)
        return min(value, self.nplurals - 1)

    def check(self, numbers: Iterable[int]) -> dict[int, int]:
        """The index for each of ``numbers``, evaluated strictly; raises
        :class:`PluralExpressionError` (a division by zero, a value that would wrap, an index
        of no form)."""
        out = {}
        for n in numbers:
            try:
                value = _eval(self.expr, n, strict=True)
            except PluralExpressionError as exc:
                raise PluralExpressionError(exc.reason, exc.offset, self.text) from None
            if value >= self.nplurals:
                raise PluralExpressionError(
                    f"gives form {value} for n = {n}, but nplurals={self.nplurals} "
                    f"(forms 0 to {self.nplurals - 1})", self.expr_offset, self.text)
            out[n] = value
        return out


@lru_cache(maxsize=64)
def parse_plural_forms(header: str) -> PluralForms:
    """Parse a ``Plural-Forms`` value (``nplurals=N; plural=EXPR;``) within the bounds above;
    raises :class:`PluralExpressionError` with the offset of the problem."""
    if not isinstance(header, str) or not header.strip():
        raise PluralExpressionError("empty; write it like `nplurals=2; plural=(n != 1);`")
    if len(header) > MAX_CHARS:
        raise PluralExpressionError(f"longer than {MAX_CHARS} characters",
                                    MAX_CHARS, header)
    match = _HEADER.match(header)
    if match is None:
        raise PluralExpressionError("expected `nplurals=<number>; plural=<expression>;`", 0,
                                    header)
    digits = match.group(1)
    if len(digits) > 2 or not 1 <= int(digits) <= MAX_PLURALS:
        raise PluralExpressionError(f"nplurals must be 1 to {MAX_PLURALS} (CLDR's categories "
                                    f"zero, one, two, few, many, other), not {digits[:24]}",
                                    match.start(1), header)
    end = len(header.rstrip(" \t"))
    if end and header[end - 1] == ";":
        end -= 1
    tokens = _tokens(header, match.end(), end)
    if not tokens:
        raise PluralExpressionError("the expression after `plural=` is empty", match.end(),
                                    header)
    parser = _Parser(header, tokens, end)
    expr = parser.expr(0)
    if parser.i < len(tokens):
        tok, at = tokens[parser.i]
        raise PluralExpressionError(f"unexpected {tok!r} after a complete expression", at,
                                    header)
    return PluralForms(header, int(digits), expr, tokens[0][1])


def plural_function(header: str) -> Callable[[int], int]:
    """The index function of a ``Plural-Forms`` value (see :func:`parse_plural_forms`)."""
    return parse_plural_forms(header).index


def plural_category(header: str, categories: list[str], n: int) -> str:
    """The category (``one``, ``few``...) for ``n``, given the header and the category order."""
    index = parse_plural_forms(header).index(n)
    return categories[min(max(index, 0), len(categories) - 1)]
