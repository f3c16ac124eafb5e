"""MD012: no project card is strictly dominated by another of its colour (the shared relation of
:mod:`cardkit.core.dominance`, over Mars Dice's costs, production, effects, actions, triggers,
storage and VP)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ....core.content import GameContent
from ....core.dominance import Profile, dominated_findings
from ....core.spec import Finding
from . import helpers as h


def _effect_axes(prefix: str, effects: list[Any]) -> dict[str, float]:
    """Every effect as axes where more is better: its numbers (``count``, ``steps``, the dice
    of ``produce``) are amounts, its words (``do``, a colour, a face, a track, a tile) name the
    axis. Every effect of the vocabulary is a gain, so more of one is never worse."""
    out: dict[str, float] = {}
    for effect in effects:
        data = effect.model_dump(exclude_none=True)
        words = {k: v for k, v in data.items() if isinstance(v, str)}
        key = f"{prefix}{json.dumps(words, sort_keys=True)}"
        amounts = [(f"{key} {k}", v) for k, v in data.items() if isinstance(v, int)]
        for field, counts in ((k, v) for k, v in data.items() if isinstance(v, dict)):
            amounts += [(f"{key} {field} {colour}", n) for colour, n in counts.items()]
        for axis, n in amounts or [(key, 1)]:
            out[axis] = out.get(axis, 0) + n
    return out


def project_profile(card: Any) -> Profile:
    """A project as numbers where more is better: each symbol of its cost (negated), each die
    of its production, its storage and VP (immediate and end apart), and every effect of its
    event, of each action (per timing and exact payment) and of each trigger (per event)."""
    traits: dict[str, float] = {f"cost {r}": -n for r, n in card.cost.items()}
    traits |= {f"production {c}": n for c, n in card.production.items()}
    traits |= {"storage": card.storage, f"vp {card.vp_timing}": card.vp}
    for prefix, effects in [("event ", card.effects)] + [
            (f"action {a.timing} pay {json.dumps(a.pay, sort_keys=True)} ", a.effects)
            for a in card.actions] + [(f"on {t.on} ", t.effects) for t in card.triggers]:
        for axis, n in _effect_axes(prefix, effects).items():
            traits[axis] = traits.get(axis, 0) + n
    return Profile(card.colour, traits)


def not_dominated(content: GameContent) -> Iterator[Finding]:
    """No project card is strictly dominated by another of its colour: one whose cost asks for
    no more of any symbol and which gives at least as much of everything — production dice,
    storage, VP, and each effect of its event, actions and triggers, with an action compared
    only to actions of the same timing and payment, a trigger only to triggers of the same
    event. A player who can play the better card never plays the worse one. Symbols and
    effects are compared one by one: the check reports only what holds without a judgement
    of value.

    Bad:
        - {id: ice-harvest, colour: red, cost: {water: 2}, effects: [{do: vp, count: 1}]}
        - {id: comet-strike, colour: red, cost: {water: 1}, effects: [{do: vp, count: 2}]}

    Good:
        - {id: ice-harvest, colour: red, cost: {water: 1}, effects: [{do: draw, count: 2}]}
        - {id: comet-strike, colour: red, cost: {water: 1}, effects: [{do: vp, count: 2}]}
    """
    if not h.whole(content, "projects"):
        return
    yield from dominated_findings(content, content.of("projects"), project_profile,
                                  lambda rec: f"{rec.obj.colour} project {rec.obj.name}")
