"""The model of ``game.yaml``: a game declared as data (see ``docs/declared-games.md``).

A declaration names the game's kinds (file pattern, top-level list, fields with their types),
its token registry (icons and placeholders), its decks and its card templates (named boxes
binding fields to places on the card, colours chosen by field values). It is strict like every
content model: an unknown key, a wrong type or a value out of range is a located schema error.
Cross-references inside the declaration (a deck's kind, a box's field) are checked by GAM004.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...core import models
from ...core.models import ArtPath, Strict, text
from ...pdf.model import CustomSize, SizeName

#: The shared id, described for a designer declaring a game.
Id = Annotated[models.Id, Field(description="A lower-case id, words joined by hyphens.")]
#: A field name: lower-case words joined by underscores (``max_cards``), as YAML keys are.
FieldName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$", max_length=40,
                                 description="A field name: lower-case words joined by _.")]
Hex = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour, #rrggbb.")]
#: A field path of a colour map: ``colour`` or ``guild.colour`` (through a reference).
FieldPath = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$",
                                 max_length=81)]
#: Names a kind may not give a field: every object has them already (``kind``: what
#: ``cardkit show`` calls the object's kind).
RESERVED = frozenset({"id", "status", "note", "kind", "art"})
#: The most copies of one card a deck's ``copies`` field may ask for.
MAX_COPIES = 100


ScalarType = Literal["text", "int", "enum", "bool", "ref", "icon"]


class FieldDecl(Strict):
    """One field of a kind's objects."""

    id: FieldName
    type: Literal["text", "int", "enum", "bool", "ref", "icon", "list"]
    of: ScalarType | None = Field(None, description="list: the type of its entries.")
    required: bool = Field(True, description="false: the field may be left out.")
    default: int | bool | str | None = Field(None, description="The value when left out.")
    max_chars: int | None = Field(None, ge=1, le=2000, description="text: the longest text.")
    translatable: bool = Field(False, description="text: translated in locale overlays.")
    min: int | None = Field(None, ge=-1_000_000, le=1_000_000, description="int: lowest.")
    max: int | None = Field(None, ge=-1_000_000, le=1_000_000, description="int: highest.")
    values: list[Id] | None = Field(None, min_length=1, max_length=200,
                                    description="enum: the allowed values.")
    kind: Id | None = Field(None, description="ref: the kind whose ids it names.")
    min_items: int | None = Field(None, ge=0, le=1000, description="list: fewest entries.")
    max_items: int | None = Field(None, ge=1, le=1000, description="list: most entries.")
    label: str | None = Field(None, max_length=60,
                              description="What translators see beside the field.")

    @property
    def item_type(self) -> str:
        """The type of one value (a list's entries, else the field's own)."""
        return self.of or self.type if self.type == "list" else self.type


class KindDecl(Strict):
    """One kind of content objects, kept in the files matching ``file``."""

    id: Id
    file: str = Field(pattern=r"^[A-Za-z0-9_*./-]+\.ya?ml$", max_length=120,
                      description="A glob relative to the game folder: cards/*.yaml.")
    items: FieldName = Field(description="The file's top-level list of objects.")
    label: FieldName | None = Field(None, description="The field `cardkit list` shows.")
    description: str = Field("", max_length=300)
    fields: list[FieldDecl] = Field(min_length=1, max_length=60)


class Rect(Strict):
    """A box in mm from the card's lower-left corner."""

    x: float = Field(ge=0, le=400)
    y: float = Field(ge=0, le=400)
    w: float = Field(gt=0, le=400)
    h: float = Field(gt=0, le=400)


class TokenDecl(Strict):
    """An entry of the token registry: an icon (``[coin]`` in texts) or a placeholder."""

    token: str = Field(pattern=r"^([a-z][a-z0-9-]*|\{[a-z]+\})$", max_length=30,
                       description="An icon name (written [name] in texts) or {placeholder}.")
    colour: Hex | None = Field(None, description="An icon's disc colour.")
    letter: str | None = Field(None, min_length=1, max_length=2,
                               description="The letter drawn on an icon's disc.")
    image: ArtPath | None = Field(None, description=(
        "An icon drawn from an image instead of a disc: PNG, JPEG or SVG, relative to the "
        "game's folder, fitted in a square one text line high."))
    label: str | None = Field(None, max_length=40)


class ColourBy(Strict):
    """A colour chosen by the value of a field (``guild.colour`` follows a reference)."""

    field: FieldPath
    colours: dict[str, Hex] = Field(min_length=1, max_length=200)
    default: Hex | None = Field(None, description="For a value the map does not name.")


Colour = Union[Hex, ColourBy]


class BoxDecl(Strict):
    """A named box of a template: a field of the object (or a string) printed in it."""

    id: Id
    field: FieldName | None = Field(None, description="The object's field printed here.")
    string: Id | None = Field(None, description="A strings.yaml text printed here.")
    prefix: Id | None = Field(None, description="A strings.yaml text printed before the field.")
    x: float = Field(ge=0, le=400, description="mm from the card's left edge.")
    y: float = Field(ge=0, le=400, description="mm from the card's bottom edge.")
    w: float = Field(gt=0, le=400)
    h: float = Field(gt=0, le=400)
    size: float = Field(10.0, ge=3, le=72, description="The largest font size, points.")
    min_size: float = Field(6.0, ge=3, le=72, description="The smallest font size, points.")
    lines: int | None = Field(None, ge=1, le=40, description="At most this many lines.")
    bold: bool = False
    italic: bool = False
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "middle"
    shape: Literal["rect", "circle"] | None = Field(
        None, description="Draw the box (with `fill`): a rectangle or a disc.")
    fill: Colour | None = None
    colour: Colour = Field("#1a1a1a", description="The text colour.")


class ArtFrameDecl(Strict):
    """Where a template prints its object's ``art`` (mm from the card's lower-left corner);
    other boxes' texts flow around it. ``credit``: the credit line's box, if any."""

    x: float = Field(ge=0, le=400)
    y: float = Field(ge=0, le=400)
    w: float = Field(gt=0, le=400)
    h: float = Field(gt=0, le=400)
    credit: Rect | None = Field(None, description="The box of the credit line (Art: NAME).")


class TemplateDecl(Strict):
    """A card face: a background, a border, the art frame and the named boxes, painted in
    order (full-bleed art right over the background)."""

    id: Id
    background: Colour = "#ffffff"
    border: Colour | None = None
    art: ArtFrameDecl | None = Field(None, description=(
        "The art frame: where an object's `art:` image prints. Without one, the template "
        "prints no art (ART006)."))
    boxes: list[BoxDecl] = Field(default_factory=list, max_length=60)


class DeckDecl(Strict):
    """A printable deck: every object of a kind, with a front and a back template."""

    id: Id
    name: str = Field(min_length=1, max_length=60)
    kind: Id
    size: SizeName | CustomSize = "poker"
    front: Id
    back: Id | None = None
    copies: FieldName | None = Field(None, description="An int field: copies to print.")


class GameDecl(Strict):
    """``content/<game>/game.yaml``: the declaration of a game cardkit does not ship."""

    id: Id
    title: str = Field(min_length=1, max_length=80)
    status: Literal["confirmed", "provisional"] = "confirmed"
    note: str | None = Field(None, max_length=600)
    tokens: list[TokenDecl] = Field(default_factory=list, max_length=100)
    kinds: list[KindDecl] = Field(min_length=1, max_length=30)
    decks: list[DeckDecl] = Field(default_factory=list, max_length=30)
    templates: list[TemplateDecl] = Field(default_factory=list, max_length=60)


class UiString(models.UiString[text(600)]):
    """A fixed text the templates print (``string:`` and ``prefix:`` of a box)."""


class StringsFile(models.StringsFile[UiString]):
    """``content/<game>/strings.yaml`` of a declared game."""
