"""The quick fixes: code actions for the findings that have one fix.

- a "did you mean 'x'" finding (an unknown id, field or value): the suggestion replaces the word;
- a glossary finding that names a word the glossary forbids ("'ζώνη' is not used for 'region';
  write 'περιοχή'"): the glossary's translation replaces that word in the entry's text (a
  translator then fits its ending to the sentence);
- a stale translation (I18N003, at the entry's ``src``): confirming it writes the current
  English's fingerprint there, what ``cardkit i18n confirm`` writes.

A finding with no single fix (a term the translation lacks: where in the sentence would it go?)
gets no action.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ..core.content import GameContent
from .translations import Place, english, entry_at, word_range

DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")
FORBIDDEN = re.compile(r"glossary: '([^']+)' is not used for '([^']+)'; write '([^']+)'")


def _action(title: str, uri: str, diag: lsp.Diagnostic, edit: lsp.TextEdit) -> lsp.CodeAction:
    return lsp.CodeAction(title=title, kind=lsp.CodeActionKind.QuickFix, diagnostics=[diag],
                          is_preferred=True,
                          edit=lsp.WorkspaceEdit(changes={uri: [edit]}))


def did_you_mean(uri: str, diag: lsp.Diagnostic) -> lsp.CodeAction | None:
    """The suggestion of a "did you mean" finding, over the word it points at."""
    m = DID_YOU_MEAN.search(diag.message)
    if m is None:
        return None
    return _action(f"Replace with '{m.group(1)}'", uri, diag,
                   lsp.TextEdit(range=diag.range, new_text=m.group(1)))


def glossary_word(uri: str, diag: lsp.Diagnostic, lines: list[str]) -> lsp.CodeAction | None:
    """The glossary's translation for the forbidden word a glossary finding names, in the
    entry's text at or below the finding."""
    m = FORBIDDEN.search(diag.message)
    if m is None:
        return None
    bad, good = m.group(1), m.group(3)
    hit = word_range(lines, diag.range.start.line, bad)
    if hit is None:
        return None
    line, start, end = hit
    return _action(f"Replace '{bad}' with the glossary's '{good}'", uri, diag, lsp.TextEdit(
        range=lsp.Range(lsp.Position(line, start), lsp.Position(line, end)), new_text=good))


def confirm_stale(uri: str, diag: lsp.Diagnostic, text: str, place: Place | None,
                  content: GameContent | None) -> lsp.CodeAction | None:
    """For a stale translation: its ``src`` becomes the current English's fingerprint."""
    if diag.code != "I18N003" or place is None or content is None:
        return None
    found = entry_at(text, diag.range.start.line)
    if found is None:
        return None
    src = english(content, place.kind, found[0], found[1])
    if src is None:
        return None
    return _action(f"Confirm: the translation still says what the English says "
                   f"(src: {src.fingerprint})", uri, diag,
                   lsp.TextEdit(range=diag.range, new_text=src.fingerprint))


__all__ = ["confirm_stale", "did_you_mean", "glossary_word"]
