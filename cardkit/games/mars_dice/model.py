"""Terraforming Mars: The Dice Game's content model: resources (die faces and the wild token),
dice, global tracks, tiles, the board, standard conversions, projects, corporations, bonus cards,
milestones, awards, the game's fixed numbers and the template strings.

Dice are resources: a die shows one face (a resource symbol) from the moment it is gained (rolled
once, or set to a named face) until it is spent or turned. Costs and payments are
``{resource id: count}`` maps of exact symbols; a wild token pays for any one symbol. What cards
do is a list of **effects** from a small vocabulary (:data:`Effect`, tagged by ``do``), the same
for red cards, blue actions, triggers, corporations' starting bonuses, track and board bonuses,
conversions and bonus cards. Models are strict (no coercion, no unknown fields) so the JSON
Schemas say exactly what the loader accepts; ``checks.py`` adds what a schema cannot say (known
symbols and colours, colour rules, consistent tracks, counts, playability).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...core import models
from ...core.models import Id, Provenance, Strict, Text

#: ``{resource id: count}``: exact symbols (ids from ``resources.yaml``, check MD002).
Symbols = Annotated[dict[Id, Annotated[int, Field(ge=1, le=9)]],
                    Field(max_length=8, description="Resource symbol id -> count.")]
#: ``{die colour id: count}``: dice taken from the pool and rolled (ids from ``dice.yaml``).
DiceCounts = Annotated[dict[Id, Annotated[int, Field(ge=1, le=9)]],
                       Field(max_length=5, description="Die colour id -> number of dice.")]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Print colour.")]


# -- effects ------------------------------------------------------------------------------------

class GainDice(Strict):
    """Take ``count`` dice of ``colour`` from the pool; roll them, or set them to ``face``.
    A short pool gives what there is (no wild token: that is the production rule only)."""

    do: Literal["dice"]
    colour: Id
    count: int = Field(1, ge=1, le=6)
    face: Id | None = Field(None, description="Set the dice to this face instead of rolling.")


class GainWild(Strict):
    """Take ``count`` wild tokens (a short supply gives what there is)."""

    do: Literal["wild"]
    count: int = Field(1, ge=1, le=9)


class GainVp(Strict):
    """Score ``count`` victory points at once."""

    do: Literal["vp"]
    count: int = Field(1, ge=1, le=12)


class Draw(Strict):
    """Draw ``count`` project cards (the discard pile is reshuffled when the deck runs out)."""

    do: Literal["draw"]
    count: int = Field(1, ge=1, le=5)


class Raise(Strict):
    """Raise a global track that has no tile (oxygen, temperature) ``steps`` levels; each step
    scores the track's VP (past the maximum: the smaller VP, no other effect)."""

    do: Literal["raise"]
    track: Id
    steps: int = Field(1, ge=1, le=3)


class PlaceTile(Strict):
    """Place one tile (ocean, greenery, city) on a legal area of the board; a tile with a track
    raises it (ocean: the oceans track; greenery: oxygen). No legal area: the effect is ignored."""

    do: Literal["tile"]
    tile: Id


class TurnDice(Strict):
    """Turn up to ``count`` of your dice to faces of your choice (each die keeps its colour)."""

    do: Literal["turn"]
    count: int = Field(1, ge=1, le=5)


class Produce(Strict):
    """Add dice to your production for the rest of the game (bonus cards, some events)."""

    do: Literal["produce"]
    dice: DiceCounts


Effect = Annotated[Union[GainDice, GainWild, GainVp, Draw, Raise, PlaceTile, TurnDice, Produce],
                   Field(discriminator="do")]
Effects = Annotated[list[Effect], Field(max_length=6)]


class CardAction(Strict):
    """A blue card's action: its timing, what it costs (left of the arrow) and what it gives."""

    timing: Literal["support", "main", "free"]
    pay: Symbols = Field(default_factory=dict, description="Exact symbols paid (wilds allowed).")
    effects: Effects = Field(min_length=1)


#: What a trigger listens to; always the owner's own doing.
Event = Literal["ocean", "greenery", "city", "play-green", "play-red", "play-blue", "production"]


class Trigger(Strict):
    """A lasting effect: each time the owner does ``on``, resolve ``effects``."""

    on: Event
    effects: Effects = Field(min_length=1)


class Measure(Strict):
    """Something countable in a player's state, for milestones and end scoring:

    - ``cards``: played projects (``of`` a colour: green, red, blue; none: all);
    - ``tiles``: tiles placed (``of`` a tile id; none: all);
    - ``production``: production dice (``of`` a die colour; none: all, corporation included);
    - ``symbols``: symbols in the costs of played projects (``of`` a resource; none: all);
    - ``dice``: dice held (``of`` a die colour; none: all);
    - ``vp``: victory points on the track.
    """

    count: Literal["cards", "tiles", "production", "symbols", "dice", "vp"]
    of: Id | None = None


# -- content files --------------------------------------------------------------------------------

class Resource(Provenance):
    """A resource symbol: a die face, or the wild token (stands for any one symbol; not a die)."""

    id: Id
    kind: Literal["face", "wild"]
    name: Text
    supply: int | None = Field(None, ge=1, le=99,
                               description="Wild tokens in the box; null for die faces.")


class ResourcesFile(Strict):
    """``content/mars-dice/resources.yaml``."""

    resources: list[Resource] = Field(min_length=1)


class Face(Strict):
    """One face symbol of a die and on how many of its six sides it is printed."""

    resource: Id
    sides: int = Field(ge=1, le=6)


class Die(Provenance):
    """A die colour: the dice of that colour in the box and their faces (3 + 2 + 1 sides)."""

    id: Id
    name: Text
    colour: Colour
    count: int = Field(ge=1, le=30, description="Dice of this colour in the box.")
    faces: list[Face] = Field(min_length=1, max_length=6)


class DiceFile(Strict):
    """``content/mars-dice/dice.yaml``."""

    dice: list[Die] = Field(min_length=1)


class TrackBonus(Strict):
    """What the player who raises a track to level value ``at`` also gets."""

    at: int
    effects: Effects = Field(min_length=1)


class Track(Provenance):
    """A global track: printed values from ``start`` in ``step``s up to ``maximum``
    (``levels`` × ``step`` = ``maximum`` − ``start``, check MD005)."""

    id: Id
    name: Text
    unit: str = Field("", max_length=4, description="Printed after the values: %, °C.")
    start: int
    step: int = Field(ge=1, le=20)
    levels: int = Field(ge=1, le=30)
    maximum: int
    vp_per_step: int = Field(2, ge=0, le=5)
    vp_past_maximum: int = Field(1, ge=0, le=5)
    bonuses: list[TrackBonus] = Field(default_factory=list, max_length=10)


class TracksFile(Strict):
    """``content/mars-dice/tracks.yaml``."""

    tracks: list[Track] = Field(min_length=1)


class Tile(Provenance):
    """A tile kind: where it may go, the track it raises and the VP it scores when placed."""

    id: Id
    name: Text
    on: Literal["ocean", "land"]
    track: Id | None = Field(None, description="Placing the tile raises this track one step.")
    vp: int = Field(0, ge=0, le=9, description="VP when placed.")
    vp_per_adjacent: dict[Id, int] = Field(default_factory=dict, max_length=4,
                                           description="Tile id -> VP per adjacent tile of "
                                                       "that kind when placed.")
    not_adjacent: list[Id] = Field(default_factory=list, max_length=4,
                                   description="May not be placed next to these tiles.")
    supply: int = Field(ge=1, le=99, description="Tiles in the box.")


class TilesFile(Strict):
    """``content/mars-dice/tiles.yaml``."""

    tiles: list[Tile] = Field(min_length=1)


class Area(Strict):
    """One hex area of the board (axial coordinates ``q``, ``r``)."""

    id: Id
    q: int = Field(ge=-9, le=9)
    r: int = Field(ge=-9, le=9)
    ocean: bool = Field(False, description="A blue area: only ocean tiles go here.")
    bonus: Effects = Field(default_factory=list, description="Placement bonus printed here.")


class Board(Provenance):
    """The map of Mars: hex areas, ocean areas, placement bonuses."""

    id: Id
    name: Text
    areas: list[Area] = Field(min_length=1, max_length=127)


class BoardFile(Strict):
    """``content/mars-dice/board.yaml``."""

    boards: list[Board] = Field(min_length=1, max_length=1)


class Conversion(Provenance):
    """A standard conversion (a main action): pay exact symbols, get effects."""

    id: Id
    name: Text
    pay: Symbols = Field(min_length=1)
    effects: Effects = Field(min_length=1)


class ConversionsFile(Strict):
    """``content/mars-dice/conversions.yaml``."""

    conversions: list[Conversion] = Field(min_length=1)


class Project(Provenance):
    """A project card. **Green**: ``production`` dice rolled every production turn. **Red**: an
    event, ``effects`` resolved once when played. **Blue**: ``actions`` (support/main/free, each
    once between production turns), ``triggers``, extra dice ``storage``. Any colour may carry VP,
    scored when played (``immediate``) or at the end."""

    id: Id
    name: Text
    colour: Literal["green", "red", "blue"]
    cost: Symbols = Field(min_length=1)
    production: DiceCounts = Field(default_factory=dict, description="Green only.")
    effects: Effects = Field(default_factory=list, description="Red only: the event.")
    actions: list[CardAction] = Field(default_factory=list, max_length=3,
                                      description="Blue only.")
    triggers: list[Trigger] = Field(default_factory=list, max_length=2, description="Blue only.")
    storage: int = Field(0, ge=0, le=3, description="Blue only: dice kept beyond the limit.")
    vp: int = Field(0, ge=0, le=9)
    vp_timing: Literal["immediate", "end"] = "immediate"


class ProjectsFile(Strict):
    """``content/mars-dice/cards/projects/*.yaml``."""

    projects: list[Project] = Field(min_length=1)


class Corporation(Provenance):
    """A corporation: the starting bonus (red section), the production dice (brown section) and an
    optional lasting ability."""

    id: Id
    name: Text
    start: Effects = Field(min_length=1, description="The starting bonus, resolved once.")
    production: DiceCounts = Field(min_length=1)
    triggers: list[Trigger] = Field(default_factory=list, max_length=2)
    storage: int = Field(0, ge=0, le=3)


class CorporationsFile(Strict):
    """``content/mars-dice/cards/corporations.yaml``."""

    corporations: list[Corporation] = Field(min_length=1)


class EndScore(Strict):
    """End-of-game VP: ``vp`` per ``every`` counted of ``per`` (rounded down)."""

    per: Measure
    every: int = Field(1, ge=1, le=9)
    vp: int = Field(1, ge=1, le=9)


class BonusCard(Provenance):
    """A bonus card, taken face down when a player's VP reach a threshold: an immediate gain, a
    lasting trigger, or end-of-game VP (at least one, check MD007)."""

    id: Id
    name: Text
    effects: Effects = Field(default_factory=list)
    triggers: list[Trigger] = Field(default_factory=list, max_length=2)
    end: EndScore | None = None


class BonusFile(Strict):
    """``content/mars-dice/cards/bonus.yaml``."""

    bonus: list[BonusCard] = Field(min_length=1)


class Milestone(Provenance):
    """A milestone (title): the first player whose ``measure`` reaches ``at_least`` takes it."""

    id: Id
    name: Text
    measure: Measure
    at_least: int = Field(ge=1, le=60)


class MilestonesFile(Strict):
    """``content/mars-dice/cards/milestones.yaml``."""

    milestones: list[Milestone] = Field(min_length=1)


class Award(Provenance):
    """An award: the players with the most ``symbol`` in their played projects' costs. An award
    die's rolled face picks it, so every face symbol has one (check MD008)."""

    id: Id
    name: Text
    symbol: Id


class AwardsFile(Strict):
    """``content/mars-dice/cards/awards.yaml``."""

    awards: list[Award] = Field(min_length=1)


class BonusDeal(Strict):
    """Bonus cards dealt face down for a player count."""

    players: int = Field(ge=1, le=4)
    cards: int = Field(ge=1, le=20)


class Rules(Provenance):
    """The game's fixed numbers."""

    id: Id
    name: Text
    hand: int = Field(5, ge=1, le=10, description="Cards dealt; drawn back up to.")
    keep_dice: int = Field(3, ge=0, le=10, description="Dice kept on a production turn.")
    short_pool_wilds: int = Field(1, ge=0, le=5,
                                  description="Wild tokens for a production the pool cannot "
                                              "fill (however many dice are missing).")
    corporations_dealt: int = Field(2, ge=1, le=4)
    first_player_penalty: int = Field(1, ge=0, le=3,
                                      description="Resources the first player gives the last "
                                                  "(not in solo).")
    draw_cards: int = Field(2, ge=1, le=5, description="Cards the paid support draw gives.")
    vp_thresholds: list[int] = Field(min_length=1, max_length=4,
                                     description="VP track spaces that give a bonus card.")
    bonus_cards: list[BonusDeal] = Field(min_length=1, max_length=4)
    milestones_in_play: int = Field(3, ge=1, le=8)
    milestone_vp: int = Field(4, ge=0, le=10)
    award_dice: int = Field(3, ge=1, le=5)
    award_vp: list[int] = Field(min_length=1, max_length=3,
                                description="VP for the first, second... place of an award.")
    globals_to_end: int = Field(2, ge=1, le=3,
                                description="Tracks at maximum that trigger the last round.")
    solo_turns: int = Field(50, ge=1, le=200, description="Turns a solo game lasts at most.")


class RulesFile(Strict):
    """``content/mars-dice/rules.yaml``."""

    rules: list[Rules] = Field(min_length=1, max_length=1)


#: The CLDR plural categories a counted template string may give (English: ``one``, ``other``).
PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]
#: A counted text ("Keep 1 more die" / "Keep 2 more dice"): one form per plural category.
PluralText = Annotated[dict[PluralCategory, Text], Field(
    min_length=2, description="Plural forms by CLDR category; English gives `one` and `other`.")]


class UiString(models.UiString[Text | PluralText]):
    """A fixed text printed by the card and board templates (counted ones in plural forms)."""


class StringsFile(models.StringsFile[UiString]):
    """``content/mars-dice/strings.yaml``."""
