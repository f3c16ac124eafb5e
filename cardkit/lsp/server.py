"""The language server: cardkit's diagnostics as you type (debounced), hover, go to definition,
find references and completion on ids; in a translation, the English it translates (hover, go
to definition) and the locale's glossary terms (completion); the quick fixes of the findings
that have one (:mod:`.actions`); and "Preview this card", which opens the card under the cursor
in ``cardkit preview``'s page.

A check runs in a worker thread on the open buffers of the edited game (the content folder is
the workspace's ``content/``, or ``cardkit.contentDir`` in the initialization options); a check
that raises never takes the server down: its error becomes a diagnostic (CK900) and a log line.
After an edit the content's own checks are published first, then the complete check.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..core.version import __version__
from ..checking.run import CheckOptions, CheckSession, run_check
from ..core.diagnostics import Diagnostic, Severity
from ..core.loading import DEFAULT_CACHE_DIR
from ..core.discovery import SourceFile
from ..core.registry import get_game
from ..i18n.sources import SourceText
from ..site.preview import Preview
from ..site.preview import serve as serve_preview
from .actions import confirm_stale, did_you_mean, glossary_word
from .index import Defined, defined, game_of, loaded, occurrences, word_at
from .translations import (Place, english, english_at, entry_at, glossary_terms, place_of,
                           record_at)

log = logging.getLogger("cardkit.lsp")
#: The command of "Preview this card": arguments game, card id, locale.
PREVIEW_CARD = "cardkit.previewCard"
#: How long the server waits after a keystroke before it checks (seconds): a burst of edits
#: (a paste, an editor's several edits for one command) is checked once. Edits that come while a
#: check runs are gathered and checked together when it ends.
DEBOUNCE = 0.03
SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error,
            Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.INFO: lsp.DiagnosticSeverity.Information}


def path_of(uri: str) -> Path:
    """The file a ``file://`` URI names."""
    return Path(unquote(urlparse(uri).path))


class CardkitServer(LanguageServer):
    """The server's state: the content folder, the pending checks, the last diagnostics."""

    def __init__(self) -> None:
        super().__init__("cardkit", __version__)
        self.content_dir = Path("content")
        self.pending: dict[str, asyncio.Task[None]] = {}  # game -> its checking loop
        self.dirty: set[str] = set()  # games edited since their check began
        #: game -> uri -> the last complete check's findings the quick check does not make
        self.slow: dict[str, dict[str, list[lsp.Diagnostic]]] = {}
        self.published: dict[str, set[str]] = {}  # game -> uris with diagnostics
        self.session = CheckSession()  # what the checks keep between keystrokes
        self.frozen = False  # whether the objects of the first check are frozen (gc.freeze)
        #: (game, locale) -> the preview server and the event that stops its watcher
        self.previews: dict[tuple[str, str], tuple[Any, Any]] = {}

    # -- buffers ------------------------------------------------------------------------------
    def buffers(self) -> dict[Path, bytes]:
        """Every open document's text, by resolved path."""
        out = {}
        for uri, doc in self.workspace.text_documents.items():
            if uri.startswith("file:"):
                out[path_of(uri).resolve()] = doc.source.encode("utf-8")
        return out

    def text_of(self, path: Path, buffers: dict[Path, bytes] | None = None) -> str:
        """A file's text: the open buffer's (from ``buffers`` when the caller has them), else
        the file's on disk ("" when unreadable)."""
        raw = (self.buffers() if buffers is None else buffers).get(path.resolve())
        if raw is not None:
            return raw.decode("utf-8")
        try:
            return path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            return ""

    # -- checking -----------------------------------------------------------------------------
    def schedule(self, uri: str, delay: float = DEBOUNCE) -> None:
        """Check the game of ``uri`` after ``delay`` seconds; while a check of the game runs,
        edits are gathered and checked together as soon as it ends (at most one check of a
        game at a time, never a queue of them)."""
        game = game_of(self.content_dir, path_of(uri))
        if game is None:
            return  # a file outside the content folder is not cardkit's
        self.dirty.add(game)
        running = self.pending.get(game)
        if running is None or running.done():
            self.pending[game] = asyncio.ensure_future(self._check_loop(game, delay))

    async def _check_loop(self, game: str, delay: float) -> None:
        """Until no edit is left unchecked: the quick check (the content's own checks) is
        published at once, with the last complete check's other findings; then the complete
        check (translations, print fit, art) replaces it, unless an edit came meanwhile."""
        await asyncio.sleep(delay)
        loop = asyncio.get_running_loop()
        while game in self.dirty:
            self.dirty.discard(game)
            buffers = self.buffers()
            try:
                quick = await loop.run_in_executor(None, self.check_game, game, buffers, True)
                self.publish(game, _merged(quick, self.slow.get(game, {})))
                if game in self.dirty:
                    continue
                full = await loop.run_in_executor(None, self.check_game, game, buffers)
            except Exception as exc:  # a crash in a check: a diagnostic and a log line
                log.exception("cardkit check of %s failed", game)
                self.publish(game, {uri: [_crash(exc)] for uri in self._open_uris(game)})
                continue
            if game not in self.dirty:
                self.slow[game] = _without(full, quick)
                self.publish(game, full)
            if not self.frozen:  # what the first check built lives on: out of the collector's way
                gc.freeze()
                self.frozen = True

    def check_game(self, game: str, buffers: dict[Path, bytes], quick: bool = False
                   ) -> dict[str, list[lsp.Diagnostic]]:
        """``cardkit check GAME`` on the buffers (``quick``: the content's own checks only):
        the LSP diagnostics by document URI."""
        cache = self.content_dir.parent / DEFAULT_CACHE_DIR
        report = run_check(CheckOptions((game,), self.content_dir, cache, buffers, self.session,
                                        quick))
        out: dict[str, list[lsp.Diagnostic]] = {}
        files: dict[str, tuple[str, list[str]]] = {}  # each file resolved and read once
        for d in report.diagnostics:
            if d.file not in files:
                path = Path(d.file)
                path = (path if path.is_absolute() else Path.cwd() / path).resolve()
                raw = buffers.get(path)
                files[d.file] = (path.as_uri(), (raw.decode("utf-8") if raw is not None
                                                 else self.text_of(path, buffers)).split("\n"))
            uri, lines = files[d.file]
            out.setdefault(uri, []).append(to_lsp(d, lines))
        return out

    def _open_uris(self, game: str) -> list[str]:
        return [uri for uri in self.workspace.text_documents
                if uri.startswith("file:") and game_of(self.content_dir, path_of(uri)) == game]

    def publish(self, game: str, found: dict[str, list[lsp.Diagnostic]]) -> None:
        """Publish the open documents' diagnostics, and clear those that have none now."""
        uris = set(self._open_uris(game)) | self.published.get(game, set())
        for uri in sorted(uris):
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found.get(uri, [])))
        self.published[game] = {u for u in uris if found.get(u)}

    # -- ids ----------------------------------------------------------------------------------
    def translated(self, uri: str, position: lsp.Position
                   ) -> tuple[SourceText, SourceFile, Place] | None:
        """In an overlay, the English text the entry under the cursor translates, the content
        file it is written in, and the overlay's place (None elsewhere)."""
        path = path_of(uri)
        game = game_of(self.content_dir, path)
        place = place_of(self.content_dir, game, path) if game is not None else None
        if game is None or place is None:
            return None
        buffers = self.buffers()
        found = entry_at(self.text_of(path, buffers), position.line)
        if found is None:
            return None
        content, files = loaded(self.content_dir, game, buffers)
        src = english(content, place.kind, found[0], found[1])
        file = files.get(src.record.file) if src is not None else None
        return None if src is None or file is None else (src, file, place)

    # -- the preview ----------------------------------------------------------------------------
    def preview_actions(self, uri: str, position: lsp.Position) -> list[lsp.Command]:
        """"Preview this card" for the card under the cursor (a content file's record, an
        overlay's entry: then in that language), in a game that prints cards."""
        path = path_of(uri)
        game = game_of(self.content_dir, path)
        if game is None or getattr(get_game(game), "print_decks", None) is None:
            return []
        text = self.text_of(path)
        place = place_of(self.content_dir, game, path)
        if place is not None:
            found = entry_at(text, position.line)
            card, locale = (found[0] if found else None), place.locale
        else:
            card, locale = record_at(text, position.line), "en"
        if card is None:
            return []
        return [lsp.Command(title=f"Preview the card {card} ({locale})", command=PREVIEW_CARD,
                            arguments=[game, card, locale])]

    def preview_url(self, game: str, locale: str, card: str) -> str:
        """The address of one card's preview; the preview server of the game and locale is
        started on first use (on 127.0.0.1, any free port) and lives as long as this one."""
        key = (game, locale)
        if key not in self.previews:
            self.previews[key] = serve_preview(Preview(game, self.content_dir, locale), 0)
        host, port = self.previews[key][0].server_address[:2]
        return f"http://{host}:{port}/?card={quote(card)}"

    def lookup(self, uri: str, position: lsp.Position) -> tuple[Defined | None, str | None]:
        """The object the id under the cursor names, and the id (None off an id)."""
        path = path_of(uri)
        game = game_of(self.content_dir, path)
        if game is None:
            return None, None
        buffers = self.buffers()
        hit = word_at(self.text_of(path, buffers), position.line, position.character)
        if hit is None:
            return None, None
        return defined(self.content_dir, game, buffers).get(hit[0]), hit[0]


def to_lsp(d: Diagnostic, lines: list[str]) -> lsp.Diagnostic:
    """A cardkit diagnostic as an LSP one (0-based), over the word it points at (an id, a
    value), else to the end of its line."""
    line, col = max(0, d.line - 1), max(0, d.col - 1)
    text = lines[line] if line < len(lines) else ""
    hit = word_at(text, 0, col)
    end = hit[2] if hit is not None and hit[1] == col else max(col + 1, len(text.rstrip()))
    return lsp.Diagnostic(
        range=lsp.Range(lsp.Position(line, col), lsp.Position(line, end)),
        message=d.message, severity=SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Hint),
        code=d.code, source="cardkit")


Found = dict[str, list[lsp.Diagnostic]]


def _key(d: lsp.Diagnostic) -> tuple[object, ...]:
    return (d.range.start.line, d.range.start.character, d.code, d.message)


def _without(full: Found, quick: Found) -> Found:
    """The findings of ``full`` that ``quick`` does not have (the translation, fit and art
    passes'), by URI."""
    out = {}
    for uri, found in full.items():
        have = {_key(d) for d in quick.get(uri, [])}
        rest = [d for d in found if _key(d) not in have]
        if rest:
            out[uri] = rest
    return out


def _merged(quick: Found, slow: Found) -> Found:
    """The quick check's findings with the last complete check's others, by URI."""
    out = {uri: list(found) for uri, found in quick.items()}
    for uri, found in slow.items():
        out.setdefault(uri, []).extend(found)
    return out


def _crash(exc: Exception) -> lsp.Diagnostic:
    return lsp.Diagnostic(range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 1)),
                          message=f"cardkit could not check this file: {type(exc).__name__}: "
                                  f"{exc} (a bug: the server log has the details)",
                          severity=lsp.DiagnosticSeverity.Error, code="CK900", source="cardkit")


def _location(item: Defined) -> lsp.Location:
    return lsp.Location(item.path.resolve().as_uri(),
                        lsp.Range(lsp.Position(item.line, item.col),
                                  lsp.Position(item.line, item.col + len(item.id))))


def build() -> CardkitServer:
    """The server with its features registered."""
    server = CardkitServer()

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: CardkitServer, params: lsp.InitializeParams) -> None:
        options = params.initialization_options or {}
        root = path_of(params.root_uri) if params.root_uri else Path.cwd()
        chosen = options.get("contentDir") if isinstance(options, dict) else None
        ls.content_dir = Path(chosen) if chosen else root / "content"

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CardkitServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0.0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CardkitServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: CardkitServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0.0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: CardkitServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: CardkitServer, params: lsp.HoverParams) -> lsp.Hover | None:
        item, _ = ls.lookup(params.text_document.uri, params.position)
        if item is not None:
            rel = _relative(ls.content_dir, item.path)
            text = (f"**{item.label or item.id}** — {item.kind} `{item.id}`\n\n"
                    + (f"{item.text}\n\n" if item.text else "") + f"{rel}:{item.line + 1}")
            return lsp.Hover(contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text))
        found = ls.translated(params.text_document.uri, params.position)
        if found is None:
            return None
        src, file, _ = found
        line, _ = english_at(src, file.text())
        english_text = src.text if isinstance(src.text, str) else \
            " / ".join(f"{k}: {v}" for k, v in src.text.items())
        text = (f"**English** ({src.object_id} · {src.key}, src `{src.fingerprint}`)\n\n"
                f"{english_text}\n\n{_relative(ls.content_dir, file.path)}:{line + 1}")
        return lsp.Hover(contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text))

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: CardkitServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        """An id: where its object is defined; in an overlay, off an id: the English text the
        entry translates."""
        item, _ = ls.lookup(params.text_document.uri, params.position)
        if item is not None:
            return _location(item)
        found = ls.translated(params.text_document.uri, params.position)
        if found is None:
            return None
        src, file, _ = found
        line, col = english_at(src, file.text())
        return lsp.Location(file.path.resolve().as_uri(), lsp.Range(lsp.Position(line, col),
                                                                    lsp.Position(line, col)))

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: CardkitServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
        item, ident = ls.lookup(params.text_document.uri, params.position)
        if item is None or ident is None:
            return []
        folder = ls.content_dir / (game_of(ls.content_dir, item.path) or "")
        out, buffers = [], ls.buffers()  # encoded once, not per file
        for path in sorted(folder.rglob("*.yaml")):
            for line, col in occurrences(ls.text_of(path, buffers), ident):
                out.append(lsp.Location(path.resolve().as_uri(), lsp.Range(
                    lsp.Position(line, col), lsp.Position(line, col + len(ident)))))
        return out

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION)
    def completion(ls: CardkitServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        """In an overlay: the locale's glossary terms (the translation, with the English and
        the glossary's note); elsewhere: the ids the game's content defines."""
        path = path_of(params.text_document.uri)
        game = game_of(ls.content_dir, path)
        items = []
        place = place_of(ls.content_dir, game, path) if game is not None else None
        if game is not None and place is not None:
            for term in glossary_terms(ls.content_dir / game, place.locale, ls.buffers()):
                items.append(lsp.CompletionItem(
                    label=term.translation, detail=f"glossary: {term.term}",
                    documentation=term.note or None, kind=lsp.CompletionItemKind.Text,
                    sort_text=f"0{term.translation}"))
        elif game is not None:
            for item in defined(ls.content_dir, game, ls.buffers()).values():
                items.append(lsp.CompletionItem(label=item.id, detail=item.kind,
                                                documentation=item.label or None,
                                                kind=lsp.CompletionItemKind.Reference))
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION)
    def code_action(ls: CardkitServer, params: lsp.CodeActionParams
                    ) -> list[lsp.CodeAction | lsp.Command]:
        uri = params.text_document.uri
        ours = [d for d in params.context.diagnostics if d.source == "cardkit"]
        path = path_of(uri)
        text = ls.text_of(path)
        game = game_of(ls.content_dir, path)
        place = place_of(ls.content_dir, game, path) if game is not None else None
        content = None
        if place is not None and any(d.code == "I18N003" for d in ours):
            content = loaded(ls.content_dir, game, ls.buffers())[0]  # type: ignore[arg-type]
        out: list[lsp.CodeAction | lsp.Command] = []
        for diag in ours:
            action = (did_you_mean(uri, diag) or glossary_word(uri, diag, text.split("\n"))
                      or confirm_stale(uri, diag, text, place, content))
            if action is not None:
                out.append(action)
        return out + ls.preview_actions(uri, params.range.start)

    @server.command(PREVIEW_CARD)
    def preview_card(ls: CardkitServer, game: str, card: str, locale: str) -> str:
        """Open the preview of one card in the browser; the page's address is the answer."""
        url = ls.preview_url(game, locale, card)
        ls.window_show_document(lsp.ShowDocumentParams(uri=url, external=True, take_focus=True))
        return url

    return server


def _relative(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve().parent).as_posix()
    except ValueError:
        return path.as_posix()


def serve() -> None:
    """Run the server on standard input and output until the client ends it."""
    build().start_io()


__all__ = ["CardkitServer", "build", "serve"]
