"""Fit verdicts of printed faces: which texts do not fit, and the error that stops printing.

Both the printers (:mod:`.draw`, :mod:`.board`, before anything is drawn) and the check pass
(:mod:`.fitcheck`) read :meth:`Face.problems`; this module is the small part the printers need,
so the check pass may import the printers without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.errors import UsageProblem
from .layout import Face, Placed


@dataclass(frozen=True, slots=True)
class Unfit:
    """A text that does not fit: on which face, and why."""

    face: str
    placed: Placed

    def __str__(self) -> str:
        where = f" [{self.placed.source}]" if self.placed.source else ""
        return f"{self.face}: {self.placed.text[:60]!r}{where} {self.placed.message()}"


class FitError(UsageProblem):
    """Faces with texts that do not fit: nothing is printed (exit code 1)."""

    exit_code = 1

    def __init__(self, unfit: list[Unfit]) -> None:
        n = len(unfit)
        lines = "\n".join(f"  {u}" for u in unfit[:20])
        more = f"\n  … and {n - 20} more" if n > 20 else ""
        super().__init__(f"{n} text{'' if n == 1 else 's'} do{'es' if n == 1 else ''} not fit "
                         f"on the printed faces; nothing was written:\n{lines}{more}")
        self.unfit = unfit


def unfit(faces: Iterable[tuple[str, Face]]) -> list[Unfit]:
    """Every text that does not fit on the given ``(label, face)`` pairs."""
    return [Unfit(label, p) for label, face in faces for p in face.problems()]


def require_fit(faces: Iterable[tuple[str, Face]]) -> None:
    """Raise :class:`FitError` when any text of the faces does not fit."""
    found = unfit(faces)
    if found:
        raise FitError(found)
