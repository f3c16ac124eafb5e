"""Trains results per seed are fixed: the full record of many seeded games (every action with its
seat, then seats, scores, winners, action count, end and details) hashes to the digests recorded
in ``golden/trains-digests.json`` before the engine and bots were restructured for speed (issue
38). A change that alters any game of these runs — one action, one tie-break, one shuffle —
changes its digest.

The runs cover 2, 3 and 4 players, the baseline mirror the benchmark plays, the rail-heavy bot,
the random bot (every legal action offered, so the legal-action list itself is covered), and
Rising Sun with route bonus cards. Regenerate (only for an intended change of results, reviewing
why) with ``CARDKIT_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardkit.core.content import is_translation_file
from cardkit.core.discovery import discover
from cardkit.core.loading import MAX_FILE_BYTES
from cardkit.sim.runner import Setup, play

from .conftest import SHIPPED

FIXTURE = Path(__file__).resolve().parent / "golden" / "trains-digests.json"
#: name -> (bots, games, engine options)
RUNS: dict[str, tuple[tuple[str, ...], int, tuple[tuple[str, Any], ...]]] = {
    "baseline-2p": (("baseline", "baseline"), 200, ()),
    "baseline-3p": (("baseline", "baseline", "baseline"), 200, ()),
    "baseline-4p": (("baseline", "baseline", "rails-first", "baseline"), 200, ()),
    "rails-first-2p": (("rails-first", "baseline"), 100, ()),
    "random-3p": (("random", "baseline", "random"), 40, ()),
    "rising-sun-3p": (("baseline", "rails-first", "baseline"), 100,
                      (("setup", "rising-sun"), ("routes", "on"))),
}


def digest(bots: tuple[str, ...], games: int, options: tuple[tuple[str, Any], ...],
           seed: int = 7) -> str:
    """The sha256 of the records of games ``0..games-1`` of a run (root ``seed``)."""
    files = tuple((s.relpath, s.raw) for s in discover(SHIPPED, "trains", MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    setup = Setup("trains", files, bots, seed, engine_options=options)
    h = hashlib.sha256()
    for index in range(games):
        lines: list[str] = []
        row = play(setup, index, lines)
        lines.append(json.dumps(row.to_dict(), sort_keys=True))
        h.update("\n".join(lines).encode() + b"\n\0")
    return h.hexdigest()


@pytest.mark.parametrize("name", sorted(RUNS))
def test_seeded_results_are_unchanged(name: str) -> None:
    recorded = json.loads(FIXTURE.read_text("utf-8")) if FIXTURE.exists() else {}
    got = digest(*RUNS[name])
    if os.environ.get("CARDKIT_UPDATE_GOLDEN"):
        recorded[name] = got
        FIXTURE.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", "utf-8")
    assert got == recorded.get(name), f"the results of {name} changed (see the module docstring)"


def test_the_digest_sees_a_changed_game() -> None:
    # the failing fixture: one action more in one game, one game fewer -> another digest
    bots, games, options = RUNS["baseline-2p"]
    assert digest(bots, 3, options) != digest(bots, 2, options)
    assert digest(bots, 3, options) != digest(bots, 3, options, seed=8)
    assert digest(bots, 3, options) == digest(bots, 3, options)
