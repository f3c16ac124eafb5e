"""The translator exchange jobs behind ``cardkit i18n export|import|glossary``.

* :func:`export` and :func:`export_glossary` write a PO, XLIFF, TBX or CSV file after the
  content gate (:mod:`cardkit.checking.gate`);
* :func:`import_file` validates an exchange file completely — the file itself, the translation
  checks and the print fit of every incoming text (:mod:`cardkit.pdf.fitcheck`) — before it
  updates the overlays.

They sit here, above checking and pdf, because they use both; the pieces they are built from
(loading a game with its translations, the formats, the writer) are :mod:`cardkit.i18n`'s.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..checking.gate import gate
from ..core.diagnostics import Diagnostic, Severity
from ..core.discovery import display_path
from ..core.errors import UsageProblem
from ..core.loading import DEFAULT_CACHE_DIR
from ..core.outputs import check_output, write_output
from ..core.sourcemap import resolve_locations
from ..i18n.api import (EXPORT_FORMATS, ImportResult, detect_locale, incoming_errors, load,
                        target_locales)
from ..i18n.exchange import export_po, plan_po
from ..i18n.language import file_language_errors
from ..i18n.locale import SOURCE_LOCALE
from ..i18n.writer import apply_updates
from ..i18n.xliff import exchange_format, export_xliff, plan_xliff
from ..pdf.fitcheck import incoming_fit_errors

__all__ = ["export", "export_glossary", "import_file"]


def export(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
           force: bool = False, cache_dir: Path | None = DEFAULT_CACHE_DIR) -> Path:
    """Write a PO or XLIFF file for translators.

    Written by :func:`~cardkit.core.outputs.write_output`: atomically, never inside
    ``content_dir``; an existing file cardkit did not write needs ``force``.

    The content goes through the gate first (``cardkit check GAME`` on the game's content and
    the ``locale`` translation): errors raise :class:`~cardkit.core.errors.ContentBlocked`.
    """
    if fmt not in EXPORT_FORMATS:
        raise UsageProblem(f"unknown format {fmt!r}; use {' or '.join(EXPORT_FORMATS)}")
    gate(game, content_dir, locale, cache_dir)
    data = load(game, content_dir)
    (code,) = target_locales(data, locale)
    check_output(out, force=force, content_roots=(content_dir,))
    sources = data.sources()
    lines = {s.context: 0 for s in sources}
    located = resolve_locations(
        [Diagnostic("X", Severity.INFO, s.context, s.record.file, pointer=s.pointer)
         for s in sources], data.texts.get)
    for d in located:
        lines[d.message] = d.line
    text = (export_po(game, data.locales[code], sources, data.overlay(code), lines,
                      display_path(content_dir))
            if fmt == "po" else export_xliff(game, data.locales[code], sources,
                                             data.overlay(code),
                                             "2.0" if fmt == "xliff" else "1.2"))
    return write_output(out, text, force=force, content_roots=(content_dir,))


def import_file(game: str, path: Path, content_dir: Path, schemas_dir: Path,
                locale: str | None = None, dry_run: bool = False,
                force: bool = False) -> ImportResult:
    """Validate an exchange file completely, then (unless ``dry_run``) update the overlays.

    The incoming texts go through every translation check (the print fit included) first;
    their errors stop the import unless ``force`` (then they are written and reported in
    :attr:`ImportResult.findings`). Errors of the file itself always stop it.
    """
    if not path.is_file():
        raise UsageProblem(f"{path} is not a regular file" if os.path.lexists(path)
                           else f"no such file: {path}")
    data = load(game, content_dir)
    code = locale or detect_locale(path)
    if code is None:
        raise UsageProblem(f"{path} does not name its language; pass --locale")
    (code,) = target_locales(data, code)
    by_context = {s.context: s for s in data.sources()}
    planner = plan_xliff if exchange_format(path) == "xliff" else plan_po
    plan = planner(path, data.locales[code], by_context, data.overlay(code), game)
    result = ImportResult(code, plan, forced=force)
    wrong_language = file_language_errors(data.locales, code, plan.updates, data.sources(),
                                          display_path(path))
    if wrong_language:  # refused whole, even with --force; its other errors follow from it
        plan.errors[:] = wrong_language
    if not plan.errors:
        display = display_path(path)
        result.findings = sorted(incoming_errors(data, code, plan, display)
                                 + incoming_fit_errors(data, code, plan, display),
                                 key=Diagnostic.sort_key)
    if result.blocked:
        return result
    overlay = data.overlay(code)
    for ref in plan.updates:
        entry = overlay.get(*ref)
        result.old[ref] = entry.translation.text if entry is not None else None
    result.written = apply_updates(content_dir, schemas_dir, game, code, plan.updates,
                                   data.sources(), dry_run=dry_run)
    return result


def export_glossary(game: str, content_dir: Path, locale: str, fmt: str, out: Path,
                    force: bool = False, cache_dir: Path | None = DEFAULT_CACHE_DIR) -> Path:
    """Write a game's glossary for one locale as TBX-Basic or CSV, for CAT tools
    (:mod:`cardkit.i18n.tbx`). Gated and written like :func:`export`: the content must pass
    ``cardkit check``, and the file is written atomically, never inside ``content_dir``; an
    existing file cardkit did not write needs ``force``."""
    from ..i18n.tbx import GLOSSARY_FORMATS, glossary_csv, glossary_tbx

    if fmt not in GLOSSARY_FORMATS:
        raise UsageProblem(f"unknown format {fmt!r}; use {' or '.join(GLOSSARY_FORMATS)}")
    gate(game, content_dir, locale, cache_dir)
    data = load(game, content_dir)
    (code,) = target_locales(data, locale)
    terms = data.translations.glossaries.get(code)
    if not terms:
        raise UsageProblem(f"{game} has no {code} glossary (content/{game}/glossary/{code}.yaml)")
    check_output(out, force=force, content_roots=(content_dir,))
    text = (glossary_tbx(game, data.locales[code], terms, SOURCE_LOCALE)
            if fmt == "tbx" else glossary_csv(terms))
    return write_output(out, text, force=force, content_roots=(content_dir,))
