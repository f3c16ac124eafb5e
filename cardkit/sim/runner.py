"""The batch runner: ``n`` games from a root seed, seats rotated, a turn cap, three backends.

Game ``i`` gets seed ``derive(root, "game", i)`` and its bots get ``derive(seed, "bot", seat)``;
nothing else is random. A batch (a range of game indices) is the unit of work, so results are
identical whether the games run in one process, in a local process pool or on Dask workers:
rows are put back in index order at the end.

The content travels with the work (the game's files as bytes), so Dask workers on other machines
need nothing but cardkit installed.
"""

from __future__ import annotations

import hashlib
import math
import signal
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from .protocol import BotSpec, InvariantError
from .seeding import derive, rng

Backend = Literal["serial", "process", "dask"]
DEFAULT_TURN_CAP = 10_000


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a worker needs to play games (picklable, content included)."""

    game: str
    files: tuple[tuple[str, bytes], ...]  # (relpath, bytes) of the game's content files
    bots: tuple[str, ...]  # one spec per seat, before rotation
    root_seed: int
    turn_cap: int = DEFAULT_TURN_CAP
    check_invariants: bool = True
    engine_options: tuple[tuple[str, Any], ...] = ()  # e.g. (("include", ("tunnel",)),)
    mirrored: bool = False  # games 2j and 2j+1 share a seed, seats swapped

    @property
    def key(self) -> str:
        """A content-and-options hash (workers cache the loaded engine by it)."""
        h = hashlib.sha256(self.game.encode())
        for rel, data in self.files:
            h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        h.update(repr(self.engine_options).encode())
        return h.hexdigest()


@dataclass(slots=True)
class GameRow:
    """One game's result."""

    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    winners: list[int]
    turns: int
    end_reason: str
    truncated: bool
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


class SimulationError(RuntimeError):
    """A game broke an invariant or its engine failed; names the seed to replay it."""


def seats_for(bots: tuple[str, ...], index: int) -> list[str]:
    """Seat order of game ``index``: the bot list rotated by the index."""
    k = len(bots)
    return [bots[(seat + index) % k] for seat in range(k)]


@lru_cache(maxsize=8)
def _engine_for(setup_key: str, game: str, files: tuple[tuple[str, bytes], ...],
                options: tuple[tuple[str, Any], ...] = ()) -> Any:
    from ..core.content import default_parse, load_content
    from ..core.discovery import SourceFile
    from ..core.registry import get_game

    spec = get_game(game)
    sources = [SourceFile(game, Path(rel), rel, f"{game}/{rel}", data,
                          hashlib.sha256(data).hexdigest()) for rel, data in files]
    content, diags = load_content(spec, sources, default_parse)
    if not content.complete:
        raise SimulationError(f"{game} content does not load: run `cardkit check`")
    return spec.sim.make_engine(content, **dict(options))  # type: ignore[attr-defined]


def play(setup: Setup, index: int, transcript: list[str] | None = None) -> GameRow:
    """Play game ``index`` of a run to the end (or the turn cap)."""
    from ..core.registry import get_game

    sim = get_game(setup.game).sim  # type: ignore[attr-defined]
    engine = _engine_for(setup.key, setup.game, setup.files, setup.engine_options)
    seed = derive(setup.root_seed, "game", index // 2 if setup.mirrored else index)
    seats = seats_for(setup.bots, index)
    bots = [sim.make_bot(BotSpec.parse(s), engine) for s in seats]
    bot_rngs = [rng(seed, "bot", seat) for seat in range(len(seats))]
    state = engine.new_game(len(seats), rng(seed, "chance"))
    truncated = False
    while not state.is_terminal():
        if state.turns >= setup.turn_cap:
            truncated = True
            break
        seat = state.current_player()
        action = bots[seat].choose(state, seat, bot_rngs[seat])
        if transcript is not None:
            transcript.append(f"{state.turns:4d} seat {seat} ({seats[seat]}): "
                              f"{state.describe(action)}")
        state.apply(action)
        if setup.check_invariants and (state.current_player() != seat or state.is_terminal()):
            # checked whenever a player's turn (or a run of actions) ends
            try:
                state.check_invariants()
            except InvariantError as exc:
                raise SimulationError(f"game {index} (seed {seed}), turn {state.turns}: {exc}; "
                                      f"replay with --seed {setup.root_seed} and this game "
                                      "index") from exc
    scores = state.scores()
    tiebreak = state.tiebreak() if hasattr(state, "tiebreak") else [0.0] * len(scores)
    best = max(zip(scores, tiebreak, strict=True))
    winners = [] if truncated else [s for s, v in enumerate(zip(scores, tiebreak, strict=True))
                                    if v == best]
    return GameRow(index, seed, seats, scores, winners, state.turns,
                   "turn cap" if truncated else state.end_reason, truncated, state.details())


def run_batch(setup: Setup, start: int, stop: int) -> list[GameRow]:
    """Play games ``start`` to ``stop - 1`` (the unit of work of every backend)."""
    return [play(setup, i) for i in range(start, stop)]


def batches(n: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Index ranges: a few per worker, each of tens to hundreds of games."""
    if size is None:
        size = max(10, min(250, math.ceil(n / max(1, workers * 4))))
    return [(a, min(n, a + size)) for a in range(0, n, size)]


Progress = Callable[[int, int], None]


@dataclass(slots=True)
class RunResult:
    """Rows in game order, and whether the run was interrupted."""

    rows: list[GameRow]
    requested: int
    interrupted: bool = False


def run(setup: Setup, games: int, backend: Backend = "process", workers: int = 2,
        scheduler: str | None = None, progress: Progress | None = None) -> RunResult:
    """Play ``games`` games on a backend. Ctrl-C keeps the finished games."""
    chunks = batches(games, workers if backend != "serial" else 1)
    rows: list[GameRow] = []
    done = 0

    def collect(batch: Iterable[GameRow]) -> None:
        nonlocal done
        new = list(batch)
        rows.extend(new)
        done += len(new)
        if progress:
            progress(done, games)

    interrupted = False
    try:
        if backend == "serial" or workers <= 1 and backend == "process":
            for a, b in chunks:
                collect(run_batch(setup, a, b))
        elif backend == "process":
            interrupted = _run_pool(setup, chunks, workers, collect)
        elif backend == "dask":
            interrupted = _run_dask(setup, chunks, workers, scheduler, collect)
        else:
            raise ValueError(f"unknown backend {backend!r}")
    except KeyboardInterrupt:
        interrupted = True
    rows.sort(key=lambda r: r.index)
    return RunResult(rows, games, interrupted)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C means


def _run_pool(setup: Setup, chunks: list[tuple[int, int]], workers: int,
              collect: Callable[[Iterable[GameRow]], None]) -> bool:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    pending: set[Future[list[GameRow]]] = {pool.submit(run_batch, setup, a, b)
                                            for a, b in chunks}
    try:
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                collect(future.result())
    except KeyboardInterrupt:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        return True
    pool.shutdown(wait=True)
    return False


def _run_dask(setup: Setup, chunks: list[tuple[int, int]], workers: int, scheduler: str | None,
              collect: Callable[[Iterable[GameRow]], None]) -> bool:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise SimulationError("the dask backend needs `pip install cardkit[dask]`") from exc
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    try:
        remote_setup = client.scatter(setup, broadcast=True)
        futures = [client.submit(run_batch, remote_setup, a, b, pure=False) for a, b in chunks]
        try:
            for future in as_completed(futures):
                collect(future.result())
        except KeyboardInterrupt:
            client.cancel(futures)
            return True
        return False
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
