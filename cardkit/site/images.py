"""The site's card images: every game and locale exported as PNG by ``cardkit export``, in
worker processes where that helps.

A rebuild hands the export the previous site (:class:`cardkit.core.reuse.Previous`): a face
whose inputs (:mod:`cardkit.export.inputs`) are unchanged is read back from it instead of being
drawn, and a file it holds byte for byte is linked, not written. Each export reports the input
digest of every face; the site records them all in its :data:`~cardkit.core.reuse.INPUTS`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import UsageProblem
from ..core.outdir import MANIFEST
from ..core.reuse import Previous
from ..core.workers import start_worker
from ..export.api import ExportJob, export_game
from ..text.fonts import register_fonts


@dataclass(slots=True)
class Exported:
    """One game and locale's images: ``decks`` ``[(deck, [card ids])]`` in print order,
    ``faces`` ``{id: (deck, front, back, shared back, w, h)}`` (paths relative to the locale
    folder), the texts printed in English, and the inputs of every face (digest -> path
    relative to the site) with the faces drawn and the files linked."""

    decks: list[tuple[str, list[str]]]
    faces: dict[str, tuple[Any, ...]]
    fallbacks: int
    inputs: dict[str, str] = field(default_factory=dict)
    drawn: int = 0
    linked: int = 0


@dataclass(frozen=True, slots=True)
class ImageJob:
    """What every export of the site shares."""

    content_dir: Path
    dpi: float
    cache: Path
    previous: Previous


def export_images(game: str, locale: str, job: ImageJob, folder: Path, rel: str) -> Exported:
    """Export one game's card images in ``locale`` into ``folder/img`` (``rel``: the locale
    folder's path in the site)."""
    result = export_game(ExportJob(game, "png", job.content_dir, locale, dpi=job.dpi,
                                   out=folder / "img", cache_dir=job.cache, withhold_failing=True,
                                   previous=job.previous))
    # the export's manifest guards a user's export folder; the site's own manifest lists every
    # file of the site, these included, so it is not published twice
    for record in (folder / "img").rglob(MANIFEST):
        record.unlink()
    decks: list[tuple[str, list[str]]] = []
    faces: dict[str, tuple[Any, ...]] = {}
    for deck in result.decks:
        names = {p.name: p.relative_to(folder).as_posix() for p in deck.files}
        ids = [n[:-len("-front.png")] for n in names if n.endswith("-front.png")]
        decks.append((deck.deck, ids))
        w, h = deck.card_px
        for card_id in ids:
            faces.setdefault(card_id, (deck.deck, names[f"{card_id}-front.png"],
                                       names.get(f"{card_id}-back.png"), names.get("back.png"),
                                       w, h))
    inputs = {key: f"{rel}/img/{path}" for key, path in result.inputs.items()}
    return Exported(decks, faces, result.fallbacks, inputs, result.drawn, result.linked)


def _task(game: str, locale: str, job: ImageJob, folder: Path, rel: str) -> tuple[str, Any]:
    """:func:`export_images` in a worker process: ``("ok", result)`` or ``("usage"|"error",
    message)`` (exceptions with their own constructors do not always survive pickling)."""
    try:
        return "ok", export_images(game, locale, job, folder, rel)
    except UsageProblem as exc:
        return "usage", exc.args[0] if exc.args else str(exc)
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        return "error", f"{type(exc).__name__}: {exc}"


def export_workers(tasks: int) -> int:
    """Processes for the exports: rasterising is CPU work, writing waits on the disk, so one
    more than the CPUs (at most 4, ``CARDKIT_SITE_WORKERS`` overrides)."""
    wanted = os.environ.get("CARDKIT_SITE_WORKERS", "")
    n = int(wanted) if wanted.isdigit() and int(wanted) > 0 else min(4, (os.cpu_count() or 1) + 1)
    return max(1, min(n, tasks))


def export_all(tasks: list[tuple[str, str]], job: ImageJob, tmp: Path,
               meanwhile: Callable[[], None] = lambda: None) -> dict[tuple[str, str], Exported]:
    """Every game and locale's images (into ``tmp/<game>/<locale>/img``), exported in parallel
    where that helps; ``meanwhile`` is called in this process while the workers export."""
    workers = export_workers(len(tasks))
    if workers == 1:
        meanwhile()
        return {(g, loc): export_images(g, loc, job, tmp / g / loc, f"{g}/{loc}")
                for g, loc in tasks}
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    if ctx.get_start_method() == "fork":
        register_fonts()  # once here, not in every forked worker
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=start_worker,
                             initargs=(os.getpid(),)) as pool:  # workers die with cardkit
        futures = {(g, loc): pool.submit(_task, g, loc, job, tmp / g / loc, f"{g}/{loc}")
                   for g, loc in tasks}
        meanwhile()
        done = {key: future.result() for key, future in futures.items()}
    out: dict[tuple[str, str], Exported] = {}
    for key, (status, value) in done.items():
        if status == "usage":
            raise UsageProblem(value)
        if status == "error":
            raise RuntimeError(f"exporting {key[0]} ({key[1]}) failed: {value}")
        out[key] = value
    return out
