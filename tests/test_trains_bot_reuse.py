"""A Trains bot that goes on to another game decides as a fresh bot would.

The bots cache per game: the buy table of the game's piles and the rail planner's view of the
network. Both were keyed by ``id()`` of the game's supply and player objects; once a game's
objects were freed, a new game's could get the same id, and the bot then used the old game's
buy table (``make bench`` crashed with ``KeyError: 'wagon-factory'``, a card of the previous
game's kingdom, in the search bot's rollouts; with the same piles it would have bought by stale
rules). The caches now hold the objects and compare by identity.

The test makes the reuse happen: CPython hands a freed dict's memory to the next dict made, so a
game's supply is replaced by another kingdom's supply at the same address (the old cache then
raised the KeyError above: the test fails on it).
"""

from __future__ import annotations

import random
from typing import Any

from cardkit.core.loading import load_game
from cardkit.core.registry import get_game
from cardkit.sim.protocol import BotSpec
from cardkit.sim.search import make_bot

from .conftest import SHIPPED


def _at_a_buy(engine: Any, bot: Any, seed: int) -> Any:
    """A 2-player game played by ``bot`` in both seats up to its first buy of a card."""
    state = engine.new_game(2, random.Random(seed))
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        action = bot.choose(state, seat, rng)
        if action[0] == "buy" and state.turns > 6:
            return state
        state.apply(action)
    raise AssertionError("no buy")


def test_a_bot_in_a_new_game_at_a_reused_address_decides_as_a_fresh_one() -> None:
    sim = get_game("trains").sim
    content, _ = load_game("trains", SHIPPED, None)
    engine = sim.make_engine(content)
    kept = make_bot(sim, BotSpec.parse("baseline"), engine)
    state = _at_a_buy(engine, kept, 3)  # the bot's buy table is this kingdom's
    other = next(g.supply for s in range(1, 50)
                 if set((g := engine.new_game(2, random.Random(s))).supply) != set(state.supply))
    counts = dict(other)
    # the old supply freed (unless the bot holds it, as it now does), its memory goes to the
    # next dict made: under the old cache the new supply had the old one's id (CPython 3.11);
    # an empty dict, not None, in its place (the compiled engine's fields hold their types)
    state.supply = {}
    state.supply = counts.copy()
    seat = state.current_player()
    fresh = make_bot(sim, BotSpec.parse("baseline"), engine)
    assert kept.choose(state, seat, random.Random(1)) == \
        fresh.choose(state, seat, random.Random(1))
