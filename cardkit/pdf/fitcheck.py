"""The fit check: every string of every face a game prints, fitted by the one layout mechanism.

``cardkit check`` (TER018, TRN015, … for the English; I18N018 for a translation) and ``cardkit
pdf`` (:func:`require_fit`, before anything is drawn) both read :meth:`Face.problems` of the
faces the game's templates build, so a text is checked exactly as it is drawn — beside its
badges, in its locale, on every template, the generic pages included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..core.diagnostics import Diagnostic, Severity
from ..core.plain import digest
from ..i18n.locale import Locale, Plural
from ..i18n.lookup import Localizer
from . import draw, fitshare
from .board import faces as board_faces
from .fit import FitError, Unfit, require_fit, unfit  # noqa: F401 - re-exported
from .fitmemo import FitMemo, Kept, group_digests
from .geometry import GeometryError, SheetOptions
from .layout import Face, Placed

if TYPE_CHECKING:
    from ..i18n.api import GameI18n
    from ..i18n.exchange import ImportPlan

#: The English locale used when a content folder defines none (fixtures, new projects).
ENGLISH = Locale(code="en", name="English", native_name="English", scripts=["Latin"],
                 plural=Plural(categories=["one", "other"], gettext="nplurals=2; plural=(n != 1);"),
                 decimal=".", group=[","], quotes=["\u201c", "\u201d"])


# ---------------------------------------------------------------------------------------------
# the check pass: every face of every deck (and board, and generic page) in every locale

#: A translation printed at less than this share of the English's font size gets I18N021.
SMALL_RATIO = 0.75
#: Page sizes the extra pages and generic pages are checked at (A4 and Letter).
CHECK_PAGES = ((210.0, 297.0), (215.9, 279.4))

FaceKey = tuple[str, ...]


def game_faces(game: Any, content: Any, loc: Any, units: str
               ) -> Iterator[tuple[FaceKey, str, Face]]:
    """Every face the game prints in one locale and unit system: ``(stable key, label, face)``.

    The key does not depend on the locale, so a face can be compared across locales.
    """
    for _, build in face_groups(game, content, loc, units):
        yield from build()


Group = Callable[[], list[tuple[FaceKey, str, Face]]]


def face_groups(game: Any, content: Any, loc: Any, units: str) -> Iterator[tuple[FaceKey, Group]]:
    """The faces of :func:`game_faces` in groups built together, not yet built: ``(the group's
    key, build)`` — a card side, an extra page, a deck's generic pages on one paper, a board on
    one paper. The keys do not depend on the locale; a share of the check builds only its
    groups (:func:`fit_diagnostics` on several processes)."""
    for deck in game.print_decks(content, loc, units):
        deck.strings, deck.locale, deck.number = loc.string, loc.code, loc.number
        for card in deck.cards:
            yield (deck.id, card.id, "front"), _one((deck.id, card.id, "front"),
                                                    f"{deck.id}/{card.id} front", card.front)
            if card.back is not None:
                yield (deck.id, card.id, "back"), _one((deck.id, card.id, "back"),
                                                       f"{deck.id}/{card.id} back", card.back)
        if deck.shared_back is not None:
            yield (deck.id, "", "back"), _one((deck.id, "", "back"), f"{deck.id} card back",
                                              deck.shared_back)
        for k, (name, page) in enumerate(deck.extra_pages):  # the name is the locale's: the
            for w, h in CHECK_PAGES:                         # key is the page's place
                key = (deck.id, f"page-{k}", f"{w:g}x{h:g}")
                yield key, _one(key, f"{deck.id} {name}", lambda page=page, w=w, h=h: page(w, h))
        if getattr(draw, "generic_faces", None) is not None:
            generic = GenericPages(deck, loc)
            for w, h in CHECK_PAGES:
                yield (deck.id, "generic", f"{w:g}x{h:g}"), PagesOn(generic, w, h)
    boards = getattr(game, "print_boards", None)
    if boards is not None:
        for board in boards(content, loc):
            for w, h in CHECK_PAGES:
                key = ("board", board.id, f"{w:g}x{h:g}")
                yield key, lambda board=board, key=key, w=w, h=h: [
                    ((*key[:2], str(i), key[2]), label, face)
                    for i, (label, face) in enumerate(board_faces(board, (w, h)))]


def _one(key: FaceKey, label: str, build: Callable[[], Face]) -> Group:
    return lambda: [(key, label, build())]


class GenericPages:
    """A deck's generic pages in one pass (information, calibration, index, footers), and
    what they read."""

    def __init__(self, deck: Any, loc: Any) -> None:
        self.deck, self.loc = deck, loc

    def faces(self, w: float, h: float) -> list[tuple[FaceKey, str, Face]]:
        """The faces on one paper (none when the card is bigger than the paper: there is no
        sheets PDF on it to check, and ``cardkit pdf --paper`` says so when asked for one)."""
        deck = self.deck
        opts = draw.PdfOptions(sheet=SheetOptions(paper=(w, h)), locale=self.loc.code)
        try:
            found = draw.generic_faces(deck, opts)
        except GeometryError:
            return []
        return [((deck.id, "generic", label, f"{w:g}x{h:g}"), f"{deck.id} {label}", face)
                for label, face in found]

    @cached_property
    def inputs(self) -> str:
        """The digest of all they read besides the paper: the locale and
        :func:`cardkit.pdf.draw.generic_inputs` (the same in a locale's metric and imperial
        passes: the pages of the second are not laid out again, see :func:`fit_share`)."""
        return digest(self.loc.code, draw.generic_inputs(self.deck))


@dataclass(frozen=True)
class PagesOn:
    """The group of a deck's generic pages on one paper: :meth:`GenericPages.faces` when
    called."""

    pages: GenericPages
    w: float
    h: float

    def __call__(self) -> list[tuple[FaceKey, str, Face]]:
        """The faces."""
        return self.pages.faces(self.w, self.h)


#: A candidate finding: where the serial check meets it (pass, group, face, text), the key it is
#: kept once under (the first met wins), and the diagnostic.
Found = tuple[tuple[int, int, int, int], tuple[Any, ...], Diagnostic]


def fit_diagnostics(content: Any, overlays: dict[str, Any], locales: dict[str, Any],
                    memo: FitMemo | None = None, salt: tuple[str, ...] = ()
                    ) -> list[Diagnostic]:
    """The fit check of a game's printed faces in English and in every translated locale.

    English texts that do not fit get the game's fit code (``game.fit_code``, e.g. TER018) at the
    content field they come from; translations get I18N018 at their overlay entry, and I18N021
    (a warning) when they print at under :data:`SMALL_RATIO` of the English's size.

    The check may be shared among the CPUs (:mod:`.fitshare`, ``CARDKIT_FIT_WORKERS``); the
    findings are the same, in the same order, as one process's. With a ``memo`` (a process
    checking again and again: the language server), a game that declares ``fit_local`` lays out
    only the cards whose inputs changed (:mod:`.fitmemo`; ``salt``: what else the faces read,
    the digests of the game's image files); the findings are the same.
    """
    game = content.game
    if getattr(game, "print_decks", None) is None or getattr(game, "fit_code", None) is None:
        return []
    passes = fit_passes(content, overlays, locales)
    if not passes:
        return []
    code, locale, overlay, units = passes[0]
    order = [key for key, _ in face_groups(game, content, Localizer(content, locale, overlay),
                                           units)]
    if memo is not None and getattr(game, "fit_local", False):
        found = _remembered(memo, content, overlays, locales, passes, order, salt)
    else:
        found = fitshare.shared(content, passes, fit_share, order)
    out: dict[tuple[Any, ...], Diagnostic] = {}
    for _, key, d in found:
        out.setdefault(key, d)
    return list(out.values())


def _remembered(memo: FitMemo, content: Any, overlays: dict[str, Any], locales: dict[str, Any],
                passes: list[Pass], order: list[FaceKey], salt: tuple[str, ...]) -> list[Found]:
    """:func:`fit_share` of the groups whose inputs changed, the others' findings from
    ``memo``, in the order one process meets them."""
    digests = group_digests(memo, content, overlays, locales, order, salt,
                            _generic_inputs(content, passes))
    memo.record_digest.clear()
    known = {k: memo.groups[k][1] for k, dg in digests.items()
             if k in memo.groups and memo.groups[k][0] == dg}
    places: dict[tuple[int, int], FaceKey] = {}
    found = fit_share(content, passes, lambda key: key not in known, places)
    where = {(n_pass, key): n_group for (n_pass, n_group), key in places.items()}
    fresh: dict[FaceKey, list[Kept]] = {k: [] for k in digests if k not in known}
    for (n_pass, n_group, n_face, n_text), kept, d in found:
        key = places[(n_pass, n_group)]
        if key in fresh:
            fresh[key].append(((n_pass, n_face, n_text), kept, d))
    for key, rows in known.items():
        found += [((n_pass, where[(n_pass, key)], n_face, n_text), kept, d)
                  for (n_pass, n_face, n_text), kept, d in rows if (n_pass, key) in where]
    memo.groups = {k: (digests[k], known[k] if k in known else fresh[k]) for k in digests}
    memo.laid_out = len(fresh)
    found.sort(key=lambda f: f[0])
    return found


def _generic_inputs(content: Any, passes: list[Pass]) -> dict[FaceKey, list[Any]]:
    """What each deck's generic pages read, by their group key, pass by pass."""
    if getattr(draw, "generic_faces", None) is None:
        return {}
    out: dict[FaceKey, list[Any]] = {}
    for code, locale, overlay, units in passes:
        loc = Localizer(content, locale, overlay)
        for deck in content.game.print_decks(content, loc, units):
            for w, h in CHECK_PAGES:
                out.setdefault((deck.id, "generic", f"{w:g}x{h:g}"), []).append(
                    [code, units, draw.generic_inputs(deck)])
    return out


#: One pass of the check: a locale's code, its localizer's parts, and a unit system.
Pass = tuple[str, Any, Any, str]


def fit_passes(content: Any, overlays: dict[str, Any], locales: dict[str, Any]) -> list[Pass]:
    """English first, then each translated locale; each in every unit system the game prints."""
    out = []
    for code in ["en", *sorted(c for c in overlays if c != "en")]:
        locale = locales.get(code) or (ENGLISH if code == "en" else None)
        if locale is None:
            continue  # an overlay of an undefined locale: I18N019 reports it
        overlay = overlays.get(code) if code != "en" else None
        for units in getattr(content.game, "print_units", ("metric",)):
            out.append((code, locale, overlay, units))
    return out


def fit_share(content: Any, passes: list[Pass], take: Callable[[FaceKey], bool] | None = None,
              places: dict[tuple[int, int], FaceKey] | None = None) -> list[Found]:
    """The candidate findings of the face groups ``take`` accepts (all: ``None``), in the
    order one process meets them. Every pass of a group is in the same share, so the English
    size a translation is compared with (I18N021) is always at hand. ``places``, when given,
    gets every group's key by ``(pass, group)`` number."""
    game = content.game
    code_info = game.fit_code
    found: list[Found] = []
    en_sizes: dict[tuple[Any, ...], float] = {}
    generic_seen: set[tuple[FaceKey, str]] = set()
    for n_pass, (code, locale, overlay, units) in enumerate(passes):
        loc = Localizer(content, locale, overlay)
        for n_group, (group_key, build) in enumerate(face_groups(game, content, loc, units)):
            if places is not None:
                places[(n_pass, n_group)] = group_key
            if take is not None and not take(group_key) or _seen(group_key, build,
                                                                  generic_seen):
                continue
            for n_face, (key, label, face) in enumerate(build()):
                for n_text, p in enumerate(face.placed):
                    at = (n_pass, n_group, n_face, n_text)
                    slot = (key, p.frame.name, p.source)
                    if p.fits and p.flowed is not None:
                        if code == "en":
                            en_sizes.setdefault(slot, p.flowed.size)
                        elif slot in en_sizes and \
                                p.flowed.size < SMALL_RATIO * en_sizes[slot] - 1e-9:
                            d = _located(content, overlay, p, code, "I18N021", Severity.WARNING,
                                         f"{code}: printed at {p.flowed.size:g} pt where the "
                                         f"English is {en_sizes[slot]:g} pt ({label}); "
                                         "shorten it", key[0])
                            found.append((at, (d.code, d.file, d.pointer, p.frame.name), d))
                        continue
                    what = f"{code}: {_quote(p.text)} {p.message()} on {label}; {_fix(p)}"
                    if code == "en":
                        d = _located(content, None, p, code, code_info.code, Severity.ERROR,
                                     what, key[0])
                    else:
                        d = _located(content, overlay, p, code, "I18N018", Severity.ERROR, what,
                                     key[0])
                    found.append((at, (d.code, d.file, d.pointer, p.frame.name), d))
    return found


def _seen(key: FaceKey, build: Group, seen: set[tuple[FaceKey, str]]) -> bool:
    """Whether ``build`` makes generic pages an earlier pass made from the same inputs (their
    findings would be the earlier ones again, which the report keeps once); notes them."""
    if not isinstance(build, PagesOn):
        return False
    if (key, build.pages.inputs) in seen:
        return True
    seen.add((key, build.pages.inputs))
    return False


def fit_errors(content: Any, overlay: Any, locale: Any, refs: set[tuple[str, str, str]]
               ) -> Iterator[tuple[Diagnostic, tuple[str, str, str]]]:
    """I18N018 for the texts ``refs`` (kind, id, key) of one locale's ``overlay`` that do not
    fit where the game prints them: ``(diagnostic at the overlay entry, ref)``.

    Only faces that print one of ``refs`` are laid out (what an import checks before it
    writes); the English comparison (I18N021) is left to ``cardkit check``.
    """

    game = content.game
    if getattr(game, "print_decks", None) is None:
        return
    loc = Localizer(content, locale, overlay)
    seen: set[tuple[Any, ...]] = set()
    for units in getattr(game, "print_units", ("metric",)):
        for key, label, face in game_faces(game, content, loc, units):
            if not any(kind == "text" and payload.source is not None and
                       (payload.source.kind, payload.source.id, payload.source.key) in refs
                       for kind, payload in face.items):
                continue
            for p in face.placed:
                ref = (p.source.kind, p.source.id, p.source.key) if p.source else None
                if p.fits or ref not in refs or (ref, p.frame.name) in seen:
                    continue
                seen.add((ref, p.frame.name))
                what = f"{locale.code}: {_quote(p.text)} {p.message()} on {label}; {_fix(p)}"
                yield _located(content, overlay, p, locale.code, "I18N018", Severity.ERROR,
                               what, key[0]), ref  # type: ignore[misc]


def incoming_fit_errors(data: GameI18n, code: str, plan: ImportPlan, display: str
                        ) -> list[Diagnostic]:
    """The print fit check (I18N018) of the texts a translation import would write, on the
    game's own templates, at their line in the exchange file (``display``). Only the faces that
    print an incoming text are laid out."""
    from ..i18n.overlay import Entry, LocaleOverlay, Translation

    if not plan.updates or getattr(data.content.game, "print_decks", None) is None:
        return []
    current = data.overlay(code)
    merged = LocaleOverlay(code, {kind: {obj: dict(fields) for obj, fields in objs.items()}
                                  for kind, objs in current.entries.items()},
                           dict(current.files))
    for (kind, obj_id, key), update in plan.updates.items():
        merged.entries.setdefault(kind, {}).setdefault(obj_id, {})[key] = Entry(
            Translation(text=update.text, src=update.src, same=bool(update.same)), display,
            ("entries", obj_id, key))
    out = []
    for d, ref in fit_errors(data.content, merged, data.locales[code], set(plan.updates)):
        out.append(d.with_position(plan.lines.get(ref, 1), 1) if d.file == display else d)
    return out


def _fix(p: Placed) -> str:
    """What to do about a text that cannot be printed as it is."""
    return "write it with characters the font has" if p.missing else "shorten it"


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


def _located(content: Any, overlay: Any, p: Placed, code: str, diag_code: str,
             severity: Severity, message: str, deck_id: str) -> Diagnostic:
    """A diagnostic at the overlay entry (translations) or content field (English) printed."""
    src = p.source
    if overlay is not None and src is not None:
        entry = overlay.get(src.kind, src.id, src.key)
        if entry is not None:
            return Diagnostic(diag_code, severity, message, entry.file, object_id=src.id,
                              pointer=entry.pointer + ("text",))
        objects = overlay.entries.get(src.kind, {})
        for fields in ([objects[src.id]] if src.id in objects else []):
            first = next(iter(fields.values()))
            return Diagnostic(diag_code, severity, message, first.file, object_id=src.id,
                              pointer=first.pointer[:2])
        file = overlay.files.get(src.kind) or next(iter(overlay.files.values()), None)
        if file is not None:
            return Diagnostic(diag_code, severity, message, file.display, 1, 1,
                              object_id=src.id)
    rec = None
    path: tuple[Any, ...] = ()
    if src is not None:
        rec = content.index(src.kind).get(src.id)
        path = tuple(int(k) if k.isdigit() else k for k in src.key.split("."))
    if rec is None:
        rec = content.index("decks").get(deck_id)
        path = ()
    if rec is None:
        any_rec = next((r for kind in content.game.kinds for r in content.of(kind.name)), None)
        return Diagnostic(diag_code, severity, message, any_rec.file if any_rec else "?", 1, 1)
    return Diagnostic(diag_code, severity, message, rec.file, object_id=rec.id,
                      pointer=rec.pointer + path)
