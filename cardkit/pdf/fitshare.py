"""The fit check shared among the CPUs when asked: the same findings, in the same order.

:func:`cardkit.pdf.fitcheck.fit_diagnostics` lays out every face a game prints in every locale
and unit system. Its work comes in *groups* (a card side, a deck's generic pages on one paper,
a board on one paper) whose keys do not depend on the locale. For a large check (or when
``CARDKIT_FIT_WORKERS`` asks), the groups are dealt round-robin, in the order of
the first pass, to this process and to ``n - 1`` forked workers (they inherit the loaded
content, nothing is pickled but the findings); each share checks its groups in every pass, so
a translation meets the English size it is compared with in the same share. A small check
(:func:`fit_workers`) runs in one process.

Each candidate finding carries the place where one process would meet it (pass, group, face,
text); the shares' findings are merged in that order, so which of two equal findings is kept —
the first met — and the report are the same with any number of workers. Only where ``fork``
exists (Linux, macOS); elsewhere it runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import zlib
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from ..core.collector import few_collections
from ..core.workers import available_cpus, in_shares

#: Below this many groups times passes a check runs in one process (the shipped Terra deck,
#: about 1,800, gained nothing from a second one).
MIN_GROUPS = 4000
#: At most this many processes.
MAX_WORKERS = 4

Share = Callable[[Any, list[Any], "Callable[[Any], bool] | None"], list[Any]]

#: What a forked worker checks: set in the parent just before the workers start.
_JOB: tuple[Any, list[Any], Share, dict[Hashable, int], int] | None = None


def fit_workers(work: int) -> int:
    """How many processes check ``work`` groups times passes: ``CARDKIT_FIT_WORKERS`` — a
    number — or, unset or ``auto``, the CPUs this process may use, at most
    :data:`MAX_WORKERS`, for a check of at least :data:`MIN_GROUPS` (the 10,000-card check of
    ``bench/bench_check.py`` on 2 cores: its fit check 7.9 s -> 4.6 s), else 1; always 1
    without ``fork``."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    wanted = os.environ.get("CARDKIT_FIT_WORKERS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    if work < MIN_GROUPS:
        return 1
    return max(1, min(available_cpus(), MAX_WORKERS))


def shared(content: Any, passes: list[Any], share: Share, order: list[Hashable]) -> list[Any]:
    """``share(content, passes, take)`` over every group, on :func:`fit_workers` processes;
    ``order``: the group keys of the first pass (dealt round-robin; a key only other passes
    have goes by its hash). The candidate findings, sorted by where one process meets them."""
    with few_collections():
        return _shared(content, passes, share, order)


def _shared(content: Any, passes: list[Any], share: Share, order: list[Hashable]
            ) -> list[Any]:
    global _JOB
    n = fit_workers(len(order) * len(passes))
    if n == 1:
        return share(content, passes, None)
    deal = {key: i % n for i, key in enumerate(order)}
    _JOB = (content, passes, share, deal, n)
    try:
        shares = in_shares(n, _share)
    finally:
        _JOB = None
    found: list[Any] = []
    for got in shares:
        if isinstance(got, BaseException):
            raise got
        found += got
    found.sort(key=lambda f: f[0])
    return found


def _share(worker: int) -> list[Any]:
    """The findings of one worker's groups (in a forked worker, or this process's share)."""
    assert _JOB is not None
    content, passes, share, deal, n = _JOB

    def take(key: Hashable) -> bool:
        mine = deal.get(key)
        if mine is None:
            mine = zlib.crc32(repr(key).encode()) % n
        return mine == worker

    return share(content, passes, take)
