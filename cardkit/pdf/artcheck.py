"""The art checks (ART001–ART006): every image a game prints, checked where it is printed.

Icons drawn from image files (a declared game's ``image:`` tokens, the game's ``art_files``)
are checked too, without the resolution check (an icon's size follows its text). The
templates know the frames, so the pass asks them: it builds every card face of every deck
in English (:func:`art_diagnostics`), reads the :class:`~cardkit.pdf.layout.ArtSlot` each
``art`` field became, and checks its file at the size the deck prints that frame
(:func:`file_problems`, which the declared games' check of icon images uses as well). Each
finding is located at the object's ``art`` field. Objects that carry art no template prints
get ART006.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from ..core.spec import content_folder
from ..i18n.lookup import Localizer
from .art import art_spec
from .artfile import ART_DPI, effective_dpi, probe
from .geometry import Box

E, W = Severity.ERROR, Severity.WARNING


def _doc(text: str) -> str:
    return inspect.cleandoc(text)


ART_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("ART001", E, "art path leaves the content folder", _doc("""
        An `art:` path (or an icon's `image:`) is relative to the game's content folder
        (content/<game>/) and stays inside it: no absolute path, no `..`, no link leading out.
        cardkit never reads such a file; the card prints a placeholder.

        Bad:
            art: ../../secrets/photo.png

        Good:
            art: art/harbour.png
        """)),
    CodeInfo("ART002", W, "art file missing", _doc("""
        The image the `art:` field names does not exist (yet). The card prints a hatched
        placeholder saying "art missing" and the path, so a deck can be proofed before the art
        is delivered; add the file to clear the warning.

        Bad:
            art: art/not-drawn-yet.png   # no such file

        Good:
            art: art/harbour.png         # content/<game>/art/harbour.png exists
        """)),
    CodeInfo("ART003", E, "art file cannot be read as an image", _doc("""
        The file exists but is not a PNG, JPEG or SVG cardkit can read: truncated, another
        format under an image's name, or an SVG svglib cannot parse. This is an error (unlike
        a missing file): a file that is there but broken is a mistake to fix before printing,
        not art still to come. Re-export the image as PNG, JPEG or plain SVG.

        Bad:
            art: art/cover.png   # a WebP file renamed to .png

        Good:
            art: art/cover.png   # saved as PNG
        """)),
    CodeInfo("ART004", W, "art colours are not RGB", _doc("""
        cardkit's PDFs are RGB. A CMYK image prints with shifted colours, a palette image with
        transparency loses its soft edges, a 16-bit image is cut to 8 bits. The message says
        which; convert the image to sRGB, 8 bits a channel (RGBA for transparency).

        Bad:
            art: art/sunset.jpg   # a CMYK JPEG from a print shop

        Good:
            art: art/sunset.jpg   # the same picture converted to sRGB
        """)),
    CodeInfo("ART005", W, "art below 300 dpi at its printed size", _doc("""
        A raster image has fewer than 300 pixels per inch at the size its template's frame
        prints it (in fill mode: the scale that covers the frame; crop: its own dpi), so it
        prints soft. The message gives the figure and the frame. Supply a larger image (an
        SVG has no resolution and never gets this warning).

        Bad:
            art: art/tiny.png      # 120 x 80 pixels in a 56 x 40 mm frame: 54 dpi

        Good:
            art: art/harbour.png   # 700 x 500 pixels: 317 dpi
        """)),
    CodeInfo("ART006", W, "art on an object no template prints", _doc("""
        The object has `art:`, but none of the game's templates prints this kind of object
        with an art frame, so the image would never be seen. Move the art to a printed object
        (docs/art.md lists each template's frame), or give the declared template an `art:`
        frame.

        Bad:
            regions:
              - id: alaska
                art: art/alaska.png   # regions print only as names in a list

        Good:
            cards:
              - id: gold-rush
                art: art/alaska.png
        """)),
)
CODE = {c.code: c for c in ART_CODES}


def file_problems(root: Path | None, rel: str, fit: str = "fit", frame: Box | None = None,
                  scale: float = 1.0) -> list[tuple[str, Severity, str]]:
    """``(code, severity, message)`` for what is wrong with the image ``rel`` of the content
    folder ``root``, printed in ``frame`` (design mm; None: no resolution check) at ``scale``
    times its size."""
    found = probe(root, rel)
    if found.kind == "outside":
        return [("ART001", E, f"{rel!r} is not inside the content folder ({found.reason}); "
                              "a placeholder is printed")]
    if found.kind == "missing":
        return [("ART002", W, f"{rel!r} not found in the content folder; a placeholder is "
                              "printed until it is added")]
    if found.kind == "broken":
        return [("ART003", E, f"{rel!r} cannot be read: {found.reason}")]
    out = []
    colour = found.colour_problem()
    if colour:
        out.append(("ART004", W, f"{rel!r} is {found.mode}: {colour}"))
    if frame is not None:
        dpi = effective_dpi(found, fit, frame, scale)
        if dpi is not None and dpi < ART_DPI - 0.5:
            w, h = frame.w * scale, frame.h * scale
            out.append(("ART005", W, f"{rel!r} prints at {dpi:.0f} dpi ({found.width:.0f} x "
                                     f"{found.height:.0f} pixels, {fit} in a {w:.1f} x "
                                     f"{h:.1f} mm frame); {ART_DPI:.0f} dpi needs at least "
                                     f"{_needed(found, fit, w, h)} pixels"))
    return out


def _needed(found: Any, fit: str, w: float, h: float) -> str:
    """The pixel size that reaches :data:`ART_DPI` in a ``w`` x ``h`` mm frame."""
    if fit == "crop":
        return f"{ART_DPI:.0f} dpi in the file's own resolution, or"
    dpi = effective_dpi(found, fit, Box(0, 0, w, h)) or ART_DPI
    k = ART_DPI / dpi
    return f"{found.width * k:.0f} x {found.height * k:.0f}"


def _placed(content: Any, locale: Any) -> Iterator[tuple[Any, float]]:
    """Every art slot of every card face the game prints (English, its first unit system),
    with the scale its deck prints it at."""
    game = content.game
    loc = Localizer(content, locale, None)
    units = getattr(game, "print_units", ("metric",))[0]
    for deck in game.print_decks(content, loc, units):
        builders = [c.front for c in deck.cards] + [c.back for c in deck.cards if c.back]
        if deck.shared_back is not None:
            builders.append(deck.shared_back)
        for build in builders:
            face = build()
            scale = min(deck.size_mm[0] / face.w, deck.size_mm[1] / face.h)
            for slot in face.arts:
                yield slot, scale


def art_diagnostics(content: Any, locale: Any) -> list[Diagnostic]:
    """The art checks of a game's content (``locale``: the English locale): nothing to do, and
    no face built, when no object has art."""
    game = content.game
    root = content_folder(content)
    out = []
    files = getattr(game, "art_files", None)
    for file, pointer, path in (files(content) if files is not None else ()):
        out += [Diagnostic(code, severity, message, file, pointer=pointer)
                for code, severity, message in file_problems(root, path)]
    with_art = [rec for kind in game.kinds for rec in content.of(kind.name)
                if getattr(rec.obj, "art", None) is not None]
    if not with_art or getattr(game, "print_decks", None) is None:
        return out
    worst: dict[tuple[str, str], tuple[Any, float]] = {}
    for slot, scale in _placed(content, locale):
        if slot.source is None:
            continue
        key = (slot.source.kind, slot.source.id)
        dpi = _dpi(root, slot, scale)
        if key not in worst or dpi < _dpi(root, *worst[key]):
            worst[key] = (slot, scale)
    for rec in with_art:
        spec = art_spec(rec.obj.art)
        if spec is None:
            continue
        pointer = rec.pointer + (("art",) if isinstance(rec.obj.art, str) else ("art", "path"))
        placed = worst.get((rec.kind, rec.id))
        if placed is None:
            out.append(Diagnostic("ART006", W, f"{rec.kind} {rec.id!r} has art, but no "
                                  "template prints it", rec.file, object_id=rec.id,
                                  pointer=rec.pointer + ("art",)))
            problems = file_problems(root, spec.path)
        else:
            slot, scale = placed
            problems = file_problems(root, spec.path, slot.fit, slot.frame, scale)
        for code, severity, message in problems:
            out.append(Diagnostic(code, severity, message, rec.file, object_id=rec.id,
                                  pointer=pointer))
    return out


def _dpi(root: Path | None, slot: Any, scale: float) -> float:
    found = probe(root, slot.path)
    return effective_dpi(found, slot.fit, slot.frame, scale) or float("inf")
