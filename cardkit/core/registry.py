"""The explicit list of games. Nothing registers itself on import.

Specs are imported lazily by id, so commands that need no game (or a cached answer) stay fast.
"""

from __future__ import annotations

import importlib
from functools import cache

from .errors import UsageProblem
from .spec import GameSpec

#: Every game cardkit knows, by id -> module holding its ``SPEC``. Add a game here.
GAMES: dict[str, str] = {
    "terra": "cardkit.games.terra",
    "trains": "cardkit.games.trains",
    "cartographers": "cardkit.games.cartographers",
    "terra-futura": "cardkit.games.terra_futura",
    "mars-dice": "cardkit.games.mars_dice",
}


class UnknownGameError(UsageProblem):
    """A game id that is not registered."""

    def __init__(self, game: str) -> None:
        from .suggest import did_you_mean

        super().__init__(f"unknown game {game!r}{did_you_mean(game, GAMES)}; known games: "
                         f"{', '.join(sorted(GAMES))}")
        self.game = game


def game_ids() -> tuple[str, ...]:
    """All registered game ids, sorted."""
    return tuple(sorted(GAMES))


@cache
def get_game(game: str) -> GameSpec:
    """The spec of one game (imports its package on first use)."""
    module_name = GAMES.get(game)
    if module_name is None:
        raise UnknownGameError(game)
    return importlib.import_module(module_name).SPEC  # type: ignore[no-any-return]
