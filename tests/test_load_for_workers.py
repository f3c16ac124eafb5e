"""A worker process forked after its parent loaded a game takes the parent's load, once, when
the files are the same (``cardkit site``'s image workers: the translations are validated once,
not in every worker); no two callers in one process ever share a load."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cardkit.i18n import api

from .conftest import SHIPPED

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _in_child(probe: Callable[[], str]) -> str:
    """Run ``probe`` in a forked child; its answer."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer, then leave at once (no pytest teardown here)
        os.close(read)
        try:
            answer = probe()
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            answer = f"raised {type(exc).__name__}: {exc}"
        os.write(write, answer.encode("utf-8"))
        os.close(write)
        sys.stdout.flush()
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    for part in ("trains", "locales"):
        shutil.copytree(SHIPPED / part, dest / part)
    return dest


def test_a_forked_worker_takes_the_parents_load_once(content: Path) -> None:
    parent = api.load("trains", content)

    def probe() -> str:
        first = api.load("trains", content)
        second = api.load("trains", content)
        return f"{first is parent} {second is parent} {second.content.object_count}"

    assert _in_child(probe) == f"True False {parent.content.object_count}"


def test_one_process_never_shares_a_load(content: Path) -> None:
    first = api.load("trains", content)
    second = api.load("trains", content)
    assert first is not second and first.content is not second.content


def test_a_worker_loads_again_when_a_file_changed_since(content: Path) -> None:
    parent = api.load("trains", content)
    setup = content / "trains" / "setup.yaml"
    setup.write_text(setup.read_text("utf-8") + "\n# edited after the parent loaded\n", "utf-8")

    def probe() -> str:
        return str(api.load("trains", content) is parent)

    assert _in_child(probe) == "False"
