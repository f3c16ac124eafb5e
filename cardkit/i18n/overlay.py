"""Locale overlays: ``content/<game>/i18n/<locale>/<kind>.yaml``, keyed by object id and field.

```yaml
locale: el
entries:
  golden-gate-bridge:
    topic: {text: Γέφυρα Γκόλντεν Γκέιτ, src: 3f0c2a9b81d4}
```

Only translatable fields are allowed (a strict, generated model per game and kind). ``src`` is
the fingerprint of the English text the translation was made from. An absent entry means
"untranslated": the English is never copied in as a placeholder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model
from ruamel.yaml.nodes import MappingNode

from ..core.diagnostics import Diagnostic, Pointer
from ..core.discovery import SourceFile
from ..core.sourcemap import compose
from ..core.spec import FileKind, GameSpec
from ..core.validation import validate


PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]
Fingerprint = Annotated[str, Field(pattern=r"^[0-9a-f]{12}$",
                                   description="Fingerprint of the English source text.")]


#: Codes that can never be waived: a waiver would print broken cards (tokens, markup, blank or
#: invisible characters, missing glyphs, wrong plural forms, oversized or non-fitting text).
#: Every other translation pair check (I18N004-I18N022 and later, run per field) can be waived.
NOT_WAIVABLE = frozenset({"I18N004", "I18N005", "I18N006", "I18N009", "I18N015", "I18N016",
                          "I18N017", "I18N018", "I18N021", "I18N022"})
WaiverCode = Annotated[str, Field(pattern=r"^I18N[0-9]{3}$")]
WaiverReason = Annotated[str, Field(min_length=1, pattern=r"\S")]


#: The longest translator comment an overlay keeps (a note, not a document).
COMMENT_MAX_CHARS = 2000


class Translation(BaseModel):
    """One translated field."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    text: str | dict[PluralCategory, str] = Field(
        description="The translation; plural texts give the locale's plural categories.")
    src: Fingerprint
    same: bool = Field(False, description="The translator confirms that the text is meant to "
                                          "be identical to the English (a name).")
    comment: str | None = Field(None, min_length=1, max_length=COMMENT_MAX_CHARS,
                                description="The translator's note on this translation (a PO "
                                            "`# …` comment): kept on import, exported again.")
    waive: dict[WaiverCode, WaiverReason] = Field(
        default_factory=dict,
        description="Per-entry waivers: translation check code -> why it does not apply here "
                    "(a non-empty reason), e.g. {I18N007: '1900s is XX wieku'}. A waived code "
                    "does not fire for this entry; a waiver whose check would not fire is "
                    "I18N031. Pair checks can be waived except " + ", ".join(sorted(NOT_WAIVABLE))
                    + " (tokens, markup, whitespace, invisible characters, glyphs, plural forms, "
                      "size and fit).")


def key_pattern(kind: FileKind) -> str:
    """Regex of the field keys a kind's overlay accepts (``bars.*.question`` -> ``bars.N.question``)."""
    alternatives = [re.escape(f.path).replace(r"\*", "[0-9]+") for f in kind.translatable]
    return "^(" + "|".join(alternatives) + ")$"


def overlay_model(game: GameSpec, kind_name: str) -> type[BaseModel]:
    """The strict model of one kind's overlay file for a game (built once per game and kind)."""
    return _overlay_model(game.id, kind_name)


@cache
def _overlay_model(game_id: str, kind_name: str) -> type[BaseModel]:
    from ..core.registry import get_game

    game = get_game(game_id)
    kind = next(k for k in game.kinds if k.name == kind_name)
    key = Annotated[str, Field(pattern=key_pattern(kind))]
    obj_id = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    title = "".join(p.capitalize() for p in f"{game.id}-{kind_name}".split("-"))
    return create_model(  # type: ignore[call-overload,no-any-return]
        f"{title}Overlay",
        __config__=ConfigDict(extra="forbid", strict=True, frozen=True),
        __doc__=f"Translations of {game.id} {kind_name} into one locale.",
        locale=(str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$",
                           description="Must match the folder name.")),
        entries=(dict[obj_id, dict[key, Translation]], Field(
            default_factory=dict, description="Object id -> field -> translation.")),
    )


def translatable_kinds(game: GameSpec) -> list[FileKind]:
    """Kinds with at least one translatable field."""
    return [k for k in game.kinds if k.translatable]


@dataclass(frozen=True, slots=True)
class Entry:
    """A translation and where it sits."""

    translation: Translation
    file: str
    pointer: Pointer  # ("entries", id, key)


@dataclass(slots=True)
class LocaleOverlay:
    """All translations of one game into one locale: kind -> id -> key -> entry."""

    locale: str
    entries: dict[str, dict[str, dict[str, Entry]]] = field(default_factory=dict)
    files: dict[str, SourceFile] = field(default_factory=dict)  # kind -> file
    #: The game's store of English source texts (fingerprint -> text), shared by its locales:
    #: the English a stale translation was made from (see :mod:`cardkit.i18n.history`).
    previous: dict[str, str | dict[str, str]] = field(default_factory=dict)
    #: Parts whose translations could not be loaded because of an error reported where it is (a
    #: file that does not parse or sits in the wrong place, an entry failing its schema):
    #: ``(kind, id, key)``, ``None`` for "all". Their fields are not reported as missing too.
    unloaded: set[tuple[str, str | None, str | None]] = field(default_factory=set)

    def get(self, kind: str, obj_id: str, key: str) -> Entry | None:
        """The entry for one field, if translated."""
        return self.entries.get(kind, {}).get(obj_id, {}).get(key)

    def is_unloaded(self, kind: str, obj_id: str, key: str) -> bool:
        """Whether a field's translation may exist but did not load (see ``unloaded``)."""
        marks = self.unloaded
        return bool(marks) and ((kind, None, None) in marks or (kind, obj_id, None) in marks
                                or (kind, obj_id, key) in marks)

    def withholding(self, errors: list[Diagnostic]) -> tuple[LocaleOverlay, set[Key]]:
        """A copy without the entries ``errors`` point at (same file, pointer starting with the
        entry's ``("entries", id, key)``), and their ``(kind, id, key)``: what a command that
        shows a translation as it is (the site) prints in English instead of a failing text."""
        failing = {(d.file, tuple(d.pointer)[:3]) for d in errors if d.pointer}
        lines: dict[str, set[int]] = {}  # findings from the check cache have a line, no pointer
        for d in errors:
            if not d.pointer and d.line > 0:
                lines.setdefault(d.file, set()).add(d.line)
        trees = {src.display: compose(src.text() or "") for src in self.files.values()
                 if src.display in lines}
        kept: dict[str, dict[str, dict[str, Entry]]] = {}
        withheld: set[Key] = set()
        for kind, objects in self.entries.items():
            for obj_id, fields in objects.items():
                for key, entry in fields.items():
                    span = (_span(trees.get(entry.file), entry.pointer)
                            if entry.file in lines else range(0))
                    if (entry.file, tuple(entry.pointer)) in failing \
                            or any(n in span for n in lines.get(entry.file, ())):
                        withheld.add((kind, obj_id, key))
                    else:
                        kept.setdefault(kind, {}).setdefault(obj_id, {})[key] = entry
        return LocaleOverlay(self.locale, kept, dict(self.files), self.previous,
                             set(self.unloaded)), withheld


Key = tuple[str, str, str]  # (kind, object id, field key)


def _span(root: Any, pointer: Pointer) -> range:
    """The 1-based lines of the node at ``pointer`` (empty when it is not in the tree)."""
    node = root
    for part in pointer:
        if not isinstance(node, MappingNode):
            return range(0)
        node = next((v for k, v in node.value if str(getattr(k, "value", None)) == str(part)),
                    None)
        if node is None:
            return range(0)
    end = node.end_mark.line + (0 if node.end_mark.column == 0 else 1)
    return range(node.start_mark.line + 1, max(end, node.start_mark.line + 1) + 1)


def load_overlay_file(game: GameSpec, source: SourceFile, locale: str, kind_name: str,
                      data: Any, overlay: LocaleOverlay) -> list[Diagnostic]:
    """Validate one overlay file's data and add its entries to ``overlay``.

    When the file has errors, the entries without errors are still kept (each validated on its
    own), so one broken entry does not turn a whole locale into "missing".
    """
    model, diags = validate(overlay_model(game, kind_name), data, source.display)
    overlay.files[kind_name] = source
    kind_entries = overlay.entries.setdefault(kind_name, {})
    if model is not None:
        for obj_id, fields in model.entries.items():  # type: ignore[attr-defined]
            for key, tr in fields.items():
                kind_entries.setdefault(obj_id, {})[key] = Entry(tr, source.display,
                                                                 ("entries", obj_id, key))
        return diags
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        overlay.unloaded.add((kind_name, None, None))
        return diags
    bad = {(d.pointer[1], d.pointer[2]) for d in diags
           if d.pointer and len(d.pointer) > 2 and d.pointer[0] == "entries"}
    bad_ids = {d.pointer[1] for d in diags if d.pointer and len(d.pointer) == 2
               and d.pointer[0] == "entries"}
    overlay.unloaded.update((kind_name, str(i), str(k)) for i, k in bad)
    overlay.unloaded.update((kind_name, str(i), None) for i in bad_ids)
    for obj_id, fields in entries.items():
        if obj_id in bad_ids or not isinstance(fields, dict):
            continue
        for key, raw in fields.items():
            if (obj_id, key) in bad:
                continue
            tr, _ = validate(Translation, raw, source.display)
            if tr is not None:
                kind_entries.setdefault(str(obj_id), {})[str(key)] = Entry(
                    tr, source.display, ("entries", obj_id, key))  # type: ignore[arg-type]
    return diags
