"""Commands for a table another process runs, forwarded to it (issue 20).

Several processes serve one PostgreSQL database and each table is run by the one that claims it
(store/claims.py). A REST request for ``/tables/{id}/...`` that reaches a process not running
table ``id`` is sent on, as it came (method, path, query, body, the idempotency headers), to
the process that does, with who the caller is signed in place of their credential
(server/peer_auth.py), and that process's answer comes back as it was
given: the same refusals and error shapes as locally. A forwarded request is never forwarded
again (``X-Croupier-Forwarded``); an open table no process runs yet (its owner just died, or
this process has claimed it and is recovering it) and an owner that does not answer get 503,
to be tried again. Who runs what is read from the database
at most once a :data:`OWNER_SECONDS` (an unknown table id at most once a
:data:`UNKNOWN_SECONDS`). With a bus the request goes as a NATS request and the table's process
answers it with its own app in process (:func:`answer_here`); without one, over HTTP. A table's
WebSocket is served where it lands, its events through the bus (server/relay.py).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import httpx
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.i18n.message import msg
from croupier.server.asgi import read_body, send_json
from croupier.server.member import Member
from croupier.server.peer_auth import FORWARDED
from croupier.store.claims import Node

TABLE_PATH = re.compile(r"/tables/(\d+)(?:/.*)?")
OWNER_SECONDS = 1.0  # how long who runs what, once read, is trusted
UNKNOWN_SECONDS = 0.1  # how long a table found in no process, once read, is trusted
NO_ANSWER = {
    "detail": {"message": msg("the table's process did not answer: try again"), "rule": "deploy.md"}
}
NO_OWNER = {
    "detail": {"message": msg("the table is being taken over: try again"), "rule": "deploy.md"}
}
ANSWER_SECONDS = 10.0  # how long a forwarded request waits for its answer
#: the request headers a forwarded request keeps: never the caller's credential (issue 26,
#: finding 2), who the caller is travels signed (server/peer_auth.py)
KEPT = ("content-type", "idempotency-key", "x-reference", "accept", "accept-language")
UNKNOWN_TOKEN = {"detail": {"message": msg("unknown or expired token: log in again (POST /login)")}}


class Peers:
    """The other processes serving the database, as last read: which process runs each open
    table and where each process is reached; and one HTTP client to reach them."""

    def __init__(self, casino: Member) -> None:
        self.casino = casino
        self.owners: dict[int, Node | None] = {}  # each open table's process (None: none now)
        self.urls: list[str] = []  # the other live processes
        self._until = 0.0
        self._read_at = float("-inf")
        self._reading = asyncio.Lock()
        self._client: httpx.AsyncClient | None = None

    async def refresh(self, table_id: int | None = None) -> None:
        """Read who runs what again, if what was read is older than :data:`OWNER_SECONDS`; or,
        when ``table_id`` is not among the open tables read, older than :data:`UNKNOWN_SECONDS`
        (a table another process opened a moment ago is found at once; a flood of unknown ids
        costs at most a read every :data:`UNKNOWN_SECONDS`)."""
        async with self._reading:
            now = time.monotonic()
            fresh = now < self._until
            if table_id is not None and table_id not in self.owners:
                fresh = now < self._read_at + UNKNOWN_SECONDS
            if fresh:
                return
            casino = self.casino
            nodes = await asyncio.to_thread(casino.claims.nodes)
            rows = await asyncio.to_thread(casino.records.tables.all)
            node_of = {t: n for n in nodes for t in n.tables}
            self.owners = {t: node_of.get(t) for t, _n, _c, status in rows if status == "open"}
            self.urls = [n.url for n in nodes if n.name != casino.node and n.url]
            self._read_at = time.monotonic()
            self._until = self._read_at + OWNER_SECONDS

    def running_elsewhere(self, table_id: int) -> Node | None:
        """The other process that runs open table ``table_id`` now, as last read; None where no
        process does: its owner died, or this one has claimed it and recovers it before it runs
        it (a request or a connection sent to "its owner" would come back to this process,
        whose app does not run it yet)."""
        owner = self.owners.get(table_id)
        return None if owner is None or owner.name == self.casino.node else owner

    def forget(self) -> None:
        """Read again at the next request (an owner did not answer, or a table moved)."""
        self._until = 0.0

    def http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=10)
        return self._client

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def forward(
        self,
        table_id: int,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes,
        caller: str,
        purpose: str = "",
    ) -> tuple[int, bytes]:
        """``method path`` (with its query) sent on to table ``table_id``'s process for
        ``caller`` (a player's name, "" for an anonymous caller), signed, with the request's
        headers that matter (:data:`KEPT`): its status and JSON body, or a 503."""
        owner = self.running_elsewhere(table_id)
        if owner is None:  # between owners: try again
            return 503, json.dumps(NO_OWNER).encode()
        kept = {k: v for k, v in headers.items() if k in KEPT}
        kept |= self.casino.peer_key.request_headers(
            self.casino.node, method, path, caller, body, purpose
        )
        relay = self.casino.relay
        try:
            if relay is not None and relay.bus.connected:  # over the bus: NATS request/reply
                try:
                    request = envelope(method, path, kept, body)
                    answer = await relay.bus.ask(owner.name, request, ANSWER_SECONDS)
                    status, content = opened_answer(answer)
                except Exception:
                    if relay.bus.connected or owner.url is None:
                        raise
                    # the bus went away meanwhile: over HTTP (issue 26, finding 7)
                    status, content = await self._over_http(owner, method, path, kept, body)
            else:  # no bus, or the bus is away: over HTTP, at once
                status, content = await self._over_http(owner, method, path, kept, body)
        except Exception:  # no answer (the process died, the bus or the network is away)
            self.forget()  # ask again who runs it
            return 503, json.dumps(NO_ANSWER).encode()
        if status == 404:
            self.forget()  # it may have moved
        return status, content

    async def _over_http(
        self, owner: Node, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, bytes]:
        if owner.url is None:  # it did not say where it is reached
            raise ConnectionError(owner.name)
        sent = await self.http().request(method, owner.url + path, headers=headers, content=body)
        return sent.status_code, sent.content

    async def lobbies(self, caller: str) -> list[dict[str, Any]]:
        """The lobby rows of the tables the other processes run, each as that process shows it
        to the same viewer (a process that does not answer is left out until it does)."""
        await self.refresh()
        if not self.urls:
            return []
        headers = self.casino.peer_key.request_headers(
            self.casino.node, "GET", "/tables", caller, b""
        )
        client = self.http()
        answers = await asyncio.gather(
            *(client.get(f"{url}/tables", headers=headers) for url in self.urls),
            return_exceptions=True,
        )
        rows: list[dict[str, Any]] = []
        for answer in answers:
            if isinstance(answer, httpx.Response) and answer.status_code == 200:
                rows.extend(answer.json())
        return rows


class Forwarder:
    """ASGI middleware: requests for tables this process does not run, to their process."""

    def __init__(self, app: ASGIApp, peers: Peers) -> None:
        self.app = app
        self.peers = peers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = TABLE_PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        peers = self.peers
        casino = peers.casino
        if match is None or not casino.claims.shared or int(match[1]) in casino.tables:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if FORWARDED in headers:  # sent here by another process: this one's answer, no hop
            await self.app(scope, receive, send)
            return
        table_id = int(match[1])
        await peers.refresh(table_id)
        if table_id not in peers.owners:
            await self.app(scope, receive, send)  # no such open table: the app's own 404
            return
        caller = await casino.caller_of(headers.get("authorization"))  # checked here, not sent
        if caller is None:
            await send_json(send, 401, json.dumps(UNKNOWN_TOKEN).encode())
            return
        body = await read_body(receive)
        query = scope.get("query_string", b"").decode("latin-1")
        path = scope["path"] + (f"?{query}" if query else "")
        status, payload = await peers.forward(
            table_id, scope["method"], path, headers, body, caller
        )
        await send_json(send, status, payload)


def envelope(method: str, path: str, headers: dict[str, str], body: bytes) -> bytes:
    """A request as the bus carries it: a JSON line (method, path with its query, headers),
    then the body as it came."""
    head = json.dumps({"m": method, "p": path, "h": headers}, separators=(",", ":"))
    return head.encode() + b"\n" + body


def opened_answer(data: bytes) -> tuple[int, bytes]:
    status, _, body = data.partition(b"\n")
    return int(status), body


async def answer_here(app: ASGIApp, data: bytes) -> bytes:
    """A request another process sent over the bus, answered by this process's app in process
    (no socket, no HTTP parsing): its status line, then its body."""
    head, _, body = data.partition(b"\n")
    fields = json.loads(head)
    path, _, query = str(fields["p"]).partition("?")
    headers = [(str(k).encode("latin-1"), str(v).encode("latin-1")) for k, v in fields["h"].items()]
    scope: Scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": str(fields["m"]),
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode("latin-1"),
        "root_path": "",
        "headers": headers,
        "client": None,
        "server": None,
    }
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    status = 500
    chunks: list[bytes] = []

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return f"{status}\n".encode() + b"".join(chunks)
