"""Locales as data: ``content/locales/<code>.yaml``. A new locale is a new file, not code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Script = Literal["Latin", "Greek", "Cyrillic"]
Category = Literal["zero", "one", "two", "few", "many", "other"]


class Plural(BaseModel):
    """Plural forms: the categories a pluralised text must give, and gettext's header."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    categories: list[Category] = Field(min_length=1, description="In gettext's msgstr[] order.")
    gettext: str = Field(pattern=r"^nplurals=\d+; plural=.+;$",
                         description="The PO `Plural-Forms` header value.")


QuotePair = Annotated[list[str], Field(min_length=2, max_length=2)]
WordValues = dict[int, list[str]]


class NumberWords(BaseModel):
    """Numbers written as words (I18N023), matched as whole words, ignoring case and Greek
    accents (Polish diacritics are letters: ``pięć`` five is not ``piec`` oven).

    A form ending in ``*`` is a stem: it matches the stem alone or followed by one of
    ``endings`` (``trzeci*`` = trzeci, trzecia, trzeciego…, never ``trzecia`` + anything else).
    """

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    endings: list[str] = Field(default_factory=list, description="What a `stem*` form may end "
                               "with (the inflection endings of ordinals).")
    cardinal: WordValues = Field(default_factory=dict, description="Value -> its forms (three, "
                                 "trzy/trzech/trzema…).")
    ordinal: WordValues = Field(default_factory=dict, description="Value -> its ordinal forms "
                                "(third, trzeci*…).")
    loose: WordValues = Field(default_factory=dict, description="Words that may stand for a "
                              "number but often do not (one, the article ένα/μία, both, twice): "
                              "they excuse a difference, never cause one.")


class Locale(BaseModel):
    """One language: how its text is written and checked."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    code: Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
    name: str
    native_name: str
    scripts: list[Script] = Field(min_length=1, description="The scripts its text is written "
                                  "in (Greek: [Greek]); text mostly in another script is an "
                                  "error (I18N027).")
    plural: Plural
    decimal: str = Field(max_length=1)
    group: list[str] = Field(description="Accepted thousands separators: characters, or the "
                                         "names `space`, `nbsp`, `nnbsp` (narrow no-break).")
    group_min_digits: int = Field(4, ge=4, le=6, description="Group thousands only in numbers "
                                  "with at least this many digits (Polish: 5, so 9289 but "
                                  "12 000).")
    quotes: list[QuotePair] = Field(min_length=1, description="Quotation marks by nesting "
                                    "level, [[opening, closing], [inner opening, inner "
                                    "closing]] (Polish „…«…»…”); a flat [opening, closing] "
                                    "is one level.")
    end_punctuation: dict[str, list[str]] = Field(
        default_factory=dict,
        description="English sentence end -> accepted endings here (Greek `?` -> `;`).")
    forbidden_quotes: list[str] = Field(default_factory=list,
                                        description="Quotation marks that are wrong here (never "
                                        "one of `quotes`, at any level).")
    number_words: NumberWords = Field(default_factory=NumberWords, description="Numbers "
                                      "written as words, by value (I18N023).")
    doubled_ok: list[str] = Field(default_factory=list, description="Words that may be doubled "
                                  "(Greek σιγά σιγά, Polish ledwo ledwo) (I18N024).")
    space_before: list[str] = Field(default_factory=list, description="Punctuation that takes a "
                                    "space before it here (French `;` `:` `!` `?`) (I18N025).")
    common_words: list[str] = Field(default_factory=list, description="Very common function "
                                    "words (lower case), to tell a sentence in another language "
                                    "of the same script (I18N028, imports).")
    letters: str = Field("", description="Letters that mark text as this language among "
                         "those of its script (Polish ąćęłńóśźż), to tell the language of an "
                         "imported file.")


    @field_validator("quotes", mode="before")
    @classmethod
    def _quote_levels(cls, value: object) -> object:
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
            return [value]
        return value

    @model_validator(mode="after")
    def _forbidden_not_legal(self) -> Locale:
        legal = {q for level in self.quotes for q in level}
        both = sorted(legal.intersection(self.forbidden_quotes))
        if both:
            raise ValueError(f"forbidden_quotes lists {' '.join(both)}, which `quotes` uses")
        return self

    def format_number(self, value: float) -> str:
        """A number as printed in this locale (thousands grouped, decimal mark). An ``int`` keeps
        every digit (through a float, 123456789012345678901234567890 printed as
        ...677877719597056)."""
        if isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        else:
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


class LocaleTable(dict[str, Locale]):
    """The locales that loaded, by code, and what the loading knows besides: the folder they
    come from (display path), whether it exists, and the codes whose definition file is there
    but has an error (reported at that file once; their translations are not reported again)."""

    def __init__(self, folder: str = "content/locales", exists: bool = True) -> None:
        super().__init__()
        self.folder = folder
        self.exists = exists
        self.broken: set[str] = set()


def broken_locales(locales: dict[str, Locale]) -> set[str]:
    """The codes of locale files that did not load (empty for a plain dict)."""
    return locales.broken if isinstance(locales, LocaleTable) else set()
