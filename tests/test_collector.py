"""Holding the garbage collector back (:mod:`cardkit.core.collector`): holds nest, in any thread,
and the last one to end puts the thresholds back and unfreezes — even when the work raises."""

from __future__ import annotations

import gc
import threading

import pytest

from cardkit.core import collector


def test_nested_holds_end_as_they_began() -> None:
    before = gc.get_threshold()
    with collector.few_collections():
        assert gc.get_threshold()[0] == max(before[0], collector.YOUNG)
        with collector.few_collections():
            pass
        assert gc.get_threshold()[0] == max(before[0], collector.YOUNG)  # the outer still holds
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_failing_work_and_other_threads_leave_nothing_held() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with collector.few_collections():
            raise RuntimeError("the work failed")
    inside = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with collector.few_collections():
            inside.set()
            release.wait(10)

    worker = threading.Thread(target=hold)
    worker.start()
    inside.wait(10)
    with collector.few_collections():  # this thread's hold ends first
        pass
    assert gc.get_threshold()[0] == max(before[0], collector.YOUNG)  # the worker's still holds
    release.set()
    worker.join(10)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
