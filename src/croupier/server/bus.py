"""The bus between server processes: every table's events reach the processes whose watchers
follow a table another process runs (issue 20, part 2).

NATS core publish/subscribe, chosen by measurement (``benchmarks/bench_bus.py``, docs/deploy.md):
on this machine it delivered 87,000 table-sized events a second against Redis's 13,000 and
PostgreSQL NOTIFY's 7,100, at the same 0.2 ms median latency, with no payload bound (NOTIFY
refuses a payload over 8,000 bytes, and a big table's "bets" message is larger), and a publish
costs the owner's event loop about 3 us (it is buffered; Redis and NOTIFY cost a round trip).

A table's events go to the subject ``<prefix>.table.<id>`` (the prefix is the bus URL's path,
``nats://host:4222/casino-a``, default ``croupier``: several casinos may share one NATS). Each
message is an envelope: a header line ``{"node", "seq", "to", "sig"}`` then the event's text as
the owner's watchers get it; ``sig`` signs them all with the deployment's key
(server/peer_auth.py), and a follower drops an event whose signature does not hold. NATS
keeps the order of one connection's messages on a subject, and
the owner publishes from one task, in the order the table told them; a follower checks the
sequence (server/relay.py) and sends its watchers to reconnect on any gap, so a watcher never
misses an event silently. The bus carries the private events of players (their own cards) and
never a credential: it belongs on the casino's private network, like the database, with NATS
credentials (in the URL, ``nats://user:password@host`` or ``nats://token@host``, or a
``--bus-credentials`` file: ``.creds``, or an nkey seed ``.nk``) and
TLS (``tls://``) (docs/deploy.md, docs/security.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from croupier.server.peer_auth import PeerKey

log = logging.getLogger(__name__)

PREFIX = re.compile(r"[A-Za-z0-9_-]{1,40}")
START_SECONDS = 10.0  # how long a starting process waits for the bus
MAX_OUTBOX = 100_000  # events waiting for the bus; past it they are dropped (followers resync)

#: what a follower is given: the table, the sending node, its sequence number, to whom, the text
Deliver = Callable[[int, str, int, str | None, str], None]


def envelope(node: str, seq: int, to: str | None, text: str, sig: str = "") -> bytes:
    header = json.dumps({"node": node, "seq": seq, "to": to, "sig": sig}, separators=(",", ":"))
    return f"{header}\n{text}".encode()


def opened(data: bytes) -> tuple[str, int, str | None, str, Any]:
    header, _, text = data.decode().partition("\n")
    fields = json.loads(header)
    return fields["node"], int(fields["seq"]), fields["to"], text, fields.get("sig")


def bus_address(url: str) -> tuple[str, str]:
    """The NATS server's address and the subjects' prefix of a ``--bus`` URL."""
    parts = urlsplit(url)
    if parts.scheme not in ("nats", "tls") or not parts.hostname:
        raise ValueError(f"--bus {url!r}: a NATS URL, nats://host:4222[/prefix]")
    prefix = parts.path.strip("/") or "croupier"
    if not PREFIX.fullmatch(prefix):
        raise ValueError(f"--bus {url!r}: the prefix is 1 to 40 letters, digits, '_' or '-'")
    return urlunsplit((parts.scheme, parts.netloc, "", "", "")), prefix


def bus_has_credentials(url: str) -> bool:
    """Whether a ``--bus`` URL carries NATS credentials (``user:password@`` or ``token@``)."""
    return bool(urlsplit(url).username)


def _quiet(task: asyncio.Task[Any]) -> None:
    """A background unsubscription's outcome, read (the connection may be closing)."""
    if not task.cancelled():
        task.exception()


class Bus:
    """One NATS connection: this process's tables' events out, the followed tables' in."""

    def __init__(
        self, url: str, node: str, key: PeerKey | None = None, credentials: str | None = None
    ) -> None:
        self.server, self.prefix = bus_address(url)
        self.node = node
        self.key = key or PeerKey(None)
        self.credentials = credentials  # a NATS .creds file (JWT and seed) or .nk seed file
        self.forged = 0  # events whose signature did not hold: never relayed
        self.up = False  # the connection to NATS, as last seen (one log line per change)
        self.nc: Any = None
        self.deliver: Deliver | None = None
        self.outbox: asyncio.Queue[tuple[int, bytes]] = asyncio.Queue()
        self.published = 0
        self.dropped = 0
        self._sender: asyncio.Task[None] | None = None
        self._subscriptions: dict[int, Any] = {}
        self._following = asyncio.Lock()  # one subscription per table, however many ask

    def subject(self, table_id: int) -> str:
        return f"{self.prefix}.table.{table_id}"

    async def start(self, deliver: Deliver) -> None:
        import nats  # imported only by a process that joins a bus

        self.deliver = deliver
        options: dict[str, Any] = {
            "disconnected_cb": self._disconnected,
            "reconnected_cb": self._reconnected,
            "error_cb": self._error,
        }
        if self.credentials and self.credentials.endswith(".nk"):  # an nkey seed file
            options["nkeys_seed"] = self.credentials
        elif self.credentials:  # a .creds file: a user JWT and its nkey seed
            options["user_credentials"] = self.credentials
        connecting = nats.connect(
            self.server,
            **options,
            name=f"croupier:{self.node}",
            max_reconnect_attempts=-1,  # once connected; a follower resyncs after a gap
            reconnect_time_wait=0.5,
            connect_timeout=2,
        )
        try:  # the first connection: a process whose bus is away does not start
            self.nc = await asyncio.wait_for(connecting, START_SECONDS)
        except (Exception, TimeoutError) as error:
            raise RuntimeError(f"--bus {self.server}: no NATS server answers") from error
        self.up = True
        self._sender = asyncio.create_task(self._send_forever(), name="bus-sender")

    @property
    def connected(self) -> bool:
        """Whether NATS is reachable now (otherwise commands go over HTTP: forwarding.py)."""
        return self.up and self.nc is not None and bool(self.nc.is_connected)

    def _went(self, up: bool) -> None:
        """One log line per change of the connection's state (issue 26, finding 7: a
        traceback every half second while NATS was away)."""
        if up != self.up:
            self.up = up
            if up:
                log.warning("bus: %s is back", self.server)
            else:
                log.warning("bus: %s is away; commands go over HTTP until it is back", self.server)

    async def _disconnected(self) -> None:
        self._went(False)

    async def _reconnected(self) -> None:
        self._went(True)

    async def _error(self, error: Exception) -> None:
        self._went(bool(self.nc is not None and self.nc.is_connected))

    def publish(self, table_id: int, seq: int, to: str | None, text: str) -> None:
        """Queue one event of a table this process runs (never waits: the table's task calls)."""
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.dropped += 1  # the followers see the gap in the sequence and resync
            return
        sig = self.key.event_signature(table_id, self.node, seq, to, text)
        self.outbox.put_nowait((table_id, envelope(self.node, seq, to, text, sig)))

    async def _send_forever(self) -> None:
        """The events, in the order the tables told them, from this one task."""
        while True:
            table_id, data = await self.outbox.get()
            try:
                await self.nc.publish(self.subject(table_id), data)
                self.published += 1
            except Exception:  # the connection is down: NATS reconnects; followers resync
                self.dropped += 1
                self._went(False)

    async def follow(self, table_id: int) -> None:
        """Receive table ``table_id``'s events from now on (returns once NATS has the
        subscription, so no event published after this returns is missed)."""

        async def received(message: Any) -> None:
            try:
                node, seq, to, text, sig = opened(message.data)
            except (ValueError, KeyError, TypeError, UnicodeDecodeError):
                self.forged += 1
                return
            if not self.key.event_holds(sig, table_id, node, seq, to, text):
                self.forged += 1  # not published by a process of this deployment: dropped
                if self.forged in (1, 10, 100, 1000):
                    log.warning("bus: %d events with no valid signature dropped", self.forged)
                return
            if self.deliver is not None:
                self.deliver(table_id, node, seq, to, text)

        async with self._following:
            if table_id not in self._subscriptions:
                self._subscriptions[table_id] = await self.nc.subscribe(
                    self.subject(table_id), cb=received
                )
            await self.nc.flush()  # what was asked of NATS before is done

    def unfollow(self, table_id: int) -> None:
        """No more events of table ``table_id`` (at once: a later :meth:`follow` subscribes
        afresh)."""
        subscription = self._subscriptions.pop(table_id, None)
        if subscription is not None:
            task = asyncio.get_running_loop().create_task(subscription.unsubscribe())
            task.add_done_callback(_quiet)

    # -- what one process tells every other (not a table's event) --------------------------
    def players_subject(self) -> str:
        return f"{self.prefix}.players"

    async def tell_processes(self, player: str, what: str) -> None:
        """Tell every other process something of ``player`` (an exclusion: their connections
        close there too, issue 29), signed as a table's event is (table 0: none)."""
        sig = self.key.event_signature(0, self.node, 0, player, what)
        await self.nc.publish(self.players_subject(), envelope(self.node, 0, player, what, sig))

    async def hear_processes(self, handle: Callable[[str, str], None]) -> None:
        """What the other processes tell of a player: ``handle(player, what)``, once its
        signature holds (a message not of this deployment is dropped)."""

        async def received(message: Any) -> None:
            try:
                node, _seq, to, text, sig = opened(message.data)
            except (ValueError, KeyError, TypeError, UnicodeDecodeError):
                self.forged += 1
                return
            if to is None or not self.key.event_holds(sig, 0, node, 0, to, text):
                self.forged += 1
                return
            if node != self.node:
                handle(to, text)

        await self.nc.subscribe(self.players_subject(), cb=received)
        await self.nc.flush()

    async def answer_requests(self, handle: Callable[[bytes], Awaitable[bytes]]) -> None:
        """Requests addressed to this process (``<prefix>.node.<node>``), each answered with
        what ``handle`` makes of it: how another process forwards a command here."""

        async def received(message: Any) -> None:
            try:
                reply = await handle(message.data)
            except Exception:  # the request's own answer says what went wrong; this is a bug
                log.exception("bus: a forwarded request failed")
                reply = b"500\n{}"
            await message.respond(reply)

        await self.nc.subscribe(f"{self.prefix}.node.{self.node}", cb=received)
        await self.nc.flush()

    async def ask(self, node: str, data: bytes, timeout: float) -> bytes:
        """A request to process ``node``, and its answer (an exception if none comes)."""
        message = await self.nc.request(f"{self.prefix}.node.{node}", data, timeout=timeout)
        answer: bytes = message.data
        return answer

    async def close(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sender
        if self.nc is not None:
            with contextlib.suppress(Exception):
                await self.nc.flush(timeout=2)
            with contextlib.suppress(Exception):
                await self.nc.close()
