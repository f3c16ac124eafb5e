"""The README's console examples, run for real.

Every fenced ``console`` block of README.md is a transcript: lines starting with ``$ `` are
commands, the lines after a command (up to the next ``$ `` line) are exactly what it prints
(standard output and standard error as a terminal shows them, interleaved). A line holding only
``...`` stands for any number of lines; nothing else is elided.

The commands run in one sandbox that looks like a fresh clone (a copy of ``content/``,
``schemas/`` and ``examples/``, nothing else), with the virtualenv's ``bin/`` first on ``PATH``
— as a newcomer who follows the README word for word would run them. The commands of one console
block run in README order, one after the other; different blocks do not depend on each other
(a block that needs what another block wrote must be one block with it), so two blocks run at a
time to halve the wall time. Every command is still run and compared on its own.

``python -m tests.readme_examples --update`` (``make readme``) rewrites the outputs in the README
from real runs; ``tests/test_readme.py`` fails when the README and the real runs differ.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ELLIPSIS = "..."
FENCE_RE = re.compile(r"^```console\n(.*?)^```\n", re.S | re.M)
TIMEOUT_S = 300
#: Console blocks run at the same time (each block's commands stay in order).
WORKERS = 2


@dataclass(slots=True)
class Example:
    """One ``$ command`` of the README and the output it shows."""

    command: str
    expected: list[str]
    start: int  # offset of the command line in the README
    end: int  # offset just past the expected output
    block: int = 0  # which console block of the README (0-based) the command is in


def parse(text: str) -> list[Example]:
    """Every command of every console block, in README order."""
    examples: list[Example] = []
    for number, block in enumerate(FENCE_RE.finditer(text)):
        body_start = block.start(1)
        offset = body_start
        current: Example | None = None
        for line in block.group(1).splitlines(keepends=True):
            if line.startswith("$ "):
                if current is not None:
                    current.end = offset
                current = Example(line[2:].rstrip("\n"), [], offset, offset + len(line), number)
                examples.append(current)
            elif current is not None:
                current.expected.append(line.rstrip("\n"))
            offset += len(line)
        if current is not None:
            current.end = offset
    return examples


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` lines match ``expected``, where a ``...`` line matches any lines."""
    if not expected:
        return not actual
    head, *rest = expected
    if head == ELLIPSIS:
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def sandbox() -> Path:
    """A folder that looks like a fresh clone to the cardkit commands."""
    where = Path(tempfile.mkdtemp(prefix="cardkit-readme-"))
    for name in ("content", "schemas", "examples"):
        shutil.copytree(ROOT / name, where / name)
    return where


def environment() -> dict[str, str]:
    """The newcomer's shell: the virtualenv first on PATH, no terminal, no colours."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARDKIT_", "PYTEST"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "100"
    env["NO_COLOR"] = "1"
    env["PYTHONHASHSEED"] = "0"
    return env


def run(command: str, cwd: Path, env: dict[str, str]) -> list[str]:
    """Run one README command with bash; its stdout and stderr, interleaved, as lines."""
    proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT_S,
                          check=False)
    return proc.stdout.decode("utf-8", errors="replace").splitlines()


def run_all(text: str) -> list[tuple[Example, list[str]]]:
    """Run every example of the README text in one sandbox; (example, actual lines) pairs, in
    README order.

    Each console block's commands run in order; :data:`WORKERS` blocks run at a time (threads
    waiting on subprocesses).
    """
    examples = parse(text)
    blocks: dict[int, list[Example]] = {}
    for ex in examples:
        blocks.setdefault(ex.block, []).append(ex)
    where = sandbox()
    env = environment()

    def run_block(block: list[Example]) -> list[list[str]]:
        return [run(ex.command, where, env) for ex in block]

    try:
        with ThreadPoolExecutor(max_workers=WORKERS) as pool:
            outputs = list(pool.map(run_block, blocks.values()))
    finally:
        shutil.rmtree(where, ignore_errors=True)
    actual = {id(ex): lines for block, out in zip(blocks.values(), outputs)
              for ex, lines in zip(block, out)}
    return [(ex, actual[id(ex)]) for ex in examples]


def updated(text: str, results: list[tuple[Example, list[str]]]) -> str:
    """The README text with every example's output replaced by its real output.

    Where the README elides with ``...``, the same number of leading and trailing lines are
    kept around the elision.
    """
    out, last = [], 0
    for ex, actual in results:
        lines = actual
        if ELLIPSIS in ex.expected:
            cut = ex.expected.index(ELLIPSIS)
            tail = len(ex.expected) - cut - 1
            if cut + tail < len(actual):
                lines = actual[:cut] + [ELLIPSIS] + (actual[len(actual) - tail:] if tail else [])
        out.append(text[last:ex.start])
        out.append(f"$ {ex.command}\n" + "".join(f"{line}\n" for line in lines))
        last = ex.end
    out.append(text[last:])
    return "".join(out)


def main() -> int:
    """``--update`` rewrites README.md; without it, exit 1 when an example differs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--update", action="store_true", help="rewrite the README's outputs")
    args = parser.parse_args()
    text = README.read_text("utf-8")
    results = run_all(text)
    if args.update:
        new = updated(text, results)
        if new != text:
            README.write_text(new, "utf-8")
        print(f"{len(results)} example(s); README {'updated' if new != text else 'unchanged'}")
        return 0
    bad = [ex.command for ex, actual in results if not matches(ex.expected, actual)]
    for command in bad:
        print(f"differs: $ {command}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
