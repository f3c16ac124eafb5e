"""The games cardkit knows: built-in games, installed plug-ins and games declared as data.

Nothing registers itself on import, and this module imports no game by name. A game id is
looked up, in this order, in:

1. cardkit's own ``cardkit.games`` entry points (its ``pyproject.toml``): the games cardkit
   ships, registered exactly as a plug-in registers its game and loaded through the same
   validation (:func:`_load_spec`); their packages are imported lazily, by id, so commands that
   need no game, or a cached answer, stay fast;
2. the ``cardkit.games`` entry points of every other installed distribution: a pip-installed
   package adds a game by naming its spec object (``pebbles = "cardkit_pebbles:SPEC"``; the
   entry's name is the game id);
3. the content folders in use (:func:`use_content`; every command's ``--content``): a
   sub-folder with a ``game.yaml`` is a game declared as data, built by the factory cardkit
   registers under its ``cardkit.declared`` entry point (:func:`declared_factory`) and rebuilt
   whenever its ``game.yaml`` changes.

An id is taken by the first source that has it: a plug-in or a declaration cannot replace a
built-in game (nor a declaration a plug-in); :func:`shadowed` lists those left out.

Entry points come from installed metadata: a change to them takes effect after a reinstall
(``make``, or ``pip install -e .``). Metadata without the groups is a :class:`UsageProblem`
saying so, never a silent empty list.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from .errors import UsageProblem
from .spec import GameSpec

#: The entry-point group games are registered in (cardkit's own and plug-ins').
ENTRY_POINT_GROUP = "cardkit.games"
#: The entry-point group of the declared-game factory (cardkit's own metadata only).
DECLARED_GROUP = "cardkit.declared"
#: The distribution whose ``cardkit.games`` entries are the built-in games.
DISTRIBUTION = "cardkit"
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


class NotRegistered(UsageProblem):
    """cardkit's own metadata lacks its entry points (an uninstalled or stale source tree)."""


def _reinstall(why: str) -> NotRegistered:
    return NotRegistered(f"cardkit's built-in games are not registered ({why}); reinstall "
                         "cardkit (`make`, or `pip install -e .`)")


def _own_entry_points(group: str) -> list[Any]:
    """The entry points of ``group`` in cardkit's own installed metadata, sorted by name."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        eps = distribution(DISTRIBUTION).entry_points
    except PackageNotFoundError:
        raise _reinstall(f"no installed metadata for {DISTRIBUTION!r}") from None
    found = sorted(eps.select(group=group), key=lambda e: (e.name, e.value))
    if not found:
        raise _reinstall(f"its metadata has no {group!r} entry points")
    return found


@cache
def _builtins() -> dict[str, Any]:
    """cardkit's own ``cardkit.games`` entry points, by game id (not loaded). Reads only
    cardkit's metadata, not every installed distribution's."""
    found: dict[str, Any] = {}
    for ep in _own_entry_points(ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep)
    return found


@cache
def _plugins() -> dict[str, Any]:
    """The ``cardkit.games`` entry points of the other installed distributions, by game id
    (not loaded)."""
    from importlib.metadata import entry_points

    found: dict[str, Any] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value)):
        dist = getattr(ep, "dist", None)
        if dist is not None and (dist.name or "").lower() == DISTRIBUTION:
            continue  # cardkit's own: the built-in games
        found.setdefault(ep.name, ep)
    return found


def plugin_ids() -> tuple[str, ...]:
    """Ids of the installed plug-in games that no built-in game shadows, sorted."""
    return tuple(sorted(g for g in _plugins() if g not in _builtins()))


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
    taken = set(_builtins()) | set(_plugins())
    return tuple(sorted(g for g in _declared() if g not in taken))


def shadowed() -> list[str]:
    """Plug-ins and declarations left out because an earlier source has their id."""
    out = [f"plug-in {g!r} ({_plugins()[g].value}): a built-in game has this id"
           for g in sorted(_plugins()) if g in _builtins()]
    taken = set(_builtins()) | set(_plugins())
    out += [f"declared game {g!r} ({path / DECLARATION}): a built-in or plug-in game has "
            "this id" for g, path in sorted(_declared().items()) if g in taken]
    return out


def game_ids() -> tuple[str, ...]:
    """All known game ids, sorted: built-in, plug-in and declared."""
    return tuple(sorted({*_builtins(), *plugin_ids(), *declared_ids()}))


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
    builtins = _builtins()
    rest = [n for n in names if n not in builtins]
    if any(n not in declared for n in rest):  # a plug-in's folder, or no game's at all
        known = set(game_ids())
        rest = [n for n in rest if n in known]
    return tuple(sorted([n for n in names if n in builtins] + rest))


def builtin_ids() -> tuple[str, ...]:
    """The ids of the games cardkit ships (its own ``cardkit.games`` entry points), sorted."""
    return tuple(sorted(_builtins()))


def origin(game: str) -> str:
    """``built-in``, ``plug-in`` or ``declared``."""
    if game in _builtins():
        return "built-in"
    if game in _plugins():
        return "plug-in"
    if game in _declared():
        return "declared"
    raise UnknownGameError(game)


def module_of(game: str) -> str | None:
    """The Python package of a built-in or plug-in game (its ``starter/`` folder lives there);
    ``None`` for a declared game."""
    ep = _builtins().get(game) or _plugins().get(game)
    return ep.value.partition(":")[0] if ep is not None else None


def declared_folder(game: str) -> Path | None:
    """The folder of a declared game, or ``None``."""
    if game in _builtins() or game in _plugins():
        return None
    return _declared().get(game)


def _load_spec(game: str, ep: Any, what: str) -> GameSpec:
    """Load a ``cardkit.games`` entry point and check it is a game spec with the entry's id:
    the one path for built-in games and plug-ins alike."""
    try:
        loaded = ep.load()
    except Exception as exc:  # noqa: BLE001 - a broken third-party package is a usage problem
        raise PluginError(f"{what} {game!r} ({ep.value}) failed to load: "
                          f"{type(exc).__name__}: {exc}") from exc
    spec = getattr(loaded, "SPEC", loaded)
    missing = [a for a in ("id", "title", "kinds", "checks", "kind_for") if not hasattr(spec, a)]
    if missing:
        raise PluginError(f"{what} {game!r} ({ep.value}) is not a game spec: it has no "
                          f"{', '.join(missing)}")
    if spec.id != game:
        raise PluginError(f"{what} {game!r} ({ep.value}) says its id is {spec.id!r}; "
                          "the entry point's name must be the game id")
    return spec  # type: ignore[no-any-return]


@cache
def _builtin(game: str) -> GameSpec:
    return _load_spec(game, _builtins()[game], "built-in game")


@cache
def _plugin(game: str) -> GameSpec:
    return _load_spec(game, _plugins()[game], "game plug-in")


@cache
def declared_factory() -> Any:
    """The factory of games declared as data: the object cardkit registers under its
    ``cardkit.declared`` entry point, with ``declared_game(id, folder)``, ``declared_codes()``
    and ``STARTER`` (a folder holding ``locales/`` and the starter game ``STARTER_GAME``)."""
    ep = _own_entry_points(DECLARED_GROUP)[0]
    try:
        factory = ep.load()
    except Exception as exc:  # noqa: BLE001 - reported like a broken plug-in
        raise PluginError(f"the declared-game factory ({ep.value}) failed to load: "
                          f"{type(exc).__name__}: {exc}") from exc
    missing = [a for a in ("declared_game", "declared_codes", "STARTER", "STARTER_GAME")
               if not hasattr(factory, a)]
    if missing:
        raise PluginError(f"the declared-game factory ({ep.value}) has no "
                          f"{', '.join(missing)}")
    return factory


def get_game(game: str) -> GameSpec:
    """The spec of one game (imports its package, or builds its declaration, on first use)."""
    if game in _builtins():
        return _builtin(game)
    if game in _plugins():
        return _plugin(game)
    folder = _declared().get(game)
    if folder is None:
        raise UnknownGameError(game)
    return declared_factory().declared_game(game, folder)  # type: ignore[no-any-return]
