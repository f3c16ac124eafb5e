"""Print decks declared in content (``decks.yaml``): which cards, at which size."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .geometry import CARD_SIZES

SizeName = Literal["poker", "bridge", "mini", "tarot", "square"]


class CustomSize(BaseModel):
    """A card size in millimetres."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    width: float = Field(gt=10, le=400)
    height: float = Field(gt=10, le=400)


class DeckSpec(BaseModel):
    """One printable deck of a game."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    name: Annotated[str, Field(min_length=1, max_length=60)]
    size: SizeName | CustomSize = Field(description="A named size or width/height in mm.")
    status: Literal["confirmed", "provisional"] = "confirmed"
    note: str | None = None

    @property
    def mm(self) -> tuple[float, float]:
        """Card width and height in mm."""
        if isinstance(self.size, CustomSize):
            return (self.size.width, self.size.height)
        return CARD_SIZES[self.size]


class DecksFile(BaseModel):
    """``content/<game>/decks.yaml``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    decks: list[DeckSpec] = Field(min_length=1)
