"""The English source texts of a game: every translatable field of every object, fingerprinted."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.content import GameContent
from ..core.diagnostics import Pointer
from ..core.spec import Record, TextField

SourceValue = str | dict[str, str]


def fingerprint(text: SourceValue) -> str:
    """A short hash of a source text (plural forms included) after NFC normalisation."""
    if isinstance(text, dict):
        canonical = json.dumps({k: unicodedata.normalize("NFC", v) for k, v in text.items()},
                               sort_keys=True, ensure_ascii=False)
    else:
        canonical = unicodedata.normalize("NFC", text)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class SourceText:
    """One translatable field of one object, as written in English."""

    kind: str
    object_id: str
    key: str
    text: SourceValue
    field: TextField
    record: Record[Any]

    @property
    def fingerprint(self) -> str:
        """Fingerprint of :attr:`text`."""
        return fingerprint(self.text)

    @property
    def pointer(self) -> Pointer:
        """Where the English text sits in its content file."""
        parts: list[str | int] = [int(p) if p.isdigit() else p for p in self.key.split(".")]
        return self.record.pointer + tuple(parts)

    @property
    def context(self) -> str:
        """``kind/id/key``: the unique name used as PO ``msgctxt``."""
        return f"{self.kind}/{self.object_id}/{self.key}"


def iter_sources(content: GameContent) -> Iterator[SourceText]:
    """Every translatable text of the game's content, in file order."""
    for kind in content.game.kinds:
        for rec in content.of(kind.name):
            for field in kind.translatable:
                for key, value in field.expand(rec.obj):
                    if isinstance(value, dict) or (isinstance(value, str) and value.strip()):
                        yield SourceText(kind.name, rec.id, key, value, field, rec)


def source_index(content: GameContent) -> dict[str, dict[str, dict[str, SourceText]]]:
    """kind -> id -> key -> source text."""
    out: dict[str, dict[str, dict[str, SourceText]]] = {}
    for src in iter_sources(content):
        out.setdefault(src.kind, {}).setdefault(src.object_id, {})[src.key] = src
    return out
