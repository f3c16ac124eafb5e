"""PO and XLIFF 2.0 exchange with translators (Weblate, Crowdin, Poedit, Lokalize).

Export: one entry per translatable field; ``msgctxt`` = ``kind/id/field``; ``#.`` comments give
the object's name and the field's size limit; ``#:`` the English text's file and line; stale
translations are exported ``fuzzy``; plural texts use ``msgid_plural`` and the locale's
``Plural-Forms``.

Import (all or nothing): every entry is validated first — unknown contexts, plural shape,
malformed files — and reported with its line; only then are overlays written. Empty and fuzzy
entries change nothing (an import never drops a translation), source text is never touched,
and a translation whose English no longer matches the current one is stored with the
fingerprint of the English it was made from, so it shows up as stale.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from inspect import cleandoc
from pathlib import Path

import polib

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.discovery import FileProblem, display_path, read_content_bytes
from .locale import Locale
from .overlay import LocaleOverlay
from .sources import SourceText, SourceValue, fingerprint
from .writer import FieldRef, Update

XLIFF_NS = "urn:oasis:names:tc:xliff:document:2.0"
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


def _location(src: SourceText, lines: dict[str, int]) -> tuple[str, str]:
    return (src.record.file, str(lines.get(src.context, 0)))


def export_po(game: str, locale: Locale, sources: list[SourceText], overlay: LocaleOverlay,
              lines: dict[str, int] | None = None) -> str:
    """A PO file for one game and locale (as text)."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"cardkit {game}",
        "Language": locale.code,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": locale.plural.gettext,
        "X-Generator": "cardkit",
    }
    for src in sources:
        entry = overlay.get(src.kind, src.object_id, src.key)
        comment = (f"{src.kind} {src.object_id}: {_object_label(src)}\n{src.field.label or src.key}"
                   f", at most {src.field.max_chars} characters")
        note = getattr(src.record.obj, "note", None)
        if src.kind == "strings" and note:
            comment += f"\n{note}"
        po_entry = polib.POEntry(msgctxt=src.context, comment=comment,
                                 occurrences=[_location(src, lines or {})])
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
        po.append(po_entry)
    return str(po) + "\n" if not str(po).endswith("\n") else str(po)


def export_xliff(game: str, locale: Locale, sources: list[SourceText],
                 overlay: LocaleOverlay) -> str:
    """An XLIFF 2.0 file for one game and locale; plural forms are units ``ctx#category``."""
    ET.register_namespace("", XLIFF_NS)
    root = ET.Element(f"{{{XLIFF_NS}}}xliff", {"version": "2.0", "srcLang": "en",
                                                 "trgLang": locale.code})
    file_el = ET.SubElement(root, f"{{{XLIFF_NS}}}file", {"id": game})
    for src in sources:
        entry = overlay.get(src.kind, src.object_id, src.key)
        stale = entry is not None and entry.translation.src != src.fingerprint
        if isinstance(src.text, dict):
            tr = entry.translation.text if entry else {}
            forms = [(f"{src.context}#{cat}",
                      src.text.get("one" if cat == "one" else "other", ""),
                      tr.get(cat) if isinstance(tr, dict) else None)
                     for cat in locale.plural.categories]
        else:
            text = entry.translation.text if entry else None
            forms = [(src.context, src.text, text if isinstance(text, str) else None)]
        for unit_id, english, target in forms:
            unit = ET.SubElement(file_el, f"{{{XLIFF_NS}}}unit", {"id": unit_id})
            notes = ET.SubElement(unit, f"{{{XLIFF_NS}}}notes")
            ET.SubElement(notes, f"{{{XLIFF_NS}}}note").text = (
                f"{_object_label(src)}; at most {src.field.max_chars} characters")
            state = "initial" if target is None or stale else "translated"
            seg = ET.SubElement(unit, f"{{{XLIFF_NS}}}segment", {"state": state})
            ET.SubElement(seg, f"{{{XLIFF_NS}}}source").text = english
            if target is not None:
                ET.SubElement(seg, f"{{{XLIFF_NS}}}target").text = target
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


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


_PO_STRING = r'"((?:[^"\\]|\\.)*)"'
_PO_KEYWORD_RE = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+" + _PO_STRING
                            + r"\s*$")
_PO_CONT_RE = re.compile(r"^" + _PO_STRING + r"\s*$")
_PO_ESCAPE_RE = re.compile(r"\\(.)")
_PO_ESCAPES = set('\\"ntrabfv')


def po_syntax_errors(text: str, display: str,
                     msgstr_lines: dict[str, int] | None = None) -> list[Diagnostic]:
    """Line-level syntax check of a PO file (polib itself is lenient and may drop characters).

    One pass, linear in the file: a string longer than :data:`MAX_FIELD_CHARS` (over all its
    continuation lines) is refused at the line where it passes the limit. With
    ``msgstr_lines``, records the line of each entry's first ``msgstr`` by its ``msgctxt`` (and
    of the ``msgctxt`` itself under ``"msgctxt\0" + context``), so that import errors point at
    the translation or the context, not at the entry's first comment.
    """
    errors: list[Diagnostic] = []
    field_len = 0
    context: str | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) > MAX_FIELD_CHARS + 20:
            errors.append(_err(display, number, f"malformed PO file: a line of {len(stripped):,} "
                                                f"characters (a field is at most "
                                                f"{MAX_FIELD_CHARS:,})"))
            break
        match = _PO_KEYWORD_RE.match(stripped) or _PO_CONT_RE.match(stripped)
        if match is None:
            col = len(line) - len(line.lstrip()) + 1
            what = ("unterminated string" if stripped.count('"') % 2 else
                    "expected a keyword (msgctxt, msgid, msgstr...) or a quoted string")
            errors.append(_err(display, number, f"malformed PO file: {what}", col))
            continue
        body = match.group(match.lastindex or 1)
        if stripped.startswith('"'):
            field_len += len(body)
        else:
            field_len = len(body)
            keyword = match.group(1)
            if keyword == "msgctxt":
                context = body
                if msgstr_lines is not None:
                    msgstr_lines.setdefault("msgctxt\0" + context, number)
            elif keyword.startswith("msgstr") and msgstr_lines is not None and context:
                msgstr_lines.setdefault(context, number)
            elif keyword == "msgid" and not body:
                context = None
        if field_len > MAX_FIELD_CHARS:
            errors.append(_err(display, number, f"malformed PO file: a string of more than "
                                                f"{MAX_FIELD_CHARS:,} characters"))
            break
        for esc in _PO_ESCAPE_RE.finditer(body):
            if esc.group(1) not in _PO_ESCAPES:
                errors.append(_err(display, number, f"malformed PO file: unknown escape "
                                                    f"\\{esc.group(1)}", line.find(body) + esc.start() + 1))
        if len(errors) >= 20:
            break
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
            overlay: LocaleOverlay) -> ImportPlan:
    """Read a PO file into an import plan (nothing is written)."""
    display = display_path(path)
    plan = ImportPlan()
    raw = read_exchange(path, display, plan)
    if raw is None:
        return plan
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        plan.errors.append(_err(display, raw[: exc.start].count(b"\n") + 1,
                                "PO file is not UTF-8"))
        return plan
    msgstr_lines: dict[str, int] = {}
    plan.errors.extend(po_syntax_errors(text, display, msgstr_lines))
    if plan.errors:
        return plan
    try:
        # polib's own duplicate check compares every entry with every other (quadratic: 20,000
        # entries took 10 s, 200,000 did not finish); duplicates are found below, in one pass
        po = polib.pofile(text, wrapwidth=0, check_for_duplicates=False)
    except (OSError, ValueError) as exc:
        match = re.search(r"line (\d+)", str(exc))
        plan.errors.append(_err(display, int(match.group(1)) if match else 1,
                                f"malformed PO file: {exc}"))
        return plan
    language = po.metadata.get("Language", locale.code)
    if language and language != locale.code:
        plan.errors.append(_err(display, 1, f"PO file is for {language!r}, not {locale.code!r}"))
    seen: dict[str, int] = {}
    for entry in po:
        if entry.obsolete:
            continue
        if len(plan.errors) >= MAX_ERRORS:
            plan.errors.append(_err(display, entry.linenum or 1, "too many errors; the rest of "
                                                                 "the file was not read"))
            break
        line = msgstr_lines.get(entry.msgctxt or "", entry.linenum or 1)
        if entry.msgctxt is not None and entry.msgctxt in seen:
            plan.errors.append(_err(display, entry.linenum or 1,
                                    f"duplicate msgctxt {entry.msgctxt!r} (first at line "
                                    f"{seen[entry.msgctxt]})"))
            continue
        if entry.msgctxt is not None:
            seen[entry.msgctxt] = msgstr_lines.get(f"msgctxt\0{entry.msgctxt}",
                                                   entry.linenum or 1)
        src = sources.get(entry.msgctxt or "")
        if src is None:
            at = msgstr_lines.get(f"msgctxt\0{entry.msgctxt}", entry.linenum or 1)
            plan.errors.append(_err(display, at, f"unknown msgctxt {entry.msgctxt!r}"))
            continue
        if "fuzzy" in entry.flags:
            plan.skipped_fuzzy += 1
            continue
        if isinstance(src.text, dict):
            if not entry.msgid_plural:
                plan.errors.append(_err(display, line, f"{src.context}: the English has plural "
                                                       "forms; msgid_plural is missing"))
                continue
            n = len(locale.plural.categories)
            forms = {int(k): v for k, v in entry.msgstr_plural.items()}
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
            english: SourceValue = {"one": entry.msgid, "other": entry.msgid_plural}
        else:
            if entry.msgid_plural:
                plan.errors.append(_err(display, line, f"{src.context}: the English has no "
                                                       "plural forms"))
                continue
            if not entry.msgstr:
                plan.empty += 1
                continue
            value, english = entry.msgstr, entry.msgid
        _plan_one(plan, src, value, english, overlay, "same" in entry.flags)
        plan.lines[(src.kind, src.object_id, src.key)] = line
    return plan


def plan_xliff(path: Path, locale: Locale, sources: dict[str, SourceText],
               overlay: LocaleOverlay) -> ImportPlan:
    """Read an XLIFF 2.0 file (as exported) into an import plan."""
    display = display_path(path)
    plan = ImportPlan()
    raw = read_exchange(path, display, plan)
    if raw is None:
        return plan
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as exc:
        line, col = exc.position
        plan.errors.append(_err(display, line, f"malformed XLIFF: {exc}", col + 1))
        return plan
    ns = {"x": XLIFF_NS}
    if root.get("trgLang") not in (None, locale.code):
        plan.errors.append(_err(display, 1, f"XLIFF is for {root.get('trgLang')!r}, "
                                            f"not {locale.code!r}"))
    plural: dict[str, dict[str, str]] = {}
    plural_english: dict[str, dict[str, str]] = {}
    for unit in root.iterfind(".//x:unit", ns):
        unit_id = unit.get("id", "")
        seg = unit.find("x:segment", ns)
        if seg is None:
            continue
        context, _, category = unit_id.partition("#")
        src = sources.get(context)
        if src is None:
            plan.errors.append(_err(display, 1, f"unknown unit id {unit_id!r}"))
            continue
        target = seg.find("x:target", ns)
        english = seg.findtext("x:source", default="", namespaces=ns)
        if seg.get("state", "initial") == "initial" or target is None or not target.text:
            plan.empty += 1
            continue
        if category:
            plural.setdefault(context, {})[category] = target.text
            plural_english.setdefault(context, {})["one" if category == "one" else "other"] = \
                english
        else:
            _plan_one(plan, src, target.text, english, overlay)
    for context, forms in plural.items():
        src = sources[context]
        if set(forms) != set(locale.plural.categories):
            plan.errors.append(_err(display, 1, f"{context}: plural forms "
                                                f"{', '.join(locale.plural.categories)} needed"))
            continue
        ordered = {cat: forms[cat] for cat in locale.plural.categories}
        _plan_one(plan, src, ordered, plural_english[context], overlay)
    return plan


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
    plan.updates[ref] = Update(value, basis, same)
