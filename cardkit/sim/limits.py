"""The documented limits of a simulation run, and the check that enforces them.

Kept apart from the runner so that the CLI can show them in ``--help`` (and click can enforce
them) without importing the runner. A value beyond a limit is a usage error (exit code 2).
"""

from __future__ import annotations

from ..core.errors import UsageProblem

#: Most games of one run (``simulate --games``, ``strength --games`` per card). Every finished
#: game's row is kept for the statistics and the JSON report (2-8 KB each; measured: 20,000
#: Terra games peak at 174 MB), so this bounds a run's memory at about 1 GB.
MAX_GAMES = 100_000
#: Most actions of one game before it is stopped (``--turn-cap``; the default is 10,000).
MAX_TURN_CAP = 100_000
#: Most players (``--players``); each game has its own, smaller range.
MAX_PLAYERS = 12
#: Most workers (``--workers``); local workers are also bounded by the CPUs.
MAX_WORKERS = 1024
#: Seeds are 64-bit: ``0`` to this (``--seed``).
MAX_SEED = 2**64 - 1


def check_count(option: str, value: int, low: int, high: int) -> None:
    """Raise :class:`UsageProblem` unless ``low <= value <= high`` (``option`` names it)."""
    if not low <= value <= high:
        raise UsageProblem(f"{option} {value} is out of range: give {low} to {high}")


def check_run_limits(games: int, turn_cap: int, seed: int) -> None:
    """Refuse a run beyond the limits (:data:`MAX_GAMES`, :data:`MAX_TURN_CAP`,
    :data:`MAX_SEED`) before any work starts."""
    check_count("--games", games, 1, MAX_GAMES)
    check_count("--turn-cap", turn_cap, 1, MAX_TURN_CAP)
    check_count("--seed", seed, 0, MAX_SEED)
