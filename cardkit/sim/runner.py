"""The batch runner: ``n`` games from a root seed, seats rotated, a turn cap, three backends.

Game ``i`` gets seed ``derive(root, "game", i)`` and its bots get ``derive(seed, "bot", seat)``;
nothing else is random. A batch (a range of game indices) is the unit of work, so results are
identical whether the games run in one process, in a local process pool or on Dask workers:
rows are put back in index order at the end.

The content travels with the work (the game's files as bytes), so Dask workers on other machines
need nothing but cardkit installed.

Batches are handed out as a stream: at most :data:`IN_FLIGHT_PER_WORKER` per worker are
submitted at a time and refilled as they finish, so memory grows with the finished rows only
(a row per game, kept for the statistics and the JSON; hence :data:`MAX_GAMES`).

Ctrl-C: worker processes (local pool or local Dask cluster) ignore SIGINT, so only the parent
handles it; the parent stops handing out work, keeps every finished game and returns a result
marked ``interrupted``. The CLI turns SIGTERM into the same :class:`KeyboardInterrupt`. Workers
die with the parent whatever ends it, SIGKILL included (:mod:`cardkit.core.workers`). Usage
problems (too many workers or games, a bad or unreachable scheduler, a missing Dask install) are
:class:`~cardkit.core.errors.UsageProblem` with a plain message.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import math
import os
import re
import signal
import socket
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from ..core.errors import UsageProblem
from ..core.workers import start_worker
from .limits import MAX_GAMES, MAX_WORKERS, check_count
from .protocol import BotSpec, InvariantError, winners_of
from .search import make_bot
from .seeding import derive, rng

Backend = Literal["serial", "process", "dask"]
DEFAULT_TURN_CAP = 10_000
#: Batches submitted per worker at a time; more are handed out as these finish.
IN_FLIGHT_PER_WORKER = 3
#: Seconds allowed for reaching a Dask scheduler (TCP connect, handshake and first reply).
DASK_CONNECT_TIMEOUT = 10.0
_SCHEDULER_ADDRESS = re.compile(
    r"(?:(?P<scheme>tcp|tls|ws|wss|ucx)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)"
    r":(?P<port>[0-9]{1,5})")


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
    #: The swap measure: games 2j and 2j+1 share a seed and seats; in 2j+1 these cards are
    #: neutral (the game's ``SwapSpec.neutral``), so the pair differs by their effect only.
    swap: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """A content-and-options hash (workers cache the loaded engine by it)."""
        h = hashlib.sha256(self.game.encode())
        for rel, data in self.files:
            h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        h.update(repr(self.engine_options).encode())
        h.update(repr(self.swap).encode())
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
                options: tuple[tuple[str, Any], ...] = (), neutral: tuple[str, ...] = ()) -> Any:
    from ..core.content import default_parse, load_content
    from ..core.discovery import SourceFile
    from ..core.registry import get_game

    spec = get_game(game)
    sources = [SourceFile(game, Path(rel), rel, f"{game}/{rel}", data,
                          hashlib.sha256(data).hexdigest()) for rel, data in files]
    content, diags = load_content(spec, sources, default_parse)
    if not content.complete:
        raise SimulationError(f"{game} content does not load: run `cardkit check`")
    if neutral:
        swap = spec.sim.swap()  # type: ignore[attr-defined]
        content = content.with_objects(swap.kind, {
            rec.id: swap.neutral(rec.obj) for rec in content.of(swap.kind) if rec.id in neutral})
    return spec.sim.make_engine(content, **dict(options))  # type: ignore[attr-defined]


def play(setup: Setup, index: int, transcript: list[str] | None = None) -> GameRow:
    """Play game ``index`` of a run to the end (or the turn cap)."""
    from ..core.registry import get_game

    sim = get_game(setup.game).sim  # type: ignore[attr-defined]
    paired = setup.mirrored or bool(setup.swap)
    engine = _engine_for(setup.key, setup.game, setup.files, setup.engine_options,
                         setup.swap if index % 2 else ())
    seed = derive(setup.root_seed, "game", index // 2 if paired else index)
    seats = seats_for(setup.bots, index // 2 if setup.swap else index)
    bots = [make_bot(sim, BotSpec.parse(s), engine) for s in seats]
    bot_rngs = [rng(seed, "bot", seat) for seat in range(len(seats))]
    extra: dict[str, Any] = {}
    if getattr(engine, "seats_knowledge", False):  # e.g. Terra: who starts depends on who knows
        extra["knowledge"] = [float(getattr(b, "knowledge", 0.0)) for b in bots]
    state = engine.new_game(len(seats), rng(seed, "chance"), **extra)
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
    winners = [] if truncated else winners_of(state, scores)
    return GameRow(index, seed, seats, scores, winners, state.turns,
                   "turn cap" if truncated else state.end_reason, truncated, state.details())


def run_batch(setup: Setup, start: int, stop: int) -> list[GameRow]:
    """Play games ``start`` to ``stop - 1`` (the unit of work of every backend)."""
    return [play(setup, i) for i in range(start, stop)]


def batches(n: int, workers: int, size: int | None = None) -> Iterator[tuple[int, int]]:
    """Index ranges, made as they are needed: a few per worker, each of tens to hundreds of
    games."""
    if size is None:
        size = max(10, min(250, math.ceil(n / max(1, workers * 4))))
    return ((a, min(n, a + size)) for a in range(0, n, size))


Progress = Callable[[int, int], None]


@dataclass(slots=True)
class RunResult:
    """Rows in game order, and whether the run was interrupted."""

    rows: list[GameRow]
    requested: int
    interrupted: bool = False


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


def check_workers(backend: Backend, workers: int, scheduler: str | None = None) -> None:
    """Refuse more local worker processes than CPUs (they would only add memory and switching).

    Applies to the process pool and to the local Dask cluster; a remote scheduler's cluster
    has its own workers, so ``workers`` only sizes the batches there.
    """
    check_count("--workers", workers, 1, MAX_WORKERS)
    local = backend == "process" or (backend == "dask" and not scheduler)
    cpus = available_cpus()
    if local and workers > cpus:
        raise UsageProblem(
            f"--workers {workers} is more than the {cpus} CPU(s) of this machine; each worker "
            f"is a process playing games flat out, so more than {cpus} only costs memory and "
            f"time (give --workers {cpus} or fewer, or run a Dask cluster with --scheduler)")


def check_scheduler_address(address: str) -> str:
    """Validate a Dask scheduler address (``tcp://HOST:PORT``, ``HOST:PORT``, ``tls://``...)
    and return it with its scheme (``tcp://`` when none is given)."""
    match = _SCHEDULER_ADDRESS.fullmatch(address.strip())
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise UsageProblem(f"--scheduler {address!r} is not a Dask scheduler address; give "
                           "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")
    return f"{match['scheme'] or 'tcp'}://{match['host']}:{match['port']}"


#: Games per round of a sequential run (even: mirrored pairs stay whole).
SEQUENTIAL_STEP = 100


def run(setup: Setup, games: int, backend: Backend = "process", workers: int = 2,
        scheduler: str | None = None, progress: Progress | None = None,
        until: Callable[[list[GameRow]], bool] | None = None,
        step: int = SEQUENTIAL_STEP) -> RunResult:
    """Play ``games`` games on a backend. Ctrl-C keeps the finished games.

    With ``until`` (sequential sampling, as SPRT runs in chess-engine testing), the games are
    played in rounds of ``step`` in index order, and the run stops after the first round whose
    rows (all of them, in game order) satisfy ``until``; ``games`` is then the cap. The stop
    depends on the rows only, so the same seed stops at the same game on any backend and any
    worker count.

    Raises :class:`UsageProblem` for more than :data:`MAX_GAMES` games, a scheduler given
    without the Dask backend, a bad or unreachable scheduler, or a missing Dask install.
    """
    if scheduler is not None and backend != "dask":
        raise UsageProblem("--scheduler needs --backend dask")
    check_count("--games", games, 1, MAX_GAMES)
    rounds = [(0, games)] if until is None else \
        [(a, min(games, a + step)) for a in range(0, games, step)]
    rows: list[GameRow] = []
    interrupted = False
    for lo, hi in rounds:
        part = _run_range(setup, lo, hi, games, backend, workers, scheduler, progress, len(rows))
        rows.extend(part.rows)
        rows.sort(key=lambda r: r.index)
        if part.interrupted:
            interrupted = True
            break
        if until is not None and until(rows):
            break
    return RunResult(rows, games, interrupted)


def _run_range(setup: Setup, lo: int, hi: int, games: int, backend: Backend, workers: int,
               scheduler: str | None, progress: Progress | None, before: int) -> RunResult:
    """Games ``lo`` to ``hi - 1`` on a backend (``before`` finished games already counted by
    the progress, of ``games``)."""
    chunks = ((lo + a, lo + b) for a, b in batches(hi - lo, workers if backend != "serial"
                                                   else 1))
    rows: list[GameRow] = []
    done = before

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
            for a, b in chunks:  # rows kept game by game: Ctrl-C loses at most the one game
                batch: list[GameRow] = []
                try:
                    for i in range(a, b):
                        batch.append(play(setup, i))
                finally:
                    collect(batch)
        elif backend == "process":
            interrupted = _run_pool(setup, chunks, workers, collect)
        elif backend == "dask":
            interrupted = _run_dask(setup, chunks, workers, scheduler, collect)
        else:
            raise ValueError(f"unknown backend {backend!r}")
    except KeyboardInterrupt:
        interrupted = True
    rows.sort(key=lambda r: r.index)
    return RunResult(rows, hi - lo, interrupted)


_STOPS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _interrupts_ignored(*signums: int) -> Iterator[None]:
    """Ignore these signals (default: SIGINT and SIGTERM) for a while: while local Dask
    workers start (they inherit "ignore Ctrl-C" from the first instruction on) and while a
    cluster shuts down (a second Ctrl-C must not tear it apart)."""
    saved: dict[int, Any] = {}
    try:
        for signum in signums or _STOPS:
            saved[signum] = signal.signal(signum, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to manage
        pass
    try:
        yield
    finally:
        for signum, old in saved.items():
            signal.signal(signum, old)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Block SIGINT and SIGTERM while pool processes are forked: they start with both blocked
    and unblock them once they ignore Ctrl-C (:func:`~cardkit.core.workers.start_worker`); a
    signal for the parent in that window is delivered when the block ends, never lost."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        with _interrupts_ignored(signal.SIGINT):
            yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(_STOPS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _run_pool(setup: Setup, chunks: Iterator[tuple[int, int]], workers: int,
              collect: Callable[[Iterable[GameRow]], None]) -> bool:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=start_worker,
                               initargs=(os.getpid(),))
    window = workers * IN_FLIGHT_PER_WORKER
    pending: set[Future[list[GameRow]]] = set()

    def refill() -> None:  # the next batches, up to the window
        for a, b in itertools.islice(chunks, window - len(pending)):
            pending.add(pool.submit(run_batch, setup, a, b))

    try:
        with _interrupts_held():  # the pool starts its processes on the first submission
            refill()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                rows = future.result()
                pending.discard(future)  # collected now: not again after an interrupt
                collect(rows)
            refill()
    except KeyboardInterrupt:
        _stop_pool(pool, pending, collect)
        return True
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return False


def _stop_pool(pool: ProcessPoolExecutor, pending: set[Future[list[GameRow]]],
               collect: Callable[[Iterable[GameRow]], None]) -> None:
    """After Ctrl-C (or SIGTERM): drop the batches not started, let the running ones finish
    and keep them; a second signal stops the workers at once."""
    for future in pending:
        future.cancel()
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()  # no public API stops a running task
        pool.shutdown(wait=False, cancel_futures=True)
    for future in pending:
        if future.done() and not future.cancelled() and future.exception() is None:
            collect(future.result())


def probe_scheduler(address: str, timeout: float | None = None) -> None:
    """Make sure a Dask scheduler answers at ``address`` within ``timeout`` seconds (default
    :data:`DASK_CONNECT_TIMEOUT`).

    distributed's own connect bounds the TCP connection but not the handshake, so a port that
    accepts and then stays silent (or speaks HTTP) would hang; this probe bounds all of it and
    raises :class:`UsageProblem` saying what went wrong.
    """
    import asyncio

    timeout = DASK_CONNECT_TIMEOUT if timeout is None else timeout
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme == "tcp":  # a refused or unroutable port fails here at once, with the OS's reason
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
        except TimeoutError:
            raise UsageProblem(f"cannot reach the Dask scheduler at {address}: no answer "
                               f"within {timeout:g} s") from None
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise UsageProblem(f"cannot reach the Dask scheduler at {address}: "
                               f"{reason.lower()}") from None

    async def identify() -> Any:
        from distributed.comm import connect

        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    hint = ("is it the scheduler's port (usually 8786), not the dashboard's (8787) or another "
            "service?")
    try:
        reply = asyncio.run(asyncio.wait_for(identify(), timeout))
    except (TimeoutError, asyncio.TimeoutError):
        raise UsageProblem(f"no Dask scheduler answered at {address} within {timeout:g} s; "
                           f"{hint}") from None
    except Exception:  # noqa: BLE001 - whatever the far end sent, it is not a scheduler
        raise UsageProblem(f"{address} does not speak the Dask protocol; {hint}") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise UsageProblem(f"{address} answered, but not as a Dask scheduler; {hint}")


def _run_dask(setup: Setup, chunks: Iterator[tuple[int, int]], workers: int,
              scheduler: str | None, collect: Callable[[Iterable[GameRow]], None]) -> bool:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UsageProblem("the dask backend needs Dask: pip install 'cardkit[dask]' "
                           "(or use --backend process)") from None
    cluster = None
    if scheduler:
        address = check_scheduler_address(scheduler)  # probed already by the caller's checks
        try:
            client = Client(address, timeout=DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise UsageProblem(f"cannot connect to the Dask scheduler at {address}: {exc}"
                               ) from None
    else:
        with _interrupts_ignored(signal.SIGINT):  # the local workers inherit "ignore Ctrl-C"
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None,
                                   silence_logs=logging.CRITICAL)
            client = Client(cluster)
    in_flight: set[Any] = set()
    try:
        if cluster is not None:  # local workers die with this process, whatever ends it
            from .dask_workers import DieWithParent

            client.register_plugin(DieWithParent(os.getpid()))
        remote_setup = client.scatter(setup, broadcast=True)
        finished = as_completed()

        def refill() -> None:  # the next batches, up to a few per worker thread
            threads = workers if cluster is not None else \
                max(workers, sum(client.nthreads().values()))  # a remote cluster may grow
            wanted = threads * IN_FLIGHT_PER_WORKER - len(in_flight)
            for a, b in itertools.islice(chunks, max(0, wanted)):
                future = client.submit(run_batch, remote_setup, a, b, pure=False)
                in_flight.add(future)
                finished.add(future)

        refill()
        try:
            for future in finished:
                in_flight.discard(future)
                collect(future.result())
                refill()
        except KeyboardInterrupt:
            client.cancel(list(in_flight))
            return True
        return False
    finally:
        with _interrupts_ignored():  # a second Ctrl-C or SIGTERM must not tear the shutdown
            client.close()
            if cluster is not None:
                cluster.close()
