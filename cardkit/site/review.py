"""The translators' view of one game and locale: ``<out>/<game>/<locale>/review.html``.

Coverage per kind (translated, missing, stale, failing: the states ``cardkit i18n status``
counts), then one row per object and field: the English, the translation and its state. A
stale row shows the English the translation was made from (the game's store of English texts,
:mod:`cardkit.i18n.history`) beside the current English, with a word diff; a failing row shows
the codes and messages of the translation checks ``cardkit i18n check`` runs.

Nothing is recomputed here: the findings are :func:`~cardkit.i18n.translations.check_translations`'
(the same call, checks and waivers as ``status`` and ``check``), attributed to the overlay entry
they point at; the totals row is that call's :class:`~cardkit.i18n.translations.LocaleStatus`.

The page's words are in the locale of the :class:`~.messages.Messages` given (``tr``: the
locale reviewed, on the site); the findings' messages are the checks' own (English, ``lang="en"``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.loading import extra_pair_checks
from ..core.diagnostics import Diagnostic, Severity
from ..core.sourcemap import resolve_locations
from ..i18n.glossary import Term, mentions
from ..i18n.history import WORD_TOKEN_RE
from ..i18n.api import GameI18n
from ..i18n.locale import SOURCE_LOCALE
from ..i18n.overlay import Entry
from ..i18n.sources import SourceText, SourceValue
from ..i18n.checks import pair_diagnostics
from ..i18n.translations import KindStatus, LocaleStatus, PairRunner, check_translations

from .html import esc
from .messages import ENGLISH, Messages

#: The states of one field, in the order the page lists them.
STATES = ("ok", "missing", "stale", "failing")
_PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")


@dataclass(slots=True)
class FieldRow:
    """One translatable field of one object, in one locale."""

    source: SourceText
    entry: Entry | None
    findings: list[Diagnostic] = field(default_factory=list)
    old: SourceValue | None = None  # the English a stale translation was made from

    @property
    def missing(self) -> bool:
        return self.entry is None

    @property
    def stale(self) -> bool:
        return self.entry is not None and self.entry.translation.src != self.source.fingerprint

    @property
    def failing(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.findings)

    @property
    def states(self) -> list[str]:
        """``missing``; or ``stale`` and/or ``failing``; else ``ok``."""
        if self.missing:
            return ["missing"]
        out = [s for s, on in (("stale", self.stale), ("failing", self.failing)) if on]
        return out or ["ok"]


@dataclass(slots=True)
class LocaleReview:
    """Everything the review page shows."""

    game: str
    locale: str
    status: LocaleStatus
    rows: list[FieldRow]
    coverage: list[KindStatus]  # the status's kinds that have fields, in the game's order
    other: list[Diagnostic]  # the locale's findings that belong to no field (orphans, files)


def review_data(data: GameI18n, locale: str, pairs: PairRunner = pair_diagnostics
                ) -> LocaleReview:
    """Run the translation checks of one locale and attribute each finding to its field
    (``pairs``: the pair checks of one text, or a memo of them: :mod:`cardkit.checking.pairmemo`)."""
    game = data.content.game
    found, statuses = check_translations(data.content, data.translations, data.locales,
                                         extra_pair_checks(game), only={locale}, pairs=pairs)
    found = resolve_locations(found, data.texts.get)  # file:line:col, as `cardkit check`
    sources = data.sources()
    status = next((s for s in statuses if s.locale == locale), None)
    if status is None:  # no overlay for the locale yet
        status = LocaleStatus.untranslated(game.id, locale, sources)
    overlay = data.overlay(locale)
    history = data.translations.history.texts
    rows: list[FieldRow] = []
    by_entry: dict[tuple[str, tuple[object, ...]], FieldRow] = {}
    for src in sources:
        entry = overlay.get(src.kind, src.object_id, src.key)
        row = FieldRow(src, entry)
        if entry is not None:
            by_entry[(entry.file, tuple(entry.pointer))] = row
            if row.stale:
                row.old = history.get(entry.translation.src)
        rows.append(row)
    other: list[Diagnostic] = []
    side = (f"/i18n/{locale}/", f"/glossary/{locale}.")
    for d in found:
        pointer = tuple(d.pointer or ())
        row = by_entry.get((d.file, pointer[:3]))
        if row is not None:
            row.findings.append(d)
        elif d.code != "I18N001" and any(s in d.file for s in side):
            other.append(d)  # I18N001 (missing) is the row's state
    for row in rows:
        row.findings.sort(key=lambda d: (d.severity is not Severity.ERROR, d.code, d.message,
                                         tuple(map(str, d.pointer or ()))))
    order = {kind.name: i for i, kind in enumerate(game.kinds)}
    coverage = sorted(status.kinds.values(), key=lambda k: order.get(k.kind, len(order)))
    other.sort(key=lambda d: (d.code, d.message, tuple(map(str, d.pointer or ()))))
    return LocaleReview(game.id, locale, status, rows, [c for c in coverage if c.total], other)


def card_pages(data: GameI18n) -> dict[str, str]:
    """``card id -> kind`` of the cards the site has a page for (``cards/<id>.html``): every
    card of the game's print decks whose kind is a card kind — a kind every object of which is
    printed as a card (so a Terra region that shares an id with a card does not link to it)."""
    from ..i18n.lookup import Localizer
    from ..pdf.draw import print_kwargs

    game = data.content.game
    printer = getattr(game, "print_decks", None)
    if printer is None or SOURCE_LOCALE not in data.locales:
        return {}
    loc = Localizer(data.content, data.locales[SOURCE_LOCALE], None)
    units = getattr(game, "print_units", ("metric",))[0]
    decks = printer(data.content, loc, units, **print_kwargs(printer, False))
    printed = {card.id for deck in decks for card in deck.cards}
    out: dict[str, str] = {}
    for kind in game.kinds:
        ids = [r.id for r in data.content.of(kind.name)]
        if ids and all(i in printed for i in ids):
            for i in ids:
                out.setdefault(i, kind.name)
    return out


def review_pages(data: GameI18n, game: str, locale: str, root: str,
                 cards: Mapping[str, str] | None = None, tr: Messages = ENGLISH,
                 images: Mapping[str, tuple[str, tuple[int, int]]] | None = None,
                 games: Sequence[tuple[str, str]] = (),
                 pairs: PairRunner = pair_diagnostics, review: LocaleReview | None = None
                 ) -> str:
    """The body HTML of the translators' view of ``game`` in ``locale`` (``pairs``: as
    :func:`review_data`; ``review``: its result when the caller has it already).

    ``root`` is the relative path from the page to the site's top folder (``../../``);
    ``cards`` maps the id of every card with a page in ``cards/`` to its kind (default:
    :func:`card_pages`); ``images`` maps a card id to its front image (relative to the page)
    and its size in pixels, shown beside its rows. Every row carries its glossary terms, every
    finding its file, line and column, and the filter form (``review.js``) narrows the rows by
    state, kind and check code. ``games`` are ``(game id, title)`` of every game with a view in
    this locale: the game filter goes to the same view of another game, keeping the other
    filters. Deterministic: content order, sorted findings, no dates or paths. The page's words are in
    ``tr``'s locale (English by default).
    """
    review = review_data(data, locale, pairs) if review is None else review
    pages = card_pages(data) if cards is None else dict(cards)
    loc = data.locales.get(locale)
    name = loc.native_name if loc is not None else locale
    title = getattr(data.content.game, "title", game)
    s = review.status
    heading = tr.html("Translators’ view: {game} · {language}", game=esc(title),
                      language=f'<span lang="{esc(locale)}">{esc(name)}</span>')
    summary = tr.n("{translated} of {n} field translated ({percent}%)",
                   "{translated} of {n} fields translated ({percent}%)", s.total,
                   translated=tr.num(s.translated), percent=tr.fixed(s.percent, 1))
    states = "; ".join((tr("missing: {n}", n=s.missing), tr("stale: {n}", n=s.stale),
                        tr("failing: {n}", n=s.failing),
                        tr("with waived checks: {n}", n=s.waived)))
    out = [f"<h1>{heading}</h1>",
           f'<p class="summary">{esc(summary)} · {esc(states)}. '
           f'<a href="{esc(root)}index.html">{esc(tr("All games"))}</a> · '
           f'<a href="index.html">{esc(tr("Gallery"))}</a></p>']
    out.append(_coverage_table(review, locale, tr, name))
    if review.other:
        out.append(f'<section id="other-findings"><h2>{esc(tr("Findings outside the fields"))}'
                   "</h2>" + _findings(review.other, tr, game) + "</section>")
    by_kind: dict[str, list[FieldRow]] = {}
    for row in review.rows:
        by_kind.setdefault(row.source.kind, []).append(row)
    out.append(_filter_form(review.rows, list(by_kind), tr,
                            [(g, t, f"{root}{g}/{locale}/review.html") for g, t in games], game))
    context = _Context(locale, pages, dict(images or {}), data.translations.glossaries.get(
        locale, []), tr, name, game)
    for kind, rows in by_kind.items():
        out.append(_kind_table(kind, rows, context))
    return "\n".join(out) + "\n"


@dataclass(frozen=True, slots=True)
class _Context:
    """What every row of the page needs."""

    locale: str
    pages: Mapping[str, str]
    images: Mapping[str, tuple[str, tuple[int, int]]]
    terms: list[Term]
    tr: Messages
    name: str
    game: str


def _filter_form(rows: list[FieldRow], kinds: list[str], tr: Messages,
                 games: Sequence[tuple[str, str, str]] = (), game: str = "") -> str:
    """The filters of the rows (hidden without JavaScript: every row shows); with ``games``
    (``(id, title, href)``), a game filter that opens another game's view."""
    codes = sorted({d.code for row in rows for d in row.findings})
    chooser = ""
    if len(games) > 1:
        options = "".join(
            f'<option value="{esc(g)}" data-href="{esc(href)}"'
            + (" selected" if g == game else "") + f">{esc(title)}</option>"
            for g, title, href in games)
        chooser = (f'<div class="filter"><label for="filter-game">{esc(tr("Game"))}</label> '
                   f'<select name="game" id="filter-game">{options}</select></div>')

    def select(name: str, label: str, values: list[tuple[str, str]]) -> str:
        options = f'<option value="">{esc(tr("all"))}</option>' + "".join(
            f'<option value="{esc(v)}">{esc(text)}</option>' for v, text in values)
        return (f'<div class="filter"><label for="filter-{name}">{esc(label)}</label> '
                f'<select name="{name}" id="filter-{name}">{options}</select></div>')

    parts = [select("state", tr("State"), [(s, tr.p("state", s)) for s in STATES]),
             select("kind", tr("Kind"), [(k, tr.p("kind", k)) for k in kinds]),
             select("code", tr("Check code"), [(c, c) for c in codes])]
    return (f'<form id="review-filters" aria-label="{esc(tr("Filters"))}" hidden>'
            + chooser + "".join(parts) + f'<button type="reset">{esc(tr("Show all"))}</button></form>'
            '<p id="review-count" class="meta" aria-live="polite"></p>')


def _terms(row: FieldRow, terms: list[Term]) -> list[Term]:
    """The glossary terms the English of ``row`` uses (as the glossary check finds them)."""
    text = row.source.text
    english = " ".join(text.values()) if isinstance(text, dict) else str(text)
    field_name = row.source.key.rsplit(".", 1)[-1]
    return [t for t in terms if (not t.fields or field_name in t.fields)
            and mentions(english, t.match or [t.term])]


def _coverage_table(review: LocaleReview, locale: str, tr: Messages, name: str) -> str:
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in (
        tr("Kind"), tr("Fields"), tr("Translated"), "%", tr("Missing"), tr("Stale"),
        tr("Failing")))
    body = []
    for c in review.coverage:
        body.append(f'<tr><th scope="row"><a href="#kind-{esc(c.kind)}">'
                    f'{esc(tr.p("kind", c.kind))}</a></th>'
                    + _nums(tr, c.total, c.translated, tr.fixed(c.percent, 1), c.missing,
                            c.stale, c.failing) + "</tr>")
    s = review.status
    foot = (f'<tr><th scope="row">{esc(tr("All kinds"))}</th>'
            + _nums(tr, s.total, s.translated, tr.fixed(s.percent, 1), s.missing, s.stale,
                    s.failing) + "</tr>")
    caption = tr.html("Coverage per kind in {language} (as {command} counts it)",
                      language=f'<span lang="{esc(locale)}">{esc(name)}</span>',
                      command='<code translate="no">cardkit i18n status</code>')
    return (f'<table class="coverage" id="coverage"><caption>{caption}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
            f"<tfoot>{foot}</tfoot></table>")


def _nums(tr: Messages, *values: object) -> str:
    return "".join(f'<td class="num">{esc(tr.num(v) if isinstance(v, int) else v)}</td>'
                   for v in values)


def _kind_table(kind: str, rows: list[FieldRow], ctx: _Context) -> str:
    tr, locale, name = ctx.tr, ctx.locale, ctx.name
    head = "".join(f'<th scope="col">{h}</th>' for h in (
        esc(tr("Object")), esc(tr("Field")), esc(tr("English")),
        f'<span lang="{esc(locale)}">{esc(name)}</span>', esc(tr("State"))))
    body = []
    for row in rows:
        src = row.source
        obj = esc(src.object_id)
        if ctx.pages.get(src.object_id) == src.kind:
            image = ctx.images.get(src.object_id)
            thumb = ""
            if image:
                path, (w, h) = image
                alt = tr("{name} (front)", name=src.object_id)
                thumb = (f'<img src="{esc(path)}" alt="{esc(alt)}" width="60" '
                         f'height="{round(60 * h / max(w, 1))}" loading="lazy" class="thumb">')
            obj = f'<a href="cards/{esc(src.object_id)}.html">{thumb}{obj}</a>'
        states = row.states
        anchor = esc(f"{src.kind}-{src.object_id}-{src.key}")
        codes = " ".join(sorted({d.code for d in row.findings}))
        found = _terms(row, ctx.terms)
        glossary = ('<ul class="terms">' + "".join(
            f'<li><span lang="en">{esc(t.term)}</span> → <span lang="{esc(locale)}">'
            f"{esc(t.translation)}</span></li>" for t in found) + "</ul>") if found else ""
        body.append(
            f'<tr id="{anchor}" class="{" ".join("state-" + s for s in states)}" '
            f'data-kind="{esc(src.kind)}" data-codes="{esc(codes)}">'
            f'<th scope="row" translate="no">{obj}</th>'
            f'<td><code translate="no">{esc(src.key)}</code></td>'
            f'<td lang="en" translate="no">{_english(row, tr)}{glossary}</td>'
            f'<td lang="{esc(locale)}">{_target(row, tr)}</td>'
            f'<td>{_state(row, tr, ctx.game)}</td></tr>')
    label = esc(tr.p("kind", kind))
    caption = tr.html("{kind}: English and {language}, {fields}", kind=label,
                      language=f'<span lang="{esc(locale)}">{esc(name)}</span>',
                      fields=esc(tr.n("{n} field", "{n} fields", len(rows))))
    return (f'<section id="kind-{esc(kind)}"><h2>{label}</h2>'
            f'<table class="review"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></section>")


def _value(value: SourceValue | object) -> str:
    """A text, or a plural text as a list of forms."""
    if isinstance(value, dict):
        forms = sorted(value, key=lambda f: _PLURAL_ORDER.index(f) if f in _PLURAL_ORDER
                       else len(_PLURAL_ORDER))
        return '<dl class="plural">' + "".join(
            f"<dt>{esc(f)}</dt><dd>{esc(value[f])}</dd>" for f in forms) + "</dl>"
    return esc(value)


def _english(row: FieldRow, tr: Messages) -> str:
    if not row.stale:
        return _value(row.source.text)
    new = row.source.text
    labels = {k: f'<span class="label" lang="{esc(tr.code)}" translate="yes">{esc(v)}</span>'
              for k, v in (("new English", tr("new English")), ("old English", tr("old English")),
                           ("changes", tr("changes")))}
    if row.old is None:
        return (f'<div class="new">{labels["new English"]} {_value(new)}</div>'
                f'<div class="old">{labels["old English"]} <em lang="{esc(tr.code)}" '
                f'translate="yes">{esc(tr("not stored (I18N030)"))}</em></div>')
    return (f'<div class="old">{labels["old English"]} {_value(row.old)}</div>'
            f'<div class="new">{labels["new English"]} {_value(new)}</div>'
            f'<div class="diff">{labels["changes"]} {_diff(row.old, new)}</div>')


def _diff(old: SourceValue, new: SourceValue) -> str:
    if isinstance(old, str) and isinstance(new, str):
        return _word_diff(old, new)
    olds = old if isinstance(old, dict) else {"other": old}
    news = new if isinstance(new, dict) else {"other": new}
    forms = sorted(set(olds) | set(news), key=lambda f: _PLURAL_ORDER.index(f)
                   if f in _PLURAL_ORDER else len(_PLURAL_ORDER))
    return '<dl class="plural">' + "".join(
        f"<dt>{esc(f)}</dt><dd>{_word_diff(olds.get(f, ''), news.get(f, ''))}</dd>"
        for f in forms) + "</dl>"


def _word_diff(old: str, new: str) -> str:
    """A word diff as HTML: removed words in ``<del>``, added ones in ``<ins>``."""
    a, b = WORD_TOKEN_RE.findall(old), WORD_TOKEN_RE.findall(new)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b,
                                                      autojunk=False).get_opcodes():
        if op == "equal":
            out.append(esc("".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(f'<del>{esc("".join(a[i1:i2]))}</del>')
        if j2 > j1:
            out.append(f'<ins>{esc("".join(b[j1:j2]))}</ins>')
    return "".join(out)


def _target(row: FieldRow, tr: Messages) -> str:
    if row.entry is None:
        return f'<span class="missing" lang="{esc(tr.code)}">{esc(tr("not translated"))}</span>'
    t = row.entry.translation
    extra = []
    here = f' lang="{esc(tr.code)}"'
    if t.same:
        extra.append(f'<span class="same"{here}>{esc(tr("same as the English (a name)"))}</span>')
    for code in sorted(t.waive):
        extra.append(f'<span class="waiver"{here}>' + tr.html(
            "waived {code}: {reason}", code=f"<code>{esc(code)}</code>",
            reason=esc(t.waive[code]))
            + "</span>")
    if t.comment:
        extra.append(f'<span class="comment"{here}>'
                     + tr.html("translator’s note: {note}", note=esc(t.comment)) + "</span>")
    notes = "".join(f"<br>{e}" for e in extra)
    return _value(t.text) + notes


def _state(row: FieldRow, tr: Messages, game: str | None = None) -> str:
    labels = "".join(f'<span class="state {s}">{esc(tr.p("state", s))}</span> '
                     for s in row.states).strip()
    return labels + (_findings(row.findings, tr, game) if row.findings else "")


def _findings(found: Iterable[Diagnostic], tr: Messages, game: str | None = None) -> str:
    """Findings as a list; with ``game``, each names its file relative to the game folder
    (never a machine's path). The messages are the checks' own, in English."""
    def where(d: Diagnostic) -> str:
        marker = f"/{game}/"
        if game is None or marker not in f"/{d.file}":
            return ""
        at = f"/{d.file}".rsplit(marker, 1)[1] + (f":{d.line}:{d.col}" if d.line else "")
        return f' <span class="file" translate="no">{esc(at)}</span>'
    items = "".join(f'<li class="{esc(d.severity.value)}"><code translate="no">{esc(d.code)}</code> '
                    f"{esc(tr.p('severity', d.severity.value))}{where(d)}: "
                    f'<span lang="en" translate="no">{esc(d.message)}</span></li>' for d in found)
    return f'<ul class="findings">{items}</ul>'
