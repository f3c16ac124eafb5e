"""The model bases every game shares: the strict base, provenance, ids, texts and UI strings.

Every game's ``model.py`` (and a plug-in's, see ``examples/plugin``) builds on these instead of
defining its own copies::

    from cardkit.core import models
    from cardkit.core.models import Id, Provenance, Strict, text

    Text = text(400)

    class UiString(models.UiString[Text]):
        \"\"\"A fixed text printed by the card templates.\"\"\"

    class StringsFile(models.StringsFile[UiString]):
        \"\"\"``content/<game>/strings.yaml``.\"\"\"

A model's docstring becomes its JSON Schema description, and its class name the title: a game
keeps its own ``UiString`` and ``StringsFile`` subclasses (docstring only, no fields) so its
schemas say which file they describe.

This module depends on pydantic and ``core.validation`` only.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .validation import ID_PATTERN

#: The most characters an id may have.
ID_MAX = 64
#: The schema description of a translatable text (:func:`text`).
TEXT_DESCRIPTION = "Translatable English source text."

#: A stable kebab-case id (``lake-baikal``), as every game's objects carry.
Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=ID_MAX,
                          description="Stable kebab-case id; never changes once published.")]
#: How sure an object's values are (:class:`Provenance`); ``provisional``: a value cardkit authored.
Status = Literal["confirmed", "probable", "provisional"]


def text(max_length: int = 400, *, description: str | None = TEXT_DESCRIPTION) -> Any:
    """The type of a translatable text of 1 to ``max_length`` characters (``Text = text(600)``)."""
    return Annotated[str, Field(min_length=1, max_length=max_length, description=description)]


#: A translatable text of at most 400 characters.
Text = text()


class Strict(BaseModel):
    """Base of every content model: unknown fields are errors, no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


#: A folder's name: never "." or "..".
_SEGMENT = (r"(?:[^./\\:\x00-\x1f]|\.[^./\\:\x00-\x1f]|\.\.[^/\\:\x00-\x1f])"
            r"[^/\\:\x00-\x1f]*")
#: A path of an image inside the game's content folder: POSIX, relative, no ``..`` part, no
#: backslash or colon, ending in a known image suffix (a check, ART001, also resolves links).
ART_PATH_PATTERN = (rf"^(?:{_SEGMENT}/)*[^/\\:\x00-\x1f]+"
                    r"\.(?:png|PNG|jpg|JPG|jpeg|JPEG|svg|SVG)$")
#: The schema type of an art path (see :data:`ART_PATH_PATTERN`).
ArtPath = Annotated[str, Field(
    pattern=ART_PATH_PATTERN, max_length=200,
    description="An image (PNG, JPEG or SVG) relative to the game's content folder "
                "(content/<game>/), with / between folders: art/harbour.png.")]


class Art(Strict):
    """An image printed in the art frame of the object's template (see docs/art.md)."""

    path: ArtPath
    fit: Literal["fit", "fill", "crop"] = Field("fill", description=(
        "fit: the whole image inside the frame, letterboxed; fill: covers the frame, the "
        "overflow clipped around the focus; crop: the image at its own resolution (its dpi, "
        "300 if it has none), clipped by the frame around the focus."))
    focus: list[Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=lambda: [0.5, 0.5], min_length=2, max_length=2,
        description="The point kept in view: [x, y], fractions of the image's width and "
                    "height from its left and top edges.")
    bleed: bool = Field(False, description="Full bleed: the art covers the whole card and "
                                           "extends into the bleed, behind everything.")
    credit: str | None = Field(None, min_length=1, max_length=80, description=(
        "The artist, printed small in the template's credit line after the locale's "
        "\"Art:\" (the name itself is not translated)."))


#: ``art: art/x.png`` (the defaults) or ``art: {path: art/x.png, fit: fit, ...}``.
ArtRef = ArtPath | Art


class Provenance(Strict):
    """Fields every object may carry: how sure its values are, a note why, and its art."""

    status: Status = Field("confirmed", description="provisional: a value cardkit authored.")
    note: str | None = Field(None, max_length=600, description="Not printed; for designers.")
    # repr=False: a compiled game world that holds model objects prints as before (its repr
    # is the balance reports' rules fingerprint, and art does not change play).
    art: ArtRef | None = Field(None, repr=False, description=(
        "An image printed in the art frame of the object's template: a path, or an object "
        "with path, fit, focus, bleed and credit. Frame sizes per template: docs/art.md."))


TextT = TypeVar("TextT")


class UiString(Strict, Generic[TextT]):
    """A fixed text printed by the templates; ``UiString[Text]`` fixes the type of its text."""

    id: Id
    text: TextT
    note: str | None = Field(None, description="Context for translators.")


UiStringT = TypeVar("UiStringT", bound=UiString[Any])


class StringsFile(Strict, Generic[UiStringT]):
    """``content/<game>/strings.yaml``: the fixed texts of a game's templates."""

    strings: list[UiStringT] = Field(min_length=1)
