"""Pebbles' content model: one file, ``pebbles.yaml``, a list of pebble cards.

Models are strict (no coercion, no unknown fields, frozen), like the models of the games cardkit
ships, so the JSON Schema says exactly what the loader accepts; ``checks.py`` adds what a schema
cannot say (unique ids, a deck large enough to play).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

# The model bases every cardkit game shares: the strict base (unknown fields are errors, no type
# coercion, frozen) and the kebab-case id. A game with template strings would also subclass
# ``cardkit.core.models.UiString`` and ``StringsFile``; one with provisional values, ``Provenance``.
from cardkit.core.models import Id, Strict

#: The colours a pebble comes in; a second pebble of a colour already in a row busts it.
Colour = Literal["grey", "red", "blue", "white"]
COLOURS: tuple[str, ...] = ("grey", "red", "blue", "white")
#: Characters a pebble's name may take (also the translators' limit, see ``SPEC``).
NAME_CHARS = 24


class Pebble(Strict):
    """One kind of pebble card: its colour, the points it is worth when banked, and how many
    copies of it the deck holds."""

    id: Id
    name: str = Field(min_length=1, max_length=NAME_CHARS,
                      description="Translatable name printed on the card.")
    colour: Colour = Field(description="grey, red, blue or white.")
    value: int = Field(ge=0, le=5, description="Points when the row holding it is banked.")
    copies: int = Field(ge=1, le=6, description="Cards of this kind in the deck.")


class PebblesFile(Strict):
    """``content/pebbles/pebbles.yaml``."""

    pebbles: list[Pebble] = Field(min_length=1)
