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
import contextlib
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from pydantic import ValidationError

from croupier import json_text
from croupier.errors import CroupierError, RuleViolation
from croupier.i18n.catalogue import ENGLISH, language_of, negotiate, translate
from croupier.i18n.events import localize_text
from croupier.mailbox import Mailbox
from croupier.people import Player
from croupier.server.asgi import ASGIApp, Message, Receive, Scope, Send
from croupier.server.bodies import BetIn
from croupier.server.guard import NotJson, strict_json
from croupier.server.hub import Watcher
from croupier.server.idempotency import Answers, checked_ref
from croupier.server.protection import CLOSE_EXCLUDED, EXCLUDED, EXCLUDED_REASON
from croupier.server.rates import CLOSE_FLOODING, STRIKES
from croupier.server.relay import CLOSE_MOVED, MOVED, Unavailable
from croupier.server.service import Casino
from croupier.store.players import token_hash
from croupier.table.runtime import Table

PATH = re.compile(r"/tables/(\d+)/(ws|device)")
SUBPROTOCOL = "croupier"  # a browser offers it with "bearer.<token>"
BEARER = "bearer."
CLOSE_BAD_REQUEST, CLOSE_FORBIDDEN = 4400, 4403
CLOSE_TRY_AGAIN = 1013  # RFC 6455 "try again later": the table's process is changing
FLOODED = "\x00flooded"  # queued last for a connection closed for flooding (the same object)
#: how a connection's message is answered: here by the table, or by its process over the bus
Answer = Callable[[str], Awaitable[dict[str, Any]]]


class TableSockets:
    """ASGI middleware: the tables' WebSockets here, everything else to ``app``."""

    def __init__(
        self,
        app: ASGIApp,
        casino: Casino,
        device: type[TableConnection] | None = None,
    ) -> None:
        self.app = app
        self.casino = casino
        #: the connection class of ``/tables/{id}/device`` (a live table's devices, issue 31)
        self.kinds: dict[str, type[TableConnection]] = {"ws": TableConnection}
        if device is not None:
            self.kinds["device"] = device

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match = PATH.fullmatch(scope["path"])
            if match is not None and match[2] in self.kinds:
                connection = self.kinds[match[2]]
                run = connection(self.casino, int(match[1]), scope, receive, send).run()
                # its own task: each of its messages resumes the connection's frames, not also
                # the dozen of the middleware awaiting it (issue 32(4)); a cancellation of this
                # one (a shutdown) cancels it, and its end or its error is this one's
                await asyncio.create_task(run)
                return
        await self.app(scope, receive, send)


class TableConnection:
    """One WebSocket at one table: its handshake (who connects, may they, and where the table
    runs), then its messages, each rate-limited, the player's session checked, and answered,
    while what the table tells its watchers is delivered beside them; and its end, which
    changes nothing at the table (PT rule 30)."""

    #: where the table's process answers this connection's messages when another process runs
    #: the table (server/relay.py): a player's, as its own WebSocket does
    RELAYED = "messages"

    def __init__(
        self, casino: Casino, table_id: int, scope: Scope, receive: Receive, send: Send
    ) -> None:
        self.casino, self.table_id = casino, table_id
        self.scope, self.receive, self.send = scope, receive, send
        self.player: Player | None = None
        self.token: str | None = None
        self.language = ENGLISH  # the texts it is sent in (issue 29, item 2)

    async def run(self) -> None:
        await self.receive()  # websocket.connect
        opened = await self._handshake()
        if opened is None:
            return
        try:
            await self._messages(*opened)
        finally:
            if self.player is not None:
                self.casino.rates.disconnect(self.player.name)

    async def _refuse(self, code: int, reason: str) -> None:
        await _close(self.send, code, reason)

    async def _handshake(self) -> tuple[Watcher, Answer, Callable[[], None]] | None:
        """The connection accepted, its watcher following the table's events, how its
        messages are answered and how it leaves; None where it was refused."""
        admitted = await self._admitted()
        if admitted is None:
            return None
        return await self._accepted(*admitted)

    async def _admitted(self) -> tuple[Table | None, Player | None, list[str]] | None:
        """Who connects and whether they may: no token in the URL, an allowed origin, a known
        table (here, or run by another process: None), a valid token, not too many
        connections; None where the connection was refused (and closed)."""
        casino, table_id, scope = self.casino, self.table_id, self.scope
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        asked = language_of((query.get("lang") or [""])[0][:35])
        self.language = asked or negotiate(headers.get("accept-language"))
        if "token" in query:
            await self._refuse(
                CLOSE_BAD_REQUEST, "no token in the URL: Authorization or subprotocol"
            )
            return None
        if not casino.origins.allows(headers.get("origin"), headers.get("host")):
            await self._refuse(CLOSE_FORBIDDEN, "this page's origin may not open the table")
            return None
        offered = list(scope.get("subprotocols") or [])
        token = self.token = bearer(headers.get("authorization"), offered)
        table = casino.tables.get(table_id)
        elsewhere = False  # a table another process runs (server/relay.py)
        if table is None and casino.relay is not None:
            try:
                elsewhere = await casino.relay.runs_elsewhere(table_id)
            except Unavailable:
                await self._refuse(CLOSE_TRY_AGAIN, "the table is being taken over: try again")
                return None
        player = None
        if token is not None:
            player = await casino.player_of_token(token)
        unknown = table is None and not elsewhere
        if unknown or (token is not None and player is None):
            await self._refuse(4404 if unknown else 4401, "unknown table or token")
            return None
        if player is not None and not casino.rates.connect(player.name):
            await self._refuse(CLOSE_FLOODING, "too many connections for one player")
            return None
        return table, player, offered

    async def _accepted(
        self, table: Table | None, player: Player | None, offered: list[str]
    ) -> tuple[Watcher, Answer, Callable[[], None]] | None:
        """The connection accepted and following its table: here, or through the relay from
        the process that runs it (``table`` None)."""
        casino, table_id = self.casino, self.table_id
        name = player.name if player else None
        relay = casino.relay
        remote: tuple[Watcher, dict[str, Any], int] | None = None
        if table is None and relay is not None:
            try:  # the events followed first, held until the view is sent
                remote = await relay.watch(table_id, name)
            except Unavailable:
                if player is not None:
                    casino.rates.disconnect(player.name)
                await self._refuse(CLOSE_TRY_AGAIN, "the table's process did not answer: try again")
                return None
        accept: Message = {"type": "websocket.accept"}
        if SUBPROTOCOL in offered:
            accept["subprotocol"] = SUBPROTOCOL
        try:
            await self.send(accept)
        except BaseException:
            if remote is not None and relay is not None:
                relay.leave(table_id, remote[0])
            if player is not None:
                casino.rates.disconnect(player.name)
            raise
        self.player = player  # from here on, the connection counts against the player
        if remote is not None and relay is not None:
            watcher, view, after = remote
            watcher.queue.put_nowait(dumps({"type": "table", **view}))
            casino.hub.release(watcher, after)  # then the events after the view, in order
            route = self.RELAYED
            return (
                watcher,
                lambda text: relay.command(table_id, name, text, route),
                lambda: relay.leave(table_id, watcher),
            )
        assert table is not None
        local = table
        watcher = casino.hub.watch(table_id, name)
        operator = player is not None and player.staff
        view = local.view_for(name, operator=operator)
        watcher.queue.put_nowait(dumps({"type": "table", **view}))
        return (
            watcher,
            self._answer(local, player),
            lambda: casino.hub.leave(table_id, watcher),
        )

    def _answer(self, table: Table, player: Player | None) -> Answer:
        """How this connection's messages are answered at a table this process runs: bets."""
        casino = self.casino
        return lambda text: command(table, player, text, casino.answers)

    async def _messages(self, watcher: Watcher, answer: Answer, leave: Callable[[], None]) -> None:
        """The connection's messages until it closes: each past the rate limits (a flood is
        refused, then closed), the player's session still valid, and answered in order."""
        casino, player, receive, language = self.casino, self.player, self.receive, self.language
        sending = asyncio.Lock()  # held while a message is sent: one at a time, in order
        sender = asyncio.create_task(_deliver(casino, watcher, self.send, language, sending))
        bucket = casino.rates.limits.connection()
        strikes = 0
        digest = token_hash(self.token) if self.token is not None else None
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return  # rule 30: a player's disconnection changes nothing at the table
                if message["type"] != "websocket.receive":
                    continue
                now = time.monotonic()
                over = None
                if bucket is not None and not bucket.take(now):
                    over = "connection"
                elif player is not None and not casino.rates.player_allows(player.name, now):
                    over = "player"
                if over is not None:  # refused before it is read (server/rates.py)
                    strikes += 1
                    if strikes > STRIKES:  # closed once what is queued for it is sent
                        watcher.queue.put_nowait(FLOODED)
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(asyncio.shield(sender), 5)
                        return
                    watcher.queue.put_nowait(casino.rates.limits.refusal(over))
                    continue
                strikes = 0
                if digest is not None and not await self._still_valid(digest):
                    await self._refuse(4401, "the session expired: log in again")
                    return
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
                reply = dumps(await answer(text))
                if not watcher.queue.empty() or sending.locked():
                    watcher.queue.put_nowait(reply)  # sent after what is queued before it
                    continue
                try:  # nothing before it: sent from here, without waking the sender for it
                    async with sending:
                        await _send_text(casino, self.send, reply, language)
                except (OSError, RuntimeError):  # the client went away: its disconnection
                    continue  # is the next message received
        finally:
            leave()
            sender.cancel()

    async def _still_valid(self, digest: str) -> bool:
        """Whether the player's token still opens a session (it expires unused, GLI-19)."""
        players = self.casino.players
        if players.remembered_digest(digest) is not None:
            return True
        return await asyncio.to_thread(players.authenticate_digest, digest) is not None


def bearer(authorization: str | None, subprotocols: list[str]) -> str | None:
    """The token of a handshake: ``Authorization: Bearer <token>``, or a browser's
    subprotocol ``bearer.<token>`` (a browser cannot set headers on a WebSocket); never the
    URL, which proxies and access logs keep (issue 16, finding 10)."""
    if authorization:
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() == "bearer" and token:
            return token.strip()
    for offered in subprotocols:
        if offered.startswith(BEARER) and len(offered) > len(BEARER):
            return offered[len(BEARER) :]
    return None


async def _close(send: Send, code: int, reason: str) -> None:
    await send({"type": "websocket.close", "code": code, "reason": reason})


async def _send_text(casino: Casino, send: Send, text: str, language: str) -> None:
    """One message to the client, in its ``language``."""
    if language != ENGLISH:
        text = localize_text(text, language)
    await send({"type": "websocket.send", "text": text})
    casino.hub.delivered += 1


async def _deliver(
    casino: Casino, watcher: Watcher, send: Send, language: str, sending: asyncio.Lock
) -> None:
    """The watcher's queued messages, in order, as they come, in its ``language``, each sent
    holding ``sending``. The connection's task sends its own reply holding it too, and only when
    nothing is queued and nothing is being sent (a message stays in the queue until this task
    runs and takes it, then takes the lock at once, or waits first in its line): so a reply
    never passes a message queued before it, and saves this task a turn per bet."""
    queue = watcher.queue
    try:
        while True:
            text = await queue.get()
            async with sending:
                if await _drain(casino, queue, text, send, language):
                    return
    except (OSError, RuntimeError):  # the client went away (uvicorn's ClientDisconnected), or
        return  # the connection is closing (a send after the close is refused)


async def _drain(
    casino: Casino, queue: Mailbox[str | None], text: str | None, send: Send, language: str
) -> bool:
    """``text`` and what is queued after it, without a wait per message; True where a sentinel
    closed the connection (then nothing more is sent)."""
    while True:
        if text is None:  # the watcher fell too far behind (hub.MAX_BACKLOG)
            await send({"type": "websocket.close", "code": 4408})
            return True
        if text is MOVED:  # the table's events broke off here (server/relay.py)
            await _close(send, CLOSE_MOVED, "the table moved: reconnect")
            return True
        if text is FLOODED:  # it kept sending past its rate limit (server/rates.py)
            await _close(send, CLOSE_FLOODING, "too many messages")
            return True
        if text is EXCLUDED:  # the player is excluded from play (server/protection.py)
            await _close(send, CLOSE_EXCLUDED, translate(EXCLUDED_REASON, language))
            return True
        await _send_text(casino, send, text, language)
        if queue.empty():
            return False
        text = queue.get_nowait()


async def command(
    table: Table, player: Player | None, text: str, answers: Answers
) -> dict[str, Any]:
    """The answer to one message from the client."""
    try:
        message = strict_json(text)
    except NotJson as error:
        return _refused(None, "message", f"{error}: send a JSON object", "websocket")
    ref = message.get("ref") if isinstance(message, dict) else None
    try:
        ref = checked_ref(ref)
        if player is None:
            raise RuleViolation(
                "token", "connect with your token (Authorization or subprotocol) to bet", "auth"
            )
        if not isinstance(message, dict) or message.get("type") != "bet":
            raise RuleViolation("type", "the only command here is a bet", "websocket")
        body = BetIn.model_validate({k: message.get(k) for k in ("kind", "amount")})

        async def bet() -> dict[str, Any]:
            try:
                result = await table.command(
                    "bet", player=player.name, kind=body.kind, amount=body.amount
                )
            except RuleViolation as error:
                return {"type": "refused", "ref": ref, **error.detail()}
            return {"type": "ack", "ref": ref, **result}

        if ref is None:
            return await bet()
        return await answers.once((table.id, player.name, ref), bet)  # finding 7: once
    except RuleViolation as error:
        return {"type": "refused", "ref": ref, **error.detail()}
    except ValidationError as error:  # the body's schema: name the field, as REST does
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "message"
        return _refused(ref, field, first["msg"], "the API's schema (openapi.json)")
    except (ValueError, CroupierError) as error:
        return _refused(ref, "message", str(error), "websocket")


def _refused(ref: Any, field: str, message: str, rule: str) -> dict[str, Any]:
    return {"type": "refused", "ref": ref, "field": field, "message": message, "rule": rule}


def dumps(value: dict[str, Any]) -> str:
    return json_text.dumps(value)
