"""``cardkit site`` as a library call: a static site generated from the content.

Per game and locale: a gallery of the exported card images (at twice their CSS size) with filters,
sort and CSV/JSON downloads, one page per card (what the card says in the locale, its facts, the
translations beside the English, provisional values marked, sources), and the translators' view; a
site index and a search page per locale; the simulation and balance reports given, every card they
name linked; one search index per game and locale, loaded by a page when its first search needs it.
Every page has a language switcher that keeps the page. The site opens from the file system and
from any static host: every URL is relative, the fonts, styles and scripts are its own (no external
request), and the same content gives byte-identical files.

Every page is in one locale, its interface strings from the site's catalog
(:mod:`cardkit.site.messages`): the galleries, card pages and translators' view in their game's
locale, and the site index and the reports once per locale of the site (the first — English
when built — at ``index.html`` and ``reports/``, any other at ``index.<code>.html`` and
``reports/<code>/``). The pseudo-locale ``qps`` (``cardkit site --locale qps``, never built by
default) shows the English content and the interface pseudo-localized, so that any plain
English left in its pages was hard-coded.

The build is all or nothing for the content: every game and locale goes through the content gate
first — except that errors in a locale's own translation files do not stop it (the translators'
view exists to show them): their entries are withheld (the pages show those fields in English), the
view shows the findings, and :attr:`SiteResult.failing` counts them (the command exits 1). Then the
site is written into a temporary folder beside ``out`` and renamed into place (the previous site,
if any, is replaced only then) by :class:`cardkit.core.outdir.FolderOutput`. A rebuild is
incremental: a game and locale none of whose inputs changed is linked whole from the previous
site (:mod:`cardkit.site.units`); in the others, a card image whose inputs did not change
(:mod:`cardkit.export.inputs`) is read back instead of drawn, and every file the previous site
holds byte for byte is linked instead of written (:mod:`cardkit.core.reuse`); the translation
checks of the translators' view are remembered per text (:mod:`cardkit.checking.pairmemo`). The
result is a full build's, byte for byte. The site's
``.cardkit-outputs.json`` lists every file it wrote; a folder holding anything else is never replaced, and an
earlier site that was changed, or made from another content folder, only with ``force``. (Sites of
older cardkit versions carry a ``.cardkit-site`` marker instead: it counts as a record of the files
an older site could have written there, its pages, assets and card images
(:func:`cardkit.core.manifest.legacy_site_file`); any other file in the folder is foreign.)
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.collector import few_collections
from ..core.loading import DEFAULT_CACHE_DIR, select_games
from ..core.manifest import read_manifest, remembered_digests
from ..core.registry import game_ids
from ..core.errors import UsageProblem
from ..core.outdir import LEGACY_SITE_MARKER, FolderOutput, default_build_dir, is_output
from ..core.reuse import INPUTS, Previous, inputs_record
from ..i18n.placement import unknown_locale
from ..i18n.pseudo import PSEUDO_CODE, pseudo_text
from .cards import (Locale, SiteCard, card_name, card_page, category_fields, gallery_page,
                    match_records, search_entries)
from .downloads import downloads
from .html import esc, page
from .images import Exported, ImageJob, export_all
from .messages import Messages
from ..checking.pairmemo import PairMemo
from .reports import page_title, report_pages, reports_index
from .review import LocaleReview, review_data, review_pages
from .search import Entry, index_files, search_page_body
from .sitemap import Site, site_of
from .units import Unit, UnitMemo, content_digests, digests_record, unit_key, units_record

MARKER = LEGACY_SITE_MARKER  # what sites of older cardkit versions carry instead of a manifest
ASSETS = ("site.css", "search.js", "filter.js", "review.js")
DPI_RANGE = (50.0, 1200.0)  # as `cardkit export`
DEFAULT_OUT = Path("build") / "site"  # for the default content folder (see default_out)
SOURCE = "en"
_SAFE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(slots=True)
class SiteJob:
    """What to build. ``cache_dir=None`` uses the project's check cache (``.cardkit-cache``)."""

    content_dir: Path
    out: Path | None = None  # default: default_out(content_dir)
    games: tuple[str, ...] = ()  # default: every registered game with content
    locales: tuple[str, ...] = ()  # default: en + every locale the game is translated into
    force: bool = False
    reports: tuple[Path, ...] = ()
    cache_dir: Path | None = None
    dpi: float = 200  # twice the 100 dpi the pages show the images at (sharp on 2x screens)


@dataclass(slots=True)
class SiteResult:
    """What was written: the site's folder, its HTML pages, the cards per (game, locale), and
    the size of every file in bytes."""

    out: Path
    pages: int
    cards: dict[tuple[str, str], int]
    bytes: int
    seconds: float = 0.0
    fallbacks: int = 0  # texts shown in English for want of a translation
    #: Errors in translation files, per ``(game, locale)``: the build went on (their entries
    #: shown in English, the findings in the translators' view); the command exits 1.
    failing: dict[tuple[str, str], int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: Card faces drawn (the others were unchanged since the previous site and read back), and
    #: files the previous site held byte for byte (linked instead of written).
    drawn: int = 0
    reused: int = 0


# -- checks before anything is written ----------------------------------------------------------

def _check_dpi(dpi: Any) -> float:
    lo, hi = DPI_RANGE
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not math.isfinite(dpi) \
            or not lo <= dpi <= hi:
        shown = f"{dpi:g}" if isinstance(dpi, (int, float)) else repr(dpi)
        raise UsageProblem(f"--dpi must be a number from {lo:g} to {hi:g}, not {shown}")
    return float(dpi)


def default_out(content_dir: Path) -> Path:
    """``build/site``, or ``build/<tag>/site`` for another content folder than ``./content``."""
    return default_build_dir(content_dir) / "site"


def is_site(folder: Path) -> bool:
    """Whether ``folder`` is a site ``cardkit site`` wrote (by its manifest or older marker)."""
    return is_output(folder, "site")


def _folder(job: SiteJob, out: Path, content_dir: Path) -> FolderOutput:
    return FolderOutput(out, "site", "the site", content_dir, job.force, (content_dir,))


def _check_reports(paths: tuple[Path, ...]) -> list[Path]:
    checked = [Path(p) for p in paths]
    for path in checked:
        if path.is_file():
            continue
        if not path.exists():
            raise UsageProblem(f"report not found: {path}")
        what = "a folder" if path.is_dir() else "not a regular file (a device, pipe or socket)"
        raise UsageProblem(f"report {path} is {what}; give the JSON file of a report")
    return checked


# -- the build ----------------------------------------------------------------------------------

@dataclass(slots=True)
class _Game:
    game: str
    title: str
    data: Any  # GameI18n
    locales: tuple[str, ...]
    #: Per locale, the errors of its own translation files: they do not stop the build; the
    #: entries they point at are withheld (shown in English) and the translators' view shows them.
    failing: dict[str, list[Any]] = field(default_factory=dict)

    #: ``withholding`` per locale, made once (it reads the overlay files' source maps).
    _withheld: dict[str, tuple[Any, frozenset[tuple[str, str, str]]]] = \
        field(default_factory=dict)

    def _withholding(self, code: str) -> tuple[Any, frozenset[tuple[str, str, str]]]:
        if code not in self._withheld:
            kept, keys = self.data.translations.overlays[code].withholding(self.failing[code])
            self._withheld[code] = (kept, frozenset(keys))
        return self._withheld[code]

    def overlay(self, code: str) -> Any:
        """The locale's translations as the pages show them (failing entries withheld)."""
        found = self.data.translations.overlays.get(code)
        if found is None or not self.failing.get(code):
            return found
        return self._withholding(code)[0]

    def withheld(self) -> dict[str, frozenset[tuple[str, str, str]]]:
        """Per locale with failing entries, their ``(kind, id, key)``."""
        return {code: self._withholding(code)[1] for code in self.failing
                if code in self.data.translations.overlays}


def _plan(job: SiteJob, cache: Path) -> list[_Game]:
    """Every game and locale, through the content gate (nothing is written before)."""
    from ..checking.gate import gate_shown
    from ..core.registry import get_game
    from ..i18n.api import load

    plan = []
    for game in select_games(tuple(job.games), job.content_dir):
        checked = gate_shown(game, job.content_dir, cache)
        data = load(game, job.content_dir, cache)
        if job.locales:
            codes = tuple(dict.fromkeys(job.locales))
            for code in codes:
                if code not in data.locales and not (code == PSEUDO_CODE
                                                     and SOURCE in data.locales):
                    raise unknown_locale(data.locales, code)
        else:
            codes = (SOURCE, *sorted(c for c in data.translations.overlays
                                     if c in data.locales and c != SOURCE))
        # qps is the English pseudo-localized: no translation to gate
        failing = checked.failing(codes, (SOURCE, PSEUDO_CODE))
        if get_game(game).print_decks is None:  # type: ignore[attr-defined]
            raise UsageProblem(f"{game!r} has no print templates yet; leave it out with --game")
        plan.append(_Game(game, get_game(game).title, data, codes,
                          {c: f for c, f in failing.items() if f}))
    return plan


class _Writer:
    """Writes the site's files into the build folder and counts them."""

    def __init__(self, root: Path, switch: Any = None, previous: Previous | None = None) -> None:
        self.root = root
        self.pages = 0
        self.linked = 0  # files the previous site held byte for byte: linked, not written
        #: ``rel -> [(code, native, rel of the same page in that language)]`` (the switcher)
        self.switch = switch or (lambda rel: [])
        self.previous = previous or Previous()

    def text(self, rel: str, text: str) -> None:
        self.linked += self.previous.write(self.root / rel, text.encode("utf-8"))
        if rel.endswith(".html"):
            self.pages += 1

    def page(self, rel: str, *, title: str, tr: Messages, body: str,
             nav: list[tuple[str, str]], scripts: tuple[str, ...] = ()) -> None:
        root = "../" * rel.count("/")
        languages = [(code, native, root + other) for code, native, other in self.switch(rel)]
        self.text(rel, page(title=title, lang=tr.code, body=body, root=root, tr=tr,
                            nav=[(label, root + href) for label, href in nav], scripts=scripts,
                            languages=languages))


def _asset(name: str) -> str:
    return resources.files("cardkit.site").joinpath("assets", name).read_text("utf-8")


def _review_data(data: Any, game: str, locale: str, cache: Path) -> LocaleReview:
    """The translation checks of one locale, each finding attributed to its field; the pair
    checks remembered in the check cache between builds (:mod:`cardkit.checking.pairmemo`)."""
    memo = PairMemo(cache / "review" / f"{game}.{locale}.json")
    found = review_data(data, locale, memo)
    memo.save()
    return found


def _review(data: Any, game: str, locale: str, cards: list[SiteCard], tr: Messages,
            games: list[tuple[str, str]], review: LocaleReview) -> str:
    """The translators' view of one locale (each card's rows with its front image; ``games``:
    the games with a view in this locale, for the game filter)."""
    return review_pages(data, game, locale, "../../", cards={c.id: c.kind for c in cards},
                        tr=tr, images={c.id: (c.front, c.size) for c in cards}, games=games,
                        review=review)


def _reports(paths: list[Path], tr: Messages, cards: dict[str, dict[str, str]] | None = None
             ) -> dict[str, str]:
    """The report pages' bodies by path (``reports/<name>.html``) in ``tr``'s locale, every
    card they name linked (``cards``: game -> id -> href from the report page)."""
    return dict(report_pages(paths, tr, cards)) if paths else {}


def _names(item: _Game, locale: str, cards: list[SiteCard], specs: dict[str, Any],
           overlay: Any) -> dict[str, str]:
    """Every card's name in the locale (qps: the English pseudo-localized)."""
    names = {c.id: card_name(specs[c.kind], c.record, overlay) for c in cards}
    if locale == PSEUDO_CODE:
        names = {k: pseudo_text(v) for k, v in names.items()}
    return names


def _build(job: SiteJob, plan: list[_Game], dpi: float, cache: Path, tmp: Path,
           reports: list[Path], previous: Previous, memo: UnitMemo) -> SiteResult:
    site = site_of(plan, bool(reports))
    games = {item.game: item.locales for item in plan}
    write = _Writer(tmp, lambda rel: site.same_page(rel, games), previous)
    around = [[[i.game, i.title, list(i.locales)] for i in plan], site.codes,
              sorted(site.natives.items()), bool(reports)]
    content = content_digests(job.content_dir)
    keys = {(i.game, loc): unit_key(i.game, loc, content, set(game_ids()) | set(games), dpi,
                                    around) for i in plan for loc in i.locales}
    units: dict[tuple[str, str], Unit] = {}
    for (game, locale), key in keys.items():
        found = memo.reuse(key, f"{game}/{locale}", tmp)
        if found is not None:
            units[(game, locale)] = found
            write.linked += len(found.files)
    reviews: dict[tuple[str, str], LocaleReview] = {}

    def meanwhile() -> None:  # the translation checks of the views, while the images export
        for item in plan:
            for locale in item.locales:
                if (item.game, locale) not in units and locale not in (SOURCE, PSEUDO_CODE):
                    reviews[(item.game, locale)] = _review_data(item.data, item.game, locale,
                                                                cache)

    exported = export_all([k for k in keys if k not in units],
                          ImageJob(job.content_dir, dpi, cache, previous), tmp, meanwhile)
    entries: list[Entry] = []
    counts: dict[tuple[str, str], int] = {}
    galleries: list[tuple[_Game, str, int, bool]] = []
    for item in plan:
        shared: dict[str, Any] = {}
        for locale in item.locales:
            unit = units.get((item.game, locale))
            if unit is None:
                unit = _unit(item, locale, exported[(item.game, locale)], site, plan, write,
                             reviews.get((item.game, locale)), shared)
                memo.add(keys[(item.game, locale)], f"{item.game}/{locale}", unit)
                units[(item.game, locale)] = unit
            entries += unit.entries
            counts[(item.game, locale)] = len(unit.cards)
            galleries.append((item, locale, len(unit.cards), unit.review))
            site.cards.setdefault(item.game, {}).setdefault(locale, set(unit.cards))
    for code in site.codes:
        _site_pages(write, site, code, galleries, reports)
    for name in ASSETS:
        write.text(f"assets/{name}", _asset(name))
    for rel, text in index_files(entries, {i.game: i.title for i in plan}, site.natives).items():
        write.text(rel, text)
    inputs = {k: v for unit in units.values() for k, v in unit.inputs.items()}
    write.text(INPUTS, inputs_record(inputs).decode("utf-8"))
    size = sum(p.stat().st_size for p in tmp.rglob("*") if p.is_file())
    failing = {(i.game, c): len(f) for i in plan for c, f in i.failing.items()}
    return SiteResult(Path(job.out), write.pages, counts, size,
                      fallbacks=sum(u.fallbacks for u in units.values()),
                      notes=[n for i in plan for loc in i.locales
                             if (n := units[(i.game, loc)].note)], failing=failing,
                      drawn=sum(d.drawn for d in exported.values()),
                      reused=write.linked + sum(d.linked for d in exported.values()))


def _unit(item: _Game, locale: str, images: Exported, site: Site, plan: list[_Game],
          write: _Writer, checked: LocaleReview | None, shared: dict[str, Any]) -> Unit:
    """Make one game's pages in one locale (its images exported): the gallery, the card pages,
    the translators' view (``checked``: its translation checks; none for the source and the
    pseudo-locale) and the downloads; ``shared``: what the game's locales share, made by the
    first that needs it."""
    spec = item.data.content.game
    specs = {k.name: k for k in spec.kinds}
    if not shared:
        targets = tuple(sorted(c for c in item.data.translations.overlays
                               if c != SOURCE and c in item.data.locales))
        shared.update(targets=targets, overlays={c: item.overlay(c) for c in targets},
                      withheld=item.withheld(),
                      natives={c: item.data.locales[c].native_name for c in targets})
    tr = site.messages[locale]
    decks, faces = images.decks, images.faces
    kinds = match_records(item.data.content, decks)
    cards = []
    for deck, ids in decks:
        for card_id in ids:
            if card_id not in kinds or kinds[card_id][0] != deck:
                continue
            if not _SAFE.fullmatch(card_id):
                raise UsageProblem(f"{item.game}: card id {card_id!r} cannot be a file name")
            kind = kinds[card_id][1]
            rec = item.data.content.index(kind)[card_id]
            _, front, back, shared_back, w, h = faces[card_id]
            cards.append(SiteCard(card_id, kind, rec, deck, front, back, (w, h), shared_back))
    unmatched = len({i for _, ids in decks for i in ids}) - len(cards)
    note = (f"{item.game}: {unmatched} printed card(s) without a content object (a duplicate "
            "across decks, or a generated card) are not listed"
            if unmatched and locale == item.locales[0] else None)
    overlay = item.overlay(locale) if locale not in (SOURCE, PSEUDO_CODE) else None
    names = _names(item, locale, cards, specs, overlay)
    native = site.natives[locale]
    categories = category_fields(cards)
    loc = Locale(locale, native, shared["targets"], shared["overlays"],
                 {**site.natives, **shared["natives"]}, categories, names, shared["withheld"])
    review = (_review(item.data, item.game, locale, cards, tr,
                      [(i.game, i.title) for i in plan if locale in i.locales], checked)
              if checked is not None else None)
    nav = site.nav(locale, item, review is not None)
    for card in cards:
        others = [(c, f"../../{c}/cards/{card.id}.html") for c in item.locales if c != locale]
        body = card_page(item.title, specs[card.kind], card, loc, names[card.id], others, tr)
        write.page(f"{item.game}/{locale}/cards/{card.id}.html",
                   title=f"{names[card.id]} · {item.title} · {native}", tr=tr, body=body,
                   nav=nav)
    if review is not None:
        write.page(f"{item.game}/{locale}/review.html",
                   title=tr("Translators’ view · {game} · {language}", game=item.title,
                            language=native),
                   tr=tr, body=review, nav=nav, scripts=("assets/review.js",))
    write.page(f"{item.game}/{locale}/index.html",
               title=tr("{game} · {language} · cards", game=item.title, language=native),
               tr=tr, body=gallery_page(item.game, item.title, locale, native, cards, names,
                                        review is not None, tr),
               nav=nav, scripts=("assets/filter.js",))
    for rel, data in downloads(item.game, locale, cards, names, specs, overlay,
                               categories).items():
        write.text(rel, data)
    return Unit([c.id for c in cards], search_entries(item.game, locale, cards, specs, names,
                                                      overlay),
                review is not None, images.fallbacks, note, images.inputs)


def _site_pages(write: _Writer, site: Site, code: str,
                galleries: list[tuple[_Game, str, int, bool]], reports: list[Path]) -> None:
    """The site index and the report pages in one locale."""
    tr = site.messages[code]
    folder = site.report_dir(code)
    bodies = _reports(reports, tr, site.card_links(code))
    for rel, body in sorted(bodies.items()):
        write.page(folder + Path(rel).name, title=page_title(body) or Path(rel).stem, tr=tr,
                   body=body, nav=site.nav(code))
    if bodies:

        write.page(folder + "index.html", title=tr("Reports"), tr=tr,
                   body=reports_index(bodies, tr), nav=site.nav(code))
    write.page(site.home(code), title=tr("cardkit: cards of every game"), tr=tr,
               body=_index_body(site, code, galleries), nav=site.nav(code))
    write.page(site.search_page(code), title=tr("Search the cards"), tr=tr,
               body=search_page_body(tr), nav=site.nav(code))


def _index_body(site: Site, code: str, galleries: list[tuple[_Game, str, int, bool]]) -> str:
    tr = site.messages[code]
    rows = []
    for item, locale, n, review in galleries:
        native = site.natives[locale]
        extra = (f' · <a href="{esc(item.game)}/{esc(locale)}/review.html">'
                 f"{esc(tr('translators’ view'))}</a>" if review else "")
        rows.append(f'<tr><th scope="row">{esc(item.title)}</th><td>'
                    f'<a href="{esc(item.game)}/{esc(locale)}/index.html" lang="{esc(locale)}">'
                    f"{esc(native)}</a>{extra}</td><td class=\"num\">{esc(tr.num(n))}</td></tr>\n")
    total = sum(n for *_, n, _ in galleries)
    more = (f'<p><a href="{esc(site.report_dir(code))}index.html">'
            f"{esc(tr('Simulation and balance reports'))}</a></p>\n" if site.reports else "")
    counted = (tr.n("{n} card page", "{n} card pages", total) + " · "
               + tr.n("{n} gallery", "{n} galleries", len(galleries)))
    return (f"<h1>{esc(tr('Cards of every game'))}</h1>\n"
            f"<p>{esc(counted)}</p>\n"
            f'<table class="games"><thead><tr><th scope="col">{esc(tr("Game"))}</th>'
            f'<th scope="col">{esc(tr("Language"))}</th>'
            f'<th scope="col">{esc(tr("Cards"))}</th></tr></thead><tbody>\n'
            + "".join(rows) + "</tbody></table>\n" + more)


def build_site(job: SiteJob) -> SiteResult:
    """Build the site; raise :class:`UsageProblem` (or ``ContentBlocked``) before writing
    anything when an option, the target or the content is not right."""
    started = time.monotonic()
    dpi = _check_dpi(job.dpi)
    reports = _check_reports(tuple(job.reports))
    content_dir = Path(job.content_dir)
    out = Path(job.out) if job.out is not None else default_out(content_dir)
    job.out = out
    job.content_dir = content_dir
    cache = DEFAULT_CACHE_DIR if job.cache_dir is None else Path(job.cache_dir)
    folder = _folder(job, out, content_dir)
    # the previous site's files are not read again; the collector held back (5 % of a rebuild)
    with remembered_digests(digests_record(cache, out)), few_collections():
        found = folder.check()
        previous = Previous.of(out, "site", found.changed)  # its unchanged files
        plan = _plan(job, cache)
        memo = UnitMemo(units_record(cache, out), previous)
        with folder.staged() as tmp:
            result = _build(job, plan, dpi, cache, tmp, reports, previous, memo)
        memo.save(read_manifest(out).files)
    result.notes += folder.notes
    result.seconds = time.monotonic() - started
    return result
