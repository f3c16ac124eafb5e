"""Benchmark: ``cardkit site`` for every game and locale vs. ``cardkit export --format png`` of the
same cards (every game × locale, same dpi), both in the same run; then the rebuild after a
one-card edit (a Terra card's text) against the full build, and whether the rebuilt site is
byte for byte a full build of the edited content.

The site exports its card images through the same ``export_game``, so the export is its floor:
what the site adds is the pages (gallery, a page per card, translators' views), the search index
and the assets. Reports both times, the bytes written (the site split into its PNGs and the
rest) and the ratios; the content gate runs with a warm check cache for both, as in daily use.

The rebuild is timed as a designer meets it: the ``cardkit site`` command, a new process, from
its start to its exit, after ``cardkit check`` of the edit (the goal, under 2 s) and with the
site's gate checking the edit itself, three times each (each time a new wording of the card's
text); the best of each counts, as the full builds count their best of ``--repeat``, and every
time is printed. (An earlier version timed ``build_site`` called again in this process, where
what the previous builds left in memory — parsed fonts, the check's memos, every file's digest
— made the rebuild faster than any command could be.)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchline import line  # noqa: E402  (bench/ is on the path when run as a script)
from cardkit.checking import CheckOptions, run_check
from cardkit.core.registry import game_ids
from cardkit.export.api import ExportJob, export_game
from cardkit.i18n.api import load
from cardkit.site.api import SiteJob, build_site


def _sizes(folder: Path) -> dict[str, int]:
    """Bytes under ``folder``: ``all``, ``png``, ``html``, ``assets`` (the ``assets/`` folder:
    styles, scripts, search index), and ``files`` (how many)."""
    sizes = dict.fromkeys(("all", "png", "html", "assets", "files"), 0)
    for p in folder.rglob("*"):
        if p.is_file():
            size = p.stat().st_size
            sizes["all"] += size
            sizes["files"] += 1
            if p.suffix == ".png":
                sizes["png"] += size
            elif p.suffix == ".html":
                sizes["html"] += size
            elif p.relative_to(folder).parts[0] == "assets":
                sizes["assets"] += size
    return sizes


def card_page_load(site: Path, page: Path) -> dict[str, int]:
    """Bytes one card page loads: ``html``, ``assets`` (its style sheet and scripts), ``images``,
    ``index_at_load`` (search index data among its scripts) and ``index_on_search`` (the index
    its first search loads: its own game and locale's, ``assets/index/<game>.<locale>.js``)."""
    text = page.read_text("utf-8")
    refs = re.findall(r'<(?:script|img)\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*\bhref="([^"]+)"',
                      text)
    out = dict.fromkeys(("html", "assets", "images", "index_at_load", "index_on_search"), 0)
    out["html"] = len(text.encode("utf-8"))
    for src, href in refs:
        target = (page.parent / (src or href)).resolve()
        if not target.is_file():
            continue
        size = target.stat().st_size
        if target.suffix == ".png":
            out["images"] += size
        else:
            out["assets"] += size
            if target.parent.name == "index":  # assets/index/: catalog and indexes
                out["index_at_load"] += size
    game, locale = page.relative_to(site).parts[:2]
    own = site / "assets" / "index" / f"{game}.{locale}.js"
    out["index_on_search"] = own.stat().st_size if own.is_file() else 0
    return out


#: The edited card's file, its text as shipped, then one new wording per timed rebuild (never
#: one met before: the site's unit memo would answer a wording it has built already).
EDIT = ("terra/cards/blue.yaml", "the longest single unbroken drop is about 807 m",
        "the longest single drop is some 807 m", "the longest single drop is nearly 807 m",
        "the longest single drop is close to 807 m", "the longest single drop is roughly 807 m",
        "the longest single drop is almost 807 m", "the longest single drop measures about 807 m")


def _edit(content: Path, old: str, new: str) -> None:
    """Replace one text of the edited card."""
    path = content / EDIT[0]
    text = path.read_text("utf-8")
    assert text.count(old) == 1, f"the benchmark's edit no longer applies to {EDIT[0]}"
    path.write_text(text.replace(old, new), "utf-8")


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file()}


def cli_env(work: Path) -> dict[str, str]:
    """The environment of the ``cardkit`` processes: this checkout's cardkit, and Python's
    bytecode cache on as an installed Python keeps it (this machine sets
    ``PYTHONDONTWRITEBYTECODE``, which would have every process compile cardkit's modules from
    source: 0.24 s of each command), kept under ``work`` (nothing is written into the
    checkout); the first build fills it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def rebuild(work: Path, content: Path, dpi: float, rounds: int = 3
            ) -> tuple[float, list[float], list[float], int, bool]:
    """What a designer does, command by command, each a new ``cardkit`` process (as typed; the
    check cache in the working folder, as by default): a full ``cardkit site`` of a copy of the
    content; then ``rounds`` times a one-card edit, ``cardkit check`` (untimed) and ``cardkit
    site`` (timed), and another edit rebuilt at once (the site's content gate checks it) —
    each time a wording of :data:`EDIT` not met before, so every rebuild follows exactly one
    new edit; a full build of the final content into another folder to compare with.
    ``(full s, rebuild times after the check, rebuild times with the gate checking the edit,
    faces drawn by a rebuild, identical)``; the best of each counts, as for the full builds
    (the machine may be shared)."""
    here = work / "edit"
    copy = here / "content"
    shutil.copytree(content, copy)
    env = cli_env(here)

    def cardkit(*args: str) -> tuple[float, str]:
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "cardkit", *args], cwd=here, env=env,
                              capture_output=True, text=True, check=False)
        took = time.perf_counter() - t0
        assert done.returncode == 0, f"cardkit {' '.join(args)}: {done.stderr}"
        return took, done.stdout

    def site(folder: str) -> tuple[float, int]:
        took, out = cardkit("site", "--content", "content", "--out", folder, "--dpi", f"{dpi:g}")
        drawn = re.search(r"(\d+) card faces? drawn", out)
        return took, int(drawn.group(1)) if drawn else -1

    cardkit("check", "--content", "content")
    t_full, _ = site("site")
    texts = EDIT[1:]
    assert 2 * rounds < len(texts), "one new wording per timed rebuild"
    warm: list[float] = []
    cold: list[float] = []
    drawn = 0
    for step in range(2 * rounds):
        _edit(copy, texts[step], texts[step + 1])
        if step % 2 == 0:
            cardkit("check", "--content", "content")  # as a designer checks an edit
            took, drawn = site("site")
            warm.append(took)
        else:
            cold.append(site("site")[0])
    site("full")
    return t_full, warm, cold, drawn, _files(here / "site") == _files(here / "full")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dpi", type=float, default=200.0, help="the site's default: 200")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    content = ROOT / "content"
    work = Path(tempfile.mkdtemp(prefix="cardkit-bench-site-"))
    try:
        cache = work / "cache"
        games = tuple(g for g in game_ids() if (content / g).is_dir())
        locales = {g: tuple(sorted(load(g, content).locales)) for g in games}
        run_check(CheckOptions(games=games, content_dir=content, cache_dir=cache))  # warm cache
        site_out = work / "site"
        result = None

        def site() -> float:
            nonlocal result
            shutil.rmtree(site_out, ignore_errors=True)
            t0 = time.perf_counter()
            result = build_site(SiteJob(content_dir=content, out=site_out, cache_dir=cache,
                                        dpi=args.dpi))
            return time.perf_counter() - t0

        faces = 0

        def export() -> float:
            nonlocal faces
            shutil.rmtree(work / "png", ignore_errors=True)
            faces = 0
            t0 = time.perf_counter()
            for game in games:
                for locale in locales[game]:
                    out = work / "png" / f"{game}-{locale}"
                    done = export_game(ExportJob(game, "png", content, locale=locale,
                                                 dpi=args.dpi, out=out, force=True,
                                                 cache_dir=cache))
                    faces += sum(len(d.files) for d in done.decks)
            return time.perf_counter() - t0

        t_site = min(site() for _ in range(args.repeat))
        t_export = min(export() for _ in range(args.repeat))
        t_full, warms, colds, drawn, identical = rebuild(work, content, args.dpi)
        t_warm, t_cold = min(warms), min(colds)
        site_sizes = _sizes(site_out)
        pages = sorted(site_out.glob("*/*/cards/*.html"))
        loads = {p: card_page_load(site_out, p) for p in pages}
        heaviest = max(loads, key=lambda p: (loads[p]["index_at_load"]
                                             + loads[p]["index_on_search"], p))
        export_sizes = _sizes(work / "png")
        assert result is not None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    pairs = sum(len(v) for v in locales.values())
    cards = sum(result.cards.values())
    mb = 1e6
    s, e = site_sizes, export_sizes
    extra = s["all"] - s["png"]
    print(f"{len(games)} games x their locales = {pairs} galleries, {cards} cards, "
          f"{result.pages} pages; {args.dpi:g} dpi; {os.cpu_count()} CPUs")
    print(f"cardkit site (gate, images, pages, index, assets): {t_site:7.2f} s, "
          f"{s['all'] / mb:7.1f} MB in {s['files']} files")
    print(f"  PNG {s['png'] / mb:.1f} MB; HTML {s['html'] / mb:.2f} MB; assets and search index "
          f"{s['assets'] / mb:.2f} MB; other {(extra - s['html'] - s['assets']) / mb:.2f} MB")
    print(f"cardkit export --format png, every game x locale:  {t_export:7.2f} s, "
          f"{e['all'] / mb:7.1f} MB in {e['files']} files ({faces} faces, "
          f"{e['png'] / mb:.1f} MB PNG)")
    print(f"ratio site / export: time {t_site / t_export:.2f}x, size {s['all'] / e['all']:.2f}x; "
          f"beyond its images the site adds {extra / max(s['png'], 1):.1%} of their size")
    worst = loads[heaviest]
    kb = 1e3
    total = sum(worst[k] for k in ("html", "assets", "images"))
    print(f"a card page loads (the heaviest index of {len(pages)} card pages: "
          f"{heaviest.relative_to(site_out).as_posix()}): {total / kb:.1f} KB at load "
          f"(HTML {worst['html'] / kb:.1f}, styles and scripts {worst['assets'] / kb:.1f}, "
          f"images {worst['images'] / kb:.1f}); search index data "
          f"{worst['index_at_load'] / kb:.1f} KB at load, "
          f"{(worst['index_at_load'] + worst['index_on_search']) / kb:.1f} KB after its first "
          f"search (limit 150 KB)")
    assert worst["index_at_load"] + worst["index_on_search"] < 150_000, "index over 150 KB"
    print(f"one Terra card's text edited, each command a new process: full build {t_full:.2f} s;"
          f" rebuild {t_warm:.2f} s after `cardkit check` of the edit ({drawn} card faces drawn), "
          f"{t_cold:.2f} s with the gate "
          f"checking it (best of {len(warms)} each: "
          f"{', '.join(f'{t:.2f}' for t in warms)} s and {', '.join(f'{t:.2f}' for t in colds)} s);"
          f" the rebuilt site is {'byte for byte' if identical else 'NOT'} a full build of the "
          f"edited content")
    line("site full build", f"{t_site:.2f} s", f"{t_export:.2f} s export png", t_site / t_export,
         "report")
    line("site one-card rebuild", f"{t_warm:.2f} s", f"{t_full:.2f} s full build",
         t_warm / t_full, "< 2 s, identical" if identical else "< 2 s, NOT IDENTICAL")
    line("site one-card rebuild, gate checks the edit", f"{t_cold:.2f} s",
         f"{t_full:.2f} s full build", t_cold / t_full, "report")
    assert identical, "the rebuilt site differs from a full build of the edited content"

if __name__ == "__main__":
    main()
