"""The one grammar of the tokens a text may carry: ``[icon]`` names drawn as pictures and
``{placeholder}`` names filled in by the template. The print runs, the translation checks and
the declared games' checks all read tokens with these expressions, so a token one of them
accepts is a token to all of them."""

from __future__ import annotations

import re

ICON_NAME = r"[a-z][a-z0-9_-]*"
PLACEHOLDER_NAME = r"[a-z_][a-z0-9_]*"
#: An inline icon, ``[coin]``: group 1 is its name.
ICON_RE = re.compile(rf"\[({ICON_NAME})\]")
#: A template placeholder, ``{n}``: group 1 is its name.
PLACEHOLDER_RE = re.compile(rf"\{{({PLACEHOLDER_NAME})\}}")
#: Either token, matched whole (``{n}`` or ``[coin]``): what a translation must keep.
TOKEN_RE = re.compile(rf"\{{{PLACEHOLDER_NAME}\}}|\[{ICON_NAME}\]")
