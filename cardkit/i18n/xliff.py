"""Lossless XLIFF 2.0 and 1.2 exchange with CAT tools (Trados, memoQ, Okapi, Weblate, Crowdin).

Why lxml: the standard library's parsers give no source line per element, and lxml (libxml2)
is well kept, parses in C (a 200,000-unit file is planned in seconds) and has a parser that can
be told not to resolve entities or touch the network. It is used (:mod:`.xliff_parse`) with
``XMLParser(resolve_entities=False, no_network=True, huge_tree=False)``: elements nest at
most 256 deep, and any ``<!DOCTYPE>`` (so any ``<!ENTITY>``: billion laughs, external
entities) is refused before parsing. Files are read through
:func:`~cardkit.i18n.exchange.read_exchange` (at most ``MAX_EXCHANGE_BYTES``), must be UTF-8,
and every error carries the line and column of its element (or attribute).

Units: one per translatable field, ``id`` = ``kind/id/field``; a plural text has one unit per
plural category of the locale, ``kind/id/field#category`` (its source is the English ``one``
text for ``#one`` and the English ``other`` text for every other category). A note gives the
object's name and size limit; an entry stored ``same: true`` carries a second note (2.0
``<note category="x-cardkit-same">``, 1.2 ``<note from="x-cardkit-same">``) — keep it to keep a
text that is meant to equal the English (a name); without it a copy of the English is
untranslated.

Inline codes: the game's tokens (``{n}``, ``[coin]``) and markup (``<b>``, ``<br/>``) are
exported as codes a CAT tool protects, with the exact original text inside the file:

- 2.0: the standard ``<originalData>`` form, which tools display and copy as codes — a token or
  a standalone tag is ``<ph id="1" dataRef="d1" disp="[coin]"/>``, a well-nested pair of tags
  ``<pc id="2" dataRefStart="d2" dataRefEnd="d3" ...>…</pc>``, overlapping pairs
  ``<sc id/>…<ec startRef/>``, an unpaired tag ``<sc|ec isolated="yes"/>``; characters XML 1.0
  cannot carry are ``<cp hex="…"/>``.
- 1.2: a token is ``<x id="1" ctype="x-cardkit-token" equiv-text="[coin]"/>``, a standalone tag
  ``<ph>``, a pair of tags ``<bpt>…</bpt>…<ept>…</ept>`` and an unpaired tag ``<it>``, each with
  the tag itself as native code (``<g>`` cannot carry the tag's text, so it is not exported).

Import maps every code back to the game's text: a code whose id (and role: standalone, start,
end) is in the unit's source gets the source's text — whatever a tool did to the target's own
attributes; otherwise its own data (``dataRef``, ``equiv``/``disp``, native content,
``equiv-text``). ``<mrk>`` and 1.2 ``<g>`` without data keep their content and drop the
marker; ``<sm>``/``<em>``, comments and processing instructions are dropped (the text around
them is kept). An unknown element, or a code that is neither in the source nor carries its own
data (a 1.2 ``<x/>`` whose text is only in another tool's skeleton), is an error: text is never
dropped silently. The segments and ignorables of a unit are joined in document order (an
``<ignorable>`` without a target gives its source).

States: a target with text is a translation unless its state says otherwise.

- 2.0 (``state`` on each ``<segment>``): none, ``translated``, ``reviewed``, ``final`` →
  translated; ``initial`` with a target that differs from the source → fuzzy (this is how
  stale translations are exported: left alone, like PO ``fuzzy``); ``initial`` with no
  target or a copy of the source → untranslated. A unit whose segments are partly
  translated is fuzzy.
- 1.2 (``state`` on ``<target>``): none, ``translated``, ``signed-off``, ``final``, ``x-…`` →
  translated; ``new``, ``needs-translation`` → untranslated; ``needs-review-translation``,
  ``needs-adaptation``, ``needs-l10n``, ``needs-review-adaptation``, ``needs-review-l10n`` →
  fuzzy (stale translations are exported ``needs-review-translation``).

Any other state is an error. The file's language (2.0 ``trgLang``, 1.2 ``target-language`` of
each ``<file>``) must be the locale's (a region subtag is accepted: ``pl-PL`` for ``pl``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.discovery import display_path
from ..core.errors import UsageProblem
from .exchange import (MAX_ERRORS, MAX_FIELD_CHARS, ImportPlan, _err, _object_label, _plan_one,
                       read_exchange)
from .locale import Locale
from .overlay import LocaleOverlay
from .sources import SourceText, SourceValue
from .xliff_codes import (EMPTY, FUZZY, NS12, NS20, SAME_NOTE, TRANSLATED, _IGNORABLE,
                          _NOT_XML_RE, _SEGMENT, _STATES_12, _STATES_20, _T20, _chars, _Codes,
                          _content, _esc, _inline, _items, _local, _ns, _number, _Problem,
                          _qname)
from .xliff_parse import locate_problems, parse_xliff


def _forms(src: SourceText, locale: Locale, overlay: LocaleOverlay
           ) -> list[tuple[str, str, str | None]]:
    entry = overlay.get(src.kind, src.object_id, src.key)
    if isinstance(src.text, dict):
        tr = entry.translation.text if entry else {}
        return [(f"{src.context}#{cat}", src.text.get("one" if cat == "one" else "other", ""),
                 tr.get(cat) if isinstance(tr, dict) else None)
                for cat in locale.plural.categories]
    text = entry.translation.text if entry else None
    return [(src.context, src.text, text if isinstance(text, str) else None)]


def export_xliff(game: str, locale: Locale, sources: list[SourceText], overlay: LocaleOverlay,
                 version: str = "2.0") -> str:
    """An XLIFF 2.0 or 1.2 file for one game and locale (as text), inline codes included."""
    if version not in ("2.0", "1.2"):
        raise UsageProblem(f"unknown XLIFF version {version!r}; use 2.0 or 1.2")
    ns = NS20 if version == "2.0" else NS12
    lang = _esc(locale.code, True)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    if ns == NS20:
        out.append(f'<xliff xmlns="{ns}" version="2.0" srcLang="en" trgLang="{lang}">\n'
                   f'  <file id="{_esc(game, True)}" xml:space="preserve">\n')
    else:
        out.append(f'<xliff xmlns="{ns}" version="1.2">\n  <file original="{_esc(game, True)}" '
                   f'source-language="en" target-language="{lang}" datatype="plaintext">\n'
                   "    <body>\n")
    same_note = "the translation is meant to equal the English"
    for src in sources:
        entry = overlay.get(src.kind, src.object_id, src.key)
        stale = entry is not None and entry.translation.src != src.fingerprint
        same = entry is not None and entry.translation.same
        note = _NOT_XML_RE.sub("\ufffd", _esc(f"{_object_label(src)}; at most "
                                              f"{src.field.max_chars} characters"))
        for unit_id, english, target in _forms(src, locale, overlay):
            s_items = _items(english)
            t_items = _items(target) if target is not None else None
            _number(s_items, t_items)
            data: dict[str, str] = {}
            source_xml = _inline(s_items, ns, data)
            target_xml = _inline(t_items, ns, data) if t_items is not None else None
            uid = _esc(unit_id, True)
            if ns == NS20:
                out.append(f'    <unit id="{uid}">\n      <notes>\n'
                           f"        <note>{note}</note>\n")
                if same:
                    out.append(f'        <note category="{SAME_NOTE}">{same_note}</note>\n')
                out.append("      </notes>\n")
                if data:
                    out.append("      <originalData>\n")
                    out.extend(f'        <data id="{ref}">{_chars(raw, ns)}</data>\n'
                               for raw, ref in data.items())
                    out.append("      </originalData>\n")
                state = "initial" if target is None or stale else "translated"
                out.append(f'      <segment state="{state}">\n'
                           f"        <source>{source_xml}</source>\n")
                if target_xml is not None:
                    out.append(f"        <target>{target_xml}</target>\n")
                out.append("      </segment>\n    </unit>\n")
            else:
                out.append(f'      <trans-unit id="{uid}" xml:space="preserve">\n'
                           f"        <source>{source_xml}</source>\n")
                if target_xml is not None:
                    state = "needs-review-translation" if stale else "translated"
                    out.append(f'        <target state="{state}">{target_xml}</target>\n')
                out.append(f"        <note>{note}</note>\n")
                if same:
                    out.append(f'        <note from="{SAME_NOTE}">{same_note}</note>\n')
                out.append("      </trans-unit>\n")
    out.append("  </file>\n</xliff>\n" if ns == NS20 else "    </body>\n  </file>\n</xliff>\n")
    return "".join(out)


@dataclass(slots=True)
class _Unit:
    """One unit as read: its English, its translation and how far it got."""

    el: Any
    unit_id: str
    english: str
    target: str
    status: str
    target_el: Any
    same: bool


def _lang_ok(label: str | None, code: str) -> bool:
    if label is None:
        return True
    return label.lower() == code.lower() or label.lower().startswith(code.lower() + "-")


def _read_unit20(unit: Any) -> _Unit:
    codes = _Codes(NS20)
    parts: list[tuple[Any, Any, Any]] = []
    same = False
    for child in unit:
        if child.tag == _SEGMENT or child.tag == _IGNORABLE:
            found = {c.tag: c for c in reversed(child)}  # the first <source>, <target>
            if _T20["source"] not in found:
                raise _Problem(child, f"<{_qname(child)}> has no <source>")
            parts.append((child, found[_T20["source"]], found.get(_T20["target"])))
        elif child.tag == _T20["originalData"]:
            for data in child.iterchildren(_T20["data"]):
                codes.data[data.get("id", "")] = _content(data, _Codes(NS20))
        elif child.tag == _T20["notes"]:
            same = same or any(n.get("category") == SAME_NOTE for n in child)
    sources = [_content(source, codes) for _, source, _ in parts]
    codes.target = True
    texts: list[str] = []
    states: set[str] = set()
    target_el = None
    for (part, _, target), source_text in zip(parts, sources):
        if part.tag == _IGNORABLE:
            texts.append(_content(target, codes) if target is not None else source_text)
            continue
        state = part.get("state")
        if state is not None and state not in _STATES_20:
            raise _Problem(part, f"unknown segment state {state!r} (XLIFF 2.0: "
                                 f"{', '.join(_STATES_20)})", "state")
        text = _content(target, codes) if target is not None else ""
        target_el = target if target_el is None else target_el
        if not text:
            states.add(EMPTY)
        elif state == "initial":
            states.add(EMPTY if text == source_text else FUZZY)
        else:
            states.add(TRANSLATED)
        texts.append(text)
    status = TRANSLATED if states == {TRANSLATED} else EMPTY if states <= {EMPTY} else FUZZY
    return _Unit(unit, unit.get("id", ""), "".join(sources), "".join(texts), status,
                 target_el if target_el is not None else unit, same)


def _read_unit12(unit: Any) -> _Unit:
    codes = _Codes(NS12)
    english = _content(_child(unit, "source", NS12), codes)
    codes.target = True
    target = unit.find(f"{{{NS12}}}target")
    text = _content(target, codes) if target is not None else ""
    state = target.get("state") if target is not None else None
    if state is not None and state not in _STATES_12 and not state.startswith("x-"):
        raise _Problem(target, f"unknown target state {state!r}", "state")
    status = EMPTY if not text else _STATES_12.get(state or "", TRANSLATED)
    same = any(n.get("from") == SAME_NOTE for n in unit.iterfind(f"{{{NS12}}}note"))
    return _Unit(unit, unit.get("id", ""), english, text, status,
                 target if target is not None else unit, same)


def _child(el: Any, name: str, ns: str) -> Any:
    found = el.find(f"{{{ns}}}{name}")
    if found is None:
        raise _Problem(el, f"<{_qname(el)}> has no <{name}>")
    return found


def plan_xliff(path: Path, locale: Locale, sources: dict[str, SourceText],
               overlay: LocaleOverlay, game: str | None = None) -> ImportPlan:
    """Read an XLIFF 2.0 or 1.2 file (detected from its namespace) into an import plan.

    With ``game``, a ``<file>`` that names another game (2.0 ``id``, 1.2 ``original``, as
    cardkit exports them) is one error, not one per unit."""
    display = display_path(path)
    plan = ImportPlan()
    raw = read_exchange(path, display, plan)
    if raw is None:
        return plan
    parsed = parse_xliff(raw, display, plan)
    if parsed is None:
        return plan
    text, root = parsed
    problems: list[_Problem] = []
    ns = _ns(root)
    if _local(root) != "xliff" or ns not in (NS20, NS12):
        in_ns = f" in namespace {ns!r}" if ns else " (no namespace)"
        problems.append(_Problem(root, f"not an XLIFF 2.0 or 1.2 file: the root element is "
                                       f"<{_qname(root)}>{in_ns}"))
    elif not _other_game(root, ns, game, problems):
        _read_units(root, ns, locale, sources, overlay, plan, problems)
    located = locate_problems(text, root, problems)
    for problem in problems:
        line, col = located[id(problem.el)]
        plan.errors.append(_err(display, line, problem.message, col))
    plan.errors.sort(key=lambda d: (d.line, d.col))
    return plan


def _other_game(root: Any, ns: str, game: str | None, problems: list[_Problem]) -> bool:
    """Whether a ``<file>`` names a game of cardkit's other than ``game`` (reported)."""
    from ..core.registry import game_ids

    attr = "id" if ns == NS20 else "original"
    for file_el in root.iter(f"{{{ns}}}file"):
        named = file_el.get(attr)
        if game is not None and named != game and named in game_ids():
            problems.append(_Problem(file_el, f"XLIFF file is for the game {named!r} (<file "
                                              f"{attr}>), not {game!r}; import it into that "
                                              "game", attr))
            return True
    return False


def _check_lang(el: Any, attr: str, wanted: str, problems: list[_Problem]) -> None:
    label = el.get(attr)
    if not _lang_ok(label, wanted):
        problems.append(_Problem(el, f"XLIFF {attr} is {label!r}, not {wanted!r}", attr))


def _read_units(root: Any, ns: str, locale: Locale, sources: dict[str, SourceText],
                overlay: LocaleOverlay, plan: ImportPlan, problems: list[_Problem]) -> None:
    if ns == NS20:
        _check_lang(root, "trgLang", locale.code, problems)
        _check_lang(root, "srcLang", "en", problems)
        units, reader = root.iter(f"{{{NS20}}}unit"), _read_unit20
    else:
        for file_el in root.iter(f"{{{NS12}}}file"):
            _check_lang(file_el, "target-language", locale.code, problems)
            _check_lang(file_el, "source-language", "en", problems)
        units, reader = root.iter(f"{{{NS12}}}trans-unit"), _read_unit12
    categories = locale.plural.categories
    seen: dict[str, Any] = {}
    plural: dict[str, dict[str, _Unit]] = {}
    for unit_el in units:
        if len(problems) + len(plan.errors) >= MAX_ERRORS:
            problems.append(_Problem(unit_el, "too many errors; the rest of the file was not "
                                              "read"))
            return
        try:
            unit_id = unit_el.get("id")
            if not unit_id:
                raise _Problem(unit_el, f"<{_qname(unit_el)}> has no id")
            if unit_id in seen:
                raise _Problem(unit_el, f"duplicate unit id {unit_id!r} (first at line "
                                        f"{seen[unit_id].sourceline})", "id")
            seen[unit_id] = unit_el
            context, hashed, category = unit_id.partition("#")
            src = sources.get(context)
            if src is None:
                raise _Problem(unit_el, f"unknown unit id {unit_id!r}", "id")
            if isinstance(src.text, dict) != bool(hashed):
                raise _Problem(unit_el, f"{context}: the English has plural forms; expected "
                                        f"units {context}#{'/'.join(categories)}"
                               if isinstance(src.text, dict) else
                               f"{context}: the English has no plural forms", "id")
            if hashed and category not in categories:
                raise _Problem(unit_el, f"{context}: {category!r} is not a plural category of "
                                        f"{locale.code} ({', '.join(categories)})", "id")
            unit = reader(unit_el)
            for value, el in ((unit.english, unit_el), (unit.target, unit.target_el)):
                if len(value) > MAX_FIELD_CHARS:
                    raise _Problem(el, f"{unit_id}: a text of {len(value):,} characters (at most "
                                       f"{MAX_FIELD_CHARS:,})")
        except _Problem as problem:
            problems.append(problem)
            continue
        if hashed:
            plural.setdefault(context, {})[category] = unit
        elif unit.status == EMPTY:
            plan.empty += 1
        elif unit.status == FUZZY:
            plan.skipped_fuzzy += 1
        else:
            _plan_one(plan, src, unit.target, unit.english, overlay, unit.same)
            plan.lines[(src.kind, src.object_id, src.key)] = unit.target_el.sourceline or 1
    for context, forms in plural.items():
        _plan_plural(sources[context], forms, categories, overlay, plan, problems)


def _plan_plural(src: SourceText, forms: dict[str, _Unit], categories: list[str] | tuple[str, ...],
                 overlay: LocaleOverlay, plan: ImportPlan, problems: list[_Problem]) -> None:
    statuses = {u.status for u in forms.values()}
    if statuses == {EMPTY}:
        plan.empty += 1
        return
    if FUZZY in statuses:
        plan.skipped_fuzzy += 1
        return
    first = next(iter(forms.values()))
    missing = [c for c in categories if c not in forms or forms[c].status != TRANSLATED]
    if missing:
        problems.append(_Problem(first.el, f"{src.context}: plural forms "
                                           f"{', '.join(categories)} needed; missing or "
                                           f"untranslated: {', '.join(missing)}"))
        return
    assert isinstance(src.text, dict)
    value: SourceValue = {cat: forms[cat].target for cat in categories}
    other = next((forms[c].english for c in ("other", *categories) if c in forms and c != "one"),
                 src.text.get("other", ""))
    english: SourceValue = {"one": forms["one"].english if "one" in forms
                            else src.text.get("one", ""), "other": other}
    _plan_one(plan, src, value, english, overlay)
    plan.lines[(src.kind, src.object_id, src.key)] = first.target_el.sourceline or 1


_PO_START_RE = re.compile(rb"\s*(#|msgctxt\b|msgid\b|msgstr\b|\")")


def exchange_format(path: Path) -> str:
    """``"xliff"`` or ``"po"`` for an exchange file, from its name and its first bytes: a
    ``.po`` name with XML inside, or a ``.xlf``/``.xliff`` name with a PO inside, is refused
    (:class:`~cardkit.core.errors.UsageProblem`); any other name goes by the content."""
    try:
        with path.open("rb") as stream:
            head = stream.read(4096).removeprefix(b"\xef\xbb\xbf")
    except OSError as exc:
        raise UsageProblem(f"cannot read {path}: {exc.strerror}") from exc
    is_xml = head.lstrip().startswith(b"<")
    suffix = path.suffix.lower()
    if suffix in (".xlf", ".xliff") and _PO_START_RE.match(head):
        raise UsageProblem(f"{path} is named {suffix} but looks like a PO file; rename it .po")
    if suffix in (".po", ".pot") and is_xml:
        raise UsageProblem(f"{path} is named {suffix} but contains XML (XLIFF?); rename it .xlf")
    if suffix in (".xlf", ".xliff", ".po", ".pot"):
        return "po" if suffix.startswith(".po") else "xliff"
    return "xliff" if is_xml else "po"
