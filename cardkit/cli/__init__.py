"""The ``cardkit`` command line: the only code that prints, parses argv or exits.

Exit codes: one table for every command (:mod:`.exits`: 0 clean, 1 findings, 2 usage, 3
internal error, 130 SIGINT, 143 SIGTERM), shown in every command's help. Heavy modules
(pydantic models, ruamel, reportlab) are imported inside commands so that a cached ``check``
starts fast. Each module holds one family of commands; they are added to the root group here,
explicitly.
"""

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
