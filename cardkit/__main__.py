"""``python -m cardkit``: the ``cardkit`` program (:func:`cardkit.cli.run`)."""

from .cli import run

run()
