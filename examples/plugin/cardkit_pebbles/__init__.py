"""Pebbles: a tiny press-your-luck card game, and an example of a third-party cardkit game.

The package adds the game ``pebbles`` to cardkit through the ``cardkit.games`` entry-point
group (see ``pyproject.toml``): ``pebbles = "cardkit_pebbles:SPEC"``. Nothing in cardkit names
it; installing the package is all it takes.

Content: ``content/pebbles/pebbles.yaml``, a list of pebble cards (id, name, colour, value,
copies). ``checks.py`` holds the ``PEB…`` rules, ``engine.py`` the rules of play (its docstring
states them), ``bots.py`` the ``random`` and ``cautious`` players. ``starter/`` is the content
``cardkit init DIR --game pebbles`` writes.
"""

from __future__ import annotations

from cardkit.core.spec import FileKind, Game, TextField
from cardkit.sim.protocol import SimSpec

from .bots import BOTS, DEFAULT_BOTS, make_bot
from .checks import CHECKS
from .engine import make_engine
from .model import NAME_CHARS, PebblesFile

__all__ = ["SPEC"]

SPEC = Game(
    id="pebbles",
    title="Pebbles",
    kinds=(
        FileKind("pebbles", "pebbles.yaml", PebblesFile, "pebbles",
                 description="Pebbles cards: colour, value and copies in the deck.",
                 translatable=(TextField("name", NAME_CHARS, "pebble name"),)),
    ),
    checks=CHECKS,
    sim=SimSpec(make_engine, make_bot, BOTS, DEFAULT_BOTS),
)
