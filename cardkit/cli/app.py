"""The ``cardkit`` root command, its error guard and the options every command shares.

The CLI package (``cardkit.cli``) is the only code that prints, parses argv or exits.

Exit codes: one table for every command, in :mod:`.exits` (0 clean, 1 findings, 2 usage,
3 internal error, 130 SIGINT, 143 SIGTERM). Heavy modules (pydantic models, ruamel, reportlab)
are imported inside commands so that a cached ``check`` starts fast.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from ..core.errors import ContentBlocked, UsageProblem
from ..core.version import __version__
from .exits import ExitCode, Interruptions, exit_codes_text, interrupted_code

F = TypeVar("F", bound=Callable[..., Any])
FORMATS = ("text", "json", "github", "sarif")


def _use_content(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """Declared games (``<folder>/<game>/game.yaml``) of the content folder become known."""
    from ..core.registry import use_content

    use_content(value)
    return value


content_option = click.option(
    "--content", "content_dir", type=click.Path(path_type=Path), default=Path("content"),
    show_default=True, envvar="CARDKIT_CONTENT", show_envvar=True, callback=_use_content,
    is_eager=True, help="Folder holding one sub-folder per game (a sub-folder with a "
    "game.yaml is a game declared as data).")
force_option = click.option(  # the same flag on every command that writes a user-named file
    "--force", is_flag=True,
    help="Replace cardkit's own output even if it was changed or made from another content "
    "folder; a file cardkit did not write is never replaced.")


def _blocked(exc: ContentBlocked) -> None:
    """Print the located errors that stopped a command at the content gate; exit 1."""
    from ..core.reporters import text_line

    for diag in exc.diagnostics:
        click.echo(text_line(diag), err=True)
    click.echo(f"cardkit: {exc}; nothing was written", err=True)
    sys.exit(ExitCode.FINDINGS)


def interrupted(exc: BaseException | None = None) -> None:
    """Say that a signal ended the command and exit 130 (SIGINT) or 143 (SIGTERM)."""
    code = interrupted_code(exc)
    by = " by SIGTERM" if code == ExitCode.SIGTERM else ""
    click.echo(f"cardkit: interrupted{by}", err=True)
    sys.exit(code)


def _fail(exc: BaseException) -> None:
    """The exit of a command that raised ``exc``: the exit-code table applied to exceptions.

    Located content errors exit 1, usage problems 2 (or their own ``exit_code``: 1 for
    findings), SIGINT/SIGTERM 130/143, anything unexpected 3 (an internal error)."""
    if isinstance(exc, ContentBlocked):  # the content gate: located errors, exit 1
        _blocked(exc)
    if isinstance(exc, UsageProblem):
        from ..core.diagnostics import Severity
        from ..core.reporters import text_line

        for diag in getattr(exc, "diagnostics", None) or ():  # the located errors, if any
            if getattr(diag, "severity", Severity.ERROR) is Severity.ERROR:
                click.echo(text_line(diag), err=True)
        message = exc.args[0] if exc.args else str(exc)
        click.echo(f"cardkit: {message}", err=True)
        sys.exit(getattr(exc, "exit_code", ExitCode.USAGE))  # 1 for findings (a text that
        # does not fit, content with errors)
    if isinstance(exc, KeyboardInterrupt):  # commands that keep partial work report it first
        interrupted(exc)
    if isinstance(exc, BrokenPipeError):  # `cardkit list terra | head`
        sys.stderr.close()
        sys.exit(ExitCode.CLEAN)
    click.echo(f"cardkit: internal error: {type(exc).__name__}: {exc}", err=True)
    if _debug_wanted():
        traceback.print_exception(exc)
    else:
        click.echo("cardkit: run again with --debug for the traceback, and please "
                   "report it", err=True)
    sys.exit(ExitCode.INTERNAL)


def _guard(func: F) -> F:
    """Apply the exit-code table to what the command raises (see :func:`_fail`): usage
    problems exit 2 with a message, unexpected errors 3, Ctrl-C 130 and SIGTERM 143 (commands
    that keep partial work report it before that)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - the last line of defence
            _fail(exc)

    return wrapper  # type: ignore[return-value]


def _debug_wanted() -> bool:
    """Whether ``--debug`` (anywhere on the command line) or ``CARDKIT_DEBUG`` wants tracebacks."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.find_root().params.get("debug"):
        return True
    return "--debug" in sys.argv


class _CardkitGroup(click.Group):
    """The root group: ``--debug`` is accepted after the sub-command too; SIGTERM is handled
    like Ctrl-C; the exit-code table holds also outside a command body (Ctrl-C exits 130, not
    click's "Aborted!" with exit 1; an error in an option's callback exits 2 or 3)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Move every ``--debug`` before ``--`` to the front, where the group's option is."""
        end = args.index("--") if "--" in args else len(args)
        head = [a for a in args[:end] if a != "--debug"]
        if len(head) != end:
            args = ["--debug", *head, *args[end:]]
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The games cardkit knows (built-in, plug-ins, declared in the content folder)."""
        import os

        from ..core.registry import game_ids, origin, use_content

        use_content(Path(os.environ.get("CARDKIT_CONTENT") or "content"))
        games = ", ".join(g if origin(g) == "built-in" else f"{g} ({origin(g)})"
                          for g in game_ids())
        formatter.write_paragraph()
        formatter.write_text(f"Games: {games}. `cardkit games` says what each supports.")
        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        formatter.write_text(exit_codes_text())

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command with SIGINT and SIGTERM raising in the main thread (see
        :class:`~.exits.Interruptions`); the exit-code table applies to whatever escapes it."""
        record = Interruptions()
        record.attach(ctx)
        record.install()
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - outside a guarded body
            _fail(exc)
        finally:
            record.restore()


@click.group(cls=_CardkitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardkit")
@click.option("--debug", is_flag=True, envvar="CARDKIT_DEBUG", show_envvar=True,
              help="Show the traceback of an internal error (accepted anywhere on the command "
              "line).")
def main(debug: bool) -> None:
    """cardkit: validated YAML card databases for board games.

    Environment: CARDKIT_CONTENT (the default --content folder), CARDKIT_DEBUG=1 (same as
    --debug). SIGTERM (kill, timeout, a CI cancel) is handled like Ctrl-C: finished work is
    kept and reported.
    """
