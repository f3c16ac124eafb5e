"""``cardkit lsp``: the language server for editors (stdio)."""

from __future__ import annotations

import click

from .app import _guard


@click.command("lsp")
@_guard
def lsp_command() -> None:
    """Run cardkit's language server on standard input and output, for an editor.

    It publishes `cardkit check`'s diagnostics for the open files of the workspace's content/
    folder as you type (unsaved buffers included), answers hover, go to definition, find
    references and completion on ids (in a translation: the English it translates, and the
    glossary's terms), offers the fixes of the findings that have one ("did you mean", a word
    the glossary forbids, confirming a stale translation) and opens the card under the cursor
    in the preview. The README's "In the editor" section has the few lines VS Code, Neovim and
    Helix need.
    """
    from ..lsp.server import serve

    serve()
