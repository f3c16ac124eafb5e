"""``cardkit lsp`` driven by a real client over stdio (pytest-lsp), on a copy of the Terra test
world: diagnostics of an unsaved buffer within the debounce, hover, go to definition, find
references, completion, the quick fix of a "did you mean" finding, a malformed buffer that
yields a YAML diagnostic and leaves the server alive, and a file outside the content folder
that is left alone."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from .conftest import TERRA_BASE, point_modelines

CARDS = "content/terra/cards/base.yaml"
pytestmark = pytest.mark.asyncio


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A workspace holding a copy of the Terra test world in ``content/``."""
    workspace = tmp_path / "workspace"
    shutil.copytree(TERRA_BASE, workspace / "content")
    point_modelines(workspace / "content", TERRA_BASE)
    return workspace


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "cardkit",
                                                              "lsp"]))
async def client(lsp_client: LanguageClient, root: Path):  # type: ignore[no-untyped-def]
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri()))
    yield
    await lsp_client.shutdown_session()


def _uri(root: Path, rel: str) -> str:
    return (root / rel).resolve().as_uri()


async def _open(client: LanguageClient, root: Path, rel: str) -> str:
    uri = _uri(root, rel)
    body = (root / rel).read_text("utf-8")
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=body)))
    return uri


async def _edit(client: LanguageClient, uri: str, text: str, version: int = 2) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [lsp.TextDocumentContentChangeWholeDocument(text=text)]))


async def _diagnostics(client: LanguageClient, uri: str, code: str) -> list[lsp.Diagnostic]:
    """Wait (at most 20 s) until the server publishes a diagnostic with ``code`` for ``uri``."""
    async def wait() -> list[lsp.Diagnostic]:
        while True:
            found = [d for d in client.diagnostics.get(uri, []) if d.code == code]
            if found:
                return found
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return await asyncio.wait_for(wait(), 20)


def _position(text: str, needle: str, offset: int = 0) -> lsp.Position:
    line = next(i for i, t in enumerate(text.split("\n")) if needle in t)
    return lsp.Position(line, text.split("\n")[line].index(needle) + offset)


async def test_a_dangling_reference_in_an_unsaved_buffer_is_reported_and_fixed(
        client: LanguageClient, root: Path) -> None:
    uri = await _open(client, root, CARDS)
    text = (root / CARDS).read_text("utf-8")
    broken = text.replace("answers: [west-coast]", "answers: [west-coat]")
    await _edit(client, uri, broken)
    (diag,) = await _diagnostics(client, uri, "TER006")
    where = _position(broken, "west-coat")
    assert diag.range.start == where  # where `cardkit check` puts it, 0-based
    assert diag.range.end.character == where.character + len("west-coat")
    assert "did you mean 'west-coast'" in diag.message and diag.source == "cardkit"
    assert (root / CARDS).read_text("utf-8") == text  # nothing written to disk
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri), range=diag.range,
        context=lsp.CodeActionContext(diagnostics=[diag])))
    (fix,) = actions
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "west-coast" and edit.range == diag.range


async def test_hover_definition_references_and_completion_on_ids(client: LanguageClient,
                                                                root: Path) -> None:
    uri = await _open(client, root, CARDS)
    text = (root / CARDS).read_text("utf-8")
    at = _position(text, "west-coast", 2)
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at))
    assert "West Coast" in hover.contents.value and "regions.yaml" in hover.contents.value
    target = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at))
    regions = (root / "content/terra/regions.yaml").read_text("utf-8")
    assert target.uri == _uri(root, "content/terra/regions.yaml")
    assert target.range.start == _position(regions, "id: west-coast", len("id: "))
    refs = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at,
        context=lsp.ReferenceContext(include_declaration=True)))
    files = {r.uri.rsplit("/", 1)[-1] for r in refs}
    assert {"base.yaml", "regions.yaml"} <= files
    items = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at))
    labels = {i.label: i.detail for i in items.items}
    assert labels["west-coast"] == "regions" and labels["golden-gate-bridge"] == "cards"


async def test_a_malformed_buffer_is_a_yaml_diagnostic_and_the_server_lives_on(
        client: LanguageClient, root: Path) -> None:
    uri = await _open(client, root, CARDS)
    text = (root / CARDS).read_text("utf-8")
    await _edit(client, uri, text.replace("answers: [west-coast]", "answers: [west-coast"))
    found = await _diagnostics(client, uri, "YML001")
    assert found and found[0].severity == lsp.DiagnosticSeverity.Error
    await _edit(client, uri, text, 3)  # fixed again: the server still answers, and clears
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=_position(text, "west-coast", 1)))
    assert hover is not None and "West Coast" in hover.contents.value


async def test_a_file_outside_the_content_folder_is_ignored(client: LanguageClient,
                                                          root: Path) -> None:
    outside = root / "notes.yaml"
    outside.write_text("cards: [oops\n", "utf-8")
    uri = await _open(client, root, "notes.yaml")
    await asyncio.sleep(1.0)
    assert client.diagnostics.get(uri, []) == []
