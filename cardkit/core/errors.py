"""Exceptions for usage problems (exit code 2). Data problems are never exceptions."""

from __future__ import annotations


class UsageProblem(Exception):
    """Something the user asked for cannot be done as asked (unknown game, missing folder...)."""
