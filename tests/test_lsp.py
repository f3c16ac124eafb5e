"""``cardkit lsp`` driven by a real client over stdio (pytest-lsp), on a copy of the Terra test
world: diagnostics of an unsaved buffer within the debounce, hover, go to definition, find
references, completion, the quick fix of a "did you mean" finding, a malformed buffer that
yields a YAML diagnostic and leaves the server alive, a file outside the content folder that is
left alone; in translations, the English an entry translates (hover, definition), the
glossary's terms (completion), the quick fixes of a stale translation and of a word the
glossary forbids; and "Preview the card", which starts the preview and answers its address."""

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


async def _actions(client: LanguageClient, uri: str, where: lsp.Range,
                   diagnostics: list[lsp.Diagnostic]) -> list[lsp.CodeAction | lsp.Command]:
    """The code actions the server offers at ``where`` for these diagnostics."""
    return await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri), range=where,
        context=lsp.CodeActionContext(diagnostics=diagnostics)))


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
    actions = await _actions(client, uri, diag.range, [diag])
    (fix,) = [a for a in actions if getattr(a, "edit", None)]  # (and "Preview this card")
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


PL_CARDS = "content/terra/i18n/pl/cards.yaml"
PL_STRINGS = "content/terra/i18n/pl/strings.yaml"


async def test_a_translation_entry_leads_to_its_english(client: LanguageClient,
                                                       root: Path) -> None:
    """Hover and go to definition on a translation (off an id) give the English it
    translates and where it is written; the id of the entry still leads to the card."""
    uri = await _open(client, root, PL_CARDS)
    text = (root / PL_CARDS).read_text("utf-8")
    at = _position(text, "Kiedy go otwarto", 6)  # on "go", no id
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at))
    english = (root / CARDS).read_text("utf-8")
    question = next(line.split("question:", 1)[1].strip() for line in english.split("\n")
                    if "question:" in line)
    assert question in hover.contents.value and "bars.0.question" in hover.contents.value
    target = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=at))
    assert target.uri == _uri(root, CARDS)
    assert target.range.start == _position(english, question)
    on_id = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri),
        position=_position(text, "golden-gate-bridge", 3)))
    assert on_id.range.start == _position(english, "id: golden-gate-bridge", len("id: "))
    card = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri),
        position=_position(text, "golden-gate-bridge", 3)))
    assert "Golden Gate Bridge" in card.contents.value  # the card's name, text and file
    assert "A test card." in card.contents.value and "base.yaml" in card.contents.value


async def test_completion_in_a_translation_offers_the_locale_s_glossary_terms(
        client: LanguageClient, root: Path) -> None:
    uri = await _open(client, root, PL_CARDS)
    text = (root / PL_CARDS).read_text("utf-8")
    items = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri), position=_position(text, "Kiedy", 0)))
    terms = {i.label: i.detail for i in items.items}
    assert terms["karta"] == "glossary: card" and terms["region"] == "glossary: region"
    assert "golden-gate-bridge" not in terms  # ids are offered in content files, not here


async def test_a_stale_translation_is_confirmed_by_a_quick_fix(client: LanguageClient,
                                                              root: Path) -> None:
    """The English of a translated question changes in the editor: the translation is stale
    (I18N003 at its ``src``), and the fix writes the new English's fingerprint there."""
    from cardkit.i18n.sources import fingerprint

    cards = await _open(client, root, CARDS)
    uri = await _open(client, root, PL_CARDS)
    english = (root / CARDS).read_text("utf-8")
    line = next(t for t in english.split("\n") if "question:" in t)
    old = line.split("question:", 1)[1].strip()
    await _edit(client, cards, english.replace(old, "In which year did it open to traffic?", 1))
    stale = [d for d in await _diagnostics(client, uri, "I18N003")
             if d.range.start.line == _position((root / PL_CARDS).read_text("utf-8"),
                                                "d946175bcdf7").line]
    assert stale, "the question's translation is not reported stale"
    actions = await _actions(client, uri, stale[0].range, stale)
    (fix,) = [a for a in actions if getattr(a, "edit", None)]  # (and "Preview this card")
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == fingerprint("In which year did it open to traffic?")
    assert edit.range == stale[0].range


async def test_a_word_the_glossary_forbids_is_replaced_by_a_quick_fix(client: LanguageClient,
                                                                     root: Path) -> None:
    uri = await _open(client, root, PL_STRINGS)
    text = (root / PL_STRINGS).read_text("utf-8")
    wrong = text.replace("W jakim regionie to jest?", "W jakim obszar to jest?")
    await _edit(client, uri, wrong)
    found = [d for d in await _diagnostics(client, uri, "I18N013") if "'obszar'" in d.message]
    assert found
    actions = await _actions(client, uri, found[0].range, found[:1])
    (fix,) = [a for a in actions if getattr(a, "edit", None)]  # (and "Preview this card")
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "region"
    assert edit.range.start == _position(wrong, "obszar")


async def test_preview_this_card_opens_the_card_under_the_cursor(client: LanguageClient,
                                                                 root: Path) -> None:
    """A code action on a card (in its content file, or in a translation: in that language)
    runs the preview command, which starts the preview and answers with the card's page."""
    import json
    import urllib.request

    uri = await _open(client, root, CARDS)
    text = (root / CARDS).read_text("utf-8")
    at = _position(text, "question: When was the Great Pyramid finished?")
    actions = await _actions(client, uri, lsp.Range(at, at), [])
    (command,) = _preview_commands(actions)
    assert list(command.arguments) == ["terra", "pyramids-of-giza", "en"]
    url = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command=command.command, arguments=list(command.arguments)))
    assert url.startswith("http://127.0.0.1:") and url.endswith("/?card=pyramids-of-giza")
    with urllib.request.urlopen(url.split("?")[0] + "cards.json", timeout=30) as answer:
        cards = json.loads(answer.read())
    assert "pyramids-of-giza" in {c["id"] for c in cards["cards"]}
    pl = await _open(client, root, PL_CARDS)
    pl_text = (root / PL_CARDS).read_text("utf-8")
    at = _position(pl_text, "Kiedy go otwarto")
    actions = await _actions(client, pl, lsp.Range(at, at), [])
    (command,) = _preview_commands(actions)
    assert list(command.arguments) == ["terra", "golden-gate-bridge", "pl"]


def _preview_commands(actions: list[lsp.CodeAction | lsp.Command]) -> list[lsp.Command]:
    """The commands of the "Preview" actions (a client may read an action that only runs a
    command as the command itself)."""
    out = []
    for a in actions:
        command = a if isinstance(a, lsp.Command) else a.command
        if command is not None and a.title.startswith("Preview"):
            out.append(command)
    return out


async def test_a_burst_of_edits_ends_with_the_last_buffer_s_findings(client: LanguageClient,
                                                                    root: Path) -> None:
    """Edits typed faster than a check are gathered: whatever was published between them, the
    findings that stay are the last buffer's — a reference broken then mended in a burst
    leaves no error behind, and one mended then broken leaves it."""
    uri = await _open(client, root, CARDS)
    text = (root / CARDS).read_text("utf-8")
    broken = text.replace("answers: [west-coast]", "answers: [west-coat]")
    for version, body in enumerate([broken, text, broken, text, broken], start=2):
        await _edit(client, uri, body, version)
        await asyncio.sleep(0.01)
    await _diagnostics(client, uri, "TER006")
    for version, body in enumerate([text, broken, text], start=7):
        await _edit(client, uri, body, version)
        await asyncio.sleep(0.01)
    await asyncio.sleep(3.0)  # every check of the burst has ended
    assert [d for d in client.diagnostics.get(uri, []) if d.code == "TER006"] == []
