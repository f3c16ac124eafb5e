"""'Did you mean ...?': the closest known names to a misspelt one (ids, fields, bots, games)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: How similar (difflib ratio, 0-1) a known name must be to be offered.
CUTOFF = 0.6


def closest(name: str, known: Iterable[str], n: int = 3, cutoff: float = CUTOFF) -> list[str]:
    """Up to ``n`` names from ``known`` that look like ``name``, best first.

    Case is ignored when comparing; the known names are returned as they are spelt.

    >>> closest("regoins", ["regions", "bars", "cards"])
    ['regions']
    >>> closest("murray-darling-basn", ["murray-darling-basin", "mekong-delta"])
    ['murray-darling-basin']
    """
    spelt = {}
    for k in known:
        spelt.setdefault(k.casefold(), k)
    found = difflib.get_close_matches(name.casefold(), list(spelt), n=n, cutoff=cutoff)
    return [spelt[f] for f in found if spelt[f] != name]


def did_you_mean(name: str, known: Iterable[str], n: int = 3) -> str:
    """``" (did you mean 'x'?)"``, ``" (did you mean 'x' or 'y'?)"``, or ``""`` when nothing is
    close; ready to append to a message."""
    found = closest(name, known, n)
    if not found:
        return ""
    quoted = [repr(f) for f in found]
    options = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" (did you mean {options}?)"
