"""The check cache under abuse: ill-formed entries are misses, old entries are pruned, and a
cached report shows paths that are right for the current working directory."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.core.cache import CheckCache, code_fingerprint
from cardkit.checking import CheckOptions, run_check

BROKEN_CARD = {"cards/bad.yaml": "cards: [1, 2\n"}  # one located YAML finding


def _check(content: Path, cache: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", "--content", str(content), "--cache-dir",
                                       str(cache)])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("entry", [
    {"diagnostics": [], "summary": {"files": 1, "objects": 1}, "outside": []},
    {"foo": 1},
    {"diagnostics": 5, "summary": {}},
    {"diagnostics": [{"code": "X"}], "summary": {"files": 1, "objects": 1}},
    {"diagnostics": [], "summary": None},
])
def test_an_ill_formed_result_entry_is_a_miss_and_is_overwritten(
        terra_content, tmp_path: Path, entry: dict) -> None:  # type: ignore[no-untyped-def,type-arg]
    content, cache = terra_content(BROKEN_CARD), tmp_path / "cache"
    code, first, _ = _check(content, cache)
    entries = list((cache / "results").glob("*.json"))
    assert len(entries) == 1
    entries[0].write_text(json.dumps(entry))
    again = _check(content, cache)
    assert again[0] == code and again[1] == first
    assert "internal error" not in again[2] and "Traceback" not in again[2]
    # the entry was replaced by a well-formed report: the next run is answered from it
    data = json.loads(entries[0].read_text())
    assert set(data) == {"diagnostics", "summary", "outside"}
    report = run_check(CheckOptions(content_dir=content, cache_dir=cache))
    assert report.summary.cached


def test_the_result_cache_keeps_only_the_newest_entries(tmp_path: Path) -> None:
    cache = CheckCache(tmp_path, max_results=3)
    results = tmp_path / "results"
    results.mkdir()
    now = time.time()
    for i in range(10):
        path = results / f"old{i}.json"
        path.write_text("{}")
        os.utime(path, (now - 1000 + i, now - 1000 + i))  # old9 is the newest of them
    cache.put_report("fresh", {"diagnostics": [], "summary": {}})
    assert sorted(p.name for p in results.iterdir()) == ["fresh.json", "old8.json", "old9.json"]


def test_a_hit_counts_as_a_use_for_pruning(tmp_path: Path) -> None:
    cache = CheckCache(tmp_path, max_results=2)
    cache.put_report("a", {"n": 1})
    cache.put_report("b", {"n": 2})
    old = time.time() - 100
    os.utime(tmp_path / "results" / "a.json", (old, old))
    os.utime(tmp_path / "results" / "b.json", (old + 1, old + 1))
    assert cache.get_report("a") == {"n": 1}  # "a" is now the most recently used
    cache.put_report("c", {"n": 3})
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == ["a.json", "c.json"]


def test_parsed_entries_of_old_code_old_age_and_over_the_size_cap_are_dropped(
        tmp_path: Path) -> None:
    cache = CheckCache(tmp_path, max_age_days=1, max_parsed_bytes=250)
    parsed = tmp_path / "parsed"
    parsed.mkdir()
    current = code_fingerprint()
    now = time.time()

    def entry(name: str, age: float, size: int = 10) -> None:
        path = parsed / name
        path.write_bytes(b"x" * size)
        os.utime(path, (now - age, now - age))

    entry("aaa-0000000000000000.marshal", 10)  # another code version: can never hit again
    entry(f"bbb-{current}.marshal", 3 * 86400)  # unused for three days
    entry(f"ccc-{current}.marshal", 30, 100)
    entry(f"ddd-{current}.marshal", 20, 100)
    entry(f"eee-{current}.marshal", 10, 100)  # ccc is the oldest beyond 250 bytes
    entry(".cardkit-tmp.1.abcdefabcdef", 10)  # a temporary file is not the cache's business
    removed = cache.prune()
    assert removed == 3
    assert sorted(p.name for p in parsed.iterdir()) == [
        ".cardkit-tmp.1.abcdefabcdef", f"ddd-{current}.marshal", f"eee-{current}.marshal"]


def test_a_check_prunes_a_crowded_cache(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from cardkit.core.cache import MAX_RESULTS

    content, cache = terra_content(), tmp_path / "cache"
    results = cache / "results"
    results.mkdir(parents=True)
    old = time.time() - 3600
    for i in range(MAX_RESULTS + 20):
        (results / f"{i:064x}.json").write_text("{}")
        os.utime(results / f"{i:064x}.json", (old, old))
    run_check(CheckOptions(content_dir=content, cache_dir=cache))
    assert len(list(results.iterdir())) == MAX_RESULTS
    assert run_check(CheckOptions(content_dir=content, cache_dir=cache)).summary.cached


def test_a_cached_report_shows_paths_for_the_current_directory(
        terra_content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    content, cache = terra_content(BROKEN_CARD), tmp_path / "cache"
    elsewhere = tmp_path / "elsewhere" / "deeper"
    elsewhere.mkdir(parents=True)
    reports = []
    for cwd in (tmp_path, elsewhere, tmp_path, elsewhere):
        monkeypatch.chdir(cwd)
        report = run_check(CheckOptions(content_dir=content, cache_dir=cache))
        files = {d.file for d in report.diagnostics if d.code.startswith("YML")}
        assert files, report.diagnostics
        for f in files:  # every shown path names the file from where we stand
            assert Path(f).resolve() == (content / "terra" / "cards" / "bad.yaml").resolve()
        reports.append(report)
    assert [r.summary.cached for r in reports] == [False, False, True, True]
    assert {d.file for d in reports[0].diagnostics if d.code.startswith("YML")} == \
        {"content/terra/cards/bad.yaml"}
