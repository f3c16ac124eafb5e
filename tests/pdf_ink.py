"""Read printed PDFs back with pdfium: where every text, path and image object is on its page.

Used by the printable-area tests (``tests/test_pdf_printable.py``). pdfium (not the reportlab
that wrote the file) reports each object's bounds; objects inside form XObjects are mapped to
the page through the forms' matrices, and every bounds is cut to the object's clip path (a card's
bleed art is clipped to its bleed box). pdfium's bounds of a stroked path include the stroke,
so a line that ends exactly on the margin is reported as crossing it.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from dataclasses import dataclass

from cardkit.pdf.geometry import MM_TO_PT, Box

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in PDF
Rect = tuple[float, float, float, float]  # left, bottom, right, top (points)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KINDS = {1: "text", 2: "path", 3: "image", 4: "shading", 5: "form"}


@dataclass(frozen=True, slots=True)
class Ink:
    """One drawn object: its kind and its visible bounds on the page, in mm."""

    page: int  # 1-based
    kind: str
    box: Box


def _then(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies ``m``, then ``n``."""
    a, b, c, d, e, f = m
    aa, bb, cc, dd, ee, ff = n
    return (a * aa + b * cc, a * bb + b * dd, c * aa + d * cc, c * bb + d * dd,
            e * aa + f * cc + ee, e * bb + f * dd + ff)


def _mapped(m: Matrix, r: Rect) -> Rect:
    a, b, c, d, e, f = m
    pts = [(x * a + y * c + e, x * b + y * d + f) for x in (r[0], r[2]) for y in (r[1], r[3])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _cut(a: Rect | None, b: Rect | None) -> Rect | None:
    if a is None or b is None:
        return a if b is None else b
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _clip(raw, handle) -> Rect | None:  # type: ignore[no-untyped-def]
    clip = raw.FPDFPageObj_GetClipPath(handle)
    if not clip:
        return None
    box = None
    for p in range(raw.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for s in range(raw.FPDFClipPath_CountPathSegments(clip, p)):
            seg = raw.FPDFClipPath_GetPathSegment(clip, p, s)
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(seg, x, y)
            xs.append(x.value)
            ys.append(y.value)
        if xs:
            box = _cut(box, (min(xs), min(ys), max(xs), max(ys)))
    return box


def _walk(raw, handles: list, m: Matrix, clip: Rect | None  # type: ignore[no-untyped-def]
          ) -> Iterator[tuple[str, Rect]]:
    for h in handles:
        kind = raw.FPDFPageObj_GetType(h)
        own = _clip(raw, h)
        inherited = _cut(clip, _mapped(m, own) if own is not None else None)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            fm = raw.FS_MATRIX()
            raw.FPDFPageObj_GetMatrix(h, fm)
            inner = _then((fm.a, fm.b, fm.c, fm.d, fm.e, fm.f), m)
            children = [raw.FPDFFormObj_GetObject(h, i)
                        for i in range(raw.FPDFFormObj_CountObjects(h))]
            yield from _walk(raw, children, inner, inherited)
            continue
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        raw.FPDFPageObj_GetBounds(h, left, bottom, right, top)
        box = _cut(_mapped(m, (left.value, bottom.value, right.value, top.value)), inherited)
        if box is not None and box[2] > box[0] and box[3] > box[1]:
            yield KINDS.get(kind, str(kind)), box


def ink(data: bytes) -> tuple[list[tuple[float, float]], list[Ink]]:
    """Every page's size (mm) and every drawn object's visible bounds (mm)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    k = 1 / MM_TO_PT
    sizes, found = [], []
    pdf = pdfium.PdfDocument(data)
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            w, h = page.get_size()
            sizes.append((w * k, h * k))
            handles = [raw.FPDFPage_GetObject(page.raw, i)
                       for i in range(raw.FPDFPage_CountObjects(page.raw))]
            for kind, (x0, y0, x1, y1) in _walk(raw, handles, IDENTITY, None):
                found.append(Ink(index + 1, kind,
                                 Box(x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k)))
            page.close()
    finally:
        pdf.close()
    return sizes, found


def outside(data: bytes, margin: float, tol: float = 1e-3) -> list[str]:
    """Every object of a PDF that comes closer than ``margin`` mm to its page's edge."""
    sizes, found = ink(data)
    out = []
    for item in found:
        w, h = sizes[item.page - 1]
        b = item.box
        gap = min(b.x, b.y, w - b.right, h - b.top)
        if gap < margin - tol:
            out.append(f"page {item.page}: {item.kind} at ({b.x:.2f}, {b.y:.2f}, {b.w:.2f} x "
                       f"{b.h:.2f} mm) is {gap:.2f} mm from the edge")
    return out


def paths(data: bytes, page_no: int) -> list[list[tuple[float, float]]]:
    """The points (page mm) of every path object's segments on a page (1-based), as drawn."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    k = 1 / MM_TO_PT
    out: list[list[tuple[float, float]]] = []

    def visit(handles: list, m: Matrix) -> None:  # type: ignore[type-arg]
        for h in handles:
            kind = raw.FPDFPageObj_GetType(h)
            fm = raw.FS_MATRIX()
            raw.FPDFPageObj_GetMatrix(h, fm)
            own = _then((fm.a, fm.b, fm.c, fm.d, fm.e, fm.f), m)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                visit([raw.FPDFFormObj_GetObject(h, i)
                       for i in range(raw.FPDFFormObj_CountObjects(h))], own)
            elif kind == raw.FPDF_PAGEOBJ_PATH:
                points = []
                for s in range(raw.FPDFPath_CountSegments(h)):
                    seg = raw.FPDFPath_GetPathSegment(h, s)
                    x, y = ctypes.c_float(), ctypes.c_float()
                    raw.FPDFPathSegment_GetPoint(seg, x, y)
                    a, b, c, d, e, f = own
                    px, py = x.value, y.value
                    points.append(((px * a + py * c + e) * k, (px * b + py * d + f) * k))
                out.append(points)

    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[page_no - 1]
        visit([raw.FPDFPage_GetObject(page.raw, i)
               for i in range(raw.FPDFPage_CountObjects(page.raw))], IDENTITY)
        page.close()
    finally:
        pdf.close()
    return out


def ink_extent(data: bytes, page_no: int, box: Box, dpi: float = 1200.0,
               level: int = 128) -> Box:
    """The extent (page mm) of the dark pixels inside ``box`` (page mm) of a page rasterised at
    ``dpi``: what a ruler laid on the printed page measures."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[page_no - 1]
        w, h = page.get_size()
        k = MM_TO_PT
        crop = (box.x * k, box.y * k, w - box.right * k, h - box.top * k)
        image = page.render(scale=dpi / 72, crop=crop, grayscale=True).to_pil().convert("L")
        page.close()
    finally:
        pdf.close()
    dark = image.point(lambda v: 255 if v < level else 0)
    found = dark.getbbox()  # (left, upper, right, lower) of the dark pixels, right/lower open
    if found is None:
        return Box(box.x, box.y, 0.0, 0.0)
    x0, y0, x1, y1 = found
    mm = 25.4 / dpi
    return Box(box.x + x0 * mm, box.top - y1 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
