"""Holding the garbage collector back during work that makes and drops objects by the hundred
thousand: the collector's passes were a quarter of a PDF's drawing (``bench/bench_pdf.py``:
1.51 s -> 1.16 s for 1,000 cards) and 5 % of a cold 10,000-card ``cardkit check``.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def few_collections() -> Iterator[None]:
    """The garbage collector held back while objects are made and dropped by the hundred
    thousand (a check's loading and validation, the fit check, the drawing of a PDF): what
    exists already is frozen (never traversed again, and not copied into a forked worker by
    the collector's writes), and a young collection waits for :data:`YOUNG` new objects. Holds
    nest, in any thread: each freezes what was made since (the content loaded before the
    passes that read it), and the last one to end undoes both."""
    global _DEPTH, _SAVED
    with _LOCK:
        if _DEPTH == 0:
            _SAVED = gc.get_threshold()
            gc.set_threshold(max(_SAVED[0], YOUNG), *_SAVED[1:])
        gc.freeze()
        _DEPTH += 1
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH -= 1
            if _DEPTH == 0:
                gc.set_threshold(*_SAVED)
                gc.unfreeze()


#: Objects allocated between two young collections while held back (Python's default is 700:
#: every few faces the collector would walk the objects made since).
YOUNG = 50_000
_LOCK = threading.Lock()
#: How many holds are open, and the thresholds the last one to end puts back.
_DEPTH = 0
_SAVED: tuple[int, ...] = (700, 10, 10)
