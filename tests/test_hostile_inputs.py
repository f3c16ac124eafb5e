"""Hostile content: inputs that used to hang, exhaust memory, crash or leak, in a real subprocess.

Every input is generated here. ``cardkit check`` runs in a child process with a time bound
(``TIMEOUT``) and an address-space bound (``MEMORY``); each case must end with exit code 1, the
expected code at the expected ``line:col``, one-line messages and no traceback, well inside the
bounds. (``CARDKIT_TEST_PYTHONPATH`` puts another cardkit first on the child's path, which is how
these tests were checked to fail on the code before the fix.)
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import ROOT, TERRA_BASE

TIMEOUT = 20.0
MEMORY = 1536 * 1024 * 1024
MODELINE = "# yaml-language-server: $schema=../../../../../schemas/terra/cards.schema.json"
SECRET = "root:x:0:0:hostile-secret-line:/root:/bin/bash"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_check(content: Path, *args: str, user: int | None = None
              ) -> tuple[subprocess.CompletedProcess[str], float]:
    """``cardkit check terra`` on ``content`` in a bounded child; returns it and its run time."""
    env = dict(os.environ)
    extra = os.environ.get("CARDKIT_TEST_PYTHONPATH")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (extra, str(ROOT)) if p)

    def preexec() -> None:
        _limits()
        if user is not None:
            os.setgid(user)
            os.setuid(user)

    start = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "cardkit", "check", "terra", "--content", str(content),
             "--no-cache", *args], capture_output=True, text=True, timeout=TIMEOUT, env=env,
            preexec_fn=preexec, cwd=content.parent, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"cardkit check did not finish within {TIMEOUT} s")
    return proc, time.monotonic() - start


def findings(content: Path, user: int | None = None) -> list[dict[str, object]]:
    """Run the check with ``--format json``; assert the general contract; return findings."""
    proc, elapsed = run_check(content, "--format", "json", user=user)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr.lower(), \
        proc.stderr[-2000:]
    assert proc.returncode == 1, (proc.returncode, proc.stdout[-1000:], proc.stderr[-1000:])
    assert elapsed < TIMEOUT / 2
    report = json.loads(proc.stdout)
    for diag in report["diagnostics"]:
        assert "\n" not in diag["message"] and diag["line"] >= 1 and diag["col"] >= 1, diag
    return report["diagnostics"]


def at(diags: list[dict[str, object]], name: str) -> list[tuple[object, object, object]]:
    """(code, line, col) of the findings in files whose path ends with ``name``."""
    return [(d["code"], d["line"], d["col"]) for d in diags
            if str(d["file"]).endswith(name) and str(d["code"]).startswith("YML")]


def message(diags: list[dict[str, object]], name: str, code: str) -> str:
    """The message of the one finding with ``code`` in the file ending with ``name``."""
    (found,) = [d for d in diags if str(d["file"]).endswith(name) and d["code"] == code]
    return str(found["message"])


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A copy of the Terra test content."""
    dest = tmp_path / "content"
    shutil.copytree(TERRA_BASE, dest)
    return dest


def cards(content: Path) -> Path:
    return content / "terra" / "cards"


def write(content: Path, name: str, body: str) -> Path:
    path = cards(content) / name
    path.write_text(MODELINE + "\n" + body, "utf-8")
    return path


def first_alias(text: str) -> tuple[int, int]:
    """1-based position of the first ``*`` of the file (after the modeline)."""
    index = text.index("*")
    return text.count("\n", 0, index) + 2, index - (text.rfind("\n", 0, index) + 1) + 1


# --- documents that exhaust time or memory ---------------------------------------------------

def fibonacci_merges(levels: int = 40) -> str:
    lines = ["a0: &a0 {k0: 0}", "a1: &a1 {k1: 1}"]
    for i in range(2, levels):
        lines.append(f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 2}], k{i}: {i}}}")
    return "\n".join(lines) + "\n"


def quadratic_merges(levels: int = 12_000) -> str:
    lines = ["m0: &m0 {k0: 0}"]
    for i in range(1, levels):
        lines.append(f"m{i}: &m{i} {{<<: *m{i - 1}, k{i}: 0}}")
    return "\n".join(lines) + "\n"


def billion_laughs() -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("make", [fibonacci_merges, quadratic_merges, billion_laughs],
                         ids=lambda f: f.__name__)
def test_alias_and_merge_bombs_stop_early(content: Path, make: Callable[[], str]) -> None:
    text = make()
    if make is fibonacci_merges:
        assert 1_200 < len(text) < 1_600
    if make is quadratic_merges:
        assert 400_000 < len(text) < 500_000
    write(content, "bomb.yaml", text)
    assert at(findings(content), "bomb.yaml") == [("YML006", *first_alias(text))]


def test_deep_sequence_nesting_is_a_finding_not_a_crash(content: Path) -> None:
    write(content, "deep.yaml", "cards: " + "[" * 30_000 + "\n")
    # the mapping is level 1, the first `[` (column 8) level 2; the 200th `[` opens level 201
    assert at(findings(content), "deep.yaml") == [("YML010", 2, 8 + 199)]


def test_deep_mapping_nesting_is_a_finding_not_a_crash(content: Path) -> None:
    write(content, "deep.yaml", "cards: " + "{a: " * 100_000 + "\n")
    assert at(findings(content), "deep.yaml") == [("YML010", 2, 8 + 199 * 4)]


# --- what is found where a content file should be ------------------------------------------

def test_fifo_is_not_read(content: Path) -> None:
    os.mkfifo(cards(content) / "pipe.yaml")
    assert at(findings(content), "pipe.yaml") == [("YML011", 1, 1)]


def test_device_inside_the_content_folder_is_not_read(content: Path) -> None:
    try:
        os.mknod(cards(content) / "zero.yaml", 0o644 | stat.S_IFCHR, os.makedev(1, 5))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot create a device node here: {exc}")
    assert at(findings(content), "zero.yaml") == [("YML011", 1, 1)]


def test_symlink_to_dev_zero_is_not_read(content: Path) -> None:
    (cards(content) / "zero.yaml").symlink_to("/dev/zero")
    assert at(findings(content), "zero.yaml") == [("YML012", 1, 1)]


def test_symlink_leaving_the_content_folder_is_not_read_or_printed(content: Path,
                                                                   tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    secret.write_text(SECRET + "\nbin:x:1:1:bin:/bin:/sbin/nologin\n")
    (cards(content) / "passwd.yaml").symlink_to(secret)
    assert at(findings(content), "passwd.yaml") == [("YML012", 1, 1)]
    proc, _ = run_check(content, "--format", "github")
    assert proc.returncode == 1
    assert "hostile-secret-line" not in proc.stdout + proc.stderr
    assert "::error file=" in proc.stdout and "YML012" in proc.stdout


def test_dangling_symlink(content: Path) -> None:
    (cards(content) / "gone.yaml").symlink_to(cards(content) / "missing.yaml")
    assert at(findings(content), "gone.yaml") == [("YML013", 1, 1)]


def test_symlink_loop(content: Path) -> None:
    (cards(content) / "a.yaml").symlink_to(cards(content) / "b.yaml")
    (cards(content) / "b.yaml").symlink_to(cards(content) / "a.yaml")
    diags = findings(content)
    assert at(diags, "/a.yaml") == [("YML013", 1, 1)]
    assert at(diags, "/b.yaml") == [("YML013", 1, 1)]


def test_symlinked_folder_inside_the_content_folder_is_checked(content: Path) -> None:
    shared = content / "shared"
    shared.mkdir()
    (shared / "dup.yaml").write_text(MODELINE + "\ncards: []\ncards: []\n", "utf-8")
    (cards(content) / "more").symlink_to(shared, target_is_directory=True)
    assert at(findings(content), "cards/more/dup.yaml") == [("YML002", 3, 1)]


def test_symlinked_folder_leaving_the_content_folder_or_looping_is_reported(
        content: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.yaml").write_text("cards: [\n", "utf-8")
    (cards(content) / "out").symlink_to(outside, target_is_directory=True)
    (cards(content) / "up").symlink_to(cards(content), target_is_directory=True)
    diags = findings(content)
    assert at(diags, "cards/out") == [("YML012", 1, 1)]
    assert at(diags, "cards/up") == [("YML013", 1, 1)]
    assert not [d for d in diags if "x.yaml" in str(d["file"])]


def test_unreadable_file(tmp_path: Path) -> None:
    # root reads any file whatever its mode: run the child as an unprivileged user instead
    nobody = 65534
    if os.geteuid() != 0 and os.access("/proc/self", os.R_OK):
        user = None
    else:
        user = nobody
    base = Path(tempfile.mkdtemp(prefix="cardkit-unreadable-", dir="/tmp"))
    try:
        base.chmod(0o755)
        content = base / "content"
        shutil.copytree(TERRA_BASE, content)
        for path in [content, *content.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        secret = write(content, "locked.yaml", "cards: []\n")
        secret.chmod(0)
        if user is None and os.access(secret, os.R_OK):
            pytest.skip("this user can read a file with mode 000")
        if user is not None and not os.access(sys.executable, os.X_OK):
            pytest.skip("the interpreter is not usable by an unprivileged user")
        try:
            probe = subprocess.run([sys.executable, "-c", "import cardkit"], env={
                **os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=(
                    (lambda: (os.setgid(nobody), os.setuid(nobody))) if user is not None
                    else None), capture_output=True, cwd=base, check=False)
        except OSError as exc:
            pytest.skip(f"the interpreter cannot be run by an unprivileged user here: {exc}")
        if probe.returncode != 0:
            pytest.skip("cardkit cannot be imported by an unprivileged user here")
        assert at(findings(content, user=user), "locked.yaml") == [("YML014", 1, 1)]
    finally:
        shutil.rmtree(base, ignore_errors=True)


# --- text problems, located ------------------------------------------------------------------

def test_utf16_file_is_named_as_such(content: Path) -> None:
    path = cards(content) / "wide.yaml"
    path.write_bytes((MODELINE + "\ncards: []\n").encode("utf-16"))
    diags = findings(content)
    assert at(diags, "wide.yaml") == [("YML004", 1, 1)]
    assert "UTF-16" in message(diags, "wide.yaml", "YML004")


@pytest.mark.parametrize("body, where", [
    ("cards:\n  - id: a\x07b\n", (3, 10)),  # a BEL inside a plain scalar
    ("cards: []\n\x1b[31m: red\n", (3, 1)),  # an escape sequence
    ("cards:\n  - id: x\u2028y\n", (3, 10)),  # LINE SEPARATOR: parsers disagree on it
    ("cards: []\nx: y\u0085z\n", (3, 5)),  # NEL
])
def test_control_characters_and_line_separators_are_located(content: Path, body: str,
                                                            where: tuple[int, int]) -> None:
    write(content, "chars.yaml", body)
    assert at(findings(content), "chars.yaml") == [("YML009", *where)]


def test_invalid_date_is_located_at_the_scalar(content: Path) -> None:
    write(content, "date.yaml", "cards:\n  - id: a\n    since: 2015-02-30\n")
    diags = findings(content)
    assert at(diags, "date.yaml") == [("YML001", 4, 12)]
    msg = message(diags, "date.yaml", "YML001")
    assert "2015-02-30" in msg and "day is out of range" in msg


@pytest.mark.parametrize("body, where", [
    ("cards: []\nx: 1\n  \t\ny: 2\n", (4, 3)),  # a tab in a blank line
    ("cards:\t[]\n", (2, 7)),  # a tab after the colon
])
def test_tabs_that_fmt_refuses_are_refused_by_check(content: Path, body: str,
                                                    where: tuple[int, int]) -> None:
    write(content, "tabs.yaml", body)
    assert at(findings(content), "tabs.yaml") == [("YML003", *where)]
