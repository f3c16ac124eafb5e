"""Benchmark: Cartographers on one core.

1. Games per second, random and greedy bots, solo and 4 players (the engine and bots directly,
   one process, seeded games).
2. Placements evaluated per second: for mid-game sheets and every terrain card, every legal
   drawing (terrain × shape option × placement) is drawn and valued on the four edicts plus
   coins, mountain coins and the monster penalty. The same search and scoring written plainly
   over sets of ``(row, col)`` cells (``cartographers/engine/reference.py``) runs on the same sheets in
   the same run; both must find the same drawings and the same total value, and the bitmask
   path must be at least 10× faster.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchline import line
from cardkit.core.loading import load_game
from cardkit.games.cartographers.engine.board import cells_of
from cardkit.games.cartographers.bots import GreedyBot, RandomBot
from cardkit.games.cartographers.engine import CartographersState, make_engine
from cardkit.games.cartographers.engine.reference import (
    Ref,
    ref_coins,
    ref_penalty,
    ref_placements,
    ref_rules,
)
from cardkit.games.cartographers.engine.scoring import coins_from_mountains, monster_penalty
from cardkit.games.cartographers.engine.shapes import legal_placements
from cardkit.sim.seeding import rng

ROOT = Path(__file__).resolve().parent.parent


def play(engine, players: int, bot, seed: int) -> CartographersState:  # type: ignore[no-untyped-def]
    state = engine.new_game(players, rng(seed, "chance"))
    r = rng(seed, "bot")
    while not state.is_terminal():
        state.apply(bot.choose(state, state.current_player(), r))
    return state


def games_per_second(engine, players: int, bot, games: int) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    for g in range(games):
        play(engine, players, bot, g)
    return games / (time.perf_counter() - t0)


def mid_game_sheets(engine, n: int) -> list[tuple[CartographersState, int]]:  # type: ignore[no-untyped-def]
    """States at the start of summer of ``n`` seeded greedy solo games."""
    out = []
    bot = GreedyBot()
    for seed in range(n):
        state = engine.new_game(1, rng(seed, "chance"))
        r = rng(seed, "bot")
        while state.season == 0:
            state.apply(bot.choose(state, 0, r))
        out.append((state, seed))
    return out


def bitmask_search(states, cards) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    evaluated = total = 0
    for state, _ in states:
        board = state.sheets[0].board
        rules = [state.edicts[k].rule for k in "ABCD"]
        for card in cards:
            for shape in card.shapes:
                for mask in legal_placements(board, shape):
                    for terrain in card.terrains:
                        after = board.drawn(terrain, mask)
                        total += sum(rule(after) for rule in rules) + \
                            coins_from_mountains(after) - monster_penalty(after)
                        evaluated += 1
    return evaluated, total


def set_search(states, cards) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    evaluated = total = 0
    for state, _ in states:
        board = state.sheets[0].board
        ref = Ref(board.to_rows(), cells_of(board.ruins))  # covered ruins stay ruins
        ids = [state.edicts[k].id for k in "ABCD"]
        for card in cards:
            for shape in card.shapes:
                for cells in ref_placements(ref, shape):
                    for terrain in card.terrains:
                        after = ref.draw(terrain, cells)
                        total += sum(ref_rules(after, ids).values()) + ref_coins(after) - \
                            ref_penalty(after)
                        evaluated += 1
    return evaluated, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="Multiply the game counts.")
    args = parser.parse_args()
    content, _ = load_game("cartographers", ROOT / "content")
    engine = make_engine(content)
    k = args.scale
    print("Cartographers, one core (map A)")
    for name, bot, players, games in (("random", RandomBot(), 1, 300), ("random", RandomBot(), 4, 80),
                                      ("greedy", GreedyBot(), 1, 40), ("greedy", GreedyBot(), 4, 8)):
        n = max(1, int(games * k))
        print(f"  {name:<7} {players} player(s): {games_per_second(engine, players, bot, n):8.2f} "
              f"games/s  ({n} games)")
    states = mid_game_sheets(engine, max(2, int(6 * k)))
    cards = [c for c in engine.world.explore if c.kind == "terrain"]
    t0 = time.perf_counter()
    n_bits, v_bits = bitmask_search(states, cards)
    t_bits = time.perf_counter() - t0
    few = states[: max(1, len(states) // 3)]
    t0 = time.perf_counter()
    n_sets, v_sets = set_search(few, cards)
    t_sets = time.perf_counter() - t0
    n_check, v_check = bitmask_search(few, cards)
    assert (n_check, v_check) == (n_sets, v_sets), "bitmask and set paths disagree"
    rate_bits, rate_sets = n_bits / t_bits, n_sets / t_sets
    print(f"placements evaluated (4 edicts + coins + monsters), {len(states)} summer sheets:")
    print(f"  bitmask:      {rate_bits:10.0f} placements/s  ({n_bits} in {t_bits:.2f} s)")
    print(f"  sets (plain): {rate_sets:10.0f} placements/s  ({n_sets} in {t_sets:.2f} s)")
    print(f"  ratio:        {rate_bits / rate_sets:10.1f}x  (goal >= 10x); same drawings and "
          "values on the shared sheets: yes")
    line("Cartographers placements/s, bitmask", f"{rate_bits:.0f}/s", f"{rate_sets:.0f}/s sets",
         rate_bits / rate_sets, ">= 10x")


if __name__ == "__main__":
    main()
