"""The check orchestrator and the content gate, one layer above core, i18n and pdf.

* :mod:`.run` — ``cardkit check`` as a library call: core loading and validation, the games'
  consistency checks, then the translation pass (i18n) and the print-fit pass (pdf);
* :mod:`.gate` — the content gate every command that uses content goes through;
* :mod:`.schemas` — the JSON Schemas of every file kind (game models and the i18n models);
* :mod:`.scaffold` — ``cardkit new`` and ``cardkit init``.

Loading a game without the upper passes (``load_game``, ``select_games``) is in
:mod:`cardkit.core.loading`.
"""

from __future__ import annotations

from .run import CheckOptions, run_check

__all__ = ["CheckOptions", "run_check"]
