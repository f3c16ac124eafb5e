"""Trains' content model: card kinds with effects as data, maps, supply rules, presets, route
bonus cards.

A card's effect is a list of steps from a closed vocabulary (``do: draw``, ``do: lay_rail``...),
applied top to bottom. Where the vocabulary cannot say what a card does, a step names a Python
hook (``do: hook``) that the engine implements; the check TRN005 makes sure it exists.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...core import models
from ...core.models import Id, Provenance, Status, Strict, Text

CardType = Literal["train", "rail", "station", "action", "victory", "waste", "attack", "reaction"]
Terrain = Literal["plain", "river", "mountain", "city", "remote", "sea"]
Modifier = Literal[
    "no_river_surcharge", "no_mountain_surcharge", "no_city_surcharge",
    "no_opponent_surcharge",  # no coin surcharge and no extra Waste for opponents' rails
    "no_rail_coin_surcharge",  # no coin surcharge at all (the opponent Waste still applies)
    "no_waste_gain", "buys_on_deck", "coins_per_rail_card",
    "remote_discount",  # remote locations cost n less (never below 0)
]


class Draw(Strict):
    """Draw cards."""

    do: Literal["draw"]
    n: int = Field(ge=1, le=10)


class Coins(Strict):
    """Gain coins for this turn."""

    do: Literal["coins"]
    n: int = Field(ge=1, le=10)


class GainWaste(Strict):
    """Gain Waste cards (into the gained area); no effect if the Waste pile is empty (the
    rulebook's one exception to all or nothing) or a "gain no Waste" modifier is in force."""

    do: Literal["gain_waste"]
    n: int = Field(1, ge=1, le=5)


class PayWaste(Strict):
    """Gain Waste as the price of the steps after it ("You may gain a Waste. If you do, ..."):
    unlike ``gain_waste`` it cannot be carried out when the Waste cannot be gained (an empty
    Waste pile, a "gain no Waste" modifier in force), so the card or option holding it is only
    offered when it can."""

    do: Literal["pay_waste"]
    n: int = Field(1, ge=1, le=5)


class ReturnWaste(Strict):
    """Return Waste from hand to the Waste pile: ``n`` of them (``n: 0`` = all of them), or with
    ``any: true`` as many as the player chooses, up to ``n`` (``0``: no limit)."""

    do: Literal["return_waste"]
    n: int = Field(0, ge=0, le=10)
    coins_each: int = Field(0, ge=0, le=3)
    any: bool = Field(False, description="The player chooses how many (\"any number\", "
                      "\"up to\"); otherwise exactly n, or all with n: 0.")


class LayRail(Strict):
    """Lay one rail (paying the surcharges)."""

    do: Literal["lay_rail"]


class PlaceStation(Strict):
    """Place one station token on a city with a free slot."""

    do: Literal["place_station"]


class Modify(Strict):
    """A rest-of-turn modifier (the clock icon)."""

    do: Literal["modifier"]
    name: Modifier
    n: int = Field(0, ge=0, le=5)


class DiscardFor(Strict):
    """Discard any number of cards from hand; per card gain coins and/or draw."""

    do: Literal["discard_any"]
    coins_each: int = Field(0, ge=0, le=3)
    draw_each: int = Field(0, ge=0, le=3)


class DrawDiscard(Strict):
    """Draw, then discard from hand."""

    do: Literal["draw_then_discard"]
    draw: int = Field(ge=1, le=5)
    discard: int = Field(ge=1, le=5)


class RevealUntil(Strict):
    """Reveal cards from the deck until ``n`` cards of a type show; take them (into hand, or
    back to their supply pile with ``to: supply``), discard the rest."""

    do: Literal["reveal_until"]
    type: CardType
    n: int = Field(ge=1, le=5)
    to: Literal["hand", "supply"] = "hand"


class VpToken(Strict):
    """Take victory point tokens."""

    do: Literal["vp_token"]
    n: int = Field(ge=1, le=5)


class TrashSelf(Strict):
    """Trash this card: it leaves the game (back to the box, never to the supply)."""

    do: Literal["trash_self"]


class Hook(Strict):
    """An effect the vocabulary cannot express: a named engine function."""

    do: Literal["hook"]
    name: Id


class Optional_(Strict):
    """Steps the player may choose to apply (all of them, or none)."""

    do: Literal["optional"]
    steps: list[Step] = Field(min_length=1)


class Choose(Strict):
    """Choose one of several step lists."""

    do: Literal["choose"]
    options: list[list[Step]] = Field(min_length=2)


Step = Annotated[
    Union[Draw, Coins, GainWaste, PayWaste, ReturnWaste, LayRail, PlaceStation, Modify, DiscardFor,
          DrawDiscard, RevealUntil, VpToken, TrashSelf, Hook, Optional_, Choose],
    Field(discriminator="do"),
]
Optional_.model_rebuild()
Choose.model_rebuild()


class TrainsCard(Provenance):
    """A card kind: its numbers, its printed text and its effect."""

    id: Id
    name: Text
    set: Id = Field(description="The card set (base game or expansion) it belongs to; one of "
                            "the `sets` declared in setup.yaml (checked by TRN016).")
    kind: Literal["basic", "kingdom"]
    types: list[CardType] = Field(min_length=1, max_length=3)
    cost: int | None = Field(None, ge=0, le=12, description="None: cannot be bought (Waste).")
    value: int = Field(0, ge=0, le=5, description="Coins when played.")
    vp: int = Field(0, ge=0, le=10, title="VP", description="Victory points at game end.")
    pile: int = Field(ge=1, le=100, description="Copies in the box (base game).")
    text: str = Field("", max_length=400, description="Rules text as printed (translatable).")
    on_buy: list[Step] = Field(default_factory=list, description="Steps when bought (VP: Waste).")
    effect: list[Step] = Field(default_factory=list)
    status: Status = "confirmed"
    note: str | None = None


class CardsFile(Strict):
    """``content/trains/cards/*.yaml``."""

    cards: list[TrainsCard] = Field(min_length=1)


class Hex(Strict):
    """One hex of a map, in reading order."""

    id: int = Field(ge=0, le=200)
    row: int = Field(ge=0, le=20)
    col: int = Field(ge=0, le=20)
    terrain: Terrain
    name: str | None = None
    station_slots: int | None = Field(None, ge=1, le=3)
    vp: int | None = Field(None, ge=1, le=6, description="Remote location: VP and surcharge.")


class TrainsMap(Strict):
    """A map side: hexes, the blocked edges (barriers) and the expected adjacency count."""

    id: Id
    name: Text
    players: list[Annotated[int, Field(ge=1, le=6)]] = Field(
        min_length=1, description="Player counts the map is for.")
    hexes: list[Hex] = Field(min_length=1)
    barriers: list[list[int]] = Field(default_factory=list,
                                      description="Pairs of neighbouring hexes a line separates.")
    adjacent_pairs: int = Field(ge=1, le=1000,
                                description="Adjacent hex pairs (barriers removed).")
    rails_per_player: int | None = Field(None, ge=1, le=100, description="Rail tokens per "
                                         "player on this map (default: the rules' number).")
    station_tokens: int | None = Field(None, ge=1, le=200, description="Station tokens on this "
                                       "map (default: the rules' number).")
    pile_size: int | None = Field(None, ge=1, le=100, description="At most this many cards per "
                                  "supply pile, Waste excepted (the 2-player maps use 7).")
    status: Status = "confirmed"
    note: str | None = None


class MapsFile(Strict):
    """``content/trains/maps/*.yaml``."""

    maps: list[TrainsMap] = Field(min_length=1)


class Preset(Strict):
    """A suggested set of kingdom cards."""

    id: Id
    name: Text
    map: Id | None = None
    cards: list[Id] = Field(min_length=1)
    status: Status = "probable"
    source: str | None = None


class Rules(Strict):
    """Supply and end-game numbers."""

    fixed_piles: list[Id] = Field(min_length=1)
    kingdom_piles: int = Field(ge=1, le=20)
    start_deck: dict[Id, Annotated[int, Field(ge=1, le=20)]] = Field(
        min_length=1, max_length=10, description="Copies of each card in a starting deck.")
    hand_size: int = Field(ge=1, le=10)
    rails_per_player: int = Field(ge=1, le=100)
    station_tokens: int = Field(ge=1, le=200)
    empty_piles_to_end: int = Field(ge=1, le=20)
    city_vp: list[Annotated[int, Field(ge=0, le=20)]] = Field(
        min_length=4, max_length=4, description="VP for a rail in a city with 0, 1, 2, 3 stations.")
    box_total: int = Field(ge=1, le=5000, description="Cards in the box (base: 500).")
    route_bonuses: int | None = Field(None, ge=1, le=20, description="Route bonus cards per "
                                      "map (Rising Sun: 5); of these, one per player is dealt "
                                      "face up. None: the set has no route bonus cards.")


class SetupFile(Strict):
    """``content/trains/setup.yaml``."""

    setups: list[SetupEntry] = Field(min_length=1)


class SetupEntry(Strict):
    """One rules set (the base game) with its presets and randomizer list."""

    id: Id
    name: Text
    sets: list[Id] = Field(min_length=1, description="The card sets (the base game, then its "
                           "expansions) whose cards this game knows; a new expansion is a new "
                           "entry here and a cards file whose cards name it in `set`.")
    rules: Rules
    randomizers: list[Id] = Field(min_length=1)
    presets: list[Preset] = Field(default_factory=list)


SetupFile.model_rebuild()


class RouteBonus(Strict):
    """A Rising Sun route bonus card: connect the cities for VP and a one-shot ability."""

    id: Id
    name: Text
    map: Id
    cities: list[Id] = Field(min_length=2, description="City names (as map name ids).")
    vp: int = Field(ge=1, le=10, title="VP", description="Victory points for the route.")
    text: Text
    effect: list[Step] = Field(min_length=1, description="The one-shot special ability, as "
                               "steps: its holder may use it once, at any time of their turn.")
    status: Status = "provisional"


class RouteBonusFile(Strict):
    """``content/trains/route-bonus.yaml``."""

    bonuses: list[RouteBonus] = Field(min_length=1)


class BuyRule(Strict):
    """Buy ``card`` when every condition holds (the first matching rule wins). A rule only fires
    when the card's pile is in this game's supply and not empty."""

    card: Id
    min_coins: int = Field(0, ge=0, le=20, description="Coins needed (at least the cost).")
    max_owned: int | None = Field(None, ge=0, le=30, description="Copies owned below this.")
    min_round: int = Field(0, ge=0, le=100, description="From this round on (0 = the first).")
    max_round: int | None = Field(None, ge=1, le=100, description="Before this round only.")
    min_rails_left: int = Field(0, ge=0, le=100, description="Only while the bot has this many "
                                "rails still to lay (for Rail cards).")
    min_stations_left: int = Field(0, ge=0, le=200, description="Only while this many station "
                                   "tokens are left on the board (for station cards).")
    min_waste: int = Field(0, ge=0, le=30, description="Only once the bot owns this many Waste "
                           "(for Waste removal).")
    min_trains: int = Field(0, ge=0, le=40, description="Only once the bot owns this many Train "
                            "cards.")
    min_actions: int = Field(0, ge=0, le=40, description="Only once the bot owns this many Action "
                             "cards (Stationmaster Office).")


class PriorityBot(Strict):
    """A bot written as data: buy rules in priority order, play order, rail and station policy."""

    id: Id
    name: Text
    buy: list[BuyRule] = Field(min_length=1)
    play_first: list[Id] = Field(default_factory=list, description="Cards played before all "
                                 "others, in this order (draw cards).")
    play_last: list[Id] = Field(default_factory=list, description="Cards played after the other "
                                "Action and Train cards, in this order (cards that count Trains "
                                "in play); Rail and station cards always come after them.")
    play_after_buy: list[Id] = Field(default_factory=list, description="Cards held until the "
                                     "buying is done, then played (e.g. pay coins for VP).")
    pass_with_waste: int = Field(2, ge=1, le=5, description="Pass a whole turn (returning "
                                 "Waste) when the hand holds this many Waste and under 3 coins.")
    buys_per_turn: int = Field(1, ge=1, le=5)
    coin_vp: float = Field(0.4, ge=0, le=5, description="What one coin is worth in VP when a "
                           "rail or station is weighed against buying.")
    waste_vp: float = Field(0.5, ge=0, le=5, description="What gaining one Waste costs in VP.")
    min_rail_value: float = Field(0.0, ge=-10, le=10, description="Play a Rail card only when "
                                  "its best rail is worth more than this (VP).")
    min_station_value: float = Field(0.1, ge=-10, le=10, description="Play a station card only "
                                     "when its best city gains at least this (VP) against the "
                                     "others.")
    rush_round: int = Field(100, ge=0, le=100, description="From this round on, play every Rail "
                            "and station card that can be played (head for the end).")


class BotsFile(Strict):
    """``content/trains/bots/*.yaml``."""

    bots: list[PriorityBot] = Field(min_length=1)


class UiString(models.UiString[Text]):
    """A fixed text printed by the card templates."""


class StringsFile(models.StringsFile[UiString]):
    """``content/trains/strings.yaml``."""
