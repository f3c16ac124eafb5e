"""Every PDF cardkit writes for cards declares a version at least that of every feature it uses,
and reads without a warning in pypdf (strict) and, where installed, qpdf ``--check``.

The features and their versions (ISO 32000-1 and the PDF 1.x references): ViewerPreferences
``/Duplex``, ``/PickTrayByPDFSize``, ``/NumCopies``, ``/PrintPageRange`` 1.7; ``/PrintScaling``
1.6; object and cross-reference streams, optional content 1.5; transparency (``/CA``, ``/ca``,
``/SMask``, ``/BM``, transparency groups), XMP ``/Metadata`` 1.4; ``/TrimBox``, ``/BleedBox``,
``/ArtBox`` 1.3; Type 0 fonts 1.2. The checker is proven on a PDF that declares 1.3 and asks for
no print scaling (the issue's bug, still reportlab's default header).
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

from cardkit.export.raster import single_pdf, unique_deck
from cardkit.pdf.draw import PdfOptions, render
from cardkit.pdf.geometry import SheetOptions

from .test_pdf_printable import localized, one_sheet_and_more

VIEWER = {"/Duplex": (1, 7), "/PickTrayByPDFSize": (1, 7), "/NumCopies": (1, 7),
          "/PrintPageRange": (1, 7), "/PrintScaling": (1, 6)}
GSTATE = {"/CA": (1, 4), "/ca": (1, 4), "/SMask": (1, 4), "/BM": (1, 4)}
PAGE_BOXES = {"/TrimBox": (1, 3), "/BleedBox": (1, 3), "/ArtBox": (1, 3)}


def features(data: bytes) -> dict[str, tuple[int, int]]:
    """The versioned features a PDF uses, each with the PDF version that introduced it."""
    reader = PdfReader(io.BytesIO(data))
    found: dict[str, tuple[int, int]] = {}
    root = reader.trailer["/Root"].get_object()
    prefs = root.get("/ViewerPreferences")
    for key in (prefs.get_object() if prefs is not None else {}):
        if key in VIEWER:
            found[f"ViewerPreferences {key}"] = VIEWER[key]
    if "/OCProperties" in root:
        found["optional content"] = (1, 5)
    if "/Metadata" in root:
        found["XMP metadata"] = (1, 4)
    if b"/ObjStm" in data or b"/XRefStm" in data or b"/Type /XRef" in data:
        found["object streams"] = (1, 5)
    seen: set[int] = set()

    def visit(obj: Any, depth: int = 0, gstate: bool = False) -> None:
        if isinstance(obj, IndirectObject):
            if obj.idnum in seen:
                return
            seen.add(obj.idnum)
            obj = obj.get_object()
        if depth > 12 or not isinstance(obj, DictionaryObject):
            return
        if gstate or obj.get("/Type") == "/ExtGState":  # /Type is optional there
            for key in obj:
                if key in GSTATE:
                    found[f"ExtGState {key}"] = GSTATE[key]
        group = obj.get("/Group")
        if group is not None and group.get_object().get("/S") == "/Transparency":
            found["transparency group"] = (1, 4)
        if obj.get("/Subtype") == "/Type0":
            found["Type 0 font"] = (1, 2)
        for key in obj:
            if key in PAGE_BOXES:
                found[key] = PAGE_BOXES[key]
        for key in ("/Resources", "/ExtGState", "/Font", "/XObject", "/Pattern", "/Shading"):
            value = obj.get(key)
            if value is None:
                continue
            value = value.get_object() if isinstance(value, IndirectObject) else value
            if key == "/Resources" or not isinstance(value, DictionaryObject):
                visit(value, depth + 1)
            else:
                for item in value.values():
                    visit(item, depth + 1, key == "/ExtGState")

    for page in reader.pages:
        visit(page)
    return found


def header(data: bytes) -> tuple[int, int]:
    """The version a PDF's header declares."""
    line = data[:16].split(b"\n")[0].decode("latin-1")
    major, minor = line.removeprefix("%PDF-").split(".")
    return int(major), int(minor)


def version_problems(data: bytes) -> list[str]:
    """Features newer than the header says."""
    declared = header(data)
    return [f"{name} needs PDF {v[0]}.{v[1]}, the header says {declared[0]}.{declared[1]}"
            for name, v in sorted(features(data).items()) if v > declared]


def pypdf_complaints(data: bytes) -> list[str]:
    """What pypdf says, strict, while reading every page, its text, boxes and fonts, the
    outline and the metadata: its warnings and log messages (and an error, if it raises)."""
    said: list[str] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    log = logging.getLogger("pypdf")
    handler, level = Catch(logging.DEBUG), log.level
    log.addHandler(handler)
    log.setLevel(logging.WARNING)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                reader = PdfReader(io.BytesIO(data), strict=True)
                for page in reader.pages:
                    page.extract_text()
                    _ = (page.mediabox, page.trimbox, page.bleedbox)
                _ = (reader.outline, reader.metadata, reader.viewer_preferences)
            except Exception as error:  # noqa: BLE001 - a strict reader raises what it finds
                said.append(f"{type(error).__name__}: {error}")
        said += [str(w.message) for w in caught]
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
    return said


def qpdf_complaints(data: bytes, tmp_path: Path) -> list[str] | None:
    """What ``qpdf --check`` says beyond "no errors" (``None`` where qpdf is not installed)."""
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        return None
    path = tmp_path / "checked.pdf"
    path.write_bytes(data)
    run = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True,
                         check=False)
    bad = [line for line in (run.stdout + run.stderr).splitlines() if "WARNING" in line.upper()]
    # qpdf exits 2 on errors and 3 on warnings
    return bad + ([f"exit code {run.returncode}: {run.stderr.strip()}"]
                  if run.returncode != 0 else [])


def _cases() -> list[tuple[str, str, str]]:
    return [(game, locale, layout) for game in ("terra", "trains", "mars-dice")
            for locale in ("en", "el") for layout in ("sheets", "single", "fold", "export")]


def _printed(game: str, locale: str, layout: str) -> bytes:
    deck = localized(game, locale)[0]
    if layout == "export":  # cardkit export's single PDF, rasterised into card images
        return single_pdf(unique_deck(deck).deck, 3.0)
    sheet = SheetOptions(duplex="fold") if layout == "fold" else SheetOptions()
    opts = PdfOptions(sheet=sheet, layout="single" if layout == "single" else "sheets",
                      locale=locale)
    return render(one_sheet_and_more(deck, opts), opts).data


@pytest.mark.parametrize("game, locale, layout", _cases())
def test_card_pdfs_declare_their_features_and_read_cleanly(game: str, locale: str, layout: str,
                                                           tmp_path: Path) -> None:
    data = _printed(game, locale, layout)
    assert header(data) == (1, 7)
    assert version_problems(data) == []
    assert pypdf_complaints(data) == []
    complaints = qpdf_complaints(data, tmp_path)
    assert complaints in (None, []), complaints


def _canvas_pdf(alpha: bool) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)  # reportlab's default header: %PDF-1.3
    canvas.setViewerPreference("PrintScaling", "None")
    if alpha:  # reportlab raises the header to 1.4 for this itself
        canvas.setFillAlpha(0.5)
    canvas.rect(10, 10, 20, 20, fill=1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_the_version_check_catches_a_feature_newer_than_the_header() -> None:
    data = _canvas_pdf(alpha=False)  # the bug: board PDFs were written like this
    assert header(data) == (1, 3)
    assert version_problems(data) == [
        "ViewerPreferences /PrintScaling needs PDF 1.6, the header says 1.3"]
    data = _canvas_pdf(alpha=True)
    assert header(data) == (1, 4)
    assert "ExtGState /ca needs PDF 1.4, the header says 1.3" in \
        version_problems(data.replace(b"%PDF-1.4", b"%PDF-1.3", 1))
    # a planted header on a card PDF: its duplex preference is 1.7
    card = render(one_sheet_and_more(localized("terra", "en")[0], PdfOptions()),
                  PdfOptions()).data
    assert "ViewerPreferences /Duplex needs PDF 1.7, the header says 1.6" in \
        version_problems(card.replace(b"%PDF-1.7", b"%PDF-1.6", 1))
    single = _printed("terra", "en", "single")  # TrimBox and BleedBox are PDF 1.3
    assert "/TrimBox needs PDF 1.3, the header says 1.2" in \
        version_problems(single.replace(b"%PDF-1.7", b"%PDF-1.2", 1))


def test_the_readers_catch_a_damaged_pdf(tmp_path: Path) -> None:
    """pypdf (strict) and qpdf both complain about a PDF whose cross-reference table is off."""
    data = render(one_sheet_and_more(localized("terra", "en")[0], PdfOptions()),
                  PdfOptions()).data
    start = data.rindex(b"startxref\n") + len(b"startxref\n")
    end = data.index(b"\n", start)
    damaged = data[:start] + str(int(data[start:end]) + 7).encode() + data[end:]
    assert pypdf_complaints(damaged) != []
    complaints = qpdf_complaints(damaged, tmp_path)
    assert complaints is None or complaints != []
