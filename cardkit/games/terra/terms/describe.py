"""How ``cardkit show terra ID`` presents objects: references resolved, both board sides."""

from __future__ import annotations

from typing import Any

from ....core.content import GameContent
from ....core.query import default_label
from ....core.spec import Record
from .bars import correct_spaces, side_value
from .units import UNITS


def resolve(content: GameContent, rec: Record[Any]) -> dict[str, Any]:
    """A card with region names, bar labels and the answers on both sides; other objects as is."""
    data: dict[str, Any] = {"kind": rec.kind, **rec.obj.model_dump(mode="json", exclude_none=True)}
    regions = content.index("regions")
    if rec.kind == "regions":
        data["neighbours"] = [{"id": r, "name": regions[r].obj.name if r in regions else None}
                              for r in rec.obj.neighbours]
    if rec.kind != "cards":
        return data
    data["regions"]["answers"] = [
        {"id": r, "name": regions[r].obj.name if r in regions else None}
        for r in rec.obj.regions.answers]
    bars = content.index("bars")
    for q, out in zip(rec.obj.bars, data["bars"], strict=True):
        unit = UNITS[q.answer.unit]
        bar = bars.get(q.bar)
        out["label"] = bar.obj.label if bar else None
        out["imperial"] = {"value": side_value(q.answer, "imperial") / unit.imperial_base,
                           "unit": unit.imperial_symbol}
        if bar is not None:
            out["correct_spaces"] = {
                side: list(correct_spaces(getattr(bar.obj, side).lines, side_value(q.answer, side)))
                for side in ("metric", "imperial")}
    return data


def label(rec: Record[Any]) -> str:
    """``cardkit list`` label: name for regions, topic and difficulty for cards, name and why
    for weak publishers; the default label (name, label or text) for the other kinds."""
    if rec.kind == "cards":
        return f"{rec.obj.topic} ({rec.obj.difficulty})"
    if rec.kind == "regions":
        return f"{rec.obj.name} ({rec.obj.kind})"
    if rec.kind == "sources-policy":
        return f"{rec.obj.names[0]} ({rec.obj.why})"
    return default_label(rec)
