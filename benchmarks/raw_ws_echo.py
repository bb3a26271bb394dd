"""The floor under any Python WebSocket server on this machine: an asyncio protocol (on uvloop,
as ``croupier serve`` runs) that answers each bet of ``bench_server.py``'s bettors with the same
acknowledgement as its bare uvicorn echo, but with no ASGI server, no WebSocket library and no
task: the frame is read and answered in the socket's callback. What it costs per message is the
event loop's and the kernel's share (a wake-up, a read, a write), which no Python server avoids.

Run by ``bench_server.py`` (the ``raw_echo`` baseline):  python3 raw_ws_echo.py PORT

Not a server: a handshake, unfragmented masked text frames and a close, on loopback, for the
benchmark's own clients; anything else is dropped.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import struct
import sys
from typing import cast

from websockets.speedups import apply_mask  # the C unmasking the library itself uses

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455, section 1.3
CLOSE, TEXT = 0x8, 0x1


class RawEcho(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.buffer = bytearray()
        self.open = False

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.open and not self._handshake():
            return
        buffer = self.buffer
        while len(buffer) >= 2:
            length, start = buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                (length,), start = struct.unpack_from("!H", buffer, 2), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                (length,), start = struct.unpack_from("!Q", buffer, 2), 10
            if len(buffer) < start + 4 + length:
                return
            opcode = buffer[0] & 0x0F
            payload = apply_mask(
                bytes(buffer[start + 4 : start + 4 + length]), buffer[start : start + 4]
            )
            del buffer[: start + 4 + length]
            if opcode == CLOSE:
                self.transport.close()
                return
            if opcode == TEXT:
                self._answer(payload.decode())

    def _handshake(self) -> bool:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buffer[:end]).decode("latin-1")
        del self.buffer[: end + 4]
        key = ""
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "sec-websocket-key":
                key = value.strip()
        if not key:  # the benchmark's "is it up?" request
            self.transport.write(
                b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok"
            )
            self.transport.close()
            return False
        accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest())
        self.transport.write(
            b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n"
        )
        self.open = True
        return True

    def _answer(self, text: str) -> None:
        bet = json.loads(text)
        ack = {"type": "ack", "ref": bet["ref"], "round": 1, "player": "p", "seat": 1,
               "kind": bet["kind"], "amount": bet["amount"], "balance": 0}  # fmt: skip
        data = json.dumps(ack, separators=(",", ":")).encode()
        size = len(data)
        header = bytes((0x80 | TEXT, size)) if size < 126 else struct.pack("!BBH", 0x81, 126, size)
        self.transport.write(header + data)


async def serve(port: int) -> None:
    server = await asyncio.get_running_loop().create_server(RawEcho, "127.0.0.1", port)
    await server.serve_forever()


if __name__ == "__main__":
    try:
        import uvloop
    except ImportError:  # the plain asyncio loop, as uvicorn falls back to
        asyncio.run(serve(int(sys.argv[1])))
    else:
        uvloop.run(serve(int(sys.argv[1])))
