"""``cardkit balance GAME``: a game's balance verdict at every player count, under its greedy bot
and under the search bot, in one Markdown document that goes stale when its inputs change.

Each (player count, bot) pair is one mirrored run — every seat the same bot — on its own seed
derived from the root seed, judged by the game's bounds (its ``balance`` report and
``violations``). The document starts with the verdict table, then says **where the verdicts
differ**: an item outside its bound under one bot but not under the other at the same player
count, or at some player counts but not at others; each with its interval, so a reader sees
whether a difference is a finding or the width of a small sample. Its header names the command,
the seeds and budgets, and the rules and engine fingerprints (:func:`~.balance.made_from`)
that ``cardkit check`` compares with the current ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..checking.gate import require_clean
from ..core.errors import UsageProblem
from ..core.loading import DEFAULT_CACHE_DIR
from ..core.version import __version__
from .api import _sim_of, _simulate_checked, resolve_bots, run_options
from .balance import BEGIN, END, is_undecided, made_from
from .limits import MAX_GAMES, check_count
from .runner import DEFAULT_TURN_CAP, Backend
from .seeding import derive

#: The search bot of a balance run unless told otherwise (see :mod:`.search`).
DEFAULT_SEARCH = "mcts:10"


@dataclass(slots=True)
class Run:
    """One (player count, bot) run of a suite: its seed, games and the items outside."""

    players: int
    bot: str
    seed: int
    games: int
    outside: dict[str, str] = field(default_factory=dict)  # item id -> the report's line
    undecided: dict[str, str] = field(default_factory=dict)  # outside, but not significantly
    block: str = ""
    interrupted: bool = False


@dataclass(slots=True)
class Suite:
    """Every run of a balance suite and the Markdown document made of them."""

    game: str
    runs: list[Run]
    markdown: str

    @property
    def interrupted(self) -> bool:
        """Whether Ctrl-C cut a run short (the document then says so and holds no verdict)."""
        return any(r.interrupted for r in self.runs)


def balance_suite(game: str, content_dir: Path, games: int = 2000, seed: int = 1,
                  search: str = DEFAULT_SEARCH, search_games: int = 100,
                  backend: Backend = "process", workers: int | None = 2,
                  command: str = "", on_run: Callable[[int, str], None] | None = None,
                  cache_dir: Path | None = DEFAULT_CACHE_DIR,
                  until_width: float | None = None) -> Suite:
    """Run the game's balance at every player count its engine supports, ``games`` games under
    its greedy (first default) bot and ``search_games`` under ``search``; ``on_run(players,
    bot)`` is called before each run. ``until_width`` (a proportion) makes every run sequential:
    rounds of 100 games until each interval of its report is that narrow, the run's games the
    cap (:func:`~.api.intervals_narrow`). Ctrl-C ends the suite after the run it cuts short."""
    sim = _sim_of(game)
    if sim.balance is None or sim.violations is None:
        raise UsageProblem(f"{game!r} has no balance report")
    check_count("--games", games, 1, MAX_GAMES)
    check_count("--search-games", search_games, 0, MAX_GAMES)
    workers = run_options(backend, workers, None)
    content = require_clean(game, content_dir, cache_dir=cache_dir)
    engine = sim.make_engine(content)
    greedy = sim.default_bots[0]
    plan = [(bot, n) for bot, n in ((greedy, games), (search, search_games)) if n]
    for bot, _ in plan:  # an unknown or ill-formed bot is refused before any game is played
        resolve_bots(game, [bot], None, engine)
    runs: list[Run] = []
    for players in range(engine.min_players, engine.max_players + 1):
        for bot, n in plan:
            if on_run:
                on_run(players, bot)
            run_seed = derive(seed, "balance", players, bot)
            try:
                report = _simulate_checked(game, content, content_dir, n, run_seed, [bot],
                                           players, backend, workers, None, DEFAULT_TURN_CAP,
                                           None, (), False, until_width)
            except KeyboardInterrupt:
                runs.append(Run(players, bot, run_seed, 0, interrupted=True))
                break
            data = report.to_dict(rows=False)
            run = Run(players, bot, run_seed, len(report.result.rows),
                      interrupted=report.result.interrupted)
            for line in sim.violations(data):
                side = run.undecided if is_undecided(line) else run.outside
                side[line.split(":")[0]] = line
            run.block = _inner(str(sim.balance(data, content, command)))
            runs.append(run)
            if run.interrupted:
                break
        if runs and runs[-1].interrupted:
            break
    rules, code = sim.fingerprints(content)
    return Suite(game, runs, document(game, runs, command, rules, code))


def _inner(block: str) -> str:
    """A game's balance block without its markers and its own "Made by" line, headings one
    level down (they sit under a run's heading)."""
    lines = [line for line in block.replace(BEGIN, "").replace(END, "").splitlines()
             if not line.startswith("Made by ")]
    return "\n".join(f"#{line}" if line.startswith("#") else line for line in lines).strip()


def document(game: str, runs: list[Run], command: str, rules: str, engine: str) -> str:
    """The Markdown document of a suite's runs."""
    bots = list(dict.fromkeys(r.bot for r in runs))
    counts = sorted({r.players for r in runs})
    by = {(r.players, r.bot): r for r in runs}
    lines = [BEGIN, "", f"Made by `{command}` on {made_from(rules, engine)} "
             f"(cardkit {__version__}). Every run is a mirror: every seat plays the same bot; "
             "its seed is derived from the root seed, the player count and the bot.", ""]
    if any(r.interrupted for r in runs):
        lines += ["**Interrupted**: the runs below are incomplete; this document holds no "
                  "verdict.", ""]
    lines += ["| players | " + " | ".join(bots) + " |", "|---|" + "---|" * len(bots)]
    for n in counts:
        cells = []
        for bot in bots:
            run = by.get((n, bot))
            cells.append("not run" if run is None else f"{_verdict(run)} ({run.games} games)")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    lines += ["", "### Where the verdicts differ", ""]
    differ = differences(runs)
    lines += differ or ["Nowhere: no item lies significantly outside its bound in one run "
                        "and inside it in another."]
    lines += ["", "An item is *outside* when its whole 95 % interval lies outside the bound, "
              "*undecided* when only its point estimate does. With some 60 items a run, about "
              "one interval in 40 misses the true value by chance: a difference seen in one run "
              "only is a lead to follow with more games (`--until-width`), not a verdict."]
    for run in runs:
        lines += ["", f"### {_players(run.players)}, {run.bot}", "",
                  f"{run.games} games, seed {run.seed}.", "", run.block]
    lines += ["", END, ""]
    return "\n".join(lines)


def _players(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"


def _verdict(run: Run) -> str:
    if not run.outside and not run.undecided:
        return "**All hold**"
    parts = [f"**{len(run.outside)} outside**"] if run.outside else []
    if run.undecided:
        parts.append(f"{len(run.undecided)} undecided (the sample is too small)")
    return ", ".join(parts)


def differences(runs: list[Run]) -> list[str]:
    """One line per item outside its bound (significantly: its interval lies wholly outside)
    in some runs and inside it (even its point estimate) in others."""
    items = sorted({item for r in runs for item in r.outside})
    out = []
    for item in items:
        where = [f"{_players(r.players)} under {r.bot} ({r.outside[item].split(': ', 1)[1]})"
                 for r in runs if item in r.outside]
        inside = [f"{r.players}/{r.bot}" for r in runs
                  if item not in r.outside and item not in r.undecided and r.games]
        if inside:
            out.append(f"- `{item}`: outside at {'; '.join(where)}; inside at "
                       f"{', '.join(inside)}.")
    return out


def suite_runs_text(suite: Suite) -> str:
    """A short text summary for the terminal: one line per run."""
    rows = [f"{_players(r.players)}, {r.bot}: interrupted after {r.games} games"
            if r.interrupted else f"{_players(r.players)}, {r.bot}: {r.games} games, "
            + (f"{len(r.outside)} outside, {len(r.undecided)} undecided"
               if r.outside or r.undecided else "all hold") for r in suite.runs]
    return "\n".join(rows) + "\n"
