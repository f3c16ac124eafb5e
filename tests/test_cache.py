"""The check caches: a warm run answers from the result cache; any change invalidates it."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardkit.checking import CheckOptions, run_check

from .conftest import SHIPPED, point_modelines


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


def test_a_check_of_several_games_leaves_each_games_verdict(tmp_path: Path) -> None:
    """``cardkit check`` of every game, then a command that gates one (``cardkit site``): the
    one game's verdict comes from the cache, and is the report a check of that game alone
    makes — its own findings, and the locales' findings with it (reported once in the whole
    check)."""
    content = tmp_path / "content"
    for part in ("trains", "cartographers", "locales"):
        shutil.copytree(SHIPPED / part, content / part)
    point_modelines(content, SHIPPED)
    locale = content / "locales" / "pl.yaml"  # a finding in a file both games use
    locale.write_text(locale.read_text("utf-8").replace("  name: Polish\n",
                                                        "  name: Polish\n  nme: typo\n"), "utf-8")
    setup = content / "trains" / "setup.yaml"  # and one in one game's own files
    setup.write_text(setup.read_text("utf-8").replace("  - id: base\n", "  - id: standard\n"),
                     "utf-8")
    games = ("trains", "cartographers")
    cache = tmp_path / "cache"
    whole = run_check(CheckOptions(games, content, cache))
    in_locale = [d for d in whole.diagnostics if d.file.endswith("locales/pl.yaml")]
    assert len(in_locale) == 1 and any(d.file.startswith("trains/") or "/trains/" in d.file
                                       for d in whole.diagnostics), whole.diagnostics
    for game in games:
        cached = run_check(CheckOptions((game,), content, cache))
        alone = run_check(CheckOptions((game,), content, None))
        assert cached.summary.cached and not alone.summary.cached, game
        assert [d.to_dict() for d in cached.diagnostics] == \
            [d.to_dict() for d in alone.diagnostics], game  # as the cache keeps them
        assert [d.to_dict() for d in alone.diagnostics if d.file.endswith("locales/pl.yaml")] \
            == [d.to_dict() for d in in_locale]
        assert (cached.summary.files, cached.summary.objects, cached.summary.errors,
                cached.summary.warnings) == (alone.summary.files, alone.summary.objects,
                                             alone.summary.errors, alone.summary.warnings), game
