"""The language server against a bad client (issue 35, item 15): raw framing over its stdio,
positions the protocol does not allow, a burst of edits before a hover, a huge file beside
the buffer. The server must answer every request and keep answering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rulesdsl.authoring.lsp_framing import MAX_BODY, Framer

ROOT = Path(__file__).resolve().parent.parent


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """`rulesdsl lsp` in a subprocess, read by a thread that collects every framed message."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-m", "rulesdsl", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ})
        self.messages: list[dict] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b":")[1].split(b"\r\n")[0])
            with self.lock:
                self.messages.append(json.loads(out.read(length)))

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def request(self, ident, method: str, params) -> None:
        self.send(_frame({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}))

    def notify(self, method: str, params) -> None:
        self.send(_frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def reply(self, ident, timeout: float = 30.0) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                for message in self.messages:
                    if message.get("id") == ident and ("result" in message or "error" in message):
                        return message
            time.sleep(0.01)
        raise AssertionError(f"no reply to request {ident}")

    def close(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def server():
    running = Server()
    running.request(0, "initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}})
    assert "result" in running.reply(0, timeout=60)
    running.notify("initialized", {})
    yield running
    running.close()


def _alive(server, ident) -> None:
    server.request(ident, "shutdown", None) if ident == "last" else server.request(ident, "textDocument/hover", {
        "textDocument": {"uri": (ROOT / "nowhere.yaml").as_uri()}, "position": {"line": 0, "character": 0}})
    message = server.reply(ident)
    assert "result" in message or "error" in message


@pytest.mark.parametrize("bad", [
    b"Content-Type: application/json\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": \"shutdown\"}",  # no length
    b"Content-Length: -5\r\n\r\n{}",
    b"Content-Length: twelve\r\n\r\n{\"a\": 1}",
    b"Content-Length: 3\r\n\r\n{x}",  # not JSON
    b"Content-Length: 2\r\n\r\n[]",  # not an object
    b"garbage without any header at all\r\n\r\n",
])
def test_a_badly_framed_message_is_answered_and_the_server_goes_on(server, bad):
    server.send(bad)
    _alive(server, 1)
    _alive(server, 2)


def test_a_huge_length_is_refused_without_waiting_for_the_body(server):
    server.send(b"Content-Length: %d\r\n\r\n" % (MAX_BODY * 1000))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any(m.get("id") is None and "error" in m for m in server.messages):
        time.sleep(0.01)
    assert any("more than" in m["error"]["message"] for m in server.messages if "error" in m and m.get("id") is None)


@pytest.mark.parametrize("position", [
    {"line": -1, "character": 0}, {"line": 0, "character": -3}, {"line": 2 ** 31, "character": 0},
    {"line": 0, "character": 2 ** 40}, {"line": 1.5, "character": 0}, {"line": "1", "character": 0}, {"line": 0},
])
@pytest.mark.parametrize("method", ["textDocument/hover", "textDocument/definition", "textDocument/completion"])
def test_a_request_at_a_position_the_protocol_forbids_gets_an_error_reply(server, method, position):
    server.request(7, method, {"textDocument": {"uri": (ROOT / "cards" / "x.yaml").as_uri()}, "position": position})
    message = server.reply(7)
    assert message["error"]["code"] == -32602
    _alive(server, 8)


def test_a_hover_does_not_wait_behind_a_burst_of_edits(server, tmp_path):
    card = tmp_path / "v" / "cards" / "occupations" / "A" / "900-x.yaml"
    card.parent.mkdir(parents=True)
    text = (ROOT / "cards/occupations/B/167-taster.yaml").read_text().replace("number: 167", "number: 900")
    card.write_text(text)
    uri = card.as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    server.request(3, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 9}})
    server.reply(3, timeout=120)  # the first check (loading the content) is behind us
    for version in range(2, 82):  # 80 edits in a row
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": text + f"# edit {version}\n"}]})
    start = time.monotonic()
    server.request(9, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 9}})
    server.reply(9)
    assert time.monotonic() - start < 5.0  # 80 checks one after another took 17 s before the debounce


def test_the_framer_keeps_its_place_across_split_and_bad_input():
    framer = Framer()
    good = _frame({"jsonrpc": "2.0", "id": 1, "method": "x"})
    stream = b"junk\r\n" + b"Content-Length: -1\r\n\r\n" + good
    out = []
    for index in range(len(stream)):  # one byte at a time
        framer.feed(stream[index:index + 1])
        while (item := framer.next()) is not None:
            out.append(item)
    assert [kind for kind, _ in out] == ["error", "error", "body"]
    assert json.loads(out[-1][1])["id"] == 1


def test_a_huge_file_beside_the_buffer_is_not_read_whole(tmp_path):
    from rulesdsl.authoring.analysis import analyse
    from rulesdsl.content.yamlfile import MAX_FILE_BYTES

    root = tmp_path / "v" / "cards"
    root.mkdir(parents=True)
    big = root / "big.yaml"
    with open(big, "wb") as handle:  # sparse: large on disk, cheap to make
        handle.truncate(MAX_FILE_BYTES * 50)
    card = root / "900.yaml"
    text = (ROOT / "cards/occupations/B/167-taster.yaml").read_text().replace("number: 167", "number: 900")
    card.write_text(text)
    result = analyse(card, text)
    assert result.content is None and result.problems == []  # refused by size (its problem is its own file's)
