"""Print-service presets: each service's card template as pixels, bleed, file type and colour.

A preset fixes, per card size the service sells, the **exact pixel size of its template**
(trim plus bleed at 300 dpi), the file format and the colour mode. The card is drawn so its trim
sits where the template's cut line is: centred, the bleed on each axis being
``(template px - trim px) / 2`` (:func:`layout`), which may differ a little between the axes and
from the service's nominal bleed (MakePlayingCards' poker template is 822 x 1122 px: 36 px a
side = 3.05 mm around a 750 x 1050 px trim; DriveThruCards': 825 x 1125 px, 37.5 px = 1/8 in).

| preset | sizes (template px, 300 dpi) | bleed a side | file | colour |
|---|---|---|---|---|
| ``makeplayingcards`` | poker 822x1122, bridge 747x1122, mini 597x822, tarot 897x1497 | 36 px | PNG | RGB |
| ``printerstudio`` | poker 822x1122 | 36 px | PNG | RGB |
| ``drivethrucards`` | poker 825x1125, bridge 750x1125, mini 600x825, tarot 900x1500 | 1/8 in | TIFF | CMYK |

Sources (the stored copies available here; the services' own template pages were not among
them, so each figure says where it comes from):

* MakePlayingCards poker **822 x 1122 px at 300 dpi, 36 px bleed a side**: quoted as MPC's
  template by several public card tools, e.g. a print-service comparison table ("Poker size =
  822x1122px ... 72px removed, 36px/side at 300dpi"; "RGB/CMYK: no hard gate"; "JPG, BMP, TIF,
  PNG, GIF") and MPCFill's cropping code ("MPC poker template (full 822x1122, trimmed card
  750x1050 => 36 px/side bleed)"). The other MPC sizes follow the same rule (the trim at
  300 dpi plus 72 px) and are MPC's bridge, mini and tarot products (2.25 x 3.5, 1.75 x 2.5,
  2.75 x 4.75 in): derived, not quoted.
* PrinterStudio is MakePlayingCards' sister site with the same uploader (mpc-autofill drives
  both, ``TargetSites.PrinterStudio``); a public project prepares "PrinterStudio's official
  822 x 1122 px / 300 dpi poker-card size". Only poker is offered here: no source for its other
  sizes was found.
* DriveThruCards: https://help.drivethrupartners.com/hc/de/articles/12780748203543 (printed
  cards specification): 300 dpi, **1/8" (0.125") bleed on all four sides**, files **CMYK** with
  ink coverage at most **240 %**, images "should not be PNG; PNG files cannot be CMYK. Use TIF,
  PSD or, if needed, JPG"; one PDF per deck, back then front of each card in print order. So
  2.5 x 3.5 in + 1/4 in = 2.75 x 3.75 in = 825 x 1125 px (the same figure The Game Crafter's
  poker template has). The other sizes: the trim plus 1/8 in a side, derived.

Colour: TTS and MPC take RGB. For DriveThruCards the RGB pixels are converted to CMYK with full
under-colour removal (``K = min(C, M, Y)``, then ``C - K`` ...), no ICC profile: greys and
black print on the black plate only and no pixel passes 200 % coverage (the service's limit is
240 %); colours shift as with any profile-less conversion, so order a proof. TIFF with LZW
compression, resolution tag 300 dpi.

None of the uploaders reads a CSV: MakePlayingCards and PrinterStudio take one image per face
and a quantity per image in their web form, DriveThruCards a PDF. The export's ``cards.csv``
(one row per unique card: quantity, front file, back file) is the list to fill those forms from.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..core.errors import UsageProblem
from ..pdf.geometry import CARD_SIZES
from .raster import Window

if TYPE_CHECKING:
    from PIL.Image import Image

Colour = Literal["RGB", "CMYK"]
DPI = 300.0
MM_PER_INCH = 25.4


@dataclass(frozen=True, slots=True)
class Preset:
    """One print service's card templates."""

    id: str
    name: str
    sizes: dict[str, tuple[int, int]]  # card size name -> template (width, height) px
    suffix: str  # file name ending, ".png" or ".tif"
    colour: Colour


def _plus(size: str, extra_px: float) -> tuple[int, int]:
    w, h = CARD_SIZES[size]
    return (round(w / MM_PER_INCH * DPI + extra_px), round(h / MM_PER_INCH * DPI + extra_px))


_MPC = {s: _plus(s, 72) for s in ("poker", "bridge", "mini", "tarot")}
PRESETS: dict[str, Preset] = {
    "makeplayingcards": Preset("makeplayingcards", "MakePlayingCards", _MPC, ".png", "RGB"),
    "printerstudio": Preset("printerstudio", "PrinterStudio", {"poker": _MPC["poker"]}, ".png",
                            "RGB"),
    "drivethrucards": Preset("drivethrucards", "DriveThruCards",
                             {s: _plus(s, 75) for s in ("poker", "bridge", "mini", "tarot")},
                             ".tif", "CMYK"),
}


def get(preset_id: str) -> Preset:
    """The preset named ``preset_id``, or a :class:`UsageProblem` naming those there are."""
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise UsageProblem(f"unknown preset {preset_id!r}; use "
                           f"{', '.join(sorted(PRESETS))}") from None


def size_name(size_mm: tuple[float, float]) -> str | None:
    """The name of a card size (``poker``...), or None for a custom size."""
    for name, mm in CARD_SIZES.items():
        if math.isclose(mm[0], size_mm[0], abs_tol=0.01) and \
                math.isclose(mm[1], size_mm[1], abs_tol=0.01):
            return name
    return None


def template_px(preset: Preset, deck_id: str, size_mm: tuple[float, float]) -> tuple[int, int]:
    """The template's pixel size for the deck's cards, or a one-line :class:`UsageProblem` when
    the service does not sell cards of that size."""
    name = size_name(size_mm)
    if name is None or name not in preset.sizes:
        shown = name or f"{size_mm[0]:g} x {size_mm[1]:g} mm"
        offered = ", ".join(f"{n} ({CARD_SIZES[n][0]:g} x {CARD_SIZES[n][1]:g} mm)"
                            for n in preset.sizes)
        raise UsageProblem(f"{deck_id}: {preset.name} prints no {shown} cards; it offers "
                           f"{offered}")
    return preset.sizes[name]


def layout(size_px: tuple[int, int], size_mm: tuple[float, float], dpi: float = DPI) -> Window:
    """The trim centred in a template of ``size_px``: bleed = (template - trim) / 2 per axis."""
    bx = (size_px[0] - size_mm[0] / MM_PER_INCH * dpi) / 2
    by = (size_px[1] - size_mm[1] / MM_PER_INCH * dpi) / 2
    if bx < 0 or by < 0:
        raise ValueError(f"a {size_px[0]} x {size_px[1]} px template is smaller than the trim")
    return Window(size_px, (bx, by))


def draw_bleed_mm(window: Window, dpi: float = DPI) -> float:
    """The bleed to draw the faces with so the template's larger bleed is covered."""
    return max(window.bleed_px) / dpi * MM_PER_INCH


def to_cmyk(image: Image) -> Image:
    """RGB to CMYK with full under-colour removal (no ICC profile): ``K = min(C, M, Y)``."""
    from PIL import Image as PILImage
    from PIL import ImageChops, ImageOps

    c, m, y = ImageOps.invert(image.convert("RGB")).split()
    k = ImageChops.darker(ImageChops.darker(c, m), y)
    return PILImage.merge("CMYK", (ImageChops.subtract(c, k), ImageChops.subtract(m, k),
                                   ImageChops.subtract(y, k), k))


def encode(image: Image, preset: Preset) -> bytes:
    """The file bytes of one face for the preset: PNG (RGB) or LZW TIFF (CMYK), 300 dpi,
    deterministic (no time, software or text tags)."""
    buffer = io.BytesIO()
    if preset.colour == "CMYK":
        to_cmyk(image).save(buffer, format="TIFF", compression="tiff_lzw", dpi=(DPI, DPI))
    else:
        image.save(buffer, format="PNG", dpi=(DPI, DPI), compress_level=6)
    return buffer.getvalue()
