"""A large game's consistency checks, run aside while the rest of the check goes on.

After a game's content is loaded, ``cardkit check`` runs the game's consistency checks, then
checks its translations and the print fit of every face (which itself shares its work among
the CPUs, :mod:`cardkit.pdf.fitshare`). The consistency checks read the loaded content only,
so for a large game (:data:`ASIDE_OBJECTS`) they run in a forked process (it inherits the
content; nothing is pickled but the findings) during the translation and fit checks, and their
findings are collected afterwards. The findings are the same; the report is sorted anyway. A
small game, a system without ``fork`` or a worker that cannot be started: the checks run here,
when asked for. A check that raises, raises here; a check interrupted stops its worker
(:func:`stop_all`).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..core.diagnostics import Diagnostic
from ..core.workers import start_worker, stop_pool

#: From this many objects a game's checks run aside (the shipped games, about 1,200 objects,
#: gain nothing: a fork costs more than their checks).
ASIDE_OBJECTS = 5000

Checks = Callable[[Any], list[Diagnostic]]

#: What the forked worker checks: set just before it starts.
_JOB: tuple[Checks, Any] | None = None
#: The pools of the checks running aside, until collected.
_RUNNING: set[ProcessPoolExecutor] = set()


def game_checks(content: Any, run: Checks) -> Callable[[], list[Diagnostic]]:
    """A call that returns ``run(content)``: started now in a forked process when the content
    is large enough, else run when called."""
    global _JOB
    if content.object_count < ASIDE_OBJECTS or \
            "fork" not in multiprocessing.get_all_start_methods():
        return lambda: run(content)
    _JOB = (run, content)
    try:
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"),
                                   initializer=start_worker, initargs=(os.getpid(),))
        future = pool.submit(_aside)  # the worker is forked here, with the content
    except (OSError, RuntimeError):
        return lambda: run(content)
    finally:
        _JOB = None

    _RUNNING.add(pool)

    def collect() -> list[Diagnostic]:
        try:
            return future.result()
        except BrokenProcessPool:  # the worker died (killed, out of memory): check here
            return run(content)
        finally:
            _RUNNING.discard(pool)
            pool.shutdown(wait=False, cancel_futures=True)

    return collect


def stop_all() -> None:
    """Stop every worker still checking aside (the check was interrupted: Ctrl-C, SIGTERM, an
    error), so that the process exits at once."""
    while _RUNNING:
        stop_pool(_RUNNING.pop())


def _aside() -> list[Diagnostic]:
    """In the forked worker: the checks of the content it inherited."""
    assert _JOB is not None
    run, content = _JOB
    return run(content)
