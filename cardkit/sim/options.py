"""Parsing of engine options as they arrive from the CLI (``--option name=value``) or from
Python: one vocabulary for every game, so ``on``/``off`` means the same everywhere."""

from __future__ import annotations

from typing import Any

_ON = ("1", "on", "yes", "true")
_OFF = ("0", "off", "no", "false")


def on_off(value: Any, name: str) -> bool | None:
    """``value`` as a switch: a bool or ``None`` (the engine's default) as given, else one of
    on/yes/true/1 or off/no/false/0 (any case); anything else is a ``ValueError`` naming the
    option, which the runner reports as the user's error."""
    if value is None or isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    raise ValueError(f"option {name} is on or off, not {value!r}")
