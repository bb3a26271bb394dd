"""A table's WebSocket, ``/tables/{id}/ws``, served on the raw ASGI messages.

Every bet sent over it and every event a table tells its watchers passes here, several thousand a
second on a busy server. Routed through FastAPI, each message would also pass its middleware and
Starlette's WebSocket wrapper: about a dozen coroutine frames resumed per message received and a
chain of wrappers per message sent, which costed the event loop as much as the bet itself
(docs/server.md, "Latency"). So :class:`TableSockets` is an ASGI middleware of the app that
answers these connections itself and hands every other request to FastAPI.

The protocol is the one the API documents (docs/server.md, API): a connection without a token
watches; with ``?token=`` it also receives the player's own messages and may send bets,
``{"type": "bet", "kind": ..., "amount": ..., "ref": ...}``, each answered with
``{"type": "ack", "ref": ..., ...}`` or ``{"type": "refused", "ref": ..., "field", "message",
"rule"}``. An unknown table is refused at the handshake (close code 4404), an unknown token too
(4401); a watcher too far behind is closed (4408, ``hub.MAX_BACKLOG``). A player's
disconnection changes nothing at the table (PT rule 30).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from pydantic import ValidationError

from croupier.errors import CroupierError, RuleViolation
from croupier.server.bodies import BetIn
from croupier.server.hub import Watcher
from croupier.server.idempotency import Answers, checked_ref
from croupier.server.service import Casino
from croupier.store.players import Player
from croupier.table.runtime import Table

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PATH = re.compile(r"/tables/(\d+)/ws")


class TableSockets:
    """ASGI middleware: the tables' WebSockets here, everything else to ``app``."""

    def __init__(self, app: ASGIApp, casino: Casino) -> None:
        self.app = app
        self.casino = casino

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match = PATH.fullmatch(scope["path"])
            if match is not None:
                await serve(self.casino, int(match[1]), scope, receive, send)
                return
        await self.app(scope, receive, send)


async def serve(casino: Casino, table_id: int, scope: Scope, receive: Receive, send: Send) -> None:
    """One connection, from the handshake to the disconnection."""
    await receive()  # websocket.connect
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    token = query["token"][-1] if "token" in query else None
    table = casino.tables.get(table_id)
    player = None
    if token is not None:
        player = await asyncio.to_thread(casino.players.authenticate, token)
    if table is None or (token is not None and player is None):
        await send({"type": "websocket.close", "code": 4404 if table is None else 4401})
        return
    await send({"type": "websocket.accept"})
    watcher = casino.hub.watch(table_id, player.name if player else None)
    sender = asyncio.create_task(_deliver(casino, watcher, send))
    operator = player is not None and player.role == "operator"
    view = table.view_for(player.name if player else None, operator=operator)
    watcher.queue.put_nowait(dumps({"type": "table", **view}))
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return  # rule 30: a player's disconnection changes nothing at the table
            if message["type"] != "websocket.receive":
                continue
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
            watcher.queue.put_nowait(dumps(await command(table, player, text, casino.answers)))
    finally:
        casino.hub.leave(table_id, watcher)
        sender.cancel()


async def _deliver(casino: Casino, watcher: Watcher, send: Send) -> None:
    """The watcher's queued messages, in order, as they come."""
    queue = watcher.queue
    try:
        while True:
            text = await queue.get()
            while True:  # drain what is queued without a wait per message
                if text is None:  # the watcher fell too far behind (hub.MAX_BACKLOG)
                    await send({"type": "websocket.close", "code": 4408})
                    return
                await send({"type": "websocket.send", "text": text})
                casino.hub.delivered += 1
                if queue.empty():
                    break
                text = queue.get_nowait()
    except (OSError, RuntimeError):  # the client went away (uvicorn's ClientDisconnected), or
        return  # the connection is closing (a send after the close is refused)


async def command(
    table: Table, player: Player | None, text: str, answers: Answers
) -> dict[str, Any]:
    """The answer to one message from the client."""
    try:
        message = json.loads(text)
    except ValueError:
        return _refused(None, "message", "not JSON: send a JSON object", "websocket")
    ref = message.get("ref") if isinstance(message, dict) else None
    try:
        ref = checked_ref(ref)
        if player is None:
            raise RuleViolation("token", "connect with ?token= to bet", "authentication")
        if not isinstance(message, dict) or message.get("type") != "bet":
            raise RuleViolation("type", "the only command here is a bet", "websocket")
        body = BetIn.model_validate({k: message.get(k) for k in ("kind", "amount")})

        async def bet() -> dict[str, Any]:
            try:
                result = await table.command(
                    "bet", player=player.name, kind=body.kind, amount=body.amount
                )
            except RuleViolation as error:
                return _refused(ref, error.field, error.message, error.rule)
            return {"type": "ack", "ref": ref, **result}

        if ref is None:
            return await bet()
        return await answers.once((table.id, player.name, ref), bet)  # finding 7: once
    except RuleViolation as error:
        return _refused(ref, error.field, error.message, error.rule)
    except ValidationError as error:  # the body's schema: name the field, as REST does
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "message"
        return _refused(ref, field, first["msg"], "the API's schema (openapi.json)")
    except (ValueError, CroupierError) as error:
        return _refused(ref, "message", str(error), "websocket")


def _refused(ref: Any, field: str, message: str, rule: str) -> dict[str, Any]:
    return {"type": "refused", "ref": ref, "field": field, "message": message, "rule": rule}


def dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"))
