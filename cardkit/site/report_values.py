"""The values of a report's JSON, read strictly and formatted for the report pages
(:mod:`.reports`): a value of the wrong shape is a :class:`MalformedReport`, never a traceback
or a silently wrong cell."""

from __future__ import annotations

import math
import re
from typing import Any

from .messages import ENGLISH, Messages


class MalformedReport(ValueError):
    """A report whose shape is not the one cardkit writes."""


# -- formatting -----------------------------------------------------------------------------------

def fmt_value(value: Any, tr: Messages = ENGLISH) -> str:
    """A number as the tables show it (at most 4 decimals, no exponent, in ``tr``'s locale);
    ``—`` for none."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, int):
        return tr.num(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise MalformedReport(f"{value} is not a number cardkit writes")
        if value.is_integer() and abs(value) < 1e15:
            return tr.num(int(value))
        text = f"{value:.4f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else tr.num(float(text))
    if isinstance(value, str) and _WORD.fullmatch(value):
        return tr.p("value", value)  # a verdict or a kind the report writes as a word
    return str(value)


#: A report value written as plain lower-case words (``green``, ``dead card``): a label to
#: translate (context ``value``), never shown raw in another locale.
_WORD = re.compile(r"[a-z]+(?: [a-z]+)*")


def fmt_mean(value: Any, tr: Messages = ENGLISH) -> str:
    """A mean with one decimal, as the text report shows it."""
    return "—" if value is None else tr.fixed(as_number(value), 1)


def fmt_pct(value: float, tr: Messages = ENGLISH) -> str:
    """A share as a percentage with one decimal."""
    return tr("{value}%", value=tr.fixed(100 * value, 1))


def fmt_pp(value: float, tr: Messages = ENGLISH) -> str:
    """A win-rate difference in percentage points."""
    number = f"{100 * value:+.1f}"
    number = "0.0" if number in ("+0.0", "-0.0") else number
    mark = tr.locale.decimal if tr.locale is not None else "."
    return tr("{value} pp", value=number.replace(".", mark))


# -- reading --------------------------------------------------------------------------------------

def as_number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MalformedReport(f"{value!r} is not a number")
    out = float(value)
    if not math.isfinite(out):
        raise MalformedReport(f"{value!r} is not a finite number")
    return out


def as_whole(value: Any) -> int:
    number = as_number(value)
    if not number.is_integer():
        raise MalformedReport(f"{value!r} is not a whole number")
    return int(number)


def as_interval(value: Any) -> tuple[float, float] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedReport(f"{value!r} is not an interval [low, high]")
    return (as_number(value[0]), as_number(value[1]))


def as_name(value: Any) -> str:
    if isinstance(value, (dict, list)) or value is None:
        raise MalformedReport(f"{value!r} is not a name")
    return str(value)


def as_object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedReport(f"{what} is not an object")
    return value


def as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedReport(f"{what} is not a list")
    return value
