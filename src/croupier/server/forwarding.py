"""Commands for a table another process runs, forwarded to it (issue 20, part 2's first step).

Several processes serve one PostgreSQL database and each table is run by the one that claims it
(store/claims.py). A REST request for ``/tables/{id}/...`` that reaches a process not running
table ``id`` is sent on, as it came (method, path, query, body, the caller's Authorization and
idempotency headers), to the process that does, and that process's answer comes back as it was
given: the same refusals and error shapes as locally. A forwarded request is never forwarded
again (``X-Croupier-Forwarded``): a table between owners answers 503, to be tried again.
WebSockets are not forwarded yet (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import TYPE_CHECKING, Any

import httpx
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from croupier.server.service import Casino

TABLE_PATH = re.compile(r"/tables/(\d+)(?:/.*)?")
FORWARDED = "x-croupier-forwarded"
OWNER_SECONDS = 1.0  # how long a table's owner, once read, is trusted
#: the request headers a forwarded request keeps
NO_ANSWER = {
    "detail": {"message": "the table's process did not answer: try again", "rule": "deploy.md"}
}
KEPT = ("authorization", "content-type", "idempotency-key", "x-reference", "accept")


class Forwarder:
    """ASGI middleware: requests for tables this process does not run, to their process."""

    def __init__(self, app: ASGIApp, casino: Casino) -> None:
        self.app = app
        self.casino = casino
        self._client: httpx.AsyncClient | None = None
        self._owners: dict[int, tuple[str | None, float]] = {}  # table: (url, known until)

    async def _owner(self, table_id: int) -> str | None:
        """Where the process running ``table_id`` is reached, as the database said it within
        the last :data:`OWNER_SECONDS`."""
        now = time.monotonic()
        known = self._owners.get(table_id)
        if known is not None and known[1] > now:
            return known[0]
        url = await asyncio.to_thread(self.casino.claims.owner_url, table_id)
        if len(self._owners) > 10_000:
            self._owners.clear()
        self._owners[table_id] = (url, now + OWNER_SECONDS)
        return url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = TABLE_PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        casino = self.casino
        if match is None or not casino.claims.shared or int(match[1]) in casino.tables:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if FORWARDED in headers:  # sent here by another process: this one's answer, no hop
            await self.app(scope, receive, send)
            return
        table_id = int(match[1])
        url = await self._owner(table_id)
        if url is None:
            await self.app(scope, receive, send)  # no such table (404), or one being taken over
            return
        body = await _body(receive)
        kept = {k: v for k, v in headers.items() if k in KEPT}
        kept[FORWARDED] = casino.node
        query = scope.get("query_string", b"").decode("latin-1")
        target = url + scope["path"] + (f"?{query}" if query else "")
        try:
            answer = await self._http().request(scope["method"], target, headers=kept, content=body)
        except httpx.HTTPError:
            self._owners.pop(table_id, None)  # ask again who runs it
            await _reply(send, 503, NO_ANSWER)
            return
        if answer.status_code == 404:
            self._owners.pop(table_id, None)  # it may have moved
        out = [(b"content-type", answer.headers.get("content-type", "application/json").encode())]
        await send({"type": "http.response.start", "status": answer.status_code, "headers": out})
        await send({"type": "http.response.body", "body": answer.content})

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=10)
        return self._client


async def _body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message: Message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _reply(send: Send, status: int, payload: dict[str, Any]) -> None:
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def other_lobbies(casino: Casino, authorization: str | None) -> list[dict[str, Any]]:
    """The lobby rows of the tables the other processes run, each as that process shows it to
    the same viewer (a process that does not answer is left out until it does)."""
    nodes = await asyncio.to_thread(casino.claims.nodes)
    urls = [n.url for n in nodes if n.name != casino.node and n.url]
    if not urls:
        return []
    headers = {FORWARDED: casino.node}
    if authorization:
        headers["authorization"] = authorization
    async with httpx.AsyncClient(timeout=5) as client:
        answers = await asyncio.gather(
            *(client.get(f"{url}/tables", headers=headers) for url in urls),
            return_exceptions=True,
        )
    rows: list[dict[str, Any]] = []
    for answer in answers:
        if isinstance(answer, httpx.Response) and answer.status_code == 200:
            rows.extend(answer.json())
    return rows
