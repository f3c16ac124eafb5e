"""Benchmark: the search bot (``mcts``) against each game's best existing bot, side by side in
the same run.

Per game: ``--games`` 2-player games, mirrored (every deal played twice with the seats swapped),
``mcts:ITERATIONS`` against the game's best bot; the search bot's win rate with its 95 % Wilson
interval (ties count half), and the time per decision of both bots, measured around every
``choose`` call. For the games with a solo mode (Cartographers, Mars Dice) also the solo score of
both bots on the same seeds. The target (issue 35): ≥ 60 % of the mirrored games, within a budget
that lets a 1,000-game balance run finish in 30 minutes on 2 cores (≈ 3.6 s of play per game
per core).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchline import line
from cardkit.core.loading import load_game
from cardkit.core.registry import get_game
from cardkit.sim.protocol import BotSpec
from cardkit.sim.search import make_bot

#: The strongest existing bot of each game (its docs and balance runs use it).
BEST = {"trains": "baseline", "cartographers": "greedy", "terra-futura": "greedy",
        "mars-dice": "greedy", "terra": "guesser:0.8"}
SOLO = ("cartographers", "mars-dice")


class Timed:
    """A bot whose ``choose`` calls are timed."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.seconds, self.calls = bot, 0.0, 0

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        t0 = time.perf_counter()
        try:
            return self.bot.choose(state, seat, rng)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


def play(engine: Any, bots: list[Timed], seed: int, cap: int = 5000) -> list[float]:
    """One game; each seat's reward (1 a sole win, shared on a tie) — solo: the score."""
    state = engine.new_game(len(bots), random.Random(seed))
    rngs = [random.Random(seed * 10 + s) for s in range(len(bots))]
    while not state.is_terminal() and state.turns < cap:
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat, rngs[seat]))
    scores = state.scores()
    if len(bots) == 1:
        return list(scores)
    tiebreak = state.tiebreak() if hasattr(state, "tiebreak") else [0.0] * len(scores)
    keys = list(zip(scores, tiebreak, strict=True))
    winners = [s for s in range(len(keys)) if keys[s] == max(keys)]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(keys))]


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="deals per game (each played twice)")
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--horizon", type=int, default=None,
                        help="rollout actions before the score margin decides (default: to the "
                        "end; Mars Dice's long games need about 60 to stay in budget)")
    args = parser.parse_args()
    content_dir = ROOT / "content"
    for game in args.game or list(BEST):
        sim = get_game(game).sim
        content, _ = load_game(game, content_dir)
        engine = sim.make_engine(content)
        bot = make_bot(sim, BotSpec.parse(f"mcts:{args.iterations}"), engine)
        if args.horizon is not None:
            bot.horizon = args.horizon
        search = Timed(bot)
        best = Timed(make_bot(sim, BotSpec.parse(BEST[game]), engine))
        won, started = 0.0, time.perf_counter()
        for deal in range(args.games):
            won += play(engine, [search, best], 1000 + deal)[0]
            won += play(engine, [best, search], 1000 + deal)[1]
        n = 2 * args.games
        low, high = wilson(won / n, n)
        per_game = (time.perf_counter() - started) / n
        print(f"{game:14s} mcts:{args.iterations} vs {BEST[game]:12s} won {won:5.1f}/{n} = "
              f"{100 * won / n:5.1f} % (95 % CI {100 * low:.0f}-{100 * high:.0f} %); "
              f"per decision: mcts {1000 * search.seconds / max(search.calls, 1):7.1f} ms, "
              f"{BEST[game]} {1000 * best.seconds / max(best.calls, 1):6.2f} ms; "
              f"{per_game:6.1f} s per game")
        line(f"{game} mcts:{args.iterations} vs {BEST[game]}, share won", f"{won:.1f}/{n}",
             f"{BEST[game]}", won / n, "report (share of games)")
        if game in SOLO and engine.min_players == 1:
            solo_search = [play(engine, [search], 2000 + d)[0] for d in range(args.games)]
            solo_best = [play(engine, [best], 2000 + d)[0] for d in range(args.games)]
            better = sum(a > b for a, b in zip(solo_search, solo_best, strict=True))
            print(f"{'':14s} solo, same seeds: mcts mean {sum(solo_search) / args.games:.1f}, "
                  f"{BEST[game]} mean {sum(solo_best) / args.games:.1f}; mcts higher in "
                  f"{better} of {args.games}")


if __name__ == "__main__":
    main()
