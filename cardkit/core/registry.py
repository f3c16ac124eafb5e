"""The games cardkit knows: the built-in list, installed plug-ins and games declared as data.

Nothing registers itself on import. A game id is looked up, in this order, in:

1. :data:`GAMES`, the games cardkit ships (their packages are imported lazily by id, so
   commands that need no game, or a cached answer, stay fast);
2. the ``cardkit.games`` entry-point group: a pip-installed package adds a game by naming its
   spec object (``pebbles = "cardkit_pebbles:SPEC"``; the entry's name is the game id);
3. the content folders in use (:func:`use_content`; every command's ``--content``): a
   sub-folder with a ``game.yaml`` is a game declared as data
   (:mod:`cardkit.games.declared`), rebuilt whenever its ``game.yaml`` changes.

An id is taken by the first source that has it: a plug-in or a declaration cannot replace a
built-in game (nor a declaration a plug-in); :func:`shadowed` lists those left out.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from pathlib import Path
from typing import Any

from .errors import UsageProblem
from .spec import GameSpec

#: Every game cardkit ships, by id -> module holding its ``SPEC``. Add a game here.
GAMES: dict[str, str] = {
    "terra": "cardkit.games.terra",
    "trains": "cardkit.games.trains",
    "cartographers": "cardkit.games.cartographers",
    "terra-futura": "cardkit.games.terra_futura",
    "mars-dice": "cardkit.games.mars_dice",
}
#: The entry-point group plug-ins add games to.
ENTRY_POINT_GROUP = "cardkit.games"
#: The file that makes a content sub-folder a declared game.
DECLARATION = "game.yaml"

#: Folders of a content folder that are never a game (the locales; tools' hidden folders).
NOT_GAMES = frozenset({"locales", ".git", ".cardkit-cache"})

_roots: list[Path] = []


class UnknownGameError(UsageProblem):
    """A game id that is not registered."""

    def __init__(self, game: str) -> None:
        from .suggest import did_you_mean

        known = game_ids()
        super().__init__(f"unknown game {game!r}{did_you_mean(game, known)}; known games: "
                         f"{', '.join(known)}")
        self.game = game


class PluginError(UsageProblem):
    """An installed game plug-in that cannot be loaded, or is not a game."""


def use_content(content_dir: Path) -> None:
    """Look for declared games in ``content_dir`` too (the most recent folder first)."""
    try:
        root = Path(content_dir).resolve()
    except (OSError, RuntimeError):
        return
    if root in _roots:
        _roots.remove(root)
    _roots.insert(0, root)


@cache
def _plugins() -> dict[str, Any]:
    """The installed ``cardkit.games`` entry points, by game id (not loaded)."""
    from importlib.metadata import entry_points

    found: dict[str, Any] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value)):
        found.setdefault(ep.name, ep)
    return found


def plugin_ids() -> tuple[str, ...]:
    """Ids of the installed plug-in games that no built-in game shadows, sorted."""
    return tuple(sorted(g for g in _plugins() if g not in GAMES))


def _declared() -> dict[str, Path]:
    """Declared games of the content folders in use: id -> folder (first folder wins)."""
    found: dict[str, Path] = {}
    for root in _roots:
        try:
            subs = sorted(root.iterdir())
        except OSError:
            continue
        for sub in subs:
            try:  # any entry named game.yaml declares the game (a folder or a broken link
                # too: the declaration's loader reports what is wrong with it, located)
                if sub.is_dir() and os.path.lexists(sub / DECLARATION):
                    found.setdefault(sub.name, sub)
            except OSError:
                continue
    return found


def declared_ids() -> tuple[str, ...]:
    """Ids of the declared games of the content folders in use (no built-in or plug-in id)."""
    taken = set(GAMES) | set(_plugins())
    return tuple(sorted(g for g in _declared() if g not in taken))


def shadowed() -> list[str]:
    """Plug-ins and declarations left out because an earlier source has their id."""
    out = [f"plug-in {g!r} ({_plugins()[g].value}): a built-in game has this id"
           for g in sorted(_plugins()) if g in GAMES]
    taken = set(GAMES) | set(_plugins())
    out += [f"declared game {g!r} ({path / DECLARATION}): a built-in or plug-in game has "
            "this id" for g, path in sorted(_declared().items()) if g in taken]
    return out


def game_ids() -> tuple[str, ...]:
    """All known game ids, sorted: built-in, plug-in and declared."""
    return tuple(sorted({*GAMES, *plugin_ids(), *declared_ids()}))


def games_in(content_dir: Path) -> tuple[str, ...]:
    """The known games that have a folder in ``content_dir``, sorted. The installed
    plug-ins are looked up (a scan of the environment's packages) only for a folder that is
    neither a built-in game nor a declared one, so ``check`` of the shipped content stays off
    that scan."""
    use_content(content_dir)
    try:
        names = sorted(sub.name for sub in Path(content_dir).iterdir()  # hidden: a tool's
                       if sub.is_dir() and sub.name not in NOT_GAMES and sub.name[0] != ".")
    except OSError:
        return ()
    declared = _declared()
    rest = [n for n in names if n not in GAMES]
    if any(n not in declared for n in rest):  # a plug-in's folder, or no game's at all
        known = set(game_ids())
        rest = [n for n in rest if n in known]
    return tuple(sorted([n for n in names if n in GAMES] + rest))


def builtin_ids() -> tuple[str, ...]:
    """The ids of the games cardkit ships, sorted."""
    return tuple(sorted(GAMES))


def origin(game: str) -> str:
    """``built-in``, ``plug-in`` or ``declared``."""
    if game in GAMES:
        return "built-in"
    if game in _plugins():
        return "plug-in"
    if game in _declared():
        return "declared"
    raise UnknownGameError(game)


def module_of(game: str) -> str | None:
    """The Python package of a built-in or plug-in game (its ``starter/`` folder lives there);
    ``None`` for a declared game."""
    if game in GAMES:
        return GAMES[game]
    ep = _plugins().get(game)
    return ep.value.partition(":")[0] if ep is not None else None


def declared_folder(game: str) -> Path | None:
    """The folder of a declared game, or ``None``."""
    if game in GAMES or game in _plugins():
        return None
    return _declared().get(game)


@cache
def _builtin(game: str) -> GameSpec:
    return importlib.import_module(GAMES[game]).SPEC  # type: ignore[no-any-return]


@cache
def _plugin(game: str) -> GameSpec:
    ep = _plugins()[game]
    try:
        loaded = ep.load()
    except Exception as exc:  # noqa: BLE001 - a broken third-party package is a usage problem
        raise PluginError(f"game plug-in {game!r} ({ep.value}) failed to load: "
                          f"{type(exc).__name__}: {exc}") from exc
    spec = getattr(loaded, "SPEC", loaded)
    missing = [a for a in ("id", "title", "kinds", "checks", "kind_for") if not hasattr(spec, a)]
    if missing:
        raise PluginError(f"game plug-in {game!r} ({ep.value}) is not a game spec: it has no "
                          f"{', '.join(missing)}")
    if spec.id != game:
        raise PluginError(f"game plug-in {game!r} ({ep.value}) says its id is {spec.id!r}; "
                          "the entry point's name must be the game id")
    return spec  # type: ignore[no-any-return]


def get_game(game: str) -> GameSpec:
    """The spec of one game (imports its package, or builds its declaration, on first use)."""
    if game in GAMES:
        return _builtin(game)
    if game in _plugins():
        return _plugin(game)
    folder = _declared().get(game)
    if folder is None:
        raise UnknownGameError(game)
    from ..games.declared import declared_game

    return declared_game(game, folder)
