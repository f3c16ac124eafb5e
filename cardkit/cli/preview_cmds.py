"""``cardkit preview``: the cards of a game as images in a browser, redrawn on save."""

from __future__ import annotations

import time
from pathlib import Path

import click

from .app import _guard, content_option


@click.command("preview")
@click.argument("game")
@content_option
@click.option("--locale", default="en", show_default=True, help="The language of the cards.")
@click.option("--deck", default=None, metavar="ID", help="The deck to show (default: the first).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port on 127.0.0.1 (0: any free port).")
@click.option("--duration", type=click.FloatRange(0, 86400), default=None, metavar="SECONDS",
              help="Stop after this long (default: until Ctrl-C).")
@_guard
def preview(game: str, content_dir: Path, locale: str, deck: str | None, port: int,
            duration: float | None) -> None:
    """Show GAME's cards in a browser page on this machine (loopback only), drawn by the print
    templates and redrawn within a second of a save; a text that does not fit its frame is
    outlined in red, and content with errors shows its located errors instead. One card:
    ``/?card=ID`` (the language server's "Preview this card" opens it).
    """
    from ..core.registry import get_game
    from ..site.preview import Preview, serve

    get_game(game)  # an unknown game is a usage error before anything starts
    server, stop = serve(Preview(game, content_dir, locale, deck), port)
    host, bound = server.server_address[:2]
    click.echo(f"cardkit preview: http://{host}:{bound}/ (Ctrl-C to stop)", err=True)
    try:
        deadline = None if duration is None else time.monotonic() + duration
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
