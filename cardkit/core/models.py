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


class Provenance(Strict):
    """Fields every object may carry: how sure its values are, and a note why."""

    status: Status = Field("confirmed", description="provisional: a value cardkit authored.")
    note: str | None = Field(None, max_length=600, description="Not printed; for designers.")


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
