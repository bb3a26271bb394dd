"""Watchers here of a table another process runs (issue 20, part 2): its events from the bus,
its view and the answers to their commands from its process.

A WebSocket for table ``id`` that this process does not run is served here as if it did:

1. the table's events are followed on the bus (server/bus.py) **before** anything is asked, and
   held for the new watcher;
2. the table's view is asked of its process (``GET /tables/{id}``, as the watcher would see it,
   with the watcher's token), which numbers it: the last event the view includes;
3. the view is sent, then the held events after it, then every event as it comes: in order, and
   none lost. Should the sequence from the bus ever break (a gap, or events from another process:
   the table moved), or its process change, the watchers are closed with code 4409 and reconnect
   (the browser does it by itself), getting a fresh view: a watcher is never silently short.
4. each message the watcher sends is sent to the table's process
   (``POST /tables/{id}/messages``), which answers it as its own WebSocket would: the same
   acknowledgements, the same refusals.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from croupier.i18n.message import msg
from croupier.server.asgi import ASGIApp
from croupier.server.forwarding import Peers, answer_here
from croupier.server.hub import Watcher
from croupier.server.member import Member
from croupier.server.protection import EXCLUDED, EXCLUDED_WORD

if TYPE_CHECKING:
    from croupier.server.bus import Bus

MOVED = "\x00moved"  # queued for a watcher whose table's events broke off (the same object)
CLOSE_MOVED = 4409
CHECK_SECONDS = 1.0  # how often the followed tables' owners are looked at again
NO_ANSWER = {
    "type": "refused",
    "field": "table",
    "message": msg("the table's process did not answer: try again"),
    "rule": "deploy.md",
}


class Unavailable(Exception):
    """The table exists but no process answers for it now: the client should try again."""


@dataclass
class Stream:
    """One followed table: where its events come from, as far as they came."""

    node: str | None = None  # the process its events came from (None: none came yet)
    seq: int = 0
    watchers: set[Watcher] = field(default_factory=set)


class Relay:
    def __init__(self, casino: Member, peers: Peers, bus: Bus) -> None:
        self.casino = casino
        self.peers = peers
        self.bus = bus
        self.streams: dict[int, Stream] = {}
        self.broken = 0  # streams that broke off (their watchers sent to reconnect)
        self.app: ASGIApp | None = None  # this process's app, which answers forwarded requests
        self._checker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.bus.start(self.received)
        if self.app is not None:  # requests for this process's tables, forwarded on the bus
            app = self.app
            await self.bus.answer_requests(lambda data: answer_here(app, data))
        await self.bus.hear_processes(self._heard)
        self._checker = asyncio.create_task(self._check_forever(), name="relay-check")

    def _heard(self, player: str, what: str) -> None:
        """Another process excluded ``player`` (issue 29): their connections here close too,
        with the reason."""
        if what == EXCLUDED_WORD:
            self.casino.hub.close_player(player, EXCLUDED)

    async def close(self) -> None:
        if self._checker is not None:
            self._checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checker
        await self.bus.close()

    async def runs_elsewhere(self, table_id: int) -> bool:
        """Whether table ``table_id`` is an open table another process runs (False: no such
        open table); :class:`Unavailable` when no process runs it now: its owner just died, or
        this process has claimed it and is recovering it (not running here yet, and not
        elsewhere: a connection relayed would be relayed to this process itself)."""
        await self.peers.refresh(table_id)
        if table_id not in self.peers.owners:
            return False
        if self.peers.running_elsewhere(table_id) is None:
            raise Unavailable(table_id)
        return True

    # -- events from the bus ------------------------------------------------------------------
    def received(self, table_id: int, node: str, seq: int, to: str | None, text: str) -> None:
        stream = self.streams.get(table_id)
        if stream is None or table_id in self.casino.tables:
            return  # not followed here (any more), or this process runs it now
        if stream.node is not None:
            if node == stream.node and seq <= stream.seq:
                return  # sent before a view that holds it, and come after that view
            if node != stream.node or seq != stream.seq + 1:
                self.break_off(table_id)
                return
        stream.node, stream.seq = node, seq
        self.casino.hub.tell(table_id, seq, to, text)

    def break_off(self, table_id: int) -> None:
        """The table's events broke off here: its watchers reconnect and read it afresh."""
        stream = self.streams.get(table_id)
        if stream is None:
            return
        self.broken += 1
        for watcher in list(stream.watchers):
            self.casino.hub.leave(table_id, watcher)
            watcher.queue.put_nowait(MOVED)
        stream.watchers.clear()
        stream.node = None

    # -- watchers ---------------------------------------------------------------------------
    async def watch(self, table_id: int, player: str | None) -> tuple[Watcher, dict[str, Any], int]:
        """A watcher of table ``table_id`` (run by another process), holding the table's events, the
        table's view and the number of its last event the view holds (``Hub.release`` then);
        :class:`Unavailable` if its process does not answer."""
        stream = self.streams.setdefault(table_id, Stream())
        watcher = self.casino.hub.watch(table_id, player, held=True)
        stream.watchers.add(watcher)
        try:
            await self.bus.follow(table_id)  # first: nothing after the view is missed
            view = await self._view(table_id, player or "")
        except Exception as error:  # the bus or the table's process is away: try again
            self.leave(table_id, watcher)
            if isinstance(error, Unavailable):
                raise
            raise Unavailable(table_id) from error
        except BaseException:
            self.leave(table_id, watcher)
            raise
        shown = view.pop("stream", None)
        if shown is None or (stream.node is not None and shown["node"] != stream.node):
            self.leave(table_id, watcher)
            raise Unavailable(table_id)  # it moved meanwhile: the client asks again
        if stream.node is None:  # the view is where the table's events start here
            stream.node, stream.seq = shown["node"], shown["seq"]
        return watcher, view, int(shown["seq"])

    def leave(self, table_id: int, watcher: Watcher) -> None:
        self.casino.hub.leave(table_id, watcher)
        stream = self.streams.get(table_id)
        if stream is None:
            return
        stream.watchers.discard(watcher)
        if not stream.watchers:
            del self.streams[table_id]
            self.bus.unfollow(table_id)

    async def _view(self, table_id: int, caller: str) -> dict[str, Any]:
        path = f"/tables/{table_id}"
        status, content = await self.peers.forward(
            table_id, "GET", path, {}, b"", caller, purpose="watch"
        )
        if status != 200:
            raise Unavailable(table_id)
        view: dict[str, Any] = json.loads(content)
        return view

    async def command(
        self, table_id: int, player: str | None, text: str, route: str = "messages"
    ) -> dict[str, Any]:
        """A watcher's message, answered by the table's process as its WebSocket answers
        (``route``: ``messages`` for a player's socket, ``device/messages`` for a live table's
        device: server/device_socket.py)."""
        headers = {"content-type": "application/json"}
        body = json.dumps({"text": text}).encode()
        path = f"/tables/{table_id}/{route}"
        status, content = await self.peers.forward(
            table_id, "POST", path, headers, body, player or ""
        )
        if status != 200:
            return dict(NO_ANSWER)
        result: dict[str, Any] = json.loads(content)
        return result

    async def _check_forever(self) -> None:
        """Every second, the followed tables whose process changed (it died, or gave the
        table up): their watchers reconnect, to read the table from its new process."""
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            if not self.streams:
                continue
            try:
                await self.peers.refresh()
            except Exception:  # the database is away for a moment: look again next time
                continue
            for table_id, stream in list(self.streams.items()):
                owner = self.peers.owners.get(table_id)
                if stream.node is not None and (owner is None or owner.name != stream.node):
                    self.break_off(table_id)
