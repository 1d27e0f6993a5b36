"""The language server's message framing over stdin, hardened against a bad client.

pygls reads `Content-Length` headers with a pattern of digits only and loses its place in
the stream after one badly framed message (no length, a negative or non-number length, a
body without its length), so that it never answers again. Here the stream is cut into
messages by a small state machine over a byte buffer: a bad header is answered with a
JSON-RPC parse error and skipped, bytes that are no message are skipped up to the next
`Content-Length:`, and a length above `MAX_BODY` is refused without reading the body into
memory first. A request whose parameters do not fit the protocol's types (a negative or
huge position, a position that is no whole number) gets an "invalid params" error reply
with its id instead of no reply at all.
"""

from __future__ import annotations

import asyncio
import json
import re

MAX_BODY = 16 * 1024 * 1024  # bytes of one message body; an editor's buffer is far smaller
MAX_HEADER = 8 * 1024  # bytes from `Content-Length:` to the blank line that ends the headers
_LENGTH = re.compile(rb"content-length:", re.I)
PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602


class Framer:
    """Cuts a byte stream into message bodies; what cannot be a message becomes an error to report."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.skip = 0  # body bytes of a refused (too long) message still to drop
        self.junk = False  # bytes that were no message were dropped since the last header

    def feed(self, data: bytes) -> None:
        if self.skip:
            dropped = min(self.skip, len(data))
            self.skip -= dropped
            data = data[dropped:]
        self.buffer += data

    def next(self) -> tuple[str, object] | None:
        """("body", bytes), ("error", message) or None when more bytes are needed."""
        found = _LENGTH.search(self.buffer)
        if found is None:
            junk = bytes(self.buffer[:max(0, len(self.buffer) - 15)])  # keep a header's start cut in two
            del self.buffer[:len(junk)]
            self.junk = self.junk or bool(junk.strip())
            return None
        if found.start() > 0:
            self.junk = self.junk or bool(bytes(self.buffer[:found.start()]).strip())
            del self.buffer[:found.start()]
        if self.junk:  # reported once, when the next header shows where it ended
            self.junk = False
            return "error", "bytes without a Content-Length header were skipped"
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            if len(self.buffer) > MAX_HEADER:
                del self.buffer[:len(b"content-length:")]
                return "error", "a header block without its end was skipped"
            return None
        header = bytes(self.buffer[:end])
        line = header.split(b"\r\n", 1)[0]
        value = line[len(b"content-length:"):].strip()
        del self.buffer[:end + 4]
        if not value.isdigit():
            return "error", f"Content-Length must be a whole number of bytes, not {value[:20].decode('ascii', 'replace')!r}"
        length = int(value)
        if length > MAX_BODY:
            skipped = min(length, len(self.buffer))
            del self.buffer[:skipped]
            self.skip = length - skipped
            return "error", f"a message of {length} bytes is more than the {MAX_BODY} this server reads"
        if len(self.buffer) < length:
            self.buffer[:0] = header + b"\r\n\r\n"  # not all there yet: put the header back
            return None
        body = bytes(self.buffer[:length])
        del self.buffer[:length]
        return "body", body


_UINTEGER = 2 ** 31 - 1


def _bad_position(params, depth: int = 0) -> str | None:
    """Why a `position` (or range end) in the params is not two whole numbers in 0..2^31-1, or None.

    Checked on the raw JSON: the protocol's types would turn 1.5 into 1 without a word."""
    if depth > 4 or not isinstance(params, dict):
        return None
    for key, value in params.items():
        if key in ("position", "start", "end"):
            if not isinstance(value, dict):
                return f"'{key}' must be an object with a line and a character"
            for field in ("line", "character"):
                number = value.get(field)
                if type(number) is not int or not 0 <= number <= _UINTEGER:
                    return f"'{key}.{field}' must be a whole number from 0 to {_UINTEGER}, not {number!r}"
        elif isinstance(value, dict):
            found = _bad_position(value, depth + 1)
            if found:
                return found
    return None


def error_reply(message_id, code: int, text: str) -> bytes:
    """A framed JSON-RPC error response."""
    body = json.dumps({"jsonrpc": "2.0", "id": message_id, "error": {"code": code, "message": text}}).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def serve_framed(server, stdin, stdout, stop_event) -> None:
    """Read messages from `stdin` and hand them to the server's protocol until end of input."""
    loop = asyncio.get_running_loop()
    framer = Framer()
    protocol = server.protocol

    def write(data: bytes) -> None:
        stdout.write(data)
        stdout.flush()

    read = getattr(stdin, "read1", stdin.read)
    while not stop_event.is_set():
        item = framer.next()
        if item is None:
            chunk = await loop.run_in_executor(server.thread_pool, read, 65536)
            if not chunk:
                break
            framer.feed(chunk)
            continue
        kind, value = item
        if kind == "error":
            write(error_reply(None, PARSE_ERROR, value))
            continue
        try:
            raw = json.loads(value)
        except (ValueError, RecursionError) as err:
            write(error_reply(None, PARSE_ERROR, f"the message is not JSON: {err}"))
            continue
        if not isinstance(raw, dict):
            write(error_reply(None, INVALID_REQUEST, "a message must be a JSON object"))
            continue
        bad = _bad_position(raw.get("params"))
        if bad is not None and "id" in raw and isinstance(raw["id"], (int, str)):
            write(error_reply(raw["id"], INVALID_PARAMS, bad))
            continue
        try:
            message = json.loads(value, object_hook=protocol.structure_message)
        except Exception as err:  # noqa: BLE001 - any shape the protocol's types refuse
            if "id" in raw and "method" in raw and isinstance(raw["id"], (int, str)):
                write(error_reply(raw["id"], INVALID_PARAMS, f"invalid params: {type(err).__name__}: {err}"[:500]))
            continue
        try:
            protocol.handle_message(message)
        except Exception as err:  # noqa: BLE001 - one bad message never ends the server
            if "id" in raw and "method" in raw and isinstance(raw["id"], (int, str)):
                write(error_reply(raw["id"], INVALID_PARAMS, f"cannot handle the request: {err}"[:500]))
        await asyncio.sleep(0)  # let scheduled work (debounced checks, async features) run
