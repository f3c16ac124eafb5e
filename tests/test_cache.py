"""The check caches: a warm run answers from the result cache; any change invalidates it."""

from __future__ import annotations

from pathlib import Path

from cardkit.checking import CheckOptions, run_check


def _run(content: Path, cache: Path):  # type: ignore[no-untyped-def]
    return run_check(CheckOptions(content_dir=content, cache_dir=cache))


def test_warm_run_is_served_from_the_cache(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content, cache = terra_content(), tmp_path / "cache"
    cold = _run(content, cache)
    warm = _run(content, cache)
    assert not cold.summary.cached and warm.summary.cached
    assert warm.diagnostics == cold.diagnostics
    assert (warm.summary.files, warm.summary.objects) == (cold.summary.files, cold.summary.objects)


def test_a_changed_file_invalidates_the_result(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content, cache = terra_content(), tmp_path / "cache"
    assert _run(content, cache).diagnostics == []
    cards = content / "terra" / "cards" / "base.yaml"
    cards.write_text(cards.read_text().replace("compass: NW", "compass: SE"))
    report = _run(content, cache)
    assert not report.summary.cached
    assert [(d.code, d.line, d.col) for d in report.diagnostics] == [("TER014", 9, 14)]


def test_cached_findings_keep_their_positions(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = terra_content({"cards/bad.yaml": "cards: [1, 2\n"})
    cache = tmp_path / "cache"
    first = _run(content, cache)
    # drop the result cache: the per-file parse cache alone must also keep the positions
    for entry in (cache / "results").iterdir():
        entry.unlink()
    second = _run(content, cache)
    assert not second.summary.cached
    assert [(d.code, d.file, d.line, d.col) for d in second.diagnostics] == \
        [(d.code, d.file, d.line, d.col) for d in first.diagnostics]


def test_corrupt_cache_entries_are_misses(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content, cache = terra_content(), tmp_path / "cache"
    _run(content, cache)
    for entry in cache.rglob("*.*"):
        entry.write_bytes(b"\x00garbage")
    report = _run(content, cache)
    assert report.diagnostics == [] and not report.summary.cached
