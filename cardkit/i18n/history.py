"""The store of English source texts a game's translations were made from.

``content/<game>/i18n/sources.yaml`` keeps, for every fingerprint an overlay's ``src`` names, the
English text with that fingerprint — once per game, whatever the number of locales (content-hash
addressed):

```yaml
sources:
  ca5f05f1e577: Eiffel Tower
  3f0c2a9b81d4: {one: '{n} coin', other: '{n} coins'}
```

With it a reviewer sees what changed in the English of a stale translation (``cardkit i18n
diff``, ``#| msgid`` in PO exports). Every write of translations (import, confirm) adds the texts
it knows and drops fingerprints no overlay uses any more; the file is never edited by hand.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ..core.content import HISTORY_RELPATH  # where the store sits, in the game folder
from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.discovery import SourceFile
from ..core.validation import validate
from .overlay import Fingerprint, PluralCategory
from .sources import SourceValue, fingerprint

#: The store's schema, relative to ``schemas/``.
HISTORY_SCHEMA = "i18n-sources.schema.json"

StoredText = Annotated[str | dict[PluralCategory, str], Field(
    description="The English text (plural texts: category -> text).")]


class SourceStore(BaseModel):
    """English source texts of a game's translations, by fingerprint (written by cardkit)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    sources: dict[Fingerprint, StoredText] = Field(
        default_factory=dict,
        description="Fingerprint (the `src` of overlay entries) -> the English text it is the "
                    "fingerprint of.")


@dataclass(slots=True)
class SourceHistory:
    """The loaded store: valid texts by fingerprint, and where the file is."""

    texts: dict[str, SourceValue] = field(default_factory=dict)
    file: str | None = None


HISTORY_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("I18N029", Severity.ERROR, "stored English does not match its fingerprint",
             inspect.cleandoc("""
        An entry of content/<game>/i18n/sources.yaml whose text does not have the fingerprint
        it is stored under: the store was edited by hand, and a reviewer would be shown the
        wrong English. The store is written by `cardkit i18n import` and `confirm`; delete the
        entry (the next write restores what it can).

        Bad:
            sources:
              ca5f05f1e577: Eiffel Tower!  # the fingerprint of "Eiffel Tower"

        Good:
            sources:
              ca5f05f1e577: Eiffel Tower
        """)),
    CodeInfo("I18N030", Severity.INFO, "stale translation without its old English",
             inspect.cleandoc("""
        A stale translation (I18N003) whose `src` fingerprint is not in the game's store of
        English texts: the reviewer cannot see what changed in the English (`cardkit i18n
        diff` and the PO `#| msgid` have nothing to show). Re-translate the entry, or check it
        against the current English and `cardkit i18n confirm` it. (Info: I18N003 already
        warns about the entry.)

        Bad:
            # cards.yaml, src not in i18n/sources.yaml
            eiffel-tower:
              topic: {text: Πύργος του Άιφελ, src: 0123456789ab}

        Good:
            # i18n/sources.yaml
            sources:
              0123456789ab: Eifel Tower
        """)),
    CodeInfo("I18N031", Severity.WARNING, "unused waiver", inspect.cleandoc("""
        A waiver (`waive: {CODE: reason}`) on a translation whose check would not fire any
        more, or that names a code that cannot be waived (see the `waive` field of overlay
        entries): remove it, so waivers do not outlive their reason.

        Bad:
            # the numbers match the English now
            text: W 1900 roku…
            waive: {I18N007: "1900s is XX wieku"}

        Good:
            text: Na początku XX wieku…
            waive: {I18N007: "1900s is XX wieku"}
        """)),
)


def load_history(source: SourceFile, data: Any) -> tuple[SourceHistory, list[Diagnostic]]:
    """Validate the store; entries whose text does not match their fingerprint are I18N029
    (and left out)."""
    history = SourceHistory(file=source.display)
    model, diags = validate(SourceStore, data, source.display)
    if model is None:
        return history, diags
    for fp, text in model.sources.items():  # type: ignore[attr-defined]
        value: SourceValue = dict(text) if isinstance(text, dict) else text
        if fingerprint(value) != fp:
            diags.append(Diagnostic(
                "I18N029", Severity.ERROR, f"the stored English does not have fingerprint {fp} "
                f"(it is {fingerprint(value)}); the store was edited by hand", source.display,
                pointer=("sources", fp)))
            continue
        history.texts[fp] = value
    return history, diags


#: A stored text is at most this long (all plural forms together): an exchange file's msgid is
#: not trusted to be the English, and card texts are far shorter.
MAX_STORED_CHARS = 4000
_UNSTORABLE_RE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def storable(text: object) -> bool:
    """Whether a text may go into the store: a string or a mapping of strings, at most
    :data:`MAX_STORED_CHARS` long, with no control characters but line breaks."""
    forms = list(text.values()) if isinstance(text, dict) else [text]
    return (all(isinstance(f, str) for f in forms)
            and sum(len(f) for f in forms) <= MAX_STORED_CHARS
            and not any(_UNSTORABLE_RE.search(f) for f in forms))


def store_texts(stored: Mapping[str, SourceValue], referenced: Iterable[str],
                known: Mapping[str, SourceValue]) -> dict[str, SourceValue]:
    """The new store: each referenced fingerprint with its text, from ``known`` (texts a write
    knows: the current English, the exchange file's msgids) or the old store, only when the
    text has that fingerprint and is :func:`storable`; sorted by fingerprint. Anything else in
    the old store (hand edits, entries of a store that does not validate) is dropped."""
    out: dict[str, SourceValue] = {}
    for fp in sorted(set(referenced)):
        for candidates in (known, stored):
            text = candidates.get(fp)
            if text is not None and storable(text) and fingerprint(text) == fp:
                out[fp] = text
                break
    return out


# -- word diff ------------------------------------------------------------------------------------

#: The tokens of a word diff: runs of spaces, words, single other characters.
WORD_TOKEN_RE = re.compile(r"\s+|\w+|[^\w\s]")


def word_diff(old: str, new: str) -> str:
    """A word-level diff like ``git diff --word-diff``: ``[-removed-]{+added+}``."""
    a, b = WORD_TOKEN_RE.findall(old), WORD_TOKEN_RE.findall(new)
    hunks: list[list[int]] = []  # [i1, i2, j1, j2] of changes; equal runs between them
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        last = hunks[-1] if hunks else None
        if last is not None and all(t.isspace() for t in a[last[1]:i1]):
            last[1], last[3] = i2, j2  # only spaces between two changes: one change, as git
        else:
            hunks.append([i1, i2, j1, j2])
    out: list[str] = []
    at = 0
    for i1, i2, j1, j2 in hunks:
        out.append("".join(a[at:i1]))
        if i2 > i1:
            out.append("[-" + "".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + "".join(b[j1:j2]) + "+}")
        at = i2
    out.append("".join(a[at:]))
    return "".join(out)


def value_diff(old: SourceValue, new: SourceValue) -> dict[str, str]:
    """Word diffs per plural form (key ``""`` for a plain text)."""
    if isinstance(old, str) and isinstance(new, str):
        return {"": word_diff(old, new)}
    olds = old if isinstance(old, dict) else {"other": old}
    news = new if isinstance(new, dict) else {"other": new}
    return {form: word_diff(olds.get(form, ""), news.get(form, ""))
            for form in sorted(set(olds) | set(news), key=_form_rank)}


def _form_rank(form: str) -> int:
    order = ("zero", "one", "two", "few", "many", "other")
    return order.index(form) if form in order else len(order)


def history_path(content_dir: Path, game: str) -> Path:
    """Where a game's store lives."""
    return content_dir / game / HISTORY_RELPATH
