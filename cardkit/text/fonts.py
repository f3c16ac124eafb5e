"""The card font: DejaVu Sans Condensed (shipped in ``text/fonts/``), embedded and subset.

Registered with reportlab once per process under cardkit's own names; nothing depends on system
fonts, and no base-14 font is used for text.

**Subset tags.** A PDF names an embedded subset ``TAG+FontName`` where ``TAG`` is six capital
letters that should differ between different subsets (ISO 32000-1, 9.6.4). reportlab derives
the tag from the subset's index alone (``AAAAAA``, ``AAAAAB``, …), so every font's first subset
is ``AAAAAA+``. :class:`SubsetFont` — the class cardkit registers its fonts with — replaces that
one step: a tag is the SHA-256 of the font's PostScript name, the subset index and the subset's
code points, written in capitals (:func:`subset_tag`), and a tag already used in the same
document is rehashed. The same glyphs give the same tag, so the bytes are identical between
runs. The hook is the only change made to reportlab (see :func:`_install_tag_hook`).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR, BOLD, ITALIC, BOLD_ITALIC = "CK-Regular", "CK-Bold", "CK-Italic", "CK-BoldItalic"
FAMILY = "CK"
FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
}


def subset_tag(font_name: bytes | str, index: int, codes: Sequence[int], salt: int = 0) -> str:
    """A subset's six-capital-letter tag: a hash of the font name, the subset and its glyphs.

    ``salt`` > 0 gives another tag for the same subset (used when a document already has one).
    """
    name = font_name.decode("latin-1") if isinstance(font_name, bytes) else font_name
    h = hashlib.sha256(f"{name}\0{index}\0{salt}\0".encode())
    h.update(",".join(map(str, codes)).encode())
    n = int.from_bytes(h.digest()[:8], "big")
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(chr(ord("A") + r))
    return "".join(letters)


#: What :class:`SubsetFont` tells the tag hook while reportlab writes its subsets (per thread).
_current = threading.local()


def _install_tag_hook() -> None:
    """Make reportlab ask :class:`SubsetFont` for subset tags (once per process).

    reportlab 4/5 builds a subset's name in ``TTFont.addObjects`` as
    ``SUBSETN(index) + b'+' + face name``; ``SUBSETN`` is a module function of
    ``reportlab.pdfbase.ttfonts``, looked up at each call. It is replaced by a function that
    returns the hashed tag while a :class:`SubsetFont` is writing its subsets and reportlab's own
    tag otherwise (other fonts, other code in the process are unaffected).
    """
    from reportlab.pdfbase import ttfonts

    original: Callable[[int], bytes] = ttfonts.SUBSETN
    if getattr(original, "_cardkit", False):
        return

    def tag(n: int, *args: Any, **kwargs: Any) -> bytes:
        writer: Callable[[int], bytes] | None = getattr(_current, "writer", None)
        return writer(n) if writer is not None else original(n, *args, **kwargs)

    tag._cardkit = True  # type: ignore[attr-defined]
    ttfonts.SUBSETN = tag  # type: ignore[attr-defined]


def _font_class() -> type:
    from reportlab.pdfbase.ttfonts import TTFont

    class SubsetFont(TTFont):  # type: ignore[misc]
        """A TrueType font whose embedded subsets get distinct, deterministic tags."""

        def addObjects(self, doc: Any) -> None:
            """Write the subsets (reportlab's code) with hashed tags (see the module doc)."""
            state = self.state.get(doc)
            subsets = [list(s) for s in state.subsets] if state is not None else []
            used: set[str] = doc.__dict__.setdefault("_cardkit_subset_tags", set())

            def writer(n: int) -> bytes:
                codes = subsets[n] if n < len(subsets) else ()
                salt = 0
                while True:
                    tag = subset_tag(self.face.name, n, codes, salt)
                    if tag not in used:
                        break
                    salt += 1
                used.add(tag)
                return tag.encode("ascii")

            previous = getattr(_current, "writer", None)
            _current.writer = writer
            try:
                super().addObjects(doc)
            finally:
                _current.writer = previous

    return SubsetFont


@cache
def register_fonts() -> tuple[str, ...]:
    """Register the four faces and their family with reportlab; return the face names."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    _install_tag_hook()
    font = _font_class()
    for name, file in FILES.items():
        pdfmetrics.registerFont(font(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC), (1, 1, BOLD_ITALIC)):
        addMapping(FAMILY, bold, italic, name)
    return tuple(FILES)


@cache
def _coverage(font: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@lru_cache(maxsize=65536)
def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` that ``font`` has no glyph for (each once, in order); line
    breaks and other control characters are not printed, so never missing."""
    if text.isascii():  # the fonts have every printable ASCII character
        return ""
    covered = _coverage(font)
    out: list[str] = []
    for ch in text:
        if ord(ch) >= 32 and ord(ch) not in covered and ch not in out:
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return float(stringWidth(text, font, 1000.0))


def string_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points (widths scale linearly with the size; cached per word)."""
    return _unit_width(text, font) * size / 1000.0


#: The faces every card text may be set in (regular, bold, oblique).
CARD_FACES = (REGULAR, BOLD, ITALIC)


@cache
def card_font_glyphs() -> frozenset[int]:
    """Code points present in every face of the card font a text may be set in
    (:data:`CARD_FACES`): what a translation may use (the registered faces' character maps:
    the font files are read once, for measuring, drawing and this)."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    sets = [set(pdfmetrics.getFont(face).face.charToGlyph) for face in CARD_FACES]
    return frozenset(set.intersection(*sets))
