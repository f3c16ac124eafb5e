"""Benchmark: Terra Futura on one core.

1. Games per second with greedy bots, 2 and 4 players (the engine and bots directly, one
   process, seeded games), against random-legal bots in the same run as the baseline (the ratio
   says what the greedy bots' look-ahead costs).
2. Card activations resolved per second: the activations of those games (placements and the
   final pattern activations, from ``details()``) over the time the games took — with greedy
   bots (each activation weighed by the bot's look-ahead) and with random bots (the engine's
   own pace: legal actions, paying, gaining, pollution).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchline import line
from cardkit.core.loading import load_game
from cardkit.games.terra_futura.bots import make_bot
from cardkit.games.terra_futura.engine import make_engine
from cardkit.sim.protocol import BotSpec
from cardkit.sim.seeding import rng

ROOT = Path(__file__).resolve().parent.parent


def run(engine, players: int, bot, games: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """``(seconds, activations)`` of ``games`` seeded games of ``players`` copies of ``bot``."""
    activations = 0
    t0 = time.perf_counter()
    for seed in range(games):
        state = engine.new_game(players, rng(seed, "chance"))
        r = rng(seed, "bot")
        while not state.is_terminal():
            state.apply(bot.choose(state, state.current_player(), r))
        activations += sum(seat["activations"] for seat in state.details()["seats"])
    return time.perf_counter() - t0, activations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="Multiply the game counts.")
    args = parser.parse_args()
    content, _ = load_game("terra-futura", ROOT / "content")
    engine = make_engine(content)
    greedy = make_bot(BotSpec("greedy"), engine)
    random_bot = make_bot(BotSpec("random"), engine)
    print("Terra Futura, one core")
    for players, games in ((2, 200), (4, 60)):
        n = max(1, int(games * args.scale))
        t_random, random_activations = run(engine, players, random_bot, n)
        t_greedy, activations = run(engine, players, greedy, n)
        print(f"  {players} players: greedy {n / t_greedy:8.1f} games/s, random (baseline) "
              f"{n / t_random:8.1f} games/s, greedy/random time {t_greedy / t_random:5.1f}x  "
              f"({n} games each)")
        print(f"             activations resolved: greedy {activations / t_greedy:8.0f}/s "
              f"({activations} in {t_greedy:.2f} s), random {random_activations / t_random:8.0f}/s "
              f"({random_activations} in {t_random:.2f} s)")
        line(f"Terra Futura {players}p greedy games/s", f"{n / t_greedy:.1f}/s",
             f"{n / t_random:.1f}/s random bots", t_greedy / t_random, "report (time ratio)")


if __name__ == "__main__":
    main()
