"""`rulesdsl lsp`: a language server (pygls, over stdin/stdout) for card and board YAML.

- diagnostics: the file's problems from the real loader and checker, with the editor's
  unsaved text, at their exact place inside effect text (sent on open, change and save);
- completion: the keywords the grammar accepts at the cursor (Lark's interactive parser)
  and the names that fit there: events, items, spaces, groups, phases, quantities ...;
- hover: what a name is, and the canonical form of the statement under the cursor;
- definition: where a space, good or any other item id is defined.

The analysis itself lives in `rulesdsl.authoring.analysis` (no LSP types there). LSP
positions count from 0, the project's from 1: the conversion is done here only. A bad
client cannot end the server: framing is `lsp_framing`'s, a position outside 0..2^31-1 gets
an "invalid params" error, and checks after edits wait until the typing pauses (DEBOUNCE),
so a hover never waits behind a queue of edits.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from threading import Event

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from rulesdsl.authoring import analysis
from rulesdsl.authoring.lsp_framing import serve_framed
from rulesdsl.content.loader import load_content
from rulesdsl.resources import version

_KINDS = {
    "keyword": lsp.CompletionItemKind.Keyword, "event": lsp.CompletionItemKind.Event,
    "item": lsp.CompletionItemKind.Value, "space": lsp.CompletionItemKind.Reference,
    "group": lsp.CompletionItemKind.Module, "phase": lsp.CompletionItemKind.Enum,
    "quantity": lsp.CompletionItemKind.Variable, "query": lsp.CompletionItemKind.Function,
    "value": lsp.CompletionItemKind.Property,
}


DEBOUNCE = 0.25  # seconds without an edit before a changed buffer is checked again
_MAX_POSITION = 2 ** 31 - 1


class RulesServer(LanguageServer):
    """The server, with the last content that loaded for each open file."""

    def __init__(self, extra_roots=()):
        super().__init__("rulesdsl", version())
        self.extra_roots = tuple(extra_roots)
        self.contents: dict[str, object] = {}
        self.pending: dict[str, object] = {}  # uri -> the timer of its next check

    def start_io(self, stdin=None, stdout=None):
        """Serve over stdin/stdout with the hardened framing of `lsp_framing`."""
        stdin = stdin or sys.stdin.buffer
        stdout = stdout or sys.stdout.buffer
        self._stop_event = Event()
        self.protocol.set_writer(StdoutWriter(stdout))
        try:
            asyncio.run(serve_framed(self, stdin, stdout, self._stop_event))
        except (BrokenPipeError, KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    def check_later(self, uri: str) -> None:
        """Check the document once no edit has come for DEBOUNCE seconds."""
        timer = self.pending.pop(uri, None)
        if timer is not None:
            timer.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (called directly): check at once
            self.check(uri)
            return
        self.pending[uri] = loop.call_later(DEBOUNCE, self._run_check, uri)

    def _run_check(self, uri: str) -> None:
        self.pending.pop(uri, None)
        try:
            self.check(uri)
        except Exception:  # noqa: BLE001 - a closed document or a broken buffer: the next edit tries again
            pass

    def check(self, uri: str) -> None:
        """Analyse the open document and publish its diagnostics."""
        document = self.workspace.get_text_document(uri)
        result = analysis.analyse(Path(to_fs_path(uri)), document.source, self.extra_roots)
        if result.content is not None:
            self.contents[uri] = result.content
        elif uri not in self.contents:
            # the buffer does not load: names are still known from the files on disk
            try:
                self.contents[uri] = load_content(self.extra_roots)
            except Exception:  # noqa: BLE001 - no content: completion stays quiet
                pass
        lines = document.source.split("\n")
        diagnostics = [_diagnostic(problem, lines) for problem in result.problems]
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


def _diagnostic(problem, lines: list[str]) -> lsp.Diagnostic:
    line = max(problem.location.line - 1, 0)
    column = max(problem.location.column - 1, 0)
    row = lines[line] if line < len(lines) else ""
    end = column
    while end < len(row) and (row[end].isalnum() or row[end] == "_"):
        end += 1
    if end == column:
        end = min(column + 1, max(len(row), column + 1))
    return lsp.Diagnostic(range=lsp.Range(lsp.Position(line, column), lsp.Position(line, end)),
                          message=problem.message, severity=lsp.DiagnosticSeverity.Error, source="rulesdsl")


def _check_position(position: lsp.Position) -> None:
    """A position must be two whole numbers in 0..2^31-1 (the protocol's uinteger)."""
    for value in (position.line, position.character):
        if type(value) is not int or not 0 <= value <= _MAX_POSITION:
            raise JsonRpcInvalidParams(f"a position is two whole numbers from 0 to {_MAX_POSITION}, not {value!r}")


def make_server(extra_roots=()) -> RulesServer:
    """The language server with every feature registered."""
    server = RulesServer(extra_roots)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: lsp.DidOpenTextDocumentParams):
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: lsp.DidChangeTextDocumentParams):
        ls.check_later(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: lsp.DidSaveTextDocumentParams):
        ls.check(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" "]))
    def completion(ls: RulesServer, params: lsp.CompletionParams):
        _check_position(params.position)
        uri = params.text_document.uri
        text = ls.workspace.get_text_document(uri).source
        found = analysis.completions(text, params.position.line + 1, params.position.character + 1, ls.contents.get(uri))
        return lsp.CompletionList(is_incomplete=False, items=[
            lsp.CompletionItem(label=c.label, kind=_KINDS.get(c.kind, lsp.CompletionItemKind.Text),
                               detail=f"{c.kind}{': ' + c.detail if c.detail else ''}") for c in found])

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulesServer, params: lsp.HoverParams):
        _check_position(params.position)
        uri = params.text_document.uri
        text = ls.workspace.get_text_document(uri).source
        line, column = params.position.line + 1, params.position.character + 1
        shown = analysis.hover(text, line, column, ls.contents.get(uri))
        if shown is None:
            return None
        _, start, end = analysis.word_at(text, line, column)
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=shown),
                         range=lsp.Range(lsp.Position(line - 1, start - 1), lsp.Position(line - 1, end - 1)))

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulesServer, params: lsp.DefinitionParams):
        _check_position(params.position)
        uri = params.text_document.uri
        text = ls.workspace.get_text_document(uri).source
        found = analysis.definition(text, params.position.line + 1, params.position.character + 1, ls.contents.get(uri))
        if found is None:
            return None
        where = lsp.Position(found.line - 1, found.column - 1)
        return lsp.Location(uri=from_fs_path(str(Path(found.path).resolve())), range=lsp.Range(where, where))

    return server


def serve(extra_roots=()) -> int:
    """Run the server on stdin/stdout until the client exits."""
    make_server(extra_roots).start_io()
    return 0
