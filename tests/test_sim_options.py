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


def test_engine_options_of_a_lazily_imported_engine_are_its_real_parameters() -> None:
    """Mars Dice and Terra Futura name their engine with ``lazy()`` (imported on first use):
    its options come from the real ``make_engine``, not from the wrapper's ``**kwargs``."""
    from cardkit.core.registry import get_game
    from cardkit.core.spec import lazy, signature_of
    from cardkit.core.errors import UsageProblem
    from cardkit.sim.api import engine_option_values

    make = get_game("mars-dice").sim.make_engine  # type: ignore[attr-defined]
    assert hasattr(make, "target")
    assert "turn_limit" in signature_of(make).parameters
    assert engine_option_values("mars-dice", make, (("turn_limit", 200),)) == \
        (("turn_limit", 200),)
    with pytest.raises(UsageProblem, match="no engine option 'nope'.*turn_limit"):
        engine_option_values("mars-dice", make, (("nope", 1),))
    wrapped = lazy("cardkit.games.declared.render", "print_decks")
    assert "ink_saver" in signature_of(wrapped).parameters
