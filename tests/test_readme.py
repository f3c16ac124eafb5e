"""The README shows what a newcomer really sees: every console example is run and compared."""

from __future__ import annotations

import difflib

from .readme_examples import README, matches, parse, run_all, updated


def test_ellipsis_matching() -> None:
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert matches(["a", "...", "z"], ["a", "z"])
    assert not matches(["a", "...", "z"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])
    assert matches(["..."], [])


def test_update_keeps_elided_head_and_tail() -> None:
    text = "```console\n$ echo\nhead\n...\ntail\n```\n"
    (ex,) = parse(text)
    assert ex.command == "echo" and ex.expected == ["head", "...", "tail"]
    new = updated(text, [(ex, ["1", "2", "3", "4"])])
    assert new == "```console\n$ echo\n1\n...\n4\n```\n"


def test_readme_examples_match_real_runs() -> None:
    """Fails when a command's output differs from the README; `make readme` refreshes it."""
    text = README.read_text("utf-8")
    results = run_all(text)
    assert results, "the README has no console examples"
    problems = []
    for ex, actual in results:
        if not matches(ex.expected, actual):
            diff = "\n".join(difflib.unified_diff(ex.expected, actual, "README", "real run",
                                                  lineterm=""))
            problems.append(f"$ {ex.command}\n{diff}")
    assert not problems, "README examples differ (run `make readme`):\n" + "\n\n".join(problems)
