"""One file per distinct image: faces deduplicated by the hash of their encoded bytes.

Across the whole export, an image whose bytes were already written is not written again; every
card using it points at the one file (``cards.csv``). Encoding is deterministic (same pixels,
same bytes), so byte identity is pixel identity.

Names inside a deck's folder: a front is ``<card>-front``; a back used by one card only is
``<card>-back``; a back several cards share is ``back`` when it is the deck's only back, else
``back-1``, ``back-2``… in the order of first use. A face identical to one written earlier (in
this deck or another) keeps the earlier file's name and folder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.reuse import Stored, content_digest
from .raster import FaceRef

Key = tuple[str | None, str]  # (card id or None for the shared back, side)
Face = bytes | Stored  # a face's encoded bytes, or the previous build's file of them


@dataclass(slots=True)
class Registry:
    """The files written so far in the export, by the SHA-256 of their bytes."""

    by_digest: dict[str, str] = field(default_factory=dict)
    reused: int = 0  # faces that pointed at an existing file instead of writing one


def place(deck_id: str, faces: Sequence[tuple[FaceRef, Face]], suffix: str,
          registry: Registry) -> tuple[dict[Key, str], list[tuple[str, Face]]]:
    """The relative path of every face of a deck and the files to write (new bytes only; a
    face the previous build made is a :class:`~cardkit.core.reuse.Stored` file, known by its
    digest, not read)."""
    digests = [content_digest(data) for _, data in faces]
    backs = [d for (ref, _), d in zip(faces, digests, strict=True) if ref.side != "front"]
    users = Counter(backs)
    shared = list(dict.fromkeys(d for d in backs if users[d] > 1 or _is_shared(faces, backs, d)))
    only_back = len(set(backs)) == 1
    paths: dict[Key, str] = {}
    writes: list[tuple[str, Face]] = []
    for (ref, data), d in zip(faces, digests, strict=True):
        key = (ref.card_id, ref.side if ref.card_id is not None else "back")
        if d in registry.by_digest:
            paths[key] = registry.by_digest[d]
            registry.reused += 1
            continue
        if ref.side == "front":
            stem = f"{ref.card_id}-front"
        elif only_back and (ref.card_id is None or users[d] > 1):
            stem = "back"
        elif d in shared:
            stem = f"back-{shared.index(d) + 1}"
        else:
            stem = f"{ref.card_id}-back"
        path = f"{deck_id}/{stem}{suffix}"
        registry.by_digest[d] = path
        paths[key] = path
        writes.append((path, data))
    return paths, writes


def _is_shared(faces: Sequence[tuple[FaceRef, Face]], backs: list[str], d: str) -> bool:
    """The deck's shared back (drawn once, used by every card without its own back)."""
    back_refs = [ref for ref, _ in faces if ref.side != "front"]
    return any(ref.card_id is None and b == d for ref, b in zip(back_refs, backs, strict=True))


def card_files(paths: dict[Key, str], card_id: str) -> tuple[str, str]:
    """A card's front file and back file (its own, else the deck's shared back, else "")."""
    back = paths.get((card_id, "back")) or paths.get((None, "back"), "")
    return paths[(card_id, "front")], back
