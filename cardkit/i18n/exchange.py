"""PO exchange with translators (Weblate, Crowdin, Poedit, Lokalize); the shared import plan.

XLIFF 2.0 and 1.2 live in :mod:`cardkit.i18n.xliff`; both planners fill the same
:class:`ImportPlan` through :func:`_plan_one`.

Export: one entry per translatable field; ``msgctxt`` = ``kind/id/field``; ``#.`` comments give
the object's name and the field's size limit; ``#:`` the English text's file (relative to the
content folder) and line; stale translations are exported ``fuzzy`` with the English they were
made from as ``#| msgid``; plural texts use ``msgid_plural`` and the locale's ``Plural-Forms``.

Import (all or nothing): the file is read by the strict, linear reader of
:mod:`cardkit.i18n.po`; the header (language, game, charset, Plural-Forms) and every entry are
validated first — unknown contexts, plural shape, malformed lines — and reported with their
line; only then are overlays written. Empty and fuzzy entries change nothing (an import never
drops a translation), source text is never touched, and a translation whose English no longer
matches the current one is stored with the fingerprint of the English it was made from, so it
shows up as stale.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field, replace
from inspect import cleandoc
from pathlib import Path

import polib

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.discovery import FileProblem, display_path, read_content_bytes
from .locale import Locale
from .overlay import COMMENT_MAX_CHARS, LocaleOverlay
from .po import parse_po
from .plural_check import checked_plural_forms
from .sources import SourceText, SourceValue, fingerprint
from .writer import FieldRef, Update

#: An exchange file larger than this is refused before it is read whole (a whole game's PO is
#: well under 1 MB; 32 MiB leaves room for every game and locale of a big project).
MAX_EXCHANGE_BYTES = 32 * 1024 * 1024
#: A single PO string (msgctxt, msgid, msgstr) longer than this is refused at its line: no card
#: text comes near it, and a runaway field would otherwise be written into an overlay.
MAX_FIELD_CHARS = 20_000
#: Errors listed per file; the rest are counted.
MAX_ERRORS = 50
IMPORT_CODES = (CodeInfo("I18N020", Severity.ERROR, "exchange file rejected", cleandoc("""
    A PO or XLIFF file that cannot be imported: malformed, for another locale, an unknown
    msgctxt, or plural forms that do not fit. Nothing is written. (The examples are PO.)

    Bad:
        msgctxt "cards/eifel-tower/topic"
        msgid "Eiffel Tower"
        msgstr "Πύργος του Άιφελ"

    Good:
        msgctxt "cards/eiffel-tower/topic"
        msgid "Eiffel Tower"
        msgstr "Πύργος του Άιφελ"
    """)),)


def _object_label(src: SourceText) -> str:
    obj = src.record.obj
    for name in ("topic", "name", "label", "id"):
        value = getattr(obj, name, None)
        if isinstance(value, str):
            return value
    return src.object_id


def _location(src: SourceText, lines: dict[str, int], root: str | None) -> tuple[str, str]:
    file = src.record.file
    if root is not None:  # relative to the content folder: the same bytes on every machine
        file = os.path.relpath(file, root).replace(os.sep, "/")
    return (file, str(lines.get(src.context, 0)))


#: Header values a PO file has until a translator's tool fills them in (gettext's own).
UNREVISED = {"PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE",
             "Last-Translator": "FULL NAME <EMAIL@ADDRESS>"}


def po_metadata(game: str, locale: Locale, revision: dict[str, str] | None = None
                ) -> dict[str, str]:
    """The header of a PO export: gettext's standard fields, in gettext's order.

    ``revision`` gives ``PO-Revision-Date`` and ``Last-Translator`` as recorded by the last
    import of the locale (see :func:`header_revision`); without it they keep gettext's
    initial values, which every PO editor replaces on save.
    """
    revision = {**UNREVISED, **(revision or {})}
    return {
        "Project-Id-Version": f"cardkit {game}",
        "Report-Msgid-Bugs-To": "",
        "PO-Revision-Date": revision["PO-Revision-Date"],
        "Last-Translator": revision["Last-Translator"],
        "Language-Team": f"{locale.name} ({locale.code})",
        "Language": locale.code,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": checked_plural_forms(locale.code, locale.plural.gettext,
                                             locale.plural.categories),
        "X-Generator": "cardkit",
    }


def export_po(game: str, locale: Locale, sources: list[SourceText], overlay: LocaleOverlay,
              lines: dict[str, int] | None = None, root: str | None = None,
              revision: dict[str, str] | None = None) -> str:
    """A PO file for one game and locale (as text); ``#:`` paths relative to ``root``."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = po_metadata(game, locale, revision)
    for src in sources:
        entry = overlay.get(src.kind, src.object_id, src.key)
        comment = (f"{src.kind} {src.object_id}: {_object_label(src)}\n{src.field.label or src.key}"
                   f", at most {src.field.max_chars} characters")
        note = getattr(src.record.obj, "note", None)
        if src.kind == "strings" and note:
            comment += f"\n{note}"
        po_entry = polib.POEntry(msgctxt=src.context, comment=comment,
                                 occurrences=[_location(src, lines or {}, root)])
        if isinstance(src.text, dict):
            po_entry.msgid = src.text.get("one", "")
            po_entry.msgid_plural = src.text.get("other", "")
            translated = entry.translation.text if entry else None
            po_entry.msgstr_plural = {
                i: (translated.get(cat, "") if isinstance(translated, dict) else "")
                for i, cat in enumerate(locale.plural.categories)}
        else:
            po_entry.msgid = src.text
            if entry is not None and entry.translation.same:
                po_entry.flags.append("same")  # meant to equal the English: keep it on import
            text = entry.translation.text if entry else ""
            po_entry.msgstr = text if isinstance(text, str) else ""
        if entry is not None and entry.translation.src != src.fingerprint:
            po_entry.flags.append("fuzzy")
            old = overlay.previous.get(entry.translation.src)  # the English it was made from
            if old is not None:  # `#| msgid`: PO editors show the reviewer what changed
                po_entry.previous_msgid = old.get("one", "") if isinstance(old, dict) else old
                if isinstance(old, dict):
                    po_entry.previous_msgid_plural = old.get("other", "")
        if entry is not None and entry.translation.comment:
            po_entry.tcomment = entry.translation.comment
        if entry is not None and entry.translation.waive:
            po_entry.tcomment = "\n".join(([po_entry.tcomment] if po_entry.tcomment else []) + [
                f"waive {c}: {r}" for c, r in sorted(entry.translation.waive.items())])
        po.append(po_entry)
    return str(po) + "\n" if not str(po).endswith("\n") else str(po)


@dataclass(slots=True)
class ImportPlan:
    """Validated updates from an exchange file, or the errors that stop the import."""

    updates: dict[FieldRef, Update] = field(default_factory=dict)
    errors: list[Diagnostic] = field(default_factory=list)
    skipped_fuzzy: int = 0
    empty: int = 0
    #: The exchange file's line of each update (where its checks report).
    lines: dict[FieldRef, int] = field(default_factory=dict)


def _err(file: str, line: int, message: str, col: int = 1) -> Diagnostic:
    return Diagnostic("I18N020", Severity.ERROR, message, file, max(line, 1), max(col, 1))


_CHARSET_RE = re.compile(rb'"Content-Type:[^"\n]*charset=([A-Za-z0-9_.:-]+)')


def decode_po(raw: bytes, display: str, plan: ImportPlan) -> str | None:
    """A PO file's text in the charset its header declares (UTF-8 when it declares none);
    ``None`` with a located error for an unknown charset or bytes that are not in it."""
    head = raw[:65536]
    match = _CHARSET_RE.search(head)
    charset = match.group(1).decode("ascii") if match else "UTF-8"
    line = head[: match.start()].count(b"\n") + 1 if match else 1
    if charset.upper() == "CHARSET":  # xgettext's placeholder in an unfilled template
        charset = "UTF-8"
    try:
        codec = codecs.lookup(charset).name
    except LookupError:
        plan.errors.append(_err(display, line, f"PO header declares an unknown charset "
                                               f"{charset!r}; save the file as UTF-8"))
        return None
    if codec != "utf-8" and not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:  # the header is wrong: decoding by it would turn every letter into mojibake
            plan.errors.append(_err(display, line, f"the header says charset={charset}, but the "
                                                   "file is UTF-8; fix the header"))
            return None
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        plan.errors.append(_err(display, raw[: exc.start].count(b"\n") + 1,
                                f"PO file is not valid {charset} (byte {exc.start}); save it "
                                "as UTF-8"))
        return None
    return text.removeprefix("\ufeff")


def _header_line(text: str, name: str) -> int:
    """The line of a header field in a PO file (1 when it has none)."""
    at = text.find(f'"{name}:', 0, 65536)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


_NPLURALS_RE = re.compile(r"nplurals\s*=\s*(\d+)")


def header_errors(metadata: dict[str, str], text: str, display: str, locale: Locale,
                  game: str | None) -> list[Diagnostic]:
    """Errors of a PO header: another language or game, Plural-Forms that do not fit."""
    errors = []
    language = metadata.get("Language", locale.code)
    if language and language.replace("-", "_").split("_")[0] != locale.code.split("-")[0]:
        errors.append(_err(display, _header_line(text, "Language"),
                           f"PO file is for {language!r}, not {locale.code!r}"))
    project = metadata.get("Project-Id-Version", "")
    if game is not None and project.startswith("cardkit ") and project.split()[1] != game:
        errors.append(_err(display, _header_line(text, "Project-Id-Version"),
                           f"PO file is for the game {project.split()[1]!r} "
                           f"(Project-Id-Version), not {game!r}; import it into that game"))
    plural = metadata.get("Plural-Forms")
    if plural:
        match = _NPLURALS_RE.search(plural)
        wanted = len(locale.plural.categories)
        if match is None or int(match.group(1)) != wanted:
            errors.append(_err(display, _header_line(text, "Plural-Forms"),
                               f"Plural-Forms {plural!r} does not fit {locale.code}: it has "
                               f"{wanted} plural form(s) ({', '.join(locale.plural.categories)});"
                               f" use {locale.plural.gettext!r}"))
    return errors


def read_exchange(path: Path, display: str, plan: ImportPlan) -> bytes | None:
    """An exchange file's bytes, read safely (a regular file only, at most
    :data:`MAX_EXCHANGE_BYTES` read from the stream); ``None`` with the error added to ``plan``.
    """
    raw = read_content_bytes(path, MAX_EXCHANGE_BYTES)
    if isinstance(raw, FileProblem):
        message = raw.message if raw.code != "YML007" else (
            f"exchange file larger than {MAX_EXCHANGE_BYTES // (1024 * 1024)} MiB")
        plan.errors.append(_err(display, 1, message))
        return None
    return raw


def plan_po(path: Path, locale: Locale, sources: dict[str, SourceText],
            overlay: LocaleOverlay, game: str | None = None) -> ImportPlan:
    """Read a PO file into an import plan (nothing is written).

    The header is checked first: the ``Language``, the game (``Project-Id-Version: cardkit
    GAME``, so a file of another game gives one error, not one per entry), the charset (any
    charset Python knows is decoded; UTF-8 without a header) and ``Plural-Forms`` against the
    locale's plural categories.
    """
    display = display_path(path)
    plan = ImportPlan()
    raw = read_exchange(path, display, plan)
    if raw is None:
        return plan
    text = decode_po(raw, display, plan)
    if text is None:
        return plan
    po = parse_po(text, MAX_FIELD_CHARS)
    for error in po.errors:
        plan.errors.append(_err(display, error.line, f"malformed PO file: {error.message}",
                                error.col))
    if plan.errors:
        return plan
    plan.errors.extend(header_errors(po.metadata, text, display, locale, game))
    if plan.errors:
        return plan
    seen: dict[str, int] = {}
    unknown = known = 0
    for entry in po.entries:
        known += 1
        if len(plan.errors) >= MAX_ERRORS:
            if len(plan.errors) == MAX_ERRORS:
                plan.errors.append(_err(display, entry.line, "too many errors; the rest of the "
                                                             "file is not listed"))
            if sources.get(entry.msgctxt or "") is None:
                unknown += 1
            continue
        ctx_line = entry.lines.get("msgctxt", entry.line)
        line = entry.lines.get("msgstr", entry.line)
        if entry.msgctxt is not None and entry.msgctxt in seen:
            plan.errors.append(_err(display, ctx_line, f"duplicate msgctxt {entry.msgctxt!r} "
                                                       f"(first at line {seen[entry.msgctxt]})"))
            continue
        if entry.msgctxt is not None:
            seen[entry.msgctxt] = ctx_line
        src = sources.get(entry.msgctxt or "")
        if src is None:
            plan.errors.append(_err(display, ctx_line, f"unknown msgctxt {entry.msgctxt!r}"
                                    if entry.msgctxt is not None else
                                    "an entry without msgctxt (cardkit names every text by "
                                    "its msgctxt)"))
            unknown += 1
            continue
        if "fuzzy" in entry.flags:
            plan.skipped_fuzzy += 1
            continue
        if isinstance(src.text, dict):
            if entry.msgid_plural is None:
                plan.errors.append(_err(display, line, f"{src.context}: the English has plural "
                                                       "forms; msgid_plural is missing"))
                continue
            n = len(locale.plural.categories)
            forms = entry.msgstr_plural
            if set(forms) != set(range(n)):
                plan.errors.append(_err(display, line, f"{src.context}: expected msgstr[0] to "
                                                       f"msgstr[{n - 1}] for {locale.code}"))
                continue
            if not any(forms.values()):
                plan.empty += 1
                continue
            if not all(forms.values()):
                plan.errors.append(_err(display, line, f"{src.context}: some plural forms are "
                                                       "empty"))
                continue
            value: SourceValue = {cat: forms[i] for i, cat in enumerate(locale.plural.categories)}
            english: SourceValue = {"one": entry.msgid or "", "other": entry.msgid_plural}
        else:
            if entry.msgid_plural is not None:
                plan.errors.append(_err(display, line, f"{src.context}: the English has no "
                                                       "plural forms"))
                continue
            if not entry.msgstr:
                plan.empty += 1
                continue
            value, english = entry.msgstr, entry.msgid or ""
        ref = (src.kind, src.object_id, src.key)
        _plan_one(plan, src, value, english, overlay, "same" in entry.flags)
        plan.lines[ref] = line
        comment = "\n".join(c for c in entry.comments if not c.startswith("waive "))
        problem = _comment_problem(comment)
        if problem:
            plan.errors.append(_err(display, entry.line, f"{src.context}: translator comment "
                                                         f"{problem}"))
            continue
        _plan_comment(plan, ref, comment, overlay)
    if unknown >= 5 and unknown * 2 > known:
        first = next(d for d in plan.errors if d.message.startswith("unknown msgctxt"))
        plan.errors[:] = [_err(display, first.line, f"{unknown} of the {known} entries read "
                                                    "are not "
                                                    f"texts of {game or 'this game'} (first: "
                                                    f"{first.message.split(' ', 2)[2]}); is the "
                                                    "file for another game?")]
    return plan


def _comment_problem(comment: str) -> str | None:
    """Why a translator comment cannot be kept in an overlay (``None``: it can)."""
    if len(comment) > COMMENT_MAX_CHARS:
        return f"of {len(comment):,} characters; at most {COMMENT_MAX_CHARS:,} are kept"
    bad = next((c for c in comment if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0), None)
    return f"has the control character U+{ord(bad):04X}" if bad is not None else None


def _plan_comment(plan: ImportPlan, ref: FieldRef, comment: str,
                  overlay: LocaleOverlay) -> None:
    """Keep an entry's translator comment: on its update, or as an update of its own when
    only the comment changed. A comment removed in the file is removed from the overlay."""
    existing = overlay.get(*ref)
    stored = existing.translation.comment or "" if existing is not None else ""
    if comment == stored:
        return
    update = plan.updates.get(ref)
    if update is not None:
        plan.updates[ref] = replace(update, comment=comment)
    elif existing is not None:
        plan.updates[ref] = Update(existing.translation.text, existing.translation.src,
                                   comment=comment)


def _plan_one(plan: ImportPlan, src: SourceText, value: SourceValue, english: SourceValue,
              overlay: LocaleOverlay, explicit_same: bool = False) -> None:
    ref = (src.kind, src.object_id, src.key)
    existing = overlay.get(*ref)
    if isinstance(value, str) and value == english and not explicit_same and not (
            existing is not None and (existing.translation.same
                                      or existing.translation.text == value)):
        # a new copy of the English (Poedit's "copy source", a pre-filled file) is untranslated,
        # unless the entry says the text is meant to be the same (the PO flag `same`); a text
        # already stored as it is stays as it is
        plan.empty += 1
        return
    if english == src.text:
        basis = src.fingerprint
    elif existing is not None and existing.translation.text == value:
        basis = existing.translation.src  # unchanged text from an old export: keep its basis
    else:
        basis = fingerprint(english)  # made from an older English: lands as stale
    if existing is not None and existing.translation.text == value and \
            existing.translation.src == basis:
        return
    same = True if explicit_same else None
    plan.updates[ref] = Update(value, basis, same, source_text=english)
