"""A lean WebSocket client for the load benchmark's bettors (RFC 6455, text frames only).

The benchmark's clients share two cores with the server and the database; a general-purpose
client library spends about as much CPU per bet as the server does, and its own delays are then
part of the acknowledgement latency it measures. This client does only what a bettor needs: the
opening handshake, masked text frames out, unfragmented text frames in (answering pings), and an
acknowledgement waited for by its ``ref``, looked up without decoding the other messages as JSON.
Its frames are masked with a zero key (valid framing; the key's randomness protects proxies on a
network, and this client talks to loopback only).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
from typing import Any

_ACK = b'{"type":"ack"'
_REFUSED = b'{"type":"refused"'


class LeanSocket(asyncio.Protocol):
    def __init__(self, host: str, path: str, token: str | None = None) -> None:
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n{auth}"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n\r\n"
        ).encode()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.received = 0

    # -- asyncio.Protocol ---------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        error = ConnectionError("the server closed the connection")
        if not self.opened.done():
            self.opened.set_exception(error)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(error)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.opened.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[: self.buffer.find(b"\r\n")])
            del self.buffer[: end + 4]
            if b" 101 " not in status:
                self.opened.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self.opened.set_result(None)
        self._frames()

    # -- frames -------------------------------------------------------------------------
    def _frames(self) -> None:
        buffer = self.buffer
        while len(buffer) >= 2:
            opcode, length, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                return
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            if opcode == 0x1:
                self.received += 1
                if payload.startswith(_ACK) or payload.startswith(_REFUSED):
                    message = json.loads(payload)
                    future = self.waiting.pop(message.get("ref"), None)
                    if future is not None and not future.done():
                        future.set_result(message)
            elif opcode == 0x9:  # ping: pong with the same data
                self._send(0xA, payload)

    def _send(self, opcode: int, payload: bytes) -> None:
        assert self.transport is not None
        size = len(payload)
        if size < 126:
            header = bytes((0x80 | opcode, 0x80 | size))
        elif size < 65536:
            header = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        else:
            header = bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big")
        self.transport.write(header + b"\x00\x00\x00\x00" + payload)  # zero mask: see above

    # -- for the bettor -----------------------------------------------------------------
    async def request_reply(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` (with its ``ref``); the ack or refusal that names that ``ref``."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[message["ref"]] = future
        self._send(0x1, json.dumps(message, separators=(",", ":")).encode())
        return await future

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._send(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()


async def connect(host: str, port: int, path: str, token: str | None = None) -> LeanSocket:
    loop = asyncio.get_running_loop()
    _transport, protocol = await loop.create_connection(
        lambda: LeanSocket(f"{host}:{port}", path, token), host, port
    )
    await protocol.opened
    return protocol
