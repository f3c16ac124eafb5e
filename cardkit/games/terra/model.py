"""Terra's content model: regions (a graph), bars (line values per board side), cards (topics).

Models are strict (no coercion of "300" into 300, no unknown fields) so that the JSON Schemas
generated from them say exactly what the loader accepts.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core import models
from ...core.models import Id, Provenance, Strict, text
from .terms.units import UnitId

Text = text(600)
Quadrant = Literal["NW", "NE", "SW", "SE"]
Difficulty = Literal["yellow", "green", "blue", "red"]
BarId = Literal["year", "length", "number"]
#: Terra has no ``probable`` (unlike :data:`cardkit.core.models.Status`).
Status = Literal["confirmed", "provisional"]


class Region(Strict):
    """A land or sea region of cardkit's world map."""

    id: Id
    name: Text
    kind: Literal["land", "sea"] = Field(description="Sea region names are framed on the map.")
    covers: str | None = Field(None, description="What the region holds (countries, areas).")
    quadrants: list[Quadrant] = Field(min_length=1, max_length=4,
                                      description="Compass quadrants the region extends into.")
    neighbours: list[Id] = Field(min_length=1, description="Regions sharing a border.")
    aliases: dict[Annotated[str, Field(pattern=r"^[a-z]{2,3}([_-][A-Za-z]{2,4})?$")],
                  list[Annotated[str, Field(min_length=2, max_length=60)]]] = Field(
        default_factory=dict, repr=False, description=(
            "Per locale: other words that name the region or what it is made of (countries, "
            "islands, a people's adjective: 'Iran', 'Persian'). A card whose answer is this "
            "region must not print its name or one of these in its topic, questions or info "
            "(TER028, TER029). Greek and Polish words match in every case ending; write a "
            "stem-changing form too (Włochy, Włoszech)."))


class RegionsFile(Strict):
    """``content/terra/regions.yaml``."""

    regions: list[Region] = Field(min_length=1)


class BarSide(Strict):
    """One side of the board (metric or imperial) for a bar: its line values, ascending.

    Markers go in the spaces between two neighbouring lines. Length lines are in metres on the
    metric side and in feet on the imperial side; year and number lines are plain numbers.
    """

    lines: list[float] = Field(min_length=3)


class Bar(Strict):
    """One of the three bars: year (green), length (blue) and number (orange)."""

    id: BarId
    colour: Literal["green", "blue", "orange"]
    label: Text
    metric: BarSide
    imperial: BarSide
    status: Status = "confirmed"
    note: str | None = None


class BarsFile(Strict):
    """``content/terra/bars.yaml``."""

    bars: list[Bar] = Field(min_length=1)


class Checked(Strict):
    """When an answer was last verified, and against which of the card's sources."""

    on: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$",
                    description="The day the figure was read in the sources (YYYY-MM-DD).")
    by: list[Annotated[int, Field(ge=1, le=6)]] = Field(max_length=6, description=(
        "The card's sources (1 = the first listed) that give this figure or, with a "
        "`range`, the figures of the range; two independent reputable ones at least (TER030), "
        "none or one on a `status: provisional` card."))


class Answer(Strict):
    """A bar answer: a number in a unit from cardkit's closed list (metric or unit-free).

    The question never names the unit: the card prints the board side's unit beside it."""

    value: float
    unit: UnitId
    imperial: float | None = Field(
        None, description="The value printed on imperial cards when a plain conversion "
                          "(rounded to 3 significant digits) is not what the card should say.")
    on_line: bool = Field(False, description="The answer is exactly a bar line's value on purpose "
                                             "(both spaces beside the line are correct).")
    basis: str | None = Field(None, min_length=3, max_length=300, description=(
        "Where the sources disagree: which figure the card uses and why (not printed)."))
    range: list[float] | None = Field(None, min_length=2, max_length=2, description=(
        "Where reputable sources disagree: the lowest and the highest figure they give, in the "
        "answer's unit; the whole range must fall in one bar space on both sides (TER025), so "
        "no player can dispute the scoring."))
    checked: Checked | None = Field(None, repr=False, description=(
        "The verification record: when, and by which of the card's sources (TER030)."))


class BarQuestion(Strict):
    """Q2 or Q3: a question answered on one bar."""

    bar: BarId
    question: Text
    answer: Answer


class RegionQuestion(Strict):
    """Q1: in which ``count`` region(s) is the topic; the count is shown to players."""

    count: int = Field(ge=1, le=8)
    answers: list[Id] = Field(min_length=1, max_length=8)


Subject = Literal["nature", "structures", "people", "events", "records"]


class Source(Strict):
    """A reference the answers were checked against: an encyclopaedia, an official body, national
    statistics, a peer-reviewed paper or major press (never a content farm, a Wikipedia mirror, a
    shop). ``cardkit check`` wants two independent ones per card (TER019, TER020)."""

    publisher: str = Field(min_length=2, max_length=120,
                           description="Who publishes it: 'Encyclopaedia Britannica', 'USGS'.")
    title: str = Field(min_length=2, max_length=200, description="The article or page title.")
    # ``str`` with a default of None: a ``url:`` written and left empty is an error (SCH001),
    # not the same as no url at all
    url: str = Field(None, pattern=r"^https?://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(/\S*)?$",  # type: ignore[assignment]
                     max_length=400, description=(
                         "Where to read it (http or https); leave the key out for a book or a "
                         "paper without one (sources-policy.yaml may require it)."))
    note: str | None = Field(None, max_length=300,
                             description="What it gives, when the card relies on one figure.")


Host = Annotated[str, Field(pattern=r"^(?:[a-z0-9-]+\.)+[a-z]{2,}$", max_length=120,
                            description="A web host, lower case: dailymail.co.uk "
                                        "(its subdomains match too).")]


class WeakPublisher(Strict):
    """A publisher the content folder does not accept as a source (a tabloid, a satire site, a
    propaganda outlet): a source from it never counts toward the two and is an error (TER027).
    A source with a ``url`` is matched by its host (two papers may share a name: the UK's
    Daily Star and The Daily Star of Dhaka); a source without one by its publisher's name."""

    id: Id
    names: list[Annotated[str, Field(min_length=2, max_length=120)]] = Field(
        min_length=1, description="Its names as cards write them (compared without case, "
                                  "accents, punctuation or a leading 'the').")
    hosts: list[Host] = Field(default_factory=list, description="Its web sites.")
    why: str = Field(min_length=3, max_length=200, description="Why it does not count.")


class SourcesPolicyFile(Strict):
    """``content/terra/sources-policy.yaml``: the content folder's own rules for sources, on top
    of cardkit's built-in ones (Wikipedia does not count, content farms are refused)."""

    weak_publishers: list[WeakPublisher] = Field(description=(
        "Publishers this content does not accept: a source from one does not count (TER027)."))
    require_url: bool = Field(False, description=(
        "Every source gives a url (TER026); off, a book or a paper may be cited by publisher "
        "and title alone."))


class Card(Provenance):
    """A Terra topic card: the top half asks, the bottom half answers."""

    id: Id
    topic: Text
    difficulty: Difficulty
    subject: Subject = Field(description="What the topic is about (the deck's spread).")
    regions: RegionQuestion
    compass: Quadrant | None = Field(None, description="Optional compass hint quadrant.")
    bars: list[BarQuestion] = Field(min_length=2, max_length=2,
                                    description="Q2 and Q3, on two different bars.")
    info: Text
    sources: list[Source] = Field(min_length=1, max_length=6, description=(
        "Where the answers were checked: two independent reputable sources at least (TER019)."))
    status: Status = "confirmed"
    note: str | None = None


PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]
PluralText = Annotated[dict[PluralCategory, Text], Field(
    min_length=2, description="Plural forms by CLDR category; English gives `one` and `other`.")]


class UiString(models.UiString[Text | PluralText]):
    """A fixed text printed by the card templates (labels, unit names, plural phrases)."""


class StringsFile(models.StringsFile[UiString]):
    """``content/terra/strings.yaml``."""


class CardsFile(Strict):
    """``content/terra/cards/*.yaml``."""

    cards: list[Card] = Field(min_length=1)
