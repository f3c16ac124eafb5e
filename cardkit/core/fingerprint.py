"""What makes cardkit's own outputs differ for the same content: its code.

:func:`code_fingerprint` digests cardkit's version, the bytes of every file of the package and
the versions of the drawing libraries. Whatever remembers results between runs (the site's card
images and units, the check's pair findings) keys them with it, so any change of the code
recomputes them.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from .version import __version__

__all__ = ["code_fingerprint", "package_files"]

_LIBRARIES = ("reportlab", "pypdfium2", "pillow")
_PACKAGE = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """cardkit's version, the bytes of every file of the package (no caches) and the versions of
    the drawing libraries: what makes the same content give other images."""
    h = hashlib.sha256(__version__.encode())
    for lib in _LIBRARIES:
        try:
            h.update(f"\0{lib}={metadata.version(lib)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"\0{lib}=?".encode())
    for path in sorted(package_files(_PACKAGE)):
        if "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        h.update(b"\0" + path.relative_to(_PACKAGE).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def package_files(root: Path) -> Iterator[Path]:
    """Every file below ``root`` (caches and hidden folders left out)."""
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__" and not d.startswith(".")]
        for name in names:
            yield Path(folder) / name
