"""``cardkit preview``: a page on the loopback interface that shows a game's cards as images,
drawn by the same templates as the PDFs and the site, and redrawn when a content file changes.

A watcher thread compares the game's files (and the locales') size and modification time every
:data:`POLL` seconds and bumps a version; the page asks for the version every
:data:`PAGE_POLL_MS` and reloads its list and images when it moves, so a save shows within a
second. A text that does not fit its frame (the fit check's finding) is outlined in red on the
image. Content with errors shows the located errors instead of the cards, never a stale card.
"""

from __future__ import annotations

import html
import io
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from ..core.errors import ContentBlocked
from ..core.registry import get_game
from ..core.reporters import text_line
from ..export.printing import localized_decks
from ..export.raster import png_bytes, rasterise
from ..i18n.api import load
from ..i18n.lookup import Localizer
from ..pdf.deck import PrintCard
from ..pdf.geometry import MM_TO_PT, Box
from ..pdf.layout import Face
from ..text.fonts import REGULAR, register_fonts

#: How often the watcher looks at the files (seconds).
POLL = 0.2
#: How often the page asks for the version (milliseconds).
PAGE_POLL_MS = 300
#: The images' resolution.
DPI = 150.0
OUTLINE = (0.9, 0.0, 0.0)
#: One drawing at a time: the page asks for many images at once, and PDFium (the rasteriser)
#: is not thread-safe.
_DRAWING = threading.Lock()


def face_png(face: Face, dpi: float = DPI) -> bytes:
    """A face as a PNG, each text that does not fit its frame outlined in red."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    w, h = face.w * MM_TO_PT, face.h * MM_TO_PT
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=REGULAR, pagesize=(w, h))
    face.draw(canvas, Box(0, 0, w, h))
    scale = face.scale_for(Box(0, 0, w, h)) * MM_TO_PT
    canvas.setStrokeColorRGB(*OUTLINE)
    canvas.setLineWidth(1.5)
    for placed in face.problems():
        f = placed.frame
        canvas.rect(f.x * scale, f.y * scale, f.w * scale, f.h * scale, stroke=1, fill=0)
    canvas.showPage()
    canvas.save()
    size = (round(face.w / 25.4 * dpi), round(face.h / 25.4 * dpi))
    (image,) = list(rasterise(buffer.getvalue(), size))
    return png_bytes(image, dpi)


@dataclass(slots=True)
class Preview:
    """What the server shows: one game in one locale, redrawn when its files change."""

    game: str
    content_dir: Path
    locale: str = "en"
    #: The deck shown (its id); None: the game's first deck.
    deck: str | None = None
    version: int = 0
    _signature: tuple[Any, ...] = ()
    _cards: dict[str, PrintCard] | None = None
    _error: str | None = None
    _images: dict[tuple[int, str, str], bytes] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def signature(self) -> tuple[Any, ...]:
        """Size and modification time of every file of the game and of the locales."""
        out = []
        for folder in (self.content_dir / self.game, self.content_dir / "locales"):
            for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
                try:
                    st = path.stat()
                except OSError:
                    continue
                out.append((path.as_posix(), st.st_size, st.st_mtime_ns))
        return tuple(out)

    def poll(self) -> bool:
        """Look at the files once; True (and a new version) when they changed."""
        now = self.signature()
        with self._lock:
            if now == self._signature:
                return False
            self._signature, self.version = now, self.version + 1
            self._cards, self._error, self._images = None, None, {}
            return True

    def cards(self) -> tuple[dict[str, PrintCard], str | None]:
        """The cards of the chosen deck (else the first) in the locale, or the content's errors
        as text."""
        with self._lock:
            if self._cards is None and self._error is None:
                decks, self._error = self._decks()
                chosen = [d for d in decks if d.id == self.deck] if self.deck else decks[:1]
                if decks and not chosen:
                    self._error = (f"no deck {self.deck!r} in {self.game}; its decks: "
                                   + ", ".join(d.id for d in decks))
                self._cards = {c.id: c for d in chosen for c in d.cards}
            return dict(self._cards or {}), self._error

    def _decks(self) -> tuple[list[Any], str | None]:
        """The decks, after the content gate; when the only errors are texts that do not fit
        (the fit check), the decks anyway — the outlines show where — and the errors too."""
        try:
            decks, _ = localized_decks(self.game, self.content_dir, self.locale, "metric",
                                       False, None)
            return decks, None
        except ContentBlocked as exc:
            text = "\n".join(text_line(d) for d in exc.diagnostics)
            spec = get_game(self.game)
            fit = {"I18N018", getattr(getattr(spec, "fit_code", None), "code", "")}
            if not all(d.code in fit for d in exc.diagnostics):
                return [], text
        data = load(self.game, self.content_dir, None)
        overlay = data.translations.overlays.get(self.locale) if self.locale != "en" else None
        loc = Localizer(data.content, data.locales[self.locale], overlay)
        return spec.print_decks(data.content, loc, "metric"), text

    def image(self, card_id: str, side: str) -> bytes | None:
        """The PNG of one side of a card (None for an unknown card or side)."""
        cards, _ = self.cards()
        card = cards.get(card_id)
        builder = None if card is None else (card.front if side == "front" else card.back)
        if builder is None:
            return None
        key = (self.version, card_id, side)
        with _DRAWING:
            if key not in self._images:
                self._images[key] = face_png(builder())
            return self._images[key]


def page(preview: Preview) -> str:
    """The preview page: the cards as images with their labels, or with ``?card=ID`` that
    card's sides, larger (what the editor's "preview this card" opens); it follows the
    version."""
    return f"""<!doctype html>
<html lang="{html.escape(preview.locale)}"><head><meta charset="utf-8">
<title>cardkit preview: {html.escape(preview.game)}</title>
<style>body{{font-family:sans-serif;margin:1em}}#cards{{display:flex;flex-wrap:wrap;gap:12px}}
figure{{margin:0}}img{{height:300px;border:1px solid #ccc}}pre{{color:#900}}</style></head>
<body><pre id="errors"></pre><div id="cards"></div>
<script>
let shown = -1;
async function refresh() {{
  const v = (await (await fetch('/version')).json()).version;
  if (v === shown) return;
  const data = await (await fetch('/cards.json')).json();
  document.getElementById('errors').textContent = data.errors || '';
  const box = document.getElementById('cards');
  const one = new URLSearchParams(location.search).get('card');
  const shownCards = one ? data.cards.filter(c => c.id === one) : data.cards;
  if (one && !shownCards.length && !data.errors)
    document.getElementById('errors').textContent = data.missing.replace('{{id}}', one);
  const sides = c => one ? c.sides : ['front'];
  box.replaceChildren(...shownCards.flatMap(c => sides(c).map(side => {{
    const f = document.createElement('figure'); f.id = 'card-' + c.id + (one ? '-' + side : '');
    const img = document.createElement('img'); img.alt = c.label;
    if (one) img.style.height = '480px';
    img.src = '/card/' + c.id + '.png?side=' + side + '&v=' + v;
    const cap = document.createElement('figcaption'); cap.textContent = c.label;
    f.append(img, cap); return f; }})));
  shown = v; document.body.dataset.version = v;
}}
refresh(); setInterval(refresh, {PAGE_POLL_MS});
</script></body></html>"""


def _handler(preview: Preview) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet: the terminal shows the URL only
            return

        def _send(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (the http.server name)
            url = urlparse(self.path)
            if url.path == "/":
                self._send(200, "text/html; charset=utf-8", page(preview).encode("utf-8"))
            elif url.path == "/version":
                self._send(200, "application/json", json.dumps(
                    {"version": preview.version}).encode())
            elif url.path == "/cards.json":
                cards, error = preview.cards()
                body = {"cards": [{"id": c.id, "label": c.label,
                                   "sides": ["front"] + (["back"] if c.back else [])}
                                  for c in cards.values()],
                        "errors": error,
                        "missing": f"no card {{id}} in this deck of {preview.game}"}
                self._send(200, "application/json",
                           json.dumps(body, ensure_ascii=False).encode("utf-8"))
            elif url.path.startswith("/card/") and url.path.endswith(".png"):
                side = parse_qs(url.query).get("side", ["front"])[0]
                data = preview.image(url.path[len("/card/"):-len(".png")], side)
                if data is None:
                    self._send(404, "text/plain", b"no such card")
                else:
                    self._send(200, "image/png", data)
            else:
                self._send(404, "text/plain", b"not found")
    return Handler


def serve(preview: Preview, port: int = 0) -> tuple[ThreadingHTTPServer, threading.Event]:
    """Start the server on 127.0.0.1 (``port`` 0: any free one) and the watcher, in threads;
    return the server (``server_address`` has the port) and the event that stops the watcher."""
    preview.poll()
    server = ThreadingHTTPServer(("127.0.0.1", port), _handler(preview))
    server.daemon_threads = True
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(POLL):
            preview.poll()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=watch, daemon=True).start()
    return server, stop
