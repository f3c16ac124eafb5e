"""Values as plain JSON data, for the keys of what is remembered between runs: a key must
change whenever anything the remembered work read changes, and never hold an address.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import Enum
from typing import Any

from pydantic import BaseModel


def plain(value: Any) -> Any:
    """A JSON form of a value for a key: models and dataclasses field by field, sets sorted."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, BaseModel):
        return [type(value).__qualname__, value.model_dump(mode="json")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__qualname__,
                {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, dict):
        return [[plain(k), plain(v)] for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    name = getattr(value, "__qualname__", None)
    if callable(value) and isinstance(name, str) and "<" not in name:
        # a module-level function or class: its name (its code is in the code fingerprint);
        # a lambda or a closure may hold other values under the same name: its repr
        return ["callable", getattr(value, "__module__", None), name]
    return repr(value)


def digest(*parts: Any) -> str:
    """The SHA-256 of the parts' JSON form (anything else written with its ``repr``)."""
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False, default=repr)
                          .encode("utf-8")).hexdigest()


class RecordDigests:
    """The digest of each record (its file, place and data), made once per record object: a
    record is digested by every key it enters. Holds the records it saw; :meth:`clear` after a
    run."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, str]] = {}

    def __call__(self, record: Any) -> str:
        known = self._known.get(id(record))
        if known is None or known[0] is not record:
            known = (record, digest(record.file, plain(record.pointer), plain(record.obj)))
            self._known[id(record)] = known
        return known[1]

    def clear(self) -> None:
        """Forget every record (their objects are not seen again)."""
        self._known.clear()
