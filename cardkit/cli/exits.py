"""The one exit-code table of every cardkit command, and the signals that end a command.

:class:`ExitCode` is the table; :func:`exit_codes_text` renders it for the root ``--help``,
:func:`document` puts it in the help epilog of every command and sub-command, the README has
the same table and ``tests/test_exit_codes.py`` holds every command to it.

SIGTERM (what ``kill PID``, ``timeout``, a CI cancel and service managers send) takes the path
of Ctrl-C: :class:`Interruptions` installs handlers that raise :class:`Terminated` (a
:class:`KeyboardInterrupt`) in the main thread, so every ``except KeyboardInterrupt`` of the
library (the simulation runner keeps the finished games) handles both alike; the exit code then
says which signal it was (130 for SIGINT, 143 for SIGTERM).
"""

from __future__ import annotations

import os
import signal
import sys
from enum import IntEnum
from types import FrameType
from typing import Any

import click


class ExitCode(IntEnum):
    """Exit codes of every command (the values are the contract; the names are for code)."""

    CLEAN = 0
    FINDINGS = 1
    USAGE = 2
    INTERNAL = 3
    SIGINT = 130  # 128 + SIGINT (2), as shells report a process ended by Ctrl-C
    SIGTERM = 143  # 128 + SIGTERM (15)


#: What each code means, in table order (the help shows these words; the README's table says
#: the same at more length).
MEANINGS: dict[ExitCode, str] = {
    ExitCode.CLEAN: "clean",
    ExitCode.FINDINGS: "findings: errors in the content or a sheet (--strict: warnings too)",
    ExitCode.USAGE: "usage error: a bad option or argument, an unknown game or file",
    ExitCode.INTERNAL: "internal error: a bug (run again with --debug and report it)",
    ExitCode.SIGINT: "interrupted by SIGINT (Ctrl-C); finished work is kept and reported",
    ExitCode.SIGTERM: "interrupted by SIGTERM (kill, timeout, a CI cancel), as by Ctrl-C",
}


def exit_codes_text() -> str:
    """The table as a help paragraph that click does not rewrap (``\\b``), one code a line."""
    rows = "\n".join(f"  {int(code):<4} {MEANINGS[code]}" for code in ExitCode)
    return f"\b\nExit codes:\n{rows}"


def document(command: click.Command) -> None:
    """Put the exit-code table in the help epilog of ``command`` and of every sub-command."""
    table = exit_codes_text()
    if not command.epilog or table not in command.epilog:
        command.epilog = f"{command.epilog}\n\n{table}" if command.epilog else table
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            document(sub)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread where Ctrl-C raises :class:`KeyboardInterrupt`."""


_RAISES = {signal.SIGINT: KeyboardInterrupt, signal.SIGTERM: Terminated}
_META_KEY = "cardkit.interruptions"


class Interruptions:
    """SIGINT and SIGTERM handlers of one command run, and which signal arrived first.

    A signal that is ignored when the command starts (a background job of a shell without job
    control ignores SIGINT) stays ignored. A process forked from this one inherits the handlers;
    there they do what the signal did before (SIGTERM ends the process, SIGINT raises
    :class:`KeyboardInterrupt`), so worker pools keep their own behaviour.
    """

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.received: int | None = None
        self._saved: dict[int, Any] = {}

    def install(self) -> None:
        """Install the handlers (main thread only; elsewhere nothing changes)."""
        for signum in _RAISES:
            try:
                current = signal.getsignal(signum)
                if current is signal.SIG_IGN:
                    continue
                if signum == signal.SIGINT and current is not signal.default_int_handler:
                    continue  # someone else's Ctrl-C handler (a debugger, a test runner)
                self._saved[signum] = signal.signal(signum, self._handle)
            except (ValueError, OSError):  # not the main thread, or no such signal here
                continue

    def restore(self) -> None:
        """Put back the handlers :meth:`install` replaced."""
        for signum, old in self._saved.items():
            try:
                signal.signal(signum, old)
            except (ValueError, OSError):
                pass
        self._saved.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self.pid:  # an inherited handler in a forked child
            if signum == signal.SIGINT:
                raise KeyboardInterrupt
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        if self.received is None:
            self.received = signum
        raise _RAISES[signal.Signals(signum)]

    def exit_code(self, exc: BaseException | None = None) -> ExitCode:
        """143 when SIGTERM was the first signal or ``exc`` is :class:`Terminated` (a library
        may re-raise a plain :class:`KeyboardInterrupt` for it), else 130."""
        if isinstance(exc, Terminated) or self.received == signal.SIGTERM:
            return ExitCode.SIGTERM
        return ExitCode.SIGINT

    def attach(self, ctx: click.Context) -> None:
        """Make this the interruptions record of the command run of ``ctx``."""
        ctx.find_root().meta[_META_KEY] = self


def interrupted_code(exc: BaseException | None = None) -> int:
    """The exit code of a command that was interrupted: 143 for SIGTERM, else 130 (also when
    the interruption did not come through :class:`Interruptions`, e.g. a test's patch)."""
    ctx = click.get_current_context(silent=True)
    record = ctx.find_root().meta.get(_META_KEY) if ctx is not None else None
    if isinstance(record, Interruptions):
        return int(record.exit_code(exc))
    return int(ExitCode.SIGTERM if isinstance(exc, Terminated) else ExitCode.SIGINT)


def hard_exit(code: int) -> None:
    """Exit with ``code`` at once, without freeing what the process built: a check of 10,000
    cards holds hundreds of megabytes of small objects, and the interpreter's teardown freed
    them for 2 s after the report was out (mypy's ``hard_exit`` does the same). Standard
    output and error are flushed first (a closed pipe is no reason to wait); nothing else may
    be pending (no worker, no file being written: the caches are written atomically before)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
