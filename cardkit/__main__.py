"""``python -m cardkit``."""

from .cli import main

main()
