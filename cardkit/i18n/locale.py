"""Locales as data: ``content/locales/<code>.yaml``. A new locale is a new file, not code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Script = Literal["Latin", "Greek", "Cyrillic"]
Category = Literal["zero", "one", "two", "few", "many", "other"]


class Plural(BaseModel):
    """Plural forms: the categories a pluralised text must give, and gettext's header."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    categories: list[Category] = Field(min_length=1, description="In gettext's msgstr[] order.")
    gettext: str = Field(pattern=r"^nplurals=\d+; plural=.+;$",
                         description="The PO `Plural-Forms` header value.")


class Locale(BaseModel):
    """One language: how its text is written and checked."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    code: Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
    name: str
    native_name: str
    script: Script
    plural: Plural
    decimal: str = Field(max_length=1)
    group: list[str] = Field(description="Accepted thousands separators: characters, or the "
                                         "names `space`, `nbsp`, `nnbsp` (narrow no-break).")
    group_min_digits: int = Field(4, ge=4, le=6, description="Group thousands only in numbers "
                                  "with at least this many digits (Polish: 5, so 9289 but "
                                  "12 000).")
    quotes: list[str] = Field(min_length=2, max_length=2, description="Opening, closing.")
    end_punctuation: dict[str, list[str]] = Field(
        default_factory=dict,
        description="English sentence end -> accepted endings here (Greek `?` -> `;`).")
    forbidden_quotes: list[str] = Field(default_factory=list,
                                        description="Quotation marks that are wrong here.")


    def format_number(self, value: float) -> str:
        """A number as printed in this locale (thousands grouped, decimal mark)."""
        text = f"{value:.10g}"
        if "e" in text:
            text = f"{value:.0f}" if abs(value) >= 1 else f"{value:f}".rstrip("0")
        sign = "-" if text.startswith("-") else ""
        whole, _, frac = text.lstrip("-").partition(".")
        if len(whole) >= self.group_min_digits and self.group:
            sep = SPACES["nbsp"] if self.group_chars[0].isspace() else self.group_chars[0]
            groups = []
            while len(whole) > 3:
                groups.insert(0, whole[-3:])
                whole = whole[:-3]
            whole = sep.join([whole, *groups])
        return sign + whole + (self.decimal + frac if frac else "")

    @property
    def group_chars(self) -> list[str]:
        """The thousands separators as characters."""
        return [SPACES.get(g, g) for g in self.group]


SPACES = {"space": " ", "nbsp": "\u00a0", "nnbsp": "\u202f"}


class LocalesFile(BaseModel):
    """``content/locales/<code>.yaml``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    locale: Locale


SOURCE_LOCALE = "en"


def locales_dir(content_dir: Path) -> Path:
    """Where locale definitions live."""
    return content_dir / "locales"
