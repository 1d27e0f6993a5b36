"""`rulesdsl lsp` driven end to end by a real LSP client (pytest-lsp) over stdio."""

import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = Path(__file__).resolve().parent.parent

from tests.test_author_messages import CARD as TEMPLATE

CARD = TEMPLATE.format(effect="|\n  after phase feast:\n    gain 1 meed")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "rulesdsl", "lsp"],
                                              server_env={**os.environ}))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(capabilities=client_capabilities("visual-studio-code"),
                                                             root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def _open(client, path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


async def _change(client, uri: str, text: str) -> None:
    """The editor's buffer becomes `text` (unsaved); wait for the new diagnostics."""
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=2), [lsp.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def _complete(client, uri: str, line: int, character: int):
    return await client.text_document_completion_async(lsp.CompletionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line, character)))


def _card(tmp_path):
    return tmp_path / "variant" / "cards" / "occupations" / "A" / "900-tester.yaml"


@pytest.mark.asyncio
async def test_an_error_in_an_effect_is_a_diagnostic_at_its_exact_range(client, tmp_path):
    uri = await _open(client, _card(tmp_path), CARD)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.message == "unknown item 'meed'; did you mean 'mead'?"
    assert diagnostic.range == lsp.Range(lsp.Position(9, 11), lsp.Position(9, 15))
    # fixing the text in the editor (unsaved) clears it
    await _change(client, uri, CARD.replace("meed", "mead"))
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_misspelled_keyword_in_a_folded_effect_is_placed_right(client, tmp_path):
    uri = await _open(client, _card(tmp_path), CARD.replace("effect: |\n  after phase feast:\n    gain 1 meed",
                                                            "effect: >\n  aftr phase feast:\n  gain 1 mead"))
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.message == "unexpected 'aftr'; did you mean 'after'?"
    assert diagnostic.range == lsp.Range(lsp.Position(8, 2), lsp.Position(8, 6))


@pytest.mark.asyncio
async def test_completion_after_gain_1_offers_goods(client, tmp_path):
    text = CARD.replace("    gain 1 meed", "    gain 1 ")
    uri = await _open(client, _card(tmp_path), text)
    result = await _complete(client, uri, 9, 11)
    labels = {item.label for item in result.items}
    assert {"mead", "silver", "stockfish", "whale_meat", "longship"} <= labels
    assert "feast" not in labels and "after" not in labels  # phases and hooks do not fit after an amount
    mead = next(item for item in result.items if item.label == "mead")
    assert mead.detail == "item: good"


@pytest.mark.asyncio
async def test_completion_offers_keywords_events_and_phases_where_they_fit(client, tmp_path):
    text = CARD.replace("  after phase feast:\n    gain 1 meed", "  after ")
    uri = await _open(client, _card(tmp_path), text)
    labels = {item.label for item in (await _complete(client, uri, 8, 8)).items}
    assert {"phase", "action", "mountain_taken", "received"} <= labels and "mead" not in labels
    text = CARD.replace("  after phase feast:\n    gain 1 meed", "  after phase fe")
    await _change(client, uri, text)
    result = await _complete(client, uri, 8, 16)
    assert "feast" in {item.label for item in result.items}
    assert "mead" not in {item.label for item in result.items}


@pytest.mark.asyncio
async def test_hover_says_what_a_name_is_and_shows_the_canonical_statement(client, tmp_path):
    text = CARD.replace("meed", "mead").replace("    gain 1 mead", "    gain   1 mead")
    uri = await _open(client, _card(tmp_path), text)
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(9, 15)))
    assert hover.contents.value == ("good `mead`: mead (defined at boards/goods.yaml:70:9)\n\n"
                                    "```\nafter phase feast: gain 1 mead\n```")
    assert hover.range == lsp.Range(lsp.Position(9, 13), lsp.Position(9, 17))


@pytest.mark.asyncio
async def test_definition_of_a_space_and_a_good(client, tmp_path):
    text = CARD.replace("  after phase feast:\n    gain 1 meed", "  after action on space stockfish_1: gain 1 mead")
    uri = await _open(client, _card(tmp_path), text)
    assert list(client.diagnostics[uri]) == []
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(8, 28)))
    assert found.uri == (ROOT / "boards" / "action_board.yaml").as_uri()
    source = (ROOT / "boards" / "action_board.yaml").read_text(encoding="utf-8").split("\n")
    assert source[found.range.start.line][found.range.start.character:].startswith("stockfish_1")
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(8, 48)))
    assert found.uri == (ROOT / "boards" / "goods.yaml").as_uri()
    line = (ROOT / "boards" / "goods.yaml").read_text(encoding="utf-8").split("\n")[found.range.start.line]
    assert line[found.range.start.character:].startswith("mead")


def test_a_board_file_gets_its_problems_from_the_same_loader(tmp_path):
    from rulesdsl.authoring.analysis import analyse

    path = tmp_path / "variant" / "boards" / "sheep.yaml"
    path.parent.mkdir(parents=True)
    text = "spaces:\n  - id: buy_sheep_2\n    name: Free sheep\n    group: livestock_markt\n" \
           "    column: 2\n    row: 5\n    effect: gain 1 sheep\n"
    path.write_text("", encoding="utf-8")  # the buffer is what counts, not the file on disk
    result = analyse(path, text)
    assert [(p.location.line, p.location.column, p.message) for p in result.problems] == [
        (2, 9, "spaces 'buy_sheep_2' is already defined at boards/action_board.yaml:175:9; add 'replaces: true' to replace it")]


@pytest.mark.asyncio
async def test_a_number_is_known_for_what_it_is_before_hover_and_definition(client, tmp_path):
    text = CARD.replace("  after phase feast:\n    gain 1 meed", "  gain 2 mead\n  imitate column 3")
    uri = await _open(client, _card(tmp_path), text)
    lines = text.split("\n")
    amount = lsp.Position(8, lines[8].index("2"))
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri), amount))
    assert hover.contents.value.startswith("amount `2`: how many mead")
    assert await client.text_document_definition_async(lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri), amount)) is None
    column = lsp.Position(9, lines[9].index("3"))
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri), column))
    assert hover.contents.value.startswith("column `3`: 17 action spaces, each taking 3 Vikings")
    number = lsp.Position(0, lines[0].index(":") + 2)  # `number: 900`
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri), number))
    assert hover.contents.value.startswith("card number `900`: Tester")


@pytest.mark.asyncio
async def test_completion_on_an_empty_first_effect_line_offers_only_this_games_statements(client, tmp_path):
    text = CARD.replace("  after phase feast:\n    gain 1 meed", "  ")
    uri = await _open(client, _card(tmp_path), text)
    labels = {item.label for item in (await _complete(client, uri, 8, 2)).items}
    assert {"gain", "pay", "after", "anytime", "once", "choose"} <= labels
    assert not {"auction", "award", "collect", "lose", "convert", "ferry"} & labels
    text = CARD.replace("    gain 1 meed", "    gain 1 mead\n  ")
    await _change(client, uri, text)
    labels = {item.label for item in (await _complete(client, uri, 10, 2)).items}
    assert "gain" in labels and "auction" not in labels
