"""What every game's balance report shares: the markers of the report block, the rules and
engine fingerprints that make a report go stale, the card win-rate-delta bound and the number
formats of the tables."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..core.content import GameContent
from ..core.discovery import REPORT_FILES, display_path
from ..core.diagnostics import Severity
from ..core.spec import Check, Finding, content_folder
from ..core.version import __version__

#: The Markdown block a balance page pastes (its test finds it between these).
BEGIN = "<!-- balance-report: begin -->"
END = "<!-- balance-report: end -->"


def fingerprint(world: Any) -> str:
    """A short hash of the rules as play sees them: the ``repr`` of a game's compiled world
    (frozen dataclasses of numbers and ids; no names, notes or translations)."""
    return hashlib.sha256(repr(world).encode()).hexdigest()[:16]


#: What a line of a violation list ends with when the sample cannot tell (see :func:`undecided`).
UNDECIDED = "undecided"
#: Player-games an item needs before it can be judged outside its bound: below this, the
#: binomial interval understates the noise (the seats of one game are not independent, and a
#: run judges some 60 items at once), so a 1-of-1 record is never a verdict.
MIN_SAMPLE = 30


def undecided(ci: Any, low: float, high: float, unit: str = "pp", n: int | None = None) -> str:
    """The tail of a violation line whose 95 % interval ``ci`` still reaches into the bound
    ``low``–``high`` — the point estimate is outside, but the sample is too small to say so —
    or whose item has fewer than :data:`MIN_SAMPLE` player-games ``n`` (``""`` when the
    interval lies wholly outside on enough games, or there is no interval)."""
    if n is not None and n < MIN_SAMPLE:
        return f"; {UNDECIDED}: only {n} player-games (a verdict needs {MIN_SAMPLE})"
    if not ci or ci[1] < low or ci[0] > high:
        return ""
    shown = (f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f} pp" if unit == "pp"
             else f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f} %")
    return f"; {UNDECIDED}: its 95 % interval {shown} reaches inside the bound"


def delta_violations(cards: dict[str, dict[str, Any]], bound: float, verb: str) -> list[str]:
    """Every card whose win-rate delta lies outside ``±bound`` (or has none: ``verb`` by every
    player or by none), as readable lines, sorted by id; a line whose interval reaches back
    inside the bound says so (:func:`undecided`)."""
    out = []
    for card, row in sorted(cards.items()):
        if row.get("delta") is None:
            out.append(f"{card}: no win-rate delta ({verb} by every player or by none); "
                       f"{UNDECIDED}: nothing to compare")
        elif abs(row["delta"]) > bound:
            n = row.get(verb)
            out.append(f"{card}: win-rate delta {100 * row['delta']:+.1f} pp is outside "
                       f"±{100 * bound:.0f} pp" + undecided(row.get("ci95"), -bound, bound,
                                                            n=n if isinstance(n, int) else None))
    return out


def is_undecided(line: str) -> bool:
    """Whether a violation line is one the sample cannot decide."""
    return f"; {UNDECIDED}:" in line


def verdict_text(lines: list[str]) -> str:
    """A run's verdict for its report: ``**All hold.**``, or the items outside their bound (their
    95 % interval wholly outside) and, apart, the undecided ones (:func:`undecided`)."""
    if not lines:
        return "**All hold.**"
    sure = [line for line in lines if not is_undecided(line)]
    unsure = [line for line in lines if is_undecided(line)]
    parts = [f"**{len(sure)} outside**: " + "; ".join(sure) + "."] if sure else []
    if unsure:
        parts.append(f"**{len(unsure)} undecided** (outside by the point estimate, but the "
                     "sample cannot tell): " + "; ".join(unsure) + ".")
    return " ".join(parts)


def pp(x: float | None) -> str:
    """A difference of proportions in percentage points (``+3.2``)."""
    return "n/a" if x is None else f"{100 * x:+.1f}"


def pct(x: float | None) -> str:
    """A proportion in per cent (``24.3 %``)."""
    return "n/a" if x is None else f"{100 * x:.1f} %"


#: The balance report of a game, in its content folder (``content/<game>/balance.md``):
#: a verdict about the content belongs beside it, and the check cache sees it change.
REPORT_FILE = REPORT_FILES[0]
#: The shared simulation code every game's play runs through (besides its engine and bots).
SIM_CODE = ("protocol.py", "runner.py", "search.py", "seeding.py")
_FINGERPRINTS = re.compile(r"rules fingerprint `([0-9a-f]{16})`, engine fingerprint "
                           r"`([0-9a-f]{16})`")


def engine_fingerprint(game_package: Path) -> str:
    """A short hash of the code that plays a game: the game's ``engine`` and ``bots`` (module or
    package), the shared simulation modules (:data:`SIM_CODE`) and cardkit's version. Files
    are hashed by content with line endings and trailing spaces normalised (the same on any
    machine and checkout); any other edit, a comment included, makes reports stale."""
    h = hashlib.sha256(__version__.encode())
    sim = Path(__file__).resolve().parent
    files = [sim / name for name in SIM_CODE]
    for role in ("engine", "bots"):
        folder = game_package / role
        files += sorted(folder.rglob("*.py")) if folder.is_dir() \
            else [game_package / f"{role}.py"]
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text("utf-8").replace("\r\n", "\n")
        body = "\n".join(line.rstrip() for line in text.split("\n")).strip()
        h.update(f"{path.parent.name}/{path.name}\0{body}\0".encode())
    return h.hexdigest()[:16]


def made_from(rules: str, engine: str) -> str:
    """The phrase a report's header carries and :func:`stale_report` reads back."""
    return f"rules fingerprint `{rules}`, engine fingerprint `{engine}`"


def stale_report(content: GameContent, fingerprints: Callable[[GameContent], tuple[str, str]]
                 ) -> Iterator[Finding]:
    """A finding when the game's balance report (:data:`REPORT_FILE` in its content folder)
    was made from other rules or another engine, bots or cardkit version than the current
    ones (``fingerprints(content) -> (rules, engine)``) — or names neither; nothing when the
    game has no report, or when its rules cannot be compiled for play (the content's own
    errors say why: one root cause, one error)."""
    folder = content_folder(content)
    path = None if folder is None else folder / REPORT_FILE
    if path is None or not path.is_file():
        return
    try:
        rules, engine = fingerprints(content)
    except Exception:  # noqa: BLE001 - content the engine cannot compile is reported elsewhere
        return
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        yield Finding(f"the balance report cannot be read: {exc}", file=display_path(path),
                      line=1, col=1)
        return
    found = _FINGERPRINTS.search(text)
    command = re.search(r"Made by `([^`]+)`", text)
    rerun = (f"; rerun `{command.group(1)}` and replace the report" if command
             else "; rerun `cardkit balance` and replace the report")
    if found is None:
        yield Finding("the balance report names no rules and engine fingerprint, so nothing "
                      f"tells whether it still holds{rerun}", file=display_path(path),
                      line=1, col=1)
        return
    line = text.count("\n", 0, found.start()) + 1
    col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    changed = [what for what, old, new in (("the rules", found.group(1), rules),
                                           ("the engine, bots or cardkit version",
                                            found.group(2), engine)) if old != new]
    if changed:
        yield Finding(f"the balance report is stale: {' and '.join(changed)} changed since it "
                      f"was made ({made_from(found.group(1), found.group(2))}; now "
                      f"{made_from(rules, engine)}){rerun}", file=display_path(path),
                      line=line, col=col)


def stale_report_check(code: str, fingerprints: Callable[[GameContent], tuple[str, str]]
                       ) -> Check:
    """A game's check (``code``, a warning) that its balance report is current
    (:func:`stale_report` with the game's ``fingerprints``)."""
    def report_is_current(content: GameContent) -> Iterator[Finding]:
        """The game's balance report (``balance.md`` in its content folder) was made from these
        rules and this engine: its rules fingerprint (what play sees of the content) and its
        engine fingerprint (the engine's and bots' code, the shared simulation code, cardkit's
        version) are the current ones. A report made before a change to any of them is a
        verdict about another game; rerun the command it names and replace it.

        Bad:
            Made by `cardkit balance …` on rules fingerprint `0f3a…`, engine fingerprint
            `77c1…` (and the rules changed since)

        Good:
            the report regenerated after the change
        """
        yield from stale_report(content, fingerprints)

    return Check(code, "the balance report was made from the current rules and engine",
                 report_is_current, Severity.WARNING)
