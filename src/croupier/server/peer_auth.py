"""Who is asking, between croupier's own processes (issue 26, finding 2).

A request forwarded to the process running a table, over HTTP or over the bus, once carried the
caller's bearer token: anyone subscribed to the bus captured operators' and players' tokens,
and anyone reaching a process could claim to be a peer (``X-Croupier-Forwarded``). Now:

* **No credential leaves the process that received it.** The forwarding process authenticates
  the caller itself and sends only who they are (:data:`CALLER`: a player's name, or nothing
  for an anonymous caller), **signed** (:data:`SIGNATURE`) with a key the processes share: an
  HMAC-SHA256 over the sending node, the time, the method, the path, the caller and the body's
  digest. The receiving process believes :data:`CALLER` only under a valid signature not older
  than :data:`MAX_AGE` seconds, and ignores any ``Authorization`` a forwarded request carries.
* **A peer header from outside is no peer's.** A request whose peer headers do not verify has
  them removed before anything reads them (:class:`PeerDoor`): it is an outside request like
  any other, and the peers' names and sequence numbers are never shown to it.
* **Events are signed too** (server/bus.py): a follower relays only events whose signature
  verifies, so a message published by anyone else on the bus reaches no watcher.

The key: ``croupier serve --cluster-key`` (or ``CROUPIER_CLUSTER_KEY``), the same for every
process of a deployment; without one, it is derived from the operator token, which the
processes of a deployment already share (docs/deploy.md).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any

from croupier.server.asgi import ASGIApp, Receive, Scope, Send, read_body, replaying

FORWARDED = "x-croupier-forwarded"
CALLER = "x-croupier-caller"
SIGNATURE = "x-croupier-signature"
#: what a peer asks for besides the request itself: "watch" (a view with its events' sequence,
#: for the relay of a watcher there: server/relay.py); signed with the rest
PURPOSE = "x-croupier-purpose"
PEER_HEADERS = (FORWARDED, CALLER, SIGNATURE, PURPOSE)
MAX_AGE = 30.0  # seconds a signed request is good for (the processes' clocks agree)
#: the request scope's keys holding a verified caller ("" for an anonymous one) and purpose
SCOPE_CALLER = "croupier.peer_caller"
SCOPE_PURPOSE = "croupier.peer_purpose"


class PeerKey:
    """The key the processes of one deployment share, and what it signs."""

    def __init__(self, secret: str | None) -> None:
        seed = secret if secret else secrets.token_hex(32)  # alone: nobody else can sign
        self._key = hmac.new(seed.encode(), b"croupier peers v1", hashlib.sha256).digest()

    def _mac(self, *parts: str | bytes) -> str:
        mac = hmac.new(self._key, digestmod=hashlib.sha256)
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            mac.update(len(data).to_bytes(8, "big") + data)
        return mac.hexdigest()

    def request_headers(
        self, node: str, method: str, path: str, caller: str, body: bytes, purpose: str = ""
    ) -> dict[str, str]:
        """The peer headers of a forwarded request: who sends it, for whom, why, signed."""
        at = f"{time.time():.3f}"
        digest = hashlib.sha256(body).hexdigest()
        mac = self._mac("request", node, at, method.upper(), path, caller, purpose, digest)
        return {FORWARDED: node, CALLER: caller, PURPOSE: purpose, SIGNATURE: f"{at}.{mac}"}

    def verified(
        self, headers: dict[str, str], method: str, path: str, body: bytes
    ) -> tuple[str, str] | None:
        """The caller a forwarded request speaks for and its purpose, if its signature holds;
        else None."""
        node, caller, signature = (headers.get(h) for h in (FORWARDED, CALLER, SIGNATURE))
        purpose = headers.get(PURPOSE, "")
        if node is None or caller is None or signature is None:
            return None
        at, _, mac = signature.rpartition(".")  # "<time>.<mac>": the time holds a dot
        try:
            sent = float(at)
        except ValueError:
            return None
        if abs(time.time() - sent) > MAX_AGE:
            return None
        digest = hashlib.sha256(body).hexdigest()
        want = self._mac("request", node, at, method.upper(), path, caller, purpose, digest)
        return (caller, purpose) if hmac.compare_digest(want, mac) else None

    def event_signature(self, table_id: int, node: str, seq: int, to: str | None, text: str) -> str:
        return self._mac("event", str(table_id), node, str(seq), to or "", text)[:32]

    def event_holds(
        self, signature: Any, table_id: int, node: str, seq: int, to: str | None, text: str
    ) -> bool:
        if not isinstance(signature, str):
            return False
        return hmac.compare_digest(signature, self.event_signature(table_id, node, seq, to, text))


class PeerDoor:
    """ASGI middleware: a request's peer headers kept only when their signature verifies (the
    verified caller put in the scope, any ``Authorization`` dropped); otherwise removed."""

    def __init__(self, app: ASGIApp, key: PeerKey) -> None:
        self.app = app
        self.key = key

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        names = {k.decode("latin-1").lower() for k, _ in scope["headers"]}
        if not names & set(PEER_HEADERS):
            await self.app(scope, receive, send)
            return
        body = b""
        if scope["type"] == "http":
            body = await read_body(receive)
            receive = replaying(body, receive)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        path = scope["path"] + (
            f"?{q.decode('latin-1')}" if (q := scope.get("query_string")) else ""
        )
        peer = (
            self.key.verified(headers, scope.get("method", "GET"), path, body)
            if scope["type"] == "http"
            else None
        )
        scope = dict(scope)
        if peer is None:  # an outside request: whatever peer headers it sent, gone
            scope["headers"] = [
                (k, v)
                for k, v in scope["headers"]
                if k.decode("latin-1").lower() not in PEER_HEADERS
            ]
        else:  # a peer's: who the caller is comes from the signature, never from a token
            scope["headers"] = [
                (k, v)
                for k, v in scope["headers"]
                if k.decode("latin-1").lower() != "authorization"
            ]
            scope[SCOPE_CALLER], scope[SCOPE_PURPOSE] = peer
        await self.app(scope, receive, send)
