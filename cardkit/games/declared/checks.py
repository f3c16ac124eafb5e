"""The generic checks of a declared game (``GAM…``), built per declaration.

Schema errors (types, ranges, enums, unknown keys) come from the built models, as for every
game; these checks add what a schema cannot say: ids unique within a kind, references that
name an existing object, icons the registry has, a declaration whose parts fit together, boxes
inside their card, no ``{placeholder}`` the templates would print as written (GAM007). The
text-fit check (GAM006) is the print layer's, run over the declared
templates (:mod:`.render`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...core.content import GameContent
from ...core.diagnostics import CodeInfo, Pointer, Severity
from ...core.spec import Check, Finding, duplicate_ids
from ...text.fonts import BOLD, missing_glyphs
from ...text.tokens import ICON_RE
from ...pdf.geometry import CARD_SIZES
from .build import BUILT_IN_KINDS, Problem
from .model import MAX_COPIES, BoxDecl, ColourBy, CustomSize, DeckDecl, GameDecl

#: A placeholder: a word in braces (``{n}``, ``{unit}``, ``{N}``, ``{0}``), whether the token
#: registry has it or not — either way nothing fills it.
PLACEHOLDER_RE = re.compile(r"\{[^{}\s]{1,40}\}")


def declaration(content: GameContent) -> tuple[GameDecl | None, str]:
    """The game's validated ``game.yaml`` and the name it is shown by."""
    for source in content.files:
        if source.relpath == "game.yaml":
            model = content.models.get("game.yaml")
            return (model if isinstance(model, GameDecl) else None), source.display
    return None, "game.yaml"


def icon_images(content: GameContent) -> list[tuple[str, Pointer, str]]:
    """The icons of the token registry drawn from image files: ``(game.yaml's display name,
    pointer to the token's image, path)``, for the art checks (ART001–ART004)."""
    decl, file = declaration(content)
    if decl is None:
        return []
    return [(file, ("tokens", i, "image"), t.image) for i, t in enumerate(decl.tokens)
            if t.image is not None]


def deck_size(deck: DeckDecl) -> tuple[float, float]:
    """A deck's card size in mm."""
    if isinstance(deck.size, CustomSize):
        return deck.size.width, deck.size.height
    return CARD_SIZES[deck.size]


def unique_ids(content: GameContent) -> Iterator[Finding]:
    """Every object of a kind has its own id: a second object with the same id is an error
    (the first definition is named).

    Bad:
        cards:
          - {id: lamp, name: Lamp, ...}
          - {id: lamp, name: Old Lamp, ...}

    Good:
        cards:
          - {id: lamp, name: Lamp, ...}
          - {id: old-lamp, name: Old Lamp, ...}
    """
    yield from duplicate_ids(content, [k.name for k in content.game.kinds if k.name != "game"])


def _ref_fields(content: GameContent) -> Iterator[tuple[str, str, str, bool]]:
    """``(kind, field, target kind, is a list)`` of every reference field."""
    decl, _ = declaration(content)
    if decl is None:
        return
    for kind in decl.kinds:
        for f in kind.fields:
            if f.item_type == "ref" and f.kind:
                yield kind.id, f.id, f.kind, f.type == "list"


def dangling_references(content: GameContent) -> Iterator[Finding]:
    """A reference field names the id of an existing object of the kind it is declared with
    (`type: ref, kind: guilds`).

    Bad:
        cards:
          - {id: lamp, guild: lamplighters-guild, ...}   # no guild has this id

    Good:
        cards:
          - {id: lamp, guild: lamplighters, ...}
    """
    from ...core.suggest import did_you_mean

    built = {k.name for k in content.game.kinds}
    for kind, name, target, many in _ref_fields(content):
        if target not in built:  # a kind that could not be built (its GAM004 says why) has no
            continue  # objects to name: every reference to it would be a false error
        known = content.index(target)
        broken = content.broken_ids.get(target, set())
        for rec in content.of(kind):
            value = getattr(rec.obj, name, None)
            values = list(value) if many and value is not None else [value]
            for i, ref in enumerate(values):
                if ref is None or ref in known or ref in broken:
                    continue
                path: tuple[Any, ...] = (name, i) if many else (name,)
                yield Finding(f"{name} {ref!r}: no {target} object has this id"
                              f"{did_you_mean(ref, known)}", rec, path)


def unknown_icons(content: GameContent) -> Iterator[Finding]:
    """A ``[name]`` in a text is an icon of the game's token registry (``tokens`` in
    game.yaml); any other bracketed word would print as text.

    Bad:
        text: "Gain 2 [coins]."   # the registry has `coin`

    Good:
        text: "Gain 2 [coin]."
    """
    from ...core.suggest import did_you_mean

    decl, _ = declaration(content)
    if decl is None:
        return
    icons = {t.token for t in decl.tokens if not t.token.startswith("{")}
    for rec, path, text in _field_texts(content, decl):
        for match in ICON_RE.finditer(text):
            if match.group(1) not in icons:
                yield Finding(f"[{match.group(1)}] is not an icon of the token "
                              f"registry{did_you_mean(match.group(1), icons)}", rec, path)


def _field_texts(content: GameContent, decl: GameDecl
                 ) -> Iterator[tuple[Any, tuple[Any, ...], str]]:
    """``(record, path, text)`` of every text field of every declared kind (translatable or
    not, the entries of lists of text too)."""
    for kind in decl.kinds:
        for f in kind.fields:
            if f.item_type != "text":
                continue
            for rec in content.of(kind.id):
                value = getattr(rec.obj, f.id, None)
                texts = list(enumerate(value)) if isinstance(value, (list, tuple)) else \
                    [(None, value)]
                for i, text in texts:
                    if isinstance(text, str):
                        yield rec, ((f.id,) if i is None else (f.id, i)), text


def unfilled_placeholders(content: GameContent) -> Iterator[Finding]:
    """A ``{placeholder}`` in a text of a declared game has no value: the declared templates
    print every field and every string of strings.yaml as it is written — they fill no
    placeholder — so the card would show ``{n}`` itself. Write the value into the text (or
    give it an int field of its own, printed in its own box).

    Bad:
        cards:
          - {id: full-cask, name: Full Cask, text: "Gain {n} [coin]."}

    Good:
        cards:
          - {id: full-cask, name: Full Cask, text: "Gain 2 [coin]."}
    """
    decl, _ = declaration(content)
    if decl is None:
        return
    texts = list(_field_texts(content, decl))
    texts += [(rec, ("text",), rec.obj.text) for rec in content.of("strings")]
    for rec, path, text in texts:
        found = list(dict.fromkeys(PLACEHOLDER_RE.findall(text)))
        if found:
            yield Finding(f"{', '.join(found)} {'has' if len(found) == 1 else 'have'} no "
                          "value: the declared templates print texts as written, so the braces "
                          "would be printed as they stand; write the value itself", rec, path)


def _colour_problems(colour: Any, fields: dict[str, Any], refs: dict[str, str],
                     kind_fields: dict[str, dict[str, Any]], at: tuple[Any, ...]
                     ) -> Iterator[tuple[str, tuple[Any, ...]]]:
    if not isinstance(colour, ColourBy):
        return
    head, _, tail = colour.field.partition(".")
    target = fields.get(head)
    if target is None:
        yield f"colour by {colour.field!r}: the kind has no field {head!r}", (*at, "field")
        return
    if getattr(target, "type", None) == "list":
        yield (f"colour by {colour.field!r}: {head!r} is a list, which has no one value to "
               "choose a colour by"), (*at, "field")
        return
    if tail:
        if head not in refs:
            yield (f"colour by {colour.field!r}: {head!r} is not a reference, so it has no "
                   f"field {tail!r}"), (*at, "field")
            return
        target = kind_fields.get(refs[head], {}).get(tail)
        if target is None:
            yield (f"colour by {colour.field!r}: kind {refs[head]!r} has no field "
                   f"{tail!r}"), (*at, "field")
            return
    values = getattr(target, "values", None)
    if values and colour.default is None:
        missing = [v for v in values if v not in colour.colours]
        if missing:
            yield (f"colour by {colour.field!r}: no colour for {', '.join(missing)} (and no "
                   "default)"), (*at, "colours")


def _box_problems(box: BoxDecl, b: int, t: int, kind: str | None, strings: set[str],
                  kind_fields: dict[str, dict[str, Any]], refs: dict[str, dict[str, str]]
                  ) -> Iterator[tuple[str, tuple[Any, ...]]]:
    at = ("templates", t, "boxes", b)
    if (box.field is None) == (box.string is None):
        yield f"box {box.id!r} prints either a `field` or a `string`", at
    if box.min_size > box.size:
        yield f"box {box.id!r}: min_size {box.min_size:g} is above size {box.size:g}", \
            (*at, "min_size")
    for name in (box.string, box.prefix):
        if name is not None and name not in strings:
            yield f"box {box.id!r}: strings.yaml has no string {name!r}", \
                (*at, "string" if name == box.string else "prefix")
    fields = kind_fields.get(kind, {}) if kind else {}
    if box.field is not None:
        if kind is None:
            yield (f"box {box.id!r} prints field {box.field!r} on a back, which is the same "
                   "for every card: use a `string`"), (*at, "field")
        elif box.field not in fields:
            yield f"box {box.id!r}: kind {kind!r} has no field {box.field!r}", (*at, "field")
    for part in ("fill", "colour"):
        yield from _colour_problems(getattr(box, part), fields, refs.get(kind or "", {}),
                                    kind_fields, (*at, part))


def declaration_problems(content: GameContent,
                         built_problems: list[Problem]) -> Iterator[Finding]:
    """The declaration fits together: every deck names a declared kind and templates that
    exist, `copies` is an int field of the kind, every box prints a field of the deck's kind
    (or a string of strings.yaml), every colour map names a field (``guild.colour`` through
    a reference) and gives a colour for every value of an enum; every `ref` names a declared
    kind; no field uses a reserved name; no enum lists a value twice.

    Bad:
        decks:
          - {id: cards, name: Cards, kind: card, front: card}   # the kind is `cards`

    Good:
        decks:
          - {id: cards, name: Cards, kind: cards, front: card}
    """
    decl, display = declaration(content)
    if decl is None:
        return
    for p in built_problems:
        if p.code == "GAM004":
            yield Finding(p.message, None, p.path, file=display)
    kind_fields = {k.id: {f.id: f for f in k.fields} for k in decl.kinds}
    # a colour follows a single reference (a list of them names no one colour)
    refs = {k.id: {f.id: f.kind for f in k.fields if f.type == "ref" and f.kind}
            for k in decl.kinds}
    templates: dict[str, tuple[int, Any]] = {}
    for i, t in enumerate(decl.templates):
        templates.setdefault(t.id, (i, t))
    for what, items, key in (("deck", decl.decks, "decks"), ("template", decl.templates,
                                                              "templates"),
                             ("token", decl.tokens, "tokens")):
        seen: set[str] = set()
        for i, item in enumerate(items):
            name = item.token if what == "token" else item.id
            if name in seen:  # the second would silently replace the first
                yield Finding(f"{what} {name!r} is declared twice", None,
                              (key, i, "token" if what == "token" else "id"), file=display)
            seen.add(name)
    for i, token in enumerate(decl.tokens):
        letter = token.letter or token.token[:1].upper()
        if not token.token.startswith("{") and missing_glyphs(letter, BOLD):
            yield Finding(f"token {token.token!r}: the letter {letter!r} has no glyph in the "
                          "font cardkit prints with; the disc would show an empty box", None,
                          ("tokens", i, "letter" if token.letter else "token"), file=display)
    for t, template in enumerate(decl.templates):
        seen = set()
        for b, box in enumerate(template.boxes):
            if box.id in seen:
                yield Finding(f"template {template.id!r}: box {box.id!r} is declared twice",
                              None, ("templates", t, "boxes", b, "id"), file=display)
            seen.add(box.id)
    strings = set(content.index("strings"))
    for k, kind in enumerate(decl.kinds):
        label = kind_fields[kind.id].get(kind.label) if kind.label else None
        if kind.label and (label is None or label.type not in ("text", "int", "enum")):
            yield Finding(f"kind {kind.id!r}: label {kind.label!r} is not a text, int or enum "
                          "field of the kind", None, ("kinds", k, "label"), file=display)

    uses: dict[str, set[str | None]] = {}
    for d, deck in enumerate(decl.decks):
        at = ("decks", d)
        if deck.kind not in kind_fields or deck.kind in BUILT_IN_KINDS:
            yield Finding(f"deck {deck.id!r}: no kind {deck.kind!r} (kinds: "
                          f"{', '.join(sorted(kind_fields))})", None, (*at, "kind"),
                          file=display)
            continue
        for side in ("front", "back"):
            name = getattr(deck, side)
            if name is not None and name not in templates:
                yield Finding(f"deck {deck.id!r}: no template {name!r}", None, (*at, side),
                              file=display)
            elif name is not None:
                uses.setdefault(name, set()).add(deck.kind if side == "front" else None)
        if deck.copies is not None:
            f = kind_fields[deck.kind].get(deck.copies)
            if f is None or f.type != "int":
                yield Finding(f"deck {deck.id!r}: copies {deck.copies!r} is not an int field "
                              f"of kind {deck.kind!r}", None, (*at, "copies"), file=display)
            elif f.min is None or f.min < 0 or f.max is None or f.max > MAX_COPIES:
                yield Finding(f"deck {deck.id!r}: the copies field {f.id!r} needs a min of 0 "
                              f"or more and a max of {MAX_COPIES} or less (it has min "
                              f"{f.min}, max {f.max})", None, (*at, "copies"), file=display)
    for name, kinds in sorted(uses.items()):
        t, template = templates[name]
        for kind in sorted(kinds, key=lambda k: k or ""):
            for part in ("background", "border"):
                for message, path in _colour_problems(
                        getattr(template, part), kind_fields.get(kind or "", {}),
                        refs.get(kind or "", {}), kind_fields, ("templates", t, part)):
                    yield Finding(message, None, path, file=display)
            for b, box in enumerate(template.boxes):
                for message, path in _box_problems(box, b, t, kind, strings, kind_fields,
                                                   refs):
                    yield Finding(message, None, path, file=display)


def boxes_inside(content: GameContent) -> Iterator[Finding]:
    """Every box of a template lies on the card of each deck that prints it (x + w within
    the width, y + h within the height, in mm from the lower-left corner), and no two plain
    boxes (without ``fill``) overlap: their texts would print over each other.

    Bad:
        boxes:
          - {id: name, field: name, x: 4, y: 84, w: 60, h: 8}   # a poker card is 63.5 x 88.9

    Good:
        boxes:
          - {id: name, field: name, x: 4, y: 77, w: 55.5, h: 8}
    """
    decl, display = declaration(content)
    if decl is None:
        return
    templates = {t.id: (i, t) for i, t in enumerate(decl.templates)}
    reported: set[tuple[int, int]] = set()
    for deck in decl.decks:
        w, h = deck_size(deck)
        for side in (deck.front, deck.back):
            if side not in templates:
                continue
            t, template = templates[side]
            for b, box in enumerate(template.boxes):
                if (box.x + box.w <= w + 1e-6 and box.y + box.h <= h + 1e-6) or \
                        (t, b) in reported:
                    continue
                reported.add((t, b))
                yield Finding(f"box {box.id!r} ({box.x:g}+{box.w:g} x {box.y:g}+{box.h:g} mm) "
                              f"is not inside the {w:g} x {h:g} mm card of deck {deck.id!r}",
                              None, ("templates", t, "boxes", b), file=display)
    for t, template in enumerate(decl.templates):
        for b, c, why in _overlaps(template.boxes):
            yield Finding(why, None, ("templates", t, "boxes", c), file=display)


def _overlaps(boxes: Any) -> Iterator[tuple[int, int, str]]:
    """Pairs of plain boxes whose rectangles share an area: their texts would print over each
    other. A drawn box (``fill`` or ``shape``) is a shape the other texts flow around (or
    hold, as a badge holds its number), so it never collides."""
    for b, one in enumerate(boxes):
        for c in range(b + 1, len(boxes)):
            two = boxes[c]
            if one.fill is not None or two.fill is not None or one.shape is not None or \
                    two.shape is not None:  # a drawn box (render.py `_shape`)
                continue
            dx = min(one.x + one.w, two.x + two.w) - max(one.x, two.x)
            dy = min(one.y + one.h, two.y + two.h) - max(one.y, two.y)
            if dx > 1e-6 and dy > 1e-6:
                yield b, c, (f"box {two.id!r} overlaps box {one.id!r} by {dx:.3g} x {dy:.3g} mm: "
                             "their texts would print over each other")


FIT_CODE = CodeInfo("GAM006", Severity.ERROR, "a printed text does not fit its box",
                    """Every text a declared template prints fits its box at the box's
    `min_size` (in at most `lines` lines); a translation that does not fit is I18N018.
    Shorten the text, or give the box more room or a smaller `min_size`.

    Bad:
        - {id: name, field: name, x: 4, y: 77, w: 20, h: 6, size: 11, min_size: 9, lines: 1}

    Good:
        - {id: name, field: name, x: 4, y: 77, w: 55.5, h: 8, size: 11, min_size: 7, lines: 1}
    """)


def make_checks(built_problems: list[Problem]) -> tuple[Check, ...]:
    """The GAM checks of one declaration (GAM004 reports what building it found)."""
    def consistent(content: GameContent) -> Iterator[Finding]:
        return declaration_problems(content, built_problems)

    consistent.__doc__ = declaration_problems.__doc__
    return (
        Check("GAM001", "an id is used twice within a kind", unique_ids),
        Check("GAM002", "a reference names no object of its kind", dangling_references),
        Check("GAM003", "a text names an icon the token registry does not have", unknown_icons),
        Check("GAM004", "the declaration does not fit together", consistent),
        Check("GAM005", "a template's box lies outside its card or over another box", boxes_inside),
        Check("GAM007", "a text holds a placeholder that has no value", unfilled_placeholders),
    )


def resolve(content: GameContent, rec: Any) -> dict[str, Any]:
    """An object for ``cardkit show``: every reference as ``{id, <label field>: …}`` of the
    object it names (``None`` for a dangling one); other fields as they are."""
    data: dict[str, Any] = {"kind": rec.kind, **rec.obj.model_dump(mode="json",
                                                                   exclude_none=True)}
    decl, _ = declaration(content)
    if decl is None:
        return data
    labels = {k.id: k.label for k in decl.kinds}
    kind = next((k for k in decl.kinds if k.id == rec.kind), None)
    for f in kind.fields if kind is not None else ():
        if f.item_type != "ref" or not f.kind or f.id not in data:
            continue
        known = content.index(f.kind)
        label = labels.get(f.kind)

        def one(ref: str, target: str = f.kind, label: str | None = label) -> dict[str, Any]:
            found = known.get(ref)
            out: dict[str, Any] = {"id": ref, "kind": target}
            if label:
                out[label] = getattr(found.obj, label, None) if found is not None else None
            return out
        value = data[f.id]
        data[f.id] = [one(v) for v in value] if isinstance(value, list) else one(value)
    return data
