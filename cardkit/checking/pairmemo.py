"""The pair checks of the translations, remembered between runs.

Most of a translation check is the pair checks of each English text and its translation
(:func:`~cardkit.i18n.checks.pair_diagnostics`): seconds per locale. ``cardkit check`` (and so the
content gate) and the site's translators' view remember each text's findings in the check cache
folder (``<cache>/pairs/<game>.json``, ``<cache>/review/<game>.<locale>.json``), keyed by
everything the pair checks are given: the English text and its field, the whole record it belongs
to (where it lies in its file included), the translation entry (where it lies included), the
checks' environment (the locale, the glossary, the other locales, the game's ids and tokens,
the font's glyphs, the checks themselves) and cardkit's code
(:func:`cardkit.core.fingerprint.code_fingerprint`). The game's names (I18N045) enter as the
names the text refers to (:func:`cardkit.i18n.names.referenced`), not all of them: renaming a
card re-runs the checks of the texts that quote it, not of every text. A run after a one-card
edit runs the checks of that card's texts only. A function in the key is named by its module
and qualified name (its code is in the code's fingerprint); anything the key cannot be sure of
(a lambda, a closure, an object without a plain form) is written with its ``repr``, which holds
an address and never matches in another run: then the checks run.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.cache import read_record, write_record
from ..core.diagnostics import Diagnostic, Severity
from ..core.fingerprint import code_fingerprint
from ..core.plain import digest as _digest
from ..core.plain import RecordDigests, plain
from ..i18n.checks import Pair, PairCheck, pair_diagnostics
from ..i18n.names import is_name, referenced

VERSION = 2


def _names(pair: Pair) -> Any:
    """The names of the environment the pair's English refers to (all that I18N045 reads)."""
    if not pair.env.names or is_name(pair.source):
        return []
    return [plain(obj) for _, english, _ in pair.forms()
            for obj in referenced(english, pair.env.names)]


def _to_json(d: Diagnostic) -> list[Any]:
    return [d.code, d.severity.value, d.message, d.file, d.line, d.col, d.object_id,
            None if d.pointer is None else list(d.pointer), d.at]


def _from_json(row: list[Any]) -> Diagnostic:
    code, severity, message, file, line, col, object_id, pointer, at = row
    return Diagnostic(code, Severity(severity), message, file, line, col, object_id,
                      None if pointer is None else tuple(pointer), at)


class PairMemo:
    """:func:`~cardkit.i18n.checks.pair_diagnostics`, remembered in ``path`` (a JSON file;
    ``None``: not remembered). Call :meth:`save` after the checks ran."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.old: dict[str, list[list[Any]]] = read_record(path, VERSION, "pairs",
                                                           code_fingerprint())
        self.new: dict[str, list[list[Any]]] = {}
        self.envs: dict[int, tuple[Any, str]] = {}  # id(env) -> (env, digest)
        self.records = RecordDigests()  # each record digested once per run
        self.ran = 0  # texts whose checks ran (the others were remembered)

    def _env(self, env: Any) -> str:
        """The digest of the environment without its names (:meth:`key` adds the ones a text
        refers to)."""
        known = self.envs.get(id(env))
        if known is None or known[0] is not env:
            known = (env, _digest(plain(dataclasses.replace(env, names={}))))
            self.envs[id(env)] = known
        return known[1]

    def key(self, pair: Pair, checks: tuple[PairCheck, ...]) -> str:
        """The digest of everything the pair checks of one text are given."""
        src, entry = pair.source, pair.entry
        return _digest(self._env(pair.env), [c.code for c in checks], src.kind, src.object_id,
                       src.key, plain(src.text), plain(src.field), self.records(src.record),
                       entry.file, plain(entry.pointer), plain(entry.translation),
                       _names(pair))

    def __call__(self, pair: Pair, checks: tuple[PairCheck, ...]) -> Iterable[Diagnostic]:
        key = self.key(pair, checks)
        rows = self.old.get(key)
        if rows is None:
            self.ran += 1
            rows = [_to_json(d) for d in pair_diagnostics(pair, checks)]
        self.new[key] = rows
        return [_from_json(r) for r in rows]

    def save(self) -> None:
        """Keep what this run used (nothing else) when it differs from what was read."""
        if self.path is None or self.new == self.old:
            return
        write_record(self.path, {"version": VERSION, "code": code_fingerprint(),
                                 "pairs": self.new})
