"""Benchmark: Mars Dice on one core.

1. Games per second with greedy bots, 2 and 4 players (the engine and bots directly, one
   process, seeded games), against random-legal bots in the same run as the baseline (the ratio
   says what the greedy bots' valuation costs). Goal: at least 10 greedy 4-player games/s.
2. Actions applied per second (``state.turns`` of those games over the time they took): with
   greedy bots (each action weighed by the bot) and with random bots (the engine's own pace:
   legal actions, paying, effects, milestones).
3. ``--balance``: the cost of the balance run (``cardkit simulate mars-dice --players 4 --games N
   --balance …`` on 2 worker processes, the gate and the report included), against the time the
   same games would take at the one-core greedy rate measured in step 1.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchline import line
from cardkit.core.loading import load_game
from cardkit.games.mars_dice.bots import make_bot
from cardkit.games.mars_dice.engine import make_engine
from cardkit.sim.protocol import BotSpec
from cardkit.sim.seeding import rng

ROOT = Path(__file__).resolve().parent.parent
#: Games of the balance run (docs/mars-dice-balance.md names the shipped run's count).
BALANCE_GAMES = 4000


def run(engine, players: int, bot,  # type: ignore[no-untyped-def]
        games: int) -> tuple[float, int, int, float]:
    """``(seconds, actions, games ended by the globals, CPU seconds)`` of ``games`` seeded games
    of ``players`` copies of ``bot`` (the CPU time says what a shared machine's wall clock
    hides)."""
    actions = by_globals = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    for seed in range(games):
        state = engine.new_game(players, rng(seed, "chance"))
        r = rng(seed, "bot")
        while not state.is_terminal():
            state.apply(bot.choose(state, state.current_player(), r))
        actions += state.turns
        by_globals += state.end_reason == "globals"
    return time.perf_counter() - t0, actions, by_globals, time.process_time() - c0


def balance_cost(games: int, one_core_rate: float) -> None:
    """Time the full balance run on 2 workers and print it against the one-core projection."""
    from cardkit.sim.api import balance_report, simulate

    t0 = time.perf_counter()
    report = simulate("mars-dice", ROOT / "content", games=games, seed=1, bots=["greedy"] * 4,
                      backend="process", workers=2)
    balance_report(report, ROOT / "content", f"cardkit simulate mars-dice --players 4 --games "
                   f"{games} --seed 1 --balance build/mars-dice-balance.md")
    took = time.perf_counter() - t0
    projected = games / one_core_rate
    print(f"  balance run: {games} 4-player greedy games on 2 workers in {took:.1f} s "
          f"({games / took:.1f} games/s); one core would take {projected:.1f} s "
          f"(speed-up {projected / took:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="Multiply the game counts.")
    parser.add_argument("--balance", action="store_true",
                        help="Also time the full balance run on 2 workers.")
    parser.add_argument("--balance-games", type=int, default=BALANCE_GAMES,
                        help="Games of the balance run.")
    args = parser.parse_args()
    content, _ = load_game("mars-dice", ROOT / "content")
    engine = make_engine(content)
    greedy = make_bot(BotSpec("greedy"), engine)
    random_bot = make_bot(BotSpec("random"), engine)
    print("Mars Dice, one core")
    rate4 = 0.0
    for players, games in ((2, 100), (4, 60)):
        n = max(1, int(games * args.scale))
        t_random, random_actions, _, _ = run(engine, players, random_bot, n)
        t_greedy, actions, by_globals, cpu = run(engine, players, greedy, n)
        if players == 4:
            rate4 = n / t_greedy
        print(f"  {players} players: greedy {n / t_greedy:8.1f} games/s ({n / cpu:.1f} per CPU "
              f"second), random (baseline) {n / t_random:8.1f} games/s, greedy/random time "
              f"{t_greedy / t_random:5.1f}x  ({n} games each; greedy ended by the globals "
              f"{100 * by_globals / n:.0f} %)")
        print(f"             actions applied: greedy {actions / t_greedy:8.0f}/s "
              f"({actions} in {t_greedy:.2f} s), random {random_actions / t_random:8.0f}/s "
              f"({random_actions} in {t_random:.2f} s)")
        line(f"Mars Dice {players}p greedy games/s", f"{n / t_greedy:.1f}/s",
             f"{n / t_random:.1f}/s random bots", t_greedy / t_random,
             ">= 10 games/s at 4p" if players == 4 else "report (time ratio)")
    print(f"  goal: >= 10 greedy 4-player games/s: {'met' if rate4 >= 10 else 'NOT met'} "
          f"({rate4:.1f})")
    if args.balance:
        balance_cost(args.balance_games, rate4)


if __name__ == "__main__":
    main()
