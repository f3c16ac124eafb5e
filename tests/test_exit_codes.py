"""One exit-code table for every command (``cardkit/cli/exits.py``), and signals that end a run.

Every command and sub-command is enumerated from the click group, so a new command is held to
the table automatically: it must have a row in :data:`CASES` (a clean run, a run on content
with findings where it reads content, and a library call to break), and gets the usage-error,
help, internal-error and signal checks for free (a real SIGINT or SIGTERM sent to the test's
own process while the command runs that library call: 130 or 143). Then real ``cardkit
simulate`` processes (process pool and local Dask cluster) are ended by SIGINT, SIGTERM and
SIGKILL: 130 and 143 with the finished games kept in ``--out``, and no worker process left
behind in any case.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.cli.exits import MEANINGS, ExitCode, exit_codes_text
from cardkit.sim.runner import available_cpus

from .conftest import FIXTURES, ROOT, SHIPPED, point_modelines
from .test_cli_robust import Running


def commands(group: click.Group = main, prefix: tuple[str, ...] = ()
             ) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command and sub-command of ``group`` (groups included), by its path."""
    for name, command in sorted(group.commands.items()):
        path = (*prefix, name)
        yield path, command
        if isinstance(command, click.Group):
            yield from commands(command, path)


ALL = dict(commands())
LEAVES = sorted(p for p, c in ALL.items() if not isinstance(c, click.Group))


def cli(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stderr


# --- content ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``clean``: the Terra fixture content; ``broken``: the same and Trains' with a schema
    error each (and a Terra file fmt would change); ``out``: a folder for outputs."""
    root = tmp_path_factory.mktemp("exits")
    clean, broken = root / "clean", root / "broken"
    shutil.copytree(FIXTURES / "terra_base", clean)
    shutil.copytree(FIXTURES / "terra_base", broken)
    shutil.copytree(FIXTURES / "trains_base" / "trains", broken / "trains")
    point_modelines(clean, FIXTURES / "terra_base")
    regions = broken / "terra" / "regions.yaml"
    regions.write_text(regions.read_text("utf-8").replace(
        "    kind: land\n", "    kind:    land\n    bogus: 1\n", 1), "utf-8")
    bonus = broken / "trains" / "route-bonus.yaml"
    bonus.write_text(bonus.read_text("utf-8").replace(
        "    name: Tobu Tojo Line\n", "    name: Tobu Tojo Line\n    bogus: 1\n", 1), "utf-8")
    bad_sheet = root / "bad-sheet.yaml"
    bad_sheet.write_text("grid: 5\n", "utf-8")
    (root / "out").mkdir()
    return {"clean": clean, "broken": broken, "out": root / "out", "sheet": bad_sheet,
            "root": root}


@dataclass(frozen=True)
class Case:
    """How to run one command: ``clean`` exits 0; ``findings`` (None where the command reads
    no content, or cannot find anything in it) exits 1; breaking the library call ``breaks``
    (a dotted name) makes the clean run exit 3. ``{clean}``, ``{broken}``, ``{out}``,
    ``{shipped}``, ``{sheet}``, ``{root}`` are filled in."""

    clean: tuple[str, ...]
    findings: tuple[str, ...] | None
    breaks: str


TERRA = ("--content", "{clean}")
CASES: dict[tuple[str, ...], Case] = {
    ("games",): Case(("--content", "{clean}"), None, "cardkit.core.registry.game_ids"),
    ("check",): Case(("terra", *TERRA, "--no-cache"), ("terra", "--content", "{broken}",
                                                      "--no-cache"),
                     "cardkit.cli.content_cmds.run_check"),
    ("codes",): Case(("TER006",), None, "cardkit.core.spec.select_codes"),
    # the language server on an empty standard input: the client never connects, it ends
    ("lsp",): Case((), None, "cardkit.lsp.server.serve"),
    # the preview server for no time at all: it starts, binds a free port and stops
    ("preview",): Case(("terra", *TERRA, "--port", "0", "--duration", "0"), None,
                       "cardkit.site.preview.serve"),
    ("new",): Case(("terra", "card", "a-new-card", "--content", "{root}/new-content"), None,
                   "cardkit.checking.scaffold.new_object"),
    ("init",): Case(("{root}/init-{n}",), None, "cardkit.checking.scaffold.init_content"),
    ("schema",): Case(("terra", "-o", "{root}/schemas-{n}"),
                      ("terra", "--check", "-o", "{root}/no-schemas"),
                      "cardkit.checking.schemas.write_schemas"),
    ("fmt",): Case(("terra", "--content", "{root}/fmt-content"),
                   ("terra", "--check", "--content", "{broken}"),
                   "cardkit.core.fmt.format_game"),
    ("list",): Case(("terra", *TERRA), ("terra", "--content", "{broken}"),
                    "cardkit.core.query.list_objects"),
    ("show",): Case(("terra", "west-coast", *TERRA), ("terra", "west-coast", "--content",
                                                      "{broken}"),
                    "cardkit.core.query.show_object"),
    ("pdf",): Case(("terra", *TERRA, "-o", "{out}/t{n}.pdf"),
                   ("terra", "--content", "{broken}", "-o", "{out}/b.pdf"),
                   "cardkit.export.printing.render_game"),
    ("export",): Case(("terra", *TERRA, "--dpi", "50", "-o", "{out}/export{n}"),
                      ("terra", "--content", "{broken}", "-o", "{out}/bexport"),
                      "cardkit.export.api.export_game"),
    ("site",): Case(("--game", "terra", "--locale", "en", "--dpi", "50", *TERRA, "-o",
                     "{out}/site{n}"),
                    ("--game", "terra", "--content", "{broken}", "-o", "{out}/bsite"),
                    "cardkit.site.build_site"),
    ("simulate",): Case(("terra", "--content", "{shipped}", "--games", "2", "--backend",
                         "serial"),
                        ("terra", "--content", "{broken}", "--games", "2"),
                        "cardkit.sim.runner.play"),
    ("balance",): Case(("terra-futura", "--content", "{shipped}", "--games", "2",
                        "--search-games", "0", "--backend", "serial", "-o",
                        "{out}/balance{n}.md"),
                       ("terra-futura", "--content", "{broken}", "--games", "2", "-o",
                        "{out}/bbalance.md"),
                       "cardkit.sim.runner.play"),
    ("strength",): Case(("trains", "--content", "{shipped}", "--games", "2", "--cards",
                         "tunnel", "--backend", "serial"),
                        ("trains", "--content", "{broken}", "--games", "2", "--cards",
                         "tunnel"),
                        "cardkit.sim.runner.play"),
    ("score",): Case(("cartographers", str(ROOT / "examples/cartographers/wilderness.yaml"),
                      "--content", "{shipped}"),
                     ("cartographers", "{sheet}", "--content", "{shipped}"),
                     "cardkit.core.registry.get_game"),
    ("i18n", "status"): Case((*TERRA,), ("--content", "{broken}"),
                             "cardkit.i18n.api.status_report"),
    ("i18n", "check"): Case(("terra", *TERRA), ("terra", "--content", "{broken}"),
                            "cardkit.i18n.api.check"),
    ("i18n", "export"): Case(("terra", *TERRA, "--locale", "pl", "-o", "{out}/pl{n}.po"),
                             ("terra", "--content", "{broken}", "--locale", "pl", "-o",
                              "{out}/b.po"),
                             "cardkit.export.exchange.export"),
    ("i18n", "glossary"): Case(("terra", *TERRA, "--locale", "pl", "-o", "{out}/pl{n}.tbx"),
                               ("terra", "--content", "{broken}", "--locale", "pl", "-o",
                                "{out}/b.tbx"),
                               "cardkit.export.exchange.export_glossary"),
    ("i18n", "import"): Case(("terra", "{root}/pl.po", *TERRA, "--dry-run"),
                             ("terra", "{root}/pl.po", "--content", "{broken}", "--dry-run"),
                             "cardkit.export.exchange.import_file"),
    ("i18n", "confirm"): Case(("terra", *TERRA, "--locale", "pl", "--all", "--dry-run"),
                              ("terra", "--content", "{broken}", "--locale", "pl", "--all",
                               "--dry-run"),
                              "cardkit.i18n.api.confirm"),
    ("i18n", "diff"): Case(("terra", *TERRA, "--locale", "pl"),
                           ("terra", "--content", "{broken}", "--locale", "pl"),
                           "cardkit.i18n.api.diff"),
}


def fill(args: tuple[str, ...], folders: dict[str, Path], n: str) -> list[str]:
    """The arguments with the folders filled in (``{n}`` keeps two runs' outputs apart)."""
    names = {k: str(v) for k, v in folders.items()} | {"shipped": str(SHIPPED), "n": n}
    return [a.format(**names) for a in args]


def prepare(path: tuple[str, ...], folders: dict[str, Path]) -> None:
    """What a command's clean run needs besides the content: a writable copy, a PO file."""
    root = folders["root"]
    if path in {("new",), ("fmt",)}:
        target = root / ("new-content" if path == ("new",) else "fmt-content")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(folders["clean"], target)
    if path == ("i18n", "import") and not (root / "pl.po").exists():
        code, err = cli("i18n", "export", "terra", "--content", folders["clean"], "--locale",
                        "pl", "-o", root / "pl.po")
        assert code == 0, err


# --- the table ----------------------------------------------------------------------------

def test_the_table() -> None:
    assert [(int(c), c.name) for c in ExitCode] == [
        (0, "CLEAN"), (1, "FINDINGS"), (2, "USAGE"), (3, "INTERNAL"), (130, "SIGINT"),
        (143, "SIGTERM")]
    assert set(MEANINGS) == set(ExitCode)
    text = exit_codes_text()
    assert all(re.search(rf"^  {int(c)}\s+{re.escape(MEANINGS[c])}$", text, re.M)
               for c in ExitCode)


def test_the_readme_has_the_table() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("\n## Exit codes\n", 1)[1].split("\n## ", 1)[0]
    for code in ExitCode:
        assert f"| `{int(code)}` |" in section, code


def test_every_command_is_covered() -> None:
    assert sorted(CASES) == LEAVES, "a command without a row in CASES (add one)"


@pytest.mark.parametrize("path", [(), *sorted(ALL)], ids=lambda p: " ".join(p) or "cardkit")
def test_help_ends_with_the_table_and_a_bad_option_is_a_usage_error(
        path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.stdout.rstrip().splitlines()[-len(ExitCode) - 1:]]
    assert lines == [line.strip() for line in exit_codes_text().splitlines()[1:]]
    code, err = cli(*path, "--no-such-option")
    assert code == ExitCode.USAGE and "No such option" in err, err


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_clean_findings_and_internal_error(path: tuple[str, ...], folders: dict[str, Path],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES[path]
    prepare(path, folders)
    code, err = cli(*path, *fill(case.clean, folders, "1"))
    assert code == ExitCode.CLEAN, err
    if case.findings is not None:
        code, err = cli(*path, *fill(case.findings, folders, "2"))
        assert code == ExitCode.FINDINGS, err
        assert "internal error" not in err and "Traceback" not in err
    prepare(path, folders)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted failure")

    monkeypatch.setattr(case.breaks, broken)
    code, err = cli(*path, *fill(case.clean, folders, "3"))
    assert code == ExitCode.INTERNAL, err
    assert "cardkit: internal error: RuntimeError: planted failure" in err
    assert "--debug" in err and "Traceback" not in err


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, ExitCode.SIGINT),
                                          (signal.SIGTERM, ExitCode.SIGTERM)],
                         ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_a_signal_during_any_command(path: tuple[str, ...], signum: int, code: int,
                                     folders: dict[str, Path],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal really arrives (at this process, while the command runs its library call):
    cardkit's handler turns it into the interruption path, whatever the command."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are the main thread's")
    case = CASES[path]
    prepare(path, folders)
    seen = []

    def signalled(*args: object, **kwargs: object) -> None:
        handler = signal.getsignal(signum)
        assert callable(handler) and handler not in (signal.default_int_handler,), handler
        seen.append(signum)
        os.kill(os.getpid(), signum)  # handled by cardkit: raises in this (main) thread
        time.sleep(5)  # not reached
        pytest.fail("the signal did not interrupt the command")

    monkeypatch.setattr(case.breaks, signalled)
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    exit_code, err = cli(*path, *fill(case.clean, folders, "4"))
    assert seen and exit_code == code, err
    assert "cardkit: interrupted" in err and "Traceback" not in err
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


def test_an_unknown_game_is_a_usage_error() -> None:
    code, err = cli("simulate", "no-such-game", "--content", SHIPPED)
    assert code == ExitCode.USAGE and "internal error" not in err, err


def test_every_count_option_has_a_documented_upper_bound() -> None:
    for path, command in ALL.items():
        for param in command.params:
            if not isinstance(param, click.Option):
                continue
            kind = param.type
            assert not (kind is click.INT or kind is click.FLOAT), (path, param.name)
            if isinstance(kind, (click.IntRange, click.FloatRange)):
                assert kind.max is not None, (path, param.name)
                help_text = CliRunner().invoke(main, [*path, "--help"]).stdout
                assert f"<={kind.max}" in "".join(help_text.split()), (path, param.name)


def test_number_options_parsed_by_the_library_document_its_range() -> None:
    from cardkit.export.api import BLEED_RANGE, DPI_RANGE
    from cardkit.site.api import DPI_RANGE as SITE_DPI

    def help_of(path: tuple[str, ...], name: str) -> str:
        option = next(p for p in ALL[path].params if p.name == name)
        return str(option.help)

    assert f"{DPI_RANGE[0]:g} to {DPI_RANGE[1]:g}" in help_of(("export",), "dpi")
    assert f"{BLEED_RANGE[0]:g} to {BLEED_RANGE[1]:g}" in help_of(("export",), "bleed")
    assert f"{SITE_DPI[0]:g} to {SITE_DPI[1]:g}" in help_of(("site",), "dpi")


@pytest.mark.parametrize("args, words", [
    (("simulate", "terra", "--games", "100000000"), "--games"),
    (("strength", "trains", "--games", "100000000"), "--games"),
    (("simulate", "terra", "--turn-cap", "1000000"), "--turn-cap"),
    (("simulate", "terra", "--players", "99"), "--players"),
    (("simulate", "terra", "--workers", "100000"), "--workers"),
    (("simulate", "terra", "--seed", "-1"), "--seed"),
])
def test_counts_beyond_their_limit_are_refused_at_once(args: tuple[str, ...],
                                                       words: str) -> None:
    start = time.monotonic()
    code, err = cli(*args, "--content", SHIPPED)
    assert code == ExitCode.USAGE and words in err and "is not in the range" in err, err
    assert time.monotonic() - start < 5


def test_the_library_refuses_too_many_games_too() -> None:
    from cardkit.core.errors import UsageProblem
    from cardkit.sim.api import simulate
    from cardkit.sim.limits import MAX_GAMES

    with pytest.raises(UsageProblem, match=f"--games {MAX_GAMES + 1} is out of range"):
        simulate("terra", SHIPPED, games=MAX_GAMES + 1, backend="serial")


def test_score_help_describes_the_named_game() -> None:
    futura = CliRunner().invoke(main, ["score", "terra-futura", "--help"]).stdout
    carto = CliRunner().invoke(main, ["score", "cartographers", "--help"]).stdout
    both = CliRunner().invoke(main, ["score", "--help"]).stdout
    assert "Terra Futura territories" in futura and "monster penalty" not in futura
    assert "monster penalty" in carto and "Terra Futura territories" not in carto
    assert "monster penalty" in both and "Terra Futura territories" in both


# --- signals in real processes ------------------------------------------------------------

def _descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pids: set[int], marker: str) -> set[int]:
    """Those of ``pids`` still running (zombies wait for init and do not count), and any
    process whose command line mentions ``marker``."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if state != "Z" and (int(entry.name) in pids or marker in cmdline):
            out.add(int(entry.name))
    return out


class Run(Running):
    """``cardkit simulate terra --games 100000 --workers 2 --out OUT`` in its own session."""

    def __init__(self, out: Path, *extra: str) -> None:
        self.out = out
        super().__init__(
            [sys.executable, "-m", "cardkit", "simulate", "terra", "--content", str(SHIPPED),
             "--games", "100000", "--workers", str(min(2, available_cpus())), "--progress",
             "--out", str(out), *extra])

    def playing(self, timeout: float = 120) -> set[int]:
        """Wait until a batch of games has finished; the worker processes."""
        deadline = time.monotonic() + timeout
        while not re.search(rb"\] [1-9]\d*/100000", self.err):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"the run did not start: {self.err.decode(errors='replace')}")
            time.sleep(0.05)
        workers = _descendants(self.proc.pid)
        assert workers, "no worker process"
        return workers

    def end(self, signum: int, group: bool = False, timeout: float = 60) -> tuple[int, str]:
        """Send ``signum`` (to the process group, as a terminal's Ctrl-C, or to the process, as
        `kill PID`); its exit code and stderr."""
        (os.killpg if group else os.kill)(self.proc.pid, signum)
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            pytest.fail(f"cardkit did not stop after signal {signum}")
        self._reader.join(5)
        return code, self.err.decode(errors="replace")

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def no_worker_left(workers: set[int], marker: str) -> None:
    deadline = time.monotonic() + 10
    while (left := _alive(workers, marker)) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in left:  # clean up before failing
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert not left, f"worker processes left running: {sorted(left)}"


pytestmark_signals = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                        reason="needs /proc")


def _backend(name: str) -> tuple[str, ...]:
    if name == "dask":
        pytest.importorskip("distributed")
    return ("--backend", name)


@pytestmark_signals
@pytest.mark.parametrize("signum, group, code, backend", [
    (signal.SIGINT, True, ExitCode.SIGINT, "process"),  # Ctrl-C: the terminal signals the group
    (signal.SIGTERM, False, ExitCode.SIGTERM, "process"),  # `kill PID`, timeout, a CI cancel
    (signal.SIGTERM, False, ExitCode.SIGTERM, "dask"),  # a local Dask cluster's workers
], ids=["SIGINT", "SIGTERM", "SIGTERM-dask"])
def test_a_signal_keeps_the_finished_games_and_leaves_no_worker(
        tmp_path: Path, signum: int, group: bool, code: int, backend: str) -> None:
    out = tmp_path / "run.json"
    run = Run(out, *_backend(backend))
    workers = run.playing()
    exit_code, err = run.end(signum, group)
    assert exit_code == code, err
    assert "Traceback" not in err
    played = int(re.search(r"interrupted after (\d+) of 100000 games", err)[1])  # type: ignore[index]
    data = json.loads(out.read_text("utf-8"))
    assert data["interrupted"] is True and data["games_played"] == played > 0
    # whole batches, in index order; which batches finished first is up to the workers (Dask
    # hands them out in any order), so not necessarily games 0..played-1
    indices = [r["index"] for r in data["rows"]]
    assert len(indices) == played and indices == sorted(set(indices))
    assert all(0 <= i < 100000 for i in indices)
    no_worker_left(workers, str(tmp_path))


@pytestmark_signals
@pytest.mark.parametrize("backend", ["process", "dask"])
def test_sigkill_of_cardkit_leaves_no_worker(tmp_path: Path, backend: str) -> None:
    run = Run(tmp_path / "run.json", *_backend(backend))
    workers = run.playing()
    exit_code, _ = run.end(signal.SIGKILL)
    assert exit_code == -signal.SIGKILL
    no_worker_left(workers, str(tmp_path))
    assert not (tmp_path / "run.json").exists()  # nothing half-written either
