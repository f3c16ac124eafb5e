"""Units of Terra answers and their conversion to the imperial side of the board.

Answers are stored once, in the unit the question states (metric). The metric side of a bar
compares them in the bar's base unit (metres for length); the imperial side converts them
(km -> mi, °C -> °F, ...) and rounds to what a card would print.
"""

from __future__ import annotations

import math
from decimal import Decimal
from dataclasses import dataclass
from typing import Literal

Quantity = Literal["year", "length", "number"]


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit: which bar it belongs to, metric factor to the bar's base, imperial conversion."""

    id: str
    quantity: Quantity
    symbol: str
    imperial_symbol: str
    to_base: float = 1.0  # metric value -> metric base of the bar (metres for length)
    imperial_scale: float = 1.0  # metric value -> imperial value (x * scale + offset)
    imperial_offset: float = 0.0
    imperial_base: float = 1.0  # imperial display unit -> imperial base of the bar (feet)
    #: id in strings.yaml of the metric unit as printed after a number ("" = none): a symbol
    #: (``km``, the same after every number) or a plural message with ``{n}`` (``{n} days``)
    #: that each locale inflects for the number.
    string: str = ""
    imperial_string: str = ""
    #: The unit's name beside a question ("in {unit}"), in the form the locale's frame needs
    #: (Greek accusative after σε, Polish locative after w): a string of its own for every unit
    #: printed with ``{n}``; a symbol is its own label.
    label: str | None = None
    imperial_label: str | None = None

    @property
    def label_string(self) -> str:
        """The string naming the unit beside a question on the metric side ("" = none)."""
        return self.string if self.label is None else self.label

    @property
    def imperial_label_string(self) -> str:
        """The string naming the unit beside a question on the imperial side."""
        return self.imperial_string if self.imperial_label is None else self.imperial_label

    def metric_base(self, value: float) -> float:
        """The value in the metric side's base unit."""
        return value * self.to_base

    @property
    def converts(self) -> bool:
        """Whether the imperial side shows a different number than the metric side."""
        return self.imperial_scale != 1.0 or self.imperial_offset != 0.0

    def imperial(self, value: float) -> float:
        """The value as an imperial card prints it: converted, and rounded to the precision of
        the metric figure — its last written digit's step, converted (8,849 m is to the metre,
        3.28 ft: 29,032 ft; 70.7 °C to a tenth, 0.18 °F: 159.3 °F; 23,000 km³ to a thousand,
        240 cu mi: 5,500 cu mi)."""
        if not self.converts:
            return value
        converted = value * self.imperial_scale + self.imperial_offset
        step = precision(value) * self.imperial_scale
        return round_to(converted, 10.0 ** math.floor(math.log10(step)))


FOOT = 0.3048
MILE = 1609.344
UNITS: dict[str, Unit] = {u.id: u for u in (
    Unit("year", "year", "", ""),
    Unit("cm", "length", "cm", "in", 0.01, 1 / 2.54, imperial_base=1 / 12,
         string="unit-cm", imperial_string="unit-in", imperial_label="unit-in-label"),
    Unit("m", "length", "m", "ft", 1.0, 1 / FOOT, string="unit-m", imperial_string="unit-ft",
         imperial_label="unit-ft-label"),
    Unit("km", "length", "km", "mi", 1000.0, 1000 / MILE, imperial_base=5280.0,
         string="unit-km", imperial_string="unit-mi", imperial_label="unit-mi-label"),
    Unit("count", "number", "", ""),
    Unit("percent", "number", "%", "%", string="unit-percent", imperial_string="unit-percent"),
    Unit("hour", "number", "h", "h", string="unit-hour", imperial_string="unit-hour"),
    Unit("day", "number", "days", "days", string="unit-day", imperial_string="unit-day",
         label="unit-day-label", imperial_label="unit-day-label"),
    Unit("years", "number", "years", "years", string="unit-years", imperial_string="unit-years",
         label="unit-years-label", imperial_label="unit-years-label"),
    Unit("celsius", "number", "°C", "°F", 1.0, 9 / 5, 32.0, string="unit-celsius",
         imperial_string="unit-fahrenheit"),
    Unit("m2", "number", "m²", "sq ft", 1.0, 1 / FOOT**2, string="unit-m2",
         imperial_string="unit-sq-ft", imperial_label="unit-sq-ft-label"),
    Unit("km2", "number", "km²", "sq mi", 1.0, 1e6 / MILE**2, string="unit-km2",
         imperial_string="unit-sq-mi", imperial_label="unit-sq-mi-label"),
    Unit("m3", "number", "m³", "cu ft", 1.0, 1 / FOOT**3, string="unit-m3",
         imperial_string="unit-cu-ft", imperial_label="unit-cu-ft-label"),
    Unit("km3", "number", "km³", "cu mi", 1.0, 1e9 / MILE**3, string="unit-km3",
         imperial_string="unit-cu-mi", imperial_label="unit-cu-mi-label"),
    Unit("litre", "number", "l", "gal", 1.0, 1 / 3.785411784, string="unit-litre",
         imperial_string="unit-gal", imperial_label="unit-gal-label"),
    Unit("kg", "number", "kg", "lb", 1.0, 1 / 0.45359237, string="unit-kg",
         imperial_string="unit-lb", imperial_label="unit-lb-label"),
    Unit("tonne", "number", "t", "short tons", 1.0, 1000 / 907.18474, string="unit-tonne",
         imperial_string="unit-short-ton", imperial_label="unit-short-ton-label"),
    Unit("kmh", "number", "km/h", "mph", 1.0, 1000 / MILE, string="unit-kmh",
         imperial_string="unit-mph", imperial_label="unit-mph-label"),
)}

UnitId = Literal["year", "cm", "m", "km", "count", "percent", "hour", "day", "years", "celsius",
                 "m2", "km2", "m3", "km3", "litre", "kg", "tonne", "kmh"]

def precision(value: float) -> float:
    """The step of a figure's last written digit: 8849 -> 1, 70.7 -> 0.1, 23000 -> 1000."""
    if value == 0 or not math.isfinite(value):
        return 1.0
    exponent = Decimal(repr(float(value))).normalize().as_tuple().exponent
    return 10.0 ** int(exponent)


def round_to(value: float, step: float) -> float:
    """``value`` rounded to a multiple of ``step`` (a power of ten), without float dust."""
    digits = -int(round(math.log10(step)))
    return float(round(value, digits)) if digits > 0 else float(round(value / step) * step)


def round_sig(value: float, digits: int = 3) -> float:
    """Round to ``digits`` significant figures (what a card prints on the imperial side)."""
    if value == 0 or not math.isfinite(value):
        return value
    magnitude = math.floor(math.log10(abs(value)))
    factor = 10 ** (digits - 1 - magnitude)
    return round(value * factor) / factor


def format_number(value: float) -> str:
    """A number for messages and cards: ``2,000,000``, ``56.7``, ``-2,560``."""
    if math.isfinite(value) and float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,.6g}"
