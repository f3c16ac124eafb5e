"""The language server: diagnostics as you type (debounced), hover, go to definition, find
references and completion on ids, and the quick fix of a "did you mean" finding.

A check runs in a worker thread on the open buffers of the edited game (the content folder is
the workspace's ``content/``, or ``cardkit.contentDir`` in the initialization options); a check
that raises never takes the server down: its error becomes a diagnostic (CK900) and a log line.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..core.version import __version__
from ..checking.run import CheckOptions, run_check
from ..core.diagnostics import Diagnostic, Severity
from ..core.loading import DEFAULT_CACHE_DIR
from .index import Defined, defined, game_of, occurrences, word_at

log = logging.getLogger("cardkit.lsp")
#: How long the server waits after the last keystroke before it checks (seconds).
DEBOUNCE = 0.1
DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")
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
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.published: dict[str, set[str]] = {}  # game -> uris with diagnostics

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
        """Check the game of ``uri`` after ``delay`` seconds without another edit."""
        game = game_of(self.content_dir, path_of(uri))
        if game is None:
            return  # a file outside the content folder is not cardkit's
        previous = self.pending.get(game)
        if previous is not None:
            previous.cancel()
        self.pending[game] = asyncio.ensure_future(self._check_later(game, delay))

    async def _check_later(self, game: str, delay: float) -> None:
        await asyncio.sleep(delay)
        buffers = self.buffers()
        try:
            found = await asyncio.get_running_loop().run_in_executor(
                None, self.check_game, game, buffers)
        except Exception as exc:  # a crash in a check: a diagnostic and a log line, not a stop
            log.exception("cardkit check of %s failed", game)
            found = {uri: [_crash(exc)] for uri in self._open_uris(game)}
        self.publish(game, found)

    def check_game(self, game: str, buffers: dict[Path, bytes]) -> dict[str, list[lsp.Diagnostic]]:
        """``cardkit check GAME`` on the buffers: the LSP diagnostics by document URI."""
        cache = self.content_dir.parent / DEFAULT_CACHE_DIR
        report = run_check(CheckOptions((game,), self.content_dir, cache, buffers))
        out: dict[str, list[lsp.Diagnostic]] = {}
        lines: dict[Path, list[str]] = {}  # each file read once per check
        for d in report.diagnostics:
            path = Path(d.file)
            if not path.is_absolute():
                path = Path.cwd() / path
            path = path.resolve()
            if path not in lines:
                raw = buffers.get(path)
                lines[path] = (raw.decode("utf-8") if raw is not None
                               else self.text_of(path, buffers)).split("\n")
            out.setdefault(path.as_uri(), []).append(to_lsp(d, lines[path]))
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
        if item is None:
            return None
        rel = _relative(ls.content_dir, item.path)
        text = f"**{item.label or item.id}** — {item.kind} `{item.id}`\n\n{rel}:{item.line + 1}"
        return lsp.Hover(contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text))

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: CardkitServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        item, _ = ls.lookup(params.text_document.uri, params.position)
        return _location(item) if item is not None else None

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
        game = game_of(ls.content_dir, path_of(params.text_document.uri))
        items = []
        if game is not None:
            for item in defined(ls.content_dir, game, ls.buffers()).values():
                items.append(lsp.CompletionItem(label=item.id, detail=item.kind,
                                                documentation=item.label or None,
                                                kind=lsp.CompletionItemKind.Reference))
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION)
    def code_action(ls: CardkitServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        out = []
        for diag in params.context.diagnostics:
            m = DID_YOU_MEAN.search(diag.message)
            if m is None or diag.source != "cardkit":
                continue
            edit = lsp.TextEdit(range=diag.range, new_text=m.group(1))
            out.append(lsp.CodeAction(
                title=f"Replace with '{m.group(1)}'", kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diag], is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
        return out

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
