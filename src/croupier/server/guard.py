"""The door every HTTP request passes before FastAPI reads it (issue 16, finding 8).

* A body is at most :data:`MAX_BODY` bytes (413 beyond).
* A JSON body is strict JSON (RFC 8259): ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON
  numbers, nor is a number too large for a float (``1e999``, which Python reads as infinity),
  and a string holding a lone surrogate (``"\\ud800"``) is no text a database can store.
  Python's parser accepts them; FastAPI then answered 500 (rendering the refusal of a NaN
  fails, storing a surrogate fails). They are refused here with a 422 that names the body.
  The WebSocket's messages are read by the same parser.

Everything else passes untouched, the body handed on as it came.
"""

from __future__ import annotations

import json
import math
from typing import Any

from croupier.server.asgi import ASGIApp, Receive, Scope, Send, replaying, send_json

MAX_BODY = 64 * 1024


class NotJson(ValueError):
    """A body that is not strict JSON."""


def _no_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number (RFC 8259): send a finite number")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e999: a JSON number no float holds (issue 26, finding 8)
        raise NotJson(
            f"{text} is beyond the numbers this server reads (RFC 8259, 6): send a finite number"
        )
    return value


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)


def strict_json(body: bytes | str) -> Any:
    """``body`` parsed as strict JSON, or :class:`NotJson` saying why not."""
    try:
        # as json.loads reads bytes (a surrogate encoded in them is read, then refused below)
        text = (
            body
            if isinstance(body, str)
            else body.decode(json.detect_encoding(body), "surrogatepass")
        )
        value = _DECODER.decode(text)
    except NotJson:
        raise
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        raise NotJson(f"not JSON: {error}") from None
    if not (text.isascii() and "\\u" not in text):  # a surrogate is written as one or
        _no_surrogates(value)  # escaped (\\ud800): an ASCII text without "\\u" holds none
    return value


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (\\ud800-\\udfff): no text a database stores."""
    return any("\ud800" <= c <= "\udfff" for c in text)


def _no_surrogates(value: Any) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if has_lone_surrogate(item):
                raise NotJson("a string holds a lone surrogate (\\ud800-\\udfff): not text")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


class BodyGuard:
    """ASGI middleware: bounded, strict JSON bodies before the app reads them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await _refuse(send, 413, f"the body is over {MAX_BODY} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and _is_json(scope):
            try:
                strict_json(body)
            except NotJson as error:
                await _refuse(send, 422, str(error))
                return
        await self.app(scope, replaying(body, receive), send)


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            return b"json" in value.lower()
    return True  # FastAPI reads a body with no content type as JSON too


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps(
        {"detail": {"field": "body", "message": message, "rule": "RFC 8259 (JSON)"}}
    ).encode()
    await send_json(send, status, body)
