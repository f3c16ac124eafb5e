"""Worker processes that end with the process that started them, whatever ends it.

A worker pool's processes outlive a parent that dies without shutting the pool down (SIGKILL,
an out-of-memory kill, a crash): they are re-parented to init and keep running at full CPU.
:func:`die_with_parent`, called first thing in a worker (a pool's initializer, a Dask worker
plugin), ties the worker's life to its parent's:

* on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the kernel kills the worker when the parent
  (strictly, the parent *thread* that started it) ends; then ``getppid()`` is checked, so a
  parent that died before the call is noticed too;
* everywhere, a daemon thread polls ``getppid()`` and kills the worker once it changes (the
  parent is gone and the worker was adopted), for systems without ``prctl``.

:func:`start_worker` is a complete pool initializer: the parent alone decides what Ctrl-C and
SIGTERM mean, so a worker ignores SIGINT (a terminal sends Ctrl-C to the whole process group)
and gets the default SIGTERM action back (a forked worker inherits the parent's handlers).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

#: ``PR_SET_PDEATHSIG`` of ``<linux/prctl.h>``.
PR_SET_PDEATHSIG = 1
#: Seconds between two looks of the watchdog thread at the parent.
WATCH_INTERVAL = 0.5


def _set_parent_death_signal() -> bool:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` for this process; False where it is not available
    (not Linux, no libc, not the main thread)."""
    if not sys.platform.startswith("linux") or \
            threading.current_thread() is not threading.main_thread():
        return False  # the death signal is kept per thread: only the main thread's counts
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # this process's symbols: libc's prctl
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int, interval: float) -> None:
    while True:
        time.sleep(interval)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)


def die_with_parent(parent: int, interval: float = WATCH_INTERVAL) -> None:
    """End this process (SIGKILL) as soon as process ``parent`` is gone.

    ``parent`` is the pid of the process that started this one (``os.getpid()`` there, passed
    in), so that a parent that ended before this call is noticed at once.
    """
    _set_parent_death_signal()
    if os.getppid() != parent:  # the parent died before the death signal was set
        os._exit(1)
    threading.Thread(target=_watch, args=(parent, interval), name="cardkit-parent-watch",
                     daemon=True).start()


def start_worker(parent: int) -> None:
    """Initializer of a worker process: ignore SIGINT, default SIGTERM, die with ``parent``;
    then unblock SIGINT and SIGTERM in case the parent held them while starting workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


#: The share function of :func:`in_shares` while its workers are forked.
_FORKED: Callable[[int], Any] | None = None


def in_shares(n: int, share: Callable[[int], Any]) -> list[Any]:
    """``share(0)`` in this process while ``share(1)`` … ``share(n - 1)`` run in forked workers
    (they inherit everything, ``share`` included: only the results are pickled; they die with
    this process, :func:`start_worker`). The results in share order; in the place of a worker
    that raised or died, its exception. Ctrl-C or any error here cancels the workers."""
    global _FORKED
    from concurrent.futures import ProcessPoolExecutor

    _FORKED = share
    pool = ProcessPoolExecutor(max_workers=n - 1, mp_context=multiprocessing.get_context("fork"),
                               initializer=start_worker, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(_forked, k) for k in range(1, n)]  # forked here
        out = [share(0)]
        for future in futures:
            try:
                out.append(future.result())
            except Exception as exc:  # noqa: BLE001 - the caller decides what a failure means
                out.append(exc)
    except BaseException:  # Ctrl-C, SIGTERM, an error here: the workers' shares are moot
        stop_pool(pool)
        raise
    finally:
        _FORKED = None
    pool.shutdown()
    return out


def stop_pool(pool: Any) -> None:
    """Stop a process pool's workers now, their running tasks included (no public API stops
    a running task: its processes are terminated), so that the process exits at once."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _forked(k: int) -> Any:
    """In a forked worker: its share."""
    assert _FORKED is not None
    return _FORKED(k)
