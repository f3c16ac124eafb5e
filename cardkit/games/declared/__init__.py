"""Games declared as data: ``content/<game>/game.yaml`` (see ``docs/declared-games.md``).

:func:`declared_game` reads a game's declaration (safely: the same size limits, symlink rules
and YAML guards as every content file), builds its models (:mod:`.build`), its checks
(:mod:`.checks`) and its card templates (:mod:`.render`), and returns a plain
:class:`~cardkit.core.spec.Game` — so check, translations, PDFs, exports and the site treat it
like a shipped game. The result is cached by the bytes of ``game.yaml``: editing it takes
effect on the next command. A declaration that does not load or validate still gives a game:
one whose only kinds are ``game`` and ``strings``, so ``cardkit check`` reports the
declaration's own located errors.
"""

from __future__ import annotations

import hashlib
import importlib.resources
from pathlib import Path

from ...core.diagnostics import CodeInfo
from ...core.discovery import DEFAULT_MAX_BYTES, FileProblem, read_content_bytes
from ...core.spec import Game, lazy
from .checks import FIT_CODE, icon_images, make_checks, resolve

_cache: dict[tuple[str, str], Game] = {}

#: The starter of ``cardkit init --declare``: ``locales/`` and the declared game
#: :data:`STARTER_GAME` (renamed to the new game's id).
STARTER = importlib.resources.files(__name__) / "starter"
#: The folder name of the starter game inside :data:`STARTER`.
STARTER_GAME = "starter-game"


def _labeller(labels: dict[str, str]):  # type: ignore[no-untyped-def]
    """What ``cardkit list`` shows of an object: its kind's declared ``label`` field."""
    from ...core.query import default_label

    def label(rec):  # type: ignore[no-untyped-def]
        if rec.kind == "game":  # a kind of the declaration: what it holds, where
            obj = rec.obj
            about = getattr(obj, "description", "") or getattr(obj, "items", "")
            return f"{about} ({getattr(obj, 'file', '')})"
        name = labels.get(rec.kind)
        value = getattr(rec.obj, name, None) if name else None
        if value is None or isinstance(value, (list, tuple, dict)):
            return default_label(rec)
        return " ".join(str(value).split())

    return label


def _declaration(raw: bytes | FileProblem) -> object | None:
    """The validated :class:`~.model.GameDecl` of ``game.yaml``'s bytes, or ``None``."""
    if isinstance(raw, FileProblem):
        return None
    from ...core.loader import parse_bytes
    from ...core.validation import validate
    from .model import GameDecl

    loaded = parse_bytes(raw, "game.yaml")
    if loaded.data is None or loaded.diagnostics:
        return None
    model, _ = validate(GameDecl, loaded.data, "game.yaml")
    return model


def declared_codes() -> list[CodeInfo]:
    """The codes every declared game can report (GAM001–GAM007), for ``cardkit codes``."""
    return [c.info for c in make_checks([])] + [FIT_CODE]


def declared_game(game: str, folder: Path) -> Game:
    """The game declared by ``folder/game.yaml`` (``game`` is the folder's name)."""
    raw = read_content_bytes(folder / "game.yaml", DEFAULT_MAX_BYTES, (folder.parent,))
    digest = hashlib.sha256(raw if isinstance(raw, bytes) else repr(raw).encode()).hexdigest()
    key = (str(folder), digest)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    from .build import Problem, build_kinds, built_in_kinds
    from .model import GameDecl

    decl = _declaration(raw)
    problems: list[Problem] = []
    if isinstance(decl, GameDecl):
        built = build_kinds(decl)
        kinds, problems = tuple(built.kinds), built.problems
        if decl.id != game:
            problems.append(Problem("GAM004", f"the declaration's id {decl.id!r} is not its "
                                    f"folder's name {game!r}", ("id",)))
        title = decl.title
        tokens = frozenset(f"[{t.token}]" if not t.token.startswith("{") else t.token
                           for t in decl.tokens)
        labels = {k.id: k.label for k in decl.kinds if k.label}
    else:
        kinds, title, tokens = tuple(built_in_kinds(game)), game, frozenset()
        labels = {}
    spec = Game(
        id=game, title=title, kinds=kinds, checks=make_checks(problems), tokens=tokens,
        print_decks=lazy(f"{__name__}.render", "print_decks"), fit_code=FIT_CODE,
        resolve=resolve, label=_labeller(labels), art_files=icon_images)
    if len(_cache) > 64:
        _cache.clear()
    _cache[key] = spec
    return spec
