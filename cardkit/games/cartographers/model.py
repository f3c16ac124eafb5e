"""Cartographers' content model: maps, explore/ruins/ambush cards, seasons, edicts, scoring
cards, solo titles and the map sheet.

Shapes are written as small ASCII grids, one string per row, ``X`` a filled cell and ``.`` an
empty one (``["X..", "XXX"]``). Maps are 11 strings of 11 characters: ``.`` empty, ``M``
mountain, ``R`` ruins, ``#`` wasteland. Models are strict (no coercion, no unknown fields) so the
JSON Schemas say exactly what the loader accepts; the checks in ``checks.py`` add what a schema
cannot say (connected shapes, counts, season lengths).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core import models
from ...core.models import Id, Provenance, Strict, Text

#: The terrains a player draws (the terrain options of explore cards).
Terrain = Literal["forest", "village", "farm", "water", "monster"]
GridRow = Annotated[str, Field(min_length=1, max_length=11, pattern=r"^[X.]+$",
                               description="One row of a shape: X filled, . empty.")]
MapRow = Annotated[str, Field(min_length=1, max_length=40,
                              description="One map row: . empty, M mountain, R ruins, # wasteland.")]
Stack = Literal["forest", "village", "farm-water", "spatial"]
Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]
Direction = Literal["clockwise", "counterclockwise"]
EdictLetter = Literal["A", "B", "C", "D"]


class MapSide(Provenance):
    """One side of the map sheet: its mountains, ruins and wastelands on the 11×11 grid."""

    id: Id
    side: Literal["A", "B"] = Field(description="The printed side letter.")
    name: Text
    grid: list[MapRow] = Field(min_length=1, max_length=20,
                               description="11 rows of 11 characters, top row first.")


class MapsFile(Strict):
    """``content/cartographers/maps.yaml``."""

    maps: list[MapSide] = Field(min_length=1)


class ShapeOption(Strict):
    """One shape a card offers, with the coin printed beside it (or not)."""

    grid: list[GridRow] = Field(min_length=1, max_length=11)
    coin: bool = Field(False, description="Choosing this shape fills a coin on the coin track.")


class ExploreCard(Provenance):
    """An explore card: a terrain card (terrain and shape options) or a ruins card."""

    id: Id
    number: int = Field(ge=1, le=99, description="The number printed on the card.")
    name: Text
    kind: Literal["terrain", "ruins"] = "terrain"
    time: int = Field(ge=0, le=9, description="Time value in the top-left corner.")
    terrains: list[Terrain] = Field(default_factory=list, max_length=5,
                                    description="Terrain options; the player picks one.")
    shapes: list[ShapeOption] = Field(default_factory=list, max_length=2,
                                      description="Shape options; the player picks one.")


class ExploreFile(Strict):
    """``content/cartographers/cards/explore.yaml``."""

    explore: list[ExploreCard] = Field(min_length=1)


class AmbushCard(Provenance):
    """An ambush card: a monster shape, the direction sheets are passed, the solo corner."""

    id: Id
    number: int = Field(ge=1, le=99)
    name: Text
    grid: list[GridRow] = Field(min_length=1, max_length=11, description="The monster shape.")
    split: bool = Field(False, description="The printed shape is in two parts on purpose "
                                           "(Bugbear Assault); otherwise it must be connected.")
    passes: Direction = Field(description="The arrow: the way every sheet is passed.")
    corner: Corner = Field(description="Solo: the corner the monster's placement walk starts at.")
    rules: Text | None = Field(None, title="Rules note", repr=False, description=(
        "A note for players, shown on the card's page (translated): the first-game variant."))


class AmbushFile(Strict):
    """``content/cartographers/cards/ambush.yaml``."""

    ambush: list[AmbushCard] = Field(min_length=1)


class Season(Provenance):
    """A season card: its time threshold and the two edicts it scores."""

    id: Id
    order: int = Field(ge=1, le=4, description="1 = spring … 4 = winter.")
    name: Text
    time: int = Field(ge=1, le=30, description="The season ends when the time reaches this.")
    edicts: list[EdictLetter] = Field(min_length=2, max_length=2)


class SeasonsFile(Strict):
    """``content/cartographers/seasons.yaml``."""

    seasons: list[Season] = Field(min_length=1)


class Edict(Provenance):
    """An edict card (A–D): a scoring card goes under each at setup."""

    id: Id
    letter: EdictLetter
    name: Text


class EdictsFile(Strict):
    """``content/cartographers/edicts.yaml``."""

    edicts: list[Edict] = Field(min_length=1)


class ScoringCard(Provenance):
    """A scoring card: its stack (card back), name, rule text and the rule it is scored by."""

    id: Id
    number: int = Field(ge=1, le=99)
    stack: Stack
    name: Text
    text: Text
    rule: Id = Field(description="The implemented scoring rule (see `cardkit codes CAR006`).")
    solo: int = Field(ge=0, le=60, description="The number in the lower corner (solo rating).")


class ScoringFile(Strict):
    """``content/cartographers/cards/scoring.yaml``."""

    scoring: list[ScoringCard] = Field(min_length=1)


class SoloTitle(Provenance):
    """A solo title: reached with a rating of at least ``rating``."""

    id: Id
    rating: int = Field(ge=-100, le=100)
    name: Text


class TitlesFile(Strict):
    """``content/cartographers/solo.yaml``: the titles table, best first."""

    titles: list[SoloTitle] = Field(min_length=1)


class Sheet(Provenance):
    """The printed map sheet's fixed parts: the coin track length."""

    id: Id
    name: Text
    coin_track: int = Field(ge=1, le=40, description="Coin spaces on the track.")


class SheetFile(Strict):
    """``content/cartographers/sheet.yaml``."""

    sheets: list[Sheet] = Field(min_length=1, max_length=1)


class UiString(models.UiString[Text]):
    """A fixed text printed by the card and sheet templates."""


class StringsFile(models.StringsFile[UiString]):
    """``content/cartographers/strings.yaml``."""
