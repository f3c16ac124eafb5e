"""cardkit: validated YAML card databases for board games.

The public API is small and lazy (importing :mod:`cardkit` loads no models):

* :func:`check` — run schema and consistency checks, get a :class:`~cardkit.core.diagnostics.Report`;
* :func:`load_game` — load one game's validated content;
* :func:`write_schemas` — generate the JSON Schemas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.version import __version__

__all__ = ["__version__", "check", "load_game", "write_schemas"]

if TYPE_CHECKING:
    from .checking import CheckOptions
    from .core.diagnostics import Report


def check(options: CheckOptions | None = None) -> Report:
    """Check content (see :class:`cardkit.checking.CheckOptions`)."""
    from .checking import CheckOptions, run_check

    return run_check(options or CheckOptions())


def load_game(game: str, content_dir: Any = "content") -> Any:
    """Load a game's content: ``(GameContent, diagnostics)``."""
    from pathlib import Path

    from .core.loading import load_game as _load

    return _load(game, Path(content_dir))


def write_schemas(out_dir: Any = "schemas", check_only: bool = False) -> Any:
    """Write (or, with ``check_only``, compare) the JSON Schemas of every game."""
    from pathlib import Path

    from .checking.schemas import write_schemas as _write

    return _write(Path(out_dir), check_only=check_only)
