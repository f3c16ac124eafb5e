"""Text styles and runs, for the PDF layer and the game templates: re-exported from
:mod:`cardkit.text.runs`."""

from __future__ import annotations

from ..text.runs import (BREAKABLE_SPACE_RE, GROUPED_NUMBER_RE, ICON_RE,  # noqa: F401
                         ICON_WIDTH, IconDrawer, Run, TextStyle, runs)
