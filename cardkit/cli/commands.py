"""Every ``cardkit`` command added to the root group (:func:`.app.main`), explicitly, each
with the exit-code table in its help."""

from __future__ import annotations

from .app import main
from .content_cmds import (
    _all_codes,
    check,
    codes,
    fmt,
    init_command,
    list_objects,
    new_command,
    schema,
    show,
)
from .exits import document
from .export_cmds import export
from .games_cmds import games_command
from .i18n_cmds import i18n
from .lsp_cmds import lsp_command
from .preview_cmds import preview
from .print_cmds import pdf
from .run_cmds import balance, simulate, strength
from .score_cmds import score
from .site_cmds import site

for _command in (games_command, check, codes, new_command, init_command, schema, fmt, list_objects, show, pdf,
                 export, simulate, balance, strength, score, i18n, site, lsp_command, preview):
    main.add_command(_command)
    document(_command)  # the exit-code table in its help (and its sub-commands')

__all__ = ["main", "_all_codes"]
