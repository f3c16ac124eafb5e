"""Terra Futura's content model: resources, territory cards (starting, level I, level II),
scoring cards, help cards, the game's fixed numbers and the template strings.

A card's effect is one or two **options** (the player picks one when the card activates): what
it costs (``pay``), what it makes (``gain``) and how many pollution cubes it adds
(``pollution``). Amounts are ``{resource id: count}`` maps. Activation patterns are 3 strings of
3 characters (``X`` an activated position, ``.`` not), top row first. Models are strict (no
coercion, no unknown fields) so the JSON Schemas say exactly what the loader accepts; the checks
in ``checks.py`` add what a schema cannot say (known resources, counts per level, reachable
scoring combinations).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core import models
from ...core.models import Id, Provenance, Strict, Text

#: ``{resource id: count}``; the ids must be in ``resources.yaml`` (check TF002), counts ≥ 1 (TF003).
Amounts = Annotated[dict[Id, int], Field(max_length=8, description="Resource id -> count.")]
PatternRow = Annotated[str, Field(min_length=1, max_length=9, pattern=r"^[X.]+$",
                                  description="One row of the 3x3 grid: X activated, . not.")]
Level = Literal["start", "I", "II"]
ResourceKind = Literal["raw", "product", "money", "wild", "pollution"]


class Resource(Provenance):
    """A resource symbol: a raw material, a product, money, the "any raw material" wildcard, or
    pollution (printed like one, but not a resource)."""

    id: Id
    kind: ResourceKind
    name: Text
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Cube or token colour.")
    points: int = Field(0, ge=-10, le=20,
                        description="Points per unit held at the end (on an active card).")
    supply: int | None = Field(None, ge=1, le=99,
                               description="Cubes or tokens in the box; null for a symbol "
                                           "with no pieces (the wildcard).")


class ResourcesFile(Strict):
    """``content/terra-futura/resources.yaml``."""

    resources: list[Resource] = Field(min_length=1)


class Option(Strict):
    """One activation option of a card: pay, gain, pollute. An empty ``pay`` makes it free."""

    pay: Amounts = Field(default_factory=dict, description="Paid from your active cards.")
    gain: Amounts = Field(default_factory=dict, description="Put on this card.")
    pollution: int = Field(0, ge=-9, le=9,
                           description="Pollution cubes you must place on your active cards.")


class TerritoryCard(Provenance):
    """A starting, level I or level II card: its options, pollution slots and storage."""

    id: Id
    level: Level
    name: Text
    first: bool = Field(False, description="Starting card with the first player's symbol.")
    slots: int = Field(0, ge=0, le=1,
                       description="Pollution slot (the rulebook's one marked area in a corner): "
                                   "a cube there does not switch the card off.")
    storage: int | None = Field(None, ge=1, le=20,
                                description="What it stores: at most this many resources lie "
                                            "on it (what its options gain); null: no limit.")
    options: list[Option] = Field(min_length=1, max_length=4,
                                  description="One or two exclusive options (TF003).")


class CardsFile(Strict):
    """``content/terra-futura/cards/territory/*.yaml`` (start, level-1, level-2)."""

    cards: list[TerritoryCard] = Field(min_length=1)


class ScoringCard(Provenance):
    """A scoring card: an activation pattern (top half) and a scoring method (bottom half)."""

    id: Id
    number: int = Field(ge=1, le=99, description="The number printed on the card.")
    name: Text
    pattern: list[PatternRow] = Field(min_length=1, max_length=9,
                                      description="3 rows of 3: the positions activated once "
                                                  "more at the end.")
    combination: Amounts = Field(description="One complete set of the scoring method.")
    points: int = Field(ge=1, le=30, description="Points per complete set.")


class ScoringFile(Strict):
    """``content/terra-futura/cards/scoring.yaml``."""

    scoring: list[ScoringCard] = Field(min_length=1)


class HelpCard(Provenance):
    """A help (reference) card: a title and its lines, printed ``copies`` times."""

    id: Id
    name: Text
    text: Text
    copies: int = Field(1, ge=1, le=10)


class HelpFile(Strict):
    """``content/terra-futura/cards/help.yaml``."""

    help: list[HelpCard] = Field(min_length=1)


class Rules(Provenance):
    """The game's fixed numbers."""

    id: Id
    name: Text
    placements: int = Field(8, ge=1, le=8, description="Cards each player places after the "
                                                       "starting card.")
    face_up: int = Field(4, ge=1, le=8, description="Face-up cards in each level's row.")
    scoring_cards: int = Field(2, ge=1, le=4, description="Secret scoring cards per player.")
    polluted_card_penalty: int = Field(1, ge=0, le=10,
                                       description="Points lost per card with any pollution.")


class RulesFile(Strict):
    """``content/terra-futura/rules.yaml``."""

    rules: list[Rules] = Field(min_length=1, max_length=1)


PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]
PluralText = Annotated[dict[PluralCategory, Text], Field(
    min_length=2, description="Plural forms by CLDR category; English gives `one` and `other`.")]


class UiString(models.UiString[Text | PluralText]):
    """A fixed text printed by the card and sheet templates (plural phrases by CLDR category:
    "{n} cube", "{n} cubes")."""


class StringsFile(models.StringsFile[UiString]):
    """``content/terra-futura/strings.yaml``."""
