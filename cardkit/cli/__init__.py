"""The ``cardkit`` command line: the only code that prints, parses argv or exits.

Exit codes: one table for every command (:mod:`.exits`: 0 clean, 1 findings, 2 usage, 3
internal error, 130 SIGINT, 143 SIGTERM), shown in every command's help. Heavy modules
(pydantic models, ruamel, reportlab) are imported inside commands. Each module holds one family
of commands; :mod:`.commands` adds them to the root group, explicitly.

:func:`run` is the program. A ``check`` whose inputs are all as they were when the same check
last ran is answered by :mod:`.replay` before click or any content is imported; everything else
goes to the click commands. ``main`` (the root group) and ``_all_codes`` are looked up in
:mod:`.commands` on first use, so that importing this package stays light.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from . import replay

__all__ = ["main", "run", "_all_codes"]


def run() -> None:
    """The ``cardkit`` program: a replayed check, or the click commands."""
    argv = sys.argv[1:]
    replay.answer(argv)  # exits when the recorded answer still holds
    replay.arm(argv)
    from .commands import main

    try:
        main()
    finally:  # the command's objects are freed with the process: no last collection over
        gc.freeze()  # them at exit (0.1 s of a site rebuild's 2 s)


def __getattr__(name: str) -> Any:
    """``main`` and ``_all_codes``, from :mod:`.commands` (imported on first use)."""
    if name in ("main", "_all_codes"):
        from . import commands

        return getattr(commands, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
