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
from inspect import cleandoc
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
    #: The paths outside the content that the verdict looked at, and what each was (a file,
    #: a folder, nothing: :mod:`cardkit.core.outside`); the verdict holds while they still are.
    outside: dict[str, str] = field(default_factory=dict)

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
    CodeInfo("YML001", E, "YAML syntax error", cleandoc("""
        The file is not valid YAML; the position is where the parser gave up, and the message
        names where the construct it was in began, as compilers do: "the '[' opened at line 4,
        column 10 is never closed" (a bracket or quote), or the block mapping or sequence.

        Bad:
            answers: [nile, congo

        Good:
            answers: [nile, congo]
        """)),
    CodeInfo("YML002", E, "duplicate mapping key", cleandoc("""
        A key appears twice in one mapping; YAML would silently keep one of them.

        Bad:
            id: nile
            name: Nile
            name: River Nile

        Good:
            id: nile
            name: River Nile
        """)),
    CodeInfo("YML003", E, "tab outside quoted text", cleandoc("""
        YAML indentation must be spaces, and a tab is allowed only inside quoted text, block
        scalars (`|`, `>`) and comments; a tab is shown here as ⇥ (set your editor to insert
        spaces for the Tab key).

        Bad:
            regions:
            ⇥- id: sahel

        Good:
            regions:
              - id: sahel
        """)),
    CodeInfo("YML004", E, "file is not UTF-8", cleandoc("""
        Content files must be UTF-8 encoded; the position is the first byte that is not. Save
        the file as UTF-8 (without the old code page).

        Bad:
            # saved as Latin-1: the é is the single byte 0xE9
            name: Café du Monde

        Good:
            # saved as UTF-8: the é is the two bytes 0xC3 0xA9
            name: Café du Monde
        """)),
    CodeInfo("YML005", E, "custom YAML tag", cleandoc("""
        Tags such as `!include` or `!!python/object` are not allowed in content files: a file
        says everything it means in plain YAML.

        Bad:
            answer: !include answers/eiffel.yaml

        Good:
            answer: {value: 330, unit: m}
        """)),
    CodeInfo("YML006", E, "alias expansion too large or recursive", cleandoc("""
        Anchors and aliases may be used, but the expanded document may not grow past a fixed
        budget (a 'billion laughs' file) and may not refer to itself.

        Bad:
            cards: &all
              - *all

        Good:
            defaults: &blue {difficulty: blue}
            card: *blue
        """)),
    CodeInfo("YML007", E, "file too large", cleandoc("""
        Content files are limited in size (default 4 MiB); split a large file into several files
        of the same kind.

        Bad:
            # content/terra/cards/all.yaml: 5 MiB of cards in one file

        Good:
            # content/terra/cards/europe.yaml, content/terra/cards/asia.yaml, ...: one file per
            # theme, each well under the limit
        """)),
    CodeInfo("YML008", E, "empty file", cleandoc("""
        A content file holds no YAML document (nothing, or only comments). Delete it, or give
        it its objects.

        Bad:
            # cards about bridges, to do

        Good:
            cards:
              - id: golden-gate-bridge
        """)),
    CodeInfo("YML009", E, "character not allowed", cleandoc("""
        Control characters (other than tab, newline and carriage return) and the Unicode line
        separators NEL, U+2028 and U+2029 are not allowed anywhere in a content file: YAML
        readers disagree on whether a line separator ends a line, so `check` and `fmt` would
        see different data. Write such a character as an escape in a double-quoted string.

        Bad:
            topic: Big<U+2028>card

        Good:
            topic: "Big\\u2028card"
        """)),
    CodeInfo("YML010", E, "nesting too deep", cleandoc("""
        Sequences and mappings may be nested at most 200 levels deep.

        Bad:
            cards: [[[[[[[[ ... 30,000 levels ... ]]]]]]]]

        Good:
            cards: [[a, b], [c]]
        """)),
    CodeInfo("YML011", E, "not a regular file", cleandoc("""
        Something named like a content file is a FIFO, a device, a socket or another special
        file; cardkit never reads it (a FIFO would block, a device could be endless).

        Bad:
            content/terra/cards/zero.yaml  (a character device, e.g. made with mknod)

        Good:
            content/terra/cards/zero.yaml  (a regular file)
        """)),
    CodeInfo("YML012", E, "symbolic link leaves the content folder", cleandoc("""
        A symbolic link (to a file or a folder) in a game folder leads outside the content
        folder; its target is never read, so nothing outside the content can end up in a
        report. Copy the file into the content folder instead.

        Bad:
            content/terra/cards/extra.yaml -> /etc/passwd

        Good:
            content/terra/cards/extra.yaml -> ../shared/extra.yaml  (inside content/)
        """)),
    CodeInfo("YML013", E, "broken symbolic link", cleandoc("""
        A symbolic link whose target does not exist, a chain of links that loops, or a link to
        a folder that leads back into itself or to a folder that is already checked.

        Bad:
            content/terra/cards/old.yaml -> removed.yaml  (no such file)

        Good:
            remove the link, or point it at an existing file inside the content folder
        """)),
    CodeInfo("YML014", E, "file cannot be read", cleandoc("""
        The file exists but cannot be read (no permission, an I/O error).

        Bad:
            content/terra/cards/locked.yaml  (mode 000)

        Good:
            chmod a+r content/terra/cards/locked.yaml
        """)),
    CodeInfo("SCH001", E, "wrong type", cleandoc("""
        A value has the wrong type: text where a number or a list is expected, a single value
        where a list is expected, quotes around a number.

        Bad:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                quadrants: NE
                neighbours: [eastern-sahara]

        Good:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                quadrants: [NE]
                neighbours: [eastern-sahara]
        """)),
    CodeInfo("SCH002", E, "unknown field", cleandoc("""
        A field that the schema does not know, usually a typo; the message suggests the closest
        allowed field, or lists them all.

        Bad:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                cover: Chad, Niger, Mali
                quadrants: [NE]
                neighbours: [eastern-sahara]

        Good:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                covers: Chad, Niger, Mali
                quadrants: [NE]
                neighbours: [eastern-sahara]
        """)),
    CodeInfo("SCH003", E, "missing field", cleandoc("""
        A required field is absent; the position is the mapping that lacks it.

        Bad:
            regions:
              - id: sahel
                name: Sahel
                quadrants: [NE]
                neighbours: [eastern-sahara]

        Good:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                quadrants: [NE]
                neighbours: [eastern-sahara]
        """)),
    CodeInfo("SCH004", E, "invalid value", cleandoc("""
        A value of the right type breaks a rule of its field: not one of the allowed words, an
        id that is not lower-case words joined by hyphens, a number out of range, a text or
        list that is too short or too long. The message says what is allowed.

        Bad:
            regions:
              - id: sahel
                name: Sahel
                kind: desert
                quadrants: [NE]
                neighbours: [eastern-sahara]

        Good:
            regions:
              - id: sahel
                name: Sahel
                kind: land
                quadrants: [NE]
                neighbours: [eastern-sahara]
        """)),
    CodeInfo("CK001", W, "unexpected file in a game folder", cleandoc("""
        A YAML file that matches no content kind of the game; it is not checked. Often a folder
        name is misspelt.

        Bad:
            # content/terra/card/eiffel.yaml (the folder of card files is cards/)
            cards:
              - id: eiffel-tower

        Good:
            # content/terra/cards/eiffel.yaml
            cards:
              - id: eiffel-tower
        """)),
    CodeInfo("CK002", E, "required content file missing", cleandoc("""
        A game needs this file to be present (`cardkit new` or `cardkit init` writes a
        skeleton of it).

        Bad:
            # content/terra/ holds cards/ and bars.yaml, but no regions.yaml

        Good:
            # content/terra/regions.yaml
            regions:
              - id: sahel
        """)),
    CodeInfo("CK003", W, "schema modeline missing or wrong", cleandoc("""
        Every content file starts with `# yaml-language-server: $schema=<relative path>`
        naming its kind's schema, so that editors validate and complete it; `cardkit fmt`
        writes it.

        Bad:
            cards:
              - id: eiffel-tower

        Good:
            # yaml-language-server: $schema=../../../schemas/terra/cards.schema.json
            cards:
              - id: eiffel-tower
        """)),
    CodeInfo("FMT001", E, "formatting would change a value", cleandoc("""
        `cardkit fmt` re-reads what it would write; when the data differs from the file's (a
        value or its type), or the result would not format to itself, the file is left as it is
        and this error gives the position of the value. Write the value more plainly.

        Bad:
            # a bare `!` tag: an empty string that the round trip would turn into null
            hint: !

        Good:
            hint: ""
        """)),
    CodeInfo("CK004", Severity.INFO, "consistency checks skipped", cleandoc("""
        A file of the game could not be loaded, so the game's cross-file checks were not run
        (they would report every reference into the broken file). Fix the file's YML or SCH
        errors first.

        Bad:
            # content/terra/regions.yaml has a YML or SCH error: no region can be checked
            # against the cards that name it, so the cross-file checks wait

        Good:
            # every file of the game loads: the cross-file checks run
        """)),
    CodeInfo("CK005", W, "TODO or FIXME left in a text", cleandoc("""
        A text of the content — a card's text, a note, a `basis`, a source, a translation, a
        glossary note, in any game — still says `TODO` or `FIXME` (in any case, as a word): the
        text is unfinished, and a printed card or a translator would see the marker. Finish the
        text and remove the marker; `cardkit check --strict` fails on it. Ids, fingerprints
        and YAML comments are not read.

        Bad:
            info: TODO describe the eruption
            note: "FIXME: the height differs between the sources"

        Good:
            info: The eruption of 1883 was heard 4,800 km away.
            note: The sources differ on the height; the card uses the 2014 survey.
        """)),
)
