"""cardkit's version, in the lowest layer so that every layer may name it (reports, PDFs, the
verdict fingerprints) without importing the package root, which sits above everything."""

from __future__ import annotations

__version__ = "0.1.0"
