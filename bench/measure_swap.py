"""How many engine-nulled cards the swap measure of ``cardkit strength`` catches, and how many
live cards it wrongly calls dead (issue 35's figure; not part of ``make test``).

A rules bug that ignores a card's effect is planted by building the Mars Dice world with
every fourth project (15 of them) neutral while the content still describes its effect; the
swap measure then compares that engine with itself and must call each card dead or unused.
The same cards on the real engine must never be called dead.

    python bench/measure_swap.py [--pairs 20] [--seed 9]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardkit.core.loading import load_game  # noqa: E402
from cardkit.core.registry import get_game  # noqa: E402
from cardkit.games.mars_dice.engine import World  # noqa: E402
from cardkit.sim import runner  # noqa: E402
from cardkit.sim.swap import swap_strength  # noqa: E402


def main() -> None:
    """Print the caught and the false-dead shares."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    content_dir = ROOT / "content"
    content, _ = load_game("mars-dice", content_dir)
    ids = [r.id for r in content.of("projects")][::4][:15]
    swap = get_game("mars-dice").sim.swap()  # type: ignore[attr-defined]

    def run() -> dict[str, str]:
        report = swap_strength("mars-dice", content_dir, pairs=args.pairs, seed=args.seed,
                               cards=ids, backend="serial", workers=1, cache_dir=None)
        return {r.card: r.verdict for r in report}

    live = run()
    original = World.from_content.__func__  # type: ignore[attr-defined]

    def nulled(cls: type, c: object) -> World:
        return original(cls, c.with_objects("projects", {  # type: ignore[attr-defined]
            r.id: swap.neutral(r.obj) for r in c.of("projects") if r.id in ids}))  # type: ignore[attr-defined]

    World.from_content = classmethod(nulled)  # type: ignore[method-assign, assignment]
    runner._engine_for.cache_clear()
    dead = run()
    caught = [c for c, v in dead.items() if v in ("dead", "unused")]
    wrong = [c for c, v in live.items() if v in ("dead", "unused")]
    print(f"engine-nulled cards called dead or unused: {len(caught)} of {len(ids)}; "
          f"the others: {', '.join(f'{c} {v}' for c, v in dead.items() if c not in caught)}")
    print(f"live cards called dead or unused: {len(wrong)} of {len(ids)}")


if __name__ == "__main__":
    main()
