"""Image files of art: where a path leads, what the file is, and how it sits in a frame.

A path is relative to the game's content folder (``content/<game>/``). :func:`probe` resolves
it (links included) and refuses one that leaves the folder, then reads the file once per
version (cached by path, size and modification time): a raster image (PNG, JPEG) through
Pillow, an SVG through svglib (reportlab's SVG reader). The drawing (:mod:`.art`) and the art
checks (:mod:`.artcheck`) read the same :class:`Probe`, so what is checked is what is printed.

:func:`placement` is the geometry of the three fit modes, in millimetres.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from .geometry import Box

#: The resolution art must have at its printed size (below: a warning), and the one a crop
#: assumes when the file names none.
ART_DPI = 300.0
#: Full-bleed art is laid out on the card grown by this much on every side (mm), whatever bleed
#: a PDF is asked for: the image does not move when the bleed changes, it is only clipped.
BLEED_MM = 3.0
#: Colour modes that print as drawn (greyscale and palette images are RGB to a printer).
GOOD_MODES = frozenset({"RGB", "RGBA", "L", "LA", "1", "P"})
#: Why a mode prints badly, and what to do about it.
MODE_ADVICE = {
    "CMYK": "a CMYK image prints with shifted colours (cardkit's PDF is RGB): convert it to "
            "sRGB",
    "P+alpha": "a palette image with transparency loses its transparency edges: save it as "
               "RGBA (PNG, 8 bits a channel)",
    "16-bit": "a 16-bit image is cut to 8 bits with banding: save it with 8 bits a channel "
              "(sRGB)",
}

Kind = Literal["raster", "svg", "missing", "outside", "broken"]


@dataclass(frozen=True, slots=True)
class Probe:
    """What an art path leads to.

    ``kind``: ``raster`` or ``svg`` (usable), ``missing`` (no such file), ``outside`` (the
    path leaves the content folder) or ``broken`` (the file cannot be read as an image;
    ``reason`` says why). ``width``/``height``: pixels (an SVG: its points); ``dpi``: the
    resolution the file names (None: none); ``mode``: Pillow's colour mode, ``16-bit`` or
    ``P+alpha`` where that matters.
    """

    kind: Kind
    path: Path | None = None
    width: float = 0.0
    height: float = 0.0
    dpi: float | None = None
    mode: str = ""
    reason: str = ""

    @property
    def usable(self) -> bool:
        """Whether the image can be drawn."""
        return self.kind in ("raster", "svg")

    def colour_problem(self) -> str | None:
        """Why the image's colours do not print as drawn (None: they do)."""
        if self.kind != "raster" or self.mode in GOOD_MODES:
            return None
        return MODE_ADVICE.get(self.mode, f"colour mode {self.mode} is not RGB: convert the "
                                          "image to sRGB (8 bits a channel)")


def outside(rel: str) -> bool:
    """Whether a path, as written, cannot be inside the content folder (absolute, a drive,
    ``..``, a backslash)."""
    p = PurePosixPath(rel)
    return (p.is_absolute() or ".." in p.parts or "\\" in rel or ":" in rel or not rel
            or rel.startswith("~"))


def probe(root: Path | None, rel: str) -> Probe:
    """Resolve ``rel`` inside the content folder ``root`` and read what it is."""
    if outside(rel):
        return Probe("outside", reason="the path must be relative to the content folder, "
                                       "without ..")
    if root is None:
        return Probe("missing", reason="the content was not read from a folder")
    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(real_root, *PurePosixPath(rel).parts))
    if os.path.commonpath([real_root, real]) != real_root:
        return Probe("outside", reason="a link leads out of the content folder")
    try:
        st = os.stat(real)
    except OSError:
        return Probe("missing", Path(real))
    if not os.path.isfile(real):
        return Probe("missing", Path(real), reason="not a regular file")
    return _read(real, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=512)
def _read(path: str, mtime: int, size: int) -> Probe:
    if path.lower().endswith(".svg"):
        drawing = svg_drawing(path, mtime, size)
        if isinstance(drawing, str):
            return Probe("broken", Path(path), reason=drawing)
        return Probe("svg", Path(path), float(drawing.width), float(drawing.height))
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                fmt = im.format or ""
                if fmt not in ("PNG", "JPEG", "MPO"):
                    return Probe("broken", Path(path), reason=f"a {fmt or 'unknown'} file, not "
                                 "PNG or JPEG")
                im.load()
                mode = im.mode
                if mode.startswith("I;16") or mode in ("I", "F"):
                    mode = "16-bit"
                elif mode == "P" and "transparency" in im.info:
                    mode = "P+alpha"
                dpi = im.info.get("dpi")
                w, h = im.size
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as exc:
        return Probe("broken", Path(path), reason=_why(exc))
    value = round(float(dpi[0]), 1) if isinstance(dpi, tuple) and dpi and float(dpi[0]) > 1 \
        else None  # PNG stores pixels a metre: 150 dpi reads back as 150.0124
    return Probe("raster", Path(path), float(w), float(h), value, mode)


def _why(exc: BaseException) -> str:
    text = str(exc).split("\n")[0]
    if "cannot identify image file" in text:
        return "not an image Pillow can read"
    return text[:120] or type(exc).__name__


@lru_cache(maxsize=64)
def svg_drawing(path: str, mtime: int, size: int) -> Any:
    """The SVG at ``path`` as a reportlab drawing, or why it cannot be read (a string)."""
    import logging

    from svglib.svglib import svg2rlg

    logger = logging.getLogger("svglib.svglib")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # svglib logs what it skips; the check says what matters
    try:
        drawing = svg2rlg(path)
    except Exception as exc:  # noqa: BLE001 - svglib raises lxml's and its own errors
        return f"not an SVG svglib can read ({type(exc).__name__}: {str(exc)[:80]})"
    finally:
        logger.setLevel(level)
    if drawing is None or not drawing.width or not drawing.height:
        return "not an SVG svglib can read (no drawing, or no width and height)"
    return drawing


def placement(fit: str, focus: tuple[float, float], size: tuple[float, float],
              frame: Box, dpi: float | None = None) -> Box:
    """Where an image of ``size`` (pixels, or an SVG's points) lands for a ``frame`` (mm).

    ``fit``: the whole image inside the frame, centred; ``fill``: the smallest scale that
    covers the frame; ``crop``: the image at its own resolution (``dpi``, :data:`ART_DPI`
    when None; an SVG's points are points). For fill and crop, the ``focus`` (fractions from
    the left and top) sits as near the frame's centre as the image's edges allow.
    """
    iw, ih = size
    if fit == "fit":
        s = min(frame.w / iw, frame.h / ih)
    elif fit == "fill":
        s = max(frame.w / iw, frame.h / ih)
    else:
        s = 25.4 / (dpi or ART_DPI)
    w, h = iw * s, ih * s
    if fit == "fit":
        return Box(frame.x + (frame.w - w) / 2, frame.y + (frame.h - h) / 2, w, h)
    u, v = focus
    x = _clamp(frame.x + frame.w / 2 - u * w, frame.x, frame.right - w)
    y = _clamp(frame.y + frame.h / 2 - (1 - v) * h, frame.y, frame.top - h)
    return Box(x, y, w, h)


def _clamp(value: float, a: float, b: float) -> float:
    lo, hi = min(a, b), max(a, b)
    return min(max(value, lo), hi)


def effective_dpi(p: Probe, fit: str, frame: Box, scale: float = 1.0) -> float | None:
    """The resolution a raster image prints at in ``frame`` (design mm, printed ``scale``
    times that size); None for an SVG (vector) or an image that cannot be read."""
    if p.kind != "raster":
        return None
    box = placement(fit, (0.5, 0.5), (p.width, p.height), frame, p.dpi)
    return p.width / (box.w * scale / 25.4)
