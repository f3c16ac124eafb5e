"""The one on/off option parser every engine uses (cardkit.sim.options)."""

from __future__ import annotations

import pytest

from cardkit.sim.options import on_off


@pytest.mark.parametrize("text", ["on", "ON", " yes ", "true", "1", True])
def test_on_words(text: object) -> None:
    assert on_off(text, "x") is True


@pytest.mark.parametrize("text", ["off", "Off", "no", "FALSE", "0", False])
def test_off_words(text: object) -> None:
    assert on_off(text, "x") is False


def test_none_is_the_engines_default() -> None:
    assert on_off(None, "x") is None


@pytest.mark.parametrize("text", ["", "2", "onn", "maybe", "tru e"])
def test_anything_else_names_the_option(text: str) -> None:
    with pytest.raises(ValueError, match="option routes is on or off"):
        on_off(text, "routes")
