"""Deterministic seeds: one per game from the root seed, one per bot seat from the game's seed.

Seeds come from SHA-256, not from a running generator, so game ``i`` gets the same seed whatever
the batch, worker or backend that plays it.
"""

from __future__ import annotations

import hashlib
import random


def derive(root: int | str, *path: int | str) -> int:
    """A 64-bit seed for ``path`` under ``root`` (e.g. ``derive(7, "game", 12)``)."""
    text = "/".join(str(p) for p in (root, *path))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def rng(root: int | str, *path: int | str) -> random.Random:
    """A generator seeded by :func:`derive`."""
    return random.Random(derive(root, *path))
