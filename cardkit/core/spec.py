"""The game plug-in shape: what a game tells cardkit about its content and its checks.

A game is a :class:`GameSpec`: an id, its content file kinds (a glob under ``content/<game>/`` and
the pydantic model of such a file) and its consistency checks. Later layers add an engine, bots and
card renderers to the same object.
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from .diagnostics import CodeInfo, Diagnostic, Pointer, Severity
from .errors import UsageProblem

if TYPE_CHECKING:
    from pathlib import Path

    from pydantic import BaseModel

    from .content import GameContent

T = TypeVar("T")
#: The JSON Schema keyword (``json_schema_extra``) of a model field whose values are ids of
#: another kind: ``{REF_KEY: "guilds"}``. Readers (the site's filters) use it to show names.
REF_KEY = "x-cardkit-ref"


@dataclass(frozen=True, slots=True)
class TextField:
    """A translatable field of a content object.

    ``path`` is dotted; ``*`` stands for every index of a list (``bars.*.question``). The
    expanded key (``bars.0.question``) names the field in locale overlays and PO ``msgctxt``.
    ``max_chars`` is the size limit shown to translators.
    """

    path: str
    max_chars: int
    label: str = ""

    def expand(self, obj: Any) -> list[tuple[str, Any]]:
        """``(key, value)`` for every concrete field the path reaches in ``obj`` (skips ``None``)."""
        found: list[tuple[list[str], Any]] = [([], obj)]
        for part in self.path.split("."):
            nxt: list[tuple[list[str], Any]] = []
            for keys, node in found:
                if part == "*":
                    items = node if isinstance(node, (list, tuple)) else []
                    nxt += [([*keys, str(i)], item) for i, item in enumerate(items)]
                else:
                    value = node.get(part) if isinstance(node, dict) else getattr(node, part, None)
                    if value is not None:
                        nxt.append(([*keys, part], value))
            found = nxt
        return [(".".join(keys), value) for keys, value in found]


@dataclass(frozen=True, slots=True)
class FileKind:
    """One kind of content file: where it lives, its model, and its list of id'd objects.

    ``pattern`` is a glob relative to the game folder (``cards/*.yaml``); ``items`` names the
    top-level list whose entries are objects with an ``id`` (``cards``).
    """

    name: str
    pattern: str
    model: type[BaseModel]
    items: str
    required: bool = True
    description: str = ""
    #: Translatable fields of each item; kinds with any get locale overlays in ``i18n/<locale>/``.
    translatable: tuple[TextField, ...] = ()

    def matches(self, relpath: str) -> bool:
        """Whether a path relative to the game folder (POSIX separators) is of this kind."""
        return fnmatchcase(relpath, self.pattern)

    @property
    def schema_name(self) -> str:
        """File name of this kind's JSON Schema inside ``schemas/<game>/``."""
        return f"{self.name}.schema.json"


@dataclass(frozen=True, slots=True)
class Record(Generic[T]):
    """A validated object together with where it came from."""

    kind: str
    obj: T
    file: str
    pointer: Pointer

    @property
    def id(self) -> str:
        """The object's stable id."""
        return str(getattr(self.obj, "id"))


@dataclass(frozen=True, slots=True)
class Finding:
    """What a check reports: a record (or a file) and a path inside it.

    The runner turns it into a :class:`~cardkit.core.diagnostics.Diagnostic` with the check's
    code and severity; the position is resolved from ``record.pointer + path``.
    """

    message: str
    record: Record[Any] | None = None
    path: Pointer = ()
    at: Literal["key", "value"] = "value"
    file: str | None = None
    #: A position in ``file`` when it is not a content file (no record to point into).
    line: int = 0
    col: int = 0


def content_folder(content: GameContent) -> Path | None:
    """The game's folder of the content (``content/<game>``), from where its files were read;
    None for content built in memory."""
    for source in content.files:
        parts = Path(source.relpath).parts
        return Path(source.path).parents[len(parts) - 1] if parts else None
    return None


CheckFn = Callable[["GameContent"], Iterable[Finding]]


@dataclass(frozen=True, slots=True)
class Check:
    """A consistency check: one stable code, one function. Its docstring is its documentation."""

    code: str
    summary: str
    run: CheckFn
    severity: Severity = Severity.ERROR

    @property
    def info(self) -> CodeInfo:
        """Documentation record for ``cardkit codes``."""
        return CodeInfo(self.code, self.severity, self.summary, inspect.cleandoc(self.run.__doc__ or ""))


class ScoreReport(Protocol):
    """What a score calculator returns: the scored sheets and the errors of the others."""

    #: Located errors of the sheets that could not be scored (empty when every sheet scored).
    diagnostics: list[Diagnostic]

    def to_json(self) -> str:
        """The scored sheets as a JSON document."""
        ...

    def to_text(self) -> str:
        """The scored sheets as a table a player reads."""
        ...


@dataclass(frozen=True, slots=True)
class SheetScorer:
    """A game's score calculator: ``cardkit score GAME SHEET...`` over filled-in paper sheets.

    ``score(paths, cards, content_dir)`` reads every sheet (a YAML file of ``model``), scores
    the good ones and reports the bad ones as located diagnostics, never raising for bad input
    (unknown ``cards`` ids are a :class:`~cardkit.core.errors.UsageProblem`). ``codes`` are the
    diagnostic codes sheets can get (listed by ``cardkit codes``); the JSON Schema of ``model``
    is written to ``schemas/<game>/score-sheet.schema.json``.
    """

    score: Callable[[Sequence[Path], Sequence[str] | None, Path], ScoreReport]
    model: type[BaseModel]
    codes: tuple[CodeInfo, ...] = ()
    description: str = ""  # of the sheet model (its JSON Schema's description)
    #: What ``cardkit score GAME`` does for this game, for its ``--help`` (default: the
    #: ``description``).
    help: str = ""
    #: ``cardkit score GAME ... --render FILE``: draw the scored sheets finished, as a PDF or
    #: PNG pictures: ``(report, file, content_dir, locale, force) -> written paths``; ``None``:
    #: the game draws none.
    render: Callable[..., list[Path]] | None = None

    #: File name of the sheet model's JSON Schema inside ``schemas/<game>/``.
    schema_name = "score-sheet.schema.json"


class GameSpec(Protocol):
    """What every game plug-in provides."""

    id: str
    title: str
    kinds: tuple[FileKind, ...]
    checks: tuple[Check, ...]
    tokens: frozenset[str]

    def kind_for(self, relpath: str) -> FileKind | None:
        """The file kind a path (relative to the game folder) belongs to."""
        ...


@dataclass(frozen=True, slots=True)
class Game:
    """The plain implementation of :class:`GameSpec` used by every shipped game."""

    id: str
    title: str
    kinds: tuple[FileKind, ...]
    checks: tuple[Check, ...] = field(default_factory=tuple)
    #: Placeholder and icon tokens its texts may use (``{n}``, ``[coin]``): the token registry.
    tokens: frozenset[str] = frozenset()
    #: Translation checks that need this game's templates (the fit check, I18N018).
    extra_translation_checks: tuple[Any, ...] = ()
    #: Builds the printable decks: ``(content, localizer, units) -> list[PrintDeck]``.
    print_decks: Callable[..., Any] | None = None
    #: Builds the printable boards: ``(content, localizer) -> list[PrintBoard]``.
    print_boards: Callable[..., Any] | None = None
    #: The unit systems the templates print in (each is fit-checked).
    print_units: tuple[str, ...] = ("metric",)
    #: The code of the English fit check (every printed string fits its frame), documented.
    fit_code: CodeInfo | None = None
    #: A promise that a card's printed faces read that card's own records and translations and
    #: nothing of another card, and a deck's extra pages no card (see
    #: :mod:`cardkit.pdf.fitmemo`): the language server then lays out only the edited cards.
    #: ``tests/test_fitmemo.py`` holds each game that makes it to it.
    fit_local: bool = False
    #: Images the game prints besides its objects' ``art`` (icons drawn from image files):
    #: ``content -> [(file, pointer, path)]``; the art checks read each of them.
    art_files: Callable[[GameContent], Iterable[tuple[str, Pointer, str]]] | None = None
    #: The simulation plug-in (engine, bots, extra statistics): a ``cardkit.sim.protocol.SimSpec``.
    sim: Any = None
    #: A short human label for ``cardkit list`` (default: the object's name/topic/label field).
    label: Callable[[Record[Any]], str] | None = None
    #: The object with its references resolved, for ``cardkit show``.
    resolve: Callable[[GameContent, Record[Any]], dict[str, Any]] | None = None
    #: The score calculator of ``cardkit score GAME SHEET...`` (a :class:`SheetScorer`);
    #: ``None``: the game has none and the command refuses it.
    score_sheets: SheetScorer | None = None
    #: ``simulate --transcript FILE``: a played game (``cardkit.sim.api.PlayedGame``) as a
    #: transcript a player reads; ``None``: the runner's line per decision is printed.
    narrate: Callable[[Any], str] | None = None
    #: ``simulate --transcript FILE.pdf|FILE.png``: the played game's finished sheets drawn:
    #: ``(played, file, content_dir, locale, force) -> written paths``; ``None``: none.
    draw_played: Callable[..., list[Path]] | None = None

    def kind_for(self, relpath: str) -> FileKind | None:
        """The first kind whose pattern matches ``relpath``."""
        return next((k for k in self.kinds if k.matches(relpath)), None)

    def kind(self, name: str) -> FileKind:
        """The kind called ``name``."""
        for k in self.kinds:
            if k.name == name:
                return k
        raise KeyError(name)


def duplicate_ids(content: GameContent, kinds: Iterable[str] | None = None,
                  noun: Callable[[str], str] = lambda kind: "") -> Iterator[Finding]:
    """A finding at every id used twice within one kind (every kind of the game by default);
    the message names the place of the first definition. The body of each game's
    unique-ids check (each keeps its own code and documentation)."""
    for kind in (k.name for k in content.game.kinds) if kinds is None else kinds:
        first: dict[str, Record[Any]] = {}
        for rec in content.of(kind):
            if rec.id in first:
                what = noun(kind)
                yield Finding(f"duplicate {what + ' ' if what else ''}id {rec.id!r} (first "
                              f"defined at {where(content, first[rec.id], ('id',))})",
                              rec, ("id",))
            first.setdefault(rec.id, rec)


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on its first call: a game's templates and reports stay out of
    commands that never print or report (a cached ``check`` imports no template)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    def target() -> Callable[..., Any]:
        import importlib

        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{module}.{name}`` (imported on first use)."
    call.target = target  # type: ignore[attr-defined]
    return call


def signature_of(func: Callable[..., Any]) -> inspect.Signature:
    """The signature of ``func``, or of the function a :func:`lazy` wrapper stands for (the
    wrapper itself only shows ``*args, **kwargs``: engine options and ``ink_saver`` are
    read from the real parameters)."""
    target = getattr(func, "target", None)
    return inspect.signature(target() if callable(target) else func)


def where(content: GameContent, record: Record[Any], path: Pointer = ()) -> str:
    """``file:line:col`` of a record (or a path inside it), for messages that point at a second
    place ("first defined at cards/base.yaml:19:9"). Composes the file once more; use it only on
    the rare path of a finding."""
    from .sourcemap import compose, locate

    source = next((s for s in content.files if s.display == record.file), None)
    text = source.text() if source is not None else None
    if text is None:
        return record.file
    line, col = locate(compose(text), record.pointer + path)
    return f"{record.file}:{line}:{col}"


def iter_codes(game: GameSpec) -> Iterator[CodeInfo]:
    """All codes a game can report: its checks, its fit check and its score sheets."""
    for check in game.checks:
        yield check.info
    fit = getattr(game, "fit_code", None)
    if fit is not None:
        yield fit
    scorer = getattr(game, "score_sheets", None)
    if scorer is not None:
        yield from scorer.codes


# -- code documentation (``cardkit codes``) ----------------------------------------------------

BAD, GOOD = "Bad:", "Good:"


@dataclass(frozen=True, slots=True)
class CodeDoc:
    """A code's documentation in its parts: the explanation, the bad and the good example.

    Every code documents itself in one format (a check's docstring, or ``CodeInfo.doc``)::

        One or more paragraphs saying what the check wants.

        Bad:
            answers: [egypt]

        Good:
            answers: [eastern-sahara]

    ``Bad:`` and ``Good:`` stand alone on their lines; the indented block under each is YAML as
    a designer would write it (comments may give the context). Text after a block, back at the
    left margin, belongs to the explanation. Characters that cannot be shown stand as ``⇥`` (a
    tab) and ``<U+2028>`` (any code point); tests turn them back into the character.
    """

    text: str
    bad: str | None = None
    good: str | None = None


def parse_code_doc(doc: str) -> CodeDoc:
    """Split a code's documentation into explanation, bad and good example."""
    parts: dict[str, list[str]] = {"text": [], BAD: [], GOOD: []}
    section = "text"
    for line in inspect.cleandoc(doc).split("\n"):  # not splitlines(): U+2028 is no line end
        if line.strip() in (BAD, GOOD) and not line[:1].isspace():
            section = line.strip()
            continue
        if section != "text" and line.strip() and not line[:1].isspace():
            section = "text"
        parts[section].append(line)

    def block(lines: list[str]) -> str | None:
        text = textwrap.dedent("\n".join(lines)).strip("\n")
        return text.rstrip() or None

    return CodeDoc(block(parts["text"]) or "", block(parts[BAD]), block(parts[GOOD]))


def format_code(info: CodeInfo, full: bool = False) -> str:
    """One code as ``cardkit codes`` prints it: the summary line, the explanation (``full``) and
    the two examples, indented."""
    doc = parse_code_doc(info.doc)
    lines = [f"{info.code}  {info.severity.value:<7}  {info.summary}"]
    if full and doc.text:
        lines += [f"    {line}".rstrip() for line in doc.text.split("\n")] + [""]
    for title, example in ((BAD, doc.bad), (GOOD, doc.good)):
        if example:
            lines.append(f"    {title}")
            lines += [f"        {line}".rstrip() for line in example.split("\n")]
    return "\n".join(lines) + "\n"


class UnknownCodeError(UsageProblem):
    """A code (or game) that ``cardkit codes`` does not know."""


def select_codes(catalogue: Sequence[CodeInfo], names: Sequence[str],
                 games: Iterable[str] = ()) -> list[CodeInfo]:
    """The codes named (case-insensitive), in the order given; every code when none is named.

    ``games`` are the game ids a misspelt name may also have meant (for the "did you mean").
    """
    from .suggest import did_you_mean

    by_code: dict[str, CodeInfo] = {}
    for info in catalogue:
        by_code.setdefault(info.code, info)
    if not names:
        return sorted(by_code.values(), key=lambda c: c.code)
    out: list[CodeInfo] = []
    for name in names:
        info = by_code.get(name.upper())
        if info is None:
            hint = (did_you_mean(name, games) if not name[-1:].isdigit() else "") or \
                did_you_mean(name.upper(), by_code)
            raise UnknownCodeError(f"unknown code or game {name!r}{hint}; `cardkit codes` "
                                   "lists every code")
        out.append(info)
    return out
