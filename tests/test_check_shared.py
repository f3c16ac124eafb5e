"""A large check shares its work among the CPUs: the files are parsed on every CPU
(``core/parseshare.py``) and a game's consistency checks run in a forked process while the
translation and fit checks go on (``checking/aside.py``). The thresholds are lowered here so
that the shipped content and a content folder with planted findings take those paths; the
reports must be the same as a check in one process, whatever fails on the way."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from cardkit.checking import CheckOptions, aside, run_check
from cardkit.core import parseshare

from .conftest import SHIPPED


def _report(content: Path) -> list[str]:
    report = run_check(CheckOptions(content_dir=content, cache_dir=None))
    return [f"{d.file}:{d.line}:{d.col} {d.code} {d.message}" for d in report.diagnostics] \
        + [report.summary.line()]


@pytest.fixture
def planted(terra_content) -> Path:  # type: ignore[no-untyped-def]
    """The Terra test world with findings of the loader, the schema, the game's checks and a
    work marker, and a file whose data marshal cannot carry (a YAML timestamp)."""
    content = terra_content()
    cards = next((content / "terra" / "cards").glob("*.yaml"))
    text = cards.read_text("utf-8")
    text = text.replace("    topic: ", "    topic: TODO ", 1)  # CK005
    cards.write_text(text, "utf-8")
    (content / "terra" / "cards" / "broken.yaml").write_text("cards: [\n", "utf-8")  # YML001
    (content / "terra" / "cards" / "dated.yaml").write_text(
        "cards:\n  - id: dated\n    topic: 2024-01-01\n", "utf-8")  # a timestamp; SCH findings
    return content


def test_the_shared_parse_gives_the_same_report(planted: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    alone = _report(planted)
    assert any(" YML001 " in line for line in alone) and any(" CK005 " in line for line in alone)
    monkeypatch.setattr(parseshare, "MIN_BYTES", 0)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2},
                        raising=False)
    assert parseshare.share_count(1) == 3
    assert _report(planted) == alone


def test_a_failing_parse_worker_leaves_its_files_to_this_process(planted: Path,
                                                                 monkeypatch) -> None:  # type: ignore[no-untyped-def]
    alone = _report(planted)
    monkeypatch.setattr(parseshare, "MIN_BYTES", 0)

    def dies(result: object) -> None:  # called in the workers only
        os._exit(9)  # a worker killed (out of memory...)

    monkeypatch.setattr(parseshare, "_packed", dies)
    assert _report(planted) == alone


def test_the_files_are_dealt_by_size(planted: Path) -> None:
    from cardkit.core.discovery import discover

    files = discover(planted, "terra")
    shares = parseshare.deal(files, 2)
    assert sorted(s.display for share in shares for s in share) == \
        sorted(s.display for s in files)
    sizes = [sum(len(s.raw) for s in share) for share in shares]
    assert max(sizes) - min(sizes) <= max(len(s.raw) for s in files)


def test_the_game_checks_aside_give_the_same_report(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = tmp_path / "content"
    shutil.copytree(SHIPPED, content)
    cards = content / "terra" / "cards" / "green.yaml"
    text = cards.read_text("utf-8")
    topics = re.findall(r"\n    topic: (.*)", text)  # a topic repeated: a game check's finding
    cards.write_text(text.replace(f"\n    topic: {topics[1]}\n", f"\n    topic: {topics[0]}\n",
                                  1), "utf-8")
    alone = _report(content)
    assert any(" TER015 " in line for line in alone)
    monkeypatch.setattr(aside, "ASIDE_OBJECTS", 0)
    started = []
    submit = aside.ProcessPoolExecutor.submit

    def counted(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(fn)
        return submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(aside.ProcessPoolExecutor, "submit", counted)
    assert _report(content) == alone
    assert len(started) == 5  # every game's checks ran aside


def test_a_game_check_that_raises_raises_here_and_a_dead_worker_is_replaced() -> None:
    class Content:
        object_count = 10**6

    def broken(content: object) -> list:  # type: ignore[type-arg]
        raise LookupError("a check's own bug")

    with pytest.raises(LookupError, match="a check's own bug"):
        aside.game_checks(Content(), broken)()
    calls = []

    def dies_aside(content: object) -> list:  # type: ignore[type-arg]
        if calls:  # this process: the second run
            return ["checked here"]
        calls.append(1)
        os._exit(9)

    calls_in_worker = aside.game_checks(Content(), dies_aside)
    calls.clear()  # the worker was forked with the list empty; this process's run is second
    calls.append(1)
    assert calls_in_worker() == ["checked here"]


def _gone(pid_file: Path, limit: float = 5.0) -> bool:
    """Whether the process whose id the file holds has ended (waiting at most ``limit`` s)."""
    import time

    start = time.monotonic()
    while not pid_file.exists():
        if time.monotonic() - start > limit:
            return False
        time.sleep(0.02)
    pid = int(pid_file.read_text())
    while time.monotonic() - start < limit:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_an_interrupted_share_stops_its_workers_at_once(tmp_path: Path) -> None:
    """Ctrl-C (or SIGTERM, raised the same way) while this process does its share: the
    workers' shares are stopped, not waited for (cardkit exits at once, and none is left)."""
    import time

    from cardkit.core.workers import in_shares

    pid_file = tmp_path / "worker.pid"

    def share(k: int) -> int:
        if k == 0:
            while not pid_file.exists():  # the worker has started
                time.sleep(0.02)
            raise KeyboardInterrupt
        pid_file.write_text(str(os.getpid()))
        time.sleep(60)
        return k

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        in_shares(2, share)
    assert _gone(pid_file) and time.monotonic() - start < 10


def test_an_interrupted_check_stops_the_game_checks_aside(tmp_path: Path) -> None:
    import time

    pid_file = tmp_path / "aside.pid"

    class Content:
        object_count = 10**6

    def slow(content: object) -> list:  # type: ignore[type-arg]
        pid_file.write_text(str(os.getpid()))
        time.sleep(60)
        return []

    aside.game_checks(Content(), slow)  # never collected: the check was interrupted
    while not pid_file.exists():
        time.sleep(0.02)
    aside.stop_all()
    assert _gone(pid_file) and not aside._RUNNING
