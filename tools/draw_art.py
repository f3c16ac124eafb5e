"""Draw the sample art shipped in the content (deterministic: the same files on every run).

    python tools/draw_art.py            # writes content/<game>/art/*

Original drawings made by this script with Pillow (no external images): a layered strata
landscape and a contour map for Terra, a viaduct and a signal (SVG) for Trains, a forest canopy
for Cartographers. Each is RGB, 8 bits a channel, and at least 300 dpi at the size its
template's art frame prints it (``cardkit check`` proves it: ART004, ART005).
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent / "content"


def save(img: Image.Image, path: Path) -> None:
    """Write ``img`` as a PNG (300 dpi named in the file), without varying metadata."""
    path.parent.mkdir(parents=True, exist_ok=True)
    img.convert("RGB").save(path, "PNG", optimize=True, dpi=(300, 300))


def strata(w: int = 1000, h: int = 360) -> Image.Image:
    """Terra: hills in bands of earth colours under a pale sky."""
    rng = random.Random(7)
    img = Image.new("RGB", (w, h), (214, 232, 240))
    d = ImageDraw.Draw(img)
    colours = [(190, 205, 160), (160, 180, 120), (140, 120, 80), (170, 110, 70), (110, 80, 60)]
    for k, colour in enumerate(colours):
        base = h * (0.35 + 0.14 * k)
        phase, amp = rng.uniform(0, 6.28), h * (0.10 - 0.012 * k)
        pts = [(x, base + amp * math.sin(x / w * 6.28 * (1.2 + 0.4 * k) + phase))
               for x in range(0, w + 10, 10)]
        d.polygon(pts + [(w, h), (0, h)], fill=colour)
    d.ellipse((w * 0.78, h * 0.08, w * 0.78 + h * 0.22, h * 0.30), fill=(250, 236, 170))
    return img


def contours(w: int = 960, h: int = 1600) -> Image.Image:
    """Terra, full bleed: a pale contour map (text stays readable over it)."""
    img = Image.new("RGB", (w, h), (246, 242, 228))
    d = ImageDraw.Draw(img)
    peaks = [(0.3, 0.25, 1.0), (0.7, 0.6, 0.8), (0.25, 0.8, 0.6)]
    step = 8
    for y in range(0, h, step):
        for x in range(0, w, step):
            v = sum(a * math.exp(-((x / w - px) ** 2 + (y / h - py) ** 2) * 9)
                    for px, py, a in peaks)
            level = int(v * 14)
            if level % 2:
                d.rectangle((x, y, x + step - 1, y + step - 1),
                            fill=(232 - level * 3, 236 - level, 214 - level * 4))
    return img.filter(ImageFilter.GaussianBlur(3))


def viaduct(w: int = 720, h: int = 380) -> Image.Image:
    """Trains: a stone viaduct with a train crossing a valley at dusk."""
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / h
        d.line((0, y, w, y), fill=(int(250 - 90 * t), int(200 - 60 * t), int(150 + 40 * t)))
    d.polygon([(0, h), (0, h * 0.7), (w * 0.3, h * 0.55), (w * 0.6, h * 0.75), (w, h * 0.6),
               (w, h)], fill=(70, 90, 70))
    deck = h * 0.42
    d.rectangle((0, deck, w, deck + 18), fill=(120, 100, 90))
    for k in range(7):
        x0 = k * w / 7
        d.rectangle((x0, deck, x0 + 16, h), fill=(120, 100, 90))
        d.pieslice((x0 + 16, deck - 40, x0 + w / 7, deck + 70), 0, 180, fill=(120, 100, 90))
    for k in range(4):
        x = w * 0.2 + k * 70
        d.rectangle((x, deck - 38, x + 62, deck - 2), fill=(40, 60, 110))
        d.ellipse((x + 6, deck - 10, x + 22, deck + 6), fill=(30, 30, 30))
        d.ellipse((x + 40, deck - 10, x + 56, deck + 6), fill=(30, 30, 30))
    d.rectangle((w * 0.2 + 280, deck - 50, w * 0.2 + 300, deck - 38), fill=(40, 40, 40))
    return img


SIGNAL_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="84" viewBox="0 0 160 84">
  <rect width="160" height="84" fill="#dfe9f2"/>
  <rect x="0" y="66" width="160" height="18" fill="#8a9a6a"/>
  <rect x="20" y="70" width="120" height="3" fill="#5a4a3a"/>
  <rect x="20" y="76" width="120" height="3" fill="#5a4a3a"/>
  <rect x="76" y="14" width="6" height="56" fill="#333333"/>
  <rect x="66" y="8" width="26" height="40" rx="5" fill="#222222"/>
  <circle cx="79" cy="18" r="5" fill="#d23b2b"/>
  <circle cx="79" cy="30" r="5" fill="#f0b429"/>
  <circle cx="79" cy="42" r="5" fill="#3fa34d"/>
</svg>
"""


def canopy(w: int = 720, h: int = 380) -> Image.Image:
    """Cartographers: a forest canopy seen from above, in greens."""
    rng = random.Random(11)
    img = Image.new("RGB", (w, h), (60, 100, 60))
    d = ImageDraw.Draw(img)
    for _ in range(260):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(18, 46)
        g = rng.randint(110, 190)
        d.ellipse((x - r, y - r, x + r, y + r), fill=(int(g * 0.45), g, int(g * 0.4)))
        d.ellipse((x - r * 0.4, y - r * 0.6, x + r * 0.1, y - r * 0.1),
                  fill=(int(g * 0.6), min(255, g + 40), int(g * 0.5)))
    return img


def main() -> None:
    """Write every sample image."""
    save(strata(), ROOT / "terra" / "art" / "strata.png")
    save(contours(), ROOT / "terra" / "art" / "contours.png")
    save(viaduct(), ROOT / "trains" / "art" / "viaduct.png")
    (ROOT / "trains" / "art" / "signal.svg").write_text(SIGNAL_SVG, "utf-8")
    save(canopy(), ROOT / "cartographers" / "art" / "canopy.png")


if __name__ == "__main__":
    main()
