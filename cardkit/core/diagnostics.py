"""Diagnostics: what every check produces, and the codes cardkit itself owns.

A :class:`Diagnostic` is a value, never an exception. It carries a stable code, a severity, a
message, and a location. Checks that work on validated models usually know *where* a problem is
only as a path into the file's data (``("cards", 3, "bars", 1, "answer", "value")``); they set
``pointer`` and leave ``line``/``col`` empty, and the loader fills them in lazily (see
:func:`cardkit.core.sourcemap.resolve_locations`), so that files without findings are never
parsed a second time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal

PathPart = str | int
Pointer = tuple[PathPart, ...]


class Severity(str, Enum):
    """How bad a finding is. ``--strict`` turns warnings into failures."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One located finding.

    ``line`` and ``col`` are 1-based; 0 means "not resolved yet" (``pointer`` says where to look).
    ``at`` chooses whether a pointer resolves to the mapping *key* or to the *value*.
    """

    code: str
    severity: Severity
    message: str
    file: str
    line: int = 0
    col: int = 0
    object_id: str | None = None
    pointer: Pointer | None = None
    at: Literal["key", "value"] = "value"

    @property
    def located(self) -> bool:
        """True when the line and column are known."""
        return self.line > 0

    def with_position(self, line: int, col: int) -> Diagnostic:
        """Return a copy placed at ``line``:``col`` (1-based)."""
        return replace(self, line=line, col=col)

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Stable order: by file, position, code, message."""
        return (self.file, self.line, self.col, self.code, self.message)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (used by the json reporter and the result cache)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "object_id": self.object_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Diagnostic:
        """Inverse of :meth:`to_dict`."""
        return cls(
            code=str(data["code"]),
            severity=Severity(data["severity"]),
            message=str(data["message"]),
            file=str(data["file"]),
            line=int(data["line"]),  # type: ignore[arg-type]
            col=int(data["col"]),  # type: ignore[arg-type]
            object_id=data["object_id"] if data.get("object_id") else None,  # type: ignore[arg-type]
        )


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """Documentation of one diagnostic code: the summary line and a longer explanation."""

    code: str
    severity: Severity
    summary: str
    doc: str = ""


@dataclass(slots=True)
class Summary:
    """Counts printed as the last line of ``cardkit check``."""

    files: int = 0
    objects: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    cached: bool = False

    def line(self) -> str:
        """The one-line summary."""
        def plural(n: int, word: str) -> str:
            return f"{n} {word}" + ("" if n == 1 else "s")

        text = (
            f"checked {plural(self.files, 'file')}, {plural(self.objects, 'object')}: "
            f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        )
        return text + (" (cached)" if self.cached else "")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "files": self.files,
            "objects": self.objects,
            "errors": self.errors,
            "warnings": self.warnings,
            "infos": self.infos,
        }


@dataclass(slots=True)
class Report:
    """The result of a check run: sorted diagnostics plus the summary."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)

    def exit_code(self, strict: bool = False) -> int:
        """0 when clean, 1 when there are errors (or warnings under ``strict``)."""
        if self.summary.errors or (strict and self.summary.warnings):
            return 1
        return 0


def count(diagnostics: Iterable[Diagnostic], summary: Summary) -> Summary:
    """Fill the severity counts of ``summary`` from ``diagnostics``."""
    summary.errors = summary.warnings = summary.infos = 0
    for d in diagnostics:
        if d.severity is Severity.ERROR:
            summary.errors += 1
        elif d.severity is Severity.WARNING:
            summary.warnings += 1
        else:
            summary.infos += 1
    return summary


# Codes owned by the core (loader, schema validation, content layout). Game codes live with
# their checks in ``cardkit/games/<game>/checks.py``.
E, W = Severity.ERROR, Severity.WARNING
CORE_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("YML001", E, "YAML syntax error", "The file is not valid YAML; the position is where "
             "the parser gave up.\n\nbad:  `answers: [nile, congo`\ngood: `answers: [nile, congo]`"),
    CodeInfo("YML002", E, "duplicate mapping key", "A key appears twice in one mapping; YAML "
             "would silently keep one of them.\n\nbad:  `id: a` then `id: b` in one card\n"
             "good: each key once"),
    CodeInfo("YML003", E, "tab used for indentation", "YAML indentation must be spaces."),
    CodeInfo("YML004", E, "file is not UTF-8", "Content files must be UTF-8 encoded; the position "
             "is the first byte that is not."),
    CodeInfo("YML005", E, "custom YAML tag", "Tags such as `!python/object` are not allowed in "
             "content files."),
    CodeInfo("YML006", E, "alias expansion too large or recursive", "Anchors and aliases may be "
             "used, but the expanded document may not grow past a fixed budget (a 'billion "
             "laughs' file) and may not refer to itself."),
    CodeInfo("YML007", E, "file too large", "Content files are limited in size (default 4 MiB)."),
    CodeInfo("YML008", E, "empty file", "A content file holds no YAML document."),
    CodeInfo("SCH001", E, "wrong type", "A value has the wrong type, e.g. text where a number is "
             "expected.\n\nbad:  `value: about 300`\ngood: `value: 300`"),
    CodeInfo("SCH002", E, "unknown field", "A field that the schema does not know (often a typo).\n\n"
             "bad:  `neighbors: [...]`\ngood: `neighbours: [...]`"),
    CodeInfo("SCH003", E, "missing field", "A required field is absent; the position is the "
             "mapping that lacks it."),
    CodeInfo("SCH004", E, "invalid value", "A value of the right type breaks a constraint (enum, "
             "pattern, range, length)."),
    CodeInfo("CK001", W, "unexpected file in a game folder", "A YAML file that matches no content "
             "kind of the game; it is not checked."),
    CodeInfo("CK002", E, "required content file missing", "A game needs this file to be present."),
    CodeInfo("CK003", W, "schema modeline missing or wrong", "Every content file starts with "
             "`# yaml-language-server: $schema=<relative path>` naming its kind's schema; "
             "`cardkit fmt` writes it."),
    CodeInfo("CK004", Severity.INFO, "consistency checks skipped", "A file of the game could "
             "not be loaded, so the game's cross-file checks were not run (they would report "
             "every reference into the broken file)."),
)
