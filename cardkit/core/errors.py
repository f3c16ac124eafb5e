"""Exceptions for usage problems (exit code 2). Data problems are never exceptions."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .diagnostics import Diagnostic


class UsageProblem(Exception):
    """Something the user asked for cannot be done as asked (unknown game, missing folder...)."""


class ContentBlocked(UsageProblem):
    """The content a command would use has errors (exit code 1, not 2): raised by the content
    gate (:mod:`cardkit.checking.gate`).

    ``diagnostics`` are the located errors, sorted; ``game`` is the game to run ``cardkit
    check`` on. The CLI prints every diagnostic and one closing line.
    """

    exit_code = 1

    def __init__(self, game: str, diagnostics: list[Diagnostic]) -> None:
        n = len(diagnostics)
        super().__init__(f"{n} error{'' if n == 1 else 's'} in the content; run "
                         f"`cardkit check {game}`")
        self.game = game
        self.diagnostics = diagnostics
